/* test_moves.c -- move types, rule presets and classification (moves.h, RULES.md §5; beating
 * and move text: test_move_text.c), and every reading formatted and parsed back. Hand-picked accepted and rejected card sets for every type under every preset,
 * the RULES counts per type, and a slow classifier written here from the rules text alone,
 * compared with the library on every set of up to 10 cards, on every candidate move and on
 * random sets of up to 20 cards. */
#include "testutil.h"

#include <stdio.h>
#include <string.h>

#include "move_names.h"

/* The model: names, presets and a classifier written out from RULES §5. ---------------------*/

static const char RANK_CHARS[] = "3456789TJQKA2BR";
/* The model here is §5's: the presets of the 54-card game. hubei48 (§8) has its own model
 * in tests/test_hubei48.c. */
#define PRESETS_54 4

/* One reading as the tests write it: type, comparison rank index, chain length. */
typedef struct Reading {
    int type, rank, len;
} Reading;

#define MODEL_MAX 8
#define MAX_CARDS 20 /* the largest hand, so the largest move */

static int rank_index(char ch)
{
    const char *at = strchr(RANK_CHARS, ch);
    if (!at || !ch)
        fail_msg("test bug: rank character '%c'", ch);
    return (int)(at - RANK_CHARS);
}

static void unpack(DdzRanks r, int c[DDZ_RANK_NB])
{
    for (int i = 0; i < DDZ_RANK_NB; i++)
        c[i] = (int)((r >> (4 * i)) & 15);
}

static DdzRanks pack(const int c[DDZ_RANK_NB])
{
    DdzRanks r = 0;
    for (int i = 0; i < DDZ_RANK_NB; i++)
        r |= (DdzRanks)c[i] << (4 * i);
    return r;
}

static int count_cards(const int c[DDZ_RANK_NB])
{
    int n = 0;
    for (int i = 0; i < DDZ_RANK_NB; i++)
        n += c[i];
    return n;
}

/* Whether lo..lo+len-1 are chain ranks (3..A) that each hold exactly k cards. */
static bool model_run(const int c[DDZ_RANK_NB], int lo, int len, int k)
{
    if (lo < 0 || lo + len - 1 > DDZ_RANK_A)
        return false;
    for (int r = lo; r < lo + len; r++)
        if (c[r] != k)
            return false;
    return true;
}

/* c without the run lo..lo+len-1 of k cards each. */
static void model_minus_run(const int c[DDZ_RANK_NB], int lo, int len, int k,
                            int kick[DDZ_RANK_NB])
{
    for (int r = 0; r < DDZ_RANK_NB; r++)
        kick[r] = c[r] - (r >= lo && r < lo + len ? k : 0);
}

/* Whether every kicker rank holds 0 or exactly `each` cards. */
static bool model_all_counts(const int kick[DDZ_RANK_NB], int each)
{
    for (int r = 0; r < DDZ_RANK_NB; r++)
        if (kick[r] != 0 && kick[r] != each)
            return false;
    return true;
}

/* Whether single kickers `kick` are legal under rules. For a plane, lo/len give the trios
 * (the adjacency rule); len is 0 otherwise. four: the kickers of a four + two. */
static bool model_single_kickers(const int kick[DDZ_RANK_NB], DdzRuleset rules, int lo, int len,
                                 bool four)
{
    if (rules == DDZ_RULES_DOUZERO)
        return true;
    if (rules == DDZ_RULES_BOTZONE)
        return model_all_counts(kick, 1);
    if (rules == DDZ_RULES_CLASSIC && four && !model_all_counts(kick, 1))
        return false;
    /* standard (and the rest of classic) */
    if (kick[DDZ_RANK_BJ] && kick[DDZ_RANK_RJ])
        return false;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        if (kick[r] == 4)
            return false;
    if (len > 0) {
        if (lo - 1 >= 0 && kick[lo - 1] == 3)
            return false;
        if (lo + len <= DDZ_RANK_A && kick[lo + len] == 3)
            return false;
    }
    return true;
}

