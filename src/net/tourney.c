/* tourney.c -- tournaments on the server: events, registration, rounds, tables that are rooms,
 * the waiting view and the restart (tourney.h, docs/PROTOCOL.md "Tournaments"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tourney.h"
#include "ddz/ai.h"
#include "ddz/text.h"

static void round_draw(DdzServer *srv, Tourney *ev);
static void table_open(DdzServer *srv, Tourney *ev, int i);

/* Sending ----------------------------------------------------------------------------------*/

static void send_to(DdzServer *srv, const Player *p, json_t *m)
{
    if (p && p->conn)
        srv_send(srv, p->conn, m);
    else
        json_decref(m);
}

/* To everyone following the event: its connected entrants and its spectators. */
static void tour_broadcast(DdzServer *srv, Tourney *ev, json_t *m)
{
    char *text = m ? json_dumps(m, JSON_COMPACT) : NULL;
    json_decref(m);
    if (!text) {
        srv->failed_alloc = true;
        return;
    }
    size_t len = strlen(text);
    for (int e = 0; e < ev->nent; e++)
        if (ev->ent[e].p && ev->ent[e].p->conn)
            srv_send_text(srv, ev->ent[e].p->conn, text, len);
    for (int w = 0; w < ev->nwatch; w++)
        if (ev->watch[w]->conn)
            srv_send_text(srv, ev->watch[w]->conn, text, len);
    free(text);
}

/* The snapshot to each follower, with its own "you". */
static void tour_broadcast_snapshot(DdzServer *srv, Tourney *ev)
{
    for (int e = 0; e < ev->nent; e++)
        if (ev->ent[e].p && ev->ent[e].p->conn)
            srv_send(srv, ev->ent[e].p->conn, tourney_snapshot(ev, e));
    json_t *m = tourney_snapshot(ev, -1);
    char *text = m ? json_dumps(m, JSON_COMPACT) : NULL;
    json_decref(m);
    for (int w = 0; text && w < ev->nwatch; w++)
        if (ev->watch[w]->conn)
            srv_send_text(srv, ev->watch[w]->conn, text, strlen(text));
    free(text);
    ev->reg_dirty = false;
    ev->reg_sent = srv->now;
}

void tour_send_wait(DdzServer *srv, const Tourney *ev, const Player *p, const char *reason, bool advanced, bool lot)
{
    int stage = 0, round = 0;
    if (ev->has_t && ev->t.nrounds > 0) {
        const DdzTourRound *rd = &ev->t.rounds[ev->t.nrounds - 1];
        stage = rd->stage;
        round = rd->round + 1;
    }
    json_t *m = json_pack("{s:s, s:I, s:i, s:i, s:s, s:b}", "type", "tour_wait", "tournament", (json_int_t)ev->id,
                          "stage", stage, "round", round, "reason", reason, "advanced", advanced);
    if (m && lot)
        json_object_set_new(m, "lot", json_true());
    send_to(srv, p, m);
}

/* Events and entrants -------------------------------------------------------------------------*/

Tourney *tour_find(DdzServer *srv, int64_t id)
{
    for (int i = 0; i < srv->tours.n; i++)
        if (srv->tours.ev[i]->id == id)
            return srv->tours.ev[i];
    return NULL;
}

int tour_entrant_of(const Tourney *ev, int64_t player)
{
    for (int e = 0; e < ev->nent; e++)
        if (ev->ent[e].player == player)
            return e;
    return -1;
}

bool tour_live(const Tourney *ev)
{
    return ev->state == TOUR_REGISTERING || ev->state == TOUR_RUNNING;
}

static int64_t wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void tour_unfollow(Tourney *ev, Player *p)
{
    for (int w = 0; w < ev->nwatch; w++)
        if (ev->watch[w] == p) {
            ev->watch[w] = ev->watch[--ev->nwatch];
            break;
        }
    if (p->follow == ev)
        p->follow = NULL;
}

int tour_follow(Tourney *ev, Player *p)
{
    if (p->follow == ev)
        return 0;
    if (ev->nwatch == ev->capwatch) {
        int cap = ev->capwatch ? ev->capwatch * 2 : 8;
        Player **w = realloc(ev->watch, (size_t)cap * sizeof *w);
        if (!w)
            return -1;
        ev->watch = w;
        ev->capwatch = cap;
    }
    ev->watch[ev->nwatch++] = p;
    p->follow = ev;
    return 0;
}

