/* test_record.c -- game records (record.h, docs/RECORD.md): 10,000 random games written and
 * read back unchanged under many rule options, seeds above int64, the header's fields,
 * concatenated games, the sample records of tests/data and abandoned seats. Every kind of
 * damage to a record: test_record_faults.c. */
#include "record_helpers.h"

/* Round trips --------------------------------------------------------------------------------*/

static void record_round_trips_10000_random_games_under_every_option_set(void **state)
{
    (void)state;
    enum { GAMES = 10000, BATCH = 100 };
    DdzGame *games = malloc(sizeof *games * BATCH), *back = malloc(sizeof *back);
    assert_non_null(games);
    assert_non_null(back);
    DdzOptions opts[OPTION_SET_NB];
    for (int k = 0; k < OPTION_SET_NB; k++)
        opts[k] = options_of(OPTION_SETS[k]);
    Players p;
    players_start(&p, 2024);
    uint64_t mix = 99;
    int kinds[DDZ_ACT_KIND_NB] = {0}, redeals = 0, big_seeds = 0;
    for (int start = 0; start < GAMES; start += BATCH) {
        FILE *f = tmpfile();
        assert_non_null(f);
        for (int i = 0; i < BATCH; i++) {
            int n = start + i;
            /* Seeds over the whole uint64 range: half of them do not fit a JSON int64. */
            uint64_t seed = ddz_rng_splitmix(&mix);
            big_seeds += seed > (uint64_t)INT64_MAX;
            play_game(&games[i], &opts[n % OPTION_SET_NB], seed, n % 3, &p);
            DdzRecordInfo info = info_of(seed, n % 5 != 0, n + 1);
            DdzError err;
            if (ddz_record_write(f, &games[i], &info, &err) != 0)
                fail_msg("write: %s", err.msg);
            redeals += games[i].phase == DDZ_PHASE_REDEAL;
            for (int k = 0; k < games[i].nhist; k++)
                kinds[games[i].hist[k].kind]++;
        }
        rewind(f);
        DdzRecordReader r;
        ddz_record_reader_init(&r, f);
        for (int i = 0; i < BATCH; i++) {
            DdzRecordInfo info;
            DdzError err;
            int rc = ddz_record_read(&r, back, &info, &err);
            if (rc != 1)
                fail_msg("game %d: read gave %d: %s", start + i + 1, rc, err.msg);
            assert_same_game(&games[i], back);
            assert_int_equal(info.game, start + i + 1);
            assert_int_equal(info.has_seed, (start + i) % 5 != 0);
            assert_string_equal(info.seats[2], "玩家三");
            assert_string_equal(info.seats[1], "Bob \"the bot\"");
        }
        DdzRecordInfo info;
        DdzError err;
        assert_int_equal(ddz_record_read(&r, back, &info, &err), 0);
        fclose(f);
    }
    players_stop(&p);
    /* The options really produced every kind of line. */
    for (int k = 0; k < DDZ_ACT_KIND_NB; k++)
        assert_true(kinds[k] > 100);
    assert_true(redeals > 100);
    assert_true(big_seeds > 1000);
    free(games);
    free(back);
}

static void record_keeps_seeds_above_int64_as_strings(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    const uint64_t seeds[] = {0, (uint64_t)INT64_MAX, (uint64_t)INT64_MAX + 1, UINT64_MAX};
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        DdzGame *g = malloc(sizeof *g), *back = malloc(sizeof *back);
        Players p;
        players_start(&p, 5);
        play_game(g, &fx->game.opt, seeds[k], 2, &p);
        players_stop(&p);
        DdzRecordInfo info = info_of(seeds[k], true, 0), got;
        Lines l;
        lines_of_game(g, &info, &l);
        json_t *head = json_loads(l.line[0], 0, NULL);
        json_t *seed = json_object_get(head, "seed");
        if (seeds[k] > (uint64_t)INT64_MAX) {
            char want[24];
            snprintf(want, sizeof want, "%llu", (unsigned long long)seeds[k]);
            assert_string_equal(json_string_value(seed), want);
        } else {
            assert_true(json_is_integer(seed));
            assert_int_equal(json_integer_value(seed), seeds[k]);
        }
        json_decref(head);
        FILE *f = tmpfile();
        write_lines(f, &l);
        rewind(f);
        DdzRecordReader r;
        ddz_record_reader_init(&r, f);
        DdzError err;
        assert_int_equal(ddz_record_read(&r, back, &got, &err), 1);
        assert_same_game(g, back);
        assert_same_info(&info, &got);
        fclose(f);
        lines_free(&l);
        free(g);
        free(back);
    }
    fixture_free(fx);
}

