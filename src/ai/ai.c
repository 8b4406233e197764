/* ai.c -- the agent factory: every agent and level by name. */
#include <stdio.h>
#include <string.h>

#include "ddz/ai.h"

static const char *const LEVEL_NAMES[DDZ_LEVEL_NB] = {"easy", "normal", "hard", "expert"};

/* The agent behind each level; levels move to stronger agents as src/ai grows. */
static const char *const LEVEL_AGENT[DDZ_LEVEL_NB] = {"greedy", "greedy", "greedy", "greedy"};

const char *ddz_level_name(DdzLevel level)
{
    return (unsigned)level < DDZ_LEVEL_NB ? LEVEL_NAMES[level] : "?";
}

int ddz_level_parse(const char *name, DdzLevel *out, DdzError *err)
{
    for (int i = 0; i < DDZ_LEVEL_NB; i++)
        if (!strcmp(name, LEVEL_NAMES[i])) {
            *out = (DdzLevel)i;
            return 0;
        }
    if (err) {
        err->pos = 0;
        snprintf(err->msg, sizeof err->msg, "unknown level '%.40s' (levels: easy, normal, hard, expert)", name);
    }
    return -1;
}

const char *ddz_ai_agent_names(void)
{
    return "random, greedy, easy, normal, hard, expert";
}

int ddz_ai_agent_new(DdzAgent *a, const char *name, uint64_t seed, DdzError *err)
{
    DdzLevel level;
    if (ddz_level_parse(name, &level, NULL) == 0)
        name = LEVEL_AGENT[level];
    if (ddz_agent_new(a, name, seed, NULL) == 0)
        return 0;
    if (err) {
        err->pos = 0;
        snprintf(err->msg, sizeof err->msg, "unknown agent '%.40s' (agents: %s)", name, ddz_ai_agent_names());
    }
    return -1;
}
