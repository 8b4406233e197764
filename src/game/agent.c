/* agent.c -- the agent interface's plumbing and the two built-in agents: uniform random and
 * greedy (smallest legal move). Computer players proper live in src/ai. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/agent.h"

typedef struct Builtin {
    DdzRng rng;
    int greedy;
    DdzMove moves[DDZ_MAX_MOVES + 1];
} Builtin;

static int builtin_act(void *state, const DdzView *v, DdzAction *out)
{
    Builtin *b = state;
    if (v->phase == DDZ_PHASE_PLAY) {
        int n = ddz_view_legal_moves(v, b->moves);
        if (n == 0)
            return -1;
        int pick = 0;
        if (!b->greedy)
            pick = (int)ddz_rng_below(&b->rng, (uint32_t)n);
        else if (n > 1 && b->moves[0].type == DDZ_PASS)
            pick = 1; /* the smallest move that beats the table; pass only when there is none */
        *out = ddz_action_play(v->seat, b->moves[pick], 0);
        return 0;
    }
    if (v->phase != DDZ_PHASE_BID && v->phase != DDZ_PHASE_DOUBLE)
        return -1;
    uint8_t vals[4];
    int kind = v->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
    int n = ddz_view_legal_values(v, kind, vals);
    if (n == 0)
        return -1;
    int value = vals[b->greedy ? 0 : ddz_rng_below(&b->rng, (uint32_t)n)];
    *out = kind == DDZ_ACT_BID ? ddz_action_bid(v->seat, value) : ddz_action_double(v->seat, value);
    return 0;
}

int ddz_agent_new(DdzAgent *a, const char *name, uint64_t seed, DdzError *err)
{
    int greedy;
    if (!strcmp(name, "random"))
        greedy = 0;
    else if (!strcmp(name, "greedy"))
        greedy = 1;
    else {
        if (err) {
            err->pos = 0;
            snprintf(err->msg, sizeof err->msg, "unknown agent '%.40s' (agents: random, greedy)", name);
        }
        return -1;
    }
    Builtin *b = malloc(sizeof *b);
    if (!b) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "out of memory");
        return -1;
    }
    ddz_rng_seed(&b->rng, seed);
    b->greedy = greedy;
    a->name = greedy ? "greedy" : "random";
    a->state = b;
    a->act = builtin_act;
    a->free = free;
    return 0;
}

void ddz_agent_free(DdzAgent *a)
{
    if (a->free && a->state)
        a->free(a->state);
    a->state = NULL;
}

int ddz_agent_step(DdzAgent *a, DdzGame *g, DdzError *err)
{
    DdzView v;
    DdzAction act;
    ddz_game_view(g, g->turn, &v);
    if (a->act(a->state, &v, &act) != 0) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "agent %s did not decide", a->name);
        return -1;
    }
    return ddz_game_apply(g, &act, err);
}