static void record_header_has_the_documented_fields(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("first=revealed,double=farmer");
    json_t *head = json_loads(fx->bad.line[0], 0, NULL);
    assert_non_null(head);
    static const char *const keys[] = {"type", "version", "game", "options", "seed", "first",
                                       "revealed", "hands", "bottom", "seats"};
    const char *key;
    json_t *v;
    size_t i = 0;
    json_object_foreach(head, key, v) {
        assert_true(i < sizeof keys / sizeof keys[0]);
        assert_string_equal(key, keys[i++]);
    }
    assert_int_equal(i, sizeof keys / sizeof keys[0]);
    assert_string_equal(json_string_value(json_object_get(head, "type")), "game");
    assert_int_equal(json_integer_value(json_object_get(head, "version")), DDZ_RECORD_VERSION);
    assert_string_equal(json_string_value(json_object_get(head, "options")), "rules=standard,first=revealed,double=farmer");
    char text[512];
    ddz_cards_format(fx->game.bottom, DDZ_STYLE_ASCII, text, sizeof text);
    assert_string_equal(json_string_value(json_object_get(head, "bottom")), text);
    json_decref(head);
    /* The result line: every field, in order. */
    json_t *res = json_loads(fx->bad.line[fx->bad.n - 1], 0, NULL);
    static const char *const rkeys[] = {"type", "landlord", "landlord_won", "spring", "anti_spring", "bombs",
                                        "base", "multiple", "stakes", "fee", "scores", "rockets",
                                        "spring_factor", "robs", "show", "doubling", "stake_factors",
                                        "uncapped", "cap", "raw", "fees", "penalties", "leaver", "house"};
    i = 0;
    json_object_foreach(res, key, v) {
        assert_true(i < sizeof rkeys / sizeof rkeys[0]);
        assert_string_equal(key, rkeys[i++]);
    }
    assert_int_equal(i, sizeof rkeys / sizeof rkeys[0]);
    json_decref(res);
    fixture_free(fx);
}

static void record_reads_concatenated_games_then_the_end(void **state)
{
    (void)state;
    Fixture *fx = fixture_new("");
    FILE *f = tmpfile();
    DdzError err;
    assert_int_equal(ddz_record_write(f, &fx->game, &fx->info, &err), 0);
    fputs("\n   \n", f); /* blank lines between games are allowed */
    assert_int_equal(ddz_record_write(f, &fx->next, &fx->next_info, &err), 0);
    assert_int_equal(ddz_record_write(f, &fx->game, &fx->info, &err), 0);
    rewind(f);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->game, g);
    assert_int_equal(r.line, fx->bad.n);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->next, g);
    assert_int_equal(r.line, fx->bad.n + 2 + fx->good.n);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 1);
    assert_same_game(&fx->game, g);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 0);
    assert_int_equal(ddz_record_read(&r, g, &info, &err), 0);
    free(g);
    fclose(f);
    fixture_free(fx);
}

static void record_write_refuses_an_unfinished_game(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    DdzOptions opt = ddz_options_default();
    DdzRng rng;
    ddz_rng_seed(&rng, 1);
    ddz_game_new(g, &opt, &rng, 0);
    DdzRecordInfo info = info_of(1, true, 1);
    FILE *f = tmpfile();
    DdzError err;
    assert_int_equal(ddz_record_write(f, g, &info, &err), -1);
    assert_non_null(strstr(err.msg, "not finished"));
    assert_int_equal(ftell(f), 0);
    fclose(f);
    free(g);
}


/* The sample file ------------------------------------------------------------------------------*/

static void record_sample_file_in_tests_data_replays(void **state)
{
    (void)state;
    const char *dir = getenv("DDZ_DATA");
    char path[512];
    snprintf(path, sizeof path, "%s/records.jsonl", dir ? dir : "tests/data");
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    DdzRecordReader r;
    ddz_record_reader_init(&r, f);
    DdzGame *g = malloc(sizeof *g);
    DdzRecordInfo info;
    DdzError err;
    int games = 0, redeals = 0, seeded = 0, total = 0;
    int rc;
    while ((rc = ddz_record_read(&r, g, &info, &err)) != 0) {
        if (rc < 0)
            fail_msg("%s: %s", path, err.msg);
        games++;
        seeded += info.has_seed;
        if (g->phase == DDZ_PHASE_REDEAL) {
            redeals++;
            continue;
        }
        DdzResult res;
        assert_int_equal(ddz_game_result(g, &res), 0);
        total += res.score[0] + res.score[1] + res.score[2] + res.fee;
    }
    assert_int_equal(games, 4);
    assert_int_equal(redeals, 1);
    assert_int_equal(seeded, 3);
    assert_int_equal(total, 0);
    free(g);
    fclose(f);
}

