/* test_attack.c -- the server core under the attacks of issue 10, at the message level
 * (tests/server_harness.h): every test here reproduces one attack and failed before its fix. */
#include "server_harness.h"
#include "ddz/text.h"

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

/* Issue 10 #8: names and chat are printable UTF-8 that shows something. Known answers: JSON
 * string bodies as a client sends them, and whether a nickname / chat line is accepted. */
static const struct {
    const char *json;
    bool ok;
} TEXTS[] = {
    {"\\u009b31m", false},           /* C1 CSI */
    {"\\u001b[2J", false},           /* C0 ESC */
    {"a\\u007f", false},             /* DEL */
    {"\\u202eevil", false},          /* bidi override */
    {"\\u2066x\\u2069", false},      /* bidi isolates */
    {"\\u200b", false},              /* zero-width space alone */
    {"a\\u200bb", false},            /* inside */
    {"\\u3000\\u3000", false},       /* ideographic spaces */
    {"\\ufeff", false},              /* BOM */
    {"x\\u2028y", false},            /* line separator */
    {"\\u2029", false},              /* paragraph separator */
    {"\\u00a0", false},              /* no-break space */
    {"\\u3164", false},              /* Hangul filler */
    {"\\ue000", false},              /* private use */
    {"\\uffff", false},              /* noncharacter */
    {"\\u0301\\u0301", false},       /* marks alone */
    {"   ", false},                  /* spaces alone */
    {"", false},
    {"\\udb40\\udc01x", false},      /* U+E0001 language tag */
    {"张三", true},
    {"Ann Lee", true},
    {"e\\u0301", true},              /* e with a combining acute */
    {"\\ud83c\\udccf", true},        /* U+1F0CF playing card joker */
    {"ﾟ∀ﾟ", true},
};

static void names_and_chat_are_printable_text(void **state)
{
    (void)state;
    T *t = t_new(13, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B");
    t_send(t, a, "{\"type\":\"create\"}");
    t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld}", t->f[a].c.room);
    for (size_t i = 0; i < sizeof TEXTS / sizeof *TEXTS; i++) {
        /* A nickname on a new connection. */
        int k = t->n++;
        memset(&t->f[k], 0, sizeof t->f[k]);
        ddz_client_init(&t->f[k].c);
        t->f[k].id = ddz_server_open(t->srv, t->now);
        t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"name\":\"%s\"}", TEXTS[i].json);
        if (TEXTS[i].ok != !strcmp(t->f[k].last_type, "welcome"))
            fail_msg("nickname \"%s\": %s", TEXTS[i].json, t->f[k].last_type);
        if (!TEXTS[i].ok)
            assert_string_equal(t->f[k].last_error, "bad_name");
        ddz_server_close(t->srv, t->f[k].id, t->now);
        t->n--;
        ddz_client_free(&t->f[k].c);
        json_decref(t->f[k].last);
        /* A chat line; b hears only the accepted ones. */
        long heard = t->f[b].count[DDZ_EV_CHAT];
        t->now += 2100;
        t_sendf(t, a, "{\"type\":\"chat\",\"text\":\"%s\"}", TEXTS[i].json);
        if (TEXTS[i].ok != (t->f[b].count[DDZ_EV_CHAT] == heard + 1))
            fail_msg("chat \"%s\": %s", TEXTS[i].json, t->f[a].last_error);
        t->now += 2100;
        t_tick(t, 0);
    }
    /* A room name too. */
    t_send(t, b, "{\"type\":\"leave\"}");
    t_send(t, b, "{\"type\":\"create\",\"name\":\"\\u202e\\u202e\"}");
    assert_string_equal(t->f[b].last_error, "bad_name");
    t_free(t);
}

