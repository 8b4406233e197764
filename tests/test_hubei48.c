/* test_hubei48.c -- the move rules of the 48-card game (RULES §8, preset hubei48): a slow
 * reference classifier written from §8 alone, the deck's universe derived from it, every
 * sub-multiset of random 16-card hands against classification and generation, following
 * against the reference beating, and the rules one by one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "ddz/split.h"

#define H48 DDZ_RULES_HUBEI48
#define BUF_NB (2 * DDZ_MAX_MOVES_DECK)
#define SUBSET_HANDS 120  /* random 16-card hands, every sub-multiset */
#define FOLLOW_PAIRS 4000 /* random (hand, target) pairs */
#define MAX_HANDS 20000   /* random 16-card hands against DDZ_MAX_MOVES */

static DdzMove *g_a, *g_b, *g_c;

/* The reference ------------------------------------------------------------------------
 *
 * Counts c[0..12] (3 .. 2); chain ranks are 0..11 (3..A). It tries every reading §8 names
 * with plain loops, nothing shared with src/core but the DdzMove fields. */

typedef struct Ref {
    DdzMove m[8];
    int nb;
} Ref;

static void ref_add(Ref *r, DdzRanks cards, int type, int rank, int len, int size)
{
    DdzMove m = {cards, (uint8_t)type, (uint8_t)rank, (uint8_t)len, (uint8_t)size};
    r->m[r->nb++] = m;
}

/* Whether the ranks with a nonzero count are exactly lo..lo+n-1, all with count k, within 3..A. */
static bool ref_chain(const int c[13], int k, int *lo, int *n)
{
    int first = -1, last = -1;
    for (int i = 0; i < 13; i++)
        if (c[i]) {
            if (c[i] != k)
                return false;
            if (first < 0)
                first = i;
            last = i;
        }
    if (first < 0 || last > 11)
        return false;
    for (int i = first; i <= last; i++)
        if (c[i] != k)
            return false;
    *lo = first;
    *n = last - first + 1;
    return true;
}

static Ref ref_classify(DdzRanks cards)
{
    Ref r = {.nb = 0};
    static const int deck[15] = {4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 1, 0, 0};
    int c[15], size = 0, distinct = 0;
    for (int i = 0; i < 15; i++) {
        c[i] = ddz_ranks_get(cards, i);
        if (c[i] > deck[i])
            return r; /* not in the 48-card deck */
        size += c[i];
        distinct += c[i] > 0;
    }
    if (size == 0 || size > 16)
        return r;
    int lo, n;
    if (distinct == 1) {
        for (int i = 0; i < 13; i++)
            if (c[i]) {
                static const int type[5] = {0, DDZ_SINGLE, DDZ_PAIR, DDZ_TRIO_SHORT, DDZ_BOMB};
                ref_add(&r, cards, type[c[i]], i, 1, size);
            }
        return r;
    }
    if (ref_chain(c, 1, &lo, &n) && n >= 5)
        ref_add(&r, cards, DDZ_STRAIGHT, lo, n, size);
    if (ref_chain(c, 2, &lo, &n) && n >= 2)
        ref_add(&r, cards, DDZ_PAIR_CHAIN, lo, n, size);
    if (ref_chain(c, 3, &lo, &n) && n >= 2)
        ref_add(&r, cards, DDZ_PLANE, lo, n, size);
    /* A trio and its kickers: the trio's rank held exactly three times. */
    for (int t = 0; t < 13; t++)
        if (c[t] == 3) {
            if (size == 4)
                ref_add(&r, cards, DDZ_TRIO_SHORT, t, 1, 4);
            if (size == 5)
                ref_add(&r, cards, DDZ_TRIO_TWO, t, 1, 5);
        }
    /* Four + 1..3 cards, or four + two pairs of two other ranks. */
    for (int f = 0; f < 13; f++)
        if (c[f] == 4) {
            if (size >= 5 && size <= 7)
                ref_add(&r, cards, DDZ_FOUR_WITH, f, 1, size);
            int pairs = 0;
            for (int i = 0; i < 13; i++)
                pairs += i != f && c[i] == 2;
            if (size == 8 && pairs == 2)
                ref_add(&r, cards, DDZ_FOUR_TWO_PAIRS, f, 1, 8);
        }
    /* Planes with kickers: lo..lo+n-1 exact trios, 1..2n kicker cards of other ranks, no
     * four among them and no trio right next to the plane. */
    for (lo = 0; lo < 12; lo++)
        for (n = 2; lo + n <= 12; n++) {
            bool ok = true;
            for (int i = lo; i < lo + n; i++)
                ok &= c[i] == 3;
            if (!ok)
                break;
            int kick = size - 3 * n;
            if (kick < 1 || kick > 2 * n)
                continue;
            for (int i = 0; i < 13; i++)
                if ((i < lo || i >= lo + n) && c[i] == 4)
                    ok = false;
            if (lo > 0 && c[lo - 1] == 3)
                ok = false;
            if (lo + n <= 11 && c[lo + n] == 3)
                ok = false;
            if (ok)
                ref_add(&r, cards, kick == 2 * n ? DDZ_PLANE_TWO : DDZ_PLANE_SHORT, lo, n, size);
        }
    return r;
}

