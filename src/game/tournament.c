/* tournament.c -- the competition of RULES §7 as a value: groups, rounds, byes, tables,
 * extra games, lots, standings, the invariant (tournament.h). Serialisation and verification
 * are in tourfile.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/tournament.h"

static void *grow(void *p, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return p;
    int c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    void *q = realloc(p, (size_t)c * elem);
    if (q)
        *cap = c;
    return q;
}

static void shuffle_ids(DdzDraw *d, int *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ddz_draw_below(d, (uint32_t)i + 1);
        int x = v[i];
        v[i] = v[j];
        v[j] = x;
    }
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Loads the players of group g as the alive set of a new stage. */
static void enter_stage(DdzTour *t, int stage)
{
    t->stage = stage;
    if (stage < t->cfg.groups) {
        t->nalive = t->gstart[stage + 1] - t->gstart[stage];
        memcpy(t->alive, t->groups + t->gstart[stage], (size_t)t->nalive * sizeof *t->alive);
        t->nlast_out = 0;
    } else {
        t->nalive = t->nwinners;
        memcpy(t->alive, t->winners, (size_t)t->nalive * sizeof *t->alive);
        t->nlast_out = t->npool;
        memcpy(t->last_out, t->pool, (size_t)t->npool * sizeof *t->pool);
    }
    qsort(t->alive, (size_t)t->nalive, sizeof *t->alive, cmp_int);
}

int ddz_tour_new(DdzTour *t, const DdzTourConfig *cfg, const uint64_t *seed, const uint8_t *seed256,
                 DdzError *err)
{
    memset(t, 0, sizeof *t);
    t->winner = -1;
    if (cfg->players < 3 || cfg->players > DDZ_TOUR_MAX_PLAYERS)
        return ddz_error_set(err, 0, "players %d: an event needs 3 to %d players", cfg->players, DDZ_TOUR_MAX_PLAYERS);
    if (cfg->groups < 1 || cfg->groups > cfg->players / 3)
        return ddz_error_set(err, 0, "groups %d: %d players make 1 to %d groups of at least 3", cfg->groups,
                             cfg->players, cfg->players / 3);
    if (cfg->games < 1 || cfg->games > DDZ_TOUR_MAX_GAMES)
        return ddz_error_set(err, 0, "games per table %d: from 1 to %d", cfg->games, DDZ_TOUR_MAX_GAMES);
    if ((seed == NULL) == (seed256 == NULL))
        return ddz_error_set(err, 0, "an event has one seed: 64-bit (simulation) or 256-bit (real)");
    t->cfg = *cfg;
    if (seed) {
        t->seed = *seed;
        ddz_draw_init(&t->draw, *seed);
    } else {
        t->wide = true;
        memcpy(t->seed256, seed256, DDZ_SEED256_BYTES);
        if (ddz_draw_init256(&t->draw, seed256) != 0)
            return ddz_error_set(err, 0, "libsodium cannot start");
    }
    int n = cfg->players, g = cfg->groups;
    t->stages = g > 1 ? g + 1 : 1;
    t->ent = calloc((size_t)n, sizeof *t->ent);
    t->alive = malloc((size_t)n * sizeof *t->alive);
    t->last_out = malloc((size_t)n * sizeof *t->last_out);
    t->pool = malloc((size_t)n * sizeof *t->pool);
    t->winners = malloc((size_t)g * sizeof *t->winners);
    t->groups = malloc((size_t)n * sizeof *t->groups);
    t->gstart = calloc((size_t)g + 1, sizeof *t->gstart);
    if (!t->ent || !t->alive || !t->last_out || !t->pool || !t->winners || !t->groups || !t->gstart) {
        ddz_tour_free(t);
        return ddz_error_set(err, 0, "out of memory for %d players", n);
    }
    /* Groups by lot: one shuffle of the ids, dealt round-robin, each group in ascending ids. */
    int *order = t->alive;
    for (int i = 0; i < n; i++)
        order[i] = i;
    if (g > 1)
        shuffle_ids(&t->draw, order, n);
    int k = 0;
    for (int grp = 0; grp < g; grp++) {
        t->gstart[grp] = k;
        for (int i = grp; i < n; i += g)
            t->groups[k++] = order[i];
        qsort(t->groups + t->gstart[grp], (size_t)(k - t->gstart[grp]), sizeof *t->groups, cmp_int);
        for (int i = t->gstart[grp]; i < k; i++)
            t->ent[t->groups[i]].group = grp;
    }
    t->gstart[g] = k;
    for (int i = 0; i < n; i++)
        t->ent[i].round = -1;
    enter_stage(t, 0);
    return 0;
}

