/* test_attack.c -- the server core under the attacks of issue 10, at the message level
 * (tests/server_harness.h): every test here reproduces one attack and failed before its fix. */
#include "server_harness.h"

/* Option sets that change what a seat may do at a decision: every bidding flow, doubling
 * mode, 明牌, play_all, must_bid, forced_bid, the move rulesets and the dealing options. */
static const char *const OPTION_SETS[] = {
    "rules=standard",
    "rules=classic,bid=rob",
    "rules=douzero,double=farmer",
    "rules=botzone,double=app",
    "show,double=app",
    "play_all",
    "play_all,bid=rob,show",
    "must_bid,forced_bid",
    "first=revealed,packet",
    "first=heart3,cap=8,fee=5",
};

static void short_turns(DdzServerConfig *c)
{
    c->turn_ms = 2000;
}

static void nine_second_turns(DdzServerConfig *c)
{
    c->turn_ms = 9000;
}

/* Lets k act only as a seat that never answers: it says ready between games and takes its
 * seat back from the computer (托管) whenever it is given away, so every decision of its seat
 * runs into the deadline. The others play by the harness. */
static void silent_run(T *t, int k, int steps, long want_games)
{
    Fake *f = &t->f[k];
    f->autoplay = false;
    for (int i = 0; i < steps && f->c.games_over < want_games; i++) {
        if (f->c.seat >= 0 && f->c.autop[f->c.seat] && f->c.in_game)
            t_send(t, k, "{\"type\":\"auto\",\"on\":false}");
        if (!f->c.in_game && f->c.games_over > f->readied && f->c.seat >= 0) {
            f->readied = f->c.games_over;
            t_send(t, k, "{\"type\":\"ready\"}");
        }
        t_run(t, 1, NULL);
    }
}

/* Issue 10 #1: a timeout always ends in a legal action, under every option set and in every
 * phase, for a seat that never answers; the table never waits longer than one deadline. */
static void a_seat_that_never_answers_never_freezes_its_table(void **state)
{
    (void)state;
    int by_phase[8] = {0};
    for (size_t o = 0; o < sizeof OPTION_SETS / sizeof *OPTION_SETS; o++) {
        T *t = t_new(100 + o, NULL, short_turns);
        int a = t_client(t, "沉默"), b = t_client(t, "B"), c = t_client(t, "C");
        t_sendf(t, a, "{\"type\":\"create\",\"options\":\"%s\"}", OPTION_SETS[o]);
        assert_string_equal(t->f[a].last_type, "room");
        long room = t->f[a].c.room;
        t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld}", room);
        t_sendf(t, c, "{\"type\":\"join\",\"room\":%ld}", room);
        t_send(t, a, "{\"type\":\"ready\"}");
        t_send(t, b, "{\"type\":\"ready\"}");
        t_send(t, c, "{\"type\":\"ready\"}");
        silent_run(t, a, 200000, 2);
        if (t->f[a].c.games_over < 2)
            fail_msg("options %s: the table froze (%ld games over)", OPTION_SETS[o], t->f[a].c.games_over);
        if (t->max_gap > t->cfg.turn_ms + 200)
            fail_msg("options %s: %lld ms without an action (turn %d ms)", OPTION_SETS[o], (long long)t->max_gap,
                     t->cfg.turn_ms);
        for (int p = 0; p < 8; p++)
            by_phase[p] += t->f[a].by_timeout[p];
        t_no_leaks(t);
        t_free(t);
    }
    assert_true(by_phase[DDZ_PHASE_BID] > 0);
    assert_true(by_phase[DDZ_PHASE_DOUBLE] > 0);
    assert_true(by_phase[DDZ_PHASE_PLAY] > 0);
}

/* Issue 10 #1, the reported case: under play_all a following seat whose whole hand is a move
 * that beats the table lets its deadline pass. The pass is illegal; the forced move is made. */
static int g_forced;
static bool ends_silent(T *t)
{
    for (int k = 0; k < 3; k++) {
        Fake *f = &t->f[k];
        DdzClient *c = &f->c;
        bool silent = c->in_game && c->my_turn && c->phase == DDZ_PHASE_PLAY && !c->lead && ddz_cards_size(c->hand) <= 4;
        f->autoplay = !silent;
    }
    return false;
}

static void play_all_forced_move_on_timeout(void **state)
{
    (void)state;
    T *t = t_new(77, NULL, short_turns);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_sendf(t, a, "{\"type\":\"create\",\"options\":\"play_all\"}");
    long room = t->f[a].c.room;
    t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld}", room);
    t_sendf(t, c, "{\"type\":\"join\",\"room\":%ld}", room);
    for (int k = 0; k < 3; k++)
        t_send(t, k, "{\"type\":\"ready\"}");
    /* Followers fall silent at the end of their hands; count forced plays made by timeouts. */
    g_forced = 0;
    long games = 0;
    for (int i = 0; i < 400000 && games < 40; i++) {
        ends_silent(t);
        t_run(t, 1, NULL);
        games = t->f[a].c.games_over;
        if (t->max_gap > t->cfg.turn_ms + 200)
            fail_msg("game %ld: %lld ms without an action (turn %d ms)", games + 1, (long long)t->max_gap,
                     t->cfg.turn_ms);
    }
    for (int k = 0; k < 3; k++)
        g_forced += t->f[k].by_timeout[DDZ_PHASE_PLAY];
    assert_true(games >= 40);
    assert_true(g_forced > 0);
    t_no_leaks(t);
    t_free(t);
}

