/* test_solve.c -- the endgame solver: published positions, agreement with a brute-force
 * minimax on thousands of small random positions, winning moves that win, budgets. */
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "ddz/solve.h"

/* Brute force ------------------------------------------------------------------------------
 * Plain minimax over every legal move, with its own turn and pass logic, no table and no
 * pruning beyond stopping at the first winning move: the reference the solver must agree with. */

#define BRUTE_LEVELS 64

typedef struct Brute {
    DdzRuleset rules;
    int players;
    uint64_t nodes;
    DdzMove buf[BRUTE_LEVELS][DDZ_MAX_MOVES + 1];
} Brute;

static int brute_team(int p) { return p != 0; }

/* Whether the side of `turn` wins; table is pass when `turn` leads. */
static int brute(Brute *b, const DdzRanks hands[3], int turn, const DdzMove *table, int by, int depth)
{
    assert_true(depth < BRUTE_LEVELS);
    b->nodes++;
    DdzMove *mv = b->buf[depth];
    int lead = table->type == DDZ_PASS;
    int n = ddz_moves_generate(hands[turn], lead ? NULL : table, b->rules, mv);
    if (!lead && (n == 0 || b->rules != DDZ_RULES_HUBEI48)) /* hubei48: pass only when nothing beats */
        mv[n++] = ddz_move_pass();
    int next = (turn + 1) % b->players;
    for (int i = 0; i < n; i++) {
        int v;
        if (mv[i].type == DDZ_PASS) {
            if (next == by) {
                DdzMove pass = ddz_move_pass();
                v = brute(b, hands, next, &pass, next, depth + 1);
            } else {
                v = brute(b, hands, next, table, by, depth + 1);
            }
        } else {
            DdzRanks h[3] = {hands[0], hands[1], hands[2]};
            h[turn] -= mv[i].ranks;
            if (h[turn] == 0)
                return 1;
            v = brute(b, h, next, &mv[i], turn, depth + 1);
        }
        if ((brute_team(next) == brute_team(turn)) == (v == 1))
            return 1;
    }
    return 0;
}

static int brute_solve(Brute *b, const DdzSolvePosition *p)
{
    b->rules = p->rules;
    b->players = p->players;
    return brute(b, p->hands, p->to_move, &p->last, p->last.type == DDZ_PASS ? p->to_move : p->last_by, 0);
}

/* Helpers ----------------------------------------------------------------------------------*/

static DdzSolvePosition two(const char *landlord, const char *farmer)
{
    DdzSolvePosition p;
    memset(&p, 0, sizeof p);
    p.players = 2;
    p.hands[0] = tu_ranks(landlord);
    p.hands[1] = tu_ranks(farmer);
    p.last = ddz_move_pass();
    p.rules = DDZ_RULES_STANDARD;
    return p;
}

static DdzSolvePosition three(const char *landlord, const char *farmer, const char *farmer2)
{
    DdzSolvePosition p = two(landlord, farmer);
    p.players = 3;
    p.hands[2] = tu_ranks(farmer2);
    return p;
}

static DdzMove move_of(const char *text, DdzRuleset rules)
{
    DdzMove m;
    DdzError err;
    if (ddz_move_parse(text, rules, &m, &err) != 0)
        fail_msg("bad test move '%s': %s", text, err.msg);
    return m;
}

/* Whether the side to move wins, by the solver; fails the test on an error or no answer. */
static int solver_wins(DdzSolver *s, const DdzSolvePosition *p)
{
    DdzSolveResult r;
    DdzSolveOutcome o = ddz_solve(s, p, NULL, &r);
    if (o != DDZ_SOLVE_WIN && o != DDZ_SOLVE_LOSS)
        fail_msg("solve returned %d: %s", (int)o, r.error.msg);
    return o == DDZ_SOLVE_WIN;
}

/* Checks that res's move is legal and keeps the win: after it the mover has gone out, or the
 * new mover's side wins exactly when it is the old mover's side. */
static void check_winning_move(DdzSolver *s, const DdzSolvePosition *p, const DdzSolveResult *res)
{
    DdzSolvePosition c = *p;
    int r = ddz_solve_position_play(&c, &res->move);
    assert_true(r >= 0);
    if (r == 1)
        return;
    int same = (c.to_move != 0) == (p->to_move != 0);
    assert_int_equal(solver_wins(s, &c), same);
}

