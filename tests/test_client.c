/* test_client.c -- the client side against the real server core (no sockets, an injected
 * clock): every client's picture of the table (DdzClient, ddz_client_hands) is compared with
 * the server's game after every batch of frames, through whole games, the next game,
 * reconnects and spectators. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "testutil.h"
#include "ddz/client.h"
#include "ddz/server.h"

#define MAXC 8

typedef struct Fake {
    long id;
    DdzClient c;
    bool closed, autoplay;
    long readied;
    char last_type[32], last_error[64];
    json_t *last;
} Fake;

typedef struct T {
    DdzServer *srv;
    DdzServerConfig cfg;
    DdzRng rng, play_rng;
    int64_t now;
    Fake f[MAXC];
    int n;
    long checks;      /* count comparisons made */
    long wrong;       /* ... that failed */
    char first[256];  /* the first of them */
} T;

static int test_random(void *ctx, void *buf, size_t n)
{
    DdzRng *r = ctx;
    unsigned char *b = buf;
    for (size_t i = 0; i < n; i++)
        b[i] = (unsigned char)(ddz_rng_next(r) >> 56);
    return 0;
}

static T *t_new(uint64_t seed, void (*tweak)(DdzServerConfig *))
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
    t->srv = ddz_server_new(&t->cfg, NULL, &err);
    assert_non_null(t->srv);
    t->now = 1000;
    return t;
}

static void t_free(T *t)
{
    ddz_server_free(t->srv);
    for (int i = 0; i < t->n; i++) {
        ddz_client_free(&t->f[i].c);
        json_decref(t->f[i].last);
    }
    free(t);
}

static void wrong(T *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void wrong(T *t, const char *fmt, ...)
{
    if (t->wrong++)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->first, sizeof t->first, fmt, ap);
    va_end(ap);
}

/* Every count every client can show, against the server's game: the tracker's count and the
 * size of the hand it pictures for each seat. */
static void t_check_counts(T *t)
{
    for (int k = 0; k < t->n; k++) {
        Fake *f = &t->f[k];
        if (f->closed || !f->c.room || !f->c.in_game)
            continue;
        const DdzGame *g = ddz_server_game(t->srv, f->c.room);
        if (!g || g->phase >= DDZ_PHASE_OVER)
            continue;
        DdzCards hands[DDZ_SEAT_NB];
        ddz_client_hands(&f->c, hands);
        for (int s = 0; s < DDZ_SEAT_NB; s++) {
            int want = ddz_cards_size(g->hand[s]);
            t->checks++;
            if (f->c.count[s] != want || ddz_cards_size(hands[s]) != want)
                wrong(t, "client %d (seat %d, frame %ld, after %s): seat %d holds %d, count %d, pictured %d", k,
                      f->c.seat, f->c.frames, f->last_type, s, want, f->c.count[s], ddz_cards_size(hands[s]));
        }
        /* Whose turn, and its countdown: every seat's, to everyone (people have 30 s a turn;
         * the computer playing for someone has none). */
        t->checks++;
        if (f->c.turn != g->turn)
            wrong(t, "client %d (after %s): seat %d to act, the server says %d", k, f->last_type, f->c.turn, g->turn);
        else if (!f->c.autop[g->turn] && f->c.turn_deadline_ms <= 0) {
            char *d = json_dumps(f->last, JSON_COMPACT);
            wrong(t, "client %d (after %s): no countdown for seat %d (%.150s)", k, f->last_type, g->turn, d);
            free(d);
        }
        else if (f->c.autop[g->turn] && f->c.turn_deadline_ms >= 0)
            wrong(t, "client %d (after %s): a countdown for seat %d, played by the computer", k, f->last_type, g->turn);
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            for (int o = s + 1; o < DDZ_SEAT_NB; o++)
                if (hands[s] & hands[o])
                    wrong(t, "client %d: the pictured hands of seats %d and %d overlap", k, s, o);
    }
}

