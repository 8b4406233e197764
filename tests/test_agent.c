/* test_agent.c -- the built-in agents (agent.h): "random" and "greedy" are found by name,
 * choose only legal actions from a view, and random agents play thousands of games of every
 * rule mix to an end with zero-sum results; greedy bids low, never doubles and plays the
 * first legal move. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "ddz/agent.h"

static DdzMove g_moves[DDZ_MAX_MOVES + 1];

static DdzOptions mixed_options(int i)
{
    DdzOptions o = ddz_options_default();
    o.rules = (DdzRuleset)(i % DDZ_RULES_NB);
    switch (i % 5) {
    case 1: o.bid_mode = DDZ_BID_ROB; break;
    case 2: o.double_mode = DDZ_DOUBLE_FARMER; o.show_cards = true; break;
    case 3: o.double_mode = DDZ_DOUBLE_APP; o.forced_bid = true; o.cap = 16; break;
    case 4: o.must_bid = true; o.play_all = true; o.fee_percent = 10; o.packet_deal = true; break;
    default: break;
    }
    if (i % 7 == 2)
        o.first_bidder = DDZ_FIRST_HEART3;
    if (i % 7 == 5)
        o.first_bidder = DDZ_FIRST_REVEALED;
    return o;
}

static bool is_live(const DdzGame *g)
{
    return g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY;
}

static void new_agent(DdzAgent *a, const char *name, uint64_t seed)
{
    DdzError err;
    memset(a, 0, sizeof *a);
    if (ddz_agent_new(a, name, seed, &err) != 0)
        fail_msg("agent '%s': %s", name, err.msg);
    assert_non_null(a->act);
    assert_non_null(a->name);
}

static void agent_new_knows_random_and_greedy_and_refuses_other_names(void **state)
{
    (void)state;
    DdzAgent a;
    new_agent(&a, "random", 1);
    assert_string_equal(a.name, "random");
    ddz_agent_free(&a);
    new_agent(&a, "greedy", 1);
    assert_string_equal(a.name, "greedy");
    ddz_agent_free(&a);
    DdzError err;
    memset(&err, 0, sizeof err);
    memset(&a, 0, sizeof a);
    assert_int_equal(ddz_agent_new(&a, "nosuch", 1, &err), -1);
    assert_non_null(strstr(err.msg, "random"));
    assert_non_null(strstr(err.msg, "greedy"));
}

/* Plays one game with three agents; returns the number of steps. */
static int play_game(DdzAgent *agents, DdzGame *g)
{
    int steps = 0;
    while (is_live(g)) {
        DdzError err;
        memset(&err, 0, sizeof err);
        int seat = g->turn, n = g->nhist;
        if (ddz_agent_step(&agents[seat], g, &err) != 0)
            fail_msg("agent %s of seat %d failed in phase %d: %s", agents[seat].name, seat,
                     g->phase, err.msg);
        assert_true(ddz_game_ok(g));
        assert_true(g->nhist == n + 1);
        assert_int_equal(g->hist[n].seat, seat);
        assert_true(g->hist[n].kind != DDZ_ACT_SHOW || agents[seat].name[0] != 'r');
        steps++;
        assert_true(steps <= DDZ_MAX_ACTIONS);
    }
    return steps;
}

#define RANDOM_GAMES 2000

static void random_agents_play_2000_games_to_an_end_with_zero_sum_results(void **state)
{
    (void)state;
    DdzAgent agents[DDZ_SEAT_NB];
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        new_agent(&agents[s], "random", 100 + (uint64_t)s);
    int over = 0, redeal = 0, won = 0, spring = 0, bombs = 0;
    for (int i = 0; i < RANDOM_GAMES; i++) {
        DdzOptions o = mixed_options(i);
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, (uint64_t)i);
        ddz_game_new(&g, &o, &rng, i % 3);
        play_game(agents, &g);
        DdzResult r;
        if (g.phase == DDZ_PHASE_OVER) {
            over++;
            assert_int_equal(ddz_game_result(&g, &r), 0);
            assert_int_equal(r.score[0] + r.score[1] + r.score[2] + r.fee, 0);
            assert_true(r.fee >= 0);
            int empty = 0;
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                empty += g.hand[s] == 0;
            assert_int_equal(empty, 1);
            assert_int_equal(r.landlord_won, g.hand[g.landlord] == 0);
            won += r.landlord_won;
            spring += r.spring || r.anti_spring;
            bombs += r.bombs > 0;
        } else {
            assert_int_equal(g.phase, DDZ_PHASE_REDEAL);
            assert_int_equal(ddz_game_result(&g, &r), -1);
            assert_false(o.forced_bid);
            redeal++;
        }
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        ddz_agent_free(&agents[s]);
    assert_int_equal(over + redeal, RANDOM_GAMES);
    assert_true(redeal > 0);
    assert_true(over > RANDOM_GAMES / 2);
    assert_true(won > 0 && won < over);
    assert_true(bombs > 0);
    (void)spring;
}

static void random_agent_uses_every_legal_bid(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.show_cards = true;
    DdzRng rng;
    DdzGame g;
    ddz_rng_seed(&rng, 3);
    ddz_game_new(&g, &o, &rng, 0);
    int seen[4] = {0};
    for (uint64_t seed = 0; seed < 400; seed++) {
        DdzAgent a;
        new_agent(&a, "random", seed);
        DdzView v;
        ddz_game_view(&g, 0, &v);
        DdzAction act;
        memset(&act, 0, sizeof act);
        assert_int_equal(a.act(a.state, &v, &act), 0);
        assert_int_equal(act.kind, DDZ_ACT_BID); /* never a show */
        assert_int_equal(act.seat, 0);
        assert_true(act.value <= 3);
        seen[act.value]++;
        ddz_agent_free(&a);
    }
    for (int i = 0; i < 4; i++)
        assert_true(seen[i] > 50);
}

