/* room.c -- rooms: opening and closing them, seats and spectators, messages to everyone in a
 * room, leaving, dropping out and coming back. The running game is table.c; what people in a
 * room ask is ask.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "tourney.h"

Room *room_find(DdzServer *srv, long id)
{
    for (int i = 0; i < srv->nrooms; i++)
        if (srv->rooms[i]->id == id)
            return srv->rooms[i];
    return NULL;
}

Room *room_new(DdzServer *srv, const char *name, const char *password, const DdzOptions *opt, bool quick)
{
    if (srv->nrooms == srv->caprooms) {
        int cap = srv->caprooms ? srv->caprooms * 2 : 16;
        Room **rs = realloc(srv->rooms, (size_t)cap * sizeof *rs);
        if (!rs)
            return NULL;
        srv->rooms = rs;
        srv->caprooms = cap;
    }
    Room *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->id = ++srv->next_room_id;
    snprintf(r->name, sizeof r->name, "%s", name);
    if (password) {
        r->has_password = true;
        snprintf(r->password, sizeof r->password, "%s", password);
    }
    r->quick = quick;
    r->opt = *opt;
    r->opt.leaver_penalty |= srv->cfg.leaver_penalty; /* in the game, so records show it */
    r->turn_ms = r->opt.turn_seconds ? r->opt.turn_seconds * 1000 : srv->cfg.turn_ms; /* turn=N wins */
    r->max_watch = srv->cfg.spectators_max;
    uint8_t b;
    srv_random(srv, &b, 1);
    r->next_first = b % DDZ_SEAT_NB; /* RULES §3: random for the first deal, then rotating */
    r->active = srv->now;
    srv->rooms[srv->nrooms++] = r;
    return r;
}

void room_seat_drop_agent(Seat *st)
{
    if (st->has_agent)
        ddz_agent_free(&st->agent);
    st->has_agent = false;
}

void room_seat_clear(Seat *st)
{
    room_seat_drop_agent(st);
    memset(st, 0, sizeof *st);
}

static void room_free(Room *r)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        room_seat_drop_agent(&r->seat[s]);
    free(r->watch);
    free(r->game);
    free(r);
}

void room_free_all(DdzServer *srv)
{
    for (int i = 0; i < srv->nrooms; i++) {
        Room *r = srv->rooms[i];
        if (r->state == ROOM_PLAYING && srv->store) {
            DdzError err;
            ddz_store_game_abort(srv->store, r->store_game, "the server stopped during the game", &err);
            srv->stats.games_aborted++;
        }
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            if (r->seat[s].player)
                r->seat[s].player->room = NULL;
        for (int w = 0; w < r->nwatch; w++)
            r->watch[w]->room = NULL;
        room_free(r);
    }
    srv->nrooms = 0;
}

/* Humans seated (connected only, or all), for emptiness and delays. */
int room_humans(const Room *r, bool connected_only)
{
    int n = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (r->seat[s].kind == SEAT_HUMAN && r->seat[s].player && (!connected_only || r->seat[s].player->conn))
            n++;
    return n;
}

/* Nobody is in the room: no person seated (connected or able to come back), no spectator,
 * not a tournament's table. A game there is played by computers only, for nobody to see. */
bool room_unattended(const Room *r)
{
    return room_humans(r, false) == 0 && r->nwatch == 0 && !r->tour;
}

/* Closes rooms nobody is in: no human seated, no spectator, no game running. */
void room_gc(DdzServer *srv)
{
    if (!srv->gc)
        return;
    srv->gc = false;
    for (int i = 0; i < srv->nrooms;) {
        Room *r = srv->rooms[i];
        if (r->state == ROOM_WAITING && room_humans(r, false) == 0 && r->nwatch == 0 && !r->tour) {
            Guard *g = r->addr ? guard_get(&srv->guards, r->addr) : NULL;
            if (g)
                g->rooms--;
            room_free(r);
            srv->rooms[i] = srv->rooms[--srv->nrooms];
        } else {
            i++;
        }
    }
}

/* Messages to the room ----------------------------------------------------------------------*/

