/* vec.c -- n games stepped together: each step picks every game's action from its legal list,
 * applies it, scores and re-deals finished games, and writes the next decision's legal list
 * and observations into the caller's arrays. Games are split in contiguous chunks over a
 * pool of worker threads that wait on a condition variable between steps. */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ddz/douzero.h"
#include "ddz/vec.h"
#include "internal.h"

#define MAX_THREADS 64

/* The bound arrays (vec.h). */
typedef struct DdzVecOut {
    int8_t *seat, *phase;
    int32_t *count;
    uint64_t *legal_ranks;
    int32_t *legal_reading, *legal_index;
    int legal_cap;
    uint8_t *compact;
    int8_t *dz_x, *dz_z, *dz_pos;
    float *reward;
    uint8_t *done;
    uint8_t *mask; /* uni.nb + 1 per game */
    uint8_t *act_counts;
    int8_t *act_dz;
} DdzVecOut;

/* The legal actions of one decision: plays (moves) or bid/double values (vals). */
typedef struct Legal {
    DdzMove moves[DDZ_DZ_MAX_MOVES];
    uint8_t vals[4];
} Legal;

/* The mask entries set for a game, to be cleared at its next decision: at most MASK_SET are
 * remembered; more (or none known yet: -1) clear the whole row. */
#define MASK_SET 64

typedef struct Slot {
    DdzGame g;
    DdzRng rng;
    DdzAction pick; /* a uniformly random legal action of the decision, drawn when it was
                       listed: what step(NULL) plays, so that the list is made once */
    uint32_t deals; /* deals so far: rotates the first bidder */
    int32_t count;  /* legal actions of the decision to take */
    int32_t z_at;   /* the history length when this game's DZ_Z row was last written in the
                       play phase, or -1: the row is then made afresh */
} Slot;

/* A hash of the universe's moves: (ranks, reading) -> index, open addressing. */
typedef struct Universe {
    DdzMove *moves; /* index 1.. (0 is pass) */
    int nb;
    uint64_t *keys;
    int32_t *reads, *idx;
    uint32_t mask;
    /* douzero only: card set -> the reading DouZero's move detector gives it (dz_move, empty
     * when ranks is 0), dz_multi when the rules read the set more than one way. */
    DdzMove *dz_move;
    uint8_t *dz_multi;
    uint32_t dz_mask;
} Universe;

typedef struct Worker {
    DdzVec *v;
    pthread_t tid;
    int id;
    long stats[3];
} Worker;

struct DdzVec {
    int n, objective, threads;
    bool bidding;
    bool dz_order; /* DDZ_VEC_ORDER_DOUZERO */
    int32_t *mask_set, *mask_nset; /* MASK_SET and 1 per game (MASK bound) */
    DdzOptions opt;
    Slot *slot;
    DdzVecOut out;
    Universe uni;
    /* The pool: job is 1 reset, 2 step; gen counts jobs; pending counts workers still busy. */
    pthread_mutex_t lock;
    pthread_cond_t wake, idle;
    int job, gen, pending, quit;
    bool ready; /* reset once: every slot has a decision */
    bool sync;  /* the lock and conditions are initialised */
    const int32_t *actions;
    Worker worker[MAX_THREADS];
    long stats[3];
};

size_t ddz_vec_game_bytes(void) { return sizeof(Slot); }

/* Universe ------------------------------------------------------------------------------*/

static uint32_t hash_move(uint64_t ranks, int32_t reading)
{
    uint64_t x = ranks * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uint32_t)reading * 0xD1B54A32D192ED03ull;
    return (uint32_t)(x >> 32);
}

