/* test_game.c -- one game of Dou Dizhu (game.h): dealing, the first bidder, both bidding
 * flows, doubling, play, scoring, undo, the invariant, views and options. Most games start
 * from known hands (ddz_game_from_hands) and follow a written line of play, so every
 * expected number below is worked out by hand from RULES.md §2-§6 and game.h. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "ddz/game.h"

/* Scratch buffers, static because they are large. */
static DdzMove g_moves[DDZ_MAX_MOVES + 1];
static DdzMove g_moves2[DDZ_MAX_MOVES + 1];

/* Helpers ---------------------------------------------------------------------------------------*/

/* The cards with ids lo..hi (inclusive). */
static DdzCards id_range(int lo, int hi)
{
    DdzCards s = 0;
    for (int c = lo; c <= hi; c++)
        s |= ddz_cards_of(c);
    return s;
}

/* The lowest suits of the ranks `text` among `from`, or fail. */
static DdzCards pick(DdzCards from, const char *text)
{
    DdzCards out = 0;
    if (!ddz_cards_pick(from, tu_ranks(text), &out))
        fail_msg("cannot pick '%s'", text);
    return out;
}

static bool options_equal(const DdzOptions *a, const DdzOptions *b)
{
    return a->rules == b->rules && a->bid_mode == b->bid_mode &&
           a->first_bidder == b->first_bidder && a->double_mode == b->double_mode &&
           a->packet_deal == b->packet_deal && a->forced_bid == b->forced_bid &&
           a->must_bid == b->must_bid && a->show_cards == b->show_cards &&
           a->play_all == b->play_all && a->base == b->base && a->cap == b->cap &&
           a->fee_percent == b->fee_percent && a->spring_off == b->spring_off &&
           a->leaver_penalty == b->leaver_penalty && a->turn_seconds == b->turn_seconds;
}

/* Every field of the state that the rules can see, and the history up to nhist (entries
 * past nhist are scratch and may differ). */
static void assert_same_game(const DdzGame *a, const DdzGame *b)
{
    assert_true(options_equal(&a->opt, &b->opt));
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        assert_int_equal(a->hand[s], b->hand[s]);
        assert_int_equal(a->dealt[s], b->dealt[s]);
        assert_int_equal(a->dbl[s], b->dbl[s]);
        assert_int_equal(a->shown[s], b->shown[s]);
        assert_int_equal(a->spoken[s], b->spoken[s]);
        assert_int_equal(a->plays[s], b->plays[s]);
    }
    assert_int_equal(a->bottom, b->bottom);
    assert_int_equal(a->phase, b->phase);
    assert_int_equal(a->turn, b->turn);
    assert_int_equal(a->first, b->first);
    assert_int_equal(a->landlord, b->landlord);
    assert_int_equal(a->bid, b->bid);
    assert_int_equal(a->bidder, b->bidder);
    assert_int_equal(a->robs, b->robs);
    assert_int_equal(a->asked, b->asked);
    assert_int_equal(a->passes, b->passes);
    assert_int_equal(a->revealed, b->revealed);
    assert_int_equal(a->table, b->table);
    assert_int_equal(a->bombs, b->bombs);
    assert_int_equal(a->nhist, b->nhist);
    for (int i = 0; i < a->nhist; i++) {
        const DdzAction *x = &a->hist[i], *y = &b->hist[i];
        assert_int_equal(x->kind, y->kind);
        assert_int_equal(x->seat, y->seat);
        assert_int_equal(x->value, y->value);
        assert_int_equal(x->cards, y->cards);
        assert_true(ddz_move_equal(&x->move, &y->move));
    }
}

static void apply_ok(DdzGame *g, DdzAction a)
{
    DdzError err;
    memset(&err, 0, sizeof err);
    if (ddz_game_apply(g, &a, &err) != 0)
        fail_msg("action kind=%d seat=%d value=%d refused: %s", a.kind, a.seat, a.value, err.msg);
    assert_true(ddz_game_ok(g));
}

/* An action that must be refused by check and apply alike, with a reason, leaving the
 * game as it was. Returns apply's error. */
static DdzError apply_refused(DdzGame *g, DdzAction a)
{
    static DdzGame before;
    before = *g;
    DdzError err;
    memset(&err, 0, sizeof err);
    if (ddz_game_check(g, &a, &err) != -1)
        fail_msg("check accepted action kind=%d seat=%d value=%d", a.kind, a.seat, a.value);
    assert_true(err.msg[0] != '\0');
    memset(&err, 0, sizeof err);
    if (ddz_game_apply(g, &a, &err) != -1)
        fail_msg("apply accepted action kind=%d seat=%d value=%d", a.kind, a.seat, a.value);
    assert_true(err.msg[0] != '\0');
    assert_same_game(&before, g);
    assert_true(ddz_game_ok(g));
    return err;
}