static bool ref_short(const DdzMove *m) { return m->type == DDZ_TRIO_SHORT || m->type == DDZ_PLANE_SHORT; }

/* Beating as §8 says it: bombs beat every non-bomb and lower bombs; a short form is beaten
 * by the full form of the same trio or plane; else same type, same size, higher rank. */
static bool ref_beats(const DdzMove *a, const DdzMove *b)
{
    if (a->type == DDZ_PASS)
        return false;
    if (b->type == DDZ_PASS)
        return true;
    if (a->type == DDZ_BOMB)
        return b->type != DDZ_BOMB || a->rank > b->rank;
    if (b->type == DDZ_BOMB)
        return false;
    if (b->type == DDZ_TRIO_SHORT)
        return a->type == DDZ_TRIO_TWO && a->rank > b->rank;
    if (b->type == DDZ_PLANE_SHORT)
        return a->type == DDZ_PLANE_TWO && a->len == b->len && a->rank > b->rank;
    if (ref_short(a))
        return false;
    return a->type == b->type && a->size == b->size && a->rank > b->rank;
}

/* Helpers ------------------------------------------------------------------------------*/

static const char *text(const DdzMove *m, char buf[160])
{
    char cards[64], desc[64];
    ddz_ranks_format(m->ranks, cards, sizeof cards);
    ddz_move_describe(m, desc, sizeof desc);
    snprintf(buf, 160, "%s [%s size=%d]", m->ranks ? cards : "pass", desc, m->size);
    return buf;
}

/* Fails unless the two lists hold the same moves; sorts both. */
static void assert_same(DdzMove *got, int ngot, DdzMove *want, int nwant, const char *ctx)
{
    qsort(got, (size_t)ngot, sizeof *got, move_cmp);
    qsort(want, (size_t)nwant, sizeof *want, move_cmp);
    int i = 0, j = 0;
    while (i < ngot || j < nwant) {
        int c = i == ngot ? 1 : j == nwant ? -1 : move_cmp(&got[i], &want[j]);
        char b[160];
        if (c < 0)
            fail_msg("%s: %d moves, expected %d; unexpected %s", ctx, ngot, nwant, text(&got[i], b));
        if (c > 0)
            fail_msg("%s: %d moves, expected %d; missing %s", ctx, ngot, nwant, text(&want[j], b));
        i++, j++;
    }
}

static DdzRanks random_hand(DdzRng *rng, int n)
{
    DdzCards deck = DDZ_DECK48, s = 0;
    for (int i = 0; i < n; i++) {
        int k = (int)ddz_rng_below(rng, (uint32_t)ddz_cards_size(deck));
        DdzCards d = deck;
        for (int j = 0; j < k; j++)
            d &= d - 1;
        DdzCards bit = d & -d;
        s |= bit;
        deck &= ~bit;
    }
    return ddz_cards_ranks(s);
}

