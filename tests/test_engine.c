/* test_engine.c -- answering from what a seat knows (engine.h): the rebuild of a game from
 * public information, the JSON engine protocol with every kind of bad request, and the
 * Botzone FightTheLandlord protocol. Requests are also made from real games at every
 * decision, and each answer must be legal in the real game. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "ddz/agent.h"
#include "ddz/engine.h"
#include "ddz/search.h"

/* Helpers ---------------------------------------------------------------------------------*/

/* Sends one request; returns the answer object (owned by the caller) and its status. */
static json_t *ask(const char *request, int *rc)
{
    char *answer = NULL;
    *rc = ddz_engine_answer(request, strlen(request), "greedy", &answer);
    assert_non_null(answer);
    assert_null(strchr(answer, '\n'));
    json_error_t jerr;
    json_t *o = json_loads(answer, 0, &jerr);
    if (!o)
        fail_msg("answer is not JSON: %s", answer);
    free(answer);
    return o;
}

static void expect_answer(const char *request, const char *field, const char *want)
{
    int rc;
    json_t *o = ask(request, &rc);
    char *text = json_dumps(o, JSON_COMPACT);
    if (rc != 0)
        fail_msg("request %s\nanswered %s", request, text);
    const json_t *v = json_object_get(o, field);
    assert_non_null(v);
    char *got = json_dumps(v, JSON_ENCODE_ANY);
    if (strcmp(got, want))
        fail_msg("request %s\nanswered %s, want %s=%s", request, text, field, want);
    free(got);
    free(text);
    json_decref(o);
}

/* The request must be answered {"error": ...} containing `part`. */
static void expect_error(const char *request, const char *part)
{
    int rc;
    json_t *o = ask(request, &rc);
    const char *msg = json_string_value(json_object_get(o, "error"));
    if (rc != -1 || !msg || !strstr(msg, part))
        fail_msg("request %s\nanswered %s, want an error with '%s'", request, msg ? msg : "no error", part);
    assert_int_equal(json_object_size(o), 1);
    json_decref(o);
}

/* The lowest suits of rank text `text` among `from`. */
static DdzCards pick(DdzCards from, const char *text)
{
    DdzCards out = 0;
    if (!ddz_cards_pick(from, tu_ranks(text), &out))
        fail_msg("cannot pick '%s'", text);
    return out;
}

/* Asks the engine for the seat to act in g and checks the answer is legal there; returns
 * the action (a play with cards 0). */
static DdzAction engine_act(const DdzGame *g, const char *agent)
{
    char *req = ddz_engine_request(g, agent);
    assert_non_null(req);
    char *answer = NULL;
    int rc = ddz_engine_answer(req, strlen(req), NULL, &answer);
    assert_non_null(answer);
    DdzAction a = {0};
    DdzError err = {0, ""};
    if (rc != 0 || ddz_engine_read_answer(g, answer, &a, &err) != 0)
        fail_msg("request %s\nanswered %s: %s", req, answer, rc != 0 ? "an error" : err.msg);
    assert_null(strstr(answer, "warning"));
    free(answer);
    free(req);
    return a;
}

/* Rebuild -----------------------------------------------------------------------------------*/

static void rebuild_matches_the_public_game_and_the_seats_hand(void **state)
{
    (void)state;
    DdzOptions opt = ddz_options_default();
    DdzRng rng;
    ddz_rng_seed(&rng, 7);
    DdzGame *g = malloc(sizeof *g), *r = malloc(sizeof *r);
    DdzKnown *k = malloc(sizeof *k);
    DdzAgent a;
    ddz_agent_new(&a, "random", 3, NULL);
    for (int deal = 0; deal < 40; deal++) {
        ddz_game_new(g, &opt, &rng, deal % 3);
        while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_PLAY) {
            memset(k, 0, sizeof *k);
            k->opt = opt;
            k->phase = g->phase;
            k->seat = g->turn;
            k->first = g->first;
            k->landlord = g->landlord;
            k->bid = g->bid;
            k->hand = g->hand[g->turn];
            k->bottom = g->phase == DDZ_PHASE_PLAY ? g->bottom : 0;
            for (int i = 0; i < g->nhist; i++)
                if (g->phase == DDZ_PHASE_BID || g->hist[i].kind == DDZ_ACT_PLAY)
                    k->actions[k->nactions++] = g->hist[i];
            DdzError err;
            if (ddz_engine_rebuild(k, r, &err) != 0)
                fail_msg("deal %d: %s", deal, err.msg);
            DdzView v1, v2;
            ddz_game_view(g, g->turn, &v1);
            ddz_game_view(r, g->turn, &v2);
            assert_int_equal(v1.hand, v2.hand);
            assert_int_equal(v1.phase, v2.phase);
            assert_int_equal(v1.turn, v2.turn);
            assert_int_equal(v1.table.ranks, v2.table.ranks);
            assert_int_equal(v1.table_seat, v2.table_seat);
            assert_int_equal(v1.bottom, v2.bottom);
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                assert_int_equal(v1.count[s], v2.count[s]);
                assert_int_equal(v1.played[s], v2.played[s]);
            }
            if (ddz_agent_step(&a, g, &err) != 0)
                fail_msg("%s", err.msg);
        }
    }
    ddz_agent_free(&a);
    free(k);
    free(g);
    free(r);
}

