/* tourney_store.c -- tournaments in the server's SQLite database, beside the store's tables:
 * the event (its description, state and secret seed), its entrants, and one row per deal of a
 * table that points at the deal's `games` row. Results are never copied here: a finished game
 * is read back from its record, which the store writes in the game's own end transaction, so a
 * restart finds every result exactly once (docs/PROTOCOL.md, "Tournaments", "Restarts"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_sqlite.h"
#include "tourney.h"

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS tournaments("
    "  id INTEGER PRIMARY KEY, name TEXT NOT NULL, spec TEXT NOT NULL,"
    "  state TEXT NOT NULL CHECK(state IN ('registering','running','finished','cancelled')),"
    "  seed TEXT NOT NULL, created INTEGER NOT NULL, start INTEGER NOT NULL);"
    "CREATE TABLE IF NOT EXISTS tour_entrants("
    "  tournament INTEGER NOT NULL REFERENCES tournaments(id), entrant INTEGER NOT NULL,"
    "  player INTEGER, name TEXT NOT NULL, bot TEXT, PRIMARY KEY(tournament, entrant));"
    "CREATE TABLE IF NOT EXISTS tour_games("
    "  id INTEGER PRIMARY KEY, tournament INTEGER NOT NULL REFERENCES tournaments(id),"
    "  round INTEGER NOT NULL, tab INTEGER NOT NULL, k INTEGER NOT NULL, attempt INTEGER NOT NULL,"
    "  game INTEGER REFERENCES games(id));"
    "CREATE INDEX IF NOT EXISTS tour_games_table ON tour_games(tournament, round, tab);";

static int fail(sqlite3 *db, DdzError *err, const char *what)
{
    return ddz_error_set(err, 0, "tournaments: %s: %s", what, sqlite3_errmsg(db));
}

static sqlite3_stmt *prep(sqlite3 *db, const char *sql, DdzError *err)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) != SQLITE_OK) {
        fail(db, err, "prepare");
        return NULL;
    }
    return s;
}

/* One statement to its end; binds done by the caller. Finalizes it. */
static int run(sqlite3 *db, sqlite3_stmt *s, DdzError *err)
{
    int rc = sqlite3_step(s);
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0 : fail(db, err, "write");
}

