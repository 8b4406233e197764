/* lobby.c -- what a player asks in the lobby: the list of rooms, creating one, joining or
 * watching one (passwords and their back-off), quick match and the leaderboard. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core.h"
#include "tourney.h"

/* The lobby's list, a page at a time (at most ROOMS_PAGE summaries, well within a message),
 * optionally only rooms waiting for players, playing, or with a free seat. */
#define ROOMS_PAGE 100
void lobby_rooms(DdzServer *srv, Conn *c, const json_t *msg)
{
    long offset, limit;
    const char *state;
    json_t *jfree = json_object_get(msg, "free");
    if (srv_get_int(srv, c->id, msg, "offset", false, 0, 1L << 30, 0, &offset) != 0 ||
        srv_get_int(srv, c->id, msg, "limit", false, 1, ROOMS_PAGE, ROOMS_PAGE, &limit) != 0 ||
        srv_get_str(srv, c->id, msg, "state", false, &state) != 0)
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

static bool need_lobby(DdzServer *srv, Player *p)
{
    if (p->room) {
        srv_refuse(srv, p->conn, "in_room", json_pack("{s:I}", "room", (json_int_t)p->room->id),
                   "you are in room %ld; leave it first", p->room->id);
        return false;
    }
    return true;
}

void lobby_create(DdzServer *srv, Conn *c, const json_t *msg)
{
    Player *p = c->player;
    const char *name, *password, *options;
    long turn, watchers;
    if (!need_lobby(srv, p) || tourney_busy(srv, p) || srv_get_str(srv, c->id, msg, "name", false, &name) != 0 ||
        srv_get_int(srv, c->id, msg, "spectators", false, 0, srv->cfg.spectators_max, srv->cfg.spectators_max,
                &watchers) != 0 ||
        srv_get_str(srv, c->id, msg, "password", false, &password) != 0 ||
        srv_get_str(srv, c->id, msg, "options", false, &options) != 0 ||
        srv_get_int(srv, c->id, msg, "turn", false, 0, 600, srv->cfg.turn_ms / 1000, &turn) != 0)
        return;
    if (name && srv_check_name(srv, c->id, "a room name", name, json_string_length(json_object_get(msg, "name"))) != 0)
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

void lobby_join(DdzServer *srv, Conn *c, const json_t *msg, bool watch)
{
    Player *p = c->player;
    long id, seat;
    const char *password;
    if (!need_lobby(srv, p) || srv_get_int(srv, c->id, msg, "room", true, 1, 1L << 40, 0, &id) != 0 ||
        srv_get_int(srv, c->id, msg, "seat", false, 0, 2, -1, &seat) != 0 ||
        srv_get_str(srv, c->id, msg, "password", false, &password) != 0)
        return;
    Room *r = room_find(srv, id);
    if (!r) {
        srv_refuse(srv, c->id, "no_room", json_pack("{s:I}", "room", (json_int_t)id), "there is no room %ld", id);
        return;
    }
    if (!watch && (tourney_busy(srv, p) || tourney_refuse_room(srv, p, r, (int)seat, "join")))
        return;
    if (r->has_password && password) {
        /* Tries are limited per address, with a back-off that doubles; a room under attack
         * leaves each address one free failure instead of GUARD_PW_FREE (guard.c). */
        Guard *g = guard_get(&srv->guards, c->addr ? c->addr : GUARD_NO_ADDR);
        int allowed = guard_pw_attacked(&r->pw, srv->now) ? 1 : GUARD_PW_FREE;
        int64_t wait = g ? guard_pw_wait(&g->pw, allowed, srv->now) : 0;
        if (wait > 0) {
            srv_error(srv, c->id, "too_many_tries", "too many wrong passwords from your address; try again in %lld s",
                      (long long)(wait + 999) / 1000);
            return;
        }
        if (!password_ok(r, password)) {
            guard_pw_fail(&r->pw, srv->now);
            if (g)
                guard_pw_fail(&g->pw, srv->now);
        }
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

void lobby_quick(DdzServer *srv, Conn *c)
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

void lobby_leaderboard(DdzServer *srv, Conn *c)
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
