/* test_moves_model.c -- the known answers of RULES.md §5: its move counts per type, reproduced
 * by the rules model (moves_model.h) and by the library over every candidate move; then the
 * library's classifier compared with the model on every candidate move, on every set of up to
 * 10 cards and on random sets of up to 20 cards, under every preset. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "moves_model.h"

/* Known answers: RULES §5 counts, reproduced over every candidate move ---------------------*/

typedef struct Counts {
    long type[DDZ_MOVE_TYPE_NB];
    long plane_single[6], plane_pair[6];
    long ambiguous;
    bool model;
    Tally tally;
} Counts;

static void count_visit(const int c[DDZ_RANK_NB], Reading skel, void *ctx)
{
    Counts *k = ctx;
    Reading got[MODEL_MAX];
    int n = k->model ? model_classify(c, DDZ_RULES_STANDARD, got)
                     : library_readings(c, DDZ_RULES_STANDARD, got);
    if (n < 0) {
        k->tally.failed++;
        return;
    }
    if (n > 1)
        k->ambiguous++;
    for (int i = 0; i < n; i++)
        if (got[i].type == skel.type && got[i].rank == skel.rank && got[i].len == skel.len) {
            k->type[skel.type]++;
            if (skel.type == DDZ_PLANE_SINGLE)
                k->plane_single[skel.len]++;
            if (skel.type == DDZ_PLANE_PAIR)
                k->plane_pair[skel.len]++;
        }
}

static void check_counts(const Counts *k, const char *who)
{
    static const long want[DDZ_MOVE_TYPE_NB] = {
        [DDZ_SINGLE] = 15,       [DDZ_PAIR] = 13,        [DDZ_TRIO] = 13,
        [DDZ_TRIO_SINGLE] = 182, [DDZ_TRIO_PAIR] = 156,  [DDZ_STRAIGHT] = 36,
        [DDZ_PAIR_CHAIN] = 52,   [DDZ_PLANE] = 45,       [DDZ_PLANE_SINGLE] = 21822,
        [DDZ_PLANE_PAIR] = 2939, [DDZ_FOUR_TWO] = 1326,  [DDZ_FOUR_TWO_PAIRS] = 858,
        [DDZ_BOMB] = 13,         [DDZ_ROCKET] = 1,
    };
    static const long want_ps[6] = {0, 0, 968, 3282, 7184, 10388};
    static const long want_pp[6] = {0, 0, 605, 1200, 1134, 0};
    int bad = 0;
    long total = 0;
    for (int t = 0; t < DDZ_MOVE_TYPE_NB; t++) {
        total += k->type[t];
        if (k->type[t] != want[t]) {
            print_error("%s: standard has %ld %s moves, RULES says %ld\n", who, k->type[t],
                        TYPE_NAMES[t], want[t]);
            bad++;
        }
    }
    for (int n = 2; n <= 5; n++)
        if (k->plane_single[n] != want_ps[n] || k->plane_pair[n] != want_pp[n]) {
            print_error("%s: n=%d: %ld plane_single (RULES %ld), %ld plane_pair (RULES %ld)\n",
                        who, n, k->plane_single[n], want_ps[n], k->plane_pair[n], want_pp[n]);
            bad++;
        }
    if (total != 27471) {
        print_error("%s: %ld moves in all, RULES says 27,471\n", who, total);
        bad++;
    }
    if (k->ambiguous) {
        print_error("%s: %ld card sets with several readings under standard\n", who,
                    k->ambiguous);
        bad++;
    }
    if (bad || k->tally.failed)
        fail_msg("%s: %d count mismatches, %ld bad readings", who, bad, k->tally.failed);
}

static void rules_model_reproduces_rules_counts(void **state)
{
    (void)state;
    Counts k;
    memset(&k, 0, sizeof k);
    k.model = true;
    each_candidate(count_visit, &k);
    check_counts(&k, "model (test bug if this fails)");
}

static void classify_reproduces_rules_counts_per_type_under_standard(void **state)
{
    (void)state;
    Counts k;
    memset(&k, 0, sizeof k);
    each_candidate(count_visit, &k);
    check_counts(&k, "classify");
}

/* The library against the model -------------------------------------------------------------*/

static void model_visit(const int c[DDZ_RANK_NB], Reading skel, void *ctx)
{
    (void)skel;
    for (int rules = 0; rules < PRESETS_54; rules++)
        expect_model(ctx, "candidate", c, (DdzRuleset)rules);
}

static void classify_matches_rules_model_on_every_candidate_move(void **state)
{
    (void)state;
    Tally t = {0, 0};
    each_candidate(model_visit, &t);
    finish(&t, "candidates");
}

static void each_multiset(int c[DDZ_RANK_NB], int r, int left, Tally *t)
{
    if (r == DDZ_RANK_NB) {
        for (int rules = 0; rules < PRESETS_54; rules++)
            expect_model(t, "small set", c, (DdzRuleset)rules);
        return;
    }
    int cap = r < DDZ_RANK_BJ ? 4 : 1;
    for (int k = 0; k <= cap && k <= left; k++) {
        c[r] = k;
        each_multiset(c, r + 1, left - k, t);
    }
    c[r] = 0;
}

#define SMALL_SET_CARDS 10

static void classify_matches_rules_model_on_every_set_up_to_10_cards(void **state)
{
    (void)state;
    Tally t = {0, 0};
    int c[DDZ_RANK_NB] = {0};
    each_multiset(c, 0, SMALL_SET_CARDS, &t);
    assert_int_equal(t.checked, 2161930 * PRESETS_54);
    finish(&t, "small sets");
}

/* Random sets of up to 20 cards shaped like moves: one or two runs of equal counts (chains
 * that may run into the 2, fours next to trios) plus random extra cards. */
static void classify_matches_rules_model_on_random_move_shaped_sets(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 20240611);
    Tally t = {0, 0};
    for (int iter = 0; iter < 200000; iter++) {
        int c[DDZ_RANK_NB] = {0};
        int runs = 1 + (int)ddz_rng_below(&rng, 2);
        for (int j = 0; j < runs; j++) {
            int k = 1 + (int)ddz_rng_below(&rng, 4);
            int lo = (int)ddz_rng_below(&rng, 13);
            int len = 1 + (int)ddz_rng_below(&rng, 6);
            for (int r = lo; r < lo + len && r <= DDZ_RANK_2; r++)
                if (c[r] < k)
                    c[r] = k;
        }
        int extra = (int)ddz_rng_below(&rng, 9);
        for (int j = 0; j < extra; j++) {
            int r = (int)ddz_rng_below(&rng, DDZ_RANK_NB);
            if (c[r] < (r < DDZ_RANK_BJ ? 4 : 1))
                c[r]++;
        }
        while (count_cards(c) > MAX_CARDS) {
            int r = (int)ddz_rng_below(&rng, DDZ_RANK_NB);
            if (c[r])
                c[r]--;
        }
        for (int rules = 0; rules < PRESETS_54; rules++)
            expect_model(&t, "random set", c, (DdzRuleset)rules);
    }
    finish(&t, "random sets");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rules_model_reproduces_rules_counts),
        cmocka_unit_test(classify_reproduces_rules_counts_per_type_under_standard),
        cmocka_unit_test(classify_matches_rules_model_on_every_candidate_move),
        cmocka_unit_test(classify_matches_rules_model_on_every_set_up_to_10_cards),
        cmocka_unit_test(classify_matches_rules_model_on_random_move_shaped_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