static int universe_build(Universe *u, DdzRuleset rules)
{
    u->moves = malloc(DDZ_MAX_MOVES_DECK * sizeof *u->moves);
    if (!u->moves)
        return -1;
    u->nb = ddz_moves_generate(DDZ_DECK_RANKS, NULL, rules, u->moves);
    uint32_t size = 1;
    while (size < 2u * (uint32_t)u->nb)
        size <<= 1;
    u->mask = size - 1;
    u->keys = calloc(size, sizeof *u->keys);
    u->reads = calloc(size, sizeof *u->reads);
    u->idx = malloc(size * sizeof *u->idx);
    if (!u->keys || !u->reads || !u->idx)
        return -1;
    for (uint32_t i = 0; i < size; i++)
        u->idx[i] = -1;
    for (int i = 0; i < u->nb; i++) {
        int32_t rd = capi_reading(&u->moves[i]);
        uint32_t h = hash_move(u->moves[i].ranks, rd) & u->mask;
        while (u->idx[h] >= 0)
            h = (h + 1) & u->mask;
        u->keys[h] = u->moves[i].ranks;
        u->reads[h] = rd;
        u->idx[h] = i + 1;
    }
    return 0;
}

/* DouZero's move types (ddz_dz_move_type: pass ... four with two pairs) as the rules' types. */
static inline uint32_t hash_ranks(DdzRanks r) { return (uint32_t)((r * 0x9E3779B97F4A7C15ull) >> 40); }

/* The card-set table of a douzero universe: each set's DouZero reading, its other readings
 * flagged. */
static int dz_table_build(Universe *u)
{
    uint32_t size = 1;
    while (size < 2u * (uint32_t)u->nb)
        size <<= 1;
    u->dz_mask = size - 1;
    u->dz_move = calloc(size, sizeof *u->dz_move);
    u->dz_multi = calloc(size, 1);
    if (!u->dz_move || !u->dz_multi)
        return -1;
    for (int i = 0; i < u->nb; i++) {
        const DdzMove *m = &u->moves[i];
        uint32_t h = hash_ranks(m->ranks) & u->dz_mask;
        while (u->dz_move[h].ranks && u->dz_move[h].ranks != m->ranks)
            h = (h + 1) & u->dz_mask;
        if (!u->dz_move[h].ranks) {
            u->dz_move[h] = *m;
            continue;
        }
        int len, t = ddz_dz_move_type(m->ranks, &len);
        u->dz_multi[h] = 1;
        if (capi_dz_better(m, &u->dz_move[h], capi_dz_type(t)))
            u->dz_move[h] = *m;
    }
    return 0;
}

/* DouZero's legal list of the seat to act (ddz_dz_moves: its order, its repeats, pass last)
 * as the game's moves: each card set with DouZero's reading of it, or, when that one does
 * not beat the table, the best other reading that does; a set with none is left out. */
static int dz_list(const DdzVec *v, const DdzGame *g, DdzMove *out)
{
    const Universe *u = &v->uni;
    DdzRanks dz[DDZ_DZ_MAX_MOVES];
    DdzMove table = ddz_game_table(g);
    bool lead = table.type == DDZ_PASS;
    int nd = ddz_dz_moves(ddz_cards_ranks(g->hand[g->turn]), table.ranks, dz), k = 0;
    assert(nd >= 0);
    for (int j = 0; j < nd; j++) {
        if (!dz[j]) {
            out[k++] = ddz_move_pass();
            continue;
        }
        uint32_t h = hash_ranks(dz[j]) & u->dz_mask;
        while (u->dz_move[h].ranks && u->dz_move[h].ranks != dz[j])
            h = (h + 1) & u->dz_mask;
        const DdzMove *m = &u->dz_move[h];
        if (!m->ranks)
            continue; /* no move of the rules */
        if (lead || ddz_move_beats(m, &table)) {
            out[k++] = *m;
            continue;
        }
        if (!u->dz_multi[h])
            continue;
        if (capi_dz_reading(dz[j], &table, v->opt.rules, &out[k]) > 0)
            k++;
    }
    return k;
}

static int32_t universe_index(const Universe *u, uint64_t ranks, int32_t reading)
{
    if (ranks == 0)
        return 0;
    for (uint32_t h = hash_move(ranks, reading) & u->mask; u->idx[h] >= 0; h = (h + 1) & u->mask)
        if (u->keys[h] == ranks && u->reads[h] == reading)
            return u->idx[h];
    return -1;
}

int ddz_vec_universe(const DdzVec *v, uint64_t *ranks, int32_t *readings, int cap)
{
    for (int i = 0; i <= v->uni.nb && i < cap; i++) {
        DdzMove m = i ? v->uni.moves[i - 1] : ddz_move_pass();
        ranks[i] = m.ranks;
        readings[i] = capi_reading(&m);
    }
    return v->uni.nb + 1;
}

