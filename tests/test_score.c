/* test_score.c -- a game's result (game.h, RULES.md §6): the base, spring and anti-spring,
 * bombs, the cap, spring_off, the leaver's penalty, the fee, 明牌, zero-sum random games and
 * the breakdown that reproduces every score. Worked out by hand from known hands. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "ddz/game.h"
#include "game_helpers.h"

/* Scoring ---------------------------------------------------------------------------------------*/

static void score_plain_games_are_two_t_for_the_landlord_and_t_per_farmer(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_WIN);
    DdzResult r = result_of(&g);
    assert_true(r.landlord_won);
    assert_false(r.spring);
    assert_false(r.anti_spring);
    assert_int_equal(r.bombs, 0);
    assert_int_equal(r.base, 3);
    assert_int_equal(r.multiple, 1);
    assert_int_equal(r.fee, 0);
    assert_int_equal(r.landlord, 0);
    assert_int_equal(r.stake[0], 0);
    assert_int_equal(r.stake[1], 3);
    assert_int_equal(r.stake[2], 3);
    assert_scores(&r, 6, -3, -3);

    scenario_bid3(&g, &o);
    play_line(&g, LINE_LOSE);
    r = result_of(&g);
    assert_false(r.landlord_won);
    assert_false(r.spring);
    assert_false(r.anti_spring);
    assert_int_equal(r.multiple, 1);
    assert_scores(&r, -6, 3, 3);
}

static void score_base_is_the_winning_bid(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    for (int b = 1; b <= 3; b++) {
        DdzGame g;
        scenario_game(&g, &o, 0, 0);
        apply_ok(&g, ddz_action_bid(0, b));
        if (b < 3) {
            apply_ok(&g, ddz_action_bid(1, 0));
            apply_ok(&g, ddz_action_bid(2, 0));
        }
        assert_int_equal(g.landlord, 0);
        play_line(&g, LINE_WIN);
        DdzResult r = result_of(&g);
        assert_int_equal(r.base, b);
        assert_scores(&r, 2 * b, -b, -b);
    }
}

static void score_spring_doubles_and_is_flagged(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_SPRING);
    DdzResult r = result_of(&g);
    assert_true(r.landlord_won);
    assert_true(r.spring);
    assert_false(r.anti_spring);
    assert_int_equal(r.bombs, 0);
    assert_int_equal(r.multiple, 2);
    assert_scores(&r, 12, -6, -6);
}

static void score_anti_spring_doubles_and_is_flagged(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_ANTI_SPRING);
    DdzResult r = result_of(&g);
    assert_false(r.landlord_won);
    assert_false(r.spring);
    assert_true(r.anti_spring);
    assert_int_equal(r.multiple, 2);
    assert_scores(&r, -12, 6, 6);
}

static void score_each_bomb_and_rocket_doubles(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    DdzResult r;
    /* Bomb and rocket, the landlord wins, no spring: T = 3 × 4. */
    scenario_bid3(&g, &o);
    play_line(&g, LINE_BOMBS_WIN);
    r = result_of(&g);
    assert_int_equal(r.bombs, 2);
    assert_int_equal(g.bombs, 2);
    assert_false(r.spring);
    assert_int_equal(r.multiple, 4);
    assert_scores(&r, 24, -12, -12);
    /* One bomb, the farmers win, the landlord played three times: T = 3 × 2. */
    scenario_bid3(&g, &o);
    play_line(&g, LINE_BOMB_LOSE);
    r = result_of(&g);
    assert_int_equal(r.bombs, 1);
    assert_false(r.anti_spring);
    assert_false(r.landlord_won);
    assert_int_equal(r.multiple, 2);
    assert_scores(&r, -12, 6, 6);
    /* Spring ending with the rocket: T = 3 × 2 × 2. */
    scenario_bid3(&g, &o);
    play_line(&g, LINE_SPRING_ROCKET);
    r = result_of(&g);
    assert_int_equal(r.bombs, 1);
    assert_true(r.spring);
    assert_int_equal(r.multiple, 4);
    assert_scores(&r, 24, -12, -12);
}

static void assert_stakes(const DdzResult *r, int cap, int s0, int s1, int s2)
{
    if (r->cap != cap || r->stake[0] != s0 || r->stake[1] != s1 || r->stake[2] != s2)
        fail_msg("cap/stakes: want %d / %d %d %d, got %d / %d %d %d", cap, s0, s1, s2, r->cap, r->stake[0],
                 r->stake[1], r->stake[2]);
}

