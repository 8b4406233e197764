/* test_server.c -- the server core at the message level (tests/server_harness.h): games,
 * timeouts, 托管, reconnects, spectators, passwords, commitments, chat, penalties, bad input,
 * floods, crashes. */
#include "server_harness.h"
/* Tests --------------------------------------------------------------------------------------*/

static void three_clients_play_complete_games(void **state)
{
    (void)state;
    T *t = t_new(1, ":memory:", NULL);
    int a = t_client(t, "甲"), b = t_client(t, "乙"), c = t_client(t, NULL);
    assert_string_equal(t->f[c].c.name, "路人甲3");
    t_table(t, a, b, c);
    assert_true(t->f[a].c.in_game);
    g_want_games = 3;
    t_run(t, 20000, enough_games);
    for (int k = 0; k < 3; k++) {
        assert_int_equal(t->f[k].c.games_over, 3);
        assert_true(t->f[k].c.commit_ok);
        assert_memory_equal(t->f[k].c.totals, t->f[a].c.totals, sizeof t->f[a].c.totals);
    }
    assert_int_equal(t->f[a].c.totals[0] + t->f[a].c.totals[1] + t->f[a].c.totals[2], 0);
    t_no_leaks(t);
    DdzStoreStats st;
    DdzError err;
    assert_int_equal(ddz_store_stats(t->store, &st, &err), 0);
    assert_int_equal(st.finished, 3);
    assert_int_equal(st.results, 9);
    assert_int_equal(st.playing, 0);
    assert_int_equal(st.score_sum, 0);
    assert_int_equal(st.result_sum, 0);
    t_free(t);
}

static void quick_match_fills_seats_with_computers(void **state)
{
    (void)state;
    T *t = t_new(2, ":memory:", NULL);
    int a = t_client(t, "独行侠");
    t_send(t, a, "{\"type\":\"quick\"}");
    assert_string_equal(t->f[a].last_type, "room");
    assert_false(t->f[a].c.in_game);
    /* Nothing before the wait is over, then computers take the empty seats and it deals. */
    t_tick(t, t->cfg.quick_wait_ms - 100);
    assert_false(t->f[a].c.in_game);
    t_tick(t, 200);
    assert_true(t->f[a].c.in_game || t->f[a].c.games_over > 0);
    json_t *room = NULL;
    t_send(t, a, "{\"type\":\"state\"}");
    (void)room;
    g_want_games = 2;
    t_run(t, 20000, enough_games);
    assert_int_equal(t->f[a].c.games_over, 2);
    t_no_leaks(t);
    /* A second person asking for a quick match gets a fresh room (the first one is full). */
    int b = t_client(t, "后来者");
    t_send(t, b, "{\"type\":\"quick\"}");
    assert_true(t->f[b].c.room != t->f[a].c.room);
    DdzStoreStats st;
    DdzError err;
    assert_int_equal(ddz_store_stats(t->store, &st, &err), 0);
    assert_int_equal(st.finished, 2);
    assert_int_equal(st.results, 6);
    DdzStorePlayer top[4];
    assert_int_equal(ddz_store_leaderboard(t->store, top, 4, &err), 1);
    assert_int_equal(top[0].games, 2);
    assert_int_equal(top[0].score, t->f[a].c.totals[t->f[a].c.seat]);
    t_free(t);
}

