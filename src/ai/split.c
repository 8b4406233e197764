/* split.c -- hand splitting (拆牌): an exact search for the split of a hand into the fewest
 * legal plays, best value first among equals, memoised over rank counts. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/split.h"

/* Memo table layout.
 *
 * The result for a sub-hand depends only on its rank counts and the preset (never on the
 * hand it came from), so one table serves every call of a splitter. It is a 4-way
 * set-associative cache of 16-byte entries: the key's hash picks a set of four; a miss
 * replaces the entry of the set with the fewest cards, the cheapest to compute again. Keys
 * are rank counts, never 0 (the empty hand is answered without the table), so key 0 marks
 * an empty slot. */
typedef struct Memo {
    DdzRanks key;
    int16_t value;
    uint8_t plays;
    uint8_t size;
} Memo;

#define MEMO_WAYS 4

/* Moves bucketed by lowest rank.
 *
 * The search takes, at each step, a move holding the lowest rank r0 of what is left: every
 * split has exactly one part holding a given card of r0, so trying all of them is exact,
 * and it visits each split once per order of its parts' lowest ranks instead of once per
 * permutation. The moves of any sub-hand S of a hand H are the moves of H that S contains
 * (the legality of a card set does not depend on the rest of the hand), so the moves of one
 * "base" hand, grouped by lowest rank, serve every sub-hand of it. */
struct DdzSplitter {
    DdzRuleset rules;
    int play_cost;      /* 0: fewest plays, then value; else value - play_cost * plays */
    int bits;
    Memo *memo;
    DdzRanks base;      /* the hand whose moves are bucketed; 0 before the first call */
    int base_size;
    int start[DDZ_RANK_NB + 1]; /* bucket r: move[start[r] .. start[r + 1]) */
    DdzMove move[DDZ_MAX_MOVES];
    int16_t val[DDZ_MAX_MOVES];
    DdzMove scratch[DDZ_MAX_MOVES];
};

typedef struct Score {
    int plays, value;
} Score;

/* a is better than b: fewer plays, then more value; or with a play cost, more worth, then
 * fewer plays. */
static inline bool better(Score a, Score b, int play_cost)
{
    if (play_cost) {
        int wa = a.value - play_cost * a.plays, wb = b.value - play_cost * b.plays;
        if (wa != wb)
            return wa > wb;
    }
    return a.plays != b.plays ? a.plays < b.plays : a.value > b.value;
}

static inline int lowest_rank(DdzRanks r) { return __builtin_ctzll(r) >> 2; }

static inline DdzRanks memo_hash(DdzRanks key, int bits)
{
    return (key * 0x9E3779B97F4A7C15ull) >> (64 - bits);
}

DdzSplitter *ddz_splitter_new(DdzRuleset rules, int play_cost, int memo_bits)
{
    if (memo_bits == 0)
        memo_bits = 16;
    if (memo_bits < 10 || memo_bits > 26 || (unsigned)rules >= DDZ_RULES_NB || play_cost < 0 || play_cost > 100)
        return NULL;
    DdzSplitter *sp = malloc(sizeof *sp);
    if (!sp)
        return NULL;
    sp->memo = calloc((size_t)1 << memo_bits, sizeof *sp->memo);
    if (!sp->memo) {
        free(sp);
        return NULL;
    }
    sp->rules = rules;
    sp->play_cost = play_cost;
    sp->bits = memo_bits;
    sp->base = 0;
    sp->base_size = 0;
    return sp;
}

void ddz_splitter_free(DdzSplitter *sp)
{
    if (!sp)
        return;
    free(sp->memo);
    free(sp);
}

DdzRuleset ddz_splitter_rules(const DdzSplitter *sp) { return sp->rules; }

int ddz_splitter_play_cost(const DdzSplitter *sp) { return sp->play_cost; }

