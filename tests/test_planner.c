/* test_planner.c -- the planner agent (ai.h), the independent yardstick: the cost of its plans
 * on a known-answer table; legal, finished games under every preset and rule mix; and its
 * principles on hand-built positions (it goes out when it can, lets its partner's trick
 * stand, does not lead a low single to an opponent with one card, answers with what its
 * plan misses most, bombs only an opponent near the end). Its strength against the rule agent is measured by the arena (docs/SEARCH-OPPONENTS.md, "A stranger"). */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "ddz/ai.h"
#include "positions.h"

static void new_planner(DdzAgent *a)
{
    DdzError err;
    memset(a, 0, sizeof *a);
    if (ddz_ai_agent_new(a, "planner", 1, &err) != 0)
        fail_msg("planner: %s", err.msg);
    assert_string_equal(a->name, "planner");
}

/* 20 points a play, less the worth of each: a loose single or pair of rank r (3 = 0 ... A =
 * 11) is worth r - 8, a 2 or joker 2(r - 8); a straight or pair chain r + len - 6; a trio
 * r - 6 (it carries the lowest single or pair below 2 for nothing); a plane r + 5 len - 8; a
 * bomb 24 + r; the rocket 30. */
static void plans_cost_what_the_table_says(void **state)
{
    (void)state;
    static const struct {
        const char *hand;
        int cost;
    } table[] = {
        {"3", 28},           /* a single 3 */
        {"A", 17},           /* a single ace */
        {"2", 12},           /* a single 2: 20 - 2 * (12 - 8) */
        {"R", 8},            /* the big joker */
        {"BR", -10},         /* the rocket */
        {"33", 28},          /* a pair of threes */
        {"333", 26},         /* a trio */
        {"3334", 26},        /* a trio carries its single */
        {"33344", 26},       /* or its pair */
        {"34567", 21},       /* a straight: 20 - (0 + 5 - 6) */
        {"3456789TJQKA", 14},/* the longest straight: 20 - (0 + 12 - 6) */
        {"334455", 23},      /* a pair chain: 20 - (0 + 3 - 6) */
        {"333444", 18},      /* a plane: 20 - (0 + 10 - 8) */
        {"33344456", 18},    /* a plane carries two singles */
        {"2222", -16},       /* a bomb of 2s */
        {"3333", -4},        /* a bomb of 3s */
        {"", 0},
        /* Two plays beat six: a 7-card straight and the other 3, not 33 4 5 6 7 8 9. */
        {"33456789", 19 + 28},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        int got = ddz_planner_cost(table[i].hand[0] ? tu_ranks(table[i].hand) : 0);
        if (got != table[i].cost)
            fail_msg("%s: cost %d, want %d", table[i].hand, got, table[i].cost);
    }
}

/* Every preset and rule mix, with the planner in every seat and against two random agents:
 * every action is checked by the engine and every game ends. */
static void planner_plays_legal_games_to_the_end(void **state)
{
    (void)state;
    DdzAgent pl[3];
    for (int s = 0; s < 3; s++)
        new_planner(&pl[s]);
    for (int rules = 0; rules < DDZ_RULES_NB; rules++)
        agents_play_legal_games(pl, (DdzRuleset)rules, option_mix, 240, 5000);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&pl[s]);
}

static void planner_goes_out_when_it_can_and_lets_its_partner_win(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_planner(&a);
    /* The landlord leads a 3, seat 1 passes, seat 2 (the partner) plays a 2, the landlord
     * passes: seat 1 holds the small joker and lets the partner's 2 stand. */
    deal_known(g, "3455678899TJQKAAB", "34466779TTJQQK222", "8JK");
    static const char *const partner[] = {"3", "pass", "2", "pass", NULL};
    drive(g, partner);
    assert_int_equal(g->turn, 1);
    expect_play(&a, g, "pass");
    /* The landlord runs a straight and a plane, and leads again with a pair of 8s left: it
     * plays them. */
    deal_known(g, "333444555899TTTJJ", "9JQQQKKKAAA2222BR", "345");
    static const char *const runs[] = {"3456789TJQKA", "pass", "pass", "666777", "pass", "pass", NULL};
    drive(g, runs);
    assert_int_equal(g->turn, 0);
    expect_play(&a, g, "88");
    ddz_agent_free(&a);
    test_free(g);
}

/* The landlord runs a straight, a trio with a pair and a pair, and keeps one card; a farmer
 * to lead plays anything but a single it could beat (the rule agent's test position). */
static void planner_does_not_lead_a_low_single_to_a_landlord_with_one_card(void **state)
{
    (void)state;
    DdzAgent a;
    new_planner(&a);
    expect_no_single_to_a_landlord_with_one_card(&a);
    ddz_agent_free(&a);
}

/* It answers a lead with the single its plan misses most: the landlord leads a 3; seat 1
 * (rocket, bomb of 7s, 89TJQKA, and 2 3 4 5 loose) plays its 4, not a higher single it could
 * also spare, nor the bomb. */
static void planner_answers_with_the_single_its_plan_misses_most(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_planner(&a);
    deal_known(g, "777789TJQKA2345BR", "3456889TJQKA23456", "9TJ");
    static const char *const lead3[] = {"3", NULL};
    drive(g, lead3);
    expect_play(&a, g, "4");
    ddz_agent_free(&a);
    test_free(g);
}

/* A bomb for an opponent about to go out, not for one far from it: seat 1 can beat a pair of
 * 8s only with its four 2s. The landlord leading them with 18 cards left is let through; the
 * landlord leading them with one card left after them is bombed. */
static void planner_bombs_an_opponent_near_the_end_only(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_planner(&a);
    static const char *const seat1 = "22223334445557TJ8", *const seat2 = "99TTJJQQQKKKAAABR";
    deal_known(g, seat1, seat2, "345");
    static const char *const early[] = {"88", NULL};
    drive(g, early);
    assert_int_equal(g->turn, 1);
    expect_play(&a, g, "pass");
    deal_known(g, seat1, seat2, "345");
    static const char *const late[] = {"3456789TJQKA", "pass", "pass", "66677", "pass", "pass", "88", NULL};
    drive(g, late);
    assert_int_equal(g->turn, 1);
    assert_int_equal(ddz_cards_size(g->hand[0]), 1);
    expect_play(&a, g, "2222");
    ddz_agent_free(&a);
    test_free(g);
}

/* A planner remembers the plans it cut (a search asks it for the same hands again and
 * again): one that has played thousands of decisions answers every view as a new one does,
 * its memory full and its slots shared by many hands. */
static void planner_remembers_without_changing_its_play(void **state)
{
    (void)state;
    expect_memory_keeps_play("planner", 0x9E37);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plans_cost_what_the_table_says),
        cmocka_unit_test(planner_plays_legal_games_to_the_end),
        cmocka_unit_test(planner_goes_out_when_it_can_and_lets_its_partner_win),
        cmocka_unit_test(planner_does_not_lead_a_low_single_to_a_landlord_with_one_card),
        cmocka_unit_test(planner_answers_with_the_single_its_plan_misses_most),
        cmocka_unit_test(planner_bombs_an_opponent_near_the_end_only),
        cmocka_unit_test(planner_remembers_without_changing_its_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
