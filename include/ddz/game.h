/* game.h -- one game of Dou Dizhu as a plain value: deal, bidding, doubling, play and
 * scoring (RULES.md §2, §3, §4, §6), and the view of it that one seat may see.
 *
 * DdzGame is a caller-owned value with no pointers inside: copy it with `=`. Actions are
 * applied with ddz_game_apply, which checks them and refuses an illegal one with a reason,
 * and taken back with ddz_game_undo. Nothing here allocates or does I/O; a game is not
 * shared between threads without a lock, but different games are independent. */
#ifndef DDZ_GAME_H
#define DDZ_GAME_H

#include "ddz/movegen.h"
#include "ddz/rng.h"

/* Options ------------------------------------------------------------------------------*/

typedef enum DdzBidMode {
    DDZ_BID_POINTS, /* 叫分: pass or 1/2/3 points, strictly rising; 3 ends it (default) */
    DDZ_BID_ROB     /* 叫地主/抢地主: call, then the others may rob once each, ×2 per rob */
} DdzBidMode;

typedef enum DdzFirstBidder {
    DDZ_FIRST_GIVEN,    /* the seat passed to ddz_game_deal (a match rotates it; default) */
    DDZ_FIRST_REVEALED, /* 明牌: a card drawn among the first 51 is shown; its holder bids first */
    DDZ_FIRST_HEART3,   /* the holder of ♥3 bids first (♥3 in the bottom: the given seat) */
    DDZ_FIRST_MIDDLE    /* competition 明牌: a card drawn from the middle of the deck, never one of
                           the top 10 or bottom 10 (deck[10..43]); its holder bids first */
} DdzFirstBidder;

/* The revealed card of DDZ_FIRST_MIDDLE is deck[i] with DDZ_MIDDLE_LO <= i < DDZ_MIDDLE_HI. */
#define DDZ_MIDDLE_LO 10
#define DDZ_MIDDLE_HI 44

typedef enum DdzDoubleMode {
    DDZ_DOUBLE_NONE,   /* no doubling (default) */
    DDZ_DOUBLE_FARMER, /* 倒牌/拉牌: each farmer may double; then the landlord may redouble */
    DDZ_DOUBLE_APP     /* 加倍/超级加倍: every player may choose ×2 or ×4 (apps) */
} DdzDoubleMode;

/* Every rule option of RULES.md, with the defaults of ddz_options_default (the classic
 * 叫分 game of seeds 000/002 under the standard move rules). Parse by name with
 * ddz_options_set. */
typedef struct DdzOptions {
    DdzRuleset rules;     /* move types and kickers, RULES §5 */
    uint8_t bid_mode;     /* DdzBidMode */
    uint8_t first_bidder; /* DdzFirstBidder */
    uint8_t double_mode;  /* DdzDoubleMode */
    bool packet_deal;     /* deal 2 cards once, then 3 cards five times (competition) */
    bool forced_bid;      /* all pass: the last seat must bid 1 instead of a redeal */
    bool must_bid;        /* a strong hand may not pass (competition list, RULES §3) */
    bool show_cards;      /* 明牌: a bidder before its bid (×3) or the landlord before its
                             first play (×2) may show its hand to all */
    bool play_all;        /* a hand that is one legal move must be played at once */
    uint8_t base;         /* base score of the rob flow (default 1); points mode uses the bid */
    bool spring_off;      /* spring and anti-spring do not double (competition: bombs only) */
    bool leaver_penalty;  /* an abandoned seat (ddz_game_abandon) loses 10 × base, RULES §7 */
    uint16_t turn_seconds;/* seconds to act before the server passes for the seat (or plays the
                             smallest move when leading); 0: the server's default. Games without
                             a clock (the library, the terminal game) do not use it */
    int cap;              /* 封顶: each side's total in one game is at most this (0: no cap) */
    int fee_percent;      /* 抽水: percent of each winner's gain the house takes (0..100) */
    int bonus;            /* hubei48 喜金: what each other seat pays for a bomb that wins its
                             trick: -1 the base score (default), 0 none, N > 0 that amount */
    bool appointed;       /* not a rule: the landlord was appointed (ddz_game_appoint), so the
                             bids in the history are a formality that says nothing of the hands;
                             the search's opponent model skips them. Not written in options lists */
} DdzOptions;

