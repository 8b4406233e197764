/* server.c -- the server core's connections, players and lobby: reads each message, checks
 * it, answers or hands it to its room (room.c). No sockets and no clock: see server.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core.h"
#include "tourney.h"
#include "ddz/ai.h"
#include "ddz/commit.h"
#include "ddz/text.h"

/* Rates: a connection may send 20 messages at once and 10 a second after; 10 errors at once
 * and one every 2 seconds after (more is cut off); chat 3 lines at once, one per 2 s after. */
#define MSG_BURST 20.0
#define MSG_RATE 10.0
#define ERR_BURST 10.0
#define ERR_RATE 0.5
#define CHAT_BURST 3.0
#define CHAT_RATE 0.5

DdzServerConfig ddz_server_config_default(void)
{
    DdzServerConfig c;
    memset(&c, 0, sizeof c);
    c.options = ddz_options_default();
    c.turn_ms = 30000;
    c.quick_wait_ms = 10000;
    c.bot_delay_ms = 800;
    c.hello_ms = 10000;
    c.between_games_ms = 0;
    snprintf(c.quick_level, sizeof c.quick_level, "normal");
    snprintf(c.auto_level, sizeof c.auto_level, "normal");
    c.max_conns = 20000;
    c.max_rooms = 10000;
    c.player_keep_ms = 6 * 3600 * 1000;
    c.rooms_per_player = 3;
    c.spectators_max = 200;
    c.rooms_per_address = 30;
    c.room_idle_ms = 600000;
    return c;
}

/* Takes one token from a bucket of capacity cap refilled at rate per second. */
static bool bucket_take(Bucket *b, double cap, double rate, int64_t now)
{
    if (now > b->at) {
        b->level += (double)(now - b->at) * rate / 1000.0;
        if (b->level > cap)
            b->level = cap;
    }
    b->at = now;
    if (b->level < 1.0)
        return false;
    b->level -= 1.0;
    return true;
}

void srv_log(DdzServer *srv, const char *fmt, ...)
{
    if (!srv->cfg.log)
        return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    srv->cfg.log(srv->cfg.log_ctx, line);
}

void srv_random(DdzServer *srv, void *buf, size_t n)
{
    if (srv->cfg.random && srv->cfg.random(srv->cfg.random_ctx, buf, n) == 0)
        return;
    randombytes_buf(buf, n);
}

/* Outbox ------------------------------------------------------------------------------------*/

static void push_out(DdzServer *srv, long conn, bool close, const char *text, size_t len)
{
    if (srv->nout == srv->capout) {
        size_t cap = srv->capout ? srv->capout * 2 : 64;
        DdzServerOut *o = realloc(srv->out, cap * sizeof *o);
        if (!o) {
            srv->failed_alloc = true;
            return;
        }
        srv->out = o;
        srv->capout = cap;
    }
    char *data = NULL;
    if (len) {
        data = malloc(len + 1);
        if (!data) {
            srv->failed_alloc = true;
            return;
        }
        memcpy(data, text, len);
        data[len] = '\0';
    }
    srv->out[srv->nout++] = (DdzServerOut){conn, close, len, data};
}

void srv_send_text(DdzServer *srv, long conn, const char *text, size_t len)
{
    if (conn <= 0 || !srv_conn(srv, conn))
        return;
    if (len > DDZ_MAX_MESSAGE) {
        /* Never more than the protocol's own limit: a bug, logged and told as such. */
        srv_log(srv, "a %zu-byte message to connection %ld was not sent", len, conn);
        static const char m[] = "{\"type\":\"error\",\"code\":\"internal\",\"message\":\"a message too "
                                "large to send was dropped\"}";
        push_out(srv, conn, false, m, sizeof m - 1);
        return;
    }
    push_out(srv, conn, false, text, len);
}

void srv_send(DdzServer *srv, long conn, json_t *msg)
{
    if (!msg)
        return;
    char *text = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    if (!text) {
        srv->failed_alloc = true;
        return;
    }
    srv_send_text(srv, conn, text, strlen(text));
    free(text);
}