/* RULES §7: a seat abandoned during a game is written as an abandon line where it happened;
 * the reader marks it again, so the leaver penalty comes out the same; without the line the
 * result line no longer matches. */
static void record_keeps_abandoned_seats_and_the_penalty(void **state)
{
    (void)state;
    DdzOptions opt = options_of("leaver,forced_bid");
    Players p;
    players_start(&p, 5);
    DdzGame *g = malloc(sizeof *g), *back = malloc(sizeof *back);
    DdzRng rng;
    ddz_rng_seed(&rng, 31);
    ddz_game_new(g, &opt, &rng, 0);
    for (int i = 0; g->phase != DDZ_PHASE_OVER; i++) {
        if (i == 6)
            assert_int_equal(ddz_game_abandon(g, 2, NULL), 0);
        DdzError err;
        if (ddz_agent_step(&p.agent[g->turn], g, &err) != 0)
            fail_msg("agent refused: %s", err.msg);
    }
    players_stop(&p);
    DdzResult want;
    assert_int_equal(ddz_game_result(g, &want), 0);
    assert_int_equal(want.score[2], -10 * want.base);
    DdzRecordInfo info = info_of(31, true, 1);
    FILE *f = tmpfile();
    DdzError err;
    assert_int_equal(ddz_record_write(f, g, &info, &err), 0);
    rewind(f);
    char line[2048];
    int n = 0, at = -1;
    while (fgets(line, sizeof line, f)) {
        if (strstr(line, "{\"type\":\"abandon\",\"seat\":2}"))
            at = n;
        n++;
    }
    assert_int_equal(at, 1 + 6); /* after the header and six actions */
    rewind(f);
    DdzRecordReader rd;
    ddz_record_reader_init(&rd, f);
    DdzRecordInfo got;
    assert_int_equal(ddz_record_read(&rd, back, &got, &err), 1);
    assert_int_equal(back->abandoned, 4);
    assert_int_equal(back->abandoned_at[2], 6);
    DdzResult have;
    ddz_game_result(back, &have);
    assert_memory_equal(have.score, want.score, sizeof want.score);
    assert_int_equal(have.house, want.house);
    fclose(f);
    /* The same record without its abandon line: the result line is caught. */
    f = tmpfile();
    g->abandoned = 0;
    DdzGame *plain = g;
    FILE *w = tmpfile();
    assert_int_equal(ddz_record_write(w, plain, &info, &err), 0);
    rewind(w);
    /* Splice: the lines of the plain game with the result line of the abandoned one. */
    char *res_line = NULL;
    FILE *orig = tmpfile();
    plain->abandoned = 4;
    assert_int_equal(ddz_record_write(orig, plain, &info, &err), 0);
    rewind(orig);
    while (fgets(line, sizeof line, orig))
        if (strstr(line, "\"type\":\"result\""))
            res_line = strdup(line);
    fclose(orig);
    while (fgets(line, sizeof line, w))
        fputs(strstr(line, "\"type\":\"result\"") ? res_line : line, f);
    fclose(w);
    free(res_line);
    rewind(f);
    ddz_record_reader_init(&rd, f);
    assert_int_equal(ddz_record_read(&rd, back, &got, &err), -1);
    assert_non_null(strstr(err.msg, "result says scores"));
    fclose(f);
    free(g);
    free(back);
}


int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(record_round_trips_10000_random_games_under_every_option_set),
        cmocka_unit_test(record_keeps_seeds_above_int64_as_strings),
        cmocka_unit_test(record_header_has_the_documented_fields),
        cmocka_unit_test(record_reads_concatenated_games_then_the_end),
        cmocka_unit_test(record_write_refuses_an_unfinished_game),
        cmocka_unit_test(record_sample_file_in_tests_data_replays),
        cmocka_unit_test(record_keeps_abandoned_seats_and_the_penalty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
