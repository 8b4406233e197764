/* test_game.c -- one game of Dou Dizhu (game.h) after the deal: doubling, play, undo, the
 * invariant, views and starting from hands. Most games start from known hands
 * (ddz_game_from_hands) and follow a written line of play, so every expected number below is
 * worked out by hand from RULES.md §2-§6 and game.h. (Dealing and bidding: test_deal.c;
 * scoring: test_score.c; options: test_options.c.) */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "ddz/game.h"
#include "game_helpers.h"

/* Doubling --------------------------------------------------------------------------------------*/

static void double_farmer_asks_next_farmer_then_other_then_landlord(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.double_mode = DDZ_DOUBLE_FARMER;
    for (int l = 0; l < DDZ_SEAT_NB; l++) {
        int f1 = (l + 1) % 3, f2 = (l + 2) % 3;
        DdzGame g;
        scenario_game(&g, &o, l, l);
        apply_ok(&g, ddz_action_bid(l, 3));
        assert_int_equal(g.phase, DDZ_PHASE_DOUBLE);
        assert_int_equal(g.landlord, l);
        assert_int_equal(g.turn, f1);
        assert_values(&g, DDZ_ACT_DOUBLE, "01");
        apply_refused(&g, ddz_action_double(l, 1));
        apply_refused(&g, ddz_action_double(f2, 1));
        apply_refused(&g, ddz_action_double(f1, 2));
        apply_refused(&g, ddz_action_bid(f1, 1));
        play_refused(&g, l, "3");
        apply_ok(&g, ddz_action_double(f1, 1));
        assert_int_equal(g.turn, f2);
        assert_int_equal(g.dbl[f1], 1);
        apply_ok(&g, ddz_action_double(f2, 0));
        /* One doubled: the landlord may redouble. */
        assert_int_equal(g.phase, DDZ_PHASE_DOUBLE);
        assert_int_equal(g.turn, l);
        assert_values(&g, DDZ_ACT_DOUBLE, "01");
        apply_ok(&g, ddz_action_double(l, 1));
        assert_int_equal(g.dbl[l], 1);
        assert_int_equal(g.phase, DDZ_PHASE_PLAY);
        assert_int_equal(g.turn, l);

        /* Nobody doubled: straight to play, the landlord is not asked. */
        scenario_game(&g, &o, l, l);
        apply_ok(&g, ddz_action_bid(l, 3));
        apply_ok(&g, ddz_action_double(f1, 0));
        apply_ok(&g, ddz_action_double(f2, 0));
        assert_int_equal(g.phase, DDZ_PHASE_PLAY);
        assert_int_equal(g.turn, l);
        apply_refused(&g, ddz_action_double(l, 1));
    }
}

/* Farmer doubling cases with B = 3 and T = 3: doubles of seats 1 and 2, the landlord's
 * redouble (-1: not asked), and the stakes RULES §6 gives. */
static const struct {
    int d1, d2, redouble, stake1, stake2;
} FARMER_CASES[] = {
    {0, 0, -1, 3, 3},  /* ±2T */
    {1, 0, 0, 6, 3},   /* ±3T: doubler 2T, other T */
    {1, 0, 1, 12, 3},  /* ±5T: 4T, T */
    {0, 1, 0, 3, 6},   /* ±3T */
    {0, 1, 1, 3, 12},  /* ±5T */
    {1, 1, 0, 6, 6},   /* ±4T: 2T each */
    {1, 1, 1, 12, 12}, /* ±8T: 4T each */
};

static void double_farmer_play(DdzGame *g, int k, const char *line)
{
    DdzOptions o = ddz_options_default();
    o.double_mode = DDZ_DOUBLE_FARMER;
    scenario_bid3(g, &o);
    apply_ok(g, ddz_action_double(1, FARMER_CASES[k].d1));
    apply_ok(g, ddz_action_double(2, FARMER_CASES[k].d2));
    if (FARMER_CASES[k].redouble >= 0)
        apply_ok(g, ddz_action_double(0, FARMER_CASES[k].redouble));
    assert_int_equal(g->phase, DDZ_PHASE_PLAY);
    play_line(g, line);
}

