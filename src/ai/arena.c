/* arena.c -- two agents head to head over paired deals, on worker threads; WP and ADP with
 * confidence intervals. */
#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ddz/ai.h"
#include "ddz/arena.h"
#include "ddz/engine.h"

int ddz_arena_points(const DdzResult *r, unsigned a_seats, bool bidding)
{
    if (!bidding) {
        bool won = ((a_seats >> r->landlord) & 1u) == r->landlord_won;
        int bombs = r->bombs < 20 ? r->bombs : 20;
        return (won ? 1 : -1) * (2 << bombs);
    }
    int points = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if ((a_seats >> s) & 1u)
            points += r->score[s];
    return points;
}

void ddz_arena_tally_add(DdzArenaTally *t, bool won, int points)
{
    t->games++;
    t->wins += won;
    t->points += points;
    t->points_sq += (long long)points * points;
}

static void tally_merge(DdzArenaTally *into, const DdzArenaTally *t)
{
    into->games += t->games;
    into->wins += t->wins;
    into->points += t->points;
    into->points_sq += t->points_sq;
}

/* The sample standard deviation of n values from their sum and the sum of their squares; 0
 * for fewer than 2 values. */
static double sample_sd(long double sum, long double sum_sq, long n)
{
    if (n < 2)
        return 0;
    long double var = (sum_sq - sum * sum / (long double)n) / (long double)(n - 1);
    return var > 0 ? sqrt((double)var) : 0;
}

void ddz_arena_summarize(const DdzArenaTally *t, DdzArenaSummary *s)
{
    memset(s, 0, sizeof *s);
    if (t->games == 0)
        return;
    const double z = 1.96, n = (double)t->games;
    double p = (double)t->wins / n;
    double denom = 1 + z * z / n, center = (p + z * z / (2 * n)) / denom;
    double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom;
    s->wp = p;
    s->wp_lo = center - half;
    s->wp_hi = center + half;
    s->adp = (double)t->points / n;
    s->sd = sample_sd(t->points, t->points_sq, t->games);
    s->adp_lo = s->adp - z * s->sd / sqrt(n);
    s->adp_hi = s->adp + z * s->sd / sqrt(n);
}

int ddz_arena_time_bin(double ms)
{
    if (!(ms > DDZ_ARENA_BIN_MS))
        return 0;
    int b = (int)floor(log(ms / DDZ_ARENA_BIN_MS) / log(1.05));
    return b < 0 ? 0 : b >= DDZ_ARENA_TIME_BINS ? DDZ_ARENA_TIME_BINS - 1 : b;
}

double ddz_arena_time_quantile(const long bins[DDZ_ARENA_TIME_BINS], long n, double q)
{
    if (n <= 0)
        return 0;
    long want = (long)ceil(q * (double)n), seen = 0;
    if (want < 1)
        want = 1;
    for (int b = 0; b < DDZ_ARENA_TIME_BINS; b++)
        if ((seen += bins[b]) >= want)
            return DDZ_ARENA_BIN_MS * pow(1.05, b + 1);
    return DDZ_ARENA_BIN_MS * pow(1.05, DDZ_ARENA_TIME_BINS);
}

double ddz_arena_times_quantile(const DdzArenaTimes *t, bool cpu, double q)
{
    double edge = ddz_arena_time_quantile(cpu ? t->cpu : t->wall, t->n, q);
    double max = cpu ? t->cpu_max_ms : t->wall_max_ms;
    return edge < max ? edge : max;
}

static void times_merge(DdzArenaTimes *into, const DdzArenaTimes *t)
{
    into->n += t->n;
    for (int b = 0; b < DDZ_ARENA_TIME_BINS; b++) {
        into->wall[b] += t->wall[b];
        into->cpu[b] += t->cpu[b];
    }
    if (t->wall_max_ms > into->wall_max_ms)
        into->wall_max_ms = t->wall_max_ms;
    if (t->cpu_max_ms > into->cpu_max_ms)
        into->cpu_max_ms = t->cpu_max_ms;
}

