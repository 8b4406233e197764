/* test_hint.c -- hint order (movegen.h): the hint lists the generated moves, bombs last, keys
 * ascending, ties by type then length, known orders of small hands; and the DDZ_MAX_MOVES
 * bound: the heaviest known hands' pinned counts and random 20-card hands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "movegen_helpers.h"

/* Exact hint order, reasoned from movegen.h: ordinary moves before bombs and the rocket,
 * then fewer broken combinations, then lower rank, then cheaper kickers. */
static const KnownList KNOWN_HINTS[] = {
    /* 8 breaks nothing, 5 splits the pair. */
    {DDZ_RULES_STANDARD, "3558", "4", {"8", "5", NULL}},
    /* 7 breaks nothing, 5 splits the bomb, the bomb itself last. */
    {DDZ_RULES_STANDARD, "55557", "4", {"7", "5", "5555", NULL}},
    /* 5 6 8 break nothing (by rank), 4 splits the trio. */
    {DDZ_RULES_STANDARD, "3444568", "3", {"5", "6", "8", "4", NULL}},
    /* 6 breaks nothing; B and R each part the jokers; the rocket last. */
    {DDZ_RULES_STANDARD, "3344556BR", "5", {"6", "B", "R", "BR", NULL}},
    {DDZ_RULES_STANDARD, "3344556BR", "33", {"44", "55", "BR", NULL}},
    {DDZ_RULES_STANDARD, "3344556BR", "KK", {"BR", NULL}},
    /* 444Q breaks nothing; 4445 splits the pair of 5s. */
    {DDZ_RULES_STANDARD, "44455Q", "3336", {"444Q", "4445", NULL}},
    /* Both break nothing: the cheaper kicker first. */
    {DDZ_RULES_STANDARD, "4445Q", "3336", {"4445", "444Q", NULL}},
    /* 6 breaks nothing; 4 and 5 each split a bomb; then the bombs, lower first. */
    {DDZ_RULES_STANDARD, "444455556", "3", {"6", "4", "5", "4444", "5555", NULL}},
    /* botzone: the shuttle is no bomb, so it comes before both bombs. */
    {DDZ_RULES_BOTZONE, "55556666", "33334444", {"55556666", "5555", "6666", NULL}},
};

/* 6. Hint order --------------------------------------------------------------------------*/

/* Random (hand, last) for hint tests: a third leading, the rest following a target. */
static const DdzMove *random_last(DdzRng *rng, DdzRuleset rules, DdzRanks hand, DdzMove *buf)
{
    if (ddz_rng_below(rng, 3) == 0)
        return NULL;
    *buf = random_target(rng, rules, hand);
    return buf;
}

static void hint_lists_the_generated_moves(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0x9000 + (uint64_t)p);
        for (int h = 0; h < HINT_HANDS; h++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            DdzMove buf;
            const DdzMove *last = random_last(&rng, rules, hand, &buf);
            int ng = generate(hand, last, rules, g_ref);
            int nh = hint(hand, last, rules, g_gen);
            char ctx[256];
            snprintf(ctx, sizeof ctx, "%s: hint of hand %s following %s", rules_name(rules),
                     hand_text(hand).s, move_text(last).s);
            assert_same_moves(g_gen, nh, g_ref, ng, ctx);
        }
    }
}

static void hint_puts_bombs_last_and_keys_ascending(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0xA000 + (uint64_t)p);
        for (int h = 0; h < HINT_HANDS; h++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            DdzMove buf;
            const DdzMove *last = random_last(&rng, rules, hand, &buf);
            int n = hint(hand, last, rules, g_gen);
            for (int i = 1; i < n; i++) {
                const DdzMove *a = &g_gen[i - 1], *b = &g_gen[i];
                if (ddz_move_is_bomb(a) && !ddz_move_is_bomb(b))
                    fail_msg("%s: hint of hand %s following %s: %s comes after the bomb %s",
                             rules_name(rules), hand_text(hand).s, move_text(last).s,
                             move_text(b).s, move_text(a).s);
                uint64_t ka = ddz_move_hint_key(hand, a), kb = ddz_move_hint_key(hand, b);
                if (ka > kb)
                    fail_msg("%s: hint of hand %s following %s: %s (key %#llx) comes after %s "
                             "(key %#llx)", rules_name(rules), hand_text(hand).s,
                             move_text(last).s, move_text(b).s, (unsigned long long)kb,
                             move_text(a).s, (unsigned long long)ka);
            }
        }
    }
}

/* Equal keys sort by type, then chain length (movegen.h). */
static void hint_ties_break_by_type_then_length(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0xB000 + (uint64_t)p);
        for (int h = 0; h < HINT_HANDS; h++) {
            DdzRanks hand = random_hand(&rng, random_size(&rng));
            DdzMove buf;
            const DdzMove *last = random_last(&rng, rules, hand, &buf);
            int n = hint(hand, last, rules, g_gen);
            for (int i = 1; i < n; i++) {
                const DdzMove *a = &g_gen[i - 1], *b = &g_gen[i];
                if (ddz_move_hint_key(hand, a) != ddz_move_hint_key(hand, b))
                    continue;
                if (a->type > b->type || (a->type == b->type && a->len > b->len))
                    fail_msg("%s: hint of hand %s following %s: equal keys, but %s comes "
                             "after %s", rules_name(rules), hand_text(hand).s,
                             move_text(last).s, move_text(b).s, move_text(a).s);
            }
        }
    }
}

