/* test_move_text.c -- beating (RULES.md §5), the names of types and presets, and move text:
 * parsing, formatting (plain cards when a set has one reading, type and rank when douzero
 * reads it several ways), round trips and descriptions (moves.h). */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "move_names.h"

/* Beating -----------------------------------------------------------------------------------*/

/* The reading of cards under rules with the given type and rank (rank -1: any); with type -1
 * the card set must have exactly one reading. */
static DdzMove reading_of(const char *cards, DdzRuleset rules, int type, int rank)
{
    DdzMove out[DDZ_MAX_READINGS];
    int n = ddz_move_classify(tu_ranks(cards), rules, out);
    if (type < 0) {
        if (n != 1)
            fail_msg("'%s' under %s has %d readings, the test needs exactly 1", cards,
                     RULES_NAMES[rules], n);
        return out[0];
    }
    for (int i = 0; i < n; i++)
        if (out[i].type == type && (rank < 0 || out[i].rank == rank))
            return out[i];
    fail_msg("'%s' under %s has no %s reading of rank %d (%d readings)", cards,
             RULES_NAMES[rules], TYPE_NAMES[type], rank, n);
    return ddz_move_pass();
}

static DdzMove move_of(const char *cards, DdzRuleset rules)
{
    return reading_of(cards, rules, -1, -1);
}

typedef struct BeatCase {
    const char *a, *b;
    DdzRuleset rules;
    bool beats;
} BeatCase;

static void check_beats(const BeatCase *cases, size_t count, const char *what)
{
    int bad = 0;
    for (size_t i = 0; i < count; i++) {
        DdzMove a = move_of(cases[i].a, cases[i].rules);
        DdzMove b = move_of(cases[i].b, cases[i].rules);
        bool got = ddz_move_beats(&a, &b);
        if (got != cases[i].beats) {
            print_error("%s: %s beats %s under %s: expected %s, got %s\n", what, cases[i].a,
                        cases[i].b, RULES_NAMES[cases[i].rules],
                        cases[i].beats ? "true" : "false", got ? "true" : "false");
            bad++;
        }
    }
    if (bad)
        fail_msg("%s: %d of %zu comparisons wrong", what, bad, count);
}

#define S DDZ_RULES_STANDARD

static void beats_rocket_beats_everything_and_nothing_beats_it(void **state)
{
    (void)state;
    static const BeatCase cases[] = {
        {"BR", "2222", S, true},  {"BR", "3333", S, true},  {"BR", "34567", S, true},
        {"BR", "3", S, true},     {"BR", "R", S, true},     {"BR", "pass", S, true},
        {"BR", "333444555666", S, true}, {"BR", "22223344", S, true},
        {"2222", "BR", S, false}, {"3333", "BR", S, false}, {"R", "BR", S, false},
        {"B", "BR", S, false},    {"pass", "BR", S, false}, {"3456789TJQKA", "BR", S, false},
    };
    check_beats(cases, sizeof cases / sizeof cases[0], "rocket");
}

static void beats_bomb_beats_non_bombs_and_lower_bombs(void **state)
{
    (void)state;
    static const BeatCase cases[] = {
        {"4444", "3333", S, true},    {"2222", "AAAA", S, true},
        {"3333", "4444", S, false},   {"3333", "3333", S, false},
        {"3333", "2", S, true},       {"3333", "R", S, true},
        {"3333", "22", S, true},      {"3333", "34567", S, true},
        {"3333", "AAAA22", S, true},  {"3333", "444456", S, true},
        {"3333", "22223344", S, true}, {"3333", "QQQKKKAAA222", S, true},
        {"3333", "pass", S, true},    {"444456", "3333", S, false},
        {"22223344", "3333", S, false}, {"2", "3333", S, false},
        {"3456789TJQKA", "3333", S, false},
    };
    check_beats(cases, sizeof cases / sizeof cases[0], "bomb");
}