static DdzMove one(const char *cards)
{
    DdzMove r[DDZ_MAX_READINGS];
    int k = ddz_move_classify(tu_ranks(cards), H48, r);
    if (k != 1)
        fail_msg("'%s' has %d readings under hubei48, expected 1", cards, k);
    return r[0];
}

static bool beats_t(const char *a, const DdzMove *b)
{
    DdzMove m = one(a);
    return ddz_move_beats(&m, b);
}

/* Every sub-multiset of hand (the empty set excluded) into out; returns how many. */
static int sub_multisets(DdzRanks hand, DdzRanks *out)
{
    int n = 0;
    out[n++] = 0;
    for (int r = 0; r < 13; r++) {
        int c = ddz_ranks_get(hand, r), m = n;
        for (int i = 0; i < m; i++)
            for (int k = 1; k <= c; k++)
                out[n++] = out[i] + ddz_ranks_of(r, k);
    }
    memmove(out, out + 1, (size_t)(n - 1) * sizeof *out);
    return n - 1;
}

/* 1. The deck's universe --------------------------------------------------------------*/

/* Every card set made of a core (a rank 1..4 times, or a run of ranks each 1..3 times)
 * and up to six more cards: every hubei48 move is one (its kickers are at most 2n <= 6
 * cards for planes of n <= 3 trios, four for larger planes and four + two pairs). The
 * reference keeps the moves. */
static int ref_universe(DdzMove *out, int *nshort)
{
    size_t cap = 1u << 22, nb = 0;
    DdzRanks *cand = malloc(cap * sizeof *cand);
    assert_non_null(cand);
    DdzRanks deck = DDZ_DECK48_RANKS;
    /* Kicker multisets of 0..6 cards over the 13 ranks. */
    static DdzRanks kick[1 << 16];
    int nk = 0;
    kick[nk++] = 0;
    for (int r = 0; r < 13; r++) {
        int m = nk;
        for (int i = 0; i < m; i++)
            for (int k = 1; k <= 4 && ddz_ranks_size(kick[i]) + k <= 6; k++)
                kick[nk++] = kick[i] + ddz_ranks_of(r, k);
    }
    for (int lo = 0; lo < 13; lo++)
        for (int cnt = 1; cnt <= 4; cnt++)
            for (int n = 1; lo + n <= 13; n++) {
                if (n > 1 && (cnt == 4 || lo + n > 12))
                    break;
                DdzRanks core = 0;
                for (int i = lo; i < lo + n; i++)
                    core += ddz_ranks_of(i, cnt);
                if (ddz_ranks_size(core) > 16)
                    break;
                for (int i = 0; i < nk; i++) {
                    DdzRanks s = core + kick[i];
                    if (ddz_ranks_contains(deck, s) && ddz_ranks_size(s) <= 16) {
                        if (nb == cap)
                            fail_msg("candidate buffer full");
                        cand[nb++] = s;
                    }
                }
            }
    qsort(cand, nb, sizeof *cand, u64_cmp);
    int n = 0, ns = 0;
    for (size_t i = 0; i < nb; i++) {
        if (i && cand[i] == cand[i - 1])
            continue;
        Ref r = ref_classify(cand[i]);
        for (int k = 0; k < r.nb; k++) {
            out[n++] = r.m[k];
            ns += ref_short(&r.m[k]);
        }
    }
    free(cand);
    *nshort = ns;
    return n;
}

/* Known answers (distinct card sets per type), each also derived by the reference above;
 * the simple ones in closed form: 13 singles (3..A and the one 2), 12 pairs, 36 straights
 * (8 + 7 + ... + 1 for lengths 5..12), 56 pair chains (11 + 10 + ... + 5 for 2..8 pairs
 * within 16 cards), 38 bare planes (11 + 10 + 9 + 8 for n = 2..5), 11 bombs (3..K),
 * trio_short 12 × (1 + 12) = 156, trio_two 12 × (11 pairs + C(12,2)) = 924, four_with
 * 11 × (12 + 77 + 352) = 4,851 (1, 2 or 3 cards of the 12 other ranks: 12; C(12,2) + 11
 * pairs; C(12,3) + 11 × 11 pair + single + 11 trios), four_two_pairs 11 × C(11,2) = 605. */
