/* test_hubei48_game.c -- the 48-card game (RULES §8) in the game engine: the deck and deal,
 * bidding, must-beat, the short forms as last cards, 放走包赔 both ways, 喜金 for a bomb that
 * wins its trick and not for a beaten one, and 10,000 self-play games with every invariant
 * checked and round-tripped through records. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "ddz/game.h"
#include "ddz/record.h"

#define H48 DDZ_RULES_HUBEI48
#define SELFPLAY_GAMES 10000

static DdzOptions opt48(void)
{
    DdzOptions o = ddz_options_default();
    DdzError err;
    assert_int_equal(ddz_options_set(&o, "rules=hubei48", &err), 0);
    return o;
}

/* A game from three rank strings (landlord-to-be seat 0, then seats 1 and 2), seat 0
 * bids 3 at once: seat 0 is the landlord and leads. */
static void deal(DdzGame *g, const DdzOptions *o, const char *s0, const char *s1, const char *s2)
{
    const char *text[3] = {s0, s1, s2};
    DdzCards rest = DDZ_DECK48, hands[3];
    for (int s = 0; s < 3; s++) {
        if (!ddz_cards_pick(rest, tu_ranks(text[s]), &hands[s]))
            fail_msg("seat %d: %s is not in what is left of the 48-card deck", s, text[s]);
        rest &= ~hands[s];
    }
    DdzError err;
    if (ddz_game_from_hands(g, o, hands, 0, 0, &err) != 0)
        fail_msg("from_hands: %s", err.msg);
    DdzAction bid = ddz_action_bid(0, 3);
    assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
    assert_int_equal(g->phase, DDZ_PHASE_PLAY);
    assert_int_equal(g->turn, 0);
}

static int try_play(DdzGame *g, int seat, const char *cards, DdzError *err)
{
    DdzMove m = ddz_move_pass();
    if (cards[0] && ddz_move_parse(cards, H48, &m, err) != 0)
        return -1;
    DdzAction a = ddz_action_play(seat, m, 0);
    return ddz_game_apply(g, &a, err);
}

static void play(DdzGame *g, int seat, const char *cards)
{
    DdzError err;
    if (try_play(g, seat, cards, &err) != 0)
        fail_msg("seat %d plays '%s': refused: %s", seat, cards, err.msg);
}

static DdzResult result(const DdzGame *g)
{
    DdzResult r;
    assert_int_equal(g->phase, DDZ_PHASE_OVER);
    assert_int_equal(ddz_game_result(g, &r), 0);
    return r;
}

/* 1. Deck, deal, bidding -----------------------------------------------------------------*/

static void deal_is_48_cards_16_each_no_bottom(void **state)
{
    (void)state;
    DdzOptions o = opt48();
    DdzRng rng;
    ddz_rng_seed(&rng, 48);
    DdzCards seen = 0;
    for (int k = 0; k < 200; k++) {
        DdzGame g;
        ddz_game_new(&g, &o, &rng, k % 3);
        assert_int_equal(g.bottom, 0);
        DdzCards all = 0;
        for (int s = 0; s < 3; s++) {
            assert_int_equal(ddz_cards_size(g.hand[s]), 16);
            assert_int_equal(all & g.hand[s], 0);
            all |= g.hand[s];
        }
        assert_int_equal(all, DDZ_DECK48);
        seen |= g.hand[0];
        assert_true(ddz_game_ok(&g));
    }
    assert_int_equal(seen, DDZ_DECK48); /* every card reaches seat 0 some time */
    /* Real games deal from 256-bit seeds (ChaCha20): the same 48 cards, 16 each. */
    for (int k = 0; k < 20; k++) {
        uint8_t seed[DDZ_SEED256_BYTES];
        for (int i = 0; i < DDZ_SEED256_BYTES; i++)
            seed[i] = (uint8_t)ddz_rng_below(&rng, 256);
        DdzGame g;
        ddz_game_new_seed256(&g, &o, seed, k % 3);
        assert_int_equal(g.hand[0] | g.hand[1] | g.hand[2], DDZ_DECK48);
        for (int s = 0; s < 3; s++)
            assert_int_equal(ddz_cards_size(g.hand[s]), 16);
        assert_int_equal(g.bottom, 0);
    }
    /* ♣2 ♦2 ♥2 ♠A are never dealt; no jokers. */
    assert_int_equal(seen & (ddz_cards_of(47) | ddz_cards_of(48) | ddz_cards_of(49) | ddz_cards_of(50)), 0);
    assert_int_equal(seen >> 52, 0);
    /* Hands of 17 and a bottom are not this game. */
    DdzGame g;
    DdzError err;
    DdzCards h[3] = {0, 0, 0};
    int n = 0;
    for (DdzCards d = DDZ_DECK48; d; d &= d - 1)
        h[n++ / 16] |= d & -d;
    assert_int_equal(ddz_game_from_hands(&g, &o, h, 0, 0, &err), 0);
    DdzCards moved = h[0] & -h[0];
    h[0] &= ~moved;
    assert_int_equal(ddz_game_from_hands(&g, &o, h, moved, 0, &err), -1);
    assert_non_null(strstr(err.msg, "not 16"));
}