/* RULES §6: the cap bounds each side's total; the farmers' stakes are scaled by C / |L|,
 * rounded down, the remainder to the larger stake (the farmer who plays second on a tie). */
static void score_cap_bounds_each_sides_total(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    DdzResult r;
    /* The issue's case: cap 4, T = 3: stakes 3 + 3 = 6 > 4, scaled to 2 + 2; the landlord
     * pays 4, not 8 (nor 6). */
    o.cap = 4;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_LOSE);
    r = result_of(&g);
    assert_stakes(&r, 4, 0, 2, 2);
    assert_int_equal(r.uncapped[1], 3);
    assert_scores(&r, -4, 2, 2);
    /* Cap 5, T = 12: 24 > 5; 12 × 5 / 24 = 2.5 -> 2 each, the remainder 1 to seat 2 on the tie. */
    o.cap = 5;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_BOMBS_WIN);
    r = result_of(&g);
    assert_stakes(&r, 5, 0, 2, 3);
    assert_scores(&r, 5, -2, -3);
    /* Cap 5, T = 3, farmers win: 6 > 5; 2.5 -> 2 each, remainder to seat 2. */
    scenario_bid3(&g, &o);
    play_line(&g, LINE_LOSE);
    r = result_of(&g);
    assert_scores(&r, -5, 2, 3);
    /* Cap 6, T = 3: 6 is not above 6: untouched, no cap reported. */
    o.cap = 6;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_LOSE);
    r = result_of(&g);
    assert_stakes(&r, 0, 0, 3, 3);
    assert_scores(&r, -6, 3, 3);
    /* Farmer doubling: seat 1 doubled and was redoubled (12), seat 2 stays 3: 15. Cap 7:
     * 12 × 7 / 15 = 5.6 -> 5, 3 × 7 / 15 = 1.4 -> 1, the remainder 1 to the larger (seat 1). */
    o.cap = 7;
    o.double_mode = DDZ_DOUBLE_FARMER;
    scenario_bid3(&g, &o);
    apply_ok(&g, ddz_action_double(1, 1));
    apply_ok(&g, ddz_action_double(2, 0));
    apply_ok(&g, ddz_action_double(0, 1));
    play_line(&g, LINE_WIN);
    r = result_of(&g);
    assert_int_equal(r.stake_factor[1], 4);
    assert_int_equal(r.stake_factor[2], 1);
    assert_int_equal(r.doubling[0], 2);
    assert_int_equal(r.doubling[1], 2);
    assert_int_equal(r.doubling[2], 1);
    assert_stakes(&r, 7, 0, 6, 1);
    assert_scores(&r, 7, -6, -1);
    /* Cap 5 on 12 + 3: 4 and 1 exactly. */
    o.cap = 5;
    scenario_bid3(&g, &o);
    apply_ok(&g, ddz_action_double(1, 1));
    apply_ok(&g, ddz_action_double(2, 0));
    apply_ok(&g, ddz_action_double(0, 1));
    play_line(&g, LINE_WIN);
    r = result_of(&g);
    assert_scores(&r, 5, -4, -1);
    /* The cap comes before the fee: cap 5, fee 50%: the landlord wins 5, keeps 3. */
    o = ddz_options_default();
    o.cap = 5;
    o.fee_percent = 50;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_BOMBS_WIN);
    r = result_of(&g);
    assert_int_equal(r.fee, 2);
    assert_scores(&r, 3, -2, -3);
    /* No cap (0): T = 12 in full. */
    o = ddz_options_default();
    scenario_bid3(&g, &o);
    play_line(&g, LINE_BOMBS_WIN);
    r = result_of(&g);
    assert_scores(&r, 24, -12, -12);
}

