/* room.c -- rooms and their games: seats, readiness, the deal with its commitment, turns and
 * deadlines, the computer players (bots, 托管), results into the store, snapshots. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "ddz/ai.h"
#include "ddz/commit.h"

static const char *const LEVEL_ZH[DDZ_LEVEL_NB] = {"简单", "普通", "困难", "专家"};

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
    r->turn_ms = srv->cfg.turn_ms;
    uint8_t b;
    srv_random(srv, &b, 1);
    r->next_first = b % DDZ_SEAT_NB; /* RULES §3: random for the first deal, then rotating */
    srv->rooms[srv->nrooms++] = r;
    return r;
}

static void seat_drop_agent(Seat *st)
{
    if (st->has_agent)
        ddz_agent_free(&st->agent);
    st->has_agent = false;
}

static void seat_clear(Seat *st)
{
    seat_drop_agent(st);
    memset(st, 0, sizeof *st);
}

static void room_free(Room *r)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        seat_drop_agent(&r->seat[s]);
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
            ddz_store_game_abort(srv->store, r->store_game, &err);
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

/* Closes rooms nobody is in: no human seated, no spectator, no game running. */
void room_gc(DdzServer *srv)
{
    if (!srv->gc)
        return;
    srv->gc = false;
    for (int i = 0; i < srv->nrooms;) {
        Room *r = srv->rooms[i];
        if (r->state == ROOM_WAITING && room_humans(r, false) == 0 && r->nwatch == 0) {
            room_free(r);
            srv->rooms[i] = srv->rooms[--srv->nrooms];
        } else {
            i++;
        }
    }
}

/* Messages to the room ----------------------------------------------------------------------*/

/* Calls fn for every connected person in the room: seated humans, then spectators. */
static void each_person(Room *r, void (*fn)(DdzServer *, Player *, void *), DdzServer *srv, void *ctx)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (r->seat[s].kind == SEAT_HUMAN && r->seat[s].player && r->seat[s].player->conn)
            fn(srv, r->seat[s].player, ctx);
    for (int w = 0; w < r->nwatch; w++)
        if (r->watch[w]->conn)
            fn(srv, r->watch[w], ctx);
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
static void broadcast(DdzServer *srv, Room *r, json_t *msg)
{
    if (!msg)
        return;
    char *text = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    if (text) {
        room_broadcast_text(srv, r, text, strlen(text));
        free(text);
    }
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
    json_t *watch = json_array();
    for (int w = 0; w < r->nwatch; w++)
        json_array_append_new(watch, json_string(r->watch[w]->name));
    return json_pack("{s:I, s:s, s:b, s:b, s:s, s:s, s:i, s:I, s:o, s:o}", "id", (json_int_t)r->id, "name", r->name,
                     "password", r->has_password, "quick", r->quick, "state", state_name(r), "options", options,
                     "turn", r->turn_ms / 1000, "games", (json_int_t)r->games, "seats", seats, "spectators", watch);
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
    seat_clear(st);
    st->kind = SEAT_HUMAN;
    st->player = p;
    st->player_id = p->id;
    snprintf(st->name, sizeof st->name, "%s", p->name);
    p->room = r;
    p->seat = s;
    return s;
}

void room_add_watcher(DdzServer *srv, Room *r, Player *p)
{
    if (r->nwatch == r->capwatch) {
        int cap = r->capwatch ? r->capwatch * 2 : 4;
        Player **w = realloc(r->watch, (size_t)cap * sizeof *w);
        if (!w) {
            srv->failed_alloc = true;
            return;
        }
        r->watch = w;
        r->capwatch = cap;
    }
    r->watch[r->nwatch++] = p;
    p->room = r;
    p->seat = -1;
}

static void remove_watcher(Room *r, Player *p)
{
    for (int w = 0; w < r->nwatch; w++)
        if (r->watch[w] == p) {
            memmove(&r->watch[w], &r->watch[w + 1], (size_t)(r->nwatch - w - 1) * sizeof *r->watch);
            r->nwatch--;
            return;
        }
}

static void schedule(DdzServer *srv, Room *r);

void room_set_auto(DdzServer *srv, Room *r, int seat, bool on, const char *reason)
{
    Seat *st = &r->seat[seat];
    if (st->autop == on)
        return;
    st->autop = on;
    st->timeouts = 0;
    broadcast(srv, r, json_pack("{s:s, s:i, s:b, s:s}", "type", "auto", "seat", seat, "on", on, "reason", reason));
    if (r->state == ROOM_PLAYING && r->game && r->game->turn == seat && r->game->phase < DDZ_PHASE_OVER)
        schedule(srv, r);
}

