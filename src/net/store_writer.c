/* store_writer.c -- the PostgreSQL store's writer thread (store_writer.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_writer.h"

/* A write that finds the connection broken waits this long for a new one (the thread may
 * wait: nobody else does); while an attempt goes on, the writes fail at once. */
#define CONNECT_WAIT_MS 500

struct StoreWriter {
    DdzPg *pg;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t work;       /* a write was queued, or stop */
    pthread_cond_t idle;       /* a write was run */
    WriterOp *head, *tail;     /* queued */
    WriterOp *done, *done_tail; /* answers for the loop */
    bool busy;                 /* a write is running */
    bool stop;
    bool failed_at_stop;       /* stopping, and a write failed: the rest is dropped */
    int maintaining;           /* W_MAINTAIN queued or running */
};

static void run(StoreWriter *w, WriterOp *op)
{
    ddz_pg_connect_wait(w->pg, CONNECT_WAIT_MS);
    op->err.msg[0] = '\0';
    switch (op->kind) {
    case W_END:
        op->rc = ddz_pg_game_end(w->pg, op->end, &op->err);
        break;
    case W_PLAYERS:
        op->rc = ddz_pg_game_players(w->pg, op->game, op->player, &op->err);
        break;
    case W_ABORT:
        op->rc = ddz_pg_game_abort(w->pg, op->game, op->text, &op->err);
        break;
    case W_RENAME:
        op->rc = ddz_pg_player_rename(w->pg, op->id, op->text, &op->err);
        break;
    case W_MAINTAIN:
        op->rc = ddz_pg_maintain(w->pg, &op->aborted, &op->err);
        break;
    }
}

static void *writer_main(void *arg)
{
    StoreWriter *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->head && !w->stop)
            pthread_cond_wait(&w->work, &w->mu);
        WriterOp *op = w->head;
        if (!op)
            break; /* stopping, and nothing is left */
        w->head = op->next;
        if (!w->head)
            w->tail = NULL;
        op->next = NULL;
        w->busy = true;
        bool drop = w->failed_at_stop;
        pthread_mutex_unlock(&w->mu);
        if (drop) {
            op->rc = -1;
            ddz_error_set(&op->err, 0, "not written: the server stopped while the database was away");
        } else {
            run(w, op);
        }
        pthread_mutex_lock(&w->mu);
        w->busy = false;
        if (op->kind == W_MAINTAIN)
            w->maintaining--;
        if (w->stop && op->rc == -1)
            w->failed_at_stop = true;
        if (op->kind == W_END || op->kind == W_MAINTAIN || op->rc < 0) {
            if (w->done_tail)
                w->done_tail->next = op;
            else
                w->done = op;
            w->done_tail = op;
        } else {
            writer_op_free(op);
        }
        pthread_cond_broadcast(&w->idle);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

StoreWriter *writer_new(DdzPg *pg, DdzError *err)
{
    StoreWriter *w = calloc(1, sizeof *w);
    if (!w) {
        ddz_error_set(err, 0, "out of memory");
        return NULL;
    }
    w->pg = pg;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->work, NULL);
    pthread_cond_init(&w->idle, NULL);
    if (pthread_create(&w->thread, NULL, writer_main, w) != 0) {
        pthread_cond_destroy(&w->idle);
        pthread_cond_destroy(&w->work);
        pthread_mutex_destroy(&w->mu);
        free(w);
        ddz_error_set(err, 0, "cannot start the store's writer thread");
        return NULL;
    }
    return w;
}

void writer_queue(StoreWriter *w, WriterOp *op)
{
    op->next = NULL;
    pthread_mutex_lock(&w->mu);
    if (w->tail)
        w->tail->next = op;
    else
        w->head = op;
    w->tail = op;
    if (op->kind == W_MAINTAIN)
        w->maintaining++;
    pthread_cond_signal(&w->work);
    pthread_mutex_unlock(&w->mu);
}

WriterOp *writer_done(StoreWriter *w)
{
    pthread_mutex_lock(&w->mu);
    WriterOp *op = w->done;
    if (op) {
        w->done = op->next;
        if (!w->done)
            w->done_tail = NULL;
        op->next = NULL;
    }
    pthread_mutex_unlock(&w->mu);
    return op;
}

void writer_op_free(WriterOp *op)
{
    if (!op)
        return;
    free(op->text);
    free(op);
}

bool writer_maintaining(StoreWriter *w)
{
    pthread_mutex_lock(&w->mu);
    bool m = w->maintaining > 0;
    pthread_mutex_unlock(&w->mu);
    return m;
}

void writer_flush(StoreWriter *w)
{
    pthread_mutex_lock(&w->mu);
    while (w->head || w->busy)
        pthread_cond_wait(&w->idle, &w->mu);
    pthread_mutex_unlock(&w->mu);
}

void writer_free(StoreWriter *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->stop = true;
    pthread_cond_signal(&w->work);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    while (w->done) {
        WriterOp *op = w->done;
        w->done = op->next;
        writer_op_free(op);
    }
    ddz_pg_close(w->pg);
    pthread_cond_destroy(&w->idle);
    pthread_cond_destroy(&w->work);
    pthread_mutex_destroy(&w->mu);
    free(w);
}