size_t ddz_server_outbox(const DdzServer *srv, const DdzServerOut **out)
{
    *out = srv->out;
    return srv->nout;
}

void ddz_server_outbox_clear(DdzServer *srv)
{
    for (size_t i = 0; i < srv->nout; i++)
        free(srv->out[i].data);
    srv->nout = 0;
}

/* Connections ------------------------------------------------------------------------------*/

/* Connection ids: slot + 1 in the low 20 bits, a generation above, so an id is never
 * reused and a stale one finds nothing. */
#define SLOT_BITS 20
#define SLOT_MASK ((1L << SLOT_BITS) - 1)

Conn *srv_conn(const DdzServer *srv, long id)
{
    long slot = (id & SLOT_MASK) - 1;
    if (id <= 0 || slot < 0 || slot >= srv->nconns || srv->conns[slot].id != id)
        return NULL;
    return &srv->conns[slot];
}

long ddz_server_open(DdzServer *srv, int64_t now)
{
    srv->now = now;
    if (srv->stats.conns >= srv->cfg.max_conns)
        return -1;
    int slot = -1;
    for (int i = srv->free_hint; i < srv->nconns; i++)
        if (!srv->conns[i].id) {
            slot = i;
            break;
        }
    if (slot < 0) {
        if (srv->nconns == srv->capconns) {
            int cap = srv->capconns ? srv->capconns * 2 : 64;
            if (cap > (int)SLOT_MASK - 1)
                return -1;
            Conn *c = realloc(srv->conns, (size_t)cap * sizeof *c);
            if (!c)
                return -1;
            srv->conns = c;
            srv->capconns = cap;
        }
        slot = srv->nconns++;
    }
    srv->free_hint = slot + 1;
    Conn *c = &srv->conns[slot];
    memset(c, 0, sizeof *c);
    c->id = (++srv->conn_gen << SLOT_BITS) | (slot + 1);
    c->opened = now;
    c->msgs = (Bucket){MSG_BURST, now};
    c->errors = (Bucket){ERR_BURST, now};
    srv->stats.conns++;
    return c->id;
}

void ddz_server_set_address(DdzServer *srv, long id, const char *addr)
{
    Conn *c = srv_conn(srv, id);
    if (!c || c->addr)
        return;
    c->addr = guard_addr_key(addr);
    Guard *g = guard_get(&srv->guards, c->addr);
    if (g)
        g->conns++;
}

/* Forgets a connection (the player stays, disconnected). */
static void conn_drop(DdzServer *srv, Conn *c)
{
    Player *p = c->player;
    Guard *g = c->addr ? guard_get(&srv->guards, c->addr) : NULL;
    if (g)
        g->conns--;
    long slot = (c->id & SLOT_MASK) - 1;
    c->id = 0;
    c->player = NULL;
    if (slot < srv->free_hint)
        srv->free_hint = (int)slot;
    srv->stats.conns--;
    srv->gc = true;
    if (p) {
        p->conn = 0;
        tourney_disconnected(srv, p);
        if (p->room)
            room_disconnected(srv, p);
        srv_player_forget_maybe(srv, p);
    }
}

void ddz_server_close(DdzServer *srv, long id, int64_t now)
{
    srv->now = now;
    Conn *c = srv_conn(srv, id);
    if (c)
        conn_drop(srv, c);
    room_gc(srv);
}

/* An error message; errors come at a limited rate, then the connection is cut. args (taken,
 * may be NULL): the refusal's arguments, for clients to word it in their language. */
static void error_v(DdzServer *srv, long conn, const char *code, json_t *args, const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));
static void error_v(DdzServer *srv, long conn, const char *code, json_t *args, const char *fmt, va_list ap)
{
    Conn *c = srv_conn(srv, conn);
    if (!c) {
        json_decref(args);
        return;
    }
    char text[300];
    vsnprintf(text, sizeof text, fmt, ap);
    srv->stats.errors++;
    if (!bucket_take(&c->errors, ERR_BURST, ERR_RATE, srv->now)) {
        json_decref(args);
        srv_cut(srv, conn, "too_many_errors", "too many bad messages");
        return;
    }
    json_t *m = json_pack("{s:s, s:s, s:s}", "type", "error", "code", code, "message", text);
    if (m && args)
        json_object_set_new(m, "args", args);
    else
        json_decref(args);
    srv_send(srv, conn, m);
}