static const int UNIVERSE[DDZ_MOVE_TYPE_NB] = {
    [DDZ_SINGLE] = 13, [DDZ_PAIR] = 12, [DDZ_STRAIGHT] = 36, [DDZ_PAIR_CHAIN] = 56,
    [DDZ_PLANE] = 38, [DDZ_FOUR_TWO_PAIRS] = 605, [DDZ_BOMB] = 11, [DDZ_TRIO_SHORT] = 156,
    [DDZ_TRIO_TWO] = 924, [DDZ_PLANE_SHORT] = 34818, [DDZ_PLANE_TWO] = 45215, [DDZ_FOUR_WITH] = 4851,
};

static void universe_matches_reference_and_known_answers(void **state)
{
    (void)state;
    int nref, nshort;
    int n = ddz_moves_generate(DDZ_DECK48_RANKS, NULL, H48, g_a);
    int ns = ddz_moves_generate_short(DDZ_DECK48_RANKS, H48, g_a + n);
    nref = ref_universe(g_b, &nshort);
    int per[DDZ_MOVE_TYPE_NB] = {0};
    for (int i = 0; i < n + ns; i++)
        per[g_a[i].type]++;
    char report[1024] = "";
    size_t used = 0;
    for (int t = 0; t < DDZ_MOVE_TYPE_NB; t++)
        if (per[t] != UNIVERSE[t])
            used += (size_t)snprintf(report + used, sizeof report - used, " %s=%d (expected %d)",
                                     ddz_move_type_name((DdzMoveType)t), per[t], UNIVERSE[t]);
    if (used)
        fail_msg("hubei48 universe:%s", report);
    assert_int_equal(ns, nshort);
    for (int i = n; i < n + ns; i++)
        assert_true(ddz_move_is_short(&g_a[i]));
    assert_same(g_a, n + ns, g_b, nref, "hubei48 universe against the reference");
    assert_int_equal(n + ns, 86735);
    assert_true(n + ns <= DDZ_MAX_MOVES_DECK);
}

/* 2. Random hands, every sub-multiset -------------------------------------------------*/

static void subsets_of_random_hands_match_reference(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 4816);
    DdzRanks *subs = malloc(sizeof *subs * 2000000);
    assert_non_null(subs);
    long checked = 0;
    for (int h = 0; h < SUBSET_HANDS; h++) {
        int size = h < SUBSET_HANDS * 3 / 4 ? 16 : 1 + (int)ddz_rng_below(&rng, 16);
        DdzRanks hand = random_hand(&rng, size);
        int ns = sub_multisets(hand, subs), nlead = 0, nshort = 0;
        char ctx[200], hs[64];
        ddz_ranks_format(hand, hs, sizeof hs);
        for (int i = 0; i < ns; i++) {
            Ref r = ref_classify(subs[i]);
            DdzMove got[DDZ_MAX_READINGS];
            int k = ddz_move_classify(subs[i], H48, got);
            char ss[64];
            ddz_ranks_format(subs[i], ss, sizeof ss);
            snprintf(ctx, sizeof ctx, "classify %s (in hand %s)", ss, hs);
            assert_same(got, k, r.m, r.nb, ctx);
            for (int j = 0; j < r.nb; j++) {
                if (!ref_short(&r.m[j]))
                    g_b[nlead++] = r.m[j];
                else
                    g_c[nshort++] = r.m[j];
                /* Short forms are leading moves only when they are the whole hand. */
                if (ref_short(&r.m[j]) && subs[i] == hand)
                    g_b[nlead++] = r.m[j];
            }
            checked++;
        }
        int n = ddz_moves_generate(hand, NULL, H48, g_a);
        assert_true(n <= DDZ_MAX_MOVES);
        snprintf(ctx, sizeof ctx, "leading moves of %s", hs);
        assert_same(g_a, n, g_b, nlead, ctx);
        n = ddz_moves_generate_short(hand, H48, g_a);
        snprintf(ctx, sizeof ctx, "short forms of %s", hs);
        assert_same(g_a, n, g_c, nshort, ctx);
    }
    print_message("hubei48: %ld sub-multisets of %d random hands checked\n", checked, SUBSET_HANDS);
    free(subs);
}

