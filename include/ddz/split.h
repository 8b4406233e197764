/* split.h -- hand splitting (拆牌): the partition of a hand into the fewest plays, and the
 * value of a split that weighs control (seed 000, the thesis's 拆牌 and 牌型估值).
 *
 * A DdzSplitter is an opaque object the caller makes with ddz_splitter_new and frees with
 * ddz_splitter_free; it owns a memo table of sub-hand results (its size is chosen at
 * creation, see ddz_splitter_new) and a scratch move list. The results it returns are plain
 * values the caller owns. A splitter is not thread-safe: one per thread (or per agent). */
#ifndef DDZ_SPLIT_H
#define DDZ_SPLIT_H

#include "ddz/movegen.h"

/* The largest hand a splitter takes: a landlord's 20 cards. */
#define DDZ_SPLIT_MAX_CARDS 20

/* A split of a hand: `plays` legal moves (each one reading of its cards under the
 * splitter's preset; under hubei48 at most one of them a short form, the one to play last)
 * whose cards add up to exactly the hand. Parts are listed in the order
 * the search takes them: the part holding the hand's lowest rank first, then the part
 * holding the lowest rank of what is left, and so on. value is the sum of the parts'
 * ddz_split_part_value. */
typedef struct DdzSplit {
    int plays;
    int value;
    DdzMove part[DDZ_SPLIT_MAX_CARDS];
} DdzSplit;

typedef struct DdzSplitter DdzSplitter;

/* Makes a splitter for one rule preset and one objective.
 *
 * play_cost 0: the best split has the fewest plays, and among those the highest value.
 * play_cost > 0 (at most 100): the best split has the highest worth, value - play_cost *
 * plays, and among those the fewest plays -- the trade a player makes, who will keep a
 * rocket rather than play its jokers as kickers to save one play. DDZ_SPLIT_PLAY_COST is
 * the rule agent's.
 *
 * memo_bits sizes the memo table: 2^memo_bits entries of 16 bytes (memo_bits 0 takes the
 * default 16: 1 MiB; accepted 10..26). The table is a cache: when it is full, new results
 * replace old ones, so any size is correct and a larger one is only faster. Besides the
 * table the splitter holds about 35 KiB of scratch (move lists). Returns NULL when out of
 * memory or an argument is out of range. */
#define DDZ_SPLIT_PLAY_COST 7
DdzSplitter *ddz_splitter_new(DdzRuleset rules, int play_cost, int memo_bits);
void ddz_splitter_free(DdzSplitter *sp);

DdzRuleset ddz_splitter_rules(const DdzSplitter *sp);
int ddz_splitter_play_cost(const DdzSplitter *sp);

/* The best split of hand (at most DDZ_SPLIT_MAX_CARDS cards) under the splitter's
 * objective. The search is exact: a depth-first search over the legal moves holding the
 * lowest rank left, memoised over rank counts; ties are broken by generation order, the
 * same way every time whatever the memo holds. Returns out->plays (0 for the empty hand),
 * or -1 when the hand has more than DDZ_SPLIT_MAX_CARDS cards or counts no deck holds. */
int ddz_split_best(DdzSplitter *sp, DdzRanks hand, DdzSplit *out);

/* The same search without the parts: returns the best split's number of plays (or -1 as
 * above) and sets *value (when not NULL) to its value. Cheaper than ddz_split_best when
 * only the numbers matter. */
int ddz_split_eval(DdzSplitter *sp, DdzRanks hand, int *value);

/* The value of one part: how likely it is to win the trick it starts, in points. Ranks
 * 3..A count -10..1 and a 2, the small and the big joker 4, 6 and 8 (the card that decides
 * a single, pair or trio; a trio one more); a chain counts its top card plus 1 (pair chain,
 * straight) or 2 (plane), and one more for every two ranks beyond the shortest; four + two
 * its rank + 3; a bomb 12 + rank / 2 and the rocket 20. Kickers never change a part's
 * value, so among otherwise equal splits the search gives the trios and planes the lowest
 * singles and pairs as kickers. */
int ddz_split_part_value(const DdzMove *m);

/* Whether a part is a control: a bomb, the rocket, or a part whose comparison card is a 2
 * or a joker (single, pair, trio with kickers). */
bool ddz_split_part_is_control(const DdzMove *m);

#endif
