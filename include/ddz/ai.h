/* ai.h -- computer players: the factory that makes any agent by name, and player levels.
 *
 * Every agent made here decides from its seat's DdzView only (agent.h). The factory owns
 * nothing after it returns: free each agent with ddz_agent_free. Agents keep their own
 * state (random generator, caches), so one agent object must not be shared by threads. */
#ifndef DDZ_AI_H
#define DDZ_AI_H

#include <stddef.h>

#include "ddz/agent.h"

/* Player levels of the terminal game and the server, weakest first. */
typedef enum DdzLevel { DDZ_LEVEL_EASY, DDZ_LEVEL_NORMAL, DDZ_LEVEL_HARD, DDZ_LEVEL_EXPERT, DDZ_LEVEL_NB } DdzLevel;

/* "easy", "normal", "hard", "expert". */
const char *ddz_level_name(DdzLevel level);
/* Returns 0 and sets *out, or -1 with err listing the levels. */
int ddz_level_parse(const char *name, DdzLevel *out, DdzError *err);

/* Makes the agent called `name`: a built-in agent ("random", "greedy"), a computer player
 * of src/ai, or a level name ("easy" ... "expert", which map to the agents behind them).
 * seed seeds the agent's own generator. Returns 0, or -1 with err listing the names. */
int ddz_ai_agent_new(DdzAgent *a, const char *name, uint64_t seed, DdzError *err);

/* The agent name behind `name` into buf: a level's agent ("hard" ->
 * "search:50/400:infer:noise30:playouts4:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid");
 * a search level with options, the search with them, a budget among them replacing the
 * level's own ("hard:adp" -> "search:50/400:...:bid:adp", "hard:0/20:wp" ->
 * "search:infer:...:bid:0/20:wp", "expert:0/100" ->
 * "search:infer:noise30:playouts4:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:0/100"),
 * a time alone keeping the level's own sample cap ("expert:1000" ->
 * "search:infer:noise30:playouts4:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid:1000/400"); any
 * other name unchanged ("normal:adp" stays, and is refused). Returns 0, or -1 when buf is too
 * small (the levels' names need about 100 bytes). */
int ddz_ai_resolve_name(const char *name, char *buf, size_t size);

/* The "easy" computer player (level easy): plays the smallest move that beats the table,
 * and bids and doubles from ddz_easy_strength, a beginner's count of high cards, so it
 * takes part in the bidding (it bids holding both jokers). Deterministic; owns a move
 * list that ddz_agent_free releases. Returns 0, or -1 with err when out of memory. */
int ddz_easy_agent_new(DdzAgent *a, DdzError *err);
/* A rough hand strength: big joker 4, small joker 3, each 2 two points, each bomb 5, three
 * aces 2 and a pair of aces 1. Both jokers make 7. */
int ddz_easy_strength(DdzCards hand);
/* The bid (kind DDZ_ACT_BID) or double value the easy player chooses from view v; -1 when
 * v's seat has no such choice now. */
int ddz_easy_value(const DdzView *v, int kind);

/* "planner": a computer player of another design than "rule", an independent yardstick
 * (src/ai/planner.c says how it plays): it plays the move that leaves the cheapest plan of
 * its hand. Deterministic. Returns 0, or -1 with err when out of memory. */
int ddz_planner_agent_new(DdzAgent *a, DdzError *err);
/* The cost of planner's cheapest plan of a hand: 20 points a play less the worth of the plays
 * (a low single costs more than a high one, a bomb or the rocket less than nothing); 0 for
 * no cards. */
int ddz_planner_cost(DdzRanks hand);

/* "rhcp": a model of RHCP-v2, the rule-based baseline of DouZero's paper (issue 14's
 * yardstick), written from the published description of its idea (src/ai/rhcp.c says how it
 * plays): it plays the move whose remaining hand has the best plan by a fixed table of group
 * values less a penalty a group that grows as an opponent nears the end, does not tell its
 * partner from an opponent, and never passes when an opponent holds 4 cards or fewer.
 * Bids and doubles are planner's. Deterministic. Returns 0, or -1 with err when out of
 * memory. */
int ddz_rhcp_agent_new(DdzAgent *a, DdzError *err);
/* The score of rhcp's best plan of a hand, in tenths of a point: the groups' values less pen
 * tenths for each; 0 for no cards. */
int ddz_rhcp_score(DdzRanks hand, int pen);

/* Of the legal bid or double values vals[0..n) (ascending, n >= 1): want if legal, else the
 * highest one below it, else the lowest. */
int ddz_ai_value_at_most(const uint8_t *vals, int n, int want);

/* The names ddz_ai_agent_new accepts, comma-separated, for help texts. */
const char *ddz_ai_agent_names(void);

#endif
