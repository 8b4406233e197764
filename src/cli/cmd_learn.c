/* cmd_learn.c -- ddz learn: the student's data from the search's self-play, and its fit
 * (student.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "ddz/ai.h"
#include "ddz/student.h"
#include "ddz/value.h"

/* On a terminal, a line that says how far learn data has come, every 10 games. */
static void data_progress(void *ctx, long games, long decisions)
{
    const DdzStudentDataConfig *cfg = ctx;
    if (games % 10 == 0 || games == cfg->games)
        fprintf(stderr, "\rlearn data: %ld of %ld games, %ld decisions%s", games, cfg->games, decisions,
                games == cfg->games ? "\n" : "");
}

/* --rules P, --games N or --seed S at argv[*i], for `what` ("learn data"): 1 when read
 * (advancing *i), 0 when argv[*i] is none of them, -1 when its value is bad (said). */
static int run_option(const char *what, int argc, char **argv, int *i, DdzRuleset *rules, long *games,
                      uint64_t *seed)
{
    char *end;
    if (!strcmp(argv[*i], "--rules"))
        return cli_rules_option(argc, argv, i, rules) == 0 ? 1 : -1;
    if (!strcmp(argv[*i], "--games")) {
        if (*i + 1 >= argc || (*games = strtol(argv[++*i], &end, 10), *end) || *games < 1) {
            cli_fail("%s: --games needs a positive number", what);
            return -1;
        }
        return 1;
    }
    if (!strcmp(argv[*i], "--seed")) {
        if (*i + 1 >= argc || !argv[*i + 1][0] || (*seed = strtoull(argv[++*i], &end, 10), *end)) {
            cli_fail("%s: --seed needs a number", what);
            return -1;
        }
        return 1;
    }
    return 0;
}

/* The arguments of a self-play run (learn data, learn states): --rules, --games, --seed,
 * --teacher and --out (required). Returns CLI_OK, or the failure already said. */
static int self_play_args(const char *what, int argc, char **argv, DdzRuleset *rules, long *games, uint64_t *seed,
                          const char **teacher, const char **out)
{
    for (int i = 2; i < argc; i++) {
        int got = run_option(what, argc, argv, &i, rules, games, seed);
        if (got < 0)
            return CLI_USAGE;
        if (got > 0)
            continue;
        if (!strcmp(argv[i], "--teacher") && i + 1 < argc)
            *teacher = argv[++i];
        else if (!strcmp(argv[i], "--out") && i + 1 < argc)
            *out = argv[++i];
        else
            return cli_fail("%s: unknown argument '%s' (see ddz help learn)", what, argv[i]);
    }
    if (!*out)
        return cli_fail("%s: say where to write with --out FILE", what);
    return CLI_OK;
}

static int learn_data(int argc, char **argv)
{
    DdzStudentDataConfig cfg = {"search:0/200", DDZ_RULES_DOUZERO, 100, 1, NULL, NULL};
    const char *out = NULL;
    int rc = self_play_args("learn data", argc, argv, &cfg.rules, &cfg.games, &cfg.seed, &cfg.teacher, &out);
    if (rc != CLI_OK)
        return rc;
    if (strncmp(cfg.teacher, "search", 6) != 0)
        return cli_fail("learn data: the teacher must be a search agent (search:...), not '%s'", cfg.teacher);
    FILE *f = fopen(out, "wb");
    if (!f)
        return cli_fail("learn data: cannot write %s", out);
    if (isatty(STDERR_FILENO)) {
        cfg.progress = data_progress;
        cfg.progress_ctx = &cfg;
    }
    DdzError err;
    long n = ddz_student_data(&cfg, f, &err);
    if (fclose(f) != 0 && n >= 0)
        return cli_fail("learn data: cannot write %s", out);
    if (n < 0)
        return cli_fail("learn data: %s", err.msg);
    printf("%ld decisions of %s in %ld games (rules %s, seed %llu) written to %s\n", n, cfg.teacher, cfg.games,
           ddz_ruleset_name(cfg.rules), (unsigned long long)cfg.seed, out);
    return CLI_OK;
}