DdzOptions ddz_options_default(void);

/* Sets one option from "name=value" (or a bare flag name meaning =1), e.g. "rules=douzero",
 * "bid=rob", "first=heart3", "double=farmer", "packet", "forced_bid", "must_bid", "show",
 * "play_all", "base=2", "cap=64", "fee=5", "spring_off", "leaver", "first=middle", "turn=30", and
 * the bundle "competition" (RULES §7), which sets packet, first=middle, must_bid, forced_bid,
 * play_all, spring_off, turn=30 and leaver at once (add cap=N and fee=N to it). Returns 0, or -1 with err saying what is wrong
 * and listing what is accepted. */
int ddz_options_set(DdzOptions *opt, const char *assignment, DdzError *err);

/* Writes the options as a comma-separated list of the assignments that differ from the
 * defaults, "rules=standard" first; ddz_options_set reads each back. */
size_t ddz_options_format(const DdzOptions *opt, char *buf, size_t size);

/* Actions -------------------------------------------------------------------------------*/

typedef enum DdzActionKind {
    DDZ_ACT_BID,    /* value: points mode 0 pass / 1..3; rob mode 0 no / 1 call or rob */
    DDZ_ACT_DOUBLE, /* value: farmer mode 0/1 (farmer doubles, landlord redoubles);
                       app mode 0 none / 1 ×2 / 2 ×4 */
    DDZ_ACT_SHOW,   /* 明牌: show the hand to everyone (value unused) */
    DDZ_ACT_PLAY,   /* move: the move, or pass; cards: the exact cards */
    DDZ_ACT_KIND_NB
} DdzActionKind;

/* An action of one seat. For a play, `move` is the reading and `cards` the exact cards;
 * cards == 0 on a non-pass move lets ddz_game_apply take the lowest suits of each rank
 * (the history then holds the cards it took). */
typedef struct DdzAction {
    DdzMove move;
    DdzCards cards;
    uint8_t kind;
    uint8_t seat;
    uint8_t value;
} DdzAction;

static inline DdzAction ddz_action_bid(int seat, int value)
{
    DdzAction a = {ddz_move_pass(), 0, DDZ_ACT_BID, (uint8_t)seat, (uint8_t)value};
    return a;
}
static inline DdzAction ddz_action_double(int seat, int value)
{
    DdzAction a = {ddz_move_pass(), 0, DDZ_ACT_DOUBLE, (uint8_t)seat, (uint8_t)value};
    return a;
}
static inline DdzAction ddz_action_show(int seat)
{
    DdzAction a = {ddz_move_pass(), 0, DDZ_ACT_SHOW, (uint8_t)seat, 0};
    return a;
}
static inline DdzAction ddz_action_play(int seat, DdzMove move, DdzCards cards)
{
    DdzAction a = {move, cards, DDZ_ACT_PLAY, (uint8_t)seat, 0};
    return a;
}

/* The game ------------------------------------------------------------------------------*/

typedef enum DdzPhase {
    DDZ_PHASE_BID,      /* bidding (either flow) */
    DDZ_PHASE_DOUBLE,   /* doubling decisions, in turn */
    DDZ_PHASE_PLAY,     /* card play */
    DDZ_PHASE_OVER,     /* a hand is empty: ddz_game_result */
    DDZ_PHASE_REDEAL    /* everyone passed the bidding: no game, deal again */
} DdzPhase;

#define DDZ_SEAT_NB 3
#define DDZ_NO_SEAT 255
/* More than any game can take: 54 plays at most, each followed by at most two passes,
 * plus bidding, doubling and shows. */
#define DDZ_MAX_ACTIONS 200

/* What an action changed that it cannot say itself; kept so undo can restore it. */
typedef struct DdzUndo {
    int16_t table;      /* history index of the move on the table before, -1 none */
    uint8_t phase, turn, landlord, passes, bid, bidder, robs, asked, letgo;
} DdzUndo;

/* The whole state. Read it through the functions below; fields are documented for
 * debugging and serialisation, not for writing. */
