/* test_arena.c -- head-to-head evaluation (arena.h): the points of one game, WP and ADP with
 * their intervals on a case worked out by hand, the same numbers for any number of jobs,
 * an agent against itself, greedy beating random from both sides, and rule options. */
#include <math.h>
#include <string.h>

#include "testutil.h"

#include "ddz/arena.h"

static DdzArenaConfig config(const char *a, const char *b, long deals, int jobs)
{
    DdzArenaConfig c;
    memset(&c, 0, sizeof c);
    c.a = a;
    c.b = b;
    c.deals = deals;
    c.seed = 42;
    c.rules = DDZ_RULES_STANDARD;
    c.jobs = jobs;
    return c;
}

static void run(const DdzArenaConfig *c, DdzArenaStats *st)
{
    DdzError err;
    if (ddz_arena_run(c, st, &err) != 0)
        fail_msg("arena %s vs %s: %s", c->a, c->b, err.msg);
}

static void assert_same_tally(const DdzArenaTally *x, const DdzArenaTally *y)
{
    assert_int_equal(x->games, y->games);
    assert_int_equal(x->wins, y->wins);
    assert_int_equal(x->points, y->points);
    assert_int_equal(x->points_sq, y->points_sq);
}

static void points_are_two_times_two_to_the_bombs_or_the_real_score(void **state)
{
    (void)state;
    DdzResult r;
    memset(&r, 0, sizeof r);
    r.landlord = 1;
    r.landlord_won = true;
    r.bombs = 2;
    r.score[1] = 24; /* bid 3, two bombs: T = 12, the landlord wins 2T */
    r.score[0] = r.score[2] = -12;
    /* Research protocol: 2 x 2^2 = 8, whatever the bid; A in seat 1 or in seats 0 and 2. */
    assert_int_equal(ddz_arena_points(&r, 2u, false), 8);
    assert_int_equal(ddz_arena_points(&r, 5u, false), -8);
    /* Bidding: the real scores of A's seats added up. */
    assert_int_equal(ddz_arena_points(&r, 2u, true), 24);
    assert_int_equal(ddz_arena_points(&r, 5u, true), -24);
    /* One copy of A the landlord (seat 1), the other a farmer (seat 2): A's net gain is what
     * B's farmer in seat 0 pays, not the landlord's score. With farmer doubling, seat 2
     * doubled: stakes 12 and 24, the landlord +36. */
    assert_int_equal(ddz_arena_points(&r, 6u, true), 12);
    r.score[1] = 36;
    r.score[2] = -24;
    assert_int_equal(ddz_arena_points(&r, 6u, true), 12);
    assert_int_equal(ddz_arena_points(&r, 1u, true), -12);
    assert_int_equal(ddz_arena_points(&r, 2u, true), 36);
    r.landlord_won = false;
    r.bombs = 0;
    r.score[1] = -4;
    r.score[0] = r.score[2] = 2;
    assert_int_equal(ddz_arena_points(&r, 5u, false), 2);
    assert_int_equal(ddz_arena_points(&r, 2u, false), -2);
    assert_int_equal(ddz_arena_points(&r, 5u, true), 4);
    assert_int_equal(ddz_arena_points(&r, 2u, true), -4);
    assert_int_equal(ddz_arena_points(&r, 3u, true), -2);
}

/* Four games: A won three, points +2, +4, -2, +2.
 * WP = 3/4. Wilson with z = 1.96: z^2/n = 0.9604, centre (0.75 + 0.4802) / 1.9604 =
 * 0.627525, half-width 1.96 sqrt(0.75 x 0.25 / 4 + 3.8416 / 64) / 1.9604 = 0.326889, so
 * [0.300636, 0.954414].
 * ADP = 6/4 = 1.5; sample variance ((0.5^2 + 2.5^2 + 3.5^2 + 0.5^2) / 3) = 19/3, s =
 * 2.516611, half-width 1.96 s / 2 = 2.466279, so [-0.966279, 3.966279]. */
