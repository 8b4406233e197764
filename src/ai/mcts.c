/* mcts.c -- "mcts": information-set Monte Carlo tree search (single-observer ISMCTS, Cowling,
 * Powley and Whitehouse 2012), an experiment of issue 14 (mcts.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddz/ai.h"
#include "ddz/mcts.h"
#include "ddz/search.h"

/* One node: the moves from the root that lead to it, shared by every world they are legal in. */
typedef struct Node {
    DdzMove move;   /* the move into this node */
    int seat;       /* who made it */
    int child;      /* first child, or -1 */
    int next;       /* next sibling, or -1 */
    int visits;     /* iterations through it */
    int avail;      /* iterations in which its parent was visited and its move was legal */
    double wins;    /* iterations the side of `seat` won */
} Node;

typedef struct Mcts {
    DdzMctsConfig cfg;
    DdzRng rng;
    DdzAgent policy[DDZ_SEAT_NB];
    DdzGame world;
    Node *nodes;
    int nnodes, cap;
    DdzMove legal[DDZ_MAX_MOVES + 1];
    DdzMove cand[DDZ_MAX_MOVES + 1];
    DdzMove root[DDZ_MAX_MOVES + 1];
    int path[DDZ_MAX_ACTIONS + 1];
} Mcts;

DdzMctsConfig ddz_mcts_default(void)
{
    DdzMctsConfig c = {200, 4000, 24, 8, 0.7, 0.5};
    return c;
}

