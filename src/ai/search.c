/* search.c -- the search agent: sample the hidden cards, replay the public history into a
 * full game (search_worlds.c), play each candidate move out with a policy agent, keep the
 * best average. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddz/ai.h"
#include "ddz/rule.h"
#include "ddz/search.h"
#include "ddz/solve.h"
#include "ddz/value.h"
#include "search_internal.h"
#include "threat.h"

/* The endgame solver's table: worlds of 16 cards or fewer, up to 20,000 nodes each. */
#define SOLVER_TABLE_BYTES ((size_t)4 << 20)

static DdzObjective objective_for(DdzObjective obj, DdzRuleset rules)
{
    if (obj != DDZ_OBJECTIVE_AUTO)
        return obj;
    return ddz_ruleset_is_48(rules) ? DDZ_OBJECTIVE_ADP : DDZ_OBJECTIVE_WP;
}

/* What a game's end is worth to a seat whose side won (or not) `points` (in base units) under
 * obj (resolved): the points under adp; under wp the win, and each point per_point
 * hundredths of a win, so that the size of a win counts beside it (DdzSearchConfig.points). */
static double end_value(DdzObjective obj, bool won, double points, int per_point)
{
    if (obj == DDZ_OBJECTIVE_ADP)
        return points;
    return (won ? 1.0 : 0.0) + per_point / 100.0 * points;
}

/* The points of finished game r to `seat`, in base units. */
static double result_points(const DdzResult *r, int seat)
{
    return (double)r->score[seat] / (double)(r->base > 0 ? r->base : 1);
}

double ddz_search_value(const DdzResult *r, int seat, DdzObjective obj, DdzRuleset rules)
{
    bool won = (seat == r->landlord) == r->landlord_won;
    return end_value(objective_for(obj, rules), won, result_points(r, seat), ddz_search_default().points);
}

double ddz_search_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* The value of one world's end to `seat`: won tells whether its side won; value is what
 * the objective counts. */
typedef struct Outcome {
    bool won;
    double value;
    bool cut; /* the play-out stopped at the deadline: no outcome */
} Outcome;

/* How near the deadline a play-out looks at the clock between its steps, and the replay of a
 * drawn world between the actions it asks the opponent model about: within the last quarter
 * of the budget, and at least NEAR_MS. From a full hand, with planner or rhcp in a seat and
 * their memos cold (a game's first decisions), either can take several milliseconds, too
 * long to finish past a clock of 50 ms (5 ms alone let `hard` reach 53 ms on a first lead of
 * 20 cards); far from the deadline a look at every step would be time spent for nothing. */
#define NEAR_MS 5.0

static double near_ms(const Search *se)
{
    double quarter = se->cfg.time_ms / 4.0;
    return quarter > NEAR_MS ? quarter : NEAR_MS;
}

/* Reads the clock of a search under a deadline: whether it has passed, and se->near set for
 * the play-outs and replays that follow (ddz_search_late). */
static bool read_clock(Search *se)
{
    double now = ddz_search_now_ms();
    se->near = now >= se->deadline - near_ms(se);
    return now >= se->deadline;
}

/* The points to `seat` (in base units, as ddz_search_value) if the game of g ended now with
 * the landlord winning or losing: 2^bombs (and robs) each farmer, twice that the landlord; a
 * farmer marked for letting the landlord go (hubei48 包赔) pays its partner's share too. The
 * spring, doubling and 喜金 still to come are not known without a play-out. */
static double solved_points(const DdzGame *g, int seat, bool landlord_wins)
{
    int L = g->landlord;
    double m = (double)(1u << (g->bombs < 24 ? g->bombs : 24)) * (double)(1u << (g->robs < 6 ? g->robs : 6));
    if (seat == L)
        return landlord_wins ? 2 * m : -2 * m;
    if (!landlord_wins)
        return m;
    int before = (L + 2) % DDZ_SEAT_NB; /* the farmer whose next seat is the landlord */
    if (g->letgo >> before & 1)
        return seat == before ? -2 * m : 0;
    return -m;
}

/* Solves the world exactly when few cards are left: returns true and sets *out when it did,
 * false when the world is too big or the budget ran out. */