/* One game ---------------------------------------------------------------------------------*/

/* The legal actions of the decision to take: plays (in the env's order) or bid/double
 * values. Returns the count. */
static int legal_list(const DdzVec *v, const DdzGame *g, Legal *l)
{
    if (g->phase == DDZ_PHASE_PLAY)
        return v->dz_order ? dz_list(v, g, l->moves) : ddz_game_legal_moves(g, l->moves);
    return ddz_game_legal_values(g, g->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE, l->vals);
}

/* Action k of the list legal_list made. */
static DdzAction list_action(const DdzGame *g, const Legal *l, int k)
{
    if (g->phase == DDZ_PHASE_PLAY)
        return ddz_action_play(g->turn, l->moves[k], 0);
    return g->phase == DDZ_PHASE_BID ? ddz_action_bid(g->turn, l->vals[k]) : ddz_action_double(g->turn, l->vals[k]);
}

/* Deals the slot's next game; without bidding seat 0 takes the bottom at once. */
static void deal(DdzVec *v, Slot *s, long *redeals)
{
    for (;;) {
        ddz_game_new(&s->g, &v->opt, &s->rng, v->bidding ? (int)(s->deals % 3) : 0);
        s->deals++;
        s->z_at = -1;
        if (!v->bidding) {
            int rc = ddz_game_appoint(&s->g, 0, NULL);
            assert(rc == 0);
            (void)rc;
        }
        if (s->g.phase != DDZ_PHASE_REDEAL)
            return;
        (*redeals)++;
    }
}

static void rewards(const DdzVec *v, const DdzGame *g, float out[3])
{
    DdzResult r;
    ddz_game_result(g, &r);
    if (v->objective == DDZ_VEC_SCORE) {
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            out[s] = (float)r.score[s];
        return;
    }
    float x = v->objective == DDZ_VEC_ADP ? (float)(1u << (r.bombs < 31 ? r.bombs : 31))
              : v->objective == DDZ_VEC_LOGADP ? (float)r.bombs + 1.0f
                                                : 1.0f;
    if (!r.landlord_won)
        x = -x;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        out[s] = s == r.landlord ? x : -x;
}

/* The cards a seat has played: what it was dealt (and the bottom, for the landlord) and no
 * longer holds. */
static DdzRanks played(const DdzGame *g, int s)
{
    DdzCards had = g->dealt[s] | (s == g->landlord ? g->bottom : 0);
    return ddz_cards_ranks(had & ~g->hand[s]);
}

/* The latest plays (passes included) of the play phase, newest first, at most max; and each
 * seat's latest play (last[s], 0 = pass or none). Seats play in turn, so the last three plays
 * are the three seats': the scan stops there unless more of seq is wanted. */
static int recent_plays(const DdzGame *g, DdzRanks *seq, int max, DdzRanks last[3])
{
    int n = 0, found = 0;
    bool seen[3] = {false, false, false};
    last[0] = last[1] = last[2] = 0;
    for (int i = g->nhist - 1; i >= 0 && (n < max || found < 3); i--) {
        const DdzAction *a = &g->hist[i];
        if (a->kind != DDZ_ACT_PLAY)
            continue;
        if (n < max)
            seq[n++] = a->move.ranks;
        if (!seen[a->seat]) {
            seen[a->seat] = true;
            last[a->seat] = a->move.ranks;
            found++;
        }
    }
    return n;
}

/* Eight nibbles to eight bytes, nibble k to byte k (little-endian). */
static inline uint64_t spread(uint64_t y)
{
    y &= 0xFFFFFFFFull;
    y = (y | y << 16) & 0x0000FFFF0000FFFFull;
    y = (y | y << 8) & 0x00FF00FF00FF00FFull;
    return (y | y << 4) & 0x0F0F0F0F0F0F0F0Full;
}

/* The 15 rank counts as bytes. */
static void put_counts(uint8_t *x, DdzRanks r)
{
    uint64_t lo = spread(r), hi = spread(r >> 32);
    memcpy(x, &lo, 8);
    memcpy(x + 8, &hi, 7);
}

