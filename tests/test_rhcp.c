/* test_rhcp.c -- the rhcp agent (ai.h), the model of RHCP-v2: the scores of its plans on a
 * known-answer table; legal, finished games under every preset and rule mix; and its rules on
 * hand-built positions (it goes out when it can, beats its partner's low card where planner
 * lets it stand, keeps a high answer while the landlord is far from the end). How close it
 * plays to RHCP-v2 is measured by the arena (docs/SEARCH-OPPONENTS.md, "The yardstick itself"). */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "ddz/ai.h"
#include "positions.h"

static void new_agent(DdzAgent *a, const char *name)
{
    DdzError err;
    memset(a, 0, sizeof *a);
    if (ddz_ai_agent_new(a, name, 1, &err) != 0)
        fail_msg("%s: %s", name, err.msg);
    assert_string_equal(a->name, name);
}

/* In tenths of a point, at a penalty of 4.8 a group (an opponent with 17 cards): a single of
 * rank value v (3 ... A = 14, 2 = 15, jokers 16, 17) is worth v - 10; a pair and a trio the
 * same when negative, 1.5 and 2 times it when positive; a trio with a kicker 1.5 times; a
 * chain half its top card's, never below 0; a bomb 9, the rocket 13; four with two its rank's. */
static void plans_score_what_the_table_says(void **state)
{
    (void)state;
    static const struct {
        const char *hand;
        int score;
    } table[] = {
        {"3", -118},           /* -7 - 4.8 */
        {"A", -8},             /* 4 - 4.8 */
        {"2", 2},              /* 5 - 4.8 */
        {"BR", 82},            /* the rocket: 13 - 4.8 */
        {"33", -118},          /* a low pair: -7 */
        {"AA", 12},            /* 1.5 * 4 */
        {"333", -118},         /* a low trio: -7 */
        {"AAA", 32},           /* 2 * 4 */
        {"3334", -118},        /* the 4 rides along: one group, not two */
        {"AAA3", 12},          /* 1.5 * 4 with the 3, better than 8 and -7 apart */
        {"34567", -48},        /* a straight to 7: worth 0 */
        {"3456789TJQKA", -28}, /* to the ace: 2 */
        {"333444", -48},       /* a plane */
        {"33344456", -48},     /* a plane with two low wings */
        {"3333", 42},          /* a bomb: 9 */
        {"2222", 42},
        {"333345", -118},      /* four with two (-7) beats the bomb and two singles (-16.4) */
        {"", 0},
        /* A 7-card straight and the other 3 (or 33 and 4 to 9): two groups. */
        {"33456789", -166},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        int got = ddz_rhcp_score(table[i].hand[0] ? tu_ranks(table[i].hand) : 0, 48);
        if (got != table[i].score)
            fail_msg("%s: score %d, want %d", table[i].hand, got, table[i].score);
    }
    /* Near the end (an opponent with 2 cards: 13.8 a group) a 2 alone costs more than it is
     * worth, and the same cards in fewer groups score higher. */
    assert_int_equal(ddz_rhcp_score(tu_ranks("2"), 138), 50 - 138);
    assert_true(ddz_rhcp_score(tu_ranks("33344456"), 138) > ddz_rhcp_score(tu_ranks("333444"), 138) - 2 * 138);
}

static void rhcp_plays_legal_games_to_the_end(void **state)
{
    (void)state;
    DdzAgent pl[3];
    for (int s = 0; s < 3; s++)
        new_agent(&pl[s], "rhcp");
    for (int rules = 0; rules < DDZ_RULES_NB; rules++)
        agents_play_legal_games(pl, (DdzRuleset)rules, option_mix, 240, 6000);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&pl[s]);
}

/* The landlord runs a straight and a plane and leads again with a pair of 8s left: it plays
 * them (planner's test position). */
static void rhcp_goes_out_when_it_can(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_agent(&a, "rhcp");
    deal_known(g, "333444555899TTTJJ", "9JQQQKKKAAA2222BR", "345");
    static const char *const runs[] = {"3456789TJQKA", "pass", "pass", "666777", "pass", "pass", NULL};
    drive(g, runs);
    assert_int_equal(g->turn, 0);
    expect_play(&a, g, "88");
    ddz_agent_free(&a);
    test_free(g);
}

/* The landlord leads a 3 and seat 1 plays a 4: seat 2, its partner, holding loose low
 * singles, plays one over it (RHCP-v2 does not tell a partner from an opponent), where
 * planner lets the partner's trick stand. */
static void rhcp_beats_its_partner_where_planner_does_not(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a, p;
    new_agent(&a, "rhcp");
    new_agent(&p, "planner");
    deal_known(g, "4455667789TJQKA22", "36899TTJJQQKKAA2B", "345");
    static const char *const plays[] = {"3", "4", NULL};
    drive(g, plays);
    assert_int_equal(g->turn, 2);
    DdzAction act = decide(&a, g);
    assert_int_equal(act.kind, DDZ_ACT_PLAY);
    assert_int_equal(act.move.type, DDZ_SINGLE);
    expect_play(&p, g, "pass");
    ddz_agent_free(&a);
    ddz_agent_free(&p);
    test_free(g);
}

/* The landlord leads a king from 20 cards: every answer of seat 1 (aces, 2s, the big joker)
 * is worth more than the 3.6 a group it would save (the landlord holds 19), so it passes. */
static void rhcp_keeps_high_answers_early(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_agent(&a, "rhcp");
    deal_known(g, "367899TTJJQQKAA2R", "4455667789TJQK222", "345");
    static const char *const plays[] = {"K", NULL};
    drive(g, plays);
    assert_int_equal(g->turn, 1);
    expect_play(&a, g, "pass");
    ddz_agent_free(&a);
    test_free(g);
}

/* An rhcp agent remembers its plans by hand and penalty: one that has played thousands of
 * decisions answers every view as a new one does. */
static void rhcp_remembers_without_changing_its_play(void **state)
{
    (void)state;
    expect_memory_keeps_play("rhcp", 0x4843);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(plans_score_what_the_table_says),
        cmocka_unit_test(rhcp_plays_legal_games_to_the_end),
        cmocka_unit_test(rhcp_goes_out_when_it_can),
        cmocka_unit_test(rhcp_beats_its_partner_where_planner_does_not),
        cmocka_unit_test(rhcp_keeps_high_answers_early),
        cmocka_unit_test(rhcp_remembers_without_changing_its_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