/* Calls fn for every connected person in the room: seated humans, then spectators. */
static void each_person_but(Room *r, const Player *skip, void (*fn)(DdzServer *, Player *, void *), DdzServer *srv,
                            void *ctx)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (r->seat[s].kind == SEAT_HUMAN && r->seat[s].player && r->seat[s].player->conn && r->seat[s].player != skip)
            fn(srv, r->seat[s].player, ctx);
    for (int w = 0; w < r->nwatch; w++)
        if (r->watch[w]->conn && r->watch[w] != skip)
            fn(srv, r->watch[w], ctx);
}

static void each_person(Room *r, void (*fn)(DdzServer *, Player *, void *), DdzServer *srv, void *ctx)
{
    each_person_but(r, NULL, fn, srv, ctx);
}

typedef struct Text {
    const char *s;
    size_t n;
} Text;

static void send_text_to(DdzServer *srv, Player *p, void *ctx)
{
    const Text *t = ctx;
    srv_send_text(srv, p->conn, t->s, t->n);
}

void room_broadcast_text(DdzServer *srv, Room *r, const char *text, size_t len)
{
    Text t = {text, len};
    each_person(r, send_text_to, srv, &t);
}

/* Sends one public message to everyone in the room; takes the reference. */
static void broadcast_but(DdzServer *srv, Room *r, const Player *skip, json_t *msg)
{
    if (!msg)
        return;
    char *text = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    if (text) {
        Text t = {text, strlen(text)};
        each_person_but(r, skip, send_text_to, srv, &t);
        free(text);
    }
}

void room_broadcast(DdzServer *srv, Room *r, json_t *msg)
{
    broadcast_but(srv, r, NULL, msg);
}

static json_t *seat_json(const Seat *st)
{
    if (st->kind == SEAT_EMPTY)
        return json_null();
    json_t *o = json_pack("{s:s, s:b, s:b, s:b, s:i}", "name", st->name, "ready", st->ready, "auto", st->autop,
                          "online", st->kind == SEAT_BOT || (st->player && st->player->conn), "score", st->score);
    if (!o)
        return NULL;
    if (st->kind == SEAT_BOT)
        json_object_set_new(o, "bot", json_string(st->level));
    else
        json_object_set_new(o, "player", json_integer(st->player_id));
    if (st->left)
        json_object_set_new(o, "left", json_true());
    return o;
}

static const char *state_name(const Room *r)
{
    return r->state == ROOM_PLAYING ? "playing" : "waiting";
}

/* A room as the lobby lists it. */
json_t *room_summary(const Room *r)
{
    json_t *names = json_array();
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        json_array_append_new(names, r->seat[s].kind == SEAT_EMPTY ? json_null() : json_string(r->seat[s].name));
    return json_pack("{s:I, s:s, s:b, s:b, s:s, s:o, s:i}", "id", (json_int_t)r->id, "name", r->name, "password",
                     r->has_password, "quick", r->quick, "state", state_name(r), "seats", names, "spectators",
                     r->nwatch);
}

static json_t *room_json(const Room *r)
{
    char options[256];
    ddz_options_format(&r->opt, options, sizeof options);
    json_t *seats = json_pack("[o, o, o]", seat_json(&r->seat[0]), seat_json(&r->seat[1]), seat_json(&r->seat[2]));
    json_t *m = json_pack("{s:I, s:s, s:b, s:b, s:s, s:s, s:i, s:I, s:o, s:i, s:i}", "id", (json_int_t)r->id, "name",
                     r->name, "password", r->has_password, "quick", r->quick, "state", state_name(r), "options",
                     options, "turn", r->turn_ms / 1000, "games", (json_int_t)r->games, "seats", seats, "spectators",
                     r->nwatch, "max_spectators", r->max_watch);
    if (m && r->tour)
        tourney_room_json(r, m);
    return m;
}

void room_send_room(DdzServer *srv, Room *r, Player *p)
{
    srv_send(srv, p->conn, json_pack("{s:s, s:o, s:i}", "type", "room", "room", room_json(r), "seat", p->seat));
}

static void send_room_to(DdzServer *srv, Player *p, void *ctx)
{
    room_send_room(srv, ctx, p);
}

void room_broadcast_room(DdzServer *srv, Room *r)
{
    each_person(r, send_room_to, srv, r);
}

