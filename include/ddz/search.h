/* search.h -- the search agent: determinized Monte Carlo over the hidden cards.
 *
 * For each decision it samples deals of the unseen cards consistent with everything public
 * (cards played, each seat's card count, the bottom cards still in the landlord's hand,
 * hands shown by 明牌), rebuilds each sample as a full game by replaying the public history,
 * plays every candidate move out to the end with a fast policy agent -- or, once few cards
 * are left, solves the world exactly -- and picks the move with the best average result,
 * within a time budget. The agent owns its scratch state;
 * free it with ddz_agent_free. */
#ifndef DDZ_SEARCH_H
#define DDZ_SEARCH_H

#include "ddz/agent.h"
#include "ddz/game.h"

/* What a search maximises: its side's chance of winning (wp; the size of the win only breaks
 * ties), or its expected points (adp: its own score in base units, so bombs and rockets are
 * worth playing when ahead and avoided when behind; hubei48's 包赔 and 喜金 count in full).
 * auto: adp under hubei48, whose 包赔 and 喜金 are points only, wp under the other presets. */
typedef enum DdzObjective { DDZ_OBJECTIVE_AUTO, DDZ_OBJECTIVE_WP, DDZ_OBJECTIVE_ADP } DdzObjective;

typedef struct DdzSearchConfig {
    int time_ms;          /* budget per decision (wall clock), kept: no sample starts that would
                           * not end within it at the pace so far; 0: samples only */
    int samples;          /* most sampled deals per decision */
    int candidates;       /* most candidate moves examined (the rest pruned by hint order) */
    const char *policy;   /* agent name used for bidding, doubling and play-outs */
    int solve_cards;      /* a world with at most this many cards left in all hands is
                             solved exactly (solve.h) instead of played out; 0: never */
    int solve_nodes;      /* node budget of one such solve; beyond it, a play-out decides */
    bool infer;           /* weigh each sample by how well the policy, in the other seats'
                             places, explains their bids and plays (an opponent model) */
    double infer_eps;     /* with infer: each decision the policy would not have made in a
                             sample divides its weight by 1/infer_eps (0 < eps <= 1) */
    DdzObjective objective;
    int noise;            /* percent: in play-outs a rule policy takes its runner-up choice
                             this often (ddz_rule_agent_set_noise); 0: deterministic play-outs */
    int playouts;         /* with noise: play-outs of each candidate in each world (1..16) */
    int prior;            /* percent of a win (of a game's points under adp) added to the policy's
                             own move's average: the search departs only by more (default 2) */
    bool bid_playouts;    /* bids and doubles from the hand's win chance, estimated by play-outs
                             of sampled deals, instead of the policy's */
    int points;           /* under wp: hundredths of a win each point of the game's score is worth
                             to the seat, so that among moves about as likely to win the one that
                             wins more points is chosen (default 1, as ddz_search_value) */
    int extra;            /* samples beyond `samples` while the decision is close: the best
                             candidate's lead over the runner-up is under two standard errors
                             of their paired difference, world by world (default 0: none);
                             time_ms still binds */
    int value;            /* percent: each candidate in each world is also judged by the learned
                           * value of the position after it (value.h), weighing this much
                           * against the play-outs (100: no play-outs; default 0: none) */
    int bid_at[3];        /* with bid_playouts, 叫分: hundredths of win chance from which 1, 2
                           * and 3 are bid (default 47, 59, 71; ascending) */
    int rob_at;           /* with bid_playouts, the rob flow: from which it calls or robs (53) */
    int double_at[2];     /* with bid_playouts, a farmer's side's win chance (hundredths) from
                           * which it doubles and, with double=app, from which it takes x4
                           * (default 73, 85) */
    int redouble_at[2];   /* the same for the landlord: redoubles (x2), x4 (default 70, 89) */
    int app_double_at[2]; /* with double=app (each seat doubles its own stakes, the landlord
                           * last and on both): a farmer's x2 and x4; -1 (default): double_at */
    int app_redouble_at[2]; /* the same for the landlord while neither farmer doubled (after a
                             * farmer's double, redouble_at); -1 (default): redouble_at */
    int over_at;          /* with bid_playouts, in either flow: from which it bids or robs over
                           * another seat's bid or call (a strong hand sits with a farmer); -1
                           * (default): as over nobody */
    int last_at;          /* with bid_playouts, the last to speak after two passes (a pass
                           * redeals): from which it bids (at least 1) or calls; -1 (default):
                           * as anyone */
    int mix;              /* percent: each seat of a play-out is played by planner instead of the
                             policy this often (default 0) */
    bool mix_opponents;   /* :mixoppP: only the searcher's opponents' seats are mixed; its own
                           * side is always the policy */
    bool adapt;           /* :adapt (with :infer and :mixoppP): each opponent is planner with prior
                           * mix percent or the policy; a sampled world is weighed by the chance
                           * of their actions under that mixture, and its play-outs give each
                           * opponent planner's seat with its chance after those actions */
    bool tied;            /* :tied (with :adapt): the landlord's two opponents are one program,
                           * planner or the policy: their actions weigh one posterior together */
    bool replay_whole;    /* with infer: replay every drawn world's whole history in order,
                           * asking the opponent model about every action, even once the world's
                           * weight rejects it, and remembering no answer (no name: a check that
                           * the early stop, the asking from the last action back and the
                           * remembered answers change no choice; default false) */
    const char *stranger; /* the other program of :mixP, :mixoppP and :adapt: "planner"
                           * (default) or, with :rhcp, "rhcp" (the model of RHCP-v2) */
    bool both;            /* :both (with :mixP or :mixoppP, P at most 50): planner and rhcp
                           * each stand in for a seat P% of the time, the policy for the rest;
                           * with :adapt each is a third program of the mixture, prior P% */
    int kick;             /* :kickK: at most K candidates of one type, rank and length (a
                           * trio's or a plane's kicker variants) from the hint order; 0: any */
    bool plan;            /* :plan: a lead weighs every part of the hand's best split (the rule
                           * agent's, split.h) among its candidates, in place of the last ones
                           * of the hint order (not under hubei48, whose guard cuts singles) */
} DdzSearchConfig;