static void bidding_all_pass_redeals_and_the_landlord_leads(void **state)
{
    (void)state;
    DdzOptions o = opt48();
    DdzRng rng;
    ddz_rng_seed(&rng, 7);
    DdzGame g;
    ddz_game_new(&g, &o, &rng, 1);
    for (int s = 1; s < 4; s++) {
        DdzAction a = ddz_action_bid(s % 3, 0);
        assert_int_equal(ddz_game_apply(&g, &a, NULL), 0);
    }
    assert_int_equal(g.phase, DDZ_PHASE_REDEAL);
    ddz_game_new(&g, &o, &rng, 2);
    DdzAction a = ddz_action_bid(2, 1), b = ddz_action_bid(0, 2), c = ddz_action_bid(1, 0);
    assert_int_equal(ddz_game_apply(&g, &a, NULL), 0);
    assert_int_equal(ddz_game_apply(&g, &b, NULL), 0);
    assert_int_equal(ddz_game_apply(&g, &c, NULL), 0);
    assert_int_equal(g.phase, DDZ_PHASE_PLAY);
    assert_int_equal(g.landlord, 0);
    assert_int_equal(g.turn, 0);
    assert_int_equal(ddz_cards_size(g.hand[0]), 16); /* no bottom to take */
    /* Options of the 54-card game do not mix with it. */
    DdzError err;
    assert_int_equal(ddz_options_set(&o, "double=farmer", &err), -1);
    assert_non_null(strstr(err.msg, "hubei48"));
    DdzOptions p = ddz_options_default();
    assert_int_equal(ddz_options_set(&p, "packet", &err), 0);
    assert_int_equal(ddz_options_set(&p, "rules=hubei48", &err), 0);
    assert_false(p.packet_deal);
}

/* 2. Must beat, short forms ----------------------------------------------------------------*/

/* Seat 0: 3..A + KK + 3 + 2. Seat 1: 3 444 555 666 777 8 K A. Seat 2: 3 88 999 TTT JJJ QQQ A.
 * Nobody but seat 0 holds a bomb, a 12-card straight or two As. */
#define LORD_A "3456789TJQKAKK32"
#define F1_A "3444555666777 8KA"
#define F2_A "388999TTTJJJQQQA"

