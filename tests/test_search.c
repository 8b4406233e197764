/* test_search.c -- the search agent: sampled deals agree with everything public, the
 * search and every other agent play only legal actions, under every preset, and the
 * search's risky moves (issue 14's positions) stand only when the samples call for them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "ddz/ai.h"
#include "ddz/engine.h"
#include "ddz/game.h"
#include "ddz/search.h"
#include "ddz/split.h"

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
    /* The level's search on a clock of 3 ms: every sample begins within 5 ms of the deadline,
     * so its play-outs and its replays watch the clock at every step (NEAR_MS in search.c) and
     * are cut there; the decisions are still legal and whole games are played out. */
    play_many("hard:3", 4, false);
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
    /* The word that stopped the reading is named, and a long name's message is whole. */
    static const struct {
        const char *name, *word;
    } WORD[] = {{"expert:1000:500", "'500' is"},
                {"search:zz", "'zz' is"},
                {"expert:800/400:noise30:playouts4:cand9:cand1025", "'cand1025' is"},
                {"search:0/100:infer:adapt:mixopp25:kick2:kick3", "'kick3' is"},
                {"search:0/100::infer", "an option is empty"}};
    for (size_t i = 0; i < sizeof WORD / sizeof WORD[0]; i++) {
        assert_int_not_equal(ddz_ai_agent_new(&a, WORD[i].name, 1, &err), 0);
        size_t len = strlen(err.msg), tail = strlen("(the options: ddz help arena)");
        if (!strstr(err.msg, WORD[i].name) || !strstr(err.msg, WORD[i].word) || len < tail ||
            strcmp(err.msg + len - tail, "(the options: ddz help arena)") != 0)
            fail_msg("%s: %s", WORD[i].name, err.msg);
    }
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
        {"expert", "search:800/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid", 800, 400},
        {"hard", "search:50/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid", 50, 400},
        {"hard:adp", "search:50/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:adp", 50, 400},
        {"expert:1000", "search:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:1000/400", 1000, 400},
        {"expert:0", "search:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:0/400", 0, 400},
        {"expert:0/400", "search:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:0/400", 0, 400},
        {"expert:0/100", "search:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:0/100", 0, 100},
        {"expert:wp:300:noise10", "search:infer:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:wp:300/400:noise10", 300, 400},
        {"hard:1000", "search:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:1000/400", 1000, 400},
        {"hard:20", "search:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:20/400", 20, 400},
        {"hard:0/20:wp", "search:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:0/20:wp", 0, 20},
        {"expert:adp:500", "search:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:adp:500/400", 500, 400},
        {"expert:bid:adp", "search:800/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:adp", 800, 400},
        {"expert:noise0:playouts1", "search:800/400:infer:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:noise0:playouts1", 800, 400},
        {"expert:mix0", "search:800/400:infer:noise30:playouts4:kick2:points25:bids55/55/55:appredouble50/50:bid:mix0", 800, 400},
        {"expert:mixopp50", "search:800/400:infer:noise30:playouts4:kick2:points25:bids55/55/55:appredouble50/50:bid:mixopp50", 800, 400},
        {"expert:mix25", "search:800/400:infer:noise30:playouts4:kick2:points25:bids55/55/55:appredouble50/50:bid:mix25", 800, 400},
        {"expert:adapt", "search:800/400:infer:noise30:playouts4:kick2:points25:mixopp25:both:bids55/55/55:appredouble50/50:bid:adapt", 800, 400},
        {"expert:rhcp", "search:800/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:rhcp", 800, 400},
        {"expert:both", "search:800/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:bids55/55/55:appredouble50/50:bid:both", 800, 400},
        {"expert:mixopp50:adapt", "search:800/400:infer:noise30:playouts4:kick2:points25:bids55/55/55:appredouble50/50:bid:mixopp50:adapt", 800, 400},
        {"expert:infer50", "search:800/400:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:infer50", 800, 400},
        {"expert:200/100:noise30:playouts4", "search:infer:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:200/100:noise30:playouts4", 200, 100},
        {"hard:noise0:playouts1", "search:50/400:infer:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:noise0:playouts1", 50, 400},
        {"expert:points1", "search:800/400:infer:noise30:playouts4:kick2:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:points1", 800, 400},
        {"expert:bids47/59/71", "search:800/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:appredouble50/50:bid:bids47/59/71", 800, 400},
        {"expert:appdouble60/80:appredouble55/75",
         "search:800/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:bid:appdouble60/80:appredouble55/75", 800, 400},
        {"expert:kick0", "search:800/400:infer:noise30:playouts4:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:kick0", 800, 400},
        {"hard:kick4", "search:50/400:infer:noise30:playouts4:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:kick4", 50, 400},
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
    assert_true(c.infer && c.noise == 30 && c.playouts == 4 && c.points == 25 && c.bid_playouts && c.kick == 2);
    assert_true(c.mix == 25 && c.mix_opponents);
    /* hard is expert's search on a clock of 50 ms (2026-12-06): the same name but the budget. */
    char lvl[128];
    assert_int_equal(ddz_ai_resolve_name("hard", lvl, sizeof lvl), 0);
    assert_true(!strncmp(got, "search:800/400:", 15) && !strncmp(lvl, "search:50/400:", 14));
    assert_string_equal(got + 15, lvl + 14);
    char small[8];
    assert_int_not_equal(ddz_ai_resolve_name("expert:1000", small, sizeof small), 0);
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

