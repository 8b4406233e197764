/* movegen.c -- leading and following move generation, and hint order (RULES.md §5). */
#include "ddz/movegen.h"
#include "bits.h"

/* Generation works on per-count masks of the hand (ge[k]: ranks held at least k times),
 * computed at once from the packed counts. Chains are runs in those masks; kickers are
 * enumerated by a small recursion over candidate "slots" (a rank and how many units of it
 * may be taken), emitting each multiset once in ascending lexicographic order. */

#define CHAIN_RANKS 0x0FFFu

typedef struct Gen {
    DdzMove *out;
    DdzRanks hand;
    unsigned ge[5]; /* ge[k]: ranks held at least k times (all 15 ranks) */
    DdzRuleset rules;
} Gen;

static inline void put(Gen *g, DdzRanks ranks, int type, int rank, int len, int size)
{
    DdzMove *m = g->out++;
    m->ranks = ranks;
    m->type = (uint8_t)type;
    m->rank = (uint8_t)rank;
    m->len = (uint8_t)len;
    m->size = (uint8_t)size;
}

static inline DdzRanks of(int rank, int count) { return (DdzRanks)count << (4 * rank); }

/* Length of the run of set bits of mask starting at bit s. */
static inline int run_from(unsigned mask, int s)
{
    unsigned x = ~(mask >> s);
    return x ? __builtin_ctz(x) : 32;
}

/* Bits s of mask where a run of at least len set bits starts. */
static inline unsigned run_starts(unsigned mask, int len)
{
    unsigned m = mask;
    for (int i = 1; i < len; i++)
        m &= mask >> i;
    return m;
}

/* Kicker slots: take 0..cap units of `rank`; a unit is `unit` cards. A joker slot that
 * stands for "B or R but not both" has alt set: taking its one unit means B, or else R. */
typedef struct Kick {
    uint8_t rank[16];
    uint8_t cap[16];
    uint8_t alt[16];
    uint8_t suffix[17]; /* suffix[i] = sum of cap[i..] */
    int nb;
    int unit;
} Kick;

static inline void kick_add(Kick *k, int rank, int cap, int alt)
{
    if (cap <= 0)
        return;
    k->rank[k->nb] = (uint8_t)rank;
    k->cap[k->nb] = (uint8_t)cap;
    k->alt[k->nb] = (uint8_t)alt;
    k->nb++;
}

static inline void kick_close(Kick *k)
{
    k->suffix[k->nb] = 0;
    for (int i = k->nb - 1; i >= 0; i--)
        k->suffix[i] = (uint8_t)(k->suffix[i + 1] + k->cap[i]);
}

typedef struct Emit {
    int type, rank, len, size;
} Emit;

static void kick_rec(Gen *g, const Kick *k, const Emit *e, int i, int need, DdzRanks acc)
{
    if (need == 0) {
        put(g, acc, e->type, e->rank, e->len, e->size);
        return;
    }
    if (k->suffix[i] < need)
        return;
    int r = k->rank[i];
    if (k->alt[i]) {
        kick_rec(g, k, e, i + 1, need - 1, acc + of(r, k->unit));
        kick_rec(g, k, e, i + 1, need - 1, acc + of(r + 1, k->unit));
        kick_rec(g, k, e, i + 1, need, acc);
        return;
    }
    int top = k->cap[i] < need ? k->cap[i] : need;
    DdzRanks step = of(r, k->unit);
    for (int t = top; t >= 0; t--)
        kick_rec(g, k, e, i + 1, need - t, acc + (DdzRanks)t * step);
}

/* Adds the single-kicker slots of every rank outside `exclude` under the preset's rules.
 * adjacent: ranks where a kicker trio would extend a plane (standard and classic forbid it). */
