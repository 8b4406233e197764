/* rng.h -- the project's documented, seedable pseudo-random generator for simulation,
 * benchmarks and tests: xoshiro256** (Blackman & Vigna, 2018), seeded through SplitMix64.
 *
 * DdzRng is a caller-owned value; one per thread. The same seed gives the same stream on
 * every platform. Real games seed from the operating system's CSPRNG instead (game layer). */
#ifndef DDZ_RNG_H
#define DDZ_RNG_H

#include <stdint.h>

typedef struct DdzRng {
    uint64_t s[4];
} DdzRng;

static inline uint64_t ddz_rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Seeds the four state words from SplitMix64(seed); never all zero. */
static inline void ddz_rng_seed(DdzRng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = ddz_rng_splitmix(&seed);
}

static inline uint64_t ddz_rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t ddz_rng_next(DdzRng *r)
{
    uint64_t *s = r->s;
    uint64_t out = ddz_rng_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ddz_rng_rotl(s[3], 45);
    return out;
}

/* Uniform integer in [0, n), n >= 1, without modulo bias (Lemire's multiply-and-reject). */
static inline uint32_t ddz_rng_below(DdzRng *r, uint32_t n)
{
    uint64_t m = (uint64_t)(uint32_t)(ddz_rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t floor = (uint32_t)(-n) % n;
        while (low < floor) {
            m = (uint64_t)(uint32_t)(ddz_rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#endif
