/* server.c -- the server core's front: its configuration and life, reading each message,
 * checking it and handing it to its handler (player.c: hello; lobby.c: the lobby; ask.c: in a
 * room), and the clock's tick. No sockets and no clock: see server.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core.h"
#include "tourney.h"
#include "ddz/ai.h"
#include "ddz/text.h"

DdzServerConfig ddz_server_config_default(void)
{
    DdzServerConfig c;
    memset(&c, 0, sizeof c);
    c.options = ddz_options_default();
    c.turn_ms = 30000;
    c.quick_wait_ms = 10000;
    c.bot_delay_ms = 800;
    c.computer_wait_ms = 1000;
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

/* Message helpers ---------------------------------------------------------------------------*/

/* A string field: 0 with *out (NULL if absent and optional), or -1 after an error. */
int srv_get_str(DdzServer *srv, long conn, const json_t *msg, const char *key, bool required, const char **out)
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
int srv_get_int(DdzServer *srv, long conn, const json_t *msg, const char *key, bool required, long lo,
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
int srv_check_name(DdzServer *srv, long conn, const char *what, const char *s, size_t len)
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

/* Dispatch -------------------------------------------------------------------------------*/

static Player *need_player(DdzServer *srv, Conn *c)
{
    if (!c->player)
        srv_error(srv, c->id, "hello_first", "say hello first: {\"type\":\"hello\",\"version\":%d}",
                  DDZ_PROTOCOL_VERSION);
    return c->player;
}

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
    if (!turn_action(c, type) && !srv_bucket_take(&c->msgs, MSG_BURST, MSG_RATE, now)) {
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
        srv_hello(srv, c, msg);
    } else if (!strcmp(type, "ping")) {
        json_t *m = json_pack("{s:s}", "type", "pong");
        json_t *echo = json_object_get(msg, "echo");
        if (m && echo && (json_is_integer(echo) || (json_is_string(echo) && json_string_length(echo) <= 64)))
            json_object_set(m, "echo", echo);
        srv_send(srv, conn, m);
    } else if (!need_player(srv, c)) {
        /* said */
    } else if (!strcmp(type, "rooms")) {
        lobby_rooms(srv, c, msg);
    } else if (!strcmp(type, "create")) {
        lobby_create(srv, c, msg);
    } else if (!strcmp(type, "join")) {
        lobby_join(srv, c, msg, false);
    } else if (!strcmp(type, "watch")) {
        lobby_join(srv, c, msg, true);
    } else if (!strcmp(type, "quick")) {
        lobby_quick(srv, c);
    } else if (!strcmp(type, "leaderboard")) {
        lobby_leaderboard(srv, c);
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
                srv_player_free(srv, p);
        }
    }
    if (srv->store && ddz_store_poll(srv->store)) /* a reconnection in progress, without waiting */
        srv_log(srv, "store: connected to the database again");
    pending_done(srv); /* the store's writer thread's answers: ends stored or kept, ... */
    /* The store hears every 2 s that this server is alive (PostgreSQL: 30 s of silence and
     * its games count as cut). */
    if (srv->store && now - srv->last_maintain >= 2000) {
        srv->last_maintain = now;
        int aborted;
        DdzError err;
        int rc = ddz_store_maintain(srv->store, &aborted, &err);
        if (rc < 0) {
            srv_log(srv, "store: %s", err.msg);
        } else if (rc == 0) { /* (1: queued for the writer thread; its answer does the same) */
            if (aborted)
                srv_log(srv, "store: %d games of a stopped server aborted", aborted);
            pending_retry(srv);
        }
    }
}

/* Life -------------------------------------------------------------------------------------*/

DdzServer *ddz_server_new(const DdzServerConfig *cfg, DdzStore *store, DdzError *err)
{
    DdzLevel level;
    if (ddz_level_parse(cfg->quick_level, &level, err) != 0 || ddz_level_parse(cfg->auto_level, &level, err) != 0)
        return NULL;
    if (cfg->turn_ms < 0 || cfg->quick_wait_ms < 0 || cfg->bot_delay_ms < 0 || cfg->computer_wait_ms < 0 ||
        cfg->max_conns < 1 || cfg->max_rooms < 1) {
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
    /* The results a stopped server kept, first: a tournament reads its finished games back. */
    pending_replay(srv);
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
    pending_free(srv);
    room_free_all(srv);
    tourney_free_all(srv);
    while (srv->players)
        srv_player_free(srv, srv->players);
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
    st->playing = st->unattended = st->agents = 0;
    for (int i = 0; i < srv->nrooms; i++) {
        const Room *r = srv->rooms[i];
        st->playing += r->state == ROOM_PLAYING;
        st->unattended += r->state == ROOM_PLAYING && room_unattended(r);
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            st->agents += r->seat[s].has_agent;
    }
}

int64_t ddz_server_take_late(DdzServer *srv)
{
    int64_t late = srv->computer_late;
    srv->computer_late = 0;
    return late;
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