static void single_slots(const Gen *g, Kick *k, unsigned exclude, unsigned adjacent, int maxtake)
{
    bool distinct = g->rules == DDZ_RULES_BOTZONE;
    bool loose = g->rules == DDZ_RULES_DOUZERO;
    int cap_all = distinct ? 1 : loose ? 4 : 3;
    if (maxtake < cap_all)
        cap_all = maxtake;
    k->nb = 0;
    k->unit = 1;
    for (int r = 0; r <= DDZ_RANK_2; r++) {
        if (exclude >> r & 1)
            continue;
        int cap = count_of(g->hand, r) < cap_all ? count_of(g->hand, r) : cap_all;
        if ((adjacent >> r & 1) && cap > 2)
            cap = 2;
        kick_add(k, r, cap, 0);
    }
    bool b = g->ge[1] >> DDZ_RANK_BJ & 1, rj = g->ge[1] >> DDZ_RANK_RJ & 1;
    bool both_ok = distinct || loose;
    if (b && rj && !both_ok) {
        kick_add(k, DDZ_RANK_BJ, 1, 1);
    } else {
        kick_add(k, DDZ_RANK_BJ, b, 0);
        kick_add(k, DDZ_RANK_RJ, rj, 0);
    }
    kick_close(k);
}

/* Adds one slot (cap 1, unit 2) per pair-able rank outside exclude. */
static void pair_slots(const Gen *g, Kick *k, unsigned exclude)
{
    k->nb = 0;
    k->unit = 2;
    unsigned pairs = g->ge[2] & ~exclude & 0x1FFFu;
    for (; pairs; pairs &= pairs - 1)
        kick_add(k, __builtin_ctz(pairs), 1, 0);
    kick_close(k);
}

/* Step 1. Plain groups: singles, pairs, trios, bombs of rank >= from. */
static void gen_groups(Gen *g, int count, int type, int from)
{
    DdzMove *o = g->out;
    for (unsigned mask = g->ge[count] >> from << from; mask; mask &= mask - 1) {
        int r = __builtin_ctz(mask);
        o->ranks = of(r, count);
        o->type = (uint8_t)type;
        o->rank = (uint8_t)r;
        o->len = 1;
        o->size = (uint8_t)count;
        o++;
    }
    g->out = o;
}

static void gen_trio_kicked(Gen *g, int pair, int from)
{
    unsigned kick = pair ? g->ge[2] & 0x1FFFu : g->ge[1];
    int type = pair ? DDZ_TRIO_PAIR : DDZ_TRIO_SINGLE, unit = pair ? 2 : 1;
    DdzMove *o = g->out;
    for (unsigned trios = (g->ge[3] & 0x1FFFu) >> from << from; trios; trios &= trios - 1) {
        int t = __builtin_ctz(trios);
        DdzRanks base = of(t, 3);
        for (unsigned k = kick & ~(1u << t); k; k &= k - 1) {
            o->ranks = base + of(__builtin_ctz(k), unit);
            o->type = (uint8_t)type;
            o->rank = (uint8_t)t;
            o->len = 1;
            o->size = (uint8_t)(3 + unit);
            o++;
        }
    }
    g->out = o;
}

/* Chains of `count` cards per rank, length minlen..maxlen (fixlen when following), lowest
 * rank >= from. */
static void gen_chain(Gen *g, int count, int type, int minlen, int maxlen, int fixlen, int from)
{
    unsigned mask = g->ge[count] & CHAIN_RANKS;
    if (fixlen)
        minlen = maxlen = fixlen;
    for (unsigned st = run_starts(mask, minlen) >> from << from; st; st &= st - 1) {
        int s = __builtin_ctz(st), run = run_from(mask, s);
        int top = run < maxlen ? run : maxlen;
        DdzRanks cards = 0;
        for (int i = 0; i < minlen - 1; i++)
            cards += of(s + i, count);
        for (int len = minlen; len <= top; len++) {
            cards += of(s + len - 1, count);
            put(g, cards, type, s, len, count * len);
        }
    }
}