static int8_t *put54(int8_t *x, DdzRanks r)
{
    ddz_dz_cards54(r, x);
    return x + 54;
}

static int8_t *one_hot(int8_t *x, int i, int size)
{
    memset(x, 0, (size_t)size);
    if (i >= 0 && i < size)
        x[i] = 1;
    return x + size;
}

/* The mask row of game i: the entries its last decision set are cleared, this one's set. */
static void write_mask(DdzVec *v, int i, const Legal *l, int n, bool plays)
{
    uint8_t *row = v->out.mask + (size_t)i * (size_t)(v->uni.nb + 1);
    int32_t *set = v->mask_set + (size_t)i * MASK_SET, nset = v->mask_nset[i];
    if (nset < 0)
        memset(row, 0, (size_t)v->uni.nb + 1);
    for (int k = 0; k < nset; k++)
        row[set[k]] = 0;
    nset = 0;
    for (int k = 0; plays && k < n; k++) {
        int32_t at = universe_index(&v->uni, l->moves[k].ranks, capi_reading(&l->moves[k]));
        assert(at >= 0);
        row[at] = 1;
        if (nset >= 0 && nset < MASK_SET)
            set[nset++] = at;
        else
            nset = -1;
    }
    v->mask_nset[i] = nset;
}

static void write_obs(DdzVec *v, int i, const Legal *l)
{
    const DdzVecOut *o = &v->out;
    Slot *s = &v->slot[i];
    const DdzGame *g = &s->g;
    int p = g->turn, n = s->count;
    bool plays = g->phase == DDZ_PHASE_PLAY;
    if (o->seat)
        o->seat[i] = (int8_t)p;
    if (o->phase)
        o->phase[i] = (int8_t)g->phase;
    if (o->count)
        o->count[i] = n;
    if (o->legal_ranks || o->legal_reading || o->legal_index || o->act_counts || o->act_dz) {
        size_t base = (size_t)i * (size_t)o->legal_cap;
        for (int k = 0; k < n && k < o->legal_cap; k++) {
            uint64_t ranks = plays ? l->moves[k].ranks : 0;
            int32_t rd = plays ? capi_reading(&l->moves[k]) : -1 - l->vals[k];
            if (o->legal_ranks)
                o->legal_ranks[base + k] = ranks;
            if (o->legal_reading)
                o->legal_reading[base + k] = rd;
            if (o->legal_index)
                o->legal_index[base + k] = plays ? universe_index(&v->uni, ranks, rd) : -1;
            if (o->act_counts)
                put_counts(o->act_counts + (base + (size_t)k) * 15, ranks);
            if (o->act_dz)
                ddz_dz_cards54(ranks, o->act_dz + (base + (size_t)k) * 54);
        }
    }
    if (o->mask)
        write_mask(v, i, l, n, plays);
    if (!o->compact && !o->dz_x && !o->dz_z && !o->dz_pos)
        return;
    bool play = g->phase == DDZ_PHASE_PLAY;
    DdzRanks seq[15], last[3];
    /* DouZero's z is the last 15 plays: after one more play of the same game the row written
     * at its last decision moves up by one play and only the newest is encoded. */
    bool z_shift = o->dz_z && play && s->z_at >= 0 && s->z_at == g->nhist - 1 &&
                   g->hist[s->z_at].kind == DDZ_ACT_PLAY;
    int nseq = play ? recent_plays(g, seq, o->dz_z ? (z_shift ? 1 : 15) : 0, last) : 0;
    s->z_at = o->dz_z && play ? g->nhist : -1;
    if (!play)
        last[0] = last[1] = last[2] = 0;
    DdzRanks hand[3] = {ddz_cards_ranks(g->hand[0]), ddz_cards_ranks(g->hand[1]), ddz_cards_ranks(g->hand[2])};
    DdzRanks table = play ? ddz_game_table(g).ranks : 0;
    bool crowned = g->landlord != DDZ_NO_SEAT;
    if (o->compact) {
        /* docs/PYTHON.md, "The compact observation". Seats relative to the one to act:
         * 0 itself, 1 the next, 2 the one before. */
        uint8_t *x = o->compact + (size_t)i * DDZ_VEC_COMPACT;
        put_counts(x, hand[p]);
        put_counts(x + 15, hand[(p + 1) % 3] + hand[(p + 2) % 3]);
        for (int r = 0; r < 3; r++) {
            int q = (p + r) % 3;
            put_counts(x + 30 + 15 * r, crowned ? played(g, q) : 0);
            put_counts(x + 75 + 15 * r, last[q]);
            x[135 + r] = (uint8_t)ddz_cards_size(g->hand[q]);
        }
        put_counts(x + 120, table);
        x[138] = crowned ? (uint8_t)((g->landlord - p + 3) % 3) : 3;
        x[139] = g->bombs;
        x[140] = g->phase;
        x[141] = g->bid;
    }
    if (o->dz_x || o->dz_z || o->dz_pos) {
        int8_t *x = o->dz_x ? o->dz_x + (size_t)i * DDZ_VEC_DZ_X : NULL;
        int8_t *z = o->dz_z ? o->dz_z + (size_t)i * DDZ_VEC_DZ_Z : NULL;
        if (!play || !crowned) {
            if (x)
                memset(x, 0, DDZ_VEC_DZ_X);
            if (z)
                memset(z, 0, DDZ_VEC_DZ_Z);
            if (o->dz_pos)
                o->dz_pos[i] = -1;
            return;
        }
        int ll = g->landlord, down = (ll + 1) % 3, up = (ll + 2) % 3;
        int pos = p == ll ? DDZ_DZ_LANDLORD : p == down ? DDZ_DZ_DOWN : DDZ_DZ_UP;
        if (o->dz_pos)
            o->dz_pos[i] = (int8_t)pos;
        if (x) {
            int8_t *e = x;
            e = put54(e, hand[p]);
            e = put54(e, hand[(p + 1) % 3] + hand[(p + 2) % 3]);
            if (p == ll) {
                e = put54(e, table);
                e = put54(e, played(g, up));
                e = put54(e, played(g, down));
                e = one_hot(e, ddz_cards_size(g->hand[up]) - 1, 17);
                e = one_hot(e, ddz_cards_size(g->hand[down]) - 1, 17);
            } else {
                int mate = p == up ? down : up;
                e = put54(e, played(g, ll));
                e = put54(e, played(g, mate));
                e = put54(e, table);
                e = put54(e, last[ll]);
                e = put54(e, last[mate]);
                e = one_hot(e, ddz_cards_size(g->hand[ll]) - 1, 20);
                e = one_hot(e, ddz_cards_size(g->hand[mate]) - 1, 17);
            }
            e = one_hot(e, g->bombs, 15);
            memset(e, 0, (size_t)(x + DDZ_VEC_DZ_X - e));
        }
        if (z && z_shift) {
            memmove(z, z + 54, 14 * 54);
            ddz_dz_cards54(seq[0], z + 14 * 54);
        } else if (z) {
            memset(z, 0, (size_t)(15 - nseq) * 54);
            for (int k = 0; k < nseq; k++)
                ddz_dz_cards54(seq[k], z + (14 - k) * 54);
        }
    }
}