/* Every reading of c under rules, in ascending (type, rank) order, from RULES §5. */
static int model_classify(const int c[DDZ_RANK_NB], DdzRuleset rules, Reading out[MODEL_MAX])
{
    int n = 0, size = 0, lo = -1, hi = -1;
    for (int r = 0; r < DDZ_RANK_NB; r++) {
        size += c[r];
        if (c[r]) {
            if (lo < 0)
                lo = r;
            hi = r;
        }
    }
    if (size == 0) {
        out[n++] = (Reading){DDZ_PASS, 0, 0};
        return n;
    }
    /* A uniform run: every rank lo..hi holds the same count k. */
    int k = c[lo], span = hi - lo + 1;
    bool uniform = true;
    for (int r = lo; r <= hi; r++)
        if (c[r] != k)
            uniform = false;
    bool chain = uniform && hi <= DDZ_RANK_A;
    int kick[DDZ_RANK_NB];

    if (size == 1)
        out[n++] = (Reading){DDZ_SINGLE, lo, 1};
    if (size == 2 && span == 1 && lo <= DDZ_RANK_2)
        out[n++] = (Reading){DDZ_PAIR, lo, 1};
    if (size == 3 && span == 1)
        out[n++] = (Reading){DDZ_TRIO, lo, 1};
    if (size == 4)
        for (int r = 0; r <= DDZ_RANK_2; r++)
            if (c[r] == 3)
                out[n++] = (Reading){DDZ_TRIO_SINGLE, r, 1};
    if (size == 5)
        for (int r = 0; r <= DDZ_RANK_2; r++)
            if (c[r] == 3) {
                model_minus_run(c, r, 1, 3, kick);
                if (model_all_counts(kick, 2))
                    out[n++] = (Reading){DDZ_TRIO_PAIR, r, 1};
            }
    if (chain && k == 1 && span >= 5 && span <= 12)
        out[n++] = (Reading){DDZ_STRAIGHT, lo, span};
    if (chain && k == 2 && span >= 3 && span <= 10)
        out[n++] = (Reading){DDZ_PAIR_CHAIN, lo, span};
    if (chain && k == 3 && span >= 2 && span <= 6)
        out[n++] = (Reading){DDZ_PLANE, lo, span};
    for (int len = 2; len <= 5; len++)
        if (size == 4 * len)
            for (int s = 0; s + len - 1 <= DDZ_RANK_A; s++)
                if (model_run(c, s, len, 3)) {
                    model_minus_run(c, s, len, 3, kick);
                    if (model_single_kickers(kick, rules, s, len, false))
                        out[n++] = (Reading){DDZ_PLANE_SINGLE, s, len};
                }
    for (int len = 2; len <= 4; len++)
        if (size == 5 * len)
            for (int s = 0; s + len - 1 <= DDZ_RANK_A; s++)
                if (model_run(c, s, len, 3)) {
                    model_minus_run(c, s, len, 3, kick);
                    if (model_all_counts(kick, 2))
                        out[n++] = (Reading){DDZ_PLANE_PAIR, s, len};
                }
    if (size == 6)
        for (int r = 0; r <= DDZ_RANK_2; r++)
            if (c[r] == 4) {
                model_minus_run(c, r, 1, 4, kick);
                if (model_single_kickers(kick, rules, 0, 0, true))
                    out[n++] = (Reading){DDZ_FOUR_TWO, r, 1};
            }
    if (size == 8)
        for (int r = 0; r <= DDZ_RANK_2; r++)
            if (c[r] == 4) {
                model_minus_run(c, r, 1, 4, kick);
                if (model_all_counts(kick, 2))
                    out[n++] = (Reading){DDZ_FOUR_TWO_PAIRS, r, 1};
            }
    if (size == 4 && span == 1)
        out[n++] = (Reading){DDZ_BOMB, lo, 1};
    if (size == 2 && c[DDZ_RANK_BJ] && c[DDZ_RANK_RJ])
        out[n++] = (Reading){DDZ_ROCKET, 0, 1};
    if (rules == DDZ_RULES_BOTZONE) {
        if (chain && k == 4 && span >= 2)
            out[n++] = (Reading){DDZ_SHUTTLE, lo, span};
        for (int len = 2; 6 * len <= size; len++)
            if (size == 6 * len)
                for (int s = 0; s + len - 1 <= DDZ_RANK_A; s++)
                    if (model_run(c, s, len, 4)) {
                        model_minus_run(c, s, len, 4, kick);
                        if (model_all_counts(kick, 1))
                            out[n++] = (Reading){DDZ_SHUTTLE_SINGLE, s, len};
                    }
        for (int len = 2; 8 * len <= size; len++)
            if (size == 8 * len)
                for (int s = 0; s + len - 1 <= DDZ_RANK_A; s++)
                    if (model_run(c, s, len, 4)) {
                        model_minus_run(c, s, len, 4, kick);
                        if (model_all_counts(kick, 2))
                            out[n++] = (Reading){DDZ_SHUTTLE_PAIR, s, len};
                    }
    }
    return n;
}

