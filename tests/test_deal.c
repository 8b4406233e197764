/* test_deal.c -- the start of a game (game.h): dealing, the first bidder and both bidding
 * flows. Games start from known hands or seeds and every expected number is worked out by
 * hand from RULES.md §2-§4. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "ddz/game.h"
#include "game_helpers.h"

/* Deal ------------------------------------------------------------------------------------------*/

static void assert_partition(const DdzGame *g)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        assert_int_equal(ddz_cards_size(g->hand[s]), 17);
    assert_int_equal(ddz_cards_size(g->bottom), 3);
    assert_int_equal(g->hand[0] & g->hand[1], 0);
    assert_int_equal(g->hand[0] & g->hand[2], 0);
    assert_int_equal(g->hand[1] & g->hand[2], 0);
    assert_int_equal((g->hand[0] | g->hand[1] | g->hand[2]) & g->bottom, 0);
    assert_int_equal(g->hand[0] | g->hand[1] | g->hand[2] | g->bottom, DDZ_DECK);
}

static void new_deals_17_each_and_3_bottom_as_a_partition_of_the_deck(void **state)
{
    (void)state;
    for (int packet = 0; packet < 2; packet++) {
        DdzOptions o = ddz_options_default();
        o.packet_deal = packet;
        for (uint64_t seed = 0; seed < 200; seed++) {
            DdzRng rng;
            DdzGame g;
            ddz_rng_seed(&rng, seed);
            int first = (int)(seed % 3);
            ddz_game_new(&g, &o, &rng, first);
            assert_partition(&g);
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                assert_int_equal(g.dealt[s], g.hand[s]);
            assert_int_equal(g.phase, DDZ_PHASE_BID);
            assert_int_equal(ddz_game_phase(&g), DDZ_PHASE_BID);
            assert_int_equal(g.turn, first);
            assert_int_equal(ddz_game_turn(&g), first);
            assert_int_equal(g.nhist, 0);
            assert_int_equal(g.landlord, DDZ_NO_SEAT);
            assert_int_equal(g.revealed, -1);
            assert_int_equal(g.bombs, 0);
            assert_true(ddz_game_ok(&g));
        }
    }
}

static void new_same_seed_same_deal_and_different_seeds_differ(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame prev;
    memset(&prev, 0, sizeof prev);
    for (uint64_t seed = 0; seed < 50; seed++) {
        DdzRng r1, r2;
        DdzGame a, b;
        ddz_rng_seed(&r1, seed);
        ddz_rng_seed(&r2, seed);
        ddz_game_new(&a, &o, &r1, 0);
        ddz_game_new(&b, &o, &r2, 0);
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            assert_int_equal(a.hand[s], b.hand[s]);
        assert_int_equal(a.bottom, b.bottom);
        assert_memory_equal(&r1, &r2, sizeof r1);
        if (seed > 0)
            assert_true(a.hand[0] != prev.hand[0] || a.hand[1] != prev.hand[1]);
        prev = a;
    }
}

static void deal_plain_gives_each_seat_every_third_card(void **state)
{
    (void)state;
    DdzCard deck[DDZ_CARD_NB];
    for (int i = 0; i < DDZ_CARD_NB; i++)
        deck[i] = i;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    ddz_game_deal(&g, &o, deck, 0, 0);
    DdzCards want[DDZ_SEAT_NB] = {0, 0, 0};
    for (int i = 0; i < 51; i++)
        want[i % 3] |= ddz_cards_of(i);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        assert_int_equal(g.hand[s], want[s]);
    assert_int_equal(g.bottom, id_range(51, 53));
    assert_int_equal(g.turn, 0);
    assert_true(ddz_game_ok(&g));
}

static void deal_packets_gives_two_cards_then_three_cards_five_times(void **state)
{
    (void)state;
    DdzCard deck[DDZ_CARD_NB];
    for (int i = 0; i < DDZ_CARD_NB; i++)
        deck[i] = i;
    DdzOptions o = ddz_options_default();
    o.packet_deal = true;
    DdzGame g;
    ddz_game_deal(&g, &o, deck, 0, 0);
    /* Positions 0-1 seat 0, 2-3 seat 1, 4-5 seat 2; then 6-8 seat 0, 9-11 seat 1, ... */
    DdzCards want[DDZ_SEAT_NB] = {0, 0, 0};
    for (int i = 0; i < 6; i++)
        want[i / 2] |= ddz_cards_of(i);
    for (int i = 6; i < 51; i++)
        want[((i - 6) / 3) % 3] |= ddz_cards_of(i);
    assert_int_equal(want[0], id_range(0, 1) | id_range(6, 8) | id_range(15, 17) |
                                  id_range(24, 26) | id_range(33, 35) | id_range(42, 44));
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        assert_int_equal(g.hand[s], want[s]);
    assert_int_equal(g.bottom, id_range(51, 53));
    assert_true(ddz_game_ok(&g));
}

