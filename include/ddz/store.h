/* store.h -- the server's storage in SQLite (a file) or PostgreSQL (a postgresql:// URL, shared
 * by several servers): players, games, results, game records and the leaderboard (schema in
 * docs/PROTOCOL.md, "Storage"; PostgreSQL in docs/SCALING.md).
 *
 * The database runs in WAL mode. A game is a row from its deal ("playing") to its end, when
 * its result, record and every player's new totals are written in one transaction, so after
 * a crash nothing finished is lost or counted twice; opening a store marks the games that
 * were still playing as aborted, which changes no score. A DdzStore is opaque and owned by
 * the caller (ddz_store_open/ddz_store_close); it is used from one thread.
 *
 * With PostgreSQL, a running server's store (ddz_store_open) also has a writer thread with a
 * connection of its own: the writes whose answer the server's event loop does not wait for
 * are queued there and run in order — ddz_store_game_players, ddz_store_game_abort,
 * ddz_store_player_rename and ddz_store_maintain return at once, and a game's end goes there
 * through ddz_store_game_end_queue — and what the caller must hear back comes through
 * ddz_store_done. The statements the caller waits for (finding a player, ids, a game's start,
 * notices, the leaderboard) run on its own connection and wait for their answer 100 ms at
 * most (DDZ_PG_DEADLINE_MS; the writer's, 1 s: DDZ_PG_WRITE_DEADLINE_MS): past it the
 * connection is dropped and made again in the background. SQLite (a local file) writes on
 * the caller's thread. */
#ifndef DDZ_STORE_H
#define DDZ_STORE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>

#include "ddz/cards.h"

typedef struct DdzStore DdzStore;

/* Opens (creating if needed) the database at path (":memory:" for a private one), sets WAL
 * mode and synchronous NORMAL (FULL with sync_full), creates the schema and marks unfinished
 * games aborted; *aborted (may be NULL) says how many. Returns NULL with err on failure. */
DdzStore *ddz_store_open(const char *path, bool sync_full, int *aborted, DdzError *err);
/* Opens an existing database read-only, with no recovery: safe while a server runs on it
 * (reports, exports). */
DdzStore *ddz_store_open_readonly(const char *path, DdzError *err);
void ddz_store_close(DdzStore *st);

typedef struct DdzStorePlayer {
    int64_t id;
    char name[80];
    int64_t score, games, wins;
} DdzStorePlayer;

/* Hands out a player id no stored player has (ids are given at hello; the row is written
 * only when the player first uses the server, ddz_store_player_insert). */
int ddz_store_player_id(DdzStore *st, int64_t *id, DdzError *err);
/* Writes a player under an id from ddz_store_player_id. */
int ddz_store_player_insert(DdzStore *st, int64_t id, const char *name, const uint8_t token_hash[32], int64_t now,
                            DdzError *err);
/* A new player with a nickname and the SHA-256 of its reconnect token. The name may be ""
 * and set later with ddz_store_player_rename (the default name needs the id). */
int ddz_store_player_new(DdzStore *st, const char *name, const uint8_t token_hash[32], int64_t now,
                         int64_t *id, DdzError *err);
int ddz_store_player_rename(DdzStore *st, int64_t id, const char *name, DdzError *err);
/* Finds a player by token hash: 1 found, 0 not, -1 error. */
int ddz_store_player_find(DdzStore *st, const uint8_t token_hash[32], DdzStorePlayer *out, DdzError *err);
/* A player by id: 1 found, 0 not, -1 error. */
int ddz_store_player_get(DdzStore *st, int64_t id, DdzStorePlayer *out, DdzError *err);

/* A game starts: its row, status "playing", with the commitment to its deal. */
int ddz_store_game_start(DdzStore *st, int64_t room, const char *options, const char *commit, int64_t now,
                         int64_t *game, DdzError *err);

/* The end of a game, written in one transaction: the game row (status "finished", or
 * "redeal" when everyone passed), the seed and salt revealed, the record, one result row
 * per seat, and each human player's score, games and wins. Returns 0; -2 when the game is
 * not "playing" (refused, nothing changes: an end is never stored twice); -1 on any other
 * error (the database is away: the same end may be written again later). A game aborted
 * because its server stopped or fell silent (found playing when the store was opened; with
 * PostgreSQL, a server silent for 30 s) still ends, once: its end was kept while the database
 * was away, in memory or in the results journal (ddz/journal.h); the notices of its abort
 * are withdrawn. An abort by ddz_store_game_abort is final. */
typedef struct DdzStoreEnd {
    int64_t game;
    bool redeal;
    char seed[65]; /* the deal seed as the protocol writes it: 64 hex digits (DDZ_SEED256_HEX) */
    char salt[33];                 /* hex */
    const char *record;            /* JSON Lines text */
    int64_t player[3];             /* 0 for a computer player */
    char name[3][80];
    int score[3];                  /* the game's scores (before penalties) */
    int penalty[3];                /* leaver penalties, subtracted from the player's total */
    int landlord;
    bool landlord_won;
    int64_t now;
} DdzStoreEnd;
int ddz_store_game_end(DdzStore *st, const DdzStoreEnd *end, DdzError *err);

