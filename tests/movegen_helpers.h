/* movegen_helpers.h -- what test_movegen.c and test_hint.c share: the presets, scratch buffers
 * and the full-deck universes of moves (built on first use), text for failure messages, move
 * helpers, random hands, and the group setup that allocates the buffers. */
#ifndef DDZ_TEST_MOVEGEN_HELPERS_H
#define DDZ_TEST_MOVEGEN_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/movegen.h"
#include "testutil.h"

/* Every move buffer has room for twice the deck bound, so a generator that overflows
 * DDZ_MAX_MOVES_DECK is reported by its count instead of corrupting memory. */
#define BUF_NB (2 * DDZ_MAX_MOVES_DECK)

#define LEAD_HANDS 2000   /* random hands per preset, leading */
#define FOLLOW_PAIRS 5000 /* random (hand, target) pairs per preset */
#define HINT_HANDS 1000   /* random hands per preset, hint order */
#define SUBSET_HANDS 100  /* random 8..14-card hands per preset, sub-multiset reference */
#define MAX_HANDS 20000   /* random 20-card hands per preset, DDZ_MAX_MOVES */

/* The presets of the 54-card game (RULES §5); hubei48 (§8) has tests/test_hubei48.c. */
#define PRESET_NB 4
TU_UNUSED static const DdzRuleset PRESETS[PRESET_NB] = {
    DDZ_RULES_STANDARD, DDZ_RULES_CLASSIC, DDZ_RULES_DOUZERO, DDZ_RULES_BOTZONE,
};

/* Scratch buffers (heap, allocated by the group setup) and the per-preset full-deck
 * universes, built on first use. */
TU_UNUSED static DdzMove *g_gen, *g_ref, *g_other, *g_sort_a, *g_sort_b;
TU_UNUSED static DdzMove *g_universe[DDZ_RULES_NB];
TU_UNUSED static int g_universe_nb[DDZ_RULES_NB];
/* Universe indices grouped by type: g_by_type[r][g_type_start[r][t] .. g_type_start[r][t+1]). */
TU_UNUSED static int *g_by_type[DDZ_RULES_NB];
TU_UNUSED static int g_type_start[DDZ_RULES_NB][DDZ_MOVE_TYPE_NB + 1];

/* Text helpers for failure messages ---------------------------------------------------*/

typedef struct { char s[64]; } HandText;
typedef struct { char s[160]; } MoveText;

static inline HandText hand_text(DdzRanks hand)
{
    HandText t;
    ddz_ranks_format(hand, t.s, sizeof t.s);
    if (hand == 0)
        snprintf(t.s, sizeof t.s, "(empty)");
    return t;
}

static inline MoveText move_text(const DdzMove *m)
{
    MoveText t;
    char cards[64], desc[80];
    if (m == NULL) {
        snprintf(t.s, sizeof t.s, "NULL");
        return t;
    }
    ddz_ranks_format(m->ranks, cards, sizeof cards);
    ddz_move_describe(m, desc, sizeof desc);
    snprintf(t.s, sizeof t.s, "%s [%s size=%d]", m->ranks ? cards : "pass", desc, m->size);
    return t;
}

static const char *rules_name(DdzRuleset rules) { return ddz_ruleset_name(rules); }

/* Move helpers -----------------------------------------------------------------------*/

/* Whether classify lists m (all five fields) among the readings of its cards. */
static inline bool classifies_as(const DdzMove *m, DdzRuleset rules)
{
    DdzMove r[DDZ_MAX_READINGS];
    int k = ddz_move_classify(m->ranks, rules, r);
    assert_true(k >= 0 && k <= DDZ_MAX_READINGS);
    for (int i = 0; i < k; i++)
        if (ddz_move_equal(&r[i], m) && r[i].size == m->size)
            return true;
    return false;
}

/* The only reading of text under rules, or fails the test. */
static inline DdzMove one_move(const char *text, DdzRuleset rules)
{
    DdzMove r[DDZ_MAX_READINGS];
    int k = ddz_move_classify(tu_ranks(text), rules, r);
    if (k != 1)
        fail_msg("test input '%s' has %d readings under %s, expected 1", text, k, rules_name(rules));
    return r[0];
}

