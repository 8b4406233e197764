/* movegen.h -- move generation and hint order (RULES.md §5).
 *
 * Generators write into a caller-owned array and return a count; they never allocate,
 * print or lock, and are thread-safe. Size the array DDZ_MAX_MOVES for any hand of at most
 * 20 cards (every real hand), DDZ_MAX_MOVES_DECK for any hand at all (up to the full deck). */
#ifndef DDZ_MOVEGEN_H
#define DDZ_MOVEGEN_H

#include "ddz/moves.h"

/* Room for the moves of any hand of at most 20 cards under any preset. The exact maxima,
 * found by generating the moves of every one of the 153,009,740 rank multisets of 20 cards
 * (`ddz bench maxmoves --rules P` reproduces each in about two minutes), are 519 for
 * standard and classic (3456789TJJJQQQKKKAAA), 521 for douzero (the same hand) and 804 for
 * botzone (3456789TJQKKKKAAAABR); tests/test_movegen.c pins those hands; hubei48's 16-card
 * hands stay far below (see tests/test_hubei48.c). A smaller hand's
 * moves are a subset of some 20-card hand's, so this bounds every real hand. */
#define DDZ_MAX_MOVES 1024
/* The most moves of any card multiset of one deck: the full deck's leading moves under the
 * loosest 54-card preset (botzone has 34,323), or hubei48's 48-card deck's leading moves
 * and short forms together (51,761 + 34,974 = 86,735; `ddz universe` lists both). */
#define DDZ_MAX_MOVES_DECK 90000

/* Generates the moves of `hand` under `rules` into out. The hand is a multiset of the
 * preset's deck (ddz_ruleset_deck_ranks).
 *
 * Leading (last is NULL or pass): every legal move the hand holds.
 * Following: every move of the hand that beats *last (ddz_move_beats); pass, always
 * allowed when following, is not listed.
 *
 * Order, deterministic: by type in DdzMoveType order; within a type by comparison rank,
 * then chain length, then kickers in ascending lexicographic order of their ranks. Each
 * move appears once. Returns the number written. */
int ddz_moves_generate(DdzRanks hand, const DdzMove *last, DdzRuleset rules, DdzMove *out);

/* hubei48's short forms (a bare trio or trio + one card, a plane with fewer than two cards
 * per trio), legal only as the last cards of a hand. ddz_moves_generate takes `hand` to be
 * the player's whole hand and lists a short form only when leading and it is the whole
 * hand; this lists every short form `hand` holds, in the same order (for the universe of
 * card sets, and for agents that plan a hand's last play). 0 under the other presets. */
int ddz_moves_generate_short(DdzRanks hand, DdzRuleset rules, DdzMove *out);

/* The same moves in the order a hint button cycles through them: ordinary moves before
 * bombs and the rocket; then moves that break fewer of the hand's combinations (a pair, a
 * trio or a bomb split, both jokers parted) first; then the lowest comparison rank; then the
 * cheapest kickers. Returns the number written. */
int ddz_moves_hint(DdzRanks hand, const DdzMove *last, DdzRuleset rules, DdzMove *out);

/* The hint key of one move in a hand: hints sort by ascending key, equal keys by type,
 * chain length and cards. Exposed for agents that rank moves the same way. */
uint64_t ddz_move_hint_key(DdzRanks hand, const DdzMove *m);

#endif