/* Text for failure messages ---------------------------------------------------------------*/

static void format_counts(const int c[DDZ_RANK_NB], char *buf, size_t size)
{
    size_t len = 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        for (int k = 0; k < c[r] && len + 1 < size; k++)
            buf[len++] = RANK_CHARS[r];
    buf[len] = '\0';
    if (len == 0)
        snprintf(buf, size, "(empty)");
}

static void format_readings(const Reading *r, int n, char *buf, size_t size)
{
    size_t len = (size_t)snprintf(buf, size, "%d reading%s {", n, n == 1 ? "" : "s");
    for (int i = 0; i < n && len < size; i++) {
        const char *name = r[i].type >= 0 && r[i].type < DDZ_MOVE_TYPE_NB ? TYPE_NAMES[r[i].type]
                                                                          : "?";
        char rk = r[i].rank >= 0 && r[i].rank < DDZ_RANK_NB ? RANK_CHARS[r[i].rank] : '?';
        len += (size_t)snprintf(buf + len, size - len, "%s%s len=%d rank=%c", i ? ", " : "",
                                name, r[i].len, rk);
    }
    if (len < size)
        snprintf(buf + len, size - len, "}");
}

/* The library's readings of c, checked for the fields every reading must carry: the cards
 * themselves and their number. Returns -1 (after printing) when those are wrong. */
