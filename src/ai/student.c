/* student.c -- the student agent: the search's candidates scored by learned weights over
 * features of the seat's view (student.h). */
#include <stdlib.h>
#include <string.h>

#include "ddz/rule.h"
#include "ddz/search.h"
#include "ddz/split.h"
#include "ddz/student.h"
#include "threat.h"

/* The splitter's memo: 2^14 entries, as the rule agent's. */
#define MEMO_BITS 14

struct DdzStudentDescriber {
    DdzSplitter *sp;
    DdzAgent rule;
    bool has_rule;
};

DdzStudentDescriber *ddz_student_describer_new(void)
{
    DdzStudentDescriber *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    if (ddz_rule_agent_new(&d->rule, 0, NULL) != 0) {
        free(d);
        return NULL;
    }
    d->has_rule = true;
    return d;
}

void ddz_student_describer_free(DdzStudentDescriber *d)
{
    if (!d)
        return;
    ddz_splitter_free(d->sp);
    if (d->has_rule)
        ddz_agent_free(&d->rule);
    free(d);
}

/* The worth of holding `hand` (as the rule agent counts it): the best split's value less
 * DDZ_SPLIT_PLAY_COST a play, and its number of plays; an empty hand is worth 1000. */
static int worth(DdzSplitter *sp, DdzRanks hand, int *plays)
{
    if (!hand) {
        *plays = 0;
        return 1000;
    }
    int value;
    *plays = ddz_split_eval(sp, hand, &value);
    return value - DDZ_SPLIT_PLAY_COST * *plays;
}

static int controls(DdzRanks r)
{
    return ddz_ranks_get(r, DDZ_RANK_2) + ddz_ranks_get(r, DDZ_RANK_BJ) + ddz_ranks_get(r, DDZ_RANK_RJ);
}

static float clampf(float x, float lo, float hi) { return x < lo ? lo : x > hi ? hi : x; }

/* The situation: which of the DDZ_STUDENT_CTX_NB facts hold (ctx[0], always 1, is the plain
 * count of each move feature). */
static void situation(const DdzView *v, float ctx[DDZ_STUDENT_CTX_NB])
{
    int me = v->seat, L = v->landlord, partner = -1, min_opp = 99;
    bool lord = me == L, leading = v->table.type == DDZ_PASS;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (s == me)
            continue;
        if (!lord && s != L)
            partner = s;
        else if (v->count[s] < min_opp)
            min_opp = v->count[s];
    }
    int owner = leading ? -1 : v->table_seat;
    memset(ctx, 0, DDZ_STUDENT_CTX_NB * sizeof *ctx);
    ctx[0] = 1;
    ctx[1] = leading;
    ctx[2] = owner >= 0 && owner == partner;
    ctx[3] = owner >= 0 && owner != partner;
    ctx[4] = lord;
    ctx[5] = !lord && (me + 1) % DDZ_SEAT_NB == L; /* the landlord plays after this farmer */
    ctx[6] = !lord && (me + 1) % DDZ_SEAT_NB != L; /* the partner plays after it */
    ctx[7] = min_opp == 1;
    ctx[8] = min_opp == 2;
    ctx[9] = min_opp == 3 || min_opp == 4;
    ctx[10] = v->count[me] <= 4;
    ctx[11] = v->count[me] >= 5 && v->count[me] <= 10;
    ctx[12] = partner >= 0 && v->count[partner] <= 2;
    ctx[13] = owner >= 0 && v->count[owner] <= 3;
    ctx[14] = v->count[me] >= 15;
}

/* The rule agent's play in v into *pick; false when it has none. */
static bool rule_pick(DdzStudentDescriber *d, const DdzView *v, DdzMove *pick)
{
    DdzAction a;
    if (d->rule.act(d->rule.state, v, &a) != 0 || a.kind != DDZ_ACT_PLAY)
        return false;
    *pick = a.move;
    return true;
}