/* A random position: disjoint random hands of the given sizes; with probability 1/2 a table
 * move, a random legal move of cards from the rest of the deck, by a random other player. */
static DdzSolvePosition random_position(DdzRng *rng, int players, const int sizes[3], DdzRuleset rules,
                                        DdzMove *buf)
{
    DdzSolvePosition p;
    memset(&p, 0, sizeof p);
    p.players = players;
    p.rules = rules;
    p.last = ddz_move_pass();
    int total = 0;
    for (int i = 0; i < players; i++)
        total += sizes[i];
    DdzCards all = tu_random_cards(rng, total + 8), used = 0;
    if (rules == DDZ_RULES_HUBEI48) {
        /* total + 8 cards of the 48-card deck */
        DdzCards deck = DDZ_DECK48;
        all = 0;
        for (int k = 0; k < total + 8; k++) {
            DdzCards d = deck;
            for (int skip = (int)ddz_rng_below(rng, (uint32_t)ddz_cards_size(deck)); skip; skip--)
                d &= d - 1;
            all |= d & -d;
            deck &= ~(d & -d);
        }
    }
    for (int i = 0; i < players; i++)
        for (int k = 0; k < sizes[i]; k++) {
            DdzCards rest = all & ~used;
            int skip = (int)ddz_rng_below(rng, (uint32_t)ddz_cards_size(rest));
            while (skip--)
                rest &= rest - 1;
            DdzCards c = rest & -rest;
            used |= c;
            p.hands[i] |= c;
        }
    for (int i = 0; i < players; i++)
        p.hands[i] = ddz_cards_ranks(p.hands[i]);
    p.to_move = (int)ddz_rng_below(rng, (uint32_t)players);
    if (ddz_rng_below(rng, 2)) {
        int n = ddz_moves_generate(ddz_cards_ranks(all & ~used), NULL, rules, buf);
        if (n > 0) {
            p.last = buf[ddz_rng_below(rng, (uint32_t)n)];
            p.last_by = (p.to_move + 1 + (int)ddz_rng_below(rng, (uint32_t)(players - 1))) % players;
        }
    }
    return p;
}

/* Published positions ----------------------------------------------------------------------*/

typedef struct Known {
    const char *first, *second;
    int first_wins;
} Known;

/* The first hand leads. The first four are issue 4's; the others are the comparison table
 * of a public solver's README (WZ403809264/doudizhu_solver, ten written 0, jokers Y/Z there). */
static const Known KNOWN[] = {
    {"3455KK", "345522", 1},
    {"45577TTKK2", "8AA", 0},
    {"99TTQKKAABR", "TTJJ2222", 1},
    {"448999TJJQQAR", "336688TAA22B", 1},
    {"33345AR", "KQ222B", 1},
    {"3366789TJQKKR", "789TJQKAA", 1},
    {"45569TKA2", "4588TJKB", 1},
    {"355899KA2B", "359TJJQQR", 1},
};

static void solve_published_positions(void **state)
{
    (void)state;
    DdzSolver *s = ddz_solver_new((size_t)16 << 20);
    assert_non_null(s);
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++) {
        // The first hand as the landlord, then as the farmer moving first: the same game.
        for (int role = 0; role < 2; role++) {
            DdzSolvePosition p = role ? two(KNOWN[i].second, KNOWN[i].first) : two(KNOWN[i].first, KNOWN[i].second);
            p.to_move = role;
            DdzSolveResult r;
            ddz_solver_clear(s);
            DdzSolveOutcome o = ddz_solve(s, &p, NULL, &r);
            assert_int_equal(o, KNOWN[i].first_wins ? DDZ_SOLVE_WIN : DDZ_SOLVE_LOSS);
            assert_int_equal(r.landlord_wins, KNOWN[i].first_wins == (role == 0));
            assert_true(r.nodes > 0);
            if (o == DDZ_SOLVE_WIN)
                check_winning_move(s, &p, &r);
        }
    }
    ddz_solver_free(s);
}

