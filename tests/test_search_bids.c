/* test_search_bids.c -- the search's bids and doubles (:bid): known answers of the win
 * chance its play-outs give, bids over a bid and the last bid after two passes, the apps'
 * doubling thresholds, and the calibration's tally of every deal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "ddz/ai.h"
#include "ddz/bidcal.h"
#include "ddz/game.h"
#include "ddz/search.h"

/* Bids and doubles by play-outs (:bid), known answers: the win chance the play-outs give a
 * bidder holding the rocket, four 2s and three aces is near 1, and 3 is bid; a hand of low
 * cards with no control is near 0; a farmer beside a landlord that took the rocket and a 2
 * with the bottom, holding low cards itself, sees its side behind and does not double. The
 * same generator state gives the same chance. */
static void bids_by_playout_win_chance(void **state)
{
    (void)state;
    static const struct {
        const char *hand; /* seat 0's 17 cards; the others dealt at random */
        bool crowned;     /* landlord 1 with bottom 2BR, in the doubling; else the bidding */
        double lo, hi;
    } T[] = {
        {"BR2222AAAKKQQJJT9", false, 0.9, 1.0},
        {"33445566789TTJ9QK", false, 0.0, 0.4},
        {"3344556678899TTJQ", true, 0.0, 0.4},
    };
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzSearchConfig cfg;
    assert_int_equal(ddz_search_config_parse("search:0/100:bid", &cfg, NULL), 0);
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        DdzOptions opt = ddz_options_default();
        if (T[i].crowned)
            opt.double_mode = DDZ_DOUBLE_FARMER;
        DdzRanks want;
        DdzCards hands[DDZ_SEAT_NB] = {0, 0, 0}, bottom = 0;
        assert_int_equal(ddz_ranks_parse(T[i].hand, &want, NULL), 0);
        assert_true(ddz_cards_pick(DDZ_DECK, want, &hands[0]));
        DdzCards rest = DDZ_DECK & ~hands[0];
        if (T[i].crowned) {
            DdzRanks b;
            assert_int_equal(ddz_ranks_parse("2BR", &b, NULL), 0);
            assert_true(ddz_cards_pick(rest, b, &bottom));
            rest &= ~bottom;
        }
        for (int s = 1; s < DDZ_SEAT_NB; s++)
            for (int k = 0; k < 17; k++, rest &= rest - 1)
                hands[s] |= rest & -rest;
        if (!T[i].crowned)
            bottom = rest;
        assert_int_equal(ddz_game_from_hands(g, &opt, hands, bottom, T[i].crowned ? 1 : 0, NULL), 0);
        if (T[i].crowned) {
            DdzAction bid = ddz_action_bid(1, 3);
            assert_int_equal(ddz_game_apply(g, &bid, NULL), 0);
            assert_int_equal(g->phase, DDZ_PHASE_DOUBLE);
            while (g->turn != 0) {
                DdzAction no = ddz_action_double(g->turn, 0);
                assert_int_equal(ddz_game_apply(g, &no, NULL), 0);
            }
        }
        DdzView v;
        ddz_game_view(g, 0, &v);
        DdzRng rng, again;
        ddz_rng_seed(&rng, 77 + i);
        again = rng;
        double p = ddz_search_win_chance(&cfg, &v, &rng, 100);
        printf("row %zu: win chance %.2f\n", i, p);
        if (p < T[i].lo || p > T[i].hi)
            fail_msg("row %zu: win chance %g, want %g..%g", i, p, T[i].lo, T[i].hi);
        assert_true(ddz_search_win_chance(&cfg, &v, &again, 100) == p);
        DdzAgent a;
        DdzAction act;
        assert_int_equal(ddz_ai_agent_new(&a, "search:0/100:bid", 5, NULL), 0);
        assert_int_equal(a.act(a.state, &v, &act), 0);
        assert_int_equal(act.value, i == 0 ? 3 : 0);
        ddz_agent_free(&a);
        if (T[i].crowned) { /* the threshold decides: from 0 the farmer doubles (x4 from 1, above p) */
            assert_int_equal(ddz_ai_agent_new(&a, "search:0/100:bid:double0/100", 5, NULL), 0);
            assert_int_equal(a.act(a.state, &v, &act), 0);
            assert_int_equal(act.kind, DDZ_ACT_DOUBLE);
            assert_int_equal(act.value, 1);
            ddz_agent_free(&a);
        }
    }
    free(g);
}