static void new_packet_deal_differs_from_plain_deal_of_the_same_shuffle(void **state)
{
    (void)state;
    DdzOptions plain = ddz_options_default(), packet = plain;
    packet.packet_deal = true;
    for (uint64_t seed = 0; seed < 20; seed++) {
        DdzRng r1, r2;
        DdzGame a, b;
        ddz_rng_seed(&r1, seed);
        ddz_rng_seed(&r2, seed);
        ddz_game_new(&a, &plain, &r1, 0);
        ddz_game_new(&b, &packet, &r2, 0);
        assert_partition(&b);
        /* Same shuffle: the same last three cards; different hands. */
        assert_int_equal(a.bottom, b.bottom);
        assert_true(a.hand[0] != b.hand[0] || a.hand[1] != b.hand[1]);
    }
}

static void shuffle_is_a_reproducible_permutation(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 100; seed++) {
        DdzRng r1, r2;
        DdzCard d1[DDZ_CARD_NB], d2[DDZ_CARD_NB];
        ddz_rng_seed(&r1, seed);
        ddz_rng_seed(&r2, seed);
        ddz_deck_shuffle(&r1, d1);
        ddz_deck_shuffle(&r2, d2);
        DdzCards seen = 0;
        for (int i = 0; i < DDZ_CARD_NB; i++) {
            assert_true(d1[i] >= 0 && d1[i] < DDZ_CARD_NB);
            seen |= ddz_cards_of(d1[i]);
            assert_int_equal(d1[i], d2[i]);
        }
        assert_int_equal(seen, DDZ_DECK);
    }
}

#define SHUFFLES 54000

static double chi_square(const int *count, int cells, double expected)
{
    double x = 0;
    for (int i = 0; i < cells; i++)
        x += (count[i] - expected) * (count[i] - expected) / expected;
    return x;
}

/* 54,000 shuffles: the position of card 0, of card 53, and the card at position 0 are each
 * uniform over 54 cells (chi-square, 53 degrees of freedom, p = 0.001: 90.57). */
static void shuffle_places_cards_uniformly(void **state)
{
    (void)state;
    static int pos0[DDZ_CARD_NB], pos53[DDZ_CARD_NB], at0[DDZ_CARD_NB];
    memset(pos0, 0, sizeof pos0);
    memset(pos53, 0, sizeof pos53);
    memset(at0, 0, sizeof at0);
    DdzRng rng;
    ddz_rng_seed(&rng, 20240601);
    for (int n = 0; n < SHUFFLES; n++) {
        DdzCard d[DDZ_CARD_NB];
        ddz_deck_shuffle(&rng, d);
        for (int i = 0; i < DDZ_CARD_NB; i++) {
            if (d[i] == 0)
                pos0[i]++;
            if (d[i] == 53)
                pos53[i]++;
        }
        at0[d[0]]++;
    }
    double e = SHUFFLES / 54.0;
    double x0 = chi_square(pos0, DDZ_CARD_NB, e), x53 = chi_square(pos53, DDZ_CARD_NB, e),
           xa = chi_square(at0, DDZ_CARD_NB, e);
    if (x0 > 90.57 || x53 > 90.57 || xa > 90.57)
        fail_msg("chi-square over 54 cells: card 0 %.2f, card 53 %.2f, position 0 %.2f (> 90.57)",
                 x0, x53, xa);
}

