/* positions.h -- hand-built game positions for the agents' tests: deal known hands, drive
 * the play, ask an agent and check its answer. Included by test files after testutil.h. */
#ifndef DDZ_TEST_POSITIONS_H
#define DDZ_TEST_POSITIONS_H

#include <stdio.h>

#include "ddz/agent.h"
#include "ddz/game.h"

/* The action agent a chooses for the seat to act of g. */
static inline DdzAction decide(DdzAgent *a, const DdzGame *g)
{
    DdzView v;
    DdzAction act;
    ddz_game_view(g, g->turn, &v);
    assert_int_equal(a->act(a->state, &v, &act), 0);
    return act;
}

/* Hand-built positions ------------------------------------------------------------------------
 *
 * Seats 1 and 2 get the rank multisets given (lowest suits first), the bottom its ranks from
 * what is left, and seat 0 the rest; seat 0 bids 3 and is the landlord. */
static inline void deal_known(DdzGame *g, const char *s1, const char *s2, const char *bottom)
{
    DdzCards rest = DDZ_DECK, hands[3], b;
    const char *text[3] = {s1, s2, bottom};
    DdzCards got[3];
    for (int k = 0; k < 3; k++) {
        if (!ddz_cards_pick(rest, tu_ranks(text[k]), &got[k]))
            fail_msg("test bug: %s is not in what is left of the deck", text[k]);
        rest &= ~got[k];
    }
    hands[0] = rest;
    hands[1] = got[0];
    hands[2] = got[1];
    b = got[2];
    assert_int_equal(ddz_cards_size(hands[0]), 17);
    assert_int_equal(ddz_cards_size(hands[1]), 17);
    assert_int_equal(ddz_cards_size(hands[2]), 17);
    DdzOptions o = ddz_options_default();
    DdzError err;
    if (ddz_game_from_hands(g, &o, hands, b, 0, &err) != 0)
        fail_msg("test bug: %s", err.msg);
    DdzAction bid = ddz_action_bid(0, 3);
    assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
    assert_int_equal(g->phase, DDZ_PHASE_PLAY);
}

/* Drives the game: each text is the next seat's play ("pass" or rank notation). */
static inline void drive(DdzGame *g, const char *const *plays)
{
    for (; *plays; plays++) {
        DdzMove m;
        DdzError err;
        if (ddz_move_parse(*plays, g->opt.rules, &m, &err) != 0)
            fail_msg("test bug: %s: %s", *plays, err.msg);
        DdzAction a = ddz_action_play(g->turn, m, 0);
        if (ddz_game_apply(g, &a, &err) != 0)
            fail_msg("test bug: seat %d cannot play %s: %s", g->turn, *plays, err.msg);
    }
}

static inline void expect_play(DdzAgent *a, const DdzGame *g, const char *want)
{
    DdzAction act = decide(a, g);
    assert_int_equal(act.kind, DDZ_ACT_PLAY);
    DdzMove m;
    DdzError err;
    assert_int_equal(ddz_move_parse(want, g->opt.rules, &m, &err), 0);
    if (!ddz_move_equal(&act.move, &m)) {
        char got[96];
        ddz_move_format(&act.move, g->opt.rules, got, sizeof got);
        fail_msg("seat %d played %s, want %s", g->turn, got, want);
    }
}

#endif