/* ddz_student_describe with the rule agent's choice already known (NULL: none). */
static int describe(DdzStudentDescriber *d, const DdzView *v, const DdzMove *cand, int n, const DdzMove *pick,
                    float ctx[DDZ_STUDENT_CTX_NB], float *feats)
{
    if (!d->sp || ddz_splitter_rules(d->sp) != v->opt.rules) {
        ddz_splitter_free(d->sp);
        if (!(d->sp = ddz_splitter_new(v->opt.rules, DDZ_SPLIT_PLAY_COST, MEMO_BITS)))
            return -1;
    }
    DdzRanks pool[DDZ_SEAT_NB];
    ddz_threat_pools(v, pool);
    int me = v->seat, L = v->landlord;
    bool lord = me == L;
    DdzRanks hand = ddz_cards_ranks(v->hand);
    int plays0, w0 = worth(d->sp, hand, &plays0);
    situation(v, ctx);
    for (int i = 0; i < n; i++) {
        const DdzMove *m = &cand[i];
        float *f = feats + (size_t)i * DDZ_STUDENT_MOVE_NB;
        memset(f, 0, DDZ_STUDENT_MOVE_NB * sizeof *f);
        bool pass = m->type == DDZ_PASS;
        f[0] = pass;
        f[1] = pick && ddz_move_equal(m, pick);
        if (!pass) {
            DdzRanks rest = hand - m->ranks;
            int plays, w = worth(d->sp, rest, &plays);
            bool opp = false, partner = false, goes_out = false;
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                if (s == me || !ddz_threat_can_beat(pool[s], v->count[s], m))
                    continue;
                bool is_opp = lord || s == L;
                opp |= is_opp;
                partner |= !is_opp;
                goes_out |= is_opp && v->count[s] == m->size;
            }
            f[2] = !rest;
            f[3] = rest ? clampf((float)(w - w0) / 20.0f, -5, 5) : 0;
            f[4] = (float)plays / 5.0f;
            f[5] = !opp;
            f[6] = partner && !opp;
            f[7] = ddz_move_is_bomb(m);
            f[8] = (float)controls(m->ranks) / 2.0f;
            f[9] = (float)m->rank / 14.0f;
            f[10] = (float)m->size / 10.0f;
            f[11] = m->type == DDZ_SINGLE;
            f[12] = m->type == DDZ_PAIR;
            f[13] = m->type == DDZ_TRIO || m->type == DDZ_TRIO_SINGLE || m->type == DDZ_TRIO_PAIR ||
                    m->type == DDZ_TRIO_SHORT || m->type == DDZ_TRIO_TWO;
            f[14] = m->type == DDZ_STRAIGHT || m->type == DDZ_PAIR_CHAIN;
            f[15] = m->type == DDZ_PLANE || m->type == DDZ_PLANE_SINGLE || m->type == DDZ_PLANE_PAIR ||
                    m->type == DDZ_PLANE_SHORT || m->type == DDZ_PLANE_TWO;
            f[16] = m->type == DDZ_FOUR_TWO || m->type == DDZ_FOUR_TWO_PAIRS || m->type == DDZ_FOUR_WITH ||
                    m->type >= DDZ_SHUTTLE_SINGLE;
            if (v->table.type != DDZ_PASS && m->type == v->table.type)
                f[17] = (float)(m->rank - v->table.rank) / 14.0f;
            f[18] = rest && ddz_ranks_size(rest) <= 2;
            f[19] = rest && plays <= 1 && opp;
            f[20] = goes_out && opp;
            f[21] = (float)controls(rest) / 4.0f;
        } else {
            f[4] = (float)plays0 / 5.0f;
            f[21] = (float)controls(hand) / 4.0f;
        }
    }
    return 0;
}

int ddz_student_describe(DdzStudentDescriber *d, const DdzView *v, const DdzMove *cand, int n,
                         float ctx[DDZ_STUDENT_CTX_NB], float *feats)
{
    DdzMove pick;
    return describe(d, v, cand, n, rule_pick(d, v, &pick) ? &pick : NULL, ctx, feats);
}

void ddz_student_scores(const float *w, const float ctx[DDZ_STUDENT_CTX_NB], const float *feats, int n,
                        float *score)
{
    float u[DDZ_STUDENT_MOVE_NB] = {0};
    for (int c = 0; c < DDZ_STUDENT_CTX_NB; c++)
        if (ctx[c] != 0)
            for (int k = 0; k < DDZ_STUDENT_MOVE_NB; k++)
                u[k] += ctx[c] * w[c * DDZ_STUDENT_MOVE_NB + k];
    for (int i = 0; i < n; i++) {
        const float *f = feats + (size_t)i * DDZ_STUDENT_MOVE_NB;
        float sum = 0;
        for (int k = 0; k < DDZ_STUDENT_MOVE_NB; k++)
            sum += u[k] * f[k];
        score[i] = sum;
    }
}

/* The agent -------------------------------------------------------------------------------*/

typedef struct Student {
    const float *w;
    int candidates;
    DdzStudentDescriber *d;
    DdzMove legal[DDZ_MAX_MOVES + 1];
    DdzMove cand[DDZ_MAX_MOVES + 1];
    float ctx[DDZ_STUDENT_CTX_NB];
    float feats[(DDZ_MAX_MOVES + 1) * DDZ_STUDENT_MOVE_NB];
    float score[DDZ_MAX_MOVES + 1];
} Student;

static int student_act(void *state, const DdzView *v, DdzAction *out)
{
    Student *st = state;
    DdzAgent *rule = &st->d->rule;
    if (v->phase != DDZ_PHASE_PLAY)
        return rule->act(rule->state, v, out);
    int n = ddz_view_legal_moves(v, st->legal);
    if (n <= 0)
        return -1;
    if (n == 1) {
        *out = ddz_action_play(v->seat, st->legal[0], 0);
        return 0;
    }
    /* The rule agent is asked once: its choice heads the candidates and is a feature. */
    DdzMove pick;
    const DdzMove *p = rule_pick(st->d, v, &pick) ? &pick : NULL;
    int at, nc = ddz_search_candidates(v, st->legal, n, p, st->candidates, st->cand, &at);
    if (nc == 1) {
        *out = ddz_action_play(v->seat, st->cand[0], 0);
        return 0;
    }
    if (describe(st->d, v, st->cand, nc, p, st->ctx, st->feats) != 0)
        return -1;
    ddz_student_scores(st->w, st->ctx, st->feats, nc, st->score);
    int best = 0;
    for (int i = 1; i < nc; i++)
        if (st->score[i] > st->score[best])
            best = i;
    *out = ddz_action_play(v->seat, st->cand[best], 0);
    return 0;
}

static void student_free(void *state)
{
    Student *st = state;
    ddz_student_describer_free(st->d);
    free(st);
}

int ddz_student_agent_new(DdzAgent *a, const float *w, int candidates, DdzError *err)
{
    Student *st = malloc(sizeof *st);
    if (!st || !(st->d = ddz_student_describer_new())) {
        free(st);
        if (err)
            ddz_error_set(err, 0, "student agent: out of memory");
        return -1;
    }
    st->w = w ? w : ddz_student_weights;
    st->candidates = candidates >= 1 && candidates <= DDZ_MAX_MOVES ? candidates : ddz_search_default().candidates;
    a->name = "student";
    a->state = st;
    a->act = student_act;
    a->free = student_free;
    return 0;
}
