/* cmd_game.c -- ddz deal and ddz sim: dealing and self-play on the game engine. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ddz/ai.h"
#include "ddz/game.h"
#include "ddz/record.h"

/* Reads a --seed value. */
static int seed_option(int argc, char **argv, int *i, uint64_t *seed)
{
    char *end;
    if (*i + 1 >= argc || !argv[*i + 1][0]) {
        cli_fail("--seed needs a number");
        return -1;
    }
    *seed = strtoull(argv[++*i], &end, 10);
    if (*end) {
        cli_fail("--seed '%s' is not a number", argv[*i]);
        return -1;
    }
    return 0;
}

/* Reads --rules P or -o NAME=VALUE into opt; returns 1 if argv[*i] was one of them, 0 if
 * not, -1 on error (already reported). */
static int options_option(int argc, char **argv, int *i, DdzOptions *opt)
{
    DdzError err;
    if (!strcmp(argv[*i], "--rules")) {
        DdzRuleset r;
        if (cli_rules_option(argc, argv, i, &r) != 0)
            return -1;
        opt->rules = r;
        return 1;
    }
    if (!strcmp(argv[*i], "-o") || !strcmp(argv[*i], "--option")) {
        if (*i + 1 >= argc) {
            cli_fail("%s needs NAME=VALUE, e.g. -o double=farmer", argv[*i]);
            return -1;
        }
        if (ddz_options_set(opt, argv[++*i], &err) != 0) {
            cli_fail("%s", err.msg);
            return -1;
        }
        return 1;
    }
    return 0;
}

int cmd_deal(int argc, char **argv)
{
    uint64_t seed = 1;
    DdzCardStyle style = DDZ_STYLE_UNICODE;
    const char *lang = "zh";
    DdzOptions opt = ddz_options_default();
    for (int i = 1; i < argc; i++) {
        int k = options_option(argc, argv, &i, &opt);
        if (k < 0)
            return CLI_USAGE;
        if (k > 0)
            continue;
        if (!strcmp(argv[i], "--seed")) {
            if (seed_option(argc, argv, &i, &seed) != 0)
                return CLI_USAGE;
        } else if (!strcmp(argv[i], "--ascii")) {
            style = DDZ_STYLE_ASCII;
        } else if (!strcmp(argv[i], "--lang")) {
            if (i + 1 >= argc || (strcmp(argv[i + 1], "zh") && strcmp(argv[i + 1], "en")))
                return cli_fail("deal: --lang takes zh or en");
            lang = argv[++i];
        } else {
            return cli_fail("deal: unknown argument '%s' (see ddz help deal)", argv[i]);
        }
    }
    bool en = !strcmp(lang, "en");
    DdzRng rng;
    ddz_rng_seed(&rng, seed);
    DdzGame *g = malloc(sizeof *g);
    if (!g)
        return cli_fail("deal: out of memory");
    ddz_game_new(g, &opt, &rng, 0);
    /* Check the deal the way a referee would: every card once, 17/17/17/3. */
    DdzCards all = g->bottom;
    int bad = ddz_cards_size(g->bottom) != 3;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        bad |= ddz_cards_size(g->hand[s]) != 17 || (all & g->hand[s]) != 0;
        all |= g->hand[s];
    }
    bad |= all != DDZ_DECK;
    static const char *const zh_names[4] = {"玩家 0", "玩家 1", "玩家 2", "底牌  "};
    static const char *const en_names[4] = {"seat 0", "seat 1", "seat 2", "bottom"};
    char text[512];
    printf(en ? "deal, seed %llu\n" : "发牌，种子 %llu\n", (unsigned long long)seed);
    for (int s = 0; s < 4; s++) {
        DdzCards c = s < 3 ? g->hand[s] : g->bottom;
        ddz_cards_format(c, style, text, sizeof text);
        printf("%s  %s\n", en ? en_names[s] : zh_names[s], text);
    }
    if (g->revealed >= 0) {
        ddz_card_format(g->revealed, style, text, sizeof text);
        printf(en ? "revealed card %s: seat %d bids first\n" : "明牌 %s：玩家 %d 先叫\n", text, g->first);
    } else if (opt.first_bidder == DDZ_FIRST_HEART3) {
        printf(en ? "seat %d bids first\n" : "玩家 %d 先叫\n", g->first);
    }
    printf(bad ? (en ? "check: FAILED\n" : "检查：失败\n")
               : (en ? "check: 54 cards, each exactly once\n" : "检查：54 张牌，不重不漏\n"));
    free(g);
    return bad ? CLI_NO : CLI_OK;
}

typedef struct SimStats {
    long games, redeals, landlord_wins, springs, anti_springs, moves, bombs;
    long long landlord_score, score[DDZ_SEAT_NB];
} SimStats;

/* Plays one deal with the agents to the end; returns 0, or -1 with err on an agent error. */
static int play_deal(DdzGame *g, DdzAgent agents[3], DdzError *err)
{
    while (g->phase != DDZ_PHASE_OVER && g->phase != DDZ_PHASE_REDEAL)
        if (ddz_agent_step(&agents[g->turn], g, err) != 0)
            return -1;
    return 0;
}

static void tally(SimStats *st, const DdzGame *g)
{
    DdzResult r;
    if (ddz_game_result(g, &r) != 0) {
        st->redeals++;
        return;
    }
    st->games++;
    st->landlord_wins += r.landlord_won;
    st->springs += r.spring;
    st->anti_springs += r.anti_spring;
    st->bombs += r.bombs;
    st->landlord_score += r.score[r.landlord];
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        st->score[s] += r.score[s];
    for (int i = 0; i < g->nhist; i++)
        st->moves += g->hist[i].kind == DDZ_ACT_PLAY && g->hist[i].move.type != DDZ_PASS;
}

