/* test_rule.c -- the rule agent (rule.h): legal, finished games under every preset and rule
 * mix; decisions that depend on the view only; partner play on hand-built positions (no
 * overtaking, feeding, stopping a landlord about to go out); bids by hand strength; and a
 * self-play measurement against the random and greedy agents. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "ddz/ai.h"
#include "ddz/rule.h"
#include "positions.h"

static void new_rule(DdzAgent *a)
{
    DdzError err;
    memset(a, 0, sizeof *a);
    if (ddz_ai_agent_new(a, "rule", 1, &err) != 0)
        fail_msg("rule agent: %s", err.msg);
    assert_string_equal(a->name, "rule");
}


static DdzOptions mixed_options(DdzRuleset rules, int i)
{
    DdzOptions o = ddz_options_default();
    o.rules = rules;
    switch (i % 6) {
    case 1: o.bid_mode = DDZ_BID_ROB; break;
    case 2: o.double_mode = DDZ_DOUBLE_FARMER; break;
    case 3: o.double_mode = DDZ_DOUBLE_APP; o.forced_bid = true; break;
    case 4: o.must_bid = true; o.play_all = true; o.packet_deal = true; break;
    case 5: o.show_cards = true; o.first_bidder = DDZ_FIRST_HEART3; break;
    default: break;
    }
    return o;
}

/* Games with the rule agent in every seat, every action checked by the engine, to the end
 * (positions.h, agents_play_legal_games). */
static void rule_plays_legal_games_to_the_end(DdzRuleset rules, int games)
{
    DdzAgent rule[3];
    for (int s = 0; s < 3; s++)
        new_rule(&rule[s]);
    agents_play_legal_games(rule, rules, mixed_options, games, 1000);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&rule[s]);
}

#define LEGAL_GAMES 2000

static void rule_plays_legal_standard_games(void **state)
{
    (void)state;
    rule_plays_legal_games_to_the_end(DDZ_RULES_STANDARD, LEGAL_GAMES);
}

static void rule_plays_legal_classic_games(void **state)
{
    (void)state;
    rule_plays_legal_games_to_the_end(DDZ_RULES_CLASSIC, LEGAL_GAMES);
}

static void rule_plays_legal_douzero_games(void **state)
{
    (void)state;
    rule_plays_legal_games_to_the_end(DDZ_RULES_DOUZERO, LEGAL_GAMES);
}

static void rule_plays_legal_botzone_games(void **state)
{
    (void)state;
    rule_plays_legal_games_to_the_end(DDZ_RULES_BOTZONE, LEGAL_GAMES);
}

/* Redeals the cards seat `me` cannot see: the other two hands (less the cards known to be
 * there: a shown hand, the landlord's unplayed bottom cards) and, before the landlord is
 * known, the bottom. Played cards, counts and history stay. */
static void reshuffle_hidden(const DdzGame *g, int me, DdzRng *rng, DdzGame *out)
{
    *out = *g;
    int o[2] = {(me + 1) % 3, (me + 2) % 3};
    bool crowned = g->landlord != DDZ_NO_SEAT;
    DdzCards fixed[3] = {0, 0, 0}, pool = crowned ? 0 : g->bottom;
    for (int k = 0; k < 2; k++) {
        int s = o[k];
        if (g->shown[s])
            fixed[s] = g->hand[s];
        else if (crowned && s == g->landlord)
            fixed[s] = g->hand[s] & g->bottom;
        pool |= g->hand[s] & ~fixed[s];
    }
    int cards[DDZ_CARD_NB], n = 0;
    for (int c = 0; c < DDZ_CARD_NB; c++)
        if (ddz_cards_has(pool, c))
            cards[n++] = c;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ddz_rng_below(rng, (uint32_t)(i + 1)), t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
    int at = 0;
    for (int k = 0; k < 2; k++) {
        int s = o[k], need = ddz_cards_size(g->hand[s] & ~fixed[s]);
        DdzCards h = fixed[s];
        for (int i = 0; i < need; i++)
            h |= ddz_cards_of(cards[at++]);
        DdzCards own = g->dealt[s] | (crowned && s == g->landlord ? g->bottom : 0);
        DdzCards played = own & ~g->hand[s];
        out->hand[s] = h;
        out->dealt[s] = (h | played) & ~(crowned && s == g->landlord ? g->bottom : 0);
    }
    if (!crowned) {
        DdzCards b = 0;
        while (at < n)
            b |= ddz_cards_of(cards[at++]);
        out->bottom = b;
    }
}

