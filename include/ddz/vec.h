/* vec.h -- a vectorised environment for learning: n games stepped together in C, writing
 * observations, legal-action lists and rewards into caller arrays (numpy's, from ddz.vec).
 *
 * A DdzVec owns n DdzGames, one xoshiro256** generator per game (seeded from the env's seed
 * and the game's index, so each game's deals do not depend on threads or on the other games)
 * and a pool of worker threads; ddz_vec_new makes it, ddz_vec_free frees it. Output arrays
 * are the caller's, bound once with ddz_vec_bind and written by every reset and step; one
 * DdzVec must not be used by two threads at once. Observation layouts: docs/PYTHON.md. */
#ifndef DDZ_VEC_H
#define DDZ_VEC_H

#include <stddef.h>
#include <stdint.h>

typedef struct DdzVec DdzVec;

/* Objectives: the landlord's reward at the end (each farmer gets its negation), as DouZero's
 * wp (±1), adp (±2^bombs) and logadp (±(bombs + 1)); or each seat's real score (RULES §6). */
enum { DDZ_VEC_WP, DDZ_VEC_ADP, DDZ_VEC_LOGADP, DDZ_VEC_SCORE, DDZ_VEC_OBJECTIVE_NB };

/* The compact observation: DDZ_VEC_COMPACT uint8s per game, for the seat to act (docs/PYTHON.md). */
#define DDZ_VEC_COMPACT 142
/* DouZero's observation: x_no_action padded to 430 int8s (319 used for the landlord), z 810. */
#define DDZ_VEC_DZ_X 430
#define DDZ_VEC_DZ_Z 810

/* The arrays a step writes, bound one by one with ddz_vec_bind (unbound: not written).
 * Shapes, row-major, n games:
 *   SEAT      int8  [n]        the seat to act
 *   PHASE     int8  [n]        DdzPhase of the game (0 bid, 1 double or 2 play)
 *   COUNT     int32 [n]        the number of legal actions
 *   LEGAL_RANKS   uint64 [n][cap]  the legal actions: a play's rank counts, 0 for pass
 *   LEGAL_READING int32  [n][cap]  a play's reading (type | rank << 8 | len << 16); for a bid
 *                                  or a double, -1 - value
 *   LEGAL_INDEX   int32  [n][cap]  a play's index in the universe (ddz_vec_universe; pass is
 *                                  0), -1 for a bid or double
 *   COMPACT   uint8 [n][DDZ_VEC_COMPACT]
 *   DZ_X      int8  [n][DDZ_VEC_DZ_X], DZ_Z int8 [n][DDZ_VEC_DZ_Z], DZ_POS int8 [n] (0 landlord,
 *             1 landlord_down, 2 landlord_up; -1 outside the play phase, arrays zero)
 *   REWARD    float32 [n][3]   each seat's reward for a game that ended in this step, else 0
 *   DONE      uint8 [n]        1 when the game ended in this step (it was dealt again at once)
 *   MASK      uint8 [n][size]  1 at the universe index of each legal play (size: the universe's,
 *                              ddz_vec_universe; pass is 0), else 0; a bid or double decision's
 *                              row is all 0 (COUNT gives its choices)
 *   ACT_COUNTS uint8 [n][cap][15] each legal action's rank counts (a bid or double: zeros)
 *   ACT_DZ    int8 [n][cap][54] each legal action in DouZero's 54-card encoding (_cards2array):
 *                              the action part of DouZero's x_batch rows
 * cap is the room per game of the LEGAL and ACT arrays (the same for all of them; 1025 always
 * suffices under the rules' order, 4096 under DouZero's; a longer list is cut, COUNT still
 * gives its length); rows past COUNT keep what an earlier step wrote there. */
enum {
    DDZ_VEC_SEAT, DDZ_VEC_PHASE, DDZ_VEC_COUNT, DDZ_VEC_LEGAL_RANKS, DDZ_VEC_LEGAL_READING, DDZ_VEC_LEGAL_INDEX,
    DDZ_VEC_COMPACT_OBS, DDZ_VEC_DZ_X_OBS, DDZ_VEC_DZ_Z_OBS, DDZ_VEC_DZ_POS, DDZ_VEC_REWARD, DDZ_VEC_DONE,
    DDZ_VEC_MASK, DDZ_VEC_ACT_COUNTS, DDZ_VEC_ACT_DZ,
    DDZ_VEC_FIELD_NB
};

/* The order of the legal plays of a decision.
 *   RULES    the rules' generation order (movegen.h), pass first when following;
 *   DOUZERO  DouZero's (douzero.h, ddz_dz_moves): its groups in its order, a card set it lists
 *            twice listed twice, pass last; each card set played with the reading DouZero's
 *            move detector gives it. Only under rules=douzero, where it is the default. A card
 *            set DouZero lists but the douzero preset refuses is left out: they differ only
 *            when a plane of four or more trios (a trio as kickers) is on the table. */
enum { DDZ_VEC_ORDER_RULES, DDZ_VEC_ORDER_DOUZERO };

/* n games (1..1,000,000) with options "rules=douzero,..." (ddz_options_set assignments),
 * an objective, bidding (0: seat 0 is the landlord at once, the research protocol; 1: the
 * bidding and doubling of the options are played as actions too), seed, and threads (0: one
 * per online CPU, at most 64). NULL with err (DDZ_CAPI_ERR_LEN bytes) on bad arguments. */
DdzVec *ddz_vec_new(int n, const char *options, int objective, int bidding, uint64_t seed, int threads,
                    char *err);
void ddz_vec_free(DdzVec *v);

/* Binds (or with NULL unbinds) the array of one field; cap as above, for the LEGAL and ACT
 * fields, or the universe's size for MASK. Returns 0, DDZ_CAPI_EINVAL for an unknown field or
 * a wrong cap, or DDZ_CAPI_ENOMEM. The array must live until it is unbound or the env freed. */
int ddz_vec_bind(DdzVec *v, int field, void *array, int cap);

/* Chooses the order of the legal plays (DDZ_VEC_ORDER_*), before the first reset. Returns 0,
 * DDZ_CAPI_EINVAL (an unknown order, DouZero's under other rules than douzero) or
 * DDZ_CAPI_ESTATE (after a reset), with err. */
int ddz_vec_set_order(DdzVec *v, int order, char *err);

/* Deals every game afresh from its own generator and writes the observations. */
void ddz_vec_reset(DdzVec *v);

/* Plays one action in every game: actions[i] is an index into game i's legal list
 * (0 <= actions[i] < count[i]); a game that ends is scored and dealt again. Returns 0, or
 * DDZ_CAPI_EINVAL with err naming the first game whose index is out of range (no game is
 * changed then). With actions NULL each game plays a uniformly random legal action drawn
 * from its own generator. */
int ddz_vec_step(DdzVec *v, const int32_t *actions, char *err);

/* The universe of the env's rules: pass (index 0) then every move of the full deck, into
 * ranks/readings (cap entries); returns the count (the universe's size) even when cap is
 * smaller. */
int ddz_vec_universe(const DdzVec *v, uint64_t *ranks, int32_t *readings, int cap);

/* Totals since ddz_vec_new: games finished, redeals (all passed), decisions played. */
void ddz_vec_stats(const DdzVec *v, int64_t out[3]);

/* Bytes of state per game (the game, its generator and bookkeeping). */
size_t ddz_vec_game_bytes(void);

#endif
