/* cmd_rules.c -- ddz classify, ddz moves and ddz universe: the rules core on the command line. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ddz/movegen.h"

int cmd_classify(int argc, char **argv)
{
    DdzRuleset rules = DDZ_RULES_STANDARD;
    const char *cards = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules")) {
            if (cli_rules_option(argc, argv, &i, &rules) != 0)
                return CLI_USAGE;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return cli_fail("classify: unknown option '%s'", argv[i]);
        } else if (!cards) {
            cards = argv[i];
        } else {
            return cli_fail("classify: one card set at a time (got '%s' and '%s')", cards, argv[i]);
        }
    }
    if (!cards)
        return cli_fail("classify: which cards? e.g. ddz classify 33344456");
    DdzRanks ranks;
    DdzError err;
    if (ddz_ranks_parse(cards, &ranks, &err) != 0)
        return cli_fail("classify: %s", err.msg);
    DdzMove rd[DDZ_MAX_READINGS];
    int n = ddz_move_classify(ranks, rules, rd);
    if (n == 0) {
        puts("none");
        return CLI_NO;
    }
    for (int i = 0; i < n; i++) {
        char line[64];
        ddz_move_describe(&rd[i], line, sizeof line);
        puts(line);
    }
    return CLI_OK;
}

typedef struct MovesOpts {
    DdzRuleset rules;
    int count, hint;
} MovesOpts;

/* Whether hand fits the preset's deck; else fills err (hubei48 has no jokers, one 2, three As). */
static bool hand_in_deck(DdzRanks hand, DdzRuleset rules, DdzError *err)
{
    if (ddz_ranks_contains(ddz_ruleset_deck_ranks(rules), hand))
        return true;
    ddz_error_set(err, 0, "more cards of a rank than the %s deck holds%s", ddz_ruleset_name(rules),
                  ddz_ruleset_is_48(rules) ? " (48 cards: no jokers, one 2, three As)" : "");
    return false;
}

/* Answers one (hand, move) question into out, moves separated by sep. */
static void answer(const MovesOpts *o, DdzRanks hand, const DdzMove *after, DdzMove *buf, FILE *out,
                   char sep)
{
    int n = o->hint ? ddz_moves_hint(hand, after, o->rules, buf) : ddz_moves_generate(hand, after, o->rules, buf);
    if (o->count) {
        fprintf(out, "%d\n", n);
        return;
    }
    /* One move per line, or (batch) the moves of one hand on one line. */
    char text[96];
    for (int i = 0; i < n; i++) {
        ddz_move_format(&buf[i], o->rules, text, sizeof text);
        fputs(text, out);
        fputc(i + 1 < n ? sep : '\n', out);
    }
    if (n == 0 && sep != '\n')
        fputc('\n', out);
}

/* Batch mode: one hand (or "HAND MOVE") per line of standard input. */
static int moves_batch(const MovesOpts *o, int with_after, DdzMove *buf)
{
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    int bad = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        char *hand_text = line, *move_text = NULL;
        while (*hand_text == ' ' || *hand_text == '\t')
            hand_text++;
        if (with_after) {
            char *sp = strpbrk(hand_text, " \t");
            if (sp) {
                *sp = '\0';
                move_text = sp + 1;
            }
        }
        DdzRanks hand;
        DdzMove after = ddz_move_pass();
        DdzError err;
        if (ddz_ranks_parse(hand_text, &hand, &err) != 0 || !hand_in_deck(hand, o->rules, &err)) {
            fprintf(stderr, "ddz: line %ld: hand: %s\n", lineno, err.msg);
            fputc('\n', stdout);
            bad = 1;
            continue;
        }
        if (move_text) {
            while (*move_text == ' ' || *move_text == '\t')
                move_text++;
            if (*move_text && ddz_move_parse(move_text, o->rules, &after, &err) != 0) {
                fprintf(stderr, "ddz: line %ld: move: %s\n", lineno, err.msg);
                fputc('\n', stdout);
                bad = 1;
                continue;
            }
        }
        answer(o, hand, &after, buf, stdout, ' ');
    }
    free(line);
    return bad ? CLI_USAGE : CLI_OK;
}

