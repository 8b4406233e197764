/* client_tour.c -- the client side of the tournament messages (docs/PROTOCOL.md,
 * "Tournaments"): tournaments, tour, tour_round, tour_seat, tour_table, tour_wait,
 * tour_standings, tour_over and tour_unwatched, followed into DdzClient.tour. Every field is
 * read defensively: a missing or odd one leaves a neutral value, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "client_tour.h"

static const char *str(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_string(v) ? json_string_value(v) : "";
}

static long num(const json_t *o, const char *key, long dflt)
{
    json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (long)json_integer_value(v) : dflt;
}

static int ints(const json_t *a, int *out, int max, int dflt)
{
    int n = 0;
    for (size_t i = 0; i < json_array_size(a) && n < max; i++) {
        json_t *v = json_array_get(a, i);
        out[n++] = json_is_integer(v) ? (int)json_integer_value(v) : dflt;
    }
    return n;
}

static void summary(const json_t *o, DdzClientTourSummary *s)
{
    memset(s, 0, sizeof *s);
    s->id = num(o, "id", 0);
    snprintf(s->name, sizeof s->name, "%s", str(o, "name"));
    snprintf(s->state, sizeof s->state, "%s", str(o, "state"));
    s->players = (int)num(o, "players", 0);
    s->registered = (int)num(o, "registered", 0);
    json_t *start = json_object_get(o, "start");
    s->start_ms = json_is_integer(start) ? (long long)json_integer_value(start) : -1;
    s->round = (int)num(o, "round", 0);
    snprintf(s->winner, sizeof s->winner, "%s", str(o, "winner"));
}

/* A table of tour_round or the bracket, with the progress fields of tour_table if present. */
static void table_progress(const json_t *o, DdzClientTourTable *tb)
{
    tb->played = (int)num(o, "played", tb->played);
    json_t *sc = json_object_get(o, "scores");
    if (json_is_array(sc))
        ints(sc, tb->scores, DDZ_SEAT_NB, 0);
    json_t *ex = json_object_get(o, "extra");
    tb->has_extra = json_is_array(ex);
    if (tb->has_extra)
        ints(ex, tb->extra, DDZ_SEAT_NB, 0);
    tb->lot = json_is_true(json_object_get(o, "lot"));
    tb->winner = (int)num(o, "winner", tb->winner);
    if (json_is_string(json_object_get(o, "state")))
        snprintf(tb->state, sizeof tb->state, "%s", str(o, "state"));
}

static void table_of(const json_t *o, DdzClientTourTable *tb)
{
    memset(tb, 0, sizeof *tb);
    tb->table = (int)num(o, "table", 0);
    tb->room = num(o, "room", 0);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        tb->players[s] = -1;
    ints(json_object_get(o, "players"), tb->players, DDZ_SEAT_NB, -1);
    tb->completer = (int)num(o, "completer", -1);
    tb->winner = -1;
    snprintf(tb->state, sizeof tb->state, "playing");
    table_progress(o, tb);
}

/* The bracket line of the round being played: ours, found or added. */
static DdzClientTourRound *round_entry(DdzClientTour *t, int stage, int round)
{
    for (int i = t->nrounds - 1; i >= 0; i--)
        if (t->rounds[i].stage == stage && t->rounds[i].round == round)
            return &t->rounds[i];
    if (t->nrounds == DDZ_CLIENT_TOUR_ROUNDS) {
        memmove(t->rounds, t->rounds + 1, sizeof t->rounds[0] * (DDZ_CLIENT_TOUR_ROUNDS - 1));
        t->nrounds--;
    }
    DdzClientTourRound *r = &t->rounds[t->nrounds++];
    memset(r, 0, sizeof *r);
    r->stage = stage;
    r->round = round;
    r->winner = -1;
    return r;
}

