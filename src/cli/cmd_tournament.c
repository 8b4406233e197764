/* cmd_tournament.c -- ddz tournament: a whole competition (RULES §7) among computer players,
 * printed round by round, optionally recorded as one JSON Lines file that ddz replay and
 * ddz verify check. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "../play/play.h"
#include "../play/tourgame.h"
#include "cli.h"
#include "ddz/ai.h"
#include "ddz/tournament.h"
#include "tour_human.h"

static int whole(const char *s, long lo, long hi, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

/* Splits a comma list into at most max names (pointers into text). */
static int split_names(char *text, const char **out, int max)
{
    int n = 0;
    for (char *p = strtok(text, ","); p && n < max; p = strtok(NULL, ","))
        out[n++] = p;
    return n;
}

static int human_new(void *ctx, DdzAgent *out, DdzError *err)
{
    return tour_human_new(ctx, out, err);
}

/* The event; screen: the person plays on the full screen (ddz play --tournament on a
 * terminal) with gc, else line by line. */
static int tournament(int argc, char **argv, const TourGameConfig *screen)
{
    const char *human = NULL;
    TourHumanConfig hc = {stdin, false, false};
    DdzTourConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.groups = 1;
    cfg.games = 6;
    cfg.opt = ddz_options_default();
    DdzError err;
    ddz_options_set(&cfg.opt, "competition", &err); /* RULES §7; -o items adjust it */
    long v, jobs = 1, top = 0;
    bool has_seed = false, plain_rules = false;
    uint64_t seed = 0;
    char agents_text[512] = "normal";
    const char *record = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = strcmp(a, "--plain-rules") != 0 && strcmp(a, "--ascii") != 0;
        if (takes && !val)
            return cli_fail("tournament: %s needs a value (see ddz help tournament)", a);
        if (!strcmp(a, "--players")) {
            if (whole(val, 3, DDZ_TOUR_MAX_PLAYERS, &v) != 0)
                return cli_fail("tournament: --players %s: a number from 3 to %d", val, DDZ_TOUR_MAX_PLAYERS);
            cfg.players = (int)v;
        } else if (!strcmp(a, "--groups")) {
            if (whole(val, 1, DDZ_TOUR_MAX_PLAYERS, &v) != 0)
                return cli_fail("tournament: --groups %s: a number from 1", val);
            cfg.groups = (int)v;
        } else if (!strcmp(a, "--games-per-table")) {
            if (whole(val, 1, DDZ_TOUR_MAX_GAMES, &v) != 0)
                return cli_fail("tournament: --games-per-table %s: a number from 1 to %d", val, DDZ_TOUR_MAX_GAMES);
            cfg.games = (int)v;
        } else if (!strcmp(a, "--agents") || !strcmp(a, "--levels")) {
            snprintf(agents_text, sizeof agents_text, "%s", val);
        } else if (!strcmp(a, "--seed")) {
            char *end;
            errno = 0;
            seed = strtoull(val, &end, 10);
            if (!*val || *end || errno || *val == '-')
                return cli_fail("tournament: --seed %s: a number from 0 to 2^64-1", val);
            has_seed = true;
        } else if (!strcmp(a, "--record")) {
            record = val;
        } else if (!strcmp(a, "--jobs")) {
            if (whole(val, 1, 64, &jobs) != 0)
                return cli_fail("tournament: --jobs %s: a number from 1 to 64", val);
        } else if (!strcmp(a, "--top")) {
            if (whole(val, 0, DDZ_TOUR_MAX_PLAYERS, &top) != 0)
                return cli_fail("tournament: --top %s: a number (0: every player)", val);
        } else if (!strcmp(a, "--human")) {
            if (!*val || strlen(val) > 31)
                return cli_fail("tournament: --human NAME: a name of 1 to 31 bytes");
            human = val;
        } else if (!strcmp(a, "--lang")) {
            if (strcmp(val, "en") && strcmp(val, "zh"))
                return cli_fail("tournament: --lang %s: choose en or zh", val);
            hc.zh = !strcmp(val, "zh");
        } else if (!strcmp(a, "--ascii")) {
            hc.ascii = true;
            continue;
        } else if (!strcmp(a, "--plain-rules")) {
            plain_rules = true;
            continue;
        } else if (!strcmp(a, "-o")) {
            if (ddz_options_set(&cfg.opt, val, &err) != 0)
                return cli_fail("tournament: -o %s: %s", val, err.msg);
        } else {
            return cli_fail("tournament: unknown option '%s' (see ddz help tournament)", a);
        }
        i++;
    }
    if (plain_rules) {
        /* The default game instead of the competition bundle; -o items given still apply on top. */
        DdzOptions d = ddz_options_default();
        for (int i = 1; i < argc; i++)
            if (!strcmp(argv[i], "-o") && i + 1 < argc)
                ddz_options_set(&d, argv[++i], &err);
        cfg.opt = d;
    }
    if (!cfg.players)
        return cli_fail("tournament: how many players? --players N (3 or more)");
    const char *names[64];
    int nagents = split_names(agents_text, names, 64);
    if (nagents == 0)
        return cli_fail("tournament: --agents needs at least one agent or level");
    DdzTour t;
    uint8_t wide[DDZ_SEED256_BYTES];
    if (!has_seed && ddz_seed256_secure(wide) != 0)
        return cli_fail("tournament: the system's random source is not available");
    if (ddz_tour_new(&t, &cfg, has_seed ? &seed : NULL, has_seed ? NULL : wide, &err) != 0)
        return cli_fail("tournament: %s", err.msg);
    FILE *rec = NULL;
    if (record && !(rec = !strcmp(record, "-") ? stdout : fopen(record, "w"))) {
        ddz_tour_free(&t);
        return cli_fail("tournament: cannot write %s: %s", record, strerror(errno));
    }
    char opts[256], seed_text[DDZ_SEED256_HEX];
    ddz_options_format(&cfg.opt, opts, sizeof opts);
    if (has_seed)
        snprintf(seed_text, sizeof seed_text, "%llu", (unsigned long long)seed);
    else
        ddz_seed256_format(wide, seed_text);
    FILE *out = rec == stdout ? stderr : stdout;
    if (screen && human) {
        TourGameConfig gc = *screen;
        gc.ascii |= hc.ascii;
        DdzTourRun run = {names, nagents, (int)jobs, rec, NULL, (int)top, 0, human, NULL, NULL, NULL, NULL, NULL};
        int status = 0;
        int rc = play_tour_tui(&t, &run, &gc, &status, &err);
        if (rc != 2) {
            if (rec && rec != stdout && fclose(rec) != 0 && rc == 0)
                rc = ddz_error_set(&err, 0, "cannot finish writing %s", record);
            ddz_tour_free(&t);
            if (rc < 0)
                return cli_fail("play: %s", err.msg);
            return rc == 1 ? status : CLI_OK;
        }
        fprintf(stderr, "ddz: play: this terminal cannot run the full screen game; playing line by line\n");
    }
    fprintf(out, "tournament: %d players, %d group%s, %d game%s per table, %s\n", cfg.players, cfg.groups,
            cfg.groups == 1 ? "" : "s", cfg.games, cfg.games == 1 ? "" : "s", opts);
    fprintf(out, "%s %s (replay the event from its record: ddz replay FILE)\n", has_seed ? "seed" : "seed256",
            seed_text);
    /* A person plays entrant 1 (id 0) through the line-mode seat of tour_human.c. */
    DdzTourRun run = {names, nagents, (int)jobs, rec, out, (int)top, human ? 0 : -1, human, human_new, &hc, NULL, NULL, NULL};
    if (human)
        fprintf(out, hc.zh ? "你是 %s（1 号选手）：轮到你时输入；回车采用电脑的建议，auto 托管。\n"
                           : "You are %s (entrant 1): type your decisions when asked; Enter takes the computer's "
                             "suggestion, auto lets it play for you.\n",
                human);
    struct timeval t0, t1;
    gettimeofday(&t0, NULL);
    int rc = ddz_tour_run(&t, &run, &err);
    gettimeofday(&t1, NULL);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_usec - t0.tv_usec) / 1e6;
    long games = 0;
    for (int i = 0; i < t.ntables; i++)
        games += t.tables[i].played;
    if (rc == 0)
        fprintf(out, "%d rounds, %d tables, %ld games in %.2f s (%ld job%s)\n", t.nrounds, t.ntables, games, secs,
                jobs, jobs == 1 ? "" : "s");
    if (rec && rec != stdout && fclose(rec) != 0 && rc == 0)
        rc = ddz_error_set(&err, 0, "cannot finish writing %s", record);
    ddz_tour_free(&t);
    if (rc != 0)
        return cli_fail("tournament: %s", err.msg);
    return CLI_OK;
}

