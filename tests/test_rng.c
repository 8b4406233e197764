/* test_rng.c -- the documented PRNG (rng.h): xoshiro256** seeded by SplitMix64, its
 * reproducibility across seeds and platforms, and the range and uniformity of ddz_rng_below.
 * Known answers come from an independent implementation of the reference algorithms. */
#include "testutil.h"

static void splitmix_matches_reference_values(void **state)
{
    (void)state;
    uint64_t x = 0;
    /* The first four SplitMix64 outputs from state 0 (Vigna's reference splitmix64.c). */
    const uint64_t want[4] = {0xE220A8397B1DCDAFull, 0x6E789E6AA1B965F4ull, 0x06C45D188009454Full,
                              0xF88BB8A8724C81ECull};
    for (int i = 0; i < 4; i++)
        assert_int_equal(ddz_rng_splitmix(&x), want[i]);
}

static void seed_fills_state_from_splitmix(void **state)
{
    (void)state;
    DdzRng r;
    ddz_rng_seed(&r, 0);
    assert_int_equal(r.s[0], 0xE220A8397B1DCDAFull);
    assert_int_equal(r.s[1], 0x6E789E6AA1B965F4ull);
    assert_int_equal(r.s[2], 0x06C45D188009454Full);
    assert_int_equal(r.s[3], 0xF88BB8A8724C81ECull);
}

static void seeded_stream_matches_reference_xoshiro256starstar(void **state)
{
    (void)state;
    static const struct {
        uint64_t seed;
        uint64_t out[5];
    } cases[] = {
        {0, {0x99EC5F36CB75F2B4ull, 0xBF6E1F784956452Aull, 0x1A5F849D4933E6E0ull,
             0x6AA594F1262D2D2Cull, 0xBBA5AD4A1F842E59ull}},
        {42, {0x15780B2E0C2EC716ull, 0x6104D9866D113A7Eull, 0xAE17533239E499A1ull,
              0xECB8AD4703B360A1ull, 0xFDE6DC7FE2EC5E64ull}},
        {0xDEADBEEF, {0xC5555444A74D7E83ull, 0x65C30D37B4B16E38ull, 0x54F773200A4EFA23ull,
                      0x429AED75FB958AF7ull, 0xFB0E1DD69C255B2Eull}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        DdzRng r;
        ddz_rng_seed(&r, cases[c].seed);
        for (int i = 0; i < 5; i++)
            assert_int_equal(ddz_rng_next(&r), cases[c].out[i]);
    }
}

static void below_matches_reference_lemire_values(void **state)
{
    (void)state;
    static const uint32_t six[20] = {0, 2, 4, 5, 5, 4, 4, 5, 4, 3, 4, 1, 4, 1, 4, 5, 3, 5, 4, 4};
    static const uint32_t deck[20] = {37, 15, 45, 52, 53, 47, 3,  5,  21, 8,
                                      29, 39, 50, 47, 24, 30, 13, 25, 8,  7};
    DdzRng r;
    ddz_rng_seed(&r, 42);
    for (int i = 0; i < 20; i++)
        assert_int_equal(ddz_rng_below(&r, 6), six[i]);
    ddz_rng_seed(&r, 7);
    for (int i = 0; i < 20; i++)
        assert_int_equal(ddz_rng_below(&r, 54), deck[i]);
}

static void same_seed_gives_same_stream(void **state)
{
    (void)state;
    const uint64_t seeds[] = {0, 1, 42, 0xFFFFFFFFFFFFFFFFull, 0x0123456789ABCDEFull};
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        DdzRng a, b;
        ddz_rng_seed(&a, seeds[k]);
        ddz_rng_seed(&b, seeds[k]);
        for (int i = 0; i < 10000; i++) {
            if (i % 3 == 0)
                assert_int_equal(ddz_rng_below(&a, 1000), ddz_rng_below(&b, 1000));
            else
                assert_int_equal(ddz_rng_next(&a), ddz_rng_next(&b));
        }
        assert_memory_equal(a.s, b.s, sizeof a.s);
    }
}

static void different_seeds_give_different_streams(void **state)
{
    (void)state;
    /* The first output of 1000 consecutive seeds: all distinct, and each stream differs from
     * its neighbour's in most of its first 64 outputs. */
    enum { N = 1000 };
    static uint64_t first[N];
    for (int s = 0; s < N; s++) {
        DdzRng r;
        ddz_rng_seed(&r, (uint64_t)s);
        first[s] = ddz_rng_next(&r);
        for (int t = 0; t < s; t++)
            if (first[t] == first[s])
                fail_msg("seeds %d and %d start with the same output", t, s);
    }
    for (int s = 0; s + 1 < N; s += 97) {
        DdzRng a, b;
        ddz_rng_seed(&a, (uint64_t)s);
        ddz_rng_seed(&b, (uint64_t)s + 1);
        int same = 0;
        for (int i = 0; i < 64; i++)
            same += ddz_rng_next(&a) == ddz_rng_next(&b);
        assert_true(same == 0);
    }
}

