/* cmd_play.c -- ddz play: the single-player game of seed 002 (src/play), full screen with
 * ncursesw, or line by line with --plain or when the terminal is not one. */
#define _DEFAULT_SOURCE /* getentropy */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../play/play.h"
#include "ddz/ai.h"
#include "cli.h"

static int number_option(int argc, char **argv, int *i, unsigned long long max, unsigned long long *out)
{
    char *end;
    const char *name = argv[*i];
    if (*i + 1 >= argc || !argv[*i + 1][0] || argv[*i + 1][0] == '-') {
        cli_fail("play: %s needs a number", name);
        return -1;
    }
    *out = strtoull(argv[++*i], &end, 10);
    if (*end || *out > max) {
        cli_fail("play: %s '%s' is not a number up to %llu", name, argv[*i], max);
        return -1;
    }
    return 0;
}

/* Sets the options of a saved "rules=classic,first=revealed,show" string; -1 if one is bad. */
static int set_options(DdzOptions *opt, const char *text)
{
    char buf[256], *save = NULL;
    DdzError err;
    DdzOptions o = ddz_options_default();
    snprintf(buf, sizeof buf, "%s", text);
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (ddz_options_set(&o, tok, &err) != 0)
            return -1;
    *opt = o;
    return 0;
}

/* Opens the profile (NULL, said once on standard error, when it cannot be written), takes
 * the saved settings the command line did not give, and the saved match to resume unless a
 * seed or --new asks for another. Then saves the settings in use. */
static Profile *use_profile(PlayConfig *cfg, bool set_lang, bool set_level, bool set_rules, bool set_sort,
                            bool new_match, ProfileMatch *resume)
{
    char path[1024], err[1200], v[256];
    Profile *pf;
    if (profile_path(path, sizeof path) != 0) {
        fprintf(stderr, "ddz: play: neither XDG_DATA_HOME nor HOME is set: playing without saving\n");
        return NULL;
    }
    if (!(pf = profile_open(path, err, sizeof err))) {
        fprintf(stderr, "ddz: play: %s: playing without saving progress (--no-save: do not try)\n", err);
        return NULL;
    }
    profile_get(pf, "lang", v, sizeof v);
    if (!set_lang && v[0])
        cfg->lang = !strcmp(v, "zh") ? PLAY_ZH : PLAY_EN;
    profile_get(pf, "level", v, sizeof v);
    if (!set_level && v[0])
        snprintf(cfg->level, sizeof cfg->level, "%.31s", v);
    profile_get(pf, "options", v, sizeof v);
    if (!set_rules && v[0])
        set_options(&cfg->opt, v);
    profile_get(pf, "sort", v, sizeof v);
    if (!set_sort && play_sort_parse(v) >= 0)
        cfg->sort = play_sort_parse(v);
    if (!new_match && profile_match_load(pf, resume) && set_options(&cfg->opt, resume->options) == 0) {
        cfg->seed = resume->seed;
        snprintf(cfg->level, sizeof cfg->level, "%s", resume->level);
        cfg->resume = resume;
    }
    ddz_options_format(&cfg->opt, v, sizeof v);
    profile_set(pf, "options", v);
    profile_set(pf, "level", cfg->level);
    profile_set(pf, "lang", cfg->lang == PLAY_ZH ? "zh" : "en");
    profile_set(pf, "sort", play_sort_name(cfg->sort));
    return pf;
}