static int generation_cmp(const DdzMove *a, const DdzMove *b)
{
    if (a->type != b->type)
        return a->type < b->type ? -1 : 1;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    /* Kickers: every card outside the core, in ascending rank order, lexicographically. */
    int copies = a->type == DDZ_FOUR_WITH || a->type == DDZ_FOUR_TWO_PAIRS ? 4
                 : (a->type >= DDZ_TRIO_SHORT) ? 3 : 0;
    if (!copies)
        return 0;
    DdzRanks core = 0;
    for (int i = 0; i < a->len; i++)
        core += ddz_ranks_of(a->rank + i, copies);
    DdzRanks ka = a->ranks - core, kb = b->ranks - core;
    for (;;) {
        if (!ka || !kb)
            return (ka != 0) - (kb != 0);
        int ra = __builtin_ctzll(ka) / 4, rb = __builtin_ctzll(kb) / 4;
        if (ra != rb)
            return ra < rb ? -1 : 1;
        ka -= ddz_ranks_of(ra, 1);
        kb -= ddz_ranks_of(rb, 1);
    }
}

static void generation_comes_in_documented_order(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 48);
    for (int h = 0; h < 2000; h++) {
        DdzRanks hand = h == 0 ? DDZ_DECK48_RANKS : random_hand(&rng, 16);
        int n = ddz_moves_generate(hand, NULL, H48, g_a);
        n += ddz_moves_generate_short(hand, H48, g_a + n);
        for (int i = 1; i < n; i++) {
            /* generate and generate_short are two lists, each in order */
            if (ddz_move_is_short(&g_a[i]) != ddz_move_is_short(&g_a[i - 1]))
                continue;
            if (generation_cmp(&g_a[i - 1], &g_a[i]) >= 0) {
                char a[160], b[160];
                fail_msg("%s listed after %s", text(&g_a[i], a), text(&g_a[i - 1], b));
            }
        }
    }
}

static void following_equals_leading_moves_that_beat(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 4817);
    int nu = ddz_moves_generate(DDZ_DECK48_RANKS, NULL, H48, g_c);
    nu += ddz_moves_generate_short(DDZ_DECK48_RANKS, H48, g_c + nu);
    for (int i = 0; i < FOLLOW_PAIRS; i++) {
        DdzRanks hand = random_hand(&rng, 1 + (int)ddz_rng_below(&rng, 16));
        /* Targets: half drawn from the universe, half from a random hand's moves (so that
         * the hand can often beat them). */
        DdzMove target;
        if (i & 1) {
            target = g_c[ddz_rng_below(&rng, (uint32_t)nu)];
        } else {
            DdzRanks other = random_hand(&rng, 16);
            int k = ddz_moves_generate(other, NULL, H48, g_a);
            k += ddz_moves_generate_short(other, H48, g_a + k);
            target = g_a[ddz_rng_below(&rng, (uint32_t)k)];
        }
        int n = ddz_moves_generate(hand, &target, H48, g_a);
        int lead = ddz_moves_generate(hand, NULL, H48, g_b), want = 0;
        for (int j = 0; j < lead; j++)
            if (ref_beats(&g_b[j], &target) && !ref_short(&g_b[j]))
                g_b[want++] = g_b[j];
        for (int j = 0; j < n; j++)
            assert_true(ddz_move_beats(&g_a[j], &target));
        char ctx[260], hs[64], ts[160];
        ddz_ranks_format(hand, hs, sizeof hs);
        snprintf(ctx, sizeof ctx, "%s following %s", hs, text(&target, ts));
        assert_same(g_a, n, g_b, want, ctx);
    }
}