static void double_farmer_stakes_follow_rules_when_landlord_wins(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof FARMER_CASES / sizeof FARMER_CASES[0]; k++) {
        DdzGame g;
        double_farmer_play(&g, (int)k, LINE_WIN);
        DdzResult r = result_of(&g);
        int s1 = FARMER_CASES[k].stake1, s2 = FARMER_CASES[k].stake2;
        assert_true(r.landlord_won);
        assert_int_equal(r.multiple, 1);
        assert_int_equal(r.stake[0], 0);
        assert_int_equal(r.stake[1], s1);
        assert_int_equal(r.stake[2], s2);
        assert_scores(&r, s1 + s2, -s1, -s2);
    }
}

static void double_farmer_stakes_follow_rules_when_landlord_loses(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof FARMER_CASES / sizeof FARMER_CASES[0]; k++) {
        DdzGame g;
        double_farmer_play(&g, (int)k, LINE_LOSE);
        DdzResult r = result_of(&g);
        int s1 = FARMER_CASES[k].stake1, s2 = FARMER_CASES[k].stake2;
        assert_false(r.landlord_won);
        assert_int_equal(r.stake[1], s1);
        assert_int_equal(r.stake[2], s2);
        assert_scores(&r, -(s1 + s2), s1, s2);
    }
}

static void double_app_every_player_chooses_and_stakes_multiply(void **state)
{
    (void)state;
    /* Choices of seat 1, seat 2, landlord 0 (0 none, 1 ×2, 2 ×4); B = 3, T = 3. */
    static const struct {
        int d1, d2, dl, stake1, stake2;
    } cases[] = {
        {0, 0, 0, 3, 3}, {1, 0, 0, 6, 3}, {2, 1, 1, 24, 12}, {0, 2, 2, 12, 48}, {2, 2, 2, 48, 48},
    };
    DdzOptions o = ddz_options_default();
    o.double_mode = DDZ_DOUBLE_APP;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        for (int win = 0; win < 2; win++) {
            DdzGame g;
            scenario_bid3(&g, &o);
            assert_int_equal(g.phase, DDZ_PHASE_DOUBLE);
            assert_int_equal(g.turn, 1);
            assert_values(&g, DDZ_ACT_DOUBLE, "012");
            apply_refused(&g, ddz_action_double(1, 3));
            apply_ok(&g, ddz_action_double(1, cases[k].d1));
            assert_int_equal(g.turn, 2);
            apply_ok(&g, ddz_action_double(2, cases[k].d2));
            assert_int_equal(g.phase, DDZ_PHASE_DOUBLE);
            assert_int_equal(g.turn, 0);
            assert_values(&g, DDZ_ACT_DOUBLE, "012");
            apply_ok(&g, ddz_action_double(0, cases[k].dl));
            assert_int_equal(g.phase, DDZ_PHASE_PLAY);
            assert_int_equal(g.turn, 0);
            play_line(&g, win ? LINE_WIN : LINE_LOSE);
            DdzResult r = result_of(&g);
            int s1 = cases[k].stake1, s2 = cases[k].stake2, sign = win ? 1 : -1;
            assert_int_equal(r.stake[1], s1);
            assert_int_equal(r.stake[2], s2);
            assert_scores(&r, sign * (s1 + s2), -sign * s1, -sign * s2);
        }
    }
}

/* Play ------------------------------------------------------------------------------------------*/

static void play_landlord_leads_and_may_not_pass_when_leading(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_game(&g, &o, 1, 0);
    apply_ok(&g, ddz_action_bid(0, 1));
    apply_ok(&g, ddz_action_bid(1, 3));
    assert_int_equal(g.turn, 1);
    DdzMove t = ddz_game_table(&g);
    assert_int_equal(t.type, DDZ_PASS);
    assert_int_equal(g.table, -1);
    play_refused(&g, 1, "pass");
    int n = ddz_game_legal_moves(&g, g_moves);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_true(g_moves[i].type != DDZ_PASS);
    /* Leading: generation order, every move the hand holds. */
    int m = ddz_moves_generate(ddz_cards_ranks(g.hand[1]), NULL, o.rules, g_moves2);
    assert_int_equal(n, m);
    for (int i = 0; i < n; i++)
        assert_true(ddz_move_equal(&g_moves[i], &g_moves2[i]));
    play(&g, "3");
    assert_int_equal(g.turn, 2);
    /* Following: pass first, then what beats a 3. */
    n = ddz_game_legal_moves(&g, g_moves);
    assert_int_equal(g_moves[0].type, DDZ_PASS);
    DdzMove three = parse_move(&g, "3");
    m = ddz_moves_generate(ddz_cards_ranks(g.hand[2]), &three, o.rules, g_moves2);
    assert_int_equal(n, m + 1);
    for (int i = 0; i < m; i++)
        assert_true(ddz_move_equal(&g_moves[i + 1], &g_moves2[i]));
}

