/* sort.c -- the order your hand is shown in: by rank (RULES §1), by group size (seed 003: the
 * fours, then the threes, the pairs and the singles), or by combination (the best split of the
 * hand into plays: bombs, planes, trios, pair chains, straights, pairs, singles). */
#include <stdlib.h>
#include <string.h>

#include "ddz/split.h"
#include "play.h"

static const char *const SORT_NAMES[PLAY_SORT_NB] = {"rank", "group", "combo"};

const char *play_sort_name(int mode)
{
    return mode >= 0 && mode < PLAY_SORT_NB ? SORT_NAMES[mode] : SORT_NAMES[0];
}

int play_sort_parse(const char *text)
{
    for (int i = 0; i < PLAY_SORT_NB; i++)
        if (!strcmp(text, SORT_NAMES[i]))
            return i;
    return -1;
}

void play_sort_set(Play *p, int mode)
{
    p->sort = mode >= 0 && mode < PLAY_SORT_NB ? mode : PLAY_SORT_RANK;
    if (p->sort == PLAY_SORT_COMBO && !p->splitter)
        p->splitter = ddz_splitter_new(p->cfg.opt.rules, DDZ_SPLIT_PLAY_COST, 12);
    if (p->cfg.profile)
        profile_set(p->cfg.profile, "sort", play_sort_name(p->sort));
}

void play_sort_next(Play *p)
{
    static const PlayText WORDS[PLAY_SORT_NB] = {T_SORT_RANK, T_SORT_GROUP, T_SORT_COMBO};
    play_sort_set(p, (p->sort + 1) % PLAY_SORT_NB);
    play_say(p, MSG_INFO, T_SORTED, play_text(p, WORDS[p->sort]));
}

void play_sort_free(Play *p)
{
    ddz_splitter_free(p->splitter);
    p->splitter = NULL;
}

/* A group of ranks shown together: its category (the order of the groups), its lowest rank
 * and its rank counts. */
typedef struct Group {
    int cat, rank;
    DdzRanks ranks;
} Group;

enum { CAT_BOMB, CAT_PLANE, CAT_TRIO, CAT_PAIR_CHAIN, CAT_STRAIGHT, CAT_PAIR, CAT_SINGLE };

static int by_group(const void *a, const void *b)
{
    const Group *x = a, *y = b;
    return x->cat != y->cat ? x->cat - y->cat : x->rank - y->rank;
}

static int lowest(DdzRanks r)
{
    for (int k = 0; k < DDZ_RANK_NB; k++)
        if (ddz_ranks_get(r, (DdzRank)k))
            return k;
    return DDZ_RANK_NB;
}

/* The groups of a hand by group size: one per rank, the biggest counts first. */
static int groups_by_size(DdzRanks hand, Group *out)
{
    int n = 0;
    for (int k = 0; k < DDZ_RANK_NB; k++) {
        int c = ddz_ranks_get(hand, (DdzRank)k);
        if (c)
            out[n++] = (Group){c >= 4 ? CAT_BOMB : c == 3 ? CAT_TRIO : c == 2 ? CAT_PAIR : CAT_SINGLE, k,
                               ddz_ranks_of((DdzRank)k, c)};
    }
    return n;
}

/* The groups of a hand by combination: the parts of its best split, each trio, plane or four
 * without its kickers, which go back with the pairs and singles. */