typedef struct DdzGame {
    DdzOptions opt;
    DdzCards hand[DDZ_SEAT_NB];   /* cards held now */
    DdzCards dealt[DDZ_SEAT_NB];  /* the 17 cards dealt */
    DdzCards bottom;              /* the 3 bottom cards */
    uint8_t phase, turn, first, landlord;
    uint8_t bid, bidder;          /* best bid so far and its seat; rob mode: bid = 1 once called */
    uint8_t robs;                 /* rob flow: robs so far */
    uint8_t asked;                /* bidding/doubling: decisions taken in this phase */
    uint8_t passes;               /* play: passes since the move on the table */
    int8_t revealed;              /* DDZ_FIRST_REVEALED/MIDDLE: the card shown, else -1 */
    int16_t table;                /* history index of the move to beat, -1 when leading */
    uint8_t dbl[DDZ_SEAT_NB];     /* doubling choices (0 none) */
    uint8_t shown[DDZ_SEAT_NB];   /* show multiplier of a seat that showed its hand, else 0 */
    uint8_t spoken[DDZ_SEAT_NB];  /* bidding: 1 + value once a seat has spoken, else 0 */
    uint8_t plays[DDZ_SEAT_NB];   /* non-pass plays per seat */
    uint8_t bombs;                /* bombs and rockets played */
    uint8_t rockets;              /* of which rockets */
    uint8_t abandoned;            /* bit s: seat s was abandoned (ddz_game_abandon) */
    uint8_t letgo;                /* hubei48 放走: bit s: seat s played a single below its
                                     highest card while the next seat held one card */
    uint16_t abandoned_at[DDZ_SEAT_NB]; /* then: nhist when it was marked (records place it) */
    uint16_t nhist;
    DdzAction hist[DDZ_MAX_ACTIONS];
    DdzUndo undo[DDZ_MAX_ACTIONS];
} DdzGame;

/* Shuffles the deck with a Fisher–Yates shuffle driven by rng (54 draws) into deck[54],
 * the order cards are dealt in. */
void ddz_deck_shuffle(DdzRng *rng, DdzCard deck[DDZ_CARD_NB]);

/* Deals a shuffled deck: 17 cards each -- deck[i] to seat i mod 3 for i < 51, or with
 * opt->packet_deal deck[0..1] to seat 0, deck[2..3] to seat 1, deck[4..5] to seat 2, then
 * three cards at a time in the same seat order five times -- and deck[51..53] to the bottom. first: the seat that bids first under
 * DDZ_FIRST_GIVEN (and the fallback of the other modes). Under hubei48 the cards of DDZ_DECK48
 * go to the seats in turn in the order they come in deck[] (the other six are skipped): 16
 * each, no bottom, no revealed card. For DDZ_FIRST_REVEALED the card
 * is deck[reveal_index] with reveal_index drawn by the caller in [0, 51), for DDZ_FIRST_MIDDLE
 * in [DDZ_MIDDLE_LO, DDZ_MIDDLE_HI) -- ddz_game_new does it; an index out of that range
 * reveals nothing. */
void ddz_game_deal(DdzGame *g, const DdzOptions *opt, const DdzCard deck[DDZ_CARD_NB], int first,
                   int reveal_index);

/* A 64-bit seed from the operating system's CSPRNG (libsodium's randombytes_buf), e.g. for
 * a DdzRng that needs an unpredictable start. Real deals use ddz_seed256_secure (below).
 * Returns 0, or -1 if libsodium cannot initialise. */
int ddz_seed_secure(uint64_t *seed);

/* 256-bit deal seeds (RULES §2): real games are shuffled from 32 bytes drawn from the OS
 * CSPRNG, expanded by ChaCha20 (libsodium's crypto_stream_chacha20: key = the seed, nonce = 8
 * zero bytes, block counter from 0), so every one of the 54! orders is reachable and nobody can
 * search the seed space from the cards they hold. The key stream is read as little-endian
 * 32-bit words; a draw below n takes the next word w < 2^32 - (2^32 mod n) as w mod n
 * (rejection: no bias). The shuffle is Fisher-Yates: for i = 53 down to 1, swap deck[i] with
 * deck[draw below i + 1], starting from deck[k] = card k; then the revealed card's index is
 * drawn the same way (first=revealed: below 51; first=middle: 10 + below 34). Simulations keep
 * DdzRng and 64-bit seeds. */
