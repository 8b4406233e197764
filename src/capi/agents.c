/* agents.c -- the flat C API's computer players, arena, endgame solver and splitter: opaque
 * handles around the library's own objects, results as plain arrays. */
#include <stdlib.h>
#include <string.h>

#include "ddz/ai.h"
#include "ddz/arena.h"
#include "ddz/solve.h"
#include "ddz/split.h"
#include "internal.h"

struct DdzCapiAgent {
    DdzAgent a;
};

DdzCapiAgent *ddz_capi_agent_new(const char *name, uint64_t seed, char *err)
{
    if (!name) {
        capi_fail(err, DDZ_CAPI_EINVAL, "agent: no name");
        return NULL;
    }
    DdzCapiAgent *a = malloc(sizeof *a);
    if (!a) {
        capi_fail(err, DDZ_CAPI_ENOMEM, "agent: out of memory");
        return NULL;
    }
    DdzError e;
    if (ddz_ai_agent_new(&a->a, name, seed, &e) != 0) {
        capi_fail_error(err, DDZ_CAPI_EINVAL, &e);
        free(a);
        return NULL;
    }
    return a;
}

void ddz_capi_agent_free(DdzCapiAgent *a)
{
    if (!a)
        return;
    ddz_agent_free(&a->a);
    free(a);
}

const char *ddz_capi_agent_names(void) { return ddz_ai_agent_names(); }

int ddz_capi_agent_act(DdzCapiAgent *a, const DdzCapiGame *g, int64_t *out, char *err)
{
    if (!g->dealt || g->g.phase == DDZ_PHASE_OVER || g->g.phase == DDZ_PHASE_REDEAL)
        return capi_fail(err, DDZ_CAPI_ESTATE, "agent: the game is %s", g->dealt ? "finished" : "not dealt yet");
    DdzView v;
    ddz_game_view(&g->g, g->g.turn, &v);
    DdzAction act;
    if (a->a.act(a->a.state, &v, &act) != 0)
        return capi_fail(err, DDZ_CAPI_ESTATE, "agent %s could not decide", a->a.name);
    capi_action_put(&act, out);
    return 0;
}

int ddz_capi_arena_run(const char *a, const char *b, long deals, uint64_t seed, int rules, int bidding, int jobs,
                       double out[DDZ_CAPI_ARENA_LEN], char *err)
{
    if (capi_rules_check(rules, err) != 0)
        return DDZ_CAPI_EINVAL;
    if (!a || !b || deals < 1 || jobs < 1 || jobs > 256)
        return capi_fail(err, DDZ_CAPI_EINVAL, "arena: need two agent names, deals >= 1 and 1..256 jobs");
    DdzArenaConfig cfg = {.a = a, .b = b, .deals = deals, .seed = seed, .rules = (DdzRuleset)rules,
                          .bidding = bidding != 0, .jobs = jobs};
    DdzArenaStats st;
    DdzError e;
    if (ddz_arena_run(&cfg, &st, &e) != 0)
        return capi_fail_error(err, DDZ_CAPI_EINVAL, &e);
    const DdzArenaTally *t[3] = {&st.all, &st.landlord, &st.farmers};
    for (int i = 0; i < 3; i++) {
        out[4 * i] = (double)t[i]->games;
        out[4 * i + 1] = (double)t[i]->wins;
        out[4 * i + 2] = (double)t[i]->points;
        out[4 * i + 3] = (double)t[i]->points_sq;
    }
    DdzArenaSummary s;
    ddz_arena_summarize(&st.all, &s);
    out[DDZ_CAPI_AR_WP] = s.wp;
    out[DDZ_CAPI_AR_ADP] = s.adp;
    out[DDZ_CAPI_AR_REDEALS] = (double)st.redeals;
    out[DDZ_CAPI_AR_BOMBS] = (double)st.bombs;
    out[DDZ_CAPI_AR_SECONDS] = st.seconds;
    return 0;
}

int ddz_capi_arena_points(const DdzCapiGame *g, unsigned a_seats, int bidding, int64_t *points, char *err)
{
    DdzResult r;
    if (!g->dealt || ddz_game_result(&g->g, &r) != 0)
        return capi_fail(err, DDZ_CAPI_ESTATE, "arena points: the game is not over");
    if (a_seats == 0 || a_seats > 7)
        return capi_fail(err, DDZ_CAPI_EINVAL, "arena points: A's seats are a mask of bits 0..2, not %u", a_seats);
    *points = ddz_arena_points(&r, a_seats, bidding != 0);
    return 0;
}

/* Solver ------------------------------------------------------------------------------------*/

