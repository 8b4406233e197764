/* test_movegen.c -- move generation (movegen.h): the full deck's known answers, random hands
 * against two slow references (the full-deck universe filtered by the hand, and every
 * sub-multiset of the hand classified), and hand-picked positions. (Hint order and the
 * DDZ_MAX_MOVES bound: test_hint.c.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "movegen_helpers.h"

/* 1. The full deck's moves: known answers -------------------------------------------*/

typedef struct Expected {
    int per_type[DDZ_MOVE_TYPE_NB];
    int plane_single_per_n[6]; /* index n = 2..5 */
    int plane_pair_per_n[5];   /* index n = 2..4 */
    int total;                 /* distinct card sets */
} Expected;

/* How the other presets' totals follow from the standard 27,471 (each also checked by an
 * independent Python enumerator written from RULES §5 alone):
 *
 * classic  only four + two changes: its two kickers are distinct ranks other than the four's,
 *          not both jokers: C(14,2) - 1 = 90 pairs of ranks per four, 13 × 90 = 1,170
 *          instead of 13 × (90 + 12 same-rank pairs) = 1,326; total 27,471 - 156 = 27,315.
 * douzero  single kickers may also be both jokers, four of a rank, or a trio next to the
 *          plane. Four + two gains 4444+BR for each of the 13 ranks: 1,339. Plane + singles
 *          gains 11 / 109 / 566 / 1,823 card sets for n = 2..5 (24,331). Nine card sets read
 *          as two types (333444555666-like planes of four that are also plane + singles of
 *          three), so the distinct total is 27,471 + 13 + 2,509 - 9 = 29,984 (DouZero's own
 *          generator gives the same sets).
 * botzone  the judge classifies by count structure. Four + two: two distinct single ranks,
 *          jokers allowed together: 13 × C(14,2) = 1,183. Plane + singles: n distinct ranks
 *          outside the chain, jokers included: 11 × C(13,2) + 10 × C(12,3) + 9 × C(11,4) +
 *          8 × C(10,5) = 858 + 2,200 + 2,970 + 2,016 = 8,044. Shuttles: 38 bare chains of
 *          2..5 fours; with 2n distinct singles 11 × C(13,4) + 10 × C(12,6) = 17,105; with 2n
 *          distinct pairs 11 × C(11,4) = 3,630. Every set has one reading: 34,323. */
