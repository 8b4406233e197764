/* test_match.c -- the running match (match.h, RULES.md §6): 100 points each, results added
 * game by game, redeals counted, the first bidder moved on every deal, the end at 0 points
 * or fewer, and the wealth titles with their boundaries in Chinese and English. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "ddz/agent.h"
#include "ddz/match.h"

static DdzMove g_moves[DDZ_MAX_MOVES + 1];

static void apply_ok(DdzGame *g, DdzAction a)
{
    DdzError err;
    memset(&err, 0, sizeof err);
    if (ddz_game_apply(g, &a, &err) != 0)
        fail_msg("action kind=%d seat=%d value=%d refused: %s", a.kind, a.seat, a.value, err.msg);
}

/* Plays until the game ends: the seat to act plays its first legal move, or the first one
 * that beats the table. */
static void finish_smallest_first(DdzGame *g)
{
    while (g->phase == DDZ_PHASE_PLAY) {
        int n = ddz_game_legal_moves(g, g_moves);
        assert_true(n > 0);
        int k = g_moves[0].type == DDZ_PASS && n > 1 ? 1 : 0;
        apply_ok(g, ddz_action_play(g->turn, g_moves[k], 0));
    }
    assert_int_equal(g->phase, DDZ_PHASE_OVER);
}

static void all_pass(DdzGame *g)
{
    for (int i = 0; i < DDZ_SEAT_NB; i++)
        apply_ok(g, ddz_action_bid(g->turn, 0));
    assert_int_equal(g->phase, DDZ_PHASE_REDEAL);
}

