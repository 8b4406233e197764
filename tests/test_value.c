/* test_value.c -- the learned value (value.h): the features of hand-built positions, counted
 * from the landlord whichever seat it sits in; the network's arithmetic on a hand-made net;
 * the shipped net on positions whose winner is certain; the self-play data file; and the
 * search judging worlds by it (:valueV). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"

#include "ddz/search.h"
#include "ddz/value.h"
#include "positions.h"

enum { SEAT = DDZ_VALUE_SEAT_FEATURES, TURN = 3 * SEAT, TABLE = TURN + 3, TYPE = TABLE + 4, RANK = TYPE + 15,
       LEN = RANK + 15 };

/* The number of cards the rank bits and the count of seat block q say. */
static void assert_block(const uint8_t *x, int q, const char *ranks)
{
    const uint8_t *p = x + q * SEAT;
    DdzRanks r = tu_ranks(ranks);
    for (int k = 0; k < 13; k++)
        for (int j = 0; j < 4; j++)
            assert_int_equal(p[4 * k + j], ddz_ranks_get(r, k) > j);
    assert_int_equal(p[52], ddz_ranks_get(r, DDZ_RANK_BJ));
    assert_int_equal(p[53], ddz_ranks_get(r, DDZ_RANK_RJ));
    assert_int_equal(p[54], ddz_ranks_size(r));
    assert_int_equal(p[55], ddz_ranks_size(r) == 1);
    assert_int_equal(p[56], ddz_ranks_size(r) == 2);
}

static void features_of_hand_built_positions(void **state)
{
    (void)state;
    DdzGame g;
    /* Seat 0 the landlord: the rest of the deck, with the bottom. */
    deal_known(&g, "3456789TJQKAAAKQJ", "3456789TJQK2BR345", "9T6");
    uint8_t x[DDZ_VALUE_FEATURES];
    assert_int_equal(ddz_value_features(&g, x), 0);
    assert_block(x, 1, "3456789TJQKAAAKQJ");
    assert_block(x, 2, "3456789TJQK2BR345");
    assert_int_equal(x[54], 20);
    assert_int_equal(x[TURN + 0], 1); /* the landlord leads */
    assert_int_equal(x[TABLE + 0], 1);
    assert_int_equal(x[TYPE + DDZ_PASS], 1);
    assert_int_equal(x[LEN], 0);
    DdzCards l = g.hand[0];
    char text[64];
    ddz_ranks_format(ddz_cards_ranks(l), text, sizeof text);
    assert_block(x, 0, text);
    /* The landlord leads a pair of 6s: the farmer after it to answer a pair it played. */
    drive(&g, (const char *const[]){"66", NULL});
    assert_int_equal(ddz_value_features(&g, x), 0);
    assert_int_equal(x[54], 18);
    assert_int_equal(x[TURN + 1], 1);
    assert_int_equal(x[TABLE + 1], 1);
    assert_int_equal(x[TYPE + DDZ_PAIR], 1);
    assert_int_equal(x[RANK + DDZ_RANK_6], 1);
    assert_int_equal(x[LEN], 1);
    int ones = 0;
    for (int i = TURN; i < DDZ_VALUE_FEATURES - 1; i++)
        ones += x[i];
    assert_int_equal(ones, 4); /* one seat to move, one owner, one type, one rank */
    /* Both pass: the landlord leads again, nothing to beat. */
    drive(&g, (const char *const[]){"pass", "pass", NULL});
    assert_int_equal(ddz_value_features(&g, x), 0);
    assert_int_equal(x[TURN + 0], 1);
    assert_int_equal(x[TABLE + 0], 1);
    assert_int_equal(x[TYPE + DDZ_PASS], 1);

    /* The same deal with the landlord in seat 1: the same features. */
    DdzGame h;
    DdzCards hands[3] = {g.dealt[2], g.dealt[0], g.dealt[1]};
    DdzOptions o = ddz_options_default();
    DdzError err;
    DdzGame start;
    deal_known(&start, "3456789TJQKAAAKQJ", "3456789TJQK2BR345", "9T6");
    assert_int_equal(ddz_game_from_hands(&h, &o, hands, start.bottom, 1, &err), 0);
    DdzAction bid = ddz_action_bid(1, 3);
    assert_int_equal(ddz_game_apply(&h, &bid, &err), 0);
    uint8_t y[DDZ_VALUE_FEATURES];
    assert_int_equal(ddz_value_features(&start, x), 0);
    assert_int_equal(ddz_value_features(&h, y), 0);
    assert_memory_equal(x, y, DDZ_VALUE_FEATURES);

    /* Not a play position: the bidding, and the 48-card game. */
    DdzRng rng;
    ddz_rng_seed(&rng, 4);
    ddz_game_new(&h, &o, &rng, 0);
    assert_int_equal(ddz_value_features(&h, y), -1);
    assert_true(ddz_value_landlord(&ddz_value_net, &h) < 0);
}