void srv_error(DdzServer *srv, long conn, const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_v(srv, conn, code, NULL, fmt, ap);
    va_end(ap);
}

void srv_refuse(DdzServer *srv, long conn, const char *code, json_t *args, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_v(srv, conn, code, args, fmt, ap);
    va_end(ap);
}

/* Sends a last error and cuts the connection. */
void srv_cut(DdzServer *srv, long conn, const char *code, const char *message)
{
    Conn *c = srv_conn(srv, conn);
    if (!c)
        return;
    json_t *m = json_pack("{s:s, s:s, s:s, s:b}", "type", "error", "code", code, "message", message, "fatal", 1);
    char *text = m ? json_dumps(m, JSON_COMPACT) : NULL;
    json_decref(m);
    push_out(srv, conn, true, text ? text : "", text ? strlen(text) : 0);
    free(text);
    srv->stats.cut++;
    srv_log(srv, "cut connection %ld: %s", conn, code);
    conn_drop(srv, c);
}

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

static void player_free(DdzServer *srv, Player *p)
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
        player_free(srv, p);
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

/* Message helpers ---------------------------------------------------------------------------*/

/* A string field: 0 with *out (NULL if absent and optional), or -1 after an error. */
static int get_str(DdzServer *srv, long conn, const json_t *msg, const char *key, bool required, const char **out)
{
    json_t *v = json_object_get(msg, key);
    *out = NULL;
    if (!v) {
        if (!required)
            return 0;
        srv_error(srv, conn, "bad_message", "\"%s\" is missing", key);
        return -1;
    }
    if (!json_is_string(v)) {
        srv_error(srv, conn, "bad_message", "\"%s\" must be a string", key);
        return -1;
    }
    *out = json_string_value(v);
    return 0;
}

/* An integer field in [lo, hi]; absent: *out = dflt when optional. */
static int get_int(DdzServer *srv, long conn, const json_t *msg, const char *key, bool required, long lo,
                   long hi, long dflt, long *out)
{
    json_t *v = json_object_get(msg, key);
    *out = dflt;
    if (!v) {
        if (!required)
            return 0;
        srv_error(srv, conn, "bad_message", "\"%s\" is missing", key);
        return -1;
    }
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
        srv_error(srv, conn, "bad_message", "\"%s\" must be an integer from %ld to %ld", key, lo, hi);
        return -1;
    }
    *out = (long)json_integer_value(v);
    return 0;
}

/* A name (nickname, room name): 1..DDZ_NAME_MAX printable characters that show something
 * (ddz_text_check). */
static int check_name(DdzServer *srv, long conn, const char *what, const char *s, size_t len)
{
    DdzError err;
    if (len != strlen(s) || strlen(s) >= 80 || ddz_text_check(s, DDZ_NAME_MAX, &err) != 0) {
        srv_refuse(srv, conn, "bad_name", json_pack("{s:i}", "max", DDZ_NAME_MAX),
                   "%s must be 1 to %d printable characters: %s", what, DDZ_NAME_MAX,
                  len != strlen(s) || strlen(s) >= 80 ? "it is too long" : err.msg);
        return -1;
    }
    return 0;
}

/* Lobby handlers ---------------------------------------------------------------------------*/

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