/* What a client prints: refused characters and bad bytes become '?'. */
static void clients_sanitise_what_they_print(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } CASES[] = {
        {"\xc2\x9b" "2J", "?2J"},
        {"\x1b[31mred", "?[31mred"},
        {"\xe2\x80\xae" "abc", "?abc"},
        {"ok 张三", "ok 张三"},
        {"\xff\xfe", "??"},
        {"\xe4\xb8", "??"},           /* truncated sequence */
        {"\xc0\xaf", "??"},           /* overlong '/' */
        {"\xed\xa0\x80", "???"},      /* surrogate */
        {"a\xe2\x80\xa8" "b", "a?b"},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof *CASES; i++) {
        char out[64];
        ddz_text_sanitize(CASES[i].in, out, sizeof out);
        assert_string_equal(out, CASES[i].out);
    }
    char small[4];
    assert_int_equal(ddz_text_sanitize("张三", small, sizeof small), 3);
    assert_string_equal(small, "张");
    /* Whole messages as the clients' transport gets them: escaped or raw, refused characters
     * become '?', the record's newlines stay, the JSON stays valid. */
    static const struct {
        const char *in, *text;
    } MSGS[] = {
        {"{\"text\":\"\\u009b2J\"}", "?2J"},
        {"{\"text\":\"\xc2\x9b" "2J\"}", "?2J"},
        {"{\"text\":\"\\u202eabc\\u200b\"}", "?abc?"},
        {"{\"text\":\"a\\nb\\tc\\\"d\\\\u202e\"}", "a\nb\tc\"d\\u202e"},
        {"{\"text\":\"\\ud83c\\udccf \\u5f20\"}", "\xf0\x9f\x83\x8f 张"},
        {"{\"text\":\"\\udb40\\udc01x\\ud800\"}", "?x?"},
    };
    for (size_t i = 0; i < sizeof MSGS / sizeof *MSGS; i++) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", MSGS[i].in);
        size_t n = ddz_text_sanitize_json(buf, strlen(buf));
        json_t *m = json_loadb(buf, n, 0, NULL);
        if (!m)
            fail_msg("message %zu: not JSON after sanitising: %.*s", i, (int)n, buf);
        assert_string_equal(json_string_value(json_object_get(m, "text")), MSGS[i].text);
        json_decref(m);
    }
}

/* Issue 10 #13: a fast, honest automated player is never cut for its game actions, which the
 * game paces itself; what is not a game action stays limited. */
