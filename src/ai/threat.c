/* threat.c -- what the other seats might hold and beat (threat.h). */
#include "threat.h"

static inline int cnt(DdzRanks r, int rank) { return ddz_ranks_get(r, rank); }

void ddz_threat_pools(const DdzView *v, DdzRanks pool[DDZ_SEAT_NB])
{
    DdzCards seen = v->hand;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        seen |= v->played[s];
    DdzCards unseen = ddz_ruleset_deck(v->opt.rules) & ~seen;
    /* Cards known to be in one seat: a shown hand, or the landlord's bottom not yet played. */
    DdzCards known[DDZ_SEAT_NB] = {0, 0, 0};
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (v->shown[s])
            known[s] = v->shown[s] & unseen;
        else if (s == v->landlord && v->bottom)
            known[s] = v->bottom & unseen;
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        DdzCards elsewhere = 0;
        for (int o = 0; o < DDZ_SEAT_NB; o++)
            if (o != s && o != v->seat)
                elsewhere |= known[o];
        pool[s] = s == v->seat ? 0 : ddz_cards_ranks(v->shown[s] ? known[s] : unseen & ~elsewhere);
    }
}

/* Whether u holds `need` or more of each of the len ranks from start. */
static bool run_at(DdzRanks u, int start, int len, int need)
{
    for (int r = start; r < start + len; r++)
        if (cnt(u, r) < need)
            return false;
    return true;
}

/* Whether a seat holding k cards drawn from the multiset u might beat m: same type and
 * size with a higher rank (kickers checked only for being there), a higher bomb, or the
 * rocket. It errs towards yes. */
bool ddz_threat_can_beat(DdzRanks u, int k, const DdzMove *m)
{
    if (m->type == DDZ_PASS)
        return k > 0;
    if (m->type == DDZ_ROCKET || k <= 0)
        return false;
    if (k >= 2 && cnt(u, DDZ_RANK_BJ) && cnt(u, DDZ_RANK_RJ))
        return true;
    if (k >= 4)
        for (int r = 0; r <= DDZ_RANK_2; r++)
            if (cnt(u, r) == 4 && (m->type != DDZ_BOMB || r > m->rank))
                return true;
    if (m->type == DDZ_BOMB || m->size > k)
        return false;
    int total = ddz_ranks_size(u);
    switch (m->type) {
    case DDZ_SINGLE:
        for (int r = m->rank + 1; r < DDZ_RANK_NB; r++)
            if (cnt(u, r))
                return true;
        return false;
    case DDZ_PAIR:
    case DDZ_TRIO:
    case DDZ_TRIO_SINGLE:
    case DDZ_TRIO_PAIR:
    case DDZ_TRIO_SHORT:
    case DDZ_TRIO_TWO: {
        int need = m->type == DDZ_PAIR ? 2 : 3;
        for (int r = m->rank + 1; r <= DDZ_RANK_2; r++) {
            if (cnt(u, r) < need)
                continue;
            if (m->type == DDZ_TRIO_SINGLE && total - cnt(u, r) < 1)
                continue;
            if ((m->type == DDZ_TRIO_SHORT || m->type == DDZ_TRIO_TWO) && (k < 5 || total - cnt(u, r) < 2))
                continue; /* hubei48: only a trio + two cards beats these */
            if (m->type == DDZ_TRIO_PAIR) {
                bool pair = false;
                for (int p = 0; p <= DDZ_RANK_2; p++)
                    pair |= p != r && cnt(u, p) >= 2;
                if (!pair)
                    continue;
            }
            return true;
        }
        return false;
    }
    case DDZ_STRAIGHT:
    case DDZ_PAIR_CHAIN:
    case DDZ_PLANE:
    case DDZ_PLANE_SINGLE:
    case DDZ_PLANE_PAIR:
    case DDZ_PLANE_SHORT:
    case DDZ_PLANE_TWO: {
        int need = m->type == DDZ_STRAIGHT ? 1 : m->type == DDZ_PAIR_CHAIN ? 2 : 3;
        for (int s = m->rank + 1; s + m->len - 1 <= DDZ_RANK_A; s++) {
            if (!run_at(u, s, m->len, need))
                continue;
            if (m->type == DDZ_PLANE_SINGLE && total - need * m->len < m->len)
                continue;
            if ((m->type == DDZ_PLANE_SHORT || m->type == DDZ_PLANE_TWO) &&
                (k < 5 * m->len || total - 3 * m->len < 2 * m->len))
                continue; /* hubei48: only the plane with two cards per trio beats these */
            if (m->type == DDZ_PLANE_PAIR) {
                int pairs = 0;
                for (int p = 0; p <= DDZ_RANK_2; p++)
                    pairs += (p < s || p >= s + m->len) && cnt(u, p) >= 2;
                if (pairs < m->len)
                    continue;
            }
            return true;
        }
        return false;
    }
    default:
        /* Four + two (hubei48: four + cards) and shuttles are beaten only by higher fours,
         * which are bombs. */
        return false;
    }
}