static int groups_by_combo(DdzSplitter *sp, DdzRanks hand, Group *out)
{
    DdzSplit split;
    if (!sp || ddz_split_best(sp, hand, &split) < 0)
        return groups_by_size(hand, out);
    int n = 0;
    DdzRanks loose = 0;
    for (int i = 0; i < split.plays; i++) {
        const DdzMove *m = &split.part[i];
        int cat;
        switch (m->type) {
        case DDZ_BOMB:
        case DDZ_ROCKET:
        case DDZ_FOUR_TWO:
        case DDZ_FOUR_TWO_PAIRS:
        case DDZ_FOUR_WITH:
        case DDZ_SHUTTLE:
        case DDZ_SHUTTLE_SINGLE:
        case DDZ_SHUTTLE_PAIR:
            cat = CAT_BOMB;
            break;
        case DDZ_PLANE:
        case DDZ_PLANE_SINGLE:
        case DDZ_PLANE_PAIR:
        case DDZ_PLANE_SHORT:
        case DDZ_PLANE_TWO:
            cat = CAT_PLANE;
            break;
        case DDZ_TRIO:
        case DDZ_TRIO_SINGLE:
        case DDZ_TRIO_PAIR:
        case DDZ_TRIO_SHORT:
        case DDZ_TRIO_TWO:
            cat = CAT_TRIO;
            break;
        case DDZ_PAIR_CHAIN:
            cat = CAT_PAIR_CHAIN;
            break;
        case DDZ_STRAIGHT:
            cat = CAT_STRAIGHT;
            break;
        default:
            cat = -1; /* pairs and singles: grouped below with the kickers */
            break;
        }
        if (cat < 0) {
            loose += m->ranks;
            continue;
        }
        DdzRanks main = m->ranks;
        if (cat == CAT_BOMB || cat == CAT_PLANE || cat == CAT_TRIO) {
            /* The main part: the ranks the move has three or four of (kickers have fewer;
             * a four's kickers are never four of a rank in these rules' splits). */
            int want = m->type == DDZ_ROCKET ? 1 : cat == CAT_BOMB ? 4 : 3;
            main = 0;
            for (int k = 0; k < DDZ_RANK_NB; k++) {
                int c = ddz_ranks_get(m->ranks, (DdzRank)k);
                if (c >= want)
                    main += ddz_ranks_of((DdzRank)k, want);
            }
            loose += m->ranks - main;
        }
        out[n++] = (Group){cat, lowest(main), main};
    }
    for (int k = 0; k < DDZ_RANK_NB; k++) {
        int c = ddz_ranks_get(loose, (DdzRank)k);
        for (; c >= 2; c -= 2)
            out[n++] = (Group){CAT_PAIR, k, ddz_ranks_of((DdzRank)k, 2)};
        if (c)
            out[n++] = (Group){CAT_SINGLE, k, ddz_ranks_of((DdzRank)k, 1)};
    }
    return n;
}

int play_hand_order(const Play *p, DdzCards hand, DdzCard out[DDZ_CARD_NB], DdzCards *starts)
{
    int n = 0;
    if (starts)
        *starts = 0;
    if (p->sort == PLAY_SORT_RANK || !hand) {
        for (DdzCard c = 0; c < DDZ_CARD_NB; c++)
            if (ddz_cards_has(hand, c))
                out[n++] = c;
        return n;
    }
    Group g[DDZ_CARD_NB];
    int ng;
    if (p->sort == PLAY_SORT_COMBO) {
        DdzSplitter *sp = p->splitter, *own = NULL;
        if (!sp || ddz_splitter_rules(sp) != p->game.opt.rules)
            sp = own = ddz_splitter_new(p->game.opt.rules, DDZ_SPLIT_PLAY_COST, 10);
        ng = groups_by_combo(sp, ddz_cards_ranks(hand), g);
        ddz_splitter_free(own);
    } else {
        ng = groups_by_size(ddz_cards_ranks(hand), g);
    }
    qsort(g, (size_t)ng, sizeof g[0], by_group);
    /* Each group's cards: the lowest suits of each rank not yet shown. */
    DdzCards left = hand;
    for (int i = 0; i < ng; i++) {
        DdzCards cards = 0;
        if (!ddz_cards_pick(left, g[i].ranks, &cards))
            continue; /* cannot happen: the groups add up to the hand */
        left &= ~cards;
        if (starts && cards)
            *starts |= cards & -cards; /* the group's first card, the lowest id */
        for (DdzCard c = 0; c < DDZ_CARD_NB; c++)
            if (ddz_cards_has(cards, c))
                out[n++] = c;
    }
    for (DdzCard c = 0; c < DDZ_CARD_NB; c++) /* defensive: nothing is ever dropped */
        if (ddz_cards_has(left, c))
            out[n++] = c;
    return n;
}
