/* ai.h -- computer players: the factory that makes any agent by name, and player levels.
 *
 * Every agent made here decides from its seat's DdzView only (agent.h). The factory owns
 * nothing after it returns: free each agent with ddz_agent_free. Agents keep their own
 * state (random generator, caches), so one agent object must not be shared by threads. */
#ifndef DDZ_AI_H
#define DDZ_AI_H

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

/* The names ddz_ai_agent_new accepts, comma-separated, for help texts. */
const char *ddz_ai_agent_names(void);

#endif
