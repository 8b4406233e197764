/* profile.c -- ddz play's memory between runs: settings, the running match and lifetime
 * statistics per level in one SQLite file (profile.h). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "profile.h"

struct Profile {
    sqlite3 *db;
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS match (id INTEGER PRIMARY KEY CHECK (id = 1), seed TEXT NOT NULL,"
    " level TEXT NOT NULL, options TEXT NOT NULL, score0 INTEGER, score1 INTEGER, score2 INTEGER,"
    " games INTEGER, redeals INTEGER, first INTEGER, deals INTEGER);"
    "CREATE TABLE IF NOT EXISTS stats (level TEXT PRIMARY KEY, games INTEGER NOT NULL DEFAULT 0,"
    " landlord_games INTEGER NOT NULL DEFAULT 0, landlord_wins INTEGER NOT NULL DEFAULT 0,"
    " farmer_games INTEGER NOT NULL DEFAULT 0, farmer_wins INTEGER NOT NULL DEFAULT 0,"
    " best INTEGER, worst INTEGER, springs INTEGER NOT NULL DEFAULT 0, bombs INTEGER NOT NULL DEFAULT 0);";

int profile_path(char *buf, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && *xdg)
        snprintf(buf, size, "%s/ddz/play.sqlite", xdg);
    else if (home && *home)
        snprintf(buf, size, "%s/.local/share/ddz/play.sqlite", home);
    else
        return -1;
    return 0;
}

/* mkdir -p of the directory that holds path. */
static int make_dirs(const char *path, char *err, size_t errsize)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return 0;
    *slash = '\0';
    for (char *q = dir + 1; *q; q++) {
        if (*q != '/')
            continue;
        *q = '\0';
        if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
            snprintf(err, errsize, "cannot create %s: %s", dir, strerror(errno));
            return -1;
        }
        *q = '/';
    }
    if (mkdir(dir, 0700) != 0 && errno != EEXIST) {
        snprintf(err, errsize, "cannot create %s: %s", dir, strerror(errno));
        return -1;
    }
    return 0;
}

Profile *profile_open(const char *path, char *err, size_t errsize)
{
    if (make_dirs(path, err, errsize) != 0)
        return NULL;
    Profile *pf = calloc(1, sizeof *pf);
    if (!pf) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    char *msg = NULL;
    if (sqlite3_open_v2(path, &pf->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK ||
        sqlite3_busy_timeout(pf->db, 2000) != SQLITE_OK ||
        sqlite3_exec(pf->db, SCHEMA, NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, errsize, "cannot write %s: %s", path, msg ? msg : sqlite3_errmsg(pf->db));
        sqlite3_free(msg);
        sqlite3_close(pf->db);
        free(pf);
        return NULL;
    }
    return pf;
}

void profile_close(Profile *pf)
{
    if (!pf)
        return;
    sqlite3_close(pf->db);
    free(pf);
}

void profile_get(Profile *pf, const char *key, char *buf, size_t size)
{
    sqlite3_stmt *st;
    buf[0] = '\0';
    if (sqlite3_prepare_v2(pf->db, "SELECT value FROM settings WHERE key = ?", -1, &st, NULL) != SQLITE_OK)
        return;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(st) == SQLITE_ROW)
        snprintf(buf, size, "%s", (const char *)sqlite3_column_text(st, 0));
    sqlite3_finalize(st);
}

int profile_set(Profile *pf, const char *key, const char *value)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(pf->db, "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", -1, &st, NULL) !=
        SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
    sqlite3_finalize(st);
    return rc;
}

bool profile_match_load(Profile *pf, ProfileMatch *out)
{
    sqlite3_stmt *st;
    bool found = false;
    if (sqlite3_prepare_v2(pf->db,
                           "SELECT seed, level, options, score0, score1, score2, games, redeals, first, deals "
                           "FROM match WHERE id = 1",
                           -1, &st, NULL) != SQLITE_OK)
        return false;
    if (sqlite3_step(st) == SQLITE_ROW) {
        memset(out, 0, sizeof *out);
        out->seed = strtoull((const char *)sqlite3_column_text(st, 0), NULL, 10);
        snprintf(out->level, sizeof out->level, "%s", (const char *)sqlite3_column_text(st, 1));
        snprintf(out->options, sizeof out->options, "%s", (const char *)sqlite3_column_text(st, 2));
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            out->match.score[s] = sqlite3_column_int(st, 3 + s);
        out->match.games = sqlite3_column_int(st, 6);
        out->match.redeals = sqlite3_column_int(st, 7);
        out->match.first = sqlite3_column_int(st, 8);
        out->deals = sqlite3_column_int(st, 9);
        found = (unsigned)out->match.first < DDZ_SEAT_NB && out->deals >= 0;
    }
    sqlite3_finalize(st);
    return found;
}

