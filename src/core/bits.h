/* bits.h -- private bit tricks shared by classification and generation. */
#ifndef DDZ_CORE_BITS_H
#define DDZ_CORE_BITS_H

#include "ddz/cards.h"

#define NIBBLE_LSB 0x1111111111111111ull

/* Gathers bit 4r of y (the only bits set) into bit r: four shift-or-mask rounds that halve
 * the spacing each time. */
static inline unsigned gather_nibbles(uint64_t y)
{
    y |= y >> 3;
    y &= 0x0303030303030303ull;
    y |= y >> 6;
    y &= 0x000F000F000F000Full;
    y |= y >> 12;
    y &= 0x000000FF000000FFull;
    y |= y >> 24;
    return (unsigned)(y & 0xFFFF);
}

/* ge[k] = the ranks held at least k times (k = 1..4), for counts of 0..4 per nibble:
 * a count's bits b2 b1 b0 give >=1: any bit, >=2: b1|b2, >=3: b2|(b1&b0), >=4: b2. */
static inline void count_masks(DdzRanks x, unsigned ge[5])
{
    uint64_t x1 = x >> 1, x2 = x >> 2;
    ge[0] = 0x7FFF;
    ge[1] = gather_nibbles((x | x1 | x2) & NIBBLE_LSB);
    ge[2] = gather_nibbles((x1 | x2) & NIBBLE_LSB);
    ge[3] = gather_nibbles((x2 | (x1 & x)) & NIBBLE_LSB);
    ge[4] = gather_nibbles(x2 & NIBBLE_LSB);
}

/* Whether some count exceeds what one deck holds (a suited rank above 4, a joker above 1). */
static inline bool counts_invalid(DdzRanks x)
{
    const uint64_t jokers_high = 0xEEull << 52;
    return (x & 0x8888888888888888ull) || ((x >> 2) & ((x >> 1) | x) & NIBBLE_LSB) || (x & jokers_high);
}

static inline int count_of(DdzRanks x, int rank) { return (int)((x >> (4 * rank)) & 15); }

#endif
