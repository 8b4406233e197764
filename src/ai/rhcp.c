/* rhcp.c -- "rhcp": a model of RHCP-v2, the rule-based baseline that DouZero's paper measures
 * itself against and issue 14's yardstick. Written here from the published description of that
 * program (the README of the deecamp2019-group20 RuleBasedModelV2 project and the value table
 * of the article it cites), not from its code; planner.c is this project's other stranger,
 * of its own design. How RHCP-v2 plays, as this file models it:
 *
 *   A hand is scored by its best plan: every way of cutting it into groups (singles, pairs,
 *   trios with or without a kicker, chains, planes with or without wings, four with two,
 *   bombs, the rocket), each group worth a fixed value by its type and top rank (below), less
 *   a penalty for every group. The penalty grows as the game nears its end: 15 - 12 m / 20
 *   points, m the fewest cards an opponent holds (a farmer counts the landlord's, the landlord
 *   the fewer of the farmers'), so that late in a game each group left costs more.
 *   It plays the move whose remaining hand scores best; a move that empties the hand at once.
 *   Following, it passes when keeping the cards is worth more: when the best plan that
 *   contains an answer scores higher whole than without the answer, i.e. the answer's value
 *   exceeds the penalty. It never passes while an opponent holds 4 cards or fewer. It does
 *   not tell its partner from an opponent: a farmer beats its partner's trick as readily as
 *   the landlord's. Bids and doubles (RHCP-v2 has none: DouZero's games are dealt with the
 *   landlord named) are planner's.
 *
 * The values, in points, d being the top rank's value less 10 (3 -> -7 ... A -> 4, 2 -> 5,
 * jokers 6 and 7): a single d; a pair d, or 1.5 d when positive; a trio d, or 2 d; a trio
 * with a kicker d, or 1.5 d; a straight, a pair chain or a bare plane max(0, d / 2) with d its
 * highest rank; a plane with wings the same plus each wing's own value when positive; four
 * with two d; a bomb 9; the rocket 13. Kept here in tenths of a point.
 *
 * Deterministic: the same view gives the same action. */
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "ddz/movegen.h"

#define NRANK 15
#define MEMO_BITS 13

typedef struct RhcpMemo {
    DdzRanks hand; /* 0: empty */
    int pen;
    int score;
} RhcpMemo;

typedef struct Rhcp {
    DdzMove moves[DDZ_MAX_MOVES + 1];
    RhcpMemo *memo;  /* made on first use */
    DdzAgent bidder; /* planner: bids and doubles */
} Rhcp;

/* A plan being cut: the groups that carry nothing, and what can carry or be carried. */
typedef struct Cut {
    int value;  /* the groups' values so far (tenths), trios and bombs counted bare */
    int groups; /* the groups so far, loose singles and pairs not counted */
    uint8_t trio[7], bomb[5], plane_top[4], plane_len[4];
    uint8_t single[20], pair[10]; /* loose, in ascending rank */
    int ntrio, nbomb, nplane, nsingle, npair;
} Cut;

static int dval(int r)
{
    return r - 7; /* 3 is rank 0 and worth 3 - 10 */
}

static int single_value(int r)
{
    return 10 * dval(r);
}

static int pair_value(int r)
{
    int d = dval(r);
    return d > 0 ? 15 * d : 10 * d;
}

static int trio_value(int r, bool kicker)
{
    int d = dval(r);
    return d > 0 ? (kicker ? 15 : 20) * d : 10 * d;
}

static int chain_value(int top)
{
    int d = dval(top);
    return d > 0 ? 5 * d : 0;
}

/* A plan's score: the groups' values less pen for each, once the carriers have taken the
 * kickers that raise it (planes first, then trios, then fours with two; the lowest first). */