static void beats_needs_same_type_same_size_and_higher_rank(void **state)
{
    (void)state;
    static const BeatCase cases[] = {
        {"4", "3", S, true},
        {"3", "4", S, false},
        {"3", "3", S, false},
        {"2", "A", S, true},
        {"B", "2", S, true},
        {"R", "B", S, true},
        {"B", "R", S, false},
        {"44", "33", S, true},
        {"44", "3", S, false},
        {"3", "33", S, false},
        {"444", "333", S, true},
        {"45678", "34567", S, true},
        {"34567", "45678", S, false},
        {"45678", "3456789", S, false},
        {"3456789", "45678", S, false},
        {"456789", "34567", S, false},
        {"445566", "334455", S, true},
        {"445566", "33445566", S, false},
        {"44556677", "33445566", S, true},
        {"444555", "333444", S, true},
        {"444555", "333444555", S, false},
        {"444555666", "333444", S, false},
        {"3334", "44455", S, false}, /* trio_single and trio_pair never beat each other */
        {"44455", "3334", S, false},
        {"4443", "333A", S, true}, /* kickers never decide */
        {"333A", "4443", S, false},
        {"3335", "3334", S, false},
        {"44433", "333AA", S, true},
        {"44455567", "33344456", S, true},
        {"44455533", "333444KA", S, true},
        {"333444KA", "44455533", S, false},
        {"444555666777", "33344456", S, false},
        {"44455566678T", "333444555789", S, true},
        {"4445556677", "3334445566", S, true},
        {"444456", "333378", S, true},
        {"44445566", "33334455", S, true},
        {"444455", "33334455", S, false},
        {"4444", "333345", S, true},
    };
    check_beats(cases, sizeof cases / sizeof cases[0], "same type");
}

static void beats_pass_beats_nothing_and_every_move_beats_pass(void **state)
{
    (void)state;
    static const BeatCase cases[] = {
        {"pass", "3", S, false},      {"pass", "pass", S, false}, {"pass", "3333", S, false},
        {"3", "pass", S, true},       {"22", "pass", S, true},    {"34567", "pass", S, true},
        {"33344456", "pass", S, true}, {"3333", "pass", S, true}, {"BR", "pass", S, true},
        {"33334444", "pass", DDZ_RULES_BOTZONE, true},
    };
    check_beats(cases, sizeof cases / sizeof cases[0], "pass");
}

static void beats_botzone_shuttle_is_no_bomb(void **state)
{
    (void)state;
    const DdzRuleset B = DDZ_RULES_BOTZONE;
    const BeatCase cases[] = {
        {"44445555", "33334444", B, true},
        {"33334444", "44445555", B, false},
        {"33334444", "33334444", B, false},
        {"3333", "44445555", B, true}, /* a bomb beats a shuttle */
        {"44445555", "3333", B, false},
        {"KKKKAAAA", "3333", B, false},
        {"BR", "33334444", B, true},
        {"33334444", "BR", B, false},
        {"44445555", "34567", B, false},
        {"44445555", "33334455", B, false},
        {"44445555", "333344445555", B, false},
        {"333344445555", "44445555", B, false},
        {"444455556666", "333344445555", B, true},
        {"444455556789", "333344445678", B, true},
        {"333344445678", "444455556789", B, false},
        {"444455556789", "44445555", B, false},
        {"4444555566778899", "3333444455667788", B, true},
        {"3333444455667788", "4444555566778899", B, false},
        {"3333", "4444555566778899", B, true},
    };
    check_beats(cases, sizeof cases / sizeof cases[0], "botzone shuttle");
    DdzMove sh = move_of("33334444", B), bomb = move_of("3333", B), rocket = move_of("BR", B);
    assert_false(ddz_move_is_bomb(&sh));
    assert_true(ddz_move_is_bomb(&bomb));
    assert_true(ddz_move_is_bomb(&rocket));
}

static void beats_douzero_readings_of_one_set_compare_by_their_own_type(void **state)
{
    (void)state;
    const DdzRuleset D = DDZ_RULES_DOUZERO;
    DdzMove plane3 = reading_of("333444555666", D, DDZ_PLANE, DDZ_RANK_3);
    DdzMove ps3 = reading_of("333444555666", D, DDZ_PLANE_SINGLE, DDZ_RANK_3);
    DdzMove ps4 = reading_of("333444555666", D, DDZ_PLANE_SINGLE, DDZ_RANK_4);
    DdzMove plane4 = reading_of("444555666777", D, DDZ_PLANE, DDZ_RANK_4);
    DdzMove low = reading_of("333444555789", D, DDZ_PLANE_SINGLE, DDZ_RANK_3);
    DdzMove bomb = reading_of("3333", D, -1, -1);
    assert_true(ddz_move_beats(&ps4, &ps3));
    assert_false(ddz_move_beats(&ps3, &ps4));
    assert_false(ddz_move_beats(&ps4, &plane3));
    assert_false(ddz_move_beats(&plane3, &ps3));
    assert_false(ddz_move_beats(&plane4, &ps4));
    assert_true(ddz_move_beats(&plane4, &plane3));
    assert_true(ddz_move_beats(&ps4, &low));
    assert_false(ddz_move_beats(&ps3, &low));
    assert_false(ddz_move_beats(&plane3, &low));
    assert_true(ddz_move_beats(&bomb, &plane4));
}