/* In a lost position every move loses; in a won one the named move is one that wins. */
static void solve_losing_position_has_no_winning_move(void **state)
{
    (void)state;
    DdzSolver *s = ddz_solver_new(0);
    DdzSolvePosition p = two("45577TTKK2", "8AA");
    DdzMove mv[DDZ_MAX_MOVES];
    int n = ddz_moves_generate(p.hands[0], NULL, p.rules, mv);
    assert_true(n > 5);
    for (int i = 0; i < n; i++) {
        DdzSolvePosition c = p;
        assert_int_equal(ddz_solve_position_play(&c, &mv[i]), 0);
        assert_true(solver_wins(s, &c)); /* the farmer, to move, wins */
    }
    ddz_solver_free(s);
}

/* Agreement with brute force ---------------------------------------------------------------*/

static void agree_with_brute(int players, int max_size, int count, uint64_t seed, size_t table_bytes)
{
    DdzSolver *s = ddz_solver_new(table_bytes);
    Brute *b = malloc(sizeof *b);
    DdzMove *buf = malloc(sizeof *buf * DDZ_MAX_MOVES_DECK);
    assert_non_null(s);
    assert_non_null(b);
    assert_non_null(buf);
    DdzRng rng;
    ddz_rng_seed(&rng, seed);
    int wins = 0, tables = 0;
    for (int i = 0; i < count; i++) {
        int sizes[3];
        for (int k = 0; k < 3; k++)
            sizes[k] = 1 + (int)ddz_rng_below(&rng, (uint32_t)max_size);
        DdzSolvePosition p = random_position(&rng, players, sizes, (DdzRuleset)(i % DDZ_RULES_NB), buf);
        DdzSolveResult r;
        DdzSolveOutcome o = ddz_solve(s, &p, NULL, &r);
        int expect = brute_solve(b, &p);
        if (o != (expect ? DDZ_SOLVE_WIN : DDZ_SOLVE_LOSS)) {
            char h[3][64], t[96];
            for (int k = 0; k < 3; k++)
                ddz_ranks_format(p.hands[k], h[k], sizeof h[k]);
            ddz_move_format(&p.last, p.rules, t, sizeof t);
            fail_msg("position %d (%s): hands %s / %s / %s, to move %d, table %s by %d: solver %d, brute %d", i,
                     ddz_ruleset_name(p.rules), h[0], h[1], h[2], p.to_move, t, p.last_by, (int)o, expect);
        }
        assert_int_equal(r.landlord_wins, expect == (p.to_move == 0));
        if (o == DDZ_SOLVE_WIN) {
            // The named move wins by brute force too.
            DdzSolvePosition c = p;
            int e = ddz_solve_position_play(&c, &r.move);
            assert_true(e >= 0);
            if (e == 0) {
                int same = (c.to_move != 0) == (p.to_move != 0);
                assert_int_equal(brute_solve(b, &c), same);
            }
        }
        wins += expect;
        tables += p.last.type != DDZ_PASS;
    }
    // Both answers and both kinds of position occur.
    assert_true(wins > count / 10 && wins < count - count / 10);
    assert_true(tables > count / 4);
    free(buf);
    free(b);
    ddz_solver_free(s);
}

static void solve_agrees_with_brute_force_two_players(void **state)
{
    (void)state;
    agree_with_brute(2, 8, 4000, 11, (size_t)1 << 20);
}

static void solve_agrees_with_brute_force_three_players(void **state)
{
    (void)state;
    agree_with_brute(3, 6, 4000, 12, (size_t)1 << 20);
}

/* A tiny table is overwritten all the time, and every answer must stay exact. */
static void solve_agrees_with_brute_force_tiny_table(void **state)
{
    (void)state;
    agree_with_brute(2, 8, 1000, 13, 0x10000);
    agree_with_brute(3, 6, 1000, 14, 0x10000);
}

/* Three players and table moves --------------------------------------------------------------*/