static bool same_action(const DdzAction *a, const DdzAction *b)
{
    return a->kind == b->kind && a->seat == b->seat && a->value == b->value &&
           (a->kind != DDZ_ACT_PLAY || ddz_move_equal(&a->move, &b->move));
}

static void rule_decides_from_the_view_alone(void **state)
{
    (void)state;
    DdzAgent a[3], probe;
    for (int s = 0; s < 3; s++)
        new_rule(&a[s]);
    new_rule(&probe);
    DdzGame *g = test_malloc(sizeof *g), *h = test_malloc(sizeof *h);
    DdzRng rng;
    ddz_rng_seed(&rng, 77);
    DdzError err;
    int checked = 0;
    for (int i = 0; i < 60; i++) {
        DdzOptions o = mixed_options(DDZ_RULES_STANDARD, i);
        ddz_game_new(g, &o, &rng, i % 3);
        while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY) {
            int me = g->turn;
            DdzAction want = decide(&a[me], g);
            for (int k = 0; k < 3; k++) {
                reshuffle_hidden(g, me, &rng, h);
                assert_true(ddz_game_ok(h));
                DdzView v1, v2;
                ddz_game_view(g, me, &v1);
                ddz_game_view(h, me, &v2);
                assert_true(v1.hand == v2.hand && v1.bottom == v2.bottom);
                DdzAction got = decide(&probe, h);
                if (!same_action(&want, &got))
                    fail_msg("game %d, seat %d: the decision changed with cards it cannot see", i, me);
                checked++;
            }
            if (ddz_game_apply(g, &want, &err) != 0)
                fail_msg("game %d: %s", i, err.msg);
        }
    }
    assert_true(checked > 1000);
    test_free(g);
    test_free(h);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&a[s]);
    ddz_agent_free(&probe);
}

static void farmer_does_not_overtake_its_partners_winning_play(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_rule(&a);
    deal_known(g, "3455678899TJQKAAB", "34466779TTJQQK222", "8JK");
    /* The landlord leads a 3, seat 1 passes, seat 2 (partner) plays a 2, the landlord passes:
     * seat 1 holds the small joker but lets the partner's 2 stand. */
    static const char *const plays[] = {"3", "pass", "2", "pass", NULL};
    drive(g, plays);
    assert_int_equal(g->turn, 1);
    expect_play(&a, g, "pass");
    ddz_agent_free(&a);
    test_free(g);
}

static void farmer_feeds_a_partner_with_one_card_its_lowest_single(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_rule(&a);
    /* Seat 2 takes the lead with a 2, runs a straight and a trio, and is left with one card;
     * seat 1 wins the lead with a higher trio and, its partner next, leads its lowest single. */
    deal_known(g, "QQQ738899TTKAA22R", "23456789TJQKJJJ56", "4KA");
    static const char *const plays[] = {"4", "pass", "2", "pass", "pass",
                                        "3456789TJQK", "pass", "pass",
                                        "JJJ5", "pass", "QQQ7", "pass", "pass", NULL};
    drive(g, plays);
    assert_int_equal(g->turn, 1);
    assert_int_equal(ddz_cards_size(g->hand[2]), 1);
    expect_play(&a, g, "3");
    ddz_agent_free(&a);
    test_free(g);
}


static void farmer_does_not_lead_a_single_to_a_landlord_with_one_card(void **state)
{
    (void)state;
    DdzAgent a;
    new_rule(&a);
    expect_no_single_to_a_landlord_with_one_card(&a);
    ddz_agent_free(&a);
}

static void farmer_stops_a_landlord_with_one_card_with_its_highest_single(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_rule(&a);
    landlord_keeps_one_card(g);
    /* Seat 1 leads a low single; seat 2 must not let the partner's 3 stand, since the
     * landlord, next, may beat it and go out: it plays its highest single. */
    static const char *const more[] = {"3", NULL};
    drive(g, more);
    assert_int_equal(g->turn, 2);
    expect_play(&a, g, "R");
    ddz_agent_free(&a);
    test_free(g);
}

