/* store.c -- the server's SQLite storage: schema, players, the one-transaction game result,
 * crash recovery (unfinished games aborted), the leaderboard. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "ddz/commit.h"
#include "ddz/store.h"
#include "store_pg.h"
#include "store_sqlite.h"
#include "store_writer.h"

struct DdzStore {
    sqlite3 *db;
    DdzPg *pg;           /* PostgreSQL (store_pg.c) instead of SQLite */
    StoreWriter *w;      /* PostgreSQL, a running server's: the writer thread */
    int64_t next_player; /* the next player id to hand out (0: not read yet) */
};

/* The schema. A game row is written at the deal ("playing") and completed in the result's
 * transaction; scores change only there, so an aborted game changes none. */
static const char SCHEMA[] =
    "CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);"
    "INSERT OR IGNORE INTO meta VALUES('schema', '1');"
    "CREATE TABLE IF NOT EXISTS players("
    "  id INTEGER PRIMARY KEY, name TEXT NOT NULL, token_hash BLOB NOT NULL UNIQUE,"
    "  created INTEGER NOT NULL, score INTEGER NOT NULL DEFAULT 0,"
    "  games INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE IF NOT EXISTS games("
    "  id INTEGER PRIMARY KEY, room INTEGER NOT NULL, options TEXT NOT NULL,"
    "  status TEXT NOT NULL CHECK(status IN ('playing','finished','redeal','aborted')),"
    "  started INTEGER NOT NULL, ended INTEGER, commit_hash TEXT NOT NULL, seed TEXT, salt TEXT,"
    "  landlord INTEGER, landlord_won INTEGER);"
    "CREATE TABLE IF NOT EXISTS results("
    "  game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,"
    "  player INTEGER REFERENCES players(id), name TEXT NOT NULL, score INTEGER NOT NULL,"
    "  penalty INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(game, seat));"
    "CREATE TABLE IF NOT EXISTS records(game INTEGER PRIMARY KEY REFERENCES games(id), text TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS game_seats(game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,"
    "  player INTEGER NOT NULL REFERENCES players(id), PRIMARY KEY(game, seat));"
    "CREATE TABLE IF NOT EXISTS notices(player INTEGER NOT NULL REFERENCES players(id),"
    "  game INTEGER NOT NULL REFERENCES games(id), room INTEGER NOT NULL, reason TEXT NOT NULL,"
    "  PRIMARY KEY(player, game));"
    "CREATE INDEX IF NOT EXISTS games_status ON games(status);"
    "CREATE INDEX IF NOT EXISTS players_score ON players(score DESC);";

static int step_done(DdzStore *st, sqlite3_stmt *s, DdzError *err, const char *what);

static int fail(DdzStore *st, DdzError *err, const char *what)
{
    if (err) {
        err->pos = 0;
        snprintf(err->msg, sizeof err->msg, "%s: %s", what, st && st->db ? sqlite3_errmsg(st->db) : "no database");
    }
    return -1;
}

sqlite3 *ddz_store_sqlite(DdzStore *st)
{
    return st->db;
}

static int exec(DdzStore *st, const char *sql, DdzError *err)
{
    char *msg = NULL;
    if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "%s", msg ? msg : "sqlite error");
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

static sqlite3_stmt *prepare(DdzStore *st, const char *sql, DdzError *err)
{
    sqlite3_stmt *s = NULL;
    if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK) {
        fail(st, err, "prepare");
        return NULL;
    }
    return s;
}

static bool is_pg_url(const char *path)
{
    return !strncmp(path, "postgresql://", 13) || !strncmp(path, "postgres://", 11);
}