static void play_cards_not_in_the_hand_are_refused(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_bid3(&g, &o);
    play_refused(&g, 0, "2");
    play_refused(&g, 0, "3333");
    play_refused(&g, 0, "66");
    /* Explicit cards: 3♠ (id 3) belongs to seat 1. */
    apply_refused(&g, ddz_action_play(0, parse_move(&g, "3"), ddz_cards_of(3)));
    /* Explicit cards that are not the move's cards: 3♣ for a 4. */
    apply_refused(&g, ddz_action_play(0, parse_move(&g, "4"), ddz_cards_of(0)));
    apply_refused(&g, ddz_action_play(0, parse_move(&g, "33"), ddz_cards_of(0)));
    /* The right explicit card is taken exactly. */
    apply_ok(&g, ddz_action_play(0, parse_move(&g, "3"), ddz_cards_of(2)));
    assert_false(ddz_cards_has(g.hand[0], 2));
    assert_true(ddz_cards_has(g.hand[0], 0));
    assert_int_equal(g.hist[g.nhist - 1].cards, ddz_cards_of(2));
}

static void play_cards_that_are_no_move_are_refused(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_bid3(&g, &o);
    /* 3 and 4 are no move, whatever the reading claims. */
    DdzMove m = {tu_ranks("34"), DDZ_PAIR, 0, 1, 2};
    apply_refused(&g, ddz_action_play(0, m, 0));
    m.type = DDZ_STRAIGHT;
    m.len = 2;
    apply_refused(&g, ddz_action_play(0, m, 0));
    /* A real card set with a wrong reading: a single 4 that claims rank 9. */
    DdzMove w = parse_move(&g, "4");
    w.rank = DDZ_RANK_9;
    apply_refused(&g, ddz_action_play(0, w, 0));
    /* A pair read as a single. */
    w = parse_move(&g, "44");
    w.type = DDZ_SINGLE;
    apply_refused(&g, ddz_action_play(0, w, 0));
    /* Size that disagrees with the cards. */
    w = parse_move(&g, "44");
    w.size = 3;
    apply_refused(&g, ddz_action_play(0, w, 0));
    /* A pass in disguise: no cards but a type. */
    DdzMove z = {0, DDZ_SINGLE, 0, 1, 1};
    apply_refused(&g, ddz_action_play(0, z, 0));
}

static void play_must_beat_the_move_on_the_table(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_bid3(&g, &o);
    play(&g, "T");
    DdzMove t = ddz_game_table(&g);
    assert_int_equal(t.type, DDZ_SINGLE);
    assert_int_equal(t.rank, DDZ_RANK_T);
    DdzError e = play_refused(&g, 1, "3");
    assert_non_null(strstr(e.msg, "beat"));
    play_refused(&g, 1, "T");  /* equal does not beat */
    play_refused(&g, 1, "66"); /* another type */
    play(&g, "J");
    play_refused(&g, 2, "T");
    play(&g, "Q");
    play(&g, "B");
    play_refused(&g, 1, "T");
    play(&g, "pass");
    /* A bomb beats a single, and a single does not beat the bomb. */
    play(&g, "2222");
    assert_int_equal(g.bombs, 1);
    assert_int_equal(ddz_game_table(&g).type, DDZ_BOMB);
    e = play_refused(&g, 0, "R");
    assert_non_null(strstr(e.msg, "beat"));
    play(&g, "pass");
    play(&g, "pass");
    assert_int_equal(g.turn, 2);
}

