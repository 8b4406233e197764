/* test_split.c -- hand splitting (split.h): known splits of known hands; every split is a
 * partition of the hand into legal moves; the fewest plays and the best value (and the best
 * worth with a play cost) against a brute-force search over every sub-multiset of small
 * hands; a tiny memo gives the same answers as a large one. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"

#include "ddz/split.h"

static DdzSplitter *new_splitter(DdzRuleset rules, int cost, int bits)
{
    DdzSplitter *sp = ddz_splitter_new(rules, cost, bits);
    assert_non_null(sp);
    return sp;
}

/* Fails unless s is a partition of hand into readings the classifier gives under rules,
 * with plays and value adding up. */
static void check_partition(DdzRanks hand, DdzRuleset rules, const DdzSplit *s)
{
    DdzRanks sum = 0;
    int value = 0;
    for (int i = 0; i < s->plays; i++) {
        const DdzMove *m = &s->part[i];
        assert_true(m->type != DDZ_PASS);
        assert_true(ddz_ranks_contains(hand - sum, m->ranks));
        sum += m->ranks;
        DdzMove rd[DDZ_MAX_READINGS];
        int n = ddz_move_classify(m->ranks, rules, rd), found = 0;
        for (int k = 0; k < n; k++)
            found |= ddz_move_equal(&rd[k], m) && rd[k].size == m->size;
        if (!found) {
            char text[64];
            ddz_ranks_format(m->ranks, text, sizeof text);
            fail_msg("part %s is not a %s move", text, ddz_ruleset_name(rules));
        }
        value += ddz_split_part_value(m);
    }
    assert_true(sum == hand);
    assert_int_equal(value, s->value);
}

/* The parts of a split as "RANKS:type" joined by spaces. */
static void describe(const DdzSplit *s, char *buf, size_t size)
{
    buf[0] = '\0';
    size_t at = 0;
    for (int i = 0; i < s->plays && at < size; i++) {
        char text[64];
        ddz_ranks_format(s->part[i].ranks, text, sizeof text);
        at += (size_t)snprintf(buf + at, size - at, "%s%s:%s", i ? " " : "", text,
                               ddz_move_type_name((DdzMoveType)s->part[i].type));
    }
}