static void rebuild_refuses_a_play_with_cards_of_another_seat(void **state)
{
    (void)state;
    DdzKnown *k = calloc(1, sizeof *k);
    DdzGame *g = malloc(sizeof *g);
    k->opt = ddz_options_default();
    k->phase = DDZ_PHASE_PLAY;
    k->seat = 1;
    k->landlord = 0;
    k->bid = 3;
    k->bottom = pick(DDZ_DECK, "2BR");
    k->hand = pick(DDZ_DECK & ~k->bottom, "44556677889TTJJQK");
    DdzMove m;
    ddz_move_parse("4", k->opt.rules, &m, NULL);
    k->actions[k->nactions++] = ddz_action_play(0, m, k->hand & (0 - k->hand)); /* our own 4 */
    DdzError err;
    assert_int_equal(ddz_engine_rebuild(k, g, &err), -1);
    assert_non_null(strstr(err.msg, "already played"));
    k->actions[0].cards = pick(DDZ_DECK & ~k->hand, "4");
    assert_int_equal(ddz_engine_rebuild(k, g, &err), 0);
    assert_int_equal(g->turn, 1);
    free(g);
    free(k);
}

/* The engine protocol: answers ----------------------------------------------------------*/

/* A landlord's 20 cards with the bottom 2BR. */
#define LANDLORD_HAND "33344456789TJQKA22BR"

static void engine_answers_play_bid_and_double(void **state)
{
    (void)state;
    /* Greedy leads its smallest single; follows a trio+pair with the smallest one. */
    expect_answer("{\"type\":\"play\",\"seat\":0,\"landlord\":0,\"hand\":\"" LANDLORD_HAND "\",\"bottom\":\"2BR\","
                  "\"history\":[]}",
                  "move", "\"3\"");
    expect_answer("{\"type\":\"play\",\"rules\":\"standard\",\"seat\":1,\"landlord\":0,\"hand\":\"556677889TTJJQQKK\","
                  "\"bottom\":\"2BR\",\"history\":[[0,\"33344\"]],\"level\":\"greedy\",\"time_ms\":1000}",
                  "move", "\"\"");
    /* A pair on the table, seat 2 follows with its smallest pair; after two passes seat 0
     * leads again. */
    expect_answer("{\"type\":\"play\",\"seat\":2,\"landlord\":0,\"hand\":\"556677889TTJJQQKA\",\"bottom\":\"2BR\","
                  "\"history\":[[0,\"33\"],[1,\"44\"]]}",
                  "move", "\"55\"");
    expect_answer("{\"type\":\"play\",\"seat\":0,\"landlord\":0,\"hand\":\"344456789TJQKA22BR\",\"bottom\":\"2BR\","
                  "\"history\":[[0,\"33\"],[1,\"\"],[2,\"\"]]}",
                  "move", "\"3\"");
    /* "pass" is accepted as a pass in the history. */
    expect_answer("{\"type\":\"play\",\"seat\":0,\"landlord\":0,\"hand\":\"344456789TJQKA22BR\",\"bottom\":\"2BR\","
                  "\"history\":[[0,\"33\"],[1,\"pass\"],[2,\"\"]]}",
                  "move", "\"3\"");
    /* Greedy bids the least it may and never doubles. */
    expect_answer("{\"type\":\"bid\",\"seat\":2,\"hand\":\"556677889TTJJQQKK\",\"bids\":[[0,1],[1,0]]}", "bid", "0");
    expect_answer("{\"type\":\"bid\",\"seat\":0,\"hand\":\"556677889TTJJQQKK\"}", "bid", "0");
    expect_answer("{\"type\":\"double\",\"seat\":2,\"landlord\":0,\"hand\":\"556677889TTJJQQKK\",\"bottom\":\"2BR\","
                  "\"bid\":3,\"doubles\":[[1,false]]}",
                  "double", "false");
    expect_answer("{\"type\":\"double\",\"seat\":0,\"landlord\":0,\"hand\":\"" LANDLORD_HAND "\",\"bottom\":\"2BR\","
                  "\"doubles\":[[1,true],[2,false]]}",
                  "double", "false");
    /* A play request after doubling. */
    expect_answer("{\"type\":\"play\",\"seat\":2,\"landlord\":0,\"hand\":\"556677889TTJJQQKA\",\"bottom\":\"2BR\","
                  "\"doubles\":[[1,true],[2,false],[0,true]],\"history\":[[0,\"33\"],[1,\"44\"]]}",
                  "move", "\"55\"");
    /* douzero: an ambiguous history move carries its reading; the answer is a legal move. */
    expect_answer("{\"type\":\"play\",\"rules\":\"douzero\",\"seat\":1,\"landlord\":0,\"hand\":\"3456789TJQKA2BR22\","
                  "\"bottom\":\"TJQ\",\"history\":[[0,\"TTTJJJQQQKKK:plane_single:J\"]]}",
                  "move", "\"BR\"");
}

