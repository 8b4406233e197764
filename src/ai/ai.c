/* ai.c -- the agent factory: every agent and level by name. */
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "ddz/ai.h"
#include "ddz/rule.h"
#include "ddz/search.h"

static const char *const LEVEL_NAMES[DDZ_LEVEL_NB] = {"easy", "normal", "hard", "expert"};

/* The agent behind each level: easy plays the smallest legal move and bids from a rough
 * count of high cards, normal is the rule
 * agent, hard and expert search over sampled deals with the rule agent as play-out policy
 * (hard 50 ms a decision, expert 200 ms: at most 1 s, median about 200 ms). */
static const char *const LEVEL_AGENT[DDZ_LEVEL_NB] = {"easy", "rule", "search:50", "search"};

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
    return "random, greedy, rule, rule-v1, search, search:MS, search:MS/SAMPLES, search:...:wp|adp, easy, normal, "
           "hard, expert, hard:adp, expert:adp";
}

/* The search agent's options after "search": ":MS" or ":MS/SAMPLES" (MS 0: a fixed number
 * of samples, which makes the agent's play independent of the machine's speed), ":wp" or
 * ":adp" (the objective), ":infer" (samples weighed by the opponent model) and ":solveN"
 * (worlds with at most N cards left solved exactly, 0 never), each at most once, in any
 * order. */
static int search_options(const char *name, const char *opts, DdzSearchConfig *cfg, DdzError *err)
{
    bool budget = false, objective = false, solve = false;
    while (*opts == ':') {
        opts++;
        size_t len = strcspn(opts, ":");
        char word[16];
        if (len > 0 && len < sizeof word && (opts[0] < '0' || opts[0] > '9')) {
            memcpy(word, opts, len);
            word[len] = '\0';
            char *end;
            long cards = strtol(word + 5, &end, 10);
            if (!strcmp(word, "infer") && !cfg->infer) {
                cfg->infer = true;
            } else if (!strncmp(word, "solve", 5) && word[5] >= '0' && word[5] <= '9' && !*end && cards <= 54 &&
                       !solve) {
                cfg->solve_cards = (int)cards;
                solve = true;
            } else {
                if (objective || ddz_objective_parse(word, &cfg->objective) != 0)
                    goto bad;
                objective = true;
            }
        } else {
            char *end;
            long ms = strtol(opts, &end, 10), samples = cfg->samples;
            if (*end == '/')
                samples = strtol(end + 1, &end, 10);
            if (budget || end == opts || (*end && *end != ':') || ms < 0 || ms > 60000 || samples < 1 ||
                samples > 100000)
                goto bad;
            cfg->time_ms = (int)ms;
            cfg->samples = (int)samples;
            budget = true;
        }
        opts += len;
    }
    if (!*opts)
        return 0;
bad:
    if (err)
        snprintf(err->msg, sizeof err->msg,
                 "agent '%.40s': write search[:MS[/SAMPLES]][:wp|:adp][:infer][:solveN] (MS 0..60000, SAMPLES 1..100000)", name);
    return -1;
}

int ddz_ai_agent_new(DdzAgent *a, const char *name, uint64_t seed, DdzError *err)
{
    DdzLevel level;
    char with[96];
    if (ddz_level_parse(name, &level, NULL) == 0)
        name = LEVEL_AGENT[level];
    /* A level with an objective, "expert:adp": the level's agent with it. */
    const char *colon = strchr(name, ':');
    if (colon && (size_t)(colon - name) < sizeof with) {
        memcpy(with, name, (size_t)(colon - name));
        with[colon - name] = '\0';
        DdzObjective obj;
        if (ddz_level_parse(with, &level, NULL) == 0 && ddz_objective_parse(colon + 1, &obj) == 0 &&
            !strncmp(LEVEL_AGENT[level], "search", 6)) {
            snprintf(with, sizeof with, "%s%s", LEVEL_AGENT[level], colon);
            name = with;
        }
    }
    if (ddz_agent_new(a, name, seed, NULL) == 0)
        return 0;
    if (!strcmp(name, "rule"))
        return ddz_rule_agent_new(a, seed, err);
    /* rule-vN: the rule agent's behaviour of version N, frozen (rule.h). */
    if (!strncmp(name, "rule-v", 6) && name[6] >= '1' && name[6] <= '9' && !name[7])
        return ddz_rule_agent_new_version(a, name[6] - '0', seed, err);
    if (!strcmp(name, "easy"))
        return ddz_easy_agent_new(a, err);
    /* "search" with the default budget and objective, or with options (search_options). */
    if (!strncmp(name, "search", 6) && (name[6] == '\0' || name[6] == ':')) {
        DdzSearchConfig cfg = ddz_search_default();
        if (search_options(name, name + 6, &cfg, err) != 0)
            return -1;
        return ddz_search_agent_new(a, &cfg, seed, err);
    }
    if (err) {
        err->pos = 0;
        snprintf(err->msg, sizeof err->msg, "unknown agent '%.40s' (agents: %s)", name, ddz_ai_agent_names());
    }
    return -1;
}