int cmd_tournament(int argc, char **argv) { return tournament(argc, argv, NULL); }

int cmd_play_tournament(int argc, char **argv)
{
    /* ddz play's arguments, less --tournament and the screen's own, plus a person and
     * defaults: 9 players. */
    char **args = calloc((size_t)argc + 8, sizeof *args);
    if (!args)
        return cli_fail("play: out of memory");
    int n = 0;
    bool players = false, name = false, plain = false;
    const char *nc = getenv("NO_COLOR");
    TourGameConfig gc = {play_locale_lang(), false, !(nc && *nc), true, false, 700, 0};
    args[n++] = "tournament";
    for (int i = 1; i < argc; i++) {
        long v;
        bool num = i + 1 < argc && whole(argv[i + 1], 0, 600000, &v) == 0;
        if (!strcmp(argv[i], "--tournament"))
            continue;
        if (!strcmp(argv[i], "--lang") && i + 1 < argc) /* passed on too, for the checks */
            gc.lang = !strcmp(argv[i + 1], "zh") ? PLAY_ZH : PLAY_EN;
        if (!strcmp(argv[i], "--plain")) {
            plain = true;
            continue;
        }
        if (!strcmp(argv[i], "--no-color") || !strcmp(argv[i], "--no-autopass") || !strcmp(argv[i], "--bell")) {
            gc.color &= strcmp(argv[i], "--no-color") != 0;
            gc.autopass &= strcmp(argv[i], "--no-autopass") != 0;
            gc.bell |= !strcmp(argv[i], "--bell");
            continue;
        }
        if (!strcmp(argv[i], "--delay") || !strcmp(argv[i], "--timer")) {
            if (!num || v > (argv[i][2] == 'd' ? 10000 : 600)) {
                free(args);
                return cli_fail("play: %s needs a number of %s", argv[i],
                                argv[i][2] == 'd' ? "milliseconds up to 10000" : "seconds up to 600");
            }
            *(argv[i][2] == 'd' ? &gc.delay_ms : &gc.timer_s) = (int)v;
            i++;
            continue;
        }
        players |= !strcmp(argv[i], "--players");
        name |= !strcmp(argv[i], "--human");
        if (!strcmp(argv[i], "--level"))
            args[n++] = "--agents";
        else
            args[n++] = argv[i];
    }
    if (!players) {
        args[n++] = "--players";
        args[n++] = "9";
    }
    if (!name) {
        args[n++] = "--human";
        args[n++] = "You";
    }
    bool screen = !plain && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    int rc = tournament(n, args, screen ? &gc : NULL);
    free(args);
    return rc;
}
