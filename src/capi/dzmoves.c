/* dzmoves.c -- DouZero's move lists (douzero/env: move_generator, move_detector,
 * move_selector) reproduced over rank counts: the same moves in the same order, duplicates
 * included, so that a DouZero model sees exactly the rows it was trained on.
 *
 * A DouZero hand is a sorted list of card ints; a move is a sorted list too, so rank counts
 * say everything about it. Three things make the order DouZero's own: single cards come in
 * CPython's set iteration order (set_order below); the other groups come in dict insertion
 * order, ascending for a sorted hand; kickers come from itertools.combinations over the
 * sorted card list, where only consecutive repeats are merged (itertools.groupby), so some
 * kicker sets appear twice. */
#include "ddz/douzero.h"

enum {
    T_PASS, T_SINGLE, T_PAIR, T_TRIPLE, T_BOMB, T_KING_BOMB, T_3_1, T_3_2, T_SERIAL_SINGLE, T_SERIAL_PAIR,
    T_SERIAL_TRIPLE, T_SERIAL_3_1, T_SERIAL_3_2, T_4_2, T_4_22, T_WRONG
};

/* DouZero's card int of each rank: consecutive ints make chains, so 2 and the jokers never join one. */
static const int VALUE[DDZ_RANK_NB] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30};

static inline int cnt(DdzRanks r, int rank) { return ddz_ranks_get(r, rank); }

/* Bit 4r set for each rank r whose count (at most 4) is nonzero, at least 2, at least 3,
 * exactly 3, exactly 4: the counts' bits tested within each nibble. */
#define NIB 0x0111111111111111ull
static inline uint64_t held(DdzRanks r) { return (r | r >> 1 | r >> 2) & NIB; }
static inline uint64_t held2(DdzRanks r) { return (r >> 1 | r >> 2) & NIB; }
static inline uint64_t held3(DdzRanks r) { return ((r & r >> 1) | r >> 2) & NIB; }
static inline uint64_t just3(DdzRanks r) { return r & r >> 1 & NIB; }
static inline uint64_t just4(DdzRanks r) { return r >> 2 & NIB; }

/* The ranks of the bits of such a mask, ascending, into out; returns how many. */
static int bit_ranks(uint64_t bits, int *out)
{
    int n = 0;
    for (; bits; bits &= bits - 1)
        out[n++] = __builtin_ctzll(bits) >> 2;
    return n;
}
static inline int lowest(uint64_t bits) { return bits ? __builtin_ctzll(bits) >> 2 : -1; }
static inline int highest(uint64_t bits) { return bits ? (63 - __builtin_clzll(bits)) >> 2 : -1; }
static inline bool consecutive(int a, int b) { return VALUE[b] - VALUE[a] == 1; }

/* Card i (0-based) of the sorted list of r. */
static int sorted_at(DdzRanks r, int i)
{
    for (int k = 0; k < DDZ_RANK_NB; k++) {
        i -= cnt(r, k);
        if (i < 0)
            return k;
    }
    return -1;
}

/* Whether ranks[0..n) (ascending) are consecutive card ints. */
static bool is_chain(const int *ranks, int n)
{
    for (int i = 0; i + 1 < n; i++)
        if (!consecutive(ranks[i], ranks[i + 1]))
            return false;
    return true;
}

int ddz_dz_move_type(DdzRanks m, int *len)
{
    *len = 1;
    if (m >> 60 || (((m >> 2) & (m | m >> 1)) | m >> 3) & NIB)
        return T_WRONG; /* a count above 4 */
    int size = ddz_ranks_size(m), keys[DDZ_RANK_NB], distinct = bit_ranks(held(m), keys);
    int count_of[5] = {0, __builtin_popcountll(held(m) & ~held2(m)), __builtin_popcountll(held2(m) & ~held3(m)),
                       __builtin_popcountll(just3(m)), __builtin_popcountll(just4(m))};
    if (size == 0)
        return T_PASS;
    if (size == 1)
        return T_SINGLE;
    if (size == 2)
        return distinct == 1 ? T_PAIR : (cnt(m, DDZ_RANK_BJ) && cnt(m, DDZ_RANK_RJ) ? T_KING_BOMB : T_WRONG);
    if (size == 3)
        return distinct == 1 ? T_TRIPLE : T_WRONG;
    if (size == 4) {
        if (distinct == 1)
            return T_BOMB;
        return distinct == 2 && count_of[3] == 1 ? T_3_1 : T_WRONG;
    }
    if (distinct == size && is_chain(keys, distinct)) {
        *len = size;
        return T_SERIAL_SINGLE;
    }
    if (size == 5)
        return distinct == 2 ? T_3_2 : T_WRONG;
    if (size == 6 && (distinct == 2 || distinct == 3) && count_of[4] == 1 && (count_of[2] == 1 || count_of[1] == 2))
        return T_4_2;
    if (size == 8 && (((distinct == 3 || distinct == 2) && count_of[4] == 1 && count_of[2] == 2) || count_of[4] == 2))
        return T_4_22;
    if (distinct == count_of[2] && is_chain(keys, distinct)) {
        *len = distinct;
        return T_SERIAL_PAIR;
    }
    if (distinct == count_of[3] && is_chain(keys, distinct)) {
        *len = distinct;
        return T_SERIAL_TRIPLE;
    }
    if (count_of[3] >= 2) {
        int trios[DDZ_RANK_NB], nt = 0, singles = 0, pairs = 0;
        for (int i = 0; i < distinct; i++) {
            int c = cnt(m, keys[i]);
            if (c == 3)
                trios[nt++] = keys[i];
            else if (c == 1)
                singles++;
            else if (c == 2)
                pairs++;
            else
                return T_WRONG;
        }
        if (is_chain(trios, nt)) {
            if (nt == singles + 2 * pairs) {
                *len = nt;
                return T_SERIAL_3_1;
            }
            if (nt == pairs && distinct == nt * 2) {
                *len = nt;
                return T_SERIAL_3_2;
            }
        }
        if (nt == 4 && (is_chain(trios + 1, 3) || is_chain(trios, 3))) {
            *len = 3;
            return T_SERIAL_3_1;
        }
    }
    return T_WRONG;
}