static void beating_agrees_with_reference(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 4818);
    int nu = ddz_moves_generate(DDZ_DECK48_RANKS, NULL, H48, g_c);
    nu += ddz_moves_generate_short(DDZ_DECK48_RANKS, H48, g_c + nu);
    for (int i = 0; i < 200000; i++) {
        const DdzMove *a = &g_c[ddz_rng_below(&rng, (uint32_t)nu)];
        const DdzMove *b = &g_c[ddz_rng_below(&rng, (uint32_t)nu)];
        if (ddz_move_beats(a, b) != ref_beats(a, b)) {
            char x[160], y[160];
            fail_msg("beats(%s, %s) = %d", text(a, x), text(b, y), ddz_move_beats(a, b));
        }
    }
}

static void max_moves_bounds_random_16_card_hands(void **state)
{
    (void)state;
    DdzRng rng;
    ddz_rng_seed(&rng, 4819);
    int best = 0;
    for (int i = 0; i < MAX_HANDS; i++) {
        int n = ddz_moves_generate(random_hand(&rng, 16), NULL, H48, g_a);
        if (n > best)
            best = n;
    }
    /* The 16-card hand with the most moves, found by generating the moves of all 8,466,942
     * rank multisets of 16 cards of the 48-card deck (`ddz bench maxmoves --rules hubei48`,
     * about a minute): 459, far below DDZ_MAX_MOVES. */
    int heavy = ddz_moves_generate(tu_ranks("56789TJQQQQKKKKA"), NULL, H48, g_a);
    print_message("hubei48: most leading moves of %d random 16-card hands %d\n", MAX_HANDS, best);
    assert_int_equal(heavy, 459);
    assert_true(best <= heavy && heavy < DDZ_MAX_MOVES);
}

/* 3. The rules of §8, one by one ------------------------------------------------------*/

static void two_pairs_are_a_pair_chain(void **state)
{
    (void)state;
    DdzMove m = one("3344");
    assert_int_equal(m.type, DDZ_PAIR_CHAIN);
    assert_int_equal(m.len, 2);
    assert_true(beats_t("4455", &m));
    assert_false(beats_t("445566", &m));
    DdzMove r[DDZ_MAX_READINGS];
    assert_int_equal(ddz_move_classify(tu_ranks("3344"), DDZ_RULES_STANDARD, r), 0);
    assert_int_equal(ddz_move_classify(tu_ranks("AA22"), H48, r), 0); /* one 2 in the deck */
}

static void trio_takes_two_singles_or_a_pair(void **state)
{
    (void)state;
    DdzMove a = one("33345"), b = one("33344"), c = one("44456"), d = one("44455");
    assert_int_equal(a.type, DDZ_TRIO_TWO);
    assert_int_equal(b.type, DDZ_TRIO_TWO);
    assert_int_equal(c.type, DDZ_TRIO_TWO);
    assert_int_equal(d.type, DDZ_TRIO_TWO);
    /* One type: a pair kicker and two singles beat each other by the trio. */
    assert_true(ddz_move_beats(&c, &b));
    assert_true(ddz_move_beats(&d, &a));
    assert_false(ddz_move_beats(&a, &d));
    /* Following a trio + two needs a trio + two: no bare trio, no trio + one. */
    int n = ddz_moves_generate(tu_ranks("5556"), &a, H48, g_a);
    assert_int_equal(n, 0);
    n = ddz_moves_generate(tu_ranks("55567"), &a, H48, g_a);
    assert_int_equal(n, 1);
    assert_int_equal(g_a[0].ranks, tu_ranks("55567"));
}

