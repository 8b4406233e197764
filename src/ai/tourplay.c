/* tourplay.c -- plays a tournament (tournament.h) among computer agents: each round's tables
 * in parallel on `jobs` threads, each table's agents seeded from the table's deal seeds, so
 * the event is the same for any number of jobs; writes the event's JSON Lines and prints it. */
#define _DEFAULT_SOURCE /* open_memstream */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/agent.h"
#include "ddz/ai.h"
#include "ddz/record.h"
#include "ddz/tournament.h"

typedef struct Work {
    DdzTour *t;
    const DdzTourRun *run;
    const char *const *names;
    int first, count;          /* the round's tables */
    char **text;               /* per table: its game records (with --record) */
    int next;                  /* next table to take */
    int failed;                /* table index + 1 of the first failure */
    DdzError err;
    pthread_mutex_t lock;
} Work;

/* An agent's seed: from the table's first deal seed and the seat. */
static uint64_t agent_seed(const DdzTour *t, const DdzTourTable *tb, int seat)
{
    uint64_t x = tb->seed[0];
    if (t->wide)
        for (int i = 0; i < 8; i++)
            x = x << 8 | tb->seed256[0][i];
    x ^= (uint64_t)(seat + 1) * 0xD1B54A32D192ED03ull;
    return ddz_rng_splitmix(&x);
}

/* Plays a table's games in order with one agent per seat for the whole table (its players
 * keep their seats), so the table's play depends only on its seeds. */
static int play_table(Work *w, DdzTourTable *tb, DdzGame *g, FILE *rec, DdzError *err)
{
    const DdzTour *t = w->t;
    int K = t->cfg.games, rc = 0;
    DdzAgent ag[DDZ_SEAT_NB];
    bool watched = false; /* the person's table, shown by the front end */
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        const char *name = w->run->agents[tb->player[s] % w->run->nagents];
        bool person = tb->player[s] == w->run->human && w->run->human_new;
        watched |= person && w->run->on_game;
        if (person ? w->run->human_new(w->run->human_ctx, &ag[s], err) != 0
                   : ddz_ai_agent_new(&ag[s], name, agent_seed(t, tb, s), err) != 0) {
            while (s-- > 0)
                ddz_agent_free(&ag[s]);
            return -1;
        }
    }
    for (int k = 0; rc == 0 && (k < K || (k == K && ddz_tour_table_needs_extra(tb, K))); k++) {
        for (int a = 0; rc == 0; a++) {
            ddz_tour_deal(t, tb, k, a, g);
            if (watched && w->run->on_game(w->run->front_ctx, t, tb, k, g) != 0)
                rc = ddz_error_set(err, 0, "stopped");
            while (rc == 0 && g->phase < DDZ_PHASE_OVER) {
                rc = ddz_agent_step(&ag[g->turn], g, err);
                if (rc == 0 && watched && w->run->on_game(w->run->front_ctx, t, tb, k, g) != 0)
                    rc = ddz_error_set(err, 0, "stopped");
            }
            if (rc == 0 && rec) {
                DdzRecordInfo info;
                memset(&info, 0, sizeof info);
                info.game = k + 1;
                /* The game's own deal seed, so the record stands alone too. */
                info.has_seed = !t->wide;
                info.has_seed256 = t->wide;
                ddz_tour_game_seed(t, tb, k, a, &info.seed, info.seed256);
                for (int s = 0; s < DDZ_SEAT_NB; s++)
                    snprintf(info.seats[s], sizeof info.seats[s], "%s", w->names[tb->player[s]]);
                rc = ddz_record_write(rec, g, &info, err);
            }
            if (rc != 0 || g->phase == DDZ_PHASE_OVER)
                break;
            if (a >= 999)
                rc = ddz_error_set(err, 0, "1000 redeals in a row");
        }
        if (rc == 0) {
            DdzResult r;
            ddz_game_result(g, &r);
            ddz_tour_table_add(tb, k, K, &r);
        }
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        ddz_agent_free(&ag[s]);
    if (rc == 0 && watched && w->run->on_game(w->run->front_ctx, t, tb, K, NULL) != 0)
        rc = ddz_error_set(err, 0, "stopped");
    return rc;
}

static void *worker(void *arg)
{
    Work *w = arg;
    DdzGame *g = malloc(sizeof *g);
    for (;;) {
        pthread_mutex_lock(&w->lock);
        int i = w->failed || !g ? w->count : w->next++;
        if (!g && !w->failed) {
            w->failed = 1;
            ddz_error_set(&w->err, 0, "out of memory");
        }
        pthread_mutex_unlock(&w->lock);
        if (i >= w->count)
            break;
        DdzTourTable *tb = &w->t->tables[w->first + i];
        char *buf = NULL;
        size_t size = 0;
        FILE *rec = w->run->record ? open_memstream(&buf, &size) : NULL;
        DdzError err = {0, "out of memory"};
        int rc = w->run->record && !rec ? -1 : play_table(w, tb, g, rec, &err);
        if (rec)
            fclose(rec);
        w->text[i] = buf;
        if (rc != 0) {
            pthread_mutex_lock(&w->lock);
            if (!w->failed || i + 1 < w->failed) {
                w->failed = i + 1;
                ddz_error_set(&w->err, 0, "table %d: %s", i + 1, err.msg);
            }
            pthread_mutex_unlock(&w->lock);
        }
    }
    free(g);
    return NULL;
}