static void must_beat_refuses_a_pass_when_a_move_beats(void **state)
{
    (void)state;
    DdzOptions o = opt48();
    DdzGame g;
    deal(&g, &o, LORD_A, F1_A, F2_A);
    DdzError err;
    /* A bare trio is no lead while other cards are left. */
    assert_int_equal(try_play(&g, 0, "KKK", &err), -1);
    if (!strstr(err.msg, "last cards"))
        fail_msg("KKK refused with: %s", err.msg);
    play(&g, 0, "3456789TJQKA");
    /* Nothing beats it: pass is the only legal move, and it is accepted. */
    DdzMove legal[DDZ_MAX_MOVES + 1];
    assert_int_equal(ddz_game_legal_moves(&g, legal), 1);
    assert_int_equal(legal[0].type, DDZ_PASS);
    play(&g, 1, "");
    play(&g, 2, "");
    play(&g, 0, "KK");
    play(&g, 1, "");
    play(&g, 2, "");
    play(&g, 0, "3");
    /* Seat 1 can beat a 3: it may not pass, and pass is not among its legal moves. */
    assert_int_equal(try_play(&g, 1, "", &err), -1);
    assert_non_null(strstr(err.msg, "有出必出"));
    int n = ddz_game_legal_moves(&g, legal);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(legal[i].type, DDZ_PASS);
    DdzView v;
    ddz_game_view(&g, 1, &v);
    assert_int_equal(ddz_view_legal_moves(&v, legal), n);
}

/* A trio follows a trio + two only with two cards; the bare trio only as the last cards. */
static void following_trio_must_be_three_plus_two(void **state)
{
    (void)state;
    DdzOptions o = opt48();
    DdzGame g;
    /* Seat 0 leads 33345; seat 1 holds 666 + one card, seat 2 only low cards. */
    deal(&g, &o, "333456789TJQKA2K", "666A44555777888T", "34999TTJJJQQQKKA");
    play(&g, 0, "33345");
    DdzError err;
    assert_int_equal(try_play(&g, 1, "666", &err), -1);
    assert_int_equal(try_play(&g, 1, "6664", &err), -1);
    play(&g, 1, "66644");
}

/* 3. 放走包赔 ------------------------------------------------------------------------------*/

/* The landlord (seat 0) leads 3 keeping the 2: it holds one card. Seat 1 beats with 8; seat 2
 * (before the landlord) must beat 8 and plays `single`; the landlord's 2 wins. */
static DdzResult let_go_game(const char *single, DdzGame *g)
{
    DdzOptions o = opt48();
    deal(g, &o, LORD_A, F1_A, F2_A);
    play(g, 0, "3456789TJQKA");
    play(g, 1, "");
    play(g, 2, "");
    play(g, 0, "KK");
    play(g, 1, "");
    play(g, 2, "");
    play(g, 0, "3");
    assert_int_equal(ddz_cards_size(g->hand[0]), 1);
    play(g, 1, "8");
    play(g, 2, single);
    play(g, 0, "2");
    return result(g);
}

static void letting_go_with_the_highest_single_marks_nobody(void **state)
{
    (void)state;
    DdzGame g;
    DdzResult r = let_go_game("A", &g);
    assert_true(r.landlord_won);
    assert_int_equal(r.letgo, 0);
    assert_int_equal(r.cover, -1);
    /* base 3, no bomb, no spring: T = 3 */
    assert_int_equal(r.score[0], 6);
    assert_int_equal(r.score[1], -3);
    assert_int_equal(r.score[2], -3);
}

static void letting_go_with_a_lower_single_pays_the_sides_loss(void **state)
{
    (void)state;
    DdzGame g;
    DdzResult r = let_go_game("9", &g);
    assert_true(r.landlord_won);
    assert_int_equal(r.letgo, 1 << 2);
    assert_int_equal(r.cover, 2);
    assert_int_equal(r.raw[1], -3);
    assert_int_equal(r.covered[1], 3);
    assert_int_equal(r.covered[2], -3);
    assert_int_equal(r.score[0], 6);
    assert_int_equal(r.score[1], 0);  /* the partner pays nothing */
    assert_int_equal(r.score[2], -6); /* the one who let go pays both shares */
    /* Undo takes the mark back. */
    while (g.nhist > 0 && g.letgo)
        ddz_game_undo(&g);
    assert_int_equal(g.letgo, 0);
    assert_true(g.hist[g.nhist].move.type == DDZ_SINGLE && g.hist[g.nhist].seat == 2);
}