int cmd_sim(int argc, char **argv)
{
    long games = 1000;
    uint64_t seed = 1;
    const char *agent_list = "random,random,random", *record = NULL;
    DdzOptions opt = ddz_options_default();
    for (int i = 1; i < argc; i++) {
        int k = options_option(argc, argv, &i, &opt);
        if (k < 0)
            return CLI_USAGE;
        if (k > 0)
            continue;
        if (!strcmp(argv[i], "--games")) {
            char *end;
            if (i + 1 >= argc || (games = strtol(argv[++i], &end, 10), *end) || games < 1)
                return cli_fail("sim: --games needs a positive number");
        } else if (!strcmp(argv[i], "--seed")) {
            if (seed_option(argc, argv, &i, &seed) != 0)
                return CLI_USAGE;
        } else if (!strcmp(argv[i], "--agents")) {
            if (i + 1 >= argc)
                return cli_fail("sim: --agents needs three names, e.g. --agents random,greedy,random");
            agent_list = argv[++i];
        } else if (!strcmp(argv[i], "--record")) {
            if (i + 1 >= argc)
                return cli_fail("sim: --record needs a file name");
            record = argv[++i];
        } else {
            return cli_fail("sim: unknown argument '%s' (see ddz help sim)", argv[i]);
        }
    }
    char names[3][24];
    {
        const char *p = agent_list;
        for (int s = 0; s < 3; s++) {
            const char *c = strchr(p, ',');
            size_t n = c ? (size_t)(c - p) : strlen(p);
            if (n == 0 || n >= sizeof names[s] || (s < 2 && !c) || (s == 2 && c))
                return cli_fail("sim: --agents takes three comma-separated names, e.g. random,greedy,random");
            memcpy(names[s], p, n);
            names[s][n] = '\0';
            p = c ? c + 1 : p;
        }
    }
    DdzAgent agents[3];
    DdzError err;
    for (int s = 0; s < 3; s++)
        if (ddz_ai_agent_new(&agents[s], names[s], seed * 3 + (uint64_t)s + 0x5EED, &err) != 0) {
            for (int k = 0; k < s; k++)
                ddz_agent_free(&agents[k]);
            return cli_fail("sim: %s", err.msg);
        }
    FILE *rec = NULL;
    if (record && !(rec = strcmp(record, "-") ? fopen(record, "w") : stdout)) {
        for (int s = 0; s < 3; s++)
            ddz_agent_free(&agents[s]);
        return cli_fail("sim: cannot write %s", record);
    }
    DdzGame *g = malloc(sizeof *g);
    SimStats st;
    memset(&st, 0, sizeof st);
    int rc = CLI_OK;
    long dry = 0;
    /* Deal k (redeals included) is dealt from seed + k, first bidder k mod 3. */
    for (uint64_t k = 0; g && st.games < games; k++) {
        DdzRng rng;
        ddz_rng_seed(&rng, seed + k);
        ddz_game_new(g, &opt, &rng, (int)(k % 3));
        if (play_deal(g, agents, &err) != 0) {
            rc = cli_fail("sim: deal %llu: %s", (unsigned long long)k, err.msg);
            break;
        }
        tally(&st, g);
        if (g->phase == DDZ_PHASE_REDEAL && ++dry > 1000) {
            rc = cli_fail("sim: 1000 deals in a row were passed by everyone, so no game can be scored "
                          "(agents that never bid need -o forced_bid)");
            break;
        }
        if (g->phase != DDZ_PHASE_REDEAL)
            dry = 0;
        if (rec) {
            DdzRecordInfo info;
            memset(&info, 0, sizeof info);
            info.has_seed = true;
            info.seed = seed + k;
            info.game = (long)k + 1;
            for (int s = 0; s < 3; s++)
                snprintf(info.seats[s], sizeof info.seats[s], "%.31s", names[s]);
            if (ddz_record_write(rec, g, &info, &err) != 0) {
                rc = cli_fail("sim: --record: %s", err.msg);
                break;
            }
        }
    }
    if (rec && rec != stdout)
        fclose(rec);
    for (int s = 0; s < 3; s++)
        ddz_agent_free(&agents[s]);
    free(g);
    if (rc != CLI_OK)
        return rc;
    FILE *out = rec == stdout ? stderr : stdout;
    double n = (double)st.games;
    char optext[256];
    ddz_options_format(&opt, optext, sizeof optext);
    fprintf(out, "games %ld (seats %s, %s, %s; %s; seed %llu)\n", st.games, names[0], names[1], names[2], optext,
            (unsigned long long)seed);
    fprintf(out, "landlord win rate %.4f\n", st.landlord_wins / n);
    fprintf(out, "average landlord score %+.3f\n", (double)st.landlord_score / n);
    fprintf(out, "average score by seat %+.3f %+.3f %+.3f\n", (double)st.score[0] / n, (double)st.score[1] / n,
            (double)st.score[2] / n);
    fprintf(out, "moves per game %.2f\n", st.moves / n);
    fprintf(out, "bombs per game %.3f\n", st.bombs / n);
    fprintf(out, "spring rate %.4f, anti-spring rate %.4f\n", st.springs / n, st.anti_springs / n);
    fprintf(out, "redeals %ld (%.4f per game)\n", st.redeals, st.redeals / n);
    return CLI_OK;
}