int cmd_moves(int argc, char **argv)
{
    MovesOpts o = {DDZ_RULES_STANDARD, 0, 0};
    const char *hand_text = NULL, *after_text = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules")) {
            if (cli_rules_option(argc, argv, &i, &o.rules) != 0)
                return CLI_USAGE;
        } else if (!strcmp(argv[i], "--after")) {
            if (i + 1 >= argc)
                return cli_fail("moves: --after needs a move, e.g. --after 33344");
            after_text = argv[++i];
        } else if (!strcmp(argv[i], "--count")) {
            o.count = 1;
        } else if (!strcmp(argv[i], "--hint")) {
            o.hint = 1;
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return cli_fail("moves: unknown option '%s'", argv[i]);
        } else if (!hand_text) {
            hand_text = argv[i];
        } else {
            return cli_fail("moves: one hand at a time (got '%s' and '%s')", hand_text, argv[i]);
        }
    }
    if (!hand_text)
        return cli_fail("moves: which hand? e.g. ddz moves 33344456 --after 3");
    DdzMove *buf = malloc(sizeof *buf * DDZ_MAX_MOVES_DECK);
    if (!buf)
        return cli_fail("moves: out of memory");
    int rc;
    if (!strcmp(hand_text, "-")) {
        if (after_text && strcmp(after_text, "-"))
            rc = cli_fail("moves: in batch mode --after takes '-' (the move follows the hand on each line)");
        else
            rc = moves_batch(&o, after_text != NULL, buf);
    } else {
        DdzRanks hand;
        DdzMove after = ddz_move_pass();
        DdzError err;
        if (ddz_ranks_parse(hand_text, &hand, &err) != 0 || !hand_in_deck(hand, o.rules, &err))
            rc = cli_fail("moves: hand: %s", err.msg);
        else if (after_text && !strcmp(after_text, "-"))
            rc = cli_fail("moves: --after - needs HAND '-' (batch mode)");
        else if (after_text && ddz_move_parse(after_text, o.rules, &after, &err) != 0)
            rc = cli_fail("moves: --after: %s", err.msg);
        else {
            answer(&o, hand, &after, buf, stdout, '\n');
            rc = CLI_OK;
        }
    }
    free(buf);
    return rc;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Distinct card sets in v[0..n) after sorting it. */
static int distinct(uint64_t *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_u64);
    int d = 0;
    for (int i = 0; i < n; i++)
        d += i == 0 || v[i] != v[i - 1];
    return d;
}

int cmd_universe(int argc, char **argv)
{
    DdzRuleset rules = DDZ_RULES_STANDARD;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules")) {
            if (cli_rules_option(argc, argv, &i, &rules) != 0)
                return CLI_USAGE;
        } else {
            return cli_fail("universe: unexpected argument '%s'", argv[i]);
        }
    }
    DdzMove *all = malloc(sizeof *all * DDZ_MAX_MOVES_DECK);
    uint64_t *sets = malloc(sizeof *sets * DDZ_MAX_MOVES_DECK);
    if (!all || !sets) {
        free(all);
        free(sets);
        return cli_fail("universe: out of memory");
    }
    /* The preset's whole deck as one hand, plus the short forms of hubei48 (legal as a
     * hand's last cards), which generation lists only for the whole hand. */
    DdzRanks deck = ddz_ruleset_deck_ranks(rules);
    int n = ddz_moves_generate(deck, NULL, rules, all);
    n += ddz_moves_generate_short(deck, rules, all + n);
    for (int t = DDZ_SINGLE; t < DDZ_MOVE_TYPE_NB; t++) {
        int k = 0;
        int by_len[13] = {0};
        for (int i = 0; i < n; i++)
            if (all[i].type == t)
                sets[k++] = all[i].ranks;
        if (k == 0)
            continue;
        int d = distinct(sets, k);
        printf("%s %d", ddz_move_type_name((DdzMoveType)t), d);
        if (t == DDZ_PLANE || t == DDZ_PLANE_SINGLE || t == DDZ_PLANE_PAIR || t == DDZ_PLANE_SHORT ||
            t == DDZ_PLANE_TWO) {
            /* per chain length, distinct sets */
            for (int len = 2; len <= 6; len++) {
                int kk = 0;
                for (int i = 0; i < n; i++)
                    if (all[i].type == t && all[i].len == len)
                        sets[kk++] = all[i].ranks;
                by_len[len] = kk ? distinct(sets, kk) : 0;
            }
            const char *sep = " (";
            for (int len = 2; len <= 6; len++)
                if (by_len[len]) {
                    printf("%sn=%d %d", sep, len, by_len[len]);
                    sep = ", ";
                }
            printf(")");
        }
        printf("\n");
    }
    for (int i = 0; i < n; i++)
        sets[i] = all[i].ranks;
    int total = distinct(sets, n);
    if (total != n)
        printf("readings %d\n", n);
    printf("total %d\n", total);
    free(all);
    free(sets);
    return CLI_OK;
}