static void fast_players_act_at_game_pace_and_the_rest_is_limited(void **state)
{
    (void)state;
    T *t = t_new(14, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    /* Three games with no time passing at all: every decision at once. */
    long sent = 0;
    for (int i = 0; i < 20000 && t->f[a].c.games_over < 3; i++) {
        bool acted = false;
        for (int k = 0; k < 3; k++) {
            Fake *f = &t->f[k];
            char msg[256];
            size_t len = ddz_client_auto(&f->c, &t->play_rng, msg, sizeof msg);
            if (len) {
                t_send(t, k, msg);
                sent++;
                acted = true;
            } else if (f->c.games_over > f->readied && !f->c.in_game) {
                f->readied = f->c.games_over;
                t_send(t, k, "{\"type\":\"ready\"}");
                acted = true;
            }
        }
        if (!acted)
            t_tick(t, 0);
    }
    for (int k = 0; k < 3; k++)
        assert_false(t->f[k].closed);
    assert_int_equal(t->f[a].c.games_over, 3);
    assert_true(sent > 3 * 20);
    /* Pings are not game actions: 20 at once, then cut. */
    for (int i = 0; i < 25 && !t->f[a].closed; i++)
        t_send(t, a, "{\"type\":\"ping\"}");
    assert_true(t->f[a].closed);
    assert_string_equal(t->f[a].last_error, "flood");
    /* And a game action out of turn is counted too. */
    int turn = -1;
    for (int k = 1; k < 3; k++)
        if (t->f[k].c.my_turn)
            turn = k;
    int other = turn == 1 ? 2 : 1;
    for (int i = 0; i < 40 && !t->f[other].closed; i++)
        t_send(t, other, "{\"type\":\"pass\"}");
    assert_true(t->f[other].closed);
    t_free(t);
}

/* Issue 10 #12: after a restart, a player whose game was cut is told so, once, with why. */
static void a_player_back_after_a_restart_hears_its_game_was_aborted(void **state)
{
    (void)state;
    char path[] = "/tmp/ddz_test_restart_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    T *t = t_new(15, path, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    g_who = a;
    t_until(t, 5000, who_in_play_phase);
    char token[80];
    snprintf(token, sizeof token, "%s", t->f[b].c.token);
    /* A second server opens the same database, as after a kill -9: the game is aborted. */
    DdzError err;
    int aborted = 0;
    DdzStore *st2 = ddz_store_open(path, false, &aborted, &err);
    assert_non_null(st2);
    assert_int_equal(aborted, 1);
    DdzServer *srv2 = ddz_server_new(&t->cfg, st2, &err);
    assert_non_null(srv2);
    ddz_server_free(t->srv);
    t->srv = srv2;
    for (int k = 0; k < 3; k++)
        t->f[k].closed = true;
    int k = reconnect(t, token);
    char types[256];
    frame_types(t, k, types, sizeof types);
    assert_string_equal(types, "welcome,aborted");
    json_t *m = json_array_get(t->f[k].seen, 1);
    assert_string_equal(str_of(m, "reason"), "the server stopped during the game");
    assert_true(json_integer_value(json_object_get(m, "room")) > 0);
    /* Once only. */
    int k2 = reconnect(t, token);
    frame_types(t, k2, types, sizeof types);
    assert_string_equal(types, "welcome");
    t_free(t);
    ddz_store_close(st2);
    char wal[64];
    unlink(path);
    snprintf(wal, sizeof wal, "%s-wal", path);
    unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", path);
    unlink(wal);
}

static void keep_players_a_minute(DdzServerConfig *c)
{
    c->player_keep_ms = 60000;
}

/* Issue 10 #10 (and #7's last part): connect, hello, close cycles leave no player behind, in
 * memory or in the store; a player is written when it first sits down; without a store one
 * who played is kept a while for its token, then forgotten. */
static void players_are_made_on_first_use_and_the_unused_expire(void **state)
{
    (void)state;
    for (int with_store = 0; with_store < 2; with_store++) {
        T *t = t_new(16, with_store ? ":memory:" : NULL, keep_players_a_minute);
        for (int i = 0; i < 300; i++) {
            long id = ddz_server_open(t->srv, t->now);
            const char *hello = "{\"type\":\"hello\",\"version\":1}";
            ddz_server_message(t->srv, id, hello, strlen(hello), t->now);
            const char *join = "{\"type\":\"join\",\"room\":99,\"password\":\"0000\"}";
            ddz_server_message(t->srv, id, join, strlen(join), t->now);
            ddz_server_close(t->srv, id, t->now);
            ddz_server_outbox_clear(t->srv);
            t->now += 5;
        }
        DdzServerStats ss;
        ddz_server_stats(t->srv, &ss);
        assert_int_equal(ss.players, 0);
        DdzStoreStats st;
        DdzError err;
        if (t->store) {
            assert_int_equal(ddz_store_stats(t->store, &st, &err), 0);
            assert_int_equal(st.players, 0);
        }
        /* A player who sits down is kept (and stored). */
        int a = t_client(t, "坐下");
        t_send(t, a, "{\"type\":\"create\"}");
        if (t->store) {
            assert_int_equal(ddz_store_stats(t->store, &st, &err), 0);
            assert_int_equal(st.players, 1);
        }
        t_send(t, a, "{\"type\":\"leave\"}");
        ddz_server_close(t->srv, t->f[a].id, t->now);
        t->f[a].closed = true;
        t_tick(t, 1000);
        ddz_server_stats(t->srv, &ss);
        assert_int_equal(ss.players, with_store ? 0 : 1); /* the store remembers it */
        t_tick(t, 70000);
        ddz_server_stats(t->srv, &ss);
        assert_int_equal(ss.players, 0);
        t_free(t);
    }
}

/* A client on its own connection from addr, said hello; returns its index. */
static int client_from(T *t, const char *name, const char *addr)
{
    int k = t->n++;
    assert_true(k < MAXC);
    Fake *f = &t->f[k];
    memset(f, 0, sizeof *f);
    ddz_client_init(&f->c);
    f->id = ddz_server_open(t->srv, t->now);
    ddz_server_set_address(t->srv, f->id, addr);
    t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"name\":\"%s\"}", name);
    assert_string_equal(f->last_type, "welcome");
    return k;
}

static void ten_rooms(DdzServerConfig *c)
{
    c->max_rooms = 10;
    c->rooms_per_address = 4;
}

/* Issue 10 #6: one player, or one address, cannot open every room; quick match never fails
 * for want of rooms; rooms where nobody does anything close. */