static void split_of_known_hands_is_the_known_split(void **state)
{
    (void)state;
    static const struct {
        const char *hand;
        int rules, cost, plays;
        const char *parts;
    } cases[] = {
        {"33344456789TJQKA2", DDZ_RULES_STANDARD, 0, 2, "33344452:plane_single 6789TJQKA:straight"},
        {"3456789TTJQKK2222", DDZ_RULES_STANDARD, 0, 2, "3456789TJQK:straight TK2222:four_two"},
        {"34567", DDZ_RULES_STANDARD, 0, 1, "34567:straight"},
        {"345678", DDZ_RULES_STANDARD, 0, 1, "345678:straight"},
        {"BR", DDZ_RULES_STANDARD, 0, 1, "BR:rocket"},
        {"3B", DDZ_RULES_STANDARD, 0, 2, "3:single B:single"},
        /* The trio takes the lowest single as its kicker; the K stays a single. */
        {"3334K", DDZ_RULES_STANDARD, 0, 2, "3334:trio_single K:single"},
        /* Pairs: the lowest pair rides with the trio. */
        {"55566KK", DDZ_RULES_STANDARD, 0, 2, "55566:trio_pair KK:pair"},
        {"334455", DDZ_RULES_STANDARD, 0, 1, "334455:pair_chain"},
        /* four + two with a repeated single kicker: standard yes, classic no. */
        {"333355", DDZ_RULES_STANDARD, 0, 1, "333355:four_two"},
        {"333355", DDZ_RULES_CLASSIC, 0, 2, "3333:bomb 55:pair"},
        {"33334455", DDZ_RULES_STANDARD, 0, 1, "33334455:four_two_pairs"},
        /* douzero reads a plane's adjacent trio as kickers. */
        {"333444555666", DDZ_RULES_DOUZERO, 0, 1, "333444555666:plane"},
        {"33334444", DDZ_RULES_BOTZONE, 0, 1, "33334444:shuttle"},
        /* Two fours are no four + two pairs (pair kickers differ in rank) ... */
        {"33334444", DDZ_RULES_STANDARD, 0, 2, "3333:bomb 4444:bomb"},
        /* ... but a botzone shuttle, unless plays cost less than two bombs are worth. */
        {"33334444", DDZ_RULES_BOTZONE, 7, 2, "3333:bomb 4444:bomb"},
        /* Fewest plays burns the rocket and the 2s as kickers; a play cost keeps them. */
        {"3335557779TJQKA22BR", DDZ_RULES_STANDARD, 0, 4,
         "333B:trio_single 555R:trio_single 77722:trio_pair 9TJQKA:straight"},
        {"3335557779TJQKA22BR", DDZ_RULES_STANDARD, 7, 5,
         "3555:trio_single 33777:trio_pair 9TJQKA:straight 22:pair BR:rocket"},
        {"", DDZ_RULES_STANDARD, 0, 0, ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DdzSplitter *sp = new_splitter((DdzRuleset)cases[i].rules, cases[i].cost, 0);
        DdzRanks hand = tu_ranks(cases[i].hand);
        DdzSplit s;
        int plays = ddz_split_best(sp, hand, &s);
        char got[256];
        describe(&s, got, sizeof got);
        if (plays != cases[i].plays || strcmp(got, cases[i].parts))
            fail_msg("%s (%s, cost %d): got %d plays \"%s\", want %d \"%s\"", cases[i].hand,
                     ddz_ruleset_name((DdzRuleset)cases[i].rules), cases[i].cost, plays, got, cases[i].plays,
                     cases[i].parts);
        check_partition(hand, (DdzRuleset)cases[i].rules, &s);
        ddz_splitter_free(sp);
    }
}

/* A random hand: uniform from the deck, or (rich) from a window of a few ranks, which gives
 * trios, fours, planes and shuttles. */
static DdzRanks random_hand(DdzRng *rng, int size, bool rich)
{
    if (!rich)
        return ddz_cards_ranks(tu_random_cards(rng, size));
    int width = 3 + (int)ddz_rng_below(rng, 4), lo = (int)ddz_rng_below(rng, (uint32_t)(DDZ_RANK_NB - width + 1));
    int c[DDZ_RANK_NB] = {0}, room = 0;
    for (int r = lo; r < lo + width; r++)
        room += r >= DDZ_RANK_BJ ? 1 : 4;
    if (size > room)
        size = room;
    for (int k = 0; k < size; k++) {
        int r;
        do
            r = lo + (int)ddz_rng_below(rng, (uint32_t)width);
        while (c[r] >= (r >= DDZ_RANK_BJ ? 1 : 4));
        c[r]++;
    }
    DdzRanks h = 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        h |= ddz_ranks_of(r, c[r]);
    return h;
}

static void split_is_a_partition_into_legal_moves(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 11);
    for (int rules = 0; rules < 4; rules++) /* 54-card hands: hubei48 splits are tested in test_hubei48.c */
        for (int cost = 0; cost <= 7; cost += 7) {
            DdzSplitter *sp = new_splitter((DdzRuleset)rules, cost, 0);
            for (int i = 0; i < 600; i++) {
                DdzRanks hand = random_hand(&rng, 1 + i % DDZ_SPLIT_MAX_CARDS, i % 3 == 0);
                DdzSplit s;
                int plays = ddz_split_best(sp, hand, &s);
                assert_int_equal(plays, s.plays);
                assert_true(plays >= 1 && plays <= ddz_ranks_size(hand));
                check_partition(hand, (DdzRuleset)rules, &s);
                int value, p2 = ddz_split_eval(sp, hand, &value);
                assert_int_equal(p2, plays);
                assert_int_equal(value, s.value);
            }
            ddz_splitter_free(sp);
        }
}

/* The brute force: every sub-multiset of a small hand, indexed in mixed radix over the hand's
 * counts; best[idx] is the best (plays, value) of that sub-hand over all partitions into
 * card sets that classify, found by trying every non-empty sub-multiset as one part. */
typedef struct Brute {
    DdzRuleset rules;
    int cost;
    int cnt[DDZ_RANK_NB], radix[DDZ_RANK_NB];
    int n;
    int *plays, *value;
} Brute;

static bool brute_better(const Brute *b, int pa, int va, int pb, int vb)
{
    if (b->cost && va - b->cost * pa != vb - b->cost * pb)
        return va - b->cost * pa > vb - b->cost * pb;
    return pa != pb ? pa < pb : va > vb;
}

static int brute_index(const Brute *b, const int c[DDZ_RANK_NB])
{
    int idx = 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        idx += c[r] * b->radix[r];
    return idx;
}

/* Best part value of a card set under the rules, or INT_MIN-ish when it is no move. */
static int brute_part(const Brute *b, const int t[DDZ_RANK_NB], bool *ok)
{
    DdzRanks r = 0;
    for (int k = 0; k < DDZ_RANK_NB; k++)
        r |= ddz_ranks_of(k, t[k]);
    DdzMove rd[DDZ_MAX_READINGS];
    int n = ddz_move_classify(r, b->rules, rd), best = -1000;
    for (int i = 0; i < n; i++) {
        int v = ddz_split_part_value(&rd[i]);
        best = v > best ? v : best;
    }
    *ok = n > 0;
    return best;
}

