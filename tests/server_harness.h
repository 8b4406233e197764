/* server_harness.h -- the server core driven at the message level for tests: no sockets, an
 * injected clock and a seeded random source. Fake clients record every frame; after every
 * frame the harness checks against the real game that the frame names no card its receiver
 * may not know. Included by test_server.c and test_attack.c. */
#ifndef DDZ_SERVER_HARNESS_H
#define DDZ_SERVER_HARNESS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "testutil.h"
#include "ddz/client.h"
#include "ddz/commit.h"
#include "ddz/server.h"
#include "ddz/store.h"

#define HARNESS static __attribute__((unused))
#define MAXC 40

typedef struct Fake {
    long id;
    DdzClient c;
    bool closed;
    bool autoplay;
    long frames;
    char last_type[32];
    char last_error[64];
    json_t *last;      /* the last frame */
    json_t *last_over; /* the last "over" frame */
    int count[24];     /* frames by DdzClientEvent */
    long readied;      /* games after which it said ready */
    int by_timeout[8]; /* actions of its own seat taken by a timeout, by phase (DdzPhase) */
    json_t *seen;      /* with keep_all: every frame */
    bool keep_all;
} Fake;

typedef struct T {
    DdzServer *srv;
    DdzStore *store;
    DdzServerConfig cfg;
    DdzRng rng, play_rng;
    int64_t now;
    Fake f[MAXC];
    int n;
    long leaks;
    char leak[256];
    int64_t last_action;   /* when the last action, landlord or start frame came */
    int64_t max_gap;       /* the longest wait between two of them within a game */
} T;

HARNESS int test_random(void *ctx, void *buf, size_t n)
{
    DdzRng *r = ctx;
    unsigned char *b = buf;
    for (size_t i = 0; i < n; i++)
        b[i] = (unsigned char)(ddz_rng_next(r) >> 56);
    return 0;
}

HARNESS T *t_new(uint64_t seed, const char *db, void (*tweak)(DdzServerConfig *))
{
    T *t = calloc(1, sizeof *t);
    assert_non_null(t);
    ddz_rng_seed(&t->rng, seed);
    ddz_rng_seed(&t->play_rng, seed ^ 0x5555);
    t->cfg = ddz_server_config_default();
    t->cfg.random = test_random;
    t->cfg.random_ctx = &t->rng;
    t->cfg.bot_delay_ms = 0;
    if (tweak)
        tweak(&t->cfg);
    DdzError err;
    if (db) {
        t->store = ddz_store_open(db, false, NULL, &err);
        assert_non_null(t->store);
    }
    t->srv = ddz_server_new(&t->cfg, t->store, &err);
    assert_non_null(t->srv);
    t->now = 1000;
    return t;
}

HARNESS void t_free(T *t)
{
    ddz_server_free(t->srv);
    ddz_store_close(t->store);
    for (int i = 0; i < t->n; i++) {
        ddz_client_free(&t->f[i].c);
        json_decref(t->f[i].last);
        json_decref(t->f[i].last_over);
        json_decref(t->f[i].seen);
    }
    free(t);
}

/* Every card named in a card field of a frame. */
HARNESS DdzCards named_cards(json_t *v)
{
    DdzCards all = 0;
    if (json_is_object(v)) {
        const char *key;
        json_t *x;
        json_object_foreach(v, key, x) {
            DdzCards c;
            DdzError err;
            if (json_is_string(x) && (!strcmp(key, "hand") || !strcmp(key, "cards") || !strcmp(key, "bottom")) &&
                ddz_cards_parse(json_string_value(x), &c, &err) == 0)
                all |= c;
            else if (json_is_object(x) || json_is_array(x))
                all |= named_cards(x);
            else if (json_is_string(x) && (!strcmp(key, "") || 0))
                all |= 0;
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *e;
        json_array_foreach(v, i, e) {
            DdzCards c;
            DdzError err;
            if (json_is_string(e) && ddz_cards_parse(json_string_value(e), &c, &err) == 0)
                all |= c;
            else
                all |= named_cards(e);
        }
    }
    return all;
}

/* What `seat` of g may know, from the raw game (not from a view): its own dealt cards, the
 * bottom once the landlord has it, every card played, and shown hands. seat -1: public. */
HARNESS DdzCards may_know(const DdzGame *g, int seat)
{
    bool crowned = g->landlord != DDZ_NO_SEAT;
    DdzCards k = crowned ? g->bottom : 0;
    if (seat >= 0)
        k |= g->dealt[seat] | g->hand[seat];
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        DdzCards own = g->dealt[s] | (crowned && s == g->landlord ? g->bottom : 0);
        k |= own & ~g->hand[s];
        if (g->shown[s])
            k |= g->hand[s];
    }
    return k;
}