int tstore_schema(DdzStore *st, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(st);
    if (!db)
        return 0; /* PostgreSQL: no tournaments are stored (event_open refuses them) */
    char *msg = NULL;
    if (sqlite3_exec(db, SCHEMA, NULL, NULL, &msg) != SQLITE_OK) {
        ddz_error_set(err, 0, "tournaments: schema: %s", msg ? msg : "?");
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

int tstore_open_event(DdzStore *st, Tourney *ev, int64_t now, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(st);
    if (!db)
        return ddz_error_set(err, 0, "tournaments are kept in SQLite (--db FILE) or in memory, not in PostgreSQL");
    char seed[DDZ_SEED256_HEX];
    ddz_seed256_format(ev->seed, seed);
    sqlite3_stmt *s = prep(db, "INSERT INTO tournaments(id, name, spec, state, seed, created, start) "
                               "VALUES((SELECT COALESCE(MAX(id), 0) + 1 FROM tournaments), ?, ?, 'registering', ?, ?, ?)",
                           err);
    if (!s)
        return -1;
    sqlite3_bind_text(s, 1, ev->name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 2, ev->spec, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 3, seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 4, now);
    sqlite3_bind_int64(s, 5, ev->start_at);
    if (run(db, s, err) != 0)
        return -1;
    ev->id = sqlite3_last_insert_rowid(db);
    return 0;
}

int tstore_entrants(DdzStore *st, const Tourney *ev, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(st);
    if (!db)
        return 0;
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return fail(db, err, "begin");
    sqlite3_stmt *s = prep(db, "DELETE FROM tour_entrants WHERE tournament = ?", err);
    int rc = -1;
    if (s) {
        sqlite3_bind_int64(s, 1, ev->id);
        rc = run(db, s, err);
    }
    for (int e = 0; rc == 0 && e < ev->nent; e++) {
        const TourEntrant *te = &ev->ent[e];
        s = prep(db, "INSERT INTO tour_entrants(tournament, entrant, player, name, bot) VALUES(?, ?, ?, ?, ?)", err);
        if (!s) {
            rc = -1;
            break;
        }
        sqlite3_bind_int64(s, 1, ev->id);
        sqlite3_bind_int(s, 2, e);
        if (te->player)
            sqlite3_bind_int64(s, 3, te->player);
        else
            sqlite3_bind_null(s, 3);
        sqlite3_bind_text(s, 4, te->name, -1, SQLITE_TRANSIENT);
        if (te->player)
            sqlite3_bind_null(s, 5);
        else
            sqlite3_bind_text(s, 5, te->level, -1, SQLITE_TRANSIENT);
        rc = run(db, s, err);
    }
    if (rc == 0 && sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK)
        return 0;
    if (rc == 0)
        fail(db, err, "commit");
    sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

int tstore_state(DdzStore *st, const Tourney *ev, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(st);
    if (!db)
        return 0;
    sqlite3_stmt *s = prep(db, "UPDATE tournaments SET state = ? WHERE id = ?", err);
    if (!s)
        return -1;
    sqlite3_bind_text(s, 1, tourney_state_name(ev->state), -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 2, ev->id);
    return run(db, s, err);
}

int tstore_deal(DdzStore *st, const Tourney *ev, const TourRun *r, int64_t *row, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(st);
    *row = 0;
    if (!db)
        return 0;
    sqlite3_stmt *s = prep(db, "INSERT INTO tour_games(tournament, round, tab, k, attempt) VALUES(?, ?, ?, ?, ?)", err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, ev->id);
    sqlite3_bind_int(s, 2, ev->round);
    sqlite3_bind_int(s, 3, (int)(r - ev->run));
    sqlite3_bind_int(s, 4, r->k);
    sqlite3_bind_int(s, 5, r->attempt);
    if (run(db, s, err) != 0)
        return -1;
    *row = sqlite3_last_insert_rowid(db);
    return 0;
}

int tstore_deal_game(DdzStore *st, int64_t row, int64_t game, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(st);
    if (!db || !game)
        return 0;
    sqlite3_stmt *s = prep(db, "UPDATE tour_games SET game = ? WHERE id = ?", err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, game);
    sqlite3_bind_int64(s, 2, row);
    return run(db, s, err);
}

static int state_of(const char *name)
{
    for (int i = TOUR_REGISTERING; i <= TOUR_CANCELLED; i++)
        if (!strcmp(name, tourney_state_name(i)))
            return i;
    return TOUR_CANCELLED;
}

static int load_entrants(sqlite3 *db, Tourney *ev, DdzError *err)
{
    sqlite3_stmt *s = prep(db, "SELECT player, name, bot FROM tour_entrants WHERE tournament = ? ORDER BY entrant", err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, ev->id);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        TourEntrant *e;
        if (ev->nent == ev->capent) {
            int cap = ev->capent ? ev->capent * 2 : 32;
            if (!(e = realloc(ev->ent, (size_t)cap * sizeof *e))) {
                sqlite3_finalize(s);
                return ddz_error_set(err, 0, "out of memory");
            }
            ev->ent = e;
            ev->capent = cap;
        }
        e = &ev->ent[ev->nent++];
        memset(e, 0, sizeof *e);
        e->player = sqlite3_column_type(s, 0) == SQLITE_NULL ? 0 : sqlite3_column_int64(s, 0);
        snprintf(e->name, sizeof e->name, "%s", (const char *)sqlite3_column_text(s, 1));
        const unsigned char *bot = sqlite3_column_text(s, 2);
        snprintf(e->level, sizeof e->level, "%s", bot ? (const char *)bot : "");
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0 : fail(db, err, "read");
}

int tstore_load(DdzServer *srv, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(srv->store);
    if (!db)
        return 0;
    sqlite3_stmt *s = prep(db, "SELECT id, spec, state, seed, start FROM tournaments ORDER BY id", err);
    if (!s)
        return -1;
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        Tourney *ev = malloc(sizeof *ev);
        const char *spec = (const char *)sqlite3_column_text(s, 1);
        if (!ev || tourney_parse(spec ? spec : "", ev, srv->now, err) != 0 ||
            ddz_seed256_parse((const char *)sqlite3_column_text(s, 3), ev->seed, err) != 0) {
            free(ev);
            sqlite3_finalize(s);
            return -1;
        }
        ev->id = sqlite3_column_int64(s, 0);
        ev->state = state_of((const char *)sqlite3_column_text(s, 2));
        ev->start_at = sqlite3_column_int64(s, 4);
        if (load_entrants(db, ev, err) != 0 || srv->tours.n >= TOUR_MAX_EVENTS) {
            if (srv->tours.n >= TOUR_MAX_EVENTS)
                ddz_error_set(err, 0, "more than %d tournaments stored", TOUR_MAX_EVENTS);
            free(ev->ent);
            free(ev);
            sqlite3_finalize(s);
            return -1;
        }
        if (srv->tours.n == srv->tours.cap) {
            int cap = srv->tours.cap ? srv->tours.cap * 2 : 4;
            Tourney **a = realloc(srv->tours.ev, (size_t)cap * sizeof *a);
            if (!a) {
                free(ev->ent);
                free(ev);
                sqlite3_finalize(s);
                return ddz_error_set(err, 0, "out of memory");
            }
            srv->tours.ev = a;
            srv->tours.cap = cap;
        }
        srv->tours.ev[srv->tours.n++] = ev;
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0 : fail(db, err, "read");
}

int tstore_table_games(DdzStore *st, const Tourney *ev, int round, int table,
                       int (*fn)(void *ctx, int k, int attempt, const char *status, const char *record), void *ctx,
                       DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(st);
    if (!db)
        return 0;
    sqlite3_stmt *s = prep(db,
                           "SELECT t.k, t.attempt, COALESCE(g.status, 'aborted'), r.text FROM tour_games t "
                           "LEFT JOIN games g ON g.id = t.game LEFT JOIN records r ON r.game = t.game "
                           "WHERE t.tournament = ? AND t.round = ? AND t.tab = ? ORDER BY t.id",
                           err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, ev->id);
    sqlite3_bind_int(s, 2, round);
    sqlite3_bind_int(s, 3, table);
    int rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        const char *record = (const char *)sqlite3_column_text(s, 3);
        if (fn(ctx, sqlite3_column_int(s, 0), sqlite3_column_int(s, 1), (const char *)sqlite3_column_text(s, 2),
               record ? record : "") != 0) {
            sqlite3_finalize(s);
            return -1;
        }
    }
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0 : fail(db, err, "read");
}