/* Planes with kickers: n consecutive trios + n single kickers or n pair kickers. */
__attribute__((noinline)) static void gen_plane_kicked(Gen *g, int pair, int fixn, int from)
{
    unsigned trios = g->ge[3] & CHAIN_RANKS;
    int maxn = pair ? 4 : 5, minn = 2;
    if (fixn)
        minn = maxn = fixn;
    Kick k;
    for (unsigned st = run_starts(trios, minn) >> from << from; st; st &= st - 1) {
        int s = __builtin_ctz(st), run = run_from(trios, s);
        int top = run < maxn ? run : maxn;
        DdzRanks base = 0;
        for (int i = 0; i < minn - 1; i++)
            base += of(s + i, 3);
        for (int n = minn; n <= top; n++) {
            base += of(s + n - 1, 3);
            unsigned chain = ((1u << n) - 1) << s;
            Emit e = {pair ? DDZ_PLANE_PAIR : DDZ_PLANE_SINGLE, s, n, pair ? 5 * n : 4 * n};
            if (pair) {
                pair_slots(g, &k, chain);
            } else {
                unsigned adjacent = 0;
                if (g->rules == DDZ_RULES_STANDARD || g->rules == DDZ_RULES_CLASSIC)
                    adjacent = ((chain << 1) | (chain >> 1)) & ~chain & CHAIN_RANKS;
                single_slots(g, &k, chain, adjacent, n);
            }
            kick_rec(g, &k, &e, 0, n, base);
        }
    }
}

__attribute__((noinline)) static void gen_four_kicked(Gen *g, int pair, int from)
{
    Kick k;
    for (unsigned fours = (g->ge[4] & 0x1FFFu) >> from << from; fours; fours &= fours - 1) {
        int f = __builtin_ctz(fours);
        Emit e = {pair ? DDZ_FOUR_TWO_PAIRS : DDZ_FOUR_TWO, f, 1, pair ? 8 : 6};
        if (pair) {
            pair_slots(g, &k, 1u << f);
        } else {
            bool distinct = g->rules == DDZ_RULES_CLASSIC || g->rules == DDZ_RULES_BOTZONE;
            single_slots(g, &k, 1u << f, 0, distinct ? 1 : 2);
        }
        kick_rec(g, &k, &e, 0, 2, of(f, 4));
    }
}

/* Botzone shuttles: n >= 2 consecutive fours, bare, + 2n singles, or + 2n pairs. */
__attribute__((noinline)) static void gen_shuttle(Gen *g, int type, int fixn, int from)
{
    unsigned fours = g->ge[4] & CHAIN_RANKS;
    int maxn = type == DDZ_SHUTTLE ? 5 : type == DDZ_SHUTTLE_SINGLE ? 3 : 2, minn = 2;
    if (fixn)
        minn = maxn = fixn;
    Kick k;
    for (unsigned st = run_starts(fours, minn) >> from << from; st; st &= st - 1) {
        int s = __builtin_ctz(st), run = run_from(fours, s);
        int top = run < maxn ? run : maxn;
        DdzRanks base = 0;
        for (int i = 0; i < minn - 1; i++)
            base += of(s + i, 4);
        for (int n = minn; n <= top; n++) {
            base += of(s + n - 1, 4);
            unsigned chain = ((1u << n) - 1) << s;
            if (type == DDZ_SHUTTLE) {
                put(g, base, type, s, n, 4 * n);
                continue;
            }
            Emit e = {type, s, n, type == DDZ_SHUTTLE_SINGLE ? 6 * n : 8 * n};
            if (type == DDZ_SHUTTLE_SINGLE)
                single_slots(g, &k, chain, 0, 1);
            else
                pair_slots(g, &k, chain);
            kick_rec(g, &k, &e, 0, 2 * n, base);
        }
    }
}