int tour_add_entrant(Tourney *ev, int64_t player, const char *name, const char *level)
{
    if (ev->nent == ev->capent) {
        int cap = ev->capent ? ev->capent * 2 : 32;
        TourEntrant *e = realloc(ev->ent, (size_t)cap * sizeof *e);
        if (!e)
            return -1;
        ev->ent = e;
        ev->capent = cap;
    }
    TourEntrant *e = &ev->ent[ev->nent++];
    memset(e, 0, sizeof *e);
    e->player = player;
    snprintf(e->name, sizeof e->name, "%s", name);
    snprintf(e->level, sizeof e->level, "%s", level ? level : "");
    return 0;
}

/* The entrants' people are no longer pinned by the event. */
static void release_entrants(DdzServer *srv, Tourney *ev)
{
    for (int e = 0; e < ev->nent; e++) {
        Player *p = ev->ent[e].p;
        ev->ent[e].p = NULL;
        if (p && p->tour == ev) {
            p->tour = NULL;
            srv_player_forget_maybe(srv, p);
        }
    }
}

static void log_store(DdzServer *srv, const Tourney *ev, int rc, const DdzError *err)
{
    if (rc != 0)
        srv_log(srv, "tournament %lld: not stored: %s", (long long)ev->id, err->msg);
}

/* Parsing "NAME:OPTIONS" ---------------------------------------------------------------------*/

static int parse_int(const char *v, long lo, long hi, long *out)
{
    char *end;
    long x = strtol(v, &end, 10);
    if (!*v || *end || x < lo || x > hi)
        return -1;
    *out = x;
    return 0;
}