/* Lists the decision's legal actions, counts them, draws the random pick and writes the
 * observations. */
static void observe(DdzVec *v, int i)
{
    Legal l;
    Slot *s = &v->slot[i];
    s->count = legal_list(v, &s->g, &l);
    assert(s->count > 0);
    s->pick = list_action(&s->g, &l, (int)ddz_rng_below(&s->rng, (uint32_t)s->count));
    write_obs(v, i, &l);
}

/* Action k of slot i's decision: from the bound legal arrays when they hold it (the rules
 * check it again when it is applied), else from the list made again. */
static DdzAction chosen(const DdzVec *v, int i, int k)
{
    const Slot *s = &v->slot[i];
    const DdzVecOut *o = &v->out;
    if (s->g.phase == DDZ_PHASE_PLAY && o->legal_ranks && o->legal_reading && k < o->legal_cap) {
        size_t at = (size_t)i * (size_t)o->legal_cap + (size_t)k;
        int32_t rd = o->legal_reading[at];
        DdzMove m = {o->legal_ranks[at], (uint8_t)(rd & 0xFF), (uint8_t)((rd >> 8) & 0xFF), (uint8_t)((rd >> 16) & 0xFF),
                     0};
        if (m.ranks >> 60 == 0)
            m.size = (uint8_t)ddz_ranks_size(m.ranks);
        if (m.ranks == 0)
            m = ddz_move_pass();
        return ddz_action_play(s->g.turn, m, 0);
    }
    Legal l;
    int n = legal_list(v, &s->g, &l);
    assert(k < n);
    (void)n;
    return list_action(&s->g, &l, k);
}

