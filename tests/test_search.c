/* test_search.c -- the search agent: sampled deals agree with everything public, the
 * search and every other agent play only legal actions, under every preset, and the
 * search's risky moves (issue 14's positions) stand only when the samples call for them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "ddz/ai.h"
#include "ddz/bidcal.h"
#include "ddz/engine.h"
#include "ddz/game.h"
#include "ddz/search.h"

static const DdzRuleset PRESETS[DDZ_RULES_NB] = {DDZ_RULES_STANDARD, DDZ_RULES_CLASSIC, DDZ_RULES_DOUZERO,
                                                 DDZ_RULES_BOTZONE, DDZ_RULES_HUBEI48};

/* Checks one sample of the hidden cards against the view it was drawn for. */
static void check_sample(const DdzGame *g, const DdzView *v, const DdzCards h[DDZ_SEAT_NB])
{
    DdzCards played = v->played[0] | v->played[1] | v->played[2], all = played;
    bool crowned = v->landlord < DDZ_SEAT_NB;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        assert_int_equal(ddz_cards_size(h[s]), v->count[s]);
        assert_true((h[s] & all) == 0); /* disjoint from the others and from the played cards */
        all |= h[s];
        if (v->shown[s])
            assert_true(h[s] == v->shown[s]);
    }
    assert_true(h[v->seat] == g->hand[v->seat]); /* its own hand exactly */
    if (crowned) {
        assert_true((v->bottom & ~played & ~h[v->landlord]) == 0); /* the bottom it still holds */
        assert_true(all == ddz_ruleset_deck(v->opt.rules));
    } else {
        /* the bottom stays out (hubei48 has none) */
        assert_int_equal(ddz_cards_size(ddz_ruleset_deck(v->opt.rules) & ~all), ddz_ruleset_bottom_size(v->opt.rules));
    }
}

static void samples_agree_with_everything_public(void **state)
{
    (void)state;
    DdzRng rng, srng;
    ddz_rng_seed(&rng, 0x5A3);
    ddz_rng_seed(&srng, 0x5A4);
    DdzGame *g = malloc(sizeof *g);
    DdzOptions opt = ddz_options_default();
    opt.show_cards = true;
    DdzAgent a[3];
    DdzError err;
    for (int s = 0; s < 3; s++)
        assert_int_equal(ddz_agent_new(&a[s], "random", 40 + (uint64_t)s, &err), 0);
    long checked = 0;
    for (int k = 0; k < 300; k++) {
        opt.rules = PRESETS[k % DDZ_RULES_NB];
        ddz_game_new(g, &opt, &rng, k % 3);
        while (g->phase != DDZ_PHASE_OVER && g->phase != DDZ_PHASE_REDEAL) {
            for (int seat = 0; seat < 3; seat++) {
                DdzView v;
                ddz_game_view(g, seat, &v);
                DdzCards h[DDZ_SEAT_NB];
                ddz_search_sample(&v, &srng, h);
                check_sample(g, &v, h);
                checked++;
            }
            assert_int_equal(ddz_agent_step(&a[g->turn], g, &err), 0);
        }
    }
    assert_true(checked > 10000);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&a[s]);
    free(g);
}

/* Plays `games` deals per preset with the named agents in every seat; every action must be
 * accepted by the engine and every deal must end. */
static void play_many(const char *name, int games, bool forced)
{
    DdzGame *g = malloc(sizeof *g);
    for (int p = 0; p < DDZ_RULES_NB; p++) {
        DdzOptions opt = ddz_options_default();
        opt.rules = PRESETS[p];
        opt.forced_bid = forced;
        DdzAgent a[3];
        DdzError err;
        /* hubei48 takes no forced bid: a greedy agent, which always passes the bidding,
         * would only see redeals there, so seat 0 bids at random and plays like it. */
        bool seat0_random = forced && ddz_ruleset_is_48(PRESETS[p]);
        for (int s = 0; s < 3; s++)
            assert_int_equal(ddz_ai_agent_new(&a[s], s == 0 && seat0_random ? "random" : name,
                                               100 * (uint64_t)p + (uint64_t)s, &err), 0);
        DdzRng rng;
        ddz_rng_seed(&rng, 77 + (uint64_t)p);
        int over = 0;
        for (int k = 0; k < games; k++) {
            ddz_game_new(g, &opt, &rng, k % 3);
            int steps = 0;
            while (g->phase != DDZ_PHASE_OVER && g->phase != DDZ_PHASE_REDEAL) {
                if (ddz_agent_step(&a[g->turn], g, &err) != 0)
                    fail_msg("%s under %s, deal %d: refused: %s", name, ddz_ruleset_name(PRESETS[p]), k, err.msg);
                assert_true(++steps <= DDZ_MAX_ACTIONS);
            }
            over += g->phase == DDZ_PHASE_OVER;
        }
        assert_true(over > 0);
        for (int s = 0; s < 3; s++)
            ddz_agent_free(&a[s]);
    }
    free(g);
}

static void random_greedy_and_rule_play_only_legal_moves_in_10000_games_per_preset(void **state)
{
    (void)state;
    play_many("random", 10000, false);
    play_many("greedy", 10000, true);
    play_many("rule", 10000, false);
}

static void search_plays_only_legal_moves_under_every_preset(void **state)
{
    (void)state;
    play_many("search:0/3", 30, false);
}

static void search_sees_only_its_view(void **state)
{
    (void)state;
    /* The same public situation with different hidden cards must get the same decision:
     * the agent is seeded the same and may read only the view. */
    DdzRng rng;
    ddz_rng_seed(&rng, 9);
    DdzGame *g1 = malloc(sizeof *g1), *g2 = malloc(sizeof *g2);
    DdzOptions opt = ddz_options_default();
    for (int k = 0; k < 20; k++) {
        ddz_game_new(g1, &opt, &rng, 0);
        /* Seat 0 bids 3 and leads: swap two cards between seats 1 and 2 in the copy. */
        DdzAction bid = ddz_action_bid(0, 3);
        assert_int_equal(ddz_game_apply(g1, &bid, NULL), 0);
        DdzCards h[3] = {g1->dealt[0], g1->dealt[1], g1->dealt[2]};
        DdzCards c1 = h[1] & (0 - h[1]), c2 = h[2] & (0 - h[2]);
        h[1] = (h[1] & ~c1) | c2;
        h[2] = (h[2] & ~c2) | c1;
        assert_int_equal(ddz_game_from_hands(g2, &opt, h, g1->bottom, 0, NULL), 0);
        assert_int_equal(ddz_game_apply(g2, &bid, NULL), 0);
        DdzAgent a1, a2;
        DdzError err;
        assert_int_equal(ddz_ai_agent_new(&a1, "search:0/5", 3, &err), 0);
        assert_int_equal(ddz_ai_agent_new(&a2, "search:0/5", 3, &err), 0);
        DdzView v1, v2;
        ddz_game_view(g1, 0, &v1);
        ddz_game_view(g2, 0, &v2);
        DdzAction x1, x2;
        assert_int_equal(a1.act(a1.state, &v1, &x1), 0);
        assert_int_equal(a2.act(a2.state, &v2, &x2), 0);
        assert_true(ddz_move_equal(&x1.move, &x2.move));
        ddz_agent_free(&a1);
        ddz_agent_free(&a2);
    }
    free(g1);
    free(g2);
}

/* The engine's answer to one request from the agent named, with a fixed sample budget
 * (reproducible). */
