/* rule.h -- the "rule" computer player: a heuristic player built on hand splitting
 * (split.h), and the self-play calibration of its bids.
 *
 * The agent decides from its seat's DdzView only. It owns a DdzSplitter (256 KiB memo) and a
 * move list; ddz_agent_free releases them. It draws no random numbers: the same view always
 * gets the same answer. One agent object serves one seat at a time and is not thread-safe.
 * ddz_rule_calibrate allocates its own games and agents and frees them before returning. */
#ifndef DDZ_RULE_H
#define DDZ_RULE_H

#include "ddz/agent.h"
#include "ddz/split.h"

/* Versions of the rule agent's behaviour. The factory's "rule" (and level normal) plays the
 * latest; "rule-v1" plays version 1 for ever, a yardstick for the search (issue 14) that does
 * not move when "rule" improves. Version 1 is pinned by a known-answer test (test_rule.c:
 * a fingerprint of every decision in fixed self-play games under the 54-card presets; the
 * 48-card game is not frozen yet), so a change to 54-card play must
 * come as a new version: raise DDZ_RULE_VERSION and make the change depend on the version
 * field of the agent's state, leaving version 1's decisions as they are. */
#define DDZ_RULE_VERSION 1

/* Makes a rule agent of the latest version (name "rule"). seed is accepted for the
 * factory's sake and unused. Returns 0, or -1 with err when out of memory. */
int ddz_rule_agent_new(DdzAgent *a, uint64_t seed, DdzError *err);
/* The same for a given version (1 .. DDZ_RULE_VERSION); the agent is named "rule" for the
 * latest and "rule-vN" for an older one. Returns 0, or -1 with err (an unknown version, out
 * of memory). */
int ddz_rule_agent_new_version(DdzAgent *a, int version, uint64_t seed, DdzError *err);

/* Play-out noise: where a decision scores alternatives (a lead from the best split, an
 * answer outside danger), the agent plays its runner-up (never a bomb) with a chance of
 * per_mille in 1000, drawn from its own generator, here seeded with seed. 0 (the default)
 * keeps it deterministic. a must be a rule agent. */
void ddz_rule_agent_set_noise(DdzAgent *a, int per_mille, uint64_t seed);
/* The strength of a hand for bidding and doubling: the worth of its best split (value
 * less 7 points a play) plus 3 points for each 2 and joker held, with sp a splitter made
 * with play cost DDZ_SPLIT_PLAY_COST (the one the calibration used). About -100 for the
 * weakest 17 cards, 0 for a strong one, +25 for the strongest; 0 for a hand sp refuses. */
int ddz_rule_strength(DdzSplitter *sp, DdzRanks hand);

/* Calibration: how often a hand of a given strength wins.
 *
 * Buckets of DDZ_CAL_WIDTH strength points from DDZ_CAL_MIN up (the first and last also
 * hold everything below and above). For each bucket: games, and games won by the seat's
 * side, for the landlord's 17 dealt cards (what it knew when bidding), for the landlord's
 * 20 cards after taking the bottom (redoubling), and for each farmer's 17 cards (doubling;
 * two samples per deal). */
#define DDZ_CAL_MIN (-100)
#define DDZ_CAL_WIDTH 5
#define DDZ_CAL_NB 26
typedef struct DdzCalibration {
    long deals;
    long landlord_wins;
    long bid_games[DDZ_CAL_NB], bid_wins[DDZ_CAL_NB];         /* landlord, 17 cards */
    long redouble_games[DDZ_CAL_NB], redouble_wins[DDZ_CAL_NB]; /* landlord, 20 cards */
    long double_games[DDZ_CAL_NB], double_wins[DDZ_CAL_NB];   /* farmers, 17 cards */
} DdzCalibration;

/* The bucket of a strength. */
int ddz_calibration_bucket(int strength);

/* Plays `deals` random deals rule against rule with a fixed landlord (seat k mod 3 of deal
 * k bids 3 at once, so it takes the bottom; no other bidding, no doubling), deal k shuffled
 * from seed + k with the preset and play options of *opt, and tallies the buckets into
 * *out. Returns 0, or -1 with err on an engine or memory error. */
int ddz_rule_calibrate(const DdzOptions *opt, long deals, uint64_t seed, DdzCalibration *out, DdzError *err);

#endif