static int finish(const Cut *c, int pen)
{
    bool used_s[20] = {false}, used_p[10] = {false};
    int score = c->value - pen * c->groups;
    for (int i = 0; i < c->nsingle; i++)
        score += single_value(c->single[i]) - pen;
    for (int j = 0; j < c->npair; j++)
        score += pair_value(c->pair[j]) - pen;
    for (int k = 0; k < c->nplane; k++) {
        int len = c->plane_len[k], gs = 0, gp = 0, ns = 0, np = 0, si[20], pi[10];
        for (int i = 0; i < c->nsingle && ns < len; i++)
            if (!used_s[i]) {
                gs += (dval(c->single[i]) < 0 ? -single_value(c->single[i]) : 0) + pen;
                si[ns++] = i;
            }
        for (int j = 0; j < c->npair && np < len; j++)
            if (!used_p[j]) {
                gp += (dval(c->pair[j]) < 0 ? -pair_value(c->pair[j]) : 0) + pen;
                pi[np++] = j;
            }
        bool singles = ns == len && (np < len || gs >= gp);
        if (!singles && np < len)
            continue;
        score += singles ? gs : gp;
        for (int n = 0; n < len; n++) {
            if (singles)
                used_s[si[n]] = true;
            else
                used_p[pi[n]] = true;
        }
    }
    for (int k = 0; k < c->ntrio; k++) {
        int i = 0, j = 0;
        while (i < c->nsingle && used_s[i])
            i++;
        while (j < c->npair && used_p[j])
            j++;
        if (i >= c->nsingle && j >= c->npair)
            break;
        bool single = j >= c->npair || (i < c->nsingle && c->single[i] <= c->pair[j]);
        int kv = single ? single_value(c->single[i]) : pair_value(c->pair[j]);
        int gain = trio_value(c->trio[k], true) - trio_value(c->trio[k], false) - kv + pen;
        if (gain <= 0)
            continue;
        score += gain;
        if (single)
            used_s[i] = true;
        else
            used_p[j] = true;
    }
    for (int k = 0; k < c->nbomb; k++) {
        int s[2], p[2], ns = 0, np = 0;
        for (int i = 0; i < c->nsingle && ns < 2; i++)
            if (!used_s[i])
                s[ns++] = i;
        for (int j = 0; j < c->npair && np < 2; j++)
            if (!used_p[j])
                p[np++] = j;
        int four = 10 * dval(c->bomb[k]) - 90 + 2 * pen;
        int gs = ns == 2 ? four - single_value(c->single[s[0]]) - single_value(c->single[s[1]]) : -1;
        int gp = np == 2 ? four - pair_value(c->pair[p[0]]) - pair_value(c->pair[p[1]]) : -1;
        if (gs <= 0 && gp <= 0)
            continue;
        score += gs >= gp ? gs : gp;
        for (int n = 0; n < 2; n++) {
            if (gs >= gp)
                used_s[s[n]] = true;
            else
                used_p[p[n]] = true;
        }
    }
    return score;
}

/* The best plan of counts cnt[] from rank r on. */
static void plan_from(int cnt[NRANK], int r, Cut *c, int pen, int *best, long *budget)
{
    while (r < NRANK && cnt[r] == 0)
        r++;
    if (--*budget < 0)
        return;
    if (r >= NRANK) {
        int score = finish(c, pen);
        if (score > *best)
            *best = score;
        return;
    }
    int n = cnt[r];
    /* Chains from r: straights (5+ ranks of 1), pair chains (3+ of 2), planes (2+ of 3). */
    static const int need[3] = {1, 2, 3}, minlen[3] = {5, 3, 2};
    for (int k = 0; k < 3 && r < DDZ_RANK_2; k++) {
        int len = 0;
        while (r + len < DDZ_RANK_2 && cnt[r + len] >= need[k])
            len++;
        for (int l = minlen[k]; l <= len; l++) {
            if (k == 2 && c->nplane >= 4)
                break;
            for (int q = 0; q < l; q++)
                cnt[r + q] -= need[k];
            Cut save = *c;
            c->groups++;
            c->value += chain_value(r + l - 1);
            if (k == 2) {
                c->plane_top[c->nplane] = (uint8_t)(r + l - 1);
                c->plane_len[c->nplane++] = (uint8_t)l;
            }
            plan_from(cnt, r, c, pen, best, budget);
            *c = save;
            for (int q = 0; q < l; q++)
                cnt[r + q] += need[k];
        }
    }
    /* All of rank r as one group. */
    Cut save = *c;
    cnt[r] = 0;
    if (r == DDZ_RANK_BJ && cnt[DDZ_RANK_RJ]) {
        cnt[DDZ_RANK_RJ] = 0;
        c->groups++;
        c->value += 130;
        plan_from(cnt, r + 2, c, pen, best, budget);
        cnt[DDZ_RANK_RJ] = 1;
    } else if (n >= 4) {
        c->groups++;
        c->value += 90;
        c->bomb[c->nbomb++] = (uint8_t)r;
        plan_from(cnt, r + 1, c, pen, best, budget);
    } else if (n == 3) {
        c->groups++;
        c->value += trio_value(r, false);
        c->trio[c->ntrio++] = (uint8_t)r;
        plan_from(cnt, r + 1, c, pen, best, budget);
    } else if (n == 2) {
        c->pair[c->npair++] = (uint8_t)r;
        plan_from(cnt, r + 1, c, pen, best, budget);
    } else {
        c->single[c->nsingle++] = (uint8_t)r;
        plan_from(cnt, r + 1, c, pen, best, budget);
    }
    cnt[r] = n;
    *c = save;
}

int ddz_rhcp_score(DdzRanks hand, int pen)
{
    if (!hand)
        return 0;
    int cnt[NRANK];
    for (int r = 0; r < NRANK; r++)
        cnt[r] = ddz_ranks_get(hand, (DdzRank)r);
    Cut c;
    memset(&c, 0, sizeof c);
    int best = -(1 << 29);
    long budget = 200000; /* plans tried at most, as planner */
    plan_from(cnt, 0, &c, pen, &best, &budget);
    return best;
}

/* ddz_rhcp_score, remembered by hand and penalty (a search that plays rhcp out asks for the
 * same hands again and again). */
