/* value.h -- a learned value of a whole deal (issue 14, "a value function learned from
 * self-play"): the chance that the landlord's side wins a game of the 54-card deck from a
 * position in which every hand is known, as the search's sampled worlds are, when the game
 * is played on from there as the teacher that made the data plays it.
 *
 * A position is described by DDZ_VALUE_FEATURES small integers (ddz_value_features), seats
 * counted from the landlord; a network of two hidden layers (ReLU) and a logistic output
 * turns them into the chance. The data come from `ddz learn states` (self-play of a teacher,
 * every position of the play with the game's result), the weights from
 * scripts/learn-value.py (numpy), written as C (src/ai/value_weights.c, made so:
 * docs/SEARCH-LEARNING.md). Nothing here keeps state: a DdzValueNet is read-only. */
#ifndef DDZ_VALUE_H
#define DDZ_VALUE_H
#include <stdint.h>
#include <stdio.h>

#include "ddz/game.h"

/* Per seat (the landlord, the farmer after it, the farmer before it): 4 bits a rank 3..2
 * (holds at least 1, 2, 3, 4), 1 a joker, its card count and whether that is 1 or 2 (57);
 * the seat to move (3); the move to beat: none (a lead) or who played it (4), its type (15:
 * pass and the 14 types of the 54-card presets), its rank (15, one-hot), its chain length. */
#define DDZ_VALUE_SEAT_FEATURES 57
#define DDZ_VALUE_FEATURES (3 * DDZ_VALUE_SEAT_FEATURES + 3 + 4 + 15 + 15 + 1)

typedef struct DdzValueNet {
    int in, h1, h2;    /* in must be DDZ_VALUE_FEATURES */
    const float *w1;   /* in x h1, row i the weights of feature i */
    const float *b1;   /* h1 */
    const float *w2;   /* h1 x h2, row j the weights of hidden unit j */
    const float *b2;   /* h2 */
    const float *w3;   /* h2 */
    float b3;
} DdzValueNet;

/* The shipped network (src/ai/value_weights.c). */
extern const DdzValueNet ddz_value_net;

/* Describes the play position of g (phase play, a 54-card preset) into x. Returns 0, or -1
 * when g is not such a position. */
int ddz_value_features(const DdzGame *g, uint8_t x[DDZ_VALUE_FEATURES]);

/* The chance, by net, that the landlord's side wins from features x. */
double ddz_value_eval(const DdzValueNet *net, const uint8_t x[DDZ_VALUE_FEATURES]);

/* The same from a position; a finished game is its result (1 or 0); -1 when g is neither a
 * play position of a 54-card preset nor over. */
double ddz_value_landlord(const DdzValueNet *net, const DdzGame *g);

/* Self-play data for the value: games of `teacher` in every seat (game k dealt from seed + k,
 * seat 0 the landlord without bidding, as the arena), every position of their play written
 * to out with the game's result. The file: the line "ddz-value-data FEATURES\n", then per
 * position one byte (1: the landlord's side won the game) and DDZ_VALUE_FEATURES bytes. */
typedef struct DdzValueDataConfig {
    const char *teacher;
    DdzRuleset rules;  /* a 54-card preset */
    long games;
    uint64_t seed;
    void (*progress)(void *ctx, long games, long positions); /* after every game, or NULL */
    void *progress_ctx;
} DdzValueDataConfig;
/* Returns the number of positions written, or -1 with err. */
long ddz_value_data(const DdzValueDataConfig *cfg, FILE *out, DdzError *err);

#endif