DdzStore *ddz_store_open(const char *path, bool sync_full, int *aborted, DdzError *err)
{
    DdzStore *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    if (is_pg_url(path)) {
        if (!(st->pg = ddz_pg_open(path, false, aborted, err))) {
            free(st);
            return NULL;
        }
        DdzPg *twin = ddz_pg_twin(st->pg, err);
        if (!twin || !(st->w = writer_new(twin, err))) {
            ddz_pg_close(twin);
            ddz_store_close(st);
            return NULL;
        }
        return st;
    }
    if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        snprintf(err->msg, sizeof err->msg, "cannot open %s: %s", path, st->db ? sqlite3_errmsg(st->db) : "?");
        sqlite3_close(st->db);
        free(st);
        return NULL;
    }
    sqlite3_busy_timeout(st->db, 5000);
    char pragmas[160];
    snprintf(pragmas, sizeof pragmas, "PRAGMA journal_mode=WAL; PRAGMA synchronous=%s; PRAGMA foreign_keys=ON;",
             sync_full ? "FULL" : "NORMAL");
    DdzError e;
    if (exec(st, pragmas, &e) != 0 || exec(st, SCHEMA, &e) != 0) {
        snprintf(err->msg, sizeof err->msg, "%.100s: %.140s", path, e.msg);
        ddz_store_close(st);
        return NULL;
    }
    /* Recovery: a game still "playing" was cut by a crash or a stop; it counts for nothing,
     * and its players are told when they come back. */
    if (exec(st, "INSERT OR IGNORE INTO notices(player, game, room, reason) SELECT s.player, g.id, g.room, "
                 "'the server stopped during the game' FROM games g JOIN game_seats s ON s.game = g.id "
                 "WHERE g.status = 'playing'", &e) != 0 ||
        exec(st, "UPDATE games SET status='aborted' WHERE status='playing'", &e) != 0) {
        snprintf(err->msg, sizeof err->msg, "%.100s: %.140s", path, e.msg);
        ddz_store_close(st);
        return NULL;
    }
    if (aborted)
        *aborted = sqlite3_changes(st->db);
    return st;
}

DdzStore *ddz_store_open_readonly(const char *path, DdzError *err)
{
    DdzStore *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    if (is_pg_url(path)) {
        if (!(st->pg = ddz_pg_open(path, true, NULL, err))) {
            free(st);
            return NULL;
        }
        return st;
    }
    if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        snprintf(err->msg, sizeof err->msg, "cannot open %s: %s", path, st->db ? sqlite3_errmsg(st->db) : "?");
        sqlite3_close(st->db);
        free(st);
        return NULL;
    }
    sqlite3_busy_timeout(st->db, 5000);
    return st;
}

void ddz_store_close(DdzStore *st)
{
    if (!st)
        return;
    writer_free(st->w); /* what it holds first: the game rows it ends must not be aborted */
    ddz_pg_close(st->pg);
    sqlite3_close(st->db);
    free(st);
}

bool ddz_store_poll(DdzStore *st)
{
    return st->pg && ddz_pg_poll(st->pg);
}

/* A write for the writer thread; NULL (out of memory: the caller writes it itself). */
static WriterOp *op_new(WriterKind kind, const char *text)
{
    WriterOp *op = calloc(1, sizeof *op);
    if (op && text && !(op->text = strdup(text))) {
        free(op);
        return NULL;
    }
    if (op)
        op->kind = kind;
    return op;
}

int ddz_store_maintain(DdzStore *st, int *aborted, DdzError *err)
{
    if (aborted)
        *aborted = 0;
    if (st->w) {
        WriterOp *op;
        if (writer_maintaining(st->w))
            return 1; /* the last one has not been run yet (the database is slow) */
        if ((op = op_new(W_MAINTAIN, NULL))) {
            writer_queue(st->w, op);
            return 1;
        }
    }
    return st->pg ? ddz_pg_maintain(st->pg, aborted, err) : 0;
}

bool ddz_store_async(const DdzStore *st)
{
    return st && st->w;
}

int ddz_store_game_end_queue(DdzStore *st, const DdzStoreEnd *end, void *tag, DdzError *err)
{
    WriterOp *op = st->w ? op_new(W_END, NULL) : NULL;
    if (!op)
        return ddz_error_set(err, 0, st->w ? "out of memory" : "the store has no writer thread");
    op->end = end;
    op->tag = tag;
    op->game = end->game;
    writer_queue(st->w, op);
    return 0;
}