/* The decision of `search:0/100:bid` with options (":over100") for the seat to act in g. */
static DdzAction bid_search_decides(const DdzGame *g, const char *options)
{
    DdzView v;
    ddz_game_view(g, g->turn, &v);
    char name[96];
    snprintf(name, sizeof name, "search:0/100:bid%s", options);
    DdzAgent a;
    DdzAction act;
    assert_int_equal(ddz_ai_agent_new(&a, name, 5, NULL), 0);
    assert_int_equal(a.act(a.state, &v, &act), 0);
    ddz_agent_free(&a);
    return act;
}

/* :overT and :lastT, known answers in both bidding flows: a hand of low cards (its win
 * chance well under 1) that bids 3 (or calls) from a threshold of 0 passes over seat 0's bid
 * or call with :over100, and bids as before where nobody has bid; the same hand last after
 * two passes, passing at a threshold of 100, bids 1 (or calls) with :last0, and :over100 has
 * nothing to say there. */
static void bids_over_a_bid_and_last_after_two_passes(void **state)
{
    (void)state;
    static const struct {
        bool rob;
        int seat;          /* the seat that decides (holding the low cards); seat 0 bids first */
        int before;        /* seat 0's bid (or call) before it; 0: seats before it pass */
        const char *agent; /* after search:0/100:bid */
        int want;
    } T[] = {
        {false, 1, 1, ":bids0/0/0", 3},          {false, 1, 1, ":bids0/0/0:over100", 0},
        {false, 2, 0, ":bids0/0/0:over100", 3},  {false, 2, 0, ":bids100/100/100", 0},
        {false, 2, 0, ":bids100/100/100:last0", 1}, {false, 1, 0, ":bids100/100/100:last0", 0},
        {true, 1, 1, ":rob0", 1},                {true, 1, 1, ":rob0:over100", 0},
        {true, 2, 0, ":rob100", 0},              {true, 2, 0, ":rob100:last0", 1},
        {true, 2, 0, ":rob0:over100", 1},
    };
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        DdzOptions opt = ddz_options_default();
        if (T[i].rob)
            opt.bid_mode = DDZ_BID_ROB;
        DdzRanks low;
        DdzCards hands[DDZ_SEAT_NB] = {0, 0, 0};
        assert_int_equal(ddz_ranks_parse("33445566789TTJ9QK", &low, NULL), 0);
        assert_true(ddz_cards_pick(DDZ_DECK, low, &hands[T[i].seat]));
        DdzCards rest = DDZ_DECK & ~hands[T[i].seat];
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            for (int k = 0; s != T[i].seat && k < 17; k++, rest &= rest - 1)
                hands[s] |= rest & -rest;
        assert_int_equal(ddz_game_from_hands(g, &opt, hands, rest, 0, NULL), 0);
        for (int s = 0; s < T[i].seat; s++) {
            DdzAction bid = ddz_action_bid(s, s == 0 ? T[i].before : 0);
            assert_int_equal(ddz_game_apply(g, &bid, NULL), 0);
        }
        assert_int_equal(g->turn, T[i].seat);
        DdzAction act = bid_search_decides(g, T[i].agent);
        if (act.kind != DDZ_ACT_BID || act.value != T[i].want)
            fail_msg("row %zu (%s, seat %d after %d): bid %d, want %d", i, T[i].agent, T[i].seat, T[i].before,
                     act.value, T[i].want);
    }
    free(g);
}

/* The apps' doubling thresholds (:appdoubleA/B, :appredoubleA/B), known answers: a farmer
 * (seat 0) or the landlord (seat 1) holding low cards (a win chance well inside 0..1) takes
 * x4 from thresholds of 0, nothing from 100 and x2 between; under double=app the app
 * thresholds, once given, decide in place of :double and :redouble, each for its own side,
 * except the landlord's after a farmer's double (it keeps :redouble), and under
 * double=farmer they say nothing. */
