/* moves.h -- the move types, rule presets, classification and beating (RULES.md §5).
 *
 * A DdzMove is a small value the caller owns: the cards as rank counts plus one reading of
 * them (type, comparison rank, chain length). Nothing here allocates or keeps state; all
 * functions are thread-safe. Move generation lives in movegen.h. */
#ifndef DDZ_MOVES_H
#define DDZ_MOVES_H

#include "ddz/cards.h"

/* The move types, in the order generation emits them. The three shuttle types exist only
 * under the botzone preset, the last five only under hubei48 (which has no plain trio,
 * trio + single, trio + pair, plane + singles, plane + pairs, four + two or rocket). */
typedef enum DdzMoveType {
    DDZ_PASS,
    DDZ_SINGLE,
    DDZ_PAIR,
    DDZ_TRIO,
    DDZ_TRIO_SINGLE,
    DDZ_TRIO_PAIR,
    DDZ_STRAIGHT,
    DDZ_PAIR_CHAIN,
    DDZ_PLANE,
    DDZ_PLANE_SINGLE,
    DDZ_PLANE_PAIR,
    DDZ_FOUR_TWO,
    DDZ_FOUR_TWO_PAIRS,
    DDZ_BOMB,
    DDZ_ROCKET,
    DDZ_SHUTTLE,        /* botzone: two or more consecutive fours, bare */
    DDZ_SHUTTLE_SINGLE, /* botzone: n fours + 2n single kickers of distinct ranks */
    DDZ_SHUTTLE_PAIR,   /* botzone: n fours + 2n pair kickers of distinct ranks */
    DDZ_TRIO_SHORT,     /* hubei48: a bare trio or a trio + one card: last cards only */
    DDZ_TRIO_TWO,       /* hubei48: a trio + two cards (two singles or a pair) */
    DDZ_PLANE_SHORT,    /* hubei48: n trios + 1..2n-1 cards: last cards only */
    DDZ_PLANE_TWO,      /* hubei48: n trios + 2n cards */
    DDZ_FOUR_WITH,      /* hubei48: four of a rank + 1..3 cards; not a bomb */
    DDZ_MOVE_TYPE_NB
} DdzMoveType;

typedef enum DdzKicker { DDZ_KICKER_NONE, DDZ_KICKER_SINGLE, DDZ_KICKER_PAIR } DdzKicker;

/* Rule presets of RULES §5 and §8. The first four differ only in which kickers are legal
 * (and botzone adds the shuttle types); hubei48 is the 48-card game with its own deck and
 * move types.
 *   standard  RLCard's 27,471 card sets; the default.
 *   classic   as standard, but the two kickers of four + two are of different ranks.
 *   douzero   DouZero's loose single kickers: both jokers, four of a rank and a trio next to
 *             the plane may be kickers, so a card set can have several readings.
 *   botzone   the Botzone judge: single kickers are distinct ranks, shuttles exist.
 *   hubei48   RULES §8 (seed 001): 48 cards, 16 each, no jokers; trio + two cards, pair
 *             chains from two pairs, planes bare or with two cards per trio, four + up to
 *             three cards or two pairs (not bombs). A bare trio, a trio + one and a plane
 *             with fewer than two cards per trio (the short forms) are legal only as the
 *             last cards of a hand, and the full form of the same trio or plane beats them.
 *             Kickers never share a rank with their trios or four; a plane's kickers never
 *             hold four of a rank nor a trio next to the plane. At most 16 cards a move. */
typedef enum DdzRuleset {
    DDZ_RULES_STANDARD,
    DDZ_RULES_CLASSIC,
    DDZ_RULES_DOUZERO,
    DDZ_RULES_BOTZONE,
    DDZ_RULES_HUBEI48,
    DDZ_RULES_NB
} DdzRuleset;

/* The presets of the 54-card game come first: ddz_ruleset_is_48 tells the other deck. */
static inline bool ddz_ruleset_is_48(DdzRuleset rules) { return rules == DDZ_RULES_HUBEI48; }
/* The deck the preset plays with, as cards and as rank counts. */
static inline DdzCards ddz_ruleset_deck(DdzRuleset rules)
{
    return ddz_ruleset_is_48(rules) ? DDZ_DECK48 : DDZ_DECK;
}
static inline DdzRanks ddz_ruleset_deck_ranks(DdzRuleset rules)
{
    return ddz_ruleset_is_48(rules) ? DDZ_DECK48_RANKS : DDZ_DECK_RANKS;
}
/* Cards dealt to each seat (17 or 16) and to the bottom (3 or none). */
static inline int ddz_ruleset_hand_size(DdzRuleset rules) { return ddz_ruleset_is_48(rules) ? 16 : 17; }
static inline int ddz_ruleset_bottom_size(DdzRuleset rules) { return ddz_ruleset_is_48(rules) ? 0 : 3; }

