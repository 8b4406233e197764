/* planner.c -- "planner": a computer player of another design than the rule agent, kept as
 * an independent yardstick for the levels (issue 14: trust the proxy that predicts play
 * against strangers, not against yourself). It shares no code with rule.c, split.c or
 * search.c; its idea is the hand-combination planning of the rule-based baselines of the Dou
 * Dizhu literature (RHCP), written here from that idea alone:
 *
 *   A hand is planned as the fewest plays: every way of cutting it into bombs, the rocket,
 *   chains (straights, pair chains, planes) and groups of one rank is tried, trios and
 *   planes then carry the lowest singles or pairs as kickers. A plan costs 20 points a play,
 *   less the worth of its plays (a low single is a burden, a bomb an asset).
 *   Leading, it plays the move whose remaining hand plans cheapest (all of the hand if it
 *   can; no bomb unless it is all but done; no single an opponent with one card can beat
 *   if it has a choice). Following, it never beats its partner (unless to go out), and
 *   beats an opponent with the cheapest answer that does not spoil its plan, spoiling it
 *   more as the opponent nears the end; bombs only against an opponent with few cards or
 *   when it is nearly out. It bids by its plan and its high cards and never doubles.
 *
 * Deterministic: the same view gives the same action. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "ddz/movegen.h"

#define PLAY_COST 20
#define PLANNER_BID_PLAYS 4 /* a hand that plans in this many plays bids on its high cards */
#define NRANK 15

/* Plans remembered by the hand they cut: 2^13 slots of 16 bytes, one per hash. */
#define PLAN_MEMO_BITS 13

typedef struct PlanMemo {
    DdzRanks hand; /* 0: empty (no cards cost nothing and are never looked up) */
    int cost;
} PlanMemo;

typedef struct Planner {
    DdzMove moves[DDZ_MAX_MOVES + 1];
    PlanMemo *memo; /* made on first use; without memory every plan is cut again */
} Planner;

/* A plan being built: what is cut so far. */
typedef struct Cut {
    int carriers;       /* trios, and each trio of a plane: each carries one kicker */
    int plays;          /* plays other than singles and pairs */
    int worth;          /* the worth of those plays */
    uint8_t single[20]; /* ranks of the singles and pairs cut, in cutting order (ascending) */
    uint8_t pair[10];
    int nsingle, npair;
} Cut;

/* The worth of a single or pair of rank r left to play alone: low ones are burdens. */
static int loose_worth(int r)
{
    return r >= DDZ_RANK_2 ? 2 * (r - 8) : r - 8;
}

static int finish(const Cut *c)
{
    /* Carriers take the lowest singles and pairs first (they are the burdens). */
    int kick = c->carriers, i = 0, j = 0, worth = c->worth, plays = c->plays;
    while (kick > 0 && (i < c->nsingle || j < c->npair)) {
        bool take_single = j >= c->npair || (i < c->nsingle && c->single[i] <= c->pair[j]);
        int r = take_single ? c->single[i] : c->pair[j];
        if (r >= DDZ_RANK_2)
            break; /* 2s and jokers are kept to win tricks */
        if (take_single)
            i++;
        else
            j++;
        kick--;
    }
    for (; i < c->nsingle; i++, plays++)
        worth += loose_worth(c->single[i]);
    for (; j < c->npair; j++, plays++)
        worth += loose_worth(c->pair[j]);
    return plays * PLAY_COST - worth;
}

