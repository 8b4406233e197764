/* cards.h -- cards, card sets, rank counts and their text forms (RULES.md §1).
 *
 * Everything here is a plain integer value owned by the caller: no function allocates,
 * keeps state or touches I/O, so all of it is thread-safe. Parsers report errors through
 * a caller-owned DdzError that names the offending character and its position. */
#ifndef DDZ_CARDS_H
#define DDZ_CARDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Card and rank encoding.
 *
 * A card id is 0..53, the Botzone ids: id = rank*4 + suit for the 52 suited cards
 * (rank 0 = "3" ... 12 = "2"; suit 0..3 = clubs, diamonds, hearts, spades), 52 = small
 * joker (B), 53 = big joker (R).
 *
 * DdzCards is a set of card ids, bit `id` of a uint64_t.
 * DdzRanks is a multiset of ranks: 15 four-bit counts, nibble r (bits 4r..4r+3) holding
 * how many cards of rank r there are; rank 13 is the small joker and 14 the big joker.
 * For the suited ranks the nibble of DdzCards is exactly the four suits of that rank, so
 * converting a set to counts is one parallel nibble popcount. Counts never exceed 4
 * (1 for the jokers) for anything drawn from one deck; the SWAR helpers below rely on
 * counts staying below 8. */
typedef uint64_t DdzCards;
typedef uint64_t DdzRanks;
typedef int DdzCard;
typedef int DdzRank;

enum {
    DDZ_RANK_3, DDZ_RANK_4, DDZ_RANK_5, DDZ_RANK_6, DDZ_RANK_7, DDZ_RANK_8, DDZ_RANK_9,
    DDZ_RANK_T, DDZ_RANK_J, DDZ_RANK_Q, DDZ_RANK_K, DDZ_RANK_A, DDZ_RANK_2,
    DDZ_RANK_BJ, DDZ_RANK_RJ,
    DDZ_RANK_NB /* 15 ranks */
};
enum { DDZ_SUIT_CLUBS, DDZ_SUIT_DIAMONDS, DDZ_SUIT_HEARTS, DDZ_SUIT_SPADES, DDZ_SUIT_NB };

#define DDZ_CARD_NB 54
#define DDZ_CARD_BJ 52
#define DDZ_CARD_RJ 53
#define DDZ_DECK ((DdzCards)0x003FFFFFFFFFFFFFull)
/* The full deck as rank counts: four of each suited rank, one of each joker. */
#define DDZ_DECK_RANKS ((DdzRanks)0x114444444444444ull)
/* The 48-card deck of the hubei48 rules (RULES §8): the 54 cards less both jokers and
 * clubs, diamonds and hearts 2 (ids 48..50) and spades A (id 47): four of 3..K, three As,
 * one 2. */
#define DDZ_DECK48 ((DdzCards)0x00087FFFFFFFFFFFull)
#define DDZ_DECK48_RANKS ((DdzRanks)0x1344444444444ull)

/* Room for any error message; pos is the 1-based character position of the fault, 0 when
 * the fault is not at one place. */
typedef struct DdzError {
    int pos;
    char msg[256];
} DdzError;

/* Fills *err (when not NULL) with pos and the printf-style message; returns -1, so that an
 * error path reads `return ddz_error_set(err, pos, "...", ...);`. */