static void on_hello(DdzServer *srv, Conn *c, const json_t *msg)
{
    long conn = c->id, version;
    const char *name, *token;
    if (c->player) {
        srv_error(srv, conn, "already_hello", "you already said hello");
        return;
    }
    if (get_int(srv, conn, msg, "version", true, 0, 1000000, 0, &version) != 0)
        return;
    if (version != DDZ_PROTOCOL_VERSION) {
        char text[96];
        snprintf(text, sizeof text, "protocol version %ld is not supported (this server speaks %d)", version,
                 DDZ_PROTOCOL_VERSION);
        srv_cut(srv, conn, "version", text);
        return;
    }
    if (get_str(srv, conn, msg, "name", false, &name) != 0 || get_str(srv, conn, msg, "token", false, &token) != 0)
        return;
    if (name && check_name(srv, conn, "a nickname", name, json_string_length(json_object_get(msg, "name"))) != 0)
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

/* The lobby's list, a page at a time (at most ROOMS_PAGE summaries, well within a message),
 * optionally only rooms waiting for players, playing, or with a free seat. */
#define ROOMS_PAGE 100
static void on_rooms(DdzServer *srv, Conn *c, const json_t *msg)
{
    long offset, limit;
    const char *state;
    json_t *jfree = json_object_get(msg, "free");
    if (get_int(srv, c->id, msg, "offset", false, 0, 1L << 30, 0, &offset) != 0 ||
        get_int(srv, c->id, msg, "limit", false, 1, ROOMS_PAGE, ROOMS_PAGE, &limit) != 0 ||
        get_str(srv, c->id, msg, "state", false, &state) != 0)
        return;
    if (state && strcmp(state, "waiting") && strcmp(state, "playing")) {
        srv_error(srv, c->id, "bad_message", "\"state\" must be \"waiting\" or \"playing\"");
        return;
    }
    if (jfree && !json_is_boolean(jfree)) {
        srv_error(srv, c->id, "bad_message", "\"free\" must be true or false");
        return;
    }
    json_t *list = json_array();
    long total = 0;
    for (int i = 0; i < srv->nrooms; i++) {
        const Room *r = srv->rooms[i];
        if (state && (r->state == ROOM_PLAYING) != !strcmp(state, "playing"))
            continue;
        if (json_is_true(jfree)) {
            bool empty = false;
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                empty |= r->seat[s].kind == SEAT_EMPTY;
            if (!empty || r->state != ROOM_WAITING)
                continue;
        }
        if (total >= offset && total < offset + limit)
            json_array_append_new(list, room_summary(r));
        total++;
    }
    srv_send(srv, c->id, json_pack("{s:s, s:o, s:I, s:I, s:b}", "type", "rooms", "rooms", list, "total",
                                   (json_int_t)total, "offset", (json_int_t)offset, "more", offset + limit < total));
}

static int parse_options(DdzServer *srv, long conn, const char *text, DdzOptions *opt)
{
    *opt = srv->cfg.options;
    if (!text)
        return 0;
    if (strlen(text) > 200) {
        srv_error(srv, conn, "bad_options", "options are too long");
        return -1;
    }
    char buf[256];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        DdzError err;
        if (ddz_options_set(opt, item, &err) != 0) {
            srv_error(srv, conn, "bad_options", "%s", err.msg);
            return -1;
        }
    }
    return 0;
}

static Player *need_player(DdzServer *srv, Conn *c)
{
    if (!c->player)
        srv_error(srv, c->id, "hello_first", "say hello first: {\"type\":\"hello\",\"version\":%d}",
                  DDZ_PROTOCOL_VERSION);
    return c->player;
}

static bool need_lobby(DdzServer *srv, Player *p)
{
    if (p->room) {
        srv_refuse(srv, p->conn, "in_room", json_pack("{s:I}", "room", (json_int_t)p->room->id),
                   "you are in room %ld; leave it first", p->room->id);
        return false;
    }
    return true;
}

