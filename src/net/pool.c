/* pool.c -- worker threads for computer decisions. Each job carries a copy of the seat's view
 * and makes its own agent (ddz_server_think), so a worker shares nothing with the loop but
 * the queues, under the pool's mutex. Decisions of rooms somebody is in go first; those of
 * games nobody is in (DdzThinkJob.background) wait for a free worker. A job that waited in
 * the queue longer than its give_up_ms is dropped unanswered: the server played that move
 * another way, and a busy pool does not spend a thread on it. */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pool.h"

#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#define POOL_NICE 5 /* the workers' nice value above the process's */

typedef struct Job {
    struct Job *next;
    DdzThinkJob job;
    DdzAction action;
    bool ok;
    bool dropped; /* not begun within job.give_up_ms: not answered */
    int64_t queued, started;
} Job;

struct DdzPool {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    Job *queue[2], *tail[2], *done; /* [0] first, [1] background */
    bool stop;
    int pending;
    int64_t max_wait;
    long dropped;
    int nthreads;
    pthread_t *threads;
    void (*wake)(void *ctx);
    void *ctx;
};

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void *worker(void *arg)
{
    DdzPool *p = arg;
#ifdef __linux__
    /* Computers think at a lower priority than the event loop, so that on a busy machine the
     * people's messages go first (Linux: a thread's nice value is its own). */
    pid_t tid = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, (id_t)tid);
    if (errno == 0)
        setpriority(PRIO_PROCESS, (id_t)tid, nice + POOL_NICE);
#endif
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->queue[0] && !p->queue[1] && !p->stop)
            pthread_cond_wait(&p->cv, &p->mu);
        if (p->stop)
            break;
        int q = p->queue[0] ? 0 : 1;
        Job *j = p->queue[q];
        p->queue[q] = j->next;
        if (!p->queue[q])
            p->tail[q] = NULL;
        pthread_mutex_unlock(&p->mu);
        j->started = mono_ms();
        j->dropped = j->job.give_up_ms > 0 && j->started - j->queued > j->job.give_up_ms;
        j->ok = !j->dropped && ddz_server_think(&j->job, &j->action) == 0;
        pthread_mutex_lock(&p->mu);
        j->next = p->done;
        p->done = j;
        if (j->started - j->queued > p->max_wait)
            p->max_wait = j->started - j->queued;
        p->dropped += j->dropped;
        pthread_mutex_unlock(&p->mu);
        if (p->wake)
            p->wake(p->ctx);
        pthread_mutex_lock(&p->mu);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

DdzPool *ddz_pool_new(int n, void (*wake)(void *ctx), void *ctx)
{
    DdzPool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->threads = calloc((size_t)n, sizeof *p->threads);
    if (!p->threads) {
        free(p);
        return NULL;
    }
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->cv, NULL);
    p->wake = wake;
    p->ctx = ctx;
    for (int i = 0; i < n; i++) {
        if (pthread_create(&p->threads[i], NULL, worker, p) != 0)
            break;
        p->nthreads++;
    }
    if (!p->nthreads) {
        ddz_pool_free(p);
        return NULL;
    }
    return p;
}

int ddz_pool_submit(DdzPool *p, const DdzThinkJob *job)
{
    Job *j = malloc(sizeof *j);
    if (!j)
        return -1;
    j->next = NULL;
    j->job = *job;
    j->queued = mono_ms();
    pthread_mutex_lock(&p->mu);
    if (p->stop) {
        pthread_mutex_unlock(&p->mu);
        free(j);
        return -1;
    }
    int q = job->background ? 1 : 0;
    if (p->tail[q])
        p->tail[q]->next = j;
    else
        p->queue[q] = j;
    p->tail[q] = j;
    p->pending++;
    pthread_cond_signal(&p->cv);
    pthread_mutex_unlock(&p->mu);
    return 0;
}

void ddz_pool_drain(DdzPool *p, DdzServer *srv, int64_t now)
{
    pthread_mutex_lock(&p->mu);
    Job *list = p->done;
    p->done = NULL;
    pthread_mutex_unlock(&p->mu);
    /* Oldest first: the list was pushed at its head. */
    Job *rev = NULL;
    while (list) {
        Job *n = list->next;
        list->next = rev;
        rev = list;
        list = n;
    }
    int n = 0;
    while (rev) {
        Job *j = rev;
        rev = j->next;
        if (!j->dropped)
            ddz_server_thought(srv, j->job.room, j->job.key, j->ok ? &j->action : NULL, now);
        free(j);
        n++;
    }
    pthread_mutex_lock(&p->mu);
    p->pending -= n;
    pthread_mutex_unlock(&p->mu);
}

void ddz_pool_stats(DdzPool *p, int *pending, int64_t *max_wait, long *dropped)
{
    pthread_mutex_lock(&p->mu);
    *pending = p->pending;
    *max_wait = p->max_wait;
    *dropped = p->dropped;
    p->max_wait = 0;
    pthread_mutex_unlock(&p->mu);
}

void ddz_pool_free(DdzPool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_broadcast(&p->cv);
    pthread_mutex_unlock(&p->mu);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
    for (int q = 0; q < 2; q++)
        for (Job **l = &p->queue[q]; *l;) {
            Job *j = *l;
            *l = j->next;
            free(j);
        }
    for (Job **l = &p->done; *l;) {
        Job *j = *l;
        *l = j->next;
        free(j);
    }
    pthread_cond_destroy(&p->cv);
    pthread_mutex_destroy(&p->mu);
    free(p->threads);
    free(p);
}