static void landlord_stops_a_farmer_with_one_card_with_its_highest_single(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_rule(&a);
    /* Seat 1 takes the lead with a 2, runs a straight and a pair, then leads a 6 and keeps
     * one card. Nothing the landlord holds is sure to stop it (the big joker is out), so it
     * plays its highest single, the small joker. */
    deal_known(g, "23456789TJQKAJJ68", "33445566779TTQKAR", "QKA");
    static const char *const plays[] = {"4", "2", "pass", "pass", "3456789TJQKA", "pass", "pass",
                                        "JJ", "pass", "pass", "6", "pass", NULL};
    drive(g, plays);
    assert_int_equal(g->turn, 0);
    assert_int_equal(ddz_cards_size(g->hand[1]), 1);
    expect_play(&a, g, "B");
    ddz_agent_free(&a);
    test_free(g);
}

/* Play-out noise (ddz_rule_agent_set_noise, the search's :noise): at 1000 in 1000 a decision
 * that scores alternatives takes its runner-up -- the landlord's opening lead, a single 3,
 * the weakest part of its best split, becomes the next weakest, the straight 3..A -- while a forced
 * one stays (a farmer stopping a landlord about to go out plays its highest single); at 0
 * the agent is as before. */
static void noise_takes_the_runner_up_where_there_is_one(void **state)
{
    (void)state;
    DdzGame *g = test_malloc(sizeof *g);
    DdzAgent a;
    new_rule(&a);
    deal_known(g, "3455678899TJQKAAB", "34466779TTJQQK222", "8JK");
    expect_play(&a, g, "3");
    ddz_rule_agent_set_noise(&a, 1000, 7);
    expect_play(&a, g, "3456789TJQKA");
    ddz_rule_agent_set_noise(&a, 0, 7);
    expect_play(&a, g, "3");
    landlord_keeps_one_card(g);
    static const char *const more[] = {"3", NULL};
    drive(g, more);
    ddz_rule_agent_set_noise(&a, 1000, 7);
    expect_play(&a, g, "R");
    ddz_agent_free(&a);
    test_free(g);
}

/* Bidding ------------------------------------------------------------------------------------*/

static void rule_bids_three_on_a_strong_hand_and_passes_a_weak_one(void **state)
{
    (void)state;
    DdzAgent a;
    new_rule(&a);
    DdzGame *g = test_malloc(sizeof *g);
    /* seat 0 strong: rocket, four 2s, aces; seat 1 weak */
    DdzCards hands[3], b;
    DdzCards rest = DDZ_DECK;
    assert_true(ddz_cards_pick(rest, tu_ranks("BR2222AAAKKQQJJT9"), &hands[0]));
    rest &= ~hands[0];
    assert_true(ddz_cards_pick(rest, tu_ranks("3356799JQK468TJ4Q"), &hands[1]));
    rest &= ~hands[1];
    b = 0;
    /* the bottom: three cards of what is left; seat 2 the other 17 */
    int n = 0;
    for (int c = 0; c < DDZ_CARD_NB && n < 3; c++)
        if (ddz_cards_has(rest, c)) {
            b |= ddz_cards_of(c);
            n++;
        }
    hands[2] = rest & ~b;
    DdzOptions o = ddz_options_default();
    DdzError err;
    assert_int_equal(ddz_game_from_hands(g, &o, hands, b, 1, &err), 0);
    DdzAction act = decide(&a, g); /* seat 1 bids first */
    assert_int_equal(act.kind, DDZ_ACT_BID);
    assert_int_equal(act.value, 0);
    assert_int_equal(ddz_game_apply(g, &act, &err), 0);
    DdzAction pass = ddz_action_bid(2, 0);
    assert_int_equal(ddz_game_apply(g, &pass, &err), 0);
    act = decide(&a, g); /* seat 0 */
    assert_int_equal(act.value, 3);
    test_free(g);
    ddz_agent_free(&a);
}

