/* draw.c -- random draws from a 64-bit seed (xoshiro256**) or a 256-bit seed (ChaCha20). */
#include <string.h>

#include <sodium.h>

#include "ddz/draw.h"

void ddz_draw_init(DdzDraw *d, uint64_t seed)
{
    memset(d, 0, sizeof *d);
    ddz_rng_seed(&d->rng, seed);
}

int ddz_draw_init256(DdzDraw *d, const uint8_t key[DDZ_DRAW_KEY_BYTES])
{
    memset(d, 0, sizeof *d);
    if (sodium_init() < 0)
        return -1;
    d->wide = true;
    memcpy(d->key, key, DDZ_DRAW_KEY_BYTES);
    d->used = 64;
    return 0;
}

static uint32_t word(DdzDraw *d)
{
    if (d->used == 64) {
        static const uint8_t zero[64];
        static const uint8_t nonce[crypto_stream_chacha20_NONCEBYTES];
        crypto_stream_chacha20_xor_ic(d->block, zero, sizeof zero, nonce, d->next_block++, d->key);
        d->used = 0;
    }
    const uint8_t *b = d->block + d->used;
    d->used += 4;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

uint32_t ddz_draw_below(DdzDraw *d, uint32_t n)
{
    if (!d->wide)
        return ddz_rng_below(&d->rng, n);
    uint32_t limit = (uint32_t)(0x100000000ull - 0x100000000ull % n); /* 0 when n divides 2^32 */
    for (;;) {
        uint32_t w = word(d);
        if (limit == 0 || w < limit)
            return w % n;
    }
}

uint64_t ddz_draw_u64(DdzDraw *d)
{
    if (!d->wide)
        return ddz_rng_next(&d->rng);
    uint64_t lo = word(d);
    return lo | (uint64_t)word(d) << 32;
}

void ddz_draw_bytes(DdzDraw *d, uint8_t *out, size_t n)
{
    for (size_t i = 0; i < n; i += 4) {
        uint32_t w = d->wide ? word(d) : (uint32_t)(ddz_rng_next(&d->rng) >> 32);
        for (size_t k = 0; k < 4 && i + k < n; k++)
            out[i + k] = (uint8_t)(w >> (8 * k));
    }
}

void ddz_draw_wipe(DdzDraw *d)
{
    sodium_memzero(d, sizeof *d);
}
