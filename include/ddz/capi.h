/* capi.h -- the flat C API of libddz.so for foreign callers (Python ctypes, other FFIs).
 *
 * Nothing here asks the caller to mirror a C struct. Values are plain integers and arrays:
 *   cards    a uint64_t set of card ids (bit id, ids as cards.h: rank*4 + suit, 52/53 jokers);
 *   ranks    a uint64_t of rank counts, nibble r = copies of rank r (cards.h);
 *   a move   two numbers: its ranks and its reading, an int32 packing
 *            type | rank << 8 | len << 16 (moves.h: DdzMoveType, comparison rank, chain length);
 *            pass is (0, 0);
 *   an action  DDZ_CAPI_ACTION_LEN int64s, indexed by DDZ_CAPI_ACT_*.
 * Long-lived objects (games, agents, solvers, splitters, record readers) are opaque handles
 * made by _new and released by _free (NULL allowed); the caller owns each one and must not
 * use one handle from two threads at once. Different handles are independent.
 *
 * Errors: every function that can fail returns a status, 0 or a non-negative count on
 * success, a negative DDZ_CAPI_E* code on failure, and writes a message a person can act on
 * into `err` (a caller buffer of DDZ_CAPI_ERR_LEN bytes; NULL when not wanted). Bad input --
 * a count no deck holds, an unknown name, an illegal action, a finished game -- is always
 * answered with a status, never a crash. Strings returned by *_format follow snprintf. */
#ifndef DDZ_CAPI_H
#define DDZ_CAPI_H

#include <stddef.h>
#include <stdint.h>

#define DDZ_CAPI_ERR_LEN 256
/* Version of this interface; it changes when a signature or an encoding changes. */
#define DDZ_CAPI_ABI 1

enum {
    DDZ_CAPI_OK = 0,
    DDZ_CAPI_EINVAL = -1,   /* an argument is out of range or malformed */
    DDZ_CAPI_EILLEGAL = -2, /* an action the rules refuse */
    DDZ_CAPI_ESTATE = -3,   /* the object is not in a state that allows this (e.g. game over) */
    DDZ_CAPI_ENOMEM = -4,   /* out of memory */
    DDZ_CAPI_EIO = -5,      /* a file could not be read or written, or a record is corrupt */
    DDZ_CAPI_ERANGE = -6    /* the caller's array is too small (the message says how big) */
};

/* An action as DDZ_CAPI_ACTION_LEN int64s: kind (DdzActionKind: 0 bid, 1 double, 2 show,
 * 3 play), seat, value (bid/double value), the move's ranks and reading (plays), and the exact
 * cards played (0 lets the game pick the lowest suits of each rank). */
enum {
    DDZ_CAPI_ACT_KIND,
    DDZ_CAPI_ACT_SEAT,
    DDZ_CAPI_ACT_VALUE,
    DDZ_CAPI_ACT_RANKS,
    DDZ_CAPI_ACT_READING,
    DDZ_CAPI_ACT_CARDS,
    DDZ_CAPI_ACTION_LEN
};

/* Library ------------------------------------------------------------------------------*/

/* The library version ("0.1.0") and DDZ_CAPI_ABI, so a binding can check what it loaded. */
const char *ddz_capi_version(void);
int ddz_capi_abi(void);

/* Cards and moves ------------------------------------------------------------------------*/

/* Whether ranks is a multiset one deck holds (at most 4 of a suited rank, 1 of a joker,
 * nothing above rank 14): 1 or 0. */