static char *engine_move_by(const char *request, const char *agent)
{
    char *answer = NULL;
    int rc = ddz_engine_answer(request, strlen(request), agent, &answer);
    assert_non_null(answer);
    if (rc != 0)
        fail_msg("%s", answer);
    const char *m = strstr(answer, "\"move\":\"");
    assert_non_null(m);
    m += 8;
    size_t n = strcspn(m, "\"");
    char *move = malloc(n + 1);
    assert_non_null(move);
    memcpy(move, m, n);
    move[n] = '\0';
    free(answer);
    return move;
}

static char *engine_move(const char *request)
{
    return engine_move_by(request, "search:0/400");
}

/* Issue 14: the landlord led a low single (8, T) into a farmer holding one card that might
 * beat it, where a pair or a trio was there to lead and wins. Any single but the landlord's
 * highest card (a 2: both jokers are out) is refused. */
static void search_leads_no_single_an_opponent_with_one_card_may_beat(void **state)
{
    (void)state;
    static const char *const REQ[] = {
        "{\"type\":\"play\",\"rules\":\"douzero\",\"seat\":0,\"landlord\":0,\"hand\":\"33777899TTQKA2\","
        "\"bottom\":\"9A2\",\"history\":[[0,\"5\"],[1,\"9\"],[2,\"A\"],[0,\"2\"],[1,\"\"],[2,\"\"],[0,\"66\"],"
        "[1,\"AA\"],[2,\"\"],[0,\"\"],[1,\"444J\"],[2,\"4JJJ\"],[0,\"\"],[1,\"QKKK\"],[2,\"\"],[0,\"\"],"
        "[1,\"56789\"],[2,\"\"],[0,\"BR\"],[1,\"\"],[2,\"\"]]}",
        "{\"type\":\"play\",\"rules\":\"douzero\",\"seat\":0,\"landlord\":0,\"hand\":\"55689TTJQK22\","
        "\"bottom\":\"3TJ\",\"history\":[[0,\"33\"],[1,\"JJ\"],[2,\"\"],[0,\"QQ\"],[1,\"KK\"],[2,\"\"],"
        "[0,\"AA\"],[1,\"22\"],[2,\"\"],[0,\"\"],[1,\"3444\"],[2,\"\"],[0,\"\"],[1,\"56789T\"],[2,\"\"],"
        "[0,\"BR\"],[1,\"\"],[2,\"\"]]}",
    };
    for (size_t i = 0; i < sizeof REQ / sizeof REQ[0]; i++) {
        char *move = engine_move(REQ[i]);
        printf("position %zu: %s\n", i + 1, move);
        assert_true(strlen(move) > 0);
        if (strlen(move) == 1)
            assert_string_equal(move, "2");
        free(move);
    }
}

/* Issue 14: a farmer bombed (4444) its partner's big joker, a trick its side held, to
 * double a win the samples called certain; it loses where the landlord holds KKKA. Only
 * pass and the bomb are legal: the farmer passes. */
static void farmer_does_not_bomb_its_partners_winning_play(void **state)
{
    (void)state;
    char *move = engine_move(
        "{\"type\":\"play\",\"rules\":\"douzero\",\"seat\":2,\"landlord\":0,\"hand\":\"444457789TJQB\","
        "\"bottom\":\"622\",\"history\":[[0,\"66\"],[1,\"AA\"],[2,\"\"],[0,\"\"],[1,\"55667788\"],[2,\"\"],"
        "[0,\"99TTJJQQ\"],[1,\"\"],[2,\"3333\"],[0,\"2222\"],[1,\"\"],[2,\"\"],[0,\"5\"],[1,\"K\"],[2,\"\"],"
        "[0,\"A\"],[1,\"R\"]]}");
    assert_string_equal(move, "");
    free(move);
}

/* The worth of a point (:pointsP) decides between moves that win for certain: the
 * landlord leads with 777733 against farmers holding 34 and 35 (ten cards: every world is
 * solved exactly, and every line wins). 777733 (four with two, not a bomb) ends the game
 * at 2 points; the bomb 7777, then 33, at 4. Valuing points at 5% of a win the search
 * plays the bomb; at nothing, the rule agent's choice, which empties the hand. */
static void points_decide_between_certain_wins(void **state)
{
    (void)state;
    static const char REQ[] =
        "{\"type\":\"play\",\"rules\":\"douzero\",\"seat\":0,\"landlord\":0,\"hand\":\"777733\",\"bottom\":\"89T\","
        "\"history\":[[0,\"89TJQKA\"],[1,\"\"],[2,\"\"],[0,\"6\"],[1,\"\"],[2,\"\"],[0,\"4445\"],[1,\"8886\"],"
        "[2,\"9996\"],[0,\"\"],[1,\"\"],[2,\"TTTJJJQQQ\"],[0,\"\"],[1,\"\"],[2,\"55\"],[0,\"\"],[1,\"22\"],[2,\"\"],"
        "[0,\"\"],[1,\"KKK6\"],[2,\"\"],[0,\"\"],[1,\"B\"],[2,\"\"],[0,\"\"],[1,\"R\"],[2,\"\"],[0,\"\"],[1,\"A\"],"
        "[2,\"\"],[0,\"\"],[1,\"AA\"],[2,\"\"],[0,\"22\"],[1,\"\"],[2,\"\"]]}";
    static const struct {
        const char *agent, *move;
    } T[] = {
        {"search:0/50:points5", "7777"},
        {"search:0/50:points0", "337777"},
        {"search:0/50:points5:noise30:playouts4", "7777"},
        {"search:0/50:adp", "7777"},
        {"normal", "337777"},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        char *move = engine_move_by(REQ, T[i].agent);
        if (strcmp(move, T[i].move) != 0)
            fail_msg("%s answered %s, not %s", T[i].agent, move, T[i].move);
        free(move);
    }
}

/* The objective's value of a finished game, a known-answer table: wp counts the side's win
 * (points only as a 1% tie-break), adp the seat's own points per base, so a bomb's doubling,
 * hubei48's 包赔 (the marked farmer pays its partner's loss too) and 喜金 count in full;
 * auto is adp under hubei48 only. */
