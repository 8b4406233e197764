/* player.c -- the server core's players: the token table, a player's life (first real use,
 * forgetting) and saying hello (new players and reconnecting ones). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core.h"
#include "tourney.h"
#include "ddz/commit.h"

/* Players --------------------------------------------------------------------------------*/

static size_t phash_index(const DdzServer *srv, const uint8_t h[32])
{
    uint64_t x;
    memcpy(&x, h, sizeof x);
    return (size_t)(x % srv->phash_size);
}

static Player *player_by_hash(DdzServer *srv, const uint8_t h[32])
{
    for (Player *p = srv->phash[phash_index(srv, h)]; p; p = p->hnext)
        if (!memcmp(p->token_hash, h, 32))
            return p;
    return NULL;
}

static Player *player_add(DdzServer *srv, int64_t id, const char *name, const uint8_t h[32])
{
    Player *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->id = id;
    snprintf(p->name, sizeof p->name, "%s", name);
    memcpy(p->token_hash, h, 32);
    p->seat = -1;
    p->chat = (Bucket){CHAT_BURST, srv->now};
    p->next = srv->players;
    if (srv->players)
        srv->players->prev = p;
    srv->players = p;
    size_t i = phash_index(srv, h);
    p->hnext = srv->phash[i];
    srv->phash[i] = p;
    srv->nplayers++;
    srv->stats.players = srv->nplayers;
    return p;
}

void srv_player_free(DdzServer *srv, Player *p)
{
    Player **pp = &srv->phash[phash_index(srv, p->token_hash)];
    while (*pp && *pp != p)
        pp = &(*pp)->hnext;
    if (*pp)
        *pp = p->hnext;
    if (p->prev)
        p->prev->next = p->next;
    else
        srv->players = p->next;
    if (p->next)
        p->next->prev = p->prev;
    srv->nplayers--;
    srv->stats.players = srv->nplayers;
    free(p);
}

/* A player with no connection and no room is forgotten when it never used the server (its
 * token dies with it) or when the store remembers it; without a store a player who played is
 * kept player_keep_ms for its token, then forgotten too (ddz_server_tick). */
void srv_player_forget_maybe(DdzServer *srv, Player *p)
{
    if (p->conn || p->room || p->tour)
        return;
    if (!p->used || (srv->store && p->stored))
        srv_player_free(srv, p);
    else
        p->idle_since = srv->now;
}

/* The player's first real use (sitting down, watching): from now on it is worth keeping, and
 * with a store its row is written. Returns 0, or -1 after a storage error to its connection. */
int srv_player_use(DdzServer *srv, Player *p)
{
    if (srv->store && !p->stored) {
        DdzError err;
        if (ddz_store_player_insert(srv->store, p->id, p->name, p->token_hash, srv->now, &err) != 0) {
            srv_error(srv, p->conn, "storage", "the server cannot write its database: %s", err.msg);
            return -1;
        }
        p->stored = true;
    }
    p->used = true;
    p->idle_since = 0;
    return 0;
}

static void send_welcome(DdzServer *srv, Conn *c, const char *token, bool resumed)
{
    Player *p = c->player;
    json_t *m = json_pack("{s:s, s:i, s:i, s:I, s:s, s:b, s:s}", "type", "welcome", "version",
                          DDZ_PROTOCOL_VERSION, "revision", DDZ_PROTOCOL_REVISION, "player", (json_int_t)p->id,
                          "name", p->name, "resumed", resumed, "server", "ddz " DDZ_VERSION);
    if (m && token)
        json_object_set_new(m, "token", json_string(token));
    srv_send(srv, c->id, m);
}

/* Games of this player that were aborted while it was away (a restart): it is told which and
 * why, once. */
