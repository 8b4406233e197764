/* score.c -- the result of a finished game with every factor of its score: doublings, the
 * cap (封顶), the fee (抽水) and the leaver penalty (RULES.md §6, §7). */
#include <stdio.h>
#include <string.h>

#include "ddz/game.h"

static inline int next_seat(int s) { return s == 2 ? 0 : s + 1; }

#define RESULT_MAX 1000000000ll /* multiple and penalty stay within this */
#define STAKE_MAX 400000000ll   /* a stake: so that sums of stakes, fees and penalties fit an int */

static int clamp(long long x) { return (int)(x > RESULT_MAX ? RESULT_MAX : x < -RESULT_MAX ? -RESULT_MAX : x); }

/* 封顶 (RULES §6): scales the two farmers' stakes a, b (a of f1, b of f2) so they sum to cap;
 * floor each, the remainder to the larger (b on a tie). */
static void cap_stakes(long long cap, long long *a, long long *b)
{
    long long total = *a + *b;
    long long sa = *a * cap / total, sb = *b * cap / total, rest = cap - sa - sb;
    if (*a > *b)
        sa += rest;
    else
        sb += rest;
    *a = sa;
    *b = sb;
}

/* hubei48 (RULES §8). 放走包赔: a marked seat whose next seat's side won pays its whole
 * side's loss (only a farmer has a partner to pay for). 喜金: a bomb wins its trick when
 * both others pass after it or it empties the hand; each such bomb earns bonus_each from
 * each other seat. */
static void settle_48(const DdzGame *g, DdzResult *r)
{
    int L = r->landlord;
    r->letgo = g->letgo;
    r->cover = -1;
    for (int m = 0; m < DDZ_SEAT_NB; m++) {
        int n = next_seat(m), partner = next_seat(n);
        bool next_side_won = (n == L) == r->landlord_won;
        if ((g->letgo >> m & 1) && m != L && n == L && next_side_won) {
            r->cover = m;
            r->covered[m] = r->raw[partner];
            r->covered[partner] = -r->raw[partner];
        }
    }
    r->bonus_each = g->opt.bonus < 0 ? r->base : g->opt.bonus;
    for (int i = 0; i < g->nhist; i++) {
        const DdzAction *a = &g->hist[i];
        if (a->kind != DDZ_ACT_PLAY || a->move.type != DDZ_BOMB)
            continue;
        bool last = i + 1 == g->nhist;
        bool passed = i + 2 < g->nhist && g->hist[i + 1].move.type == DDZ_PASS && g->hist[i + 2].move.type == DDZ_PASS;
        if (!last && !passed)
            continue;
        r->bonus_bombs[a->seat]++;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            r->bonus[s] += s == a->seat ? 2 * r->bonus_each : -r->bonus_each;
    }
}

int ddz_game_result(const DdzGame *g, DdzResult *r)
{
    if (g->phase != DDZ_PHASE_OVER)
        return -1;
    memset(r, 0, sizeof *r);
    int L = g->landlord, f1 = next_seat(L), f2 = next_seat(f1);
    r->landlord = L;
    r->landlord_won = g->hand[L] == 0;
    r->spring = r->landlord_won && g->plays[f1] == 0 && g->plays[f2] == 0;
    r->anti_spring = !r->landlord_won && g->plays[L] == 1;
    r->spring_factor = (r->spring || r->anti_spring) && !g->opt.spring_off ? 2 : 1;
    r->bombs = g->bombs;
    r->rockets = g->rockets;
    r->robs = g->robs;
    r->base = g->opt.bid_mode == DDZ_BID_ROB ? g->opt.base : g->bid;
    r->show = 1;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (g->shown[s] > r->show)
            r->show = g->shown[s];
    int doublings = g->bombs + (r->spring_factor == 2) + g->robs;
    r->multiple = clamp((1ll << (doublings < 40 ? doublings : 40)) * r->show);
    long long T = (long long)r->base * r->multiple;

    /* Doubling: each seat's own factor, then each farmer's factor of T. */
    static const int app_mul[3] = {1, 2, 4};
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (g->opt.double_mode == DDZ_DOUBLE_FARMER)
            r->doubling[s] = g->dbl[s] ? 2 : 1;
        else if (g->opt.double_mode == DDZ_DOUBLE_APP)
            r->doubling[s] = app_mul[g->dbl[s] % 3];
        else
            r->doubling[s] = 1;
    }
    long long stake[2];
    for (int k = 0; k < 2; k++) {
        int f = k ? f2 : f1;
        int factor = r->doubling[f] * r->doubling[L];
        if (g->opt.double_mode == DDZ_DOUBLE_FARMER && !g->dbl[f])
            factor = 1; /* the landlord's redouble answers only a farmer who doubled */
        r->stake_factor[f] = factor;
        stake[k] = T * factor > STAKE_MAX ? STAKE_MAX : T * factor;
        r->uncapped[f] = (int)stake[k];
    }
    if (g->opt.cap > 0 && stake[0] + stake[1] > g->opt.cap) {
        r->cap = g->opt.cap;
        cap_stakes(g->opt.cap, &stake[0], &stake[1]);
    }
    int sign = r->landlord_won ? -1 : 1; /* the farmers' side */
    r->stake[f1] = (int)stake[0];
    r->stake[f2] = (int)stake[1];
    r->raw[f1] = sign * r->stake[f1];
    r->raw[f2] = sign * r->stake[f2];
    r->raw[L] = -(r->raw[f1] + r->raw[f2]);

    if (ddz_ruleset_is_48(g->opt.rules))
        settle_48(g, r);
    else
        r->cover = -1;

    /* 抽水: the house takes fee_percent of every winner's gain, rounded down. Then the leaver
     * penalty replaces an abandoned seat's result (RULES §7); the house balances. */
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (r->raw[s] > 0 && g->opt.fee_percent > 0)
            r->fee_paid[s] = (int)((long long)r->raw[s] * g->opt.fee_percent / 100);
        r->fee += r->fee_paid[s];
        r->abandoned[s] = (g->abandoned >> s) & 1;
        if (r->abandoned[s] && g->opt.leaver_penalty) {
            r->penalty[s] = clamp(10ll * r->base);
            r->leaver[s] = -r->penalty[s] - (r->raw[s] + r->covered[s] - r->fee_paid[s]);
        }
        r->score[s] = r->raw[s] + r->covered[s] - r->fee_paid[s] + r->leaver[s] + r->bonus[s];
        r->house += r->fee_paid[s] - r->leaver[s];
    }
    return 0;
}