/* A person leaves the room (asked, or its connection is gone). A player who leaves a running
 * game leaves its seat to the computer until the game ends. */
static void detach(DdzServer *srv, Player *p, const char *reason)
{
    Room *r = p->room;
    if (p->seat < 0) {
        remove_watcher(r, p);
    } else {
        Seat *st = &r->seat[p->seat];
        if (r->state == ROOM_PLAYING) {
            st->left = true;
            st->player = NULL;
            room_set_auto(srv, r, p->seat, true, reason);
            st->autop = true;
        } else {
            seat_clear(st);
        }
    }
    p->room = NULL;
    p->seat = -1;
    srv->gc = true;
    room_broadcast_room(srv, r);
}

void room_leave(DdzServer *srv, Player *p)
{
    long id = p->room->id;
    detach(srv, p, "left");
    srv_send(srv, p->conn, json_pack("{s:s, s:I}", "type", "left", "room", (json_int_t)id));
}

/* p's connection is gone: spectators and players between games leave; a player in a game
 * keeps its seat, played by the computer, and may come back with its token. */
void room_disconnected(DdzServer *srv, Player *p)
{
    Room *r = p->room;
    if (p->seat < 0 || r->state != ROOM_PLAYING) {
        detach(srv, p, "disconnected");
        return;
    }
    room_set_auto(srv, r, p->seat, true, "disconnected");
    room_broadcast_room(srv, r);
}

void room_reconnected(DdzServer *srv, Player *p)
{
    Room *r = p->room;
    room_send_room(srv, r, p);
    if (p->seat >= 0) {
        room_set_auto(srv, r, p->seat, false, "back");
        room_broadcast_room(srv, r);
    }
    room_send_state(srv, r, p);
    if (p->seat >= 0 && r->state == ROOM_PLAYING && r->game->turn == p->seat)
        schedule(srv, r); /* sends the turn */
}

/* Computer players ------------------------------------------------------------------------*/

static int seat_agent(DdzServer *srv, Room *r, int s)
{
    Seat *st = &r->seat[s];
    if (st->has_agent)
        return 0;
    uint64_t seed;
    srv_random(srv, &seed, sizeof seed);
    DdzError err;
    const char *level = st->kind == SEAT_BOT ? st->level : srv->cfg.auto_level;
    if (ddz_ai_agent_new(&st->agent, level, seed, &err) != 0) {
        srv_log(srv, "room %ld: no computer player '%s': %s", r->id, level, err.msg);
        return -1;
    }
    st->has_agent = true;
    return 0;
}

int room_add_bot(DdzServer *srv, Room *r, int s, const char *level)
{
    DdzLevel lv;
    if (ddz_level_parse(level, &lv, NULL) != 0 || r->seat[s].kind != SEAT_EMPTY)
        return -1;
    Seat *st = &r->seat[s];
    seat_clear(st);
    st->kind = SEAT_BOT;
    snprintf(st->level, sizeof st->level, "%s", ddz_level_name(lv));
    snprintf(st->name, sizeof st->name, "电脑(%s)", LEVEL_ZH[lv]);
    st->ready = true;
    if (seat_agent(srv, r, s) != 0) {
        seat_clear(st);
        return -1;
    }
    return 0;
}

/* The game ---------------------------------------------------------------------------------*/

static bool computer_turn(const Room *r)
{
    const Seat *st = &r->seat[r->game->turn];
    return st->kind == SEAT_BOT || st->autop || st->left || !st->player || !st->player->conn;
}

/* The private "turn" message to the person who must act: what it may do and until when. */
static void send_turn(DdzServer *srv, Room *r)
{
    const DdzGame *g = r->game;
    Seat *st = &r->seat[g->turn];
    if (st->kind != SEAT_HUMAN || !st->player || !st->player->conn)
        return;
    DdzView v;
    ddz_game_view(g, g->turn, &v);
    json_t *m = json_pack("{s:s, s:s, s:b}", "type", "turn", "phase", msg_phase_name(g->phase), "auto", st->autop);
    if (!m)
        return;
    if (r->deadline)
        json_object_set_new(m, "deadline_ms", json_integer(r->deadline - srv->now));
    if (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE) {
        uint8_t vals[4];
        int n = ddz_view_legal_values(&v, g->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE, vals);
        json_t *a = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(a, json_integer(vals[i]));
        json_object_set_new(m, "values", a);
    } else {
        json_object_set_new(m, "lead", json_boolean(v.table_seat < 0));
        if (v.table_seat >= 0)
            json_object_set_new(m, "table", msg_move(&v.table, v.opt.rules));
    }
    DdzAction show = ddz_action_show(g->turn);
    DdzError err;
    json_object_set_new(m, "can_show", json_boolean(ddz_game_check(g, &show, &err) == 0));
    srv_send(srv, st->player->conn, m);
}

