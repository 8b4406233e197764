/* test_moves.c -- move types, rule presets and classification (moves.h, RULES.md §5; beating
 * and move text: test_move_text.c; the RULES counts and the exhaustive comparisons with the
 * rules model: test_moves_model.c). Hand-picked accepted and rejected card sets for every type
 * under every preset, checked against the library and against the model of moves_model.h, and
 * every reading of them and of every candidate move formatted and parsed back. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "moves_model.h"

/* Hand-picked tables ------------------------------------------------------------------------*/

#define STD (1u << DDZ_RULES_STANDARD)
#define CLA (1u << DDZ_RULES_CLASSIC)
#define DZ (1u << DDZ_RULES_DOUZERO)
#define BZ (1u << DDZ_RULES_BOTZONE)
#define ALL (STD | CLA | DZ | BZ)

/* One card set and its readings (rank as its character) under the presets in `rules`. */
typedef struct Case {
    const char *cards;
    unsigned rules;
    int n;
    struct {
        int type;
        char rank;
        int len;
    } r[DDZ_MAX_READINGS];
} Case;

#define NO(c_, m_) {.cards = c_, .rules = m_, .n = 0}
#define ONE(c_, m_, t_, r_, l_) {.cards = c_, .rules = m_, .n = 1, .r = {{t_, r_, l_}}}
#define TWO(c_, m_, t1, r1, l1, t2, r2, l2)                                                      \
    {.cards = c_, .rules = m_, .n = 2, .r = {{t1, r1, l1}, {t2, r2, l2}}}
#define THREE(c_, m_, t1, r1, l1, t2, r2, l2, t3, r3, l3)                                        \
    {.cards = c_, .rules = m_, .n = 3, .r = {{t1, r1, l1}, {t2, r2, l2}, {t3, r3, l3}}}

static int case_readings(const Case *cs, Reading out[DDZ_MAX_READINGS])
{
    for (int i = 0; i < cs->n; i++)
        out[i] = (Reading){cs->r[i].type, rank_index(cs->r[i].rank), cs->r[i].len};
    return cs->n;
}

static void check_cases(const Case *cases, size_t count, const char *what)
{
    Tally t = {0, 0};
    for (size_t i = 0; i < count; i++) {
        int c[DDZ_RANK_NB];
        unpack(tu_ranks(cases[i].cards), c);
        Reading want[DDZ_MAX_READINGS];
        int n = case_readings(&cases[i], want);
        for (int rules = 0; rules < PRESETS_54; rules++)
            if (cases[i].rules & (1u << rules))
                expect_readings(&t, what, c, (DdzRuleset)rules, want, n);
    }
    finish(&t, what);
}

/* The rocket and pass carry comparison rank 0, written '3'. */
static const Case SINGLE_CASES[] = {
    ONE("3", ALL, DDZ_SINGLE, '3', 1),  ONE("T", ALL, DDZ_SINGLE, 'T', 1),
    ONE("A", ALL, DDZ_SINGLE, 'A', 1),  ONE("2", ALL, DDZ_SINGLE, '2', 1),
    ONE("B", ALL, DDZ_SINGLE, 'B', 1),  ONE("R", ALL, DDZ_SINGLE, 'R', 1),
    ONE("10", ALL, DDZ_SINGLE, 'T', 1), NO("34", ALL), NO("3B", ALL), NO("2R", ALL),
};

static const Case PAIR_CASES[] = {
    ONE("33", ALL, DDZ_PAIR, '3', 1), ONE("TT", ALL, DDZ_PAIR, 'T', 1),
    ONE("AA", ALL, DDZ_PAIR, 'A', 1), ONE("22", ALL, DDZ_PAIR, '2', 1),
    ONE("BR", ALL, DDZ_ROCKET, '3', 1), /* two jokers are the rocket, never a pair */
    NO("2B", ALL), NO("3B", ALL), NO("A2", ALL),
};

static const Case TRIO_CASES[] = {
    ONE("333", ALL, DDZ_TRIO, '3', 1), ONE("TTT", ALL, DDZ_TRIO, 'T', 1),
    ONE("222", ALL, DDZ_TRIO, '2', 1), NO("334", ALL), NO("33B", ALL), NO("2BR", ALL),
};