/* The middle of the table is public: every client in a game pictures it alike, whenever it
 * came in (from the start, watching or reconnecting in the middle). */
static void t_check_table(T *t)
{
    for (int k = 0; k < t->n; k++) {
        const DdzClient *a = &t->f[k].c;
        if (t->f[k].closed || !a->room || !a->in_game)
            continue;
        for (int j = k + 1; j < t->n; j++) {
            const DdzClient *b = &t->f[j].c;
            if (t->f[j].closed || b->room != a->room || !b->in_game || b->game != a->game)
                continue;
            t->checks++;
            if (a->table_seat != b->table_seat)
                wrong(t, "clients %d and %d: the move to beat is seat %d's and seat %d's", k, j, a->table_seat,
                      b->table_seat);
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                const DdzClientNote *x = &a->note[s], *y = &b->note[s];
                if (x->kind != y->kind || (x->kind != DDZ_NOTE_PLAY && x->value != y->value) || x->rob != y->rob ||
                    x->cards != y->cards)
                    wrong(t, "clients %d and %d (after %s, %s): seat %d's note is %d/%d and %d/%d", k, j,
                          t->f[k].last_type, t->f[j].last_type, s, x->kind, x->value, y->kind, y->value);
            }
        }
    }
}

static void t_deliver(Fake *f, const char *data, size_t len)
{
    json_t *m = json_loadb(data, len, 0, NULL);
    assert_non_null(m);
    const char *type = json_string_value(json_object_get(m, "type"));
    assert_non_null(type);
    snprintf(f->last_type, sizeof f->last_type, "%s", type);
    if (!strcmp(type, "error"))
        snprintf(f->last_error, sizeof f->last_error, "%s", json_string_value(json_object_get(m, "code")));
    ddz_client_feed_json(&f->c, m);
    json_decref(f->last);
    f->last = m;
}

/* Delivers the outbox, then compares every client with the server. */
static void t_pump(T *t)
{
    const DdzServerOut *out;
    size_t n = ddz_server_outbox(t->srv, &out);
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < t->n; k++) {
            Fake *f = &t->f[k];
            if (f->id != out[i].conn || f->closed)
                continue;
            if (out[i].len)
                t_deliver(f, out[i].data, out[i].len);
            if (out[i].close)
                f->closed = true;
        }
    ddz_server_outbox_clear(t->srv);
    t_check_counts(t);
    t_check_table(t);
}

static void t_send(T *t, int k, const char *text)
{
    ddz_server_message(t->srv, t->f[k].id, text, strlen(text), t->now);
    t_pump(t);
}

static void t_sendf(T *t, int k, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void t_sendf(T *t, int k, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    t_send(t, k, buf);
}

static void t_tick(T *t, int64_t ms)
{
    t->now += ms;
    ddz_server_tick(t->srv, t->now);
    t_pump(t);
}

/* A connection that says hello (with a token when given); returns its index. */
static int t_hello(T *t, const char *name, const char *token)
{
    assert_true(t->n < MAXC);
    int k = t->n++;
    Fake *f = &t->f[k];
    memset(f, 0, sizeof *f);
    ddz_client_init(&f->c);
    f->id = ddz_server_open(t->srv, t->now);
    assert_true(f->id > 0);
    if (token)
        t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"token\":\"%s\"}", token);
    else
        t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"name\":\"%s\"}", name);
    if (!token)
        assert_string_equal(f->last_type, "welcome");
    return k;
}

static int t_client(T *t, const char *name)
{
    int k = t_hello(t, name, NULL);
    t->f[k].autoplay = true;
    return k;
}

/* Lets every autoplaying client act on its turn (and get ready after a game) until done(t). */
static void t_run(T *t, int steps, bool (*done)(T *))
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
                t->now += 120;
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