/* The six relative orders of cards 0, 1, 2 are equally likely (5 dof, p = 0.001: 20.52). */
static void shuffle_orders_three_cards_uniformly(void **state)
{
    (void)state;
    int count[6] = {0};
    DdzRng rng;
    ddz_rng_seed(&rng, 99);
    for (int n = 0; n < SHUFFLES; n++) {
        DdzCard d[DDZ_CARD_NB];
        int p[3] = {-1, -1, -1};
        ddz_deck_shuffle(&rng, d);
        for (int i = 0; i < DDZ_CARD_NB; i++)
            if (d[i] < 3)
                p[d[i]] = i;
        /* Rank the permutation: which of the three comes first, then which of the rest. */
        int first = p[0] < p[1] ? (p[0] < p[2] ? 0 : 2) : (p[1] < p[2] ? 1 : 2);
        int a = first == 0 ? 1 : 0, b = first == 2 ? 1 : 2;
        count[first * 2 + (p[a] < p[b] ? 0 : 1)]++;
    }
    double x = chi_square(count, 6, SHUFFLES / 6.0);
    if (x > 20.52)
        fail_msg("chi-square over 6 orders: %.2f (> 20.52)", x);
}

/* First bidder ----------------------------------------------------------------------------------*/

static void first_given_seat_bids_first(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    assert_int_equal(o.first_bidder, DDZ_FIRST_GIVEN);
    for (int first = 0; first < DDZ_SEAT_NB; first++) {
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, 5);
        ddz_game_new(&g, &o, &rng, first);
        assert_int_equal(g.turn, first);
        DdzGame h;
        scenario_game(&h, &o, 0, first);
        assert_int_equal(h.turn, first);
    }
}

static void first_heart3_holder_of_heart_three_bids_first(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.first_bidder = DDZ_FIRST_HEART3;
    DdzCard deck[DDZ_CARD_NB];
    for (int i = 0; i < DDZ_CARD_NB; i++)
        deck[i] = i;
    DdzGame g;
    /* ♥3 is card 2, at position 2: seat 2 under plain dealing. */
    ddz_game_deal(&g, &o, deck, 0, 0);
    assert_true(ddz_cards_has(g.hand[2], 2));
    assert_int_equal(g.turn, 2);
    /* ♥3 in the bottom: the given seat. */
    deck[2] = 52;
    deck[52] = 2;
    ddz_game_deal(&g, &o, deck, 1, 0);
    assert_true(ddz_cards_has(g.bottom, 2));
    assert_int_equal(g.turn, 1);
    int in_bottom = 0;
    for (uint64_t seed = 0; seed < 300; seed++) {
        DdzRng rng;
        ddz_rng_seed(&rng, seed);
        int first = (int)(seed % 3);
        ddz_game_new(&g, &o, &rng, first);
        if (ddz_cards_has(g.bottom, 2)) {
            in_bottom++;
            assert_int_equal(g.turn, first);
        } else {
            assert_true(ddz_cards_has(g.hand[g.turn], 2));
        }
        assert_true(ddz_game_ok(&g));
    }
    assert_true(in_bottom > 0);
}

static void first_revealed_holder_of_revealed_card_bids_first(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.first_bidder = DDZ_FIRST_REVEALED;
    DdzCard deck[DDZ_CARD_NB];
    for (int i = 0; i < DDZ_CARD_NB; i++)
        deck[i] = 53 - i;
    DdzGame g;
    /* Plain dealing: position i goes to seat i % 3; deck[i] = 53 - i. */
    static const int idx[] = {0, 4, 50, 25};
    for (size_t k = 0; k < sizeof idx / sizeof idx[0]; k++) {
        ddz_game_deal(&g, &o, deck, 0, idx[k]);
        assert_int_equal(g.revealed, 53 - idx[k]);
        assert_int_equal(g.turn, idx[k] % 3);
        assert_true(ddz_cards_has(g.hand[g.turn], g.revealed));
        assert_true(ddz_game_ok(&g));
    }
    DdzCards seen = 0;
    for (uint64_t seed = 0; seed < 300; seed++) {
        DdzRng rng;
        ddz_rng_seed(&rng, seed);
        ddz_game_new(&g, &o, &rng, (int)(seed % 3));
        assert_true(g.revealed >= 0 && g.revealed < DDZ_CARD_NB);
        assert_false(ddz_cards_has(g.bottom, g.revealed));
        assert_true(ddz_cards_has(g.hand[g.turn], g.revealed));
        seen |= ddz_cards_of(g.revealed);
        DdzView v;
        ddz_game_view(&g, (g.turn + 1) % 3, &v);
        assert_int_equal(v.revealed, g.revealed);
    }
    assert_true(ddz_cards_size(seen) > 40);
}

/* Bidding, points -------------------------------------------------------------------------------*/

