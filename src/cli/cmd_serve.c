/* cmd_serve.c -- ddz serve (the network game server) and ddz verify (checks the deals and
 * commitments of game records). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cli.h"
#include "serveconf.h"
#include "servelog.h"
#include "ddz/tournament.h"
#include "ddz/ai.h"
#include "ddz/commit.h"
#include "ddz/http.h"
#include "ddz/server.h"
#include "ddz/store.h"

static int int_arg(int argc, char **argv, int *i, long lo, long hi, long *out, DdzError *err)
{
    char *end;
    if (*i + 1 >= argc)
        return ddz_error_set(err, 0, "%s needs a number", argv[*i]);
    errno = 0;
    *out = strtol(argv[++*i], &end, 10);
    if (*end || errno || *out < lo || *out > hi)
        return ddz_error_set(err, 0, "%s: '%s' is not a number from %ld to %ld", argv[*i - 1], argv[*i], lo, hi);
    return 0;
}

static int print_record(void *ctx, int64_t game, const char *record)
{
    (void)game;
    fputs(record, ctx);
    return 0;
}

/* ddz serve --db FILE --report: what the database holds, as one JSON object. */
static int report(const char *db, bool records)
{
    DdzError err;
    DdzStore *st = ddz_store_open_readonly(db, &err);
    if (!st)
        return cli_fail("serve: %s", err.msg);
    int rc = CLI_OK;
    if (records) {
        if (ddz_store_records(st, print_record, stdout, &err) != 0)
            rc = cli_fail("serve: %s", err.msg);
        ddz_store_close(st);
        return rc;
    }
    DdzStoreStats s;
    if (ddz_store_stats(st, &s, &err) != 0) {
        ddz_store_close(st);
        return cli_fail("serve: %s", err.msg);
    }
    json_t *top = json_array();
    DdzStorePlayer best[10];
    int n = ddz_store_leaderboard(st, best, 10, &err);
    for (int i = 0; i < n; i++)
        json_array_append_new(top, json_pack("{s:s, s:I, s:I}", "name", best[i].name, "score",
                                             (json_int_t)best[i].score, "games", (json_int_t)best[i].games));
    json_t *o = json_pack("{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:o}", "players", (json_int_t)s.players,
                          "finished", (json_int_t)s.finished, "redeals", (json_int_t)s.redeals, "aborted",
                          (json_int_t)s.aborted, "playing", (json_int_t)s.playing, "results", (json_int_t)s.results,
                          "score_sum", (json_int_t)s.score_sum, "result_sum", (json_int_t)s.result_sum,
                          "penalty_sum", (json_int_t)s.penalty_sum, "top", top);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (text)
        puts(text);
    free(text);
    ddz_store_close(st);
    return rc;
}

/* --tour-record ID: a finished tournament's record for ddz verify. */
static int tour_record(const char *db, long id)
{
    DdzError err;
    DdzStore *st = ddz_store_open_readonly(db, &err);
    if (!st)
        return cli_fail("serve: %s", err.msg);
    int rc = ddz_store_tour_record(st, id, stdout, &err) == 0 ? CLI_OK : cli_fail("serve: %s", err.msg);
    ddz_store_close(st);
    return rc;
}

#define SERVE_TOURS 16
typedef struct ServeArgs {
    DdzServeConfig cfg;
    bool report, records;
    const char *tours[SERVE_TOURS];   /* --tournament */
    int64_t admins[SERVE_TOURS];      /* --tour-admin */
    long tour_record;                 /* --tour-record ID (0: none) */
    char *owned[64]; /* values read from the config file, which cfg may point to */
    int nowned;
    DdzWebSite dir_site; /* --web DIR */
} ServeArgs;

/* One option at argv[*i] into a, moving *i past its value: 0, or -1 with err. The command
 * line and the config file (serveconf.h) both come here. */