static void engine_answers_from_every_decision_of_real_games_are_legal(void **state)
{
    (void)state;
    static const char *const agents[] = {"random", "greedy"};
    DdzRng rng;
    ddz_rng_seed(&rng, 11);
    DdzGame *g = malloc(sizeof *g);
    long decisions = 0;
    for (int deal = 0; deal < 60; deal++) {
        DdzOptions opt = ddz_options_default();
        opt.rules = (DdzRuleset)(deal % DDZ_RULES_NB);
        if (deal % 4 == 1)
            opt.double_mode = DDZ_DOUBLE_FARMER;
        ddz_game_new(g, &opt, &rng, deal % 3);
        while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY) {
            DdzAction a = engine_act(g, agents[(deal + decisions) % 2]);
            DdzError err;
            if (ddz_game_apply(g, &a, &err) != 0)
                fail_msg("deal %d: %s", deal, err.msg);
            decisions++;
        }
    }
    assert_true(decisions > 1500);
    free(g);
}

/* The client's side: a request says what its seat knows and nothing more ----------------*/

/* Any deal that agrees with what the seat has seen gives the same request: other hands
 * drawn anew from the seat's view (ddz_search_sample), the game replayed on them
 * (ddz_search_world), at every decision of real games under every preset. */
static void engine_request_holds_nothing_of_the_other_hands(void **state)
{
    (void)state;
    DdzRng rng, draw;
    ddz_rng_seed(&rng, 23);
    ddz_rng_seed(&draw, 24);
    DdzGame *g = malloc(sizeof *g), *w = malloc(sizeof *w);
    DdzAgent ag;
    assert_int_equal(ddz_agent_new(&ag, "random", 5, NULL), 0);
    long checked = 0, differ = 0;
    for (int deal = 0; deal < 30; deal++) {
        DdzOptions opt = ddz_options_default();
        opt.rules = (DdzRuleset)(deal % DDZ_RULES_NB);
        if (deal % 3 == 1 && !ddz_ruleset_is_48(opt.rules))
            opt.double_mode = DDZ_DOUBLE_FARMER;
        ddz_game_new(g, &opt, &rng, deal % 3);
        while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY) {
            DdzView v;
            ddz_game_view(g, g->turn, &v);
            DdzCards hands[DDZ_SEAT_NB];
            ddz_search_sample(&v, &draw, hands);
            char *mine = ddz_engine_request(g, "rule");
            assert_non_null(mine);
            if (ddz_search_world(w, &v, hands, NULL, NULL) >= 0) {
                char *other = ddz_engine_request(w, "rule");
                assert_non_null(other);
                if (strcmp(mine, other) != 0)
                    fail_msg("deal %d: the requests differ with the other hands:\n%s\n%s", deal, mine, other);
                for (int s = 0; s < DDZ_SEAT_NB; s++)
                    differ += s != g->turn && w->hand[s] != g->hand[s];
                checked++;
                free(other);
            }
            free(mine);
            if (ddz_agent_step(&ag, g, NULL) != 0)
                fail_msg("deal %d: the random agent could not act", deal);
        }
    }
    assert_null(ddz_engine_request(g, "rule")); /* the game is over or redealt: nobody acts */
    assert_true(checked > 600);
    assert_true(differ > checked / 2); /* the worlds really held other hands */
    ddz_agent_free(&ag);
    free(w);
    free(g);
}

