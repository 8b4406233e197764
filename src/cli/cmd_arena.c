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

/* Reads the n games files of paths into a new array *f. Returns 0, or fails (what: the
 * command's option) with nothing left allocated. */
static int load(const char *what, int n, char **paths, ArenaFile **f)
{
    DdzError err;
    *f = calloc((size_t)n, sizeof **f);
    int rc = *f ? CLI_OK : cli_fail("arena %s: out of memory", what);
    for (int i = 0; i < n && rc == CLI_OK; i++)
        if (arena_file_read(paths[i], &(*f)[i], &err) != 0) {
            while (i-- > 0)
                arena_file_free(&(*f)[i]);
            rc = cli_fail("arena %s: %s", what, err.msg);
        }
    if (rc != CLI_OK)
        free(*f);
    return rc;
}

/* Frees what load made. */
static void unload(int n, ArenaFile *f)
{
    for (int i = 0; i < n; i++)
        arena_file_free(&f[i]);
    free(f);
}

/* The deals a file holds, or a pair of files holds in common, as the seeds that deal them:
 * deal k of a file of seed S is dealt from seed S + k, so [lo, hi) names the same deals in
 * any file. */
typedef struct Deals {
    unsigned long long lo, hi;
} Deals;

static Deals deals_of(const ArenaFile *f)
{
    return (Deals){f->seed, f->seed + (unsigned long long)f->deals};
}