static void bid_points_rise_strictly_and_a_bid_not_above_the_best_is_refused(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_game(&g, &o, 0, 0);
    assert_values(&g, DDZ_ACT_BID, "0123");
    apply_ok(&g, ddz_action_bid(0, 2));
    assert_int_equal(g.phase, DDZ_PHASE_BID);
    assert_int_equal(g.turn, 1);
    assert_int_equal(g.bid, 2);
    assert_int_equal(g.bidder, 0);
    assert_values(&g, DDZ_ACT_BID, "03");
    apply_refused(&g, ddz_action_bid(1, 1));
    apply_refused(&g, ddz_action_bid(1, 2));
    apply_refused(&g, ddz_action_bid(1, 4));
    apply_ok(&g, ddz_action_bid(1, 0));
    assert_int_equal(g.turn, 2);
    assert_values(&g, DDZ_ACT_BID, "03");
}

static void bid_three_ends_bidding_and_the_bidder_takes_the_bottom(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    for (int first = 0; first < DDZ_SEAT_NB; first++) {
        DdzGame g;
        scenario_game(&g, &o, first, first);
        DdzCards bottom = g.bottom, dealt = g.hand[first];
        DdzView v;
        ddz_game_view(&g, (first + 1) % 3, &v);
        assert_int_equal(v.bottom, 0);
        apply_ok(&g, ddz_action_bid(first, 3));
        assert_int_equal(g.phase, DDZ_PHASE_PLAY);
        assert_int_equal(g.landlord, first);
        assert_int_equal(g.bid, 3);
        assert_int_equal(g.turn, first);
        assert_int_equal(g.hand[first], dealt | bottom);
        assert_int_equal(ddz_cards_size(g.hand[first]), 20);
        assert_int_equal(g.dealt[first], dealt);
        ddz_game_view(&g, (first + 1) % 3, &v);
        assert_int_equal(v.bottom, bottom);
        assert_int_equal(v.count[first], 20);
        assert_int_equal(v.landlord, first);
    }
}

static void bid_highest_of_three_speakers_becomes_landlord(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_game(&g, &o, 1, 0);
    apply_ok(&g, ddz_action_bid(0, 1));
    apply_ok(&g, ddz_action_bid(1, 2));
    assert_int_equal(g.phase, DDZ_PHASE_BID);
    apply_ok(&g, ddz_action_bid(2, 0));
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(g.landlord, 1);
    assert_int_equal(g.bid, 2);
    assert_int_equal(g.turn, 1);
    assert_int_equal(ddz_cards_size(g.hand[1]), 20);
    play_line(&g, LINE_WIN);
    DdzResult r = result_of(&g);
    assert_int_equal(r.base, 2);
    assert_scores(&r, -2, 4, -2);

    /* First bidder 2: order 2, 0, 1; a single bid of 1 by seat 0 wins. */
    scenario_game(&g, &o, 0, 2);
    apply_ok(&g, ddz_action_bid(2, 0));
    apply_ok(&g, ddz_action_bid(0, 1));
    assert_int_equal(g.turn, 1);
    apply_ok(&g, ddz_action_bid(1, 0));
    assert_int_equal(g.landlord, 0);
    assert_int_equal(g.bid, 1);
    assert_int_equal(g.turn, 0);
}

static void bid_all_pass_is_a_redeal(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_game(&g, &o, 0, 1);
    apply_ok(&g, ddz_action_bid(1, 0));
    apply_ok(&g, ddz_action_bid(2, 0));
    apply_ok(&g, ddz_action_bid(0, 0));
    assert_int_equal(g.phase, DDZ_PHASE_REDEAL);
    DdzResult r;
    assert_int_equal(ddz_game_result(&g, &r), -1);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        apply_refused(&g, ddz_action_bid(s, 1));
    apply_refused(&g, ddz_action_play(g.turn, parse_move(&g, "3"), 0));
}

