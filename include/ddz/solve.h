/* solve.h -- the exact endgame solver: who wins an open-hand position with perfect play.
 *
 * A DdzSolver is an opaque object that owns its transposition table and search buffers;
 * make it once with ddz_solver_new, solve many positions with it, free it with
 * ddz_solver_free. Positions, limits and results are plain values the caller owns. One
 * solver must not be used by two threads at once; separate solvers are independent.
 * The search itself never allocates, prints or locks. The method (a boolean search with a
 * transposition table and static win tests) is described in src/ai/solve.c; two hands of
 * 14 cards take a few milliseconds, three hands of 10 cards tens of milliseconds, and big
 * three-player positions can take seconds, hence the budget. */
#ifndef DDZ_SOLVE_H
#define DDZ_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ddz/moves.h"

/* Players of a position. Two players: the landlord and one farmer. Three players: the
 * landlord, the farmer who plays after the landlord (下家) and the farmer who plays before
 * the landlord (上家). Play goes 0 -> 1 (-> 2) -> 0. */
enum { DDZ_SOLVE_LANDLORD, DDZ_SOLVE_FARMER, DDZ_SOLVE_FARMER2, DDZ_SOLVE_PLAYER_NB };

/* An open-hand position (every hand known to everyone).
 *
 * players  2 or 3;
 * hands    each player's cards as rank counts (suits never matter); hands[2] is 0 with
 *          two players. Every hand holds at least one card, and together the hands fit in
 *          one deck;
 * to_move  the player to move;
 * last     the move to beat, or pass when to_move leads;
 * last_by  who played `last` (ignored when last is pass; must not be to_move otherwise);
 * rules    the rule preset.
 * Passing: with two players a pass gives the lead back to the other player; with three,
 * after two passes in a row the player of the last move leads. The game ends when a hand
 * is empty: the landlord wins alone, a farmer going out wins for both farmers. */
typedef struct DdzSolvePosition {
    int players;
    DdzRanks hands[DDZ_SOLVE_PLAYER_NB];
    int to_move;
    DdzMove last;
    int last_by;
    DdzRuleset rules;
} DdzSolvePosition;

/* A budget: the search stops with DDZ_SOLVE_UNKNOWN once it has visited max_nodes nodes
 * or run max_seconds of wall-clock time (checked every 1024 nodes). 0 means no limit, and
 * so does passing NULL for the limits. What a stopped search learnt stays in the table. */
typedef struct DdzSolveLimits {
    uint64_t max_nodes;
    double max_seconds;
} DdzSolveLimits;

typedef enum DdzSolveOutcome {
    DDZ_SOLVE_ERROR = -1,  /* the position is invalid; the result's error says why */
    DDZ_SOLVE_UNKNOWN = 0, /* the budget ran out first */
    DDZ_SOLVE_WIN = 1,     /* the side to move wins with perfect play */
    DDZ_SOLVE_LOSS = 2     /* the side to move loses whatever it plays */
} DdzSolveOutcome;

/* What ddz_solve found.
 *
 * outcome        as returned;
 * landlord_wins  for WIN and LOSS: whether the landlord wins with perfect play;
 * move           for WIN: a winning move of the player to move (pass is possible when
 *                following); for LOSS and UNKNOWN: the first move the search tried;
 * nodes          nodes searched by this call (at most max_nodes);
 * seconds        wall time of this call;
 * error          for ERROR: a message a person can act on. */
typedef struct DdzSolveResult {
    DdzSolveOutcome outcome;
    bool landlord_wins;
    DdzMove move;
    uint64_t nodes;
    double seconds;
    DdzError error;
} DdzSolveResult;

typedef struct DdzSolver DdzSolver;

/* Makes a solver whose transposition table takes about table_bytes (rounded down to a
 * power of two; at least 64 KiB; 0 chooses 64 MiB). Returns NULL when out of memory. */
DdzSolver *ddz_solver_new(size_t table_bytes);

/* Frees the solver and its table; NULL is allowed. */
void ddz_solver_free(DdzSolver *s);

/* Empties the transposition table. Never needed for correctness: the table holds exact
 * values of positions (keyed with their rules and player count), valid for any later
 * position; each call to ddz_solve ages the older entries so that new ones replace them
 * first. Clearing costs a pass over the whole table. */
void ddz_solver_clear(DdzSolver *s);

/* Solves the position: fills *res and returns its outcome. limits may be NULL. */
DdzSolveOutcome ddz_solve(DdzSolver *s, const DdzSolvePosition *pos, const DdzSolveLimits *limits,
                          DdzSolveResult *res);

/* Checks a position (see DdzSolvePosition): returns 0, or -1 with *err saying what is wrong. */
int ddz_solve_position_check(const DdzSolvePosition *pos, DdzError *err);

/* Plays `move` (pass allowed when following) for the player to move: removes the cards,
 * passes the turn and the table on as the rules say. Returns 0; 1 when the move ended the
 * game (the mover's hand is now empty; the position is then final and not valid for
 * ddz_solve); -1 when the move is not legal here (the position is left unchanged). */
int ddz_solve_position_play(DdzSolvePosition *pos, const DdzMove *move);

#endif