static void app_doubling_thresholds(void **state)
{
    (void)state;
    static const struct {
        bool app;
        int seat;          /* 0: a farmer (the landlord, seat 1, took 2BR); 1: the landlord */
        const char *agent; /* after search:0/100:bid */
        int want;
        bool doubled;      /* seat 0, a farmer, doubled before the landlord */
    } T[] = {
        {true, 0, ":double0/0", 2, false},
        {true, 0, ":double0/0:appdouble100/100", 0, false},
        {true, 0, ":appdouble0/100", 1, false},
        {true, 0, ":appredouble0/0", 0, false},
        {false, 0, ":appdouble0/0", 0, false},
        {false, 0, ":double0/100:appdouble100/100", 1, false},
        {true, 1, ":redouble0/0", 2, false},
        {true, 1, ":redouble0/0:appredouble100/100", 0, false},
        {true, 1, ":appredouble0/100", 1, false},
        {true, 1, ":appdouble0/0", 0, false},
        {true, 1, ":redouble100/100:appredouble0/0", 0, true},
        {true, 1, ":redouble0/100:appredouble100/100", 1, true},
        {true, 1, ":redouble100/100:appredouble0/0", 2, false},
    };
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        DdzOptions opt = ddz_options_default();
        opt.double_mode = T[i].app ? DDZ_DOUBLE_APP : DDZ_DOUBLE_FARMER;
        DdzRanks low, b;
        DdzCards hands[DDZ_SEAT_NB] = {0, 0, 0}, bottom = 0;
        assert_int_equal(ddz_ranks_parse("33445566789TTJ9QK", &low, NULL), 0);
        assert_true(ddz_cards_pick(DDZ_DECK, low, &hands[T[i].seat]));
        DdzCards rest = DDZ_DECK & ~hands[T[i].seat];
        /* a farmer faces a landlord with the rocket and a 2; the landlord's bottom is low */
        assert_int_equal(ddz_ranks_parse(T[i].seat == 0 ? "2BR" : "678", &b, NULL), 0);
        assert_true(ddz_cards_pick(rest, b, &bottom));
        rest &= ~bottom;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            for (int k = 0; s != T[i].seat && k < 17; k++, rest &= rest - 1)
                hands[s] |= rest & -rest;
        assert_int_equal(ddz_game_from_hands(g, &opt, hands, bottom, 1, NULL), 0);
        DdzAction bid = ddz_action_bid(1, 3);
        assert_int_equal(ddz_game_apply(g, &bid, NULL), 0);
        assert_int_equal(g->phase, DDZ_PHASE_DOUBLE);
        while (g->turn != T[i].seat) {
            DdzAction d = ddz_action_double(g->turn, T[i].doubled && g->turn == 0);
            assert_int_equal(ddz_game_apply(g, &d, NULL), 0);
        }
        DdzAction act = bid_search_decides(g, T[i].agent);
        if (act.kind != DDZ_ACT_DOUBLE || act.value != T[i].want)
            fail_msg("row %zu (%s, seat %d, %s): doubled %d, want %d", i, T[i].agent, T[i].seat,
                     T[i].app ? "app" : "farmer", act.value, T[i].want);
    }
    free(g);
}

/* The bidding estimate against the games (ddz_bid_calibrate): every deal is tallied once for
 * its landlord and twice for its farmers, before the bid and in the doubling phase, the points are zero-sum, the tally is the same for
 * the same seed, landlords that won had the higher estimates on average, and an estimator that
 * is no search is refused by name. */