static void strength_grows_with_controls(void **state)
{
    (void)state;
    DdzSplitter *sp = ddz_splitter_new(DDZ_RULES_STANDARD, DDZ_SPLIT_PLAY_COST, 0);
    assert_non_null(sp);
    int weak = ddz_rule_strength(sp, tu_ranks("33557799JJKK4468T"));
    int strong = ddz_rule_strength(sp, tu_ranks("BR2222AAAKKQQJJT9"));
    int mid = ddz_rule_strength(sp, tu_ranks("33557799JJ224468T")); /* KK -> 22 */
    assert_true(weak < mid && mid < strong);
    assert_int_equal(ddz_calibration_bucket(-1000), 0);
    assert_int_equal(ddz_calibration_bucket(1000), DDZ_CAL_NB - 1);
    assert_int_equal(ddz_calibration_bucket(DDZ_CAL_MIN), 0);
    assert_int_equal(ddz_calibration_bucket(DDZ_CAL_MIN + DDZ_CAL_WIDTH), 1);
    ddz_splitter_free(sp);
}

static void calibration_tallies_every_deal(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    DdzCalibration cal;
    DdzError err;
    assert_int_equal(ddz_rule_calibrate(&o, 60, 5, &cal, &err), 0);
    assert_int_equal(cal.deals, 60);
    long bid = 0, re = 0, dbl = 0, wins = 0;
    for (int b = 0; b < DDZ_CAL_NB; b++) {
        bid += cal.bid_games[b];
        re += cal.redouble_games[b];
        dbl += cal.double_games[b];
        wins += cal.bid_wins[b];
        assert_true(cal.bid_wins[b] <= cal.bid_games[b] && cal.double_wins[b] <= cal.double_games[b]);
    }
    assert_int_equal(bid, 60);
    assert_int_equal(re, 60);
    assert_int_equal(dbl, 120);
    assert_int_equal(wins, cal.landlord_wins);
}

/* Self-play ----------------------------------------------------------------------------------*/

/* Plays `deals` deals with `lord` as the fixed landlord (deal k: seat k mod 3, who takes the
 * bottom without bidding) against `farmer` in both other seats; returns the landlord's wins. */
static long fixed_landlord_wins(const char *lord, const char *farmer, long deals, uint64_t seed)
{
    DdzAgent l, f[2];
    DdzError err;
    assert_int_equal(ddz_ai_agent_new(&l, lord, seed, &err), 0);
    assert_int_equal(ddz_ai_agent_new(&f[0], farmer, seed + 1, &err), 0);
    assert_int_equal(ddz_ai_agent_new(&f[1], farmer, seed + 2, &err), 0);
    DdzGame *g = test_malloc(sizeof *g);
    DdzOptions o = ddz_options_default();
    long wins = 0;
    for (long k = 0; k < deals; k++) {
        DdzRng rng;
        ddz_rng_seed(&rng, seed + (uint64_t)k);
        int lord_seat = (int)(k % 3);
        ddz_game_new(g, &o, &rng, lord_seat);
        DdzAction bid = ddz_action_bid(lord_seat, 3);
        assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
        while (g->phase == DDZ_PHASE_PLAY) {
            int t = g->turn;
            DdzAgent *a = t == lord_seat ? &l : &f[(t - lord_seat + 3) % 3 - 1];
            if (ddz_agent_step(a, g, &err) != 0)
                fail_msg("deal %ld: %s", k, err.msg);
        }
        DdzResult r;
        assert_int_equal(ddz_game_result(g, &r), 0);
        wins += r.landlord_won;
    }
    test_free(g);
    ddz_agent_free(&l);
    ddz_agent_free(&f[0]);
    ddz_agent_free(&f[1]);
    return wins;
}

/* rule-v1 is a frozen yardstick (rule.h): the FNV-1a fingerprint of every decision it makes
 * (kind, value and cards) in 150 self-play games under each 54-card preset (the yardstick
 * of issue 14; the 48-card game's play is still growing), with the option mixes
 * of mixed_options (bidding, doubling, rob, shown hands, play_all), must never change. If
 * this fails, the change belongs under a new version, not in version 1. (The 54-card presets
 * differ only in move types these games never reach, so their fingerprints agree.) */