static void summary_matches_a_case_worked_by_hand(void **state)
{
    (void)state;
    DdzArenaTally t;
    memset(&t, 0, sizeof t);
    ddz_arena_tally_add(&t, true, 2);
    ddz_arena_tally_add(&t, true, 4);
    ddz_arena_tally_add(&t, false, -2);
    ddz_arena_tally_add(&t, true, 2);
    assert_int_equal(t.games, 4);
    assert_int_equal(t.wins, 3);
    assert_int_equal(t.points, 6);
    assert_int_equal(t.points_sq, 28);
    DdzArenaSummary s;
    ddz_arena_summarize(&t, &s);
    assert_float_equal(s.wp, 0.75, 1e-12);
    assert_float_equal(s.wp_lo, 0.300636, 1e-5);
    assert_float_equal(s.wp_hi, 0.954414, 1e-5);
    assert_float_equal(s.adp, 1.5, 1e-12);
    assert_float_equal(s.sd, 2.516611, 1e-5);
    assert_float_equal(s.adp_lo, -0.966279, 1e-5);
    assert_float_equal(s.adp_hi, 3.966279, 1e-5);
    /* One game: no spread to measure; no games: zeros. */
    DdzArenaTally one = {1, 1, 8, 64};
    ddz_arena_summarize(&one, &s);
    assert_float_equal(s.adp_lo, 8.0, 1e-12);
    assert_float_equal(s.adp_hi, 8.0, 1e-12);
    DdzArenaTally none = {0, 0, 0, 0};
    ddz_arena_summarize(&none, &s);
    assert_float_equal(s.wp, 0.0, 1e-12);
}

static void results_do_not_depend_on_the_number_of_jobs(void **state)
{
    (void)state;
    for (int bidding = 0; bidding < 2; bidding++) {
        DdzArenaConfig c = config("random", "greedy", 60, 1);
        c.bidding = bidding;
        c.rules = bidding ? DDZ_RULES_BOTZONE : DDZ_RULES_STANDARD;
        DdzArenaStats one, other;
        run(&c, &one);
        assert_int_equal(one.all.games, 120);
        assert_int_equal(one.landlord.games + one.farmers.games, 120);
        for (int jobs = 2; jobs <= 5; jobs += 3) {
            c.jobs = jobs;
            run(&c, &other);
            assert_same_tally(&one.all, &other.all);
            assert_same_tally(&one.landlord, &other.landlord);
            assert_same_tally(&one.farmers, &other.farmers);
            assert_int_equal(one.redeals, other.redeals);
            assert_int_equal(one.bombs, other.bombs);
        }
        /* Another seed, other games. */
        c.seed++;
        run(&c, &other);
        assert_true(other.all.points != one.all.points || other.all.points_sq != one.all.points_sq ||
                    other.bombs != one.bombs);
    }
}

/* Greedy plays without chance: against itself each deal is the same game twice with the
 * sides swapped, so A wins exactly half and the points cancel. */
static void an_agent_without_chance_against_itself_breaks_even(void **state)
{
    (void)state;
    DdzArenaConfig c = config("greedy", "greedy", 50, 2);
    DdzArenaStats st;
    run(&c, &st);
    assert_int_equal(st.all.games, 100);
    assert_int_equal(st.all.wins, 50);
    assert_int_equal(st.all.points, 0);
    assert_int_equal(st.landlord.games, 50);
    assert_int_equal(st.farmers.games, 50);
    assert_int_equal(st.landlord.wins + st.farmers.wins, 50);
    assert_int_equal(st.landlord.points, -st.farmers.points);
}

static void greedy_beats_random_from_both_sides(void **state)
{
    (void)state;
    DdzArenaStats st;
    DdzArenaSummary s;
    DdzArenaConfig c = config("greedy", "random", 300, 2);
    run(&c, &st);
    ddz_arena_summarize(&st.landlord, &s);
    assert_true(s.wp_lo > 0.6);
    assert_true(s.adp > 0);
    ddz_arena_summarize(&st.farmers, &s);
    assert_true(s.wp_lo > 0.6);
    assert_true(s.adp > 0);
    /* The same match seen from random's side. */
    DdzArenaConfig r = config("random", "greedy", 300, 2);
    DdzArenaStats rs;
    run(&r, &rs);
    ddz_arena_summarize(&rs.all, &s);
    assert_true(s.wp_hi < 0.4);
    assert_true(s.adp_hi < 0);
    assert_int_equal(rs.landlord.games, 300);
}

/* The games the run fills are the games it tallied, the same for any number of jobs; the
 * first of each deal's pair is A's as landlord (no bidding). */