/* start=full | +N[s|m] | YYYY-MM-DDTHH:MMZ: *wall is Unix ms (0: when full). */
static int parse_start(const char *v, int64_t *wall, DdzError *err)
{
    if (!strcmp(v, "full")) {
        *wall = 0;
        return 0;
    }
    if (v[0] == '+') {
        char *end;
        long n = strtol(v + 1, &end, 10);
        long unit = !strcmp(end, "h") ? 3600000 : !strcmp(end, "m") ? 60000 : !strcmp(end, "s") || !*end ? 1000 : 0;
        if (!unit || n < 0 || n > 7L * 24 * 3600 || end == v + 1)
            return ddz_error_set(err, 0, "start=%.40s: write +90s, +10m or +2h", v);
        *wall = wall_ms() + (int64_t)n * unit;
        return 0;
    }
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    char z = 0;
    if (sscanf(v, "%4d-%2d-%2dT%2d:%2d%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &z) != 6 ||
        z != 'Z' || strlen(v) != 17)
        return ddz_error_set(err, 0, "start=%.40s: write full, +10m or a UTC time like 2026-12-01T20:00Z", v);
    if (tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59)
        return ddz_error_set(err, 0, "start=%.40s is not a time", v);
    /* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
    int y = tm.tm_year - (tm.tm_mon <= 2);
    int era = (y >= 0 ? y : y - 399) / 400;
    int yoe = y - era * 400;
    int doy = (153 * (tm.tm_mon + (tm.tm_mon > 2 ? -3 : 9)) + 2) / 5 + tm.tm_mday - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    int64_t days = (int64_t)era * 146097 + doe - 719468;
    *wall = ((days * 24 + tm.tm_hour) * 60 + tm.tm_min) * 60000;
    return 0;
}

int tourney_parse(const char *spec, Tourney *ev, int64_t now, DdzError *err)
{
    (void)now;
    memset(ev, 0, sizeof *ev);
    ev->round = -1;
    DdzError e;
    const char *colon = strchr(spec, ':');
    size_t nlen = colon ? (size_t)(colon - spec) : strlen(spec);
    if (strlen(spec) >= sizeof ev->spec)
        return ddz_error_set(err, 0, "the tournament's description is too long (at most %zu bytes)", sizeof ev->spec - 1);
    snprintf(ev->spec, sizeof ev->spec, "%s", spec);
    char name[80];
    if (nlen == 0 || nlen >= sizeof name)
        return ddz_error_set(err, 0, "a tournament needs a name of 1 to %d characters before ':'", DDZ_NAME_MAX);
    memcpy(name, spec, nlen);
    name[nlen] = '\0';
    if (ddz_text_check(name, DDZ_NAME_MAX, &e) != 0)
        return ddz_error_set(err, 0, "the tournament's name: %s", e.msg);
    snprintf(ev->name, sizeof ev->name, "%s", name);
    ev->field = 27;
    ev->groups = 1;
    ev->games = 6;
    ev->pause_ms = 5000;
    ev->opt = ddz_options_default();
    ddz_options_set(&ev->opt, "competition", &e);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", colon ? colon + 1 : "");
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '=');
        const char *v = eq ? eq + 1 : "";
        long x;
        size_t klen = eq ? (size_t)(eq - item) : strlen(item);
#define KEY(s) (klen == strlen(s) && !strncmp(item, s, klen))
        if (KEY("players")) {
            if (parse_int(v, 3, TOUR_MAX_PLAYERS, &x) != 0)
                return ddz_error_set(err, 0, "players=%.40s: the field is 3 to %d players", v, TOUR_MAX_PLAYERS);
            ev->field = (int)x;
        } else if (KEY("groups")) {
            if (parse_int(v, 1, TOUR_MAX_PLAYERS / 3, &x) != 0)
                return ddz_error_set(err, 0, "groups=%.40s: 1 to %d groups", v, TOUR_MAX_PLAYERS / 3);
            ev->groups = (int)x;
        } else if (KEY("games")) {
            if (parse_int(v, 1, DDZ_TOUR_MAX_GAMES, &x) != 0)
                return ddz_error_set(err, 0, "games=%.40s: 1 to %d games per table", v, DDZ_TOUR_MAX_GAMES);
            ev->games = (int)x;
        } else if (KEY("pause")) {
            if (parse_int(v, 0, 60, &x) != 0)
                return ddz_error_set(err, 0, "pause=%.40s: 0 to 60 seconds", v);
            ev->pause_ms = (int)x * 1000;
        } else if (KEY("fill")) {
            DdzLevel lv;
            if (ddz_level_parse(v, &lv, &e) != 0)
                return ddz_error_set(err, 0, "fill=%.40s: %s", v, e.msg);
            snprintf(ev->fill, sizeof ev->fill, "%s", ddz_level_name(lv));
        } else if (KEY("start")) {
            if (parse_start(v, &ev->start_at, err) != 0)
                return -1;
        } else if (ddz_options_set(&ev->opt, item, &e) != 0) {
            return ddz_error_set(err, 0, "%s", e.msg);
        }
#undef KEY
    }
    if (ev->groups > ev->field / 3)
        return ddz_error_set(err, 0, "groups=%d: a field of %d has at most %d groups", ev->groups, ev->field,
                             ev->field / 3);
    return 0;
}

int ddz_server_tournament_check(const char *spec, DdzError *err)
{
    Tourney *probe = malloc(sizeof *probe);
    if (!probe)
        return ddz_error_set(err, 0, "out of memory");
    int rc = tourney_parse(spec, probe, 0, err);
    free(probe);
    return rc;
}

/* Opening ------------------------------------------------------------------------------------*/

static void event_free(Tourney *ev);

/* Adds an event; when the server holds as many as it may, the oldest that is over goes (its
 * record stays in the store). -1 when every one is still registering or running. */
static int event_add(DdzServer *srv, Tourney *ev)
{
    if (srv->tours.n >= TOUR_MAX_EVENTS) {
        int old = -1;
        for (int i = 0; i < srv->tours.n && old < 0; i++)
            if (!tour_live(srv->tours.ev[i]) && !srv->tours.ev[i]->nwatch)
                old = i;
        if (old < 0)
            return -1;
        event_free(srv->tours.ev[old]);
        memmove(&srv->tours.ev[old], &srv->tours.ev[old + 1], (size_t)(srv->tours.n - old - 1) * sizeof *srv->tours.ev);
        srv->tours.n--;
    }
    if (srv->tours.n == srv->tours.cap) {
        int cap = srv->tours.cap ? srv->tours.cap * 2 : 4;
        Tourney **a = realloc(srv->tours.ev, (size_t)cap * sizeof *a);
        if (!a)
            return -1;
        srv->tours.ev = a;
        srv->tours.cap = cap;
    }
    srv->tours.ev[srv->tours.n++] = ev;
    return 0;
}

/* Opens an event: its seed from the CSPRNG (kept secret until the end), stored. */
Tourney *tour_open_event(DdzServer *srv, const char *spec, DdzError *err)
{
    Tourney *ev = malloc(sizeof *ev);
    if (!ev) {
        ddz_error_set(err, 0, "out of memory");
        return NULL;
    }
    if (tourney_parse(spec, ev, srv->now, err) != 0) {
        free(ev);
        return NULL;
    }
    srv_random(srv, ev->seed, sizeof ev->seed);
    int64_t max = 0;
    for (int i = 0; i < srv->tours.n; i++)
        if (srv->tours.ev[i]->id > max)
            max = srv->tours.ev[i]->id;
    ev->id = max + 1;
    int live = 0;
    for (int i = 0; i < srv->tours.n; i++)
        live += tour_live(srv->tours.ev[i]);
    if (live >= TOUR_MAX_EVENTS) {
        ddz_error_set(err, 0, "the server runs as many tournaments as it may (%d)", TOUR_MAX_EVENTS);
        free(ev);
        return NULL;
    }
    if ((srv->store && tstore_open_event(srv->store, ev, wall_ms(), err) != 0)) {
        free(ev);
        return NULL;
    }
    if (event_add(srv, ev) != 0) {
        ddz_error_set(err, 0, "out of memory, or as many tournaments running as the server may hold");
        free(ev);
        return NULL;
    }
    srv_log(srv, "tournament %lld opened: %s", (long long)ev->id, spec);
    return ev;
}

/* The library's configuration of an event's field: the same at its start, on a restart and
 * when its record is read back from the store. */
void tourney_config(const Tourney *ev, DdzTourConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->players = ev->nent;
    cfg->groups = ev->groups < ev->nent / 3 ? ev->groups : ev->nent / 3;
    cfg->games = ev->games;
    cfg->opt = ev->opt;
}

/* The start -----------------------------------------------------------------------------------*/

static void event_end(DdzServer *srv, Tourney *ev, int state)
{
    ev->state = state;
    ev->next_round_at = 0;
    DdzError err;
    if (srv->store)
        log_store(srv, ev, tstore_state(srv->store, ev, &err), &err);
    release_entrants(srv, ev);
    while (ev->nwatch > 0)
        tour_unfollow(ev, ev->watch[0]);
}

/* The field closes: the computer fill, the DdzTour from the event's seed, the first round. */
void tour_start_event(DdzServer *srv, Tourney *ev)
{
    if (ev->fill[0] && ev->nent > 0) { /* computers fill a field of people, never make one */
        int want = ev->nent < 3 ? 3 : (ev->nent + 2) / 3 * 3;
        for (int i = 1; ev->nent < want; i++) {
            char name[32];
            snprintf(name, sizeof name, "电脑%d", i);
            if (tour_add_entrant(ev, 0, name, ev->fill) != 0)
                break;
        }
    }
    DdzError err;
    if (ev->nent < 3) {
        srv_log(srv, "tournament %lld cancelled: %d registered", (long long)ev->id, ev->nent);
        tour_broadcast(srv, ev, json_pack("{s:s, s:I, s:s}", "type", "tour_over", "tournament", (json_int_t)ev->id,
                                          "state", "cancelled"));
        event_end(srv, ev, TOUR_CANCELLED);
        return;
    }
    DdzTourConfig cfg;
    tourney_config(ev, &cfg);
    if (ddz_tour_new(&ev->t, &cfg, NULL, ev->seed, &err) != 0) {
        srv_log(srv, "tournament %lld cannot start: %s", (long long)ev->id, err.msg);
        event_end(srv, ev, TOUR_CANCELLED);
        return;
    }
    ev->has_t = true;
    ev->state = TOUR_RUNNING;
    if (srv->store) {
        log_store(srv, ev, tstore_entrants(srv->store, ev, &err), &err);
        log_store(srv, ev, tstore_state(srv->store, ev, &err), &err);
    }
    srv_log(srv, "tournament %lld starts with %d players", (long long)ev->id, ev->nent);
    round_draw(srv, ev);
}

/* Rounds ---------------------------------------------------------------------------------------*/

/* Draws the next round: tables of rooms, the entrants seated, the byes told to wait. */
static void round_draw(DdzServer *srv, Tourney *ev)
{
    DdzError err;
    ev->next_round_at = 0;
    int ri = ddz_tour_draw(&ev->t, &err);
    if (ri < 0) {
        srv_log(srv, "tournament %lld: no round drawn: %s", (long long)ev->id, err.msg);
        return;
    }
    const DdzTourRound *rd = &ev->t.rounds[ri];
    free(ev->run);
    ev->run = calloc((size_t)rd->ntables, sizeof *ev->run);
    if (!ev->run) {
        srv->failed_alloc = true;
        ev->nrun = 0;
        return;
    }
    ev->nrun = rd->ntables;
    ev->round = ri;
    for (int i = 0; i < ev->nrun; i++)
        ev->run[i].table = rd->first_table + i;
    tour_broadcast_snapshot(srv, ev);
    tour_broadcast(srv, ev, tourney_round_msg(ev));
    for (int i = 0; i < ev->nrun; i++)
        table_open(srv, ev, i);
    for (int b = 0; b < rd->nbyes; b++)
        tour_send_wait(srv, ev, ev->ent[rd->bye[b]].p, "bye", true, false);
}

/* Every table of the round is done: lots, eliminations, standings; the next round after the
 * pause, or the end. */
static void round_end(DdzServer *srv, Tourney *ev)
{
    DdzError err;
    int pending[TOUR_MAX_PLAYERS / 3 + 1], npending = 0;
    for (int i = 0; i < ev->nrun; i++)
        if (tourney_table_winner(ev, &ev->run[i]) < 0)
            pending[npending++] = i;
    if (ddz_tour_finish_round(&ev->t, &err) != 0) {
        srv_log(srv, "tournament %lld: the round cannot end: %s", (long long)ev->id, err.msg);
        return;
    }
    char why[200];
    if (!ddz_tour_ok(&ev->t, why, sizeof why))
        srv_log(srv, "tournament %lld: invariant: %s", (long long)ev->id, why);
    /* The lots drawn now: their tables' winners, and their tied players told. */
    for (int j = 0; j < npending; j++) {
        TourRun *run = &ev->run[pending[j]];
        const DdzTourTable *tb = &ev->t.tables[run->table];
        tour_broadcast(srv, ev, tourney_table_msg(ev, run));
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            if (s != tb->completer)
                tour_send_wait(srv, ev, ev->ent[tb->player[s]].p, tb->player[s] == tb->winner ? "table_finished" : "out",
                          tb->player[s] == tb->winner, true);
    }
    bool over = ddz_tour_over(&ev->t);
    tour_broadcast(srv, ev, tourney_standings_msg(ev, over));
    ev->round = -1;
    if (!over) {
        ev->next_round_at = srv->now + ev->pause_ms;
        return;
    }
    int w = ev->t.winner;
    char seed[DDZ_SEED256_HEX];
    ddz_seed256_format(ev->seed, seed);
    ev->state = TOUR_FINISHED;
    tour_broadcast(srv, ev, json_pack("{s:s, s:I, s:s, s:i, s:s, s:s, s:I}", "type", "tour_over", "tournament",
                                      (json_int_t)ev->id, "state", "finished", "winner", w, "name", ev->ent[w].name,
                                      "seed256", seed, "games", (json_int_t)ev->games_played));
    srv_log(srv, "tournament %lld won by %s", (long long)ev->id, ev->ent[w].name);
    event_end(srv, ev, TOUR_FINISHED);
}

/* Tables ----------------------------------------------------------------------------------------*/

void tour_seat_frames(DdzServer *srv, Tourney *ev, TourRun *run, Player *p, int seat)
{
    const DdzTourTable *tb = &ev->t.tables[run->table];
    const DdzTourRound *rd = &ev->t.rounds[ev->t.nrounds - 1];
    send_to(srv, p, json_pack("{s:s, s:I, s:i, s:i, s:i, s:I, s:i, s:i, s:i}", "type", "tour_seat", "tournament",
                              (json_int_t)ev->id, "stage", rd->stage, "round", rd->round + 1, "table", tb->index + 1,
                              "room", (json_int_t)run->room->id, "seat", seat, "game", run->k + 1, "games",
                              ev->t.cfg.games));
}

/* Seats entrant p at its seat of its table (it was away or is new to the table). */
void tour_seat_person(DdzServer *srv, TourRun *run, int s, Player *p)
{
    Room *r = run->room;
    if (p->room && p->room != r) /* watching a room (registered players sit nowhere else) */
        room_leave_reason(srv, p, "tournament");
    r->seat[s].player = p;
    p->room = r;
    p->seat = s;
}

static void table_open(DdzServer *srv, Tourney *ev, int i)
{
    TourRun *run = &ev->run[i];
    const DdzTourTable *tb = &ev->t.tables[run->table];
    char stage[16], name[160];
    ddz_tour_stage_name(&ev->t, tb->stage, stage);
    snprintf(name, sizeof name, "%s %s%d-%d", ev->name, stage, tb->round + 1, tb->index + 1);
    Room *r = room_new(srv, name, NULL, &ev->t.cfg.opt, false);
    if (!r) {
        srv_log(srv, "tournament %lld: no room for table %d", (long long)ev->id, tb->index + 1);
        srv->failed_alloc = true;
        return;
    }
    run->room = r;
    r->tour = ev;
    r->tour_run = i;
    r->start_after = srv->now + ev->pause_ms;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        TourEntrant *e = &ev->ent[tb->player[s]];
        Seat *st = &r->seat[s];
        if (!e->player) {
            room_add_bot(srv, r, s, e->level);
        } else {
            room_seat_clear(st);
            st->kind = SEAT_HUMAN;
            st->player_id = e->player;
            st->ready = true;
        }
        snprintf(st->name, sizeof st->name, "%s", e->name);
        if (e->p)
            tour_seat_person(srv, run, s, e->p);
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        Player *p = r->seat[s].kind == SEAT_HUMAN ? r->seat[s].player : NULL;
        if (p && p->conn) {
            tour_seat_frames(srv, ev, run, p, s);
            room_send_room(srv, r, p);
        }
    }
}

/* A table's games are played: its people go back to waiting, the room closes. */
static void table_end(DdzServer *srv, Tourney *ev, TourRun *run)
{
    Room *r = run->room;
    const DdzTourTable *tb = &ev->t.tables[run->table];
    int w = tourney_table_winner(ev, run);
    r->state = ROOM_WAITING;
    r->deadline = r->bot_due = 0;
    Player *people[DDZ_SEAT_NB] = {NULL, NULL, NULL};
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (r->seat[s].kind == SEAT_HUMAN)
            people[s] = r->seat[s].player;
    r->tour = NULL;
    run->room = NULL;
    room_close(srv, r, "tournament");
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (!people[s] || s == tb->completer)
            continue;
        if (w < 0)
            tour_send_wait(srv, ev, people[s], "table_finished", false, true);
        else
            tour_send_wait(srv, ev, people[s], tb->player[s] == w ? "table_finished" : "out", tb->player[s] == w, false);
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (people[s] && s == tb->completer)
            tour_send_wait(srv, ev, people[s], "out", false, false);
    for (int i = 0; i < ev->nrun; i++)
        if (!ev->run[i].done || ev->run[i].room) {
            tour_broadcast(srv, ev, tourney_standings_msg(ev, false));
            return;
        }
    round_end(srv, ev);
}

static bool table_complete(const Tourney *ev, const DdzTourTable *tb)
{
    int K = ev->t.cfg.games;
    return tb->played > K || (tb->played == K && !ddz_tour_table_needs_extra(tb, K));
}

/* Hooks of the game at a table --------------------------------------------------------------*/

bool tourney_may_deal(DdzServer *srv, Room *r)
{
    Tourney *ev = r->tour;
    if (r->state != ROOM_WAITING || srv->now < r->start_after)
        return false;
    if (ev->resumed_at && (ev->resumed_at < 0 || srv->now < ev->resumed_at + TOUR_GRACE_MS))
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            if (r->seat[s].kind == SEAT_HUMAN && (!r->seat[s].player || !r->seat[s].player->conn))
                return false; /* after a restart, its people have a while to come back */
    return true;
}

void tourney_store_wait(DdzServer *srv, Room *r, const char *why)
{
    Tourney *ev = r->tour;
    r->start_after = srv->now + TOUR_STORE_RETRY_MS;
    srv_log(srv, "tournament %lld: room %ld: the deal waits for the store (%s)", (long long)ev->id, r->id, why);
}

bool tourney_deal_seed(DdzServer *srv, Room *r)
{
    Tourney *ev = r->tour;
    TourRun *run = &ev->run[r->tour_run];
    const DdzTourTable *tb = &ev->t.tables[run->table];
    uint64_t seed64;
    ddz_tour_game_seed(&ev->t, tb, run->k, run->attempt, &seed64, r->seed);
    r->next_first = (run->k + run->attempt) % DDZ_SEAT_NB;
    r->opt = ev->t.cfg.opt;
    run->row = 0;
    DdzError err;
    if (srv->store && tstore_deal(srv->store, ev, run, &run->row, &err) != 0) {
        tourney_store_wait(srv, r, err.msg);
        return false;
    }
    return true;
}

void tourney_dealt(DdzServer *srv, Room *r)
{
    Tourney *ev = r->tour;
    TourRun *run = &ev->run[r->tour_run];
    DdzError err;
    if (srv->store && run->row)
        log_store(srv, ev, tstore_deal_game(srv->store, run->row, r->store_game, &err), &err);
    run->attempt++;
    ev->games_played++;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        Seat *st = &r->seat[s];
        room_seat_drop_agent(st); /* the computers of this deal are seeded from it */
        if (st->kind == SEAT_HUMAN && (!st->player || !st->player->conn)) {
            /* Away at the deal: the computer plays the seat, and the leaver penalty holds. */
            st->autop = true;
            ddz_game_abandon(r->game, s, NULL);
        }
    }
}

