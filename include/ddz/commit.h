/* commit.h -- fair deals: the SHA-256 commitment a server publishes to a deal's seed before
 * the bidding, and its check once the seed is revealed (docs/PROTOCOL.md, "Fair deals").
 *
 *   commit = hex(SHA-256("ddz-deal/1:" + salt + ":" + seed))
 *
 * where salt is 32 lower-case hex digits (16 random bytes) and seed the deal's uint64 seed
 * in decimal; anyone can check it with `printf 'ddz-deal/1:%s:%s' SALT SEED | sha256sum`.
 * Records of committed games carry "commit" and "salt" in their header (docs/RECORD.md
 * allows new optional fields). Pure functions over caller buffers; thread-safe. */
#ifndef DDZ_COMMIT_H
#define DDZ_COMMIT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ddz/game.h"
#include "ddz/record.h"

#define DDZ_COMMIT_HEX 65 /* 64 hex digits and a NUL */
#define DDZ_SALT_HEX 33   /* 32 hex digits and a NUL */

/* Writes the commitment of (seed, salt) as 64 lower-case hex digits. Returns 0, or -1 when
 * salt is not 32 hex digits or libsodium cannot start. */
int ddz_commit_compute(uint64_t seed, const char *salt, char out[DDZ_COMMIT_HEX]);

/* The commitment of a 256-bit deal seed (real games, RULES §2):
 *   commit = hex(SHA-256("ddz-deal/2:" + salt + ":" + the seed's 64 lower-case hex digits)) */
int ddz_commit_compute256(const uint8_t seed[DDZ_SEED256_BYTES], const char *salt, char out[DDZ_COMMIT_HEX]);

/* Either commitment from the seed as the protocol and records write it: 64 hex digits (a
 * 256-bit seed, version 2) or a decimal uint64 (version 1). 0, or -1 on a bad seed or salt. */
int ddz_commit_compute_text(const char *seed, const char *salt, char out[DDZ_COMMIT_HEX]);

/* Writes bytes as lower-case hex (2n digits and a NUL). */
void ddz_hex(const void *bytes, size_t n, char *out);

/* The record of a finished or redealt game dealt from seed, with "commit" and "salt" added
 * to its header line. Returns a malloc'ed NUL-terminated string (the caller frees it), or
 * NULL with err. */
char *ddz_commit_record(const DdzGame *g, const DdzRecordInfo *info, const char *commit, const char *salt,
                        DdzError *err);

/* Checks the records in f (ddz verify): every game must replay (ddz_record_read: the seed
 * deals exactly the recorded hands, every action is legal, the result is right) and its
 * header's commit must be the commitment of its seed and salt. Writes one line per game to
 * out (may be NULL) and problems to errout. Returns the number of bad games (0: all good),
 * sets *games to the number of games, or returns -1 with err when f cannot be read. */
int ddz_commit_verify(FILE *f, FILE *out, FILE *errout, const char *fname, long *games, DdzError *err);

#endif
