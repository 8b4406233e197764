/* tourney_store.c -- tournaments in the server's SQLite database, beside the store's tables:
 * the event (its description, state and secret seed), its entrants, and one row per deal of a
 * table that points at the deal's `games` row. Results are never copied here: a finished game
 * is read back from its record, which the store writes in the game's own end transaction, so a
 * restart finds every result exactly once (docs/PROTOCOL.md, "Tournaments", "Restarts"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/record.h"
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

static int by_id(const void *a, const void *b)
{
    int64_t x = (*(Tourney *const *)a)->id, y = (*(Tourney *const *)b)->id;
    return x < y ? -1 : x > y;
}

int tstore_load(DdzServer *srv, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(srv->store);
    if (!db)
        return 0;
    /* The newest events, and every one not over (a server holds TOUR_MAX_EVENTS at most). */
    sqlite3_stmt *s = prep(db,
                           "SELECT id, spec, state, seed, start FROM tournaments WHERE state IN ('registering', "
                           "'running') OR id > (SELECT COALESCE(MAX(id), 0) FROM tournaments) - 50 "
                           "ORDER BY state IN ('registering', 'running') DESC, id DESC",
                           err);
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
        bool over = ev->state == TOUR_FINISHED || ev->state == TOUR_CANCELLED;
        if (srv->tours.n >= TOUR_MAX_EVENTS && over) { /* an older one that is over: left in the store */
            free(ev);
            continue;
        }
        if (load_entrants(db, ev, err) != 0 || srv->tours.n >= TOUR_MAX_EVENTS) {
            if (srv->tours.n >= TOUR_MAX_EVENTS)
                ddz_error_set(err, 0, "more than %d tournaments are not over", TOUR_MAX_EVENTS);
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
    if (srv->tours.n > 1)
        qsort(srv->tours.ev, (size_t)srv->tours.n, sizeof *srv->tours.ev, by_id);
    return rc == SQLITE_DONE ? 0 : fail(db, err, "read");
}

/* The result of a finished game from its record, which must be the drawn deal k, attempt a. */
static int record_result(const DdzTour *t, const DdzTourTable *tb, int k, int a, const char *record, DdzGame *g,
                         DdzResult *res, DdzError *err)
{
    char *text = strdup(record);
    FILE *f = text ? fmemopen(text, strlen(text), "r") : NULL;
    if (!f) {
        free(text);
        return ddz_error_set(err, 0, "out of memory");
    }
    DdzRecordReader rd;
    DdzRecordInfo info;
    DdzError e;
    ddz_record_reader_init(&rd, f);
    int rc = ddz_record_read(&rd, g, &info, &e);
    fclose(f);
    free(text);
    uint8_t want[DDZ_SEED256_BYTES];
    uint64_t seed64;
    ddz_tour_game_seed(t, tb, k, a, &seed64, want);
    if (rc != 1 || g->phase != DDZ_PHASE_OVER || !info.has_seed256 || memcmp(info.seed256, want, sizeof want) ||
        ddz_game_result(g, res) != 0)
        return ddz_error_set(err, 0, "the record of game %d (deal %d) does not hold: %.100s", k + 1, a + 1,
                             rc < 0 ? e.msg : "not the drawn deal, or no result");
    return 0;
}

int tstore_table_replay(DdzStore *st, int64_t tour, DdzTour *t, int round, int tab, int *k, int *attempt, long *deals,
                        FILE *out, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(st);
    *k = *attempt = 0;
    *deals = 0;
    if (!db)
        return 0;
    DdzTourTable *tb = &t->tables[t->rounds[round].first_table + tab];
    sqlite3_stmt *s = prep(db,
                           "SELECT t.k, t.attempt, COALESCE(g.status, 'aborted'), r.text FROM tour_games t "
                           "LEFT JOIN games g ON g.id = t.game LEFT JOIN records r ON r.game = t.game "
                           "WHERE t.tournament = ? AND t.round = ? AND t.tab = ? ORDER BY t.id",
                           err);
    DdzGame *g = malloc(sizeof *g);
    if (!s || !g) {
        sqlite3_finalize(s);
        free(g);
        return s ? ddz_error_set(err, 0, "out of memory") : -1;
    }
    sqlite3_bind_int64(s, 1, tour);
    sqlite3_bind_int(s, 2, round);
    sqlite3_bind_int(s, 3, tab);
    int rc, fault = 0;
    while (!fault && (rc = sqlite3_step(s)) == SQLITE_ROW) {
        int gk = sqlite3_column_int(s, 0), ga = sqlite3_column_int(s, 1);
        const char *status = (const char *)sqlite3_column_text(s, 2);
        const char *record = (const char *)sqlite3_column_text(s, 3);
        /* A deal after an aborted one of the same game may be a later one (a game the engine
         * could not go on with is dealt afresh); anything else out of order is a fault. */
        if (gk != *k || ga < *attempt) {
            fault = ddz_error_set(err, 0, "round %d table %d: deal %d of game %d stored where deal %d of game %d was "
                                  "due", round + 1, tab + 1, ga + 1, gk + 1, *attempt + 1, *k + 1);
            break;
        }
        *attempt = ga;
        if (!strcmp(status, "aborted") || !strcmp(status, "playing"))
            continue; /* cut by a restart: the same deal is dealt again */
        if (!record) {
            fault = ddz_error_set(err, 0, "round %d table %d: game %d has no record", round + 1, tab + 1, gk + 1);
            break;
        }
        if (out) {
            size_t len = strlen(record);
            fputs(record, out);
            if (len && record[len - 1] != '\n')
                fputc('\n', out);
        }
        (*deals)++;
        if (!strcmp(status, "redeal")) {
            (*attempt)++;
            continue;
        }
        DdzResult res;
        if (record_result(t, tb, gk, ga, record, g, &res, err) != 0) {
            fault = -1;
            break;
        }
        ddz_tour_table_add(tb, gk, t->cfg.games, &res);
        (*k)++;
        *attempt = 0;
    }
    sqlite3_finalize(s);
    free(g);
    if (fault)
        return -1;
    return rc == SQLITE_DONE ? 0 : fail(db, err, "read");
}

