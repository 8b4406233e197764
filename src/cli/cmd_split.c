/* cmd_split.c -- ddz split and ddz calibrate: hand splitting (拆牌) and the self-play
 * calibration of the rule agent's bids. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ddz/game.h"
#include "ddz/bidcal.h"
#include "ddz/rule.h"
#include "ddz/split.h"

int cmd_split(int argc, char **argv)
{
    DdzRuleset rules = DDZ_RULES_STANDARD;
    const char *cards = NULL;
    long cost = 0;
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--rules")) {
            if (cli_rules_option(argc, argv, &i, &rules) != 0)
                return CLI_USAGE;
        } else if (!strcmp(argv[i], "--play-cost")) {
            if (i + 1 >= argc || (cost = strtol(argv[++i], &end, 10), *end) || cost < 0 || cost > 100)
                return cli_fail("split: --play-cost needs a number from 0 to 100");
        } else if (argv[i][0] == '-' && argv[i][1] == '-') {
            return cli_fail("split: unknown option '%s'", argv[i]);
        } else if (!cards) {
            cards = argv[i];
        } else {
            return cli_fail("split: one hand at a time (got '%s' and '%s')", cards, argv[i]);
        }
    }
    if (!cards)
        return cli_fail("split: which hand? e.g. ddz split 33344456789TJQKA2");
    DdzRanks hand;
    DdzError err;
    if (ddz_ranks_parse(cards, &hand, &err) != 0)
        return cli_fail("split: %s", err.msg);
    if (ddz_ranks_size(hand) > DDZ_SPLIT_MAX_CARDS)
        return cli_fail("split: %d cards; a hand has at most %d", ddz_ranks_size(hand), DDZ_SPLIT_MAX_CARDS);
    DdzSplitter *sp = ddz_splitter_new(rules, (int)cost, 0);
    if (!sp)
        return cli_fail("split: out of memory");
    DdzSplit s;
    ddz_split_best(sp, hand, &s);
    ddz_splitter_free(sp);
    for (int i = 0; i < s.plays; i++) {
        char text[96], what[64];
        ddz_move_format(&s.part[i], rules, text, sizeof text);
        ddz_move_describe(&s.part[i], what, sizeof what);
        printf("%-20s %s\n", text, what);
    }
    printf("plays %d\nvalue %d\n", s.plays, s.value);
    return CLI_OK;
}

/* One table of the calibration: bucket, games, wins, win rate. */
static void print_table(const char *title, const long games[DDZ_CAL_NB], const long wins[DDZ_CAL_NB])
{
    printf("%s\n  strength     games    wins   win rate\n", title);
    for (int b = 0; b < DDZ_CAL_NB; b++) {
        if (!games[b])
            continue;
        int lo = DDZ_CAL_MIN + b * DDZ_CAL_WIDTH;
        char range[32];
        if (b == 0)
            snprintf(range, sizeof range, "< %d", lo + DDZ_CAL_WIDTH);
        else if (b == DDZ_CAL_NB - 1)
            snprintf(range, sizeof range, ">= %d", lo);
        else
            snprintf(range, sizeof range, "%d..%d", lo, lo + DDZ_CAL_WIDTH - 1);
        printf("  %-9s %8ld %7ld   %.3f\n", range, games[b], wins[b], (double)wins[b] / (double)games[b]);
    }
}

/* ddz calibrate --agent: the search's bidding estimate against the final players' games. */
static void print_bid_table(const char *title, const DdzBidCalTable *t)
{
    printf("%s\n  estimate     games    wins   win rate   mean estimate   points a game\n", title);
    for (int b = 0; b < DDZ_BIDCAL_NB; b++) {
        if (!t->games[b])
            continue;
        double n = (double)t->games[b];
        printf("  %.2f..%.2f %8ld %7ld   %.3f      %.3f           %+.3f\n", (double)b / DDZ_BIDCAL_NB,
               (double)(b + 1) / DDZ_BIDCAL_NB, t->games[b], t->wins[b], (double)t->wins[b] / n, t->p[b] / n,
               t->points[b] / n);
    }
}

