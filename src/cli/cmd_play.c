/* cmd_play.c -- ddz play: the single-player game of seed 002 (src/play), full screen with
 * ncursesw, or line by line with --plain or when the terminal is not one. */
#define _DEFAULT_SOURCE /* getentropy */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../play/play.h"
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
    bool plain = false, have_seed = false;
    DdzError err;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        unsigned long long n;
        if (!strcmp(a, "--rules")) {
            DdzRuleset r;
            if (cli_rules_option(argc, argv, &i, &r) != 0)
                return CLI_USAGE;
            cfg.opt.rules = r;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--option")) {
            if (i + 1 >= argc)
                return cli_fail("play: %s needs NAME=VALUE, e.g. -o double=none (ddz help options)", a);
            if (ddz_options_set(&cfg.opt, argv[++i], &err) != 0)
                return cli_fail("play: %s", err.msg);
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
        } else if (!strcmp(a, "--level")) {
            if (i + 1 >= argc)
                return cli_fail("play: --level needs easy, normal, hard or expert");
            snprintf(cfg.level, sizeof cfg.level, "%s", argv[++i]);
        } else if (!strcmp(a, "--record")) {
            if (i + 1 >= argc)
                return cli_fail("play: --record needs a directory");
            cfg.record = argv[++i];
        } else if (!strcmp(a, "--ascii")) {
            cfg.ascii = true;
        } else if (!strcmp(a, "--plain")) {
            plain = true;
        } else if (!strcmp(a, "--no-color")) {
            cfg.color = false;
        } else {
            return cli_fail("play: unknown argument '%s' (see ddz help play)", a);
        }
    }
    if (!have_seed) {
        if (getentropy(&cfg.seed, sizeof cfg.seed) != 0)
            return cli_fail("play: the operating system gave no random seed; pass --seed N");
        cfg.seed %= 1000000000ull; /* short enough to write down */
    }
    if (!plain && (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)))
        plain = true;
    if (cfg.delay_ms < 0)
        cfg.delay_ms = plain ? 0 : 700;
    Play *p = play_new(&cfg, &err);
    if (!p)
        return cli_fail("play: %s", err.msg);
    int rc = plain ? play_plain(p, stdin, stdout) : play_tui(p);
    play_free(p);
    return rc;
}