uint64_t tourney_agent_seed(const Room *r, int seat)
{
    uint64_t x = 0;
    memcpy(&x, r->seed, sizeof x);
    return x ^ 0x9E3779B97F4A7C15ULL * (uint64_t)(seat + 1);
}

void tourney_game_over(DdzServer *srv, Room *r, const DdzResult *res)
{
    Tourney *ev = r->tour;
    TourRun *run = &ev->run[r->tour_run];
    DdzTourTable *tb = &ev->t.tables[run->table];
    ddz_tour_table_add(tb, run->k, ev->t.cfg.games, res);
    run->k++;
    run->attempt = 0;
    run->row = 0;
    if (table_complete(ev, tb)) {
        /* Its people see the last game's end at the table; the next tick sends them away. */
        run->done = true;
        tour_broadcast(srv, ev, tourney_table_msg(ev, run));
        return;
    }
    tour_broadcast(srv, ev, tourney_table_msg(ev, run));
    room_back_to_waiting(srv, r);
    r->start_after = srv->now + ev->pause_ms;
}

void tourney_tick(DdzServer *srv)
{
    int64_t wall = 0;
    for (int i = 0; i < srv->tours.n; i++) {
        Tourney *ev = srv->tours.ev[i];
        if (ev->resumed_at < 0)
            ev->resumed_at = srv->now;
        if (ev->state == TOUR_REGISTERING && ev->start_at) {
            if (!wall)
                wall = wall_ms();
            if (wall >= ev->start_at) {
                tour_start_event(srv, ev);
                continue;
            }
        }
        if (ev->reg_dirty && srv->now - ev->reg_sent >= 1000)
            tour_broadcast_snapshot(srv, ev);
        for (int j = 0; ev->state == TOUR_RUNNING && j < ev->nrun; j++)
            if (ev->run[j].done && ev->run[j].room)
                table_end(srv, ev, &ev->run[j]);
        if (ev->state == TOUR_RUNNING && ev->next_round_at && srv->now >= ev->next_round_at)
            round_draw(srv, ev);
    }
}