static void objective_values_known_answers(void **state)
{
    (void)state;
    static const struct {
        int score[3], base, landlord;
        bool landlord_won;
        int seat;
        DdzObjective obj;
        DdzRuleset rules;
        double want;
    } T[] = {
        /* landlord 0 wins a bid-3 game with one bomb: +12, farmers -6 each */
        {{12, -6, -6}, 3, 0, true, 0, DDZ_OBJECTIVE_WP, DDZ_RULES_DOUZERO, 1.04},
        {{12, -6, -6}, 3, 0, true, 0, DDZ_OBJECTIVE_ADP, DDZ_RULES_DOUZERO, 4},
        {{12, -6, -6}, 3, 0, true, 1, DDZ_OBJECTIVE_WP, DDZ_RULES_DOUZERO, -0.02},
        {{12, -6, -6}, 3, 0, true, 1, DDZ_OBJECTIVE_ADP, DDZ_RULES_DOUZERO, -2},
        {{12, -6, -6}, 3, 0, true, 1, DDZ_OBJECTIVE_AUTO, DDZ_RULES_DOUZERO, -0.02},
        /* the farmers win 2 each */
        {{-4, 2, 2}, 1, 0, false, 2, DDZ_OBJECTIVE_ADP, DDZ_RULES_STANDARD, 2},
        {{-4, 2, 2}, 1, 0, false, 2, DDZ_OBJECTIVE_WP, DDZ_RULES_STANDARD, 1.02},
        /* hubei48, landlord 1 wins 2 x 2; seat 0 (before the landlord) let it go: 包赔, it
         * pays 4 and its partner nothing */
        {{-4, 4, 0}, 2, 1, true, 0, DDZ_OBJECTIVE_AUTO, DDZ_RULES_HUBEI48, -2},
        {{-4, 4, 0}, 2, 1, true, 2, DDZ_OBJECTIVE_AUTO, DDZ_RULES_HUBEI48, 0},
        {{-4, 4, 0}, 2, 1, true, 2, DDZ_OBJECTIVE_WP, DDZ_RULES_HUBEI48, 0},
        /* hubei48 喜金 of 2 from each other seat: farmer 2's bomb won its trick, the farmers
         * still lost 2 each (landlord 4 - 2, farmers -2 - 2 and -2 + 4) */
        {{-4, 2, 2}, 2, 1, true, 2, DDZ_OBJECTIVE_AUTO, DDZ_RULES_HUBEI48, 1},
        {{-4, 2, 2}, 2, 1, true, 2, DDZ_OBJECTIVE_WP, DDZ_RULES_HUBEI48, 0.01},
        /* the landlord's bomb won its trick: 2 x 4 + 4, farmers -4 - 2 */
        {{-6, 12, -6}, 2, 1, true, 0, DDZ_OBJECTIVE_ADP, DDZ_RULES_HUBEI48, -3},
        {{-6, 12, -6}, 2, 1, true, 1, DDZ_OBJECTIVE_AUTO, DDZ_RULES_HUBEI48, 6},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        DdzResult r;
        memset(&r, 0, sizeof r);
        memcpy(r.score, T[i].score, sizeof r.score);
        r.base = T[i].base;
        r.landlord = T[i].landlord;
        r.landlord_won = T[i].landlord_won;
        double got = ddz_search_value(&r, T[i].seat, T[i].obj, T[i].rules);
        if (got < T[i].want - 1e-9 || got > T[i].want + 1e-9)
            fail_msg("row %zu: value %g, want %g", i, got, T[i].want);
    }
}

/* Agent names with an objective: accepted once, in any order with the budget, on the
 * search levels; refused otherwise. */
static void objective_names(void **state)
{
    (void)state;
    static const char *const GOOD[] = {"search:adp", "search:wp", "search:0/50:adp", "search:adp:0/50",
                                       "search:200:wp", "expert:adp", "hard:adp", "hard:wp", "expert:1000",
                                       "hard:0/20:wp", "expert:adp:500"};
    static const char *const BAD[] = {"search:adp:adp", "search:ADP", "search:0/50:adp:7", "search:10:20",
                                      "search:", "search:adp:", "normal:adp", "easy:wp", "rule:adp", "normal:1000",
                                      "expert:1000:500", "hard:fast"};
    DdzAgent a;
    DdzError err;
    for (size_t i = 0; i < sizeof GOOD / sizeof GOOD[0]; i++) {
        if (ddz_ai_agent_new(&a, GOOD[i], 1, &err) != 0)
            fail_msg("%s: %s", GOOD[i], err.msg);
        ddz_agent_free(&a);
    }
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        if (ddz_ai_agent_new(&a, BAD[i], 1, &err) == 0)
            fail_msg("%s accepted", BAD[i]);
    /* A level's bad options are named as typed, not as the search behind the level. */
    assert_int_not_equal(ddz_ai_agent_new(&a, "expert:1000:500", 1, &err), 0);
    if (strncmp(err.msg, "agent 'expert:1000:500': write expert[:MS[/SAMPLES]]", 52) != 0)
        fail_msg("%s", err.msg);
    assert_int_not_equal(ddz_ai_agent_new(&a, "search:zz", 1, &err), 0);
    if (strncmp(err.msg, "agent 'search:zz': write search[:MS[/SAMPLES]]", 46) != 0)
        fail_msg("%s", err.msg);
}

/* Search names read into configurations, a known-answer table: a time budget alone raises
 * the sample cap (2 a millisecond, at least 400) so that more time buys more samples. */