/* Sets the timers for the seat to act: a computer acts after the bot delay (none when no
 * person is there to watch), a person by the deadline. */
static void set_timers(DdzServer *srv, Room *r)
{
    r->deadline = r->bot_due = 0;
    if (r->state != ROOM_PLAYING || r->game->phase >= DDZ_PHASE_OVER)
        return;
    if (computer_turn(r)) {
        bool watched = room_humans(r, true) > 0 || r->nwatch > 0;
        r->bot_due = srv->now + (watched ? srv->cfg.bot_delay_ms : 0);
        if (r->bot_due <= 0)
            r->bot_due = 1;
    } else if (r->turn_ms > 0) {
        r->deadline = srv->now + r->turn_ms;
    }
}

static void schedule(DdzServer *srv, Room *r)
{
    set_timers(srv, r);
    if (r->state == ROOM_PLAYING && r->game->phase < DDZ_PHASE_OVER)
        send_turn(srv, r);
}

static void reveal_into(const Room *r, json_t *m)
{
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)r->seed);
    json_object_set_new(m, "seed", json_string(seed));
    json_object_set_new(m, "salt", json_string(r->salt));
    json_object_set_new(m, "commit", json_string(r->commit));
}

/* The game's record with the commitment, for the store and the players. */
static char *game_record(DdzServer *srv, Room *r)
{
    DdzRecordInfo info;
    memset(&info, 0, sizeof info);
    info.has_seed = true;
    info.seed = r->seed;
    info.game = r->games;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        snprintf(info.seats[s], sizeof info.seats[s], "%s", r->seat[s].name);
    DdzError err;
    char *text = ddz_commit_record(r->game, &info, r->commit, r->salt, &err);
    if (!text)
        srv_log(srv, "room %ld: no record: %s", r->id, err.msg);
    return text;
}

static void store_end(DdzServer *srv, Room *r, const char *record, const DdzResult *res, const int penalty[3])
{
    if (!srv->store)
        return;
    DdzStoreEnd e;
    memset(&e, 0, sizeof e);
    e.game = r->store_game;
    e.redeal = res == NULL;
    e.seed = r->seed;
    snprintf(e.salt, sizeof e.salt, "%s", r->salt);
    e.record = record ? record : "";
    e.landlord = res ? res->landlord : -1;
    e.landlord_won = res && res->landlord_won;
    e.now = srv->now;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        const Seat *st = &r->seat[s];
        e.player[s] = st->kind == SEAT_HUMAN ? st->player_id : 0;
        snprintf(e.name[s], sizeof e.name[s], "%s", st->name);
        e.score[s] = res ? res->score[s] : 0;
        e.penalty[s] = penalty ? penalty[s] : 0;
    }
    DdzError err;
    if (ddz_store_game_end(srv->store, &e, &err) != 0)
        srv_log(srv, "room %ld: game %lld not stored: %s", r->id, (long long)e.game, err.msg);
}

static void deal(DdzServer *srv, Room *r);