size_t ddz_result_format(const DdzResult *r, char *buf, size_t size)
{
    char s[1024];
    int n = 0;
#define ADD(...) n += snprintf(s + n, sizeof s - (size_t)n, __VA_ARGS__)
    int L = r->landlord, f1 = next_seat(L), f2 = next_seat(f1);
    ADD("base %d\n", r->base);
    if (r->bombs - r->rockets > 0)
        ADD("bombs %d: x%d\n", r->bombs - r->rockets, 1 << (r->bombs - r->rockets > 30 ? 30 : r->bombs - r->rockets));
    if (r->rockets)
        ADD("rocket: x2\n");
    if (r->spring || r->anti_spring)
        ADD("%s: x%d%s\n", r->spring ? "spring" : "anti-spring", r->spring_factor,
            r->spring_factor == 1 ? " (spring off)" : "");
    if (r->robs)
        ADD("robs %d: x%d\n", r->robs, 1 << r->robs);
    if (r->show > 1)
        ADD("shown hand: x%d\n", r->show);
    ADD("game score T = %d x %d = %lld\n", r->base, r->multiple, (long long)r->base * r->multiple);
    for (int k = 0; k < 2; k++) {
        int f = k ? f2 : f1;
        if (r->stake_factor[f] != 1)
            ADD("seat %d (farmer) doubling: x%d, stake %d\n", f, r->stake_factor[f], r->uncapped[f]);
    }
    if (r->cap)
        ADD("cap %d: stakes %d + %d become %d + %d\n", r->cap, r->uncapped[f1], r->uncapped[f2], r->stake[f1],
            r->stake[f2]);
    for (int t = 0; t < DDZ_SEAT_NB; t++) {
        ADD("seat %d%s: %+d", t, t == L ? " (landlord)" : "", r->raw[t]);
        if (r->fee_paid[t])
            ADD(", fee -%d", r->fee_paid[t]);
        if (r->covered[t])
            ADD(", %s %+d", t == r->cover ? "pays its side's loss (放走包赔)" : "covered by its partner", r->covered[t]);
        if (r->penalty[t])
            ADD(", left the game: penalty -%d replaces the result (%+d)", r->penalty[t], r->leaver[t]);
        if (r->bonus[t])
            ADD(", bomb bonus (喜金) %+d", r->bonus[t]);
        ADD(" = %+d\n", r->score[t]);
    }
    if (r->house)
        ADD("house %+d\n", r->house);
    for (int t = 0; t < DDZ_SEAT_NB; t++)
        if (r->bonus_bombs[t])
            ADD("seat %d: %d bomb%s won the trick (喜金): +%d from each other seat\n", t, r->bonus_bombs[t],
                r->bonus_bombs[t] > 1 ? "s" : "", r->bonus_each * r->bonus_bombs[t]);
#undef ADD
    return (size_t)snprintf(buf, size, "%s", s);
}