/* A drawn round (tour_round, or the snapshot's bracket). */
static void on_round(DdzClientTour *t, const json_t *m)
{
    if (!json_is_object(m))
        return;
    t->stage = (int)num(m, "stage", 0);
    t->round = (int)num(m, "round", 0);
    snprintf(t->stage_name, sizeof t->stage_name, "%s", str(m, "name"));
    t->nbyes = ints(json_object_get(m, "byes"), t->byes, 4, -1);
    json_t *tables = json_object_get(m, "tables");
    t->ntables = 0;
    for (size_t i = 0; i < json_array_size(tables) && t->ntables < DDZ_CLIENT_TOUR_MAX / 3 + 1; i++)
        table_of(json_array_get(tables, i), &t->tables[t->ntables++]);
    DdzClientTourRound *r = round_entry(t, t->stage, t->round);
    snprintf(r->name, sizeof r->name, "%s", t->stage_name);
    r->ntables = t->ntables;
    r->nbyes = t->nbyes;
    r->players = 3 * t->ntables + t->nbyes;
    r->your_table = 0;
    r->your_bye = false;
    for (int i = 0; i < t->ntables; i++)
        for (int s = 0; s < DDZ_SEAT_NB; s++) {
            if (t->tables[i].completer == s)
                r->players--;
            if (t->you >= 0 && t->tables[i].players[s] == t->you)
                r->your_table = t->tables[i].table;
        }
    for (int i = 0; i < t->nbyes; i++)
        r->your_bye |= t->you >= 0 && t->byes[i] == t->you;
}

static void on_standings(DdzClientTour *t, const json_t *a)
{
    t->nstandings = 0;
    for (size_t i = 0; i < json_array_size(a) && t->nstandings < DDZ_CLIENT_TOUR_MAX; i++) {
        json_t *row = json_array_get(a, i);
        if (!json_is_array(row))
            continue;
        int v[5] = {-1, 0, 0, 0, 0};
        ints(row, v, 5, 0);
        DdzClientStanding *st = &t->standings[t->nstandings++];
        st->entrant = v[0];
        st->rank = v[1];
        st->stage = v[2];
        st->round = v[3];
        st->score = v[4];
        json_t *status = json_array_get(row, 5);
        snprintf(st->status, sizeof st->status, "%s", json_is_string(status) ? json_string_value(status) : "");
    }
}

static void on_snapshot(DdzClientTour *t, const json_t *m)
{
    const json_t *o = json_object_get(m, "tournament");
    long id = num(o, "id", 0);
    if (id != t->id) {
        /* Another event: nothing of the last one stays. */
        DdzClientTourSummary list[DDZ_CLIENT_TOUR_LIST];
        int nlist = t->nlist;
        memcpy(list, t->list, sizeof list);
        memset(t, 0, sizeof *t);
        memcpy(t->list, list, sizeof list);
        t->nlist = nlist;
        t->winner = -1;
    }
    t->id = id;
    summary(o, &t->sum);
    t->you = (int)num(m, "you", -1);
    snprintf(t->options, sizeof t->options, "%s", str(o, "options"));
    snprintf(t->fill, sizeof t->fill, "%s", str(o, "fill"));
    t->groups = (int)num(o, "groups", 1);
    t->games = (int)num(o, "games", 0);
    t->turn = (int)num(o, "turn", 0);
    t->pause = (int)num(o, "pause", 0);
    json_t *ents = json_object_get(o, "entrants");
    t->nentrants = 0;
    for (size_t i = 0; i < json_array_size(ents) && t->nentrants < DDZ_CLIENT_TOUR_MAX; i++) {
        json_t *e = json_array_get(ents, i);
        int k = t->nentrants++;
        snprintf(t->entrant[k], sizeof t->entrant[k], "%s", str(e, "name"));
        t->bot[k] = json_is_string(json_object_get(e, "bot"));
        t->online[k] = json_is_true(json_object_get(e, "online"));
    }
    json_t *stages = json_object_get(o, "stages");
    t->nstages = 0;
    for (size_t i = 0; i < json_array_size(stages) && t->nstages < 32; i++)
        snprintf(t->stages[t->nstages++], sizeof t->stages[0], "%s",
                 json_is_string(json_array_get(stages, i)) ? json_string_value(json_array_get(stages, i)) : "");
    json_t *bracket = json_object_get(o, "bracket");
    if (json_is_object(bracket))
        on_round(t, bracket);
    json_t *st = json_object_get(o, "standings");
    if (json_is_array(st))
        on_standings(t, st);
    if (json_is_string(json_object_get(o, "seed256")))
        snprintf(t->seed256, sizeof t->seed256, "%s", str(o, "seed256"));
}

