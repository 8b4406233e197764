/* mcts.h -- "mcts": information-set Monte Carlo tree search over the hidden cards (single-
 * observer ISMCTS), an experiment of issue 14 against the search's one-step look-ahead.
 *
 * Each iteration draws a deal of the hidden cards consistent with the view (as the search
 * draws them, ddz_search_sample), walks one tree of moves from the root -- shared by every
 * drawn deal, each node's move tried only in the deals where it is legal -- choosing by UCB
 * with availability counts among the candidates of the seat to act (the search's candidate
 * list of that seat's view of the deal: the rule agent's choice first, then hint order), adds
 * one node, plays the rest out with rule agents and counts the win for each node's side. The
 * move played is the root's most visited. Deeper than the search, it spends more play-outs
 * on the lines that matter. Bids and doubles are the rule agent's. */
#ifndef DDZ_MCTS_H
#define DDZ_MCTS_H
#include "ddz/agent.h"

typedef struct DdzMctsConfig {
    int time_ms;          /* budget per decision (wall clock); 0: iterations only */
    int iterations;       /* most iterations per decision (and tree nodes) */
    int root_candidates;  /* candidates at the root (the search's 24) */
    int inner_candidates; /* candidates at a node below the root */
    double explore;       /* UCB's exploration constant */
    double widen;         /* below the root a node of v visits tries its first 1 + widen x sqrt(v)
                             candidates (progressive widening) */
} DdzMctsConfig;
DdzMctsConfig ddz_mcts_default(void);
/* "mcts" then options after colons, each at most once: ":MS" or ":MS/ITERATIONS" (MS 0: a
 * fixed number of iterations, reproducible from the seed), ":cC" (exploration C/100, default
 * 70) and ":kK" (K candidates below the root, default 8). Returns 0, or -1 with err. */
int ddz_mcts_config_parse(const char *name, DdzMctsConfig *cfg, DdzError *err);
/* Makes an mcts agent. Returns 0, or -1 with err when out of memory. */
int ddz_mcts_agent_new(DdzAgent *a, const DdzMctsConfig *cfg, uint64_t seed, DdzError *err);
#endif