/* The game is over: scores, penalties, the record, the store (one transaction), the reveal. */
static void finish(DdzServer *srv, Room *r)
{
    DdzGame *g = r->game;
    DdzResult res;
    if (ddz_game_result(g, &res) != 0)
        return;
    int penalty[DDZ_SEAT_NB] = {0, 0, 0};
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        Seat *st = &r->seat[s];
        bool gone = st->kind == SEAT_HUMAN && (st->left || !st->player || !st->player->conn);
        if (srv->cfg.leaver_penalty && gone)
            penalty[s] = 10 * res.base; /* RULES §6: ten times the base score */
        st->score += res.score[s] - penalty[s];
    }
    char *record = game_record(srv, r);
    store_end(srv, r, record, &res, penalty);
    json_t *result = json_pack("{s:i, s:b, s:b, s:b, s:i, s:i, s:i, s:[i,i,i], s:i, s:[i,i,i]}",
                               "landlord", res.landlord, "landlord_won", res.landlord_won, "spring", res.spring,
                               "anti_spring", res.anti_spring, "bombs", res.bombs, "base", res.base, "multiple",
                               res.multiple, "stakes", res.stake[0], res.stake[1], res.stake[2], "fee", res.fee,
                               "scores", res.score[0], res.score[1], res.score[2]);
    json_t *m = json_pack("{s:s, s:I, s:o, s:[i,i,i], s:[i,i,i], s:o, s:o}", "type", "over", "game",
                          (json_int_t)r->games, "result", result, "penalties", penalty[0], penalty[1], penalty[2],
                          "totals", r->seat[0].score, r->seat[1].score, r->seat[2].score, "hands",
                          msg_cards3(g->dealt), "bottom", msg_cards(g->bottom));
    if (m) {
        reveal_into(r, m);
        if (record)
            json_object_set_new(m, "record", json_string(record));
    }
    free(record);
    broadcast(srv, r, m);
    srv->stats.games_finished++;

    /* Back to waiting: people ready again; leavers and the disconnected lose their seats. */
    r->state = ROOM_WAITING;
    r->deadline = r->bot_due = 0;
    r->next_first = (g->first + 1) % DDZ_SEAT_NB;
    r->start_after = srv->now + srv->cfg.between_games_ms;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        Seat *st = &r->seat[s];
        if (st->kind != SEAT_HUMAN)
            continue;
        if (st->left || !st->player || !st->player->conn) {
            Player *p = st->player;
            seat_clear(st);
            if (p) {
                p->room = NULL;
                p->seat = -1;
                srv_player_forget_maybe(srv, p);
            }
            continue;
        }
        st->ready = false;
        st->autop = false;
        st->timeouts = 0;
        seat_drop_agent(st);
    }
    srv->gc = true;
    room_broadcast_room(srv, r);
}

static json_t *start_msg(const Room *r, const DdzView *v, int seat, int64_t now)
{
    json_t *m = json_pack("{s:s, s:I, s:i, s:s, s:o}", "type", "start", "game", (json_int_t)r->games, "first",
                          v->first, "commit", r->commit, "next", msg_next(r, now));
    if (m && seat >= 0)
        json_object_set_new(m, "hand", msg_cards(v->hand));
    if (m && v->revealed >= 0)
        json_object_set_new(m, "revealed", json_integer(v->revealed));
    return m;
}

/* Deals a new game: a seed from the CSPRNG, a salt, the commitment published before the
 * bidding; each seat is sent its own hand only. */
static void deal(DdzServer *srv, Room *r)
{
    if (!r->game && !(r->game = malloc(sizeof *r->game))) {
        srv->failed_alloc = true;
        return;
    }
    uint8_t salt[16];
    if (srv->cfg.random || ddz_seed_secure(&r->seed) != 0)
        srv_random(srv, &r->seed, sizeof r->seed);
    srv_random(srv, salt, sizeof salt);
    ddz_hex(salt, sizeof salt, r->salt);
    ddz_commit_compute(r->seed, r->salt, r->commit);
    DdzRng rng;
    ddz_rng_seed(&rng, r->seed);
    ddz_game_new(r->game, &r->opt, &rng, r->next_first);
    r->games++;
    r->state = ROOM_PLAYING;
    r->store_game = 0;
    if (srv->store) {
        char options[256];
        ddz_options_format(&r->opt, options, sizeof options);
        DdzError err;
        if (ddz_store_game_start(srv->store, r->id, options, r->commit, srv->now, &r->store_game, &err) != 0)
            srv_log(srv, "room %ld: game not stored: %s", r->id, err.msg);
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        r->seat[s].timeouts = 0;
        if (r->seat[s].kind == SEAT_HUMAN && r->seat[s].player && !r->seat[s].player->conn)
            r->seat[s].autop = true;
    }
    /* Timers first, so "next" in the start message is right; the turn message follows. */
    set_timers(srv, r);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        Player *p = r->seat[s].kind == SEAT_HUMAN ? r->seat[s].player : NULL;
        if (p && p->conn) {
            DdzView v;
            ddz_game_view(r->game, s, &v);
            srv_send(srv, p->conn, start_msg(r, &v, s, srv->now));
        }
    }
    if (r->nwatch) {
        DdzView v;
        msg_public_view(r->game, &v);
        json_t *m = start_msg(r, &v, -1, srv->now);
        char *text = m ? json_dumps(m, JSON_COMPACT) : NULL;
        json_decref(m);
        for (int w = 0; text && w < r->nwatch; w++)
            srv_send_text(srv, r->watch[w]->conn, text, strlen(text));
        free(text);
    }
    send_turn(srv, r);
}

