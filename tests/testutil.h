/* testutil.h -- what every cmocka test file includes. */
#ifndef DDZ_TESTUTIL_H
#define DDZ_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "ddz/cards.h"
#include "ddz/movegen.h"
#include "ddz/moves.h"
#include "ddz/rng.h"

/* For what a shared test header defines that not every test uses (static tables). */
#define TU_UNUSED __attribute__((unused))

/* Parses rank notation or fails the test. */
static inline DdzRanks tu_ranks(const char *text)
{
    DdzRanks r = 0;
    DdzError err;
    if (ddz_ranks_parse(text, &r, &err) != 0)
        fail_msg("bad test input '%s': %s", text, err.msg);
    return r;
}

/* A random hand of n distinct cards of one deck. */
static inline DdzCards tu_random_cards(DdzRng *rng, int n)
{
    int deck[DDZ_CARD_NB];
    for (int i = 0; i < DDZ_CARD_NB; i++)
        deck[i] = i;
    DdzCards s = 0;
    for (int i = 0; i < n; i++) {
        int j = i + (int)ddz_rng_below(rng, (uint32_t)(DDZ_CARD_NB - i));
        int t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        s |= ddz_cards_of(deck[i]);
    }
    return s;
}

/* Total order on all five fields, for sorting move lists into comparable multisets. */
static inline int move_cmp(const void *pa, const void *pb)
{
    const DdzMove *a = pa, *b = pb;
    if (a->ranks != b->ranks)
        return a->ranks < b->ranks ? -1 : 1;
    if (a->type != b->type)
        return a->type < b->type ? -1 : 1;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    if (a->size != b->size)
        return a->size < b->size ? -1 : 1;
    return 0;
}

static inline int u64_cmp(const void *pa, const void *pb)
{
    const uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    return a < b ? -1 : a > b;
}

#endif