static void on_create(DdzServer *srv, Conn *c, const json_t *msg)
{
    Player *p = c->player;
    const char *name, *password, *options;
    long turn, watchers;
    if (!need_lobby(srv, p) || tourney_busy(srv, p) || get_str(srv, c->id, msg, "name", false, &name) != 0 ||
        get_int(srv, c->id, msg, "spectators", false, 0, srv->cfg.spectators_max, srv->cfg.spectators_max,
                &watchers) != 0 ||
        get_str(srv, c->id, msg, "password", false, &password) != 0 ||
        get_str(srv, c->id, msg, "options", false, &options) != 0 ||
        get_int(srv, c->id, msg, "turn", false, 0, 600, srv->cfg.turn_ms / 1000, &turn) != 0)
        return;
    if (name && check_name(srv, c->id, "a room name", name, json_string_length(json_object_get(msg, "name"))) != 0)
        return;
    if (password && (strlen(password) > 64 || !*password)) {
        srv_error(srv, c->id, "bad_message", "a password has 1 to 64 bytes");
        return;
    }
    DdzOptions opt;
    if (parse_options(srv, c->id, options, &opt) != 0)
        return;
    /* A tenth of the rooms is kept for quick match, which never fails for want of rooms. */
    int reserve = srv->cfg.max_rooms / 10 > 0 ? srv->cfg.max_rooms / 10 : 1;
    if (srv->nrooms >= srv->cfg.max_rooms - reserve) {
        srv_error(srv, c->id, "too_many_rooms", "the server has as many rooms as it can hold; try a quick match");
        return;
    }
    int mine = 0;
    for (int i = 0; i < srv->nrooms; i++)
        mine += srv->rooms[i]->creator == p->id;
    Guard *g = guard_get(&srv->guards, c->addr);
    if (mine >= srv->cfg.rooms_per_player || (g && g->rooms >= srv->cfg.rooms_per_address)) {
        srv_error(srv, c->id, "too_many_rooms", "you have %d rooms open already (at most %d per player, %d per "
                  "address)", mine >= srv->cfg.rooms_per_player ? mine : g->rooms, srv->cfg.rooms_per_player,
                  srv->cfg.rooms_per_address);
        return;
    }
    if (srv_player_use(srv, p) != 0)
        return;
    char dflt[100];
    snprintf(dflt, sizeof dflt, "%s的房间", p->name);
    Room *r = room_new(srv, name ? name : dflt, password, &opt, false);
    if (!r) {
        srv_error(srv, c->id, "too_many_rooms", "out of memory");
        return;
    }
    r->turn_ms = opt.turn_seconds ? opt.turn_seconds * 1000 : (int)turn * 1000; /* the option wins */
    r->max_watch = (int)watchers;
    r->creator = p->id;
    r->addr = c->addr;
    if (g)
        g->rooms++;
    room_take_seat(srv, r, p, -1);
    room_broadcast_room(srv, r);
}

static bool password_ok(const Room *r, const char *given)
{
    if (!r->has_password)
        return true;
    if (!given)
        return false;
    size_t n = strlen(r->password);
    return strlen(given) == n && sodium_memcmp(given, r->password, n) == 0;
}

static void on_join(DdzServer *srv, Conn *c, const json_t *msg, bool watch)
{
    Player *p = c->player;
    long id, seat;
    const char *password;
    if (!need_lobby(srv, p) || get_int(srv, c->id, msg, "room", true, 1, 1L << 40, 0, &id) != 0 ||
        get_int(srv, c->id, msg, "seat", false, 0, 2, -1, &seat) != 0 ||
        get_str(srv, c->id, msg, "password", false, &password) != 0)
        return;
    Room *r = room_find(srv, id);
    if (!r) {
        srv_refuse(srv, c->id, "no_room", json_pack("{s:I}", "room", (json_int_t)id), "there is no room %ld", id);
        return;
    }
    if (!watch && (tourney_busy(srv, p) || tourney_refuse_room(srv, p, r, (int)seat, "join")))
        return;
    if (r->has_password && password) {
        /* Tries are limited per room and per address, with a back-off that doubles. */
        Guard *g = guard_get(&srv->guards, c->addr);
        int64_t wait = guard_pw_wait(&r->pw, srv->now), wait_addr = g ? guard_pw_wait(&g->pw, srv->now) : 0;
        if (wait_addr > wait)
            wait = wait_addr;
        if (wait > 0) {
            srv_error(srv, c->id, "too_many_tries", "too many wrong passwords; try again in %lld s",
                      (long long)(wait + 999) / 1000);
            return;
        }
        bool ok = password_ok(r, password);
        guard_pw_result(&r->pw, ok, srv->now);
        if (g)
            guard_pw_result(&g->pw, ok, srv->now);
    }
    if (!password_ok(r, password)) {
        srv_refuse(srv, c->id, "wrong_password", json_pack("{s:I, s:b}", "room", (json_int_t)id, "given", password != NULL),
                   password ? "wrong password for room %ld" : "room %ld needs a password", id);
        return;
    }
    if (srv_player_use(srv, p) != 0)
        return;
    if (watch) {
        /* The newcomer gets the room (with the count); the others hear the new count within
         * a second, once for any number of comings and goings. */
        if (room_add_watcher(srv, r, p) != 0) {
            srv_error(srv, c->id, "room_full", "room %ld has as many spectators as it takes (%d)", id, r->max_watch);
            return;
        }
        room_send_room(srv, r, p);
        if (r->state == ROOM_PLAYING)
            room_send_state(srv, r, p);
        return;
    }
    if (r->state == ROOM_PLAYING) {
        srv_refuse(srv, c->id, "playing", json_pack("{s:I}", "room", (json_int_t)id),
                   "room %ld is playing; watch it or wait for the game to end", id);
        return;
    }
    int got = room_take_seat(srv, r, p, (int)seat);
    if (got < 0) {
        srv_refuse(srv, c->id, "room_full", json_pack("{s:I, s:I}", "room", (json_int_t)id, "seat", (json_int_t)seat),
                   seat >= 0 ? "seat %ld of room %ld is taken" : "room %ld is full", seat >= 0 ? seat : id, id);
        return;
    }
    room_broadcast_room(srv, r);
}

