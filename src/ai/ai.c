/* ai.c -- the agent factory: every agent and level by name. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "ddz/rule.h"
#include "ddz/search.h"
#include "ddz/student.h"

static const char *const LEVEL_NAMES[DDZ_LEVEL_NB] = {"easy", "normal", "hard", "expert"};

/* The agent behind each level: easy plays the smallest legal move and bids from a rough
 * count of high cards, normal is the rule agent, hard and expert search over sampled deals
 * with the rule agent as play-out policy and bid and double by the win chance play-outs
 * estimate (:bid). hard: expert's search on a clock of 50 ms (since 2026-12-06; before, one
 * deterministic play-out of uniform worlds a sample): +0.051 WP and +0.52 points a game
 * against rhcp over 2,000 deals, +0.033 and +0.32 against rule-v1 over 1,000, +0.46 points
 * with --bidding (docs/SEARCH-HARD.md, "hard: the level's search on hard's clock"). expert (issue 14:
 * at most 1 s a decision, median at most 200 ms): up to 400
 * samples (100 until 2026-12-05, 200 until 2026-12-06) weighed by how well the rule agent
 * explains the others' plays (:infer), each candidate played out 4 times by rule agents
 * that take their runner-up 30% of the time (:noise30:playouts4), the clock at 800 ms;
 * it beat the 400-sample search of 200 ms 0.533 of 4,000 games (docs/SEARCH-OPTIONS.md). Each
 * point of a game's score is worth a quarter of a win beside the win itself (:points25):
 * against planner it scored +0.14 points a game more than with the default 1% for 0.01 of
 * its win rate, over 4,000 games. Both bid 3
 * from a win chance of 0.55 and else pass (:bids55/55/55), and under the apps' doubling the
 * landlord, last to speak, takes x4 from 0.50, where its calibrated estimate breaks even,
 * while neither farmer doubled (:appredouble50/50: +1.8 and +2.4 points a game against
 * planner and hard:0/100, docs/SEARCH-BIDS.md). The opponents' seats of a play-out are played
 * by planner a quarter of the time (:mixopp25, 2026-12-05): +0.02 WP against planner, a
 * program of RHCP's kind, over 2,000 deals, and nothing lost against rule-v1. And whether
 * an opponent plays as planner or as the rule agent is inferred from its actions (:adapt,
 * 2026-12-05): +0.016 WP against planner on each of two sets of 1,000 deals, +0.002
 * against rule-v1. The mixture holds rhcp too, the model of RHCP-v2 itself, issue 14's
 * yardstick (:both, 2026-12-05: planner and rhcp each with prior 25%): +0.030 WP and +0.18
 * points a game against rhcp, nothing lost against planner, -0.014 (inside its interval)
 * against rule-v1 (docs/SEARCH-OPPONENTS.md, "The yardstick itself"). With that model 200 samples gain
 * over 100 where they did not before (2026-12-05, late): +0.007, +0.026 and +0.000 WP
 * against rhcp on three sets of deals, +0.029 against rule-v1, at twice the CPU a decision
 * (median 30 to 68 ms, max 0.74 s; docs/SEARCH-WORLDS.md, "Twice the worlds, once the model is
 * right"), and 400 over 200 (2026-12-06): +0.011, +0.022 and +0.023 WP against rhcp on three
 * sets of deals, median 122 to 134 ms of CPU, the 800 ms clock cutting the slowest
 * (docs/SEARCH-WORLDS.md, "Four hundred worlds"). Of the candidates in hint order, at most
 * two of one type, rank and length (:kick2, 2026-12-07: a trio's kicker variants leave the
 * rest of the 24 places to other moves): +0.005 [+0.001, +0.009] WP against rhcp over 3,000
 * paired deals, +0.009 as the landlord, whose 20 cards have the most variants
 * (docs/SEARCH-OPTIONS.md, "Kicker variants"). */
static const char *const LEVEL_AGENT[DDZ_LEVEL_NB] = {
    "easy", "rule",
    "search:50/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid",
    "search:800/400:infer:noise30:playouts4:kick2:points25:mixopp25:adapt:both:bids55/55/55:appredouble50/50:bid"};

/* The kind of the search option at p (just after its colon): the length of its leading
 * letters ("noise" of "noise30"), 0 for a budget. :mixoppP is of :mixP's kind (both set
 * the play-outs' mix), so that either given replaces the level's own. */
static size_t option_kind(const char *p)
{
    size_t k = 0;
    while (p[k] >= 'a' && p[k] <= 'z')
        k++;
    return k == 6 && !strncmp(p, "mixopp", 6) ? 3 : k;
}

/* Whether the options in opts (":a:b...") hold one of the kind of the option at p. The
 * level's :adapt weighs its own :mixoppP's planner share, so a mix given in its place
 * replaces it too (expert:mix0 is the level without planner; :adapt given again keeps it),
 * and its :both (planner and rhcp, each the mix's share) as well; :rhcp and :both replace
 * each other. */
static bool is_word(const char *p, const char *word)
{
    size_t n = strlen(word);
    return !strncmp(p, word, n) && (p[n] == ':' || p[n] == '\0');
}