static DdzMove parse_move(const DdzGame *g, const char *text)
{
    DdzMove m;
    DdzError err;
    if (strcmp(text, "pass") == 0)
        return ddz_move_pass();
    if (ddz_move_parse(text, g->opt.rules, &m, &err) != 0)
        fail_msg("bad test move '%s': %s", text, err.msg);
    return m;
}

/* The seat to act plays `text` (cards == 0: the lowest suits). */
static void play(DdzGame *g, const char *text)
{
    assert_int_equal(g->phase, DDZ_PHASE_PLAY);
    apply_ok(g, ddz_action_play(g->turn, parse_move(g, text), 0));
}

/* Plays a space-separated line of moves, each by the seat to act. */
static void play_line(DdzGame *g, const char *line)
{
    char tok[64];
    int used = 0;
    while (sscanf(line, "%63s%n", tok, &used) == 1) {
        play(g, tok);
        line += used;
    }
}

static DdzError play_refused(DdzGame *g, int seat, const char *text)
{
    return apply_refused(g, ddz_action_play(seat, parse_move(g, text), 0));
}

static void assert_values(const DdzGame *g, int kind, const char *want)
{
    uint8_t out[4] = {9, 9, 9, 9};
    int n = ddz_game_legal_values(g, kind, out);
    char got[8] = "";
    for (int i = 0; i < n && i < 4; i++)
        got[i] = (char)('0' + out[i]);
    got[n < 0 ? 0 : n > 4 ? 4 : n] = '\0';
    if (strcmp(got, want) != 0)
        fail_msg("legal values of seat %d: want {%s}, got {%s} (n=%d)", g->turn, want, got, n);
}

/* The scenario deal ------------------------------------------------------------------------
 *
 * Hands by role: role 0 becomes the landlord (it bids 3 or wins the rob), roles 1 and 2 are
 * the farmers that follow it in turn. With the bottom QKA the landlord holds
 *     333 444 555 6 7 8 9 T J Q K A B R   (20 cards)
 * that is the straight 3456789TJQKA, the pair chain 334455 and the rocket BR, no bomb.
 * Role 1: 3 4 5 666 777 888 999 T J -- a plane 6..9 with kickers, no bomb.
 * Role 2: TT JJ QQQ KKK AAA 2222 -- the pair chain TTJJQQ and the bomb 2222.
 * Cards are taken lowest suit first in the order role 0, bottom, role 1, role 2, so the
 * landlord holds 3♣3♦3♥ (ids 0 1 2) and role 1 holds 3♠ (id 3). */
static const char *const ROLE_HAND[DDZ_SEAT_NB] = {"3334445556789TJBR", "345666777888999TJ",
                                                   "TTJJQQQKKKAAA2222"};
static const char *const ROLE_BOTTOM = "QKA";

/* Lines of play from the landlord's lead, by the seat to act (landlord, +1, +2, ...). */
/* The landlord wins; farmer +2 played, no bomb: T = B. */
static const char *const LINE_WIN =
    "334455 pass TTJJQQ pass pass K B pass pass 3456789TJQKA pass pass R";
/* The farmers win; the landlord played three times, no bomb: T = B. */
static const char *const LINE_LOSE =
    "3 J pass B pass pass 4 T pass pass 666777888345 pass pass 999";
/* Spring, no bomb: T = 2B. */
static const char *const LINE_SPRING = "3456789TJQKA pass pass 334455 pass pass B pass pass R";
/* Spring ending with the rocket: T = 4B. */
static const char *const LINE_SPRING_ROCKET = "3456789TJQKA pass pass 334455 pass pass BR";
/* Anti-spring: the landlord played only its opening 3, role 1 goes out: T = 2B. */
static const char *const LINE_ANTI_SPRING = "3 J pass pass 345666777888999T";
/* The landlord wins after the bomb 2222 and its rocket, not a spring: T = 4B. */
static const char *const LINE_BOMBS_WIN = "3456789TJQKA pass 2222 BR pass pass 334455";
/* The farmers win after the bomb 2222; the landlord played three times: T = 2B. */
static const char *const LINE_BOMB_LOSE =
    "334455 pass TTJJQQ pass pass 2222 pass pass Q A pass pass 3 J pass pass 345666777888999T";