static void one_client_cannot_fill_every_room(void **state)
{
    (void)state;
    T *t = t_new(17, NULL, ten_rooms);
    /* One player: rooms of computers it left still play; the fourth is refused. */
    int a = client_from(t, "A", "10.0.0.1");
    for (int i = 0; i < 3; i++) {
        t_send(t, a, "{\"type\":\"create\"}");
        assert_string_equal(t->f[a].last_type, "room");
        t_send(t, a, "{\"type\":\"add_bot\"}");
        t_send(t, a, "{\"type\":\"add_bot\"}");
        t_send(t, a, "{\"type\":\"ready\"}");
        t_send(t, a, "{\"type\":\"leave\"}");
    }
    t_send(t, a, "{\"type\":\"create\"}");
    assert_string_equal(t->f[a].last_error, "too_many_rooms");
    /* One address, many players: at most rooms_per_address. */
    int b = client_from(t, "B", "10.0.0.1");
    t_send(t, b, "{\"type\":\"create\"}");
    assert_string_equal(t->f[b].last_type, "room");
    int c = client_from(t, "C", "10.0.0.1");
    t_send(t, c, "{\"type\":\"create\"}");
    assert_string_equal(t->f[c].last_error, "too_many_rooms");
    /* Other addresses fill the rest but the reserve: 3 + 1 + 5 = 9 of 10. */
    for (int i = 0; i < 5; i++) {
        char addr[32], name[16];
        snprintf(addr, sizeof addr, "10.0.1.%d", i);
        snprintf(name, sizeof name, "D%d", i);
        int d = client_from(t, name, addr);
        t_send(t, d, "{\"type\":\"create\"}");
        assert_string_equal(t->f[d].last_type, "room");
    }
    int e = client_from(t, "E", "10.0.2.1");
    t_send(t, e, "{\"type\":\"create\"}");
    assert_string_equal(t->f[e].last_error, "too_many_rooms");
    /* Quick match still finds a room. */
    t_send(t, e, "{\"type\":\"quick\"}");
    assert_string_equal(t->f[e].last_type, "room");
    /* Rooms where nobody did anything for room_idle_ms close and free their places. */
    DdzServerStats st;
    ddz_server_stats(t->srv, &st);
    long before = st.rooms;
    t->f[b].autoplay = t->f[e].autoplay = false;
    for (int k = 0; k < t->n; k++)
        t->f[k].autoplay = false;
    t_tick(t, t->cfg.room_idle_ms + 100);
    ddz_server_stats(t->srv, &st);
    assert_true(st.rooms < before);
    assert_string_equal(t->f[b].last_type, "left");
    t_send(t, c, "{\"type\":\"create\"}");
    assert_string_equal(t->f[c].last_type, "room");
    t_free(t);
}

/* Issue 10 #7: password guessing backs off per address; a room under attack tightens every
 * address's allowance but never locks out an address that has not failed. */