static void search_names_known_answers(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int time_ms, samples, solve_cards;
        bool infer;
        DdzObjective obj;
    } T[] = {
        {"search", 200, 400, 16, false, DDZ_OBJECTIVE_AUTO},
        {"search:50", 50, 400, 16, false, DDZ_OBJECTIVE_AUTO},
        {"search:200", 200, 400, 16, false, DDZ_OBJECTIVE_AUTO},
        {"search:1000", 1000, 2000, 16, false, DDZ_OBJECTIVE_AUTO},
        {"search:1000/300", 1000, 300, 16, false, DDZ_OBJECTIVE_AUTO},
        {"search:0/50:adp", 0, 50, 16, false, DDZ_OBJECTIVE_ADP},
        {"search:wp:infer:0/70", 0, 70, 16, true, DDZ_OBJECTIVE_WP},
        {"search:solve20:5000", 5000, 10000, 20, false, DDZ_OBJECTIVE_AUTO},
        {"search:solve0", 200, 400, 0, false, DDZ_OBJECTIVE_AUTO},
        {"search:bid:0/30", 0, 30, 16, false, DDZ_OBJECTIVE_AUTO},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        DdzSearchConfig c;
        DdzError err;
        if (ddz_search_config_parse(T[i].name, &c, &err) != 0)
            fail_msg("%s: %s", T[i].name, err.msg);
        if (c.time_ms != T[i].time_ms || c.samples != T[i].samples || c.solve_cards != T[i].solve_cards ||
            c.infer != T[i].infer || c.objective != T[i].obj)
            fail_msg("%s: time %d samples %d solve %d infer %d objective %d", T[i].name, c.time_ms, c.samples,
                     c.solve_cards, c.infer, (int)c.objective);
    }
    DdzSearchConfig c;
    assert_int_not_equal(ddz_search_config_parse("rule", &c, NULL), 0);
    assert_int_not_equal(ddz_search_config_parse("search:solve", &c, NULL), 0);
    assert_int_not_equal(ddz_search_config_parse("search:solve9:solve9", &c, NULL), 0);
    assert_int_not_equal(ddz_search_config_parse("search:infer:infer", &c, NULL), 0);
    /* The opponent model's weight of a miss, in percent: "infer" is 25. */
    assert_int_equal(ddz_search_config_parse("search:infer", &c, NULL), 0);
    assert_true(c.infer && c.infer_eps == 0.25);
    assert_int_equal(ddz_search_config_parse("search:0/70:infer50", &c, NULL), 0);
    assert_true(c.infer && c.infer_eps == 0.5 && c.samples == 70);
    assert_int_equal(ddz_search_config_parse("search:infer100", &c, NULL), 0);
    assert_true(c.infer && c.infer_eps == 1.0);
    assert_int_not_equal(ddz_search_config_parse("search:infer0", &c, NULL), 0);
    assert_int_not_equal(ddz_search_config_parse("search:infer101", &c, NULL), 0);
    assert_int_not_equal(ddz_search_config_parse("search:infer:infer50", &c, NULL), 0);
    assert_int_not_equal(ddz_search_config_parse("search:infer50:infer", &c, NULL), 0);
    assert_int_not_equal(ddz_search_config_parse("search:bid:bid", &c, NULL), 0);
    assert_int_not_equal(ddz_search_config_parse("search:bids", &c, NULL), 0);
    assert_false(ddz_search_default().bid_playouts);
    assert_int_equal(ddz_search_config_parse("search:0/9:bid", &c, NULL), 0);
    assert_true(c.bid_playouts);
    assert_int_not_equal(ddz_search_config_parse("search:0/0", &c, NULL), 0);
    /* the bidding thresholds: ascending hundredths, each option once */
    c = ddz_search_default();
    assert_true(c.bid_at[0] == 47 && c.bid_at[1] == 59 && c.bid_at[2] == 71 && c.rob_at == 53);
    assert_int_equal(ddz_search_config_parse("search:bid:bids40/50/50:rob45", &c, NULL), 0);
    assert_true(c.bid_at[0] == 40 && c.bid_at[1] == 50 && c.bid_at[2] == 50 && c.rob_at == 45 && c.bid_playouts);
    assert_int_equal(ddz_search_config_parse("search:bids0/0/100", &c, NULL), 0);
    assert_true(c.bid_at[0] == 0 && c.bid_at[2] == 100 && c.rob_at == 53);
    /* over another seat's bid or call, and last after two passes: off (-1) unless given */
    assert_true(c.over_at == -1 && c.last_at == -1);
    assert_int_equal(ddz_search_config_parse("search:bid:over62:last48", &c, NULL), 0);
    assert_true(c.over_at == 62 && c.last_at == 48 && c.rob_at == 53 && c.bid_at[2] == 71);
    assert_int_equal(ddz_search_config_parse("search:last0:over100", &c, NULL), 0);
    assert_true(c.over_at == 100 && c.last_at == 0);
    /* the doubling thresholds: a farmer's (double, x4) and the landlord's (redouble, x4) */
    c = ddz_search_default();
    assert_true(c.double_at[0] == 73 && c.double_at[1] == 85 && c.redouble_at[0] == 70 && c.redouble_at[1] == 89);
    assert_int_equal(ddz_search_config_parse("search:bid:double55/60:redouble58/100", &c, NULL), 0);
    assert_true(c.double_at[0] == 55 && c.double_at[1] == 60 && c.redouble_at[0] == 58 && c.redouble_at[1] == 100);
    assert_true(c.bid_at[0] == 47 && c.rob_at == 53);
    assert_int_equal(ddz_search_config_parse("search:redouble0/0", &c, NULL), 0);
    assert_true(c.redouble_at[1] == 0 && c.double_at[0] == 73);
    /* the apps' own (double=app): unset (-1, as the farmer flow's) unless given */
    assert_true(c.app_double_at[0] == -1 && c.app_double_at[1] == -1 && c.app_redouble_at[0] == -1);
    assert_int_equal(ddz_search_config_parse("search:appredouble60/80:bid:appdouble62/100", &c, NULL), 0);
    assert_true(c.app_double_at[0] == 62 && c.app_double_at[1] == 100 && c.app_redouble_at[0] == 60 &&
                c.app_redouble_at[1] == 80 && c.double_at[0] == 73 && c.redouble_at[0] == 70);
    static const char *const bad[] = {"search:bids50/40/60", "search:bids40/50", "search:bids40/50/60/",
                                      "search:bids40/50/101", "search:bids-1/50/60", "search:bids4x/50/60",
                                      "search:bids1/2/3:bids1/2/3", "search:rob101", "search:rob5:rob5",
                                      "search:double60/50", "search:double50", "search:double50/60/70",
                                      "search:double50/101", "search:double", "search:redouble50/",
                                      "search:double5/6:double5/6", "search:redouble5/6:redouble5/6",
                                      "search:over101", "search:over", "search:over5:over5", "search:last-1",
                                      "search:last50x", "search:last5:last5", "search:appdouble60/50",
                                      "search:appdouble", "search:appredouble5/6:appredouble5/6",
                                      "search:appdouble101/101", "search:appredouble60"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (ddz_search_config_parse(bad[i], &c, NULL) == 0)
            fail_msg("%s was taken", bad[i]);
}

/* The play-out options read into configurations, a known-answer table (issue 14's
 * experiments): the play-out policy (a frozen rule version), its noise, play-outs per world,
 * the prior of the policy's own move and the worth of a point; each at most once and in
 * range. */
static void playout_options_known_answers(void **state)
{
    (void)state;
    static const struct {
        const char *name, *policy;
        int noise, playouts, prior, points, extra;
    } T[] = {
        {"search", "rule", 0, 1, 2, 1, 0},
        {"search:rule-v1", "rule-v1", 0, 1, 2, 1, 0},
        {"search:0/50:noise30:playouts4", "rule", 30, 4, 2, 1, 0},
        {"search:prior0:rule-v1:noise5:bid", "rule-v1", 5, 1, 0, 1, 0},
        {"search:noise100:playouts16:prior100:points0", "rule", 100, 16, 100, 0, 0},
        {"search:points5:0/100", "rule", 0, 1, 2, 5, 0},
        {"search:points100", "rule", 0, 1, 2, 100, 0},
        {"search:0/100:extra300", "rule", 0, 1, 2, 1, 300},
        {"search:extra0:points25", "rule", 0, 1, 2, 25, 0},
        {"search:extra200000", "rule", 0, 1, 2, 1, 200000},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        DdzSearchConfig c;
        DdzError err;
        if (ddz_search_config_parse(T[i].name, &c, &err) != 0)
            fail_msg("%s: %s", T[i].name, err.msg);
        if (strcmp(c.policy, T[i].policy) != 0 || c.noise != T[i].noise || c.playouts != T[i].playouts ||
            c.prior != T[i].prior || c.points != T[i].points || c.extra != T[i].extra)
            fail_msg("%s: policy %s noise %d playouts %d prior %d points %d extra %d", T[i].name, c.policy,
                     c.noise, c.playouts, c.prior, c.points, c.extra);
    }
    static const char *const BAD[] = {"search:noise101", "search:noise", "search:noise5:noise5",
                                      "search:playouts0", "search:playouts17", "search:prior101",
                                      "search:prior-1", "search:rule-v0", "search:rule-v1:rule-v1",
                                      "search:rule-v12", "search:points101", "search:points",
                                      "search:points-1", "search:points2:points2", "search:points5x",
                                      "search:extra", "search:extra-1", "search:extra200001",
                                      "search:extra5:extra5", "search:extra1e3"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        DdzSearchConfig c;
        if (ddz_search_config_parse(BAD[i], &c, NULL) == 0)
            fail_msg("%s was accepted", BAD[i]);
    }
    /* A version the rule agent does not have is refused when the agent is made. */
    DdzAgent a;
    DdzError err;
    assert_int_not_equal(ddz_ai_agent_new(&a, "search:rule-v9", 1, &err), 0);
    assert_int_equal(ddz_ai_agent_new(&a, "search:rule-v1:noise20:playouts2", 1, &err), 0);
    ddz_agent_free(&a);
}

/* Level names with options read as the search behind them, a known-answer table: each of
 * the level's own options stands unless one of its kind is given, so a time budget replaces
 * the level's own (issue 14: the engine's time_ms was ignored when a request named a level,
 * as "expert:1000" was refused), and a time alone keeps the level's own sample cap;
 * levels that are not a search keep their name (and are
 * refused with options). */