static bool solve_world(Search *se, int seat, DdzObjective obj, Outcome *out)
{
    const DdzGame *g = &se->world;
    int L = g->landlord, left = 0;
    if (g->phase != DDZ_PHASE_PLAY || se->cfg.solve_cards <= 0)
        return false;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        left += ddz_cards_size(g->hand[s]);
    if (left > se->cfg.solve_cards)
        return false;
    if (!se->solver && !(se->solver = ddz_solver_new(SOLVER_TABLE_BYTES)))
        return false;
    /* Solver players are the landlord, then the seats after it in play order. */
    DdzSolvePosition pos;
    pos.players = 3;
    for (int p = 0; p < 3; p++)
        pos.hands[p] = ddz_cards_ranks(g->hand[(L + p) % 3]);
    pos.to_move = (g->turn - L + 3) % 3;
    pos.last = ddz_game_table(g);
    pos.last_by = g->table >= 0 ? (g->hist[g->table].seat - L + 3) % 3 : 0;
    pos.rules = g->opt.rules;
    DdzSolveLimits lim = {(uint64_t)se->cfg.solve_nodes, 0};
    if (se->deadline > 0) { /* a solve stopped by the clock leaves the world to the play-out */
        double rest = se->deadline - ddz_search_now_ms();
        if (rest <= 0)
            return false;
        lim.max_seconds = rest / 1000;
    }
    DdzSolveResult res;
    DdzSolveOutcome o = ddz_solve(se->solver, &pos, &lim, &res);
    if (o != DDZ_SOLVE_WIN && o != DDZ_SOLVE_LOSS)
        return false;
    out->won = res.landlord_wins == (seat == L);
    out->cut = false;
    out->value = end_value(obj, out->won, solved_points(g, seat, res.landlord_wins), se->cfg.points);
    return true;
}

/* Plays the world out with the policy agents; the outcome for `seat`. With noise, the
 * policies draw from generators seeded by noise_seed, the same for every candidate of a
 * world (common random numbers). */
static Outcome playout(Search *se, int seat, DdzObjective obj, uint64_t noise_seed)
{
    Outcome out = {false, 0, false};
    DdzGame *g = &se->world;
    int start = g->nhist;
    if (se->noisy)
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            ddz_rule_agent_set_noise(&se->policy[s], se->cfg.noise * 10, noise_seed * 3 + (uint64_t)s);
    /* With cfg.mix, each seat's play-out is the other policy's that often, drawn from the
     * play-out's seed: the same seats for every candidate of a world; with mix_opponents
     * only the seats of the other side. */
    DdzAgent *by[DDZ_SEAT_NB];
    uint64_t x = noise_seed ^ 0x6D6978ull, first = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        uint64_t draw = ddz_rng_splitmix(&x);
        /* cfg.tied: the landlord's opponents are one program, both planner or neither */
        if (se->cfg.tied && seat == g->landlord && s != g->landlord) {
            if (!first)
                first = draw | 1;
            draw = first;
        }
        int d = (int)(draw % 100);
        bool mixed = se->cfg.mix > 0 && d < se->cfg.mix;
        bool mixed2 = se->cfg.both && d >= se->cfg.mix && d < 2 * se->cfg.mix;
        if (se->cfg.adapt) { /* the opponent's chance of being planner (or rhcp) in this world */
            double u = (double)(draw >> 11) * 0x1p-53;
            mixed = u < se->q[s];
            mixed2 = se->cfg.both && !mixed && u < se->q[s] + se->q2[s];
        }
        if (se->cfg.mix_opponents && (s == g->landlord) == (seat == g->landlord))
            mixed = mixed2 = false;
        by[s] = mixed ? &se->alt[s] : mixed2 ? &se->alt2[s] : &se->policy[s];
    }
    while (g->phase == DDZ_PHASE_PLAY) {
        if (ddz_search_late(se)) {
            out.cut = true;
            break;
        }
        if (ddz_agent_step(by[g->turn], g, NULL) != 0)
            break;
    }
    if (se->noisy)
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            ddz_rule_agent_set_noise(&se->policy[s], 0, 0);
    DdzResult r;
    if (!out.cut && ddz_game_result(g, &r) == 0) {
        out.won = (seat == r.landlord) == r.landlord_won;
        out.value = end_value(obj, out.won, result_points(&r, seat), se->cfg.points);
    }
    while (g->nhist > start)
        ddz_game_undo(g);
    return out;
}

/* The learned value (value.h) of the world as it stands, to `seat`, in the objective's units,
 * the points counted as if the game ended with the bombs so far; *won the chance its side
 * wins. */
static double learned_value(Search *se, int seat, DdzObjective obj, double *won)
{
    const DdzGame *g = &se->world;
    double p = ddz_value_landlord(&ddz_value_net, g);
    if (p < 0)
        p = 0.5;
    bool landlord = seat == g->landlord;
    *won = landlord ? p : 1 - p;
    return *won * end_value(obj, true, solved_points(g, seat, landlord), se->cfg.points) +
           (1 - *won) * end_value(obj, false, solved_points(g, seat, !landlord), se->cfg.points);
}

