/* store_pg.c -- DdzStore in PostgreSQL (libpq), so that several ddz serve processes share one
 * store of players, tokens, games and results. Each server registers itself in `servers` and
 * says it is alive (ddz_pg_maintain); the games of a server silent for 30 s (killed, cut off)
 * are aborted by whichever server looks next, and their people get a notice. A game's end is
 * one transaction that only moves a game from "playing" (UPDATE ... WHERE status = 'playing'):
 * with the results' primary key (game, seat) a game id is never scored twice, and an end sent
 * again after a lost connection is refused without effect. A broken connection is reset once
 * per call (the database restarted). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>
#include <sodium.h>

#include "pg_conn.h"
#include "store_pg.h"

#define STALE_MS 30000
#define DEADLINE_MS 100 /* a server's statements: the longest one waits (DDZ_PG_DEADLINE_MS) */
#define WRITE_DEADLINE_MS 1000 /* the writer thread's (DDZ_PG_WRITE_DEADLINE_MS) */
#define OPEN_DEADLINE_MS 10000
/* The writer thread may wait for a new connection (a database that restarted answers at
 * once, and the end it writes is then not kept for later). */
#define WRITER_CONNECT_WAIT_MS 500 /* the opening's (the schema may wait for another server's) */

/* How long a silent server counts as alive: 30 s, or DDZ_PG_STALE_MS (tests). */
static int64_t stale_ms(void)
{
    const char *e = getenv("DDZ_PG_STALE_MS");
    long long v = e ? atoll(e) : 0;
    return v > 0 ? v : STALE_MS;
}

/* How long a running server's statement waits for its answer: DEADLINE_MS, or
 * DDZ_PG_DEADLINE_MS (docs/SCALING.md). */
static int env_ms(const char *name, int dflt)
{
    const char *e = getenv(name);
    long v = e ? atol(e) : 0;
    return v > 0 && v <= 600000 ? (int)v : dflt;
}

static int deadline_ms(void)
{
    return env_ms("DDZ_PG_DEADLINE_MS", DEADLINE_MS);
}

struct DdzPg {
    PgConn pc;         /* the connection, made again without blocking when it breaks */
    char server[40];   /* this process's id in `servers` */
    bool readonly;
    bool twin;         /* a second connection of the same server (the writer thread's) */
    bool in_tx;        /* between BEGIN and COMMIT or ROLLBACK */
    int deadline_ms;   /* the longest a statement waits for its answer (0: no limit) */
    int connect_wait_ms; /* the longest a call waits for a new connection (the loop's: 5 ms) */
};

