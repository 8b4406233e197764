/* draw.h -- one source of random draws for both kinds of seed (RULES §2): a 64-bit seed
 * drives xoshiro256** (DdzRng; simulations), a 256-bit seed drives the ChaCha20 key stream
 * (real games and events: key = the seed, nonce = 8 zero bytes, block counter from 0, read as
 * little-endian 32-bit words). Draws below n are unbiased: DdzRng's multiply-and-reject, and
 * for ChaCha20 the next word w < 2^32 - (2^32 mod n), taken as w mod n.
 * DdzDraw is a caller-owned value; one per thread. */
#ifndef DDZ_DRAW_H
#define DDZ_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ddz/rng.h"

#define DDZ_DRAW_KEY_BYTES 32

typedef struct DdzDraw {
    bool wide;                        /* ChaCha20 (else xoshiro256**) */
    DdzRng rng;
    uint8_t key[DDZ_DRAW_KEY_BYTES];
    uint8_t block[64];
    uint64_t next_block;
    int used;                         /* bytes of block already read */
} DdzDraw;

void ddz_draw_init(DdzDraw *d, uint64_t seed);
/* Returns 0, or -1 if libsodium cannot initialise. */
int ddz_draw_init256(DdzDraw *d, const uint8_t key[DDZ_DRAW_KEY_BYTES]);

/* Uniform in [0, n), n >= 1. */
uint32_t ddz_draw_below(DdzDraw *d, uint32_t n);

/* n bytes of the stream (wide: the next words' bytes in order; narrow: DdzRng outputs). */
void ddz_draw_bytes(DdzDraw *d, uint8_t *out, size_t n);

/* 64 bits (two words, low first, or one DdzRng output). */
uint64_t ddz_draw_u64(DdzDraw *d);

/* Clears the key material. */
void ddz_draw_wipe(DdzDraw *d);

#endif