/* Competition scoring counts bombs and rockets only (RULES §6). */
static void score_spring_off_counts_bombs_only(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.spring_off = true;
    DdzGame g;
    DdzResult r;
    /* Spring ending with the rocket: T = 3 × 2 (the rocket), not × 4. */
    scenario_bid3(&g, &o);
    play_line(&g, LINE_SPRING_ROCKET);
    r = result_of(&g);
    assert_true(r.spring);
    assert_int_equal(r.spring_factor, 1);
    assert_int_equal(r.rockets, 1);
    assert_int_equal(r.multiple, 2);
    assert_scores(&r, 12, -6, -6);
    /* Anti-spring: T = 3. */
    scenario_bid3(&g, &o);
    play_line(&g, LINE_ANTI_SPRING);
    r = result_of(&g);
    assert_true(r.anti_spring);
    assert_int_equal(r.multiple, 1);
    assert_scores(&r, -6, 3, 3);
    /* Bombs still double: 2222 and the rocket, T = 12. */
    scenario_bid3(&g, &o);
    play_line(&g, LINE_BOMBS_WIN);
    r = result_of(&g);
    assert_int_equal(r.bombs, 2);
    assert_int_equal(r.rockets, 1);
    assert_scores(&r, 24, -12, -12);
    /* With spring on, the same spring doubles: T = 12. */
    o.spring_off = false;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_SPRING_ROCKET);
    r = result_of(&g);
    assert_int_equal(r.spring_factor, 2);
    assert_scores(&r, 24, -12, -12);
}

/* RULES §7: an abandoned seat loses 10 × base whatever the result, unaffected by bombs or
 * spring; the others get their normal results; the house balances. */
static void score_leaver_penalty_is_ten_times_the_base(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.leaver_penalty = true;
    DdzGame g;
    DdzResult r;
    DdzError err;
    /* The landlord (B = 3) leaves and wins anyway with bombs (normal 24, -12, -12): it gets
     * -30, the farmers still -12 each, the house takes 54. */
    scenario_bid3(&g, &o);
    assert_int_equal(ddz_game_abandon(&g, 0, &err), 0);
    play_line(&g, LINE_BOMBS_WIN);
    r = result_of(&g);
    assert_true(r.abandoned[0]);
    assert_int_equal(r.penalty[0], 30);
    assert_int_equal(r.leaver[0], -54);
    assert_int_equal(r.house, 54);
    assert_scores(&r, -30, -12, -12);
    /* Farmer seat 1 leaves and its side wins (normal -6, 3, 3): -30 for it, seat 2 still 3,
     * the landlord still -6; the house takes 33. Marking twice changes nothing. */
    scenario_bid3(&g, &o);
    play_line(&g, "3 J pass B");
    assert_int_equal(ddz_game_abandon(&g, 1, &err), 0);
    assert_int_equal(ddz_game_abandon(&g, 1, &err), 0);
    play_line(&g, "pass pass 4 T pass pass 666777888345 pass pass 999");
    r = result_of(&g);
    assert_scores(&r, -6, -30, 3);
    assert_int_equal(r.house, 33);
    /* Spring with the rocket, T = 12 (normal 24, -12, -12); farmer seat 2 left before the
     * first play: it gets -30, the house takes the 18 more than its normal loss. */
    scenario_bid3(&g, &o);
    assert_int_equal(ddz_game_abandon(&g, 2, &err), 0);
    play_line(&g, LINE_SPRING_ROCKET);
    r = result_of(&g);
    assert_scores(&r, 24, -12, -30);
    assert_int_equal(r.house, 18);
    /* Without the option the seat is marked but keeps its normal result. */
    o.leaver_penalty = false;
    scenario_bid3(&g, &o);
    assert_int_equal(ddz_game_abandon(&g, 0, &err), 0);
    play_line(&g, LINE_BOMBS_WIN);
    r = result_of(&g);
    assert_true(r.abandoned[0]);
    assert_int_equal(r.penalty[0], 0);
    assert_int_equal(r.house, 0);
    assert_scores(&r, 24, -12, -12);
    /* Refusals: a bad seat, a finished game. */
    assert_int_equal(ddz_game_abandon(&g, 3, &err), -1);
    assert_non_null(strstr(err.msg, "seat 3"));
    assert_int_equal(ddz_game_abandon(&g, 1, &err), -1);
    assert_non_null(strstr(err.msg, "over"));
}

/* The house gives: the landlord loses 48 (T = 24 with a farmer's double) but leaves: it pays
 * 30 only, the farmers still win their stakes, the house pays 18. */
