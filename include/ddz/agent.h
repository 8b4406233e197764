/* agent.h -- the interface every player plugs into: computer players, the terminal game's
 * human seat, network clients. An agent decides from a DdzView only, so it can see nothing
 * its seat may not know.
 *
 * An agent is a small struct of function pointers and an opaque state that the agent owns;
 * ddz_agent_free releases it. One agent object serves one seat of one game at a time. */
#ifndef DDZ_AGENT_H
#define DDZ_AGENT_H

#include "ddz/game.h"

typedef struct DdzAgent {
    const char *name;
    void *state;
    /* Chooses the action of v->seat, which is to act in phase v->phase. Returns 0 and fills
     * *out, or -1 when it cannot decide (e.g. a human who quit). */
    int (*act)(void *state, const DdzView *v, DdzAction *out);
    void (*free)(void *state);
} DdzAgent;

/* The built-in agents: "random" picks uniformly among the legal actions (plays and passes,
 * bids, doubles; it never shows); "greedy" bids the least it may, never doubles, and plays
 * the first legal move in generation order (the smallest), passing only when it must.
 * Both draw from their own DdzRng seeded with `seed`. Returns 0, or -1 for an unknown name
 * (err lists the names). */
int ddz_agent_new(DdzAgent *a, const char *name, uint64_t seed, DdzError *err);
void ddz_agent_free(DdzAgent *a);

/* Runs the agent for the seat to act of g and applies its choice. A refused action is
 * reported in err and returns -1 (the game is unchanged). */
int ddz_agent_step(DdzAgent *a, DdzGame *g, DdzError *err);

#endif