static void play_two_passes_give_the_lead_back(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_bid3(&g, &o);
    play(&g, "3");
    assert_int_equal(g.turn, 1);
    play(&g, "pass");
    assert_int_equal(g.turn, 2);
    assert_int_equal(g.passes, 1);
    assert_int_equal(ddz_game_table(&g).type, DDZ_SINGLE);
    play(&g, "pass");
    assert_int_equal(g.turn, 0);
    assert_int_equal(g.table, -1);
    assert_int_equal(ddz_game_table(&g).type, DDZ_PASS);
    play_refused(&g, 0, "pass");
    int n = ddz_game_legal_moves(&g, g_moves);
    assert_true(n > 0);
    assert_true(g_moves[0].type != DDZ_PASS);
    /* Any legal move now, e.g. a pair after a single. */
    play(&g, "44");
    assert_int_equal(ddz_game_table(&g).type, DDZ_PAIR);
    /* One pass, a beat, then two passes: the beater leads. */
    play(&g, "pass");
    play(&g, "TT");
    play(&g, "pass");
    play(&g, "pass");
    assert_int_equal(g.turn, 2);
    assert_int_equal(ddz_game_table(&g).type, DDZ_PASS);
}

static void play_without_cards_takes_the_lowest_suits_and_history_keeps_them(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_bid3(&g, &o);
    DdzCards before = g.hand[0];
    play(&g, "334455");
    /* The landlord holds 3♣3♦3♥ 4♣4♦4♥ 5♣5♦5♥: the clubs and diamonds go. */
    DdzCards want = ddz_cards_of(0) | ddz_cards_of(1) | ddz_cards_of(4) | ddz_cards_of(5) |
                    ddz_cards_of(8) | ddz_cards_of(9);
    assert_int_equal(g.hist[g.nhist - 1].cards, want);
    assert_int_equal(g.hist[g.nhist - 1].kind, DDZ_ACT_PLAY);
    assert_int_equal(g.hist[g.nhist - 1].seat, 0);
    assert_int_equal(g.hand[0], before & ~want);
    assert_int_equal(g.plays[0], 1);
}

static void play_ends_the_moment_a_hand_is_empty(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    DdzResult r;
    scenario_bid3(&g, &o);
    play_line(&g, "334455 pass TTJJQQ pass pass K B pass pass 3456789TJQKA pass pass");
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(ddz_game_result(&g, &r), -1);
    play(&g, "R");
    assert_int_equal(g.phase, DDZ_PHASE_OVER);
    assert_int_equal(g.hand[0], 0);
    r = result_of(&g);
    assert_true(r.landlord_won);
    apply_refused(&g, ddz_action_play(1, ddz_move_pass(), 0));
    apply_refused(&g, ddz_action_play(1, parse_move(&g, "3"), 0));
    /* A farmer going out ends it too. */
    scenario_bid3(&g, &o);
    play_line(&g, LINE_ANTI_SPRING);
    assert_int_equal(g.phase, DDZ_PHASE_OVER);
    assert_int_equal(g.hand[1], 0);
    assert_int_equal(ddz_cards_size(g.hand[2]), 17);
}