static void bid_forced_last_seat_must_bid_one_after_two_passes(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.forced_bid = true;
    DdzGame g;
    scenario_game(&g, &o, 2, 0);
    apply_ok(&g, ddz_action_bid(0, 0));
    apply_ok(&g, ddz_action_bid(1, 0));
    assert_values(&g, DDZ_ACT_BID, "1");
    apply_refused(&g, ddz_action_bid(2, 0));
    apply_refused(&g, ddz_action_bid(2, 2));
    apply_ok(&g, ddz_action_bid(2, 1));
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(g.landlord, 2);
    assert_int_equal(g.bid, 1);
    play_line(&g, LINE_WIN);
    DdzResult r = result_of(&g);
    assert_scores(&r, -1, -1, 2);

    /* Only after two passes; and without the option the third seat may pass. */
    scenario_game(&g, &o, 2, 0);
    apply_ok(&g, ddz_action_bid(0, 1));
    apply_ok(&g, ddz_action_bid(1, 0));
    assert_values(&g, DDZ_ACT_BID, "023");
    o.forced_bid = false;
    scenario_game(&g, &o, 2, 0);
    apply_ok(&g, ddz_action_bid(0, 0));
    apply_ok(&g, ddz_action_bid(1, 0));
    assert_values(&g, DDZ_ACT_BID, "0123");
}

static void bid_must_bid_strong_hand_may_not_pass(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.must_bid = true;
    DdzGame g;
    /* Seat 0 holds the rocket, seat 2 the bomb 2222 (four 2s); seat 1 nothing strong. */
    scenario_game(&g, &o, 0, 0);
    assert_true(ddz_hand_is_strong(g.hand[0]));
    assert_false(ddz_hand_is_strong(g.hand[1]));
    assert_true(ddz_hand_is_strong(g.hand[2]));
    assert_values(&g, DDZ_ACT_BID, "123");
    apply_refused(&g, ddz_action_bid(0, 0));
    apply_ok(&g, ddz_action_bid(0, 1));
    assert_values(&g, DDZ_ACT_BID, "023");
    apply_ok(&g, ddz_action_bid(1, 0));
    assert_values(&g, DDZ_ACT_BID, "23");
    apply_refused(&g, ddz_action_bid(2, 0));
    apply_ok(&g, ddz_action_bid(2, 2));
    assert_int_equal(g.landlord, 2);

    o.must_bid = false;
    scenario_game(&g, &o, 0, 0);
    assert_values(&g, DDZ_ACT_BID, "0123");
    apply_ok(&g, ddz_action_bid(0, 0));
}

static DdzCards cards_text(const char *text)
{
    return pick(DDZ_DECK, text);
}

static void hand_is_strong_for_each_competition_case(void **state)
{
    (void)state;
    static const char *const strong[] = {
        "BR",                       /* rocket */
        "2222",                     /* four 2s */
        "B22", "R22", "R222",       /* a joker + two 2s */
        "B33334444", "R5555KKKK",   /* a joker + two bombs */
        "2233334444", "22AAAA7777", /* two 2s + two bombs */
        "333344445555", "66667777AAAA",
        /* the same among other cards of a 17-card hand */
        "3456789TJQKA2BR66", "3344556677889922R", "33334444555567899",
    };
    for (size_t i = 0; i < sizeof strong / sizeof strong[0]; i++)
        if (!ddz_hand_is_strong(cards_text(strong[i])))
            fail_msg("'%s' should be strong", strong[i]);
}

static void hand_is_strong_rejects_near_misses(void **state)
{
    (void)state;
    static const char *const weak[] = {
        "",          "B",          "R",          "2",         "22",        "222",
        "B2",        "R2",         "3333",       "33334444",  "B3333",     "R2AAAA",
        "2KKKKAAAA"  /* one 2 + two bombs */,      "22KKKK"     /* two 2s + one bomb */,
        "3456789TJQKA2B667", "33445566778899TTJ",
    };
    for (size_t i = 0; i < sizeof weak / sizeof weak[0]; i++)
        if (ddz_hand_is_strong(cards_text(weak[i])))
            fail_msg("'%s' should not be strong", weak[i]);
}

static void action_out_of_turn_is_refused_with_a_reason(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_game(&g, &o, 0, 0);
    DdzError e = apply_refused(&g, ddz_action_bid(1, 1));
    assert_non_null(strstr(e.msg, "turn"));
    apply_refused(&g, ddz_action_bid(2, 3));
    apply_ok(&g, ddz_action_bid(0, 3));
    e = play_refused(&g, 1, "3");
    assert_non_null(strstr(e.msg, "turn"));
    play(&g, "3");
    play_refused(&g, 0, "4");
    play_refused(&g, 2, "Q");
}