static void a_marked_farmer_pays_nothing_more_when_the_farmers_win(void **state)
{
    (void)state;
    DdzOptions o = opt48();
    DdzGame g;
    /* As above, but the landlord keeps a 4 instead of the 2, and seat 2 holds the 2. */
    deal(&g, &o, "3456789TJQKAKK34", "344555666777 88KA", "38999TTTJJJQQQA2");
    play(&g, 0, "3456789TJQKA");
    play(&g, 1, "");
    play(&g, 2, "");
    play(&g, 0, "KK");
    play(&g, 1, "");
    play(&g, 2, "");
    play(&g, 0, "3");
    play(&g, 1, "8");
    play(&g, 2, "9"); /* not its highest: marked */
    assert_int_equal(g.letgo, 1 << 2);
    play(&g, 0, "");  /* a 4 does not beat 9 */
    play(&g, 1, "K"); /* must beat */
    play(&g, 2, "A");
    play(&g, 0, "");
    play(&g, 1, "");
    play(&g, 2, "3899TTTJJJQQQ2"); /* a plane with five cards: the last cards */
    DdzResult r = result(&g);
    assert_false(r.landlord_won);
    assert_int_equal(r.cover, -1);
    assert_int_equal(r.score[0], -6);
    assert_int_equal(r.score[1], 3);
    assert_int_equal(r.score[2], 3);
}

/* 4. 喜金 ----------------------------------------------------------------------------------*/

static void a_bomb_that_wins_its_trick_earns_the_bonus(void **state)
{
    (void)state;
    DdzOptions o = opt48();
    DdzGame g;
    deal(&g, &o, "55556789TJQKA333", "344666777888999T", "44TTJJJQQQKKKAA2");
    play(&g, 0, "5555");
    play(&g, 1, "");
    play(&g, 2, "");
    play(&g, 0, "6789TJQKA");
    play(&g, 1, "");
    play(&g, 2, "");
    play(&g, 0, "333"); /* a bare trio as the last cards */
    DdzResult r = result(&g);
    assert_true(r.landlord_won && r.spring);
    assert_int_equal(r.bonus_each, 3);
    assert_int_equal(r.bonus_bombs[0], 1);
    assert_int_equal(r.bonus[0], 6);
    assert_int_equal(r.bonus[1], -3);
    assert_int_equal(r.bonus[2], -3);
    /* T = 3 x 2 (bomb) x 2 (spring) = 12; then the bonus. */
    assert_int_equal(r.score[0], 24 + 6);
    assert_int_equal(r.score[1], -12 - 3);
    assert_int_equal(r.score[2], -12 - 3);
    /* bonus=0 turns it off; bonus=N pays N. */
    DdzError err;
    assert_int_equal(ddz_options_set(&o, "bonus=0", &err), 0);
    DdzGame g2 = g;
    g2.opt = o;
    r = result(&g2);
    assert_int_equal(r.bonus[0], 0);
    assert_int_equal(r.score[0], 24);
    assert_int_equal(ddz_options_set(&o, "bonus=5", &err), 0);
    g2.opt = o;
    r = result(&g2);
    assert_int_equal(r.bonus[0], 10);
    assert_int_equal(r.score[1], -12 - 5);
}