/* The deals both a and b name (none: hi == lo). */
static Deals deals_meet(Deals a, Deals b)
{
    Deals c = {a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
    if (c.hi < c.lo)
        c.hi = c.lo;
    return c;
}

/* Prints "rules R" and ", options O" when the match had any. */
static void print_rules(const ArenaFile *f)
{
    printf("rules %s", f->rules);
    if (strcmp(f->options, "-"))
        printf(", options %s", f->options);
}

/* What differs between two matches that must have been played the same way, or NULL: the
 * opponent, the rules, the options and the protocol. */
static const char *differs(const ArenaFile *x, const ArenaFile *y)
{
    return strcmp(x->b, y->b)                 ? "opponent (B)"
           : strcmp(x->rules, y->rules)       ? "rules"
           : strcmp(x->options, y->options)   ? "rule options"
           : x->bidding != y->bidding         ? "bidding"
                                              : NULL;
}

/* Fails unless the files f[0], f[step], f[2 step], ... (n in all) are of agent f[0].a and
 * were played as f[0] was (differs), and the deals each counts (d[0], d[1], ...: the whole
 * file's, or its pair's in common) are never counted twice. */
static int check_side(const char *what, int n, int step, ArenaFile *f, char **paths, const Deals *d)
{
    for (int i = step; i < n; i += step) {
        const char *why = strcmp(f[i].a, f[0].a) ? "agent (A)" : differs(&f[0], &f[i]);
        if (why)
            return cli_fail("arena %s: %s and %s were not played the same way: their %s differ", what, paths[0],
                            paths[i], why);
        for (int j = 0; j < i; j += step) {
            Deals both = deals_meet(d[j / step], d[i / step]);
            if (both.hi > both.lo)
                return cli_fail("arena %s: %s and %s hold the same deals (seeds %llu and %llu, %ld and %ld deals): a "
                                "deal would count twice",
                                what, paths[j], paths[i], f[j].seed, f[i].seed, f[j].deals, f[i].deals);
        }
    }
    return CLI_OK;
}

/* Prints the deals each group counts: "seeds S (N deals), ..." by the seed of its first. */
static void print_seeds(int n, const Deals *d)
{
    printf("seed%s", n > 1 ? "s" : "");
    for (int i = 0; i < n; i++)
        printf("%s %llu (%llu deals)", i ? "," : "", d[i].lo, d[i].hi - d[i].lo);
}

/* ddz arena --compare X Y [X2 Y2 ...]: games files of agents X and Y against the same B, in
 * pairs, compared deal by deal on the deals each pair holds in common, over all the pairs. */
static int compare(int n, char **paths)
{
    ArenaFile *f;
    int rc = load("--compare", n, paths, &f);
    if (rc != CLI_OK)
        return rc;
    Deals *d = calloc((size_t)n / 2, sizeof *d);
    long deals = 0;
    if (!d)
        rc = cli_fail("arena --compare: out of memory");
    for (int i = 0; i < n && rc == CLI_OK; i += 2) {
        const char *why = differs(&f[i], &f[i + 1]);
        d[i / 2] = deals_meet(deals_of(&f[i]), deals_of(&f[i + 1]));
        if (why)
            rc = cli_fail("arena --compare: %s and %s were not played the same way: their %s differ, so their deals "
                          "cannot be paired",
                          paths[i], paths[i + 1], why);
        else if (d[i / 2].hi == d[i / 2].lo)
            rc = cli_fail("arena --compare: %s and %s hold no deal in common (seeds %llu and %llu, %ld and %ld deals: "
                          "deal k of seed S is dealt from seed S + k), so there is nothing to pair",
                          paths[i], paths[i + 1], f[i].seed, f[i + 1].seed, f[i].deals, f[i + 1].deals);
        deals += (long)(d[i / 2].hi - d[i / 2].lo);
    }
    if (rc == CLI_OK)
        rc = check_side("--compare", n, 2, f, paths, d);
    if (rc == CLI_OK)
        rc = check_side("--compare", n - 1, 2, f + 1, paths + 1, d);
    DdzArenaGame *x = NULL, *y = NULL;
    if (rc == CLI_OK && (!(x = malloc((size_t)deals * 2 * sizeof *x)) || !(y = malloc((size_t)deals * 2 * sizeof *y))))
        rc = cli_fail("arena --compare: out of memory for %ld deals", deals);
    if (rc == CLI_OK) {
        DdzArenaTally tx = {0}, ty = {0};
        long at = 0;
        for (int i = 0; i < n; i += 2) {
            const Deals *c = &d[i / 2];
            size_t used = (size_t)(c->hi - c->lo);
            memcpy(x + at, f[i].games + 2 * (c->lo - f[i].seed), used * 2 * sizeof *x);
            memcpy(y + at, f[i + 1].games + 2 * (c->lo - f[i + 1].seed), used * 2 * sizeof *y);
            at += 2 * (long)used;
        }
        for (long i = 0; i < 2 * deals; i++) {
            ddz_arena_tally_add(&tx, x[i].won, x[i].points);
            ddz_arena_tally_add(&ty, y[i].won, y[i].points);
        }
        DdzArenaDiff diff;
        ddz_arena_compare(x, y, deals, &diff);
        printf("compare X = %s (%s", f[0].a, paths[0]);
        for (int i = 2; i < n; i += 2)
            printf(", %s", paths[i]);
        printf(") with Y = %s (%s", f[1].a, paths[1]);
        for (int i = 3; i < n; i += 2)
            printf(", %s", paths[i]);
        printf("), both against %s\n", f[0].b);
        if (n == 2 && f[0].seed == f[1].seed) {
            printf("%ld deals, each played twice with the sides swapped (the first %ld of both files); ", deals, deals);
            print_rules(&f[0]);
            printf(", seed %llu%s\n", f[0].seed, f[0].bidding ? ", bidding" : "");
        } else if (n == 2) {
            printf("%ld deals, each played twice with the sides swapped (those both files hold: seeds %llu to %llu); ",
                   deals, d[0].lo, d[0].hi - 1);
            print_rules(&f[0]);
            printf(", X's seed %llu, Y's %llu%s\n", f[0].seed, f[1].seed, f[0].bidding ? ", bidding" : "");
        } else {
            printf("%ld deals in %d pairs of files, each deal played twice with the sides swapped; ", deals, n / 2);
            print_rules(&f[0]);
            printf("%s, ", f[0].bidding ? ", bidding" : "");
            print_seeds(n / 2, d);
            printf("\n");
        }
        print_line("X", &tx);
        print_line("Y", &ty);
        printf("X - Y, paired by deal: WP %+.4f [%+.4f, %+.4f]  ADP %+.3f [%+.3f, %+.3f]\n", diff.wp, diff.wp_lo,
               diff.wp_hi, diff.adp, diff.adp_lo, diff.adp_hi);
        printf("X - Y %s %+.4f, %s %+.4f; the same outcome in %.1f%% of the games\n",
               f[0].bidding ? "in seat 0" : "as landlord", diff.wp_swap[0],
               f[0].bidding ? "in seats 1 and 2" : "as farmers", diff.wp_swap[1], 100 * diff.agree);
    }
    free(x);
    free(y);
    free(d);
    unload(n, f);
    return rc;
}

/* ddz arena --pool F...: the games files of one match played in parts (A against B on
 * different deals), added up into one. */
static int pool(int n, char **paths)
{
    ArenaFile *f;
    int rc = load("--pool", n, paths, &f);
    if (rc != CLI_OK)
        return rc;
    Deals *d = calloc((size_t)n, sizeof *d);
    if (!d)
        rc = cli_fail("arena --pool: out of memory");
    for (int i = 0; i < n && rc == CLI_OK; i++)
        d[i] = deals_of(&f[i]);
    if (rc == CLI_OK)
        rc = check_side("--pool", n, 1, f, paths, d);
    if (rc == CLI_OK) {
        DdzArenaTally all = {0}, side[2] = {{0}, {0}};
        long deals = 0;
        for (int i = 0; i < n; i++) {
            deals += f[i].deals;
            for (long g = 0; g < 2 * f[i].deals; g++) {
                ddz_arena_tally_add(&all, f[i].games[g].won, f[i].games[g].points);
                ddz_arena_tally_add(&side[g & 1], f[i].games[g].won, f[i].games[g].points);
            }
        }
        printf("pool of %d file%s: %s (A) vs %s (B), %ld deals, each played twice with the sides swapped\n", n,
               n > 1 ? "s" : "", f[0].a, f[0].b, deals);
        printf("%s, ", f[0].bidding ? "bidding, real scores" : "fixed landlord (seat 0, no bidding), game worth 2 x 2^bombs");
        print_rules(&f[0]);
        printf(", ");
        print_seeds(n, d);
        printf("\n");
        print_line("A overall", &all);
        print_line(f[0].bidding ? "A in seat 0" : "A landlord", &side[0]);
        print_line(f[0].bidding ? "A seats 1, 2" : "A farmers", &side[1]);
    }
    free(d);
    unload(n, f);
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
            if (i != 1 || argc < 4 || argc % 2)
                return cli_fail("arena: write ddz arena --compare X.games Y.games [X2.games Y2.games ...] (files of "
                                "ddz arena --games in pairs)");
            return compare(argc - 2, argv + 2);
        } else if (!strcmp(argv[i], "--pool")) {
            if (i != 1 || argc < 3)
                return cli_fail("arena: write ddz arena --pool A.games [A2.games ...] (files of ddz arena --games)");
            return pool(argc - 2, argv + 2);
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
