/* store_writer.h -- the PostgreSQL store's writer thread (store.c): the writes whose answer
 * the server's event loop does not wait for (a game's end, its people, an abort, a rename,
 * the servers' "alive") run there, in the order they were queued, on the thread's own
 * connection, so that a slow or frozen database never holds up the loop. What the loop must
 * hear back (an end stored, refused or not written; the "alive" done; a write that failed)
 * waits in a list that the loop takes from (ddz_store_done in ddz/store.h). */
#ifndef DDZ_NET_STORE_WRITER_H
#define DDZ_NET_STORE_WRITER_H

#include "ddz/store.h"
#include "store_pg.h"

typedef struct StoreWriter StoreWriter;

typedef enum { W_END, W_PLAYERS, W_ABORT, W_RENAME, W_MAINTAIN } WriterKind;

/* One write. The writer owns text; end (and what it points to) is the caller's, untouched
 * until the write comes back through writer_done. */
typedef struct WriterOp {
    struct WriterOp *next;
    WriterKind kind;
    int64_t game, id;
    int64_t player[3];
    char *text;              /* the abort's reason or the new name */
    const DdzStoreEnd *end;  /* W_END */
    void *tag;               /* W_END: the caller's, handed back */
    int rc, aborted;         /* the answer */
    DdzError err;
} WriterOp;

/* Starts the thread on pg (its own connection, which it then owns). NULL with err. */
StoreWriter *writer_new(DdzPg *pg, DdzError *err);
/* Queues op (malloc'd; the writer owns it from now on). */
void writer_queue(StoreWriter *w, WriterOp *op);
/* Takes the oldest answer (the writer's op, the caller's to free with writer_op_free), or
 * NULL. Answers: every W_END and W_MAINTAIN, and any other write that failed. */
WriterOp *writer_done(StoreWriter *w);
void writer_op_free(WriterOp *op);
/* Whether a W_MAINTAIN is queued or running. */
bool writer_maintaining(StoreWriter *w);
/* Waits until every queued write was run (each is bounded by the connection's deadlines). */
void writer_flush(StoreWriter *w);
/* Runs what is queued (while the database answers; the rest is dropped once a write fails),
 * stops the thread, closes its connection and frees it, answers not taken included. */
void writer_free(StoreWriter *w);

#endif