static void seeded_state_is_never_all_zero(void **state)
{
    (void)state;
    DdzRng r;
    for (uint64_t s = 0; s < 10000; s++) {
        ddz_rng_seed(&r, s);
        assert_true((r.s[0] | r.s[1] | r.s[2] | r.s[3]) != 0);
    }
}

static void below_is_always_less_than_n(void **state)
{
    (void)state;
    DdzRng r;
    ddz_rng_seed(&r, 12345);
    const uint32_t ns[] = {1,          2,          3,          5,          6,
                           7,          17,         54,         100,        1000,
                           65535,      65536,      65537,      0x7FFFFFFFu, 0x80000000u,
                           0x80000001u, 0xAAAAAAABu, 0xFFFFFFFEu, 0xFFFFFFFFu};
    for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
        for (int i = 0; i < 20000; i++) {
            uint32_t v = ddz_rng_below(&r, ns[k]);
            if (v >= ns[k])
                fail_msg("below(%u) gave %u", ns[k], v);
        }
    for (int i = 0; i < 200000; i++) {
        uint32_t n = (uint32_t)(ddz_rng_next(&r) >> 32);
        if (n == 0)
            n = 1;
        uint32_t v = ddz_rng_below(&r, n);
        if (v >= n)
            fail_msg("below(%u) gave %u", n, v);
    }
}

static void below_one_is_always_zero(void **state)
{
    (void)state;
    DdzRng r;
    ddz_rng_seed(&r, 99);
    for (int i = 0; i < 100000; i++)
        assert_int_equal(ddz_rng_below(&r, 1), 0);
}

static void below_six_passes_chi_square_uniformity(void **state)
{
    (void)state;
    enum { DRAWS = 600000, K = 6 };
    /* Chi-square critical value for 5 degrees of freedom at p = 0.001. */
    const double critical = 20.52;
    const uint64_t seeds[] = {1, 2, 2024};
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        DdzRng r;
        ddz_rng_seed(&r, seeds[k]);
        long count[K] = {0};
        for (int i = 0; i < DRAWS; i++)
            count[ddz_rng_below(&r, K)]++;
        const double expect = (double)DRAWS / K;
        double chi2 = 0;
        for (int v = 0; v < K; v++) {
            double d = (double)count[v] - expect;
            chi2 += d * d / expect;
        }
        if (!(chi2 < critical))
            fail_msg("seed %llu: chi2 = %.2f over %d draws (counts %ld %ld %ld %ld %ld %ld)",
                     (unsigned long long)seeds[k], chi2, DRAWS, count[0], count[1], count[2],
                     count[3], count[4], count[5]);
    }
}

static void below_large_n_is_unbiased_between_halves(void **state)
{
    (void)state;
    /* n = 3 * 2^30: a plain modulo of a 32-bit draw would put 1/2 of the mass in the lowest
     * third (2^32 mod n = 2^30 values doubled); the halves of [0, n) must stay near 50/50 and
     * the lowest third near 1/3. */
    enum { DRAWS = 300000 };
    const uint32_t n = 3u << 30;
    DdzRng r;
    ddz_rng_seed(&r, 77);
    long low_third = 0, low_half = 0;
    for (int i = 0; i < DRAWS; i++) {
        uint32_t v = ddz_rng_below(&r, n);
        low_third += v < (1u << 30);
        low_half += v < n / 2;
    }
    /* Standard deviations: sqrt(DRAWS * p * (1-p)) ~ 258 and 274; allow 6 of them. */
    assert_in_range(low_third, DRAWS / 3 - 1600, DRAWS / 3 + 1600);
    assert_in_range(low_half, DRAWS / 2 - 1700, DRAWS / 2 + 1700);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(splitmix_matches_reference_values),
        cmocka_unit_test(seed_fills_state_from_splitmix),
        cmocka_unit_test(seeded_stream_matches_reference_xoshiro256starstar),
        cmocka_unit_test(below_matches_reference_lemire_values),
        cmocka_unit_test(same_seed_gives_same_stream),
        cmocka_unit_test(different_seeds_give_different_streams),
        cmocka_unit_test(seeded_state_is_never_all_zero),
        cmocka_unit_test(below_is_always_less_than_n),
        cmocka_unit_test(below_one_is_always_zero),
        cmocka_unit_test(below_six_passes_chi_square_uniformity),
        cmocka_unit_test(below_large_n_is_unbiased_between_halves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