bool ddz_store_done(DdzStore *st, DdzStoreDone *out)
{
    WriterOp *op = st->w ? writer_done(st->w) : NULL;
    if (!op)
        return false;
    out->kind = op->kind == W_END ? DDZ_STORE_DONE_END : op->kind == W_MAINTAIN ? DDZ_STORE_DONE_MAINTAIN
                                                                                : DDZ_STORE_DONE_WRITE;
    out->tag = op->tag;
    out->rc = op->rc;
    out->aborted = op->aborted;
    out->err = op->err;
    writer_op_free(op);
    return true;
}

void ddz_store_flush(DdzStore *st)
{
    if (st->w)
        writer_flush(st->w);
}

int ddz_store_player_id(DdzStore *st, int64_t *id, DdzError *err)
{
    if (st->pg)
        return ddz_pg_player_id(st->pg, id, err);
    if (!st->next_player) {
        sqlite3_stmt *s = prepare(st, "SELECT COALESCE(MAX(id), 0) FROM players", err);
        if (!s)
            return -1;
        int rc = sqlite3_step(s);
        if (rc == SQLITE_ROW)
            st->next_player = sqlite3_column_int64(s, 0) + 1;
        sqlite3_finalize(s);
        if (rc != SQLITE_ROW)
            return fail(st, err, "player ids");
    }
    *id = st->next_player++;
    return 0;
}

