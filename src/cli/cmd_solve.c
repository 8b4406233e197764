/* cmd_solve.c -- ddz solve: who wins an open-hand endgame with perfect play, and how. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ddz/movegen.h"
#include "ddz/solve.h"

static const char *const PLAYER_NAMES[DDZ_SOLVE_PLAYER_NB] = {"landlord", "farmer", "farmer2"};

/* A player by name or number: landlord|farmer|farmer2 (farmer1 too), or 0|1|2. */
static int parse_player(const char *text, int players, int *out)
{
    int p = -1;
    if (!strcmp(text, "0") || !strcmp(text, "landlord"))
        p = 0;
    else if (!strcmp(text, "1") || !strcmp(text, "farmer") || !strcmp(text, "farmer1"))
        p = 1;
    else if (!strcmp(text, "2") || !strcmp(text, "farmer2"))
        p = 2;
    if (p < 0 || p >= players)
        return -1;
    *out = p;
    return 0;
}

/* "landlord wins" or "farmer(s) win(s)". */
static const char *winner_text(int landlord_wins, int players)
{
    if (landlord_wins)
        return "landlord wins";
    return players == 3 ? "farmers win" : "farmer wins";
}

static void print_position(const DdzSolvePosition *pos)
{
    char text[64], mv[96];
    for (int p = 0; p < pos->players; p++) {
        ddz_ranks_format(pos->hands[p], text, sizeof text);
        printf("%s%s %s", p ? ", " : "", PLAYER_NAMES[p], text);
    }
    if (pos->last.type == DDZ_PASS) {
        printf("; %s to lead (%s rules)\n", PLAYER_NAMES[pos->to_move], ddz_ruleset_name(pos->rules));
    } else {
        ddz_move_format(&pos->last, pos->rules, mv, sizeof mv);
        printf("; %s to answer %s's %s (%s rules)\n", PLAYER_NAMES[pos->to_move], PLAYER_NAMES[pos->last_by], mv,
               ddz_ruleset_name(pos->rules));
    }
}

/* --moves: every legal move of the player to move, with its value. */
static int list_moves(DdzSolver *s, const DdzSolvePosition *pos, const DdzSolveLimits *lim)
{
    DdzMove *buf = malloc(sizeof *buf * (DDZ_MAX_MOVES + 1));
    if (!buf)
        return cli_fail("solve: out of memory");
    int n = ddz_moves_generate(pos->hands[pos->to_move], &pos->last, pos->rules, buf);
    if (pos->last.type != DDZ_PASS)
        buf[n++] = ddz_move_pass();
    int unknown = 0, mover_team = pos->to_move != DDZ_SOLVE_LANDLORD;
    for (int i = 0; i < n; i++) {
        DdzSolvePosition child = *pos;
        int r = ddz_solve_position_play(&child, &buf[i]);
        const char *value;
        if (r == 1) {
            value = "wins (goes out)";
        } else {
            DdzSolveResult res;
            if (ddz_solve(s, &child, lim, &res) == DDZ_SOLVE_UNKNOWN) {
                value = "unknown";
                unknown = 1;
            } else {
                value = res.landlord_wins == !mover_team ? "wins" : "loses";
            }
        }
        char text[96];
        ddz_move_format(&buf[i], pos->rules, text, sizeof text);
        printf("  %-20s %s\n", text, value);
    }
    free(buf);
    return unknown ? CLI_NO : CLI_OK;
}