static void action_of_the_wrong_kind_for_the_phase_is_refused(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_game(&g, &o, 0, 0);
    /* Bidding: no play, no double, no show without the option, nothing out of range. */
    play_refused(&g, 0, "3");
    apply_refused(&g, ddz_action_double(0, 1));
    apply_refused(&g, ddz_action_show(0));
    DdzAction bad = ddz_action_bid(0, 1);
    bad.kind = DDZ_ACT_KIND_NB;
    apply_refused(&g, bad);
    bad = ddz_action_bid(0, 1);
    bad.seat = 3;
    apply_refused(&g, bad);
    bad.seat = DDZ_NO_SEAT;
    apply_refused(&g, bad);
    apply_ok(&g, ddz_action_bid(0, 3));
    /* Play (no doubling option): no bid, no double. */
    apply_refused(&g, ddz_action_bid(0, 1));
    apply_refused(&g, ddz_action_double(0, 0));
    apply_refused(&g, ddz_action_double(0, 1));
    play_line(&g, LINE_WIN);
    /* Over: nothing at all. */
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        apply_refused(&g, ddz_action_play(s, ddz_move_pass(), 0));
        apply_refused(&g, ddz_action_bid(s, 1));
        apply_refused(&g, ddz_action_double(s, 1));
    }
}

/* Bidding, rob flow -----------------------------------------------------------------------------*/

static DdzOptions rob_options(void)
{
    DdzOptions o = ddz_options_default();
    o.bid_mode = DDZ_BID_ROB;
    return o;
}

static void rob_caller_is_landlord_when_nobody_robs(void **state)
{
    (void)state;
    DdzOptions o = rob_options();
    assert_int_equal(o.base, 1);
    DdzGame g;
    scenario_game(&g, &o, 0, 0);
    assert_values(&g, DDZ_ACT_BID, "01");
    apply_refused(&g, ddz_action_bid(0, 2));
    apply_ok(&g, ddz_action_bid(0, 1));
    assert_int_equal(g.phase, DDZ_PHASE_BID);
    assert_int_equal(g.turn, 1);
    assert_values(&g, DDZ_ACT_BID, "01");
    apply_ok(&g, ddz_action_bid(1, 0));
    assert_int_equal(g.phase, DDZ_PHASE_BID);
    assert_int_equal(g.turn, 2);
    apply_ok(&g, ddz_action_bid(2, 0));
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(g.landlord, 0);
    assert_int_equal(g.robs, 0);
    assert_int_equal(g.turn, 0);
    assert_int_equal(ddz_cards_size(g.hand[0]), 20);
    play_line(&g, LINE_WIN);
    DdzResult r = result_of(&g);
    assert_int_equal(r.base, 1);
    assert_int_equal(r.multiple, 1);
    assert_scores(&r, 2, -1, -1);
}

static void rob_each_rob_doubles_and_the_last_robber_is_landlord(void **state)
{
    (void)state;
    DdzOptions o = rob_options();
    DdzGame g;
    scenario_game(&g, &o, 2, 0);
    apply_ok(&g, ddz_action_bid(0, 1));
    apply_ok(&g, ddz_action_bid(1, 1));
    assert_int_equal(g.robs, 1);
    assert_int_equal(g.phase, DDZ_PHASE_BID);
    apply_ok(&g, ddz_action_bid(2, 1));
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(g.landlord, 2);
    assert_int_equal(g.robs, 2);
    assert_int_equal(g.turn, 2);
    play_line(&g, LINE_WIN);
    DdzResult r = result_of(&g);
    assert_int_equal(r.base, 1);
    assert_int_equal(r.multiple, 4);
    assert_scores(&r, -4, -4, 8);

    /* One rob, then the last seat declines: the robber. T = 2; the farmers win 2 each. */
    scenario_game(&g, &o, 1, 0);
    apply_ok(&g, ddz_action_bid(0, 1));
    apply_ok(&g, ddz_action_bid(1, 1));
    apply_ok(&g, ddz_action_bid(2, 0));
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(g.landlord, 1);
    assert_int_equal(g.robs, 1);
    play_line(&g, LINE_LOSE);
    r = result_of(&g);
    assert_int_equal(r.multiple, 2);
    assert_false(r.landlord_won);
    assert_scores(&r, 2, -4, 2);
}