int ddz_split_part_value(const DdzMove *m)
{
    /* Ranks 3..A count -10..1; a 2, the small and the big joker, which win most tricks,
     * count more than their place in the order. */
    static const int8_t card[DDZ_RANK_NB] = {-10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 4, 6, 8};
    int top = m->rank + m->len - 1;
    switch (m->type) {
    case DDZ_SINGLE:
    case DDZ_PAIR:
        return card[m->rank];
    case DDZ_TRIO:
    case DDZ_TRIO_SINGLE:
    case DDZ_TRIO_PAIR:
    case DDZ_TRIO_SHORT:
    case DDZ_TRIO_TWO:
        return card[m->rank] + 1;
    case DDZ_STRAIGHT:
        return card[top] + 1 + (m->len - 5) / 2;
    case DDZ_PAIR_CHAIN:
        return card[top] + 1 + (m->len - 3) / 2;
    case DDZ_PLANE:
    case DDZ_PLANE_SINGLE:
    case DDZ_PLANE_PAIR:
    case DDZ_PLANE_SHORT:
    case DDZ_PLANE_TWO:
        return card[top] + 2 + (m->len - 2);
    case DDZ_FOUR_TWO:
    case DDZ_FOUR_TWO_PAIRS:
    case DDZ_FOUR_WITH:
        return card[m->rank] + 3;
    case DDZ_SHUTTLE:
    case DDZ_SHUTTLE_SINGLE:
    case DDZ_SHUTTLE_PAIR:
        return card[top] + 4 + (m->len - 2);
    case DDZ_BOMB:
        return 12 + m->rank / 2;
    case DDZ_ROCKET:
        return 20;
    default:
        return 0;
    }
}

bool ddz_split_part_is_control(const DdzMove *m)
{
    if (ddz_move_is_bomb(m))
        return true;
    switch (m->type) {
    case DDZ_SINGLE:
    case DDZ_PAIR:
    case DDZ_TRIO:
    case DDZ_TRIO_SINGLE:
    case DDZ_TRIO_PAIR:
        return m->rank >= DDZ_RANK_2;
    default:
        return false;
    }
}

/* Whether every count is one the preset's deck holds (54 cards: suited ranks at most 4,
 * jokers at most 1). */
static bool counts_ok(DdzRanks r, DdzRuleset rules)
{
    if ((r >> (4 * DDZ_RANK_NB)) != 0)
        return false;
    for (int k = 0; k < DDZ_RANK_NB; k++)
        if (ddz_ranks_get(r, k) > ddz_ranks_get(ddz_ruleset_deck_ranks(rules), k))
            return false;
    return true;
}

/* Makes `hand` the base: its moves, bucketed by lowest rank (a counting sort that keeps
 * generation order inside each bucket, so ties break the same way for every base). */
static void prepare(DdzSplitter *sp, DdzRanks hand)
{
    int n = ddz_moves_generate(hand, NULL, sp->rules, sp->scratch);
    if (ddz_ruleset_is_48(sp->rules)) {
        /* Every short form is a part (at most one per split); the whole hand's is listed. */
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!ddz_move_is_short(&sp->scratch[i]))
                sp->scratch[k++] = sp->scratch[i];
        n = k + ddz_moves_generate_short(hand, sp->rules, sp->scratch + k);
    }
    int count[DDZ_RANK_NB + 1] = {0};
    for (int i = 0; i < n; i++)
        count[lowest_rank(sp->scratch[i].ranks) + 1]++;
    sp->start[0] = 0;
    for (int r = 0; r < DDZ_RANK_NB; r++)
        sp->start[r + 1] = sp->start[r] + count[r + 1];
    int fill[DDZ_RANK_NB];
    memcpy(fill, sp->start, sizeof fill);
    for (int i = 0; i < n; i++) {
        int k = fill[lowest_rank(sp->scratch[i].ranks)]++;
        sp->move[k] = sp->scratch[i];
        sp->val[k] = (int16_t)ddz_split_part_value(&sp->scratch[i]);
    }
    sp->base = hand;
    sp->base_size = ddz_ranks_size(hand);
}

/* Uses the current base when it holds `hand` and is not much larger (a large base makes
 * every bucket scan longer); otherwise makes `hand` the base. */
static void ensure_base(DdzSplitter *sp, DdzRanks hand)
{
    if (sp->base && ddz_ranks_contains(sp->base, hand) && ddz_ranks_size(hand) + 8 >= sp->base_size)
        return;
    prepare(sp, hand);
}