static const Expected EXPECTED[DDZ_RULES_NB] = {
    [DDZ_RULES_STANDARD] = {
        .per_type = {[DDZ_SINGLE] = 15, [DDZ_PAIR] = 13, [DDZ_TRIO] = 13, [DDZ_TRIO_SINGLE] = 182,
                     [DDZ_TRIO_PAIR] = 156, [DDZ_STRAIGHT] = 36, [DDZ_PAIR_CHAIN] = 52,
                     [DDZ_PLANE] = 45, [DDZ_PLANE_SINGLE] = 21822, [DDZ_PLANE_PAIR] = 2939,
                     [DDZ_FOUR_TWO] = 1326, [DDZ_FOUR_TWO_PAIRS] = 858, [DDZ_BOMB] = 13,
                     [DDZ_ROCKET] = 1},
        .plane_single_per_n = {[2] = 968, [3] = 3282, [4] = 7184, [5] = 10388},
        .plane_pair_per_n = {[2] = 605, [3] = 1200, [4] = 1134},
        .total = 27471,
    },
    [DDZ_RULES_CLASSIC] = {
        .per_type = {[DDZ_SINGLE] = 15, [DDZ_PAIR] = 13, [DDZ_TRIO] = 13, [DDZ_TRIO_SINGLE] = 182,
                     [DDZ_TRIO_PAIR] = 156, [DDZ_STRAIGHT] = 36, [DDZ_PAIR_CHAIN] = 52,
                     [DDZ_PLANE] = 45, [DDZ_PLANE_SINGLE] = 21822, [DDZ_PLANE_PAIR] = 2939,
                     [DDZ_FOUR_TWO] = 1170, [DDZ_FOUR_TWO_PAIRS] = 858, [DDZ_BOMB] = 13,
                     [DDZ_ROCKET] = 1},
        .plane_single_per_n = {[2] = 968, [3] = 3282, [4] = 7184, [5] = 10388},
        .plane_pair_per_n = {[2] = 605, [3] = 1200, [4] = 1134},
        .total = 27315,
    },
    [DDZ_RULES_DOUZERO] = {
        .per_type = {[DDZ_SINGLE] = 15, [DDZ_PAIR] = 13, [DDZ_TRIO] = 13, [DDZ_TRIO_SINGLE] = 182,
                     [DDZ_TRIO_PAIR] = 156, [DDZ_STRAIGHT] = 36, [DDZ_PAIR_CHAIN] = 52,
                     [DDZ_PLANE] = 45, [DDZ_PLANE_SINGLE] = 24331, [DDZ_PLANE_PAIR] = 2939,
                     [DDZ_FOUR_TWO] = 1339, [DDZ_FOUR_TWO_PAIRS] = 858, [DDZ_BOMB] = 13,
                     [DDZ_ROCKET] = 1},
        .plane_single_per_n = {[2] = 979, [3] = 3391, [4] = 7750, [5] = 12211},
        .plane_pair_per_n = {[2] = 605, [3] = 1200, [4] = 1134},
        .total = 29984,
    },
    [DDZ_RULES_BOTZONE] = {
        .per_type = {[DDZ_SINGLE] = 15, [DDZ_PAIR] = 13, [DDZ_TRIO] = 13, [DDZ_TRIO_SINGLE] = 182,
                     [DDZ_TRIO_PAIR] = 156, [DDZ_STRAIGHT] = 36, [DDZ_PAIR_CHAIN] = 52,
                     [DDZ_PLANE] = 45, [DDZ_PLANE_SINGLE] = 8044, [DDZ_PLANE_PAIR] = 2939,
                     [DDZ_FOUR_TWO] = 1183, [DDZ_FOUR_TWO_PAIRS] = 858, [DDZ_BOMB] = 13,
                     [DDZ_ROCKET] = 1, [DDZ_SHUTTLE] = 38, [DDZ_SHUTTLE_SINGLE] = 17105,
                     [DDZ_SHUTTLE_PAIR] = 3630},
        .plane_single_per_n = {[2] = 858, [3] = 2200, [4] = 2970, [5] = 2016},
        .plane_pair_per_n = {[2] = 605, [3] = 1200, [4] = 1134},
        .total = 34323,
    },
};

/* Distinct card sets among the universe moves of the given type (and chain length, when
 * len > 0; any type when type < 0). */
static int distinct_sets(const DdzMove *u, int un, int type, int len, uint64_t *scratch)
{
    int n = 0;
    for (int i = 0; i < un; i++)
        if ((type < 0 || u[i].type == type) && (len == 0 || u[i].len == len))
            scratch[n++] = u[i].ranks;
    qsort(scratch, (size_t)n, sizeof *scratch, u64_cmp);
    int d = 0;
    for (int i = 0; i < n; i++)
        if (i == 0 || scratch[i] != scratch[i - 1])
            d++;
    return d;
}

/* Checks every known count of a preset and reports all mismatches at once. */
static void check_universe_counts(DdzRuleset rules)
{
    int un;
    const DdzMove *u = universe(rules, &un);
    const Expected *e = &EXPECTED[rules];
    uint64_t *scratch = malloc(((size_t)un + 1) * sizeof *scratch);
    assert_non_null(scratch);
    char report[2048] = "";
    size_t used = 0;
    int bad = 0;
#define MISMATCH(...)                                                                     \
    do {                                                                                  \
        bad++;                                                                            \
        if (used < sizeof report)                                                         \
            used += (size_t)snprintf(report + used, sizeof report - used, __VA_ARGS__);   \
    } while (0)
    for (int t = 0; t < DDZ_MOVE_TYPE_NB; t++) {
        int got = distinct_sets(u, un, t, 0, scratch);
        if (got != e->per_type[t])
            MISMATCH(" %s=%d (expected %d);", ddz_move_type_name((DdzMoveType)t), got,
                     e->per_type[t]);
    }
    for (int n = 2; n <= 5; n++) {
        int got = distinct_sets(u, un, DDZ_PLANE_SINGLE, n, scratch);
        if (got != e->plane_single_per_n[n])
            MISMATCH(" plane_single n=%d: %d (expected %d);", n, got, e->plane_single_per_n[n]);
    }
    for (int n = 2; n <= 4; n++) {
        int got = distinct_sets(u, un, DDZ_PLANE_PAIR, n, scratch);
        if (got != e->plane_pair_per_n[n])
            MISMATCH(" plane_pair n=%d: %d (expected %d);", n, got, e->plane_pair_per_n[n]);
    }
    int total = distinct_sets(u, un, -1, 0, scratch);
    if (total != e->total)
        MISMATCH(" total distinct card sets %d (expected %d);", total, e->total);
#undef MISMATCH
    free(scratch);
    if (bad)
        fail_msg("%s full deck (%d moves): %d mismatches:%s", rules_name(rules), un, bad, report);
}

