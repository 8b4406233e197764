/* easy.c -- the "easy" computer player: a beginner who plays its smallest move that beats
 * the table (as greedy does) but bids and doubles from a rough count of its high cards. */
#include <stdio.h>
#include <stdlib.h>

#include "ddz/ai.h"

typedef struct Easy {
    DdzMove moves[DDZ_MAX_MOVES + 1];
} Easy;

int ddz_easy_strength(DdzCards hand)
{
    DdzRanks r = ddz_cards_ranks(hand);
    int s = 4 * ddz_ranks_get(r, DDZ_RANK_RJ) + 3 * ddz_ranks_get(r, DDZ_RANK_BJ) + 2 * ddz_ranks_get(r, DDZ_RANK_2);
    for (int k = 0; k < DDZ_RANK_2; k++)
        s += ddz_ranks_get(r, k) == 4 ? 5 : 0;
    int aces = ddz_ranks_get(r, DDZ_RANK_A);
    return s + (aces >= 3 ? 2 : aces / 2);
}

int ddz_easy_value(const DdzView *v, int kind)
{
    uint8_t vals[4];
    int n = ddz_view_legal_values(v, kind, vals);
    if (n == 0)
        return -1;
    int s = ddz_easy_strength(v->hand), want;
    if (kind == DDZ_ACT_BID) {
        if (v->opt.bid_mode == DDZ_BID_ROB)
            want = s >= (v->bid ? 8 : 5);
        else
            want = s >= 10 ? 3 : s >= 7 ? 2 : s >= 5 ? 1 : 0;
    } else if (v->opt.double_mode == DDZ_DOUBLE_APP) {
        want = s >= 13 ? 2 : s >= 9;
    } else {
        want = s >= (v->landlord == v->seat ? 12 : 10);
    }
    /* In points mode a wish not above the best bid so far is a pass. */
    return ddz_ai_value_at_most(vals, n, want);
}

static int easy_act(void *state, const DdzView *v, DdzAction *out)
{
    Easy *e = state;
    if (v->phase == DDZ_PHASE_BID || v->phase == DDZ_PHASE_DOUBLE) {
        int kind = v->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
        int value = ddz_easy_value(v, kind);
        if (value < 0)
            return -1;
        *out = kind == DDZ_ACT_BID ? ddz_action_bid(v->seat, value) : ddz_action_double(v->seat, value);
        return 0;
    }
    if (v->phase != DDZ_PHASE_PLAY)
        return -1;
    int n = ddz_view_legal_moves(v, e->moves);
    if (n == 0)
        return -1;
    /* The smallest move that beats the table; pass only when there is none. */
    int pick = n > 1 && e->moves[0].type == DDZ_PASS ? 1 : 0;
    *out = ddz_action_play(v->seat, e->moves[pick], 0);
    return 0;
}

int ddz_easy_agent_new(DdzAgent *a, DdzError *err)
{
    Easy *e = malloc(sizeof *e);
    if (!e) {
        if (err) {
            err->pos = 0;
            snprintf(err->msg, sizeof err->msg, "out of memory");
        }
        return -1;
    }
    a->name = "easy";
    a->state = e;
    a->act = easy_act;
    a->free = free;
    return 0;
}
