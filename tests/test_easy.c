/* test_easy.c -- the easy computer player (level easy): it is the agent of the level, its
 * strength count matches a table, it bids holding both jokers, and three easy players
 * bid, double and finish their games with legal actions only. */
#include <string.h>

#include "testutil.h"

#include "ddz/ai.h"

static void new_easy(DdzAgent *a)
{
    DdzError err;
    memset(a, 0, sizeof *a);
    if (ddz_ai_agent_new(a, "easy", 1, &err) != 0)
        fail_msg("level easy: %s", err.msg);
}

static void level_easy_is_the_easy_player(void **state)
{
    (void)state;
    DdzAgent a;
    new_easy(&a);
    assert_string_equal(a.name, "easy");
    ddz_agent_free(&a);
}

static void strength_counts_high_cards(void **state)
{
    (void)state;
    static const struct {
        const char *hand;
        int strength;
    } table[] = {
        {"3456789TJQK", 0}, {"BR", 7}, {"R", 4}, {"B", 3}, {"22", 4}, {"3333", 5},
        {"AA", 1}, {"AAA", 2}, {"AAAA", 7}, {"3333BR22A", 16}, {"34567899TTJJQQKKA", 0},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        DdzCards c;
        assert_true(ddz_cards_pick(DDZ_DECK, tu_ranks(table[i].hand), &c));
        if (ddz_easy_strength(c) != table[i].strength)
            fail_msg("%s: strength %d, want %d", table[i].hand, ddz_easy_strength(c), table[i].strength);
    }
}

/* The first bidder of every deal that holds both jokers bids, in both bidding modes. */
static void easy_bids_holding_both_jokers(void **state)
{
    (void)state;
    DdzAgent a;
    new_easy(&a);
    int rockets = 0;
    for (int mode = 0; mode < 2; mode++)
        for (uint64_t i = 0; i < 600; i++) {
            DdzOptions o = ddz_options_default();
            o.bid_mode = mode ? DDZ_BID_ROB : DDZ_BID_POINTS;
            DdzRng rng;
            DdzGame g;
            ddz_rng_seed(&rng, 9000 + i);
            ddz_game_new(&g, &o, &rng, (int)(i % 3));
            DdzCards h = g.hand[g.turn];
            if (!ddz_cards_has(h, DDZ_CARD_BJ) || !ddz_cards_has(h, DDZ_CARD_RJ))
                continue;
            rockets++;
            DdzView v;
            DdzAction act;
            ddz_game_view(&g, g.turn, &v);
            assert_int_equal(a.act(a.state, &v, &act), 0);
            assert_int_equal(act.kind, DDZ_ACT_BID);
            if (act.value == 0)
                fail_msg("deal %d (mode %d): the first bidder holds both jokers and passes", (int)i, mode);
        }
    assert_true(rockets > 20);
    ddz_agent_free(&a);
}

/* Three easy players: legal actions only, most deals get a landlord, farmers double at
 * times, every game ends zero-sum. */
static void easy_players_bid_double_and_finish(void **state)
{
    (void)state;
    DdzAgent a[DDZ_SEAT_NB];
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        new_easy(&a[s]);
    int deals = 300, over = 0, doubled = 0;
    for (int i = 0; i < deals; i++) {
        DdzOptions o = ddz_options_default();
        o.double_mode = i % 2 ? DDZ_DOUBLE_FARMER : DDZ_DOUBLE_APP;
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, 20000 + (uint64_t)i);
        ddz_game_new(&g, &o, &rng, i % 3);
        while (g.phase == DDZ_PHASE_BID || g.phase == DDZ_PHASE_DOUBLE || g.phase == DDZ_PHASE_PLAY) {
            DdzError err;
            if (ddz_agent_step(&a[g.turn], &g, &err) != 0)
                fail_msg("deal %d: %s", i, err.msg);
        }
        if (g.phase != DDZ_PHASE_OVER)
            continue;
        over++;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            doubled += g.dbl[s] > 0;
        DdzResult r;
        assert_int_equal(ddz_game_result(&g, &r), 0);
        assert_int_equal(r.score[0] + r.score[1] + r.score[2] + r.fee, 0);
    }
    if (over < deals / 2 || doubled == 0)
        fail_msg("%d of %d deals had a landlord, %d doubles", over, deals, doubled);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        ddz_agent_free(&a[s]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(level_easy_is_the_easy_player),
        cmocka_unit_test(strength_counts_high_cards),
        cmocka_unit_test(easy_bids_holding_both_jokers),
        cmocka_unit_test(easy_players_bid_double_and_finish),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