static void solve_three_players_farmers_win_together(void **state)
{
    (void)state;
    DdzSolver *s = ddz_solver_new((size_t)1 << 20);
    DdzSolveResult r;
    // Whatever single the landlord leads, the next farmer beats it and goes out.
    DdzSolvePosition p = three("34", "5", "6");
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_LOSS);
    assert_false(r.landlord_wins);
    // The landlord led 33 and holds KK. The farmer after him could beat it with QQ, but the
    // landlord would answer KK and go out; he passes, and his partner goes out with TT.
    p = three("KK", "QQ3", "TT");
    p.to_move = 1;
    p.last = move_of("33", p.rules);
    p.last_by = 0;
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_WIN);
    assert_int_equal(r.move.type, DDZ_PASS);
    assert_false(r.landlord_wins);
    check_winning_move(s, &p, &r);
    // After two passes the player of the last move leads again.
    p = three("3", "4", "5");
    p.to_move = 1;
    p.last = move_of("K", p.rules);
    p.last_by = 0;
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_LOSS); /* both pass, the landlord leads 3 */
    assert_true(r.landlord_wins);
    ddz_solver_free(s);
}

static void solve_with_a_move_on_the_table(void **state)
{
    (void)state;
    DdzSolver *s = ddz_solver_new((size_t)1 << 20);
    DdzSolveResult r;
    // The farmer must beat 22 with the rocket and lead the 3 to win; passing loses.
    DdzSolvePosition p = two("22K", "3BR");
    p.to_move = 1;
    p.last = move_of("22", p.rules);
    p.last_by = 0;
    p.hands[0] = tu_ranks("K");
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_WIN);
    assert_int_equal(r.move.type, DDZ_ROCKET);
    assert_false(r.landlord_wins);
    check_winning_move(s, &p, &r);
    // Facing the big joker the farmer can only pass, and the landlord goes out.
    p.last = move_of("R", p.rules);
    p.hands[1] = tu_ranks("3B");
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_LOSS);
    assert_int_equal(r.move.type, DDZ_PASS);
    ddz_solver_free(s);
}

/* A rocket on the table and a move only bombs beat must not share a table entry: facing the
 * rocket the landlord can only pass, facing the 2 he bombs and wins. */
static void solve_rocket_table_is_not_bombs_only(void **state)
{
    (void)state;
    DdzSolver *s = ddz_solver_new((size_t)1 << 20);
    DdzSolveResult r;
    DdzSolvePosition p = two("33336", "5");
    p.last = move_of("BR", p.rules);
    p.last_by = 1;
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_LOSS);
    p = two("33336", "25");
    p.to_move = 1; /* the farmer leads 2 or 5; the landlord answers 2 with the bomb */
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_LOSS);
    assert_true(r.landlord_wins);
    ddz_solver_free(s);
}

/* Budgets, errors, reuse ----------------------------------------------------------------------*/

static void solve_budget_gives_unknown_then_exact(void **state)
{
    (void)state;
    DdzSolver *s = ddz_solver_new((size_t)4 << 20);
    DdzSolvePosition p = two("448999TJJQQAR", "336688TAA22B");
    DdzSolveLimits lim = {100, 0};
    DdzSolveResult r;
    assert_int_equal(ddz_solve(s, &p, &lim, &r), DDZ_SOLVE_UNKNOWN);
    assert_true(r.nodes <= 101);
    lim.max_nodes = 0;
    lim.max_seconds = 1e-9;
    // A time limit is checked every 1024 nodes: this one stops at the first check.
    assert_int_equal(ddz_solve(s, &p, &lim, &r), DDZ_SOLVE_UNKNOWN);
    // What the stopped searches left in the table is exact.
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_WIN);
    assert_true(r.landlord_wins);
    check_winning_move(s, &p, &r);
    ddz_solver_free(s);
}

static void solve_rejects_bad_positions(void **state)
{
    (void)state;
    DdzSolver *s = ddz_solver_new((size_t)1 << 20);
    DdzSolveResult r;
    DdzSolvePosition p = two("3333", "3");
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_ERROR);
    assert_non_null(strstr(r.error.msg, "one deck"));
    p = two("34", "");
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_ERROR);
    assert_non_null(strstr(r.error.msg, "over"));
    p = two("34", "56");
    p.players = 4;
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_ERROR);
    p = two("34", "56");
    p.last = move_of("7", p.rules);
    p.last_by = 0;
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_ERROR); /* by the player to move */
    p.last_by = 1;
    p.to_move = 0;
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_LOSS); /* pass, then 5 and 6 */
    p.last.rank = 3; /* not the reading of its cards */
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_ERROR);
    p = two("34", "56");
    p.hands[2] = tu_ranks("7");
    assert_int_equal(ddz_solve(s, &p, NULL, &r), DDZ_SOLVE_ERROR);
    ddz_solver_free(s);
}