/* The cheapest plan of counts cnt[] from rank r on; best is the cheapest found so far. */
static void plan_from(int cnt[NRANK], int r, Cut *c, int *best, long *budget)
{
    while (r < NRANK && cnt[r] == 0)
        r++;
    if (--*budget < 0)
        return;
    if (r >= NRANK) {
        int cost = finish(c);
        if (cost < *best)
            *best = cost;
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
            for (int q = 0; q < l; q++)
                cnt[r + q] -= need[k];
            Cut save = *c;
            c->plays++;
            c->worth += r + l - 8 + (k == 2 ? 4 * l : 2);
            if (k == 2)
                c->carriers += l;
            plan_from(cnt, r, c, best, budget);
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
        c->plays++;
        c->worth += 30; /* the rocket */
        plan_from(cnt, r + 2, c, best, budget);
        cnt[DDZ_RANK_RJ] = 1;
    } else if (n == 4) {
        c->plays++;
        c->worth += 24 + r;
        plan_from(cnt, r + 1, c, best, budget);
    } else if (n == 3) {
        c->plays++;
        c->carriers++;
        c->worth += r - 6;
        plan_from(cnt, r + 1, c, best, budget);
    } else if (n == 2) {
        c->pair[c->npair++] = (uint8_t)r;
        plan_from(cnt, r + 1, c, best, budget);
    } else {
        c->single[c->nsingle++] = (uint8_t)r;
        plan_from(cnt, r + 1, c, best, budget);
    }
    cnt[r] = n;
    *c = save;
}

int ddz_planner_cost(DdzRanks hand)
{
    if (!hand)
        return 0;
    int cnt[NRANK];
    for (int r = 0; r < NRANK; r++)
        cnt[r] = ddz_ranks_get(hand, (DdzRank)r);
    Cut c;
    memset(&c, 0, sizeof c);
    int best = 1 << 29;
    long budget = 200000; /* plans tried at most: a few milliseconds for the worst hand */
    plan_from(cnt, 0, &c, &best, &budget);
    return best;
}

/* ddz_planner_cost, remembered: the cost is a function of the hand alone, and a search that
 * plays planner out (search.c's :mixP, :adapt) asks for the same hands again and again, in
 * every candidate's play-outs of a world and in every world's replay of the history. */
static int plan_cost(Planner *p, DdzRanks hand)
{
    if (!hand)
        return 0;
    if (!p->memo && !(p->memo = calloc((size_t)1 << PLAN_MEMO_BITS, sizeof *p->memo)))
        return ddz_planner_cost(hand);
    PlanMemo *slot = &p->memo[(hand * 0x9E3779B97F4A7C15ull) >> (64 - PLAN_MEMO_BITS)];
    if (slot->hand != hand) {
        slot->hand = hand;
        slot->cost = ddz_planner_cost(hand);
    }
    return slot->cost;
}

/* The highest rank among the cards this seat has not seen (held by the others). */
static int top_unseen(const DdzView *v)
{
    DdzCards seen = v->hand;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        seen |= v->played[s];
    DdzRanks rest = ddz_cards_ranks(ddz_ruleset_deck(v->opt.rules) & ~seen);
    for (int r = NRANK - 1; r >= 0; r--)
        if (ddz_ranks_get(rest, (DdzRank)r))
            return r;
    return -1;
}

static bool is_partner(const DdzView *v, int seat)
{
    return seat != v->seat && seat != v->landlord && v->seat != v->landlord;
}

/* The fewest cards an opponent of this seat holds. */
static int opponent_low(const DdzView *v)
{
    int low = 99;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (s != v->seat && !is_partner(v, s) && v->count[s] < low)
            low = v->count[s];
    return low;
}

static int lead(Planner *p, const DdzView *v, int n)
{
    DdzRanks hand = ddz_cards_ranks(v->hand);
    int size = ddz_ranks_size(hand), low = opponent_low(v), top = top_unseen(v);
    int pick = -1, best = 1 << 30;
    for (int i = 0; i < n; i++) {
        const DdzMove *m = &p->moves[i];
        if (m->size == size)
            return i; /* out */
        int rest = plan_cost(p, hand - m->ranks);
        int cost = rest;
        if (ddz_move_is_bomb(m) && rest > 2 * PLAY_COST)
            cost += 60; /* a bomb leads only to finish */
        if (m->type == DDZ_SINGLE && low == 1 && m->rank < top)
            cost += 50; /* it would let the last card go */
        if (m->type == DDZ_PAIR && low == 2)
            cost += 25;
        /* Ties: more cards, then lower. */
        cost = cost * 64 - m->size;
        if (cost < best) {
            best = cost;
            pick = i;
        }
    }
    return pick;
}