static double clock_ms(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

void ddz_arena_compare(const DdzArenaGame *x, const DdzArenaGame *y, long deals, DdzArenaDiff *out)
{
    memset(out, 0, sizeof *out);
    out->deals = deals;
    if (deals <= 0)
        return;
    /* A deal's differences in WP and ADP are half its two games' differences in wins and
     * points. */
    double w = 0, w2 = 0, p = 0, p2 = 0, n = (double)deals;
    long same = 0, role[2] = {0, 0};
    for (long k = 0; k < deals; k++) {
        int dw = 0, dp = 0;
        for (int s = 0; s < 2; s++) {
            const DdzArenaGame *a = &x[2 * k + s], *b = &y[2 * k + s];
            int won = (int)a->won - (int)b->won;
            dw += won;
            role[s] += won;
            dp += a->points - b->points;
            same += won == 0;
        }
        w += dw / 2.0;
        w2 += (dw / 2.0) * (dw / 2.0);
        p += dp / 2.0;
        p2 += (dp / 2.0) * (dp / 2.0);
    }
    double half_w = 1.96 * sample_sd(w, w2, deals) / sqrt(n), half_p = 1.96 * sample_sd(p, p2, deals) / sqrt(n);
    out->wp = w / n;
    out->wp_lo = out->wp - half_w;
    out->wp_hi = out->wp + half_w;
    out->adp = p / n;
    out->adp_lo = out->adp - half_p;
    out->adp_hi = out->adp + half_p;
    for (int s = 0; s < 2; s++)
        out->wp_swap[s] = (double)role[s] / (double)deals;
    out->agree = (double)same / (2.0 * (double)deals);
}

/* The match ------------------------------------------------------------------------------*/

typedef struct Arena {
    const DdzArenaConfig *cfg;
    pthread_mutex_t lock;
    long next;       /* next deal to hand out */
    bool stop;       /* an error happened: hand out no more */
    long err_deal;   /* the lowest failing deal, its error in err */
    DdzError err;
    DdzArenaStats sum;
} Arena;

/* The seed of one agent: a function of the run's seed, the deal, the game and the seat
 * only, so any worker makes the same agent for the same game. */
static uint64_t agent_seed(uint64_t seed, uint64_t deal, int swap, int seat)
{
    uint64_t x = seed * 0x9E3779B97F4A7C15ull + deal;
    x = ddz_rng_splitmix(&x) ^ (uint64_t)(swap * 3 + seat + 1) * 0xD1B54A32D192ED03ull;
    return ddz_rng_splitmix(&x);
}

/* Where a game is played, for reporting A's slow decisions (cfg.slow_ms). */
typedef struct Where {
    Arena *ar;
    long deal;
    int swap;
} Where;

/* Reports a decision of A that took more CPU time than cfg.slow_ms: the step is taken
 * back to ask the request its seat answered, then made again. */
static void report_slow(const Where *at, DdzGame *g, int seat, double cpu_ms, double wall_ms)
{
    const DdzArenaConfig *cfg = at->ar->cfg;
    DdzAction done = g->hist[g->nhist - 1];
    ddz_game_undo(g);
    char *req = ddz_engine_request(g, cfg->a);
    int rc = ddz_game_apply(g, &done, NULL);
    assert(rc == 0);
    (void)rc;
    DdzArenaSlow d = {at->deal, at->swap, seat, cpu_ms, wall_ms, req};
    pthread_mutex_lock(&at->ar->lock);
    cfg->slow(cfg->slow_ctx, &d);
    pthread_mutex_unlock(&at->ar->lock);
    free(req);
}

/* Plays a dealt game to its end with the agents, timing the decisions of the seats in
 * a_seats (a bit per seat) into *times. */
static int play_out(DdzGame *g, DdzAgent agents[DDZ_SEAT_NB], unsigned a_seats, DdzArenaTimes *times,
                    const Where *at, DdzError *err)
{
    while (g->phase != DDZ_PHASE_OVER && g->phase != DDZ_PHASE_REDEAL) {
        int seat = g->turn;
        DdzAgent *a = &agents[seat];
        DdzError e;
        double w0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
        if (ddz_agent_step(a, g, &e) != 0) {
            snprintf(err->msg, sizeof err->msg, "seat %d (%.40s): %.190s", seat, a->name, e.msg);
            return -1;
        }
        if (a_seats >> seat & 1) {
            double w = clock_ms(CLOCK_MONOTONIC) - w0, c = clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
            times->n++;
            times->wall[ddz_arena_time_bin(w)]++;
            times->cpu[ddz_arena_time_bin(c)]++;
            if (w > times->wall_max_ms)
                times->wall_max_ms = w;
            if (c > times->cpu_max_ms)
                times->cpu_max_ms = c;
            if (at->ar->cfg->slow && at->ar->cfg->slow_ms > 0 && c > at->ar->cfg->slow_ms && g->nhist > 0)
                report_slow(at, g, seat, c, w);
        }
    }
    return 0;
}

/* Game `swap` of deal k: swap 0 has A in seat 0 (the landlord without bidding) and B in
 * seats 1 and 2; swap 1 the other way round. */
static int play_game(Arena *ar, uint64_t k, int swap, DdzGame *g, DdzArenaStats *st, DdzError *err)
{
    const DdzArenaConfig *cfg = ar->cfg;
    Where at = {ar, (long)k, swap};
    DdzAgent agents[DDZ_SEAT_NB];
    const char *name[DDZ_SEAT_NB] = {swap ? cfg->b : cfg->a, swap ? cfg->a : cfg->b, swap ? cfg->a : cfg->b};
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (ddz_ai_agent_new(&agents[s], name[s], agent_seed(cfg->seed, k, swap, s), err) != 0) {
            while (s-- > 0)
                ddz_agent_free(&agents[s]);
            return -1;
        }
    DdzOptions opt;
    if (ddz_arena_options(cfg, &opt, err) != 0) {
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            ddz_agent_free(&agents[s]);
        return -1;
    }
    DdzRng rng;
    ddz_rng_seed(&rng, cfg->seed + k);
    int rc = 0;
    unsigned a_seats = swap ? 6u : 1u;
    if (!cfg->bidding) {
        /* The research protocol: seat 0 takes the bottom and leads, worth a bid of 3. */
        ddz_game_new(g, &opt, &rng, 0);
        rc = ddz_game_appoint(g, 0, err);
        if (rc == 0)
            rc = play_out(g, agents, a_seats, &st->a_times, &at, err);
    } else {
        /* Everyone passed: the next shuffle of the same generator, the next first bidder. */
        for (int attempt = 0; rc == 0; attempt++) {
            ddz_game_new(g, &opt, &rng, (int)((k + (uint64_t)attempt) % 3));
            rc = play_out(g, agents, a_seats, &st->a_times, &at, err);
            if (g->phase != DDZ_PHASE_REDEAL)
                break;
            st->redeals++;
            if (attempt == 999) {
                snprintf(err->msg, sizeof err->msg, "1000 redeals in a row");
                rc = -1;
            }
        }
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        ddz_agent_free(&agents[s]);
    DdzResult r;
    if (rc != 0 || ddz_game_result(g, &r) != 0)
        return -1;
    bool a_landlord = (a_seats >> r.landlord) & 1u;
    bool won = a_landlord == r.landlord_won;
    int points = ddz_arena_points(&r, a_seats, cfg->bidding);
    ddz_arena_tally_add(&st->all, won, points);
    ddz_arena_tally_add(a_landlord ? &st->landlord : &st->farmers, won, points);
    if (cfg->games)
        cfg->games[2 * k + (uint64_t)swap] = (DdzArenaGame){won, points};
    st->bombs += r.bombs;
    return 0;
}

static void *worker(void *arg)
{
    Arena *ar = arg;
    DdzArenaStats st;
    memset(&st, 0, sizeof st);
    DdzGame *g = malloc(sizeof *g);
    DdzError err = {0, "out of memory"};
    long failed = -1;
    for (;;) {
        pthread_mutex_lock(&ar->lock);
        long k = ar->stop || !g ? ar->cfg->deals : ar->next++;
        pthread_mutex_unlock(&ar->lock);
        if (k >= ar->cfg->deals)
            break;
        for (int swap = 0; swap < 2 && failed < 0; swap++)
            if (play_game(ar, (uint64_t)k, swap, g, &st, &err) != 0) {
                char msg[sizeof err.msg];
                snprintf(msg, sizeof msg, "deal %ld (%.40s the landlord's side): %.150s", k,
                         swap ? ar->cfg->b : ar->cfg->a, err.msg);
                memcpy(err.msg, msg, sizeof msg);
                failed = k;
            }
        if (failed >= 0)
            break;
    }
    if (!g)
        failed = 0;
    free(g);
    pthread_mutex_lock(&ar->lock);
    tally_merge(&ar->sum.all, &st.all);
    tally_merge(&ar->sum.landlord, &st.landlord);
    tally_merge(&ar->sum.farmers, &st.farmers);
    ar->sum.redeals += st.redeals;
    ar->sum.bombs += st.bombs;
    times_merge(&ar->sum.a_times, &st.a_times);
    if (failed >= 0) {
        ar->stop = true;
        if (ar->err_deal < 0 || failed < ar->err_deal) {
            ar->err_deal = failed;
            ar->err = err;
        }
    }
    pthread_mutex_unlock(&ar->lock);
    return NULL;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int ddz_arena_options(const DdzArenaConfig *cfg, DdzOptions *opt, DdzError *err)
{
    *opt = ddz_options_default();
    opt->rules = cfg->rules;
    for (const char *p = cfg->options; p && *p;) {
        size_t len = strcspn(p, ",");
        char one[128];
        if (len >= sizeof one) {
            if (err)
                snprintf(err->msg, sizeof err->msg, "option '%.40s...' is too long", p);
            return -1;
        }
        memcpy(one, p, len);
        one[len] = '\0';
        if (len && ddz_options_set(opt, one, err) != 0)
            return -1;
        p += len + (p[len] == ',');
    }
    return 0;
}

int ddz_arena_run(const DdzArenaConfig *cfg, DdzArenaStats *out, DdzError *err)
{
    memset(out, 0, sizeof *out);
    /* Both names are checked before any thread starts. */
    const char *names[2] = {cfg->a, cfg->b};
    for (int i = 0; i < 2; i++) {
        DdzAgent a;
        if (!names[i] || ddz_ai_agent_new(&a, names[i], 1, err) != 0) {
            if (!names[i] && err)
                snprintf(err->msg, sizeof err->msg, "no agent name");
            return -1;
        }
        ddz_agent_free(&a);
    }
    DdzOptions opt;
    DdzError oerr;
    if (ddz_arena_options(cfg, &opt, &oerr) != 0) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "--options: %.200s", oerr.msg);
        return -1;
    }
    if (cfg->deals < 0) {
        if (err)
            snprintf(err->msg, sizeof err->msg, "deals %ld: give a positive number", cfg->deals);
        return -1;
    }
    Arena ar;
    memset(&ar, 0, sizeof ar);
    ar.cfg = cfg;
    ar.err_deal = -1;
    pthread_mutex_init(&ar.lock, NULL);
    int jobs = cfg->jobs < 1 ? 1 : cfg->jobs > 256 ? 256 : cfg->jobs;
    if (jobs > cfg->deals)
        jobs = cfg->deals > 0 ? (int)cfg->deals : 1;
    pthread_t threads[256];
    int started = 0;
    double t0 = now_seconds();
    for (; started < jobs - 1; started++)
        if (pthread_create(&threads[started], NULL, worker, &ar) != 0)
            break;
    worker(&ar); /* the calling thread works too */
    for (int i = 0; i < started; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_destroy(&ar.lock);
    *out = ar.sum;
    out->seconds = now_seconds() - t0;
    if (ar.err_deal >= 0) {
        if (err)
            *err = ar.err;
        return -1;
    }
    return 0;
}
