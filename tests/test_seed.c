/* test_seed.c -- 256-bit deal seeds expanded by ChaCha20 (game.h, RULES §2): the shuffle
 * against decks computed by an independent ChaCha20 (a Python transcription of the reference,
 * checked against the reference's all-zero test vector 76b8e0ad...), unbiased positions, the
 * revealed card from the middle, hex text, and records that carry the seed. */
#define _DEFAULT_SOURCE /* fmemopen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

#include "ddz/commit.h"
#include "ddz/game.h"
#include "ddz/record.h"

static void seq_key(uint8_t key[DDZ_SEED256_BYTES])
{
    for (int i = 0; i < DDZ_SEED256_BYTES; i++)
        key[i] = (uint8_t)i;
}

static void assert_deck(const DdzCard *deck, const int *want)
{
    for (int i = 0; i < DDZ_CARD_NB; i++)
        if (deck[i] != want[i])
            fail_msg("deck[%d]: want %d, got %d", i, want[i], deck[i]);
}

static void chacha_shuffle_matches_the_known_answers(void **state)
{
    (void)state;
    static const int zero_deck[DDZ_CARD_NB] = {
        51, 3, 17, 14, 10, 37, 24, 45, 13, 42, 23, 32, 19, 53, 41, 0, 25, 4, 29, 2, 48, 22, 33, 36, 6, 1, 26,
        28, 5, 15, 7, 18, 31, 11, 35, 16, 12, 9, 49, 46, 40, 52, 50, 39, 21, 47, 27, 8, 20, 43, 38, 44, 34, 30};
    static const int seq_deck[DDZ_CARD_NB] = {
        53, 40, 4, 27, 38, 21, 47, 22, 42, 24, 35, 19, 49, 30, 46, 39, 15, 0, 3, 43, 25, 20, 10, 13, 5, 9, 18,
        17, 50, 14, 2, 48, 32, 12, 29, 23, 52, 16, 6, 26, 28, 1, 11, 31, 44, 51, 7, 34, 36, 8, 41, 33, 45, 37};
    uint8_t key[DDZ_SEED256_BYTES] = {0};
    DdzCard deck[DDZ_CARD_NB];
    assert_int_equal(ddz_deck_shuffle_seed256(key, deck, DDZ_FIRST_GIVEN), -1);
    assert_deck(deck, zero_deck);
    assert_int_equal(ddz_deck_shuffle_seed256(key, deck, DDZ_FIRST_MIDDLE), 21);
    assert_deck(deck, zero_deck);
    assert_int_equal(ddz_deck_shuffle_seed256(key, deck, DDZ_FIRST_REVEALED), 28);
    seq_key(key);
    assert_int_equal(ddz_deck_shuffle_seed256(key, deck, DDZ_FIRST_GIVEN), -1);
    assert_deck(deck, seq_deck);
    assert_int_equal(ddz_deck_shuffle_seed256(key, deck, DDZ_FIRST_MIDDLE), 39);
    assert_int_equal(ddz_deck_shuffle_seed256(key, deck, DDZ_FIRST_REVEALED), 46);
    /* The game deals deck[i] to seat i mod 3 and the last three to the bottom. */
    DdzGame g;
    DdzOptions o = ddz_options_default();
    o.first_bidder = DDZ_FIRST_MIDDLE;
    ddz_game_new_seed256(&g, &o, key, 0);
    assert_true(ddz_cards_has(g.dealt[0], 53) && ddz_cards_has(g.dealt[1], 40) && ddz_cards_has(g.dealt[2], 4));
    assert_true(ddz_cards_has(g.bottom, 33) && ddz_cards_has(g.bottom, 45) && ddz_cards_has(g.bottom, 37));
    assert_int_equal(g.revealed, seq_deck[39]);
    assert_int_equal(g.first, 39 % 3); /* deck[39] went to seat 0 */
}

/* Every card lands in every position about equally often: a chi-square over 54 x 54 cells
 * from 27,000 seeds (expected 500 per cell). A biased draw (e.g. w mod n without rejection
 * would not show at this size, but a wrong Fisher-Yates bound does) fails it. */