static void scenario_cards(int landlord, DdzCards hands[DDZ_SEAT_NB], DdzCards *bottom)
{
    DdzCards rest = DDZ_DECK;
    hands[landlord] = pick(rest, ROLE_HAND[0]);
    rest &= ~hands[landlord];
    *bottom = pick(rest, ROLE_BOTTOM);
    rest &= ~*bottom;
    for (int r = 1; r < DDZ_SEAT_NB; r++) {
        int s = (landlord + r) % DDZ_SEAT_NB;
        hands[s] = pick(rest, ROLE_HAND[r]);
        rest &= ~hands[s];
    }
    assert_int_equal(rest, 0);
}

static void scenario_game(DdzGame *g, const DdzOptions *opt, int landlord, int first)
{
    DdzCards hands[DDZ_SEAT_NB], bottom;
    DdzError err;
    scenario_cards(landlord, hands, &bottom);
    memset(g, 0, sizeof *g);
    if (ddz_game_from_hands(g, opt, hands, bottom, first, &err) != 0)
        fail_msg("from_hands refused the scenario: %s", err.msg);
    assert_true(ddz_game_ok(g));
}

/* The default game on the scenario with seat 0 bidding 3: landlord 0, B = 3. */
static void scenario_bid3(DdzGame *g, const DdzOptions *opt)
{
    scenario_game(g, opt, 0, 0);
    apply_ok(g, ddz_action_bid(0, 3));
    assert_int_equal(g->landlord, 0);
}

static DdzResult result_of(const DdzGame *g)
{
    DdzResult r;
    memset(&r, 0, sizeof r);
    assert_int_equal(g->phase, DDZ_PHASE_OVER);
    assert_int_equal(ddz_game_result(g, &r), 0);
    assert_int_equal(r.score[0] + r.score[1] + r.score[2] + r.house, 0);
    assert_int_equal(r.landlord, g->landlord);
    return r;
}

static void assert_scores(const DdzResult *r, int s0, int s1, int s2)
{
    if (r->score[0] != s0 || r->score[1] != s1 || r->score[2] != s2)
        fail_msg("scores: want %d %d %d, got %d %d %d (fee %d, multiple %d, base %d)", s0, s1, s2,
                 r->score[0], r->score[1], r->score[2], r->fee, r->multiple, r->base);
}

/* A uniformly random legal action of the seat to act (bids, doubles, plays; no shows). */
static DdzAction random_action(const DdzGame *g, DdzRng *rng)
{
    if (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE) {
        int kind = g->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
        uint8_t vals[4];
        int n = ddz_game_legal_values(g, kind, vals);
        assert_true(n > 0 && n <= 4);
        int v = vals[ddz_rng_below(rng, (uint32_t)n)];
        return kind == DDZ_ACT_BID ? ddz_action_bid(g->turn, v) : ddz_action_double(g->turn, v);
    }
    assert_int_equal(g->phase, DDZ_PHASE_PLAY);
    int n = ddz_game_legal_moves(g, g_moves);
    assert_true(n > 0);
    return ddz_action_play(g->turn, g_moves[ddz_rng_below(rng, (uint32_t)n)], 0);
}

/* A mix of rule options for randomized games, by index. */
static DdzOptions mixed_options(int i)
{
    DdzOptions o = ddz_options_default();
    o.rules = (DdzRuleset)(i % 4); /* the 54-card presets: hubei48 is tests/test_hubei48_game.c */
    switch (i % 6) {
    case 1: o.bid_mode = DDZ_BID_ROB; o.base = 2; break;
    case 2: o.double_mode = DDZ_DOUBLE_FARMER; o.show_cards = true; break;
    case 3: o.double_mode = DDZ_DOUBLE_APP; o.show_cards = true; o.cap = 24; break;
    case 4: o.forced_bid = true; o.must_bid = true; o.play_all = true; o.fee_percent = 5; break;
    case 5: o.packet_deal = true; o.first_bidder = DDZ_FIRST_HEART3; break;
    default: break;
    }
    if (i % 7 == 3)
        o.first_bidder = DDZ_FIRST_REVEALED;
    return o;
}

static bool is_live(const DdzGame *g)
{
    return g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY;
}

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

/* Options ---------------------------------------------------------------------------------------*/