static void universe_standard_counts_match_rlcard(void **state)
{
    (void)state;
    check_universe_counts(DDZ_RULES_STANDARD);
}

static void universe_classic_counts_match_known_answers(void **state)
{
    (void)state;
    check_universe_counts(DDZ_RULES_CLASSIC);
}

static void universe_douzero_counts_match_known_answers(void **state)
{
    (void)state;
    check_universe_counts(DDZ_RULES_DOUZERO);
}

static void universe_botzone_counts_match_known_answers(void **state)
{
    (void)state;
    check_universe_counts(DDZ_RULES_BOTZONE);
}

static void universe_fits_in_max_moves_deck(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        int un;
        universe(PRESETS[p], &un);
        print_message("%s: full deck has %d leading moves\n", rules_name(PRESETS[p]), un);
        if (un > DDZ_MAX_MOVES_DECK)
            fail_msg("%s: full deck has %d moves > DDZ_MAX_MOVES_DECK %d", rules_name(PRESETS[p]),
                     un, DDZ_MAX_MOVES_DECK);
    }
}

static void universe_moves_classify_as_generated(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        int un;
        const DdzMove *u = universe(PRESETS[p], &un);
        for (int i = 0; i < un; i++) {
            if (u[i].type == DDZ_PASS || u[i].ranks == 0)
                fail_msg("%s: full deck move %d is pass: %s", rules_name(PRESETS[p]), i,
                         move_text(&u[i]).s);
            if (u[i].size != ddz_ranks_size(u[i].ranks))
                fail_msg("%s: full deck move %s has size %d, cards %d", rules_name(PRESETS[p]),
                         move_text(&u[i]).s, u[i].size, ddz_ranks_size(u[i].ranks));
            if (!classifies_as(&u[i], PRESETS[p]))
                fail_msg("%s: full deck move %s is not among the readings classify gives",
                         rules_name(PRESETS[p]), move_text(&u[i]).s);
        }
    }
}

static void universe_has_no_duplicate_moves(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        int un;
        const DdzMove *u = universe(PRESETS[p], &un);
        memcpy(g_sort_a, u, (size_t)un * sizeof *u);
        qsort(g_sort_a, (size_t)un, sizeof *g_sort_a, move_cmp);
        for (int i = 1; i < un; i++)
            if (move_cmp(&g_sort_a[i - 1], &g_sort_a[i]) == 0)
                fail_msg("%s: full deck lists %s twice", rules_name(PRESETS[p]),
                         move_text(&g_sort_a[i]).s);
    }
}

static void universe_comes_in_documented_order(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        int un;
        const DdzMove *u = universe(PRESETS[p], &un);
        for (int i = 1; i < un; i++)
            if (generation_order_cmp(&u[i - 1], &u[i]) >= 0)
                fail_msg("%s: full deck move %d %s is listed after %s", rules_name(PRESETS[p]), i,
                         move_text(&u[i]).s, move_text(&u[i - 1]).s);
    }
}

/* 2. Random hands, leading --------------------------------------------------------------*/

