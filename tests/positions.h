/* positions.h -- hand-built game positions for the agents' tests: deal known hands, drive
 * the play, ask an agent and check its answer. Included by test files after testutil.h. */
#ifndef DDZ_TEST_POSITIONS_H
#define DDZ_TEST_POSITIONS_H

#include <stdio.h>
#include <string.h>

#include "ddz/ai.h"
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

/* The rule options of game i: bidding flows, doubling, 明牌, play_all, the packet deal (those
 * hubei48 refuses are left out there). */
static inline DdzOptions option_mix(DdzRuleset rules, int i)
{
    static const char *const mixes[] = {"", "bid=rob", "double=app", "double=farmer,show", "play_all",
                                        "first=heart3,packet"};
    DdzOptions o = ddz_options_default();
    o.rules = rules;
    char mix[64];
    snprintf(mix, sizeof mix, "%s", mixes[i % 6]);
    DdzError err;
    for (char *tok = strtok(mix, ","); tok; tok = strtok(NULL, ","))
        if (ddz_options_set(&o, tok, &err) != 0 && rules != DDZ_RULES_HUBEI48)
            fail_msg("test bug: %s", err.msg);
    return o;
}

/* Plays games with own[s] in seat s (every third game one of them against two random agents,
 * for odd positions), game i dealt from seed + i with options opts(rules, i): every action is
 * checked by the engine, every game ends (more than half with a result, the rest redealt). */
static inline void agents_play_legal_games(DdzAgent own[3], DdzRuleset rules, DdzOptions (*opts)(DdzRuleset, int),
                                           int games, uint64_t seed)
{
    DdzAgent rnd[2];
    DdzError err;
    for (int s = 0; s < 2; s++)
        assert_int_equal(ddz_ai_agent_new(&rnd[s], "random", 7 + (uint64_t)s, &err), 0);
    DdzGame *g = test_malloc(sizeof *g);
    int finished = 0;
    for (int i = 0; i < games; i++) {
        DdzOptions o = opts(rules, i);
        DdzRng rng;
        ddz_rng_seed(&rng, seed + (uint64_t)i);
        ddz_game_new(g, &o, &rng, i % 3);
        int solo = i % 3 == 2 ? (i / 3) % 3 : -1;
        int steps = 0;
        while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY) {
            int t = g->turn;
            DdzAgent *a = solo < 0 || t == solo ? &own[t] : &rnd[t % 2];
            if (ddz_agent_step(a, g, &err) != 0)
                fail_msg("%s game %d: seat %d (%s): %s", ddz_ruleset_name(rules), i, t, a->name, err.msg);
            assert_true(++steps <= DDZ_MAX_ACTIONS);
        }
        assert_true(ddz_game_ok(g));
        DdzResult r;
        if (g->phase == DDZ_PHASE_OVER) {
            assert_int_equal(ddz_game_result(g, &r), 0);
            finished++;
        } else {
            assert_int_equal(g->phase, DDZ_PHASE_REDEAL);
        }
    }
    assert_true(finished > games / 2);
    test_free(g);
    for (int s = 0; s < 2; s++)
        ddz_agent_free(&rnd[s]);
}

/* The landlord runs a straight, a trio with a pair and a pair, and keeps one card; seat 1 is to
 * lead. */
static inline void landlord_keeps_one_card(DdzGame *g)
{
    deal_known(g, "994455TTJJ37KA22B", "34589TJQQQKKAA22R", "6QK");
    static const char *const runs[] = {"3456789TJQKA", "pass", "pass", "66677", "pass", "pass",
                                       "88", "99", "pass", "pass", NULL};
    drive(g, runs);
}

/* In landlord_keeps_one_card's position, agent a (seat 1, to lead) leads no single. */
static inline void expect_no_single_to_a_landlord_with_one_card(DdzAgent *a)
{
    DdzGame *g = test_malloc(sizeof *g);
    landlord_keeps_one_card(g);
    assert_int_equal(g->turn, 1);
    assert_int_equal(ddz_cards_size(g->hand[0]), 1);
    DdzAction act = decide(a, g);
    assert_int_equal(act.kind, DDZ_ACT_PLAY);
    assert_int_not_equal(act.move.type, DDZ_SINGLE);
    test_free(g);
}

/* Agents named `name` that remember what they worked out (planner's and rhcp's plans) answer
 * as new ones do: three of them play 300 douzero games dealt from seed, their memories full
 * and their slots shared by many hands; on every tenth game a new agent, its memory empty, is
 * asked every view too and must choose the same. */
static inline void expect_memory_keeps_play(const char *name, uint64_t seed)
{
    DdzAgent seasoned[3];
    DdzError err;
    for (int s = 0; s < 3; s++)
        assert_int_equal(ddz_ai_agent_new(&seasoned[s], name, 1, &err), 0);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzRng rng;
    ddz_rng_seed(&rng, seed);
    DdzGame g;
    long decisions = 0;
    for (int k = 0; k < 300; k++) {
        ddz_game_new(&g, &opt, &rng, 0);
        DdzAction bid = ddz_action_bid(0, 3);
        assert_int_equal(ddz_game_apply(&g, &bid, NULL), 0);
        while (g.phase == DDZ_PHASE_PLAY) {
            DdzView v;
            ddz_game_view(&g, g.turn, &v);
            DdzAction old, fresh;
            assert_int_equal(seasoned[g.turn].act(seasoned[g.turn].state, &v, &old), 0);
            if (k % 10 == 0) {
                DdzAgent a;
                assert_int_equal(ddz_ai_agent_new(&a, name, 1, &err), 0);
                assert_int_equal(a.act(a.state, &v, &fresh), 0);
                ddz_agent_free(&a);
                assert_int_equal(old.kind, fresh.kind);
                assert_true(ddz_move_equal(&old.move, &fresh.move));
                decisions++;
            }
            assert_int_equal(ddz_game_apply(&g, &old, NULL), 0);
        }
    }
    assert_true(decisions > 300);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&seasoned[s]);
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