/* ddz serve --tour-record: a finished event's record (docs/TOURNAMENT.md) from the store. */
int ddz_store_tour_record(DdzStore *st, int64_t id, FILE *out, DdzError *err)
{
    sqlite3 *db = ddz_store_sqlite(st);
    if (!db)
        return ddz_error_set(err, 0, "tournaments are kept in SQLite only");
    sqlite3_stmt *s = prep(db, "SELECT spec, state, seed FROM tournaments WHERE id = ?", err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, id);
    if (sqlite3_step(s) != SQLITE_ROW) {
        sqlite3_finalize(s);
        return ddz_error_set(err, 0, "there is no tournament %lld", (long long)id);
    }
    Tourney *ev = malloc(sizeof *ev);
    char **names = NULL;
    int rc = -1;
    bool has_t = false;
    DdzTour t;
    if (!ev) {
        ddz_error_set(err, 0, "out of memory");
        goto done;
    }
    if (tourney_parse((const char *)sqlite3_column_text(s, 0), ev, 0, err) != 0 ||
        ddz_seed256_parse((const char *)sqlite3_column_text(s, 2), ev->seed, err) != 0)
        goto done;
    ev->id = id;
    if (strcmp((const char *)sqlite3_column_text(s, 1), "finished")) {
        ddz_error_set(err, 0, "tournament %lld is %s: its record is written once it is finished", (long long)id,
                      (const char *)sqlite3_column_text(s, 1));
        goto done;
    }
    if (load_entrants(db, ev, err) != 0)
        goto done;
    DdzTourConfig cfg;
    tourney_config(ev, &cfg);
    if (!(names = calloc((size_t)ev->nent, sizeof *names)) || ddz_tour_new(&t, &cfg, NULL, ev->seed, err) != 0) {
        if (!names)
            ddz_error_set(err, 0, "out of memory");
        goto done;
    }
    has_t = true;
    for (int e = 0; e < ev->nent; e++)
        names[e] = ev->ent[e].name;
    if (ddz_tour_write_header(out, &t, (const char *const *)names, err) != 0)
        goto done;
    while (!ddz_tour_over(&t)) {
        /* A round is written once it is played (its lots drawn), as ddz tournament writes it. */
        int ri = ddz_tour_draw(&t, err);
        if (ri < 0)
            goto done;
        int n = t.rounds[ri].ntables, ok = 0;
        char **games = calloc((size_t)n, sizeof *games);
        for (int i = 0; games && i < n; i++, ok++) {
            size_t len;
            FILE *mem = open_memstream(&games[i], &len);
            int k, a;
            long deals;
            int r1 = mem ? tstore_table_replay(st, id, &t, ri, i, &k, &a, &deals, mem, err) : -1;
            if (mem)
                fclose(mem);
            if (r1 != 0 || !games[i])
                break;
        }
        if (games && ok == n && ddz_tour_finish_round(&t, err) == 0 && ddz_tour_write_round(out, &t, ri, err) == 0) {
            for (int i = 0; i < n && ok == n; i++) {
                DdzTourTable *tb = &t.tables[t.rounds[ri].first_table + i];
                if (ddz_tour_write_table_begin(out, &t, tb, err) != 0 || fputs(games[i], out) < 0 ||
                    ddz_tour_write_table_end(out, &t, tb, err) != 0)
                    ok = -1;
            }
        } else if (!games) {
            ddz_error_set(err, 0, "out of memory");
        }
        for (int i = 0; games && i < n; i++)
            free(games[i]);
        bool good = games && ok == n;
        free(games);
        if (!good)
            goto done;
    }
    rc = ddz_tour_write_standings(out, &t, err);
done:
    sqlite3_finalize(s);
    if (has_t)
        ddz_tour_free(&t);
    free(names);
    if (ev)
        free(ev->ent);
    free(ev);
    return rc;
}