/* The snapshot of the running game for p: its seat's view, or the public one. */
void room_send_state(DdzServer *srv, Room *r, Player *p)
{
    if (r->state != ROOM_PLAYING || !r->game)
        return;
    DdzView v;
    if (p->seat >= 0)
        ddz_game_view(r->game, p->seat, &v);
    else
        msg_public_view(r->game, &v);
    srv_send(srv, p->conn, msg_state(r, &v, p->seat, srv->now));
}

/* Seats and spectators -----------------------------------------------------------------------*/

int room_take_seat(DdzServer *srv, Room *r, Player *p, int want)
{
    (void)srv;
    int s = -1;
    if (want >= 0)
        s = want < DDZ_SEAT_NB && r->seat[want].kind == SEAT_EMPTY ? want : -1;
    else
        for (int i = 0; i < DDZ_SEAT_NB && s < 0; i++)
            if (r->seat[i].kind == SEAT_EMPTY)
                s = i;
    if (s < 0)
        return -1;
    Seat *st = &r->seat[s];
    room_seat_clear(st);
    st->kind = SEAT_HUMAN;
    st->player = p;
    st->player_id = p->id;
    snprintf(st->name, sizeof st->name, "%s", p->name);
    p->room = r;
    p->seat = s;
    return s;
}

/* A spectator joins, up to the room's cap: 0, or -1 when the room takes no more. */
int room_add_watcher(DdzServer *srv, Room *r, Player *p)
{
    if (r->nwatch >= r->max_watch)
        return -1;
    if (r->nwatch == r->capwatch) {
        int cap = r->capwatch ? r->capwatch * 2 : 4;
        Player **w = realloc(r->watch, (size_t)cap * sizeof *w);
        if (!w) {
            srv->failed_alloc = true;
            return -1;
        }
        r->watch = w;
        r->capwatch = cap;
    }
    r->watch[r->nwatch++] = p;
    p->room = r;
    p->seat = -1;
    r->watch_dirty = true;
    return 0;
}

/* A spectator goes; the list shrinks when it is mostly empty, so memory is given back. */
static void remove_watcher(Room *r, Player *p)
{
    for (int w = 0; w < r->nwatch; w++)
        if (r->watch[w] == p) {
            memmove(&r->watch[w], &r->watch[w + 1], (size_t)(r->nwatch - w - 1) * sizeof *r->watch);
            r->nwatch--;
            r->watch_dirty = true;
            break;
        }
    if (r->capwatch > 8 && r->nwatch < r->capwatch / 4) {
        int cap = r->capwatch / 2;
        Player **w = realloc(r->watch, (size_t)cap * sizeof *w);
        if (w) {
            r->watch = w;
            r->capwatch = cap;
        }
    }
    if (!r->nwatch) {
        free(r->watch);
        r->watch = NULL;
        r->capwatch = 0;
    }
}

/* Sends the spectator count when it changed, at most once a second (room_tick). */
void room_send_watch_count(DdzServer *srv, Room *r)
{
    if (!r->watch_dirty || srv->now - r->watch_sent < 1000)
        return;
    r->watch_dirty = false;
    r->watch_sent = srv->now;
    room_broadcast(srv, r, json_pack("{s:s, s:I, s:i}", "type", "spectators", "room", (json_int_t)r->id, "count",
                                     r->nwatch));
}

void room_set_auto(DdzServer *srv, Room *r, int seat, bool on, const char *reason)
{
    Seat *st = &r->seat[seat];
    if (st->autop == on)
        return;
    st->autop = on;
    st->timeouts = 0;
    /* RULES §7: a seat the computer plays because its player left or dropped is abandoned. */
    if (on && r->state == ROOM_PLAYING && r->game && (!strcmp(reason, "disconnected") || !strcmp(reason, "left")))
        ddz_game_abandon(r->game, seat, NULL);
    bool turn = r->state == ROOM_PLAYING && r->game && r->game->turn == seat && r->game->phase < DDZ_PHASE_OVER;
    if (turn)
        room_schedule_timers(srv, r);
    json_t *m = json_pack("{s:s, s:i, s:b, s:s}", "type", "auto", "seat", seat, "on", on, "reason", reason);
    if (m && turn) /* the seat to act: who acts now, and its deadline, for everyone */
        json_object_set_new(m, "next", msg_next(r, srv->now));
    room_broadcast(srv, r, m);
    if (turn)
        room_schedule_turn(srv, r);
}

