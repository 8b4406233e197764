/* profile.h -- what ddz play remembers between runs, in one SQLite file under the XDG data
 * directory ($XDG_DATA_HOME/ddz/play.sqlite, else ~/.local/share/ddz/play.sqlite): the
 * settings (language, level, rules), the running match so that a quit match resumes where
 * it was, and lifetime statistics per level. Each finished game is one transaction, so a
 * kill at any moment leaves the file as it was after the last game. A Profile is one
 * caller-owned handle (profile_open/profile_close); not thread-safe. */
#ifndef DDZ_PLAY_PROFILE_H
#define DDZ_PLAY_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ddz/game.h"
#include "ddz/match.h"

typedef struct Profile Profile;

/* The file's path: $XDG_DATA_HOME/ddz/play.sqlite, or $HOME/.local/share/ddz/play.sqlite.
 * Returns -1 when neither variable is set. */
int profile_path(char *buf, size_t size);

/* Opens (creating the directory and the file on first use) the profile at path. Returns
 * NULL with a message saying what and where when it cannot be written. */
Profile *profile_open(const char *path, char *err, size_t errsize);
void profile_close(Profile *pf);

/* Settings: a value by key ("lang", "level", "options"), "" when never set. */
void profile_get(Profile *pf, const char *key, char *buf, size_t size);
int profile_set(Profile *pf, const char *key, const char *value);

/* The running match: its seed, level, options, the match state before the current deal and
 * the deals dealt before it (so the same deal comes again). */
typedef struct ProfileMatch {
    uint64_t seed;
    char level[32];
    char options[256];
    DdzMatch match;
    int deals;
} ProfileMatch;

/* Loads the saved match; returns false when there is none. */
bool profile_match_load(Profile *pf, ProfileMatch *out);
/* Saves the match state before a deal (a transaction of its own). */
int profile_match_save(Profile *pf, const ProfileMatch *m);

/* Lifetime statistics of one level. */
typedef struct ProfileStats {
    char level[32];
    int games, landlord_games, landlord_wins, farmer_games, farmer_wins;
    int best, worst; /* the best and worst score of one game */
    int springs;     /* springs and anti-springs in your games */
    int bombs;       /* bombs and rockets played in your games */
} ProfileStats;

/* Records a finished game for seat 0 at `level` and saves the match state m (NULL: the match
 * ended, forget it) in one transaction. */
int profile_game_over(Profile *pf, const char *level, const DdzResult *r, const ProfileMatch *m);
/* Forgets the running match. */
int profile_match_clear(Profile *pf);

/* Every level's statistics, most games first; returns the count (at most max). */
int profile_stats(Profile *pf, ProfileStats *out, int max);

#endif