static void solve_position_play_follows_the_rules(void **state)
{
    (void)state;
    DdzSolvePosition p = three("345", "67", "89");
    DdzMove pass = ddz_move_pass(), m3 = move_of("3", p.rules), m6 = move_of("6", p.rules);
    assert_int_equal(ddz_solve_position_play(&p, &pass), -1); /* a leader must play */
    assert_int_equal(ddz_solve_position_play(&p, &m6), -1);   /* not the landlord's card */
    assert_int_equal(ddz_solve_position_play(&p, &m3), 0);
    assert_int_equal(p.to_move, 1);
    assert_int_equal(p.last_by, 0);
    assert_int_equal(ddz_solve_position_play(&p, &pass), 0);
    assert_int_equal(p.to_move, 2);
    assert_int_equal(ddz_solve_position_play(&p, &pass), 0);
    assert_int_equal(p.to_move, 0);
    assert_int_equal(p.last.type, DDZ_PASS); /* two passes: the landlord leads again */
    DdzMove m9 = move_of("9", p.rules);
    assert_int_equal(ddz_solve_position_play(&p, &m9), -1); /* not in the hand */
    DdzMove m4 = move_of("4", p.rules), m5 = move_of("5", p.rules);
    assert_int_equal(ddz_solve_position_play(&p, &m4), 0);
    assert_int_equal(ddz_solve_position_play(&p, &m6), 0);
    assert_int_equal(ddz_solve_position_play(&p, &pass), 0);
    assert_int_equal(ddz_solve_position_play(&p, &m5), -1); /* 5 does not beat 6 */
    assert_int_equal(ddz_solve_position_play(&p, &pass), 0);
    assert_int_equal(p.to_move, 1);
    assert_int_equal(p.last.type, DDZ_PASS);
    DdzMove m7 = move_of("7", p.rules);
    assert_int_equal(ddz_solve_position_play(&p, &m7), 1); /* the farmer goes out */
}

/* One solver, many positions, never cleared: answers stay those of a fresh solver. */
static void solve_reuse_matches_fresh_solver(void **state)
{
    (void)state;
    DdzSolver *kept = ddz_solver_new((size_t)2 << 20), *fresh = ddz_solver_new((size_t)1 << 20);
    DdzMove *buf = malloc(sizeof *buf * DDZ_MAX_MOVES_DECK);
    DdzRng rng;
    ddz_rng_seed(&rng, 21);
    for (int i = 0; i < 60; i++) {
        int sizes[3] = {6 + (int)ddz_rng_below(&rng, 5), 6 + (int)ddz_rng_below(&rng, 5), 4};
        DdzSolvePosition p = random_position(&rng, 2 + (i & 1), sizes, (DdzRuleset)(i % DDZ_RULES_NB), buf);
        DdzSolveResult a, b;
        ddz_solver_clear(fresh);
        DdzSolveLimits lim = {2000000, 0};
        DdzSolveOutcome oa = ddz_solve(kept, &p, &lim, &a), ob = ddz_solve(fresh, &p, &lim, &b);
        if (oa != DDZ_SOLVE_UNKNOWN && ob != DDZ_SOLVE_UNKNOWN)
            assert_int_equal(oa, ob);
        if (oa == DDZ_SOLVE_WIN)
            check_winning_move(fresh, &p, &a);
    }
    free(buf);
    ddz_solver_free(kept);
    ddz_solver_free(fresh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(solve_published_positions),
        cmocka_unit_test(solve_losing_position_has_no_winning_move),
        cmocka_unit_test(solve_agrees_with_brute_force_two_players),
        cmocka_unit_test(solve_agrees_with_brute_force_three_players),
        cmocka_unit_test(solve_agrees_with_brute_force_tiny_table),
        cmocka_unit_test(solve_three_players_farmers_win_together),
        cmocka_unit_test(solve_with_a_move_on_the_table),
        cmocka_unit_test(solve_rocket_table_is_not_bombs_only),
        cmocka_unit_test(solve_budget_gives_unknown_then_exact),
        cmocka_unit_test(solve_rejects_bad_positions),
        cmocka_unit_test(solve_position_play_follows_the_rules),
        cmocka_unit_test(solve_reuse_matches_fresh_solver),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