/* A person leaves the room (asked, or its connection is gone). A player who leaves a running
 * game leaves its seat to the computer until the game ends. */
static void detach(DdzServer *srv, Player *p, const char *reason)
{
    Room *r = p->room;
    if (p->seat < 0) {
        remove_watcher(r, p);
        p->room = NULL;
        srv->gc = true;
        return;
    } else {
        Seat *st = &r->seat[p->seat];
        if (r->state == ROOM_PLAYING) {
            st->left = true;
            st->player = NULL;
            room_set_auto(srv, r, p->seat, true, reason);
            st->autop = true;
        } else {
            room_seat_clear(st);
        }
    }
    p->room = NULL;
    p->seat = -1;
    srv->gc = true;
    room_broadcast_room(srv, r);
}

/* A waiting room where nobody did anything for room_idle_ms: everyone is sent back to the
 * lobby (left, with reason "idle") and the room closes. */
void room_close_idle(DdzServer *srv, Room *r)
{
    room_close(srv, r, "idle");
}

void room_close(DdzServer *srv, Room *r, const char *reason)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        Player *p = r->seat[s].kind == SEAT_HUMAN ? r->seat[s].player : NULL;
        if (p) {
            detach(srv, p, reason);
            srv_send(srv, p->conn, json_pack("{s:s, s:I, s:s}", "type", "left", "room", (json_int_t)r->id, "reason",
                                             reason));
            srv_player_forget_maybe(srv, p);
        }
    }
    while (r->nwatch > 0) {
        Player *p = r->watch[0];
        detach(srv, p, reason);
        srv_send(srv, p->conn, json_pack("{s:s, s:I, s:s}", "type", "left", "room", (json_int_t)r->id, "reason",
                                         reason));
        srv_player_forget_maybe(srv, p);
    }
}

void room_leave(DdzServer *srv, Player *p)
{
    long id = p->room->id;
    detach(srv, p, "left");
    srv_send(srv, p->conn, json_pack("{s:s, s:I}", "type", "left", "room", (json_int_t)id));
}

void room_leave_reason(DdzServer *srv, Player *p, const char *reason)
{
    long id = p->room->id;
    detach(srv, p, "left");
    srv_send(srv, p->conn, json_pack("{s:s, s:I, s:s}", "type", "left", "room", (json_int_t)id, "reason", reason));
}

/* p's connection is gone: spectators and players between games leave; a player in a game
 * keeps its seat, played by the computer, and may come back with its token. */
void room_disconnected(DdzServer *srv, Player *p)
{
    Room *r = p->room;
    if (p->seat >= 0 && r->tour && r->state != ROOM_PLAYING) {
        room_broadcast_room(srv, r); /* a tournament seat stays its entrant's */
        return;
    }
    if (p->seat < 0 || r->state != ROOM_PLAYING) {
        detach(srv, p, "disconnected");
        return;
    }
    room_set_auto(srv, r, p->seat, true, "disconnected");
    room_broadcast_room(srv, r);
}

/* p came back on a new connection. It gets room, state (when a game runs), then turn (when it
 * is to act), in that order and once each; the others learn that the computer stops playing
 * for it. The turn keeps its deadline: coming back does not restart the clock. */
void room_reconnected(DdzServer *srv, Player *p)
{
    Room *r = p->room;
    bool turn = p->seat >= 0 && r->state == ROOM_PLAYING && r->game->turn == p->seat && r->game->phase < DDZ_PHASE_OVER;
    if (p->seat >= 0) {
        Seat *st = &r->seat[p->seat];
        bool was_auto = st->autop;
        st->autop = false;
        if (turn)
            room_schedule_timers(srv, r); /* the timers of this turn */
        if (was_auto) {
            st->timeouts = 0;
            json_t *m = json_pack("{s:s, s:i, s:b, s:s}", "type", "auto", "seat", p->seat, "on", 0, "reason", "back");
            if (m && turn) /* everyone sees the countdown of the seat to act */
                json_object_set_new(m, "next", msg_next(r, srv->now));
            broadcast_but(srv, r, p, m);
        }
        each_person_but(r, p, send_room_to, srv, r);
    }
    room_send_room(srv, r, p);
    room_send_state(srv, r, p);
    if (turn)
        room_schedule_turn(srv, r); /* and the turn message */
}