#define DDZ_SEED256_BYTES 32
#define DDZ_SEED256_HEX 65 /* 64 lower-case hex digits and a NUL */

/* Fills seed from the CSPRNG; 0, or -1 if libsodium cannot initialise. */
int ddz_seed256_secure(uint8_t seed[DDZ_SEED256_BYTES]);

/* Shuffles deck from seed as above; returns the revealed card's index for first_bidder
 * (DdzFirstBidder), -1 when it reveals none, or -2 if libsodium cannot initialise (the deck
 * is then untouched). */
int ddz_deck_shuffle_seed256(const uint8_t seed[DDZ_SEED256_BYTES], DdzCard deck[DDZ_CARD_NB], int first_bidder);

/* Shuffles from a 256-bit seed and deals: the deal of real games and their replays. */
void ddz_game_new_seed256(DdzGame *g, const DdzOptions *opt, const uint8_t seed[DDZ_SEED256_BYTES], int first);

/* The seed as 64 lower-case hex digits, and back (upper case accepted); parse returns 0, or
 * -1 with err naming the bad length or character. */
void ddz_seed256_format(const uint8_t seed[DDZ_SEED256_BYTES], char out[DDZ_SEED256_HEX]);
int ddz_seed256_parse(const char *text, uint8_t seed[DDZ_SEED256_BYTES], DdzError *err);

/* Shuffles with rng and deals: the seed-to-deal path of simulations and replays. */
void ddz_game_new(DdzGame *g, const DdzOptions *opt, DdzRng *rng, int first);

/* Starts a game from known hands (17 each) and bottom (3), or under hubei48 16 each and no
 * bottom (0), e.g. a record or a puzzle. (Every start under hubei48 drops the options of the
 * 54-card game it does not take: rob bidding, first bidder modes, doubling, packets, forced
 * and must bid, 明牌, play_all.)
 * Returns 0, or -1 with err when the cards are not a partition of the deck. */
int ddz_game_from_hands(DdzGame *g, const DdzOptions *opt, const DdzCards hands[DDZ_SEAT_NB],
                        DdzCards bottom, int first, DdzError *err);

/* Appoints `landlord` without real bidding, as DouZero's protocol and ddz arena without
 * --bidding do: at the start of the bidding, with `landlord` to bid first, it bids 3 (in the
 * rob flow it calls) and the others pass; the options are marked appointed. Returns 0, or -1
 * with err when the game is not at that point. */
int ddz_game_appoint(DdzGame *g, int landlord, DdzError *err);

/* Checks an action against the rules and the seat to act: 0 when legal, else -1 with
 * err->msg a reason a player can act on ("not your turn", "does not beat TTT", ...). */
int ddz_game_check(const DdzGame *g, const DdzAction *a, DdzError *err);

/* Applies an action after checking it; on refusal returns -1 with the reason and changes
 * nothing. In debug builds (no NDEBUG) the whole state is checked after every apply. */
int ddz_game_apply(DdzGame *g, const DdzAction *a, DdzError *err);

/* Applies an action known to have been legal in the real game to a game rebuilt with guessed
 * hidden cards (an agent's sample of the others' hands, an engine request): as
 * ddz_game_apply, except that a pass is accepted even when the guessed hand could beat the
 * move on the table (hubei48's must-beat, which the real hand obeyed). */
int ddz_game_apply_known(DdzGame *g, const DdzAction *a, DdzError *err);

/* Marks a seat as abandoned: its player left or lost the connection during the game and the
 * computer plays it (托管). It changes no turn and is not an action (undo keeps it); with
 * opt.leaver_penalty the seat's result becomes the penalty of RULES §7 (DdzResult.penalty).
 * Records write it, so a replay gives the same result. Marking a seat twice is harmless.
 * Returns 0, or -1 with err when the seat is not 0..2 or the game is over or void. */
int ddz_game_abandon(DdzGame *g, int seat, DdzError *err);

/* Takes back the last action; returns -1 when there is none. */
int ddz_game_undo(DdzGame *g);