/* The reading of text with the given type and rank, or fails the test. */
static inline DdzMove reading_of(const char *text, DdzRuleset rules, DdzMoveType type, int rank)
{
    DdzMove r[DDZ_MAX_READINGS];
    int k = ddz_move_classify(tu_ranks(text), rules, r);
    for (int i = 0; i < k; i++)
        if (r[i].type == type && r[i].rank == rank)
            return r[i];
    fail_msg("test input '%s' has no %s reading of rank %d under %s", text,
             ddz_move_type_name(type), rank, rules_name(rules));
    return r[0];
}

/* Generates into out and checks the count is sane (never above the buffer). */
static inline int generate(DdzRanks hand, const DdzMove *last, DdzRuleset rules, DdzMove *out)
{
    int n = ddz_moves_generate(hand, last, rules, out);
    if (n < 0 || n > BUF_NB)
        fail_msg("%s: hand %s following %s: ddz_moves_generate returned %d", rules_name(rules),
                 hand_text(hand).s, move_text(last).s, n);
    return n;
}

static inline int hint(DdzRanks hand, const DdzMove *last, DdzRuleset rules, DdzMove *out)
{
    int n = ddz_moves_hint(hand, last, rules, out);
    if (n < 0 || n > BUF_NB)
        fail_msg("%s: hand %s following %s: ddz_moves_hint returned %d", rules_name(rules),
                 hand_text(hand).s, move_text(last).s, n);
    return n;
}

/* Fails the test, naming ctx, unless got and want hold the same moves as multisets. */
static inline void assert_same_moves(const DdzMove *got, int ngot, const DdzMove *want, int nwant,
                              const char *ctx)
{
    memcpy(g_sort_a, got, (size_t)ngot * sizeof *got);
    memcpy(g_sort_b, want, (size_t)nwant * sizeof *want);
    qsort(g_sort_a, (size_t)ngot, sizeof *g_sort_a, move_cmp);
    qsort(g_sort_b, (size_t)nwant, sizeof *g_sort_b, move_cmp);
    int i = 0, j = 0, extra = -1, missing = -1, extra_nb = 0, missing_nb = 0;
    while (i < ngot || j < nwant) {
        int c = i == ngot ? 1 : j == nwant ? -1 : move_cmp(&g_sort_a[i], &g_sort_b[j]);
        if (c == 0) {
            i++, j++;
        } else if (c < 0) {
            if (extra < 0)
                extra = i;
            extra_nb++, i++;
        } else {
            if (missing < 0)
                missing = j;
            missing_nb++, j++;
        }
    }
    if (extra_nb == 0 && missing_nb == 0)
        return;
    fail_msg("%s: got %d moves, expected %d; %d unexpected (first: %s), %d missing (first: %s)",
             ctx, ngot, nwant, extra_nb, extra >= 0 ? move_text(&g_sort_a[extra]).s : "-",
             missing_nb, missing >= 0 ? move_text(&g_sort_b[missing]).s : "-");
}

/* The part of a move that is not kickers: the trio(s) or four(s) for kicker types, the whole
 * move otherwise. */
static inline DdzRanks move_core(const DdzMove *m)
{
    int copies = 0;
    switch (m->type) {
    case DDZ_TRIO_SINGLE: case DDZ_TRIO_PAIR: case DDZ_PLANE_SINGLE: case DDZ_PLANE_PAIR:
        copies = 3;
        break;
    case DDZ_FOUR_TWO: case DDZ_FOUR_TWO_PAIRS: case DDZ_SHUTTLE_SINGLE: case DDZ_SHUTTLE_PAIR:
        copies = 4;
        break;
    default:
        return m->ranks;
    }
    DdzRanks core = 0;
    for (int i = 0; i < m->len; i++)
        core += ddz_ranks_of(m->rank + i, copies);
    return core;
}

/* Kicker ranks of m in ascending order (with repeats) into k; returns how many. */
static inline int kicker_ranks(const DdzMove *m, int k[DDZ_CARD_NB])
{
    DdzRanks core = move_core(m);
    assert_true(ddz_ranks_contains(m->ranks, core));
    DdzRanks kick = m->ranks - core;
    int nb = 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        for (int c = ddz_ranks_get(kick, r); c > 0; c--)
            k[nb++] = r;
    return nb;
}

/* Generation order of movegen.h: type, comparison rank, chain length, then kickers in
 * ascending lexicographic order of their ranks. Negative when a comes first. */