static int follow(Planner *p, const DdzView *v, int n)
{
    DdzRanks hand = ddz_cards_ranks(v->hand);
    int size = ddz_ranks_size(hand);
    for (int i = 0; i < n; i++)
        if (p->moves[i].type != DDZ_PASS && p->moves[i].size == size)
            return i; /* out */
    if (is_partner(v, v->table_seat))
        return 0; /* the partner's trick stands */
    int them = v->count[v->table_seat];
    int now = plan_cost(p, hand);
    int slack = them <= 2 ? 3 * PLAY_COST : them <= 5 ? PLAY_COST : 0;
    int pick = 0, best = now + slack + 1;
    for (int i = 0; i < n; i++) {
        const DdzMove *m = &p->moves[i];
        if (m->type == DDZ_PASS)
            continue;
        int rest = plan_cost(p, hand - m->ranks);
        if (ddz_move_is_bomb(m) && them > 4 && rest > 2 * PLAY_COST)
            continue; /* a bomb for an opponent near the end, or to finish */
        if (rest < best) {
            best = rest;
            pick = i;
        }
    }
    return pick;
}

/* Bids and doubles: the plan and the high cards. */
static int bid_value(Planner *p, const DdzView *v, int kind)
{
    uint8_t vals[4];
    int n = ddz_view_legal_values(v, kind, vals);
    if (n == 0)
        return -1;
    if (kind == DDZ_ACT_DOUBLE)
        return vals[0];
    DdzRanks h = ddz_cards_ranks(v->hand);
    int high = 2 * ddz_ranks_get(h, DDZ_RANK_2) + 3 * ddz_ranks_get(h, DDZ_RANK_BJ) + 4 * ddz_ranks_get(h, DDZ_RANK_RJ);
    for (int r = 0; r < DDZ_RANK_2; r++)
        high += ddz_ranks_get(h, (DdzRank)r) == 4 ? 5 : 0;
    int plays = (plan_cost(p, h) + PLAY_COST / 2) / PLAY_COST;
    int s = high - plays + PLANNER_BID_PLAYS;
    int want = v->opt.bid_mode == DDZ_BID_ROB ? s >= 1 : s >= 4 ? 3 : s >= 2 ? 2 : s >= 0 ? 1 : 0;
    return ddz_ai_value_at_most(vals, n, want);
}

static int planner_act(void *state, const DdzView *v, DdzAction *out)
{
    Planner *p = state;
    if (v->phase == DDZ_PHASE_BID || v->phase == DDZ_PHASE_DOUBLE) {
        int kind = v->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
        int value = bid_value(p, v, kind);
        if (value < 0)
            return -1;
        *out = kind == DDZ_ACT_BID ? ddz_action_bid(v->seat, value) : ddz_action_double(v->seat, value);
        return 0;
    }
    if (v->phase != DDZ_PHASE_PLAY)
        return -1;
    int n = ddz_view_legal_moves(v, p->moves);
    if (n == 0)
        return -1;
    int pick = p->moves[0].type == DDZ_PASS ? follow(p, v, n) : lead(p, v, n);
    if (pick < 0)
        pick = 0;
    *out = ddz_action_play(v->seat, p->moves[pick], 0);
    return 0;
}

static void planner_free(void *state)
{
    Planner *p = state;
    free(p->memo);
    free(p);
}

int ddz_planner_agent_new(DdzAgent *a, DdzError *err)
{
    Planner *p = malloc(sizeof *p);
    if (!p)
        return ddz_error_set(err, 0, "out of memory");
    p->memo = NULL;
    a->name = "planner";
    a->state = p;
    a->act = planner_act;
    a->free = planner_free;
    return 0;
}