static void gen_type(Gen *g, int type, int fixlen, int from)
{
    switch (type) {
    case DDZ_SINGLE: gen_groups(g, 1, DDZ_SINGLE, from); break;
    case DDZ_PAIR: gen_groups(g, 2, DDZ_PAIR, from); break;
    case DDZ_TRIO: gen_groups(g, 3, DDZ_TRIO, from); break;
    case DDZ_TRIO_SINGLE: gen_trio_kicked(g, 0, from); break;
    case DDZ_TRIO_PAIR: gen_trio_kicked(g, 1, from); break;
    case DDZ_STRAIGHT: gen_chain(g, 1, DDZ_STRAIGHT, 5, 12, fixlen, from); break;
    case DDZ_PAIR_CHAIN: gen_chain(g, 2, DDZ_PAIR_CHAIN, 3, 10, fixlen, from); break;
    case DDZ_PLANE: gen_chain(g, 3, DDZ_PLANE, 2, 6, fixlen, from); break;
    case DDZ_PLANE_SINGLE: gen_plane_kicked(g, 0, fixlen, from); break;
    case DDZ_PLANE_PAIR: gen_plane_kicked(g, 1, fixlen, from); break;
    case DDZ_FOUR_TWO: gen_four_kicked(g, 0, from); break;
    case DDZ_FOUR_TWO_PAIRS: gen_four_kicked(g, 1, from); break;
    case DDZ_BOMB: gen_groups(g, 4, DDZ_BOMB, from); break;
    case DDZ_ROCKET:
        if ((g->ge[1] >> DDZ_RANK_BJ & 3) == 3)
            put(g, of(DDZ_RANK_BJ, 1) + of(DDZ_RANK_RJ, 1), DDZ_ROCKET, 0, 1, 2);
        break;
    default:
        if (g->rules == DDZ_RULES_BOTZONE)
            gen_shuttle(g, type, fixlen, from);
        break;
    }
}

/* The 48-card game (hubei48) ------------------------------------------------------------
 *
 * Its own generator, so the four 54-card presets keep their straight line. Kicker slots
 * hold up to three cards of a rank (never four: a bomb is no kicker), two next to a plane
 * (a trio there would extend it). Short forms -- a bare trio, a trio + one, a plane with
 * fewer than two cards per trio -- are legal only as the last cards: ddz_moves_generate
 * lists one only when it is the whole hand; ddz_moves_generate_short lists all of them. */

#define MAX48 16 /* cards in a hubei48 move */

/* Slots for the kickers of hubei48: every held rank outside exclude, at most three cards,
 * at most two where a trio would sit next to the plane. */
static void slots_48(const Gen *g, Kick *k, unsigned exclude, unsigned adjacent)
{
    k->nb = 0;
    k->unit = 1;
    for (unsigned held = g->ge[1] & ~exclude & 0x1FFFu; held; held &= held - 1) {
        int r = __builtin_ctz(held), c = count_of(g->hand, r);
        int cap = c > 3 ? 3 : c;
        if ((adjacent >> r & 1) && cap > 2)
            cap = 2;
        kick_add(k, r, cap, 0);
    }
    kick_close(k);
}

/* Every kicker multiset of 1..room cards from k's slots from slot i on, in ascending
 * lexicographic order of ranks (a sequence before its extensions). used: cards already
 * taken of slot i. */
static void kick_upto(Gen *g, const Kick *k, const Emit *e, int i, int used, int room, DdzRanks acc, int size)
{
    for (int j = i; j < k->nb; j++) {
        int u = j == i ? used : 0;
        if (u >= k->cap[j])
            continue;
        DdzRanks a = acc + of(k->rank[j], 1);
        put(g, a, e->type, e->rank, e->len, size + 1);
        if (room > 1)
            kick_upto(g, k, e, j, u + 1, room - 1, a, size + 1);
    }
}

static inline unsigned adjacent_of(unsigned chain)
{
    return ((chain << 1) | (chain >> 1)) & ~chain & CHAIN_RANKS;
}

/* Trio + two cards, trio rank >= from. */
static void gen48_trio_two(Gen *g, int from)
{
    for (unsigned trios = (g->ge[3] & CHAIN_RANKS) >> from << from; trios; trios &= trios - 1) {
        int t = __builtin_ctz(trios);
        DdzRanks base = of(t, 3);
        unsigned kick = g->ge[1] & ~(1u << t) & 0x1FFFu;
        for (unsigned a = kick; a; a &= a - 1) {
            int r = __builtin_ctz(a);
            if (g->ge[2] >> r & 1)
                put(g, base + of(r, 2), DDZ_TRIO_TWO, t, 1, 5);
            for (unsigned b = a & (a - 1); b; b &= b - 1)
                put(g, base + of(r, 1) + of(__builtin_ctz(b), 1), DDZ_TRIO_TWO, t, 1, 5);
        }
    }
}

/* Planes with kickers: n trios + 2n cards (plane_two, n = 2..3 within 16 cards), or with
 * 1..2n-1 cards (short: every one when all is set, else none). */