static void bare_trio_only_as_the_last_cards(void **state)
{
    (void)state;
    DdzMove t = one("555"), t1 = one("5556");
    assert_int_equal(t.type, DDZ_TRIO_SHORT);
    assert_int_equal(t1.type, DDZ_TRIO_SHORT);
    assert_true(ddz_move_is_short(&t) && ddz_move_is_short(&t1));
    /* In a bigger hand, no bare trio nor trio + one is a move. */
    int n = ddz_moves_generate(tu_ranks("55567"), NULL, H48, g_a);
    for (int i = 0; i < n; i++)
        assert_false(ddz_move_is_short(&g_a[i]));
    /* As the whole hand, it is. */
    n = ddz_moves_generate(tu_ranks("5556"), NULL, H48, g_a);
    bool found = false;
    for (int i = 0; i < n; i++)
        found |= g_a[i].ranks == tu_ranks("5556") && g_a[i].type == DDZ_TRIO_SHORT;
    assert_true(found);
    n = ddz_moves_generate(tu_ranks("555"), NULL, H48, g_a);
    assert_int_equal(n, 3); /* 5, 55, 555 */
    /* The full form of a higher trio beats it; nothing else but a bomb does. */
    assert_true(beats_t("66634", &t1));
    assert_false(beats_t("44434", &t1));
    assert_false(beats_t("666", &t));
    assert_true(beats_t("3333", &t));
    /* A plane with fewer than two cards per trio likewise. */
    DdzMove p = one("3334445");
    assert_int_equal(p.type, DDZ_PLANE_SHORT);
    assert_true(beats_t("4445556789", &p));
    assert_false(beats_t("444555", &p));
    n = ddz_moves_generate(tu_ranks("33344456"), NULL, H48, g_a);
    found = false;
    for (int i = 0; i < n; i++)
        found |= g_a[i].type == DDZ_PLANE_SHORT;
    assert_true(found); /* 333444+56: the whole hand */
    /* 333444 + 567 + 8: the plane with two cards per trio, but no short plane. */
    n = ddz_moves_generate(tu_ranks("3334445678"), NULL, H48, g_a);
    found = false;
    for (int i = 0; i < n; i++) {
        assert_false(ddz_move_is_short(&g_a[i]));
        found |= g_a[i].type == DDZ_PLANE_TWO;
    }
    assert_true(found);
}

static void plane_bare_or_two_cards_per_trio(void **state)
{
    (void)state;
    assert_int_equal(one("333444").type, DDZ_PLANE);
    assert_int_equal(one("3334445566").type, DDZ_PLANE_TWO);
    assert_int_equal(one("3334445678").type, DDZ_PLANE_TWO);
    assert_int_equal(one("333444555666777").type, DDZ_PLANE);
    assert_int_equal(one("333444555667788").type, DDZ_PLANE_TWO);
    DdzMove r[DDZ_MAX_READINGS];
    /* No four among a plane's kickers; no trio next to the plane. */
    assert_int_equal(ddz_move_classify(tu_ranks("3334447777"), H48, r), 0);
    assert_int_equal(one("3334445556").type, DDZ_PLANE_SHORT); /* three trios + one */
    assert_int_equal(one("3334447778").type, DDZ_PLANE_TWO);   /* 777 not next to it */
}

static void four_with_cards_is_no_bomb(void **state)
{
    (void)state;
    const char *sets[] = {"33334", "333345", "333344", "3333456", "3333444", "33334455"};
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++) {
        DdzMove m = one(sets[i]);
        assert_false(ddz_move_is_bomb(&m));
        assert_int_equal(m.type, i == 5 ? DDZ_FOUR_TWO_PAIRS : DDZ_FOUR_WITH);
        /* A bomb beats it; it beats no bomb. */
        DdzMove bomb = one("5555");
        assert_true(ddz_move_beats(&bomb, &m));
        assert_false(ddz_move_beats(&m, &bomb));
    }
    DdzMove r[DDZ_MAX_READINGS];
    assert_int_equal(ddz_move_classify(tu_ranks("33334567"), H48, r), 0); /* four + 4 singles */
    /* Same number of cards, higher four. */
    DdzMove low = one("333345");
    assert_true(beats_t("444435", &low));
    assert_false(beats_t("44443", &low));
}