static int g_games;
static bool enough_games(T *t)
{
    for (int k = 0; k < t->n; k++)
        if (t->f[k].autoplay && !t->f[k].closed && t->f[k].c.seat >= 0 && t->f[k].c.games_over < g_games)
            return false;
    return true;
}

static int g_who;
/* g_who's game is in play and some cards are down. */
static bool who_played_some(T *t)
{
    const DdzClient *c = &t->f[g_who].c;
    if (!c->in_game || c->phase != DDZ_PHASE_PLAY)
        return false;
    int down = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        down += ddz_cards_size(c->played[s]);
    return down >= 6;
}

static long t_table(T *t, int a, int b, int c)
{
    t_send(t, a, "{\"type\":\"create\",\"name\":\"table\"}");
    long room = t->f[a].c.room;
    t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld}", room);
    t_sendf(t, c, "{\"type\":\"join\",\"room\":%ld}", room);
    assert_int_equal(t->f[c].c.seat, 2);
    t_send(t, a, "{\"type\":\"ready\"}");
    t_send(t, b, "{\"type\":\"ready\"}");
    t_send(t, c, "{\"type\":\"ready\"}");
    return room;
}

static void t_counts_right(T *t, long min_checks)
{
    if (t->wrong)
        fail_msg("%ld of %ld counts wrong; first: %s", t->wrong, t->checks, t->first);
    assert_true(t->checks >= min_checks);
}

/* Tests --------------------------------------------------------------------------------------*/

static void counts_match_the_server_through_games_and_for_spectators(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        T *t = t_new(seed, NULL);
        int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
        int w = t_hello(t, "W", NULL);
        long room = t_table(t, a, b, c);
        t_sendf(t, w, "{\"type\":\"watch\",\"room\":%ld}", room);
        g_who = a;
        t_run(t, 5000, who_played_some);
        /* A second spectator arrives in the middle of the play. */
        int w2 = t_hello(t, "W2", NULL);
        t_sendf(t, w2, "{\"type\":\"watch\",\"room\":%ld}", room);
        g_games = 3;
        t_run(t, 30000, enough_games);
        assert_int_equal(t->f[a].c.games_over, 3);
        assert_int_equal(t->f[w].c.games_over, 3);
        /* At the end every hand still held was shown, to players and spectators: the winner's
         * is empty, and the tracker checked each against the deal and the cards played. */
        for (int k = 0; k < t->n; k++) {
            const DdzClient *fc = &t->f[k].c;
            assert_int_equal(fc->leaks, 0);
            assert_true(fc->held_known);
            int empty = 0, left = 0;
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                empty += fc->held[s] == 0;
                left += ddz_cards_size(fc->held[s]);
            }
            assert_true(empty >= 1 && left > 0);
        }
        t_counts_right(t, 1500);
        t_free(t);
    }
}

static void counts_match_the_server_after_a_reconnect(void **state)
{
    (void)state;
    for (uint64_t seed = 11; seed <= 13; seed++) {
        T *t = t_new(seed, NULL);
        int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
        t_table(t, a, b, c);
        g_who = a;
        t_run(t, 5000, who_played_some);
        /* The landlord (or seat 0) drops and comes back with its token. */
        int who = t->f[a].c.landlord >= 0 ? t->f[a].c.landlord : 0;
        char token[80];
        snprintf(token, sizeof token, "%s", t->f[who].c.token);
        ddz_server_close(t->srv, t->f[who].id, t->now);
        t->f[who].closed = true;
        t_pump(t);
        for (int i = 0; i < 4; i++)
            t_run(t, 1, NULL);
        int k = t_hello(t, NULL, token);
        assert_int_equal(t->f[k].c.seat, t->f[who].c.seat);
        t->f[k].autoplay = true;
        t->f[k].readied = t->f[k].c.games_over;
        g_games = 2;
        t_run(t, 30000, enough_games);
        t_counts_right(t, 500);
        t_free(t);
    }
}

