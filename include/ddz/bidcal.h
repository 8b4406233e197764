/* bidcal.h -- how the search's estimate of a hand's win chance, on which it bids (search.h,
 * ":bid"), comes true when the final players play the game.
 *
 * The estimate comes from play-outs by the rule agent of deals drawn at random; the levels
 * play better than the rule agent, against players who also do. This tally, over deals with a
 * fixed landlord, says how often a landlord whose 17 dealt cards had estimate p won, and how
 * many points it took, so that the thresholds the search bids by can be set on the players
 * that will play the game. */
#ifndef DDZ_BIDCAL_H
#define DDZ_BIDCAL_H

#include "ddz/game.h"

/* Buckets of the estimate, 1/DDZ_BIDCAL_NB wide from 0 (the last holds 1). */
#define DDZ_BIDCAL_NB 20

typedef struct DdzBidCalibration {
    long deals, landlord_wins;
    /* The landlord, by the estimate for its 17 dealt cards: games, wins, the sum of the
     * estimates and of its score in units of the bid (score / base; a win without bombs is +2). */
    long lord_games[DDZ_BIDCAL_NB], lord_wins[DDZ_BIDCAL_NB];
    double lord_p[DDZ_BIDCAL_NB], lord_points[DDZ_BIDCAL_NB];
    /* Each farmer, by the estimate its 17 cards would have had as the landlord's: games, games
     * its side won, the sums of the estimates and of its own score / base. */
    long farmer_games[DDZ_BIDCAL_NB], farmer_wins[DDZ_BIDCAL_NB];
    double farmer_p[DDZ_BIDCAL_NB], farmer_points[DDZ_BIDCAL_NB];
} DdzBidCalibration;

/* The bucket of an estimate p in [0, 1]. */
int ddz_bidcal_bucket(double p);

/* Plays `deals` deals: deal k shuffled from seed + k under *opt's preset and play options,
 * seat k mod 3 bidding 3 at once (no other bidding, no doubling), the landlord played by the
 * agent `lord` and the farmers by `farmers` (agent names, ddz_ai_agent_new). Before the bid,
 * each seat's estimate is made as the search agent `estimator` (a search agent's or a search
 * level's name, "expert") makes it when it bids: ddz_search_win_chance with its own number of
 * play-outs, on a generator seeded from the deal. Tallies into *out. Returns 0, or -1 with err
 * (an unknown agent, an estimator that is no search, an engine or memory error). */
int ddz_bid_calibrate(const char *estimator, const char *lord, const char *farmers, const DdzOptions *opt,
                      long deals, uint64_t seed, DdzBidCalibration *out, DdzError *err);

#endif