static void hint_orders_of_small_hands_are_known(void **state)
{
    (void)state;
    check_known_lists(KNOWN_HINTS, sizeof KNOWN_HINTS / sizeof KNOWN_HINTS[0], true);
}

/* 7. DDZ_MAX_MOVES ----------------------------------------------------------------------*/

/* Hand-made hands rich in planes, fours and kickers. */
static const char *const HEAVY_HANDS[] = {
    "33344455566677788899", "33334444555566667777", "3334445556667778BR22",
    "333444555666777888BR", "3344556677889TJQKA2B", "333444555666TTJJQQKK",
    "3333444455556666BR22", "333444555666777AAA22", "34567899TTJJQQKKAA2R",
    "3333444455556666777B",
};

/* The heaviest 20-card hands. The exhaustive search of `ddz bench maxmoves` over all
 * 153,009,740 rank multisets of 20 cards proves the maxima: 519 (standard, classic), 521
 * (douzero), both reached by 3456789TJJJQQQKKKAAA, and 804 (botzone), reached by
 * 3456789TJQKKKKAAAABR; a hill climb had found the same counts with other hands, kept here.
 * Each list must also equal the classified sub-multisets of the hand. */
typedef struct HeavyHand {
    const char *hand;
    int nb[DDZ_RULES_NB]; /* standard, classic, douzero, botzone */
} HeavyHand;

static const HeavyHand HEAVIEST[] = {
    {"3456789TJJJQQQKKKAAA", {519, 519, 521, 497}},
    {"345556667778889TJQKA", {519, 519, 521, 497}},
    {"3456666777789TJQKABR", {307, 305, 310, 804}},
    {"3456789TJJJJQQQQKABR", {307, 305, 310, 804}},
    {"3456789TJQKKKKAAAABR", {307, 305, 310, 804}},
};

static void heaviest_known_hands_have_pinned_counts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof HEAVIEST / sizeof HEAVIEST[0]; i++) {
        DdzRanks hand = tu_ranks(HEAVIEST[i].hand);
        for (int p = 0; p < PRESET_NB; p++) {
            int n = generate(hand, NULL, PRESETS[p], g_gen);
            int nref = classify_sub_multisets(hand, PRESETS[p], g_ref);
            char ctx[128];
            snprintf(ctx, sizeof ctx, "%s: hand %s leading (vs classified sub-multisets)",
                     rules_name(PRESETS[p]), HEAVIEST[i].hand);
            assert_same_moves(g_gen, n, g_ref, nref, ctx);
            if (n != HEAVIEST[i].nb[p])
                fail_msg("%s: hand %s has %d moves, pinned %d", rules_name(PRESETS[p]),
                         HEAVIEST[i].hand, n, HEAVIEST[i].nb[p]);
            assert_true(n <= DDZ_MAX_MOVES);
        }
    }
}

static void max_moves_bounds_random_20_card_hands(void **state)
{
    (void)state;
    for (int p = 0; p < PRESET_NB; p++) {
        DdzRuleset rules = PRESETS[p];
        DdzRng rng;
        ddz_rng_seed(&rng, 0xC000 + (uint64_t)p);
        int most = 0, heavy_most = 0;
        DdzRanks worst = 0, heavy_worst = 0;
        for (int h = 0; h < MAX_HANDS; h++) {
            DdzRanks hand = random_hand(&rng, 20);
            int n = generate(hand, NULL, rules, g_gen);
            if (n > most)
                most = n, worst = hand;
            if (n > DDZ_MAX_MOVES)
                fail_msg("%s: hand %s has %d moves > DDZ_MAX_MOVES %d", rules_name(rules),
                         hand_text(hand).s, n, DDZ_MAX_MOVES);
        }
        for (size_t i = 0; i < sizeof HEAVY_HANDS / sizeof HEAVY_HANDS[0]; i++) {
            DdzRanks hand = tu_ranks(HEAVY_HANDS[i]);
            int n = generate(hand, NULL, rules, g_gen);
            if (n > heavy_most)
                heavy_most = n, heavy_worst = hand;
            if (n > DDZ_MAX_MOVES)
                fail_msg("%s: hand %s has %d moves > DDZ_MAX_MOVES %d", rules_name(rules),
                         HEAVY_HANDS[i], n, DDZ_MAX_MOVES);
        }
        print_message("%s: most moves of %d random 20-card hands: %d (%s); of hand-made: %d (%s)\n",
                      rules_name(rules), MAX_HANDS, most, hand_text(worst).s, heavy_most,
                      hand_text(heavy_worst).s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hint_lists_the_generated_moves),
        cmocka_unit_test(hint_puts_bombs_last_and_keys_ascending),
        cmocka_unit_test(hint_ties_break_by_type_then_length),
        cmocka_unit_test(hint_orders_of_small_hands_are_known),
        cmocka_unit_test(heaviest_known_hands_have_pinned_counts),
        cmocka_unit_test(max_moves_bounds_random_20_card_hands),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