static int serve_option(ServeArgs *sa, int argc, char **argv, int *i, DdzError *err)
{
    DdzServeConfig *cfg = &sa->cfg;
    const char *a = argv[*i];
    long v;
    if (!strcmp(a, "--port")) {
        if (int_arg(argc, argv, i, 0, 65535, &v, err))
            return -1;
        cfg->port = (int)v;
    } else if (!strcmp(a, "--listen") || !strcmp(a, "--db") || !strcmp(a, "--quick-level") ||
               !strcmp(a, "--auto-level") || !strcmp(a, "--journal")) {
        if (*i + 1 >= argc)
            return ddz_error_set(err, 0, "%s needs a value", a);
        const char *val = argv[++*i];
        if (!strcmp(a, "--listen"))
            cfg->iface = val;
        else if (!strcmp(a, "--db"))
            cfg->db = val;
        else if (!strcmp(a, "--journal"))
            cfg->journal = val;
        else {
            DdzLevel lv;
            DdzError e;
            if (ddz_level_parse(val, &lv, &e) != 0)
                return ddz_error_set(err, 0, "%s: %s", a, e.msg);
            char *dst = !strcmp(a, "--quick-level") ? cfg->server.quick_level : cfg->server.auto_level;
            snprintf(dst, sizeof cfg->server.quick_level, "%s", ddz_level_name(lv));
        }
    } else if (!strcmp(a, "--turn")) {
        if (int_arg(argc, argv, i, 0, 3600, &v, err))
            return -1;
        cfg->server.turn_ms = (int)v * 1000;
    } else if (!strcmp(a, "--quick-wait")) {
        if (int_arg(argc, argv, i, 0, 3600, &v, err))
            return -1;
        cfg->server.quick_wait_ms = (int)v * 1000;
    } else if (!strcmp(a, "--bot-delay")) {
        if (int_arg(argc, argv, i, 0, 60000, &v, err))
            return -1;
        cfg->server.bot_delay_ms = (int)v;
    } else if (!strcmp(a, "--computer-wait")) {
        if (int_arg(argc, argv, i, 0, 600000, &v, err))
            return -1;
        cfg->server.computer_wait_ms = (int)v;
    } else if (!strcmp(a, "--ping")) {
        if (int_arg(argc, argv, i, 1, 3600, &v, err))
            return -1;
        cfg->ping_s = (int)v;
    } else if (!strcmp(a, "--rooms-per-player") || !strcmp(a, "--rooms-per-address") ||
               !strcmp(a, "--spectators")) {
        if (int_arg(argc, argv, i, 1, 1000000, &v, err))
            return -1;
        *(!strcmp(a, "--spectators") ? &cfg->server.spectators_max : !strcmp(a, "--rooms-per-player")
              ? &cfg->server.rooms_per_player : &cfg->server.rooms_per_address) = (int)v;
    } else if (!strcmp(a, "--think-threads")) {
        if (int_arg(argc, argv, i, -1, 64, &v, err))
            return -1;
        cfg->think_threads = (int)v;
    } else if (!strcmp(a, "--max-conns")) {
        if (int_arg(argc, argv, i, 1, 1000000, &v, err))
            return -1;
        cfg->server.max_conns = (int)v;
    } else if (!strcmp(a, "-o")) {
        if (*i + 1 >= argc)
            return ddz_error_set(err, 0, "-o needs a rule option (ddz help options)");
        if (ddz_options_set(&cfg->server.options, argv[++*i], err) != 0)
            return -1;
    } else if (!strcmp(a, "--rules")) {
        if (*i + 1 >= argc)
            return ddz_error_set(err, 0, "--rules needs a value: standard, classic, douzero or botzone");
        if (ddz_ruleset_parse(argv[++*i], &cfg->server.options.rules, err) != 0)
            return -1;
    } else if (!strcmp(a, "--web")) {
        if (*i + 1 >= argc)
            return ddz_error_set(err, 0, "--web needs a directory (the client's files, e.g. web)");
        sa->dir_site.dir = argv[++*i];
        cfg->web = &sa->dir_site;
    } else if (!strcmp(a, "--no-web")) {
        cfg->web = NULL;
    } else if (!strcmp(a, "--tournament")) {
        if (*i + 1 >= argc)
            return ddz_error_set(err, 0, "--tournament needs NAME:OPTIONS (players=27,games=6,...)");
        if (cfg->server.ntournaments == SERVE_TOURS)
            return ddz_error_set(err, 0, "at most %d --tournament", SERVE_TOURS);
        DdzError terr;
        if (ddz_server_tournament_check(argv[*i + 1], &terr) != 0)
            return ddz_error_set(err, 0, "--tournament %.80s: %s", argv[*i + 1], terr.msg);
        sa->tours[cfg->server.ntournaments++] = argv[++*i];
        cfg->server.tournaments = sa->tours;
    } else if (!strcmp(a, "--tour-admin") || !strcmp(a, "--tour-record")) {
        if (int_arg(argc, argv, i, 1, 1L << 40, &v, err))
            return -1;
        if (!strcmp(a, "--tour-record")) {
            sa->tour_record = v;
        } else {
            if (cfg->server.ntour_admins == SERVE_TOURS)
                return ddz_error_set(err, 0, "at most %d --tour-admin", SERVE_TOURS);
            sa->admins[cfg->server.ntour_admins++] = v;
            cfg->server.tour_admins = sa->admins;
        }
    } else if (!strcmp(a, "--leaver-penalty")) {
        cfg->server.leaver_penalty = true;
    } else if (!strcmp(a, "--sync-full")) {
        cfg->sync_full = true;
    } else if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) {
        cfg->quiet = true;
    } else if (!strcmp(a, "--report")) {
        sa->report = true;
    } else if (!strcmp(a, "--records")) {
        sa->records = true;
    } else {
        return ddz_error_set(err, 0, "unknown argument '%s' (see ddz help serve)", a);
    }
    return 0;
}