static void level_names_with_options_known_answers(void **state)
{
    (void)state;
    static const struct {
        const char *name, *want;
        int time_ms, samples;
    } T[] = {
        {"expert", "search:800/100:infer:noise30:playouts4:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid", 800, 100},
        {"hard", "search:50:bids55/55/55:appredouble50/50:bid", 50, 400},
        {"hard:adp", "search:50:bids55/55/55:appredouble50/50:bid:adp", 50, 400},
        {"expert:1000", "search:infer:noise30:playouts4:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:1000/100", 1000, 100},
        {"expert:0", "search:infer:noise30:playouts4:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:0/100", 0, 100},
        {"expert:0/400", "search:infer:noise30:playouts4:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:0/400", 0, 400},
        {"expert:wp:300:noise10", "search:infer:playouts4:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:wp:300/100:noise10", 300, 100},
        {"hard:1000", "search:bids55/55/55:appredouble50/50:bid:1000", 1000, 2000},
        {"hard:20", "search:bids55/55/55:appredouble50/50:bid:20", 20, 400},
        {"hard:0/20:wp", "search:bids55/55/55:appredouble50/50:bid:0/20:wp", 0, 20},
        {"expert:adp:500", "search:infer:noise30:playouts4:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:adp:500/100", 500, 100},
        {"expert:bid:adp", "search:800/100:infer:noise30:playouts4:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:adp", 800, 100},
        {"expert:noise0:playouts1", "search:800/100:infer:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:noise0:playouts1", 800, 100},
        {"expert:mix0", "search:800/100:infer:noise30:playouts4:points25:bids55/55/55:appredouble50/50:bid:mix0", 800, 100},
        {"expert:mixopp50", "search:800/100:infer:noise30:playouts4:points25:bids55/55/55:appredouble50/50:bid:mixopp50", 800, 100},
        {"expert:mix25", "search:800/100:infer:noise30:playouts4:points25:bids55/55/55:appredouble50/50:bid:mix25", 800, 100},
        {"expert:adapt", "search:800/100:infer:noise30:playouts4:points25:mixopp25:bids55/55/55:appredouble50/50:bid:adapt", 800, 100},
        {"expert:mixopp50:adapt", "search:800/100:infer:noise30:playouts4:points25:bids55/55/55:appredouble50/50:bid:mixopp50:adapt", 800, 100},
        {"expert:infer50", "search:800/100:noise30:playouts4:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:infer50", 800, 100},
        {"expert:200/100:noise30:playouts4", "search:infer:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:200/100:noise30:playouts4", 200, 100},
        {"hard:noise30:playouts4", "search:50:bids55/55/55:appredouble50/50:bid:noise30:playouts4", 50, 400},
        {"expert:points1", "search:800/100:infer:noise30:playouts4:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:points1", 800, 100},
        {"expert:bids47/59/71", "search:800/100:infer:noise30:playouts4:points25:mixopp25:adapt:appredouble50/50:bid:bids47/59/71", 800, 100},
        {"expert:appdouble60/80:appredouble55/75",
         "search:800/100:infer:noise30:playouts4:points25:mixopp25:adapt:bids55/55/55:bid:appdouble60/80:appredouble55/75", 800, 100},
        {"normal", "rule", -1, -1},
        {"normal:1000", "normal:1000", -1, -1},
        {"search:0/5", "search:0/5", 0, 5},
        {"rule-v1", "rule-v1", -1, -1},
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        char got[192];
        assert_int_equal(ddz_ai_resolve_name(T[i].name, got, sizeof got), 0);
        if (strcmp(got, T[i].want) != 0)
            fail_msg("%s: %s, want %s", T[i].name, got, T[i].want);
        DdzSearchConfig c;
        if (T[i].time_ms < 0)
            continue;
        assert_int_equal(ddz_search_config_parse(got, &c, NULL), 0);
        if (c.time_ms != T[i].time_ms || c.samples != T[i].samples)
            fail_msg("%s: time %d samples %d", T[i].name, c.time_ms, c.samples);
    }
    /* expert's own search (issue 14): inferred worlds, four noisy play-outs a candidate,
     * planner on the opponents' seats of a quarter of them. */
    char got[128];
    DdzSearchConfig c;
    assert_int_equal(ddz_ai_resolve_name("expert", got, sizeof got), 0);
    assert_int_equal(ddz_search_config_parse(got, &c, NULL), 0);
    assert_true(c.infer && c.noise == 30 && c.playouts == 4 && c.points == 25 && c.bid_playouts);
    assert_true(c.mix == 25 && c.mix_opponents);
    assert_int_equal(ddz_ai_resolve_name("hard", got, sizeof got), 0);
    assert_int_equal(ddz_search_config_parse(got, &c, NULL), 0);
    assert_true(!c.infer && c.noise == 0 && c.playouts == 1 && c.points == 1 && c.bid_playouts);
    char small[8];
    assert_int_not_equal(ddz_ai_resolve_name("expert:1000", small, sizeof small), 0);
}

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

/* The opponent model (infer) on games the rule agent plays: its weights put more of the
 * hidden cards in the right seat than uniform sampling, and give the true deal a higher
 * likelihood; without infer both measures are the uniform sampler's. */
static void inference_weights_favour_the_true_deal(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzRng rng;
    ddz_rng_seed(&rng, 0xFEED);
    DdzSamplerEval with = {0, 0, 0, 0, 0, 0, 0}, without = with;
    DdzSearchConfig on = ddz_search_default(), off = on;
    on.infer = true;
    off.infer = false;
    for (int k = 0; k < 4; k++) {
        DdzAgent a[3];
        DdzError err;
        for (int s = 0; s < 3; s++)
            assert_int_equal(ddz_ai_agent_new(&a[s], "rule", (uint64_t)(k * 3 + s), &err), 0);
        ddz_game_new(g, &opt, &rng, 0);
        DdzAction bid = ddz_action_bid(0, 3);
        assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
        while (g->phase == DDZ_PHASE_PLAY) {
            if (g->nhist % 3 == 0) {
                ddz_search_sampler_eval(&on, g, g->turn, 60, (uint64_t)g->nhist, &with);
                ddz_search_sampler_eval(&off, g, g->turn, 60, (uint64_t)g->nhist, &without);
            }
            assert_int_equal(ddz_agent_step(&a[g->turn], g, &err), 0);
        }
        for (int s = 0; s < 3; s++)
            ddz_agent_free(&a[s]);
    }
    free(g);
    assert_true(with.views > 30);
    assert_int_equal(with.views, without.views);
    double n = (double)with.views;
    printf("uniform %.3f, weighted %.3f, log-likelihood gain %.2f over %ld views\n", with.acc_uniform / n,
           with.acc_weighted / n, with.ll / n, with.views);
    assert_true(with.acc_weighted / n > with.acc_uniform / n + 0.03);
    assert_true(with.ll / n > 1.0);
    assert_true(with.ess / n < 0.8); /* the weights do differ */
    assert_float_equal(without.acc_weighted, without.acc_uniform, 1e-9);
    assert_float_equal(without.ll, 0, 1e-9);
    /* the same uniform draws either way (same seeds) */
    assert_float_equal(without.acc_uniform, with.acc_uniform, 1e-9);
}

/* With a sample budget the search is a function of its seed, the opponent model and the
 * objective included. */
static void search_with_a_sample_budget_is_reproducible(void **state)
{
    (void)state;
    static const char *const REQ =
        "{\"type\":\"play\",\"rules\":\"douzero\",\"seat\":1,\"landlord\":0,\"hand\":\"3455789QQQKKAA2BR\","
        "\"bottom\":\"346\",\"history\":[[0,\"33444\"]],\"seed\":5}";
    static const char *const NAMES[] = {"search:0/60:infer", "search:0/60:adp", "search:0/60:infer:adp",
                                        "search:0/60:noise30:playouts2", "search:0/20:extra80:infer:noise30",
                                        "search:0/40:mix50:noise30:playouts2"};
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++) {
        char *first = NULL, *again = NULL;
        assert_int_equal(ddz_engine_answer(REQ, strlen(REQ), NAMES[i], &first), 0);
        assert_int_equal(ddz_engine_answer(REQ, strlen(REQ), NAMES[i], &again), 0);
        assert_string_equal(first, again);
        free(first);
        free(again);
    }
}

