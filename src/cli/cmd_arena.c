/* cmd_arena.c -- ddz arena: two agents head to head over paired deals, WP and ADP. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "arena_file.h"
#include "cli.h"
#include "ddz/ai.h"
#include "ddz/arena.h"

static void print_line(const char *label, const DdzArenaTally *t)
{
    DdzArenaSummary s;
    ddz_arena_summarize(t, &s);
    printf("%-14s games %-7ld WP %.4f [%.4f, %.4f]  ADP %+.3f [%+.3f, %+.3f]\n", label, t->games, s.wp, s.wp_lo,
           s.wp_hi, s.adp, s.adp_lo, s.adp_hi);
}

/* ddz arena --compare X Y: two games files of agents against the same B on the same deals. */
static int compare(const char *px, const char *py)
{
    ArenaFile x, y;
    DdzError err;
    if (arena_file_read(px, &x, &err) != 0)
        return cli_fail("arena --compare: %s", err.msg);
    if (arena_file_read(py, &y, &err) != 0) {
        arena_file_free(&x);
        return cli_fail("arena --compare: %s", err.msg);
    }
    const char *differ = strcmp(x.b, y.b)               ? "opponent (B)"
                         : strcmp(x.rules, y.rules)     ? "rules"
                         : strcmp(x.options, y.options) ? "rule options"
                         : x.bidding != y.bidding       ? "bidding"
                         : x.seed != y.seed             ? "seed"
                                                        : NULL;
    int rc = CLI_OK;
    if (differ) {
        rc = cli_fail("arena --compare: %s and %s were not played the same way: their %s differ, so their deals "
                      "cannot be paired",
                      px, py, differ);
    } else {
        long deals = x.deals < y.deals ? x.deals : y.deals;
        DdzArenaTally tx = {0}, ty = {0};
        for (long i = 0; i < 2 * deals; i++) {
            ddz_arena_tally_add(&tx, x.games[i].won, x.games[i].points);
            ddz_arena_tally_add(&ty, y.games[i].won, y.games[i].points);
        }
        DdzArenaDiff d;
        ddz_arena_compare(x.games, y.games, deals, &d);
        printf("compare X = %s (%s) with Y = %s (%s), both against %s\n", x.a, px, y.a, py, x.b);
        printf("%ld deals, each played twice with the sides swapped (the first %ld of both files); rules %s%s%s, "
               "seed %llu%s\n",
               deals, deals, x.rules, strcmp(x.options, "-") ? ", options " : "", strcmp(x.options, "-") ? x.options : "",
               x.seed, x.bidding ? ", bidding" : "");
        print_line("X", &tx);
        print_line("Y", &ty);
        printf("X - Y, paired by deal: WP %+.4f [%+.4f, %+.4f]  ADP %+.3f [%+.3f, %+.3f]\n", d.wp, d.wp_lo, d.wp_hi,
               d.adp, d.adp_lo, d.adp_hi);
        printf("X - Y %s %+.4f, %s %+.4f; the same outcome in %.1f%% of the games\n",
               x.bidding ? "in seat 0" : "as landlord", d.wp_swap[0], x.bidding ? "in seats 1 and 2" : "as farmers",
               d.wp_swap[1], 100 * d.agree);
    }
    arena_file_free(&x);
    arena_file_free(&y);
    return rc;
}

/* --slow MS: each decision of A over MS ms of CPU time, a line on standard error with the
 * request that `ddz engine` answers again. */
static void print_slow(void *ctx, const DdzArenaSlow *d)
{
    (void)ctx;
    fprintf(stderr, "slow: deal %ld game %d seat %d cpu %.3f ms wall %.3f ms: %s\n", d->deal, d->swap, d->seat,
            d->cpu_ms, d->wall_ms, d->request ? d->request : "(no request: out of memory)");
}