void room_try_start(DdzServer *srv, Room *r)
{
    if (r->state != ROOM_WAITING || srv->now < r->start_after)
        return;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        const Seat *st = &r->seat[s];
        if (st->kind == SEAT_EMPTY || !st->ready || (st->kind == SEAT_HUMAN && (!st->player || !st->player->conn)))
            return;
    }
    r->quick_due = 0;
    deal(srv, r);
    room_broadcast_room(srv, r);
}

/* Applies an action of the seat to act and tells everyone. by: "player", "timeout", "auto"
 * (托管) or "bot". Returns 0, or -1 with err when the engine refuses it. */
static int apply(DdzServer *srv, Room *r, const DdzAction *a, const char *by, DdzError *err)
{
    DdzGame *g = r->game;
    int landlord_before = g->landlord;
    if (ddz_game_apply(g, a, err) != 0)
        return -1;
    const DdzAction *done = &g->hist[g->nhist - 1];
    DdzView pub;
    msg_public_view(g, &pub);
    bool crowned = landlord_before == DDZ_NO_SEAT && g->landlord != DDZ_NO_SEAT;
    /* Timers before the messages, so "next" tells the deadline. */
    set_timers(srv, r);
    json_t *m = msg_action(&pub, done, g->opt.rules);
    if (m) {
        json_object_set_new(m, "type", json_string("action"));
        json_object_set_new(m, "by", json_string(by));
        json_object_set_new(m, "counts", json_pack("[i, i, i]", pub.count[0], pub.count[1], pub.count[2]));
        if (!crowned && g->phase < DDZ_PHASE_OVER)
            json_object_set_new(m, "next", msg_next(r, srv->now));
    }
    broadcast(srv, r, m);
    if (crowned)
        broadcast(srv, r, json_pack("{s:s, s:i, s:i, s:o, s:o}", "type", "landlord", "seat", g->landlord, "bid",
                                    g->bid, "bottom", msg_cards(pub.bottom), "next", msg_next(r, srv->now)));
    if (g->phase == DDZ_PHASE_OVER) {
        finish(srv, r);
    } else if (g->phase == DDZ_PHASE_REDEAL) {
        char *record = game_record(srv, r);
        store_end(srv, r, record, NULL, NULL);
        json_t *rm = json_pack("{s:s, s:I, s:o, s:o}", "type", "redeal", "game", (json_int_t)r->games, "hands",
                               msg_cards3(g->dealt), "bottom", msg_cards(g->bottom));
        if (rm) {
            reveal_into(r, rm);
            if (record)
                json_object_set_new(rm, "record", json_string(record));
        }
        free(record);
        broadcast(srv, r, rm);
        srv->stats.redeals++;
        r->next_first = (g->first + 1) % DDZ_SEAT_NB;
        deal(srv, r);
    } else {
        send_turn(srv, r);
    }
    return 0;
}

/* The default of a seat that let its deadline pass (RULES §6): the lowest bid or double
 * value (pass when allowed), a pass when following, the smallest legal move when leading. */
static DdzAction default_action(DdzServer *srv, const DdzGame *g)
{
    int s = g->turn;
    if (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE) {
        int kind = g->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
        uint8_t vals[4];
        int n = ddz_game_legal_values(g, kind, vals);
        return kind == DDZ_ACT_BID ? ddz_action_bid(s, n ? vals[0] : 0) : ddz_action_double(s, n ? vals[0] : 0);
    }
    if (g->table >= 0)
        return ddz_action_play(s, ddz_move_pass(), 0);
    int n = ddz_game_legal_moves(g, srv->moves);
    return ddz_action_play(s, n ? srv->moves[0] : ddz_move_pass(), 0);
}