static void play_all_forces_a_hand_that_is_one_move(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.play_all = true;
    DdzGame g;
    scenario_bid3(&g, &o);
    /* Not one move: anything goes. */
    int n = ddz_game_legal_moves(&g, g_moves);
    assert_true(n > 1);
    play_line(&g, "3456789TJQKA pass pass 334455 pass pass");
    /* The landlord leads holding BR: only the rocket. */
    n = ddz_game_legal_moves(&g, g_moves);
    assert_int_equal(n, 1);
    assert_int_equal(g_moves[0].type, DDZ_ROCKET);
    play_refused(&g, 0, "B");
    play_refused(&g, 0, "R");
    play(&g, "BR");
    assert_int_equal(g.phase, DDZ_PHASE_OVER);

    /* Role 1 leads holding 3 4 5 666777888999 T, one plane with kickers. */
    scenario_bid3(&g, &o);
    play_line(&g, "3 J pass pass");
    assert_int_equal(g.turn, 1);
    n = ddz_game_legal_moves(&g, g_moves);
    assert_int_equal(n, 1);
    assert_int_equal(g_moves[0].type, DDZ_PLANE_SINGLE);
    play_refused(&g, 1, "3");
    play_refused(&g, 1, "666777888999");
    play(&g, "345666777888999T");
    assert_int_equal(g.phase, DDZ_PHASE_OVER);

    /* Following: role 2 holds KKKAAA, which beats role 1's plane 666777, so it may not pass.
     * Earlier, with the same six cards, it passes singles it cannot beat; role 1 never leads
     * while its hand is one move. */
    static const char *const before_plane =
        "334455 pass TTJJQQ pass pass 2222 pass pass Q A pass pass 4 T pass Q pass pass "
        "5 J pass pass 666777";
    scenario_bid3(&g, &o);
    play_line(&g, before_plane);
    assert_int_equal(g.turn, 2);
    assert_int_equal(ddz_cards_ranks(g.hand[2]), tu_ranks("KKKAAA"));
    n = ddz_game_legal_moves(&g, g_moves);
    assert_int_equal(n, 1);
    assert_int_equal(g_moves[0].type, DDZ_PLANE);
    play_refused(&g, 2, "pass");
    play(&g, "KKKAAA");
    assert_int_equal(g.phase, DDZ_PHASE_OVER);
    DdzResult r = result_of(&g);
    assert_false(r.landlord_won);
    assert_int_equal(r.bombs, 1);
    assert_scores(&r, -12, 6, 6);

    /* Without the option the rocket may be split and the plane passed. */
    o.play_all = false;
    scenario_bid3(&g, &o);
    play_line(&g, "3456789TJQKA pass pass 334455 pass pass B");
    scenario_bid3(&g, &o);
    play_line(&g, before_plane);
    n = ddz_game_legal_moves(&g, g_moves);
    assert_int_equal(n, 2);
    assert_int_equal(g_moves[0].type, DDZ_PASS);
    play(&g, "pass");
}

/* Undo ------------------------------------------------------------------------------------------*/

static void undo_of_every_action_restores_each_earlier_state(void **state)
{
    (void)state;
    DdzGame *snap = malloc(sizeof *snap * (DDZ_MAX_ACTIONS + 1));
    assert_non_null(snap);
    int shows = 0;
    for (int i = 0; i < 60; i++) {
        DdzOptions o = mixed_options(i);
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, 77 + (uint64_t)i);
        ddz_game_new(&g, &o, &rng, i % 3);
        assert_int_equal(ddz_game_undo(&g), -1);
        int n = 0;
        snap[0] = g;
        while (is_live(&g) && n < DDZ_MAX_ACTIONS) {
            DdzError err;
            DdzAction show = ddz_action_show(g.turn);
            if (o.show_cards && ddz_rng_below(&rng, 3) == 0 &&
                ddz_game_check(&g, &show, &err) == 0) {
                apply_ok(&g, show);
                shows++;
            }
            else
                apply_ok(&g, random_action(&g, &rng));
            snap[++n] = g;
        }
        assert_false(is_live(&g));
        for (int k = n; k > 0; k--) {
            assert_same_game(&g, &snap[k]);
            assert_int_equal(ddz_game_undo(&g), 0);
            assert_true(ddz_game_ok(&g));
            assert_same_game(&g, &snap[k - 1]);
        }
        assert_int_equal(ddz_game_undo(&g), -1);
        assert_same_game(&g, &snap[0]);
    }
    free(snap);
    assert_true(shows > 0);
}

static void undo_of_the_landlord_making_bid_gives_the_bottom_back(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g, before;
    scenario_game(&g, &o, 1, 0);
    apply_ok(&g, ddz_action_bid(0, 1));
    before = g;
    apply_ok(&g, ddz_action_bid(1, 3));
    assert_int_equal(ddz_cards_size(g.hand[1]), 20);
    assert_int_equal(ddz_game_undo(&g), 0);
    assert_true(ddz_game_ok(&g));
    assert_same_game(&g, &before);
    assert_int_equal(g.hand[1], g.dealt[1]);
    assert_int_equal(ddz_cards_size(g.hand[1]), 17);
    assert_int_equal(g.phase, DDZ_PHASE_BID);
    assert_int_equal(g.turn, 1);
    assert_int_equal(g.landlord, DDZ_NO_SEAT);
    DdzView v;
    ddz_game_view(&g, 2, &v);
    assert_int_equal(v.bottom, 0);
    /* The game goes on differently after the undo. */
    apply_ok(&g, ddz_action_bid(1, 2));
    assert_int_equal(g.phase, DDZ_PHASE_BID);
    assert_int_equal(g.turn, 2);
}