/* Judges candidate i in sample `sample` of weight w, the candidate played in the world: an
 * ended game (its result) or a solved endgame exactly; else by play-outs (cfg.playouts of
 * them when noisy), the learned value weighing cfg.value percent (100: no play-outs).
 * Returns false when the deadline passed before its play-outs were all played (the sample is
 * then dropped): the noisy play-outs of one candidate, with planner or rhcp in a seat, take
 * milliseconds from a full hand, and a clock of 50 ms cannot wait for them (near_ms). */
static bool judge_world(Search *se, int seat, DdzObjective obj, int sample, double w, int i)
{
    Outcome r = {false, 0, false};
    bool exact = se->world.phase != DDZ_PHASE_PLAY;
    if (exact)
        r = playout(se, seat, obj, 0); /* nothing to play: reads the result */
    else
        exact = solve_world(se, seat, obj, &r);
    if (exact) {
        se->sample_value[i] = w * r.value;
        se->sample_wins[i] = r.won ? w : 0;
        return true;
    }
    double vw = se->cfg.value / 100.0, value = 0, wins = 0;
    if (vw > 0) {
        value = vw * learned_value(se, seat, obj, &wins);
        wins *= vw;
    }
    int k = vw >= 1 ? 0 : se->noisy ? se->cfg.playouts : 1;
    for (int j = 0; j < k; j++) {
        if (se->deadline > 0 && read_clock(se))
            return false;
        r = playout(se, seat, obj, se->noise_base + (uint64_t)sample * 64 + (uint64_t)j);
        if (r.cut)
            return false;
        value += (1 - vw) * r.value / k;
        wins += r.won ? (1 - vw) / k : 0;
    }
    se->sample_value[i] = w * value;
    se->sample_wins[i] = w * wins;
    return true;
}

/* Moves the search plays only when the samples leave no doubt (issue 14), because a few
 * hundred play-outs by a policy that errs misjudge them:
 * - leading a single that an opponent holding one card might beat (it goes out on it);
 * - a farmer's bomb or rocket over its partner's play (the trick was the side's already). */
static bool risky_move(const DdzView *v, const DdzMove *m)
{
    bool farmer = v->landlord < DDZ_SEAT_NB && v->seat != v->landlord;
    if (ddz_move_is_bomb(m) && farmer && v->table.type != DDZ_PASS && v->table_seat >= 0 &&
        v->table_seat != v->landlord && v->table_seat != v->seat)
        return true;
    if (m->type != DDZ_SINGLE || v->table.type != DDZ_PASS)
        return false;
    DdzRanks pool[DDZ_SEAT_NB];
    ddz_threat_pools(v, pool);
    for (int o = 0; o < DDZ_SEAT_NB; o++) {
        bool opponent = o != v->seat && (v->seat == v->landlord || o == v->landlord);
        if (!opponent || v->count[o] != 1)
            continue;
        for (int r = m->rank + 1; r < DDZ_RANK_NB; r++)
            if (ddz_ranks_get(pool[o], r))
                return true;
    }
    return false;
}

/* One play-out of a deal drawn consistently with v, from the bidding (v's seat the landlord,
 * a drawn bottom) or the doubling (the landlord known): 1 when v's side wins, 0 when it
 * loses, -1 when no game could be made. */
static int bid_playout(DdzGame *g, DdzAgent policy[DDZ_SEAT_NB], const DdzView *v, DdzRng *rng)
{
    DdzCards hands[DDZ_SEAT_NB], all = 0;
    ddz_search_sample(v, rng, hands);
    bool crowned = v->phase == DDZ_PHASE_DOUBLE;
    int lord = crowned ? v->landlord : v->seat;
    if (crowned)
        hands[lord] &= ~v->bottom; /* the cards dealt, without the bottom it took */
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        all |= hands[s];
    DdzCards bottom = crowned ? v->bottom : ddz_ruleset_deck(v->opt.rules) & ~all;
    DdzOptions opt = v->opt;
    opt.bid_mode = DDZ_BID_POINTS;
    opt.first_bidder = DDZ_FIRST_GIVEN;
    opt.double_mode = DDZ_DOUBLE_NONE;
    opt.show_cards = false;
    if (ddz_game_from_hands(g, &opt, hands, bottom, lord, NULL) != 0)
        return -1;
    DdzAction bid = ddz_action_bid(lord, 3);
    if (ddz_game_apply(g, &bid, NULL) != 0)
        return -1;
    while (g->phase == DDZ_PHASE_PLAY)
        if (ddz_agent_step(&policy[g->turn], g, NULL) != 0)
            return -1;
    DdzResult r;
    if (ddz_game_result(g, &r) != 0)
        return -1;
    return (v->seat == r.landlord) == r.landlord_won;
}