static void a_beaten_bomb_earns_nothing(void **state)
{
    (void)state;
    DdzOptions o = opt48();
    DdzGame g;
    deal(&g, &o, "44446789TJQKA333", "5555666777888999", "3TTTJJJQQQKKKAA2");
    play(&g, 0, "4444");
    DdzError err;
    assert_int_equal(try_play(&g, 1, "", &err), -1); /* 5555 beats it: seat 1 must */
    play(&g, 1, "5555");
    play(&g, 2, "");
    play(&g, 0, "");
    play(&g, 1, "666777888999");
    DdzResult r = result(&g);
    assert_false(r.landlord_won);
    assert_true(r.anti_spring);
    assert_int_equal(r.bonus_bombs[0], 0);
    assert_int_equal(r.bonus_bombs[1], 1);
    assert_int_equal(r.bonus[0], -3);
    assert_int_equal(r.bonus[1], 6);
    assert_int_equal(r.bonus[2], -3);
    /* T = 3 x 4 (two bombs) x 2 (anti-spring) = 24 */
    assert_int_equal(r.score[0], -48 - 3);
    assert_int_equal(r.score[1], 24 + 6);
    assert_int_equal(r.score[2], 24 - 3);
}

/* 5. Self-play -------------------------------------------------------------------------------*/

/* Checks one finished game against §8 by replaying its history on a fresh copy of the deal:
 * every pass had no beating move, every short form emptied the hand, the marks, the bonus,
 * the cover and the sums. */
static void check_game(const DdzGame *g)
{
    DdzGame w;
    DdzError err;
    assert_int_equal(ddz_game_from_hands(&w, &g->opt, g->dealt, 0, g->first, &err), 0);
    int letgo = 0, wins[3] = {0, 0, 0};
    DdzMove buf[DDZ_MAX_MOVES];
    for (int i = 0; i < g->nhist; i++) {
        const DdzAction *a = &g->hist[i];
        if (a->kind == DDZ_ACT_PLAY) {
            DdzMove t = ddz_game_table(&w);
            DdzRanks hand = ddz_cards_ranks(w.hand[a->seat]);
            if (a->move.type == DDZ_PASS)
                assert_int_equal(ddz_moves_generate(hand, &t, H48, buf), 0);
            if (ddz_move_is_short(&a->move))
                assert_int_equal(a->move.ranks, hand);
            int next = (a->seat + 1) % 3;
            if (a->move.type == DDZ_SINGLE && ddz_cards_size(w.hand[next]) == 1 &&
                a->move.rank < (63 - __builtin_clzll(hand)) / 4)
                letgo |= 1 << a->seat;
            if (a->move.type == DDZ_BOMB &&
                (i + 1 == g->nhist || (i + 2 < g->nhist && g->hist[i + 1].move.type == DDZ_PASS &&
                                       g->hist[i + 2].move.type == DDZ_PASS)))
                wins[a->seat]++;
        }
        assert_int_equal(ddz_game_apply(&w, a, &err), 0);
    }
    assert_int_equal(w.letgo, letgo);
    if (g->phase != DDZ_PHASE_OVER)
        return;
    DdzResult r = result(g);
    int L = r.landlord, sum = 0, bonus_sum = 0;
    for (int s = 0; s < 3; s++) {
        assert_int_equal(r.bonus_bombs[s], wins[s]);
        assert_int_equal(r.bonus[s], r.bonus_each * (2 * wins[s] - (wins[0] + wins[1] + wins[2] - wins[s])));
        assert_int_equal(r.score[s], r.raw[s] + r.covered[s] - r.fee_paid[s] + r.leaver[s] + r.bonus[s]);
        sum += r.score[s];
        bonus_sum += r.bonus[s];
    }
    assert_int_equal(sum + r.house, 0);
    assert_int_equal(bonus_sum, 0);
    assert_int_equal(r.bonus_each, r.base);
    int f2 = (L + 2) % 3, f1 = (L + 1) % 3;
    bool covers = (letgo >> f2 & 1) && r.landlord_won;
    assert_int_equal(r.cover, covers ? f2 : -1);
    if (covers) {
        assert_int_equal(r.raw[f2] + r.covered[f2], r.raw[f1] + r.raw[f2]);
        assert_int_equal(r.raw[f1] + r.covered[f1], 0);
    }
    assert_int_equal(r.score[L], r.raw[L] + r.bonus[L]);
}