static const Case TRIO_SINGLE_CASES[] = {
    ONE("3334", ALL, DDZ_TRIO_SINGLE, '3', 1), ONE("4443", ALL, DDZ_TRIO_SINGLE, '4', 1),
    ONE("3332", ALL, DDZ_TRIO_SINGLE, '3', 1), ONE("333B", ALL, DDZ_TRIO_SINGLE, '3', 1),
    ONE("333R", ALL, DDZ_TRIO_SINGLE, '3', 1), ONE("2223", ALL, DDZ_TRIO_SINGLE, '2', 1),
    ONE("222R", ALL, DDZ_TRIO_SINGLE, '2', 1), ONE("AAA2", ALL, DDZ_TRIO_SINGLE, 'A', 1),
    ONE("3333", ALL, DDZ_BOMB, '3', 1), /* the kicker may not share the trio's rank */
    NO("334B", ALL), NO("33BR", ALL), NO("3345", ALL),
};

static const Case TRIO_PAIR_CASES[] = {
    ONE("33344", ALL, DDZ_TRIO_PAIR, '3', 1), ONE("44433", ALL, DDZ_TRIO_PAIR, '4', 1),
    ONE("33322", ALL, DDZ_TRIO_PAIR, '3', 1), ONE("22233", ALL, DDZ_TRIO_PAIR, '2', 1),
    ONE("AAAKK", ALL, DDZ_TRIO_PAIR, 'A', 1), NO("33345", ALL),
    NO("3334B", ALL),  NO("333BR", ALL), NO("3335R", ALL), NO("33334", ALL),
};

static const Case STRAIGHT_CASES[] = {
    ONE("34567", ALL, DDZ_STRAIGHT, '3', 5),
    ONE("TJQKA", ALL, DDZ_STRAIGHT, 'T', 5),
    ONE("10JQKA", ALL, DDZ_STRAIGHT, 'T', 5),
    ONE("789TJQ", ALL, DDZ_STRAIGHT, '7', 6),
    ONE("456789TJQKA", ALL, DDZ_STRAIGHT, '4', 11),
    ONE("3456789TJQKA", ALL, DDZ_STRAIGHT, '3', 12),
    ONE("345678910JQKA", ALL, DDZ_STRAIGHT, '3', 12),
    NO("3456", ALL),
    NO("JQKA2", ALL),
    NO("A2345", ALL),
    NO("23456", ALL),
    NO("34568", ALL),
    NO("3456789TJQKA2", ALL),
    NO("QKA2B", ALL),
    NO("34567B", ALL),
    NO("345567", ALL),
};

static const Case PAIR_CHAIN_CASES[] = {
    ONE("334455", ALL, DDZ_PAIR_CHAIN, '3', 3),
    ONE("QQKKAA", ALL, DDZ_PAIR_CHAIN, 'Q', 3),
    ONE("3344556677", ALL, DDZ_PAIR_CHAIN, '3', 5),
    ONE("TTJJQQKKAA", ALL, DDZ_PAIR_CHAIN, 'T', 5),
    ONE("33445566778899TTJJQQ", ALL, DDZ_PAIR_CHAIN, '3', 10),
    NO("3344", ALL),
    NO("KKAA22", ALL),
    NO("334466", ALL),
    NO("3344555", ALL),
    NO("33445", ALL),
    NO("223344", ALL),
    NO("33445566778899TTJJQQKK", ALL), /* 11 pairs: longer than RULES allows */
};

static const Case PLANE_CASES[] = {
    ONE("333444", ALL, DDZ_PLANE, '3', 2),
    ONE("KKKAAA", ALL, DDZ_PLANE, 'K', 2),
    ONE("999TTTJJJ", ALL, DDZ_PLANE, '9', 3),
    ONE("333444555666777", ALL, DDZ_PLANE, '3', 5),
    ONE("333444555666777888", ALL, DDZ_PLANE, '3', 6),
    NO("333555", ALL),
    NO("KKKAAA222", ALL),
    NO("AAA222", ALL),
    NO("3334445", ALL),
    NO("333444555666777888999", ALL), /* 7 trios: longer than RULES allows */
};