static void bid_calibration_tallies_every_deal(void **state)
{
    (void)state;
    DdzOptions opt = ddz_options_default();
    DdzBidCalibration cal, again;
    DdzError err;
    assert_int_equal(ddz_bid_calibrate("search:0/16", "rule", "rule", &opt, 60, 3, &cal, &err), 0);
    assert_int_equal(ddz_bid_calibrate("search:0/16", "rule", "rule", &opt, 60, 3, &again, &err), 0);
    assert_memory_equal(&cal, &again, sizeof cal);
    long lords = 0, farmers = 0, lord_wins = 0, farmer_wins = 0;
    double points = 0, p_won = 0, p_lost = 0;
    for (int b = 0; b < DDZ_BIDCAL_NB; b++) {
        lords += cal.lord.games[b];
        farmers += cal.farmer.games[b];
        lord_wins += cal.lord.wins[b];
        farmer_wins += cal.farmer.wins[b];
        points += cal.lord.points[b] + cal.farmer.points[b];
        assert_true(cal.lord.wins[b] <= cal.lord.games[b] && cal.farmer.wins[b] <= cal.farmer.games[b]);
        /* each estimate lies in its bucket */
        assert_true(cal.lord.p[b] >= (double)cal.lord.games[b] * b / DDZ_BIDCAL_NB - 1e-9);
        assert_true(cal.lord.p[b] <= (double)cal.lord.games[b] * (b + 1) / DDZ_BIDCAL_NB + 1e-9);
    }
    assert_int_equal(cal.deals, 60);
    assert_int_equal(lords, 60);
    assert_int_equal(farmers, 120);
    assert_int_equal(lord_wins, cal.landlord_wins);
    assert_int_equal(farmer_wins, 2 * (60 - cal.landlord_wins));
    assert_true(points > -1e-9 && points < 1e-9);
    /* Landlords that won held hands estimated higher than those that lost: the mean estimate
     * of the buckets weighted by wins and by losses. */
    for (int b = 0; b < DDZ_BIDCAL_NB; b++) {
        double mean = cal.lord.games[b] ? cal.lord.p[b] / (double)cal.lord.games[b] : 0;
        p_won += mean * (double)cal.lord.wins[b];
        p_lost += mean * (double)(cal.lord.games[b] - cal.lord.wins[b]);
    }
    assert_true(cal.landlord_wins > 0 && cal.landlord_wins < 60);
    printf("landlord wins %ld of 60; mean estimate %.3f won, %.3f lost\n", cal.landlord_wins,
           p_won / (double)cal.landlord_wins, p_lost / (double)(60 - cal.landlord_wins));
    assert_true(p_won / (double)cal.landlord_wins > p_lost / (double)(60 - cal.landlord_wins) + 0.05);
    /* The doubling phase's tables hold the same games under the estimates made after the bid:
     * the same counts, wins and points by role; farmers whose side won had estimated higher. */
    long dlords = 0, dfarmers = 0, dlord_wins = 0, dfarmer_wins = 0;
    double dlord_points = 0, lord_points = 0, f_won = 0, f_lost = 0;
    for (int b = 0; b < DDZ_BIDCAL_NB; b++) {
        dlords += cal.lord_double.games[b];
        dfarmers += cal.farmer_double.games[b];
        dlord_wins += cal.lord_double.wins[b];
        dfarmer_wins += cal.farmer_double.wins[b];
        dlord_points += cal.lord_double.points[b];
        lord_points += cal.lord.points[b];
        double mean = cal.farmer_double.games[b] ? cal.farmer_double.p[b] / (double)cal.farmer_double.games[b] : 0;
        f_won += mean * (double)cal.farmer_double.wins[b];
        f_lost += mean * (double)(cal.farmer_double.games[b] - cal.farmer_double.wins[b]);
        assert_true(cal.farmer_double.p[b] >= (double)cal.farmer_double.games[b] * b / DDZ_BIDCAL_NB - 1e-9);
        assert_true(cal.farmer_double.p[b] <= (double)cal.farmer_double.games[b] * (b + 1) / DDZ_BIDCAL_NB + 1e-9);
    }
    assert_int_equal(dlords, 60);
    assert_int_equal(dfarmers, 120);
    assert_int_equal(dlord_wins, cal.landlord_wins);
    assert_int_equal(dfarmer_wins, 2 * (60 - cal.landlord_wins));
    assert_true(dlord_points - lord_points > -1e-9 && dlord_points - lord_points < 1e-9);
    printf("farmers' side wins %ld of 120; mean doubling estimate %.3f won, %.3f lost\n", dfarmer_wins,
           f_won / (double)dfarmer_wins, f_lost / (double)(120 - dfarmer_wins));
    assert_true(f_won / (double)dfarmer_wins > f_lost / (double)(120 - dfarmer_wins) + 0.05);
    assert_int_equal(ddz_bidcal_bucket(0.0), 0);
    assert_int_equal(ddz_bidcal_bucket(0.049), 0);
    assert_int_equal(ddz_bidcal_bucket(0.05), 1);
    assert_int_equal(ddz_bidcal_bucket(1.0), DDZ_BIDCAL_NB - 1);
    assert_int_equal(ddz_bid_calibrate("normal", "rule", "rule", &opt, 1, 3, &cal, &err), -1);
    assert_non_null(strstr(err.msg, "'normal' is not a search agent"));
    assert_int_equal(ddz_bid_calibrate("search:0/16", "nobody", "rule", &opt, 1, 3, &cal, &err), -1);
    assert_non_null(strstr(err.msg, "nobody"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bids_by_playout_win_chance),
        cmocka_unit_test(bids_over_a_bid_and_last_after_two_passes),
        cmocka_unit_test(app_doubling_thresholds),
        cmocka_unit_test(bid_calibration_tallies_every_deal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