static void a_timeout_passes_or_leads_the_smallest_then_the_computer_takes_over(void **state)
{
    (void)state;
    T *t = t_new(3, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    g_who = b;
    t_until(t, 5000, is_play_turn_of_who);
    t->f[b].autoplay = false;
    DdzClient *cb = &t->f[b].c;
    bool lead = cb->lead;
    DdzCards hand = cb->hand;
    /* Just before the deadline nothing happens; at the deadline the server acts for b. */
    t_tick(t, t->cfg.turn_ms - 100);
    assert_true(cb->my_turn);
    t_tick(t, 150);
    json_t *last = t->f[a].last;
    assert_string_equal(str_of(last, "type"), "action");
    assert_int_equal(json_integer_value(json_object_get(last, "seat")), cb->seat);
    assert_string_equal(str_of(last, "by"), "timeout");
    if (lead) {
        /* The smallest legal move: the lowest single. */
        DdzCards played;
        DdzError err;
        assert_int_equal(ddz_cards_parse(str_of(last, "cards"), &played, &err), 0);
        assert_int_equal(ddz_cards_size(played), 1);
        int low = __builtin_ctzll(hand);
        assert_int_equal(ddz_card_rank(__builtin_ctzll(played)), ddz_card_rank(low));
    } else {
        assert_string_equal(str_of(last, "kind"), "pass");
    }
    assert_false(cb->autop[cb->seat]);
    /* The second missed deadline in a row: 托管. */
    t_until(t, 5000, is_play_turn_of_who);
    t_tick(t, t->cfg.turn_ms + 50);
    assert_true(cb->autop[cb->seat]);
    assert_true(t->f[a].c.autop[cb->seat]);
    /* Now the computer plays b's turns at once, without waiting for the deadline. */
    long over = cb->games_over;
    for (int i = 0; i < 400 && cb->games_over == over; i++) {
        t_run(t, 1, NULL);
        if (cb->my_turn && cb->in_game) {
            t_tick(t, 60);
            assert_true(!cb->my_turn || !cb->in_game || cb->turn != cb->seat || cb->games_over > over);
        }
    }
    assert_int_equal(cb->games_over, over + 1);
    /* After the game b plays again by itself; acting takes it off 托管. */
    t->f[b].autoplay = true;
    g_want_games = (int)over + 2;
    t_run(t, 20000, enough_games);
    assert_false(cb->autop[cb->seat]);
    t_no_leaks(t);
    t_free(t);
}

static void acting_or_asking_ends_auto_play(void **state)
{
    (void)state;
    T *t = t_new(4, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    g_who = a;
    t_until(t, 5000, who_in_play_phase);
    t_send(t, a, "{\"type\":\"auto\",\"on\":true}");
    assert_true(t->f[b].c.autop[t->f[a].c.seat]);
    t_send(t, a, "{\"type\":\"auto\",\"on\":false}");
    assert_false(t->f[b].c.autop[t->f[a].c.seat]);
    t_send(t, a, "{\"type\":\"auto\",\"on\":1}");
    assert_string_equal(t->f[a].last_error, "bad_message");
    /* In a room 托管 ends with the game (docs/PROTOCOL.md): the next one needs a's ready. */
    t_send(t, a, "{\"type\":\"auto\",\"on\":true}");
    t->f[a].autoplay = false;
    long over = t->f[b].c.games_over;
    for (int i = 0; i < 4000 && t->f[b].c.games_over == over; i++)
        t_run(t, 1, NULL);
    assert_int_equal(t->f[b].c.games_over, over + 1);
    assert_false(t->f[b].c.autop[t->f[a].c.seat]);
    assert_false(t->f[a].c.autop[t->f[a].c.seat]);
    t_no_leaks(t);
    t_free(t);
}

static void a_player_who_drops_is_played_by_the_computer_and_comes_back_to_a_snapshot(void **state)
{
    (void)state;
    T *t = t_new(5, ":memory:", NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    long room = t_table(t, a, b, c);
    g_who = b;
    t_until(t, 5000, who_in_play_phase);
    char token[80];
    snprintf(token, sizeof token, "%s", t->f[b].c.token);
    int seat = t->f[b].c.seat;
    /* The connection is gone: everyone learns the computer plays for seat b. */
    ddz_server_close(t->srv, t->f[b].id, t->now);
    t->f[b].closed = true;
    t_pump(t);
    assert_true(t->f[a].c.autop[seat]);
    assert_string_equal(str_of(t->f[a].last, "type"), "room");
    /* RULES §7: the game marks the seat abandoned (penalised only under the leaver option). */
    assert_true((ddz_server_game(t->srv, room)->abandoned >> seat) & 1);
    /* Some play goes on without b. */
    for (int i = 0; i < 10; i++)
        t_run(t, 1, NULL);
    /* b comes back with its token on a new connection and gets the whole game. */
    int k = t->n++;
    Fake *f = &t->f[k];
    memset(f, 0, sizeof *f);
    ddz_client_init(&f->c);
    f->id = ddz_server_open(t->srv, t->now);
    t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"token\":\"%s\"}", token);
    assert_int_equal(f->count[DDZ_EV_WELCOME], 1);
    assert_int_equal(f->count[DDZ_EV_STATE], 1);
    const DdzGame *g = ddz_server_game(t->srv, room);
    assert_non_null(g);
    if (f->c.in_game) {
        assert_int_equal(f->c.seat, seat);
        assert_true(f->c.hand == g->hand[seat]);
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            assert_int_equal(f->c.count[s], ddz_cards_size(g->hand[s]));
        assert_false(t->f[a].c.autop[seat]);
    }
    f->autoplay = true;
    f->readied = f->c.games_over;
    g_want_games = 2;
    t_run(t, 20000, enough_games);
    assert_true(f->c.games_over >= 1);
    t_no_leaks(t);
    /* A bad token is refused, and the connection may say hello again. */
    int z = t->n++;
    memset(&t->f[z], 0, sizeof t->f[z]);
    ddz_client_init(&t->f[z].c);
    t->f[z].id = ddz_server_open(t->srv, t->now);
    t_send(t, z, "{\"type\":\"hello\",\"version\":1,\"token\":\"00000000000000000000000000000000\"}");
    assert_string_equal(t->f[z].last_error, "bad_token");
    t_send(t, z, "{\"type\":\"hello\",\"version\":1}");
    assert_string_equal(t->f[z].last_type, "welcome");
    t_free(t);
}

static void the_same_token_elsewhere_replaces_the_old_connection(void **state)
{
    (void)state;
    T *t = t_new(6, ":memory:", NULL);
    int a = t_client(t, "A");
    int k = t->n++;
    memset(&t->f[k], 0, sizeof t->f[k]);
    ddz_client_init(&t->f[k].c);
    t->f[k].id = ddz_server_open(t->srv, t->now);
    t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"token\":\"%s\",\"name\":\"A2\"}", t->f[a].c.token);
    assert_string_equal(t->f[k].last_type, "welcome");
    assert_string_equal(t->f[k].c.name, "A2");
    assert_true(t->f[a].closed);
    assert_string_equal(t->f[a].last_error, "replaced");
    t_free(t);
}

static void a_spectator_sees_only_public_information(void **state)
{
    (void)state;
    T *t = t_new(7, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C"), w = t_client(t, "看客");
    t->f[w].autoplay = false;
    long room = t_table(t, a, b, c);
    g_who = a;
    t_until(t, 5000, who_in_play_phase);
    t_sendf(t, w, "{\"type\":\"watch\",\"room\":%ld}", room);
    assert_int_equal(t->f[w].c.seat, -1);
    assert_int_equal(t->f[w].count[DDZ_EV_STATE], 1);
    assert_null(json_object_get(t->f[w].last, "hand"));
    assert_true(t->f[w].c.in_game);
    t_send(t, w, "{\"type\":\"pass\"}");
    assert_string_equal(t->f[w].last_error, "not_seated");
    t_send(t, w, "{\"type\":\"ready\"}");
    assert_string_equal(t->f[w].last_error, "not_seated");
    t_send(t, w, "{\"type\":\"join\",\"room\":1}");
    assert_string_equal(t->f[w].last_error, "in_room");
    g_want_games = 2;
    t_run(t, 20000, enough_games);
    /* The spectator followed the whole next game without any hand. */
    assert_true(t->f[w].count[DDZ_EV_START] >= 1);
    assert_true(t->f[w].count[DDZ_EV_OVER] >= 1);
    assert_true(t->f[w].c.hand == 0);
    t_no_leaks(t);
    t_send(t, w, "{\"type\":\"leave\"}");
    assert_string_equal(t->f[w].last_type, "left");
    t_free(t);
}

static void a_password_room_admits_only_the_password(void **state)
{
    (void)state;
    T *t = t_new(8, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_send(t, a, "{\"type\":\"create\",\"name\":\"密室\",\"password\":\"芝麻开门\"}");
    long room = t->f[a].c.room;
    t_send(t, b, "{\"type\":\"rooms\"}");
    json_t *r0 = json_array_get(json_object_get(t->f[b].last, "rooms"), 0);
    assert_true(json_is_true(json_object_get(r0, "password")));
    t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld}", room);
    assert_string_equal(t->f[b].last_error, "wrong_password");
    t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld,\"password\":\"芝麻关门\"}", room);
    assert_string_equal(t->f[b].last_error, "wrong_password");
    t_sendf(t, c, "{\"type\":\"watch\",\"room\":%ld,\"password\":\"x\"}", room);
    assert_string_equal(t->f[c].last_error, "wrong_password");
    t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld,\"password\":\"芝麻开门\"}", room);
    assert_string_equal(t->f[b].last_type, "room");
    assert_int_equal(t->f[b].c.seat, 1);
    t_sendf(t, c, "{\"type\":\"join\",\"room\":%ld,\"password\":\"芝麻开门\",\"seat\":1}", room);
    assert_string_equal(t->f[c].last_error, "room_full");
    t_free(t);
}