int cmd_solve(int argc, char **argv)
{
    DdzSolvePosition pos;
    memset(&pos, 0, sizeof pos);
    pos.last = ddz_move_pass();
    const char *hands[DDZ_SOLVE_PLAYER_NB] = {NULL, NULL, NULL};
    const char *to_move = NULL, *after = NULL, *by = NULL;
    int nhands = 0, all = 0;
    DdzSolveLimits lim = {0, 0};
    double table_mb = 64;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        char *end;
        if (!strcmp(a, "--rules")) {
            if (cli_rules_option(argc, argv, &i, &pos.rules) != 0)
                return CLI_USAGE;
        } else if (!strcmp(a, "--farmer2")) {
            if (!has)
                return cli_fail("solve: --farmer2 needs a hand");
            if (hands[2])
                return cli_fail("solve: the second farmer's hand is given twice");
            hands[2] = argv[++i];
        } else if (!strcmp(a, "--to-move")) {
            if (!has)
                return cli_fail("solve: --to-move needs a player: landlord, farmer, farmer2 (or 0, 1, 2)");
            to_move = argv[++i];
        } else if (!strcmp(a, "--after")) {
            if (!has)
                return cli_fail("solve: --after needs a move, e.g. --after 33344");
            after = argv[++i];
        } else if (!strcmp(a, "--by")) {
            if (!has)
                return cli_fail("solve: --by needs a player: landlord, farmer, farmer2 (or 0, 1, 2)");
            by = argv[++i];
        } else if (!strcmp(a, "--nodes")) {
            if (!has || (lim.max_nodes = strtoull(argv[++i], &end, 10), *end) || lim.max_nodes == 0)
                return cli_fail("solve: --nodes needs a positive whole number");
        } else if (!strcmp(a, "--time")) {
            if (!has || (lim.max_seconds = strtod(argv[++i], &end), *end) || !(lim.max_seconds > 0))
                return cli_fail("solve: --time needs a positive number of seconds");
        } else if (!strcmp(a, "--table")) {
            if (!has || (table_mb = strtod(argv[++i], &end), *end) || !(table_mb >= 1 && table_mb <= 65536))
                return cli_fail("solve: --table needs a size in MiB, 1 to 65536");
        } else if (!strcmp(a, "--moves")) {
            all = 1;
        } else if (a[0] == '-' && a[1] == '-') {
            return cli_fail("solve: unknown option '%s'", a);
        } else if (nhands < 2 || (nhands == 2 && !hands[2])) {
            hands[nhands++] = a;
        } else {
            return cli_fail("solve: at most three hands: LANDLORD FARMER [FARMER2] (got '%s' too)", a);
        }
    }
    if (nhands < 2)
        return cli_fail("solve: give the landlord's and a farmer's hand, e.g. ddz solve 3455KK 345522");
    pos.players = hands[2] ? 3 : 2;
    DdzError err;
    for (int p = 0; p < pos.players; p++)
        if (ddz_ranks_parse(hands[p], &pos.hands[p], &err) != 0)
            return cli_fail("solve: %s's hand: %s", PLAYER_NAMES[p], err.msg);
    if (to_move && parse_player(to_move, pos.players, &pos.to_move) != 0)
        return cli_fail("solve: --to-move: no player '%s' here (landlord, farmer%s)", to_move,
                        pos.players == 3 ? ", farmer2" : "");
    if (by && !after)
        return cli_fail("solve: --by needs --after MOVE");
    if (after) {
        if (ddz_move_parse(after, pos.rules, &pos.last, &err) != 0)
            return cli_fail("solve: --after: %s", err.msg);
        pos.last_by = (pos.to_move + pos.players - 1) % pos.players;
        if (by && parse_player(by, pos.players, &pos.last_by) != 0)
            return cli_fail("solve: --by: no player '%s' here (landlord, farmer%s)", by,
                            pos.players == 3 ? ", farmer2" : "");
    }
    if (ddz_solve_position_check(&pos, &err) != 0)
        return cli_fail("solve: %s", err.msg);

    DdzSolver *s = ddz_solver_new((size_t)(table_mb * 1048576.0));
    if (!s)
        return cli_fail("solve: out of memory for a %.0f MiB table", table_mb);
    print_position(&pos);
    DdzSolveResult res;
    DdzSolveOutcome o = ddz_solve(s, &pos, lim.max_nodes || lim.max_seconds > 0 ? &lim : NULL, &res);
    int rc = CLI_OK;
    if (o == DDZ_SOLVE_UNKNOWN) {
        printf("unknown: the budget ran out after %llu nodes, %.3f s\n", (unsigned long long)res.nodes,
               res.seconds);
        rc = CLI_NO;
    } else {
        char mv[96];
        ddz_move_format(&res.move, pos.rules, mv, sizeof mv);
        if (o == DDZ_SOLVE_WIN)
            printf("%s; winning move: %s\n", winner_text(res.landlord_wins, pos.players), mv);
        else
            printf("%s; the %s loses whatever it plays\n", winner_text(res.landlord_wins, pos.players),
                   PLAYER_NAMES[pos.to_move]);
        printf("nodes %llu, %.2f ms\n", (unsigned long long)res.nodes, res.seconds * 1e3);
        if (all)
            rc = list_moves(s, &pos, lim.max_nodes || lim.max_seconds > 0 ? &lim : NULL);
    }
    ddz_solver_free(s);
    return rc;
}