/* The memo key of sub-hand s: with bit 63 when a short form (hubei48) may still be a part. */
#define SHORT_OK ((DdzRanks)1 << 63)

static Score search(DdzSplitter *sp, DdzRanks s)
{
    if (!(s & ~SHORT_OK))
        return (Score){0, 0};
    Memo *set = sp->memo + (memo_hash(s, sp->bits) & ~(DdzRanks)(MEMO_WAYS - 1));
    for (int w = 0; w < MEMO_WAYS; w++)
        if (set[w].key == s)
            return (Score){set[w].plays, set[w].value};
    DdzRanks flag = s & SHORT_OK, cards = s & ~SHORT_OK;
    int r0 = lowest_rank(cards);
    Score best = {1000, 0};
    for (int i = sp->start[r0]; i < sp->start[r0 + 1]; i++) {
        const DdzMove *m = &sp->move[i];
        if (!ddz_ranks_contains(cards, m->ranks))
            continue;
        bool is_short = ddz_move_is_short(m);
        if (is_short && !flag)
            continue;
        Score sub = search(sp, (cards - m->ranks) | (is_short ? 0 : flag));
        Score cand = {sub.plays + 1, sub.value + sp->val[i]};
        if (better(cand, best, sp->play_cost))
            best = cand;
    }
    /* Every single card is a move, so some move always holds r0 and best is set. */
    int size = ddz_ranks_size(cards), victim = 0;
    for (int w = 0; w < MEMO_WAYS; w++) {
        if (!set[w].key) {
            victim = w;
            break;
        }
        if (set[w].size < set[victim].size)
            victim = w;
    }
    set[victim] = (Memo){s, (int16_t)best.value, (uint8_t)best.plays, (uint8_t)size};
    return best;
}

/* hubei48: one short form (a trio or plane with fewer than two cards each, legal as the
 * last play) may be a part of a split. */
static inline DdzRanks root_flag(const DdzSplitter *sp) { return ddz_ruleset_is_48(sp->rules) ? SHORT_OK : 0; }

int ddz_split_eval(DdzSplitter *sp, DdzRanks hand, int *value)
{
    if (!counts_ok(hand, sp->rules) || ddz_ranks_size(hand) > DDZ_SPLIT_MAX_CARDS)
        return -1;
    if (!hand) {
        if (value)
            *value = 0;
        return 0;
    }
    ensure_base(sp, hand);
    Score s = search(sp, hand | root_flag(sp));
    if (value)
        *value = s.value;
    return s.plays;
}

int ddz_split_best(DdzSplitter *sp, DdzRanks hand, DdzSplit *out)
{
    memset(out, 0, sizeof *out);
    if (!counts_ok(hand, sp->rules) || ddz_ranks_size(hand) > DDZ_SPLIT_MAX_CARDS)
        return -1;
    if (!hand)
        return 0;
    ensure_base(sp, hand);
    DdzRanks flag = root_flag(sp);
    Score goal = search(sp, hand | flag);
    out->value = goal.value;
    /* Walk down: at each step take the first move (in bucket order) whose rest reaches the
     * remaining goal; that is the move the search chose. */
    DdzRanks s = hand;
    while (s) {
        int r0 = lowest_rank(s), i;
        for (i = sp->start[r0]; i < sp->start[r0 + 1]; i++) {
            const DdzMove *m = &sp->move[i];
            if (!ddz_ranks_contains(s, m->ranks) || (ddz_move_is_short(m) && !flag))
                continue;
            Score sub = search(sp, (s - m->ranks) | (ddz_move_is_short(m) ? 0 : flag));
            if (sub.plays + 1 == goal.plays && sub.value + sp->val[i] == goal.value)
                break;
        }
        assert(i < sp->start[r0 + 1]);
        if (ddz_move_is_short(&sp->move[i]))
            flag = 0;
        out->part[out->plays++] = sp->move[i];
        goal.plays--;
        goal.value -= sp->val[i];
        s -= sp->move[i].ranks;
    }
    return out->plays;
}