void ddz_tour_free(DdzTour *t)
{
    free(t->ent);
    free(t->alive);
    free(t->last_out);
    free(t->pool);
    free(t->winners);
    free(t->groups);
    free(t->gstart);
    free(t->rounds);
    free(t->tables);
    ddz_draw_wipe(&t->draw);
    memset(t, 0, sizeof *t);
    t->winner = -1;
}

const char *ddz_tour_stage_name(const DdzTour *t, int stage, char buf[16])
{
    if (t->cfg.groups == 1)
        snprintf(buf, 16, "%s", "");
    else if (stage >= t->cfg.groups)
        snprintf(buf, 16, "final");
    else if (stage < 26)
        snprintf(buf, 16, "%c", 'A' + stage);
    else
        snprintf(buf, 16, "G%d", stage + 1);
    return buf;
}

/* The round number the stage is at: rounds already drawn in this stage. */
static int stage_rounds(const DdzTour *t, int stage)
{
    int r = 0;
    for (int i = 0; i < t->nrounds; i++)
        r += t->rounds[i].stage == stage;
    return r;
}

static void draw_seeds(DdzTour *t, DdzTourTable *tb)
{
    for (int k = 0; k <= t->cfg.games; k++) {
        if (t->wide)
            ddz_draw_bytes(&t->draw, tb->seed256[k], DDZ_SEED256_BYTES);
        else
            tb->seed[k] = ddz_draw_u64(&t->draw);
    }
}

static DdzTourTable *new_table(DdzTour *t, int stage, int round, int index)
{
    DdzTourTable *tb = &t->tables[t->ntables++];
    memset(tb, 0, sizeof *tb);
    tb->stage = stage;
    tb->round = round;
    tb->index = index;
    tb->completer = -1;
    tb->winner = -1;
    return tb;
}

int ddz_tour_draw(DdzTour *t, DdzError *err)
{
    if (t->winner >= 0 || t->playing)
        return -1;
    int n = t->nalive, stage = t->stage;
    DdzTourRound *rounds = grow(t->rounds, &t->caprounds, t->nrounds + 1, sizeof *t->rounds);
    DdzTourTable *tables = grow(t->tables, &t->captables, t->ntables + (n >= 3 ? n / 3 : 1), sizeof *t->tables);
    if (rounds)
        t->rounds = rounds;
    if (tables)
        t->tables = tables;
    if (!rounds || !tables)
        return ddz_error_set(err, 0, "out of memory");
    DdzTourRound *rd = &t->rounds[t->nrounds];
    memset(rd, 0, sizeof *rd);
    rd->stage = stage;
    rd->round = stage_rounds(t, stage);
    rd->first_table = t->ntables;
    rd->players = n;
    int *p = t->alive; /* ascending ids */
    if (n == 2) {
        /* Step 1. Two left: the best of the last round's eliminated completes the table. */
        int best = -1, nbest = 0;
        for (int i = 0; i < t->nlast_out; i++) {
            int s = t->ent[t->last_out[i]].score;
            if (best < 0 || s > t->ent[best].score)
                best = t->last_out[i], nbest = 1;
            else if (s == t->ent[best].score)
                nbest++;
        }
        if (best < 0)
            return ddz_error_set(err, 0, "two players left and nobody eliminated to complete the table");
        if (nbest > 1) {
            /* By lot among the tied, in ascending id order. */
            int pick = (int)ddz_draw_below(&t->draw, (uint32_t)nbest);
            int *ids = malloc((size_t)t->nlast_out * sizeof *ids), m = 0;
            if (!ids)
                return ddz_error_set(err, 0, "out of memory");
            for (int i = 0; i < t->nlast_out; i++)
                if (t->ent[t->last_out[i]].score == t->ent[best].score)
                    ids[m++] = t->last_out[i];
            qsort(ids, (size_t)m, sizeof *ids, cmp_int);
            best = ids[pick];
            free(ids);
        }
        DdzTourTable *tb = new_table(t, stage, rd->round, 0);
        tb->player[0] = p[0];
        tb->player[1] = p[1];
        tb->player[2] = best;
        tb->completer = 2;
        draw_seeds(t, tb);
        rd->ntables = 1;
    } else {
        /* Step 2. Byes: n mod 3 players, by lot among those with the fewest byes. */
        int nb = n % 3;
        for (int b = 0; b < nb; b++) {
            int fewest = -1, m = 0;
            for (int i = 0; i < n; i++) {
                if (p[i] < 0)
                    continue;
                int c = t->ent[p[i]].byes;
                if (fewest < 0 || c < fewest)
                    fewest = c, m = 1;
                else if (c == fewest)
                    m++;
            }
            int pick = (int)ddz_draw_below(&t->draw, (uint32_t)m);
            for (int i = 0; i < n; i++)
                if (p[i] >= 0 && t->ent[p[i]].byes == fewest && pick-- == 0) {
                    rd->bye[rd->nbyes++] = p[i];
                    p[i] = -1 - p[i]; /* marked, restored below */
                    break;
                }
        }
        /* Step 3. Tables: the others shuffled, three by three. */
        int *rest = malloc((size_t)n * sizeof *rest), m = 0;
        if (!rest)
            return ddz_error_set(err, 0, "out of memory");
        for (int i = 0; i < n; i++) {
            if (p[i] >= 0)
                rest[m++] = p[i];
            else
                p[i] = -1 - p[i];
        }
        shuffle_ids(&t->draw, rest, m);
        for (int i = 0; i < m; i += 3) {
            DdzTourTable *tb = new_table(t, stage, rd->round, i / 3);
            for (int s = 0; s < 3; s++)
                tb->player[s] = rest[i + s];
        }
        free(rest);
        rd->ntables = m / 3;
        for (int i = 0; i < rd->ntables; i++)
            draw_seeds(t, &t->tables[rd->first_table + i]);
        for (int b = 0; b < rd->nbyes; b++)
            t->ent[rd->bye[b]].byes++;
    }
    t->nrounds++;
    t->playing = true;
    return t->nrounds - 1;
}

