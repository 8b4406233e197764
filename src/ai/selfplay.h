/* selfplay.h -- the games of a self-play run (internal to src/ai: the student's and the
 * value's data, and ddz learn agree): game k is dealt from seed + k with seat 0 the landlord
 * without bidding (as the arena without --bidding), each seat's agent seeded from (seed, k,
 * seat). */
#ifndef DDZ_AI_SELFPLAY_H
#define DDZ_AI_SELFPLAY_H
#include "ddz/agent.h"
#include "ddz/game.h"

/* The seed of seat `seat`'s agent in game k; salt sets runs of the same seed apart. */
uint64_t ddz_selfplay_seat_seed(uint64_t seed, long game, int seat, uint64_t salt);

/* Agents `name` for the three seats of game k. Returns 0, or -1 with err and none left made. */
int ddz_selfplay_agents_new(DdzAgent ag[DDZ_SEAT_NB], const char *name, uint64_t seed, long k, uint64_t salt,
                            DdzError *err);

/* Deals game k into *g and has seat 0 bid 3. Returns 0, or -1 with err. */
int ddz_selfplay_deal(DdzGame *g, DdzRuleset rules, uint64_t seed, long k, DdzError *err);

#endif