static void gen48_plane(Gen *g, int type, int fixn, int from)
{
    unsigned trios = g->ge[3] & CHAIN_RANKS;
    int minn = fixn ? fixn : 2, maxn = fixn ? fixn : 5;
    Kick k;
    for (unsigned st = run_starts(trios, minn) >> from << from; st; st &= st - 1) {
        int s = __builtin_ctz(st), run = run_from(trios, s);
        int top = run < maxn ? run : maxn;
        DdzRanks base = 0;
        for (int i = 0; i < minn - 1; i++)
            base += of(s + i, 3);
        for (int n = minn; n <= top; n++) {
            base += of(s + n - 1, 3);
            unsigned chain = ((1u << n) - 1) << s;
            Emit e = {type, s, n, 3 * n};
            if (type == DDZ_PLANE_TWO) {
                if (5 * n > MAX48)
                    break;
                e.size = 5 * n;
                slots_48(g, &k, chain, adjacent_of(chain));
                kick_rec(g, &k, &e, 0, 2 * n, base);
            } else {
                int room = 2 * n - 1 < MAX48 - 3 * n ? 2 * n - 1 : MAX48 - 3 * n;
                if (room < 1)
                    break;
                slots_48(g, &k, chain, adjacent_of(chain));
                kick_upto(g, &k, &e, 0, 0, room, base, 3 * n);
            }
        }
    }
}

/* Four + 1..3 cards (size 0: every size; else exactly size cards), four's rank >= from. */
static void gen48_four_with(Gen *g, int size, int from)
{
    Kick k;
    for (unsigned fours = (g->ge[4] & 0x1FFFu) >> from << from; fours; fours &= fours - 1) {
        int f = __builtin_ctz(fours);
        Emit e = {DDZ_FOUR_WITH, f, 1, size};
        slots_48(g, &k, 1u << f, 0);
        if (size)
            kick_rec(g, &k, &e, 0, size - 4, of(f, 4));
        else
            kick_upto(g, &k, &e, 0, 0, 3, of(f, 4), 4);
    }
}

/* Short trios held by the hand: the bare trio, then trio + one card. */
static void gen48_trio_short(Gen *g)
{
    for (unsigned trios = g->ge[3] & CHAIN_RANKS; trios; trios &= trios - 1) {
        int t = __builtin_ctz(trios);
        put(g, of(t, 3), DDZ_TRIO_SHORT, t, 1, 3);
        for (unsigned a = g->ge[1] & ~(1u << t) & 0x1FFFu; a; a &= a - 1)
            put(g, of(t, 3) + of(__builtin_ctz(a), 1), DDZ_TRIO_SHORT, t, 1, 4);
    }
}