static void undo_of_the_last_play_reopens_the_game(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g, before;
    scenario_bid3(&g, &o);
    play_line(&g, "3456789TJQKA pass pass 334455 pass pass");
    before = g;
    play(&g, "BR");
    assert_int_equal(g.phase, DDZ_PHASE_OVER);
    assert_int_equal(g.bombs, 1);
    assert_int_equal(ddz_game_undo(&g), 0);
    assert_same_game(&g, &before);
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(g.bombs, 0);
    play(&g, "B");
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
}

/* The invariant ---------------------------------------------------------------------------------*/

static void game_ok_detects_corrupted_states(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g, bad;
    scenario_bid3(&g, &o);
    play_line(&g, "334455 pass");
    assert_true(ddz_game_ok(&g));
    /* A card held twice. */
    bad = g;
    bad.hand[1] |= ddz_cards_of(53);
    assert_false(ddz_game_ok(&bad));
    /* A card gone. */
    bad = g;
    bad.hand[2] &= ~ddz_cards_of(48);
    assert_false(ddz_game_ok(&bad));
    /* A played card back in a hand. */
    bad = g;
    bad.hand[0] |= ddz_cards_of(0);
    assert_false(ddz_game_ok(&bad));
    /* No such seat, no such phase. */
    bad = g;
    bad.turn = 3;
    assert_false(ddz_game_ok(&bad));
    bad = g;
    bad.phase = 9;
    assert_false(ddz_game_ok(&bad));
    bad = g;
    bad.landlord = 7;
    assert_false(ddz_game_ok(&bad));
}

/* Views -----------------------------------------------------------------------------------------*/

static DdzCards played_by(const DdzGame *g, int seat)
{
    DdzCards s = 0;
    for (int i = 0; i < g->nhist; i++)
        if (g->hist[i].kind == DDZ_ACT_PLAY && g->hist[i].seat == seat)
            s |= g->hist[i].cards;
    return s;
}

/* No byte window of the view (its hist pointer aside) equals the set `cards`. A set of a
 * few low cards is a small integer that options and counts hold legitimately (base 2 reads
 * as the set {4}), so only sets of 5 cards or more are looked for. */
static void assert_no_copy_of(const DdzView *v, DdzCards cards)
{
    if (ddz_cards_size(cards) < 5)
        return;
    const unsigned char *p = (const unsigned char *)v;
    size_t h = offsetof(DdzView, hist);
    for (size_t i = 0; i + sizeof cards <= sizeof *v; i++) {
        if (i + sizeof cards > h && i < h + sizeof v->hist)
            continue;
        DdzCards x;
        memcpy(&x, p + i, sizeof x);
        if (x == cards)
            fail_msg("the view of seat %d holds a hidden hand at byte %zu", v->seat, i);
    }
}