static void score_leaver_house_gives_the_difference(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.leaver_penalty = true;
    o.double_mode = DDZ_DOUBLE_FARMER;
    DdzGame g;
    DdzResult r;
    DdzError err;
    /* B = 3, one bomb (T = 6); seat 1 doubled, the landlord redoubled: stakes 24 and 6. */
    scenario_bid3(&g, &o);
    apply_ok(&g, ddz_action_double(1, 1));
    apply_ok(&g, ddz_action_double(2, 0));
    apply_ok(&g, ddz_action_double(0, 1));
    assert_int_equal(ddz_game_abandon(&g, 0, &err), 0);
    play_line(&g, LINE_BOMB_LOSE);
    r = result_of(&g);
    assert_int_equal(r.raw[0], -30);
    assert_scores(&r, -30, 24, 6);
    assert_int_equal(r.house, 0);
    /* The same with seat 2 doubling too: stakes 24 + 24 = 48; the landlord pays 30, the house 18. */
    scenario_bid3(&g, &o);
    apply_ok(&g, ddz_action_double(1, 1));
    apply_ok(&g, ddz_action_double(2, 1));
    apply_ok(&g, ddz_action_double(0, 1));
    assert_int_equal(ddz_game_abandon(&g, 0, &err), 0);
    play_line(&g, LINE_BOMB_LOSE);
    r = result_of(&g);
    assert_int_equal(r.raw[0], -48);
    assert_int_equal(r.leaver[0], 18);
    assert_int_equal(r.house, -18);
    assert_scores(&r, -30, 24, 24);
}

/* Only cases where the fee is a whole number: the header does not say how a fraction is
 * rounded. */
static void score_fee_takes_a_percent_of_each_winners_gain(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    DdzResult r;
    /* Landlord gains 24 (T = 12); 25% of it is 6. */
    o.fee_percent = 25;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_SPRING_ROCKET);
    r = result_of(&g);
    assert_int_equal(r.fee, 6);
    assert_scores(&r, 18, -12, -12);
    /* Farmers gain 6 each (anti-spring, T = 6); 50% is 3 each. */
    o.fee_percent = 50;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_ANTI_SPRING);
    r = result_of(&g);
    assert_int_equal(r.fee, 6);
    assert_scores(&r, -12, 3, 3);
    /* 100%: the winner keeps nothing. */
    o.fee_percent = 100;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_WIN);
    r = result_of(&g);
    assert_int_equal(r.fee, 6);
    assert_scores(&r, 0, -3, -3);
    /* 0: no fee. */
    o.fee_percent = 0;
    scenario_bid3(&g, &o);
    play_line(&g, LINE_WIN);
    r = result_of(&g);
    assert_int_equal(r.fee, 0);
    assert_scores(&r, 6, -3, -3);
}

static void score_results_sum_to_zero_in_random_games(void **state)
{
    (void)state;
    int over = 0;
    for (int i = 0; i < 120; i++) {
        DdzOptions o = mixed_options(i);
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, 1000 + (uint64_t)i);
        ddz_game_new(&g, &o, &rng, i % 3);
        while (is_live(&g))
            apply_ok(&g, random_action(&g, &rng));
        if (g.phase == DDZ_PHASE_OVER) {
            DdzResult r = result_of(&g);
            over++;
            int l = r.landlord;
            assert_int_equal(r.stake[l], 0);
            assert_true(r.fee >= 0);
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                if (s == l)
                    continue;
                assert_true(r.stake[s] > 0);
                if (o.cap > 0)
                    assert_true(r.stake[s] <= o.cap);
                /* A farmer's result is its stake, less the fee when it won. */
                if (r.landlord_won)
                    assert_int_equal(r.score[s], -r.stake[s]);
                else
                    assert_true(r.score[s] <= r.stake[s] && r.score[s] >= 0);
            }
            if (r.landlord_won)
                assert_true(r.score[l] <= r.stake[(l + 1) % 3] + r.stake[(l + 2) % 3]);
            else
                assert_int_equal(r.score[l], -(r.stake[(l + 1) % 3] + r.stake[(l + 2) % 3]));
            if (o.fee_percent == 0)
                assert_int_equal(r.fee, 0);
        } else {
            assert_int_equal(g.phase, DDZ_PHASE_REDEAL);
        }
    }
    assert_true(over > 60);
}

/* Every factor of the breakdown, multiplied out as game.h says, gives each seat's score, over
 * random games of every option mix with cap, spring off, fee and abandoned seats. */