static void brute_solve(Brute *b, const int s[DDZ_RANK_NB])
{
    int idx = brute_index(b, s);
    if (b->plays[idx] >= 0)
        return;
    int total = 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        total += s[r];
    if (total == 0) {
        b->plays[idx] = 0;
        b->value[idx] = 0;
        return;
    }
    int best_p = 1000, best_v = 0;
    int t[DDZ_RANK_NB] = {0};
    for (;;) {
        /* next non-empty sub-multiset t of s, mixed radix */
        int r = 0;
        while (r < DDZ_RANK_NB && t[r] == s[r])
            t[r++] = 0;
        if (r == DDZ_RANK_NB)
            break;
        t[r]++;
        bool ok;
        int v = brute_part(b, t, &ok);
        if (!ok)
            continue;
        int rest[DDZ_RANK_NB];
        for (int k = 0; k < DDZ_RANK_NB; k++)
            rest[k] = s[k] - t[k];
        brute_solve(b, rest);
        int ri = brute_index(b, rest);
        int p = b->plays[ri] + 1, val = b->value[ri] + v;
        if (brute_better(b, p, val, best_p, best_v))
            best_p = p, best_v = val;
    }
    b->plays[idx] = best_p;
    b->value[idx] = best_v;
}

static void brute_force(DdzRanks hand, DdzRuleset rules, int cost, int *plays, int *value)
{
    Brute b;
    memset(&b, 0, sizeof b);
    b.rules = rules;
    b.cost = cost;
    b.n = 1;
    for (int r = 0; r < DDZ_RANK_NB; r++) {
        b.cnt[r] = ddz_ranks_get(hand, r);
        b.radix[r] = b.n;
        b.n *= b.cnt[r] + 1;
    }
    b.plays = test_malloc(sizeof(int) * (size_t)b.n);
    b.value = test_malloc(sizeof(int) * (size_t)b.n);
    for (int i = 0; i < b.n; i++)
        b.plays[i] = -1;
    brute_solve(&b, b.cnt);
    int top = brute_index(&b, b.cnt);
    *plays = b.plays[top];
    *value = b.value[top];
    test_free(b.plays);
    test_free(b.value);
}

static void compare_with_brute_force(int cost)
{
    DdzRng rng;
    ddz_rng_seed(&rng, 29 + (uint64_t)cost);
    int hands = 0;
    for (int rules = 0; rules < 4; rules++) { /* the 54-card presets */
        DdzSplitter *sp = new_splitter((DdzRuleset)rules, cost, 0);
        for (int i = 0; i < 160; i++) {
            bool rich = i % 2;
            /* uniform hands up to 10 cards; rich ones (few ranks) up to 15 */
            int size = rich ? 4 + (int)ddz_rng_below(&rng, 12) : 1 + (int)ddz_rng_below(&rng, 10);
            DdzRanks hand = random_hand(&rng, size, rich);
            int bp, bv, value;
            brute_force(hand, (DdzRuleset)rules, cost, &bp, &bv);
            int plays = ddz_split_eval(sp, hand, &value);
            if (plays != bp || value != bv) {
                char text[64];
                ddz_ranks_format(hand, text, sizeof text);
                fail_msg("%s (%s, cost %d): split %d plays value %d, brute force %d plays value %d", text,
                         ddz_ruleset_name((DdzRuleset)rules), cost, plays, value, bp, bv);
            }
            hands++;
        }
        ddz_splitter_free(sp);
    }
    assert_int_equal(hands, 4 * 160);
}

static void split_has_the_fewest_plays_and_best_value_by_brute_force(void **state)
{
    (void)state;
    compare_with_brute_force(0);
}

static void split_with_a_play_cost_has_the_best_worth_by_brute_force(void **state)
{
    (void)state;
    compare_with_brute_force(DDZ_SPLIT_PLAY_COST);
}

static void split_with_a_tiny_memo_answers_as_with_a_large_one(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 5);
    DdzSplitter *tiny = new_splitter(DDZ_RULES_STANDARD, 7, 10), *large = new_splitter(DDZ_RULES_STANDARD, 7, 18);
    for (int i = 0; i < 1500; i++) {
        DdzRanks hand = random_hand(&rng, 10 + i % 11, i % 4 == 0);
        DdzSplit a, b;
        ddz_split_best(tiny, hand, &a);
        ddz_split_best(large, hand, &b);
        assert_int_equal(a.plays, b.plays);
        assert_int_equal(a.value, b.value);
        for (int k = 0; k < a.plays; k++)
            assert_true(ddz_move_equal(&a.part[k], &b.part[k]));
    }
    ddz_splitter_free(tiny);
    ddz_splitter_free(large);
}