/* A time budget of budget_ms begun at start, spent in steps (a sample, a bid play-out). */
typedef struct Budget {
    double start, budget_ms, last, slowest;
    int done;
} Budget;

static Budget budget_begin(double start, double budget_ms)
{
    Budget b = {start, budget_ms, ddz_search_now_ms(), 0, 0};
    return b;
}

/* Whether one more step fits: the time left covers a step as slow as the slowest so far (or
 * the average pace, counted from the start, if that is slower), with 5% of the budget kept
 * for what follows the last step and for a step slower than every one before. Waiting for
 * the deadline to pass overshot it by a whole step; the average pace alone let a slow last
 * step overshoot (hard's maximum was 51.5 ms of its 50 in 99,744 decisions). */
static bool budget_left(const Budget *b)
{
    double t = ddz_search_now_ms();
    double pace = b->done > 0 ? (t - b->start) / b->done : 0;
    if (b->slowest > pace)
        pace = b->slowest;
    return t + pace < b->start + 0.95 * b->budget_ms;
}

/* When the budget is spent, for the checks within a step (between the candidates of one
 * sample, and in the endgame solver), whose play-outs (an endgame solved for each candidate)
 * can take longer than every step before: 97% of it, keeping 3% for the play-out under way
 * and for what follows the last step. 0 without a budget. */
static double budget_deadline(const Budget *b)
{
    return b->budget_ms > 0 ? b->start + 0.97 * b->budget_ms : 0;
}

/* A step is done. */
static void budget_step(Budget *b)
{
    double t = ddz_search_now_ms();
    if (t - b->last > b->slowest)
        b->slowest = t - b->last;
    b->last = t;
    b->done++;
}

static double win_chance(Search *se, const DdzView *v, int n)
{
    if ((v->phase != DDZ_PHASE_BID && v->phase != DDZ_PHASE_DOUBLE) || ddz_ruleset_is_48(v->opt.rules))
        return -1;
    Budget b = budget_begin(ddz_search_now_ms(), se->cfg.time_ms);
    int wins = 0, games = 0;
    for (int i = 0; i < n && (se->cfg.time_ms <= 0 || budget_left(&b)); i++) {
        int w = bid_playout(&se->world, se->policy, v, &se->rng);
        if (w < 0)
            break;
        wins += w;
        games++;
        budget_step(&b);
    }
    /* Fewer than 16 games (the budget is too short for them) say too little: the policy bids. */
    return games > 0 && games >= (n < 16 ? n : 16) ? (double)wins / games : -1;
}

int ddz_search_bid_count(const DdzSearchConfig *cfg)
{
    int count = cfg->samples < 200 ? cfg->samples : 200;
    return count < 16 ? 16 : count;
}

double ddz_search_win_chance(const DdzSearchConfig *cfg, const DdzView *v, DdzRng *rng, int n)
{
    DdzAgent a;
    DdzSearchConfig c = *cfg;
    c.solve_cards = 0; /* bid play-outs solve nothing: no solver to make */
    if (ddz_search_agent_new(&a, &c, ddz_rng_next(rng), NULL) != 0)
        return -1;
    Search *se = a.state;
    se->rng = *rng;
    double p = win_chance(se, v, n);
    *rng = se->rng;
    ddz_agent_free(&a);
    return p;
}

/* A threshold in hundredths as a chance. */
static double at(int hundredths)
{
    return hundredths / 100.0;
}

/* Bids and doubles by the win chance p the play-outs estimate, against thresholds from the
 * self-play calibration of the rule agent (rule.c: the win rates of rule against rule at
 * the strengths where it bids and doubles), which are in the same units: a landlord's wins
 * in rule play-outs against random hands. By default bid 1 from 0.47, 2 from 0.59, 3 from
 * 0.71 (cfg.bid_at; hard and expert bid 3 from 0.55 and else pass, by expected score on
 * `ddz calibrate --agent`, docs/SEARCH-BIDS.md); call or rob from 0.53 (cfg.rob_at); a farmer
 * doubles from 0.73 (x4 0.85; cfg.double_at), the landlord from 0.70 (x4 0.89;
 * cfg.redouble_at); under double=app cfg.app_double_at and app_redouble_at when set (the
 * landlord speaks last and doubles both farmers' stakes; after a farmer's double it keeps
 * redouble_at). Returns 0 with *out set, or -1 to leave the decision to the policy. */