static void on_quick(DdzServer *srv, Conn *c)
{
    Player *p = c->player;
    if (!need_lobby(srv, p) || tourney_busy(srv, p) || srv_player_use(srv, p) != 0)
        return;
    Room *r = NULL;
    for (int i = 0; i < srv->nrooms && !r; i++) {
        Room *q = srv->rooms[i];
        if (q->quick && q->state == ROOM_WAITING)
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                if (q->seat[s].kind == SEAT_EMPTY)
                    r = q;
    }
    if (!r) {
        if (srv->nrooms >= srv->cfg.max_rooms) {
            srv_error(srv, c->id, "too_many_rooms", "the server has as many rooms as it can hold");
            return;
        }
        char name[80];
        snprintf(name, sizeof name, "快速匹配%ld", srv->next_room_id + 1);
        r = room_new(srv, name, NULL, &srv->cfg.options, true);
        if (!r) {
            srv_error(srv, c->id, "too_many_rooms", "out of memory");
            return;
        }
        r->quick_due = srv->now + srv->cfg.quick_wait_ms;
    }
    int s = room_take_seat(srv, r, p, -1);
    if (s >= 0)
        r->seat[s].ready = true;
    room_broadcast_room(srv, r);
    room_try_start(srv, r);
}

static void on_leaderboard(DdzServer *srv, Conn *c)
{
    json_t *list = json_array();
    if (srv->store) {
        DdzStorePlayer top[20];
        DdzError err;
        int n = ddz_store_leaderboard(srv->store, top, 20, &err);
        for (int i = 0; i < n; i++)
            json_array_append_new(list, json_pack("{s:i, s:I, s:s, s:I, s:I, s:I}", "rank", i + 1, "player",
                                                  (json_int_t)top[i].id, "name", top[i].name, "score",
                                                  (json_int_t)top[i].score, "games", (json_int_t)top[i].games,
                                                  "wins", (json_int_t)top[i].wins));
    }
    json_t *m = json_pack("{s:s, s:o}", "type", "leaderboard", "players", list);
    if (srv->store && c->player) {
        DdzStorePlayer me;
        DdzError err;
        if (ddz_store_player_get(srv->store, c->player->id, &me, &err) == 1)
            json_object_set_new(m, "you", json_pack("{s:I, s:I, s:I}", "score", (json_int_t)me.score, "games",
                                                    (json_int_t)me.games, "wins", (json_int_t)me.wins));
    }
    srv_send(srv, c->id, m);
}

/* Dispatch -------------------------------------------------------------------------------*/