/* A setting of the config file: its value is kept for the server's lifetime. */
static int conf_apply(void *ctx, int argc, char **argv, DdzError *err)
{
    ServeArgs *sa = ctx;
    if (argc > 1) {
        if (sa->nowned == (int)(sizeof sa->owned / sizeof sa->owned[0]))
            return ddz_error_set(err, 0, "too many settings");
        argv[1] = sa->owned[sa->nowned++] = strdup(argv[1]);
        if (!argv[1])
            return ddz_error_set(err, 0, "out of memory");
    }
    int i = 0;
    if (serve_option(sa, argc, argv, &i, err) != 0)
        return -1;
    return i + 1 == argc ? 0 : ddz_error_set(err, 0, "%s takes no value", argv[0]);
}

/* The settings the config file knows: serve's options as its help text lists them, but
 * those that are not settings (--config itself, --check-config, --report, --records). */
static int conf_keys(ServeConfKey *keys, int max)
{
    CliOption o[64];
    int n = cli_command_options(cli_command_find("serve"), o, 64), k = 0;
    for (int i = 0; i < n && k < max; i++) {
        const char *name = o[i].name;
        if (!strcmp(name, "--config") || !strcmp(name, "--check-config") || !strcmp(name, "--report") ||
            !strcmp(name, "--records") || !strcmp(name, "--tour-record") || !strcmp(name, "--help"))
            continue;
        if (!strcmp(name, "-o"))
            snprintf(keys[k].name, sizeof keys[k].name, "option");
        else if (name[1] == '-')
            snprintf(keys[k].name, sizeof keys[k].name, "%.31s", name + 2);
        else
            continue;
        snprintf(keys[k].flag, sizeof keys[k].flag, "%.31s", name);
        keys[k].value = o[i].arg[0] != '\0';
        k++;
    }
    return k;
}

static int read_config(ServeArgs *sa, const char *path, DdzError *err)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return ddz_error_set(err, 0, "cannot read %s: %s", path, strerror(errno));
    ServeConfKey keys[64];
    int n = conf_keys(keys, 64);
    int rc = serve_conf_read(f, path, keys, n, conf_apply, sa, err);
    fclose(f);
    return rc;
}