static int library_readings(const int c[DDZ_RANK_NB], DdzRuleset rules, Reading out[MODEL_MAX])
{
    DdzMove moves[DDZ_MAX_READINGS];
    memset(moves, 0xA5, sizeof moves);
    DdzRanks cards = pack(c);
    int n = ddz_move_classify(cards, rules, moves);
    char text[64];
    format_counts(c, text, sizeof text);
    if (n < 0 || n > DDZ_MAX_READINGS) {
        print_error("classify %s under %s returned %d\n", text, RULES_NAMES[rules], n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (moves[i].ranks != cards || moves[i].size != count_cards(c)) {
            print_error("classify %s under %s: reading %d has ranks 0x%llx size %d, want 0x%llx "
                        "size %d\n",
                        text, RULES_NAMES[rules], i, (unsigned long long)moves[i].ranks,
                        moves[i].size, (unsigned long long)cards, count_cards(c));
            return -1;
        }
        out[i] = (Reading){moves[i].type, moves[i].rank, moves[i].len};
    }
    return n;
}

static bool same_readings(const Reading *a, int na, const Reading *b, int nb)
{
    if (na != nb)
        return false;
    for (int i = 0; i < na; i++)
        if (a[i].type != b[i].type || a[i].rank != b[i].rank || a[i].len != b[i].len)
            return false;
    return true;
}

/* Compares the library with expected readings; prints the first mismatches of a test. */
typedef struct Tally {
    long checked, failed;
} Tally;

static void expect_readings(Tally *t, const char *what, const int c[DDZ_RANK_NB],
                            DdzRuleset rules, const Reading *want, int nwant)
{
    Reading got[MODEL_MAX];
    int ngot = library_readings(c, rules, got);
    t->checked++;
    if (ngot >= 0 && same_readings(want, nwant, got, ngot))
        return;
    if (t->failed++ < 25) {
        char text[64], w[256], g[256];
        format_counts(c, text, sizeof text);
        format_readings(want, nwant, w, sizeof w);
        if (ngot >= 0)
            format_readings(got, ngot, g, sizeof g);
        else
            snprintf(g, sizeof g, "(bad reading fields, above)");
        print_error("%s: %s under %s: expected %s, got %s\n", what, text, RULES_NAMES[rules], w,
                    g);
    }
}

static void expect_model(Tally *t, const char *what, const int c[DDZ_RANK_NB], DdzRuleset rules)
{
    Reading want[MODEL_MAX];
    int n = model_classify(c, rules, want);
    expect_readings(t, what, c, rules, want, n);
}

static void finish(const Tally *t, const char *what)
{
    if (t->failed)
        fail_msg("%s: %ld of %ld checks failed", what, t->failed, t->checked);
}

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

/* Known answers: RULES §5 counts, reproduced over every candidate move ---------------------*/

typedef void VisitFn(const int c[DDZ_RANK_NB], Reading skel, void *ctx);

/* Adds `left` kicker cards (pairs when `pairs`) of ranks the body does not use, from rank
 * `from` up, so that each kicker multiset comes once; then visits the set. */
static void add_kickers(int c[DDZ_RANK_NB], const int body[DDZ_RANK_NB], int from, int left,
                        bool pairs, Reading skel, VisitFn *fn, void *ctx)
{
    if (left == 0) {
        fn(c, skel, ctx);
        return;
    }
    int step = pairs ? 2 : 1;
    for (int r = from; r < DDZ_RANK_NB; r++) {
        int cap = r < DDZ_RANK_BJ ? 4 : 1;
        if (body[r] || c[r] + step > cap)
            continue;
        c[r] += step;
        add_kickers(c, body, r, left - 1, pairs, skel, fn, ctx);
        c[r] -= step;
    }
}

/* A body of k cards on each of lo..lo+len-1 plus kickers. */
static void visit_body(int type, int lo, int len, int k, int kickers, bool pairs, VisitFn *fn,
                       void *ctx)
{
    int c[DDZ_RANK_NB] = {0}, body[DDZ_RANK_NB] = {0};
    for (int r = lo; r < lo + len; r++)
        c[r] = body[r] = k;
    add_kickers(c, body, 0, kickers, pairs, (Reading){type, lo, len}, fn, ctx);
}

/* Every card set of at most 20 cards that could be a move of any type under any preset:
 * each type's body with every kicker multiset of the right size (illegal ones included). */
static void each_candidate(VisitFn *fn, void *ctx)
{
    for (int r = 0; r < DDZ_RANK_NB; r++)
        visit_body(DDZ_SINGLE, r, 1, 1, 0, false, fn, ctx);
    for (int r = 0; r <= DDZ_RANK_2; r++) {
        visit_body(DDZ_PAIR, r, 1, 2, 0, false, fn, ctx);
        visit_body(DDZ_TRIO, r, 1, 3, 0, false, fn, ctx);
        visit_body(DDZ_TRIO_SINGLE, r, 1, 3, 1, false, fn, ctx);
        visit_body(DDZ_TRIO_PAIR, r, 1, 3, 1, true, fn, ctx);
        visit_body(DDZ_FOUR_TWO, r, 1, 4, 2, false, fn, ctx);
        visit_body(DDZ_FOUR_TWO_PAIRS, r, 1, 4, 2, true, fn, ctx);
        visit_body(DDZ_BOMB, r, 1, 4, 0, false, fn, ctx);
    }
    {
        int c[DDZ_RANK_NB] = {0};
        c[DDZ_RANK_BJ] = c[DDZ_RANK_RJ] = 1;
        fn(c, (Reading){DDZ_ROCKET, 0, 1}, ctx);
    }
    for (int len = 2; len <= 12; len++)
        for (int lo = 0; lo + len - 1 <= DDZ_RANK_A; lo++) {
            if (len >= 5)
                visit_body(DDZ_STRAIGHT, lo, len, 1, 0, false, fn, ctx);
            if (len >= 3 && len <= 10)
                visit_body(DDZ_PAIR_CHAIN, lo, len, 2, 0, false, fn, ctx);
            if (len <= 6)
                visit_body(DDZ_PLANE, lo, len, 3, 0, false, fn, ctx);
            if (len <= 5)
                visit_body(DDZ_PLANE_SINGLE, lo, len, 3, len, false, fn, ctx);
            if (len <= 4)
                visit_body(DDZ_PLANE_PAIR, lo, len, 3, len, true, fn, ctx);
            if (len <= 5)
                visit_body(DDZ_SHUTTLE, lo, len, 4, 0, false, fn, ctx);
            if (len <= 3)
                visit_body(DDZ_SHUTTLE_SINGLE, lo, len, 4, 2 * len, false, fn, ctx);
            if (len <= 2)
                visit_body(DDZ_SHUTTLE_PAIR, lo, len, 4, 2 * len, true, fn, ctx);
        }
}

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
        cmocka_unit_test(rules_model_reproduces_rules_counts),
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
        cmocka_unit_test(classify_reproduces_rules_counts_per_type_under_standard),
        cmocka_unit_test(classify_matches_rules_model_on_every_candidate_move),
        cmocka_unit_test(classify_matches_rules_model_on_every_set_up_to_10_cards),
        cmocka_unit_test(classify_matches_rules_model_on_random_move_shaped_sets),
        cmocka_unit_test(move_format_then_parse_gives_back_every_reading),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