/* A net with one unit in each hidden layer, worked by hand. */
static void net_arithmetic(void **state)
{
    (void)state;
    static float w1[DDZ_VALUE_FEATURES], w2[1] = {2.0f}, w3[1] = {-1.5f};
    static const float b1[1] = {0.25f}, b2[1] = {-0.5f};
    w1[3] = 0.5f;   /* the landlord holds a fourth 3 */
    w1[54] = 0.1f;  /* per card it holds */
    DdzValueNet net = {DDZ_VALUE_FEATURES, 1, 1, w1, b1, w2, b2, w3, 0.75f};
    uint8_t x[DDZ_VALUE_FEATURES] = {0};
    x[54] = 10;
    /* h1 = 0.25 + 1.0 = 1.25; h2 = -0.5 + 2.5 = 2; z = 0.75 - 3 = -2.25 */
    assert_true(fabs(ddz_value_eval(&net, x) - 1 / (1 + exp(2.25))) < 1e-6);
    x[3] = 1;
    /* h1 = 1.75; h2 = 3; z = -3.75 */
    assert_true(fabs(ddz_value_eval(&net, x) - 1 / (1 + exp(3.75))) < 1e-6);
    x[54] = 0;
    x[3] = 0;
    w1[54] = -1.0f; /* h1 = 0.25 */
    x[54] = 1;      /* h1 = -0.75: off, h2 = -0.5: off, z = 0.75 */
    assert_true(fabs(ddz_value_eval(&net, x) - 1 / (1 + exp(-0.75))) < 1e-6);
}

/* Features with the seats' hands given by rank counts, `turn` (from the landlord) to lead. */
static void lead_position(uint8_t x[DDZ_VALUE_FEATURES], const char *const hands[3], int turn)
{
    memset(x, 0, DDZ_VALUE_FEATURES);
    for (int q = 0; q < 3; q++) {
        DdzRanks r = tu_ranks(hands[q]);
        uint8_t *p = x + q * SEAT;
        for (int k = 0; k < 13; k++)
            for (int j = 0; j < ddz_ranks_get(r, k); j++)
                p[4 * k + j] = 1;
        p[52] = (uint8_t)ddz_ranks_get(r, DDZ_RANK_BJ);
        p[53] = (uint8_t)ddz_ranks_get(r, DDZ_RANK_RJ);
        p[54] = (uint8_t)ddz_ranks_size(r);
        p[55] = p[54] == 1;
        p[56] = p[54] == 2;
    }
    x[TURN + turn] = 1;
    x[TABLE] = 1;
    x[TYPE + DDZ_PASS] = 1;
}

/* The shipped net knows who wins when it is certain: a side to lead its last card. */
static void shipped_net_sees_the_obvious(void **state)
{
    (void)state;
    uint8_t x[DDZ_VALUE_FEATURES];
    lead_position(x, (const char *const[]){"5", "3456789TJQ", "3456789TJK"}, 0);
    double landlord_out = ddz_value_eval(&ddz_value_net, x);
    lead_position(x, (const char *const[]){"3456789TJQKA", "5", "3456789TJ"}, 1);
    double farmer_out = ddz_value_eval(&ddz_value_net, x);
    lead_position(x, (const char *const[]){"3456789TJQKA", "3456789TJ", "5"}, 2);
    double partner_out = ddz_value_eval(&ddz_value_net, x);
    print_message("landlord to lead its last card %.3f, a farmer %.3f and %.3f\n", landlord_out, farmer_out,
                  partner_out);
    assert_true(landlord_out > 0.9);
    assert_true(farmer_out < 0.1);
    assert_true(partner_out < 0.1);
}