int ddz_store_player_insert(DdzStore *st, int64_t id, const char *name, const uint8_t token_hash[32], int64_t now,
                            DdzError *err)
{
    if (st->pg)
        return ddz_pg_player_insert(st->pg, id, name, token_hash, now, err);
    sqlite3_stmt *s = prepare(st, "INSERT INTO players(id, name, token_hash, created) VALUES(?, ?, ?, ?)", err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, id);
    sqlite3_bind_text(s, 2, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_blob(s, 3, token_hash, 32, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 4, now);
    return step_done(st, s, err, "new player");
}

int ddz_store_player_new(DdzStore *st, const char *name, const uint8_t token_hash[32], int64_t now, int64_t *id,
                         DdzError *err)
{
    if (ddz_store_player_id(st, id, err) != 0)
        return -1;
    return ddz_store_player_insert(st, *id, name, token_hash, now, err);
}

int ddz_store_player_rename(DdzStore *st, int64_t id, const char *name, DdzError *err)
{
    WriterOp *op = st->w ? op_new(W_RENAME, name) : NULL;
    if (op) {
        op->id = id;
        writer_queue(st->w, op);
        return 0;
    }
    if (st->pg)
        return ddz_pg_player_rename(st->pg, id, name, err);
    sqlite3_stmt *s = prepare(st, "UPDATE players SET name=? WHERE id=?", err);
    if (!s)
        return -1;
    sqlite3_bind_text(s, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 2, id);
    int rc = sqlite3_step(s);
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0 : fail(st, err, "rename player");
}

static void row_player(sqlite3_stmt *s, DdzStorePlayer *out)
{
    out->id = sqlite3_column_int64(s, 0);
    const unsigned char *name = sqlite3_column_text(s, 1);
    snprintf(out->name, sizeof out->name, "%s", name ? (const char *)name : "");
    out->score = sqlite3_column_int64(s, 2);
    out->games = sqlite3_column_int64(s, 3);
    out->wins = sqlite3_column_int64(s, 4);
}

static int find_one(DdzStore *st, sqlite3_stmt *s, DdzStorePlayer *out, DdzError *err)
{
    int rc = sqlite3_step(s), found = 0;
    if (rc == SQLITE_ROW) {
        row_player(s, out);
        found = 1;
    } else if (rc != SQLITE_DONE) {
        found = fail(st, err, "find player");
    }
    sqlite3_finalize(s);
    return found;
}

int ddz_store_player_find(DdzStore *st, const uint8_t token_hash[32], DdzStorePlayer *out, DdzError *err)
{
    if (st->pg)
        return ddz_pg_player_find(st->pg, token_hash, out, err);
    sqlite3_stmt *s = prepare(st, "SELECT id, name, score, games, wins FROM players WHERE token_hash=?", err);
    if (!s)
        return -1;
    sqlite3_bind_blob(s, 1, token_hash, 32, SQLITE_TRANSIENT);
    return find_one(st, s, out, err);
}

int ddz_store_player_get(DdzStore *st, int64_t id, DdzStorePlayer *out, DdzError *err)
{
    if (st->pg)
        return ddz_pg_player_get(st->pg, id, out, err);
    sqlite3_stmt *s = prepare(st, "SELECT id, name, score, games, wins FROM players WHERE id=?", err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, id);
    return find_one(st, s, out, err);
}

int ddz_store_game_start(DdzStore *st, int64_t room, const char *options, const char *commit, int64_t now,
                         int64_t *game, DdzError *err)
{
    if (st->pg)
        return ddz_pg_game_start(st->pg, room, options, commit, now, game, err);
    sqlite3_stmt *s = prepare(st, "INSERT INTO games(room, options, status, started, commit_hash) "
                                  "VALUES(?, ?, 'playing', ?, ?)", err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, room);
    sqlite3_bind_text(s, 2, options, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(s, 3, now);
    sqlite3_bind_text(s, 4, commit, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(s);
    sqlite3_finalize(s);
    if (rc != SQLITE_DONE)
        return fail(st, err, "new game");
    *game = sqlite3_last_insert_rowid(st->db);
    return 0;
}

/* Runs one prepared statement to its end; 0 or -1. */
static int step_done(DdzStore *st, sqlite3_stmt *s, DdzError *err, const char *what)
{
    int rc = s ? sqlite3_step(s) : SQLITE_ERROR;
    sqlite3_finalize(s);
    return rc == SQLITE_DONE ? 0 : fail(st, err, what);
}

int ddz_store_game_end(DdzStore *st, const DdzStoreEnd *e, DdzError *err)
{
    if (st->pg)
        return ddz_pg_game_end(st->pg, e, err);
    if (exec(st, "BEGIN IMMEDIATE", err) != 0)
        return -1;
    /* Step 1. The game row, only if it is still playing: a game is never counted twice. A game
     * that the opening of the store found playing (ended NULL: the server stopped while it
     * waited for the store) ends too: it was played to the end and its end was kept in the
     * results journal; the notices of its abort are withdrawn. */
    const char *seed = e->seed;
    sqlite3_stmt *s = prepare(st, "UPDATE games SET status=?, ended=?, seed=?, salt=?, landlord=?, landlord_won=? "
                                  "WHERE id=? AND (status='playing' OR (status='aborted' AND ended IS NULL))", err);
    if (!s)
        goto rollback;
    sqlite3_bind_text(s, 1, e->redeal ? "redeal" : "finished", -1, SQLITE_STATIC);
    sqlite3_bind_int64(s, 2, e->now);
    sqlite3_bind_text(s, 3, seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 4, e->salt, -1, SQLITE_TRANSIENT);
    if (e->redeal) {
        sqlite3_bind_null(s, 5);
        sqlite3_bind_null(s, 6);
    } else {
        sqlite3_bind_int(s, 5, e->landlord);
        sqlite3_bind_int(s, 6, e->landlord_won);
    }
    sqlite3_bind_int64(s, 7, e->game);
    if (step_done(st, s, err, "end game") != 0)
        goto rollback;
    if (sqlite3_changes(st->db) != 1) {
        snprintf(err->msg, sizeof err->msg, "game %lld is not playing (already ended or aborted)", (long long)e->game);
        exec(st, "ROLLBACK", NULL);
        return -2;
    }
    s = prepare(st, "DELETE FROM notices WHERE game=?", err);
    if (!s)
        goto rollback;
    sqlite3_bind_int64(s, 1, e->game);
    if (step_done(st, s, err, "notices") != 0)
        goto rollback;
    /* Step 2. The record. */
    s = prepare(st, "INSERT INTO records(game, text) VALUES(?, ?)", err);
    if (!s)
        goto rollback;
    sqlite3_bind_int64(s, 1, e->game);
    sqlite3_bind_text(s, 2, e->record, -1, SQLITE_TRANSIENT);
    if (step_done(st, s, err, "record") != 0)
        goto rollback;
    /* Step 3. Results and the players' totals (a redeal scores nothing). */
    if (!e->redeal) {
        for (int seat = 0; seat < 3; seat++) {
            s = prepare(st, "INSERT INTO results(game, seat, player, name, score, penalty) VALUES(?, ?, ?, ?, ?, ?)",
                        err);
            if (!s)
                goto rollback;
            sqlite3_bind_int64(s, 1, e->game);
            sqlite3_bind_int(s, 2, seat);
            if (e->player[seat])
                sqlite3_bind_int64(s, 3, e->player[seat]);
            else
                sqlite3_bind_null(s, 3);
            sqlite3_bind_text(s, 4, e->name[seat], -1, SQLITE_TRANSIENT);
            sqlite3_bind_int(s, 5, e->score[seat]);
            sqlite3_bind_int(s, 6, e->penalty[seat]);
            if (step_done(st, s, err, "result") != 0)
                goto rollback;
            if (!e->player[seat])
                continue;
            bool won = e->score[seat] > 0;
            s = prepare(st, "UPDATE players SET score=score+?, games=games+1, wins=wins+? WHERE id=?", err);
            if (!s)
                goto rollback;
            sqlite3_bind_int64(s, 1, (int64_t)e->score[seat] - e->penalty[seat]);
            sqlite3_bind_int(s, 2, won);
            sqlite3_bind_int64(s, 3, e->player[seat]);
            if (step_done(st, s, err, "player totals") != 0)
                goto rollback;
        }
    }
    if (exec(st, "COMMIT", err) == 0)
        return 0;
rollback:
    exec(st, "ROLLBACK", NULL);
    return -1;
}

int ddz_store_game_abort(DdzStore *st, int64_t game, const char *reason, DdzError *err)
{
    WriterOp *op = st->w ? op_new(W_ABORT, reason) : NULL;
    if (op) {
        op->game = game;
        writer_queue(st->w, op);
        return 0;
    }
    if (st->pg)
        return ddz_pg_game_abort(st->pg, game, reason, err);
    if (reason) {
        sqlite3_stmt *s = prepare(st, "INSERT OR IGNORE INTO notices(player, game, room, reason) SELECT s.player, "
                                      "g.id, g.room, ? FROM games g JOIN game_seats s ON s.game = g.id "
                                      "WHERE g.id = ? AND g.status = 'playing'", err);
        if (!s)
            return -1;
        sqlite3_bind_text(s, 1, reason, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(s, 2, game);
        if (step_done(st, s, err, "abort notices") != 0)
            return -1;
    }
    /* ended is set: an abort of the server's own choosing is final (ddz_store_game_end). */
    sqlite3_stmt *s = prepare(st, "UPDATE games SET status='aborted', ended=CAST((julianday('now') - 2440587.5) * "
                                  "86400000 AS INTEGER) WHERE id=? AND status='playing'", err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, game);
    return step_done(st, s, err, "abort game");
}

int ddz_store_game_players(DdzStore *st, int64_t game, const int64_t player[3], DdzError *err)
{
    WriterOp *op = st->w ? op_new(W_PLAYERS, NULL) : NULL;
    if (op) {
        op->game = game;
        memcpy(op->player, player, sizeof op->player);
        writer_queue(st->w, op);
        return 0;
    }
    if (st->pg)
        return ddz_pg_game_players(st->pg, game, player, err);
    for (int seat = 0; seat < 3; seat++) {
        if (!player[seat])
            continue;
        sqlite3_stmt *s = prepare(st, "INSERT OR IGNORE INTO game_seats(game, seat, player) VALUES(?, ?, ?)", err);
        if (!s)
            return -1;
        sqlite3_bind_int64(s, 1, game);
        sqlite3_bind_int(s, 2, seat);
        sqlite3_bind_int64(s, 3, player[seat]);
        if (step_done(st, s, err, "game seats") != 0)
            return -1;
    }
    return 0;
}

int ddz_store_notices_take(DdzStore *st, int64_t player, DdzStoreNotice *out, int max, DdzError *err)
{
    if (st->pg)
        return ddz_pg_notices_take(st->pg, player, out, max, err);
    sqlite3_stmt *s = prepare(st, "SELECT game, room, reason FROM notices WHERE player=? ORDER BY game LIMIT ?", err);
    if (!s)
        return -1;
    sqlite3_bind_int64(s, 1, player);
    sqlite3_bind_int(s, 2, max);
    int n = 0, rc;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW && n < max) {
        out[n].game = sqlite3_column_int64(s, 0);
        out[n].room = sqlite3_column_int64(s, 1);
        const unsigned char *r = sqlite3_column_text(s, 2);
        snprintf(out[n].reason, sizeof out[n].reason, "%s", r ? (const char *)r : "");
        n++;
    }
    sqlite3_finalize(s);
    if (rc != SQLITE_DONE && rc != SQLITE_ROW)
        return fail(st, err, "notices");
    for (int i = 0; i < n; i++) {
        s = prepare(st, "DELETE FROM notices WHERE player=? AND game=?", err);
        if (!s)
            return -1;
        sqlite3_bind_int64(s, 1, player);
        sqlite3_bind_int64(s, 2, out[i].game);
        if (step_done(st, s, err, "notices") != 0)
            return -1;
    }
    return n;
}

int ddz_store_leaderboard(DdzStore *st, DdzStorePlayer *out, int max, DdzError *err)
{
    if (st->pg)
        return ddz_pg_leaderboard(st->pg, out, max, err);
    /* One row per name (ddz_store_leaderboard in store.h says why). */
    sqlite3_stmt *s = prepare(st, "SELECT MIN(id), name, SUM(score), SUM(games), SUM(wins) FROM players "
                                  "WHERE games > 0 GROUP BY name ORDER BY 3 DESC, 4 ASC, 1 ASC LIMIT ?", err);
    if (!s)
        return -1;
    sqlite3_bind_int(s, 1, max);
    int n = 0, rc;
    while (n < max && (rc = sqlite3_step(s)) == SQLITE_ROW)
        row_player(s, &out[n++]);
    sqlite3_finalize(s);
    return n;
}

static int64_t scalar(DdzStore *st, const char *sql, int *bad)
{
    sqlite3_stmt *s = NULL;
    int64_t v = 0;
    if (sqlite3_prepare_v2(st->db, sql, -1, &s, NULL) != SQLITE_OK || sqlite3_step(s) != SQLITE_ROW)
        *bad = 1;
    else
        v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    return v;
}

int ddz_store_stats(DdzStore *st, DdzStoreStats *o, DdzError *err)
{
    if (st->pg)
        return ddz_pg_stats(st->pg, o, err);
    int bad = 0;
    o->players = scalar(st, "SELECT count(*) FROM players", &bad);
    o->playing = scalar(st, "SELECT count(*) FROM games WHERE status='playing'", &bad);
    o->finished = scalar(st, "SELECT count(*) FROM games WHERE status='finished'", &bad);
    o->aborted = scalar(st, "SELECT count(*) FROM games WHERE status='aborted'", &bad);
    o->redeals = scalar(st, "SELECT count(*) FROM games WHERE status='redeal'", &bad);
    o->results = scalar(st, "SELECT count(*) FROM results", &bad);
    o->score_sum = scalar(st, "SELECT coalesce(sum(score), 0) FROM players", &bad);
    o->result_sum = scalar(st, "SELECT coalesce(sum(score - penalty), 0) FROM results WHERE player IS NOT NULL", &bad);
    o->penalty_sum = scalar(st, "SELECT coalesce(sum(penalty), 0) FROM results", &bad);
    return bad ? fail(st, err, "stats") : 0;
}

int ddz_store_records(DdzStore *st, int (*fn)(void *ctx, int64_t game, const char *record), void *ctx, DdzError *err)
{
    if (st->pg)
        return ddz_pg_records(st->pg, fn, ctx, err);
    sqlite3_stmt *s = prepare(st, "SELECT game, text FROM records ORDER BY game", err);
    if (!s)
        return -1;
    int rc, ret = 0;
    while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
        const unsigned char *text = sqlite3_column_text(s, 1);
        ret = fn(ctx, sqlite3_column_int64(s, 0), text ? (const char *)text : "");
        if (ret)
            break;
    }
    if (!ret && rc != SQLITE_DONE)
        ret = fail(st, err, "records");
    sqlite3_finalize(s);
    return ret;
}