/* The generator: one hand, the lists MovesGener keeps, and the output. */
typedef struct Gen {
    DdzRanks hand;
    int distinct[DDZ_RANK_NB], nd; /* ranks held, ascending */
    int singles[DDZ_RANK_NB], ns; /* set(cards_list) order */
    int pairs[DDZ_RANK_NB], np;   /* count >= 2, ascending */
    int trios[DDZ_RANK_NB], nt;   /* count >= 3 */
    int fours[DDZ_RANK_NB], nf;   /* count == 4 */
    DdzRanks *out;
    int n;
} Gen;

static void emit(Gen *g, DdzRanks m)
{
    if (g->n < DDZ_DZ_MAX_MOVES)
        g->out[g->n] = m;
    g->n++;
}

/* CPython's iteration order of set(cards) for a sorted card list: a set starts with 8 slots
 * and grows to 32 when a fifth element arrives; ints hash to themselves, so with 32 slots all
 * of 3..30 sit in ascending order. With 8 slots, slot = int & 7, and a taken slot is left
 * for (i * 5 + 1) & 7 (the perturbation of a small hash is spent after one shift). */
static void set_order(Gen *g)
{
    const int *distinct = g->distinct, nd = g->nd;
    g->ns = 0;
    if (nd >= 5) {
        for (int i = 0; i < nd; i++)
            g->singles[g->ns++] = distinct[i];
        return;
    }
    int slot[8];
    for (int i = 0; i < 8; i++)
        slot[i] = -1;
    for (int k = 0; k < nd; k++) {
        unsigned h = (unsigned)VALUE[distinct[k]], perturb = h, i = h & 7;
        while (slot[i] >= 0) {
            perturb >>= 5;
            i = (i * 5 + 1 + perturb) & 7;
        }
        slot[i] = distinct[k];
    }
    for (int i = 0; i < 8; i++)
        if (slot[i] >= 0)
            g->singles[g->ns++] = slot[i];
}

static void gen_init(Gen *g, DdzRanks hand, DdzRanks *out)
{
    g->hand = hand;
    g->out = out;
    g->n = 0;
    g->nd = bit_ranks(held(hand), g->distinct);
    set_order(g);
    g->np = bit_ranks(held2(hand), g->pairs);
    g->nt = bit_ranks(held3(hand), g->trios);
    g->nf = bit_ranks(just4(hand), g->fours);
}

static void gen_singles(Gen *g)
{
    for (int i = 0; i < g->ns; i++)
        emit(g, ddz_ranks_of(g->singles[i], 1));
}
static void gen_groups(Gen *g, const int *ranks, int n, int k)
{
    for (int i = 0; i < n; i++)
        emit(g, ddz_ranks_of(ranks[i], k));
}
static void gen_bombs(Gen *g) { gen_groups(g, g->fours, g->nf, 4); }
static void gen_rocket(Gen *g)
{
    if (cnt(g->hand, DDZ_RANK_BJ) && cnt(g->hand, DDZ_RANK_RJ))
        emit(g, ddz_ranks_of(DDZ_RANK_BJ, 1) | ddz_ranks_of(DDZ_RANK_RJ, 1));
}

static void gen_3_1(Gen *g)
{
    for (int i = 0; i < g->ns; i++)
        for (int j = 0; j < g->nt; j++)
            if (g->singles[i] != g->trios[j])
                emit(g, ddz_ranks_of(g->singles[i], 1) + ddz_ranks_of(g->trios[j], 3));
}