static void computer_act(DdzServer *srv, Room *r)
{
    DdzGame *g = r->game;
    int s = g->turn;
    Seat *st = &r->seat[s];
    DdzAction a;
    DdzError err;
    bool ok = false;
    if (seat_agent(srv, r, s) == 0) {
        DdzView v;
        ddz_game_view(g, s, &v);
        if (st->agent.act(st->agent.state, &v, &a) == 0) {
            a.seat = (uint8_t)s;
            ok = apply(srv, r, &a, st->kind == SEAT_BOT ? "bot" : "auto", &err) == 0;
            if (!ok)
                srv_log(srv, "room %ld: computer player refused: %s", r->id, err.msg);
        }
    }
    if (!ok) {
        a = default_action(srv, g);
        if (apply(srv, r, &a, st->kind == SEAT_BOT ? "bot" : "auto", &err) != 0)
            srv_log(srv, "room %ld: default action refused: %s", r->id, err.msg);
    }
}

static void timeout_act(DdzServer *srv, Room *r)
{
    int s = r->game->turn;
    Seat *st = &r->seat[s];
    DdzAction a = default_action(srv, r->game);
    int missed = st->timeouts + 1;
    DdzError err;
    if (apply(srv, r, &a, "timeout", &err) != 0) {
        srv_log(srv, "room %ld: timeout action refused: %s", r->id, err.msg);
        r->deadline = 0;
        return;
    }
    st->timeouts = missed;
    if (missed >= 2 && !st->autop)
        room_set_auto(srv, r, s, true, "timeouts");
}

void room_tick(DdzServer *srv, Room *r)
{
    if (r->state == ROOM_WAITING) {
        bool empty = false;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            empty |= r->seat[s].kind == SEAT_EMPTY;
        if (r->quick && empty && !r->quick_due) /* a seat emptied between games */
            r->quick_due = srv->now + srv->cfg.quick_wait_ms;
        if (r->quick && r->quick_due && srv->now >= r->quick_due && room_humans(r, true) > 0) {
            r->quick_due = 0;
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                if (r->seat[s].kind == SEAT_EMPTY)
                    room_add_bot(srv, r, s, srv->cfg.quick_level);
            room_broadcast_room(srv, r);
        }
        room_try_start(srv, r);
        return;
    }
    /* Computers play on while their time has come; a game nobody watches runs to its end. */
    for (int guard = 0; guard < 2 * DDZ_MAX_ACTIONS && r->state == ROOM_PLAYING; guard++) {
        if (r->bot_due && srv->now >= r->bot_due) {
            if (computer_turn(r))
                computer_act(srv, r);
            else
                schedule(srv, r);
        } else if (r->deadline && srv->now >= r->deadline) {
            timeout_act(srv, r);
        } else {
            break;
        }
    }
}

/* What people in a room ask ------------------------------------------------------------------*/

/* Turns a play message into an action: "move" (rank notation, an optional ":type:rank"
 * reading) and/or "cards" (the exact suited cards). Returns 0, or -1 after an error. */