static void send_notices(DdzServer *srv, Conn *c)
{
    if (!srv->store)
        return;
    DdzStoreNotice n[8];
    DdzError err;
    int k = ddz_store_notices_take(srv->store, c->player->id, n, 8, &err);
    if (k < 0)
        srv_log(srv, "notices of player %lld: %s", (long long)c->player->id, err.msg);
    for (int i = 0; i < k; i++)
        srv_send(srv, c->id, json_pack("{s:s, s:I, s:I, s:s}", "type", "aborted", "room", (json_int_t)n[i].room,
                                       "game_id", (json_int_t)n[i].game, "reason", n[i].reason));
}

void srv_hello(DdzServer *srv, Conn *c, const json_t *msg)
{
    long conn = c->id, version;
    const char *name, *token;
    if (c->player) {
        srv_error(srv, conn, "already_hello", "you already said hello");
        return;
    }
    if (srv_get_int(srv, conn, msg, "version", true, 0, 1000000, 0, &version) != 0)
        return;
    if (version != DDZ_PROTOCOL_VERSION) {
        char text[96];
        snprintf(text, sizeof text, "protocol version %ld is not supported (this server speaks %d)", version,
                 DDZ_PROTOCOL_VERSION);
        srv_cut(srv, conn, "version", text);
        return;
    }
    if (srv_get_str(srv, conn, msg, "name", false, &name) != 0 || srv_get_str(srv, conn, msg, "token", false, &token) != 0)
        return;
    if (name && srv_check_name(srv, conn, "a nickname", name, json_string_length(json_object_get(msg, "name"))) != 0)
        return;
    DdzError err;
    if (token) {
        /* Reconnect: the token names a player, in memory or in the store. */
        uint8_t h[32];
        crypto_hash_sha256(h, (const unsigned char *)token, strlen(token));
        Player *p = player_by_hash(srv, h);
        if (!p && srv->store) {
            DdzStorePlayer sp;
            int found = ddz_store_player_find(srv->store, h, &sp, &err);
            if (found < 0) {
                srv_error(srv, conn, "storage", "the server cannot read its database: %s", err.msg);
                return;
            }
            if (found && (p = player_add(srv, sp.id, sp.name, h)))
                p->used = p->stored = true;
        }
        if (!p) {
            srv_error(srv, conn, "bad_token", "no player has this token; say hello without one");
            return;
        }
        if (p->conn) {
            /* The player moves to this connection; the old one is told and cut. */
            Conn *old = srv_conn(srv, p->conn);
            if (old)
                old->player = NULL;
            srv_cut(srv, p->conn, "replaced", "you connected again from elsewhere");
        }
        if (name && strcmp(name, p->name)) {
            snprintf(p->name, sizeof p->name, "%s", name);
            if (srv->store && p->stored)
                ddz_store_player_rename(srv->store, p->id, name, &err);
        }
        p->conn = conn;
        p->idle_since = 0;
        c->player = p;
        send_welcome(srv, c, NULL, true);
        tourney_hello(srv, p);
        if (p->room)
            room_reconnected(srv, p);
        send_notices(srv, c);
        return;
    }
    /* A new player and token. */
    uint8_t raw[16], h[32];
    char tok[33];
    srv_random(srv, raw, sizeof raw);
    ddz_hex(raw, sizeof raw, tok);
    crypto_hash_sha256(h, (const unsigned char *)tok, strlen(tok));
    int64_t id;
    if (srv->store) {
        /* Only an id: the row waits for the player's first real use (srv_player_use). */
        if (ddz_store_player_id(srv->store, &id, &err) != 0) {
            srv_error(srv, conn, "storage", "the server cannot read its database: %s", err.msg);
            return;
        }
    } else {
        id = ++srv->next_player_id;
    }
    char dflt[80];
    snprintf(dflt, sizeof dflt, "路人甲%lld", (long long)id);
    Player *p = player_add(srv, id, name ? name : dflt, h);
    if (!p) {
        srv_cut(srv, conn, "server_full", "out of memory");
        return;
    }
    p->conn = conn;
    c->player = p;
    send_welcome(srv, c, tok, false);
}