/* Life and the restart ------------------------------------------------------------------------*/

static void event_free(Tourney *ev)
{
    if (ev->has_t)
        ddz_tour_free(&ev->t);
    free(ev->ent);
    free(ev->run);
    free(ev->watch);
    free(ev);
}

void tourney_free_all(DdzServer *srv)
{
    for (int i = 0; i < srv->tours.n; i++) {
        Tourney *ev = srv->tours.ev[i];
        for (int e = 0; e < ev->nent; e++)
            if (ev->ent[e].p)
                ev->ent[e].p->tour = NULL;
        for (int w = 0; w < ev->nwatch; w++)
            ev->watch[w]->follow = NULL;
        event_free(ev);
    }
    free(srv->tours.ev);
    memset(&srv->tours, 0, sizeof srv->tours);
}

/* A running event again from the store: every round drawn again from its seed and played back
 * from its stored games, up to the round in play, whose unfinished tables reopen. */
static int event_resume(DdzServer *srv, Tourney *ev, DdzError *err)
{
    DdzTourConfig cfg;
    tourney_config(ev, &cfg);
    if (ddz_tour_new(&ev->t, &cfg, NULL, ev->seed, err) != 0)
        return -1;
    ev->has_t = true;
    for (;;) {
        int ri = ddz_tour_draw(&ev->t, err);
        if (ri < 0)
            return -1;
        const DdzTourRound *rd = &ev->t.rounds[ri];
        free(ev->run);
        ev->run = calloc((size_t)rd->ntables, sizeof *ev->run);
        if (!ev->run)
            return ddz_error_set(err, 0, "out of memory");
        ev->nrun = rd->ntables;
        ev->round = ri;
        bool all = true;
        for (int i = 0; i < ev->nrun; i++) {
            TourRun *run = &ev->run[i];
            run->table = rd->first_table + i;
            long deals = 0;
            if (tstore_table_replay(srv->store, ev->id, &ev->t, ri, i, &run->k, &run->attempt, &deals, NULL, err) != 0)
                return -1;
            ev->games_played += deals;
            run->done = table_complete(ev, &ev->t.tables[run->table]);
            all &= run->done;
        }
        if (!all)
            break;
        if (ddz_tour_finish_round(&ev->t, err) != 0)
            return -1;
        if (ddz_tour_over(&ev->t)) {
            ev->round = -1;
            ev->state = TOUR_FINISHED;
            return tstore_state(srv->store, ev, err);
        }
    }
    char why[200];
    if (!ddz_tour_ok(&ev->t, why, sizeof why))
        return ddz_error_set(err, 0, "the stored event breaks the invariant: %s", why);
    ev->resumed_at = -1; /* the first tick sets it: the server's clock starts then */
    for (int i = 0; i < ev->nrun; i++)
        if (!ev->run[i].done)
            table_open(srv, ev, i);
    return 0;
}