static void leading_moves_are_held_sized_and_classified(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0x1000 + (uint64_t)p);
        for (int h = 0; h < LEAD_HANDS; h++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            int n = generate(hand, NULL, rules, g_gen);
            for (int i = 0; i < n; i++) {
                const DdzMove *m = &g_gen[i];
                if (m->type == DDZ_PASS || m->ranks == 0)
                    fail_msg("%s: hand %s leads pass (move %d)", rules_name(rules),
                             hand_text(hand).s, i);
                if (!ddz_ranks_contains(hand, m->ranks))
                    fail_msg("%s: hand %s: move %s is not held", rules_name(rules),
                             hand_text(hand).s, move_text(m).s);
                if (m->size != ddz_ranks_size(m->ranks))
                    fail_msg("%s: hand %s: move %s has size %d, cards %d", rules_name(rules),
                             hand_text(hand).s, move_text(m).s, m->size, ddz_ranks_size(m->ranks));
                if (!classifies_as(m, rules))
                    fail_msg("%s: hand %s: move %s is not a reading classify gives",
                             rules_name(rules), hand_text(hand).s, move_text(m).s);
            }
        }
    }
}

static void leading_moves_have_no_duplicates(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0x2000 + (uint64_t)p);
        for (int h = 0; h < LEAD_HANDS; h++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            int n = generate(hand, NULL, rules, g_gen);
            memcpy(g_sort_a, g_gen, (size_t)n * sizeof *g_gen);
            qsort(g_sort_a, (size_t)n, sizeof *g_sort_a, move_cmp);
            for (int i = 1; i < n; i++)
                if (move_cmp(&g_sort_a[i - 1], &g_sort_a[i]) == 0)
                    fail_msg("%s: hand %s lists %s twice", rules_name(rules), hand_text(hand).s,
                             move_text(&g_sort_a[i]).s);
        }
    }
}

/* Type ascending, then comparison rank ascending; then chain length, then kickers. */
static void leading_moves_come_in_documented_order(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0x3000 + (uint64_t)p);
        for (int h = 0; h < LEAD_HANDS; h++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            int n = generate(hand, NULL, rules, g_gen);
            for (int i = 1; i < n; i++) {
                const DdzMove *a = &g_gen[i - 1], *b = &g_gen[i];
                if (a->type > b->type || (a->type == b->type && a->rank > b->rank))
                    fail_msg("%s: hand %s: %s comes after %s (type, then rank)", rules_name(rules),
                             hand_text(hand).s, move_text(b).s, move_text(a).s);
                if (generation_order_cmp(a, b) >= 0)
                    fail_msg("%s: hand %s: %s comes after %s (length, then kickers)",
                             rules_name(rules), hand_text(hand).s, move_text(b).s, move_text(a).s);
            }
        }
    }
}

static void leading_moves_equal_full_deck_moves_held_by_hand(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        int un;
        const DdzMove *u = universe(rules, &un);
        DdzRng rng;
        ddz_rng_seed(&rng, 0x4000 + (uint64_t)p);
        for (int h = 0; h < LEAD_HANDS; h++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            int n = generate(hand, NULL, rules, g_gen);
            int nref = filter_held(u, un, hand, g_ref);
            char ctx[128];
            snprintf(ctx, sizeof ctx, "%s: hand %s leading", rules_name(rules), hand_text(hand).s);
            assert_same_moves(g_gen, n, g_ref, nref, ctx);
        }
    }
}

/* 3. Random (hand, target) pairs, following -------------------------------------------*/

static void following_moves_beat_target_and_are_held(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0x5000 + (uint64_t)p);
        for (int k = 0; k < FOLLOW_PAIRS; k++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            DdzMove last = random_target(&rng, rules, hand);
            int n = generate(hand, &last, rules, g_gen);
            for (int i = 0; i < n; i++) {
                const DdzMove *m = &g_gen[i];
                if (!ddz_move_beats(m, &last))
                    fail_msg("%s: hand %s following %s: %s does not beat it", rules_name(rules),
                             hand_text(hand).s, move_text(&last).s, move_text(m).s);
                if (!ddz_ranks_contains(hand, m->ranks) || m->ranks == 0)
                    fail_msg("%s: hand %s following %s: %s is not held", rules_name(rules),
                             hand_text(hand).s, move_text(&last).s, move_text(m).s);
                if (i > 0 && generation_order_cmp(&g_gen[i - 1], m) >= 0)
                    fail_msg("%s: hand %s following %s: %s comes after %s", rules_name(rules),
                             hand_text(hand).s, move_text(&last).s, move_text(m).s,
                             move_text(&g_gen[i - 1]).s);
            }
        }
    }
}