/* The competition bundle in a room: its options, and turn=N as the room's time to act. */
static void a_competition_room_has_its_turn_time_and_options(void **state)
{
    (void)state;
    T *t = t_new(15, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B");
    t_send(t, a, "{\"type\":\"create\",\"options\":\"competition\",\"turn\":20}");
    json_t *room = json_object_get(t->f[a].last, "room");
    assert_non_null(room);
    assert_int_equal(json_integer_value(json_object_get(room, "turn")), 30);
    const char *opts = json_string_value(json_object_get(room, "options"));
    assert_non_null(strstr(opts, "first=middle"));
    assert_non_null(strstr(opts, "spring_off"));
    assert_non_null(strstr(opts, "leaver"));
    t_send(t, b, "{\"type\":\"create\",\"options\":\"turn=7\"}");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(t->f[b].last, "room"), "turn")), 7);
    t_free(t);
}

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static int verify_file(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    long games;
    DdzError err;
    FILE *devnull = fopen("/dev/null", "w");
    int bad = ddz_commit_verify(f, NULL, devnull, path, &games, &err);
    fclose(devnull);
    fclose(f);
    assert_int_equal(games, 1);
    return bad;
}

static void the_commitment_before_bidding_matches_the_revealed_seed(void **state)
{
    (void)state;
    T *t = t_new(9, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    char commit[80];
    snprintf(commit, sizeof commit, "%s", t->f[a].c.commit);
    assert_int_equal(strlen(commit), 64);
    g_want_games = 1;
    t_run(t, 20000, enough_games);
    json_t *over = t->f[b].last_over;
    assert_non_null(over);
    assert_string_equal(str_of(over, "commit"), commit);
    char want[DDZ_COMMIT_HEX];
    /* RULES §2: the deal seed is 256 bits, revealed as 64 hex digits; the commitment is version 2. */
    const char *seed_hex = str_of(over, "seed");
    assert_int_equal(strlen(seed_hex), 64);
    assert_int_equal(strspn(seed_hex, "0123456789abcdef"), 64);
    assert_int_equal(ddz_commit_compute_text(seed_hex, str_of(over, "salt"), want), 0);
    assert_string_equal(want, commit);
    uint8_t wide[DDZ_SEED256_BYTES];
    assert_int_equal(ddz_seed256_parse(seed_hex, wide, NULL), 0);
    char want2[DDZ_COMMIT_HEX];
    assert_int_equal(ddz_commit_compute256(wide, str_of(over, "salt"), want2), 0);
    assert_string_equal(want2, commit);
    assert_true(t->f[c].c.commit_ok);
    /* The record verifies: the seed deals the hands and the commitment matches... */
    char path[] = "/tmp/ddz_test_verify_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    const char *record = str_of(over, "record");
    assert_int_equal(write_text(path, record), 0);
    assert_int_equal(verify_file(path), 0);
    /* ...and a changed salt, commitment or seed is caught. */
    char *bad = strdup(record), *salt = strstr(bad, "\"salt\":\"");
    assert_non_null(salt);
    salt[8] = salt[8] == '0' ? '1' : '0';
    assert_int_equal(write_text(path, bad), 0);
    assert_int_equal(verify_file(path), 1);
    free(bad);
    bad = strdup(record);
    char *seed = strstr(bad, "\"seed256\":\"");
    assert_non_null(seed);
    seed[11] = seed[11] == '1' ? '2' : '1';
    assert_int_equal(write_text(path, bad), 0);
    assert_int_equal(verify_file(path), 1);
    free(bad);
    unlink(path);
    t_free(t);
}

static void computer_players_join_on_request(void **state)
{
    (void)state;
    T *t = t_new(10, NULL, NULL);
    int a = t_client(t, "A");
    t_send(t, a, "{\"type\":\"create\"}");
    assert_string_equal(str_of(json_object_get(t->f[a].last, "room"), "name"), "A的房间");
    t_send(t, a, "{\"type\":\"add_bot\",\"level\":\"grandmaster\"}");
    assert_string_equal(t->f[a].last_error, "bad_level");
    t_send(t, a, "{\"type\":\"add_bot\",\"level\":\"easy\",\"seat\":2}");
    t_send(t, a, "{\"type\":\"remove_bot\",\"seat\":1}");
    assert_string_equal(t->f[a].last_error, "no_bot");
    t_send(t, a, "{\"type\":\"add_bot\"}");
    json_t *seats = json_object_get(json_object_get(t->f[a].last, "room"), "seats");
    assert_string_equal(str_of(json_array_get(seats, 1), "bot"), "normal");
    assert_string_equal(str_of(json_array_get(seats, 2), "bot"), "easy");
    t_send(t, a, "{\"type\":\"add_bot\"}");
    assert_string_equal(t->f[a].last_error, "room_full");
    t_send(t, a, "{\"type\":\"ready\"}");
    assert_true(t->f[a].c.in_game);
    t_send(t, a, "{\"type\":\"add_bot\"}");
    assert_string_equal(t->f[a].last_error, "playing");
    g_want_games = 2;
    t_run(t, 20000, enough_games);
    assert_int_equal(t->f[a].c.games_over, 2);
    t_no_leaks(t);
    t_free(t);
}

static void chat_is_limited_in_length_and_rate(void **state)
{
    (void)state;
    T *t = t_new(11, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), z = t_client(t, "Z");
    t_send(t, a, "{\"type\":\"chat\",\"text\":\"hi\"}");
    assert_string_equal(t->f[a].last_error, "not_in_room");
    t_send(t, a, "{\"type\":\"create\"}");
    t_sendf(t, b, "{\"type\":\"join\",\"room\":%ld}", t->f[a].c.room);
    long zframes = t->f[z].frames;
    t_send(t, a, "{\"type\":\"chat\",\"text\":\"快点吧，我等得花儿都谢了\"}");
    assert_string_equal(t->f[b].last_type, "chat");
    assert_string_equal(str_of(t->f[b].last, "text"), "快点吧，我等得花儿都谢了");
    assert_string_equal(str_of(t->f[b].last, "from"), "A");
    char longer[DDZ_CHAT_MAX * 3 + 64];
    strcpy(longer, "{\"type\":\"chat\",\"text\":\"");
    for (int i = 0; i < DDZ_CHAT_MAX + 1; i++)
        strcat(longer, "啊");
    strcat(longer, "\"}");
    t_send(t, a, longer);
    assert_string_equal(t->f[a].last_error, "chat_too_long");
    t_send(t, a, "{\"type\":\"chat\",\"text\":\"line\\nbreak\"}");
    assert_string_equal(t->f[a].last_error, "chat_too_long");
    t_send(t, a, "{\"type\":\"chat\",\"text\":\"2\"}");
    t_send(t, a, "{\"type\":\"chat\",\"text\":\"3\"}");
    t_send(t, a, "{\"type\":\"chat\",\"text\":\"4\"}");
    assert_string_equal(t->f[a].last_error, "chat_rate");
    t->now += 2100;
    t_send(t, a, "{\"type\":\"chat\",\"text\":\"5\"}");
    assert_string_equal(str_of(t->f[a].last, "text"), "5");
    assert_int_equal(t->f[z].frames, zframes); /* the lobby heard nothing */
    t_free(t);
}

static void penalty_on(DdzServerConfig *c)
{
    c->leaver_penalty = true;
}

static void the_leaver_penalty_is_ten_times_the_base(void **state)
{
    (void)state;
    T *t = t_new(13, ":memory:", penalty_on);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    g_who = c;
    t_until(t, 5000, who_in_play_phase);
    int seat = t->f[c].c.seat;
    t_send(t, c, "{\"type\":\"leave\"}");
    assert_string_equal(t->f[c].last_type, "left");
    assert_true(t->f[a].c.autop[seat]);
    t->f[c].autoplay = false;
    g_want_games = 1;
    t_run(t, 20000, enough_games);
    json_t *over = t->f[a].last_over;
    assert_non_null(over);
    json_t *res = json_object_get(over, "result");
    int base = (int)json_integer_value(json_object_get(res, "base"));
    int score = (int)json_integer_value(json_array_get(json_object_get(res, "scores"), (size_t)seat));
    assert_int_equal(json_integer_value(json_array_get(json_object_get(over, "penalties"), (size_t)seat)), 10 * base);
    /* RULES §7: the penalty replaces the leaver's result, whatever it was; the result adds up
     * with the house. */
    assert_int_equal(score, -10 * base);
    json_t *scores = json_object_get(res, "scores");
    long sum = json_integer_value(json_object_get(res, "house"));
    for (size_t k = 0; k < 3; k++)
        sum += (long)json_integer_value(json_array_get(scores, k));
    assert_int_equal(sum, 0);
    assert_true(strstr(json_string_value(json_object_get(over, "record")), "{\"type\":\"abandon\",\"seat\":") != NULL);
    DdzStorePlayer p;
    DdzError err;
    assert_int_equal(ddz_store_player_get(t->store, t->f[c].c.player, &p, &err), 1);
    assert_int_equal(p.score, -10 * base);
    assert_int_equal(p.games, 1);
    /* The seat is free again for the next game. */
    json_t *seats = json_object_get(json_object_get(t->f[a].last, "room"), "seats");
    assert_true(json_is_null(json_array_get(seats, (size_t)seat)));
    t_no_leaks(t);
    t_free(t);
}

/* RULES §7: a player whose seat the computer played because of a disconnect loses 10 x the
 * base even if it came back before the end. */
static void a_dropped_player_who_comes_back_still_pays_the_penalty(void **state)
{
    (void)state;
    T *t = t_new(16, ":memory:", penalty_on);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    long room = t_table(t, a, b, c);
    g_who = b;
    t_until(t, 5000, who_in_play_phase);
    char token[80];
    snprintf(token, sizeof token, "%s", t->f[b].c.token);
    int seat = t->f[b].c.seat;
    ddz_server_close(t->srv, t->f[b].id, t->now);
    t->f[b].closed = true;
    t_pump(t);
    const DdzGame *g = ddz_server_game(t->srv, room);
    assert_non_null(g);
    assert_true((g->abandoned >> seat) & 1);
    int k = t->n++;
    Fake *f = &t->f[k];
    memset(f, 0, sizeof *f);
    ddz_client_init(&f->c);
    f->id = ddz_server_open(t->srv, t->now);
    t_sendf(t, k, "{\"type\":\"hello\",\"version\":1,\"token\":\"%s\"}", token);
    f->autoplay = true;
    f->readied = f->c.games_over;
    g_want_games = 1;
    t_run(t, 20000, enough_games);
    json_t *over = t->f[a].last_over;
    assert_non_null(over);
    json_t *res = json_object_get(over, "result");
    int base = (int)json_integer_value(json_object_get(res, "base"));
    assert_int_equal(json_integer_value(json_array_get(json_object_get(res, "scores"), (size_t)seat)), -10 * base);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(over, "penalties"), (size_t)seat)), 10 * base);
    t_free(t);
}