static void a_player_who_left_keeps_its_name_at_the_table_and_in_the_result(void **state)
{
    (void)state;
    T *t = t_new(21, NULL);
    int a = t_client(t, "A"), b = t_client(t, "Bee"), c = t_client(t, "C");
    t_table(t, a, b, c);
    g_who = a;
    t_run(t, 5000, who_played_some);
    int seat = t->f[b].c.seat;
    t_send(t, b, "{\"type\":\"leave\"}");
    assert_string_equal(t->f[b].last_type, "left");
    t->f[b].autoplay = false;
    assert_string_equal(t->f[a].c.names[seat], "Bee");
    assert_true(t->f[a].c.gone[seat]);
    assert_true(t->f[a].c.autop[seat]);
    assert_false(t->f[a].c.gone[t->f[c].c.seat]);
    /* The computer plays the seat to the end; the name stays through the result and the room
     * update that empties the seat. */
    while (t->f[a].c.games_over < 1)
        t_run(t, 1, NULL);
    t_run(t, 3, NULL);
    assert_string_equal(t->f[a].c.names[seat], "Bee");
    assert_true(t->f[a].c.gone[seat]);
    assert_string_equal(t->f[c].c.names[seat], "Bee");
    /* Someone else takes the seat: the new name, not marked. */
    int d = t_client(t, "Dee");
    t_sendf(t, d, "{\"type\":\"join\",\"room\":%ld}", t->f[a].c.room);
    assert_int_equal(t->f[d].c.seat, seat);
    assert_string_equal(t->f[a].c.names[seat], "Dee");
    assert_false(t->f[a].c.gone[seat]);
    t_counts_right(t, 100);
    t_free(t);
}

/* The client whose turn it is (-1: none). */
static int t_turn(T *t)
{
    for (int k = 0; k < t->n; k++)
        if (!t->f[k].closed && t->f[k].c.my_turn)
            return k;
    return -1;
}

/* The last frame of client k is the error code with the argument key = want (a string or,
 * with want NULL, the integer iwant). */
static void t_refused(T *t, int k, const char *code, const char *key, const char *want, long iwant)
{
    json_t *m = t->f[k].last;
    assert_string_equal(t->f[k].last_type, "error");
    assert_string_equal(json_string_value(json_object_get(m, "code")), code);
    assert_non_null(json_object_get(m, "message")); /* the sentence stays, for old clients */
    json_t *v = json_object_get(json_object_get(m, "args"), key);
    if (want) {
        if (!json_is_string(v) || strcmp(json_string_value(v), want))
            fail_msg("%s: args.%s is %s, want %s", code, key, json_is_string(v) ? json_string_value(v) : "-", want);
    } else {
        assert_true(json_is_integer(v));
        assert_int_equal(json_integer_value(v), iwant);
    }
}

static bool someone_leads(T *t)
{
    int k = t_turn(t);
    return k >= 0 && t->f[k].c.turn_phase == DDZ_PHASE_PLAY && t->f[k].c.lead;
}

static bool someone_follows_a_single(T *t)
{
    int k = t_turn(t);
    return k >= 0 && t->f[k].c.turn_phase == DDZ_PHASE_PLAY && !t->f[k].c.lead &&
           t->f[k].c.table.type == DDZ_SINGLE && t->f[k].c.table.rank > 0 &&
           (ddz_cards_ranks(t->f[k].c.hand) & ((DdzRanks)0xF << 0)) != 0;
}