int ddz_capi_ranks_valid(uint64_t ranks);
/* Rank notation ("33344456", "10JQKA", "BR", "pass"). Returns 0 or DDZ_CAPI_EINVAL. */
int ddz_capi_ranks_parse(const char *text, uint64_t *out, char *err);
/* Writes rank notation; returns the length needed. ranks must be valid. */
int ddz_capi_ranks_format(uint64_t ranks, char *buf, size_t size);
/* Suited cards in any style ("SA HT", "♠A ♥10", "黑桃A"). Returns 0 or DDZ_CAPI_EINVAL. */
int ddz_capi_cards_parse(const char *text, uint64_t *out, char *err);
/* style 0 Unicode, 1 ASCII, 2 Chinese. Returns the length needed, or DDZ_CAPI_EINVAL. */
int ddz_capi_cards_format(uint64_t cards, int style, char *buf, size_t size);
/* The rank counts of a card set (bits above 53 are an error: DDZ_CAPI_EINVAL). */
int ddz_capi_cards_ranks(uint64_t cards, uint64_t *out, char *err);

/* Rule presets by name ("standard", "classic", "douzero", "botzone"): the index, or
 * DDZ_CAPI_EINVAL. ddz_capi_rules_name returns "?" for an unknown index. */
int ddz_capi_rules_parse(const char *name, char *err);
const char *ddz_capi_rules_name(int rules);
/* Move type names ("pass", "single", ... moves.h order); "?" out of range. */
const char *ddz_capi_move_type_name(int type);
int ddz_capi_move_type_nb(void);

/* Every reading of ranks under rules into readings[4]; returns how many (0: not a move). */
int ddz_capi_classify(uint64_t ranks, int rules, int32_t readings[4], char *err);

/* The moves of hand under rules, leading when last is pass (last_ranks 0), else the moves
 * that beat last (pass not listed). order 0: generation order; 1: hint order. Writes up to
 * cap moves; returns the number of moves, DDZ_CAPI_ERANGE when more than cap (call again
 * with the count from the message: any hand has at most 40,000), or DDZ_CAPI_EINVAL (a hand
 * no deck holds, last not a reading of its ranks). */
int ddz_capi_moves(uint64_t hand, uint64_t last_ranks, int32_t last_reading, int rules, int order,
                   uint64_t *out_ranks, int32_t *out_readings, int cap, char *err);

/* Whether move a beats move b (moves.h, ddz_move_beats): 1 or 0, or DDZ_CAPI_EINVAL when
 * either is not a reading of its ranks under rules. */
int ddz_capi_beats(uint64_t a_ranks, int32_t a_reading, uint64_t b_ranks, int32_t b_reading, int rules,
                   char *err);

/* Parses "333444555666:plane_single:4" style move text; returns 0 or DDZ_CAPI_EINVAL. */
int ddz_capi_move_parse(const char *text, int rules, uint64_t *ranks, int32_t *reading, char *err);
/* Writes a move as ddz_move_parse reads it back; returns the length needed or DDZ_CAPI_EINVAL. */
int ddz_capi_move_format(uint64_t ranks, int32_t reading, int rules, char *buf, size_t size);

/* Games (game.h) -----------------------------------------------------------------------*/

typedef struct DdzCapiGame DdzCapiGame;

/* A game with options "rules=douzero,bid=rob,..." (comma-separated ddz_options_set
 * assignments; NULL or "" for the defaults); not dealt yet. NULL with err on a bad option or
 * no memory. */
DdzCapiGame *ddz_capi_game_new(const char *options, char *err);
void ddz_capi_game_free(DdzCapiGame *g);
/* A copy of g (deals, history and all); NULL when out of memory. */
DdzCapiGame *ddz_capi_game_copy(const DdzCapiGame *g);
/* Writes the options in ddz_options_format's form; returns the length needed. */
int ddz_capi_game_options(const DdzCapiGame *g, char *buf, size_t size);

/* Deals from a DdzRng seeded with seed (ddz_game_new); first is the first bidder (0..2). */
int ddz_capi_game_deal(DdzCapiGame *g, uint64_t seed, int first, char *err);
/* Deals the given hands (card sets, 17 each) and bottom (3 cards). */
int ddz_capi_game_deal_hands(DdzCapiGame *g, const uint64_t hands[3], uint64_t bottom, int first, char *err);
/* Deals hands and skips the bidding: `landlord` bids 3 at once under the points flow, or
 * calls and the others decline under the rob flow; doubling (if any) is left to the caller.
 * The research protocol's start (landlord holds 20 cards). */
