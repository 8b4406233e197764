/* bidcal.h -- how the search's estimate of a hand's win chance, on which it bids and doubles
 * (search.h, ":bid"), comes true when the final players play the game.
 *
 * The estimate comes from play-outs by the rule agent of deals drawn at random; the levels
 * play better than the rule agent, against players who also do. This tally, over deals with a
 * fixed landlord, says how often a landlord whose 17 dealt cards had estimate p won, and how
 * many points it took (and the same for the estimates the doubling decisions are made on),
 * so that the thresholds the search bids and doubles by can be set on the players that will
 * play the game. */
#ifndef DDZ_BIDCAL_H
#define DDZ_BIDCAL_H

#include "ddz/game.h"

/* Buckets of the estimate, 1/DDZ_BIDCAL_NB wide from 0 (the last holds 1). */
#define DDZ_BIDCAL_NB 20

/* One table: by bucket of the estimate, games, wins (of the seat's side), the sum of the
 * estimates and of the seat's own score in units of the bid (score / base; a landlord's win
 * without bombs is +2, a farmer's +1). */
typedef struct DdzBidCalTable {
    long games[DDZ_BIDCAL_NB], wins[DDZ_BIDCAL_NB];
    double p[DDZ_BIDCAL_NB], points[DDZ_BIDCAL_NB];
} DdzBidCalTable;

typedef struct DdzBidCalibration {
    long deals, landlord_wins;
    /* Before the bid: the landlord by the estimate for its 17 dealt cards (bidding); each
     * farmer by the estimate its 17 cards would have had as the landlord's. */
    DdzBidCalTable lord, farmer;
    /* After it, as each seat estimates in the doubling phase (its side's win chance with the
     * landlord known and the bottom shown): the landlord by the estimate for its 20 cards
     * (redoubling), each farmer by its side's (doubling). Nobody doubles in these games, so a
     * doubler's stake would have been twice the points tallied. */
    DdzBidCalTable lord_double, farmer_double;
    /* The landlord's games of `lord` split by the farmers' estimates before the bid: over a
     * farmer whose 17 cards would have bid (an estimate at or above the estimator's lowest
     * bid threshold, ":bidsA/B/C"'s A), or with neither farmer's (a pass from each: the last
     * to speak after two passes). */
    DdzBidCalTable lord_over, lord_alone;
    int bid_from; /* that threshold, in hundredths */
} DdzBidCalibration;

/* The bucket of an estimate p in [0, 1]. */
int ddz_bidcal_bucket(double p);

/* Plays `deals` deals: deal k shuffled from seed + k under *opt's preset and play options,
 * seat k mod 3 bidding 3 at once (no other bidding), nobody doubling, the landlord played by
 * the agent `lord` and the farmers by `farmers` (agent names, ddz_ai_agent_new). Before the
 * bid and again in the doubling phase after it, each seat's estimate is made as the search
 * agent `estimator` (a search agent's or a search level's name, "expert") makes it when it
 * bids or doubles: ddz_search_win_chance with its own number of play-outs, on a generator
 * seeded from the deal. Tallies into *out. Returns 0, or -1 with err
 * (an unknown agent, an estimator that is no search, an engine or memory error). */
int ddz_bid_calibrate(const char *estimator, const char *lord, const char *farmers, const DdzOptions *opt,
                      long deals, uint64_t seed, DdzBidCalibration *out, DdzError *err);

#endif