static void options_default_is_the_classic_points_game(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    assert_int_equal(o.rules, DDZ_RULES_STANDARD);
    assert_int_equal(o.bid_mode, DDZ_BID_POINTS);
    assert_int_equal(o.first_bidder, DDZ_FIRST_GIVEN);
    assert_int_equal(o.double_mode, DDZ_DOUBLE_NONE);
    assert_false(o.packet_deal);
    assert_false(o.forced_bid);
    assert_false(o.must_bid);
    assert_false(o.show_cards);
    assert_false(o.play_all);
    assert_int_equal(o.base, 1);
    assert_int_equal(o.cap, 0);
    assert_int_equal(o.fee_percent, 0);
}

static DdzOptions set_one(const char *text)
{
    DdzOptions o = ddz_options_default();
    DdzError err;
    memset(&err, 0, sizeof err);
    if (ddz_options_set(&o, text, &err) != 0)
        fail_msg("options_set '%s' refused: %s", text, err.msg);
    return o;
}

static void options_set_reads_each_documented_name(void **state)
{
    (void)state;
    DdzOptions d = ddz_options_default(), o;
    o = set_one("rules=douzero");
    assert_int_equal(o.rules, DDZ_RULES_DOUZERO);
    o = set_one("rules=classic");
    assert_int_equal(o.rules, DDZ_RULES_CLASSIC);
    o = set_one("rules=botzone");
    assert_int_equal(o.rules, DDZ_RULES_BOTZONE);
    o = set_one("rules=standard");
    assert_true(options_equal(&o, &d));
    o = set_one("bid=rob");
    assert_int_equal(o.bid_mode, DDZ_BID_ROB);
    o = set_one("first=heart3");
    assert_int_equal(o.first_bidder, DDZ_FIRST_HEART3);
    o = set_one("double=farmer");
    assert_int_equal(o.double_mode, DDZ_DOUBLE_FARMER);
    o = set_one("packet");
    assert_true(o.packet_deal);
    o = set_one("forced_bid");
    assert_true(o.forced_bid);
    o = set_one("must_bid");
    assert_true(o.must_bid);
    o = set_one("show");
    assert_true(o.show_cards);
    o = set_one("play_all");
    assert_true(o.play_all);
    o = set_one("base=2");
    assert_int_equal(o.base, 2);
    o = set_one("cap=64");
    assert_int_equal(o.cap, 64);
    o = set_one("fee=5");
    assert_int_equal(o.fee_percent, 5);
    /* A bare flag means =1; =0 turns it off again. */
    o = set_one("packet=1");
    assert_true(o.packet_deal);
    DdzError err;
    assert_int_equal(ddz_options_set(&o, "packet=0", &err), 0);
    assert_false(o.packet_deal);
    /* Each assignment changes only its own option. */
    o = set_one("cap=64");
    o.cap = 0;
    assert_true(options_equal(&o, &d));
    o = set_one("show");
    o.show_cards = false;
    assert_true(options_equal(&o, &d));
}

static void options_set_refuses_unknown_names_and_values(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "nosuch", "nosuch=1", "rules=bogus", "bid=maybe", "first=nobody", "double=triple",
        "base=x", "cap=abc", "fee=101", "fee=-1", "", "=3", "fee=", "rules",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        DdzOptions o = ddz_options_default();
        DdzError err;
        memset(&err, 0, sizeof err);
        if (ddz_options_set(&o, bad[i], &err) != -1)
            fail_msg("options_set accepted '%s'", bad[i]);
        if (err.msg[0] == '\0')
            fail_msg("options_set '%s': no reason", bad[i]);
    }
    DdzOptions o = ddz_options_default();
    DdzError err;
    memset(&err, 0, sizeof err);
    assert_int_equal(ddz_options_set(&o, "nosuch", &err), -1);
    /* The reason lists what is accepted. */
    assert_non_null(strstr(err.msg, "rules"));
    assert_non_null(strstr(err.msg, "fee"));
}

static void options_set_all(DdzOptions *o, const char *list)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    char *p = buf;
    while (*p) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        DdzError err;
        if (ddz_options_set(o, p, &err) != 0)
            fail_msg("'%s' from format '%s' refused: %s", p, list, err.msg);
        if (!comma)
            break;
        p = comma + 1;
    }
}

