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

typedef struct DdzSearchConfig {
    int time_ms;          /* budget per decision (wall clock); 0: samples only */
    int samples;          /* most sampled deals per decision */
    int candidates;       /* most candidate moves examined (the rest pruned by hint order) */
    const char *policy;   /* agent name used for bidding, doubling and play-outs */
    int solve_cards;      /* a world with at most this many cards left in all hands is
                             solved exactly (solve.h) instead of played out; 0: never */
    int solve_nodes;      /* node budget of one such solve; beyond it, a play-out decides */
    bool infer;           /* weigh each sample by how well the policy, in the other seats'
                             places, explains their bids and plays (an opponent model) */
} DdzSearchConfig;

DdzSearchConfig ddz_search_default(void);

/* Makes a search agent. Returns 0, or -1 with err (an unknown policy). */
int ddz_search_agent_new(DdzAgent *a, const DdzSearchConfig *cfg, uint64_t seed, DdzError *err);

/* Draws one deal of the hidden cards consistent with view v into hands[3] (v's own hand
 * exact); the bottom is v->bottom once known. Exposed for tests. */
void ddz_search_sample(const DdzView *v, DdzRng *rng, DdzCards hands[DDZ_SEAT_NB]);

#endif