static void rule_v1_decisions_never_change(void **state)
{
    (void)state;
    static const struct {
        DdzRuleset rules;
        uint64_t want;
    } PINNED[] = {
        {DDZ_RULES_STANDARD, 0x35390f45d99cce7full},
        {DDZ_RULES_CLASSIC, 0x35390f45d99cce7full},
        {DDZ_RULES_DOUZERO, 0x35390f45d99cce7full},
        {DDZ_RULES_BOTZONE, 0x35390f45d99cce7full},
    };
    DdzAgent a[3];
    DdzError err;
    for (int s = 0; s < 3; s++) {
        assert_int_equal(ddz_ai_agent_new(&a[s], "rule-v1", (uint64_t)s, &err), 0);
        assert_string_equal(a[s].name, "rule-v1");
    }
    DdzGame *g = test_malloc(sizeof *g);
    for (size_t p = 0; p < sizeof PINNED / sizeof PINNED[0]; p++) {
        uint64_t h = 0xcbf29ce484222325ull;
        long decisions = 0;
        for (int i = 0; i < 150; i++) {
            DdzOptions o = mixed_options(PINNED[p].rules, i);
            DdzRng rng;
            ddz_rng_seed(&rng, 5000 + (uint64_t)i);
            ddz_game_new(g, &o, &rng, i % 3);
            while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY) {
                DdzAction act = decide(&a[g->turn], g);
                uint64_t x[3] = {act.kind, act.value, act.kind == DDZ_ACT_PLAY ? act.move.ranks : act.cards};
                for (int k = 0; k < 3; k++)
                    h = (h ^ x[k]) * 0x100000001B3ull;
                decisions++;
                if (ddz_game_apply(g, &act, &err) != 0)
                    fail_msg("%s game %d: %s", ddz_ruleset_name(PINNED[p].rules), i, err.msg);
            }
        }
        printf("rule-v1 %s: %ld decisions, fingerprint %016llx\n", ddz_ruleset_name(PINNED[p].rules), decisions,
               (unsigned long long)h);
        assert_int_equal(h, PINNED[p].want);
    }
    test_free(g);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&a[s]);
}

static void rule_beats_random_and_greedy_in_self_play(void **state)
{
    (void)state;
    const long n = 2000;
    const char *opp[2] = {"random", "greedy"};
    for (int k = 0; k < 2; k++) {
        double as_lord = (double)fixed_landlord_wins("rule", opp[k], n, 1) / (double)n;
        double as_farmers = 1.0 - (double)fixed_landlord_wins(opp[k], "rule", n, 1) / (double)n;
        printf("rule vs %s, %ld deals each way: as landlord wins %.3f, as farmers %.3f, WP %.3f\n", opp[k], n,
               as_lord, as_farmers, (as_lord + as_farmers) / 2);
        double bound = k == 0 ? 0.8 : 0.6;
        assert_true(as_lord > bound && as_farmers > bound);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rule_plays_legal_standard_games),
        cmocka_unit_test(rule_plays_legal_classic_games),
        cmocka_unit_test(rule_plays_legal_douzero_games),
        cmocka_unit_test(rule_plays_legal_botzone_games),
        cmocka_unit_test(rule_decides_from_the_view_alone),
        cmocka_unit_test(farmer_does_not_overtake_its_partners_winning_play),
        cmocka_unit_test(farmer_feeds_a_partner_with_one_card_its_lowest_single),
        cmocka_unit_test(farmer_does_not_lead_a_single_to_a_landlord_with_one_card),
        cmocka_unit_test(farmer_stops_a_landlord_with_one_card_with_its_highest_single),
        cmocka_unit_test(landlord_stops_a_farmer_with_one_card_with_its_highest_single),
        cmocka_unit_test(noise_takes_the_runner_up_where_there_is_one),
        cmocka_unit_test(rule_bids_three_on_a_strong_hand_and_passes_a_weak_one),
        cmocka_unit_test(strength_grows_with_controls),
        cmocka_unit_test(calibration_tallies_every_deal),
        cmocka_unit_test(rule_v1_decisions_never_change),
        cmocka_unit_test(rule_beats_random_and_greedy_in_self_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