static int learn_fit(int argc, char **argv)
{
    DdzStudentFitConfig cfg = ddz_student_fit_default();
    const char *out = NULL, *note = "";
    const char **paths = calloc((size_t)argc, sizeof *paths);
    int npaths = 0;
    if (!paths)
        return cli_fail("learn fit: out of memory");
    for (int i = 2; i < argc; i++) {
        char *end;
        double *num = !strcmp(argv[i], "--temperature") ? &cfg.temperature
                      : !strcmp(argv[i], "--rate")      ? &cfg.rate
                      : !strcmp(argv[i], "--l2")        ? &cfg.l2
                      : !strcmp(argv[i], "--holdout")   ? &cfg.holdout
                                                        : NULL;
        if (num) {
            if (i + 1 >= argc || (*num = strtod(argv[++i], &end), *end) || *num < 0 || *num > 1e3 ||
                (num == &cfg.temperature && *num <= 0) || (num == &cfg.holdout && *num >= 0.5)) {
                free(paths);
                return cli_fail("learn fit: %s needs a number in range (see ddz help learn)", argv[i - 1]);
            }
        } else if (!strcmp(argv[i], "--epochs")) {
            long e;
            if (i + 1 >= argc || (e = strtol(argv[++i], &end, 10), *end) || e < 1 || e > 10000) {
                free(paths);
                return cli_fail("learn fit: --epochs needs a number from 1 to 10000");
            }
            cfg.epochs = (int)e;
        } else if (!strcmp(argv[i], "--out") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(argv[i], "--note") && i + 1 < argc) {
            note = argv[++i];
        } else if (argv[i][0] == '-') {
            free(paths);
            return cli_fail("learn fit: unknown argument '%s' (see ddz help learn)", argv[i]);
        } else {
            paths[npaths++] = argv[i];
        }
    }
    if (npaths == 0 || !out) {
        free(paths);
        return cli_fail("learn fit: give the data files and --out FILE.c");
    }
    float *w = malloc(DDZ_STUDENT_FEATURES * sizeof *w);
    DdzStudentFitReport rep;
    DdzError err;
    if (!w || ddz_student_fit(paths, npaths, &cfg, w, &rep, &err) != 0) {
        free(paths);
        free(w);
        return cli_fail("learn fit: %s", w ? err.msg : "out of memory");
    }
    free(paths);
    char comment[1024];
    snprintf(comment, sizeof comment,
             "%s\n%ld decisions learned, %ld held out: the top score is the teacher's move in %.4f of\n"
             "those (the rule agent's choice: %.4f); the teacher's value lost a decision %.4f (rule %.4f).\n"
             "Fit: %d epochs, temperature %g, rate %g, l2 %g.",
             note, rep.train, rep.test, rep.test_agree, rep.test_rule_agree, rep.test_regret, rep.rule_regret,
             cfg.epochs, cfg.temperature, cfg.rate, cfg.l2);
    FILE *f = fopen(out, "w");
    if (!f || ddz_student_write_c(f, w, comment) != 0) {
        if (f)
            fclose(f);
        free(w);
        return cli_fail("learn fit: cannot write %s", out);
    }
    free(w);
    if (fclose(f) != 0)
        return cli_fail("learn fit: cannot write %s", out);
    printf("%ld decisions learned, %ld held out\n", rep.train, rep.test);
    printf("held out: teacher's move on top %.4f (rule agent %.4f), loss %.4f, value lost %.4f (rule %.4f)\n",
           rep.test_agree, rep.test_rule_agree, rep.test_loss, rep.test_regret, rep.rule_regret);
    printf("weights written to %s\n", out);
    return CLI_OK;
}