static void games_hold_each_game_of_the_tallies(void **state)
{
    (void)state;
    enum { DEALS = 40 };
    DdzArenaGame one[2 * DEALS], two[2 * DEALS];
    DdzArenaConfig c = config("greedy", "random", DEALS, 1);
    c.games = one;
    DdzArenaStats st;
    run(&c, &st);
    c.games = two;
    c.jobs = 3;
    DdzArenaStats st2;
    run(&c, &st2);
    DdzArenaTally all = {0}, first = {0};
    for (int i = 0; i < 2 * DEALS; i++) {
        assert_int_equal(one[i].won, two[i].won);
        assert_int_equal(one[i].points, two[i].points);
        assert_true(one[i].points != 0 && (one[i].points > 0) == one[i].won);
        ddz_arena_tally_add(&all, one[i].won, one[i].points);
        if (i % 2 == 0)
            ddz_arena_tally_add(&first, one[i].won, one[i].points);
    }
    assert_same_tally(&all, &st.all);
    assert_same_tally(&first, &st.landlord);
}

/* Three deals, X's and Y's games (won, points), the pair of each deal:
 *   X: (W +2, L -2) (W +4, W +2) (L -2, L -2)
 *   Y: (L -2, L -2) (W +4, L -2) (L -2, W +2)
 * The deals' WP differences (half their wins' difference) are +0.5, +0.5, -0.5: mean 1/6,
 * sample variance ((1/3)^2 + (1/3)^2 + (2/3)^2) / 2 = 1/3, standard error 1/3, half-width
 * 1.96 / 3 = 0.653333, so [-0.486667, +0.820000]. Points (half of each pair's difference):
 * +2, +2, -2: mean 2/3, variance ((4/3)^2 + (4/3)^2 + (8/3)^2) / 2 = 16/3, standard error
 * 4/3, half-width 2.613333, so [-1.946667, +3.280000]. First games of the pairs: X won one
 * more of three (+1/3); second: one more and one fewer (0). Same outcome: 3 of 6 games. */
static void compare_matches_a_case_worked_by_hand(void **state)
{
    (void)state;
    const DdzArenaGame x[6] = {{true, 2}, {false, -2}, {true, 4}, {true, 2}, {false, -2}, {false, -2}};
    const DdzArenaGame y[6] = {{false, -2}, {false, -2}, {true, 4}, {false, -2}, {false, -2}, {true, 2}};
    DdzArenaDiff d;
    ddz_arena_compare(x, y, 3, &d);
    assert_int_equal(d.deals, 3);
    assert_float_equal(d.wp, 1.0 / 6, 1e-12);
    assert_float_equal(d.wp_lo, -0.486667, 1e-5);
    assert_float_equal(d.wp_hi, 0.820000, 1e-5);
    assert_float_equal(d.adp, 2.0 / 3, 1e-12);
    assert_float_equal(d.adp_lo, -1.946667, 1e-5);
    assert_float_equal(d.adp_hi, 3.280000, 1e-5);
    assert_float_equal(d.wp_swap[0], 1.0 / 3, 1e-12);
    assert_float_equal(d.wp_swap[1], 0.0, 1e-12);
    assert_float_equal(d.agree, 0.5, 1e-12);
    /* Swapped, every difference changes sign; against itself, all zero. */
    ddz_arena_compare(y, x, 3, &d);
    assert_float_equal(d.wp, -1.0 / 6, 1e-12);
    assert_float_equal(d.wp_hi, 0.486667, 1e-5);
    ddz_arena_compare(x, x, 3, &d);
    assert_float_equal(d.wp_lo, 0.0, 1e-12);
    assert_float_equal(d.adp_hi, 0.0, 1e-12);
    assert_float_equal(d.agree, 1.0, 1e-12);
    ddz_arena_compare(x, y, 0, &d);
    assert_int_equal(d.deals, 0);
    assert_float_equal(d.wp, 0.0, 1e-12);
}

static void unknown_agents_are_refused_before_any_game(void **state)
{
    (void)state;
    DdzArenaConfig c = config("greedy", "nosuch", 10, 2);
    DdzArenaStats st;
    DdzError err;
    assert_int_equal(ddz_arena_run(&c, &st, &err), -1);
    assert_non_null(strstr(err.msg, "nosuch"));
    assert_int_equal(st.all.games, 0);
}

/* Rule options after the preset: set in order, a wrong one refused before any game, and
 * doubling played and counted (the agents' play does not depend on it, so with the same
 * deals every game's points are the same or doubled, and some are). */