/* Everything the view of each seat says, and that it says nothing hidden. */
static void check_views(const DdzGame *g)
{
    bool known = g->landlord < DDZ_SEAT_NB;
    DdzView v[DDZ_SEAT_NB];
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        memset(&v[s], 0, sizeof v[s]);
        ddz_game_view(g, s, &v[s]);
        const DdzView *w = &v[s];
        assert_int_equal(w->seat, s);
        assert_int_equal(w->hand, g->hand[s]);
        assert_int_equal(w->phase, g->phase);
        assert_int_equal(w->turn, g->turn);
        assert_int_equal(w->landlord, g->landlord);
        assert_int_equal(w->revealed, g->revealed);
        assert_int_equal(w->asked, g->asked);
        assert_int_equal(w->bottom, known ? g->bottom : 0);
        assert_int_equal(w->nhist, g->nhist);
        assert_true(w->hist == g->hist);
        assert_true(options_equal(&w->opt, &g->opt));
        DdzMove t = ddz_game_table(g);
        assert_true(ddz_move_equal(&w->table, &t));
        assert_int_equal(w->table_seat, g->table < 0 ? -1 : g->hist[g->table].seat);
        for (int t2 = 0; t2 < DDZ_SEAT_NB; t2++) {
            assert_int_equal(w->count[t2], ddz_cards_size(g->hand[t2]));
            assert_int_equal(w->played[t2], played_by(g, t2));
            assert_int_equal(w->shown[t2], g->shown[t2] ? g->hand[t2] : 0);
            assert_int_equal(w->dbl[t2], g->dbl[t2]);
        }
        /* Nothing of another seat's hidden cards. */
        for (int o = 0; o < DDZ_SEAT_NB; o++) {
            if (o == s || g->shown[o])
                continue;
            DdzCards hidden = g->hand[o];
            if (known && o == g->landlord)
                hidden &= ~g->bottom;
            DdzCards fields = w->hand | w->bottom;
            for (int t2 = 0; t2 < DDZ_SEAT_NB; t2++)
                fields |= w->shown[t2] | w->played[t2];
            assert_int_equal(fields & hidden, 0);
            if (hidden)
                assert_no_copy_of(w, hidden);
            if (g->hand[o] && g->hand[o] != hidden)
                assert_no_copy_of(w, g->hand[o]);
        }
    }
    /* The public part is the same for every seat. */
    for (int s = 1; s < DDZ_SEAT_NB; s++) {
        assert_int_equal(v[s].bid, v[0].bid);
        assert_int_equal(v[s].robs, v[0].robs);
        assert_int_equal(v[s].passes, v[0].passes);
        assert_int_equal(v[s].first, v[0].first);
        assert_memory_equal(v[s].count, v[0].count, sizeof v[0].count);
        for (int t2 = 0; t2 < DDZ_SEAT_NB; t2++) {
            assert_int_equal(v[s].played[t2], v[0].played[t2]);
            assert_int_equal(v[s].shown[t2], v[0].shown[t2]);
        }
    }
}

static void view_holds_own_hand_counts_and_bottom_once_landlord_known(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_game(&g, &o, 0, 0);
    check_views(&g);
    DdzView v;
    ddz_game_view(&g, 1, &v);
    assert_int_equal(v.hand, g.hand[1]);
    assert_int_equal(v.bottom, 0);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        assert_int_equal(v.count[s], 17);
        assert_int_equal(v.played[s], 0);
        assert_int_equal(v.shown[s], 0);
    }
    assert_int_equal(v.table_seat, -1);
    apply_ok(&g, ddz_action_bid(0, 3));
    check_views(&g);
    ddz_game_view(&g, 1, &v);
    assert_int_equal(v.bottom, g.bottom);
    assert_int_equal(v.count[0], 20);
    play(&g, "334455");
    check_views(&g);
    ddz_game_view(&g, 2, &v);
    assert_int_equal(v.count[0], 14);
    assert_int_equal(v.played[0], g.hist[g.nhist - 1].cards);
    assert_int_equal(v.table_seat, 0);
    assert_int_equal(v.table.type, DDZ_PAIR_CHAIN);
    assert_int_equal(v.turn, 1);
}

static void view_never_reveals_another_seats_hidden_cards(void **state)
{
    (void)state;
    int shows = 0;
    for (int i = 0; i < 40; i++) {
        DdzOptions o = mixed_options(i);
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, 5000 + (uint64_t)i);
        ddz_game_new(&g, &o, &rng, i % 3);
        check_views(&g);
        while (is_live(&g)) {
            DdzError err;
            DdzAction show = ddz_action_show(g.turn);
            if (o.show_cards && ddz_rng_below(&rng, 4) == 0 &&
                ddz_game_check(&g, &show, &err) == 0) {
                apply_ok(&g, show);
                shows++;
            }
            else
                apply_ok(&g, random_action(&g, &rng));
            check_views(&g);
        }
    }
    assert_true(shows > 0);
}

static void view_legal_moves_match_game_legal_moves(void **state)
{
    (void)state;
    for (int i = 0; i < 30; i++) {
        DdzOptions o = mixed_options(i);
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, 9000 + (uint64_t)i);
        ddz_game_new(&g, &o, &rng, i % 3);
        while (is_live(&g)) {
            if (g.phase == DDZ_PHASE_PLAY) {
                DdzView v;
                ddz_game_view(&g, g.turn, &v);
                int n = ddz_game_legal_moves(&g, g_moves);
                int m = ddz_view_legal_moves(&v, g_moves2);
                assert_int_equal(n, m);
                for (int k = 0; k < n; k++)
                    assert_true(ddz_move_equal(&g_moves[k], &g_moves2[k]));
            } else {
                int kind = g.phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
                uint8_t a[4] = {9, 9, 9, 9}, b[4] = {9, 9, 9, 9};
                DdzView v;
                ddz_game_view(&g, g.turn, &v);
                int n = ddz_game_legal_values(&g, kind, a);
                assert_int_equal(ddz_view_legal_values(&v, kind, b), n);
                assert_memory_equal(a, b, (size_t)n);
            }
            apply_ok(&g, random_action(&g, &rng));
        }
    }
}