__attribute__((noinline)) static int generate_48(Gen *g, DdzRanks hand, const DdzMove *last, DdzMove *out)
{
    if (!last || last->type == DDZ_PASS) {
        DdzMove whole[DDZ_MAX_READINGS];
        bool trios = g->ge[3] != 0;
        int nw = trios ? ddz_move_classify(hand, DDZ_RULES_HUBEI48, whole) : 0;
        bool whole_short = nw == 1 && ddz_move_is_short(&whole[0]);
        gen_groups(g, 1, DDZ_SINGLE, 0);
        gen_groups(g, 2, DDZ_PAIR, 0);
        gen_chain(g, 1, DDZ_STRAIGHT, 5, 12, 0, 0);
        gen_chain(g, 2, DDZ_PAIR_CHAIN, 2, MAX48 / 2, 0, 0);
        if (trios)
            gen_chain(g, 3, DDZ_PLANE, 2, MAX48 / 3, 0, 0);
        if (g->ge[4]) {
            gen_four_kicked(g, 1, 0);
            gen_groups(g, 4, DDZ_BOMB, 0);
        }
        if (whole_short && whole[0].type == DDZ_TRIO_SHORT)
            *g->out++ = whole[0];
        if (trios)
            gen48_trio_two(g, 0);
        if (whole_short && whole[0].type == DDZ_PLANE_SHORT)
            *g->out++ = whole[0];
        if (trios)
            gen48_plane(g, DDZ_PLANE_TWO, 0, 0);
        if (g->ge[4])
            gen48_four_with(g, 0, 0);
        return (int)(g->out - out);
    }
    int from = last->rank + 1;
    switch (last->type) {
    case DDZ_SINGLE: gen_groups(g, 1, DDZ_SINGLE, from); break;
    case DDZ_PAIR: gen_groups(g, 2, DDZ_PAIR, from); break;
    case DDZ_STRAIGHT: gen_chain(g, 1, DDZ_STRAIGHT, 5, 12, last->len, from); break;
    case DDZ_PAIR_CHAIN: gen_chain(g, 2, DDZ_PAIR_CHAIN, 2, MAX48 / 2, last->len, from); break;
    case DDZ_PLANE: gen_chain(g, 3, DDZ_PLANE, 2, MAX48 / 3, last->len, from); break;
    case DDZ_FOUR_TWO_PAIRS: gen_four_kicked(g, 1, from); break;
    case DDZ_BOMB: break;
    default: break;
    }
    gen_groups(g, 4, DDZ_BOMB, last->type == DDZ_BOMB ? from : 0);
    switch (last->type) {
    case DDZ_TRIO_SHORT: case DDZ_TRIO_TWO: gen48_trio_two(g, from); break;
    case DDZ_PLANE_SHORT: case DDZ_PLANE_TWO: gen48_plane(g, DDZ_PLANE_TWO, last->len, from); break;
    case DDZ_FOUR_WITH: gen48_four_with(g, last->size, from); break;
    default: break;
    }
    return (int)(g->out - out);
}

int ddz_moves_generate_short(DdzRanks hand, DdzRuleset rules, DdzMove *out)
{
    if (rules != DDZ_RULES_HUBEI48)
        return 0;
    Gen g;
    g.out = out;
    g.rules = rules;
    g.hand = hand;
    count_masks(hand, g.ge);
    gen48_trio_short(&g);
    gen48_plane(&g, DDZ_PLANE_SHORT, 0, 0);
    return (int)(g.out - out);
}

int ddz_moves_generate(DdzRanks hand, const DdzMove *last, DdzRuleset rules, DdzMove *out)
{
    Gen g;
    g.out = out;
    g.rules = rules;
    g.hand = hand;
    count_masks(hand, g.ge);
    if (rules == DDZ_RULES_HUBEI48)
        return generate_48(&g, hand, last, out);
    if (!last || last->type == DDZ_PASS) {
        /* Straight-line, in type order, skipping families the hand cannot make; the
         * kicker generators stay out of line so this frame stays small. */
        bool trios = g.ge[3] != 0, fours = g.ge[4] != 0;
        gen_groups(&g, 1, DDZ_SINGLE, 0);
        gen_groups(&g, 2, DDZ_PAIR, 0);
        if (trios) {
            gen_groups(&g, 3, DDZ_TRIO, 0);
            gen_trio_kicked(&g, 0, 0);
            gen_trio_kicked(&g, 1, 0);
        }
        if (run_starts(g.ge[1] & CHAIN_RANKS, 5))
            gen_chain(&g, 1, DDZ_STRAIGHT, 5, 12, 0, 0);
        if (run_starts(g.ge[2] & CHAIN_RANKS, 3))
            gen_chain(&g, 2, DDZ_PAIR_CHAIN, 3, 10, 0, 0);
        if (run_starts(g.ge[3] & CHAIN_RANKS, 2)) {
            gen_chain(&g, 3, DDZ_PLANE, 2, 6, 0, 0);
            gen_plane_kicked(&g, 0, 0, 0);
            gen_plane_kicked(&g, 1, 0, 0);
        }
        if (fours) {
            gen_four_kicked(&g, 0, 0);
            gen_four_kicked(&g, 1, 0);
            gen_groups(&g, 4, DDZ_BOMB, 0);
        }
        gen_type(&g, DDZ_ROCKET, 0, 0);
        if (rules == DDZ_RULES_BOTZONE && run_starts(g.ge[4] & CHAIN_RANKS, 2))
            for (int t = DDZ_SHUTTLE; t <= DDZ_SHUTTLE_PAIR; t++)
                gen_shuttle(&g, t, 0, 0);
        return (int)(g.out - out);
    }
    switch (last->type) {
    case DDZ_ROCKET:
        break;
    case DDZ_BOMB:
        gen_groups(&g, 4, DDZ_BOMB, last->rank + 1);
        gen_type(&g, DDZ_ROCKET, 0, 0);
        break;
    default: {
        /* Same type first, then bombs and the rocket -- except botzone's shuttles, which
         * come after the rocket in type order. */
        bool chain = ddz_move_type_is_chain(last->type);
        if (last->type < DDZ_SHUTTLE)
            gen_type(&g, last->type, chain ? last->len : 0, last->rank + 1);
        gen_groups(&g, 4, DDZ_BOMB, 0);
        gen_type(&g, DDZ_ROCKET, 0, 0);
        if (last->type >= DDZ_SHUTTLE)
            gen_type(&g, last->type, last->len, last->rank + 1);
        break;
    }
    }
    return (int)(g.out - out);
}