/* RULES §7: the competition bundle is exactly its parts, each of which works alone. */
static void options_competition_bundle_is_its_parts(void **state)
{
    (void)state;
    DdzOptions bundle = set_one("competition"), parts = ddz_options_default();
    options_set_all(&parts, "packet,first=middle,must_bid,forced_bid,play_all,spring_off,turn=30,leaver");
    assert_true(options_equal(&bundle, &parts));
    assert_true(bundle.packet_deal && bundle.must_bid && bundle.forced_bid && bundle.play_all);
    assert_true(bundle.spring_off && bundle.leaver_penalty);
    assert_int_equal(bundle.first_bidder, DDZ_FIRST_MIDDLE);
    assert_int_equal(bundle.turn_seconds, 30);
    assert_int_equal(bundle.cap, 0);
    assert_int_equal(bundle.fee_percent, 0);
    assert_int_equal(bundle.rules, DDZ_RULES_STANDARD);
    /* Each part alone changes only itself. */
    static const char *const alone[] = {"packet", "first=middle", "must_bid", "forced_bid", "play_all",
                                        "spring_off", "turn=30", "leaver", "cap=9", "fee=2"};
    for (size_t i = 0; i < sizeof alone / sizeof alone[0]; i++) {
        DdzOptions o = set_one(alone[i]), d = ddz_options_default();
        char buf[256], want[64];
        ddz_options_format(&o, buf, sizeof buf);
        snprintf(want, sizeof want, "rules=standard,%s", alone[i]);
        assert_string_equal(buf, want);
        assert_false(options_equal(&o, &d));
    }
    /* Later items override the bundle's parts. */
    DdzOptions o = ddz_options_default();
    options_set_all(&o, "competition,spring_off=0,turn=15");
    assert_false(o.spring_off);
    assert_int_equal(o.turn_seconds, 15);
    DdzError err;
    assert_int_equal(ddz_options_set(&o, "competition=0", &err), -1);
    assert_non_null(strstr(err.msg, "bundle"));
    assert_int_equal(ddz_options_set(&o, "turn=601", &err), -1);
    assert_int_equal(ddz_options_set(&o, "first=top", &err), -1);
    assert_non_null(strstr(err.msg, "first=middle"));
}

static void options_format_round_trips_through_set(void **state)
{
    (void)state;
    static const char *const lists[] = {
        "rules=standard", "rules=douzero,bid=rob,base=2", "first=heart3,double=farmer,cap=64",
        "packet,forced_bid,must_bid,show,play_all,fee=5", "rules=botzone,double=farmer,fee=100",
        ("rules=classic,bid=rob,first=heart3,packet,forced_bid,must_bid,show,play_all,base=3,"
         "cap=7,fee=1"),
        "first=middle,spring_off,leaver,turn=30", "competition,cap=100,fee=3", "turn=0,spring_off=0",
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        DdzOptions o = ddz_options_default(), back = ddz_options_default();
        options_set_all(&o, lists[i]);
        char buf[512];
        memset(buf, 0, sizeof buf);
        size_t n = ddz_options_format(&o, buf, sizeof buf);
        assert_true(n > 0 && n < sizeof buf);
        assert_int_equal(strlen(buf), n);
        assert_true(strncmp(buf, "rules=", 6) == 0);
        options_set_all(&back, buf);
        if (!options_equal(&o, &back))
            fail_msg("'%s' formatted as '%s' does not read back", lists[i], buf);
    }
    /* Also the other first-bidder and doubling modes, set directly. */
    DdzOptions o = ddz_options_default(), back = ddz_options_default();
    o.first_bidder = DDZ_FIRST_REVEALED;
    o.double_mode = DDZ_DOUBLE_APP;
    char buf[512];
    ddz_options_format(&o, buf, sizeof buf);
    options_set_all(&back, buf);
    if (!options_equal(&o, &back))
        fail_msg("revealed/app formatted as '%s' does not read back", buf);
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
        cmocka_unit_test(undo_of_every_action_restores_each_earlier_state),
        cmocka_unit_test(undo_of_the_landlord_making_bid_gives_the_bottom_back),
        cmocka_unit_test(undo_of_the_last_play_reopens_the_game),
        cmocka_unit_test(game_ok_detects_corrupted_states),
        cmocka_unit_test(view_holds_own_hand_counts_and_bottom_once_landlord_known),
        cmocka_unit_test(view_never_reveals_another_seats_hidden_cards),
        cmocka_unit_test(view_legal_moves_match_game_legal_moves),
        cmocka_unit_test(from_hands_refuses_cards_that_are_not_a_partition),
        cmocka_unit_test(options_default_is_the_classic_points_game),
        cmocka_unit_test(options_set_reads_each_documented_name),
        cmocka_unit_test(options_set_refuses_unknown_names_and_values),
        cmocka_unit_test(options_format_round_trips_through_set),
        cmocka_unit_test(options_competition_bundle_is_its_parts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