struct DdzCapiSolver {
    DdzSolver *s;
};

DdzCapiSolver *ddz_capi_solver_new(size_t table_bytes)
{
    DdzCapiSolver *s = malloc(sizeof *s);
    if (s && !(s->s = ddz_solver_new(table_bytes))) {
        free(s);
        s = NULL;
    }
    return s;
}

void ddz_capi_solver_free(DdzCapiSolver *s)
{
    if (!s)
        return;
    ddz_solver_free(s->s);
    free(s);
}

int ddz_capi_solve(DdzCapiSolver *s, int players, const uint64_t hands[3], int to_move, uint64_t last_ranks,
                   int32_t last_reading, int last_by, int rules, uint64_t max_nodes, double max_seconds,
                   int64_t out[4], char *err)
{
    if (capi_rules_check(rules, err) != 0)
        return DDZ_CAPI_EINVAL;
    if (!hands)
        return capi_fail(err, DDZ_CAPI_EINVAL, "solve: no hands");
    for (int i = 0; i < 3; i++)
        if (!ddz_capi_ranks_valid(hands[i]))
            return capi_fail(err, DDZ_CAPI_EINVAL, "solve: hand %d is not rank counts one deck holds", i);
    if (!(max_seconds >= 0))
        return capi_fail(err, DDZ_CAPI_EINVAL, "solve: max_seconds must be 0 or more");
    DdzSolvePosition pos;
    memset(&pos, 0, sizeof pos);
    pos.players = players;
    memcpy(pos.hands, hands, sizeof pos.hands);
    pos.to_move = to_move;
    pos.last_by = last_by;
    pos.rules = (DdzRuleset)rules;
    if (capi_move_make(last_ranks, last_reading, rules, &pos.last, "solve: last move", err) != 0)
        return DDZ_CAPI_EINVAL;
    DdzError e;
    if (ddz_solve_position_check(&pos, &e) != 0)
        return capi_fail_error(err, DDZ_CAPI_EINVAL, &e);
    DdzSolveLimits lim = {max_nodes, max_seconds};
    DdzSolveResult res;
    DdzSolveOutcome o = ddz_solve(s->s, &pos, &lim, &res);
    if (o == DDZ_SOLVE_ERROR)
        return capi_fail_error(err, DDZ_CAPI_EINVAL, &res.error);
    out[0] = res.landlord_wins;
    out[1] = (int64_t)res.move.ranks;
    out[2] = capi_reading(&res.move);
    out[3] = (int64_t)res.nodes;
    return (int)o;
}

/* Splitter ------------------------------------------------------------------------------------*/

struct DdzCapiSplitter {
    DdzSplitter *sp;
};

DdzCapiSplitter *ddz_capi_splitter_new(int rules, int play_cost, int memo_bits, char *err)
{
    if (capi_rules_check(rules, err) != 0)
        return NULL;
    if (play_cost < 0 || play_cost > 100 || (memo_bits != 0 && (memo_bits < 10 || memo_bits > 26))) {
        capi_fail(err, DDZ_CAPI_EINVAL, "splitter: play_cost %d (0..100), memo_bits %d (0 or 10..26)", play_cost,
                  memo_bits);
        return NULL;
    }
    DdzCapiSplitter *sp = malloc(sizeof *sp);
    if (!sp || !(sp->sp = ddz_splitter_new((DdzRuleset)rules, play_cost, memo_bits))) {
        free(sp);
        capi_fail(err, DDZ_CAPI_ENOMEM, "splitter: out of memory");
        return NULL;
    }
    return sp;
}

void ddz_capi_splitter_free(DdzCapiSplitter *sp)
{
    if (!sp)
        return;
    ddz_splitter_free(sp->sp);
    free(sp);
}

int ddz_capi_split(DdzCapiSplitter *sp, uint64_t hand, uint64_t parts_ranks[20], int32_t parts_readings[20],
                   int *value, char *err)
{
    if (!ddz_capi_ranks_valid(hand) || ddz_ranks_size(hand) > DDZ_SPLIT_MAX_CARDS)
        return capi_fail(err, DDZ_CAPI_EINVAL, "split: the hand must be rank counts of at most %d cards",
                         DDZ_SPLIT_MAX_CARDS);
    DdzSplit s;
    int n = ddz_split_best(sp->sp, hand, &s);
    if (n < 0)
        return capi_fail(err, DDZ_CAPI_EINVAL, "split: the splitter refused the hand");
    for (int i = 0; i < n; i++) {
        parts_ranks[i] = s.part[i].ranks;
        parts_readings[i] = capi_reading(&s.part[i]);
    }
    *value = s.value;
    return n;
}