/* A douzero game whose appointed landlord (seat 0) leads from 3334455667789TQKA22B (bottom
 * 9A2); the farmers hold the rest of the deck in order. The caller frees it. */
static DdzGame *big_lead(void)
{
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzCards lord, bottom, hands[DDZ_SEAT_NB];
    DdzError err;
    DdzCards deck = ddz_ruleset_deck(DDZ_RULES_DOUZERO);
    assert_true(ddz_cards_pick(deck, tu_ranks("3334455667789TQKA22B"), &lord));
    assert_true(ddz_cards_pick(lord, tu_ranks("9A2"), &bottom));
    hands[0] = lord & ~bottom;
    DdzCards rest = deck & ~lord;
    hands[1] = hands[2] = 0;
    for (int c = 0; c < 64; c++)
        if (rest >> c & 1)
            hands[ddz_cards_size(hands[1]) < 17 ? 1 : 2] |= (DdzCards)1 << c;
    DdzGame *g = malloc(sizeof *g);
    assert_non_null(g);
    assert_int_equal(ddz_game_from_hands(g, &opt, hands, bottom, 0, &err), 0);
    assert_int_equal(ddz_game_appoint(g, 0, &err), 0);
    assert_int_equal(g->phase, DDZ_PHASE_PLAY);
    return g;
}

/* :kickK keeps at most K candidates of one type, rank and length from the hint order (the
 * kicker variants of one trio), so the places they would fill go to other moves. The
 * landlord's lead from 3334455667789TQKA22B under douzero: the first 24 in hint order hold
 * more than two trios of 3 with a single, with :kick2 no group holds more than two, the cap is
 * still reached, the order is the hint order's, and moves the default cut are weighed. */