static int bid_by_playouts(Search *se, const DdzView *v, DdzAction *out)
{
    int kind = v->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
    uint8_t vals[4];
    int n = ddz_view_legal_values(v, kind, vals);
    if (n == 0)
        return -1;
    double p = win_chance(se, v, ddz_search_bid_count(&se->cfg));
    if (p < 0)
        return -1;
    int want;
    if (kind == DDZ_ACT_BID) {
        bool rob = v->opt.bid_mode == DDZ_BID_ROB;
        want = rob                            ? p >= at(se->cfg.rob_at)
               : p >= at(se->cfg.bid_at[2])   ? 3
               : p >= at(se->cfg.bid_at[1])   ? 2
               : p >= at(se->cfg.bid_at[0])   ? 1
                                              : 0;
        /* Over another seat's bid or call the hand plays against a strong farmer (the
         * play-outs deal the others at random); last after two passes the alternative is a
         * redeal, not a farmer's game, and the others are weak. */
        if (v->bid > 0 && se->cfg.over_at >= 0 && p < at(se->cfg.over_at))
            want = 0;
        if (v->bid == 0 && v->asked == 2 && se->cfg.last_at >= 0 && p >= at(se->cfg.last_at) && want == 0)
            want = 1;
    } else {
        bool lord = v->seat == v->landlord;
        const int *x = lord ? se->cfg.redouble_at : se->cfg.double_at;
        const int *app = lord ? se->cfg.app_redouble_at : se->cfg.app_double_at;
        /* Under the apps' flow the landlord speaks last: a farmer's double says its side is
         * strong, which the play-outs' uniform deals do not know, so the app bar holds only
         * when neither farmer doubled. */
        bool doubled = false;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            doubled |= s != v->landlord && v->dbl[s] > 0;
        if (v->opt.double_mode == DDZ_DOUBLE_APP && app[0] >= 0 && !(lord && doubled))
            x = app;
        want = p >= at(x[1]) ? 2 : p >= at(x[0]);
    }
    /* The wanted value if legal, else the highest legal one below it, else the lowest. */
    int pick = vals[0];
    for (int i = 0; i < n; i++)
        if (vals[i] <= want)
            pick = vals[i];
    *out = kind == DDZ_ACT_BID ? ddz_action_bid(v->seat, pick) : ddz_action_double(v->seat, pick);
    return 0;
}

int ddz_search_candidates(const DdzView *v, const DdzMove *legal, int n, const DdzMove *pick, int max,
                          DdzMove *out, int *pick_at)
{
    return ddz_search_candidates_kick(v, legal, n, pick, max, 0, out, pick_at);
}

int ddz_search_candidates_kick(const DdzView *v, const DdzMove *legal, int n, const DdzMove *pick, int max, int kick,
                               DdzMove *out, int *pick_at)
{
    int nc = 0, hand_size = ddz_cards_size(v->hand);
    DdzMove hinted[DDZ_MAX_MOVES];
    int nh = ddz_moves_hint(ddz_cards_ranks(v->hand), v->table.type == DDZ_PASS ? NULL : &v->table, v->opt.rules,
                            hinted);
    *pick_at = -1;
    if (pick) {
        out[nc++] = *pick;
        *pick_at = 0;
    }
    for (int i = 0; i < n; i++)
        if ((legal[i].type == DDZ_PASS || legal[i].size == hand_size) && !(pick && ddz_move_equal(pick, &legal[i])))
            out[nc++] = legal[i];
    for (int i = 0; i < nh && nc < max; i++) {
        const DdzMove *m = &hinted[i];
        bool dup = false;
        int same = 0; /* candidates of m's type, rank and length: a trio's kicker variants */
        for (int j = 0; j < nc && !dup; j++) {
            dup = ddz_move_equal(&out[j], m);
            same += out[j].type == m->type && out[j].rank == m->rank && out[j].len == m->len;
        }
        if (!dup && m->size != hand_size && (kick == 0 || same < kick))
            out[nc++] = *m;
    }
    /* hubei48 放走包赔: a farmer before the landlord never plays a single below its highest
     * card while the landlord holds one card (the landlord's own choice is searched). */
    int top = (63 - __builtin_clzll(v->hand)) >> 2, kept = 0;
    bool guard = ddz_ruleset_is_48(v->opt.rules) && v->seat != v->landlord &&
                 (v->seat + 1) % DDZ_SEAT_NB == v->landlord && v->count[v->landlord] == 1;
    for (int i = 0; i < nc; i++)
        if (!guard || out[i].type != DDZ_SINGLE || out[i].rank >= top)
            out[kept++] = out[i];
        else if (i == 0 && *pick_at == 0)
            *pick_at = -1;
    if (guard && kept < nc) {
        nc = kept;
        if (nc == 0) /* every candidate was a lower single: the highest beats what they beat */
            out[nc++] = (DdzMove){ddz_ranks_of(top, 1), DDZ_SINGLE, (uint8_t)top, 1, 1};
    }
    return nc;
}