static DdzClientTourTable *table_numbered(DdzClientTour *t, const json_t *m)
{
    if (num(m, "stage", t->stage) != t->stage || num(m, "round", t->round) != t->round)
        return NULL;
    int n = (int)num(m, "table", 0);
    for (int i = 0; i < t->ntables; i++)
        if (t->tables[i].table == n)
            return &t->tables[i];
    return NULL;
}

DdzClientEvent ddz_client_tour_feed(DdzClient *c, const char *type, json_t *m)
{
    if (!c->tour && !(c->tour = calloc(1, sizeof *c->tour)))
        return DDZ_EV_OTHER; /* no memory: the message is not followed */
    DdzClientTour *t = c->tour;
    if (!t->id && !t->nentrants)
        t->you = t->winner = -1;
    snprintf(t->last, sizeof t->last, "%s", type);
    long id = num(m, "tournament", 0);
    bool ours = id != 0 && id == t->id; /* a message of the event followed */
    if (!strcmp(type, "tournaments")) {
        json_t *a = json_object_get(m, "tournaments");
        t->nlist = 0;
        for (size_t i = 0; i < json_array_size(a) && t->nlist < DDZ_CLIENT_TOUR_LIST; i++)
            summary(json_array_get(a, i), &t->list[t->nlist++]);
    } else if (!strcmp(type, "tour")) {
        if (!json_is_object(json_object_get(m, "tournament")))
            return DDZ_EV_BAD;
        on_snapshot(t, m);
    } else if (!strcmp(type, "tour_unwatched")) {
        if (ours)
            t->id = 0;
    } else if (!ours) {
        return DDZ_EV_TOUR; /* another event's message: nothing to follow */
    } else if (!strcmp(type, "tour_round")) {
        on_round(t, m);
        t->sum.round = t->round;
        snprintf(t->sum.state, sizeof t->sum.state, "running");
    } else if (!strcmp(type, "tour_seat")) {
        t->seated = true;
        t->wait[0] = '\0';
        t->seat_table = (int)num(m, "table", 0);
        t->seat_room = num(m, "room", 0);
        t->seat = (int)num(m, "seat", -1);
        t->next_game = (int)num(m, "game", 1);
        if (num(m, "games", 0) > 0)
            t->games = (int)num(m, "games", 0);
    } else if (!strcmp(type, "tour_table")) {
        DdzClientTourTable *tb = table_numbered(t, m);
        if (tb) {
            table_progress(m, tb);
            if (tb->table == t->seat_table && t->seated)
                t->next_game = tb->played + 1;
            DdzClientTourRound *r = round_entry(t, t->stage, t->round);
            if (r->your_table == tb->table && !strcmp(tb->state, "finished"))
                r->winner = tb->winner;
        }
    } else if (!strcmp(type, "tour_wait")) {
        t->seated = false;
        t->seat_table = 0;
        t->seat = -1;
        snprintf(t->wait, sizeof t->wait, "%s", str(m, "reason"));
        t->advanced = json_is_true(json_object_get(m, "advanced"));
    } else if (!strcmp(type, "tour_standings")) {
        on_standings(t, json_object_get(m, "standings"));
        t->final = json_is_true(json_object_get(m, "final"));
    } else if (!strcmp(type, "tour_over")) {
        t->over = true;
        t->winner = (int)num(m, "winner", -1);
        snprintf(t->winner_name, sizeof t->winner_name, "%s", str(m, "name"));
        snprintf(t->sum.winner, sizeof t->sum.winner, "%s", str(m, "name"));
        /* A field too small at the start ends it as "cancelled", without a winner. */
        snprintf(t->sum.state, sizeof t->sum.state, "%s", str(m, "state")[0] ? str(m, "state") : "finished");
        snprintf(t->seed256, sizeof t->seed256, "%s", str(m, "seed256"));
        t->total_games = num(m, "games", 0);
        t->seated = false;
    }
    return DDZ_EV_TOUR;
}

const char *ddz_client_tour_name(const DdzClientTour *t, int entrant)
{
    return t && entrant >= 0 && entrant < t->nentrants ? t->entrant[entrant] : "?";
}