/* The full invariant: 54 cards accounted for exactly once, counts, turn, table, phase. */
bool ddz_game_ok(const DdzGame *g);

static inline int ddz_game_turn(const DdzGame *g) { return g->turn; }
static inline int ddz_game_phase(const DdzGame *g) { return g->phase; }

/* The move to beat, or pass when the seat to act leads. */
DdzMove ddz_game_table(const DdzGame *g);

/* Legal plays of the seat to act (play phase): pass first when following, then the moves in
 * generation order; honours play_all. out needs DDZ_MAX_MOVES + 1 entries. */
int ddz_game_legal_moves(const DdzGame *g, DdzMove *out);

/* Legal values for the bid or double decision of the seat to act, ascending; returns the
 * count (at most 4). */
int ddz_game_legal_values(const DdzGame *g, int kind, uint8_t out[4]);

/* Scoring ---------------------------------------------------------------------------------*/

/* A game's result with every factor of its score, so that a front end can print one line per
 * factor and the lines add up to each seat's score exactly (RULES §6, §7):
 *
 *   multiple     = 2^(bombs - rockets) × 2^rockets × spring_factor × 2^robs × show
 *   T            = base × multiple                               (the game score)
 *   uncapped[f]  = T × stake_factor[f]                           (each farmer f)
 *   stake[f]     = uncapped[f], or scaled down when cap != 0     (封顶, see below)
 *   raw[f]       = stake[f] if the farmers won, else -stake[f];  raw[L] = -(raw[f1] + raw[f2])
 *   score[s]     = raw[s] - fee_paid[s] + leaver[s]
 *   house        = fee + penalty_balance;   score[0] + score[1] + score[2] + house == 0
 *
 * Cap C (opt.cap, RULES §6): when uncapped[f1] + uncapped[f2] > C, cap = C and stake[f] =
 * floor(uncapped[f] × C / (uncapped[f1] + uncapped[f2])), the remainder going to the farmer
 * with the larger uncapped stake (on a tie, f2: the farmer who plays second), so the stakes
 * sum to C exactly. Otherwise cap = 0 and stake == uncapped.
 * Fee (抽水): fee_paid[s] = raw[s] × fee_percent / 100 rounded down for each winner, else 0.
 * Leaver (opt.leaver_penalty, RULES §7): an abandoned seat's score is -penalty[s] = -10 × base
 * whatever the result; leaver[s] = -penalty[s] - (raw[s] - fee_paid[s]) is the change that
 * makes (0 for every other seat); the house takes or gives the difference:
 * penalty_balance = -(leaver[0] + leaver[1] + leaver[2]). */
typedef struct DdzResult {
    int score[DDZ_SEAT_NB]; /* each seat's final result (after cap, fee and leaver penalty) */
    int stake[DDZ_SEAT_NB]; /* each farmer's stake after the cap (landlord: 0) */
    int fee;                /* what the house took as fee: fee_paid summed */
    int landlord;
    bool landlord_won, spring, anti_spring; /* what happened (spring even when spring_off) */
    int bombs;              /* bombs and rockets played (each ×2) */
    int base;               /* B: the winning bid, or the rob flow's base */
    int multiple;           /* T / B, the product above */
    /* The breakdown. */
    int rockets;            /* of `bombs`, the rockets (0 or 1) */
    int spring_factor;      /* 2 when a spring or anti-spring doubles, else 1 (none, or spring_off) */
    int robs;               /* rob flow: robs, ×2 each */
    int show;               /* the largest 明牌 multiplier (3 before the bid, 2 before the first
                               play), 1 when nobody showed */
    int doubling[DDZ_SEAT_NB];     /* each seat's own 加倍/倒/拉 factor: 1, 2 (doubled, or the
                                      landlord redoubled) or 4 (app super double) */
    int stake_factor[DDZ_SEAT_NB]; /* farmer: the factor of T in its stake (farmer mode: 1, 2
                                      doubled, 4 doubled and redoubled; app mode: the landlord's
                                      doubling × the farmer's); landlord: 0 */
    int uncapped[DDZ_SEAT_NB];     /* farmer: T × stake_factor, before the cap; landlord: 0 */
    int cap;                       /* the cap C when it cut the stakes, else 0 */
    int raw[DDZ_SEAT_NB];          /* each seat's result before fee and leaver penalty */
    int fee_paid[DDZ_SEAT_NB];     /* the fee taken from each seat (winners only) */
    int penalty[DDZ_SEAT_NB];      /* leaver penalty of an abandoned seat (10 × base), else 0 */
    int leaver[DDZ_SEAT_NB];       /* what the penalty changes in the seat's score */
    bool abandoned[DDZ_SEAT_NB];   /* the seat was abandoned (penalised only with the option) */
    int house;                     /* the house's gain: fee - (leaver[0] + leaver[1] + leaver[2]) */
    /* hubei48 (RULES §8). 放走包赔: a seat marked in letgo whose next seat's side then won
     * pays its whole side's loss: covered moves the partner's raw loss onto it. 喜金: each
     * bomb that won its trick earns its player bonus_each from both others, whatever the
     * result. With these, score[s] = raw[s] + covered[s] - fee_paid[s] + leaver[s] + bonus[s]. */
    int letgo;                     /* bit s: seat s let the next seat go */
    int cover;                     /* the seat that paid its side's loss (包赔), or -1 */
    int covered[DDZ_SEAT_NB];      /* what 包赔 changed in each seat's result */
    int bonus_each;                /* 喜金 per bomb from each other seat */
    int bonus_bombs[DDZ_SEAT_NB];  /* each seat's bombs that won their trick */
    int bonus[DDZ_SEAT_NB];        /* each seat's net 喜金 */
} DdzResult;