int tourney_load(DdzServer *srv, DdzError *err)
{
    if (srv->store) {
        if (tstore_schema(srv->store, err) != 0 || tstore_load(srv, err) != 0)
            return -1;
        for (int i = 0; i < srv->tours.n; i++) {
            Tourney *ev = srv->tours.ev[i];
            if (ev->state == TOUR_RUNNING && event_resume(srv, ev, err) != 0) {
                char msg[sizeof err->msg];
                snprintf(msg, sizeof msg, "%s", err->msg);
                return ddz_error_set(err, 0, "tournament %lld cannot resume: %s", (long long)ev->id, msg);
            }
            if (ev->state == TOUR_RUNNING)
                srv_log(srv, "tournament %lld resumed in round %d", (long long)ev->id,
                        ev->t.rounds[ev->round].round);
        }
    }
    for (int i = 0; i < srv->cfg.ntournaments; i++) {
        const char *spec = srv->cfg.tournaments[i];
        Tourney probe;
        if (tourney_parse(spec, &probe, srv->now, err) != 0)
            return -1;
        bool again = false; /* the operator's event of a previous run goes on */
        for (int j = 0; j < srv->tours.n; j++)
            again |= tour_live(srv->tours.ev[j]) && !strcmp(srv->tours.ev[j]->name, probe.name);
        if (!again && !tour_open_event(srv, spec, err))
            return -1;
    }
    return 0;
}