static void split_refuses_hands_no_deck_or_seat_holds(void **state)
{
    (void)state;
    DdzSplitter *sp = new_splitter(DDZ_RULES_STANDARD, 0, 0);
    DdzSplit s;
    int value = 99;
    assert_int_equal(ddz_split_best(sp, tu_ranks("3456789TJQKA2BR333444"), &s), -1); /* 21 cards */
    assert_int_equal(ddz_split_eval(sp, ddz_ranks_of(DDZ_RANK_3, 5), &value), -1);
    assert_int_equal(ddz_split_eval(sp, ddz_ranks_of(DDZ_RANK_BJ, 2), &value), -1);
    assert_int_equal(ddz_split_best(sp, 0, &s), 0);
    assert_int_equal(s.plays, 0);
    assert_int_equal(ddz_split_eval(sp, 0, &value), 0);
    assert_int_equal(value, 0);
    ddz_splitter_free(sp);
}

static void splitter_new_refuses_bad_arguments(void **state)
{
    (void)state;
    assert_null(ddz_splitter_new(DDZ_RULES_NB, 0, 0));
    assert_null(ddz_splitter_new(DDZ_RULES_STANDARD, -1, 0));
    assert_null(ddz_splitter_new(DDZ_RULES_STANDARD, 101, 0));
    assert_null(ddz_splitter_new(DDZ_RULES_STANDARD, 0, 9));
    assert_null(ddz_splitter_new(DDZ_RULES_STANDARD, 0, 27));
    DdzSplitter *sp = new_splitter(DDZ_RULES_BOTZONE, 7, 10);
    assert_int_equal(ddz_splitter_rules(sp), DDZ_RULES_BOTZONE);
    assert_int_equal(ddz_splitter_play_cost(sp), 7);
    ddz_splitter_free(sp);
    ddz_splitter_free(NULL);
}

static DdzMove read_one(const char *text, DdzRuleset rules)
{
    DdzMove m;
    DdzError err;
    if (ddz_move_parse(text, rules, &m, &err) != 0)
        fail_msg("bad test move %s: %s", text, err.msg);
    return m;
}

static int value_of(const char *text)
{
    DdzMove m = read_one(text, DDZ_RULES_STANDARD);
    return ddz_split_part_value(&m);
}

static void part_value_weighs_rank_length_and_control(void **state)
{
    (void)state;
    assert_int_equal(value_of("3"), -10);
    assert_int_equal(value_of("A"), 1);
    assert_true(value_of("3") < value_of("4") && value_of("K") < value_of("A"));
    assert_true(value_of("A") < value_of("2") && value_of("2") < value_of("B") && value_of("B") < value_of("R"));
    assert_int_equal(value_of("33"), value_of("3"));
    assert_true(value_of("34567") < value_of("3456789")); /* longer chains are harder to follow */
    assert_true(value_of("34567") < value_of("45678"));
    assert_int_equal(value_of("3334"), value_of("333")); /* kickers never count */
    assert_int_equal(value_of("33344"), value_of("333"));
    assert_true(value_of("3333") > value_of("R") && value_of("3333") > value_of("TJQKA"));
    assert_true(value_of("3333") < value_of("2222") && value_of("2222") < value_of("BR"));
    DdzMove bomb = read_one("3333", DDZ_RULES_STANDARD), two = read_one("2", DDZ_RULES_STANDARD);
    DdzMove aces = read_one("AA", DDZ_RULES_STANDARD), rocket = read_one("BR", DDZ_RULES_STANDARD);
    assert_true(ddz_split_part_is_control(&bomb) && ddz_split_part_is_control(&two));
    assert_true(ddz_split_part_is_control(&rocket));
    assert_false(ddz_split_part_is_control(&aces));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(split_of_known_hands_is_the_known_split),
        cmocka_unit_test(split_is_a_partition_into_legal_moves),
        cmocka_unit_test(split_has_the_fewest_plays_and_best_value_by_brute_force),
        cmocka_unit_test(split_with_a_play_cost_has_the_best_worth_by_brute_force),
        cmocka_unit_test(split_with_a_tiny_memo_answers_as_with_a_large_one),
        cmocka_unit_test(split_refuses_hands_no_deck_or_seat_holds),
        cmocka_unit_test(splitter_new_refuses_bad_arguments),
        cmocka_unit_test(part_value_weighs_rank_length_and_control),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