int ddz_capi_game_deal_landlord(DdzCapiGame *g, uint64_t seed, int landlord, char *err);

/* State: phase (DdzPhase; -1 before any deal), seat to act, landlord (-1 none yet), bombs,
 * number of actions so far, first bidder. */
enum { DDZ_CAPI_ST_PHASE, DDZ_CAPI_ST_TURN, DDZ_CAPI_ST_LANDLORD, DDZ_CAPI_ST_BOMBS, DDZ_CAPI_ST_NHIST,
       DDZ_CAPI_ST_FIRST, DDZ_CAPI_ST_BID, DDZ_CAPI_ST_TABLE_SEAT, DDZ_CAPI_STATE_LEN };
void ddz_capi_game_state(const DdzCapiGame *g, int64_t out[DDZ_CAPI_STATE_LEN]);
/* Cards: hand of a seat now (seat 0..2), dealt hand of a seat (seat 3..5 -> dealt 0..2), the
 * bottom (seat 6). 0 for out-of-range seats. */
uint64_t ddz_capi_game_cards(const DdzCapiGame *g, int which);
/* The move on the table (to beat), or pass when the seat to act leads. */
void ddz_capi_game_table(const DdzCapiGame *g, uint64_t *ranks, int32_t *reading);

/* The legal actions of the seat to act, as rows of DDZ_CAPI_ACTION_LEN into out (cap rows):
 * bids or doubles (ascending values, then a show when allowed), or plays (pass first when
 * following, then generation order). Returns the count, DDZ_CAPI_ESTATE when the game is not
 * dealt or is over, DDZ_CAPI_ERANGE when cap is too small (1025 rows always suffice). */
int ddz_capi_game_legal(const DdzCapiGame *g, int64_t *out, int cap, char *err);
/* Checks and applies one action (DDZ_CAPI_ACTION_LEN int64s). DDZ_CAPI_EILLEGAL with the
 * reason, DDZ_CAPI_ESTATE when over, DDZ_CAPI_EINVAL when a field is out of range. */
int ddz_capi_game_apply(DdzCapiGame *g, const int64_t *action, char *err);
/* Takes back the last action: 0, or DDZ_CAPI_ESTATE when there is none. */
int ddz_capi_game_undo(DdzCapiGame *g, char *err);
/* Action i of the history (0-based) into out; DDZ_CAPI_EINVAL out of range. */
int ddz_capi_game_history(const DdzCapiGame *g, int i, int64_t *out, char *err);

/* What one seat may see (game.h, DdzView), as DDZ_CAPI_VIEW_LEN int64s indexed by
 * DDZ_CAPI_VW_*: the seat's hand, the bottom once shown, each seat's shown hand, played cards,
 * card count and doubling choice, the table move and its seat. The public history is the
 * game's (ddz_capi_game_history); nothing else of other seats' hands is reachable. */
enum {
    DDZ_CAPI_VW_SEAT, DDZ_CAPI_VW_PHASE, DDZ_CAPI_VW_TURN, DDZ_CAPI_VW_FIRST, DDZ_CAPI_VW_LANDLORD,
    DDZ_CAPI_VW_BID, DDZ_CAPI_VW_ROBS, DDZ_CAPI_VW_PASSES, DDZ_CAPI_VW_REVEALED, DDZ_CAPI_VW_HAND,
    DDZ_CAPI_VW_BOTTOM, DDZ_CAPI_VW_TABLE_RANKS, DDZ_CAPI_VW_TABLE_READING, DDZ_CAPI_VW_TABLE_SEAT,
    DDZ_CAPI_VW_NHIST,
    DDZ_CAPI_VW_SHOWN,                      /* 3 entries */
    DDZ_CAPI_VW_PLAYED = DDZ_CAPI_VW_SHOWN + 3, /* 3 entries */
    DDZ_CAPI_VW_COUNT = DDZ_CAPI_VW_PLAYED + 3, /* 3 entries */
    DDZ_CAPI_VW_DOUBLE = DDZ_CAPI_VW_COUNT + 3, /* 3 entries */
    DDZ_CAPI_VIEW_LEN = DDZ_CAPI_VW_DOUBLE + 3
};
int ddz_capi_game_view(const DdzCapiGame *g, int seat, int64_t out[DDZ_CAPI_VIEW_LEN], char *err);