static void chacha_shuffle_puts_every_card_everywhere_evenly(void **state)
{
    (void)state;
    enum { N = 27000 };
    static int count[DDZ_CARD_NB][DDZ_CARD_NB];
    memset(count, 0, sizeof count);
    uint8_t key[DDZ_SEED256_BYTES] = {0};
    DdzCard deck[DDZ_CARD_NB];
    for (int k = 0; k < N; k++) {
        memcpy(key, &k, sizeof k);
        key[31] = 0x5a;
        ddz_deck_shuffle_seed256(key, deck, DDZ_FIRST_GIVEN);
        for (int i = 0; i < DDZ_CARD_NB; i++)
            count[deck[i]][i]++;
    }
    double expect = N / (double)DDZ_CARD_NB, worst = 0;
    for (int c = 0; c < DDZ_CARD_NB; c++) {
        double chi = 0;
        for (int i = 0; i < DDZ_CARD_NB; i++)
            chi += (count[c][i] - expect) * (count[c][i] - expect) / expect;
        if (chi > worst)
            worst = chi;
    }
    /* 53 degrees of freedom: P(chi2 > 110) is about 1e-5 for one card; 54 cards. */
    if (worst > 110)
        fail_msg("a card's positions are uneven: chi-square %.1f over 53 degrees of freedom", worst);
}

static void middle_reveal_is_never_among_the_top_or_bottom_ten(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.first_bidder = DDZ_FIRST_MIDDLE;
    uint8_t key[DDZ_SEED256_BYTES] = {0};
    DdzCard deck[DDZ_CARD_NB];
    int seen[DDZ_CARD_NB] = {0};
    for (int k = 0; k < 3000; k++) {
        memcpy(key, &k, sizeof k);
        int at = ddz_deck_shuffle_seed256(key, deck, DDZ_FIRST_MIDDLE);
        assert_true(at >= 10 && at < 44);
        seen[at]++;
        DdzGame g;
        ddz_game_new_seed256(&g, &o, key, 2);
        assert_int_equal(g.revealed, deck[at]);
        assert_true(ddz_cards_has(g.dealt[g.first], (DdzCard)g.revealed));
        /* The simulation path draws from the same range. */
        DdzRng rng, rng2;
        ddz_rng_seed(&rng, (uint64_t)k);
        ddz_rng_seed(&rng2, (uint64_t)k);
        ddz_game_new(&g, &o, &rng, 1);
        ddz_deck_shuffle(&rng2, deck);
        int sim_at = 10 + (int)ddz_rng_below(&rng2, 34);
        assert_int_equal(g.revealed, deck[sim_at]);
    }
    for (int i = 10; i < 44; i++)
        assert_true(seen[i] > 30); /* about 88 each */
    /* ddz_game_deal refuses an index outside the middle: no card is revealed. */
    DdzGame g;
    for (int i = 0; i < DDZ_CARD_NB; i++)
        deck[i] = (DdzCard)i;
    ddz_game_deal(&g, &o, deck, 1, 9);
    assert_int_equal(g.revealed, -1);
    assert_int_equal(g.first, 1);
    ddz_game_deal(&g, &o, deck, 1, 44);
    assert_int_equal(g.revealed, -1);
    ddz_game_deal(&g, &o, deck, 1, 43);
    assert_int_equal(g.revealed, 43);
    assert_int_equal(g.first, 43 % 3);
}