static int save_match(Profile *pf, const ProfileMatch *m)
{
    sqlite3_stmt *st;
    if (sqlite3_prepare_v2(pf->db,
                           "INSERT OR REPLACE INTO match (id, seed, level, options, score0, score1, score2, games, "
                           "redeals, first, deals) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           -1, &st, NULL) != SQLITE_OK)
        return -1;
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)m->seed);
    sqlite3_bind_text(st, 1, seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, m->level, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, m->options, -1, SQLITE_STATIC);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        sqlite3_bind_int(st, 4 + s, m->match.score[s]);
    sqlite3_bind_int(st, 7, m->match.games);
    sqlite3_bind_int(st, 8, m->match.redeals);
    sqlite3_bind_int(st, 9, m->match.first);
    sqlite3_bind_int(st, 10, m->deals);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
    sqlite3_finalize(st);
    return rc;
}

int profile_match_save(Profile *pf, const ProfileMatch *m) { return save_match(pf, m); }

int profile_match_clear(Profile *pf)
{
    return sqlite3_exec(pf->db, "DELETE FROM match", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

int profile_game_over(Profile *pf, const char *level, const DdzResult *r, const ProfileMatch *m)
{
    if (sqlite3_exec(pf->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return -1;
    sqlite3_stmt *st;
    int rc = -1;
    bool lord = r->landlord == 0, won = r->score[0] > 0;
    if (sqlite3_prepare_v2(pf->db,
                           "INSERT INTO stats (level, games, landlord_games, landlord_wins, farmer_games, farmer_wins, "
                           "best, worst, springs, bombs) VALUES (?1, 1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8) "
                           "ON CONFLICT (level) DO UPDATE SET games = games + 1, "
                           "landlord_games = landlord_games + ?2, landlord_wins = landlord_wins + ?3, "
                           "farmer_games = farmer_games + ?4, farmer_wins = farmer_wins + ?5, "
                           "best = max(best, ?6), worst = min(worst, ?6), springs = springs + ?7, bombs = bombs + ?8",
                           -1, &st, NULL) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, level, -1, SQLITE_STATIC);
        sqlite3_bind_int(st, 2, lord);
        sqlite3_bind_int(st, 3, lord && won);
        sqlite3_bind_int(st, 4, !lord);
        sqlite3_bind_int(st, 5, !lord && won);
        sqlite3_bind_int(st, 6, r->score[0]);
        sqlite3_bind_int(st, 7, r->spring || r->anti_spring);
        sqlite3_bind_int(st, 8, r->bombs);
        rc = sqlite3_step(st) == SQLITE_DONE ? 0 : -1;
        sqlite3_finalize(st);
    }
    if (rc == 0)
        rc = m ? save_match(pf, m) : profile_match_clear(pf);
    if (sqlite3_exec(pf->db, rc == 0 ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL) != SQLITE_OK)
        rc = -1;
    return rc;
}

int profile_stats(Profile *pf, ProfileStats *out, int max)
{
    sqlite3_stmt *st;
    int n = 0;
    if (sqlite3_prepare_v2(pf->db,
                           "SELECT level, games, landlord_games, landlord_wins, farmer_games, farmer_wins, best, "
                           "worst, springs, bombs FROM stats ORDER BY games DESC, level",
                           -1, &st, NULL) != SQLITE_OK)
        return 0;
    while (n < max && sqlite3_step(st) == SQLITE_ROW) {
        ProfileStats *s = &out[n++];
        snprintf(s->level, sizeof s->level, "%s", (const char *)sqlite3_column_text(st, 0));
        int *f[] = {&s->games, &s->landlord_games, &s->landlord_wins, &s->farmer_games, &s->farmer_wins,
                    &s->best, &s->worst, &s->springs, &s->bombs};
        for (int i = 0; i < 9; i++)
            *f[i] = sqlite3_column_int(st, 1 + i);
    }
    sqlite3_finalize(st);
    return n;
}