/* The people seated in a game (0: a computer), written after ddz_store_game_start so that
 * they can be told if it is aborted. */
int ddz_store_game_players(DdzStore *st, int64_t game, const int64_t player[3], DdzError *err);

/* Marks a playing game aborted (no score changes), e.g. when the server stops. With a reason,
 * each of its people gets a notice (ddz_store_notices_take); games found playing when a store
 * is opened get one too ("the server stopped during the game"). */
int ddz_store_game_abort(DdzStore *st, int64_t game, const char *reason, DdzError *err);

/* What a player has not been told yet: games of its that were aborted, and why. Takes (and
 * deletes) up to max notices, oldest first; returns how many, or -1. */
typedef struct DdzStoreNotice {
    int64_t game, room;
    char reason[96];
} DdzStoreNotice;
int ddz_store_notices_take(DdzStore *st, int64_t player, DdzStoreNotice *out, int max, DdzError *err);

/* The leaderboard: one row per name, so that the same person is never listed twice: a
 * player who started again without the token (a new machine, --new, a lost file) gets a
 * new player of the same name, and that name's rows are added up (score, games, wins; id
 * is the name's first player). Names with at least one game, by score, then fewer games,
 * then id. Returns how many were written (at most max), or -1. */
int ddz_store_leaderboard(DdzStore *st, DdzStorePlayer *out, int max, DdzError *err);

/* Called every few seconds by a running server. With PostgreSQL: says this server is alive,
 * and aborts (with notices) the games of servers silent for 30 s, which were killed or cut
 * off; *aborted says how many. With SQLite (one server per file) it does nothing. Returns 0,
 * -1 with err, or 1: queued for the writer thread (the answer comes through ddz_store_done;
 * nothing is queued while the last one waits). */
int ddz_store_maintain(DdzStore *st, int *aborted, DdzError *err);

/* Whether writes go to a writer thread (PostgreSQL; see the top of this file). */
bool ddz_store_async(const DdzStore *st);
/* Queues a game's end for the writer thread: *end (and its record) must stay as it is until
 * its answer, with tag, comes through ddz_store_done. 0, or -1 with err (no writer thread,
 * out of memory: the caller writes it with ddz_store_game_end). */
int ddz_store_game_end_queue(DdzStore *st, const DdzStoreEnd *end, void *tag, DdzError *err);

typedef enum {
    DDZ_STORE_DONE_END,      /* a queued end: rc as ddz_store_game_end's (-1: not written) */
    DDZ_STORE_DONE_MAINTAIN, /* ddz_store_maintain's: rc, aborted */
    DDZ_STORE_DONE_WRITE     /* another write failed (rc -1, err): it is not written */
} DdzStoreDoneKind;

typedef struct DdzStoreDone {
    DdzStoreDoneKind kind;
    void *tag;               /* DDZ_STORE_DONE_END: ddz_store_game_end_queue's */
    int rc, aborted;
    DdzError err;
} DdzStoreDone;
/* Takes the writer thread's oldest answer: true, or false when none waits. */
bool ddz_store_done(DdzStore *st, DdzStoreDone *out);
/* Waits until the writer thread has run every queued write (the server stops: each write
 * waits for the database its deadline at most, and once the database is found away the
 * rest fail at once). */
void ddz_store_flush(DdzStore *st);

/* Called often (every tick) by a running server: with PostgreSQL, makes the connection again
 * after the database went away, in the background and without waiting (a new attempt every
 * 500 ms while it is away). A call that finds the connection broken starts a new one and
 * waits a few milliseconds at most for it: a database host that does not answer never holds
 * up the caller; the calls fail (-1, "the database is away") until it answers. True when the
 * connection was made again since the last call said so. */
bool ddz_store_poll(DdzStore *st);

/* Totals for checks and reports. */
typedef struct DdzStoreStats {
    int64_t players, playing, finished, aborted, redeals, results;
    int64_t score_sum;       /* sum of players' scores */
    int64_t result_sum;      /* sum over results of (score - penalty) of human seats */
    int64_t penalty_sum;
} DdzStoreStats;
int ddz_store_stats(DdzStore *st, DdzStoreStats *out, DdzError *err);

/* Calls fn with every stored record (finished and redealt games, in game order). Returns 0
 * or -1 (fn returning nonzero stops with that value). */
int ddz_store_records(DdzStore *st, int (*fn)(void *ctx, int64_t game, const char *record), void *ctx,
                      DdzError *err);

/* A finished tournament's record (JSON Lines, docs/TOURNAMENT.md: every draw and every game,
 * for ddz verify) from the tournament tables of a SQLite store (docs/PROTOCOL.md,
 * "Tournaments"). Returns 0, or -1 with err (no such event, not finished, a stored game that
 * does not hold). */
int ddz_store_tour_record(DdzStore *st, int64_t id, FILE *out, DdzError *err);

#endif