static void engine_read_answer_names_what_is_wrong(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 5);
    DdzGame *g = malloc(sizeof *g);
    DdzOptions opt = ddz_options_default();
    ddz_game_new(g, &opt, &rng, 0);
    DdzAction a;
    DdzError err;
    assert_int_equal(ddz_engine_read_answer(g, "{\"bid\":2}", &a, &err), 0);
    assert_int_equal(a.kind, DDZ_ACT_BID);
    assert_int_equal(a.value, 2);
    assert_int_equal(a.seat, 0);
    static const char *const bad[][2] = {
        {"{\"bid\":", "not a JSON object"},
        {"[1]", "not a JSON object"},
        {"{\"error\":\"history[1]: 3 does not beat R\"}", "the engine answered an error: history[1]"},
        {"{\"bid\":4}", "field 'bid' must be an integer 0..3"},
        {"{\"bid\":\"2\"}", "field 'bid' must be an integer 0..3"},
        {"{\"double\":true}", "doubl"},
        {"{\"move\":\"33\"}", ""},
        {"{\"move\":\"3Z\"}", "move '3Z'"},
        {"{\"pass\":1}", "no 'move', 'bid' or 'double'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err.msg[0] = '\0';
        if (ddz_engine_read_answer(g, bad[i][0], &a, &err) == 0)
            fail_msg("'%s' was read as an action", bad[i][0]);
        if (!strstr(err.msg, bad[i][1]) || !err.msg[0])
            fail_msg("'%s': '%s' does not say '%s'", bad[i][0], err.msg, bad[i][1]);
    }
    free(g);
}

/* The engine protocol: errors -----------------------------------------------------------*/

#define FARMER "\"seat\":1,\"landlord\":0,\"hand\":\"556677889TTJJQQKK\",\"bottom\":\"2BR\""

static void engine_names_what_is_wrong_with_bad_json_fields_and_types(void **state)
{
    (void)state;
    expect_error("not json", "bad JSON");
    expect_error("", "bad JSON");
    expect_error("{\"type\":\"play\",", "bad JSON");
    expect_error("[1,2]", "must be a JSON object, not an array");
    expect_error("{\"seat\":1}", "missing field 'type'");
    expect_error("{\"type\":\"play\"}", "missing field 'seat'");
    expect_error("{\"type\":\"play\",\"seat\":1}", "missing field 'hand'");
    expect_error("{\"type\":\"play\",\"seat\":1,\"hand\":\"3\"}", "missing field 'landlord'");
    expect_error("{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"3\"}", "missing field 'bottom'");
    expect_error("{\"type\":\"play\"," FARMER "}", "missing field 'history'");
    expect_error("{\"type\":\"fold\"," FARMER "}", "field 'type' is \"fold\"");
    expect_error("{\"type\":7," FARMER "}", "field 'type' must be a string, not an integer");
    expect_error("{\"type\":\"play\",\"seat\":\"1\",\"landlord\":0,\"hand\":\"3\",\"bottom\":\"2BR\",\"history\":[]}",
                 "field 'seat' must be an integer from 0 to 2, not a string");
    expect_error("{\"type\":\"play\",\"seat\":3,\"landlord\":0,\"hand\":\"3\",\"bottom\":\"2BR\",\"history\":[]}",
                 "field 'seat' is 3");
    expect_error("{\"type\":\"play\",\"seat\":1.5,\"landlord\":0,\"hand\":\"3\",\"bottom\":\"2BR\",\"history\":[]}",
                 "not a number with a fraction");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":{}}", "field 'history' must be an array");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[[0]]}", "history[0] must be a [seat, \"cards\"] pair");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[[0,33344]]}", "history[0] must be a [seat, \"cards\"]");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[[5,\"3\"]]}", "history[0]: seat 5");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[],\"rules\":\"poker\"}", "field 'rules'");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[],\"bid\":4}", "field 'bid' is 4");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[[0,\"3\"]],\"agent\":\"nosuch\"}", "unknown agent 'nosuch'");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[],\"agent\":5}", "field 'agent' must be a string");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[],\"time_ms\":\"fast\"}", "field 'time_ms'");
    expect_error("{\"type\":\"bid\",\"seat\":1,\"hand\":\"556677889TTJJQQKK\",\"bids\":[[0,4]]}",
                 "bids[0]: the value must be an integer from 0 to 3");
    expect_error("{\"type\":\"bid\",\"seat\":1,\"hand\":\"556677889TTJJQQKK\",\"bids\":[0,1]}",
                 "bids[0] must be a [seat, value] pair");
    expect_error("{\"type\":\"bid\",\"seat\":1,\"hand\":\"556677889TTJJQQKK\",\"bids\":\"none\"}",
                 "field 'bids' must be an array");
    expect_error("{\"type\":\"double\"," FARMER ",\"doubles\":[[1,\"yes\"]]}", "doubles[0]: the value must be true or false");
    expect_error("{\"type\":\"double\"," FARMER ",\"doubles\":5}", "field 'doubles' must be an array");
    expect_error("{\"type\":\"play\",\"type\":\"bid\"," FARMER ",\"history\":[]}", "bad JSON");
}