static void following_moves_equal_leading_moves_that_beat_target(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0x6000 + (uint64_t)p);
        for (int k = 0; k < FOLLOW_PAIRS; k++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            DdzMove last = random_target(&rng, rules, hand);
            int nlead = generate(hand, NULL, rules, g_other);
            int nref = filter_beats(g_other, nlead, &last, g_ref);
            int n = generate(hand, &last, rules, g_gen);
            char ctx[256];
            snprintf(ctx, sizeof ctx, "%s: hand %s following %s", rules_name(rules),
                     hand_text(hand).s, move_text(&last).s);
            assert_same_moves(g_gen, n, g_ref, nref, ctx);
        }
    }
}

static void following_pass_or_null_gives_leading_moves(void **state)
{
    (void)state;
    const DdzMove pass = ddz_move_pass();
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0x7000 + (uint64_t)p);
        for (int h = 0; h < 300; h++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            int n0 = generate(hand, NULL, rules, g_gen);
            int n1 = generate(hand, &pass, rules, g_ref);
            if (n0 != n1)
                fail_msg("%s: hand %s: %d moves with last NULL, %d following pass",
                         rules_name(rules), hand_text(hand).s, n0, n1);
            for (int i = 0; i < n0; i++)
                if (!ddz_move_equal(&g_gen[i], &g_ref[i]) || g_gen[i].size != g_ref[i].size)
                    fail_msg("%s: hand %s: move %d is %s with last NULL, %s following pass",
                             rules_name(rules), hand_text(hand).s, i, move_text(&g_gen[i]).s,
                             move_text(&g_ref[i]).s);
        }
    }
}

/* 4. Every sub-multiset of the hand, classified -----------------------------------------*/

static void leading_moves_equal_classified_sub_multisets(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0x8000 + (uint64_t)p);
        for (int h = 0; h < SUBSET_HANDS; h++) {
            DdzRanks hand = random_hand(&rng, 8 + (int)ddz_rng_below(&rng, 7));
            int nref = classify_sub_multisets(hand, rules, g_ref);
            int n = generate(hand, NULL, rules, g_gen);
            char ctx[128];
            snprintf(ctx, sizeof ctx, "%s: hand %s leading (vs classified sub-multisets)",
                     rules_name(rules), hand_text(hand).s);
            assert_same_moves(g_gen, n, g_ref, nref, ctx);
        }
    }
}

/* 5. Hand-picked known answers -----------------------------------------------------------*/

typedef struct KnownCount {
    const char *hand;
    int nb[DDZ_RULES_NB]; /* standard, classic, douzero, botzone */
} KnownCount;

/* Counted by hand from RULES §5:
 *   33344     3 4 | 33 44 | 333 | 3334 | 33344
 *   345678    6 singles | 34567 45678 345678
 *   334455    3 singles | 3 pairs | 334455
 *   333444    2 singles, 2 pairs, 2 trios | 3334 4443 | 33344 44433 | 333444
 *   33344455  3 singles, 3 pairs, 2 trios | 3334 3335 4443 4445 | 33344 33355 44433 44455 |
 *             333444 | 334455 | 33344455 (plane + singles 5 5; botzone: kickers must differ)
 *   33334444  2 singles, 2 pairs, 2 trios, 2 bombs | 3334 4443 | 33344 44433 | 333444 |
 *             four + two 333344 444433 (not classic, not botzone); botzone: shuttle 33334444
 *   3333BR    3 B R | 33 | 333 | 333B 333R | 3333 | BR | 3333BR (douzero, botzone)
 *   333B      3 B | 33 | 333 | 333B
 *   4445Q     4 5 Q | 44 | 444 | 4445 444Q */