static void match_start_gives_100_each_and_draws_the_first_bidder(void **state)
{
    (void)state;
    int seen[DDZ_SEAT_NB] = {0};
    for (uint64_t seed = 0; seed < 90; seed++) {
        DdzRng r1, r2;
        DdzMatch a, b;
        ddz_rng_seed(&r1, seed);
        ddz_rng_seed(&r2, seed);
        ddz_match_start(&a, &r1);
        ddz_match_start(&b, &r2);
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            assert_int_equal(a.score[s], DDZ_MATCH_START);
        assert_int_equal(DDZ_MATCH_START, 100);
        assert_int_equal(a.games, 0);
        assert_int_equal(a.redeals, 0);
        assert_true(a.first >= 0 && a.first < DDZ_SEAT_NB);
        assert_int_equal(a.first, b.first);
        assert_false(ddz_match_over(&a));
        seen[a.first]++;
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        assert_true(seen[s] > 10);
}

static void match_first_bidder_moves_on_every_deal_redeals_included(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzRng rng;
    DdzMatch m;
    ddz_rng_seed(&rng, 42);
    ddz_match_start(&m, &rng);
    int f = m.first;
    for (int d = 0; d < 12; d++) {
        DdzGame g;
        ddz_match_deal(&m, &g, &o, &rng);
        assert_int_equal(g.phase, DDZ_PHASE_BID);
        assert_int_equal(g.turn, (f + d) % 3);
        assert_int_equal(m.first, (f + d + 1) % 3);
        assert_true(ddz_game_ok(&g));
        if (d % 3 != 2) {
            all_pass(&g);
        } else {
            apply_ok(&g, ddz_action_bid(g.turn, 3));
            finish_smallest_first(&g);
        }
        ddz_match_record(&m, &g);
        /* Recording does not move the first bidder; only dealing does. */
        assert_int_equal(m.first, (f + d + 1) % 3);
    }
    assert_int_equal(m.redeals, 8);
    assert_int_equal(m.games, 4);
}

static void match_deal_gives_fresh_deals(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzRng rng;
    DdzMatch m;
    ddz_rng_seed(&rng, 9);
    ddz_match_start(&m, &rng);
    DdzGame a, b;
    ddz_match_deal(&m, &a, &o, &rng);
    ddz_match_deal(&m, &b, &o, &rng);
    assert_true(a.hand[0] != b.hand[0]);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        assert_int_equal(ddz_cards_size(a.hand[s]), 17);
}

/* The hands of the scenario of tests/game_helpers.h: seat 0 holds 333444555 6789TJ BR (bottom QKA). */
static void scenario_game(DdzGame *g, const DdzOptions *opt)
{
    static const char *const text[4] = {"3334445556789TJBR", "QKA", "345666777888999TJ",
                                        "TTJJQQQKKKAAA2222"};
    DdzCards rest = DDZ_DECK, c[4];
    for (int i = 0; i < 4; i++) {
        assert_true(ddz_cards_pick(rest, tu_ranks(text[i]), &c[i]));
        rest &= ~c[i];
    }
    DdzCards hands[DDZ_SEAT_NB] = {c[0], c[2], c[3]};
    DdzError err;
    if (ddz_game_from_hands(g, opt, hands, c[1], 0, &err) != 0)
        fail_msg("from_hands: %s", err.msg);
}

static void play_line(DdzGame *g, const char *line)
{
    char tok[64];
    int used = 0;
    while (sscanf(line, "%63s%n", tok, &used) == 1) {
        DdzMove mv = ddz_move_pass();
        DdzError err;
        if (strcmp(tok, "pass") != 0 && ddz_move_parse(tok, g->opt.rules, &mv, &err) != 0)
            fail_msg("bad move '%s': %s", tok, err.msg);
        apply_ok(g, ddz_action_play(g->turn, mv, 0));
        line += used;
    }
}

static void match_record_adds_a_finished_games_result(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzRng rng;
    DdzMatch m;
    ddz_rng_seed(&rng, 1);
    ddz_match_start(&m, &rng);
    int f = m.first;
    DdzGame g;
    /* Bid 3, the landlord wins without bomb or spring: +6 -3 -3. */
    scenario_game(&g, &o);
    apply_ok(&g, ddz_action_bid(0, 3));
    play_line(&g, "334455 pass TTJJQQ pass pass K B pass pass 3456789TJQKA pass pass R");
    assert_int_equal(g.phase, DDZ_PHASE_OVER);
    DdzResult r;
    assert_int_equal(ddz_game_result(&g, &r), 0);
    ddz_match_record(&m, &g);
    assert_int_equal(m.score[0], 106);
    assert_int_equal(m.score[1], 97);
    assert_int_equal(m.score[2], 97);
    assert_int_equal(m.games, 1);
    assert_int_equal(m.redeals, 0);
    assert_int_equal(m.first, f);
    /* Spring with the rocket: T = 12, the landlord +24. */
    scenario_game(&g, &o);
    apply_ok(&g, ddz_action_bid(0, 3));
    play_line(&g, "3456789TJQKA pass pass 334455 pass pass BR");
    ddz_match_record(&m, &g);
    assert_int_equal(m.score[0], 130);
    assert_int_equal(m.score[1], 85);
    assert_int_equal(m.score[2], 85);
    assert_int_equal(m.games, 2);
}

static void match_record_counts_a_redeal_and_keeps_the_scores(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzRng rng;
    DdzMatch m;
    ddz_rng_seed(&rng, 2);
    ddz_match_start(&m, &rng);
    DdzGame g;
    ddz_match_deal(&m, &g, &o, &rng);
    all_pass(&g);
    ddz_match_record(&m, &g);
    assert_int_equal(m.redeals, 1);
    assert_int_equal(m.games, 0);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        assert_int_equal(m.score[s], 100);
}

static void match_over_when_any_score_is_zero_or_less(void **state)
{
    (void)state;
    DdzMatch m;
    memset(&m, 0, sizeof m);
    static const struct {
        int s0, s1, s2;
        bool over;
    } cases[] = {
        {100, 100, 100, false}, {1, 1, 298, false}, {0, 150, 150, true},  {150, 0, 150, true},
        {150, 150, 0, true},    {-5, 200, 105, true}, {300, 1, -1, true}, {1, 299, 0, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        m.score[0] = cases[i].s0;
        m.score[1] = cases[i].s1;
        m.score[2] = cases[i].s2;
        assert_int_equal(ddz_match_over(&m), cases[i].over);
    }
}

static void match_played_to_the_end_keeps_points_and_ends_over(void **state)
{
    (void)state;
    for (int variant = 0; variant < 3; variant++) {
        DdzOptions o = ddz_options_default();
        if (variant == 1) {
            o.fee_percent = 10;
            o.double_mode = DDZ_DOUBLE_FARMER;
        }
        if (variant == 2)
            o.bid_mode = DDZ_BID_ROB;
        DdzRng rng;
        DdzMatch m;
        DdzAgent rnd;
        DdzError err;
        assert_int_equal(ddz_agent_new(&rnd, "random", 5 + (uint64_t)variant, &err), 0);
        ddz_rng_seed(&rng, 77 + (uint64_t)variant);
        ddz_match_start(&m, &rng);
        int deals = 0, fees = 0;
        while (!ddz_match_over(&m)) {
            assert_true(deals < 5000);
            DdzGame g;
            ddz_match_deal(&m, &g, &o, &rng);
            while (g.phase == DDZ_PHASE_BID || g.phase == DDZ_PHASE_DOUBLE) {
                if (ddz_agent_step(&rnd, &g, &err) != 0)
                    fail_msg("random agent: %s", err.msg);
            }
            if (g.phase == DDZ_PHASE_PLAY)
                finish_smallest_first(&g);
            if (g.phase == DDZ_PHASE_OVER) {
                DdzResult r;
                assert_int_equal(ddz_game_result(&g, &r), 0);
                fees += r.fee;
            }
            ddz_match_record(&m, &g);
            deals++;
            assert_int_equal(m.games + m.redeals, deals);
            assert_int_equal(m.score[0] + m.score[1] + m.score[2] + fees, 300);
        }
        assert_true(m.games > 0);
        assert_true(m.score[0] <= 0 || m.score[1] <= 0 || m.score[2] <= 0);
        ddz_agent_free(&rnd);
    }
}

static void title_of_follows_the_score_boundaries(void **state)
{
    (void)state;
    static const struct {
        int score;
        DdzTitle title;
    } cases[] = {
        {-1000, DDZ_TITLE_BEGGAR}, {-1, DDZ_TITLE_BEGGAR},   {0, DDZ_TITLE_POOR},
        {50, DDZ_TITLE_POOR},      {99, DDZ_TITLE_POOR},     {100, DDZ_TITLE_MIDDLE},
        {199, DDZ_TITLE_MIDDLE},   {200, DDZ_TITLE_RICH},    {299, DDZ_TITLE_RICH},
        {300, DDZ_TITLE_LANDLORD}, {100000, DDZ_TITLE_LANDLORD},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (ddz_title_of(cases[i].score) != cases[i].title)
            fail_msg("title of %d: want %d, got %d", cases[i].score, cases[i].title,
                     ddz_title_of(cases[i].score));
}

static void title_name_in_chinese_and_english(void **state)
{
    (void)state;
    assert_string_equal(ddz_title_name(DDZ_TITLE_BEGGAR, "zh"), "乞丐");
    assert_string_equal(ddz_title_name(DDZ_TITLE_POOR, "zh"), "贫农");
    assert_string_equal(ddz_title_name(DDZ_TITLE_MIDDLE, "zh"), "中农");
    assert_string_equal(ddz_title_name(DDZ_TITLE_RICH, "zh"), "富农");
    assert_string_equal(ddz_title_name(DDZ_TITLE_LANDLORD, "zh"), "地主");
    assert_string_equal(ddz_title_name(DDZ_TITLE_BEGGAR, "en"), "beggar");
    assert_non_null(strstr(ddz_title_name(DDZ_TITLE_POOR, "en"), "poor"));
    assert_non_null(strstr(ddz_title_name(DDZ_TITLE_MIDDLE, "en"), "middle"));
    assert_non_null(strstr(ddz_title_name(DDZ_TITLE_RICH, "en"), "rich"));
    assert_non_null(strstr(ddz_title_name(DDZ_TITLE_LANDLORD, "en"), "landlord"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(match_start_gives_100_each_and_draws_the_first_bidder),
        cmocka_unit_test(match_first_bidder_moves_on_every_deal_redeals_included),
        cmocka_unit_test(match_deal_gives_fresh_deals),
        cmocka_unit_test(match_record_adds_a_finished_games_result),
        cmocka_unit_test(match_record_counts_a_redeal_and_keeps_the_scores),
        cmocka_unit_test(match_over_when_any_score_is_zero_or_less),
        cmocka_unit_test(match_played_to_the_end_keeps_points_and_ends_over),
        cmocka_unit_test(title_of_follows_the_score_boundaries),
        cmocka_unit_test(title_name_in_chinese_and_english),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