static void step_one(DdzVec *v, int i, const int32_t *actions, long stats[3])
{
    Slot *s = &v->slot[i];
    DdzAction a = actions ? chosen(v, i, actions[i]) : s->pick;
    if (ddz_game_apply(&s->g, &a, NULL) != 0) {
        /* The caller changed its legal arrays: take the action from the list made again. */
        Legal l;
        legal_list(v, &s->g, &l);
        a = list_action(&s->g, &l, actions[i]);
        int rc = ddz_game_apply(&s->g, &a, NULL);
        assert(rc == 0);
        (void)rc;
    }
    stats[2]++;
    float *rw = v->out.reward ? v->out.reward + 3 * (size_t)i : NULL;
    bool over = s->g.phase == DDZ_PHASE_OVER, redeal = s->g.phase == DDZ_PHASE_REDEAL;
    if (over) {
        float r[3];
        rewards(v, &s->g, r);
        if (rw)
            memcpy(rw, r, sizeof r);
        stats[0]++;
    } else if (rw)
        rw[0] = rw[1] = rw[2] = 0;
    if (redeal)
        stats[1]++;
    if (v->out.done)
        v->out.done[i] = over;
    if (over || redeal)
        deal(v, s, &stats[1]);
    observe(v, i);
}

static void run_chunk(DdzVec *v, int t, int job, long stats[3])
{
    int lo = (int)((long)v->n * t / v->threads), hi = (int)((long)v->n * (t + 1) / v->threads);
    for (int i = lo; i < hi; i++) {
        if (job == 1) {
            deal(v, &v->slot[i], &stats[1]);
            if (v->out.reward)
                memset(v->out.reward + 3 * (size_t)i, 0, 3 * sizeof(float));
            if (v->out.done)
                v->out.done[i] = 0;
            observe(v, i);
        } else
            step_one(v, i, v->actions, stats);
    }
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    DdzVec *v = w->v;
    int seen = 0;
    pthread_mutex_lock(&v->lock);
    for (;;) {
        while (v->gen == seen && !v->quit)
            pthread_cond_wait(&v->wake, &v->lock);
        if (v->quit)
            break;
        seen = v->gen;
        int job = v->job;
        pthread_mutex_unlock(&v->lock);
        run_chunk(v, w->id, job, w->stats);
        pthread_mutex_lock(&v->lock);
        if (--v->pending == 0)
            pthread_cond_signal(&v->idle);
    }
    pthread_mutex_unlock(&v->lock);
    return NULL;
}

/* Runs job over all games: chunk 0 here, the others on the pool. */
static void run(DdzVec *v, int job)
{
    if (v->threads > 1) {
        pthread_mutex_lock(&v->lock);
        v->job = job;
        v->gen++;
        v->pending = v->threads - 1;
        pthread_cond_broadcast(&v->wake);
        pthread_mutex_unlock(&v->lock);
    }
    run_chunk(v, 0, job, v->stats);
    if (v->threads > 1) {
        pthread_mutex_lock(&v->lock);
        while (v->pending > 0)
            pthread_cond_wait(&v->idle, &v->lock);
        pthread_mutex_unlock(&v->lock);
    }
}

/* The env -------------------------------------------------------------------------------------*/