static void refusals_carry_a_code_and_arguments(void **state)
{
    (void)state;
    T *t = t_new(31, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    long room = t_table(t, a, b, c);
    int k = t_turn(t);
    assert_true(k >= 0);
    int other = (k + 1) % 3;
    /* Out of turn, out of phase, a value the bidding does not allow. */
    t_send(t, other, "{\"type\":\"bid\",\"value\":1}");
    t_refused(t, other, "not_your_turn", "seat", NULL, t->f[k].c.seat);
    t_send(t, k, "{\"type\":\"double\",\"value\":1}");
    t_refused(t, k, "illegal", "reason", "phase", 0);
    t_send(t, k, "{\"type\":\"bid\",\"value\":2}");
    int k2 = t_turn(t);
    t_send(t, k2, "{\"type\":\"bid\",\"value\":1}");
    t_refused(t, k2, "illegal", "reason", "value", 0);
    json_t *vals = json_object_get(json_object_get(t->f[k2].last, "args"), "values");
    assert_int_equal(json_array_size(vals), 2);
    assert_int_equal(json_integer_value(json_array_get(vals, 0)), 0);
    assert_int_equal(json_integer_value(json_array_get(vals, 1)), 3);
    assert_string_equal(json_string_value(json_object_get(json_object_get(t->f[k2].last, "args"), "phase")), "bid");
    /* Leading: a pass, cards that make no move, cards not held. */
    t_run(t, 5000, someone_leads);
    k = t_turn(t);
    assert_true(k >= 0);
    t_send(t, k, "{\"type\":\"pass\"}");
    t_refused(t, k, "illegal", "reason", "lead_pass", 0);
    DdzRanks held = ddz_cards_ranks(t->f[k].c.hand);
    char two[3] = "", missing[2] = "";
    for (int r = 0; r < DDZ_RANK_2; r++) {
        if (ddz_ranks_get(held, r) && strlen(two) < 2 && (!two[0] || two[0] != ddz_rank_char(r)))
            two[strlen(two)] = ddz_rank_char(r);
        if (!ddz_ranks_get(held, r) && !missing[0])
            missing[0] = ddz_rank_char(r);
    }
    assert_int_equal(strlen(two), 2);
    t_sendf(t, k, "{\"type\":\"play\",\"move\":\"%s\"}", two);
    t_refused(t, k, "illegal", "reason", "not_a_move", 0);
    t_refused(t, k, "illegal", "ranks", two, 0);
    if (missing[0]) {
        t_sendf(t, k, "{\"type\":\"play\",\"move\":\"%s\"}", missing);
        t_refused(t, k, "not_in_hand", "ranks", missing, 0);
    }
    /* Following a single with a lower one. */
    t_run(t, 5000, someone_follows_a_single);
    k = t_turn(t);
    assert_true(someone_follows_a_single(t));
    {
        const DdzClient *fc = &t->f[k].c;
        DdzRanks h = ddz_cards_ranks(fc->hand);
        int low = -1;
        for (int r = 0; r < fc->table.rank && low < 0; r++)
            if (ddz_ranks_get(h, r))
                low = r;
        assert_true(low >= 0);
        {
            char table[8], move[2] = {ddz_rank_char(low), 0};
            ddz_move_format(&fc->table, fc->opt.rules, table, sizeof table);
            t_sendf(t, k, "{\"type\":\"play\",\"move\":\"%s\"}", move);
            t_refused(t, k, "illegal", "reason", "does_not_beat", 0);
            t_refused(t, k, "illegal", "move", move, 0);
            t_refused(t, k, "illegal", "table", table, 0);
        }
    }
    /* The lobby's refusals name the room. */
    int d = t_hello(t, "D", NULL);
    t_send(t, d, "{\"type\":\"join\",\"room\":4242}");
    t_refused(t, d, "no_room", "room", NULL, 4242);
    t_sendf(t, d, "{\"type\":\"join\",\"room\":%ld}", room);
    t_refused(t, d, "playing", "room", NULL, room);
    t_free(t);
}

/* The client to act follows a move it can beat (hubei48: it must, 有出必出). */
static bool someone_can_beat_48(T *t)
{
    static DdzMove beat[DDZ_MAX_MOVES];
    int k = t_turn(t);
    return k >= 0 && t->f[k].c.turn_phase == DDZ_PHASE_PLAY && !t->f[k].c.lead &&
           ddz_moves_generate(ddz_cards_ranks(t->f[k].c.hand), &t->f[k].c.table, DDZ_RULES_HUBEI48, beat) > 0;
}

/* The rank of a trio in the hand of the client to lead, when it holds more than that trio. */
static int lead_trio_rank(T *t)
{
    int k = t_turn(t);
    if (k < 0 || t->f[k].c.turn_phase != DDZ_PHASE_PLAY || !t->f[k].c.lead || ddz_cards_size(t->f[k].c.hand) <= 3)
        return -1;
    DdzRanks h = ddz_cards_ranks(t->f[k].c.hand);
    for (int r = 0; r < DDZ_RANK_BJ; r++)
        if (ddz_ranks_get(h, r) == 3)
            return r;
    return -1;
}

static bool someone_leads_with_a_trio(T *t) { return lead_trio_rank(t) >= 0; }

static void hubei48_refusals_say_must_beat_and_short_and_computers_have_distinct_names(void **state)
{
    (void)state;
    T *t = t_new(48, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    /* Two computers of one level in one room: two names. */
    t_send(t, a, "{\"type\":\"create\",\"name\":\"bots\"}");
    t_send(t, a, "{\"type\":\"add_bot\",\"level\":\"easy\",\"seat\":1}");
    t_send(t, a, "{\"type\":\"add_bot\",\"level\":\"easy\",\"seat\":2}");
    assert_string_equal(t->f[a].c.names[1], "电脑甲(简单)");
    assert_string_equal(t->f[a].c.names[2], "电脑乙(简单)");
    t_send(t, a, "{\"type\":\"remove_bot\",\"seat\":1}");
    t_send(t, a, "{\"type\":\"add_bot\",\"level\":\"easy\",\"seat\":1}");
    assert_string_equal(t->f[a].c.names[1], "电脑甲(简单)");
    t_send(t, a, "{\"type\":\"leave\"}");
    /* A hubei48 table of three people. */
    t_send(t, a, "{\"type\":\"create\",\"name\":\"h48\",\"options\":\"rules=hubei48\"}");
    long room = t->f[a].c.room;
    t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld}", room);
    t_sendf(t, c, "{\"type\":\"join\",\"room\":%ld}", room);
    for (int k = 0; k < 3; k++)
        t_send(t, (int[]){a, b, c}[k], "{\"type\":\"ready\"}");
    /* Following a move it can beat: a pass is refused, naming the move on the table. */
    t_run(t, 20000, someone_can_beat_48);
    int k = t_turn(t);
    assert_true(someone_can_beat_48(t));
    char table[96];
    ddz_move_format(&t->f[k].c.table, DDZ_RULES_HUBEI48, table, sizeof table);
    t_send(t, k, "{\"type\":\"pass\"}");
    t_refused(t, k, "illegal", "reason", "must_beat", 0);
    t_refused(t, k, "illegal", "table", table, 0);
    /* Leading a bare trio while holding more: only as the last cards. */
    t_run(t, 20000, someone_leads_with_a_trio);
    k = t_turn(t);
    int r = lead_trio_rank(t);
    assert_true(r >= 0);
    char trio[4] = {0};
    memset(trio, ddz_rank_char(r), 3);
    t_sendf(t, k, "{\"type\":\"play\",\"move\":\"%s\"}", trio);
    t_refused(t, k, "illegal", "reason", "short", 0);
    t_refused(t, k, "illegal", "ranks", trio, 0);
    t_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_match_the_server_through_games_and_for_spectators),
        cmocka_unit_test(counts_match_the_server_after_a_reconnect),
        cmocka_unit_test(a_player_who_left_keeps_its_name_at_the_table_and_in_the_result),
        cmocka_unit_test(refusals_carry_a_code_and_arguments),
        cmocka_unit_test(hubei48_refusals_say_must_beat_and_short_and_computers_have_distinct_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