static void score_breakdown_reproduces_every_score(void **state)
{
    (void)state;
    int over = 0, capped = 0, penalised = 0;
    for (int i = 0; i < 600; i++) {
        DdzOptions o = mixed_options(i);
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, 77000 + (uint64_t)i);
        o.spring_off = i % 5 == 1;
        o.leaver_penalty = i % 4 != 0;
        o.cap = i % 3 == 0 ? 1 + (int)ddz_rng_below(&rng, 40) : o.cap;
        o.fee_percent = i % 8 == 5 ? (int)ddz_rng_below(&rng, 101) : o.fee_percent;
        ddz_game_new(&g, &o, &rng, i % 3);
        int leave_at = (int)ddz_rng_below(&rng, 60), leaver = (int)ddz_rng_below(&rng, 3);
        for (int k = 0; is_live(&g); k++) {
            if (k == leave_at && i % 2)
                assert_int_equal(ddz_game_abandon(&g, leaver, NULL), 0);
            apply_ok(&g, random_action(&g, &rng));
        }
        if (g.phase != DDZ_PHASE_OVER)
            continue;
        over++;
        DdzResult r = result_of(&g);
        int L = r.landlord, f[2] = {(L + 1) % 3, (L + 2) % 3};
        /* The facts against the history. */
        int bombs = 0, rockets = 0;
        for (int k = 0; k < g.nhist; k++)
            if (g.hist[k].kind == DDZ_ACT_PLAY && ddz_move_is_bomb(&g.hist[k].move)) {
                bombs++;
                rockets += g.hist[k].move.type == DDZ_ROCKET;
            }
        assert_int_equal(r.bombs, bombs);
        assert_int_equal(r.rockets, rockets);
        assert_int_equal(r.spring_factor, (r.spring || r.anti_spring) && !o.spring_off ? 2 : 1);
        /* multiple and T. */
        long long m = (1ll << (r.bombs - r.rockets)) * (1ll << r.rockets) * r.spring_factor * (1ll << r.robs) * r.show;
        assert_int_equal(r.multiple, m);
        long long T = (long long)r.base * m;
        /* Stakes, the cap. */
        long long u[2], st[2];
        for (int k = 0; k < 2; k++) {
            assert_int_equal(r.stake_factor[f[k]], r.doubling[f[k]] * (o.double_mode == DDZ_DOUBLE_FARMER && !g.dbl[f[k]] ? 1 : r.doubling[L]));
            u[k] = T * r.stake_factor[f[k]];
            assert_int_equal(r.uncapped[f[k]], u[k]);
            st[k] = u[k];
        }
        assert_int_equal(r.stake_factor[L], 0);
        if (o.cap > 0 && u[0] + u[1] > o.cap) {
            capped++;
            assert_int_equal(r.cap, o.cap);
            st[0] = u[0] * o.cap / (u[0] + u[1]);
            st[1] = u[1] * o.cap / (u[0] + u[1]);
            st[u[0] > u[1] ? 0 : 1] += o.cap - st[0] - st[1];
            assert_int_equal(r.stake[f[0]] + r.stake[f[1]], o.cap);
        } else {
            assert_int_equal(r.cap, 0);
        }
        int sign = r.landlord_won ? -1 : 1, house = 0;
        for (int k = 0; k < 2; k++) {
            assert_int_equal(r.stake[f[k]], st[k]);
            assert_int_equal(r.raw[f[k]], sign * st[k]);
        }
        assert_int_equal(r.raw[L], -sign * (st[0] + st[1]));
        for (int s = 0; s < 3; s++) {
            int fee = r.raw[s] > 0 ? (int)((long long)r.raw[s] * o.fee_percent / 100) : 0;
            assert_int_equal(r.fee_paid[s], fee);
            bool pen = o.leaver_penalty && ((g.abandoned >> s) & 1);
            assert_int_equal(r.abandoned[s], (g.abandoned >> s) & 1);
            assert_int_equal(r.penalty[s], pen ? 10 * r.base : 0);
            int want = pen ? -10 * r.base : r.raw[s] - fee;
            assert_int_equal(r.score[s], want);
            assert_int_equal(r.raw[s] - r.fee_paid[s] + r.leaver[s], r.score[s]);
            house += fee - r.leaver[s];
            penalised += pen;
        }
        assert_int_equal(r.house, house);
        assert_int_equal(r.fee, r.fee_paid[0] + r.fee_paid[1] + r.fee_paid[2]);
    }
    assert_true(over > 300);
    assert_true(capped > 30);
    assert_true(penalised > 30);
}