static int calibrate_search(const DdzOptions *opt, long games, uint64_t seed, const char *agent,
                            const char *farmers)
{
    DdzBidCalibration cal;
    DdzError err;
    if (ddz_bid_calibrate(agent, agent, farmers ? farmers : agent, opt, games, seed, &cal, &err) != 0)
        return cli_fail("calibrate: %s", err.msg);
    printf("calibration: %ld deals, landlord %s, farmers %s, fixed landlord (bids 3), nobody doubles, rules=%s, "
           "seed %llu; landlord wins %.4f\n",
           cal.deals, agent, farmers ? farmers : agent, ddz_ruleset_name(opt->rules), (unsigned long long)seed,
           (double)cal.landlord_wins / (double)cal.deals);
    print_bid_table("landlord, by the estimate for its 17 dealt cards (bidding; wins, its score / base):", &cal.lord);
    print_bid_table("farmers, by the estimate their 17 cards would have had as the landlord's (side's wins, "
                    "own score / base):",
                    &cal.farmer);
    print_bid_table("landlord, by its estimate for its 20 cards in the doubling phase (redoubling):",
                    &cal.lord_double);
    print_bid_table("farmers, by their side's win chance as each estimates it in the doubling phase (doubling; "
                    "a doubler's stake is twice these points):",
                    &cal.farmer_double);
    char title[160];
    snprintf(title, sizeof title,
             "landlord, by the estimate for its 17 dealt cards, over a farmer whose estimate was %.2f or more "
             "(a bid over a bid):",
             cal.bid_from / 100.0);
    print_bid_table(title, &cal.lord_over);
    snprintf(title, sizeof title,
             "landlord, by the same, both farmers' estimates under %.2f (the last bid after two passes):",
             cal.bid_from / 100.0);
    print_bid_table(title, &cal.lord_alone);
    return CLI_OK;
}

int cmd_calibrate(int argc, char **argv)
{
    long games = 20000;
    uint64_t seed = 1;
    DdzOptions opt = ddz_options_default();
    const char *agent = NULL, *farmers = NULL;
    for (int i = 1; i < argc; i++) {
        char *end;
        if (!strcmp(argv[i], "--agent") || !strcmp(argv[i], "--farmers")) {
            if (i + 1 >= argc || !argv[i + 1][0])
                return cli_fail("calibrate: %s needs an agent's name", argv[i]);
            *(argv[i][2] == 'a' ? &agent : &farmers) = argv[i + 1];
            i++;
        } else if (!strcmp(argv[i], "--rules")) {
            if (cli_rules_option(argc, argv, &i, &opt.rules) != 0)
                return CLI_USAGE;
        } else if (!strcmp(argv[i], "--games")) {
            if (i + 1 >= argc || (games = strtol(argv[++i], &end, 10), *end) || games < 1)
                return cli_fail("calibrate: --games needs a positive number");
        } else if (!strcmp(argv[i], "--seed")) {
            if (i + 1 >= argc || !argv[i + 1][0] || (seed = strtoull(argv[++i], &end, 10), *end))
                return cli_fail("calibrate: --seed needs a number");
        } else {
            return cli_fail("calibrate: unknown argument '%s' (see ddz help calibrate)", argv[i]);
        }
    }
    if (farmers && !agent)
        return cli_fail("calibrate: --farmers goes with --agent");
    if (agent)
        return calibrate_search(&opt, games, seed, agent, farmers);
    DdzCalibration cal;
    DdzError err;
    if (ddz_rule_calibrate(&opt, games, seed, &cal, &err) != 0)
        return cli_fail("calibrate: %s", err.msg);
    printf("calibration: %ld deals, rule vs rule, fixed landlord, rules=%s, seed %llu; landlord wins %.4f\n",
           cal.deals, ddz_ruleset_name(opt.rules), (unsigned long long)seed,
           (double)cal.landlord_wins / (double)cal.deals);
    print_table("landlord, strength of the 17 cards dealt (bidding):", cal.bid_games, cal.bid_wins);
    print_table("landlord, strength of the 20 cards with the bottom (redoubling):", cal.redouble_games,
                cal.redouble_wins);
    print_table("farmer, strength of the 17 cards dealt (doubling; farmers' side wins):", cal.double_games,
                cal.double_wins);
    return CLI_OK;
}