static bool has_option(const char *opts, const char *p)
{
    size_t k = option_kind(p);
    bool stranger = is_word(p, "rhcp") || is_word(p, "both");
    if ((k == 5 && !strncmp(p, "adapt", 5)) || is_word(p, "both"))
        for (const char *q = opts; q; q = strchr(q + 1, ':'))
            if (option_kind(q + 1) == 3 && !strncmp(q + 1, "mix", 3))
                return true;
    /* :rhcp and :both both say who the stranger is: either given replaces the level's */
    if (stranger)
        for (const char *q = opts; q; q = strchr(q + 1, ':'))
            if (is_word(q + 1, "rhcp") || is_word(q + 1, "both"))
                return true;
    for (const char *q = opts; q; q = strchr(q + 1, ':')) {
        size_t kq = option_kind(q + 1);
        if (kq == k && !strncmp(q + 1, p, k) && (k > 0 || (q[1] >= '0' && q[1] <= '9')))
            return true;
    }
    return false;
}

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
    return "random, greedy, rule, rule-v1, planner, rhcp, student, search, search:MS, search:MS/SAMPLES, search:...:wp|adp, "
           "easy, normal, hard, expert, expert:adp, expert:MS, hard:MS/SAMPLES:adp";
}

int ddz_ai_resolve_name(const char *name, char *buf, size_t size)
{
    const char *colon = strchr(name, ':');
    size_t head = colon ? (size_t)(colon - name) : strlen(name);
    char word[16];
    DdzLevel level;
    int n;
    if (head >= sizeof word) {
        n = snprintf(buf, size, "%s", name);
    } else {
        memcpy(word, name, head);
        word[head] = '\0';
        if (ddz_level_parse(word, &level, NULL) != 0 || (colon && strncmp(LEVEL_AGENT[level], "search", 6) != 0)) {
            n = snprintf(buf, size, "%s", name); /* not a level, or a level that takes no options */
        } else if (!colon) {
            n = snprintf(buf, size, "%s", LEVEL_AGENT[level]);
        } else {
            /* Options on a search level: each of the level's own options (a budget among
             * them) stands unless one of its kind is given. A time alone ("expert:1000")
             * keeps the level's own sample cap ("/200"), which more time does not raise. */
            char own[160] = "";
            const char *cap = "";
            size_t used = 0;
            for (const char *p = strchr(LEVEL_AGENT[level], ':'); p; p = strchr(p + 1, ':')) {
                size_t len = strcspn(p + 1, ":") + 1;
                if (has_option(colon, p + 1)) {
                    const char *slash = option_kind(p + 1) == 0 ? memchr(p + 1, '/', len - 1) : NULL;
                    if (slash)
                        cap = slash;
                } else if (used + len < sizeof own) {
                    memcpy(own + used, p, len);
                    used += len;
                    own[used] = '\0';
                } else {
                    return -1; /* the level's own options cannot be dropped in silence */
                }
            }
            /* The given budget, and whether it names its own cap. */
            const char *given = colon;
            while (given && option_kind(given + 1) != 0)
                given = strchr(given + 1, ':');
            size_t glen = given ? strcspn(given + 1, ":") + 1 : 0;
            if (!given || memchr(given + 1, '/', glen - 1))
                cap = "";
            size_t caplen = strcspn(cap, ":");
            if (*cap)
                n = snprintf(buf, size, "search%s%.*s%.*s%s", own, (int)(given - colon + glen), colon,
                             (int)caplen, cap, given + glen);
            else
                n = snprintf(buf, size, "search%s%s", own, colon);
        }
    }
    return n >= 0 && (size_t)n < size ? 0 : -1;
}

int ddz_ai_value_at_most(const uint8_t *vals, int n, int want)
{
    int pick = vals[0];
    for (int i = 0; i < n; i++)
        if (vals[i] <= want)
            pick = vals[i];
    return pick;
}

int ddz_ai_agent_new(DdzAgent *a, const char *name, uint64_t seed, DdzError *err)
{
    char with[256];
    if (ddz_ai_resolve_name(name, with, sizeof with) != 0) {
        if (err) {
            err->pos = 0;
            snprintf(err->msg, sizeof err->msg, "agent name '%.40s...' is too long", name);
        }
        return -1;
    }
    const char *typed = name;
    name = with;
    if (ddz_agent_new(a, name, seed, NULL) == 0)
        return 0;
    if (!strcmp(name, "rule"))
        return ddz_rule_agent_new(a, seed, err);
    /* rule-vN: the rule agent's behaviour of version N, frozen (rule.h). */
    if (!strncmp(name, "rule-v", 6) && name[6] >= '1' && name[6] <= '9' && !name[7])
        return ddz_rule_agent_new_version(a, name[6] - '0', seed, err);
    if (!strcmp(name, "easy"))
        return ddz_easy_agent_new(a, err);
    if (!strcmp(name, "planner"))
        return ddz_planner_agent_new(a, err);
    if (!strcmp(name, "rhcp"))
        return ddz_rhcp_agent_new(a, err);
    if (!strcmp(name, "student"))
        return ddz_student_agent_new(a, NULL, 0, err);
    /* "search" with the default budget and objective, or with options (search_options). */
    if (!strncmp(name, "search", 6) && (name[6] == '\0' || name[6] == ':')) {
        DdzSearchConfig cfg;
        /* A level's options: the error names what was typed, not the long search behind it. */
        if (ddz_search_config_parse_as(name, typed, &cfg, err) != 0)
            return -1;
        return ddz_search_agent_new(a, &cfg, seed, err);
    }
    if (err) {
        err->pos = 0;
        snprintf(err->msg, sizeof err->msg, "unknown agent '%.40s' (agents: %s)", name, ddz_ai_agent_names());
    }
    return -1;
}