static int play_action(DdzServer *srv, Room *r, Player *p, const json_t *msg, DdzAction *out)
{
    const DdzGame *g = r->game;
    DdzView v;
    ddz_game_view(g, p->seat, &v);
    json_t *jm = json_object_get(msg, "move"), *jc = json_object_get(msg, "cards");
    if ((jm && !json_is_string(jm)) || (jc && !json_is_string(jc)) || (!jm && !jc)) {
        srv_error(srv, p->conn, "bad_message", "a play needs \"move\" (rank notation, e.g. \"33344\") or \"cards\" "
                                                "(suited cards, e.g. \"C3 D3\"), strings");
        return -1;
    }
    DdzError err;
    DdzCards cards = 0;
    DdzRanks ranks = 0;
    DdzMove chosen = ddz_move_pass();
    bool has_reading = false;
    if (jc) {
        if (ddz_cards_parse(json_string_value(jc), &cards, &err) != 0) {
            srv_error(srv, p->conn, "bad_cards", "cards: %s", err.msg);
            return -1;
        }
        if (cards & ~v.hand) {
            char text[512];
            ddz_cards_format(cards & ~v.hand, DDZ_STYLE_ASCII, text, sizeof text);
            srv_error(srv, p->conn, "not_in_hand", "you do not hold %s", text);
            return -1;
        }
        ranks = ddz_cards_ranks(cards);
    }
    if (jm) {
        const char *text = json_string_value(jm);
        DdzRanks mr;
        if (strchr(text, ':')) {
            if (ddz_move_parse(text, v.opt.rules, &chosen, &err) != 0) {
                srv_error(srv, p->conn, "bad_cards", "move: %s", err.msg);
                return -1;
            }
            mr = chosen.ranks;
            has_reading = true;
        } else if (ddz_ranks_parse(text, &mr, &err) != 0) {
            srv_error(srv, p->conn, "bad_cards", "move: %s", err.msg);
            return -1;
        }
        if (jc && mr != ranks) {
            srv_error(srv, p->conn, "bad_cards", "\"move\" and \"cards\" are different cards");
            return -1;
        }
        ranks = mr;
        if (!jc && !ddz_cards_pick(v.hand, ranks, &cards)) {
            char rt[64];
            ddz_ranks_format(ranks, rt, sizeof rt);
            srv_error(srv, p->conn, "not_in_hand", "you do not hold %s", rt);
            return -1;
        }
    }
    if (!ranks) {
        srv_error(srv, p->conn, "bad_cards", "no cards: to pass, send {\"type\":\"pass\"}");
        return -1;
    }
    DdzMove readings[DDZ_MAX_READINGS];
    int n = has_reading ? 1 : ddz_move_classify(ranks, v.opt.rules, readings);
    if (has_reading)
        readings[0] = chosen;
    if (n == 0) {
        char rt[64];
        ddz_ranks_format(ranks, rt, sizeof rt);
        srv_error(srv, p->conn, "illegal", "%s is not a move under the %s rules", rt, ddz_ruleset_name(v.opt.rules));
        return -1;
    }
    int legal = -1, nlegal = 0;
    DdzError first_err;
    for (int i = 0; i < n; i++) {
        DdzAction a = ddz_action_play(p->seat, readings[i], cards);
        if (ddz_game_check(g, &a, i == 0 ? &first_err : &err) == 0) {
            legal = i;
            nlegal++;
        }
    }
    if (nlegal == 0) {
        srv_error(srv, p->conn, "illegal", "%s", first_err.msg);
        return -1;
    }
    if (nlegal > 1) {
        srv_error(srv, p->conn, "ambiguous", "these cards read as several moves: add the reading, e.g. "
                                             "\"333444555666:plane_single:4\"");
        return -1;
    }
    *out = ddz_action_play(p->seat, readings[legal], cards);
    return 0;
}

static void game_action(DdzServer *srv, Room *r, Player *p, const json_t *msg, const char *type)
{
    if (p->seat < 0) {
        srv_error(srv, p->conn, "not_seated", "spectators do not play");
        return;
    }
    if (r->state != ROOM_PLAYING) {
        srv_error(srv, p->conn, "not_playing", "no game is running; send \"ready\"");
        return;
    }
    DdzGame *g = r->game;
    if (!strcmp(type, "auto")) {
        json_t *on = json_object_get(msg, "on");
        if (!json_is_boolean(on)) {
            srv_error(srv, p->conn, "bad_message", "\"on\" must be true or false");
            return;
        }
        room_set_auto(srv, r, p->seat, json_is_true(on), json_is_true(on) ? "asked" : "back");
        return;
    }
    if (g->turn != p->seat) {
        srv_error(srv, p->conn, "not_your_turn", "it is seat %d's turn", g->turn);
        return;
    }
    DdzAction a;
    json_t *jv = json_object_get(msg, "value");
    if (!strcmp(type, "bid") || !strcmp(type, "double")) {
        if (!json_is_integer(jv) || json_integer_value(jv) < 0 || json_integer_value(jv) > 3) {
            srv_error(srv, p->conn, "bad_message", "\"value\" must be an integer from 0 to 3");
            return;
        }
        int val = (int)json_integer_value(jv);
        a = !strcmp(type, "bid") ? ddz_action_bid(p->seat, val) : ddz_action_double(p->seat, val);
    } else if (!strcmp(type, "show")) {
        a = ddz_action_show(p->seat);
    } else if (!strcmp(type, "pass")) {
        a = ddz_action_play(p->seat, ddz_move_pass(), 0);
    } else if (play_action(srv, r, p, msg, &a) != 0) {
        return;
    }
    DdzError err;
    if (ddz_game_check(g, &a, &err) != 0) {
        srv_error(srv, p->conn, "illegal", "%s", err.msg);
        return;
    }
    Seat *st = &r->seat[p->seat];
    st->timeouts = 0;
    if (st->autop)
        room_set_auto(srv, r, p->seat, false, "back");
    if (apply(srv, r, &a, "player", &err) != 0)
        srv_error(srv, p->conn, "illegal", "%s", err.msg);
}

void room_chat(DdzServer *srv, Player *p, const char *text)
{
    broadcast(srv, p->room, json_pack("{s:s, s:s, s:i, s:s}", "type", "chat", "from", p->name, "seat", p->seat,
                                      "text", text));
}

