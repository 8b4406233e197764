/* search_config.c -- the search agent's settings: the defaults, and an agent name's options
 * (search:MS/SAMPLES:OPT...) parsed into a DdzSearchConfig with a message that names what is
 * wrong. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/search.h"

DdzSearchConfig ddz_search_default(void)
{
    DdzSearchConfig c = {200, 400, 24, "rule", 16, 20000, false, 0.25, DDZ_OBJECTIVE_AUTO, 0, 1, 2, false, 1, 0, 0,
                         {47, 59, 71}, 53, {73, 85}, {70, 89}, {-1, -1}, {-1, -1}, -1, -1, 0, false, false, false, false, "planner", false, 0, false};
    return c;
}

int ddz_objective_parse(const char *name, DdzObjective *out)
{
    if (!strcmp(name, "wp"))
        *out = DDZ_OBJECTIVE_WP;
    else if (!strcmp(name, "adp"))
        *out = DDZ_OBJECTIVE_ADP;
    else
        return -1;
    return 0;
}

/* An option written as a word and a number in lo..hi ("noise30"): true, with *out set, when
 * word is one. */
static bool number_option(const char *word, const char *prefix, long lo, long hi, long *out)
{
    size_t n = strlen(prefix);
    if (strncmp(word, prefix, n) != 0 || word[n] < '0' || word[n] > '9')
        return false;
    char *end;
    long num = strtol(word + n, &end, 10);
    if (*end || num < lo || num > hi)
        return false;
    *out = num;
    return true;
}

int ddz_search_config_parse(const char *name, DdzSearchConfig *cfg, DdzError *err)
{
    return ddz_search_config_parse_as(name, name, cfg, err);
}

/* "A/B/C" (n = 3) or "A/B" (n = 2): hundredths, 0 <= A <= B <= C <= 100, into at[n]: 0, or -1. */
static int parse_at(const char *text, int *at, int n)
{
    int v[3];
    for (int i = 0; i < n; i++) {
        char *end;
        if (*text < '0' || *text > '9')
            return -1;
        long num = strtol(text, &end, 10);
        if (num < 0 || num > 100 || (i > 0 && num < v[i - 1]) || *end != (i < n - 1 ? '/' : '\0'))
            return -1;
        v[i] = (int)num;
        text = end + (i < n - 1);
    }
    memcpy(at, v, (size_t)n * sizeof *v);
    return 0;
}