static const KnownCount KNOWN_COUNTS[] = {
    {"3", {1, 1, 1, 1}},
    {"BR", {3, 3, 3, 3}},
    {"33", {2, 2, 2, 2}},
    {"3333", {4, 4, 4, 4}},
    {"34567", {6, 6, 6, 6}},
    {"33344", {7, 7, 7, 7}},
    {"345678", {9, 9, 9, 9}},
    {"334455", {7, 7, 7, 7}},
    {"333444", {11, 11, 11, 11}},
    {"33344455", {19, 19, 19, 18}},
    {"33334444", {15, 13, 15, 14}},
    {"3333BR", {9, 9, 10, 10}},
    {"333B", {5, 5, 5, 5}},
    {"4445Q", {7, 7, 7, 7}},
};

static void leading_move_counts_of_small_hands_are_known(void **state)
{
    (void)state;
    char report[2048] = "";
    size_t used = 0;
    int bad = 0;
    for (size_t i = 0; i < sizeof KNOWN_COUNTS / sizeof KNOWN_COUNTS[0]; i++) {
        for (int p = 0; p < PRESET_NB; p++) {
            int n = generate(tu_ranks(KNOWN_COUNTS[i].hand), NULL, PRESETS[p], g_gen);
            if (n != KNOWN_COUNTS[i].nb[p]) {
                bad++;
                if (used < sizeof report)
                    used += (size_t)snprintf(report + used, sizeof report - used,
                                             " %s %s: %d (expected %d);", rules_name(PRESETS[p]),
                                             KNOWN_COUNTS[i].hand, n, KNOWN_COUNTS[i].nb[p]);
            }
        }
    }
    if (bad)
        fail_msg("%d wrong counts:%s", bad, report);
}


/* Exact generation order, reasoned from RULES §5 and movegen.h. */
static const KnownList KNOWN_GENERATED[] = {
    {DDZ_RULES_STANDARD, "33344", "3", {"4", NULL}},
    {DDZ_RULES_STANDARD, "33344", NULL, {"3", "4", "33", "44", "333", "3334", "33344", NULL}},
    {DDZ_RULES_STANDARD, "345678", "34567", {"45678", NULL}},
    {DDZ_RULES_STANDARD, "345678", "345678", {NULL}},
    {DDZ_RULES_STANDARD, "345678", NULL,
     {"3", "4", "5", "6", "7", "8", "34567", "345678", "45678", NULL}},
    /* Bombs and the rocket come last: they are the last two types. */
    {DDZ_RULES_STANDARD, "3333BR", "3", {"B", "R", "3333", "BR", NULL}},
    {DDZ_RULES_STANDARD, "455557BR", "3", {"4", "5", "7", "B", "R", "5555", "BR", NULL}},
    /* Trio + pair above 333+44: by trio rank, then kicker. */
    {DDZ_RULES_STANDARD, "44455666BR", "33344", {"44455", "44466", "44666", "55666", "BR", NULL}},
    {DDZ_RULES_STANDARD, "33334444BR", "3333", {"4444", "BR", NULL}},
    {DDZ_RULES_STANDARD, "33334444BR", "BR", {NULL}},
    {DDZ_RULES_STANDARD, "3344556BR", "KK", {"BR", NULL}},
    {DDZ_RULES_STANDARD, "3344556BR", "33", {"44", "55", "BR", NULL}},
    {DDZ_RULES_STANDARD, "3344556BR", "334455", {"BR", NULL}},
    {DDZ_RULES_STANDARD, "33445566BR", "334455", {"445566", "BR", NULL}},
    /* Leading after pass. Four + two: kickers in lexicographic order (4 5 before 5 5);
     * classic forbids the repeated kicker. A bomb beats a four + two. */
    {DDZ_RULES_STANDARD, "3333455", "", {"3", "4", "5", "33", "55", "333", "3334", "3335", "33355",
                                        "333345", "333355", "3333", NULL}},
    {DDZ_RULES_STANDARD, "333345", "333344", {"3333", NULL}},
    {DDZ_RULES_STANDARD, "444456", "333345", {"444456", "4444", NULL}},
    {DDZ_RULES_STANDARD, "4444566", "333345", {"444456", "444466", "4444", NULL}},
    {DDZ_RULES_CLASSIC, "4444566", "333345", {"444456", "4444", NULL}},
    /* botzone: the shuttle is its own type (after the bomb in type order), beaten by bombs. */
    {DDZ_RULES_BOTZONE, "55556666", "33334444", {"5555", "6666", "55556666", NULL}},
    {DDZ_RULES_BOTZONE, "5555", "33334444", {"5555", NULL}},
    {DDZ_RULES_STANDARD, "4444", "33344", {"4444", NULL}},
};