static const Case PLANE_SINGLE_CASES[] = {
    /* n = 2 */
    ONE("33344456", ALL, DDZ_PLANE_SINGLE, '3', 2),
    ONE("33344455", STD | CLA | DZ, DDZ_PLANE_SINGLE, '3', 2),
    NO("33344455", BZ),
    ONE("3334445B", ALL, DDZ_PLANE_SINGLE, '3', 2),
    ONE("3334442B", ALL, DDZ_PLANE_SINGLE, '3', 2),
    NO("333444BR", STD | CLA),
    ONE("333444BR", DZ | BZ, DDZ_PLANE_SINGLE, '3', 2),
    ONE("33344422", STD | CLA | DZ, DDZ_PLANE_SINGLE, '3', 2),
    NO("33344422", BZ),
    ONE("KKKAAA2B", ALL, DDZ_PLANE_SINGLE, 'K', 2),
    ONE("KKKAAA22", STD | CLA | DZ, DDZ_PLANE_SINGLE, 'K', 2),
    NO("KKKAAA22", BZ),
    ONE("TTTJJJ33", STD | CLA | DZ, DDZ_PLANE_SINGLE, 'T', 2),
    NO("33334445", ALL), /* a kicker may not share a trio's rank */
    NO("33344445", ALL),
    NO("33334444", STD | CLA | DZ),
    NO("33355546", ALL), /* trios not consecutive */
    NO("AAA22234", ALL), /* 2 is no chain rank */
    /* n = 3 */
    ONE("333444555789", ALL, DDZ_PLANE_SINGLE, '3', 3),
    ONE("333444555777", STD | CLA | DZ, DDZ_PLANE_SINGLE, '3', 3), /* 777 not adjacent */
    NO("333444555777", BZ),
    ONE("333555666777", STD | CLA | DZ, DDZ_PLANE_SINGLE, '5', 3), /* 333 not adjacent */
    NO("333555666777", BZ),
    ONE("QQQKKKAAA222", STD | CLA | DZ, DDZ_PLANE_SINGLE, 'Q', 3), /* three 2s allowed */
    NO("QQQKKKAAA222", BZ),
    NO("3334445557BR", STD | CLA),
    ONE("3334445557BR", DZ | BZ, DDZ_PLANE_SINGLE, '3', 3),
    ONE("333444555677", STD | CLA | DZ, DDZ_PLANE_SINGLE, '3', 3),
    NO("333444555677", BZ),
    ONE("333444555666", STD | CLA | BZ, DDZ_PLANE, '3', 4), /* not a plane_single */
    /* n = 4 */
    ONE("333444555666789T", ALL, DDZ_PLANE_SINGLE, '3', 4),
    NO("3334445556667777", STD | CLA | BZ), /* four 7s as kickers */
    ONE("3334445556667777", DZ, DDZ_PLANE_SINGLE, '3', 4),
    NO("3334445556668888", STD | CLA | BZ),
    ONE("3334445556668888", DZ, DDZ_PLANE_SINGLE, '3', 4),
    ONE("3334445556668889", STD | CLA | DZ, DDZ_PLANE_SINGLE, '3', 4),
    NO("3334445556668889", BZ),
    ONE("333444555666AAA2", STD | CLA | DZ, DDZ_PLANE_SINGLE, '3', 4),
    NO("333444555666AAA2", BZ),
    NO("33344455566678BR", STD | CLA),
    ONE("33344455566678BR", DZ | BZ, DDZ_PLANE_SINGLE, '3', 4),
    NO("3334445556667779", STD | CLA | BZ), /* 777 and 333 adjacent to the other plane */
    /* n = 5 */
    ONE("33344455566677789TJQ", ALL, DDZ_PLANE_SINGLE, '3', 5),
    ONE("33344455566677799TTT", STD | CLA | DZ, DDZ_PLANE_SINGLE, '3', 5),
    NO("33344455566677799TTT", BZ),
    NO("3334445556667778889T", STD | CLA | BZ),
};