static void agents_with_the_same_seeds_play_the_same_games(void **state)
{
    (void)state;
    for (int run = 0; run < 2; run++) {
        static DdzGame first[20];
        DdzAgent agents[DDZ_SEAT_NB];
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            new_agent(&agents[s], s == 1 ? "greedy" : "random", 7 + (uint64_t)s);
        for (int i = 0; i < 20; i++) {
            DdzOptions o = mixed_options(i);
            DdzRng rng;
            DdzGame g;
            ddz_rng_seed(&rng, 500 + (uint64_t)i);
            ddz_game_new(&g, &o, &rng, i % 3);
            play_game(agents, &g);
            if (run == 0) {
                first[i] = g;
            } else {
                assert_int_equal(g.nhist, first[i].nhist);
                for (int k = 0; k < g.nhist; k++) {
                    assert_int_equal(g.hist[k].kind, first[i].hist[k].kind);
                    assert_int_equal(g.hist[k].value, first[i].hist[k].value);
                    assert_int_equal(g.hist[k].cards, first[i].hist[k].cards);
                }
            }
        }
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            ddz_agent_free(&agents[s]);
    }
}

/* What greedy must answer in g: the least legal bid, no double, the first legal move (the
 * first non-pass one when following, pass only when nothing beats). */
static void check_greedy_choice(DdzAgent *greedy, const DdzGame *g)
{
    DdzView v;
    DdzAction act;
    memset(&act, 0, sizeof act);
    ddz_game_view(g, g->turn, &v);
    assert_int_equal(greedy->act(greedy->state, &v, &act), 0);
    assert_int_equal(act.seat, g->turn);
    DdzError err;
    if (ddz_game_check(g, &act, &err) != 0)
        fail_msg("greedy chose an illegal action: %s", err.msg);
    if (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE) {
        int kind = g->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
        uint8_t vals[4];
        int n = ddz_game_legal_values(g, kind, vals);
        assert_true(n > 0);
        assert_int_equal(act.kind, kind);
        assert_int_equal(act.value, vals[0]);
        if (kind == DDZ_ACT_DOUBLE)
            assert_int_equal(act.value, 0);
        return;
    }
    assert_int_equal(act.kind, DDZ_ACT_PLAY);
    int n = ddz_game_legal_moves(g, g_moves);
    assert_true(n > 0);
    int want = g_moves[0].type == DDZ_PASS && n > 1 ? 1 : 0;
    if (!ddz_move_equal(&act.move, &g_moves[want])) {
        char a[80], b[80];
        ddz_move_format(&act.move, g->opt.rules, a, sizeof a);
        ddz_move_format(&g_moves[want], g->opt.rules, b, sizeof b);
        fail_msg("greedy played %s, the first legal move is %s", a, b);
    }
    if (act.cards) {
        assert_int_equal(act.cards & ~g->hand[g->turn], 0);
        assert_int_equal(ddz_cards_ranks(act.cards), act.move.ranks);
    }
}

static void greedy_bids_least_never_doubles_and_plays_the_first_legal_move(void **state)
{
    (void)state;
    DdzAgent greedy, rnd;
    new_agent(&greedy, "greedy", 11);
    new_agent(&rnd, "random", 12);
    int plays = 0;
    for (int i = 0; i < 60; i++) {
        DdzOptions o = mixed_options(i);
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, 800 + (uint64_t)i);
        ddz_game_new(&g, &o, &rng, i % 3);
        while (is_live(&g)) {
            check_greedy_choice(&greedy, &g);
            plays += g.phase == DDZ_PHASE_PLAY;
            DdzError err;
            if (ddz_agent_step(&rnd, &g, &err) != 0)
                fail_msg("random agent failed: %s", err.msg);
        }
    }
    assert_true(plays > 500);
    ddz_agent_free(&greedy);
    ddz_agent_free(&rnd);
}

static void greedy_agents_finish_every_game(void **state)
{
    (void)state;
    DdzAgent agents[DDZ_SEAT_NB];
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        new_agent(&agents[s], "greedy", (uint64_t)s);
    for (int i = 0; i < 200; i++) {
        DdzOptions o = mixed_options(i);
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, 3000 + (uint64_t)i);
        ddz_game_new(&g, &o, &rng, i % 3);
        play_game(agents, &g);
        /* Greedy bids the least it may: everyone passes unless forced or must bid. */
        if (!o.forced_bid && !o.must_bid)
            assert_int_equal(g.phase, DDZ_PHASE_REDEAL);
        if (g.phase == DDZ_PHASE_OVER) {
            DdzResult r;
            assert_int_equal(ddz_game_result(&g, &r), 0);
            assert_int_equal(r.score[0] + r.score[1] + r.score[2] + r.fee, 0);
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                assert_int_equal(g.dbl[s], 0);
        }
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        ddz_agent_free(&agents[s]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(agent_new_knows_random_and_greedy_and_refuses_other_names),
        cmocka_unit_test(random_agents_play_2000_games_to_an_end_with_zero_sum_results),
        cmocka_unit_test(random_agent_uses_every_legal_bid),
        cmocka_unit_test(agents_with_the_same_seeds_play_the_same_games),
        cmocka_unit_test(greedy_bids_least_never_doubles_and_plays_the_first_legal_move),
        cmocka_unit_test(greedy_agents_finish_every_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