/* The result of a finished game (phase OVER); returns -1 otherwise. See DdzResult for every
 * step of the arithmetic. */
int ddz_game_result(const DdzGame *g, DdzResult *r);

/* Writes the breakdown in English, one factor per line ("base 3", "bombs 1: x2", "rocket:
 * x2", "spring: x2", ..., "game score T = 3 x 4 = 12", farmers' doublings, the cap, then
 * each seat's raw result, fee and penalty "= score", and the house); returns what
 * snprintf would. Front ends in other languages print the DdzResult fields themselves. */
size_t ddz_result_format(const DdzResult *r, char *buf, size_t size);

/* Whether a hand must bid under must_bid: rocket; four 2s; a joker + two 2s; a joker + two
 * bombs; two 2s + two bombs; three bombs. */
bool ddz_hand_is_strong(DdzCards hand);

/* What one seat may know ---------------------------------------------------------------------
 *
 * A DdzView is built from a game for one seat. It holds that seat's hand, the bottom cards
 * once they are shown, hands shown by 明牌, every seat's card count and played cards, and a
 * pointer to the list of actions, all of which are public. It has no way to reach another
 * seat's hidden cards. It borrows the game's action list: use it only while the game
 * lives and is not changed. */
typedef struct DdzView {
    DdzOptions opt;
    uint8_t seat, phase, turn, first, landlord;
    uint8_t bid, robs, passes;
    uint8_t asked;                 /* decisions taken in this bidding or doubling phase */
    int8_t revealed;               /* card shown by DDZ_FIRST_REVEALED, else -1 */
    DdzCards hand;                 /* this seat's cards */
    DdzCards bottom;               /* the bottom cards once the landlord took them, else 0 */
    DdzCards shown[DDZ_SEAT_NB];   /* hands shown by 明牌 (as they are now), else 0 */
    DdzCards played[DDZ_SEAT_NB];  /* cards each seat has played */
    uint8_t count[DDZ_SEAT_NB];    /* cards each seat holds */
    uint8_t dbl[DDZ_SEAT_NB];
    DdzMove table;                 /* the move to beat, or pass when leading */
    int table_seat;                /* who played it, or -1 */
    int nhist;
    const DdzAction *hist;         /* the public actions so far */
} DdzView;

void ddz_game_view(const DdzGame *g, int seat, DdzView *v);

/* Legal plays from a view (pass first when following); as ddz_game_legal_moves. */
int ddz_view_legal_moves(const DdzView *v, DdzMove *out);

/* Legal bid or double values from a view; as ddz_game_legal_values. */
int ddz_view_legal_values(const DdzView *v, int kind, uint8_t out[4]);

#endif