/* Whether a message of this type is a decision of the seat to act in a running game. */
static bool turn_action(const Conn *c, const char *type)
{
    static const char *const ACTIONS[] = {"bid", "double", "show", "play", "pass"};
    const Player *p = c->player;
    if (!type || !p || !p->room || p->seat < 0 || p->room->state != ROOM_PLAYING || !p->room->game ||
        p->room->game->turn != p->seat || p->room->game->phase >= DDZ_PHASE_OVER)
        return false;
    for (size_t i = 0; i < sizeof ACTIONS / sizeof *ACTIONS; i++)
        if (!strcmp(type, ACTIONS[i]))
            return true;
    return false;
}

void ddz_server_message(DdzServer *srv, long conn, const char *data, size_t len, int64_t now)
{
    srv->now = now;
    Conn *c = srv_conn(srv, conn);
    if (!c)
        return;
    srv->stats.messages++;
    if (len > DDZ_MAX_MESSAGE) {
        srv_cut(srv, conn, "too_big", "a message may have at most 65536 bytes");
        return;
    }
    json_error_t jerr;
    json_t *msg = json_loadb(data, len, JSON_REJECT_DUPLICATES, &jerr);
    json_t *t = json_object_get(msg, "type");
    const char *type = json_is_string(t) ? json_string_value(t) : NULL;
    /* The game paces its own actions: a decision of the seat to act is not counted; anything
     * else is (a refused action also costs an error). */
    if (!turn_action(c, type) && !bucket_take(&c->msgs, MSG_BURST, MSG_RATE, now)) {
        json_decref(msg);
        srv_cut(srv, conn, "flood", "too many messages; at most 10 a second besides your game actions");
        return;
    }
    if (!msg || !json_is_object(msg)) {
        if (msg)
            srv_error(srv, conn, "bad_json", "a message is a JSON object");
        else
            srv_error(srv, conn, "bad_json", "not JSON: %s (at byte %d)", jerr.text, jerr.position);
        json_decref(msg);
        return;
    }
    if (!type) {
        srv_error(srv, conn, "bad_message", "a message needs \"type\", a string");
    } else if (!strcmp(type, "hello")) {
        on_hello(srv, c, msg);
    } else if (!strcmp(type, "ping")) {
        json_t *m = json_pack("{s:s}", "type", "pong");
        json_t *echo = json_object_get(msg, "echo");
        if (m && echo && (json_is_integer(echo) || (json_is_string(echo) && json_string_length(echo) <= 64)))
            json_object_set(m, "echo", echo);
        srv_send(srv, conn, m);
    } else if (!need_player(srv, c)) {
        /* said */
    } else if (!strcmp(type, "rooms")) {
        on_rooms(srv, c, msg);
    } else if (!strcmp(type, "create")) {
        on_create(srv, c, msg);
    } else if (!strcmp(type, "join")) {
        on_join(srv, c, msg, false);
    } else if (!strcmp(type, "watch")) {
        on_join(srv, c, msg, true);
    } else if (!strcmp(type, "quick")) {
        on_quick(srv, c);
    } else if (!strcmp(type, "leaderboard")) {
        on_leaderboard(srv, c);
    } else if (!strcmp(type, "leave") || !strcmp(type, "ready") || !strcmp(type, "add_bot") ||
               !strcmp(type, "remove_bot") || !strcmp(type, "chat") || !strcmp(type, "state") ||
               !strcmp(type, "bid") || !strcmp(type, "double") || !strcmp(type, "show") ||
               !strcmp(type, "play") || !strcmp(type, "pass") || !strcmp(type, "auto")) {
        Player *p = c->player;
        if (!p->room)
            srv_error(srv, conn, "not_in_room", "\"%s\" needs a room: join or create one", type);
        else
            room_human_action(srv, p, msg, type);
    } else if (!strncmp(type, "tour", 4)) {
        tourney_message(srv, c->player, msg, type);
    } else {
        srv_error(srv, conn, "unknown_type", "unknown message type '%.40s'", type);
    }
    json_decref(msg);
    room_gc(srv);
}