static void generated_moves_of_small_hands_are_known(void **state)
{
    (void)state;
    check_known_lists(KNOWN_GENERATED, sizeof KNOWN_GENERATED / sizeof KNOWN_GENERATED[0], false);
}

/* douzero: 333444555666 reads as a plane and as two planes + singles (trios 333-555 with
 * 666, trios 444-666 with 333); standard has only the plane. A follower matches the type. */
static void douzero_follower_must_match_reading(void **state)
{
    (void)state;
    DdzRanks hand = tu_ranks("444555666777");
    DdzMove plane = reading_of("333444555666", DDZ_RULES_DOUZERO, DDZ_PLANE, DDZ_RANK_3);
    DdzMove wings = reading_of("333444555666", DDZ_RULES_DOUZERO, DDZ_PLANE_SINGLE, DDZ_RANK_3);

    int n = generate(hand, &plane, DDZ_RULES_DOUZERO, g_gen);
    if (n != 1 || g_gen[0].ranks != hand || g_gen[0].type != DDZ_PLANE || g_gen[0].rank != DDZ_RANK_4)
        fail_msg("douzero: 444555666777 following plane 333444555666: %d moves (first %s), "
                 "expected only the plane 444555666777", n, n ? move_text(&g_gen[0]).s : "-");

    n = generate(hand, &wings, DDZ_RULES_DOUZERO, g_gen);
    bool ok = n == 2;
    for (int i = 0; ok && i < 2; i++)
        ok = g_gen[i].ranks == hand && g_gen[i].type == DDZ_PLANE_SINGLE &&
             g_gen[i].rank == DDZ_RANK_4 + i && g_gen[i].len == 3;
    if (!ok)
        fail_msg("douzero: 444555666777 following %s: %d moves (first %s), expected the "
                 "planes + singles of rank 4 then 5", move_text(&wings).s, n,
                 n ? move_text(&g_gen[0]).s : "-");

    // The full set has three readings in douzero, one in standard.
    const int expect[PRESET_NB] = {1, 1, 3, 1};
    for (int p = 0; p < PRESET_NB; p++) {
        n = generate(tu_ranks("333444555666"), NULL, PRESETS[p], g_gen);
        int whole = 0;
        for (int i = 0; i < n; i++)
            whole += g_gen[i].ranks == tu_ranks("333444555666");
        if (whole != expect[p])
            fail_msg("%s: hand 333444555666 lists itself %d times, expected %d",
                     rules_name(PRESETS[p]), whole, expect[p]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(universe_standard_counts_match_rlcard),
        cmocka_unit_test(universe_classic_counts_match_known_answers),
        cmocka_unit_test(universe_douzero_counts_match_known_answers),
        cmocka_unit_test(universe_botzone_counts_match_known_answers),
        cmocka_unit_test(universe_fits_in_max_moves_deck),
        cmocka_unit_test(universe_moves_classify_as_generated),
        cmocka_unit_test(universe_has_no_duplicate_moves),
        cmocka_unit_test(universe_comes_in_documented_order),
        cmocka_unit_test(leading_moves_are_held_sized_and_classified),
        cmocka_unit_test(leading_moves_have_no_duplicates),
        cmocka_unit_test(leading_moves_come_in_documented_order),
        cmocka_unit_test(leading_moves_equal_full_deck_moves_held_by_hand),
        cmocka_unit_test(leading_moves_equal_classified_sub_multisets),
        cmocka_unit_test(following_moves_beat_target_and_are_held),
        cmocka_unit_test(following_moves_equal_leading_moves_that_beat_target),
        cmocka_unit_test(following_pass_or_null_gives_leading_moves),
        cmocka_unit_test(leading_move_counts_of_small_hands_are_known),
        cmocka_unit_test(generated_moves_of_small_hands_are_known),
        cmocka_unit_test(douzero_follower_must_match_reading),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
