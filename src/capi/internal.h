/* internal.h -- helpers shared by the flat C API's files: error text into the caller's
 * buffer, the move encoding (ranks + packed reading) and its checks. */
#ifndef DDZ_CAPI_PRIVATE_H
#define DDZ_CAPI_PRIVATE_H

#include "ddz/capi.h"
#include "ddz/game.h"

/* Writes the printf-style message into err (DDZ_CAPI_ERR_LEN bytes, may be NULL); returns code. */
int capi_fail(char *err, int code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Copies a DdzError's message into err; returns code. */
int capi_fail_error(char *err, int code, const DdzError *e);

static inline int32_t capi_reading(const DdzMove *m)
{
    return (int32_t)(m->type | (uint32_t)m->rank << 8 | (uint32_t)m->len << 16);
}

/* Rebuilds a DdzMove from ranks and reading and checks it is a reading classify gives for
 * those ranks under rules (pass: ranks 0 and reading 0). Returns 0 or DDZ_CAPI_EINVAL. */
int capi_move_make(uint64_t ranks, int32_t reading, int rules, DdzMove *out, const char *what, char *err);

/* Whether rules is a preset index; fills err otherwise. */
int capi_rules_check(int rules, char *err);

/* An action to and from DDZ_CAPI_ACTION_LEN int64s. */
void capi_action_put(const DdzAction *a, int64_t *out);
int capi_action_get(const int64_t *in, int rules, DdzAction *a, char *err);

/* The ddz move type of DouZero's move-detector type t (0 pass ... 14 four with two pairs,
 * ddz_dz_move_type), -1 for its 15 (wrong). */
int capi_dz_type(int t);

/* Whether reading a of a card set is closer than b to the one DouZero's move detector names
 * (ddz type `want`, capi_dz_type): of that type, and of those the highest rank (33334444 is
 * fours of 4 with two pairs of 3). */
static inline bool capi_dz_better(const DdzMove *a, const DdzMove *b, int want)
{
    if ((a->type == want) != (b->type == want))
        return a->type == want;
    return a->rank > b->rank;
}

/* The reading of card set r under rules that DouZero's move detector gives it, or, when that
 * one does not beat the table (a pass: a lead), the closest one that does (capi_dz_better),
 * into *out. Returns 1, 0 when no reading beats the table, -1 when r is no move of the
 * rules. */
int capi_dz_reading(DdzRanks r, const DdzMove *table, int rules, DdzMove *out);

struct DdzCapiGame {
    DdzGame g;
    bool dealt;
};

#endif