int cmd_play(int argc, char **argv)
{
    /* ddz play --tournament: a whole competition with you at entrant 1 (cmd_tournament.c). */
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--tournament"))
            return cmd_play_tournament(argc, argv);
    PlayConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.lang = play_locale_lang();
    snprintf(cfg.level, sizeof cfg.level, "normal");
    /* Seed 002's game: 叫分, the revealed card bids first, farmers may double (倒牌) and the
     * landlord redouble (拉牌), four + two with two different kickers. */
    cfg.opt = ddz_options_default();
    cfg.opt.rules = DDZ_RULES_CLASSIC;
    cfg.opt.first_bidder = DDZ_FIRST_REVEALED;
    cfg.opt.double_mode = DDZ_DOUBLE_FARMER;
    const char *nc = getenv("NO_COLOR");
    cfg.color = !(nc && *nc);
    cfg.delay_ms = -1;
    cfg.autopass = true;
    bool plain = false, have_seed = false, no_save = false, new_match = false, set_lang = false, set_level = false,
         set_rules = false, set_sort = false;
    DdzError err;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        unsigned long long n;
        if (!strcmp(a, "--rules")) {
            DdzRuleset r;
            if (cli_rules_option(argc, argv, &i, &r) != 0)
                return CLI_USAGE;
            if (ddz_ruleset_is_48(r)) /* the 48-card game as a whole: seed 002's options go */
                (void)ddz_options_set(&cfg.opt, "rules=hubei48", NULL);
            else
                cfg.opt.rules = r;
            set_rules = true;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--option")) {
            if (i + 1 >= argc)
                return cli_fail("play: %s needs NAME=VALUE, e.g. -o double=none (ddz help options)", a);
            if (ddz_options_set(&cfg.opt, argv[++i], &err) != 0)
                return cli_fail("play: %s", err.msg);
            set_rules = true;
        } else if (!strcmp(a, "--seed")) {
            if (number_option(argc, argv, &i, ~0ull, &n) != 0)
                return CLI_USAGE;
            cfg.seed = n;
            have_seed = true;
        } else if (!strcmp(a, "--delay")) {
            if (number_option(argc, argv, &i, 10000, &n) != 0)
                return CLI_USAGE;
            cfg.delay_ms = (int)n;
        } else if (!strcmp(a, "--lang")) {
            if (i + 1 >= argc || (strcmp(argv[i + 1], "zh") && strcmp(argv[i + 1], "en")))
                return cli_fail("play: --lang takes zh or en");
            cfg.lang = !strcmp(argv[++i], "zh") ? PLAY_ZH : PLAY_EN;
            set_lang = true;
        } else if (!strcmp(a, "--level")) {
            if (i + 1 >= argc)
                return cli_fail("play: --level needs easy, normal, hard or expert");
            snprintf(cfg.level, sizeof cfg.level, "%s", argv[++i]);
            set_level = true;
        } else if (!strcmp(a, "--record")) {
            if (i + 1 >= argc)
                return cli_fail("play: --record needs a directory");
            cfg.record = argv[++i];
        } else if (!strcmp(a, "--ascii")) {
            cfg.ascii = true;
        } else if (!strcmp(a, "--timer")) {
            if (number_option(argc, argv, &i, 600, &n) != 0)
                return CLI_USAGE;
            cfg.timer_s = (int)n;
        } else if (!strcmp(a, "--sort")) {
            if (i + 1 >= argc || play_sort_parse(argv[i + 1]) < 0)
                return cli_fail("play: --sort takes rank, group or combo");
            cfg.sort = play_sort_parse(argv[++i]);
            set_sort = true;
        } else if (!strcmp(a, "--no-autopass")) {
            cfg.autopass = false;
        } else if (!strcmp(a, "--bell")) {
            cfg.bell = true;
        } else if (!strcmp(a, "--no-save")) {
            no_save = true;
        } else if (!strcmp(a, "--new")) {
            new_match = true;
        } else if (!strcmp(a, "--plain")) {
            plain = true;
        } else if (!strcmp(a, "--no-color")) {
            cfg.color = false;
        } else {
            return cli_fail("play: unknown argument '%s' (see ddz help play)", a);
        }
    }
    /* The level must be known before it is saved. */
    DdzAgent probe;
    if (ddz_ai_agent_new(&probe, cfg.level, 0, &err) != 0)
        return cli_fail("play: %s", err.msg);
    ddz_agent_free(&probe);
    ProfileMatch resume;
    Profile *pf = no_save ? NULL : use_profile(&cfg, set_lang, set_level, set_rules, set_sort, new_match || have_seed, &resume);
    cfg.profile = pf;
    if (!have_seed && !cfg.resume) {
        if (getentropy(&cfg.seed, sizeof cfg.seed) != 0)
            return cli_fail("play: the operating system gave no random seed; pass --seed N");
        cfg.seed %= 1000000000ull; /* short enough to write down */
    }
    if (!plain && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)))
        plain = true;
    if (cfg.delay_ms < 0)
        cfg.delay_ms = plain ? 0 : 700;
    Play *p = play_new(&cfg, &err);
    if (!p) {
        profile_close(pf);
        return cli_fail("play: %s", err.msg);
    }
    int rc = plain ? play_plain(p, stdin, stdout) : play_tui(p);
    play_free(p);
    profile_close(pf);
    return rc;
}
