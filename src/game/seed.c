/* seed.c -- seeds for real games from the operating system's CSPRNG, through libsodium:
 * the 64-bit seeds of the simulation generator, and the 256-bit deal seeds expanded by
 * ChaCha20 that real games are shuffled from (RULES §2). */
#include <string.h>

#include <sodium.h>

#include "ddz/draw.h"
#include "ddz/game.h"

int ddz_seed_secure(uint64_t *seed)
{
    if (sodium_init() < 0)
        return -1;
    randombytes_buf(seed, sizeof *seed);
    return 0;
}

int ddz_seed256_secure(uint8_t seed[DDZ_SEED256_BYTES])
{
    if (sodium_init() < 0)
        return -1;
    randombytes_buf(seed, DDZ_SEED256_BYTES);
    return 0;
}

int ddz_deck_shuffle_seed256(const uint8_t seed[DDZ_SEED256_BYTES], DdzCard deck[DDZ_CARD_NB], int first_bidder)
{
    DdzDraw s;
    if (ddz_draw_init256(&s, seed) != 0)
        return -2;
    for (int i = 0; i < DDZ_CARD_NB; i++)
        deck[i] = (DdzCard)i;
    for (int i = DDZ_CARD_NB - 1; i > 0; i--) {
        int j = (int)ddz_draw_below(&s, (uint32_t)i + 1);
        DdzCard t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    int reveal = -1;
    if (first_bidder == DDZ_FIRST_REVEALED)
        reveal = (int)ddz_draw_below(&s, 51);
    else if (first_bidder == DDZ_FIRST_MIDDLE)
        reveal = DDZ_MIDDLE_LO + (int)ddz_draw_below(&s, DDZ_MIDDLE_HI - DDZ_MIDDLE_LO);
    ddz_draw_wipe(&s);
    return reveal;
}

void ddz_game_new_seed256(DdzGame *g, const DdzOptions *opt, const uint8_t seed[DDZ_SEED256_BYTES], int first)
{
    DdzCard deck[DDZ_CARD_NB];
    int reveal = ddz_deck_shuffle_seed256(seed, deck, opt->first_bidder);
    ddz_game_deal(g, opt, deck, first, reveal);
}

void ddz_seed256_format(const uint8_t seed[DDZ_SEED256_BYTES], char out[DDZ_SEED256_HEX])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < DDZ_SEED256_BYTES; i++) {
        out[2 * i] = digits[seed[i] >> 4];
        out[2 * i + 1] = digits[seed[i] & 15];
    }
    out[2 * DDZ_SEED256_BYTES] = '\0';
}

int ddz_seed256_parse(const char *text, uint8_t seed[DDZ_SEED256_BYTES], DdzError *err)
{
    size_t n = strlen(text);
    if (n != 2 * DDZ_SEED256_BYTES)
        return ddz_error_set(err, 0, "a 256-bit seed is 64 hex digits, not %zu characters", n);
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (v < 0)
            return ddz_error_set(err, (int)i, "character %zu of the seed, '%c', is not a hex digit", i + 1, c);
        if (i % 2 == 0)
            seed[i / 2] = (uint8_t)(v << 4);
        else
            seed[i / 2] |= (uint8_t)v;
    }
    return 0;
}