/* The result of a finished game (DdzResult) as DDZ_CAPI_RESULT_LEN int64s indexed by
 * DDZ_CAPI_RS_*; DDZ_CAPI_ESTATE before the end. */
enum {
    DDZ_CAPI_RS_SCORE,                          /* 3 entries */
    DDZ_CAPI_RS_STAKE = DDZ_CAPI_RS_SCORE + 3,  /* 3 entries */
    DDZ_CAPI_RS_FEE = DDZ_CAPI_RS_STAKE + 3,
    DDZ_CAPI_RS_LANDLORD, DDZ_CAPI_RS_LANDLORD_WON, DDZ_CAPI_RS_SPRING, DDZ_CAPI_RS_ANTI_SPRING,
    DDZ_CAPI_RS_BOMBS, DDZ_CAPI_RS_BASE, DDZ_CAPI_RS_MULTIPLE,
    DDZ_CAPI_RESULT_LEN
};
int ddz_capi_game_result(const DdzCapiGame *g, int64_t out[DDZ_CAPI_RESULT_LEN], char *err);

/* Records (record.h, docs/RECORD.md) ------------------------------------------------------*/

/* The game (finished or redealt) as a JSON Lines record in a malloc'd string *out (free it
 * with ddz_capi_free); seat names are given as "a,b,c" (NULL: none); has_seed says whether
 * `seed` dealt it. Returns the length, or a negative status. */
int ddz_capi_record_write(const DdzCapiGame *g, const char *seats, int has_seed, uint64_t seed, long game_no,
                          char **out, char *err);
void ddz_capi_free(void *p);

typedef struct DdzCapiReader DdzCapiReader;
/* A reader over a copy of text (len bytes of JSON Lines records). NULL when out of memory. */
DdzCapiReader *ddz_capi_reader_new(const char *text, size_t len);
/* A reader over a file; NULL with err when it cannot be opened. */
DdzCapiReader *ddz_capi_reader_open(const char *path, char *err);
void ddz_capi_reader_free(DdzCapiReader *r);
/* Reads the next game into g (its options replaced by the record's) and what the record says
 * besides: info = {has_seed, seed, game number} and the seat names "a,b,c" into seats (size
 * bytes; 100 hold any). Returns 1, 0 at the end, or DDZ_CAPI_EIO with "line N: reason" (the
 * reader then skips to the next game). info and seats may be NULL. */
int ddz_capi_reader_next(DdzCapiReader *r, DdzCapiGame *g, int64_t info[3], char *seats, size_t size, char *err);

/* A game rebuilt from what one DouZero position knows (its InfoSet: player_position,
 * player_hand_cards, three_landlord_cards, card_play_action_seq), so that a ddz agent can
 * decide in DouZero's environment: g, made with "rules=douzero", becomes a game in which the
 * landlord is seat 0, landlord_down 1 and landlord_up 2 (position 0, 1, 2), `position` is to
 * act and holds the rank counts `hand`, the bottom is `three`, and the n rank counts of seq
 * were played in turn from the landlord's lead (0 a pass), each with the reading DouZero's
 * move detector gives it (or, when that one does not beat the table, the closest one that
 * does). The other seats hold cards that carry no information (ddz_engine_rebuild), and
 * every play is checked by the rules. Returns 0, or DDZ_CAPI_EINVAL / DDZ_CAPI_EILLEGAL with
 * what is wrong (g unchanged). */
int ddz_capi_game_from_douzero(DdzCapiGame *g, int position, uint64_t hand, uint64_t three, const uint64_t *seq,
                               int n, char *err);