void ddz_server_tick(DdzServer *srv, int64_t now)
{
    srv->now = now;
    for (int i = 0; i < srv->nconns; i++) {
        Conn *c = &srv->conns[i];
        if (c->id && !c->player && srv->cfg.hello_ms > 0 && now - c->opened >= srv->cfg.hello_ms)
            srv_cut(srv, c->id, "hello_timeout", "no hello in time");
    }
    tourney_tick(srv);
    for (int i = 0; i < srv->nrooms; i++)
        room_tick(srv, srv->rooms[i]);
    room_gc(srv);
    /* Without a store, players who played are kept a while for their tokens, then forgotten. */
    if (now - srv->last_sweep >= 10000) {
        srv->last_sweep = now;
        guard_sweep(&srv->guards, now);
        for (Player *p = srv->players, *next; p; p = next) {
            next = p->next;
            if (p->idle_since && !p->conn && !p->room && now - p->idle_since >= srv->cfg.player_keep_ms)
                player_free(srv, p);
        }
    }
    /* The store hears every 2 s that this server is alive (PostgreSQL: 30 s of silence and
     * its games count as cut). */
    if (srv->store && now - srv->last_maintain >= 2000) {
        srv->last_maintain = now;
        int aborted;
        DdzError err;
        if (ddz_store_maintain(srv->store, &aborted, &err) != 0)
            srv_log(srv, "store: %s", err.msg);
        else if (aborted)
            srv_log(srv, "store: %d games of a stopped server aborted", aborted);
    }
}

/* Life -------------------------------------------------------------------------------------*/

DdzServer *ddz_server_new(const DdzServerConfig *cfg, DdzStore *store, DdzError *err)
{
    DdzLevel level;
    if (ddz_level_parse(cfg->quick_level, &level, err) != 0 || ddz_level_parse(cfg->auto_level, &level, err) != 0)
        return NULL;
    if (cfg->turn_ms < 0 || cfg->quick_wait_ms < 0 || cfg->bot_delay_ms < 0 || cfg->max_conns < 1 ||
        cfg->max_rooms < 1) {
        snprintf(err->msg, sizeof err->msg, "server configuration: times and limits must not be negative");
        return NULL;
    }
    if (sodium_init() < 0) {
        snprintf(err->msg, sizeof err->msg, "libsodium cannot start");
        return NULL;
    }
    DdzServer *srv = calloc(1, sizeof *srv);
    if (!srv) {
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    srv->cfg = *cfg;
    srv->store = store;
    srv->phash_size = 4099;
    srv->phash = calloc(srv->phash_size, sizeof *srv->phash);
    if (!srv->phash) {
        free(srv);
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    if (tourney_load(srv, err) != 0) { /* events opened, stored ones resumed */
        ddz_server_free(srv);
        return NULL;
    }
    return srv;
}

void ddz_server_free(DdzServer *srv)
{
    if (!srv)
        return;
    room_free_all(srv);
    tourney_free_all(srv);
    while (srv->players)
        player_free(srv, srv->players);
    ddz_server_outbox_clear(srv);
    free(srv->out);
    free(srv->conns);
    free(srv->phash);
    free(srv->rooms);
    guard_free(&srv->guards);
    free(srv);
}

void ddz_server_stats(const DdzServer *srv, DdzServerStats *st)
{
    *st = srv->stats;
    st->rooms = srv->nrooms;
    st->playing = 0;
    for (int i = 0; i < srv->nrooms; i++)
        st->playing += srv->rooms[i]->state == ROOM_PLAYING;
}

const DdzGame *ddz_server_game(const DdzServer *srv, long room)
{
    for (int i = 0; i < srv->nrooms; i++)
        if (srv->rooms[i]->id == room)
            return srv->rooms[i]->game;
    return NULL;
}

int ddz_server_seat_of(const DdzServer *srv, long conn, long *room)
{
    Conn *c = srv_conn(srv, conn);
    *room = 0;
    if (!c || !c->player || !c->player->room)
        return -1;
    *room = c->player->room->id;
    return c->player->seat;
}