/* learn states: every position of each game with its result, as the file format says. */
static void data_file(void **state)
{
    (void)state;
    char path[] = "/tmp/ddz-test-value-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    DdzValueDataConfig cfg = {"rule", DDZ_RULES_DOUZERO, 3, 77, NULL, NULL};
    DdzError err;
    long n = ddz_value_data(&cfg, f, &err);
    assert_int_equal(fclose(f), 0);
    assert_true(n > 3 * 10);
    f = fopen(path, "rb");
    assert_non_null(f);
    char head[64];
    assert_non_null(fgets(head, sizeof head, f));
    char want[64];
    snprintf(want, sizeof want, "ddz-value-data %d\n", DDZ_VALUE_FEATURES);
    assert_string_equal(head, want);
    uint8_t rec[1 + DDZ_VALUE_FEATURES];
    long got = 0, starts = 0;
    int label = -1;
    while (fread(rec, sizeof rec, 1, f) == 1) {
        assert_true(rec[0] <= 1);
        int cards = rec[1 + 54] + rec[1 + SEAT + 54] + rec[1 + 2 * SEAT + 54];
        if (cards == 54) { /* a game's first position: the landlord's 20 to lead */
            assert_int_equal(rec[1 + 54], 20);
            assert_int_equal(rec[1 + TURN], 1);
            starts++;
            label = rec[0];
        }
        assert_int_equal(rec[0], label); /* one result for all of a game's positions */
        got++;
    }
    assert_true(feof(f));
    fclose(f);
    assert_int_equal(got, n);
    assert_int_equal(starts, 3);
    unlink(path);
    cfg.rules = DDZ_RULES_HUBEI48;
    f = fopen("/dev/null", "wb");
    assert_int_equal(ddz_value_data(&cfg, f, &err), -1);
    fclose(f);
    assert_non_null(strstr(err.msg, "54-card game"));
}

/* :valueV: read and range-checked; the search judging by the value alone plays legal games. */
static void search_by_value(void **state)
{
    (void)state;
    DdzSearchConfig cfg;
    DdzError err;
    assert_int_equal(ddz_search_config_parse("search:0/8:value60", &cfg, &err), 0);
    assert_int_equal(cfg.value, 60);
    assert_int_equal(ddz_search_config_parse("search:0/8", &cfg, &err), 0);
    assert_int_equal(cfg.value, 0);
    assert_int_equal(ddz_search_config_parse("search:0/8:value101", &cfg, &err), -1);
    assert_non_null(strstr(err.msg, "'value101' is unknown, out of range or given twice"));
    for (int k = 0; k < 3; k++) {
        DdzAgent ag[3];
        for (int s = 0; s < 3; s++)
            assert_int_equal(ddz_ai_agent_new(&ag[s], s == 0 ? "search:0/8:value100" : "search:0/8:value50",
                                              (uint64_t)(k * 3 + s), &err),
                             0);
        DdzOptions o = ddz_options_default();
        o.rules = DDZ_RULES_DOUZERO;
        DdzRng rng;
        DdzGame g;
        ddz_rng_seed(&rng, (uint64_t)k + 500);
        ddz_game_new(&g, &o, &rng, 0);
        DdzAction bid = ddz_action_bid(0, 3);
        assert_int_equal(ddz_game_apply(&g, &bid, &err), 0);
        while (g.phase == DDZ_PHASE_PLAY)
            assert_int_equal(ddz_agent_step(&ag[g.turn], &g, &err), 0);
        assert_int_equal(g.phase, DDZ_PHASE_OVER);
        assert_true(ddz_game_ok(&g));
        double v = ddz_value_landlord(&ddz_value_net, &g);
        DdzResult r;
        assert_int_equal(ddz_game_result(&g, &r), 0);
        assert_true(v == (r.landlord_won ? 1.0 : 0.0));
        for (int s = 0; s < 3; s++)
            ddz_agent_free(&ag[s]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(features_of_hand_built_positions),
        cmocka_unit_test(net_arithmetic),
        cmocka_unit_test(shipped_net_sees_the_obvious),
        cmocka_unit_test(data_file),
        cmocka_unit_test(search_by_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