DdzVec *ddz_vec_new(int n, const char *options, int objective, int bidding, uint64_t seed, int threads, char *err)
{
    if (n < 1 || n > 1000000) {
        capi_fail(err, DDZ_CAPI_EINVAL, "vec: n = %d games: choose 1 to 1,000,000", n);
        return NULL;
    }
    if (objective < 0 || objective >= DDZ_VEC_OBJECTIVE_NB) {
        capi_fail(err, DDZ_CAPI_EINVAL, "vec: objective %d: 0 wp, 1 adp, 2 logadp, 3 score", objective);
        return NULL;
    }
    if (threads < 0 || threads > MAX_THREADS) {
        capi_fail(err, DDZ_CAPI_EINVAL, "vec: threads %d: 0 (one per CPU) to %d", threads, MAX_THREADS);
        return NULL;
    }
    DdzCapiGame *probe = ddz_capi_game_new(options, err);
    if (!probe)
        return NULL;
    DdzOptions opt = probe->g.opt;
    ddz_capi_game_free(probe);
    if (opt.show_cards) {
        capi_fail(err, DDZ_CAPI_EINVAL, "vec: the show option (明牌) is not supported by the vector env");
        return NULL;
    }
    if (threads == 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cpus < 1 ? 1 : cpus > MAX_THREADS ? MAX_THREADS : (int)cpus;
    }
    if (threads > n)
        threads = n;
    DdzVec *v = calloc(1, sizeof *v);
    if (!v || !(v->slot = malloc((size_t)n * sizeof *v->slot)) || universe_build(&v->uni, opt.rules) != 0 ||
        (opt.rules == DDZ_RULES_DOUZERO && dz_table_build(&v->uni) != 0)) {
        ddz_vec_free(v);
        capi_fail(err, DDZ_CAPI_ENOMEM, "vec: out of memory for %d games", n);
        return NULL;
    }
    v->n = n;
    v->objective = objective;
    v->bidding = bidding != 0;
    v->opt = opt;
    v->dz_order = opt.rules == DDZ_RULES_DOUZERO && !opt.play_all;
    for (int i = 0; i < n; i++) {
        uint64_t x = seed ^ ((uint64_t)i * 0x9E3779B97F4A7C15ull);
        ddz_rng_seed(&v->slot[i].rng, ddz_rng_splitmix(&x));
        v->slot[i].deals = 0;
        v->slot[i].count = 0;
        v->slot[i].z_at = -1;
    }
    pthread_mutex_init(&v->lock, NULL);
    pthread_cond_init(&v->wake, NULL);
    pthread_cond_init(&v->idle, NULL);
    v->sync = true;
    v->threads = 1;
    for (int t = 1; t < threads; t++) {
        Worker *w = &v->worker[t];
        w->v = v;
        w->id = t;
        if (pthread_create(&w->tid, NULL, worker_main, w) != 0)
            break;
        v->threads++;
    }
    return v;
}

void ddz_vec_free(DdzVec *v)
{
    if (!v)
        return;
    if (v->threads > 1) {
        pthread_mutex_lock(&v->lock);
        v->quit = 1;
        pthread_cond_broadcast(&v->wake);
        pthread_mutex_unlock(&v->lock);
        for (int t = 1; t < v->threads; t++)
            pthread_join(v->worker[t].tid, NULL);
    }
    if (v->sync) {
        pthread_mutex_destroy(&v->lock);
        pthread_cond_destroy(&v->wake);
        pthread_cond_destroy(&v->idle);
    }
    free(v->uni.moves);
    free(v->uni.keys);
    free(v->uni.reads);
    free(v->uni.idx);
    free(v->uni.dz_move);
    free(v->uni.dz_multi);
    free(v->mask_set);
    free(v->mask_nset);
    free(v->slot);
    free(v);
}