/* Starting from hands ---------------------------------------------------------------------------*/

static void from_hands_refuses_cards_that_are_not_a_partition(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzCards hands[DDZ_SEAT_NB], bottom, h[DDZ_SEAT_NB], b;
    scenario_cards(0, hands, &bottom);
    DdzGame g;
    DdzError err;
    /* A card in two hands (and one missing). */
    memcpy(h, hands, sizeof h);
    h[1] = (h[1] & ~ddz_cards_of(3)) | ddz_cards_of(0);
    memset(&err, 0, sizeof err);
    assert_int_equal(ddz_game_from_hands(&g, &o, h, bottom, 0, &err), -1);
    assert_true(err.msg[0] != '\0');
    /* 18 and 16 cards. */
    memcpy(h, hands, sizeof h);
    DdzCards c = h[1] & -h[1];
    h[1] &= ~c;
    h[0] |= c;
    memset(&err, 0, sizeof err);
    assert_int_equal(ddz_game_from_hands(&g, &o, h, bottom, 0, &err), -1);
    assert_true(err.msg[0] != '\0');
    /* A card of the bottom also in a hand. */
    memcpy(h, hands, sizeof h);
    b = (bottom & ~(bottom & -bottom)) | (h[2] & -h[2]);
    memset(&err, 0, sizeof err);
    assert_int_equal(ddz_game_from_hands(&g, &o, h, b, 0, &err), -1);
    assert_true(err.msg[0] != '\0');
    /* A card id beyond the deck. */
    memcpy(h, hands, sizeof h);
    h[0] |= (DdzCards)1 << 60;
    memset(&err, 0, sizeof err);
    assert_int_equal(ddz_game_from_hands(&g, &o, h, bottom, 0, &err), -1);
    /* The real partition is fine and starts the bidding. */
    assert_int_equal(ddz_game_from_hands(&g, &o, hands, bottom, 2, &err), 0);
    assert_int_equal(g.phase, DDZ_PHASE_BID);
    assert_int_equal(g.turn, 2);
    assert_int_equal(g.bottom, bottom);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        assert_int_equal(g.hand[s], hands[s]);
        assert_int_equal(g.dealt[s], hands[s]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(double_farmer_asks_next_farmer_then_other_then_landlord),
        cmocka_unit_test(double_farmer_stakes_follow_rules_when_landlord_wins),
        cmocka_unit_test(double_farmer_stakes_follow_rules_when_landlord_loses),
        cmocka_unit_test(double_app_every_player_chooses_and_stakes_multiply),
        cmocka_unit_test(play_landlord_leads_and_may_not_pass_when_leading),
        cmocka_unit_test(play_cards_not_in_the_hand_are_refused),
        cmocka_unit_test(play_cards_that_are_no_move_are_refused),
        cmocka_unit_test(play_must_beat_the_move_on_the_table),
        cmocka_unit_test(play_two_passes_give_the_lead_back),
        cmocka_unit_test(play_without_cards_takes_the_lowest_suits_and_history_keeps_them),
        cmocka_unit_test(play_ends_the_moment_a_hand_is_empty),
        cmocka_unit_test(play_all_forces_a_hand_that_is_one_move),
        cmocka_unit_test(undo_of_every_action_restores_each_earlier_state),
        cmocka_unit_test(undo_of_the_landlord_making_bid_gives_the_bottom_back),
        cmocka_unit_test(undo_of_the_last_play_reopens_the_game),
        cmocka_unit_test(game_ok_detects_corrupted_states),
        cmocka_unit_test(view_holds_own_hand_counts_and_bottom_once_landlord_known),
        cmocka_unit_test(view_never_reveals_another_seats_hidden_cards),
        cmocka_unit_test(view_legal_moves_match_game_legal_moves),
        cmocka_unit_test(from_hands_refuses_cards_that_are_not_a_partition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
