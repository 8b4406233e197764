/* engine.h -- answering for one seat from what that seat knows: a game rebuilt from public
 * information, the stateless JSON engine protocol and the Botzone FightTheLandlord bot
 * protocol (both in docs/ENGINE.md).
 *
 * DdzKnown and DdzGame are caller-owned values. Answers are strings allocated with malloc
 * that the caller frees with free(). A DdzBotzone session is opaque: ddz_botzone_new makes
 * it, ddz_botzone_free frees it. Nothing here keeps global state: each call makes its own
 * agent, so different calls may run in different threads. Uses jansson. */
#ifndef DDZ_ENGINE_H
#define DDZ_ENGINE_H

#include <stddef.h>

#include "ddz/game.h"

/* What one seat knows when it is asked to decide.
 *
 * phase is the decision: DDZ_PHASE_BID (actions: the bids so far, from `first` on),
 * DDZ_PHASE_DOUBLE (actions: the doubling decisions so far, opt.double_mode must be
 * DDZ_DOUBLE_FARMER) or DDZ_PHASE_PLAY (actions: the doubling decisions when
 * opt.double_mode is not none, then every play and pass since the landlord's lead, each
 * with its exact cards). hand is the seat's cards now: 17 while bidding, the landlord's
 * 20 with the bottom once it is known, less everything the seat has played. */
typedef struct DdzKnown {
    DdzOptions opt;
    uint8_t phase;     /* DdzPhase: BID, DOUBLE or PLAY */
    uint8_t seat;      /* the seat that is to decide */
    uint8_t first;     /* bidding: the seat that bid first */
    uint8_t landlord;  /* doubling and play */
    uint8_t bid;       /* doubling and play: the winning bid, 1..3 */
    DdzCards hand;     /* the seat's cards now */
    DdzCards bottom;   /* doubling and play: the 3 bottom cards */
    int nactions;
    DdzAction actions[DDZ_MAX_ACTIONS];
} DdzKnown;

/* Builds in *g a whole game that matches *k: the seat's own cards exactly, the other
 * hands filled with the cards nobody has seen (lowest ids first: a filling that carries no
 * information), dealt, bid so that the landlord wins with k->bid (it bids first; the
 * others pass), then every action of k applied through the rules engine. So every check
 * of the rules holds: card counts, cards played once, turn order, each play legal and
 * beating the table. On success the seat is the one to act in phase k->phase, and
 * ddz_game_view(g, k->seat, ...) is what that seat may see. Returns 0, or -1 with err:
 * err->pos is 1 + the index of the action at fault, 0 when the fault is elsewhere. */
int ddz_engine_rebuild(const DdzKnown *k, DdzGame *g, DdzError *err);

/* Gives the cards of a play or doubling request known only by ranks (rank notation, where
 * suits never matter) suits, so that ddz_engine_rebuild sees exact cards: k->hand and
 * k->bottom from the rank counts hand and bottom, and the cards of each play of k->actions
 * from its move's ranks, such that cards which may be the same card are the same card.
 * k->seat, k->landlord, k->opt.rules and the actions must be set. Returns 0, or -1 with err
 * when a rank has more cards than a deck holds (the hand holds cards already played). */
int ddz_engine_known_suits(DdzKnown *k, DdzRanks hand, DdzRanks bottom, DdzError *err);

/* Runs agent `name` (ddz_ai_agent_new; seeded with seed) for the seat to act in g and
 * returns its action in *out, checked by the rules. An agent that fails or answers
 * something illegal is replaced by the first legal action (the smallest move, pass or 0),
 * and *warned is set. Returns 0, or -1 with err for an unknown agent name. */
int ddz_engine_decide(const DdzGame *g, const char *name, uint64_t seed, DdzAction *out, bool *warned,
                      DdzError *err);

/* The engine protocol: answers one request line (JSON, docs/ENGINE.md) with one answer line
 * (compact JSON, no newline) in *answer. default_agent is used when the request names
 * none. Returns 0 for an answer, -1 when *answer is {"error":"..."} naming what is wrong.
 * *answer is NULL only when memory ran out. */
int ddz_engine_answer(const char *request, size_t len, const char *default_agent, char **answer);

/* The request line a client sends for the seat to act in g (bid, double or play): what that
 * seat knows (its hand, the bottom once public, the bids, the doubles, every play) and
 * nothing of the other hands, naming agent when it is not NULL. Compact JSON, no newline,
 * to be freed with free(). NULL when nobody is to act (the game is over or redealt) or
 * memory ran out. */
char *ddz_engine_request(const DdzGame *g, const char *agent);

/* Reads an answer line to the request for the seat to act in g into *out (a play's cards
 * are left to the rules: card set 0, as ddz_action_play with 0). Returns 0 when it is a
 * legal action there, -1 with err otherwise: not JSON, an {"error":...} answer, no
 * action, or an action the rules refuse. */
int ddz_engine_read_answer(const DdzGame *g, const char *answer, DdzAction *out, DdzError *err);

/* The Botzone FightTheLandlord and FightTheLandlord2 bot protocol (docs/ENGINE.md).
 * A session holds the requests and responses seen so far, for Botzone's keep-running mode:
 * feed it a whole input ({"requests":[...],"responses":[...]}), which replaces what it
 * held, or, after an answer, the next request alone, which it appends. */
typedef struct DdzBotzone DdzBotzone;

/* A session whose decisions are made by agent `name` seeded with seed. Returns NULL when
 * memory runs out. */
DdzBotzone *ddz_botzone_new(const char *name, uint64_t seed);
void ddz_botzone_free(DdzBotzone *b);

/* Answers one input line with Botzone's output object ({"response":...,"debug":...}) in
 * *answer (compact JSON, no newline). Returns 0, or -1 when the input is not understood:
 * *answer then still holds an object whose "debug" says why. */
int ddz_botzone_answer(DdzBotzone *b, const char *input, size_t len, char **answer);

#endif