static const Case PLANE_PAIR_CASES[] = {
    ONE("3334445566", ALL, DDZ_PLANE_PAIR, '3', 2),
    ONE("3334445577", ALL, DDZ_PLANE_PAIR, '3', 2),
    ONE("3334442255", ALL, DDZ_PLANE_PAIR, '3', 2),
    ONE("KKKAAA2233", ALL, DDZ_PLANE_PAIR, 'K', 2),
    ONE("333444555667788", ALL, DDZ_PLANE_PAIR, '3', 3),
    ONE("333444555666778899TT", ALL, DDZ_PLANE_PAIR, '3', 4),
    NO("3334445555", ALL), /* the two pairs must be different ranks */
    NO("3334442222", ALL),
    NO("33344456BR", ALL),
    NO("333444556677", ALL),
    NO("3334445566BR", ALL),
    NO("3333444555", ALL),
};

static const Case FOUR_TWO_CASES[] = {
    ONE("333345", ALL, DDZ_FOUR_TWO, '3', 1),
    ONE("33335B", ALL, DDZ_FOUR_TWO, '3', 1),
    ONE("222234", ALL, DDZ_FOUR_TWO, '2', 1),
    ONE("333355", STD | DZ, DDZ_FOUR_TWO, '3', 1),
    NO("333355", CLA | BZ),
    ONE("333344", STD | DZ, DDZ_FOUR_TWO, '3', 1),
    NO("333344", CLA | BZ),
    ONE("AAAA22", STD | DZ, DDZ_FOUR_TWO, 'A', 1),
    NO("AAAA22", CLA | BZ),
    NO("3333BR", STD | CLA),
    ONE("3333BR", DZ | BZ, DDZ_FOUR_TWO, '3', 1),
    NO("2222BR", STD | CLA),
    ONE("2222BR", DZ | BZ, DDZ_FOUR_TWO, '2', 1),
    NO("33334", ALL),
    NO("3333456", ALL),
};

static const Case FOUR_TWO_PAIRS_CASES[] = {
    ONE("33334455", ALL, DDZ_FOUR_TWO_PAIRS, '3', 1),
    ONE("AAAA2233", ALL, DDZ_FOUR_TWO_PAIRS, 'A', 1),
    ONE("22223344", ALL, DDZ_FOUR_TWO_PAIRS, '2', 1),
    ONE("33332244", ALL, DDZ_FOUR_TWO_PAIRS, '3', 1),
    NO("33335555", ALL), /* two pairs of one rank */
    NO("33332222", ALL),
    NO("333344BR", ALL),
    NO("3333445B", ALL),
    NO("33334456", ALL),
    NO("3333445566", ALL),
};

static const Case BOMB_ROCKET_CASES[] = {
    ONE("3333", ALL, DDZ_BOMB, '3', 1), ONE("TTTT", ALL, DDZ_BOMB, 'T', 1),
    ONE("2222", ALL, DDZ_BOMB, '2', 1), ONE("BR", ALL, DDZ_ROCKET, '3', 1),
    ONE("XD", ALL, DDZ_ROCKET, '3', 1), NO("2222B", ALL), NO("BR3", ALL), NO("BR33", ALL),
    NO("3333B", ALL),
};