/* :extraN: a decision is judged on the sample cap's worlds, and on up to N more only while
 * its best two candidates stay within two standard errors; without it, on the cap's exactly.
 * Self-play games, every seat the search, each play decision with a choice counted. */
static void extra_samples_go_to_close_decisions(void **state)
{
    (void)state;
    static const char *const NAMES[] = {"search:0/12", "search:0/12:extra60"};
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    for (int n = 0; n < 2; n++) {
        int at_cap = 0, beyond = 0, decisions = 0;
        DdzRng rng;
        ddz_rng_seed(&rng, 0xE47A);
        for (int k = 0; k < 3; k++) {
            DdzAgent a[3];
            DdzError err;
            for (int s = 0; s < 3; s++)
                assert_int_equal(ddz_ai_agent_new(&a[s], NAMES[n], (uint64_t)(k * 3 + s), &err), 0);
            ddz_game_new(g, &opt, &rng, 0);
            DdzAction bid = ddz_action_bid(0, 3);
            assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
            while (g->phase == DDZ_PHASE_PLAY) {
                int seat = g->turn;
                assert_int_equal(ddz_agent_step(&a[seat], g, &err), 0);
                int got = ddz_search_last_samples(&a[seat]);
                if (got == 0)
                    continue; /* one legal move, or one candidate */
                decisions++;
                if (got < 12 || got > (n ? 72 : 12))
                    fail_msg("%s: a decision on %d samples", NAMES[n], got);
                at_cap += got == 12;
                beyond += got > 12;
            }
            for (int s = 0; s < 3; s++)
                ddz_agent_free(&a[s]);
        }
        printf("%s: %d decisions, %d on the cap, %d beyond\n", NAMES[n], decisions, at_cap, beyond);
        assert_true(decisions > 20);
        if (n == 0) {
            assert_int_equal(at_cap, decisions);
        } else {
            assert_true(at_cap > 0);  /* clear decisions stop at the cap */
            assert_true(beyond > 0);  /* close ones draw more */
        }
    }
    DdzAgent rule;
    DdzError err;
    assert_int_equal(ddz_ai_agent_new(&rule, "rule", 1, &err), 0);
    assert_int_equal(ddz_search_last_samples(&rule), 0); /* not a search */
    ddz_agent_free(&rule);
    free(g);
}

/* :candN caps the candidates a decision weighs: the rule agent's move, pass and the moves that
 * empty the hand always, then the rest in hint order while fewer than N (default 24). In
 * self-play, every decision of search:0/4:candN weighs at most max(N, those always kept)
 * candidates, and the default is reached where a hand has more than 24 moves. */
static void candidates_are_capped_by_cand(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int cap;
    } T[] = {{"search:0/4", 24}, {"search:0/4:cand6", 6}, {"search:0/4:cand60", 60}};
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    int most[sizeof T / sizeof T[0]] = {0};
    for (size_t n = 0; n < sizeof T / sizeof T[0]; n++) {
        DdzSearchConfig c;
        DdzError err;
        if (ddz_search_config_parse(T[n].name, &c, &err) != 0)
            fail_msg("%s: %s", T[n].name, err.msg);
        assert_int_equal(c.candidates, T[n].cap);
        DdzRng rng;
        ddz_rng_seed(&rng, 0xCA4D);
        for (int k = 0; k < 4; k++) {
            DdzAgent a[3];
            for (int s = 0; s < 3; s++)
                assert_int_equal(ddz_ai_agent_new(&a[s], T[n].name, (uint64_t)(k * 3 + s), &err), 0);
            ddz_game_new(g, &opt, &rng, 0);
            DdzAction bid = ddz_action_bid(0, 3);
            assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
            while (g->phase == DDZ_PHASE_PLAY) {
                int seat = g->turn;
                DdzView v;
                ddz_game_view(g, seat, &v);
                DdzMove legal[DDZ_MAX_MOVES + 1], cand[DDZ_MAX_MOVES + 1];
                int nl = ddz_view_legal_moves(&v, legal), kept = 0;
                for (int i = 0; i < nl; i++)
                    kept += legal[i].type == DDZ_PASS || legal[i].size == ddz_cards_size(v.hand);
                assert_int_equal(ddz_agent_step(&a[seat], g, &err), 0);
                double value[DDZ_MAX_MOVES + 1];
                int chosen, nc = ddz_search_last(&a[seat], cand, value, &chosen);
                if (nc == 0)
                    continue;
                int cap = T[n].cap > kept + 1 ? T[n].cap : kept + 1; /* + 1: the rule agent's move */
                if (nc > cap || (nl >= 2 * cap && nc < T[n].cap))
                    fail_msg("%s: %d candidates of %d legal moves", T[n].name, nc, nl);
                if (nc > most[n])
                    most[n] = nc;
            }
            for (int s = 0; s < 3; s++)
                ddz_agent_free(&a[s]);
        }
    }
    printf("most candidates: default %d, cand6 %d, cand60 %d\n", most[0], most[1], most[2]);
    assert_int_equal(most[0], 24);
    assert_true(most[1] <= 7);
    assert_true(most[2] > 24);
    static const char *const BAD[] = {"search:cand0", "search:cand", "search:cand1025", "search:cand5:cand5",
                                      "search:cand-1"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        DdzSearchConfig c;
        if (ddz_search_config_parse(BAD[i], &c, NULL) == 0)
            fail_msg("%s was accepted", BAD[i]);
    }
    free(g);
}

/* :mixP: each seat of a play-out is played by planner instead of the rule policy P% of the
 * time, the seats drawn from the play-out's own seed. Off (mix0, the default) the search's
 * values are those of a search without the option to the last bit; at mix100 every play-out
 * is planner's, and the values differ in most decisions. :mixoppP mixes only the searcher's
 * opponents' seats: at mixopp100 the values differ from both in most decisions. Positions
 * of rule self-play games. */