/* cfg.plan, a lead: every part of the hand's best split that is legal and not yet a candidate
 * takes a free place or that of the last candidate of the hint order (never the policy's
 * move, when `kept` is 1, pass or a move that empties the hand). Returns the count. */
static int add_plan(Search *se, const DdzView *v, int n, int nc, int kept)
{
    if (!se->splitter && !(se->splitter = ddz_splitter_new(v->opt.rules, DDZ_SPLIT_PLAY_COST, 12)))
        return nc;
    DdzSplit sp;
    if (ddz_split_best(se->splitter, ddz_cards_ranks(v->hand), &sp) <= 1)
        return nc;
    int hand_size = ddz_cards_size(v->hand);
    while (kept < nc && (se->cand[kept].type == DDZ_PASS || se->cand[kept].size == hand_size))
        kept++;
    int last = nc; /* the hint order's candidates still to give up: [kept, last) */
    for (int p = 0; p < sp.plays; p++) {
        const DdzMove *m = &sp.part[p];
        bool have = false, legal = false;
        for (int j = 0; j < nc && !have; j++)
            have = ddz_move_equal(&se->cand[j], m);
        for (int j = 0; j < n && !legal; j++)
            legal = ddz_move_equal(&se->moves[j], m);
        if (have || !legal)
            continue;
        if (nc < se->cfg.candidates)
            se->cand[nc++] = *m;
        else if (last > kept)
            se->cand[--last] = *m;
    }
    return nc;
}

/* Keeps sample k's values (sample_value[0..nc)) for close_call; false when out of memory. */
static bool keep_sample(Search *se, int nc, int k)
{
    size_t need = ((size_t)k + 1) * (size_t)nc;
    if (need > se->seen_cap) {
        size_t cap = se->seen_cap ? 2 * se->seen_cap : 512 * (size_t)nc;
        while (cap < need)
            cap *= 2;
        double *p = realloc(se->seen, cap * sizeof *p);
        if (!p)
            return false;
        se->seen = p;
        se->seen_cap = cap;
    }
    memcpy(se->seen + (size_t)k * (size_t)nc, se->sample_value, (size_t)nc * sizeof *se->seen);
    return true;
}

/* Whether the n samples so far leave the decision close (cfg.extra): the leader's average
 * (the policy's move with its prior, bonus a sample) is ahead of the runner-up's by less than
 * two standard errors of their difference, sample by sample (the same worlds). */
static bool close_call(const Search *se, int nc, int n, int policy_move, double bonus)
{
    int best = -1, next = -1;
    double top = 0, second = 0; /* their totals, the prior included */
    for (int i = 0; i < nc; i++) {
        double x = se->value[i] + (i == policy_move ? bonus * n : 0);
        if (best < 0 || x > top) {
            next = best;
            second = top;
            best = i;
            top = x;
        } else if (next < 0 || x > second) {
            next = i;
            second = x;
        }
    }
    double sum = 0, sq = 0;
    double shift = (best == policy_move ? bonus : 0) - (next == policy_move ? bonus : 0);
    for (int k = 0; k < n; k++) {
        const double *row = se->seen + (size_t)k * (size_t)nc;
        double d = row[best] - row[next] + shift;
        sum += d;
        sq += d * d;
    }
    double mean = sum / n, var = sq / n - mean * mean;
    return var > 0 && mean < 2 * sqrt(var / n);
}

/* A likelier world than any before lowers the weight every world before it was kept with:
 * their accepted weight was relative to the likeliest world seen then. Scales the candidates'
 * totals, the samples' total weight (and with judge the samples' values kept) by f. */
static void rescale(Search *se, int nc, int samples, bool judge, double f, double *weight)
{
    for (int i = 0; i < nc; i++) {
        se->value[i] *= f;
        se->wins[i] *= f;
    }
    *weight *= f;
    if (judge)
        for (size_t k = 0; k < (size_t)samples * (size_t)nc; k++)
            se->seen[k] *= f;
}