static const Case SHUTTLE_CASES[] = {
    ONE("33334444", BZ, DDZ_SHUTTLE, '3', 2),
    NO("33334444", STD | CLA | DZ),
    ONE("KKKKAAAA", BZ, DDZ_SHUTTLE, 'K', 2),
    NO("KKKKAAAA", STD | CLA | DZ),
    ONE("333344445555", BZ, DDZ_SHUTTLE, '3', 3),
    NO("333344445555", STD | CLA | DZ),
    ONE("3333444455556666", BZ, DDZ_SHUTTLE, '3', 4),
    NO("3333444455556666", STD | CLA | DZ),
    ONE("33334444555566667777", BZ, DDZ_SHUTTLE, '3', 5),
    NO("33334444555566667777", STD | CLA | DZ),
    NO("33335555", ALL),
    NO("AAAA2222", ALL),
    NO("3333444455", ALL),
    ONE("333344445678", BZ, DDZ_SHUTTLE_SINGLE, '3', 2),
    NO("333344445678", STD | CLA | DZ),
    ONE("3333444456BR", BZ, DDZ_SHUTTLE_SINGLE, '3', 2),
    NO("3333444456BR", STD | CLA | DZ),
    ONE("3333444455556789TJ", BZ, DDZ_SHUTTLE_SINGLE, '3', 3),
    NO("3333444455556789TJ", STD | CLA | DZ),
    NO("333344445566", ALL), /* single kickers of a shuttle are distinct ranks */
    NO("333344445556", ALL),
    ONE("3333444455667788", BZ, DDZ_SHUTTLE_PAIR, '3', 2),
    NO("3333444455667788", STD | CLA | DZ),
    ONE("4444555566778899", BZ, DDZ_SHUTTLE_PAIR, '4', 2),
    NO("3333444466667777", ALL),
    NO("33334444556677BR", ALL),
};

/* Several readings under douzero, in ascending (type, rank) order. */
static const Case DOUZERO_CASES[] = {
    THREE("333444555666", DZ, DDZ_PLANE, '3', 4, DDZ_PLANE_SINGLE, '3', 3, DDZ_PLANE_SINGLE,
          '4', 3),
    ONE("333444555666", STD | CLA | BZ, DDZ_PLANE, '3', 4),
    THREE("JJJQQQKKKAAA", DZ, DDZ_PLANE, 'J', 4, DDZ_PLANE_SINGLE, 'J', 3, DDZ_PLANE_SINGLE,
          'Q', 3),
    ONE("JJJQQQKKKAAA", STD | CLA | BZ, DDZ_PLANE, 'J', 4),
    TWO("3334445556667779", DZ, DDZ_PLANE_SINGLE, '3', 4, DDZ_PLANE_SINGLE, '4', 4),
    TWO("3334445556667778", DZ, DDZ_PLANE_SINGLE, '3', 4, DDZ_PLANE_SINGLE, '4', 4),
    NO("3334445556667778", STD | CLA | BZ),
    TWO("3334445556667778889T", DZ, DDZ_PLANE_SINGLE, '3', 5, DDZ_PLANE_SINGLE, '4', 5),
    ONE("3333444555666777", DZ, DDZ_PLANE_SINGLE, '4', 4), /* 3333 kickers; not 3..6 + 3777 */
    NO("3333444555666777", STD | CLA | BZ),
    NO("33334444", DZ),
    NO("3334445555", DZ),
};

static const Case EMPTY_CASES[] = {
    ONE("", ALL, DDZ_PASS, '3', 0),
    ONE("pass", ALL, DDZ_PASS, '3', 0),
};

#define CHECK_TABLE(t) check_cases(t, sizeof t / sizeof t[0], #t)

static void classify_empty_set_is_exactly_pass(void **state)
{
    (void)state;
    CHECK_TABLE(EMPTY_CASES);
    for (int rules = 0; rules < PRESETS_54; rules++) {
        DdzMove out[DDZ_MAX_READINGS];
        assert_int_equal(ddz_move_classify(0, (DdzRuleset)rules, out), 1);
        DdzMove pass = ddz_move_pass();
        assert_true(ddz_move_equal(&out[0], &pass));
        assert_int_equal(out[0].size, 0);
        assert_int_equal(out[0].len, 0);
        assert_int_equal(out[0].rank, 0);
    }
}

static void classify_single_is_any_one_card(void **state)
{
    (void)state;
    CHECK_TABLE(SINGLE_CASES);
}

static void classify_pair_is_two_of_a_rank_and_never_the_jokers(void **state)
{
    (void)state;
    CHECK_TABLE(PAIR_CASES);
}

static void classify_trio_is_three_of_a_rank(void **state)
{
    (void)state;
    CHECK_TABLE(TRIO_CASES);
}

static void classify_trio_single_takes_any_other_card_including_a_joker(void **state)
{
    (void)state;
    CHECK_TABLE(TRIO_SINGLE_CASES);
}