static int score_of(Rhcp *p, DdzRanks hand, int pen)
{
    if (!hand)
        return 0;
    if (!p->memo && !(p->memo = calloc((size_t)1 << MEMO_BITS, sizeof *p->memo)))
        return ddz_rhcp_score(hand, pen);
    uint64_t key = (hand ^ ((uint64_t)pen << 58)) * 0x9E3779B97F4A7C15ull;
    RhcpMemo *slot = &p->memo[key >> (64 - MEMO_BITS)];
    if (slot->hand != hand || slot->pen != pen) {
        slot->hand = hand;
        slot->pen = pen;
        slot->score = ddz_rhcp_score(hand, pen);
    }
    return slot->score;
}

/* The value of a move as a group of a plan (the file's table), in tenths. */
static int move_value(const DdzMove *m)
{
    int top = m->rank + (m->len > 0 ? m->len - 1 : 0);
    switch (m->type) {
    case DDZ_SINGLE:
        return single_value(m->rank);
    case DDZ_PAIR:
        return pair_value(m->rank);
    case DDZ_TRIO:
        return trio_value(m->rank, false);
    case DDZ_TRIO_SINGLE:
    case DDZ_TRIO_PAIR:
        return trio_value(m->rank, true);
    case DDZ_STRAIGHT:
    case DDZ_PAIR_CHAIN:
    case DDZ_PLANE:
        return chain_value(top);
    case DDZ_PLANE_SINGLE:
    case DDZ_PLANE_PAIR: {
        int v = chain_value(top);
        DdzRanks wings = m->ranks;
        for (int q = 0; q < m->len; q++)
            wings -= ddz_ranks_of((DdzRank)(m->rank + q), 3);
        for (int r = 0; r < NRANK; r++) {
            int n = ddz_ranks_get(wings, (DdzRank)r);
            if (n > 0 && dval(r) > 0)
                v += m->type == DDZ_PLANE_PAIR ? (n / 2) * pair_value(r) : n * single_value(r);
        }
        return v;
    }
    case DDZ_BOMB:
        return 90;
    case DDZ_ROCKET:
        return 130;
    default: /* four with two, and the other rule sets' types: the main rank's d */
        return 10 * dval(m->rank);
    }
}

/* The fewest cards an opponent holds: a farmer counts the landlord, the landlord both farmers. */
static int opponent_low(const DdzView *v)
{
    if (v->seat != v->landlord)
        return v->count[v->landlord];
    int low = 99;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (s != v->seat && v->count[s] < low)
            low = v->count[s];
    return low;
}

/* Of moves[0..n) (a pass first when following), the one to play. */
static int choose(Rhcp *p, const DdzView *v, int n)
{
    DdzRanks hand = ddz_cards_ranks(v->hand);
    int size = ddz_ranks_size(hand), low = opponent_low(v);
    int pen = 150 - 6 * (low < 20 ? low : 20);
    bool following = p->moves[0].type == DDZ_PASS;
    int pick = -1, best = 0, keep = 0;
    for (int i = 0; i < n; i++) {
        const DdzMove *m = &p->moves[i];
        if (m->type == DDZ_PASS)
            continue;
        if (m->size == size)
            return i; /* out */
        int rest = score_of(p, hand - m->ranks, pen);
        int whole = rest + move_value(m) - pen; /* the plan that keeps it */
        if (pick < 0 || whole > keep)
            keep = whole;
        /* Ties: more cards, then the earlier (lower) move. */
        if (pick < 0 || rest > best || (rest == best && m->size > p->moves[pick].size)) {
            best = rest;
            pick = i;
        }
    }
    if (pick < 0)
        return 0;
    if (following && low > 4 && keep >= best)
        return 0;
    return pick;
}

static int rhcp_act(void *state, const DdzView *v, DdzAction *out)
{
    Rhcp *p = state;
    if (v->phase == DDZ_PHASE_BID || v->phase == DDZ_PHASE_DOUBLE)
        return p->bidder.act(p->bidder.state, v, out);
    if (v->phase != DDZ_PHASE_PLAY)
        return -1;
    int n = ddz_view_legal_moves(v, p->moves);
    if (n == 0)
        return -1;
    *out = ddz_action_play(v->seat, p->moves[choose(p, v, n)], 0);
    return 0;
}

static void rhcp_free(void *state)
{
    Rhcp *p = state;
    ddz_agent_free(&p->bidder);
    free(p->memo);
    free(p);
}

int ddz_rhcp_agent_new(DdzAgent *a, DdzError *err)
{
    Rhcp *p = malloc(sizeof *p);
    if (!p)
        return ddz_error_set(err, 0, "out of memory");
    p->memo = NULL;
    memset(&p->bidder, 0, sizeof p->bidder);
    if (ddz_planner_agent_new(&p->bidder, err) != 0) {
        free(p);
        return -1;
    }
    a->name = "rhcp";
    a->state = p;
    a->act = rhcp_act;
    a->free = rhcp_free;
    return 0;
}
