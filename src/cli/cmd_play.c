/* cmd_play.c -- ddz play. Until the game engine and the terminal game land, a short tour of
 * what the rules core does with a real deal: sorted hands with suits, moves by type, hints. */
#define _DEFAULT_SOURCE /* getentropy */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "ddz/movegen.h"
#include "ddz/rng.h"

int cmd_play(int argc, char **argv)
{
    DdzRuleset rules = DDZ_RULES_STANDARD;
    DdzCardStyle style = DDZ_STYLE_UNICODE;
    uint64_t seed = 0;
    int have_seed = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--rules")) {
            if (cli_rules_option(argc, argv, &i, &rules) != 0)
                return CLI_USAGE;
        } else if (!strcmp(argv[i], "--ascii")) {
            style = DDZ_STYLE_ASCII;
        } else if (!strcmp(argv[i], "--seed")) {
            char *end;
            if (i + 1 >= argc || (seed = strtoull(argv[++i], &end, 10), *end))
                return cli_fail("play: --seed needs a number");
            have_seed = 1;
        } else {
            return cli_fail("play: unknown argument '%s' (see ddz help play)", argv[i]);
        }
    }
    if (!have_seed && getentropy(&seed, sizeof seed) != 0)
        return cli_fail("play: the operating system gave no random seed; pass --seed N");
    seed %= 1000000000ull;

    DdzRng rng;
    ddz_rng_seed(&rng, seed);
    int deck[DDZ_CARD_NB];
    for (int i = 0; i < DDZ_CARD_NB; i++)
        deck[i] = i;
    for (int i = DDZ_CARD_NB - 1; i > 0; i--) {
        int j = (int)ddz_rng_below(&rng, (uint32_t)i + 1), t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
    }
    DdzCards hands[4] = {0, 0, 0, 0};
    for (int i = 0; i < DDZ_CARD_NB; i++)
        hands[i < 51 ? i % 3 : 3] |= ddz_cards_of(deck[i]);

    static const char *const names[4] = {"You   ", "East  ", "West  ", "Bottom"};
    printf("ddz %s -- a tour of the rules core (%s rules). The terminal game arrives with the\n"
           "game engine; this shows a real deal and what the engine makes of it.\n\n"
           "Deal, seed %llu (ddz play --seed %llu shows it again):\n",
           DDZ_VERSION, ddz_ruleset_name(rules), (unsigned long long)seed, (unsigned long long)seed);
    char text[512];
    for (int s = 0; s < 4; s++) {
        ddz_cards_format(hands[s], style, text, sizeof text);
        printf("  %s %s\n", names[s], text);
    }

    DdzMove *buf = malloc(sizeof *buf * DDZ_MAX_MOVES);
    if (!buf)
        return cli_fail("play: out of memory");
    DdzRanks mine = ddz_cards_ranks(hands[0] | hands[3]);
    ddz_ranks_format(mine, text, sizeof text);
    int n = ddz_moves_generate(mine, NULL, rules, buf);
    printf("\nAs landlord with the bottom cards you would hold %s: %d moves to lead.\n", text, n);
    int by_type[DDZ_MOVE_TYPE_NB] = {0};
    for (int i = 0; i < n; i++)
        by_type[buf[i].type]++;
    for (int t = 1; t < DDZ_MOVE_TYPE_NB; t++)
        if (by_type[t])
            printf("  %-15s %d\n", ddz_move_type_name((DdzMoveType)t), by_type[t]);

    /* East leads a random move of its own; show the hints against it. */
    DdzRanks east = ddz_cards_ranks(hands[1]);
    int ne = ddz_moves_generate(east, NULL, rules, buf);
    DdzMove lead = buf[ddz_rng_below(&rng, (uint32_t)ne)];
    char lead_text[96], desc[64];
    ddz_move_format(&lead, rules, lead_text, sizeof lead_text);
    ddz_move_describe(&lead, desc, sizeof desc);
    int nh = ddz_moves_hint(mine, &lead, rules, buf);
    printf("\nIf East led %s (%s), the hint button would offer", lead_text, desc);
    if (nh == 0)
        printf(" nothing: you would pass.\n");
    else {
        printf(", in order:\n ");
        for (int i = 0; i < nh && i < 12; i++) {
            ddz_move_format(&buf[i], rules, text, sizeof text);
            printf(" %s", text);
        }
        printf(nh > 12 ? " ... (%d in all)\n" : "\n", nh);
    }
    printf("\nTry: ddz moves %s --hint --after 3   ddz classify 33344456   ddz universe\n",
           "34455667789TJQKA2");
    free(buf);
    return CLI_OK;
}