int cmd_arena(int argc, char **argv)
{
    const char *games_path = NULL;
    DdzArenaConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.deals = 1000;
    cfg.seed = 1;
    cfg.rules = DDZ_RULES_STANDARD;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    cfg.jobs = cpus > 0 ? (int)cpus : 1;
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--deals")) {
            if (i + 1 >= argc || (cfg.deals = strtol(argv[++i], &end, 10), *end) || cfg.deals < 1)
                return cli_fail("arena: --deals needs a positive number");
        } else if (!strcmp(argv[i], "--seed")) {
            if (i + 1 >= argc || !argv[i + 1][0] || (cfg.seed = strtoull(argv[++i], &end, 10), *end))
                return cli_fail("arena: --seed needs a number");
        } else if (!strcmp(argv[i], "--jobs") || !strcmp(argv[i], "-j")) {
            long j = 0;
            if (i + 1 >= argc || (j = strtol(argv[++i], &end, 10), *end) || j < 1 || j > 256)
                return cli_fail("arena: --jobs needs a number from 1 to 256");
            cfg.jobs = (int)j;
        } else if (!strcmp(argv[i], "--rules")) {
            if (cli_rules_option(argc, argv, &i, &cfg.rules) != 0)
                return CLI_USAGE;
        } else if (!strcmp(argv[i], "--options")) {
            if (i + 1 >= argc)
                return cli_fail("arena: --options needs rule options, e.g. double=app (see ddz help options)");
            cfg.options = argv[++i];
        } else if (!strcmp(argv[i], "--bidding")) {
            cfg.bidding = true;
        } else if (!strcmp(argv[i], "--games")) {
            if (i + 1 >= argc || !argv[i + 1][0])
                return cli_fail("arena: --games needs a file to write the games to");
            games_path = argv[++i];
        } else if (!strcmp(argv[i], "--slow")) {
            if (i + 1 >= argc || !argv[i + 1][0] || (cfg.slow_ms = strtod(argv[++i], &end), *end) ||
                !(cfg.slow_ms > 0))
                return cli_fail("arena: --slow needs a time in ms, e.g. --slow 48 (A's decisions over it are shown)");
            cfg.slow = print_slow;
        } else if (!strcmp(argv[i], "--compare")) {
            if (argc != 4 || i != 1)
                return cli_fail("arena: write ddz arena --compare X.games Y.games (two files of ddz arena --games)");
            return compare(argv[2], argv[3]);
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return cli_fail("arena: unknown option '%s' (see ddz help arena)", argv[i]);
        } else if (!cfg.a) {
            cfg.a = argv[i];
        } else if (!cfg.b) {
            cfg.b = argv[i];
        } else {
            return cli_fail("arena: one agent too many, '%s': give two agents, A and B", argv[i]);
        }
    }
    if (!cfg.b)
        return cli_fail("arena: give two agents, e.g. ddz arena greedy random (agents: %s)", ddz_ai_agent_names());
#ifdef __GLIBC__
    /* Every game makes fresh agents, some with large caches (the rule agent's 1 MiB split
     * memo): keep freed memory in the process instead of giving it back to the kernel and
     * faulting it in again for the next game, which costs more than the games themselves. */
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
#endif
    DdzArenaStats st;
    DdzError err;
    if (games_path && !(cfg.games = calloc((size_t)cfg.deals * 2, sizeof *cfg.games)))
        return cli_fail("arena: --games: out of memory for %ld deals", cfg.deals);
    if (ddz_arena_run(&cfg, &st, &err) != 0) {
        free(cfg.games);
        return cli_fail("arena: %s", err.msg);
    }
    if (games_path) {
        int rc = arena_file_write(games_path, &cfg, &err);
        free(cfg.games);
        if (rc != 0)
            return cli_fail("arena: --games: %s", err.msg);
    }
    printf("arena %s (A) vs %s (B): %ld deals, each played twice with the sides swapped\n", cfg.a, cfg.b, cfg.deals);
    printf("%s, rules %s%s%s, seed %llu, jobs %d\n",
           cfg.bidding ? "bidding, real scores" : "fixed landlord (seat 0, no bidding), game worth 2 x 2^bombs",
           ddz_ruleset_name(cfg.rules), cfg.options ? ", options " : "", cfg.options ? cfg.options : "",
           (unsigned long long)cfg.seed, cfg.jobs);
    print_line("A overall", &st.all);
    print_line("A landlord", &st.landlord);
    print_line("A farmers", &st.farmers);
    printf("bombs per game %.3f", st.all.games ? (double)st.bombs / (double)st.all.games : 0.0);
    if (cfg.bidding)
        printf(", redeals %ld", st.redeals);
    printf("\ntime %.2f s, %.1f games/s\n", st.seconds, st.seconds > 0 ? (double)st.all.games / st.seconds : 0.0);
    const DdzArenaTimes *t = &st.a_times;
    printf("A's %ld decisions, ms (bins 5%% wide): wall median %.3f p99 %.3f max %.3f; cpu median %.3f p99 %.3f max %.3f\n",
           t->n, ddz_arena_times_quantile(t, false, 0.5), ddz_arena_times_quantile(t, false, 0.99), t->wall_max_ms,
           ddz_arena_times_quantile(t, true, 0.5), ddz_arena_times_quantile(t, true, 0.99), t->cpu_max_ms);
    return CLI_OK;
}