int ddz_search_config_parse_as(const char *name, const char *shown, DdzSearchConfig *cfg, DdzError *err)
{
    *cfg = ddz_search_default();
    const char *opts = name + 6;
    bool budget = false, objective = false, solve = false, bid = false;
    bool policy = false, noise = false, prior = false, playouts = false, points = false, extra = false;
    bool rob = false, over = false, last = false, value = false, cand = false, mix = false, kick = false;
    /* The thresholds written "A/B" or "A/B/C" (parse_at), each at most once. */
    struct {
        const char *prefix;
        int *at, n;
        bool seen;
    } AT[] = {{"bids", cfg->bid_at, 3, false},
              {"double", cfg->double_at, 2, false},
              {"redouble", cfg->redouble_at, 2, false},
              {"appdouble", cfg->app_double_at, 2, false},
              {"appredouble", cfg->app_redouble_at, 2, false}};
    if (strncmp(name, "search", 6) != 0)
        opts = "?";
    while (*opts == ':') {
        opts++;
        size_t len = strcspn(opts, ":");
        char word[24];
        if (len > 0 && len < sizeof word && (opts[0] < '0' || opts[0] > '9')) {
            memcpy(word, opts, len);
            word[len] = '\0';
            long num = -1;
            int thr = -1;
            for (int k = 0; k < (int)(sizeof AT / sizeof AT[0]); k++)
                if (!AT[k].seen && !strncmp(word, AT[k].prefix, strlen(AT[k].prefix)))
                    thr = k;
            if (thr >= 0) {
                if (parse_at(word + strlen(AT[thr].prefix), AT[thr].at, AT[thr].n) != 0)
                    goto bad;
                AT[thr].seen = true;
            } else if (!strncmp(word, "rule-v", 6) && word[6] >= '1' && word[6] <= '9' && !word[7] && !policy) {
                static const char *const V[] = {"rule-v1", "rule-v2", "rule-v3", "rule-v4", "rule-v5",
                                                "rule-v6", "rule-v7", "rule-v8", "rule-v9"};
                cfg->policy = V[word[6] - '1'];
                policy = true;
            } else if (!noise && number_option(word, "noise", 0, 100, &num)) {
                cfg->noise = (int)num;
                noise = true;
            } else if (!playouts && number_option(word, "playouts", 1, 16, &num)) {
                cfg->playouts = (int)num;
                playouts = true;
            } else if (!prior && number_option(word, "prior", 0, 100, &num)) {
                cfg->prior = (int)num;
                prior = true;
            } else if (!points && number_option(word, "points", 0, 100, &num)) {
                cfg->points = (int)num;
                points = true;
            } else if (!extra && number_option(word, "extra", 0, 200000, &num)) {
                cfg->extra = (int)num;
                extra = true;
            } else if (!value && number_option(word, "value", 0, 100, &num)) {
                cfg->value = (int)num;
                value = true;
            } else if (!mix && number_option(word, "mix", 0, 100, &num)) {
                cfg->mix = (int)num;
                mix = true;
            } else if (!mix && number_option(word, "mixopp", 0, 100, &num)) {
                cfg->mix = (int)num;
                cfg->mix_opponents = mix = true;
            } else if (!kick && number_option(word, "kick", 0, 99, &num)) {
                cfg->kick = (int)num;
                kick = true;
            } else if (!cand && number_option(word, "cand", 1, DDZ_MAX_MOVES, &num)) {
                cfg->candidates = (int)num;
                cand = true;
            } else if (!rob && number_option(word, "rob", 0, 100, &num)) {
                cfg->rob_at = (int)num;
                rob = true;
            } else if (!over && number_option(word, "over", 0, 100, &num)) {
                cfg->over_at = (int)num;
                over = true;
            } else if (!last && number_option(word, "last", 0, 100, &num)) {
                cfg->last_at = (int)num;
                last = true;
            } else if (!strcmp(word, "student") && !policy) {
                cfg->policy = "student";
                policy = true;
            } else if (!strcmp(word, "infer") && !cfg->infer) {
                cfg->infer = true;
            } else if (!cfg->infer && number_option(word, "infer", 1, 100, &num)) {
                cfg->infer = true;
                cfg->infer_eps = num / 100.0;
            } else if (!strcmp(word, "adapt") && !cfg->adapt) {
                cfg->adapt = true;
            } else if (!strcmp(word, "plan") && !cfg->plan) {
                cfg->plan = true;
            } else if (!strcmp(word, "tied") && !cfg->tied) {
                cfg->tied = true;
            } else if (!strcmp(word, "rhcp") && strcmp(cfg->stranger, "rhcp") != 0 && !cfg->both) {
                cfg->stranger = "rhcp";
            } else if (!strcmp(word, "both") && !cfg->both && strcmp(cfg->stranger, "rhcp") != 0) {
                cfg->both = true;
            } else if (!strcmp(word, "bid") && !bid) {
                cfg->bid_playouts = bid = true;
            } else if (!solve && number_option(word, "solve", 0, 54, &num)) {
                cfg->solve_cards = (int)num;
                solve = true;
            } else {
                if (objective || ddz_objective_parse(word, &cfg->objective) != 0)
                    goto bad;
                objective = true;
            }
        } else {
            char *end;
            long ms = strtol(opts, &end, 10), samples = -1;
            if (end != opts && *end == '/')
                samples = strtol(end + 1, &end, 10);
            else if (ms > 0) /* a time budget alone: the cap grows with it, 2 samples a ms */
                samples = 2 * ms > cfg->samples ? 2 * ms : cfg->samples;
            else
                samples = cfg->samples;
            if (budget || end == opts || (*end && *end != ':') || ms < 0 || ms > 60000 || samples < 1 ||
                samples > 200000)
                goto bad;
            cfg->time_ms = (int)ms;
            cfg->samples = (int)samples;
            budget = true;
        }
        opts += len;
    }
    /* The mixture needs the opponent model and planner's share of the opponents; :tied, the
     * mixture. */
    if (!*opts && (!cfg->adapt || (cfg->infer && cfg->mix_opponents && cfg->mix > 0)) && (!cfg->tied || cfg->adapt) &&
        (!cfg->both || (cfg->mix > 0 && cfg->mix <= 50)))
        return 0;
    if (!*opts && err && cfg->both) {
        snprintf(err->msg, sizeof err->msg,
                 "agent '%.40s': :both gives planner and rhcp P%% of the seats each: it needs :mixP or :mixoppP "
                 "with P from 1 to 50 (ddz help arena)",
                 shown);
        return -1;
    }
    if (!*opts && err && !cfg->adapt) {
        snprintf(err->msg, sizeof err->msg,
                 "agent '%.40s': :tied takes the farmers for one program of :adapt's mixture: it needs :adapt "
                 "(ddz help arena)",
                 shown);
        return -1;
    }
    if (!*opts && err) {
        snprintf(err->msg, sizeof err->msg,
                 "agent '%.40s': :adapt weighs the opponents as the policy or planner: it needs :infer and "
                 ":mixoppP with P from 1 (ddz help arena)",
                 shown);
        return -1;
    }
bad:
    if (err) {
        /* A level ("expert:1000:500") is written with its own name before the options. */
        const char *word = "search";
        size_t wlen = strcspn(shown, ":");
        if (shown != name && wlen > 0 && wlen <= 8)
            word = shown;
        else
            wlen = 6;
        /* The word that stopped the reading, named, so that a long name's message says where. */
        char what[96];
        size_t blen = strcspn(opts, ":");
        if (*opts == '?')
            snprintf(what, sizeof what, "not a search agent");
        else if (blen == 0)
            snprintf(what, sizeof what, "an option is empty");
        else
            snprintf(what, sizeof what, "'%.*s' is unknown, out of range or given twice", blen > 24 ? 24 : (int)blen,
                     opts);
        snprintf(err->msg, sizeof err->msg, "agent '%.64s': write %.*s[:MS[/SAMPLES]][:OPT]...; %s (the options: ddz help arena)",
                 shown, (int)wlen, word, what);
    }
    return -1;
}