HARNESS void t_deliver(T *t, Fake *f, const char *data, size_t len)
{
    json_t *m = json_loadb(data, len, 0, NULL);
    assert_non_null(m);
    f->frames++;
    const char *type = json_string_value(json_object_get(m, "type"));
    assert_non_null(type);
    snprintf(f->last_type, sizeof f->last_type, "%s", type);
    if (!strcmp(type, "error"))
        snprintf(f->last_error, sizeof f->last_error, "%s", json_string_value(json_object_get(m, "code")));
    /* The privacy check against the real game. */
    if (strcmp(type, "over") && strcmp(type, "redeal")) {
        long room;
        int seat = ddz_server_seat_of(t->srv, f->id, &room);
        const DdzGame *g = room ? ddz_server_game(t->srv, room) : NULL;
        DdzCards named = named_cards(m);
        DdzCards allowed = g ? may_know(g, seat) : 0;
        if (named & ~allowed) {
            char text[256];
            ddz_cards_format(named & ~allowed, DDZ_STYLE_ASCII, text, sizeof text);
            if (!t->leaks++)
                snprintf(t->leak, sizeof t->leak, "seat %d sent %.20s naming %.200s", seat, type, text);
        }
    }
    const char *by = json_string_value(json_object_get(m, "by"));
    if (!strcmp(type, "action") && by && !strcmp(by, "timeout") &&
        json_integer_value(json_object_get(m, "seat")) == f->c.seat && f->c.phase >= 0 && f->c.phase < 8)
        f->by_timeout[f->c.phase]++;
    if (!strcmp(type, "action") || !strcmp(type, "landlord") || !strcmp(type, "start")) {
        if (strcmp(type, "start") && t->last_action && t->now - t->last_action > t->max_gap)
            t->max_gap = t->now - t->last_action;
        t->last_action = t->now;
    }
    if (f->keep_all) {
        if (!f->seen)
            f->seen = json_array();
        json_array_append(f->seen, m);
    }
    DdzClientEvent e = ddz_client_feed_json(&f->c, m);
    f->count[e]++;
    if (!strcmp(type, "over")) {
        json_decref(f->last_over);
        f->last_over = json_incref(m);
    }
    json_decref(f->last);
    f->last = m;
}

/* Delivers the outbox to the fake clients. */
HARNESS void t_pump(T *t)
{
    const DdzServerOut *out;
    size_t n = ddz_server_outbox(t->srv, &out);
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < t->n; k++) {
            Fake *f = &t->f[k];
            if (f->id != out[i].conn || f->closed)
                continue;
            if (out[i].len)
                t_deliver(t, f, out[i].data, out[i].len);
            if (out[i].close)
                f->closed = true;
        }
    }
    ddz_server_outbox_clear(t->srv);
}

HARNESS void t_send(T *t, int k, const char *text)
{
    ddz_server_message(t->srv, t->f[k].id, text, strlen(text), t->now);
    t_pump(t);
}