void ddz_tour_game_seed(const DdzTour *t, const DdzTourTable *tb, int k, int a, uint64_t *seed,
                        uint8_t seed256[DDZ_SEED256_BYTES])
{
    if (t->wide) {
        memcpy(seed256, tb->seed256[k], DDZ_SEED256_BYTES);
        seed256[30] ^= (uint8_t)(a >> 8);
        seed256[31] ^= (uint8_t)a;
    } else {
        *seed = tb->seed[k] + (uint64_t)a * 0x9E3779B97F4A7C15ull;
    }
}

void ddz_tour_deal(const DdzTour *t, const DdzTourTable *tb, int k, int a, DdzGame *g)
{
    int first = (k + a) % DDZ_SEAT_NB;
    uint64_t seed = 0;
    uint8_t key[DDZ_SEED256_BYTES];
    ddz_tour_game_seed(t, tb, k, a, &seed, key);
    if (t->wide) {
        ddz_game_new_seed256(g, &t->cfg.opt, key, first);
    } else {
        DdzRng rng;
        ddz_rng_seed(&rng, seed);
        ddz_game_new(g, &t->cfg.opt, &rng, first);
    }
}

void ddz_tour_table_add(DdzTourTable *tb, int k, int K, const DdzResult *r)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (k < K)
            tb->score[s] += r->score[s];
        else
            tb->extra_score[s] += r->score[s];
    }
    if (k >= K)
        tb->extra = true;
    tb->played++;
}

/* The seats that may advance and hold the top of `score`; returns how many, in out. */
static int top_seats(const DdzTourTable *tb, const int *score, const bool *among, int out[DDZ_SEAT_NB])
{
    int best = 0, n = 0;
    bool any = false;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (s == tb->completer || (among && !among[s]))
            continue;
        if (!any || score[s] > best) {
            best = score[s];
            n = 0;
            any = true;
        }
        if (score[s] == best)
            out[n++] = s;
    }
    return n;
}

bool ddz_tour_table_needs_extra(const DdzTourTable *tb, int K)
{
    int top[DDZ_SEAT_NB];
    return tb->played == K && !tb->extra && top_seats(tb, tb->score, NULL, top) > 1;
}

/* Decides a table's winner; the lot (if any) is drawn now. */
static int settle(DdzTour *t, DdzTourTable *tb, DdzError *err)
{
    int K = t->cfg.games, top[DDZ_SEAT_NB];
    int n = top_seats(tb, tb->score, NULL, top);
    if (tb->played < K || (n > 1 && !tb->extra) || (n == 1 && tb->extra) || tb->played > K + (n > 1))
        return ddz_error_set(err, 0, "table %d of round %d has %d games, not what it needs", tb->index + 1,
                             tb->round + 1, tb->played);
    if (n > 1) {
        bool among[DDZ_SEAT_NB] = {false, false, false};
        for (int i = 0; i < n; i++)
            among[top[i]] = true;
        n = top_seats(tb, tb->extra_score, among, top);
        if (n > 1) {
            tb->lot = true;
            top[0] = top[ddz_draw_below(&t->draw, (uint32_t)n)];
        }
    }
    tb->winner = tb->player[top[0]];
    return 0;
}

