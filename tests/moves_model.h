/* moves_model.h -- what test_moves.c and test_moves_model.c share: a classifier written out
 * from RULES §5 alone (the model), the comparison of its readings with the library's, and a
 * visitor of every candidate move of the 54-card deck (each type's bodies with every kicker
 * set), from which the §5 counts are reproduced. */
#ifndef DDZ_TEST_MOVES_MODEL_H
#define DDZ_TEST_MOVES_MODEL_H

#include <stdio.h>
#include <string.h>

#include "move_names.h"
#include "testutil.h"

/* The model: names, presets and a classifier written out from RULES §5. ---------------------*/

TU_UNUSED static const char RANK_CHARS[] = "3456789TJQKA2BR";
/* The model here is §5's: the presets of the 54-card game. hubei48 (§8) has its own model
 * in tests/test_hubei48.c. */
#define PRESETS_54 4

/* One reading as the tests write it: type, comparison rank index, chain length. */
typedef struct Reading {
    int type, rank, len;
} Reading;

#define MODEL_MAX 8
#define MAX_CARDS 20 /* the largest hand, so the largest move */

static inline int rank_index(char ch)
{
    const char *at = strchr(RANK_CHARS, ch);
    if (!at || !ch)
        fail_msg("test bug: rank character '%c'", ch);
    return (int)(at - RANK_CHARS);
}

static inline void unpack(DdzRanks r, int c[DDZ_RANK_NB])
{
    for (int i = 0; i < DDZ_RANK_NB; i++)
        c[i] = (int)((r >> (4 * i)) & 15);
}

static inline DdzRanks pack(const int c[DDZ_RANK_NB])
{
    DdzRanks r = 0;
    for (int i = 0; i < DDZ_RANK_NB; i++)
        r |= (DdzRanks)c[i] << (4 * i);
    return r;
}

static inline int count_cards(const int c[DDZ_RANK_NB])
{
    int n = 0;
    for (int i = 0; i < DDZ_RANK_NB; i++)
        n += c[i];
    return n;
}

/* Whether lo..lo+len-1 are chain ranks (3..A) that each hold exactly k cards. */
static inline bool model_run(const int c[DDZ_RANK_NB], int lo, int len, int k)
{
    if (lo < 0 || lo + len - 1 > DDZ_RANK_A)
        return false;
    for (int r = lo; r < lo + len; r++)
        if (c[r] != k)
            return false;
    return true;
}

/* c without the run lo..lo+len-1 of k cards each. */
static inline void model_minus_run(const int c[DDZ_RANK_NB], int lo, int len, int k,
                                   int kick[DDZ_RANK_NB])
{
    for (int r = 0; r < DDZ_RANK_NB; r++)
        kick[r] = c[r] - (r >= lo && r < lo + len ? k : 0);
}

/* Whether every kicker rank holds 0 or exactly `each` cards. */
static inline bool model_all_counts(const int kick[DDZ_RANK_NB], int each)
{
    for (int r = 0; r < DDZ_RANK_NB; r++)
        if (kick[r] != 0 && kick[r] != each)
            return false;
    return true;
}

/* Whether single kickers `kick` are legal under rules. For a plane, lo/len give the trios
 * (the adjacency rule); len is 0 otherwise. four: the kickers of a four + two. */
static inline bool model_single_kickers(const int kick[DDZ_RANK_NB], DdzRuleset rules, int lo, int len,
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
static inline int model_classify(const int c[DDZ_RANK_NB], DdzRuleset rules, Reading out[MODEL_MAX])
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

static inline void format_counts(const int c[DDZ_RANK_NB], char *buf, size_t size)
{
    size_t len = 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        for (int k = 0; k < c[r] && len + 1 < size; k++)
            buf[len++] = RANK_CHARS[r];
    buf[len] = '\0';
    if (len == 0)
        snprintf(buf, size, "(empty)");
}

static inline void format_readings(const Reading *r, int n, char *buf, size_t size)
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
static inline int library_readings(const int c[DDZ_RANK_NB], DdzRuleset rules, Reading out[MODEL_MAX])
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

static inline bool same_readings(const Reading *a, int na, const Reading *b, int nb)
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

static inline void expect_readings(Tally *t, const char *what, const int c[DDZ_RANK_NB],
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

static inline void expect_model(Tally *t, const char *what, const int c[DDZ_RANK_NB], DdzRuleset rules)
{
    Reading want[MODEL_MAX];
    int n = model_classify(c, rules, want);
    expect_readings(t, what, c, rules, want, n);
}

static inline void finish(const Tally *t, const char *what)
{
    if (t->failed)
        fail_msg("%s: %ld of %ld checks failed", what, t->failed, t->checked);
}

/* Known answers: RULES §5 counts, reproduced over every candidate move ---------------------*/

typedef void VisitFn(const int c[DDZ_RANK_NB], Reading skel, void *ctx);

/* Adds `left` kicker cards (pairs when `pairs`) of ranks the body does not use, from rank
 * `from` up, so that each kicker multiset comes once; then visits the set. */
static inline void add_kickers(int c[DDZ_RANK_NB], const int body[DDZ_RANK_NB], int from, int left,
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
static inline void visit_body(int type, int lo, int len, int k, int kickers, bool pairs, VisitFn *fn,
                              void *ctx)
{
    int c[DDZ_RANK_NB] = {0}, body[DDZ_RANK_NB] = {0};
    for (int r = lo; r < lo + len; r++)
        c[r] = body[r] = k;
    add_kickers(c, body, 0, kickers, pairs, (Reading){type, lo, len}, fn, ctx);
}

/* Every card set of at most 20 cards that could be a move of any type under any preset:
 * each type's body with every kicker multiset of the right size (illegal ones included). */
static inline void each_candidate(VisitFn *fn, void *ctx)
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


#endif
