/* game_helpers.h -- what the tests of one game (test_deal.c, test_game.c, test_score.c,
 * test_options.c) share: building and driving games from known hands, the scenario deal and
 * its lines of play, assertions on states and results. Included after testutil.h. */
#ifndef DDZ_TEST_GAME_HELPERS_H
#define DDZ_TEST_GAME_HELPERS_H

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/game.h"
#include "testutil.h"

/* Scratch buffers, static because they are large. */
TU_UNUSED static DdzMove g_moves[DDZ_MAX_MOVES + 1];
TU_UNUSED static DdzMove g_moves2[DDZ_MAX_MOVES + 1];

/* Helpers ---------------------------------------------------------------------------------------*/

/* The cards with ids lo..hi (inclusive). */
static inline DdzCards id_range(int lo, int hi)
{
    DdzCards s = 0;
    for (int c = lo; c <= hi; c++)
        s |= ddz_cards_of(c);
    return s;
}

/* The lowest suits of the ranks `text` among `from`, or fail. */
static inline DdzCards pick(DdzCards from, const char *text)
{
    DdzCards out = 0;
    if (!ddz_cards_pick(from, tu_ranks(text), &out))
        fail_msg("cannot pick '%s'", text);
    return out;
}

static inline bool options_equal(const DdzOptions *a, const DdzOptions *b)
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
static inline void assert_same_game(const DdzGame *a, const DdzGame *b)
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

static inline void apply_ok(DdzGame *g, DdzAction a)
{
    DdzError err;
    memset(&err, 0, sizeof err);
    if (ddz_game_apply(g, &a, &err) != 0)
        fail_msg("action kind=%d seat=%d value=%d refused: %s", a.kind, a.seat, a.value, err.msg);
    assert_true(ddz_game_ok(g));
}

/* An action that must be refused by check and apply alike, with a reason, leaving the
 * game as it was. Returns apply's error. */
static inline DdzError apply_refused(DdzGame *g, DdzAction a)
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

static inline DdzMove parse_move(const DdzGame *g, const char *text)
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
static inline void play(DdzGame *g, const char *text)
{
    assert_int_equal(g->phase, DDZ_PHASE_PLAY);
    apply_ok(g, ddz_action_play(g->turn, parse_move(g, text), 0));
}

/* Plays a space-separated line of moves, each by the seat to act. */
static inline void play_line(DdzGame *g, const char *line)
{
    char tok[64];
    int used = 0;
    while (sscanf(line, "%63s%n", tok, &used) == 1) {
        play(g, tok);
        line += used;
    }
}

static inline DdzError play_refused(DdzGame *g, int seat, const char *text)
{
    return apply_refused(g, ddz_action_play(seat, parse_move(g, text), 0));
}

static inline void assert_values(const DdzGame *g, int kind, const char *want)
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
TU_UNUSED static const char *const ROLE_HAND[DDZ_SEAT_NB] = {"3334445556789TJBR", "345666777888999TJ",
                                                   "TTJJQQQKKKAAA2222"};
TU_UNUSED static const char *const ROLE_BOTTOM = "QKA";

/* Lines of play from the landlord's lead, by the seat to act (landlord, +1, +2, ...). */
/* The landlord wins; farmer +2 played, no bomb: T = B. */
TU_UNUSED static const char *const LINE_WIN =
    "334455 pass TTJJQQ pass pass K B pass pass 3456789TJQKA pass pass R";
/* The farmers win; the landlord played three times, no bomb: T = B. */
TU_UNUSED static const char *const LINE_LOSE =
    "3 J pass B pass pass 4 T pass pass 666777888345 pass pass 999";
/* Spring, no bomb: T = 2B. */
TU_UNUSED static const char *const LINE_SPRING = "3456789TJQKA pass pass 334455 pass pass B pass pass R";
/* Spring ending with the rocket: T = 4B. */
TU_UNUSED static const char *const LINE_SPRING_ROCKET = "3456789TJQKA pass pass 334455 pass pass BR";
/* Anti-spring: the landlord played only its opening 3, role 1 goes out: T = 2B. */
TU_UNUSED static const char *const LINE_ANTI_SPRING = "3 J pass pass 345666777888999T";
/* The landlord wins after the bomb 2222 and its rocket, not a spring: T = 4B. */
TU_UNUSED static const char *const LINE_BOMBS_WIN = "3456789TJQKA pass 2222 BR pass pass 334455";
/* The farmers win after the bomb 2222; the landlord played three times: T = 2B. */
TU_UNUSED static const char *const LINE_BOMB_LOSE =
    "334455 pass TTJJQQ pass pass 2222 pass pass Q A pass pass 3 J pass pass 345666777888999T";

static inline void scenario_cards(int landlord, DdzCards hands[DDZ_SEAT_NB], DdzCards *bottom)
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

static inline void scenario_game(DdzGame *g, const DdzOptions *opt, int landlord, int first)
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
static inline void scenario_bid3(DdzGame *g, const DdzOptions *opt)
{
    scenario_game(g, opt, 0, 0);
    apply_ok(g, ddz_action_bid(0, 3));
    assert_int_equal(g->landlord, 0);
}

static inline DdzResult result_of(const DdzGame *g)
{
    DdzResult r;
    memset(&r, 0, sizeof r);
    assert_int_equal(g->phase, DDZ_PHASE_OVER);
    assert_int_equal(ddz_game_result(g, &r), 0);
    assert_int_equal(r.score[0] + r.score[1] + r.score[2] + r.house, 0);
    assert_int_equal(r.landlord, g->landlord);
    return r;
}

static inline void assert_scores(const DdzResult *r, int s0, int s1, int s2)
{
    if (r->score[0] != s0 || r->score[1] != s1 || r->score[2] != s2)
        fail_msg("scores: want %d %d %d, got %d %d %d (fee %d, multiple %d, base %d)", s0, s1, s2,
                 r->score[0], r->score[1], r->score[2], r->fee, r->multiple, r->base);
}

/* A uniformly random legal action of the seat to act (bids, doubles, plays; no shows). */
static inline DdzAction random_action(const DdzGame *g, DdzRng *rng)
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
static inline DdzOptions mixed_options(int i)
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

static inline bool is_live(const DdzGame *g)
{
    return g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY;
}

#endif