static int search_act(void *state, const DdzView *v, DdzAction *out)
{
    Search *se = state;
    double start = ddz_search_now_ms(); /* the budget counts from here, the candidates' choice included */
    se->last_nc = 0;
    se->last_samples = 0;
    if ((v->phase == DDZ_PHASE_BID || v->phase == DDZ_PHASE_DOUBLE) && se->cfg.bid_playouts &&
        bid_by_playouts(se, v, out) == 0)
        return 0;
    if (v->phase != DDZ_PHASE_PLAY)
        return se->policy[v->seat].act(se->policy[v->seat].state, v, out);
    int n = ddz_view_legal_moves(v, se->moves);
    if (n == 0)
        return -1;
    if (n == 1) {
        *out = ddz_action_play(v->seat, se->moves[0], 0);
        return 0;
    }
    /* Step 1. Candidates (ddz_search_candidates), the policy's own choice first: the search
     * then only departs from it when the samples say another move is better by more than
     * the prior. */
    DdzAction pick;
    bool picked = se->policy[v->seat].act(se->policy[v->seat].state, v, &pick) == 0 && pick.kind == DDZ_ACT_PLAY;
    int policy_move;
    int nc = ddz_search_candidates_kick(v, se->moves, n, picked ? &pick.move : NULL, se->cfg.candidates, se->cfg.kick,
                                        se->cand, &policy_move);
    if (se->cfg.plan && v->table.type == DDZ_PASS && !ddz_ruleset_is_48(v->opt.rules))
        nc = add_plan(se, v, n, nc, policy_move == 0);
    if (nc == 1) {
        *out = ddz_action_play(v->seat, se->cand[0], 0);
        return 0;
    }
    for (int i = 0; i < nc; i++) {
        se->value[i] = se->wins[i] = 0;
        se->risky[i] = risky_move(v, &se->cand[i]);
    }
    /* Step 2. Sample worlds until the budget is spent; every candidate sees every world. */
    DdzObjective obj = objective_for(se->cfg.objective, v->opt.rules);
    int samples = 0;
    double weight = 0;
    Draws draws = {0, -1, 0, false};
    Budget budget = budget_begin(start, se->cfg.time_ms);
    se->deadline = budget_deadline(&budget);
    /* The policy's prior a sample (step 3); with cfg.extra, more samples while close. */
    double bonus = se->cfg.prior / 100.0 * (obj == DDZ_OBJECTIVE_ADP && v->seat == v->landlord ? 2 : 1);
    bool judge = se->cfg.extra > 0;
    while ((samples < se->cfg.samples ||
            (judge && samples < se->cfg.samples + se->cfg.extra && close_call(se, nc, samples, policy_move, bonus))) &&
           (se->cfg.time_ms <= 0 || budget_left(&budget))) {
        DdzCards hands[DDZ_SEAT_NB];
        double w, f;
        if (se->deadline > 0)
            read_clock(se); /* a deadline passed here stops the draw or the first play-out */
        int got = ddz_search_draw(se, v, &draws, hands, &w, &f);
        if (f != 1.0)
            rescale(se, nc, samples, judge, f, &weight);
        if (got < 0)
            break;
        if (got == 0)
            continue;
        /* A sample counts whole or not at all: when the budget runs out between its
         * candidates, it is dropped (hard's 50 ms were passed by 5.5 ms in 66,662 decisions
         * under load: a sample of solved endgames slower than every sample before it, which
         * the check between samples could not foresee; the solver now stops at the deadline
         * too, leaving the world to the play-out). */
        bool cut = false;
        for (int i = 0; i < nc && !cut; i++) {
            se->sample_value[i] = se->sample_wins[i] = 0;
            DdzAction a = ddz_action_play(v->seat, se->cand[i], 0);
            if (ddz_game_apply(&se->world, &a, NULL) != 0) {
                se->sample_value[i] = -1e9;
                continue;
            }
            bool whole = judge_world(se, v->seat, obj, samples, w, i);
            ddz_game_undo(&se->world);
            cut = !whole || (se->deadline > 0 && i + 1 < nc && ddz_search_now_ms() >= se->deadline);
        }
        if (cut)
            break;
        for (int i = 0; i < nc; i++) {
            se->value[i] += se->sample_value[i];
            se->wins[i] += se->sample_wins[i];
        }
        if (judge && !keep_sample(se, nc, samples))
            judge = false; /* no memory to judge more by: the cap stands */
        weight += w;
        samples++;
        budget_step(&budget);
    }
    se->deadline = 0;
    se->near = false;
    /* Step 3. The best average, the policy's move winning ties and near-ties (the prior is
     * worth cfg.prior percent, default 2, of the samples: of a win, or of a game's points for
     * the seat). */
    if (policy_move >= 0)
        se->value[policy_move] += bonus * weight;
    int best = 0;
    for (int i = 1; i < nc; i++)
        if (se->value[i] > se->value[best])
            best = i;
    /* A risky best move stands only where the samples say it is needed: a lead of a single
     * when no safe candidate won any sample (every alternative loses); a bomb over the
     * partner when it wins more samples than every safe candidate (passing included). A
     * bomb that only doubles a win the samples call certain is not played: what they miss
     * (issue 14's 4444 over the partner's big joker loses in 1 world of 126, the landlord
     * holding KKKA, which a few dozen samples rarely draw) costs the doubled game. */
    if (se->risky[best]) {
        int safe = -1;
        for (int i = 0; i < nc; i++)
            if (!se->risky[i] && (safe < 0 || se->wins[i] > se->wins[safe] ||
                                  (se->wins[i] == se->wins[safe] && se->value[i] > se->value[safe])))
                safe = i;
        bool bomb = ddz_move_is_bomb(&se->cand[best]);
        if (safe >= 0 && (bomb ? se->wins[best] <= se->wins[safe] : se->wins[safe] > 0)) {
            best = safe;
            for (int i = 0; i < nc; i++) /* the best-valued safe move among the winners */
                if (!se->risky[i] && se->wins[i] > 0 && se->value[i] > se->value[best])
                    best = i;
        }
    }
    se->last_nc = nc;
    se->last_best = best;
    se->last_samples = samples;
    se->last_weight = weight;
    *out = ddz_action_play(v->seat, se->cand[best], 0);
    return 0;
}