int ddz_error_set(DdzError *err, int pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static inline DdzRank ddz_card_rank(DdzCard c) { return c < 52 ? c >> 2 : c - 39; }
/* Suit 0..3 of a suited card, -1 for a joker. */
static inline int ddz_card_suit(DdzCard c) { return c < 52 ? c & 3 : -1; }
static inline DdzCards ddz_cards_of(DdzCard c) { return (DdzCards)1 << c; }
static inline bool ddz_cards_has(DdzCards s, DdzCard c) { return (s >> c) & 1; }
static inline int ddz_cards_size(DdzCards s) { return __builtin_popcountll(s); }

/* Rank counts of a card set, in O(1): a nibble-wise popcount of the 52 suited bits, and
 * the two joker bits moved to nibbles 13 and 14. */
static inline DdzRanks ddz_cards_ranks(DdzCards s)
{
    uint64_t x = s & 0x000FFFFFFFFFFFFFull;
    x = x - ((x >> 1) & 0x0005555555555555ull);
    x = (x & 0x0003333333333333ull) + ((x >> 2) & 0x0003333333333333ull);
    return x | (((s >> 52) & 1) << 52) | (((s >> 53) & 1) << 56);
}

static inline int ddz_ranks_get(DdzRanks r, DdzRank rank) { return (int)((r >> (4 * rank)) & 15); }
static inline DdzRanks ddz_ranks_of(DdzRank rank, int count) { return (DdzRanks)count << (4 * rank); }

/* Total number of cards: nibbles summed in bytes, then the bytes summed by a multiply. */
static inline int ddz_ranks_size(DdzRanks r)
{
    uint64_t x = (r & 0x0F0F0F0F0F0F0F0Full) + ((r >> 4) & 0x0F0F0F0F0F0F0F0Full);
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* Whether every rank count of sub is at most the one of hand: adding 8 to each nibble of
 * hand and subtracting sub leaves the nibble's top bit set exactly when hand >= sub, and
 * no borrow crosses a nibble because counts stay below 8. */
static inline bool ddz_ranks_contains(DdzRanks hand, DdzRanks sub)
{
    const uint64_t h = 0x0888888888888888ull;
    return (((hand | h) - sub) & h) == h;
}

/* Text notation -----------------------------------------------------------------------*/

/* The rank character of RULES §1: "3456789TJQKA2BR"[rank]; '?' out of range. */
char ddz_rank_char(DdzRank rank);

/* Parses rank notation ("33344456", "10JQKA", "BR"; lower case, spaces, "10" for T and
 * X/D for the small/big joker accepted; "" and "pass" in any case are the empty set;
 * blanks are spaces, tabs and line ends) into *out.
 * Returns 0, or -1 with *err filled: an unknown character, or more copies of a rank
 * than one deck holds. *out is untouched on error. */
int ddz_ranks_parse(const char *text, DdzRanks *out, DdzError *err);

/* Writes rank notation, lowest rank first, NUL-terminated; returns the length it needed
 * (like snprintf). 63 bytes hold any set of one deck. */
size_t ddz_ranks_format(DdzRanks ranks, char *buf, size_t size);

typedef enum DdzCardStyle {
    DDZ_STYLE_UNICODE, /* ♠A ♥10 ♣3 小王 大王 */
    DDZ_STYLE_ASCII,   /* SA HT C3 BJ RJ */
    DDZ_STYLE_CHINESE  /* 黑桃A 红桃10 梅花3 小王 大王 */
} DdzCardStyle;

/* Parses suited cards in any of the three styles into a set. Cards may be separated by
 * spaces or commas, or written back to back ("SAHT"). Also accepted: the white suit
 * symbols ♤♡♢♧, 方片 and 红心, lower-case ASCII suits, "10" or "T" for ten, bj/rj.
 * A card named twice, an unknown suit or rank, or a stray character is an error naming
 * the character and its 1-based position in characters (not bytes); returns 0 or -1, and
 * *out is untouched on error. */
int ddz_cards_parse(const char *text, DdzCards *out, DdzError *err);

/* Writes the cards sorted by rank then suit (clubs < diamonds < hearts < spades), separated
 * by single spaces, NUL-terminated; returns the length needed (like snprintf). When the
 * buffer is too small it holds the whole cards that fit, never part of one.
 * 512 bytes hold a full deck in any style. */
size_t ddz_cards_format(DdzCards cards, DdzCardStyle style, char *buf, size_t size);

/* Writes one card; returns the length needed. */
size_t ddz_card_format(DdzCard card, DdzCardStyle style, char *buf, size_t size);

/* The cards of hand that make up the multiset want, taking the lowest suits of each rank
 * first. Returns false (and *out untouched) when hand does not hold them. */
bool ddz_cards_pick(DdzCards hand, DdzRanks want, DdzCards *out);

#endif