static void rob_a_seat_that_declined_to_call_may_not_rob(void **state)
{
    (void)state;
    DdzOptions o = rob_options();
    DdzGame g;
    /* 0 declines, 1 calls, 2 robs: 0 may not rob, so 2 is landlord at once. */
    scenario_game(&g, &o, 2, 0);
    apply_ok(&g, ddz_action_bid(0, 0));
    apply_ok(&g, ddz_action_bid(1, 1));
    apply_ok(&g, ddz_action_bid(2, 1));
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(g.landlord, 2);
    assert_int_equal(g.robs, 1);
    apply_refused(&g, ddz_action_bid(0, 1));
    /* 0 and 1 decline, 2 calls: nobody may rob. */
    scenario_game(&g, &o, 2, 0);
    apply_ok(&g, ddz_action_bid(0, 0));
    apply_ok(&g, ddz_action_bid(1, 0));
    apply_ok(&g, ddz_action_bid(2, 1));
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(g.landlord, 2);
    assert_int_equal(g.robs, 0);
    play_line(&g, LINE_WIN);
    DdzResult r = result_of(&g);
    assert_int_equal(r.multiple, 1);
    assert_scores(&r, -1, -1, 2);
}

static void rob_all_decline_is_a_redeal(void **state)
{
    (void)state;
    DdzOptions o = rob_options();
    DdzGame g;
    scenario_game(&g, &o, 0, 2);
    apply_ok(&g, ddz_action_bid(2, 0));
    apply_ok(&g, ddz_action_bid(0, 0));
    apply_ok(&g, ddz_action_bid(1, 0));
    assert_int_equal(g.phase, DDZ_PHASE_REDEAL);
    DdzResult r;
    assert_int_equal(ddz_game_result(&g, &r), -1);
}

static void rob_base_comes_from_the_options(void **state)
{
    (void)state;
    DdzOptions o = rob_options();
    o.base = 2;
    DdzGame g;
    scenario_game(&g, &o, 1, 0);
    apply_ok(&g, ddz_action_bid(0, 1));
    apply_ok(&g, ddz_action_bid(1, 1));
    apply_ok(&g, ddz_action_bid(2, 0));
    assert_int_equal(g.landlord, 1);
    play_line(&g, LINE_WIN);
    DdzResult r = result_of(&g);
    assert_int_equal(r.base, 2);
    assert_int_equal(r.multiple, 2);
    assert_scores(&r, -4, 8, -4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(new_deals_17_each_and_3_bottom_as_a_partition_of_the_deck),
        cmocka_unit_test(new_same_seed_same_deal_and_different_seeds_differ),
        cmocka_unit_test(deal_plain_gives_each_seat_every_third_card),
        cmocka_unit_test(deal_packets_gives_two_cards_then_three_cards_five_times),
        cmocka_unit_test(new_packet_deal_differs_from_plain_deal_of_the_same_shuffle),
        cmocka_unit_test(shuffle_is_a_reproducible_permutation),
        cmocka_unit_test(shuffle_places_cards_uniformly),
        cmocka_unit_test(shuffle_orders_three_cards_uniformly),
        cmocka_unit_test(first_given_seat_bids_first),
        cmocka_unit_test(first_heart3_holder_of_heart_three_bids_first),
        cmocka_unit_test(first_revealed_holder_of_revealed_card_bids_first),
        cmocka_unit_test(bid_points_rise_strictly_and_a_bid_not_above_the_best_is_refused),
        cmocka_unit_test(bid_three_ends_bidding_and_the_bidder_takes_the_bottom),
        cmocka_unit_test(bid_highest_of_three_speakers_becomes_landlord),
        cmocka_unit_test(bid_all_pass_is_a_redeal),
        cmocka_unit_test(bid_forced_last_seat_must_bid_one_after_two_passes),
        cmocka_unit_test(bid_must_bid_strong_hand_may_not_pass),
        cmocka_unit_test(hand_is_strong_for_each_competition_case),
        cmocka_unit_test(hand_is_strong_rejects_near_misses),
        cmocka_unit_test(action_out_of_turn_is_refused_with_a_reason),
        cmocka_unit_test(action_of_the_wrong_kind_for_the_phase_is_refused),
        cmocka_unit_test(rob_caller_is_landlord_when_nobody_robs),
        cmocka_unit_test(rob_each_rob_doubles_and_the_last_robber_is_landlord),
        cmocka_unit_test(rob_a_seat_that_declined_to_call_may_not_rob),
        cmocka_unit_test(rob_all_decline_is_a_redeal),
        cmocka_unit_test(rob_base_comes_from_the_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