static bool chat_ok(DdzServer *srv, Player *p, const json_t *msg, const char **text)
{
    json_t *t = json_object_get(msg, "text");
    if (!json_is_string(t)) {
        srv_error(srv, p->conn, "bad_message", "\"text\" must be a string");
        return false;
    }
    *text = json_string_value(t);
    size_t chars = 0;
    bool control = false;
    for (const unsigned char *u = (const unsigned char *)*text; *u; u++) {
        chars += (*u & 0xC0) != 0x80;
        control |= *u < 0x20 || *u == 0x7F;
    }
    if (chars == 0 || chars > DDZ_CHAT_MAX || control || json_string_length(t) != strlen(*text)) {
        srv_error(srv, p->conn, "chat_too_long", "a chat line has 1 to %d characters, without control characters",
                  DDZ_CHAT_MAX);
        return false;
    }
    Bucket *b = &p->chat;
    int64_t now = srv->now;
    if (now > b->at) {
        b->level += (double)(now - b->at) * 0.5 / 1000.0;
        if (b->level > 3.0)
            b->level = 3.0;
    }
    b->at = now;
    if (b->level < 1.0) {
        srv_error(srv, p->conn, "chat_rate", "slow down: at most one chat line every 2 seconds");
        return false;
    }
    b->level -= 1.0;
    return true;
}

void room_human_action(DdzServer *srv, Player *p, const json_t *msg, const char *type)
{
    Room *r = p->room;
    if (!strcmp(type, "leave")) {
        room_leave(srv, p);
    } else if (!strcmp(type, "state")) {
        room_send_room(srv, r, p);
        room_send_state(srv, r, p);
    } else if (!strcmp(type, "chat")) {
        const char *text;
        if (chat_ok(srv, p, msg, &text))
            room_chat(srv, p, text);
    } else if (!strcmp(type, "ready") || !strcmp(type, "add_bot") || !strcmp(type, "remove_bot")) {
        if (p->seat < 0) {
            srv_error(srv, p->conn, "not_seated", "spectators cannot do that; join a seat");
            return;
        }
        if (r->state != ROOM_WAITING) {
            srv_error(srv, p->conn, "playing", "not while a game is running");
            return;
        }
        if (!strcmp(type, "ready")) {
            json_t *v = json_object_get(msg, "ready");
            if (v && !json_is_boolean(v)) {
                srv_error(srv, p->conn, "bad_message", "\"ready\" must be true or false");
                return;
            }
            r->seat[p->seat].ready = !v || json_is_true(v);
        } else {
            json_t *js = json_object_get(msg, "seat"), *jl = json_object_get(msg, "level");
            int seat = -1;
            if (js && (!json_is_integer(js) || json_integer_value(js) < 0 || json_integer_value(js) > 2)) {
                srv_error(srv, p->conn, "bad_message", "\"seat\" must be 0, 1 or 2");
                return;
            }
            if (js)
                seat = (int)json_integer_value(js);
            if (!strcmp(type, "remove_bot")) {
                if (seat < 0 || r->seat[seat].kind != SEAT_BOT) {
                    srv_error(srv, p->conn, "no_bot", "no computer player in that seat");
                    return;
                }
                seat_clear(&r->seat[seat]);
            } else {
                const char *level = "normal";
                DdzLevel lv;
                DdzError err;
                if (jl && (!json_is_string(jl) || ddz_level_parse(json_string_value(jl), &lv, &err) != 0)) {
                    srv_error(srv, p->conn, "bad_level", "%s", jl && json_is_string(jl) ? err.msg :
                              "\"level\" must be easy, normal, hard or expert");
                    return;
                }
                if (jl)
                    level = json_string_value(jl);
                for (int s = 0; s < DDZ_SEAT_NB && seat < 0; s++)
                    if (r->seat[s].kind == SEAT_EMPTY)
                        seat = s;
                if (seat < 0 || r->seat[seat].kind != SEAT_EMPTY) {
                    srv_error(srv, p->conn, "room_full", "no empty seat for a computer player");
                    return;
                }
                if (room_add_bot(srv, r, seat, level) != 0) {
                    srv_error(srv, p->conn, "bad_level", "cannot make a computer player of level %s", level);
                    return;
                }
            }
        }
        room_broadcast_room(srv, r);
        room_try_start(srv, r);
    } else {
        game_action(srv, r, p, msg, type);
    }
}