/* Agents (ai.h) ---------------------------------------------------------------------------*/

typedef struct DdzCapiAgent DdzCapiAgent;
/* Any agent ddz_ai_agent_new makes ("random", "greedy", "rule", "search", "search:MS",
 * "easy" ... "expert"), seeded with seed. NULL with err for an unknown name. */
DdzCapiAgent *ddz_capi_agent_new(const char *name, uint64_t seed, char *err);
void ddz_capi_agent_free(DdzCapiAgent *a);
/* The names ddz_capi_agent_new accepts, comma-separated. */
const char *ddz_capi_agent_names(void);
/* The agent's action for the seat to act in g, from that seat's view only, into out
 * (DDZ_CAPI_ACTION_LEN); g is not changed. DDZ_CAPI_ESTATE when the game is over, or the
 * agent's failure. */
int ddz_capi_agent_act(DdzCapiAgent *a, const DdzCapiGame *g, int64_t *out, char *err);

/* The arena (arena.h): agents a and b by name, each deal twice with sides swapped. out gets
 * DDZ_CAPI_ARENA_LEN doubles indexed by DDZ_CAPI_AR_*: games, wins, points and points
 * squared for all games, A as landlord, A as farmers; then WP and ADP of all games, redeals,
 * bombs, seconds. */
enum {
    DDZ_CAPI_AR_ALL, DDZ_CAPI_AR_LANDLORD = 4, DDZ_CAPI_AR_FARMERS = 8, /* games, wins, points, points_sq */
    DDZ_CAPI_AR_WP = 12, DDZ_CAPI_AR_ADP, DDZ_CAPI_AR_REDEALS, DDZ_CAPI_AR_BOMBS, DDZ_CAPI_AR_SECONDS,
    DDZ_CAPI_ARENA_LEN
};
int ddz_capi_arena_run(const char *a, const char *b, long deals, uint64_t seed, int rules, int bidding, int jobs,
                       double out[DDZ_CAPI_ARENA_LEN], char *err);
/* A's points in a finished game, A in the seats of the mask a_seats (ddz_arena_points). */
int ddz_capi_arena_points(const DdzCapiGame *g, unsigned a_seats, int bidding, int64_t *points, char *err);

/* Solver and splitter (solve.h, split.h) ---------------------------------------------------*/

typedef struct DdzCapiSolver DdzCapiSolver;
/* A solver with a table of about table_bytes (0: 64 MiB). NULL when out of memory. */
DdzCapiSolver *ddz_capi_solver_new(size_t table_bytes);
void ddz_capi_solver_free(DdzCapiSolver *s);
/* Solves an open-hand position (solve.h: players 2 or 3, hands as ranks, to_move, the move to
 * beat and who played it, rules) within max_nodes / max_seconds (0: no limit). Returns the
 * outcome (1 win for the side to move, 2 loss, 0 unknown) or DDZ_CAPI_EINVAL with the reason.
 * out: landlord_wins, the move's ranks, its reading, nodes searched (4 int64s). */
int ddz_capi_solve(DdzCapiSolver *s, int players, const uint64_t hands[3], int to_move, uint64_t last_ranks,
                   int32_t last_reading, int last_by, int rules, uint64_t max_nodes, double max_seconds,
                   int64_t out[4], char *err);

typedef struct DdzCapiSplitter DdzCapiSplitter;
/* A splitter for rules with play_cost (0..100) and memo_bits (0 or 10..26). NULL with err. */
DdzCapiSplitter *ddz_capi_splitter_new(int rules, int play_cost, int memo_bits, char *err);
void ddz_capi_splitter_free(DdzCapiSplitter *sp);
/* The best split of hand (at most 20 cards) into parts (20 entries each); returns the number
 * of plays and sets *value, or DDZ_CAPI_EINVAL. */
int ddz_capi_split(DdzCapiSplitter *sp, uint64_t hand, uint64_t parts_ranks[20], int32_t parts_readings[20],
                   int *value, char *err);

#endif