static void password_guessing_backs_off(void **state)
{
    (void)state;
    T *t = t_new(18, NULL, NULL);
    int a = client_from(t, "A", "10.0.0.1");
    t_send(t, a, "{\"type\":\"create\",\"password\":\"4711\"}");
    long room = t->f[a].c.room;
    /* One address: five free failures, then it waits, doubling. */
    int z = client_from(t, "Z", "10.7.7.7");
    int refused = 0, slowed = 0;
    for (int i = 0; i < 8; i++) {
        t_sendf(t, z, "{\"type\":\"join\",\"room\":%ld,\"password\":\"%04d\"}", room, i);
        refused += !strcmp(t->f[z].last_error, "wrong_password");
        slowed += !strcmp(t->f[z].last_error, "too_many_tries");
        t->now += 200;
    }
    assert_int_equal(refused, 5);
    assert_int_equal(slowed, 3);
    /* While it waits, a player from another address joins the same room at once. */
    int h = client_from(t, "H", "10.0.0.2");
    t_sendf(t, h, "{\"type\":\"join\",\"room\":%ld,\"password\":\"4711\"}", room);
    assert_string_equal(t->f[h].last_type, "room");
    /* The right password does not buy the guesser more tries, and waiting does. */
    t_sendf(t, z, "{\"type\":\"join\",\"room\":%ld,\"password\":\"4711\"}", room);
    assert_string_equal(t->f[z].last_error, "too_many_tries");
    t_tick(t, 1000);
    t_sendf(t, z, "{\"type\":\"join\",\"room\":%ld,\"password\":\"0099\"}", room);
    assert_string_equal(t->f[z].last_error, "wrong_password");
    t_sendf(t, z, "{\"type\":\"join\",\"room\":%ld,\"password\":\"0098\"}", room);
    assert_string_equal(t->f[z].last_error, "too_many_tries");
    /* From many addresses (a botnet): once the room has seen ten failures, each address has
     * one, then waits. */
    int b = client_from(t, "B", "10.0.0.3");
    t_send(t, b, "{\"type\":\"create\",\"password\":\"2024\"}");
    long room2 = t->f[b].c.room;
    int bots[12];
    refused = slowed = 0;
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 12; i++) {
            if (!round) {
                char addr[32];
                snprintf(addr, sizeof addr, "10.9.0.%d", i);
                bots[i] = client_from(t, "G", addr);
            }
            int g = bots[i];
            t_sendf(t, g, "{\"type\":\"join\",\"room\":%ld,\"password\":\"%04d\"}", room2, round * 100 + i);
            refused += !strcmp(t->f[g].last_error, "wrong_password");
            slowed += !strcmp(t->f[g].last_error, "too_many_tries");
        }
    assert_int_equal(refused, 12); /* each address's first guess */
    assert_int_equal(slowed, 12);  /* not one second guess: the room has seen 12 */
    /* ... and still a player from a clean address joins it at once. */
    int p = client_from(t, "P", "10.0.0.4");
    t_sendf(t, p, "{\"type\":\"join\",\"room\":%ld,\"password\":\"2024\"}", room2);
    assert_string_equal(t->f[p].last_type, "room");
    /* An IPv6 host holds its /64: its addresses count as one. */
    for (int i = 0; i < 5; i++) {
        char addr[48];
        snprintf(addr, sizeof addr, "2001:db8:1:2::%x", i + 1);
        int v = client_from(t, "V", addr);
        t_sendf(t, v, "{\"type\":\"join\",\"room\":%ld,\"password\":\"x%d\"}", room2, i);
        assert_string_equal(t->f[v].last_error, i ? "too_many_tries" : "wrong_password");
    }
    t_free(t);
}

static void hundred_spectators(DdzServerConfig *c)
{
    c->spectators_max = 100;
}

/* Bytes in the outbox, then cleared. */
static size_t outbox_bytes(T *t)
{
    const DdzServerOut *out;
    size_t n = ddz_server_outbox(t->srv, &out), bytes = 0;
    for (size_t i = 0; i < n; i++)
        bytes += out[i].len;
    ddz_server_outbox_clear(t->srv);
    return bytes;
}

/* Issue 10 #4: spectators joining cost what they are sent, not the square of the crowd: the
 * others hear a count at most once a second; a room takes at most its cap. */
static void spectators_cost_linear_traffic_and_are_capped(void **state)
{
    (void)state;
    T *t = t_new(19, NULL, hundred_spectators);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    long room = t_table(t, a, b, c);
    g_who = a;
    t_until(t, 5000, who_in_play_phase);
    long ids[101];
    size_t bytes = 0;
    char join[64];
    snprintf(join, sizeof join, "{\"type\":\"watch\",\"room\":%ld}", room);
    for (int i = 0; i < 101; i++) {
        ids[i] = ddz_server_open(t->srv, t->now);
        const char *hello = "{\"type\":\"hello\",\"version\":1}";
        ddz_server_message(t->srv, ids[i], hello, strlen(hello), t->now);
        outbox_bytes(t);
        ddz_server_message(t->srv, ids[i], join, strlen(join), t->now);
        if (i < 100) {
            bytes += outbox_bytes(t);
        } else {
            const DdzServerOut *out;
            assert_int_equal(ddz_server_outbox(t->srv, &out), 1);
            assert_non_null(strstr(out[0].data, "room_full"));
            outbox_bytes(t);
        }
    }
    /* Each newcomer got its room and the game's state: a few kilobytes each, no more. */
    assert_true(bytes < 100 * 4000);
    /* The players hear the count once, within a second. */
    t_tick(t, 1000);
    assert_int_equal(json_integer_value(json_object_get(t->f[a].last, "count")), 100);
    size_t tick_bytes = outbox_bytes(t);
    assert_int_equal(tick_bytes, 0);
    for (int i = 0; i < 100; i++)
        ddz_server_close(t->srv, ids[i], t->now);
    assert_int_equal(outbox_bytes(t), 0);
    t_tick(t, 1000);
    assert_int_equal(json_integer_value(json_object_get(t->f[a].last, "count")), 0);
    t_no_leaks(t);
    t_free(t);
}