/* Names -------------------------------------------------------------------------------------*/

static void move_type_names_round_trip_for_all_23_types(void **state)
{
    (void)state;
    assert_int_equal(DDZ_MOVE_TYPE_NB, 23);
    for (int t = 0; t < DDZ_MOVE_TYPE_NB; t++) {
        assert_string_equal(ddz_move_type_name((DdzMoveType)t), TYPE_NAMES[t]);
        DdzMoveType got = DDZ_MOVE_TYPE_NB;
        assert_int_equal(ddz_move_type_parse(TYPE_NAMES[t], &got), 0);
        assert_int_equal(got, t);
    }
    assert_string_equal(ddz_move_type_name(DDZ_MOVE_TYPE_NB), "?");
    static const char *const bad[] = {"unknown", "", "planes", "plane_singles", "four", "?"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        DdzMoveType got = DDZ_PAIR;
        assert_int_equal(ddz_move_type_parse(bad[i], &got), -1);
    }
}

static void move_kicker_names_the_kicker_kind_of_each_type(void **state)
{
    (void)state;
    static const DdzKicker want[DDZ_MOVE_TYPE_NB] = {
        [DDZ_TRIO_SINGLE] = DDZ_KICKER_SINGLE,   [DDZ_PLANE_SINGLE] = DDZ_KICKER_SINGLE,
        [DDZ_FOUR_TWO] = DDZ_KICKER_SINGLE,      [DDZ_SHUTTLE_SINGLE] = DDZ_KICKER_SINGLE,
        [DDZ_TRIO_PAIR] = DDZ_KICKER_PAIR,       [DDZ_PLANE_PAIR] = DDZ_KICKER_PAIR,
        [DDZ_FOUR_TWO_PAIRS] = DDZ_KICKER_PAIR,  [DDZ_SHUTTLE_PAIR] = DDZ_KICKER_PAIR,
        [DDZ_TRIO_SHORT] = DDZ_KICKER_SINGLE,    [DDZ_TRIO_TWO] = DDZ_KICKER_SINGLE,
        [DDZ_PLANE_SHORT] = DDZ_KICKER_SINGLE,   [DDZ_PLANE_TWO] = DDZ_KICKER_SINGLE,
        [DDZ_FOUR_WITH] = DDZ_KICKER_SINGLE,
    };
    for (int t = 0; t < DDZ_MOVE_TYPE_NB; t++)
        if (ddz_move_kicker((DdzMoveType)t) != want[t])
            fail_msg("kicker of %s: %d, want %d", TYPE_NAMES[t], ddz_move_kicker((DdzMoveType)t),
                     want[t]);
}

static void ruleset_names_round_trip_and_unknown_lists_the_presets(void **state)
{
    (void)state;
    assert_int_equal(DDZ_RULES_NB, 5);
    for (int r = 0; r < DDZ_RULES_NB; r++) {
        assert_string_equal(ddz_ruleset_name((DdzRuleset)r), RULES_NAMES[r]);
        DdzRuleset got = DDZ_RULES_NB;
        DdzError err = {0, ""};
        assert_int_equal(ddz_ruleset_parse(RULES_NAMES[r], &got, &err), 0);
        assert_int_equal(got, r);
    }
    static const char *const bad[] = {"bogus", "", "standar", "douzero2"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        DdzRuleset got = DDZ_RULES_CLASSIC;
        DdzError err = {0, ""};
        assert_int_equal(ddz_ruleset_parse(bad[i], &got, &err), -1);
        assert_true(strlen(err.msg) > 0);
        for (int r = 0; r < DDZ_RULES_NB; r++)
            if (!strstr(err.msg, RULES_NAMES[r]))
                fail_msg("ruleset_parse('%s') message '%s' does not list '%s'", bad[i], err.msg,
                         RULES_NAMES[r]);
    }
}