static void kick_keeps_few_kicker_variants(void **state)
{
    (void)state;
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_DOUZERO;
    DdzError err;
    DdzGame *g = big_lead();
    DdzView v;
    ddz_game_view(g, 0, &v);
    assert_int_equal(ddz_cards_size(v.hand), 20);
    DdzMove legal[DDZ_MAX_MOVES + 1], all[DDZ_MAX_MOVES + 1], cut[DDZ_MAX_MOVES + 1];
    int nl = ddz_view_legal_moves(&v, legal), at;
    assert_true(nl > 24);
    int na = ddz_search_candidates(&v, legal, nl, NULL, 24, all, &at);
    int nk = ddz_search_candidates_kick(&v, legal, nl, NULL, 24, 2, cut, &at);
    assert_int_equal(na, 24);
    assert_int_equal(nk, 24);
    int trio3 = 0, fresh = 0;
    for (int i = 0; i < na; i++)
        trio3 += all[i].type == DDZ_TRIO_SINGLE && all[i].rank == 0;
    assert_true(trio3 > 2);
    DdzMove hinted[DDZ_MAX_MOVES];
    int nh = ddz_moves_hint(ddz_cards_ranks(v.hand), NULL, opt.rules, hinted), h = 0;
    assert_int_equal(nh, nl);
    for (int i = 0; i < nk; i++) {
        int same = 0;
        bool known = false;
        for (int j = 0; j < nk; j++)
            same += cut[j].type == cut[i].type && cut[j].rank == cut[i].rank && cut[j].len == cut[i].len;
        if (same > 2)
            fail_msg("%d moves of candidate %d's type, rank and length", same, i);
        for (int j = 0; j < na; j++)
            known |= ddz_move_equal(&all[j], &cut[i]);
        fresh += !known;
        while (h < nh && !ddz_move_equal(&hinted[h], &cut[i]))
            h++;
        if (h == nh)
            fail_msg("candidate %d is out of hint order", i);
    }
    assert_true(fresh >= trio3 - 2);
    assert_int_equal(ddz_search_default().kick, 0);
    DdzSearchConfig c;
    assert_int_equal(ddz_search_config_parse("search:0/4:kick2", &c, &err), 0);
    assert_int_equal(c.kick, 2);
    assert_int_equal(ddz_search_config_parse("search:0/4:kick0", &c, &err), 0); /* no limit, as without */
    assert_int_equal(c.kick, 0);
    static const char *const BAD[] = {"search:kick", "search:kick100", "search:kick-1", "search:kick2:kick2"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        if (ddz_search_config_parse(BAD[i], &c, NULL) == 0)
            fail_msg("%s was accepted", BAD[i]);
    free(g);
}

/* :plan: the lead weighs every part of the hand's best split (3, 34567, 3456789T, Q, K, A, 22,
 * B for this hand), the long straights among them, which the hint order puts last. */
static void plan_weighs_the_best_split(void **state)
{
    (void)state;
    DdzGame *g = big_lead();
    DdzError err;
    DdzSplitter *sp = ddz_splitter_new(DDZ_RULES_DOUZERO, DDZ_SPLIT_PLAY_COST, 0);
    assert_non_null(sp);
    DdzSplit best;
    assert_int_equal(ddz_split_best(sp, ddz_cards_ranks(g->hand[0]), &best), 8);
    ddz_splitter_free(sp);
    DdzMove cand[DDZ_MAX_MOVES + 1];
    double value[DDZ_MAX_MOVES + 1];
    int chosen, found[2] = {0, 0};
    static const char *const NAMES[2] = {"search:0/4:kick2", "search:0/4:kick2:plan"};
    for (int k = 0; k < 2; k++) {
        DdzAgent a;
        assert_int_equal(ddz_ai_agent_new(&a, NAMES[k], 7, &err), 0);
        DdzView v;
        ddz_game_view(g, 0, &v);
        DdzAction act;
        assert_int_equal(a.act(a.state, &v, &act), 0);
        int nc = ddz_search_last(&a, cand, value, &chosen);
        assert_int_equal(nc, 24);
        for (int p = 0; p < best.plays; p++)
            for (int i = 0; i < nc; i++)
                found[k] += ddz_move_equal(&cand[i], &best.part[p]);
        for (int i = 0; i < nc; i++)
            for (int j = 0; j < i; j++)
                assert_false(ddz_move_equal(&cand[i], &cand[j]));
        ddz_agent_free(&a);
    }
    assert_true(found[0] < best.plays); /* 3456789T and 34567 are cut */
    assert_int_equal(found[1], best.plays);
    DdzSearchConfig c;
    assert_false(ddz_search_default().plan);
    assert_int_equal(ddz_search_config_parse("search:0/4:plan", &c, &err), 0);
    assert_true(c.plan);
    assert_int_not_equal(ddz_search_config_parse("search:plan:plan", &c, NULL), 0);
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
        cmocka_unit_test(search_with_a_sample_budget_is_reproducible),
        cmocka_unit_test(extra_samples_go_to_close_decisions),
        cmocka_unit_test(candidates_are_capped_by_cand),
        cmocka_unit_test(kick_keeps_few_kicker_variants),
        cmocka_unit_test(plan_weighs_the_best_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