static void no_jokers_no_rocket_and_the_deck(void **state)
{
    (void)state;
    DdzMove r[DDZ_MAX_READINGS];
    assert_int_equal(ddz_move_classify(tu_ranks("BR"), H48, r), 0);
    assert_int_equal(ddz_move_classify(tu_ranks("B"), H48, r), 0);
    assert_int_equal(ddz_move_classify(tu_ranks("AAAA"), H48, r), 0);
    assert_int_equal(ddz_move_classify(tu_ranks("22"), H48, r), 0);
    assert_int_equal(ddz_move_classify(tu_ranks("3456789TJQKA2"), H48, r), 0); /* 2 not in chains */
    assert_int_equal(one("3456789TJQKA").type, DDZ_STRAIGHT);
    assert_int_equal(ddz_cards_size(DDZ_DECK48), 48);
    assert_int_equal(ddz_cards_ranks(DDZ_DECK48), DDZ_DECK48_RANKS);
    /* ♣2 ♦2 ♥2 ♠A are out. */
    for (int c = 47; c <= 50; c++)
        assert_false(ddz_cards_has(DDZ_DECK48, c));
    assert_true(ddz_cards_has(DDZ_DECK48, 51));
    DdzError err;
    DdzRuleset rs;
    assert_int_equal(ddz_ruleset_parse("hubei48", &rs, &err), 0);
    assert_int_equal(rs, H48);
    assert_int_equal(ddz_ruleset_hand_size(H48), 16);
    assert_int_equal(ddz_ruleset_bottom_size(H48), 0);
}

/* Splits under hubei48: partitions into its moves, at most one short form (the last play). */
static void splits_hold_at_most_one_short_form(void **state)
{
    (void)state;
    DdzSplitter *sp = ddz_splitter_new(H48, 0, 0);
    assert_non_null(sp);
    DdzRng rng;
    ddz_rng_seed(&rng, 4820);
    for (int i = 0; i < 400; i++) {
        DdzRanks hand = random_hand(&rng, 1 + i % 16), sum = 0;
        DdzSplit s;
        int plays = ddz_split_best(sp, hand, &s), shorts = 0;
        assert_true(plays >= 1);
        for (int k = 0; k < plays; k++) {
            Ref r = ref_classify(s.part[k].ranks);
            bool found = false;
            for (int j = 0; j < r.nb; j++)
                found |= ddz_move_equal(&r.m[j], &s.part[k]);
            assert_true(found);
            shorts += ddz_move_is_short(&s.part[k]);
            sum += s.part[k].ranks;
        }
        assert_int_equal(sum, hand);
        assert_true(shorts <= 1);
    }
    /* Known: a trio + one is one play as the whole hand; two bare trios are not two plays. */
    DdzSplit s;
    assert_int_equal(ddz_split_best(sp, tu_ranks("3334"), &s), 1);
    assert_int_equal(ddz_split_best(sp, tu_ranks("333555"), &s), 2); /* 33355 + 5 */
    assert_int_equal(ddz_split_best(sp, tu_ranks("333"), &s), 1);
    assert_int_equal(ddz_split_best(sp, tu_ranks("33344"), &s), 1);
    assert_int_equal(ddz_split_best(sp, tu_ranks("B"), &s), -1); /* no jokers in this deck */
    ddz_splitter_free(sp);
}

static int setup(void **state)
{
    (void)state;
    g_a = malloc(BUF_NB * sizeof *g_a);
    g_b = malloc(BUF_NB * sizeof *g_b);
    g_c = malloc(BUF_NB * sizeof *g_c);
    return g_a && g_b && g_c ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    free(g_a), free(g_b), free(g_c);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(universe_matches_reference_and_known_answers),
        cmocka_unit_test(subsets_of_random_hands_match_reference),
        cmocka_unit_test(generation_comes_in_documented_order),
        cmocka_unit_test(following_equals_leading_moves_that_beat),
        cmocka_unit_test(beating_agrees_with_reference),
        cmocka_unit_test(max_moves_bounds_random_16_card_hands),
        cmocka_unit_test(two_pairs_are_a_pair_chain),
        cmocka_unit_test(trio_takes_two_singles_or_a_pair),
        cmocka_unit_test(bare_trio_only_as_the_last_cards),
        cmocka_unit_test(plane_bare_or_two_cards_per_trio),
        cmocka_unit_test(four_with_cards_is_no_bomb),
        cmocka_unit_test(no_jokers_no_rocket_and_the_deck),
        cmocka_unit_test(splits_hold_at_most_one_short_form),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