DdzSearchConfig ddz_search_default(void);

/* The candidate moves the search examines in view v, a play decision whose legal moves are
 * legal[0..n): the policy's choice `pick` first (when not NULL), then pass and every move that
 * empties the hand, then the others in hint order (ddz_moves_hint) while fewer than `max`;
 * under hubei48 a farmer before the landlord, which holds one card, keeps no single below its
 * highest card (放走包赔). out holds up to DDZ_MAX_MOVES + 1 moves; *pick_at is pick's index
 * (0) or -1 when pick was dropped or not given. Returns the number of candidates. */
int ddz_search_candidates(const DdzView *v, const DdzMove *legal, int n, const DdzMove *pick, int max,
                          DdzMove *out, int *pick_at);
/* The same, with at most `kick` (when above 0) moves of one type, rank and length taken from
 * the hint order: the places a trio's many kicker variants would fill go to other moves. */
int ddz_search_candidates_kick(const DdzView *v, const DdzMove *legal, int n, const DdzMove *pick, int max, int kick,
                               DdzMove *out, int *pick_at);
/* Rebuilds into *world the full game of view v with the hidden cards placed as hands[3] say
 * (each seat's cards now, as ddz_search_sample draws them): the deal those hands and the
 * cards played make, then every public action of v. agrees (when not NULL) is asked about
 * each action of another seat before it is applied, in the world as it stands. Returns the
 * number of actions agrees refused (and, under hubei48, of passes the drawn hand could have
 * beaten), or -1 when the hands cannot have made v. */
int ddz_search_world(DdzGame *world, const DdzView *v, const DdzCards hands[DDZ_SEAT_NB],
                     bool (*agrees)(void *ctx, const DdzGame *world, const DdzAction *a), void *ctx);
/* The last decision of search agent a, when it was a play with a choice among two or more
 * candidates: copies the candidates to cand and their average values over the samples (the
 * objective's units, the policy's prior included) to value, both of DDZ_MAX_MOVES + 1 room,
 * and the index of the move played to *chosen. Returns the number of candidates, or 0 (no
 * such decision, or a not a search agent). Data for learning from the search (student.h). */
int ddz_search_last(const DdzAgent *a, DdzMove *cand, double *value, int *chosen);
/* The worlds (samples) the last decision of search agent a was judged on: the sample cap,
 * fewer when the clock stopped it, more with cfg.extra when it was close; 0 when it was no
 * play with a choice among two or more candidates, or a is not a search agent. */
int ddz_search_last_samples(const DdzAgent *a);
/* Reads a search agent's name into *cfg: "search" then options after colons, each at most
 * once, in any order: ":MS" (a time budget per decision; the sample cap grows with it, 2
 * samples a millisecond, at least the default 400) or ":MS/SAMPLES" (MS 0: a fixed number of
 * samples, which makes the play independent of the machine's speed), ":wp" or ":adp" (the
 * objective), ":infer" (samples kept by the opponent model), ":solveN" (worlds with at
 * most N cards left solved exactly, 0 never) and ":bid" (bids and doubles by the win chance
 * play-outs estimate, see ddz_search_win_chance); the play-out options ":rule-vN" or
 * ":student", ":noiseP", ":playoutsK", ":priorP", ":pointsP", ":extraN" and ":valueV" set the
 * fields of the same names (DdzSearchConfig), ":candN" candidates, ":bidsA/B/C" bid_at, ":robR"
 * rob_at, ":overT" over_at, ":lastT" last_at, ":doubleA/B" double_at, ":redoubleA/B"
 * redouble_at, ":appdoubleA/B" app_double_at and ":appredoubleA/B" app_redouble_at.
 * Returns 0, or -1 with err saying how to write it. */