static void rule_options_are_set_and_played(void **state)
{
    (void)state;
    DdzArenaConfig c = config("rule-v1", "rule-v1", 40, 1);
    c.bidding = true;
    c.options = "double=app,spring_off";
    DdzOptions opt;
    DdzError err;
    assert_int_equal(ddz_arena_options(&c, &opt, &err), 0);
    assert_int_equal(opt.double_mode, DDZ_DOUBLE_APP);
    assert_true(opt.spring_off);
    assert_int_equal(opt.rules, DDZ_RULES_STANDARD);
    DdzArenaStats st;
    c.options = "double=app,nosuch";
    assert_int_equal(ddz_arena_run(&c, &st, &err), -1);
    assert_non_null(strstr(err.msg, "nosuch"));
    assert_int_equal(st.all.games, 0);
    DdzArenaStats plain, doubled;
    c.options = NULL;
    run(&c, &plain);
    c.options = "double=app";
    run(&c, &doubled);
    assert_int_equal(plain.all.games, doubled.all.games);
    assert_int_equal(plain.all.wins, doubled.all.wins);
    assert_true(doubled.all.points_sq > plain.all.points_sq);
}

/* Decision times: quantiles of 1, 2, ... 100 ms come back within their 5% bin, and an arena
 * times every decision of agent A (rule-v1 against itself: A plays one seat of one game and
 * two of the other, a third of the decisions at least). */
static void decision_times_are_counted_and_quantiles_fall_in_their_bin(void **state)
{
    (void)state;
    static long bins[DDZ_ARENA_TIME_BINS];
    for (int ms = 1; ms <= 100; ms++)
        bins[ddz_arena_time_bin(ms)]++;
    double q[3] = {0.5, 0.99, 1.0}, want[3] = {50, 99, 100};
    for (int i = 0; i < 3; i++) {
        double got = ddz_arena_time_quantile(bins, 100, q[i]);
        assert_true(got >= want[i] && got <= want[i] * 1.05 + 1e-9);
    }
    assert_int_equal(ddz_arena_time_bin(0), 0);
    assert_int_equal(ddz_arena_time_bin(1e12), DDZ_ARENA_TIME_BINS - 1);
    assert_true(ddz_arena_time_quantile(bins, 0, 0.5) == 0);
    /* Reported against the exact maximum, the top quantiles stop at it: 100 ms, not the
     * upper edge of 100's bin. */
    static DdzArenaTimes t;
    t.n = 100;
    memcpy(t.cpu, bins, sizeof bins);
    t.cpu_max_ms = 100;
    assert_true(ddz_arena_time_quantile(bins, 100, 1.0) > 100);
    assert_true(ddz_arena_times_quantile(&t, true, 1.0) == 100);
    assert_true(ddz_arena_times_quantile(&t, true, 0.99) >= 99 && ddz_arena_times_quantile(&t, true, 0.99) <= 100);
    assert_true(ddz_arena_times_quantile(&t, true, 0.5) == ddz_arena_time_quantile(bins, 100, 0.5));
    assert_true(ddz_arena_times_quantile(&t, false, 0.5) == 0); /* no wall times, max 0 */
    DdzArenaConfig c = config("rule-v1", "rule-v1", 20, 1);
    DdzArenaStats st;
    run(&c, &st);
    long n = 0, m = 0;
    for (int b = 0; b < DDZ_ARENA_TIME_BINS; b++)
        n += st.a_times.wall[b], m += st.a_times.cpu[b];
    assert_int_equal(n, st.a_times.n);
    assert_int_equal(m, st.a_times.n);
    assert_true(st.a_times.n > 20 * 2 * 10);
    assert_true(st.a_times.wall_max_ms >= ddz_arena_time_quantile(st.a_times.wall, n, 0.99) / 1.05);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(points_are_two_times_two_to_the_bombs_or_the_real_score),
        cmocka_unit_test(summary_matches_a_case_worked_by_hand),
        cmocka_unit_test(results_do_not_depend_on_the_number_of_jobs),
        cmocka_unit_test(an_agent_without_chance_against_itself_breaks_even),
        cmocka_unit_test(greedy_beats_random_from_both_sides),
        cmocka_unit_test(games_hold_each_game_of_the_tallies),
        cmocka_unit_test(compare_matches_a_case_worked_by_hand),
        cmocka_unit_test(unknown_agents_are_refused_before_any_game),
        cmocka_unit_test(decision_times_are_counted_and_quantiles_fall_in_their_bin),
        cmocka_unit_test(rule_options_are_set_and_played),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