static void engine_refuses_bad_cards_and_hands_inconsistent_with_the_history(void **state)
{
    (void)state;
    expect_error("{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"55667788Z\",\"bottom\":\"2BR\",\"history\":[]}",
                 "field 'hand': unknown character 'Z' at position 9");
    expect_error("{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"33333\",\"bottom\":\"2BR\",\"history\":[]}",
                 "field 'hand'");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[[0,\"3X3\"]]}", "history[0]: \"3X3\"");
    expect_error("{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"556677889TTJJQQKK\",\"bottom\":\"2B\","
                 "\"history\":[]}",
                 "field 'bottom' has 2 cards");
    /* Hand size: a farmer holds 17 less what it played. */
    expect_error("{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"556677889TTJJQQK\",\"bottom\":\"2BR\","
                 "\"history\":[[0,\"3\"]]}",
                 "seat 1 holds 16 cards and has played 0: 16 in all, but the farmer has 17");
    expect_error("{\"type\":\"play\",\"seat\":0,\"landlord\":0,\"hand\":\"33344456789TJQKA2BR\",\"bottom\":\"2BR\","
                 "\"history\":[]}",
                 "seat 0 holds 19 cards and has played 0: 19 in all, but the landlord has 20");
    /* Cards already played: our hand holds the fifth 3; a joker played twice. */
    expect_error("{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"3356677889TJJQQKK\",\"bottom\":\"2BR\","
                 "\"history\":[[0,\"3334\"]]}",
                 "already played");
    expect_error("{\"type\":\"play\",\"seat\":2,\"landlord\":0,\"hand\":\"556677889TTJJQQKK\",\"bottom\":\"2BR\","
                 "\"history\":[[0,\"R\"],[1,\"\"],[2,\"\"],[0,\"R\"],[1,\"\"]]}",
                 "too many R");
    /* The landlord's cards must hold the bottom; a farmer's must not. */
    expect_error("{\"type\":\"play\",\"seat\":0,\"landlord\":0,\"hand\":\"33344456789TJQKA2B3\",\"bottom\":\"2BR\","
                 "\"history\":[]}",
                 "the bottom holds 1 R but the landlord's hand and plays only 0");
    expect_error("{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"556677889TTJJQQKR\",\"bottom\":\"2BR\","
                 "\"history\":[[0,\"3\"]]}",
                 "too many R");
}

static void engine_refuses_illegal_history_and_answers_out_of_turn(void **state)
{
    (void)state;
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[[0,\"33345\"]]}",
                 "history[0]: \"33345\": 33345 is not a move under the standard rules");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[[0,\"\"]]}", "history[0]: you lead: you cannot pass");
    expect_error("{\"type\":\"play\",\"seat\":0,\"landlord\":0,\"hand\":\"33344456789TJQKA22B\",\"bottom\":\"2BR\","
                 "\"history\":[[0,\"R\"],[1,\"3\"]]}",
                 "history[1]: 3 does not beat R");
    expect_error("{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"556677889TTJJQQKK\",\"bottom\":\"2BR\","
                 "\"history\":[[0,\"33\"],[2,\"44\"]]}",
                 "history[1]: not your turn: seat 1 is to act");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[[2,\"3\"]]}", "history[0]: not your turn: seat 0");
    /* The history is fine but it is not seat 1's turn. */
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[]}", "not this seat's turn: seat 0 is to act, not seat 1");
    expect_error("{\"type\":\"play\"," FARMER ",\"history\":[[0,\"3\"],[1,\"\"]]}",
                 "not this seat's turn: seat 2 is to act");
    expect_error("{\"type\":\"bid\",\"seat\":1,\"hand\":\"556677889TTJJQQKK\",\"bids\":[[0,1],[1,0]]}",
                 "not this seat's turn: seat 2 is to act, not seat 1");
    expect_error("{\"type\":\"bid\",\"seat\":2,\"hand\":\"556677889TTJJQQKK\",\"bids\":[[0,2],[1,1]]}",
                 "bids[1]: bid 1 is not above the best bid so far, 2");
    expect_error("{\"type\":\"bid\",\"seat\":2,\"hand\":\"556677889TTJJQQKK\",\"bids\":[[0,3]]}",
                 "the bidding is over: seat 0 is the landlord");
    expect_error("{\"type\":\"bid\",\"seat\":2,\"hand\":\"556677889TTJJQQK\",\"bids\":[]}", "a seat holds 17 while bidding");
    expect_error("{\"type\":\"double\"," FARMER ",\"doubles\":[[1,false],[2,false]]}", "it is the play phase, not doubling");
    expect_error("{\"type\":\"double\"," FARMER ",\"doubles\":[[2,false]]}", "doubles[0]: not your turn: seat 1");
    /* The landlord plays all its 20 cards at once: the game is over. */
    expect_error("{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"88889999TTTJJJQQQ\",\"bottom\":\"TJQ\","
                 "\"history\":[[0,\"333444555666777TJQKA\"]]}",
                 "the game is over: seat 0 has played its last card");
    expect_error("{\"type\":\"play\",\"seat\":0,\"landlord\":0,\"hand\":\"" LANDLORD_HAND "\",\"bottom\":\"2BR\","
                 "\"history\":[[0,\"3\"],[1,\"556677889TTJJQQKK\"]]}",
                 "history[1]: \"556677889TTJJQQKK\": 556677889TTJJQQKK is not a move");
}

static void engine_goes_on_after_errors_and_is_deterministic(void **state)
{
    (void)state;
    const char *req = "{\"type\":\"play\",\"seat\":1,\"landlord\":0,\"hand\":\"556677889TTJJQQKK\",\"bottom\":\"2BR\","
                      "\"history\":[[0,\"3\"]],\"agent\":\"random\"}";
    char *a1 = NULL, *a2 = NULL, *bad = NULL;
    assert_int_equal(ddz_engine_answer(req, strlen(req), NULL, &a1), 0);
    assert_int_equal(ddz_engine_answer("{", 1, NULL, &bad), -1);
    assert_int_equal(ddz_engine_answer(req, strlen(req), NULL, &a2), 0);
    assert_string_equal(a1, a2);
    free(a1);
    free(a2);
    free(bad);
}

/* Botzone ------------------------------------------------------------------------------------*/

/* The Botzone judge, simulated from a real game: the requests and responses one seat has
 * seen when it is to act. FightTheLandlord2 (bidding) when `bidding`, else
 * FightTheLandlord: seat 0 is the landlord and holds 20 cards in "own". */
static char *botzone_input_of(const DdzGame *g, bool bidding)
{
    int me = g->turn, L = g->landlord;
    json_t *reqs = json_array(), *resps = json_array(), *first = json_object();
    DdzCards own = g->dealt[me] | (!bidding && me == L ? g->bottom : 0);
    json_t *ids = json_array();
    for (DdzCards c = own; c; c &= c - 1)
        json_array_append_new(ids, json_integer(__builtin_ctzll(c)));
    json_object_set_new(first, "own", ids);
    json_array_append_new(reqs, first);
    json_t *bid = NULL, *last[2] = {NULL, NULL}; /* history slots: seat me+1, seat me+2 */
    bool first_play = true;
    json_t *pending = first;
    for (int i = 0; i <= g->nhist; i++) {
        const DdzAction *a = i < g->nhist ? &g->hist[i] : NULL;
        bool my_turn = a ? a->seat == me : true;
        if (!a && g->phase == DDZ_PHASE_BID) {
            json_object_set_new(first, "bid", bid ? json_deep_copy(bid) : json_array());
            break;
        }
        if (a && a->kind == DDZ_ACT_BID && !bidding)
            continue; /* FightTheLandlord: no bidding, seat 0 is the landlord */
        if (a && a->kind == DDZ_ACT_BID) {
            if (!bid)
                bid = json_array();
            if (a->seat == me) {
                json_object_set_new(first, "bid", json_deep_copy(bid));
                json_array_append_new(resps, json_integer(a->value));
                pending = NULL;
            }
            json_array_append_new(bid, json_integer(a->value));
            continue;
        }
        if (a && a->kind != DDZ_ACT_PLAY)
            continue;
        if (my_turn) {
            /* The request that asks for this play. */
            json_t *r = pending ? pending : json_object();
            if (!pending)
                json_array_append_new(reqs, r);
            if (first_play) {
                json_t *pub = json_array();
                for (DdzCards c = g->bottom; c; c &= c - 1)
                    json_array_append_new(pub, json_integer(__builtin_ctzll(c)));
                json_object_set_new(r, bidding ? "publiccard" : "public", pub);
                if (bidding) {
                    json_object_set_new(r, "landlord", json_integer(L));
                    json_object_set_new(r, "pos", json_integer(me));
                    json_object_set_new(r, "finalbid", json_integer(g->bid));
                }
            }
            json_t *h = json_array();
            for (int k = 0; k < 2; k++)
                json_array_append_new(h, last[k] ? last[k] : json_array());
            last[0] = last[1] = NULL;
            json_object_set_new(r, "history", h);
            first_play = false;
            pending = NULL;
            if (!a)
                break;
            json_t *resp = json_array();
            for (DdzCards c = a->cards; c; c &= c - 1)
                json_array_append_new(resp, json_integer(__builtin_ctzll(c)));
            json_array_append_new(resps, resp);
            continue;
        }
        json_t *cards = json_array();
        for (DdzCards c = a->cards; c; c &= c - 1)
            json_array_append_new(cards, json_integer(__builtin_ctzll(c)));
        int slot = a->seat == (me + 1) % 3 ? 0 : 1;
        if (last[slot])
            json_decref(last[slot]);
        last[slot] = cards;
    }
    json_decref(bid);
    json_t *in = json_pack("{s:o,s:o}", "requests", reqs, "responses", resps);
    char *s = json_dumps(in, JSON_COMPACT);
    json_decref(in);
    return s;
}

/* Asks a fresh session; the response must be legal for the seat to act in g. */
static void botzone_check(const DdzGame *g, const char *input, const char *name)
{
    DdzBotzone *b = ddz_botzone_new(name, 5);
    char *answer = NULL;
    int rc = ddz_botzone_answer(b, input, strlen(input), &answer);
    assert_non_null(answer);
    json_t *o = json_loads(answer, 0, NULL);
    if (rc != 0 || !o)
        fail_msg("input %s\nanswered %s", input, answer);
    const json_t *r = json_object_get(o, "response");
    DdzAction a;
    if (g->phase == DDZ_PHASE_BID) {
        assert_true(json_is_integer(r));
        a = ddz_action_bid(g->turn, (int)json_integer_value(r));
    } else {
        assert_true(json_is_array(r));
        DdzCards c = 0;
        for (size_t i = 0; i < json_array_size(r); i++)
            c |= ddz_cards_of((int)json_integer_value(json_array_get(r, i)));
        assert_int_equal(ddz_cards_size(c), json_array_size(r));
        DdzMove rd[DDZ_MAX_READINGS];
        int n = c ? ddz_move_classify(ddz_cards_ranks(c), g->opt.rules, rd) : 1;
        if (!c)
            rd[0] = ddz_move_pass();
        assert_int_equal(n, 1);
        a = ddz_action_play(g->turn, rd[0], c);
        if (c && (c & ~g->hand[g->turn]))
            fail_msg("input %s\nanswer %s plays cards not in the hand", input, answer);
    }
    DdzError err;
    if (ddz_game_check(g, &a, &err) != 0)
        fail_msg("input %s\nanswer %s is illegal: %s", input, answer, err.msg);
    json_decref(o);
    free(answer);
    ddz_botzone_free(b);
}

static void botzone_samples_get_legal_answers(void **state)
{
    (void)state;
    /* FightTheLandlord2, bidding: seat 1 after a bid of 1 (cards 0..16: 3333444455556666 7). */
    const char *in = "{\"requests\":[{\"own\":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16],\"bid\":[1]}],"
                     "\"responses\":[]}";
    DdzBotzone *b = ddz_botzone_new("greedy", 1);
    char *answer = NULL;
    assert_int_equal(ddz_botzone_answer(b, in, strlen(in), &answer), 0);
    assert_string_equal(answer, "{\"response\":0,\"debug\":\"ddz greedy\"}");
    free(answer);
    /* FightTheLandlord: we are seat 1, the landlord led the 3 of diamonds (id 1). Greedy
     * beats it with its lowest single, the 4 of clubs (id 4). */
    in = "{\"requests\":[{\"own\":[4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20],\"public\":[51,52,53],"
         "\"history\":[[],[1]]}],\"responses\":[]}";
    assert_int_equal(ddz_botzone_answer(b, in, strlen(in), &answer), 0);
    assert_string_equal(answer, "{\"response\":[4],\"debug\":\"ddz greedy\"}");
    free(answer);
    /* Keep-running: the next request alone. Seat 2 passed, the landlord played a 2 (id 48):
     * greedy has no 2 or joker; its smallest answer is the bomb 5555. */
    in = "{\"history\":[[],[48]]}";
    assert_int_equal(ddz_botzone_answer(b, in, strlen(in), &answer), 0);
    assert_string_equal(answer, "{\"response\":[8,9,10,11],\"debug\":\"ddz greedy\"}");
    free(answer);
    /* Something the protocol cannot read. */
    in = "{\"requests\":[{\"own\":[1,1]}]}";
    assert_int_equal(ddz_botzone_answer(b, in, strlen(in), &answer), -1);
    assert_non_null(strstr(answer, "names card 1 twice"));
    free(answer);
    assert_int_equal(ddz_botzone_answer(b, "nope", 4, &answer), -1);
    assert_non_null(strstr(answer, "bad JSON"));
    free(answer);
    ddz_botzone_free(b);
}

static void botzone_inputs_from_real_games_get_legal_answers(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 21);
    DdzGame *g = malloc(sizeof *g);
    DdzAgent agent;
    ddz_agent_new(&agent, "random", 9, NULL);
    DdzOptions opt = ddz_options_default();
    opt.rules = DDZ_RULES_BOTZONE;
    long checks = 0;
    for (int deal = 0; deal < 40; deal++) {
        bool bidding = deal % 2;
        ddz_game_new(g, &opt, &rng, 0);
        if (!bidding) {
            DdzAction a = ddz_action_bid(0, 3);
            assert_int_equal(ddz_game_apply(g, &a, NULL), 0);
        }
        while (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_PLAY) {
            char *in = botzone_input_of(g, bidding);
            botzone_check(g, in, deal % 4 < 2 ? "random" : "greedy");
            free(in);
            checks++;
            DdzError err;
            if (ddz_agent_step(&agent, g, &err) != 0)
                fail_msg("%s", err.msg);
        }
    }
    assert_true(checks > 600);
    ddz_agent_free(&agent);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rebuild_matches_the_public_game_and_the_seats_hand),
        cmocka_unit_test(rebuild_refuses_a_play_with_cards_of_another_seat),
        cmocka_unit_test(engine_answers_play_bid_and_double),
        cmocka_unit_test(engine_answers_from_every_decision_of_real_games_are_legal),
        cmocka_unit_test(engine_request_holds_nothing_of_the_other_hands),
        cmocka_unit_test(engine_read_answer_names_what_is_wrong),
        cmocka_unit_test(engine_names_what_is_wrong_with_bad_json_fields_and_types),
        cmocka_unit_test(engine_refuses_bad_cards_and_hands_inconsistent_with_the_history),
        cmocka_unit_test(engine_refuses_illegal_history_and_answers_out_of_turn),
        cmocka_unit_test(engine_goes_on_after_errors_and_is_deterministic),
        cmocka_unit_test(botzone_samples_get_legal_answers),
        cmocka_unit_test(botzone_inputs_from_real_games_get_legal_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
