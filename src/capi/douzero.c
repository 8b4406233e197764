/* douzero.c -- DouZero's GameEnv flow (douzero/env/game.py) and get_obs encoding
 * (douzero/env/env.py) over rank counts, written from the published encoding (Zha et al.
 * 2021, Table 4): every array entry is the value DouZero computes, in its order. */
#include <stdio.h>
#include <string.h>

#include "ddz/douzero.h"

size_t ddz_dz_size(void) { return sizeof(DdzDzGame); }

static bool counts_ok(DdzRanks r)
{
    const uint64_t h = 0x0888888888888888ull;
    return !(r >> 60) && (((DDZ_DECK_RANKS | h) - r) & h) == h;
}

int ddz_dz_init(DdzDzGame *g, const DdzRanks hands[DDZ_DZ_POS_NB], DdzRanks three, DdzError *err)
{
    static const char *const NAME[DDZ_DZ_POS_NB] = {"landlord", "landlord_down", "landlord_up"};
    DdzRanks all = 0;
    for (int p = 0; p < DDZ_DZ_POS_NB; p++) {
        int max = p == DDZ_DZ_LANDLORD ? 20 : 17, n = ddz_ranks_size(hands[p]);
        if (!counts_ok(hands[p]) || n < 1 || n > max)
            return ddz_error_set(err, 0, "%s: a hand of 1 to %d cards of one deck is needed", NAME[p], max);
        all += hands[p];
        if (!counts_ok(all))
            return ddz_error_set(err, 0, "%s: more copies of a card than one deck holds, with the hands before",
                                 NAME[p]);
    }
    if (!counts_ok(three) || ddz_ranks_size(three) > 3)
        return ddz_error_set(err, 0, "three_landlord_cards: at most 3 cards of one deck");
    memset(g, 0, sizeof *g);
    memcpy(g->hand, hands, sizeof g->hand);
    g->three = three;
    g->acting = DDZ_DZ_LANDLORD;
    g->last_pid = DDZ_DZ_LANDLORD;
    return 0;
}

DdzRanks ddz_dz_rival(const DdzDzGame *g)
{
    if (g->nseq == 0)
        return 0;
    DdzRanks last = g->seq[(g->nseq - 1) & DDZ_DZ_SEQ];
    if (last != 0 || g->nseq < 2)
        return last;
    return g->seq[(g->nseq - 2) & DDZ_DZ_SEQ];
}

int ddz_dz_legal(const DdzDzGame *g, DdzRanks *out)
{
    return ddz_dz_moves(g->hand[g->acting], ddz_dz_rival(g), out);
}

static bool is_bomb(DdzRanks m)
{
    if (m == (ddz_ranks_of(DDZ_RANK_BJ, 1) | ddz_ranks_of(DDZ_RANK_RJ, 1)))
        return true;
    /* Four of one rank is the single bit 4 << 4r. */
    return m != 0 && (m & (m - 1)) == 0 && ddz_ranks_size(m) == 4;
}

static int refuse(DdzRanks action, DdzError *err)
{
    char text[64];
    if (counts_ok(action))
        ddz_ranks_format(action, text, sizeof text);
    else
        snprintf(text, sizeof text, "0x%llx", (unsigned long long)action);
    return ddz_error_set(err, 0, "action %s is not in legal_actions", action ? text : "pass");
}

static void play(DdzDzGame *g, DdzRanks action);

int ddz_dz_step(DdzDzGame *g, DdzRanks action, DdzError *err)
{
    if (g->over)
        return ddz_error_set(err, 0, "the game is over");
    DdzRanks legal[DDZ_DZ_MAX_MOVES];
    int n = ddz_dz_legal(g, legal), i = 0;
    while (i < n && legal[i] != action)
        i++;
    if (i == n)
        return refuse(action, err);
    play(g, action);
    return 0;
}

int ddz_dz_play(DdzDzGame *g, DdzRanks action, const DdzRanks *legal, int n, DdzError *err)
{
    if (g->over)
        return ddz_error_set(err, 0, "the game is over");
    int i = 0;
    while (i < n && legal[i] != action)
        i++;
    if (i == n || !counts_ok(action) || !ddz_ranks_contains(g->hand[g->acting], action))
        return refuse(action, err);
    play(g, action);
    return 0;
}

/* GameEnv.step's bookkeeping for a checked action. */
static void play(DdzDzGame *g, DdzRanks action)
{
    int p = g->acting;
    if (action)
        g->last_pid = p;
    if (is_bomb(action))
        g->bomb_num++;
    g->last_move[p] = action;
    g->seq[g->nseq & DDZ_DZ_SEQ] = action;
    g->nseq++;
    g->hand[p] -= action;
    g->played[p] += action;
    if (p == DDZ_DZ_LANDLORD && action && g->three)
        for (int r = 0; r < DDZ_RANK_NB; r++) {
            int a = ddz_ranks_get(action, r), t = ddz_ranks_get(g->three, r);
            g->three -= ddz_ranks_of(r, a < t ? a : t);
        }
    for (int q = 0; q < DDZ_DZ_POS_NB; q++)
        if (g->hand[q] == 0) {
            g->over = true;
            g->winner = g->hand[DDZ_DZ_LANDLORD] == 0 ? 0 : 1;
        }
    if (!g->over)
        g->acting = (p + 1) % DDZ_DZ_POS_NB;
}