/* Hostile and broken input -----------------------------------------------------------------*/

static void bad_input_is_answered_with_errors(void **state)
{
    (void)state;
    T *t = t_new(14, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    long frames_b = t->f[b].frames;
    int k = t->n++;
    memset(&t->f[k], 0, sizeof t->f[k]);
    ddz_client_init(&t->f[k].c);
    t->f[k].id = ddz_server_open(t->srv, t->now);
    static const struct {
        const char *msg, *code;
    } cases[] = {
        {"{\"type\":\"rooms\"}", "hello_first"},
        {"not json", "bad_json"},
        {"[1,2,3]", "bad_json"},
        {"{\"type\":7}", "bad_message"},
        {"{}", "bad_message"},
        {"{\"type\":\"hello\"}", "bad_message"},
        {"{\"type\":\"hello\",\"version\":\"1\"}", "bad_message"},
        {"{\"type\":\"hello\",\"version\":1,\"name\":\"\"}", "bad_name"},
        {"{\"type\":\"hello\",\"version\":1,\"name\":\"   \"}", "bad_name"},
        {"{\"type\":\"hello\",\"version\":1,\"name\":\"a\\u0007b\"}", "bad_name"},
        {"{\"type\":\"hello\",\"version\":1,\"name\":\"一二三四五六七八九十一二三四五六七\"}", "bad_name"},
        {"{\"type\":\"hello\",\"version\":1,\"name\":7}", "bad_message"},
        {"{\"type\":\"hello\",\"version\":1,\"version\":1}", "bad_json"},
        {"{\"type\":\"hello\",\"version\":1,\"name\":\"x\\u0000y\"}", "bad_json"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        t->now += 2100;
        t->f[k].last_error[0] = '\0';
        t_send(t, k, cases[i].msg);
        if (strcmp(t->f[k].last_error, cases[i].code))
            fail_msg("'%s': got error '%s', want '%s'", cases[i].msg, t->f[k].last_error, cases[i].code);
        assert_false(t->f[k].closed);
    }
    t_send(t, k, "{\"type\":\"hello\",\"version\":1,\"name\":\"Mallory\"}");
    assert_string_equal(t->f[k].last_type, "welcome");
    static const struct {
        const char *msg, *code;
    } after[] = {
        {"{\"type\":\"hello\",\"version\":1}", "already_hello"},
        {"{\"type\":\"teleport\"}", "unknown_type"},
        {"{\"type\":\"play\",\"move\":\"3\"}", "not_in_room"},
        {"{\"type\":\"join\",\"room\":99}", "no_room"},
        {"{\"type\":\"join\",\"room\":\"1\"}", "bad_message"},
        {"{\"type\":\"join\",\"room\":1}", "playing"},
        {"{\"type\":\"join\",\"room\":1e300}", "bad_message"},
        {"{\"type\":\"create\",\"options\":\"rules=chess\"}", "bad_options"},
        {"{\"type\":\"create\",\"turn\":-1}", "bad_message"},
        {"{\"type\":\"create\",\"password\":\"\"}", "bad_message"},
    };
    for (size_t i = 0; i < sizeof after / sizeof after[0]; i++) {
        t->now += 2100;
        t->f[k].last_error[0] = '\0';
        t_send(t, k, after[i].msg);
        if (strcmp(t->f[k].last_error, after[i].code))
            fail_msg("'%s': got error '%s', want '%s'", after[i].msg, t->f[k].last_error, after[i].code);
    }
    assert_int_equal(t->f[b].frames, frames_b); /* the table noticed nothing */
    t_free(t);
}

static bool a_turn_of_seat0(T *t)
{
    return t->f[0].c.my_turn && t->f[0].c.in_game && t->f[0].c.phase == DDZ_PHASE_PLAY;
}

static void game_messages_out_of_turn_or_out_of_hand_are_refused(void **state)
{
    (void)state;
    T *t = t_new(15, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    /* Bidding: whoever is not to bid is told so; a bid out of range is refused. */
    int turn = t->f[a].c.turn, other = (turn + 1) % 3;
    t_send(t, other, "{\"type\":\"bid\",\"value\":1}");
    assert_string_equal(t->f[other].last_error, "not_your_turn");
    t_send(t, turn, "{\"type\":\"bid\",\"value\":9}");
    assert_string_equal(t->f[turn].last_error, "bad_message");
    t_send(t, turn, "{\"type\":\"double\",\"value\":1}");
    assert_string_equal(t->f[turn].last_error, "illegal");
    t_send(t, turn, "{\"type\":\"play\",\"move\":\"3\"}");
    assert_string_equal(t->f[turn].last_error, "illegal");
    g_who = a;
    t_until(t, 5000, a_turn_of_seat0);
    Fake *f = &t->f[a];
    f->autoplay = false;
    /* A card a does not hold (the other seats have them all). */
    DdzCards missing = DDZ_DECK & ~f->c.hand & ~f->c.bottom;
    for (int s = 0; s < 3; s++)
        missing &= ~f->c.played[s];
    char one[8], msg[128];
    ddz_card_format(__builtin_ctzll(missing), DDZ_STYLE_ASCII, one, sizeof one);
    snprintf(msg, sizeof msg, "{\"type\":\"play\",\"cards\":\"%s\"}", one);
    t_send(t, a, msg);
    assert_string_equal(f->last_error, "not_in_hand");
    char rank[2] = {ddz_rank_char(ddz_card_rank(__builtin_ctzll(missing))), 0};
    DdzRanks mine = ddz_cards_ranks(f->c.hand);
    if (ddz_ranks_get(mine, ddz_card_rank(__builtin_ctzll(missing))) == 0) {
        snprintf(msg, sizeof msg, "{\"type\":\"play\",\"move\":\"%s\"}", rank);
        t_send(t, a, msg);
        assert_string_equal(f->last_error, "not_in_hand");
    }
    t_send(t, a, "{\"type\":\"play\",\"move\":\"3Z\"}");
    assert_string_equal(f->last_error, "bad_cards");
    t_send(t, a, "{\"type\":\"play\",\"cards\":\"S3 S3\"}");
    assert_string_equal(f->last_error, "bad_cards");
    t_send(t, a, "{\"type\":\"play\"}");
    assert_string_equal(f->last_error, "bad_message");
    t_send(t, a, "{\"type\":\"play\",\"move\":\"\"}");
    assert_string_equal(f->last_error, "bad_cards");
    if (f->c.lead) {
        t_send(t, a, "{\"type\":\"pass\"}");
        assert_string_equal(f->last_error, "illegal");
    }
    f->autoplay = true;
    g_want_games = 1;
    t_run(t, 20000, enough_games);
    t_no_leaks(t);
    t_free(t);
}

static void oversized_messages_floods_and_error_storms_are_cut_off(void **state)
{
    (void)state;
    T *t = t_new(16, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    long frames_b = t->f[b].frames;
    /* Too big. */
    int k = t_client(t, "big");
    ddz_server_message(t->srv, t->f[k].id, "", DDZ_MAX_MESSAGE + 1, t->now);
    t_pump(t);
    assert_true(t->f[k].closed);
    assert_string_equal(t->f[k].last_error, "too_big");
    /* A flood of pings. */
    k = t_client(t, "flood");
    for (int i = 0; i < 100 && !t->f[k].closed; i++)
        t_send(t, k, "{\"type\":\"ping\"}");
    assert_true(t->f[k].closed);
    assert_string_equal(t->f[k].last_error, "flood");
    /* A storm of bad messages, slow enough not to flood. */
    k = t_client(t, "noisy");
    for (int i = 0; i < 100 && !t->f[k].closed; i++) {
        t->now += 150;
        t_send(t, k, "{\"type\":\"nonsense\"}");
    }
    assert_true(t->f[k].closed);
    assert_string_equal(t->f[k].last_error, "too_many_errors");
    /* A connection that never says hello. */
    k = t->n++;
    memset(&t->f[k], 0, sizeof t->f[k]);
    ddz_client_init(&t->f[k].c);
    t->f[k].id = ddz_server_open(t->srv, t->now);
    t_tick(t, t->cfg.hello_ms + 100);
    assert_true(t->f[k].closed);
    assert_string_equal(t->f[k].last_error, "hello_timeout");
    /* An old protocol version. */
    k = t->n++;
    memset(&t->f[k], 0, sizeof t->f[k]);
    ddz_client_init(&t->f[k].c);
    t->f[k].id = ddz_server_open(t->srv, t->now);
    t_send(t, k, "{\"type\":\"hello\",\"version\":0}");
    assert_true(t->f[k].closed);
    assert_string_equal(t->f[k].last_error, "version");
    /* Messages to cut connections go nowhere; closing twice is harmless. */
    ddz_server_message(t->srv, t->f[k].id, "{\"type\":\"ping\"}", 15, t->now);
    ddz_server_close(t->srv, t->f[k].id, t->now);
    ddz_server_close(t->srv, t->f[k].id, t->now);
    ddz_server_close(t->srv, 123456789, t->now);
    t_pump(t);
    /* The table played on, undisturbed except by time passing. */
    (void)frames_b;
    g_want_games = 1;
    t_run(t, 20000, enough_games);
    assert_int_equal(t->f[b].c.games_over, 1);
    DdzServerStats st;
    ddz_server_stats(t->srv, &st);
    assert_int_equal(st.cut, 5);
    t_no_leaks(t);
    t_free(t);
}

static void random_garbage_never_breaks_the_server(void **state)
{
    (void)state;
    T *t = t_new(17, NULL, NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    static const char *const pieces[] = {
        "{", "}", "[", "]", ",", ":", "\"type\"", "\"play\"", "\"bid\"", "\"value\"", "\"move\"", "\"cards\"",
        "\"hello\"", "\"version\"", "1", "-1", "3", "99999999999999999999", "null", "true", "\"S3 H3\"", "\"33\"",
        "\"BR\"", "\"join\"", "\"room\"", "\"watch\"", "\"create\"", "\"quick\"", "\"name\"", "\"\\u0000\"", "\"\xff\"",
        "\"leave\"", "\"ready\"", "\"chat\"", "\"text\"", "\"auto\"", "\"on\"", "\"add_bot\"", "\"seat\"", " ",
    };
    DdzRng rng;
    ddz_rng_seed(&rng, 99);
    int k = t_client(t, "fuzz");
    for (int i = 0; i < 3000; i++) {
        char msg[512] = "";
        int parts = 1 + (int)ddz_rng_below(&rng, 16);
        if (ddz_rng_below(&rng, 2))
            strcat(msg, "{\"type\":");
        for (int p = 0; p < parts; p++)
            strcat(msg, pieces[ddz_rng_below(&rng, sizeof pieces / sizeof pieces[0])]);
        t->now += 150;
        if (t->f[k].closed) {
            k = t_client(t, "fuzz");
            if (t->n >= MAXC - 1)
                break;
        }
        t_send(t, k, msg);
        if (i % 10 == 0)
            t_run(t, 1, NULL);
    }
    t_no_leaks(t);
    t_free(t);
}

/* Storage ------------------------------------------------------------------------------------*/

static void a_crash_leaves_finished_games_counted_once_and_others_aborted(void **state)
{
    (void)state;
    char path[] = "/tmp/ddz_test_store_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    DdzError err;
    int aborted;
    DdzStore *st = ddz_store_open(path, false, &aborted, &err);
    assert_non_null(st);
    assert_int_equal(aborted, 0);
    uint8_t h1[32] = {1}, h2[32] = {2};
    int64_t p1, p2, g1, g2;
    assert_int_equal(ddz_store_player_new(st, "甲", h1, 1, &p1, &err), 0);
    assert_int_equal(ddz_store_player_new(st, "乙", h2, 1, &p2, &err), 0);
    assert_int_equal(ddz_store_player_new(st, "丙", h2, 1, &g1, &err), -1); /* the token hash is unique */
    assert_int_equal(ddz_store_game_start(st, 1, "rules=standard", "c1", 2, &g1, &err), 0);
    assert_int_equal(ddz_store_game_start(st, 1, "rules=standard", "c2", 2, &g2, &err), 0);
    DdzStoreEnd e;
    memset(&e, 0, sizeof e);
    e.game = g1;
    strcpy(e.seed, "2a");
    strcpy(e.salt, "00112233445566778899aabbccddeeff");
    e.record = "{}";
    e.player[0] = p1;
    e.player[1] = p2;
    e.score[0] = 4;
    e.score[1] = -2;
    e.score[2] = -2;
    assert_int_equal(ddz_store_game_end(st, &e, &err), 0);
    /* The same end again is refused and changes nothing. */
    assert_int_equal(ddz_store_game_end(st, &e, &err), -2);
    DdzStorePlayer p;
    assert_int_equal(ddz_store_player_get(st, p1, &p, &err), 1);
    assert_int_equal(p.score, 4);
    assert_int_equal(p.games, 1);
    assert_int_equal(p.wins, 1);
    /* A "crash": close without ending g2; reopening aborts it, scores unchanged. */
    ddz_store_close(st);
    st = ddz_store_open(path, false, &aborted, &err);
    assert_non_null(st);
    assert_int_equal(aborted, 1);
    DdzStoreStats s;
    assert_int_equal(ddz_store_stats(st, &s, &err), 0);
    assert_int_equal(s.finished, 1);
    assert_int_equal(s.aborted, 1);
    assert_int_equal(s.playing, 0);
    assert_int_equal(s.score_sum, 2);
    assert_int_equal(s.result_sum, 2);
    /* A game the reopening aborted still takes its end, once: only the end its server kept in
     * its results journal while the store was away can come (test_journal.c); an abort the
     * server chose is final. */
    e.game = g2;
    assert_int_equal(ddz_store_game_end(st, &e, &err), 0);
    assert_int_equal(ddz_store_game_end(st, &e, &err), -2);
    assert_int_equal(ddz_store_player_find(st, h2, &p, &err), 1);
    assert_string_equal(p.name, "乙");
    assert_int_equal(p.score, -4);
    ddz_store_close(st);
    char wal[64];
    unlink(path);
    snprintf(wal, sizeof wal, "%s-wal", path);
    unlink(wal);
    snprintf(wal, sizeof wal, "%s-shm", path);
    unlink(wal);
}

static void stopping_the_server_aborts_running_games(void **state)
{
    (void)state;
    T *t = t_new(18, ":memory:", NULL);
    int a = t_client(t, "A"), b = t_client(t, "B"), c = t_client(t, "C");
    t_table(t, a, b, c);
    DdzStore *store = t->store;
    ddz_server_free(t->srv);
    t->srv = NULL;
    DdzStoreStats s;
    DdzError err;
    assert_int_equal(ddz_store_stats(store, &s, &err), 0);
    assert_int_equal(s.aborted, 1);
    assert_int_equal(s.playing, 0);
    assert_int_equal(s.score_sum, 0);
    t->srv = ddz_server_new(&t->cfg, NULL, &err);
    t_free(t);
}

/* The client's privacy check is what net.sh and the load test rely on: it must catch leaks. */
static void the_client_check_catches_hidden_cards(void **state)
{
    (void)state;
    DdzClient c;
    ddz_client_init(&c);
    const char *room = "{\"type\":\"room\",\"room\":{\"id\":1,\"options\":\"rules=standard\",\"state\":\"waiting\","
                       "\"seats\":[null,null,null]},\"seat\":0}";
    assert_int_equal(ddz_client_feed(&c, room, strlen(room)), DDZ_EV_ROOM);
    const char *start = "{\"type\":\"start\",\"game\":1,\"first\":0,\"commit\":\"00\",\"hand\":"
                        "\"C3 D3 H3 C4 D4 H4 C5 D5 H5 C6 D6 H6 C7 D7 H7 C8 D8\",\"next\":{\"seat\":0,\"phase\":\"bid\"}}";
    assert_int_equal(ddz_client_feed(&c, start, strlen(start)), DDZ_EV_START);
    assert_int_equal(c.leaks, 0);
    /* Public plays are fine; a card nobody played, in any other message, is a leak. */
    const char *play = "{\"type\":\"action\",\"seat\":1,\"kind\":\"play\",\"cards\":\"SA\",\"move\":\"A\"}";
    ddz_client_feed(&c, play, strlen(play));
    assert_int_equal(c.leaks, 0);
    const char *chat = "{\"type\":\"chat\",\"from\":\"x\",\"seat\":1,\"text\":\"hi\",\"cards\":\"SK\"}";
    ddz_client_feed(&c, chat, strlen(chat));
    assert_int_equal(c.leaks, 1);
    const char *turn = "{\"type\":\"turn\",\"phase\":\"play\",\"extra\":{\"hand\":\"S2\"}}";
    ddz_client_feed(&c, turn, strlen(turn));
    assert_int_equal(c.leaks, 2);
    /* The reveal must agree with what we were dealt and what others were said to play. */
    const char *over = "{\"type\":\"over\",\"hands\":[\"C3 D3 H3 C4 D4 H4 C5 D5 H5 C6 D6 H6 C7 D7 H7 C8 S8\","
                       "\"\",\"\"],\"bottom\":\"\",\"seed\":\"1\",\"salt\":\"00\",\"commit\":\"00\"}";
    ddz_client_feed(&c, over, strlen(over));
    assert_int_equal(c.leaks, 4);
    assert_false(c.commit_ok);
    /* A spectator is never sent a hand. */
    ddz_client_free(&c);
    ddz_client_init(&c);
    const char *watch = "{\"type\":\"room\",\"room\":{\"id\":1},\"seat\":-1}";
    ddz_client_feed(&c, watch, strlen(watch));
    ddz_client_feed(&c, start, strlen(start));
    assert_int_equal(c.leaks, 1);
    ddz_client_free(&c);
}

/* The leaderboard lists a person once: players of the same name (one who started again
 * without the token is a new player of the old name) are one row, their results added. */
static void the_leaderboard_lists_a_name_once(void **state)
{
    (void)state;
    DdzError err;
    int aborted = 0;
    DdzStore *st = ddz_store_open(":memory:", false, &aborted, &err);
    assert_non_null(st);
    uint8_t h1[32] = {1}, h2[32] = {2}, h3[32] = {3};
    int64_t a1, a2, b;
    assert_int_equal(ddz_store_player_new(st, "张三", h1, 1, &a1, &err), 0);
    assert_int_equal(ddz_store_player_new(st, "张三", h2, 2, &a2, &err), 0); /* no token: a new player */
    assert_int_equal(ddz_store_player_new(st, "李四", h3, 3, &b, &err), 0);
    const int scores[2][3] = {{6, -3, -3}, {-2, 4, -2}};
    const int64_t who[2][3] = {{a1, b, 0}, {a2, b, 0}};
    for (int k = 0; k < 2; k++) {
        int64_t game;
        assert_int_equal(ddz_store_game_start(st, 1, "rules=standard", "c0ffee", 10 + k, &game, &err), 0);
        DdzStoreEnd end;
        memset(&end, 0, sizeof end);
        end.game = game;
        end.record = "{}";
        end.landlord = 0;
        end.landlord_won = k == 0;
        end.now = 20 + k;
        for (int s = 0; s < 3; s++) {
            end.player[s] = who[k][s];
            snprintf(end.name[s], sizeof end.name[s], "%s", s == 0 ? "张三" : s == 1 ? "李四" : "电脑");
            end.score[s] = scores[k][s];
        }
        if (ddz_store_game_end(st, &end, &err) != 0)
            fail_msg("game_end: %s", err.msg);
    }
    DdzStorePlayer top[8];
    int n = ddz_store_leaderboard(st, top, 8, &err);
    assert_int_equal(n, 2);
    assert_string_equal(top[0].name, "张三"); /* 6 - 2, in two players' rows */
    assert_int_equal(top[0].score, 4);
    assert_int_equal(top[0].games, 2);
    assert_int_equal(top[0].wins, 1);
    assert_int_equal(top[0].id, a1);
    assert_string_equal(top[1].name, "李四"); /* -3 + 4 */
    assert_int_equal(top[1].score, 1);
    ddz_store_close(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(three_clients_play_complete_games),
        cmocka_unit_test(quick_match_fills_seats_with_computers),
        cmocka_unit_test(a_timeout_passes_or_leads_the_smallest_then_the_computer_takes_over),
        cmocka_unit_test(acting_or_asking_ends_auto_play),
        cmocka_unit_test(a_player_who_drops_is_played_by_the_computer_and_comes_back_to_a_snapshot),
        cmocka_unit_test(the_same_token_elsewhere_replaces_the_old_connection),
        cmocka_unit_test(a_spectator_sees_only_public_information),
        cmocka_unit_test(a_password_room_admits_only_the_password),
        cmocka_unit_test(the_commitment_before_bidding_matches_the_revealed_seed),
        cmocka_unit_test(computer_players_join_on_request),
        cmocka_unit_test(chat_is_limited_in_length_and_rate),
        cmocka_unit_test(the_leaver_penalty_is_ten_times_the_base),
        cmocka_unit_test(a_competition_room_has_its_turn_time_and_options),
        cmocka_unit_test(a_dropped_player_who_comes_back_still_pays_the_penalty),
        cmocka_unit_test(bad_input_is_answered_with_errors),
        cmocka_unit_test(game_messages_out_of_turn_or_out_of_hand_are_refused),
        cmocka_unit_test(oversized_messages_floods_and_error_storms_are_cut_off),
        cmocka_unit_test(random_garbage_never_breaks_the_server),
        cmocka_unit_test(a_crash_leaves_finished_games_counted_once_and_others_aborted),
        cmocka_unit_test(stopping_the_server_aborts_running_games),
        cmocka_unit_test(the_client_check_catches_hidden_cards),
        cmocka_unit_test(the_leaderboard_lists_a_name_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
