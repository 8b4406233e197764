/* arena_file.h -- the games file of ddz arena --games: one match's results game by game, so
 * that two agents played against the same opponent on the same deals can be compared deal
 * by deal later (ddz arena --compare), without playing the opponent's games again.
 *
 * The file is text: a first line "# ddz arena games 1", lines "# KEY VALUE" naming the match
 * (a, b, rules, options, bidding, seed, deals), then one line a deal, in order from 0:
 * "K WON0 POINTS0 WON1 POINTS1", the game with A in seat 0 and the game with B there, each
 * from A's side (WON 1 or 0). */
#ifndef DDZ_ARENA_FILE_H
#define DDZ_ARENA_FILE_H

#include <stdio.h>

#include "ddz/arena.h"

/* One match as its games file holds it. */
typedef struct ArenaFile {
    char a[128], b[128], rules[32], options[128];
    int bidding;
    unsigned long long seed;
    long deals;
    DdzArenaGame *games; /* 2 x deals, owned */
} ArenaFile;

/* Writes the match cfg played, its games cfg->games, to path. Returns 0, or -1 with
 * err saying what failed. */
int arena_file_write(const char *path, const DdzArenaConfig *cfg, DdzError *err);

/* Reads path into *f (free it with arena_file_free). Returns 0, or -1 with err naming the
 * line that is wrong and how. */
int arena_file_read(const char *path, ArenaFile *f, DdzError *err);
void arena_file_free(ArenaFile *f);

#endif