static int play_round(Work *w, DdzError *err)
{
    int jobs = w->run->jobs < 1 ? 1 : w->run->jobs;
    if (jobs > w->count)
        jobs = w->count > 0 ? w->count : 1;
    pthread_t th[64];
    if (jobs > 64)
        jobs = 64;
    int started = 0;
    if (jobs == 1) {
        worker(w);
    } else {
        for (; started < jobs; started++)
            if (pthread_create(&th[started], NULL, worker, w) != 0)
                break;
        if (started == 0)
            worker(w);
        for (int i = 0; i < started; i++)
            pthread_join(th[i], NULL);
    }
    if (w->failed) {
        *err = w->err;
        return -1;
    }
    return 0;
}

int ddz_tour_run(DdzTour *t, const DdzTourRun *run, DdzError *err)
{
    int n = t->cfg.players, rc = -1;
    if (run->nagents < 1)
        return ddz_error_set(err, 0, "no agents to play the event");
    for (int i = 0; i < run->nagents; i++) {
        DdzAgent probe;
        if (ddz_ai_agent_new(&probe, run->agents[i], 1, err) != 0)
            return -1;
        ddz_agent_free(&probe);
    }
    char **names = calloc((size_t)n, sizeof *names);
    Work w;
    memset(&w, 0, sizeof w);
    pthread_mutex_init(&w.lock, NULL);
    if (!names) {
        ddz_error_set(err, 0, "out of memory");
        goto done;
    }
    for (int i = 0; i < n; i++) {
        char buf[64];
        if (i == run->human && run->human_name)
            snprintf(buf, sizeof buf, "%s", run->human_name);
        else
            snprintf(buf, sizeof buf, "P%d:%s", i + 1, run->agents[i % run->nagents]);
        if (!(names[i] = strdup(buf))) {
            ddz_error_set(err, 0, "out of memory");
            goto done;
        }
    }
    w.t = t;
    w.run = run;
    w.names = (const char *const *)names;
    if (run->record && ddz_tour_write_header(run->record, t, w.names, err) != 0)
        goto done;
    while (!ddz_tour_over(t)) {
        int ri = ddz_tour_draw(t, err);
        if (ri < 0)
            goto done;
        const DdzTourRound *rd = &t->rounds[ri];
        if (run->on_round && run->on_round(run->front_ctx, t, ri, false, w.names) != 0) {
            ddz_error_set(err, 0, "stopped");
            goto done;
        }
        w.first = rd->first_table;
        w.count = rd->ntables;
        w.next = 0;
        w.failed = 0;
        w.text = calloc((size_t)rd->ntables + 1, sizeof *w.text);
        if (!w.text) {
            ddz_error_set(err, 0, "out of memory");
            goto done;
        }
        int played = play_round(&w, err);
        if (played == 0)
            played = ddz_tour_finish_round(t, err);
        if (played == 0 && run->record) {
            played = ddz_tour_write_round(run->record, t, ri, err);
            for (int i = 0; played == 0 && i < rd->ntables; i++) {
                const DdzTourTable *tb = &t->tables[rd->first_table + i];
                played = ddz_tour_write_table_begin(run->record, t, tb, err);
                if (played == 0 && w.text[i] && fputs(w.text[i], run->record) == EOF)
                    played = ddz_error_set(err, 0, "tournament record: write error");
                if (played == 0)
                    played = ddz_tour_write_table_end(run->record, t, tb, err);
            }
        }
        for (int i = 0; i < rd->ntables; i++)
            free(w.text[i]);
        free(w.text);
        w.text = NULL;
        if (played != 0)
            goto done;
        if (run->out) {
            ddz_tour_print_round(run->out, t, ri, w.names);
            fflush(run->out);
        }
        if (run->on_round && run->on_round(run->front_ctx, t, ri, true, w.names) != 0) {
            ddz_error_set(err, 0, "stopped");
            goto done;
        }
    }
    if (run->record && (ddz_tour_write_standings(run->record, t, err) != 0 || fflush(run->record) != 0))
        goto done;
    if (run->out)
        ddz_tour_print_standings(run->out, t, w.names, run->top);
    if (run->on_round && run->on_round(run->front_ctx, t, -1, true, w.names) != 0) {
        ddz_error_set(err, 0, "stopped");
        goto done;
    }
    rc = 0;
done:
    if (names)
        for (int i = 0; i < n; i++)
            free(names[i]);
    free(names);
    pthread_mutex_destroy(&w.lock);
    return rc;
}