int ddz_search_config_parse(const char *name, DdzSearchConfig *cfg, DdzError *err);
/* The same, with the error naming `shown` (what the user typed: a level's name such as
 * "expert:1000:500") instead of the search name it resolved to. */
int ddz_search_config_parse_as(const char *name, const char *shown, DdzSearchConfig *cfg, DdzError *err);

/* Makes a search agent. Returns 0, or -1 with err (an unknown policy). */
int ddz_search_agent_new(DdzAgent *a, const DdzSearchConfig *cfg, uint64_t seed, DdzError *err);

/* The value of finished game r to `seat` under objective obj (AUTO resolved for `rules`):
 * wp: 1 for a win, 0 for a loss, plus 0.01 x score/base; adp: score[seat]/base. */
double ddz_search_value(const DdzResult *r, int seat, DdzObjective obj, DdzRuleset rules);

/* "wp" or "adp" into *out; -1 for anything else. */
int ddz_objective_parse(const char *name, DdzObjective *out);

/* The sampler measured on a real game (ddz bench sampler): from the view of `seat` in g,
 * `samples` deals of the hidden cards are drawn as the search draws them and weighed as
 * cfg weighs them (cfg->infer); the figures of one view are added to *sum. acc: the share of
 * the hidden cards (those of the other seats not known from the view) each sample puts in
 * the right seat, averaged plainly and by weight; ll: log(w(true deal) / mean w(samples)), the
 * log-likelihood gain of the true deal over uniform sampling (0 without infer); ess: the
 * effective share of samples, (sum w)^2 / (n sum w^2); with cfg->adapt the weights are the
 * mixture's (DdzSearchConfig.adapt) and planner its posterior. Returns 0, or -1 when the view has no
 * hidden cards or the search agent could not be made. Deterministic for a given seed. */
typedef struct DdzSamplerEval {
    long views;
    double acc_uniform, acc_weighted, ll, ess;
    double ms;      /* time spent drawing, rebuilding and weighing, in ms */
    double planner; /* with cfg->adapt: the opponents' chance of playing as planner after their
                     * actions, averaged over them and over the samples by weight (else 0) */
    double rhcp;    /* with cfg->both as well: the same of rhcp */
    long kept_views;           /* ddz_search_sampler_kept's: the views it measured, */
    double acc_kept, ess_kept; /* acc_weighted and ess over the worlds the search keeps */
} DdzSamplerEval;
int ddz_search_sampler_eval(const DdzSearchConfig *cfg, const DdzGame *g, int seat, int samples, uint64_t seed,
                            DdzSamplerEval *sum);

/* The same view, the worlds drawn as the search itself keeps them (by rejection against the
 * likeliest world seen, after 8 draws per sample with their weights; those kept before a
 * likelier world weighed anew) until `samples` are kept; adds kept_views, acc_kept and
 * ess_kept to *sum. It draws up to about nine times as many worlds as ddz_search_sampler_eval:
 * called apart. Returns 0, or -1 as ddz_search_sampler_eval. */
int ddz_search_sampler_kept(const DdzSearchConfig *cfg, const DdzGame *g, int seat, int samples, uint64_t seed,
                            DdzSamplerEval *sum);

/* The chance that the side of v's seat wins, estimated from `n` play-outs by cfg's policy of
 * deals drawn at random consistently with v, in the bidding (v->phase DDZ_PHASE_BID: the
 * seat takes the landlord's place, with a bottom drawn among the unseen cards) or the
 * doubling (the landlord known). The play-outs start at once; no doubling. A time budget
 * (cfg->time_ms > 0) stops it when another play-out would not fit; fewer than 16 (or n) say
 * too little, and it returns -1. Returns the chance in [0, 1], or -1 when v is in neither
 * phase. Deterministic for a given generator state without a time budget. */
double ddz_search_win_chance(const DdzSearchConfig *cfg, const DdzView *v, DdzRng *rng, int n);

/* The play-outs cfg's agent gives that estimate when it bids or doubles (cfg->bid_playouts):
 * its sample cap, at least 16 and at most 200. */
int ddz_search_bid_count(const DdzSearchConfig *cfg);

/* Draws one deal of the hidden cards consistent with view v into hands[3] (v's own hand
 * exact); the bottom is v->bottom once known. Exposed for tests. */
void ddz_search_sample(const DdzView *v, DdzRng *rng, DdzCards hands[DDZ_SEAT_NB]);

#endif