int ddz_mcts_config_parse(const char *name, DdzMctsConfig *cfg, DdzError *err)
{
    *cfg = ddz_mcts_default();
    if (strncmp(name, "mcts", 4) != 0 || (name[4] && name[4] != ':'))
        goto bad;
    bool budget = false, explore = false, width = false, widen = false;
    for (const char *p = name + 4; *p == ':';) {
        p++;
        char *end;
        if (*p == 'c' && !explore) {
            long c = strtol(p + 1, &end, 10);
            if (end == p + 1 || c < 0 || c > 1000)
                goto bad;
            cfg->explore = (double)c / 100;
            explore = true;
        } else if (*p == 'w' && !widen) {
            long w = strtol(p + 1, &end, 10);
            if (end == p + 1 || w < 0 || w > 1000)
                goto bad;
            cfg->widen = (double)w / 100;
            widen = true;
        } else if (*p == 'k' && !width) {
            long k = strtol(p + 1, &end, 10);
            if (end == p + 1 || k < 1 || k > DDZ_MAX_MOVES)
                goto bad;
            cfg->inner_candidates = (int)k;
            width = true;
        } else if (*p >= '0' && *p <= '9' && !budget) {
            long ms = strtol(p, &end, 10), it = cfg->iterations;
            if (*end == '/')
                it = strtol(end + 1, &end, 10);
            if (ms < 0 || ms > 60000 || it < 1 || it > 1000000)
                goto bad;
            cfg->time_ms = (int)ms;
            cfg->iterations = (int)it;
            budget = true;
        } else {
            goto bad;
        }
        p = end;
        if (*p && *p != ':')
            goto bad;
    }
    return 0;
bad:
    if (err)
        snprintf(err->msg, sizeof err->msg,
                 "agent '%.40s': write mcts[:MS[/ITERATIONS]][:cC][:kK][:wW] (MS 0..60000, ITERATIONS 1..1000000, "
                 "exploration C/100, K candidates a node below the root, widening W/100)",
                 name);
    return -1;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int node_new(Mcts *m, int parent, const DdzMove *move, int seat)
{
    int k = m->nnodes++;
    Node *n = &m->nodes[k];
    n->move = *move;
    n->seat = seat;
    n->child = -1;
    n->visits = 0;
    n->avail = 1;
    n->wins = 0;
    if (parent >= 0) {
        n->next = m->nodes[parent].child;
        m->nodes[parent].child = k;
    } else {
        n->next = -1;
    }
    return k;
}

static int find_child(const Mcts *m, int parent, const DdzMove *move)
{
    for (int c = m->nodes[parent].child; c >= 0; c = m->nodes[c].next)
        if (ddz_move_equal(&m->nodes[c].move, move))
            return c;
    return -1;
}

/* The candidates of the seat to act in the world: the root's own list at the root, else the
 * search's candidates of that seat's view of the world, the policy's choice first. */
static int world_candidates(Mcts *m, int node, int nroot, DdzMove **out)
{
    if (node == 0) {
        *out = m->root;
        return nroot;
    }
    DdzView wv;
    ddz_game_view(&m->world, m->world.turn, &wv);
    int n = ddz_view_legal_moves(&wv, m->legal), at;
    if (n <= 0)
        return 0;
    DdzAction pick;
    DdzAgent *p = &m->policy[wv.seat];
    bool picked = p->act(p->state, &wv, &pick) == 0 && pick.kind == DDZ_ACT_PLAY;
    *out = m->cand;
    return ddz_search_candidates(&wv, m->legal, n, picked ? &pick.move : NULL, m->cfg.inner_candidates, m->cand, &at);
}

/* One iteration in a drawn world: select down the tree, expand one node, play out, back up.
 * Returns -1 when the world could not be played. */
static int iterate(Mcts *m, int nroot)
{
    int node = 0, depth = 0;
    m->path[depth++] = 0;
    while (m->world.phase == DDZ_PHASE_PLAY && depth <= DDZ_MAX_ACTIONS) {
        DdzMove *cand;
        int n = world_candidates(m, node, nroot, &cand);
        if (n <= 0)
            return -1;
        /* Progressive widening below the root: the candidates come best first by the policy
         * (its own choice, then pass and hint order), and a node with v visits considers the
         * first 1 + sqrt(v) / 2 of them, so that the other seats answer as the policy would
         * until a line has been visited enough to try their alternatives. */
        if (node != 0) {
            int allow = 1 + (int)(m->cfg.widen * sqrt((double)m->nodes[node].visits));
            if (n > allow)
                n = allow;
        }
        int best = -1, fresh = -1;
        double best_score = 0;
        for (int i = 0; i < n; i++) {
            int c = find_child(m, node, &cand[i]);
            if (c < 0) {
                if (fresh < 0)
                    fresh = i;
                continue;
            }
            Node *ch = &m->nodes[c];
            ch->avail++;
            double score = ch->wins / ch->visits + m->cfg.explore * sqrt(log((double)ch->avail) / ch->visits);
            if (best < 0 || score > best_score)
                best = c, best_score = score;
        }
        int seat = m->world.turn;
        if (fresh >= 0 && m->nnodes < m->cap) {
            node = node_new(m, node, &cand[fresh], seat);
        } else if (best >= 0) {
            node = best;
        } else {
            break; /* the tree is full: play out from here */
        }
        DdzAction a = ddz_action_play(seat, m->nodes[node].move, 0);
        if (ddz_game_apply(&m->world, &a, NULL) != 0)
            return -1;
        m->path[depth++] = node;
        if (fresh >= 0 && node == m->nnodes - 1)
            break; /* expanded: play out */
    }
    while (m->world.phase == DDZ_PHASE_PLAY)
        if (ddz_agent_step(&m->policy[m->world.turn], &m->world, NULL) != 0)
            return -1;
    DdzResult r;
    if (ddz_game_result(&m->world, &r) != 0)
        return -1;
    for (int i = 1; i < depth; i++) {
        Node *nd = &m->nodes[m->path[i]];
        nd->visits++;
        nd->wins += (nd->seat == r.landlord) == r.landlord_won;
    }
    return 0;
}

static int mcts_act(void *state, const DdzView *v, DdzAction *out)
{
    Mcts *m = state;
    double start = now_ms();
    if (v->phase != DDZ_PHASE_PLAY)
        return m->policy[v->seat].act(m->policy[v->seat].state, v, out);
    int n = ddz_view_legal_moves(v, m->legal);
    if (n <= 0)
        return -1;
    DdzAction pick;
    bool picked = m->policy[v->seat].act(m->policy[v->seat].state, v, &pick) == 0 && pick.kind == DDZ_ACT_PLAY;
    int at, nroot = ddz_search_candidates(v, m->legal, n, picked ? &pick.move : NULL, m->cfg.root_candidates,
                                          m->root, &at);
    if (nroot == 1) {
        *out = ddz_action_play(v->seat, m->root[0], 0);
        return 0;
    }
    m->nnodes = 0;
    node_new(m, -1, &m->root[0], -1); /* the root: its move is unused */
    DdzCards hands[DDZ_SEAT_NB];
    for (int it = 0; it < m->cfg.iterations; it++) {
        if (m->cfg.time_ms > 0 && now_ms() - start >= 0.95 * m->cfg.time_ms)
            break;
        ddz_search_sample(v, &m->rng, hands);
        if (ddz_search_world(&m->world, v, hands, NULL, NULL) < 0 || iterate(m, nroot) != 0)
            break;
    }
    /* The most visited of the root's moves; the policy's choice when none was tried. */
    int best = -1;
    for (int c = m->nodes[0].child; c >= 0; c = m->nodes[c].next) {
        const Node *ch = &m->nodes[c];
        if (best < 0 || ch->visits > m->nodes[best].visits ||
            (ch->visits == m->nodes[best].visits && ch->wins > m->nodes[best].wins))
            best = c;
    }
    *out = ddz_action_play(v->seat, best >= 0 ? m->nodes[best].move : m->root[0], 0);
    return 0;
}

static void mcts_free(void *state)
{
    Mcts *m = state;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        ddz_agent_free(&m->policy[s]);
    free(m->nodes);
    free(m);
}

int ddz_mcts_agent_new(DdzAgent *a, const DdzMctsConfig *cfg, uint64_t seed, DdzError *err)
{
    Mcts *m = malloc(sizeof *m);
    if (!m) {
        ddz_error_set(err, 0, "mcts agent: out of memory");
        return -1;
    }
    m->cfg = *cfg;
    m->cap = cfg->iterations + 1;
    m->nodes = malloc((size_t)m->cap * sizeof *m->nodes);
    if (!m->nodes) {
        free(m);
        ddz_error_set(err, 0, "mcts agent: out of memory");
        return -1;
    }
    ddz_rng_seed(&m->rng, seed);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (ddz_ai_agent_new(&m->policy[s], "rule", seed * 7 + (uint64_t)s + 1, err) != 0) {
            while (s-- > 0)
                ddz_agent_free(&m->policy[s]);
            free(m->nodes);
            free(m);
            return -1;
        }
    a->name = "mcts";
    a->state = m;
    a->act = mcts_act;
    a->free = mcts_free;
    return 0;
}