/* A new connection saying hello with a token; returns its index. Every frame is kept. */
static int reconnect(T *t, const char *token)
{
    int k = t->n++;
    assert_true(k < MAXC);
    Fake *f = &t->f[k];
    memset(f, 0, sizeof *f);
    ddz_client_init(&f->c);
    f->keep_all = true;
    f->id = ddz_server_open(t->srv, t->now);
    t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"token\":\"%s\"}", token);
    return k;
}

/* The types of the frames k got, comma-separated. */
static void frame_types(T *t, int k, char *out, size_t n)
{
    out[0] = '\0';
    size_t i;
    json_t *m;
    json_array_foreach(t->f[k].seen, i, m) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", i ? "," : "", str_of(m, "type"));
    }
}

static int g_seat_of;
static bool turn_of_seat(T *t)
{
    return t->f[g_seat_of].c.in_game && t->f[g_seat_of].c.my_turn;
}

/* Issue 10 #2 and #9: a seat that never acts but says hello with its token every 1.5 s gets
 * welcome, room, state, turn each time, in that order and once each; the turn's deadline is
 * the one it had, so the table moves on when it passes. */
static void reconnecting_does_not_restart_the_turn_clock(void **state)
{
    (void)state;
    T *t = t_new(11, NULL, nine_second_turns);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    g_seat_of = b;
    t_until(t, 5000, turn_of_seat);
    t->f[b].autoplay = false;
    char token[80];
    snprintf(token, sizeof token, "%s", t->f[b].c.token);
    int seat = t->f[b].c.seat;
    long actions_before = t->f[a].count[DDZ_EV_ACTION] + t->f[a].count[DDZ_EV_LANDLORD];
    int64_t start = t->now;
    int k = b;
    long deadline0 = t->f[b].c.deadline_ms;
    assert_true(deadline0 > 0);
    while (t->now - start < t->cfg.turn_ms + 1000) {
        t_tick(t, 1500);
        if (t->f[a].count[DDZ_EV_ACTION] + t->f[a].count[DDZ_EV_LANDLORD] > actions_before)
            break;
        t->f[k].closed = true; /* replaced */
        k = reconnect(t, token);
        char types[256];
        frame_types(t, k, types, sizeof types);
        assert_string_equal(types, "welcome,room,state,turn");
        /* The deadline told is what is left of the turn's own. */
        long left = t->f[k].c.deadline_ms;
        assert_true(left <= deadline0 - (t->now - start) + 1);
    }
    /* The seat's deadline passed and the server acted for it. */
    assert_true(t->now - start <= t->cfg.turn_ms + 1500);
    json_t *last = t->f[a].last;
    assert_int_equal(json_integer_value(json_object_get(last, "seat")) == seat || !strcmp(str_of(last, "type"), "landlord"), 1);
    t_no_leaks(t);
    t_free(t);
}

/* Issue 10 #9: a player whose connection dropped during its own turn comes back before the
 * computer acted: welcome, room, state, then turn; the others see auto off and the room. */
static void a_dropped_player_comes_back_to_room_state_turn(void **state)
{
    (void)state;
    T *t = t_new(12, NULL, NULL);
    t->cfg.bot_delay_ms = 800;
    ddz_server_free(t->srv);
    DdzError err;
    t->srv = ddz_server_new(&t->cfg, NULL, &err);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    g_seat_of = b;
    t_until(t, 5000, turn_of_seat);
    t->f[b].autoplay = false;
    char token[80];
    snprintf(token, sizeof token, "%s", t->f[b].c.token);
    int seat = t->f[b].c.seat;
    ddz_server_close(t->srv, t->f[b].id, t->now);
    t->f[b].closed = true;
    t_pump(t);
    assert_true(t->f[a].c.autop[seat]);
    t_tick(t, 100); /* less than the computer's delay */
    int k = reconnect(t, token);
    char types[256];
    frame_types(t, k, types, sizeof types);
    assert_string_equal(types, "welcome,room,state,turn");
    assert_false(t->f[a].c.autop[seat]);
    assert_false(t->f[k].c.autop[seat]);
    t_no_leaks(t);
    t_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_seat_that_never_answers_never_freezes_its_table),
        cmocka_unit_test(play_all_forced_move_on_timeout),
        cmocka_unit_test(reconnecting_does_not_restart_the_turn_clock),
        cmocka_unit_test(a_dropped_player_comes_back_to_room_state_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