int ddz_search_last(const DdzAgent *a, DdzMove *cand, double *value, int *chosen)
{
    if (a->act != search_act)
        return 0;
    const Search *se = a->state;
    if (se->last_nc < 2 || se->last_weight <= 0)
        return 0;
    for (int i = 0; i < se->last_nc; i++) {
        cand[i] = se->cand[i];
        value[i] = se->value[i] / se->last_weight;
    }
    *chosen = se->last_best;
    return se->last_nc;
}

int ddz_search_last_samples(const DdzAgent *a)
{
    return a->act == search_act ? ((const Search *)a->state)->last_samples : 0;
}

static void search_free(void *state)
{
    Search *se = state;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        ddz_agent_free(&se->policy[s]);
        ddz_agent_free(&se->alt[s]);
        ddz_agent_free(&se->alt2[s]);
    }
    ddz_solver_free(se->solver);
    ddz_splitter_free(se->splitter);
    free(se->seen);
    free(se->memo);
    free(se);
}

int ddz_search_agent_new(DdzAgent *a, const DdzSearchConfig *cfg, uint64_t seed, DdzError *err)
{
    Search *se = malloc(sizeof *se);
    if (!se)
        return -1;
    se->cfg = *cfg;
    se->solver = NULL;
    se->splitter = NULL;
    se->reject_below = -INFINITY;
    se->rejected = false;
    se->seen = NULL;
    se->seen_cap = 0;
    se->memo = NULL;
    se->deadline = 0;
    se->near = false;
    /* The endgame solver is made now, not in the first decision that solves: its 4 MiB table
     * is cleared page by page (on 2 MiB pages where the kernel compacts memory for them),
     * which took up to 7 ms of a decision's budget in 3,000 tries on a quiet machine and is
     * guarded by no deadline. Without memory it is made on first use, as before. */
    if (se->cfg.solve_cards > 0)
        se->solver = ddz_solver_new(SOLVER_TABLE_BYTES);
    se->last_nc = 0;
    se->last_samples = 0;
    if (se->cfg.candidates < 1 || se->cfg.candidates > DDZ_MAX_MOVES)
        se->cfg.candidates = DDZ_MAX_MOVES;
    ddz_rng_seed(&se->rng, seed);
    memset(se->policy, 0, sizeof se->policy);
    memset(se->alt, 0, sizeof se->alt);
    memset(se->alt2, 0, sizeof se->alt2);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (ddz_ai_agent_new(&se->policy[s], cfg->policy, seed * 7 + (uint64_t)s + 1, err) != 0 ||
            (se->cfg.mix > 0 && ddz_ai_agent_new(&se->alt[s], se->cfg.stranger, seed * 11 + (uint64_t)s + 1, err) != 0) ||
            (se->cfg.both && ddz_ai_agent_new(&se->alt2[s], "rhcp", seed * 13 + (uint64_t)s + 1, err) != 0)) {
            search_free(se);
            return -1;
        }
    se->noisy = cfg->noise > 0 && !strncmp(cfg->policy, "rule", 4);
    uint64_t x = seed ^ 0x6E6F697365ull; /* not from se->rng: its draws stay as without noise */
    se->noise_base = ddz_rng_splitmix(&x) << 20;
    a->name = "search";
    a->state = se;
    a->act = search_act;
    a->free = search_free;
    return 0;
}