static void ten_thousand_games_keep_every_rule_and_round_trip(void **state)
{
    (void)state;
    DdzOptions o = opt48();
    DdzRng rng;
    ddz_rng_seed(&rng, 4848);
    DdzGame *g = malloc(sizeof *g), *back = malloc(sizeof *back);
    assert_non_null(g);
    assert_non_null(back);
    DdzMove moves[DDZ_MAX_MOVES + 1];
    long over = 0, covers = 0, bonuses = 0, shorts = 0;
    enum { BATCH = 500 };
    for (int b = 0; b < SELFPLAY_GAMES / BATCH; b++) {
        FILE *f = tmpfile();
        assert_non_null(f);
        uint64_t seeds[BATCH];
        for (int k = 0; k < BATCH; k++) {
            seeds[k] = (uint64_t)b * BATCH + (uint64_t)k + 1;
            DdzRng deal_rng;
            ddz_rng_seed(&deal_rng, seeds[k]);
            ddz_game_new(g, &o, &deal_rng, k % 3);
            while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_PLAY) {
                DdzAction a;
                if (g->phase == DDZ_PHASE_BID) {
                    uint8_t vals[4];
                    int n = ddz_game_legal_values(g, DDZ_ACT_BID, vals);
                    a = ddz_action_bid(g->turn, vals[ddz_rng_below(&rng, (uint32_t)n)]);
                } else {
                    int n = ddz_game_legal_moves(g, moves);
                    assert_true(n > 0);
                    a = ddz_action_play(g->turn, moves[ddz_rng_below(&rng, (uint32_t)n)], 0);
                    shorts += ddz_move_is_short(&a.move);
                }
                assert_int_equal(ddz_game_apply(g, &a, NULL), 0);
            }
            check_game(g);
            if (g->phase == DDZ_PHASE_OVER) {
                DdzResult r = result(g);
                over++;
                covers += r.cover >= 0;
                bonuses += r.bonus_bombs[0] + r.bonus_bombs[1] + r.bonus_bombs[2];
            }
            DdzRecordInfo info;
            memset(&info, 0, sizeof info);
            info.has_seed = true;
            info.seed = seeds[k];
            info.game = k + 1;
            for (int s = 0; s < 3; s++)
                strcpy(info.seats[s], "random");
            DdzError err;
            assert_int_equal(ddz_record_write(f, g, &info, &err), 0);
        }
        rewind(f);
        DdzRecordReader rd;
        ddz_record_reader_init(&rd, f);
        for (int k = 0; k < BATCH; k++) {
            DdzRecordInfo info;
            DdzError err;
            int rc = ddz_record_read(&rd, back, &info, &err);
            if (rc != 1)
                fail_msg("record of game %d: %s", k + 1, rc < 0 ? err.msg : "missing");
            assert_int_equal(info.seed, seeds[k]);
            assert_int_equal(back->opt.rules, H48);
            check_game(back);
        }
        fclose(f);
    }
    print_message("hubei48 self-play: %d deals, %ld games, %ld 包赔, %ld 喜金 bombs, %ld short forms\n",
                  SELFPLAY_GAMES, over, covers, bonuses, shorts);
    assert_true(covers > 0 && bonuses > 0 && shorts > 0);
    free(g);
    free(back);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(deal_is_48_cards_16_each_no_bottom),
        cmocka_unit_test(bidding_all_pass_redeals_and_the_landlord_leads),
        cmocka_unit_test(must_beat_refuses_a_pass_when_a_move_beats),
        cmocka_unit_test(following_trio_must_be_three_plus_two),
        cmocka_unit_test(letting_go_with_the_highest_single_marks_nobody),
        cmocka_unit_test(letting_go_with_a_lower_single_pays_the_sides_loss),
        cmocka_unit_test(a_marked_farmer_pays_nothing_more_when_the_farmers_win),
        cmocka_unit_test(a_bomb_that_wins_its_trick_earns_the_bonus),
        cmocka_unit_test(a_beaten_bomb_earns_nothing),
        cmocka_unit_test(ten_thousand_games_keep_every_rule_and_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