/* Move text -----------------------------------------------------------------------------*/

static void expect_parse(const char *text, DdzRuleset rules, int type, int rank, int len)
{
    DdzMove m;
    DdzError err = {0, ""};
    int rc = ddz_move_parse(text, rules, &m, &err);
    if (rc != 0)
        fail_msg("parse '%s' under %s failed: %s", text, RULES_NAMES[rules], err.msg);
    char cards[64];
    const char *colon = strchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    snprintf(cards, sizeof cards, "%.*s", (int)n, text);
    DdzRanks want = tu_ranks(cards);
    if (m.type != type || m.rank != rank || m.len != len || m.ranks != want ||
        m.size != ddz_ranks_size(want))
        fail_msg("parse '%s' under %s: got %s rank=%d len=%d size=%d ranks=0x%llx, want %s "
                 "rank=%d len=%d",
                 text, RULES_NAMES[rules], m.type < DDZ_MOVE_TYPE_NB ? TYPE_NAMES[m.type] : "?",
                 m.rank, m.len, m.size, (unsigned long long)m.ranks, TYPE_NAMES[type], rank,
                 len);
}

static void expect_parse_error(const char *text, DdzRuleset rules)
{
    DdzMove m;
    DdzError err = {0, ""};
    int rc = ddz_move_parse(text, rules, &m, &err);
    if (rc == 0)
        fail_msg("parse '%s' under %s: want an error, got %s rank=%d len=%d", text,
                 RULES_NAMES[rules], m.type < DDZ_MOVE_TYPE_NB ? TYPE_NAMES[m.type] : "?",
                 m.rank, m.len);
    if (rc > 0)
        fail_msg("parse '%s' under %s: positive status %d", text, RULES_NAMES[rules], rc);
    size_t len = strnlen(err.msg, sizeof err.msg);
    if (len == 0 || len == sizeof err.msg)
        fail_msg("parse '%s' under %s: error message empty or not terminated", text,
                 RULES_NAMES[rules]);
}

static void move_parse_reads_unambiguous_moves_without_a_type(void **state)
{
    (void)state;
    expect_parse("33344", S, DDZ_TRIO_PAIR, DDZ_RANK_3, 1);
    expect_parse("3334", S, DDZ_TRIO_SINGLE, DDZ_RANK_3, 1);
    expect_parse("34567", S, DDZ_STRAIGHT, DDZ_RANK_3, 5);
    expect_parse("10JQKA", S, DDZ_STRAIGHT, DDZ_RANK_T, 5);
    expect_parse("BR", S, DDZ_ROCKET, 0, 1);
    expect_parse("33344456", S, DDZ_PLANE_SINGLE, DDZ_RANK_3, 2);
    expect_parse("333444555666", S, DDZ_PLANE, DDZ_RANK_3, 4);
    expect_parse("33334444", DDZ_RULES_BOTZONE, DDZ_SHUTTLE, DDZ_RANK_3, 2);
    expect_parse("3333BR", DDZ_RULES_DOUZERO, DDZ_FOUR_TWO, DDZ_RANK_3, 1);
    for (int r = 0; r < DDZ_RULES_NB; r++) {
        expect_parse("pass", (DdzRuleset)r, DDZ_PASS, 0, 0);
        expect_parse("", (DdzRuleset)r, DDZ_PASS, 0, 0);
    }
}