static void gen_3_2(Gen *g)
{
    for (int i = 0; i < g->np; i++)
        for (int j = 0; j < g->nt; j++)
            if (g->pairs[i] != g->trios[j])
                emit(g, ddz_ranks_of(g->pairs[i], 2) + ddz_ranks_of(g->trios[j], 3));
}

/* _gen_serial_moves: runs of consecutive ranks among ranks[0..n) (ascending); every chain of
 * at least min_serial ranks (or exactly repeat_num, when that is at least min_serial) with
 * `repeat` cards of each rank; by run, then length, then start. Into chains[] when given
 * (for the planes), else emitted. Returns the number of chains. */
static int serial(Gen *g, const int *ranks, int n, int min_serial, int repeat, int repeat_num, DdzRanks *chains)
{
    if (repeat_num < min_serial)
        repeat_num = 0;
    int nc = 0;
    for (int start = 0; start < n;) {
        int longest = 1;
        while (start + longest < n && consecutive(ranks[start + longest - 1], ranks[start + longest]))
            longest++;
        int lo = repeat_num ? repeat_num : min_serial, hi = repeat_num ? repeat_num : longest;
        for (int steps = lo; longest >= min_serial && steps <= hi; steps++)
            for (int index = 0; steps + index <= longest; index++) {
                DdzRanks m = 0;
                for (int k = 0; k < steps; k++)
                    m += ddz_ranks_of(ranks[start + index + k], repeat);
                if (chains)
                    chains[nc++] = m;
                else
                    emit(g, m);
            }
        start += longest;
    }
    return nc;
}

/* itertools.combinations(cards, k) over a sorted card list, in index order, each combination
 * as rank counts; a combination equal to the one just before it is dropped, as
 * itertools.groupby does. */
static void combos(Gen *g, DdzRanks base, const int *cards, int m, int k)
{
    int idx[DDZ_RANK_NB + 5];
    if (k > m || k <= 0)
        return;
    for (int i = 0; i < k; i++)
        idx[i] = i;
    DdzRanks prev = ~(DdzRanks)0;
    for (;;) {
        DdzRanks c = 0;
        for (int i = 0; i < k; i++)
            c += ddz_ranks_of(cards[idx[i]], 1);
        if (c != prev)
            emit(g, base + c);
        prev = c;
        int i = k - 1;
        while (i >= 0 && idx[i] == m - k + i)
            i--;
        if (i < 0)
            return;
        idx[i]++;
        for (int j = i + 1; j < k; j++)
            idx[j] = idx[j - 1] + 1;
    }
}

/* The sorted card list of hand without the ranks of `skip` (and without rank `skip_rank`). */
static int card_list(DdzRanks hand, DdzRanks skip, int skip_rank, int *cards)
{
    int m = 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        if (!cnt(skip, r) && r != skip_rank)
            for (int c = cnt(hand, r); c > 0; c--)
                cards[m++] = r;
    return m;
}

static void gen_serial_3_1(Gen *g, int repeat_num)
{
    DdzRanks chains[64];
    int nc = serial(g, g->trios, g->nt, 2, 3, repeat_num, chains);
    for (int i = 0; i < nc; i++) {
        int cards[20], m = card_list(g->hand, chains[i], -1, cards);
        combos(g, chains[i], cards, m, ddz_ranks_size(chains[i]) / 3);
    }
}

static void gen_serial_3_2(Gen *g, int repeat_num)
{
    DdzRanks chains[64];
    int nc = serial(g, g->trios, g->nt, 2, 3, repeat_num, chains);
    for (int i = 0; i < nc; i++) {
        int cand[DDZ_RANK_NB], m = 0, k = ddz_ranks_size(chains[i]) / 3;
        for (int j = 0; j < g->np; j++)
            if (!cnt(chains[i], g->pairs[j]))
                cand[m++] = g->pairs[j];
        /* Distinct ranks: combinations never repeat, and each pair counts twice. */
        int idx[DDZ_RANK_NB];
        if (k > m)
            continue;
        for (int j = 0; j < k; j++)
            idx[j] = j;
        for (;;) {
            DdzRanks c = chains[i];
            for (int j = 0; j < k; j++)
                c += ddz_ranks_of(cand[idx[j]], 2);
            emit(g, c);
            int j = k - 1;
            while (j >= 0 && idx[j] == m - k + j)
                j--;
            if (j < 0)
                break;
            idx[j]++;
            for (int t = j + 1; t < k; t++)
                idx[t] = idx[t - 1] + 1;
        }
    }
}

static void gen_4_2(Gen *g)
{
    for (int i = 0; i < g->nf; i++) {
        int cards[20], m = card_list(g->hand, 0, g->fours[i], cards);
        combos(g, ddz_ranks_of(g->fours[i], 4), cards, m, 2);
    }
}