int ddz_tour_finish_round(DdzTour *t, DdzError *err)
{
    if (!t->playing)
        return ddz_error_set(err, 0, "no round is being played");
    DdzTourRound *rd = &t->rounds[t->nrounds - 1];
    for (int i = 0; i < rd->ntables; i++)
        if (settle(t, &t->tables[rd->first_table + i], err) != 0)
            return -1;
    /* Everyone who played or had a bye reached this round. */
    for (int b = 0; b < rd->nbyes; b++) {
        DdzTourEntrant *e = &t->ent[rd->bye[b]];
        e->stage = rd->stage;
        e->round = rd->round;
        e->score = 0;
    }
    int nalive = 0, nout = 0;
    bool final_stage = rd->stage >= t->cfg.groups;
    t->nlast_out = 0;
    for (int i = 0; i < rd->ntables; i++) {
        DdzTourTable *tb = &t->tables[rd->first_table + i];
        for (int s = 0; s < DDZ_SEAT_NB; s++) {
            if (s == tb->completer)
                continue;
            DdzTourEntrant *e = &t->ent[tb->player[s]];
            e->stage = rd->stage;
            e->round = rd->round;
            e->score = tb->score[s];
            if (tb->player[s] == tb->winner) {
                t->alive[nalive++] = tb->player[s];
            } else {
                e->out = true;
                t->last_out[nout++] = tb->player[s];
            }
        }
    }
    t->nlast_out = nout;
    for (int b = 0; b < rd->nbyes; b++)
        t->alive[nalive++] = rd->bye[b];
    qsort(t->alive, (size_t)nalive, sizeof *t->alive, cmp_int);
    t->nalive = nalive;
    t->playing = false;
    if (nalive > 1)
        return 0;
    /* The stage is won. The eliminated of a group's last round may complete the final's
     * first table: they are kept in the pool. */
    int w = t->alive[0];
    if (final_stage || t->cfg.groups == 1) {
        t->winner = w;
        return 0;
    }
    t->winners[t->nwinners++] = w;
    memcpy(t->pool + t->npool, t->last_out, (size_t)nout * sizeof *t->pool);
    t->npool += nout;
    enter_stage(t, rd->stage + 1);
    return 0;
}

static bool fail(char *why, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(char *why, size_t size, const char *fmt, ...)
{
    if (why) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, size, fmt, ap);
        va_end(ap);
    }
    return false;
}