int ddz_vec_bind(DdzVec *v, int field, void *array, int cap)
{
    DdzVecOut *o = &v->out;
    switch (field) {
    case DDZ_VEC_SEAT: o->seat = array; break;
    case DDZ_VEC_PHASE: o->phase = array; break;
    case DDZ_VEC_COUNT: o->count = array; break;
    case DDZ_VEC_LEGAL_RANKS:
    case DDZ_VEC_LEGAL_READING:
    case DDZ_VEC_LEGAL_INDEX:
    case DDZ_VEC_ACT_COUNTS:
    case DDZ_VEC_ACT_DZ:
        if (array && cap < 1)
            return DDZ_CAPI_EINVAL;
        if (array && (o->legal_ranks || o->legal_reading || o->legal_index || o->act_counts || o->act_dz) &&
            cap != o->legal_cap)
            return DDZ_CAPI_EINVAL;
        if (array)
            o->legal_cap = cap;
        if (field == DDZ_VEC_LEGAL_RANKS)
            o->legal_ranks = array;
        else if (field == DDZ_VEC_LEGAL_READING)
            o->legal_reading = array;
        else if (field == DDZ_VEC_LEGAL_INDEX)
            o->legal_index = array;
        else if (field == DDZ_VEC_ACT_COUNTS)
            o->act_counts = array;
        else
            o->act_dz = array;
        break;
    case DDZ_VEC_MASK:
        if (array && cap != v->uni.nb + 1)
            return DDZ_CAPI_EINVAL;
        if (array && !v->mask_set) {
            v->mask_set = malloc((size_t)v->n * MASK_SET * sizeof *v->mask_set);
            v->mask_nset = malloc((size_t)v->n * sizeof *v->mask_nset);
            if (!v->mask_set || !v->mask_nset) {
                free(v->mask_set);
                free(v->mask_nset);
                v->mask_set = v->mask_nset = NULL;
                return DDZ_CAPI_ENOMEM;
            }
        }
        if (array)
            for (int i = 0; i < v->n; i++)
                v->mask_nset[i] = -1; /* a new row: clear it whole first */
        o->mask = array;
        break;
    case DDZ_VEC_COMPACT_OBS: o->compact = array; break;
    case DDZ_VEC_DZ_X_OBS: o->dz_x = array; break;
    case DDZ_VEC_DZ_Z_OBS:
        o->dz_z = array;
        for (int i = 0; i < v->n; i++)
            v->slot[i].z_at = -1; /* a new array: its rows are made afresh */
        break;
    case DDZ_VEC_DZ_POS: o->dz_pos = array; break;
    case DDZ_VEC_REWARD: o->reward = array; break;
    case DDZ_VEC_DONE: o->done = array; break;
    default: return DDZ_CAPI_EINVAL;
    }
    return 0;
}

int ddz_vec_set_order(DdzVec *v, int order, char *err)
{
    if (order != DDZ_VEC_ORDER_RULES && order != DDZ_VEC_ORDER_DOUZERO)
        return capi_fail(err, DDZ_CAPI_EINVAL, "vec: order %d: 0 (the rules') or 1 (DouZero's)", order);
    if (order == DDZ_VEC_ORDER_DOUZERO && v->opt.rules != DDZ_RULES_DOUZERO)
        return capi_fail(err, DDZ_CAPI_EINVAL, "vec: DouZero's order needs rules=douzero, not %s",
                         ddz_ruleset_name(v->opt.rules));
    if (order == DDZ_VEC_ORDER_DOUZERO && v->opt.play_all)
        return capi_fail(err, DDZ_CAPI_EINVAL, "vec: DouZero's order does not go with play_all (DouZero has no such rule)");
    if (v->ready)
        return capi_fail(err, DDZ_CAPI_ESTATE, "vec: the order is chosen before the first reset");
    v->dz_order = order == DDZ_VEC_ORDER_DOUZERO;
    return 0;
}

void ddz_vec_reset(DdzVec *v)
{
    run(v, 1);
    v->ready = true;
}

int ddz_vec_step(DdzVec *v, const int32_t *actions, char *err)
{
    if (!v->ready)
        return capi_fail(err, DDZ_CAPI_ESTATE, "vec: step before the first reset");
    if (actions)
        for (int i = 0; i < v->n; i++)
            if (actions[i] < 0 || actions[i] >= v->slot[i].count)
                return capi_fail(err, DDZ_CAPI_EINVAL, "vec: game %d: action %d, but it has %d legal actions (0..%d)",
                                 i, actions[i], v->slot[i].count, v->slot[i].count - 1);
    v->actions = actions;
    run(v, 2);
    return 0;
}

void ddz_vec_stats(const DdzVec *v, int64_t out[3])
{
    for (int k = 0; k < 3; k++) {
        long s = v->stats[k];
        for (int t = 1; t < v->threads; t++)
            s += v->worker[t].stats[k];
        out[k] = s;
    }
}