/* Move encoding.
 *
 * ranks  the cards played, as rank counts (suits never matter for play);
 * type   a DdzMoveType;
 * rank   the comparison rank: the rank of the single/pair/trio/four, or the lowest rank
 *        of a chain (straight, pair chain, the trios of a plane, the fours of a shuttle);
 *        0 for pass and rocket;
 * len    the chain length (number of consecutive ranks), 1 for non-chains, 0 for pass;
 * size   the number of cards.
 * Two moves are the same move when all five fields agree (ddz_move_equal); under douzero
 * one card set may be several moves. */
typedef struct DdzMove {
    DdzRanks ranks;
    uint8_t type;
    uint8_t rank;
    uint8_t len;
    uint8_t size;
} DdzMove;

/* The most readings one card set can have (douzero; the others have at most one). */
#define DDZ_MAX_READINGS 4

static inline DdzMove ddz_move_pass(void)
{
    DdzMove m = {0, DDZ_PASS, 0, 0, 0};
    return m;
}

static inline bool ddz_move_equal(const DdzMove *a, const DdzMove *b)
{
    return a->ranks == b->ranks && a->type == b->type && a->rank == b->rank && a->len == b->len;
}

/* Whether a type is compared within one chain length (straights, chains, planes, shuttles). */
static inline bool ddz_move_type_is_chain(int type)
{
    return (type >= DDZ_STRAIGHT && type <= DDZ_PLANE_PAIR) || (type >= DDZ_SHUTTLE && type <= DDZ_SHUTTLE_PAIR) ||
           type == DDZ_PLANE_SHORT || type == DDZ_PLANE_TWO;
}

/* Whether a move is a short form of hubei48, legal only as the whole rest of a hand. */
static inline bool ddz_move_is_short(const DdzMove *m)
{
    return m->type == DDZ_TRIO_SHORT || m->type == DDZ_PLANE_SHORT;
}

static inline bool ddz_move_is_bomb(const DdzMove *m)
{
    return m->type == DDZ_BOMB || m->type == DDZ_ROCKET;
}

/* Every reading of the card multiset `cards` under `rules`, written to out in ascending
 * (type, rank) order; returns how many (0: not a legal move). The empty set reads as pass. */
int ddz_move_classify(DdzRanks cards, DdzRuleset rules, DdzMove out[DDZ_MAX_READINGS]);

/* Whether a may be played on b. A rocket beats everything; a bomb beats every non-bomb
 * and every lower bomb; a short form of hubei48 beats nothing but pass and is beaten by the
 * full form of the same trio or plane (trio_two, plane_two of the same length) of a higher
 * rank; otherwise a beats b only with the same type, the same number of
 * cards and a higher comparison rank. Anything but pass "beats" pass (a lead); pass
 * beats nothing. Both must be readings produced by classify or generation. */
bool ddz_move_beats(const DdzMove *a, const DdzMove *b);

DdzKicker ddz_move_kicker(DdzMoveType type);

/* "single", "plane_single", ... ; "?" for an out-of-range value. */
const char *ddz_move_type_name(DdzMoveType type);
/* Returns 0 and sets *out for a known type name, -1 otherwise. */
int ddz_move_type_parse(const char *name, DdzMoveType *out);

/* "standard", "classic", "douzero", "botzone", "hubei48". */
const char *ddz_ruleset_name(DdzRuleset rules);
/* Returns 0 and sets *out for a preset name, or -1 with *err listing the names. */
int ddz_ruleset_parse(const char *name, DdzRuleset *out, DdzError *err);

/* Parses a move: rank notation, optionally followed by ":TYPE" or ":TYPE:RANK" to choose
 * among several readings (douzero), e.g. "333444555666:plane_single:4". Fails with a
 * message when the cards are no move, or when the reading is ambiguous and not chosen. */
int ddz_move_parse(const char *text, DdzRuleset rules, DdzMove *out, DdzError *err);

/* Writes the move's cards in rank notation, followed by ":type:rank" only when the card set
 * has more than one reading under `rules`, so that ddz_move_parse reads it back; "pass"
 * for pass. Returns the length needed (like snprintf); 80 bytes always suffice. */
size_t ddz_move_format(const DdzMove *m, DdzRuleset rules, char *buf, size_t size);

/* Writes a reading as "plane_single n=2 rank=3" (n= only for chains). */
size_t ddz_move_describe(const DdzMove *m, char *buf, size_t size);

#endif