static inline int generation_order_cmp(const DdzMove *a, const DdzMove *b)
{
    if (a->type != b->type)
        return a->type < b->type ? -1 : 1;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    int ka[DDZ_CARD_NB], kb[DDZ_CARD_NB];
    int na = kicker_ranks(a, ka), nb = kicker_ranks(b, kb);
    for (int i = 0; i < na && i < nb; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i] ? -1 : 1;
    return na < nb ? -1 : na > nb;
}

/* Random hands: mostly 17 and 20 cards, the rest 1..20. */
static inline int random_size(DdzRng *rng)
{
    uint32_t k = ddz_rng_below(rng, 10);
    if (k < 4)
        return 20;
    if (k < 7)
        return 17;
    return 1 + (int)ddz_rng_below(rng, 20);
}

static inline DdzRanks random_hand(DdzRng *rng, int size)
{
    return ddz_cards_ranks(tu_random_cards(rng, size));
}

/* The full deck's leading moves under rules, generated once. */
static inline const DdzMove *universe(DdzRuleset rules, int *nb)
{
    if (g_universe[rules] == NULL) {
        DdzMove *u = malloc(BUF_NB * sizeof *u);
        assert_non_null(u);
        int n = ddz_moves_generate(DDZ_DECK_RANKS, NULL, rules, u);
        if (n < 0 || n > BUF_NB) {
            free(u);
            fail_msg("%s: full deck: ddz_moves_generate returned %d", rules_name(rules), n);
        }
        int *idx = malloc(((size_t)n + 1) * sizeof *idx);
        assert_non_null(idx);
        int count[DDZ_MOVE_TYPE_NB + 1] = {0};
        for (int i = 0; i < n; i++) {
            if (u[i].type >= DDZ_MOVE_TYPE_NB) {
                int type = u[i].type;
                free(u), free(idx);
                fail_msg("%s: full deck move %d has type %d", rules_name(rules), i, type);
            }
            count[u[i].type + 1]++;
        }
        for (int t = 0; t < DDZ_MOVE_TYPE_NB; t++)
            count[t + 1] += count[t];
        memcpy(g_type_start[rules], count, sizeof count);
        for (int i = 0; i < n; i++)
            idx[count[u[i].type]++] = i;
        g_universe[rules] = u;
        g_universe_nb[rules] = n;
        g_by_type[rules] = idx;
    }
    *nb = g_universe_nb[rules];
    return g_universe[rules];
}

/* The moves of u held by hand, in u's order. */
static inline int filter_held(const DdzMove *u, int un, DdzRanks hand, DdzMove *out)
{
    int n = 0;
    for (int i = 0; i < un; i++)
        if (ddz_ranks_contains(hand, u[i].ranks))
            out[n++] = u[i];
    return n;
}

/* The moves of list that beat last, in order. */
static inline int filter_beats(const DdzMove *list, int nb, const DdzMove *last, DdzMove *out)
{
    int n = 0;
    for (int i = 0; i < nb; i++)
        if (ddz_move_beats(&list[i], last))
            out[n++] = list[i];
    return n;
}

/* ---------------------------------------------------------------------------------------*/

static inline int group_setup(void **state)
{
    (void)state;
    DdzMove **bufs[] = {&g_gen, &g_ref, &g_other, &g_sort_a, &g_sort_b};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) {
        *bufs[i] = malloc(BUF_NB * sizeof **bufs[i]);
        if (*bufs[i] == NULL)
            return -1;
    }
    return 0;
}

static inline int group_teardown(void **state)
{
    (void)state;
    free(g_gen), free(g_ref), free(g_other), free(g_sort_a), free(g_sort_b);
    for (int p = 0; p < PRESET_NB; p++) {
        free(g_universe[p]), free(g_by_type[p]);
        g_universe[p] = NULL, g_by_type[p] = NULL;
    }
    return 0;
}

/* A target for hand: a universe move (uniform, or of a uniform type), a move of another
 * random hand, one of the hand's own moves, or a bomb or the rocket. */
