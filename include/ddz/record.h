/* record.h -- game records as JSON Lines (format: docs/RECORD.md), written and replayed.
 *
 * A record is a header line (format version, options, seed or full deal, seats), one line
 * per action, and a result line. Records of many games concatenate in one file. Reading a
 * record re-applies every action to a game dealt from the header, so a record that reads
 * back is a legal game; any fault is reported with its line number and reason.
 * Uses jansson. The reader and writer are caller-owned values around a caller's FILE. */
#ifndef DDZ_RECORD_H
#define DDZ_RECORD_H

#include <stdio.h>

#include "ddz/game.h"

#define DDZ_RECORD_VERSION 1

/* What a record says besides the game itself. */
typedef struct DdzRecordInfo {
    bool has_seed;      /* the deal came from ddz_game_new(seed) (simulations) */
    uint64_t seed;      /* then: the DdzRng seed of the deal */
    bool has_seed256;   /* the deal came from ddz_game_new_seed256 (real games); not with has_seed */
    uint8_t seed256[DDZ_SEED256_BYTES];
    char seats[DDZ_SEAT_NB][32]; /* player names or agent names ("" if unknown) */
    long game;          /* game number within a match or run, from 1 (0 if none) */
} DdzRecordInfo;

/* Writes one finished (or redealt) game: header, actions, result. Returns 0 or -1 with err
 * on a write error. The deal is written as the seed when info->has_seed, and always as the
 * full hands and bottom too. */
int ddz_record_write(FILE *f, const DdzGame *g, const DdzRecordInfo *info, DdzError *err);

/* The result line of a record for r, as one line of JSON text without the newline (every
 * field of DdzResult's breakdown, docs/RECORD.md), e.g. for a protocol message. Returns a
 * malloc'd string, or NULL when out of memory. */
char *ddz_result_json(const DdzResult *r);

typedef struct DdzRecordReader {
    FILE *f;
    long line;          /* lines read so far */
} DdzRecordReader;

void ddz_record_reader_init(DdzRecordReader *r, FILE *f);

/* Reads the next game: deals it from the header, applies every action, checks the result
 * line against the game's own result. Returns 1 with *g (phase OVER or REDEAL) and *info,
 * 0 at the end of the file, or -1 with err->msg "line N: reason" (err->pos = N). On error
 * the reader is left after the bad game's lines are skipped up to the next header, so a
 * caller can report and go on. */
int ddz_record_read(DdzRecordReader *r, DdzGame *g, DdzRecordInfo *info, DdzError *err);

#endif
