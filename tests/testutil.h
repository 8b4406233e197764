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

#endif
