/* seed.c -- seeds for real games from the operating system's CSPRNG, through libsodium. */
#include <sodium.h>

#include "ddz/game.h"

int ddz_seed_secure(uint64_t *seed)
{
    if (sodium_init() < 0)
        return -1;
    randombytes_buf(seed, sizeof *seed);
    return 0;
}