int cmd_serve(int argc, char **argv)
{
    ServeArgs sa;
    memset(&sa, 0, sizeof sa);
    DdzServeConfig *cfg = &sa.cfg;
    cfg->iface = "127.0.0.1";
    cfg->port = 7733;
    cfg->server = ddz_server_config_default();
    cfg->web = &ddz_web_builtin;
    sa.dir_site.version = "dev";
    DdzError err;
    /* --config FILE first, whatever its place: the command line's options win over it */
    const char *conf = NULL;
    bool check = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--check-config"))
            check = true;
        else if (!strcmp(argv[i], "--config")) {
            if (i + 1 >= argc)
                return cli_fail("serve: --config needs a file (e.g. %s)", SERVE_CONF_DEFAULT);
            conf = argv[++i];
        }
    }
    if (check && !conf)
        conf = SERVE_CONF_DEFAULT;
    int rc = CLI_OK;
    if (conf && read_config(&sa, conf, &err) != 0) {
        rc = cli_fail("serve: %s", err.msg);
        goto done;
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--check-config"))
            continue;
        if (!strcmp(argv[i], "--config")) {
            i++;
            continue;
        }
        if (serve_option(&sa, argc, argv, &i, &err) != 0) {
            rc = cli_fail("serve: %s", err.msg);
            goto done;
        }
    }
    if (check) {
        printf("ddz serve: %s: the configuration is good\n", conf);
        goto done;
    }
    if (sa.tour_record) {
        rc = cfg->db ? tour_record(cfg->db, sa.tour_record) : cli_fail("serve: --tour-record needs --db FILE");
        goto done;
    }
    if (sa.report || sa.records) {
        rc = cfg->db ? report(cfg->db, sa.records) : cli_fail("serve: --report and --records need --db FILE");
        goto done;
    }
    ServeLog log;
    serve_log_init(&log, stderr);
    /* Results kept while the database is away go to a journal beside a SQLite file; a shared
     * PostgreSQL store has no place of its own for it: --journal names one. */
    char journal[4200];
    bool pg = cfg->db && (!strncmp(cfg->db, "postgresql://", 13) || !strncmp(cfg->db, "postgres://", 11));
    if (cfg->journal && !strcmp(cfg->journal, "none")) {
        cfg->journal = NULL;
    } else if (cfg->db && !cfg->journal && !pg && strcmp(cfg->db, ":memory:")) {
        snprintf(journal, sizeof journal, "%s.pending", cfg->db);
        cfg->journal = journal;
    } else if (pg && !cfg->journal && !cfg->quiet) {
        serve_log(&log, SERVE_LOG_WARNING, "no --journal FILE: results kept while the database is away are lost "
                                           "if this process stops before it is back");
    }
    if (!cfg->quiet && !cfg->server.log) {
        cfg->server.log = serve_log_line;
        cfg->server.log_ctx = &log;
    }
    if (!cfg->log) {
        cfg->log = serve_log_at;
        cfg->log_ctx = &log;
    }
    if (ddz_serve_run(cfg, &err) != 0)
        rc = cli_fail("serve: %s", err.msg);
done:
    for (int i = 0; i < sa.nowned; i++)
        free(sa.owned[i]);
    return rc;
}

int cmd_verify(int argc, char **argv)
{
    const char *path = NULL;
    bool quiet = false;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quiet"))
            quiet = true;
        else if (!path)
            path = argv[i];
        else
            return cli_fail("verify: unknown argument '%s' (see ddz help verify)", argv[i]);
    }
    if (!path)
        return cli_fail("verify: which record? ddz verify RECORD (- for standard input)");
    FILE *f = NULL;
    if (!strcmp(path, "-")) {
        /* The check reads the file twice: copy standard input aside first. */
        f = tmpfile();
        char buf[65536];
        size_t n;
        while (f && (n = fread(buf, 1, sizeof buf, stdin)) > 0)
            fwrite(buf, 1, n, f);
        if (f)
            rewind(f);
    } else {
        f = fopen(path, "r");
    }
    if (!f)
        return cli_fail("verify: cannot read %s: %s", path, strerror(errno));
    if (ddz_tour_file_is_event(f)) {
        DdzError terr;
        int trc = ddz_tour_verify(f, NULL, &terr);
        fclose(f);
        if (trc != 0)
            return cli_fail("verify: %s:%d: %s", path, terr.pos, terr.msg);
        printf("tournament: every draw, game, result and the standings check out\n");
        return CLI_OK;
    }
    long games;
    DdzError err;
    int bad = ddz_commit_verify(f, quiet ? NULL : stdout, stderr, path, &games, &err);
    fclose(f);
    if (bad < 0)
        return cli_fail("verify: %s", err.msg);
    printf("%ld game%s, %d bad\n", games, games == 1 ? "" : "s", bad);
    return bad ? CLI_USAGE : games == 0 ? CLI_NO : CLI_OK;
}