static int learn_agree(int argc, char **argv)
{
    const char *names[2] = {NULL, NULL};
    DdzRuleset rules = DDZ_RULES_DOUZERO;
    long games = 20;
    uint64_t seed = 1;
    int nnames = 0;
    for (int i = 2; i < argc; i++) {
        int got = run_option("learn agree", argc, argv, &i, &rules, &games, &seed);
        if (got < 0)
            return CLI_USAGE;
        if (got > 0)
            continue;
        if (argv[i][0] != '-' && nnames < 2) {
            names[nnames++] = argv[i];
        } else {
            return cli_fail("learn agree: unknown argument '%s' (see ddz help learn)", argv[i]);
        }
    }
    if (nnames != 2)
        return cli_fail("learn agree: name two agents");
    DdzAgreement ag;
    DdzError err;
    if (ddz_learn_agreement(names[0], names[1], rules, games, seed, &ag, &err) != 0)
        return cli_fail("learn agree: %s", err.msg);
    double n = ag.decisions > 0 ? (double)ag.decisions : 1;
    printf("%ld decisions with a choice in %ld games of %s (rules %s, seed %llu)\n", ag.decisions, games, names[0],
           ddz_ruleset_name(rules), (unsigned long long)seed);
    printf("same move %.4f; %s plays the rule agent's move %.4f, %s %.4f\n", ag.same / n, names[0], ag.a_rule / n,
           names[1], ag.b_rule / n);
    printf("both depart from the rule agent in %ld, to the same move in %.4f of those\n", ag.both_depart,
           ag.both_depart > 0 ? (double)ag.same_departure / (double)ag.both_depart : 0.0);
    static const char *const LEAD[3] = {"leading", "following the partner", "following an opponent"};
    static const char *const ROLE[3] = {"the landlord", "the farmer before the landlord", "the farmer after it"};
    printf("%s departs from the rule agent's move, by situation:\n", names[0]);
    for (int l = 0; l < 3; l++)
        for (int r = 0; r < 3; r++)
            if (ag.by_situation[l][r] > 0)
                printf("  %-22s %-31s %6ld decisions, departs %.4f\n", LEAD[l], ROLE[r], ag.by_situation[l][r],
                       (double)ag.a_departs[l][r] / (double)ag.by_situation[l][r]);
    return CLI_OK;
}

static void states_progress(void *ctx, long games, long positions)
{
    const DdzValueDataConfig *cfg = ctx;
    if (games % 10 == 0 || games == cfg->games)
        fprintf(stderr, "\rlearn states: %ld of %ld games, %ld positions%s", games, cfg->games, positions,
                games == cfg->games ? "\n" : "");
}

/* ddz learn states: every position of a teacher's self-play with the game's result, for the
 * value (value.h; scripts/learn-value.py fits it). */
static int learn_states(int argc, char **argv)
{
    DdzValueDataConfig cfg = {"search:0/20", DDZ_RULES_DOUZERO, 100, 1, NULL, NULL};
    const char *out = NULL;
    int rc = self_play_args("learn states", argc, argv, &cfg.rules, &cfg.games, &cfg.seed, &cfg.teacher, &out);
    if (rc != CLI_OK)
        return rc;
    DdzAgent probe;
    DdzError err;
    if (ddz_ai_agent_new(&probe, cfg.teacher, 1, &err) != 0)
        return cli_fail("learn states: --teacher: %s", err.msg);
    ddz_agent_free(&probe);
    FILE *f = fopen(out, "wb");
    if (!f)
        return cli_fail("learn states: cannot write %s", out);
    if (isatty(STDERR_FILENO)) {
        cfg.progress = states_progress;
        cfg.progress_ctx = &cfg;
    }
    long n = ddz_value_data(&cfg, f, &err);
    if (fclose(f) != 0 && n >= 0)
        return cli_fail("learn states: cannot write %s", out);
    if (n < 0)
        return cli_fail("learn states: %s", err.msg);
    printf("%ld positions of %s in %ld games (rules %s, seed %llu) written to %s\n", n, cfg.teacher, cfg.games,
           ddz_ruleset_name(cfg.rules), (unsigned long long)cfg.seed, out);
    return CLI_OK;
}

int cmd_learn(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "states"))
        return learn_states(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "agree"))
        return learn_agree(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "data"))
        return learn_data(argc, argv);
    if (argc >= 2 && !strcmp(argv[1], "fit"))
        return learn_fit(argc, argv);
    return cli_fail("learn: say 'data', 'fit', 'agree' or 'states' (see ddz help learn)");
}
