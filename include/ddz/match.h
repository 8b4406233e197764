/* match.h -- the running match of the single-player game (RULES.md §6, seed 002): every
 * player starts with 100 points, each game's results are added, and the match ends when any
 * player has 0 points or fewer; then each gets a wealth title.
 *
 * DdzMatch is a caller-owned value. The first bidder of the first game is drawn at random,
 * then it moves to the next seat every deal, redeals included. */
#ifndef DDZ_MATCH_H
#define DDZ_MATCH_H

#include "ddz/game.h"

#define DDZ_MATCH_START 100

typedef struct DdzMatch {
    int score[DDZ_SEAT_NB];
    int games;   /* games scored */
    int redeals; /* deals everyone passed */
    int first;   /* first bidder of the next deal */
} DdzMatch;

/* Starts a match: 100 points each, first bidder drawn from rng. */
void ddz_match_start(DdzMatch *m, DdzRng *rng);

/* Deals the next game with the match's first bidder, and moves the first bidder on. */
void ddz_match_deal(DdzMatch *m, DdzGame *g, const DdzOptions *opt, DdzRng *rng);

/* Records the end of a deal: a finished game adds its result; a redeal is counted. */
void ddz_match_record(DdzMatch *m, const DdzGame *g);

bool ddz_match_over(const DdzMatch *m);

typedef enum DdzTitle { DDZ_TITLE_BEGGAR, DDZ_TITLE_POOR, DDZ_TITLE_MIDDLE, DDZ_TITLE_RICH,
                        DDZ_TITLE_LANDLORD } DdzTitle;

/* Wealth title by score: below 0 beggar 乞丐, 0-99 poor peasant 贫农, 100-199 middle peasant
 * 中农, 200-299 rich peasant 富农, 300 and above landlord 地主. */
DdzTitle ddz_title_of(int score);
/* The title's name in "zh" (乞丐 ...) or "en" (beggar ...). */
const char *ddz_title_name(DdzTitle t, const char *lang);

#endif