/* Hint order --------------------------------------------------------------------------------
 *
 * Key, most significant first: class (0 ordinary, 1 bomb, 2 rocket) | broken combinations
 * (6 bits) | comparison rank (4) | sum of the ranks of all cards, which orders kickers (9) |
 * type (5) | chain length (5). Equal keys fall back to the cards' packed counts. */

uint64_t ddz_move_hint_key(DdzRanks hand, const DdzMove *m)
{
    uint64_t cls = m->type == DDZ_ROCKET ? 2 : m->type == DDZ_BOMB ? 1 : 0;
    unsigned broken = 0, sum = 0;
    for (int r = 0; r < DDZ_RANK_BJ; r++) {
        unsigned used = (unsigned)((m->ranks >> (4 * r)) & 15), held = (unsigned)((hand >> (4 * r)) & 15);
        sum += used * (unsigned)r;
        if (used && used < held)
            broken += held == 4 ? 3 : 1;
    }
    unsigned bj = (unsigned)((m->ranks >> (4 * DDZ_RANK_BJ)) & 1), rj = (unsigned)((m->ranks >> (4 * DDZ_RANK_RJ)) & 1);
    sum += bj * DDZ_RANK_BJ + rj * DDZ_RANK_RJ;
    if (bj + rj == 1 && ((hand >> (4 * DDZ_RANK_BJ)) & 1) && ((hand >> (4 * DDZ_RANK_RJ)) & 1))
        broken += 3;
    if (broken > 63)
        broken = 63;
    return cls << 62 | (uint64_t)broken << 56 | (uint64_t)m->rank << 52 | (uint64_t)sum << 43 |
           (uint64_t)m->type << 38 | (uint64_t)m->len << 33;
}

static inline bool hint_less(DdzRanks hand, const DdzMove *a, const DdzMove *b)
{
    uint64_t ka = ddz_move_hint_key(hand, a), kb = ddz_move_hint_key(hand, b);
    return ka != kb ? ka < kb : a->ranks < b->ranks;
}

static void sift_down(DdzRanks hand, DdzMove *v, int root, int n)
{
    for (;;) {
        int child = 2 * root + 1;
        if (child >= n)
            return;
        if (child + 1 < n && hint_less(hand, &v[child], &v[child + 1]))
            child++;
        if (!hint_less(hand, &v[root], &v[child]))
            return;
        DdzMove t = v[root];
        v[root] = v[child];
        v[child] = t;
        root = child;
    }
}

int ddz_moves_hint(DdzRanks hand, const DdzMove *last, DdzRuleset rules, DdzMove *out)
{
    int n = ddz_moves_generate(hand, last, rules, out);
    /* Heap sort: in place, no allocation; the order is total, so the result is unique. */
    for (int i = n / 2 - 1; i >= 0; i--)
        sift_down(hand, out, i, n);
    for (int end = n - 1; end > 0; end--) {
        DdzMove t = out[0];
        out[0] = out[end];
        out[end] = t;
        sift_down(hand, out, 0, end);
    }
    return n;
}