bool ddz_tour_ok(const DdzTour *t, char *why, size_t size)
{
    int n = t->cfg.players;
    char *mark = calloc((size_t)n, 1);
    int *byes = calloc((size_t)n, sizeof *byes);
    int *in = malloc((size_t)n * sizeof *in);
    bool ok = mark && byes && in;
    if (!ok) {
        free(mark);
        free(byes);
        free(in);
        return fail(why, size, "out of memory");
    }
    /* The groups are a partition of the entrants. */
    for (int i = 0; ok && i < n; i++) {
        int id = t->groups[i];
        if (id < 0 || id >= n || mark[id])
            ok = fail(why, size, "the groups hold entrant %d twice or not at all (%d)", id, i);
        else
            mark[id] = 1;
    }
    /* Replay the alive sets round by round. */
    int nin = 0, stage = -1, nwin = 0;
    int *winners = malloc((size_t)(t->cfg.groups + 1) * sizeof *winners);
    if (!winners)
        ok = false;
    for (int r = 0; ok && r < t->nrounds; r++) {
        const DdzTourRound *rd = &t->rounds[r];
        if (rd->stage != stage) {
            if (rd->stage != stage + 1)
                ok = fail(why, size, "round %d jumps to stage %d", r, rd->stage);
            if (stage >= 0 && nin != 1)
                ok = fail(why, size, "stage %d ended with %d players", stage, nin);
            if (stage >= 0 && ok)
                winners[nwin++] = in[0];
            stage = rd->stage;
            if (stage < t->cfg.groups) {
                nin = t->gstart[stage + 1] - t->gstart[stage];
                memcpy(in, t->groups + t->gstart[stage], (size_t)nin * sizeof *in);
            } else {
                nin = nwin;
                memcpy(in, winners, (size_t)nwin * sizeof *in);
            }
        }
        if (!ok)
            break;
        if (rd->players != nin)
            ok = fail(why, size, "round %d has %d players, not the number still in", r, rd->players);
        memset(mark, 0, (size_t)n);
        for (int i = 0; i < nin; i++)
            mark[in[i]] = 1;
        int seen = 0, next = 0;
        for (int b = 0; ok && b < rd->nbyes; b++) {
            int id = rd->bye[b], fewest = -1;
            for (int i = 0; i < nin; i++) /* among the round's players without a bye yet */
                if (mark[in[i]] == 1 && (fewest < 0 || byes[in[i]] < fewest))
                    fewest = byes[in[i]];
            if (id < 0 || id >= n || mark[id] != 1)
                ok = fail(why, size, "round %d: bye to %d, who is not in the round or seen twice", r, id);
            else if (byes[id] > fewest)
                ok = fail(why, size, "round %d: a second bye to %d while another player has fewer", r, id);
            else
                mark[id] = 2, seen++, byes[id]++, in[next++] = id;
        }
        if (ok && rd->nbyes != (nin >= 3 ? nin % 3 : 0))
            ok = fail(why, size, "round %d: %d byes", r, rd->nbyes);
        for (int i = 0; ok && i < rd->ntables; i++) {
            const DdzTourTable *tb = &t->tables[rd->first_table + i];
            int top[DDZ_SEAT_NB];
            for (int s = 0; ok && s < DDZ_SEAT_NB; s++) {
                int id = tb->player[s];
                if (s == tb->completer) {
                    if (id < 0 || id >= n || !t->ent[id].out || mark[id])
                        ok = fail(why, size, "round %d: completer %d is not an eliminated player", r, id);
                    continue;
                }
                if (id < 0 || id >= n || mark[id] != 1)
                    ok = fail(why, size, "round %d: %d sits at a table but is not in the round, or twice", r, id);
                else
                    mark[id] = 2, seen++;
            }
            if (!ok)
                break;
            if ((tb->completer >= 0) != (nin == 2))
                ok = fail(why, size, "round %d: a completer with %d players", r, nin);
            if (t->playing && r == t->nrounds - 1)
                continue;
            int ntop = top_seats(tb, tb->score, NULL, top);
            bool at = false;
            for (int k = 0; k < ntop; k++)
                at |= tb->player[top[k]] == tb->winner;
            if (!at)
                ok = fail(why, size, "round %d: the winner %d is not a top scorer of its table", r, tb->winner);
            else if ((ntop > 1) != tb->extra)
                ok = fail(why, size, "round %d table %d: an extra game without a tie, or a tie without one", r, i);
            else
                in[next++] = tb->winner;
        }
        if (ok && seen != nin)
            ok = fail(why, size, "round %d: %d players placed, not all of the round's", r, seen);
        if (ok && !(t->playing && r == t->nrounds - 1)) {
            if (next >= nin && nin > 1)
                ok = fail(why, size, "round %d: the players did not shrink (%d)", r, next);
            nin = next;
        }
    }
    if (ok && t->winner >= 0 && (nin != 1 || in[0] != t->winner))
        ok = fail(why, size, "the winner %d is not the last player left (%d left)", t->winner, nin);
    if (ok && t->winner < 0 && !t->playing && t->nrounds > 0 && nin < 1)
        ok = fail(why, size, "nobody left and no winner");
    free(winners);
    free(mark);
    free(byes);
    free(in);
    return ok;
}

static int standing_cmp(const void *a, const void *b)
{
    const DdzTourStanding *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank - y->rank;
    if (x->stage != y->stage)
        return y->stage - x->stage;
    if (x->round != y->round)
        return y->round - x->round;
    if (x->score != y->score)
        return y->score - x->score;
    return x->id - y->id;
}

void ddz_tour_standings(const DdzTour *t, DdzTourStanding *out)
{
    int n = t->cfg.players;
    for (int i = 0; i < n; i++) {
        const DdzTourEntrant *e = &t->ent[i];
        /* Groups rank below the final; within the groups, a stage's number says nothing. */
        out[i].id = i;
        out[i].stage = e->stage >= t->cfg.groups ? 1 : 0;
        out[i].round = e->round;
        out[i].score = e->score;
        out[i].rank = i == t->winner ? 0 : 1;
    }
    qsort(out, (size_t)n, sizeof *out, standing_cmp);
    for (int i = 0; i < n; i++) {
        bool same = i > 0 && out[i].id != t->winner && out[i - 1].id != t->winner && out[i].stage == out[i - 1].stage &&
                    out[i].round == out[i - 1].round && out[i].score == out[i - 1].score;
        out[i].rank = same ? out[i - 1].rank : i + 1;
    }
}