/* 明牌 ----------------------------------------------------------------------------------------*/

static void show_before_own_bid_triples_and_reveals_the_hand(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.show_cards = true;
    DdzGame g;
    scenario_game(&g, &o, 0, 0);
    apply_ok(&g, ddz_action_show(0));
    assert_int_equal(g.shown[0], 3);
    assert_int_equal(g.turn, 0);
    assert_int_equal(g.phase, DDZ_PHASE_BID);
    DdzView v;
    ddz_game_view(&g, 1, &v);
    assert_int_equal(v.shown[0], g.hand[0]);
    assert_int_equal(v.shown[1], 0);
    assert_int_equal(v.shown[2], 0);
    apply_ok(&g, ddz_action_bid(0, 3));
    ddz_game_view(&g, 2, &v);
    assert_int_equal(v.shown[0], g.hand[0]);
    assert_int_equal(ddz_cards_size(v.shown[0]), 20);
    play(&g, "334455");
    ddz_game_view(&g, 2, &v);
    assert_int_equal(v.shown[0], g.hand[0]);
    play_line(&g, "pass TTJJQQ pass pass K B pass pass 3456789TJQKA pass pass R");
    DdzResult r = result_of(&g);
    assert_int_equal(r.multiple, 3);
    assert_scores(&r, 18, -9, -9);
}

static void show_by_landlord_before_first_play_doubles(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.show_cards = true;
    DdzGame g;
    scenario_bid3(&g, &o);
    apply_ok(&g, ddz_action_show(0));
    assert_int_equal(g.shown[0], 2);
    assert_int_equal(g.turn, 0);
    DdzView v;
    ddz_game_view(&g, 1, &v);
    assert_int_equal(v.shown[0], g.hand[0]);
    play_line(&g, LINE_WIN);
    DdzResult r = result_of(&g);
    assert_int_equal(r.multiple, 2);
    assert_scores(&r, 12, -6, -6);
}

static void show_refused_without_option_twice_or_too_late(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzGame g;
    scenario_game(&g, &o, 0, 0);
    apply_refused(&g, ddz_action_show(0));
    apply_ok(&g, ddz_action_bid(0, 3));
    apply_refused(&g, ddz_action_show(0));

    o.show_cards = true;
    scenario_game(&g, &o, 0, 0);
    apply_ok(&g, ddz_action_show(0));
    apply_refused(&g, ddz_action_show(0));
    /* After its own bid a seat may not show. */
    scenario_game(&g, &o, 0, 0);
    apply_ok(&g, ddz_action_bid(0, 1));
    apply_refused(&g, ddz_action_show(0));
    /* A farmer may not show in play; the landlord not after its first play. */
    scenario_bid3(&g, &o);
    play(&g, "3");
    apply_refused(&g, ddz_action_show(1));
    play(&g, "pass");
    play(&g, "pass");
    apply_refused(&g, ddz_action_show(0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(score_plain_games_are_two_t_for_the_landlord_and_t_per_farmer),
        cmocka_unit_test(score_base_is_the_winning_bid),
        cmocka_unit_test(score_spring_doubles_and_is_flagged),
        cmocka_unit_test(score_anti_spring_doubles_and_is_flagged),
        cmocka_unit_test(score_each_bomb_and_rocket_doubles),
        cmocka_unit_test(score_cap_bounds_each_sides_total),
        cmocka_unit_test(score_spring_off_counts_bombs_only),
        cmocka_unit_test(score_leaver_penalty_is_ten_times_the_base),
        cmocka_unit_test(score_leaver_house_gives_the_difference),
        cmocka_unit_test(score_breakdown_reproduces_every_score),
        cmocka_unit_test(score_fee_takes_a_percent_of_each_winners_gain),
        cmocka_unit_test(score_results_sum_to_zero_in_random_games),
        cmocka_unit_test(show_before_own_bid_triples_and_reveals_the_hand),
        cmocka_unit_test(show_by_landlord_before_first_play_doubles),
        cmocka_unit_test(show_refused_without_option_twice_or_too_late),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