static void classify_trio_pair_takes_a_pair_of_another_rank(void **state)
{
    (void)state;
    CHECK_TABLE(TRIO_PAIR_CASES);
}

static void classify_straight_is_5_to_12_chain_ranks_without_2_or_jokers(void **state)
{
    (void)state;
    CHECK_TABLE(STRAIGHT_CASES);
}

static void classify_pair_chain_is_3_to_10_consecutive_pairs(void **state)
{
    (void)state;
    CHECK_TABLE(PAIR_CHAIN_CASES);
}

static void classify_plane_is_2_to_6_consecutive_trios(void **state)
{
    (void)state;
    CHECK_TABLE(PLANE_CASES);
}

static void classify_plane_single_kickers_follow_each_preset(void **state)
{
    (void)state;
    CHECK_TABLE(PLANE_SINGLE_CASES);
}

static void classify_plane_pair_needs_distinct_non_joker_pairs(void **state)
{
    (void)state;
    CHECK_TABLE(PLANE_PAIR_CASES);
}

static void classify_four_two_kickers_follow_each_preset(void **state)
{
    (void)state;
    CHECK_TABLE(FOUR_TWO_CASES);
}

static void classify_four_two_pairs_needs_two_pairs_of_different_ranks(void **state)
{
    (void)state;
    CHECK_TABLE(FOUR_TWO_PAIRS_CASES);
}

static void classify_bomb_is_four_of_a_rank_and_rocket_both_jokers(void **state)
{
    (void)state;
    CHECK_TABLE(BOMB_ROCKET_CASES);
}

static void classify_shuttles_exist_only_under_botzone(void **state)
{
    (void)state;
    CHECK_TABLE(SHUTTLE_CASES);
}

static void classify_douzero_lists_every_reading_in_type_rank_order(void **state)
{
    (void)state;
    CHECK_TABLE(DOUZERO_CASES);
}

/* Every hand-picked table, for the round trips and the model self-check. */
static const struct {
    const Case *cases;
    size_t count;
} TABLES[] = {
#define T(t) {t, sizeof t / sizeof t[0]}
    T(EMPTY_CASES),          T(SINGLE_CASES),      T(PAIR_CASES),
    T(TRIO_CASES),           T(TRIO_SINGLE_CASES), T(TRIO_PAIR_CASES),
    T(STRAIGHT_CASES),       T(PAIR_CHAIN_CASES),  T(PLANE_CASES),
    T(PLANE_SINGLE_CASES),   T(PLANE_PAIR_CASES),  T(FOUR_TWO_CASES),
    T(FOUR_TWO_PAIRS_CASES), T(BOMB_ROCKET_CASES), T(SHUTTLE_CASES),
    T(DOUZERO_CASES),
#undef T
};
#define TABLES_NB (sizeof TABLES / sizeof TABLES[0])

/* The tables and the model were written separately from the rules text; they must agree,
 * or one of them misreads RULES.md (a test bug, not a library bug). */
static void hand_picked_tables_agree_with_the_rules_model(void **state)
{
    (void)state;
    int bad = 0;
    for (size_t t = 0; t < TABLES_NB; t++)
        for (size_t i = 0; i < TABLES[t].count; i++) {
            const Case *cs = &TABLES[t].cases[i];
            int c[DDZ_RANK_NB];
            unpack(tu_ranks(cs->cards), c);
            Reading want[DDZ_MAX_READINGS], model[MODEL_MAX];
            int nw = case_readings(cs, want);
            for (int rules = 0; rules < PRESETS_54; rules++) {
                if (!(cs->rules & (1u << rules)))
                    continue;
                int nm = model_classify(c, (DdzRuleset)rules, model);
                if (!same_readings(want, nw, model, nm)) {
                    char a[256], b[256];
                    format_readings(want, nw, a, sizeof a);
                    format_readings(model, nm, b, sizeof b);
                    print_error("test bug: %s under %s: table %s, model %s\n", cs->cards,
                                RULES_NAMES[rules], a, b);
                    bad++;
                }
            }
        }
    assert_int_equal(bad, 0);
}