static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS players(id BIGINT PRIMARY KEY, name TEXT NOT NULL, token_hash BYTEA NOT NULL UNIQUE,"
    "  created BIGINT NOT NULL, score BIGINT NOT NULL DEFAULT 0, games BIGINT NOT NULL DEFAULT 0,"
    "  wins BIGINT NOT NULL DEFAULT 0);"
    "CREATE SEQUENCE IF NOT EXISTS players_id_seq;"
    "CREATE TABLE IF NOT EXISTS servers(id TEXT PRIMARY KEY, seen BIGINT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS games(id BIGSERIAL PRIMARY KEY, server TEXT NOT NULL, room BIGINT NOT NULL,"
    "  options TEXT NOT NULL, status TEXT NOT NULL CHECK(status IN ('playing','finished','redeal','aborted')),"
    "  started BIGINT NOT NULL, ended BIGINT, commit_hash TEXT NOT NULL, seed TEXT, salt TEXT, landlord INT,"
    "  landlord_won INT);"
    "CREATE INDEX IF NOT EXISTS games_playing ON games(server) WHERE status = 'playing';"
    "CREATE TABLE IF NOT EXISTS results(game BIGINT NOT NULL REFERENCES games(id), seat INT NOT NULL,"
    "  player BIGINT REFERENCES players(id), name TEXT NOT NULL, score INT NOT NULL, penalty INT NOT NULL DEFAULT 0,"
    "  PRIMARY KEY(game, seat));"
    "CREATE TABLE IF NOT EXISTS records(game BIGINT PRIMARY KEY REFERENCES games(id), text TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS game_seats(game BIGINT NOT NULL REFERENCES games(id), seat INT NOT NULL,"
    "  player BIGINT NOT NULL REFERENCES players(id), PRIMARY KEY(game, seat));"
    "CREATE TABLE IF NOT EXISTS notices(player BIGINT NOT NULL REFERENCES players(id),"
    "  game BIGINT NOT NULL REFERENCES games(id), room BIGINT NOT NULL, reason TEXT NOT NULL,"
    "  PRIMARY KEY(player, game));"
    "CREATE INDEX IF NOT EXISTS players_score ON players(score DESC);";

/* The database's clock in milliseconds: one clock for every server. */
#define NOW_MS "(extract(epoch from clock_timestamp()) * 1000)::bigint"

static int fail(DdzPg *pg, DdzError *err, const char *what, const PGresult *r)
{
    const char *m = r ? PQresultErrorMessage(r) : "";
    if ((!m || !*m) && pg->pc.c)
        m = PQerrorMessage(pg->pc.c);
    char line[200];
    snprintf(line, sizeof line, "%s", m ? m : "?");
    line[strcspn(line, "\n")] = '\0';
    return ddz_error_set(err, 0, "postgresql: %s: %s", what, line);
}

/* Runs one statement with text parameters; NULL (with err) unless it succeeded. It waits for
 * the answer pg->deadline_ms at most (pg_conn_exec): past it the connection is dropped and
 * made again in the background, and the store is away meanwhile. A broken connection outside
 * a transaction is made again (waiting a few milliseconds at most: pg_conn.h) and the
 * statement tried once more; inside one, the statement fails (the transaction is gone with
 * the connection, and its caller rolls back). */
static PGresult *run(DdzPg *pg, const char *sql, int n, const char *const *params, DdzError *err, const char *what)
{
    bool tx = pg->in_tx;
    if (!strcmp(sql, "COMMIT") || !strcmp(sql, "ROLLBACK"))
        pg->in_tx = false;
    for (int attempt = 0; attempt < 2; attempt++) {
        if (PQstatus(pg->pc.c) != CONNECTION_OK) {
            if (tx) {
                ddz_error_set(err, 0, "postgresql: %s: the connection was lost during the transaction", what);
                return NULL;
            }
            if (!pg_conn_ready(&pg->pc, pg->connect_wait_ms, err, what))
                return NULL;
        }
        PGresult *r = pg_conn_exec(&pg->pc, sql, n, params, pg->deadline_ms, err, what);
        if (!r && !pg->pc.c)
            return NULL; /* past the deadline: the database is slow or stopped, not tried again */
        ExecStatusType s = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
        if (s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK) {
            if (!strcmp(sql, "BEGIN"))
                pg->in_tx = true;
            return r;
        }
        if (attempt == 0 && !tx && PQstatus(pg->pc.c) == CONNECTION_BAD) {
            PQclear(r);
            continue;
        }
        if (r)
            fail(pg, err, what, r);
        PQclear(r);
        return NULL;
    }
    return NULL;
}

bool ddz_pg_poll(DdzPg *pg)
{
    return pg_conn_poll(&pg->pc);
}

static int run_done(DdzPg *pg, const char *sql, int n, const char *const *params, DdzError *err, const char *what)
{
    PGresult *r = run(pg, sql, n, params, err, what);
    PQclear(r);
    return r ? 0 : -1;
}

static void i64(char *buf, int64_t v)
{
    snprintf(buf, 24, "%" PRId64, v);
}

static void hex32(const uint8_t h[32], char out[67])
{
    out[0] = '\\';
    out[1] = 'x';
    for (int i = 0; i < 32; i++)
        snprintf(out + 2 + 2 * i, 3, "%02x", h[i]);
}

/* Aborts the games of servers that have been silent for STALE_MS (and of this one's past
 * lives), telling their people; returns how many, or -1. */
static int abort_stale(DdzPg *pg, DdzError *err)
{
    static const char notices[] =
        "INSERT INTO notices(player, game, room, reason) SELECT s.player, g.id, g.room, "
        "'the server stopped during the game' FROM games g JOIN game_seats s ON s.game = g.id "
        "LEFT JOIN servers v ON v.id = g.server WHERE g.status = 'playing' AND "
        "(v.id IS NULL OR v.seen < " NOW_MS " - $1::bigint) ON CONFLICT DO NOTHING";
    static const char games[] =
        "UPDATE games g SET status = 'aborted' WHERE g.status = 'playing' AND NOT EXISTS "
        "(SELECT 1 FROM servers v WHERE v.id = g.server AND v.seen >= " NOW_MS " - $1::bigint)";
    char stale[24];
    i64(stale, stale_ms());
    const char *p[1] = {stale};
    if (run_done(pg, "BEGIN", 0, NULL, err, "begin") != 0)
        return -1;
    PGresult *r = NULL;
    if (run_done(pg, notices, 1, p, err, "abort notices") != 0 || !(r = run(pg, games, 1, p, err, "abort games"))) {
        run_done(pg, "ROLLBACK", 0, NULL, NULL, "rollback");
        return -1;
    }
    int n = atoi(PQcmdTuples(r));
    PQclear(r);
    return run_done(pg, "COMMIT", 0, NULL, err, "commit") == 0 ? n : -1;
}

int ddz_pg_maintain(DdzPg *pg, int *aborted, DdzError *err)
{
    const char *p[1] = {pg->server};
    if (run_done(pg, "UPDATE servers SET seen = " NOW_MS " WHERE id = $1", 1, p, err, "alive") != 0)
        return -1;
    int n = abort_stale(pg, err);
    if (aborted)
        *aborted = n > 0 ? n : 0;
    return n < 0 ? -1 : 0;
}

DdzPg *ddz_pg_open(const char *url, bool readonly, int *aborted, DdzError *err)
{
    DdzPg *pg = calloc(1, sizeof *pg);
    if (!pg) {
        ddz_error_set(err, 0, "out of memory");
        return NULL;
    }
    pg->readonly = readonly;
    pg->connect_wait_ms = PG_CONN_WAIT_MS;
    if (pg_conn_open(&pg->pc, url, PG_CONN_TIMEOUT_MS, err) != 0) {
        ddz_pg_close(pg);
        return NULL;
    }
    if (readonly) /* reports and exports: no one waits on them */
        return pg;
    pg->deadline_ms = OPEN_DEADLINE_MS;
    uint8_t raw[8];
    randombytes_buf(raw, sizeof raw);
    snprintf(pg->server, sizeof pg->server, "s-");
    for (int i = 0; i < 8; i++)
        snprintf(pg->server + 2 + 2 * i, 3, "%02x", raw[i]);
    /* One server at a time creates the schema (an advisory lock: CREATE IF NOT EXISTS races). */
    const char *p[1] = {pg->server};
    if (run_done(pg, "BEGIN", 0, NULL, err, "begin") != 0 ||
        run_done(pg, "SELECT pg_advisory_xact_lock(7733)", 0, NULL, err, "lock") != 0 ||
        run_done(pg, SCHEMA, 0, NULL, err, "schema") != 0 ||
        run_done(pg, "INSERT INTO servers(id, seen) VALUES($1, " NOW_MS ")", 1, p, err, "register") != 0 ||
        run_done(pg, "COMMIT", 0, NULL, err, "commit") != 0) {
        ddz_pg_close(pg);
        return NULL;
    }
    int n = abort_stale(pg, err);
    if (n < 0) {
        ddz_pg_close(pg);
        return NULL;
    }
    if (aborted)
        *aborted = n;
    pg->deadline_ms = deadline_ms();
    return pg;
}

DdzPg *ddz_pg_twin(const DdzPg *pg, DdzError *err)
{
    DdzPg *t = calloc(1, sizeof *t);
    if (!t) {
        ddz_error_set(err, 0, "out of memory");
        return NULL;
    }
    t->twin = true;
    if (pg_conn_open(&t->pc, pg->pc.url, PG_CONN_TIMEOUT_MS, err) != 0) {
        ddz_pg_close(t);
        return NULL;
    }
    memcpy(t->server, pg->server, sizeof t->server);
    t->deadline_ms = env_ms("DDZ_PG_WRITE_DEADLINE_MS", WRITE_DEADLINE_MS);
    t->connect_wait_ms = WRITER_CONNECT_WAIT_MS;
    return t;
}

bool ddz_pg_connect_wait(DdzPg *pg, int wait_ms)
{
    DdzError err;
    return PQstatus(pg->pc.c) == CONNECTION_OK || pg_conn_ready(&pg->pc, wait_ms, &err, "connect");
}

void ddz_pg_close(DdzPg *pg)
{
    if (!pg)
        return;
    if (pg->server[0] && !pg->twin && PQstatus(pg->pc.c) == CONNECTION_OK) {
        /* A clean stop: this server's games are aborted (with notices) by the next look. */
        const char *p[1] = {pg->server};
        DdzError e;
        pg->deadline_ms = 1000; /* a stopped database does not hold up the stop for long */
        PQclear(pg_conn_exec(&pg->pc, "UPDATE servers SET seen = 0 WHERE id = $1", 1, p, pg->deadline_ms, &e,
                             "stop"));
        if (pg->pc.c)
            abort_stale(pg, &e);
        if (pg->pc.c)
            PQclear(pg_conn_exec(&pg->pc, "DELETE FROM servers WHERE id = $1", 1, p, pg->deadline_ms, &e, "stop"));
    }
    pg_conn_close(&pg->pc);
    free(pg);
}

int ddz_pg_player_id(DdzPg *pg, int64_t *id, DdzError *err)
{
    PGresult *r = run(pg, "SELECT nextval('players_id_seq')", 0, NULL, err, "player ids");
    if (!r)
        return -1;
    *id = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
    PQclear(r);
    return 0;
}

int ddz_pg_player_insert(DdzPg *pg, int64_t id, const char *name, const uint8_t token_hash[32], int64_t now,
                         DdzError *err)
{
    char sid[24], snow[24], hash[67];
    i64(sid, id);
    i64(snow, now);
    hex32(token_hash, hash);
    const char *p[4] = {sid, name, hash, snow};
    return run_done(pg, "INSERT INTO players(id, name, token_hash, created) VALUES($1, $2, $3::bytea, $4)", 4, p, err,
                    "new player");
}

int ddz_pg_player_rename(DdzPg *pg, int64_t id, const char *name, DdzError *err)
{
    char sid[24];
    i64(sid, id);
    const char *p[2] = {name, sid};
    return run_done(pg, "UPDATE players SET name = $1 WHERE id = $2", 2, p, err, "rename");
}

static int one_player(PGresult *r, DdzStorePlayer *out)
{
    if (!r)
        return -1;
    int found = PQntuples(r) > 0;
    if (found) {
        out->id = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
        snprintf(out->name, sizeof out->name, "%s", PQgetvalue(r, 0, 1));
        out->score = strtoll(PQgetvalue(r, 0, 2), NULL, 10);
        out->games = strtoll(PQgetvalue(r, 0, 3), NULL, 10);
        out->wins = strtoll(PQgetvalue(r, 0, 4), NULL, 10);
    }
    PQclear(r);
    return found;
}

int ddz_pg_player_find(DdzPg *pg, const uint8_t token_hash[32], DdzStorePlayer *out, DdzError *err)
{
    char hash[67];
    hex32(token_hash, hash);
    const char *p[1] = {hash};
    return one_player(run(pg, "SELECT id, name, score, games, wins FROM players WHERE token_hash = $1::bytea", 1, p,
                          err, "find player"),
                      out);
}

int ddz_pg_player_get(DdzPg *pg, int64_t id, DdzStorePlayer *out, DdzError *err)
{
    char sid[24];
    i64(sid, id);
    const char *p[1] = {sid};
    return one_player(run(pg, "SELECT id, name, score, games, wins FROM players WHERE id = $1", 1, p, err, "player"),
                      out);
}

int ddz_pg_game_start(DdzPg *pg, int64_t room, const char *options, const char *commit, int64_t now, int64_t *game,
                      DdzError *err)
{
    char sroom[24], snow[24];
    i64(sroom, room);
    i64(snow, now);
    const char *p[5] = {pg->server, sroom, options, snow, commit};
    PGresult *r = run(pg, "INSERT INTO games(server, room, options, status, started, commit_hash) "
                          "VALUES($1, $2, $3, 'playing', $4, $5) RETURNING id", 5, p, err, "new game");
    if (!r)
        return -1;
    *game = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
    PQclear(r);
    return 0;
}

int ddz_pg_game_players(DdzPg *pg, int64_t game, const int64_t player[3], DdzError *err)
{
    for (int seat = 0; seat < 3; seat++) {
        if (!player[seat])
            continue;
        char sg[24], ss[24], sp[24];
        i64(sg, game);
        i64(ss, seat);
        i64(sp, player[seat]);
        const char *p[3] = {sg, ss, sp};
        if (run_done(pg, "INSERT INTO game_seats(game, seat, player) VALUES($1, $2, $3) ON CONFLICT DO NOTHING", 3,
                     p, err, "game seats") != 0)
            return -1;
    }
    return 0;
}

int ddz_pg_game_end(DdzPg *pg, const DdzStoreEnd *e, DdzError *err)
{
    char sg[24], snow[24], ll[24], won[24];
    i64(sg, e->game);
    i64(snow, e->now);
    i64(ll, e->landlord);
    i64(won, e->landlord_won);
    if (run_done(pg, "BEGIN", 0, NULL, err, "begin") != 0)
        return -1;
    /* Only a game still playing ends: never twice. A game that was aborted because its server
     * fell silent (ended IS NULL: the database was away from it, or it was killed and its end
     * is read back from its results journal) ends too: it was played to the end, and its
     * people are not told otherwise. Only the server that dealt a game, or its next life,
     * knows its end. */
    const char *p[7] = {e->redeal ? "redeal" : "finished", snow, e->seed, e->salt, e->redeal ? NULL : ll,
                        e->redeal ? NULL : won, sg};
    PGresult *r = run(pg, "UPDATE games SET status = $1, ended = $2, seed = $3, salt = $4, landlord = $5, "
                          "landlord_won = $6 WHERE id = $7 AND (status = 'playing' OR "
                          "(status = 'aborted' AND ended IS NULL))", 7, p, err, "end game");
    if (!r)
        goto rollback;
    bool moved = !strcmp(PQcmdTuples(r), "1");
    PQclear(r);
    if (!moved) {
        ddz_error_set(err, 0, "game %lld is not playing (already ended or aborted)", (long long)e->game);
        run_done(pg, "ROLLBACK", 0, NULL, NULL, "rollback");
        return -2;
    }
    const char *pn[1] = {sg};
    if (run_done(pg, "DELETE FROM notices WHERE game = $1", 1, pn, err, "notices") != 0)
        goto rollback;
    const char *pr[2] = {sg, e->record};
    if (run_done(pg, "INSERT INTO records(game, text) VALUES($1, $2)", 2, pr, err, "record") != 0)
        goto rollback;
    for (int seat = 0; !e->redeal && seat < 3; seat++) {
        char ss[24], sp[24], sc[24], pen[24], delta[24], w[24];
        i64(ss, seat);
        i64(sp, e->player[seat]);
        i64(sc, e->score[seat]);
        i64(pen, e->penalty[seat]);
        i64(delta, (int64_t)e->score[seat] - e->penalty[seat]);
        i64(w, e->score[seat] > 0);
        const char *pres[6] = {sg, ss, e->player[seat] ? sp : NULL, e->name[seat], sc, pen};
        if (run_done(pg, "INSERT INTO results(game, seat, player, name, score, penalty) VALUES($1, $2, $3, $4, $5, $6)",
                     6, pres, err, "result") != 0)
            goto rollback;
        if (!e->player[seat])
            continue;
        const char *pp[3] = {delta, w, sp};
        if (run_done(pg, "UPDATE players SET score = score + $1, games = games + 1, wins = wins + $2 WHERE id = $3", 3,
                     pp, err, "player totals") != 0)
            goto rollback;
    }
    if (run_done(pg, "COMMIT", 0, NULL, err, "commit") == 0)
        return 0;
rollback:
    run_done(pg, "ROLLBACK", 0, NULL, NULL, "rollback");
    return -1;
}

int ddz_pg_game_abort(DdzPg *pg, int64_t game, const char *reason, DdzError *err)
{
    char sg[24];
    i64(sg, game);
    if (reason) {
        const char *p[2] = {reason, sg};
        if (run_done(pg, "INSERT INTO notices(player, game, room, reason) SELECT s.player, g.id, g.room, $1 "
                         "FROM games g JOIN game_seats s ON s.game = g.id WHERE g.id = $2 AND g.status = 'playing' "
                         "ON CONFLICT DO NOTHING", 2, p, err, "abort notices") != 0)
            return -1;
    }
    const char *p[1] = {sg};
    return run_done(pg, "UPDATE games SET status = 'aborted', ended = " NOW_MS " WHERE id = $1 AND status = 'playing'", 1, p, err,
                    "abort game");
}

int ddz_pg_notices_take(DdzPg *pg, int64_t player, DdzStoreNotice *out, int max, DdzError *err)
{
    char sp[24], sm[24];
    i64(sp, player);
    i64(sm, max);
    const char *p[2] = {sp, sm};
    PGresult *r = run(pg, "DELETE FROM notices WHERE (player, game) IN (SELECT player, game FROM notices "
                          "WHERE player = $1 ORDER BY game LIMIT $2) RETURNING game, room, reason", 2, p, err, "notices");
    if (!r)
        return -1;
    int n = PQntuples(r) < max ? PQntuples(r) : max;
    for (int i = 0; i < n; i++) {
        out[i].game = strtoll(PQgetvalue(r, i, 0), NULL, 10);
        out[i].room = strtoll(PQgetvalue(r, i, 1), NULL, 10);
        snprintf(out[i].reason, sizeof out[i].reason, "%s", PQgetvalue(r, i, 2));
    }
    PQclear(r);
    return n;
}

int ddz_pg_leaderboard(DdzPg *pg, DdzStorePlayer *out, int max, DdzError *err)
{
    char sm[24];
    i64(sm, max);
    const char *p[1] = {sm};
    /* One row per name, as the SQLite store (store.h). */
    PGresult *r = run(pg, "SELECT MIN(id), name, SUM(score), SUM(games), SUM(wins) FROM players "
                          "WHERE games > 0 GROUP BY name ORDER BY 3 DESC, 4 ASC, 1 ASC LIMIT $1", 1, p, err,
                      "leaderboard");
    if (!r)
        return -1;
    int n = PQntuples(r) < max ? PQntuples(r) : max;
    for (int i = 0; i < n; i++) {
        out[i].id = strtoll(PQgetvalue(r, i, 0), NULL, 10);
        snprintf(out[i].name, sizeof out[i].name, "%s", PQgetvalue(r, i, 1));
        out[i].score = strtoll(PQgetvalue(r, i, 2), NULL, 10);
        out[i].games = strtoll(PQgetvalue(r, i, 3), NULL, 10);
        out[i].wins = strtoll(PQgetvalue(r, i, 4), NULL, 10);
    }
    PQclear(r);
    return n;
}

int ddz_pg_stats(DdzPg *pg, DdzStoreStats *o, DdzError *err)
{
    PGresult *r = run(pg,
                      "SELECT (SELECT count(*) FROM players), "
                      "(SELECT count(*) FROM games WHERE status = 'playing'), "
                      "(SELECT count(*) FROM games WHERE status = 'finished'), "
                      "(SELECT count(*) FROM games WHERE status = 'aborted'), "
                      "(SELECT count(*) FROM games WHERE status = 'redeal'), (SELECT count(*) FROM results), "
                      "(SELECT coalesce(sum(score), 0) FROM players), "
                      "(SELECT coalesce(sum(score - penalty), 0) FROM results WHERE player IS NOT NULL), "
                      "(SELECT coalesce(sum(penalty), 0) FROM results)",
                      0, NULL, err, "stats");
    if (!r)
        return -1;
    int64_t *f[9] = {&o->players,   &o->playing, &o->finished,   &o->aborted,    &o->redeals,
                     &o->results, &o->score_sum, &o->result_sum, &o->penalty_sum};
    for (int i = 0; i < 9; i++)
        *f[i] = strtoll(PQgetvalue(r, 0, i), NULL, 10);
    PQclear(r);
    return 0;
}

int ddz_pg_records(DdzPg *pg, int (*fn)(void *ctx, int64_t game, const char *record), void *ctx, DdzError *err)
{
    PGresult *r = run(pg, "SELECT game, text FROM records ORDER BY game", 0, NULL, err, "records");
    if (!r)
        return -1;
    int ret = 0;
    for (int i = 0; i < PQntuples(r) && !ret; i++)
        ret = fn(ctx, strtoll(PQgetvalue(r, i, 0), NULL, 10), PQgetvalue(r, i, 1));
    PQclear(r);
    return ret;
}