double ddz_dz_reward(const DdzDzGame *g, int objective)
{
    double sign = g->winner == 0 ? 1.0 : -1.0;
    if (objective == 1)
        return sign * (double)(1ull << g->bomb_num);
    if (objective == 2)
        return sign * (g->bomb_num + 1.0);
    return sign;
}

/* The eight entries of two ranks whose counts are the nibbles of byte b: for each rank, its
 * count c as c ones then zeros (a count above 4 reads as 4). */
#define DZ_R4(c) (int8_t)((c) >= 1), (int8_t)((c) >= 2), (int8_t)((c) >= 3), (int8_t)((c) >= 4)
#define DZ_P(b) {DZ_R4((b) & 15), DZ_R4((b) >> 4)}
#define DZ_P4(b) DZ_P(b), DZ_P((b) + 1), DZ_P((b) + 2), DZ_P((b) + 3)
#define DZ_P16(b) DZ_P4(b), DZ_P4((b) + 4), DZ_P4((b) + 8), DZ_P4((b) + 12)
static const int8_t TWO_RANKS[256][8] = {DZ_P16(0),   DZ_P16(16),  DZ_P16(32),  DZ_P16(48), DZ_P16(64),  DZ_P16(80),
                                         DZ_P16(96),  DZ_P16(112), DZ_P16(128), DZ_P16(144), DZ_P16(160), DZ_P16(176),
                                         DZ_P16(192), DZ_P16(208), DZ_P16(224), DZ_P16(240)};

void ddz_dz_cards54(DdzRanks cards, int8_t out[54])
{
    for (int k = 0; k < 6; k++) /* ranks 3 .. A, two at a time */
        memcpy(out + 8 * k, TWO_RANKS[(cards >> (8 * k)) & 0xFF], 8);
    memcpy(out + 48, TWO_RANKS[(cards >> 48) & 0xF], 4); /* the 2 */
    out[52] = (int8_t)ddz_ranks_get(cards, DDZ_RANK_BJ);
    out[53] = (int8_t)ddz_ranks_get(cards, DDZ_RANK_RJ);
}

static int8_t *put_cards(int8_t *x, DdzRanks cards)
{
    ddz_dz_cards54(cards, x);
    return x + 54;
}

static int8_t *put_one_hot(int8_t *x, int index, int size)
{
    memset(x, 0, (size_t)size);
    if (index >= 0 && index < size)
        x[index] = 1;
    return x + size;
}

int ddz_dz_obs(const DdzDzGame *g, const DdzRanks *actions, int n, int8_t *x_no_action, int8_t *z, float *x_batch,
               float *z_batch)
{
    int p = g->acting, down = DDZ_DZ_DOWN, up = DDZ_DZ_UP, ll = DDZ_DZ_LANDLORD;
    DdzRanks other = 0;
    for (int q = 0; q < DDZ_DZ_POS_NB; q++)
        if (q != p)
            other += g->hand[q];
    int8_t *x = x_no_action;
    x = put_cards(x, g->hand[p]);
    x = put_cards(x, other);
    if (p == ll) {
        x = put_cards(x, ddz_dz_rival(g));
        x = put_cards(x, g->played[up]);
        x = put_cards(x, g->played[down]);
        x = put_one_hot(x, ddz_ranks_size(g->hand[up]) - 1, 17);
        x = put_one_hot(x, ddz_ranks_size(g->hand[down]) - 1, 17);
    } else {
        int mate = p == up ? down : up;
        x = put_cards(x, g->played[ll]);
        x = put_cards(x, g->played[mate]);
        x = put_cards(x, ddz_dz_rival(g));
        x = put_cards(x, g->last_move[ll]);
        x = put_cards(x, g->last_move[mate]);
        x = put_one_hot(x, ddz_ranks_size(g->hand[ll]) - 1, 20);
        x = put_one_hot(x, ddz_ranks_size(g->hand[mate]) - 1, 17);
    }
    x = put_one_hot(x, g->bomb_num, 15);
    int width = (int)(x - x_no_action);
    /* z: the last 15 actions, oldest first, empty rows in front when there were fewer. */
    int have = g->nseq < DDZ_DZ_SEQ ? g->nseq : DDZ_DZ_SEQ;
    memset(z, 0, (size_t)(DDZ_DZ_SEQ - have) * 54);
    for (int k = 0; k < have; k++)
        ddz_dz_cards54(g->seq[(g->nseq - have + k) & DDZ_DZ_SEQ], z + (DDZ_DZ_SEQ - have + k) * 54);
    if (x_batch) {
        float row[DDZ_DZ_X_MAX + 54];
        for (int i = 0; i < width; i++)
            row[i] = x_no_action[i];
        for (int j = 0; j < n; j++) {
            int8_t a[54];
            ddz_dz_cards54(actions[j], a);
            for (int i = 0; i < 54; i++)
                row[width + i] = a[i];
            memcpy(x_batch + (size_t)j * (size_t)(width + 54), row, (size_t)(width + 54) * sizeof *row);
        }
    }
    if (z_batch && n > 0) {
        float zf[DDZ_DZ_Z];
        for (int i = 0; i < DDZ_DZ_Z; i++)
            zf[i] = z[i];
        for (int j = 0; j < n; j++)
            memcpy(z_batch + (size_t)j * DDZ_DZ_Z, zf, sizeof zf);
    }
    return width;
}