static void move_parse_rejects_sets_that_are_no_move_with_a_message(void **state)
{
    (void)state;
    static const char *const bad[] = {"3345",     "3456", "333444BR", "33334444", "3333BR",
                                      "33345",    "3x",   "33333",    "JQKA2",    "BB"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_parse_error(bad[i], S);
    expect_parse_error("333355", DDZ_RULES_CLASSIC);
    expect_parse_error("33344455", DDZ_RULES_BOTZONE);
    expect_parse_error("33334444", DDZ_RULES_DOUZERO);
}

static void move_parse_needs_a_type_only_when_douzero_readings_are_ambiguous(void **state)
{
    (void)state;
    const DdzRuleset D = DDZ_RULES_DOUZERO;
    expect_parse_error("333444555666", D);
    expect_parse_error("333444555666:plane_single", D); /* still two readings */
    expect_parse("333444555666:plane_single:4", D, DDZ_PLANE_SINGLE, DDZ_RANK_4, 3);
    expect_parse("333444555666:plane_single:3", D, DDZ_PLANE_SINGLE, DDZ_RANK_3, 3);
    expect_parse("333444555666:plane", D, DDZ_PLANE, DDZ_RANK_3, 4);
    expect_parse("333444555666:plane:3", D, DDZ_PLANE, DDZ_RANK_3, 4);
    expect_parse("JJJQQQKKKAAA:plane_single:Q", D, DDZ_PLANE_SINGLE, DDZ_RANK_Q, 3);
    expect_parse("3334445556667779:plane_single:4", D, DDZ_PLANE_SINGLE, DDZ_RANK_4, 4);
    expect_parse_error("333444555666:plane_single:5", D);
    expect_parse_error("333444555666:plane:4", D);
    expect_parse_error("333444555666:bomb", D);
    expect_parse_error("333444555666:nonsense", D);
    expect_parse("33344:trio_pair", S, DDZ_TRIO_PAIR, DDZ_RANK_3, 1);
    expect_parse("33344:trio_pair:3", S, DDZ_TRIO_PAIR, DDZ_RANK_3, 1);
    expect_parse("333444555666:plane", S, DDZ_PLANE, DDZ_RANK_3, 4);
    expect_parse_error("33344:trio_single", S);
    expect_parse_error("33344:trio_pair:4", S);
    expect_parse_error("333444555666:plane_single:4", S);
}

static void expect_format(const DdzMove *m, DdzRuleset rules, const char *want)
{
    char buf[80];
    memset(buf, 'x', sizeof buf);
    size_t n = ddz_move_format(m, rules, buf, sizeof buf);
    if (strcmp(buf, want) != 0 || n != strlen(want))
        fail_msg("format under %s: got '%.79s' (%zu), want '%s'", RULES_NAMES[rules], buf, n,
                 want);
}

static void move_format_writes_plain_cards_when_the_set_has_one_reading(void **state)
{
    (void)state;
    static const struct {
        const char *cards, *text;
        DdzRuleset rules;
    } cases[] = {
        {"33344", "33344", S},
        {"43334", "33344", S},
        {"33344", "33344", DDZ_RULES_DOUZERO},
        {"10JQKA", "TJQKA", S},
        {"xd", "BR", S},
        {"B5333444", "3334445B", S},
        {"333444555666", "333444555666", S},
        {"333444555666", "333444555666", DDZ_RULES_BOTZONE},
        {"33334444", "33334444", DDZ_RULES_BOTZONE},
        {"3333444555666777", "3333444555666777", DDZ_RULES_DOUZERO},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DdzMove m = move_of(cases[i].cards, cases[i].rules);
        expect_format(&m, cases[i].rules, cases[i].text);
    }
    for (int r = 0; r < DDZ_RULES_NB; r++) {
        DdzMove pass = ddz_move_pass();
        expect_format(&pass, (DdzRuleset)r, "pass");
    }
}

static void move_format_adds_type_and_rank_when_douzero_readings_are_ambiguous(void **state)
{
    (void)state;
    const DdzRuleset D = DDZ_RULES_DOUZERO;
    DdzMove m = reading_of("333444555666", D, DDZ_PLANE_SINGLE, DDZ_RANK_4);
    expect_format(&m, D, "333444555666:plane_single:4");
    m = reading_of("333444555666", D, DDZ_PLANE_SINGLE, DDZ_RANK_3);
    expect_format(&m, D, "333444555666:plane_single:3");
    m = reading_of("333444555666", D, DDZ_PLANE, DDZ_RANK_3);
    expect_format(&m, D, "333444555666:plane:3");
    m = reading_of("JJJQQQKKKAAA", D, DDZ_PLANE_SINGLE, DDZ_RANK_Q);
    expect_format(&m, D, "JJJQQQKKKAAA:plane_single:Q");
    m = reading_of("3334445556667778889T", D, DDZ_PLANE_SINGLE, DDZ_RANK_4);
    expect_format(&m, D, "3334445556667778889T:plane_single:4");
}

static void move_format_truncates_like_snprintf(void **state)
{
    (void)state;
    DdzMove m = reading_of("333444555666", DDZ_RULES_DOUZERO, DDZ_PLANE_SINGLE, DDZ_RANK_4);
    char buf[8];
    memset(buf, 'x', sizeof buf);
    size_t n = ddz_move_format(&m, DDZ_RULES_DOUZERO, buf, 5);
    assert_int_equal(n, strlen("333444555666:plane_single:4"));
    assert_string_equal(buf, "3334");
    assert_int_equal(buf[5], 'x');
    n = ddz_move_format(&m, DDZ_RULES_DOUZERO, NULL, 0);
    assert_int_equal(n, strlen("333444555666:plane_single:4"));
}

static void move_describe_names_type_chain_length_and_rank(void **state)
{
    (void)state;
    static const struct {
        const char *cards;
        DdzRuleset rules;
        int type, rank; /* type -1: the set's only reading */
        const char *text;
    } cases[] = {
        {"33344456", S, -1, -1, "plane_single n=2 rank=3"},
        {"B", S, -1, -1, "single rank=B"},
        {"R", S, -1, -1, "single rank=R"},
        {"2", S, -1, -1, "single rank=2"},
        {"TT", S, -1, -1, "pair rank=T"},
        {"333", S, -1, -1, "trio rank=3"},
        {"333B", S, -1, -1, "trio_single rank=3"},
        {"33344", S, -1, -1, "trio_pair rank=3"},
        {"34567", S, -1, -1, "straight n=5 rank=3"},
        {"TJQKA", S, -1, -1, "straight n=5 rank=T"},
        {"QQKKAA", S, -1, -1, "pair_chain n=3 rank=Q"},
        {"333444", S, -1, -1, "plane n=2 rank=3"},
        {"3334445566", S, -1, -1, "plane_pair n=2 rank=3"},
        {"333345", S, -1, -1, "four_two rank=3"},
        {"33334455", S, -1, -1, "four_two_pairs rank=3"},
        {"3333", S, -1, -1, "bomb rank=3"},
        {"2222", S, -1, -1, "bomb rank=2"},
        {"33334444", DDZ_RULES_BOTZONE, -1, -1, "shuttle n=2 rank=3"},
        {"333344445678", DDZ_RULES_BOTZONE, -1, -1, "shuttle_single n=2 rank=3"},
        {"3333444455667788", DDZ_RULES_BOTZONE, -1, -1, "shuttle_pair n=2 rank=3"},
        {"333444555666", DDZ_RULES_DOUZERO, DDZ_PLANE_SINGLE, DDZ_RANK_4,
         "plane_single n=3 rank=4"},
        {"333444555666", DDZ_RULES_DOUZERO, DDZ_PLANE, DDZ_RANK_3, "plane n=4 rank=3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DdzMove m = reading_of(cases[i].cards, cases[i].rules, cases[i].type, cases[i].rank);
        char buf[80];
        size_t n = ddz_move_describe(&m, buf, sizeof buf);
        if (strcmp(buf, cases[i].text) != 0 || n != strlen(cases[i].text))
            fail_msg("describe '%s': got '%s' (%zu), want '%s'", cases[i].cards, buf, n,
                     cases[i].text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(beats_rocket_beats_everything_and_nothing_beats_it),
        cmocka_unit_test(beats_bomb_beats_non_bombs_and_lower_bombs),
        cmocka_unit_test(beats_needs_same_type_same_size_and_higher_rank),
        cmocka_unit_test(beats_pass_beats_nothing_and_every_move_beats_pass),
        cmocka_unit_test(beats_botzone_shuttle_is_no_bomb),
        cmocka_unit_test(beats_douzero_readings_of_one_set_compare_by_their_own_type),
        cmocka_unit_test(move_type_names_round_trip_for_all_23_types),
        cmocka_unit_test(move_kicker_names_the_kicker_kind_of_each_type),
        cmocka_unit_test(ruleset_names_round_trip_and_unknown_lists_the_presets),
        cmocka_unit_test(move_parse_reads_unambiguous_moves_without_a_type),
        cmocka_unit_test(move_parse_rejects_sets_that_are_no_move_with_a_message),
        cmocka_unit_test(move_parse_needs_a_type_only_when_douzero_readings_are_ambiguous),
        cmocka_unit_test(move_format_writes_plain_cards_when_the_set_has_one_reading),
        cmocka_unit_test(move_format_adds_type_and_rank_when_douzero_readings_are_ambiguous),
        cmocka_unit_test(move_format_truncates_like_snprintf),
        cmocka_unit_test(move_describe_names_type_chain_length_and_rank),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