/* Every reading of every hand-picked set, under each preset it was checked under, and every
 * candidate move: format then parse gives the same move back. */
static void round_trip_one(Tally *t, const DdzMove *m, DdzRuleset rules)
{
    char buf[80];
    size_t n = ddz_move_format(m, rules, buf, sizeof buf);
    DdzMove back;
    memset(&back, 0, sizeof back);
    DdzError err = {0, ""};
    int rc = n < sizeof buf ? ddz_move_parse(buf, rules, &back, &err) : -1;
    t->checked++;
    if (rc == 0 && ddz_move_equal(m, &back) && back.size == m->size)
        return;
    if (t->failed++ < 25)
        print_error("round trip under %s: %s rank=%d len=%d formats as '%s' and parses as "
                    "rc=%d %s rank=%d len=%d (%s)\n",
                    RULES_NAMES[rules], TYPE_NAMES[m->type], m->rank, m->len, buf, rc,
                    rc == 0 && back.type < DDZ_MOVE_TYPE_NB ? TYPE_NAMES[back.type] : "-",
                    back.rank, back.len, rc ? err.msg : "");
}

static void round_trip_visit(const int c[DDZ_RANK_NB], Reading skel, void *ctx)
{
    (void)skel;
    for (int rules = 0; rules < PRESETS_54; rules++) {
        DdzMove out[DDZ_MAX_READINGS];
        int n = ddz_move_classify(pack(c), (DdzRuleset)rules, out);
        for (int i = 0; i < n && i < DDZ_MAX_READINGS; i++)
            round_trip_one(ctx, &out[i], (DdzRuleset)rules);
    }
}

static void move_format_then_parse_gives_back_every_reading(void **state)
{
    (void)state;
    Tally t = {0, 0};
    for (size_t k = 0; k < TABLES_NB; k++)
        for (size_t i = 0; i < TABLES[k].count; i++) {
            const Case *cs = &TABLES[k].cases[i];
            for (int rules = 0; rules < PRESETS_54; rules++) {
                if (!(cs->rules & (1u << rules)))
                    continue;
                DdzMove out[DDZ_MAX_READINGS];
                int n = ddz_move_classify(tu_ranks(cs->cards), (DdzRuleset)rules, out);
                for (int j = 0; j < n && j < DDZ_MAX_READINGS; j++)
                    round_trip_one(&t, &out[j], (DdzRuleset)rules);
            }
        }
    each_candidate(round_trip_visit, &t);
    finish(&t, "round trips");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hand_picked_tables_agree_with_the_rules_model),
        cmocka_unit_test(classify_empty_set_is_exactly_pass),
        cmocka_unit_test(classify_single_is_any_one_card),
        cmocka_unit_test(classify_pair_is_two_of_a_rank_and_never_the_jokers),
        cmocka_unit_test(classify_trio_is_three_of_a_rank),
        cmocka_unit_test(classify_trio_single_takes_any_other_card_including_a_joker),
        cmocka_unit_test(classify_trio_pair_takes_a_pair_of_another_rank),
        cmocka_unit_test(classify_straight_is_5_to_12_chain_ranks_without_2_or_jokers),
        cmocka_unit_test(classify_pair_chain_is_3_to_10_consecutive_pairs),
        cmocka_unit_test(classify_plane_is_2_to_6_consecutive_trios),
        cmocka_unit_test(classify_plane_single_kickers_follow_each_preset),
        cmocka_unit_test(classify_plane_pair_needs_distinct_non_joker_pairs),
        cmocka_unit_test(classify_four_two_kickers_follow_each_preset),
        cmocka_unit_test(classify_four_two_pairs_needs_two_pairs_of_different_ranks),
        cmocka_unit_test(classify_bomb_is_four_of_a_rank_and_rocket_both_jokers),
        cmocka_unit_test(classify_shuttles_exist_only_under_botzone),
        cmocka_unit_test(classify_douzero_lists_every_reading_in_type_rank_order),
        cmocka_unit_test(move_format_then_parse_gives_back_every_reading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