static void mix_plays_out_with_planner(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzRng rng;
    ddz_rng_seed(&rng, 0x313E);
    static const char *const NAMES[] = {"search:0/20:solve0", "search:0/20:solve0:mix0", "search:0/20:solve0:mix100",
                                        "search:0/20:solve0:mixopp100", "search:0/20:solve0:mixopp0"};
    enum { N = sizeof NAMES / sizeof NAMES[0] };
    int decisions = 0, differ = 0, differ_opp = 0, differ_all = 0;
    for (int k = 0; k < 3; k++) {
        DdzAgent rule[3];
        DdzError err;
        for (int s = 0; s < 3; s++)
            assert_int_equal(ddz_ai_agent_new(&rule[s], "rule", (uint64_t)s, &err), 0);
        ddz_game_new(g, &opt, &rng, 0);
        DdzAction bid = ddz_action_bid(0, 3);
        assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
        while (g->phase == DDZ_PHASE_PLAY) {
            DdzView v;
            ddz_game_view(g, g->turn, &v);
            double value[N][DDZ_MAX_MOVES + 1];
            int nc[N];
            for (int n = 0; n < N; n++) {
                DdzAgent a;
                DdzAction act;
                DdzMove cand[DDZ_MAX_MOVES + 1];
                int chosen;
                assert_int_equal(ddz_ai_agent_new(&a, NAMES[n], 7, &err), 0);
                assert_int_equal(a.act(a.state, &v, &act), 0);
                nc[n] = ddz_search_last(&a, cand, value[n], &chosen);
                ddz_agent_free(&a);
            }
            for (int n = 1; n < N; n++)
                assert_int_equal(nc[0], nc[n]);
            if (nc[0] > 0) {
                decisions++;
                bool same = true, same_opp = true, same_all = true;
                for (int i = 0; i < nc[0]; i++) {
                    assert_true(value[0][i] == value[1][i]);
                    assert_true(value[0][i] == value[4][i]);
                    same = same && value[0][i] == value[2][i];
                    same_opp = same_opp && value[0][i] == value[3][i];
                    same_all = same_all && value[2][i] == value[3][i];
                }
                differ += !same;
                differ_opp += !same_opp;
                differ_all += !same_all;
            }
            assert_int_equal(ddz_agent_step(&rule[g->turn], g, &err), 0);
        }
        for (int s = 0; s < 3; s++)
            ddz_agent_free(&rule[s]);
    }
    printf("mix100: values differ from the rule play-outs' in %d of %d decisions\n", differ, decisions);
    printf("mixopp100: from the rule play-outs' in %d, from mix100's in %d\n", differ_opp, differ_all);
    assert_true(decisions > 20);
    assert_true(differ * 2 > decisions);
    assert_true(differ_opp * 2 > decisions);
    assert_true(differ_all * 2 > decisions);
    DdzSearchConfig c;
    assert_int_equal(ddz_search_config_parse("search:mix25:0/100", &c, NULL), 0);
    assert_int_equal(c.mix, 25);
    assert_false(c.mix_opponents);
    assert_int_equal(ddz_search_config_parse("search:0/100:mixopp25", &c, NULL), 0);
    assert_int_equal(c.mix, 25);
    assert_true(c.mix_opponents);
    assert_int_equal(ddz_search_config_parse("search", &c, NULL), 0);
    assert_int_equal(c.mix, 0);
    assert_false(c.mix_opponents);
    static const char *const BAD[] = {"search:mix",        "search:mix101",      "search:mix-1",  "search:mix5:mix5",
                                      "search:mix5:mixopp5", "search:mixopp101", "search:mixopp", "search:mixopp5:mix5"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        if (ddz_search_config_parse(BAD[i], &c, NULL) == 0)
            fail_msg("%s was accepted", BAD[i]);
    free(g);
}

/* :adapt's mixture tells the opponents apart: in games planner plays, the sampler's chance
 * that an opponent plays as planner rises above its prior, in games the rule agent plays it
 * falls below it; and on planner's games the mixture gives the true deal a higher likelihood
 * than the rule agent's model alone. */
static void adapt_tells_planner_from_the_rule_agent(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzSearchConfig mixture, plain;
    assert_int_equal(ddz_search_config_parse("search:infer:mixopp25:adapt", &mixture, NULL), 0);
    assert_true(mixture.adapt && mixture.infer && mixture.mix_opponents && mixture.mix == 25);
    assert_int_equal(ddz_search_config_parse("search:infer", &plain, NULL), 0);
    DdzSearchConfig tied;
    assert_int_equal(ddz_search_config_parse("search:infer:mixopp25:adapt:tied", &tied, NULL), 0);
    assert_true(tied.tied && !mixture.tied);
    static const char *const PLAYERS[] = {"planner", "rule"};
    DdzSamplerEval sum[2][2], lord[2][2]; /* lord: the landlord's views, untied and tied */
    memset(sum, 0, sizeof sum);
    memset(lord, 0, sizeof lord);
    for (int p = 0; p < 2; p++) {
        DdzRng rng;
        ddz_rng_seed(&rng, 0xADA7);
        for (int k = 0; k < 6; k++) {
            DdzAgent a[3];
            DdzError err;
            for (int s = 0; s < 3; s++)
                assert_int_equal(ddz_ai_agent_new(&a[s], PLAYERS[p], (uint64_t)(k * 3 + s), &err), 0);
            ddz_game_new(g, &opt, &rng, 0);
            DdzAction bid = ddz_action_bid(0, 3);
            assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
            while (g->phase == DDZ_PHASE_PLAY) {
                if (g->nhist >= 12 && g->nhist % 3 == 0) {
                    ddz_search_sampler_eval(&mixture, g, g->turn, 40, (uint64_t)g->nhist, &sum[p][0]);
                    ddz_search_sampler_eval(&plain, g, g->turn, 40, (uint64_t)g->nhist, &sum[p][1]);
                    { /* a farmer has one opponent: tied changes nothing */
                        DdzSamplerEval one, two;
                        memset(&one, 0, sizeof one);
                        memset(&two, 0, sizeof two);
                        ddz_search_sampler_eval(&mixture, g, g->turn, 40, (uint64_t)g->nhist, &one);
                        ddz_search_sampler_eval(&tied, g, g->turn, 40, (uint64_t)g->nhist, &two);
                        assert_float_equal(one.planner, two.planner, 1e-12);
                        assert_float_equal(one.ll, two.ll, 1e-12);
                    }
                }
                if (g->nhist >= 12 && g->turn == g->landlord) {
                    ddz_search_sampler_eval(&mixture, g, g->turn, 40, (uint64_t)g->nhist, &lord[p][0]);
                    ddz_search_sampler_eval(&tied, g, g->turn, 40, (uint64_t)g->nhist, &lord[p][1]);
                }
                assert_int_equal(ddz_agent_step(&a[g->turn], g, &err), 0);
            }
            for (int s = 0; s < 3; s++)
                ddz_agent_free(&a[s]);
        }
        assert_true(sum[p][0].views > 20);
        assert_int_equal(sum[p][0].views, sum[p][1].views);
        assert_float_equal(sum[p][1].planner, 0, 1e-12); /* no mixture, no posterior */
    }
    double n0 = (double)sum[0][0].views, n1 = (double)sum[1][0].views;
    printf("planner's games: chance of planner %.3f, true deal's log-likelihood gain %.2f (rule model %.2f)\n",
           sum[0][0].planner / n0, sum[0][0].ll / n0, sum[0][1].ll / n0);
    printf("rule's games: chance of planner %.3f, true deal's log-likelihood gain %.2f (rule model %.2f)\n",
           sum[1][0].planner / n1, sum[1][0].ll / n1, sum[1][1].ll / n1);
    assert_true(sum[0][0].planner / n0 > 0.35);
    assert_true(sum[1][0].planner / n1 < 0.15);
    assert_true(sum[0][0].ll / n0 > sum[0][1].ll / n0 + 0.5);
    /* :tied: the landlord weighs both farmers' actions together, so the posterior moves
     * further from the prior, towards the program that plays */
    for (int p = 0; p < 2; p++) {
        double n = (double)lord[p][0].views;
        assert_true(n > 5);
        printf("%s's games, the landlord's views: chance of planner %.3f, tied %.3f\n", PLAYERS[p],
               lord[p][0].planner / n, lord[p][1].planner / n);
    }
    assert_true(lord[0][1].planner > lord[0][0].planner + 0.1 * (double)lord[0][0].views);
    assert_true(lord[1][1].planner < 0.75 * lord[1][0].planner);
    static const char *const BAD[] = {"search:adapt", "search:infer:adapt", "search:mixopp25:adapt",
                                      "search:infer:mix25:adapt", "search:infer:mixopp0:adapt",
                                      "search:infer:mixopp25:adapt:adapt", "search:infer:mixopp25:tied",
                                      "search:infer:mixopp25:adapt:tied:tied"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        if (ddz_search_config_parse(BAD[i], &mixture, NULL) == 0)
            fail_msg("%s was accepted", BAD[i]);
    DdzError err;
    assert_int_equal(ddz_search_config_parse("search:infer:adapt", &mixture, &err), -1);
    assert_non_null(strstr(err.msg, "needs :infer and :mixoppP"));
    assert_int_equal(ddz_search_config_parse("search:infer:mixopp25:tied", &mixture, &err), -1);
    assert_non_null(strstr(err.msg, ":tied"));
    assert_non_null(strstr(err.msg, "needs :adapt"));
    free(g);
}

/* Counts the actions the opponent model is asked about, and the bids among them. */
typedef struct AskCount {
    int asked, bids;
} AskCount;

static bool count_asks(void *ctx, const DdzGame *w, const DdzAction *a)
{
    (void)w;
    AskCount *c = ctx;
    c->asked++;
    c->bids += a->kind == DDZ_ACT_BID;
    return true;
}

/* An appointed landlord (DouZero's protocol, ddz arena without --bidding, every engine play
 * request) made no choice with its bid: the opponent model is not asked about it, while a
 * bid of 3 made in real bidding is asked about. ddz_game_appoint refuses once the bidding
 * has begun or when the seat does not bid first. */
static void appointed_bids_say_nothing_of_the_hands(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    for (int appointed = 0; appointed < 2; appointed++) {
        DdzRng rng;
        ddz_rng_seed(&rng, 0xB1D);
        ddz_game_new(g, &opt, &rng, 0);
        DdzError err;
        if (appointed) {
            assert_int_equal(ddz_game_appoint(g, 1, &err), -1); /* seat 0 bids first */
            assert_non_null(strstr(err.msg, "does not bid first"));
            assert_int_equal(ddz_game_appoint(g, 0, &err), 0);
            assert_true(g->opt.appointed);
            assert_int_equal(ddz_game_appoint(g, 0, &err), -1);
            assert_non_null(strstr(err.msg, "has begun or ended"));
        } else {
            DdzAction bid = ddz_action_bid(0, 3);
            assert_int_equal(ddz_game_apply(g, &bid, &err), 0);
            assert_false(g->opt.appointed);
        }
        assert_int_equal(g->phase, DDZ_PHASE_PLAY);
        assert_int_equal(g->landlord, 0);
        DdzAgent a;
        assert_int_equal(ddz_ai_agent_new(&a, "rule", 1, &err), 0);
        for (int k = 0; k < 4; k++)
            assert_int_equal(ddz_agent_step(&a, g, &err), 0);
        ddz_agent_free(&a);
        DdzView v;
        ddz_game_view(g, 1, &v); /* a farmer, the landlord's bid in its history */
        assert_int_equal(v.opt.appointed, appointed);
        DdzGame *w = malloc(sizeof *w);
        assert_non_null(w);
        AskCount c = {0, 0};
        assert_true(ddz_search_world(w, &v, g->hand, count_asks, &c) >= 0);
        assert_int_equal(c.bids, appointed ? 0 : 1);
        assert_int_equal(c.asked, appointed ? 3 : 4); /* seats 0, 2 and 0: their plays */
        free(w);
    }
    free(g);
}

/* :adapt stops a drawn world's replay once its weight is under the bar of the rejection that
 * follows (the uniform number it will draw is known): the same worlds are kept, so the same
 * candidates get the same values, in every decision of these games, landlord and farmers,
 * tied or not. */
static void early_rejection_keeps_the_same_worlds(void **state)
{
    (void)state;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    static const char *const NAMES[] = {"search:0/12:infer:mixopp25:adapt", "search:0/12:infer:mixopp50:adapt:tied"};
    int decisions = 0;
    for (int n = 0; n < 2; n++) {
        DdzSearchConfig fast, whole;
        assert_int_equal(ddz_search_config_parse(NAMES[n], &fast, NULL), 0);
        whole = fast;
        whole.replay_whole = true;
        DdzRng rng;
        ddz_rng_seed(&rng, 0xEA51 + (uint64_t)n);
        for (int k = 0; k < 2; k++) {
            DdzAgent a[3], b[3];
            DdzError err;
            for (int s = 0; s < 3; s++) {
                assert_int_equal(ddz_search_agent_new(&a[s], &fast, (uint64_t)(k * 3 + s), &err), 0);
                assert_int_equal(ddz_search_agent_new(&b[s], &whole, (uint64_t)(k * 3 + s), &err), 0);
            }
            ddz_game_new(g, &opt, &rng, 0);
            assert_int_equal(ddz_game_appoint(g, 0, &err), 0);
            while (g->phase == DDZ_PHASE_PLAY) {
                DdzView v;
                ddz_game_view(g, g->turn, &v);
                DdzAction x, y;
                assert_int_equal(a[g->turn].act(a[g->turn].state, &v, &x), 0);
                assert_int_equal(b[g->turn].act(b[g->turn].state, &v, &y), 0);
                assert_int_equal(x.move.type, y.move.type);
                assert_true(x.move.ranks == y.move.ranks);
                DdzMove cx[DDZ_MAX_MOVES + 1], cy[DDZ_MAX_MOVES + 1];
                double vx[DDZ_MAX_MOVES + 1], vy[DDZ_MAX_MOVES + 1];
                int bx, by, nx = ddz_search_last(&a[g->turn], cx, vx, &bx), ny = ddz_search_last(&b[g->turn], cy, vy, &by);
                assert_int_equal(nx, ny);
                for (int i = 0; i < nx; i++)
                    assert_float_equal(vx[i], vy[i], 1e-12);
                decisions += nx > 1;
                assert_int_equal(ddz_game_apply(g, &x, &err), 0);
            }
            for (int s = 0; s < 3; s++) {
                ddz_agent_free(&a[s]);
                ddz_agent_free(&b[s]);
            }
        }
    }
    printf("%d decisions with a choice, the same values\n", decisions);
    assert_true(decisions > 40);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(samples_agree_with_everything_public),
        cmocka_unit_test(search_sees_only_its_view),
        cmocka_unit_test(search_plays_only_legal_moves_under_every_preset),
        cmocka_unit_test(random_greedy_and_rule_play_only_legal_moves_in_10000_games_per_preset),
        cmocka_unit_test(search_leads_no_single_an_opponent_with_one_card_may_beat),
        cmocka_unit_test(farmer_does_not_bomb_its_partners_winning_play),
        cmocka_unit_test(points_decide_between_certain_wins),
        cmocka_unit_test(objective_values_known_answers),
        cmocka_unit_test(objective_names),
        cmocka_unit_test(search_names_known_answers),
        cmocka_unit_test(playout_options_known_answers),
        cmocka_unit_test(level_names_with_options_known_answers),
        cmocka_unit_test(bids_by_playout_win_chance),
        cmocka_unit_test(bids_over_a_bid_and_last_after_two_passes),
        cmocka_unit_test(app_doubling_thresholds),
        cmocka_unit_test(bid_calibration_tallies_every_deal),
        cmocka_unit_test(inference_weights_favour_the_true_deal),
        cmocka_unit_test(search_with_a_sample_budget_is_reproducible),
        cmocka_unit_test(extra_samples_go_to_close_decisions),
        cmocka_unit_test(candidates_are_capped_by_cand),
        cmocka_unit_test(mix_plays_out_with_planner),
        cmocka_unit_test(adapt_tells_planner_from_the_rule_agent),
        cmocka_unit_test(appointed_bids_say_nothing_of_the_hands),
        cmocka_unit_test(early_rejection_keeps_the_same_worlds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