static void many_rooms(DdzServerConfig *c)
{
    c->rooms_per_player = 1000;
    c->rooms_per_address = 1000;
}

/* Issue 10 #5: the lobby's list comes in pages within the 64 KiB limit, however many rooms. */
static void the_room_list_is_paged_within_the_message_limit(void **state)
{
    (void)state;
    T *t = t_new(20, NULL, many_rooms);
    const char *hello = "{\"type\":\"hello\",\"version\":1}";
    /* 400 rooms with the longest names (16 four-byte characters), from 400 players. */
    for (int i = 0; i < 400; i++) {
        long id = ddz_server_open(t->srv, t->now);
        ddz_server_message(t->srv, id, hello, strlen(hello), t->now);
        const char *create = "{\"type\":\"create\",\"name\":\"🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏🃏\"}";
        ddz_server_message(t->srv, id, create, strlen(create), t->now);
        ddz_server_outbox_clear(t->srv);
    }
    int a = t_client(t, "A");
    bool seen[1000] = {false};
    long offset = 0, pages = 0;
    for (;;) {
        t_sendf(t, a, "{\"type\":\"rooms\",\"offset\":%ld}", offset);
        json_t *m = t->f[a].last;
        assert_string_equal(str_of(m, "type"), "rooms");
        char *text = json_dumps(m, JSON_COMPACT);
        assert_true(strlen(text) <= DDZ_MAX_MESSAGE);
        free(text);
        assert_int_equal(json_integer_value(json_object_get(m, "total")), 400);
        json_t *list = json_object_get(m, "rooms"), *r;
        size_t i;
        json_array_foreach(list, i, r) {
            long id = (long)json_integer_value(json_object_get(r, "id"));
            assert_true(id > 0 && id < 1000 && !seen[id]);
            seen[id] = true;
        }
        pages++;
        offset += (long)json_array_size(list);
        if (!json_is_true(json_object_get(m, "more")))
            break;
    }
    assert_int_equal(offset, 400);
    assert_int_equal(pages, 4);
    /* Filters. */
    t_send(t, a, "{\"type\":\"rooms\",\"state\":\"playing\"}");
    assert_int_equal(json_integer_value(json_object_get(t->f[a].last, "total")), 0);
    t_send(t, a, "{\"type\":\"rooms\",\"free\":true,\"limit\":5}");
    assert_int_equal(json_array_size(json_object_get(t->f[a].last, "rooms")), 5);
    t_send(t, a, "{\"type\":\"rooms\",\"limit\":500}");
    assert_string_equal(t->f[a].last_error, "bad_message");
    t_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_seat_that_never_answers_never_freezes_its_table),
        cmocka_unit_test(play_all_forced_move_on_timeout),
        cmocka_unit_test(reconnecting_does_not_restart_the_turn_clock),
        cmocka_unit_test(a_dropped_player_comes_back_to_room_state_turn),
        cmocka_unit_test(names_and_chat_are_printable_text),
        cmocka_unit_test(clients_sanitise_what_they_print),
        cmocka_unit_test(fast_players_act_at_game_pace_and_the_rest_is_limited),
        cmocka_unit_test(a_player_back_after_a_restart_hears_its_game_was_aborted),
        cmocka_unit_test(players_are_made_on_first_use_and_the_unused_expire),
        cmocka_unit_test(one_client_cannot_fill_every_room),
        cmocka_unit_test(password_guessing_backs_off),
        cmocka_unit_test(spectators_cost_linear_traffic_and_are_capped),
        cmocka_unit_test(the_room_list_is_paged_within_the_message_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