HARNESS void t_sendf(T *t, int k, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
HARNESS void t_sendf(T *t, int k, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    t_send(t, k, buf);
}

HARNESS void t_tick(T *t, int64_t ms)
{
    t->now += ms;
    ddz_server_tick(t->srv, t->now);
    t_pump(t);
}

/* A connected client that said hello; returns its index. */
HARNESS int t_client(T *t, const char *name)
{
    int k = t->n++;
    Fake *f = &t->f[k];
    memset(f, 0, sizeof *f);
    ddz_client_init(&f->c);
    f->id = ddz_server_open(t->srv, t->now);
    assert_true(f->id > 0);
    if (name)
        t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"name\":\"%s\"}", name);
    else
        t_send(t, k, "{\"type\":\"hello\",\"version\":1}");
    assert_string_equal(f->last_type, "welcome");
    f->autoplay = true;
    return k;
}

/* Lets every autoplaying client act when it is its turn (and get ready again after a game),
 * with time passing, until done() or `steps` rounds. */
HARNESS void t_run(T *t, int steps, bool (*done)(T *))
{
    for (int i = 0; i < steps && !(done && done(t)); i++) {
        bool acted = false;
        for (int k = 0; k < t->n; k++) {
            Fake *f = &t->f[k];
            if (!f->autoplay || f->closed)
                continue;
            char msg[256];
            size_t len = ddz_client_auto(&f->c, &t->play_rng, msg, sizeof msg);
            if (len) {
                t->now += 120; /* people take time; the server limits message rates */
                t_send(t, k, msg);
                acted = true;
            } else if (f->c.games_over > f->readied && f->c.seat >= 0 && !f->c.in_game) {
                f->readied = f->c.games_over;
                t_send(t, k, "{\"type\":\"ready\"}");
                acted = true;
            }
        }
        if (!acted)
            t_tick(t, 50);
    }
}

HARNESS int g_want_games;
/* Every autoplaying seated client has seen g_want_games games end. */
HARNESS bool enough_games(T *t)
{
    for (int k = 0; k < t->n; k++)
        if (t->f[k].autoplay && !t->f[k].closed && t->f[k].c.seat >= 0 && t->f[k].c.games_over < g_want_games)
            return false;
    return true;
}

HARNESS void t_no_leaks(T *t)
{
    if (t->leaks)
        fail_msg("%ld frames named hidden cards; first: %s", t->leaks, t->leak);
    for (int k = 0; k < t->n; k++)
        if (t->f[k].c.leaks)
            fail_msg("client %d: %s", k, t->f[k].c.leak);
}

/* Three clients in one room, all ready; returns the room id. */
HARNESS long t_table(T *t, int a, int b, int c)
{
    t_send(t, a, "{\"type\":\"create\",\"name\":\"table\"}");
    assert_string_equal(t->f[a].last_type, "room");
    long room = t->f[a].c.room;
    t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld}", room);
    t_sendf(t, c, "{\"type\":\"join\",\"room\":%ld}", room);
    assert_int_equal(t->f[c].c.seat, 2);
    t_send(t, a, "{\"type\":\"ready\"}");
    t_send(t, b, "{\"type\":\"ready\"}");
    t_send(t, c, "{\"type\":\"ready\"}");
    return room;
}

/* Runs until fn(t) or the step budget; fails when the budget runs out. */
HARNESS void t_until(T *t, int steps, bool (*fn)(T *))
{
    t_run(t, steps, fn);
    assert_true(fn(t));
}

HARNESS int g_who;
HARNESS bool is_play_turn_of_who(T *t)
{
    DdzClient *c = &t->f[g_who].c;
    return c->in_game && c->phase == DDZ_PHASE_PLAY && c->turn == c->seat && c->my_turn;
}

HARNESS bool who_in_play_phase(T *t)
{
    DdzClient *c = &t->f[g_who].c;
    return c->in_game && c->phase == DDZ_PHASE_PLAY;
}

HARNESS const char *str_of(json_t *m, const char *key)
{
    json_t *v = json_object_get(m, key);
    return json_is_string(v) ? json_string_value(v) : "";
}

#endif
