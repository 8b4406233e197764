/* search_internal.h -- the search agent's state, shared by its two halves (internal to
 * src/ai): search.c decides (candidates, play-outs, the best average) and search_worlds.c
 * draws the worlds it decides on (the hidden cards sampled, the public history replayed,
 * each world weighed by the opponent model). */
#ifndef DDZ_AI_SEARCH_INTERNAL_H
#define DDZ_AI_SEARCH_INTERNAL_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ddz/game.h"
#include "ddz/search.h"
#include "ddz/solve.h"
#include "ddz/split.h"

typedef struct Search {
    DdzSearchConfig cfg;
    DdzRng rng;
    DdzAgent policy[DDZ_SEAT_NB]; /* play-out policy, one per seat */
    DdzAgent alt[DDZ_SEAT_NB];    /* with cfg.mix: the other play-out policy (cfg.stranger) */
    DdzAgent alt2[DDZ_SEAT_NB];   /* with cfg.both: the third (rhcp) */
    DdzGame world;
    DdzGame back;                 /* with cfg.infer: the world walked back through its history */
    DdzSolver *solver;            /* endgames, made with the agent (else on first use) */
    DdzSplitter *splitter;        /* with cfg.plan: the hand's best split (made on first use) */
    DdzMove moves[DDZ_MAX_MOVES + 1];
    DdzMove cand[DDZ_MAX_MOVES + 1];
    double value[DDZ_MAX_MOVES + 1];
    double wins[DDZ_MAX_MOVES + 1];  /* weighted samples the candidate won */
    double sample_value[DDZ_MAX_MOVES + 1], sample_wins[DDZ_MAX_MOVES + 1]; /* this sample's */
    bool risky[DDZ_MAX_MOVES + 1];   /* see risky_move */
    double deadline;                 /* ddz_search_now_ms() at which the budget is spent; 0: none */
    bool near;                       /* the deadline is near (near_ms): play-outs watch it */
    bool noisy;                      /* play-outs by rule agents with cfg.noise */
    uint64_t noise_base;             /* seeds of the noisy play-outs: from the agent's seed */
    int last_nc, last_best;          /* the last decision (ddz_search_last): candidates, choice */
    int last_samples;                /* and the worlds it was judged on */
    double last_weight;              /* its samples' total weight */
    double *seen;                    /* with cfg.extra: each sample's values, nc a sample */
    size_t seen_cap;                 /* doubles seen holds */
    int me;                          /* with cfg.adapt: the seat searching, while rebuilding */
    int rmiss[DDZ_SEAT_NB];          /* and each opponent's actions in the world rebuilt that the */
    int pmiss[DDZ_SEAT_NB];          /* policy (rmiss) and planner (pmiss) would not have taken */
    int hmiss[DDZ_SEAT_NB];          /* with cfg.both: and rhcp (hmiss) */
    double q[DDZ_SEAT_NB];           /* the chance each seat plays as planner there (play-outs) */
    double q2[DDZ_SEAT_NB];          /* with cfg.both: as rhcp */
    int smiss;                       /* with cfg.adapt: the partner's misses so far in the replay */
    double reject_below;             /* and the log weight under which the world is rejected
                                      * (-INFINITY: never; see rebuild) */
    bool rejected;                   /* the replay's weight fell under it: its tallies stopped */
    struct AgreeMemo *memo;          /* with cfg.infer: the programs' answers in the replays,
                                      * by public history and hand (see memo_slot); made on
                                      * first use, NULL without memory */
    uint64_t prefix[DDZ_MAX_ACTIONS];/* the decision's public history hashed: entry i covers
                                      * the game's public constants and actions 0..i */
} Search;

/* Where the worlds drawn for one decision stand (ddz_search_draw): draws made after the first
 * world with cfg.infer, the fewest misses seen (without cfg.adapt) or the likeliest
 * world's log weight (with it). */
typedef struct Draws {
    int attempts, fewest;
    double best_lw;
    bool begun; /* a world drawn already (the first draw hashes the decision's history) */
} Draws;

/* Draws the next world for v into se->world (its hidden cards into hands). Returns 1 when
 * it is kept, with *w its weight relative to the likeliest world seen so far (1 when kept by
 * rejection); 0 when it was rejected (draw again); -1 when no world fits v or, after a
 * rejection, the deadline has passed. *f is the factor by which every world kept before must be weighed anew: a world
 * kept with a weight (or a chance) relative to the likeliest seen then has its weight
 * relative to the likeliest seen now, exp(best then - best now); 1 when nothing changed. */
int ddz_search_draw(Search *se, const DdzView *v, Draws *d, DdzCards hands[DDZ_SEAT_NB], double *w, double *f);

/* A monotonic clock in milliseconds (the search's budget and deadline). */
double ddz_search_now_ms(void);

/* Whether a play-out or a replay inside the clock's last stretch (se->near) has run past the
 * deadline: it then stops, and its sample is dropped. */
static inline bool ddz_search_late(const Search *se)
{
    return se->near && se->deadline > 0 && ddz_search_now_ms() >= se->deadline;
}

#endif