static void gen_4_22(Gen *g)
{
    for (int i = 0; i < g->nf; i++) {
        int cand[DDZ_RANK_NB], m = 0;
        for (int j = 0; j < g->np; j++)
            if (g->pairs[j] != g->fours[i])
                cand[m++] = g->pairs[j];
        for (int a = 0; a < m; a++)
            for (int b = a + 1; b < m; b++)
                emit(g, ddz_ranks_of(g->fours[i], 4) + ddz_ranks_of(cand[a], 2) + ddz_ranks_of(cand[b], 2));
    }
}

/* move_selector's key of a move of `type`: the card at index 1 (3+1) or 2 (3+2, 4+2) of the
 * sorted move, the highest trio (planes), the highest four (4+2 pairs), else the lowest card. */
static int key(DdzRanks m, int type)
{
    switch (type) {
    case T_3_1: return sorted_at(m, 1);
    case T_3_2:
    case T_4_2: return sorted_at(m, 2);
    case T_SERIAL_3_1:
    case T_SERIAL_3_2: return highest(just3(m));
    case T_4_22: return highest(just4(m));
    default: return lowest(held(m));
    }
}

/* move_selector: keeps, from `from` on, the moves whose key beats the rival's. */
static void filter(Gen *g, int from, int type, DdzRanks rival)
{
    if (g->n > DDZ_DZ_MAX_MOVES)
        return; /* overflowed: reported by the caller */
    int kept = from, beat = key(rival, type);
    for (int i = from; i < g->n; i++)
        if (key(g->out[i], type) > beat)
            g->out[kept++] = g->out[i];
    g->n = kept;
}

static int moves(DdzRanks hand, DdzRanks rival, DdzRanks *out);

int ddz_dz_moves(DdzRanks hand, DdzRanks rival, DdzRanks *out)
{
    const uint64_t h = 0x0888888888888888ull;
    /* Counts of one deck (every nibble at most 4, jokers at most 1) and at most 20 cards. */
    for (int i = 0; i < 2; i++) {
        DdzRanks r = i ? rival : hand;
        if ((r >> 60) || (((DDZ_DECK_RANKS | h) - r) & h) != h || ddz_ranks_size(r) > 20)
            return -1;
    }
    int n = moves(hand, rival, out);
    return n > DDZ_DZ_MAX_MOVES ? -1 : n;
}

static int moves(DdzRanks hand, DdzRanks rival, DdzRanks *out)
{
    Gen g;
    gen_init(&g, hand, out);
    const int *distinct = g.distinct, nd = g.nd;
    int len, type = ddz_dz_move_type(rival, &len);
    switch (type) {
    case T_PASS:
        gen_singles(&g);
        gen_groups(&g, g.pairs, g.np, 2);
        gen_groups(&g, g.trios, g.nt, 3);
        gen_bombs(&g);
        gen_rocket(&g);
        gen_3_1(&g);
        gen_3_2(&g);
        serial(&g, distinct, nd, 5, 1, 0, NULL);
        serial(&g, g.pairs, g.np, 3, 2, 0, NULL);
        serial(&g, g.trios, g.nt, 2, 3, 0, NULL);
        gen_serial_3_1(&g, 0);
        gen_serial_3_2(&g, 0);
        gen_4_2(&g);
        gen_4_22(&g);
        return g.n;
    case T_SINGLE: gen_singles(&g); break;
    case T_PAIR: gen_groups(&g, g.pairs, g.np, 2); break;
    case T_TRIPLE: gen_groups(&g, g.trios, g.nt, 3); break;
    case T_BOMB:
        gen_bombs(&g);
        gen_rocket(&g);
        break;
    case T_KING_BOMB: break;
    case T_3_1: gen_3_1(&g); break;
    case T_3_2: gen_3_2(&g); break;
    case T_SERIAL_SINGLE: serial(&g, distinct, nd, 5, 1, len, NULL); break;
    case T_SERIAL_PAIR: serial(&g, g.pairs, g.np, 3, 2, len, NULL); break;
    case T_SERIAL_TRIPLE: serial(&g, g.trios, g.nt, 2, 3, len, NULL); break;
    case T_SERIAL_3_1: gen_serial_3_1(&g, len); break;
    case T_SERIAL_3_2: gen_serial_3_2(&g, len); break;
    case T_4_2: gen_4_2(&g); break;
    case T_4_22: gen_4_22(&g); break;
    default: break; /* a move DouZero cannot read: only bombs answer it */
    }
    if (type != T_KING_BOMB && type != T_WRONG)
        filter(&g, 0, type, rival);
    if (type != T_BOMB && type != T_KING_BOMB) {
        gen_bombs(&g);
        gen_rocket(&g);
    }
    emit(&g, 0); /* pass */
    return g.n;
}