static void seed_text_round_trips_and_refuses_bad_text(void **state)
{
    (void)state;
    uint8_t key[DDZ_SEED256_BYTES], back[DDZ_SEED256_BYTES];
    seq_key(key);
    char hex[DDZ_SEED256_HEX];
    ddz_seed256_format(key, hex);
    assert_string_equal(hex, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    DdzError err;
    assert_int_equal(ddz_seed256_parse(hex, back, &err), 0);
    assert_memory_equal(key, back, sizeof key);
    assert_int_equal(ddz_seed256_parse("000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F", back, &err), 0);
    assert_memory_equal(key, back, sizeof key);
    assert_int_equal(ddz_seed256_parse("00", back, &err), -1);
    assert_non_null(strstr(err.msg, "64 hex digits"));
    hex[5] = 'g';
    assert_int_equal(ddz_seed256_parse(hex, back, &err), -1);
    assert_non_null(strstr(err.msg, "character 6"));
    /* Two secure seeds differ (2^-256 to fail). */
    uint8_t a[DDZ_SEED256_BYTES], b[DDZ_SEED256_BYTES];
    assert_int_equal(ddz_seed256_secure(a), 0);
    assert_int_equal(ddz_seed256_secure(b), 0);
    assert_true(memcmp(a, b, sizeof a) != 0);
}

/* A game dealt from a 256-bit seed, played out, written and read back: the reader deals it
 * again from "seed256"; a changed seed is caught. */
static void records_carry_the_256_bit_seed(void **state)
{
    (void)state;
    DdzOptions o = ddz_options_default();
    o.first_bidder = DDZ_FIRST_MIDDLE;
    o.spring_off = true;
    uint8_t key[DDZ_SEED256_BYTES];
    seq_key(key);
    DdzGame g, back;
    DdzRng rng;
    ddz_rng_seed(&rng, 5);
    for (int tries = 0;; tries++) {
        ddz_game_new_seed256(&g, &o, key, 0);
        static DdzMove moves[DDZ_MAX_MOVES + 1];
        while (g.phase < DDZ_PHASE_OVER) {
            DdzAction a;
            if (g.phase == DDZ_PHASE_PLAY) {
                int n = ddz_game_legal_moves(&g, moves);
                a = ddz_action_play(g.turn, moves[ddz_rng_below(&rng, (uint32_t)n)], 0);
            } else {
                uint8_t v[4];
                int n = ddz_game_legal_values(&g, DDZ_ACT_BID, v);
                a = ddz_action_bid(g.turn, v[n - 1]);
            }
            assert_int_equal(ddz_game_apply(&g, &a, NULL), 0);
        }
        if (g.phase == DDZ_PHASE_OVER)
            break;
        key[0]++;
        assert_true(tries < 10);
    }
    DdzRecordInfo info;
    memset(&info, 0, sizeof info);
    info.has_seed256 = true;
    memcpy(info.seed256, key, sizeof key);
    FILE *f = tmpfile();
    assert_non_null(f);
    DdzError err;
    assert_int_equal(ddz_record_write(f, &g, &info, &err), 0);
    rewind(f);
    char line[4096];
    assert_non_null(fgets(line, sizeof line, f));
    char hex[DDZ_SEED256_HEX];
    ddz_seed256_format(key, hex);
    char want[96];
    snprintf(want, sizeof want, "\"seed256\":\"%s\"", hex);
    assert_non_null(strstr(line, want));
    assert_null(strstr(line, "\"seed\":"));
    rewind(f);
    DdzRecordReader rd;
    ddz_record_reader_init(&rd, f);
    DdzRecordInfo got;
    assert_int_equal(ddz_record_read(&rd, &back, &got, &err), 1);
    assert_true(got.has_seed256);
    assert_false(got.has_seed);
    assert_memory_equal(got.seed256, key, sizeof key);
    assert_int_equal(back.revealed, g.revealed);
    /* The same record with another seed does not read. */
    rewind(f);
    size_t size = 1 << 16;
    char *all = calloc(1, size);
    assert_int_equal(fread(all, 1, size - 1, f) > 0, 1);
    fclose(f);
    char *at = strstr(all, hex);
    assert_non_null(at);
    at[63] = at[63] == '0' ? '1' : '0';
    f = tmpfile();
    fputs(all, f);
    rewind(f);
    ddz_record_reader_init(&rd, f);
    assert_int_equal(ddz_record_read(&rd, &back, &got, &err), -1);
    assert_non_null(strstr(err.msg, "does not deal these cards"));
    fclose(f);
    /* Both kinds of seed in one header is an error. */
    at[63] = at[63] == '0' ? '1' : '0';
    char *seed_at = strstr(all, "\"seed256\"");
    char *fixed = malloc(strlen(all) + 32);
    size_t head = (size_t)(seed_at - all);
    memcpy(fixed, all, head);
    strcpy(fixed + head, "\"seed\":7,");
    strcat(fixed, seed_at);
    f = tmpfile();
    fputs(fixed, f);
    rewind(f);
    ddz_record_reader_init(&rd, f);
    assert_int_equal(ddz_record_read(&rd, &back, &got, &err), -1);
    assert_non_null(strstr(err.msg, "not both"));
    fclose(f);
    free(fixed);
    free(all);
}

/* Commitments (commit.h): version 1 (decimal 64-bit seeds, old servers) and version 2 (the
 * 64 hex digits of a 256-bit seed), against SHA-256 computed by an independent tool (Python's
 * hashlib); both kinds of record verify. */
static void commitments_of_both_versions_match_sha256(void **state)
{
    (void)state;
    const char *salt = "00112233445566778899aabbccddeeff";
    char out[DDZ_COMMIT_HEX];
    assert_int_equal(ddz_commit_compute(12345, salt, out), 0);
    assert_string_equal(out, "9ee5f361b600aa1c22902d2ea415533bf6e38054f413aa913034864e4daeb306");
    assert_int_equal(ddz_commit_compute_text("12345", salt, out), 0);
    assert_string_equal(out, "9ee5f361b600aa1c22902d2ea415533bf6e38054f413aa913034864e4daeb306");
    uint8_t key[DDZ_SEED256_BYTES];
    seq_key(key);
    assert_int_equal(ddz_commit_compute256(key, salt, out), 0);
    assert_string_equal(out, "3191e75d640890a208bc38036d5f894bdfa44503ad636e4439c0535a936fbb69");
    assert_int_equal(ddz_commit_compute_text("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", salt,
                                             out),
                     0);
    assert_string_equal(out, "3191e75d640890a208bc38036d5f894bdfa44503ad636e4439c0535a936fbb69");
    assert_int_equal(ddz_commit_compute_text("12x", salt, out), -1);
    assert_int_equal(ddz_commit_compute_text("", salt, out), -1);
    /* A record of each kind, committed, verifies; an old-style (64-bit) one included. */
    for (int wide = 0; wide < 2; wide++) {
        DdzOptions o = ddz_options_default();
        o.forced_bid = true;
        DdzGame g;
        DdzRecordInfo info;
        memset(&info, 0, sizeof info);
        if (wide) {
            ddz_game_new_seed256(&g, &o, key, 1);
            info.has_seed256 = true;
            memcpy(info.seed256, key, sizeof key);
            ddz_commit_compute256(key, salt, out);
        } else {
            DdzRng rng;
            ddz_rng_seed(&rng, 12345);
            ddz_game_new(&g, &o, &rng, 1);
            info.has_seed = true;
            info.seed = 12345;
            ddz_commit_compute(12345, salt, out);
        }
        static DdzMove moves[DDZ_MAX_MOVES + 1];
        while (g.phase < DDZ_PHASE_OVER) {
            DdzAction a;
            if (g.phase == DDZ_PHASE_PLAY) {
                ddz_game_legal_moves(&g, moves);
                a = ddz_action_play(g.turn, moves[g.table >= 0 ? 1 : 0], 0);
            } else {
                uint8_t v[4];
                int n = ddz_game_legal_values(&g, DDZ_ACT_BID, v);
                a = ddz_action_bid(g.turn, v[n - 1]);
            }
            if (ddz_game_apply(&g, &a, NULL) != 0) {
                a = ddz_action_play(g.turn, ddz_move_pass(), 0);
                assert_int_equal(ddz_game_apply(&g, &a, NULL), 0);
            }
        }
        DdzError err;
        char *text = ddz_commit_record(&g, &info, out, salt, &err);
        assert_non_null(text);
        FILE *f = tmpfile();
        fputs(text, f);
        rewind(f);
        long games = 0;
        char line[512] = "";
        FILE *msgs = fmemopen(line, sizeof line, "w");
        assert_int_equal(ddz_commit_verify(f, msgs, stderr, "mem", &games, &err), 0);
        fclose(msgs);
        assert_int_equal(games, 1);
        assert_non_null(strstr(line, wide ? "seed 000102" : "seed 12345 "));
        fclose(f);
        free(text);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chacha_shuffle_matches_the_known_answers),
        cmocka_unit_test(chacha_shuffle_puts_every_card_everywhere_evenly),
        cmocka_unit_test(middle_reveal_is_never_among_the_top_or_bottom_ten),
        cmocka_unit_test(seed_text_round_trips_and_refuses_bad_text),
        cmocka_unit_test(records_carry_the_256_bit_seed),
        cmocka_unit_test(commitments_of_both_versions_match_sha256),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