static inline DdzMove random_target(DdzRng *rng, DdzRuleset rules, DdzRanks hand)
{
    int un;
    const DdzMove *u = universe(rules, &un);
    const int *start = g_type_start[rules];
    const int *idx = g_by_type[rules];
    switch (ddz_rng_below(rng, 10)) {
    case 0: case 1:
        return u[ddz_rng_below(rng, (uint32_t)un)];
    case 2: case 3: {
        int t;
        do
            t = 1 + (int)ddz_rng_below(rng, DDZ_MOVE_TYPE_NB - 1);
        while (start[t + 1] == start[t]);
        return u[idx[start[t] + (int)ddz_rng_below(rng, (uint32_t)(start[t + 1] - start[t]))]];
    }
    case 4: case 5: {
        int n = generate(random_hand(rng, random_size(rng)), NULL, rules, g_other);
        if (n > 0)
            return g_other[ddz_rng_below(rng, (uint32_t)n)];
        return u[ddz_rng_below(rng, (uint32_t)un)];
    }
    case 6: case 7: case 8: {
        int n = generate(hand, NULL, rules, g_other);
        if (n > 0)
            return g_other[ddz_rng_below(rng, (uint32_t)n)];
        return u[ddz_rng_below(rng, (uint32_t)un)];
    }
    default: {
        int t = ddz_rng_below(rng, 14) < 13 ? DDZ_BOMB : DDZ_ROCKET;
        assert_true(start[t + 1] > start[t]);
        return u[idx[start[t] + (int)ddz_rng_below(rng, (uint32_t)(start[t + 1] - start[t]))]];
    }
    }
}

/* Classifies every non-empty sub-multiset of hand and writes every reading to out. */
static inline int classify_sub_multisets(DdzRanks hand, DdzRuleset rules, DdzMove *out)
{
    int have[DDZ_RANK_NB], take[DDZ_RANK_NB] = {0};
    for (int r = 0; r < DDZ_RANK_NB; r++)
        have[r] = ddz_ranks_get(hand, r);
    int n = 0;
    for (;;) {
        // Step 1. Advance the mixed-radix counter take[] (digit r runs 0..have[r]).
        int r = 0;
        while (r < DDZ_RANK_NB && take[r] == have[r])
            take[r++] = 0;
        if (r == DDZ_RANK_NB)
            return n;
        take[r]++;
        // Step 2. Classify the multiset it names.
        DdzRanks sub = 0;
        for (int q = 0; q < DDZ_RANK_NB; q++)
            sub |= ddz_ranks_of(q, take[q]);
        DdzMove readings[DDZ_MAX_READINGS];
        int k = ddz_move_classify(sub, rules, readings);
        assert_true(k >= 0 && k <= DDZ_MAX_READINGS);
        for (int i = 0; i < k; i++)
            out[n++] = readings[i];
    }
}

typedef struct KnownList {
    DdzRuleset rules;
    const char *hand;
    const char *last;      /* NULL: leading */
    const char *moves[16]; /* cards of each move, in order, NULL-terminated */
} KnownList;

static inline void check_known_lists(const KnownList *list, size_t nb, bool use_hint)
{
    for (size_t i = 0; i < nb; i++) {
        const KnownList *k = &list[i];
        DdzRanks hand = tu_ranks(k->hand);
        DdzMove last;
        const DdzMove *lastp = NULL;
        if (k->last != NULL) {
            last = k->last[0] ? one_move(k->last, k->rules) : ddz_move_pass();
            lastp = &last;
        }
        int n = use_hint ? hint(hand, lastp, k->rules, g_gen)
                         : generate(hand, lastp, k->rules, g_gen);
        char got[512] = "", want[512] = "";
        size_t gl = 0, wl = 0;
        int nwant = 0;
        bool same = true;
        while (k->moves[nwant] != NULL) {
            if (nwant >= n || g_gen[nwant].ranks != tu_ranks(k->moves[nwant]))
                same = false;
            if (wl < sizeof want)
                wl += (size_t)snprintf(want + wl, sizeof want - wl, " %s", k->moves[nwant]);
            nwant++;
        }
        if (n != nwant)
            same = false;
        for (int j = 0; j < n && gl < sizeof got; j++)
            gl += (size_t)snprintf(got + gl, sizeof got - gl, " %s", move_text(&g_gen[j]).s);
        if (!same)
            fail_msg("%s %s: hand %s following %s: expected%s; got%s", rules_name(k->rules),
                     use_hint ? "hint" : "generate", k->hand,
                     k->last == NULL ? "NULL" : k->last[0] ? k->last : "pass", want, got);
    }
}

#endif
