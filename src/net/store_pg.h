/* store_pg.h -- the PostgreSQL side of DdzStore (store.c hands calls here when the store
 * was opened with a postgresql:// URL). Same contracts as include/ddz/store.h. */
#ifndef DDZ_NET_STORE_PG_H
#define DDZ_NET_STORE_PG_H

#include "ddz/store.h"

typedef struct DdzPg DdzPg;

DdzPg *ddz_pg_open(const char *url, bool readonly, int *aborted, DdzError *err);
void ddz_pg_close(DdzPg *pg);
/* A second connection for the same server (the writer thread's: store_writer.h), with the
 * writer's deadline (1 s, DDZ_PG_WRITE_DEADLINE_MS); closing it does not stop the server. */
DdzPg *ddz_pg_twin(const DdzPg *pg, DdzError *err);
/* Whether the connection is up; when it is broken, starts a new one and waits wait_ms at most
 * (one already being made is only looked at). */
bool ddz_pg_connect_wait(DdzPg *pg, int wait_ms);
int ddz_pg_player_id(DdzPg *pg, int64_t *id, DdzError *err);
int ddz_pg_player_insert(DdzPg *pg, int64_t id, const char *name, const uint8_t token_hash[32], int64_t now,
                         DdzError *err);
int ddz_pg_player_rename(DdzPg *pg, int64_t id, const char *name, DdzError *err);
int ddz_pg_player_find(DdzPg *pg, const uint8_t token_hash[32], DdzStorePlayer *out, DdzError *err);
int ddz_pg_player_get(DdzPg *pg, int64_t id, DdzStorePlayer *out, DdzError *err);
int ddz_pg_game_start(DdzPg *pg, int64_t room, const char *options, const char *commit, int64_t now, int64_t *game,
                      DdzError *err);
int ddz_pg_game_players(DdzPg *pg, int64_t game, const int64_t player[3], DdzError *err);
int ddz_pg_game_end(DdzPg *pg, const DdzStoreEnd *e, DdzError *err);
int ddz_pg_game_abort(DdzPg *pg, int64_t game, const char *reason, DdzError *err);
int ddz_pg_notices_take(DdzPg *pg, int64_t player, DdzStoreNotice *out, int max, DdzError *err);
int ddz_pg_leaderboard(DdzPg *pg, DdzStorePlayer *out, int max, DdzError *err);
int ddz_pg_stats(DdzPg *pg, DdzStoreStats *out, DdzError *err);
int ddz_pg_records(DdzPg *pg, int (*fn)(void *ctx, int64_t game, const char *record), void *ctx, DdzError *err);
int ddz_pg_maintain(DdzPg *pg, int *aborted, DdzError *err);
bool ddz_pg_poll(DdzPg *pg);

#endif
