/* pool.h -- a pool of threads that run computer decisions (DdzThinkJob) off the event loop:
 * jobs go in from the loop's thread, answers come back to it (ddz_pool_drain), and a wake
 * function tells the loop that answers wait. Internal to the transport (ws.c). */
#ifndef DDZ_NET_POOL_H
#define DDZ_NET_POOL_H

#include "ddz/server.h"

typedef struct DdzPool DdzPool;

/* Starts n threads; wake(ctx) is called from a worker after each answer. NULL on failure. */
DdzPool *ddz_pool_new(int n, void (*wake)(void *ctx), void *ctx);
/* Queues a copy of the job; 0, or -1 (out of memory, stopping). */
int ddz_pool_submit(DdzPool *pool, const DdzThinkJob *job);
/* Hands every answer that waits to the server (on the loop's thread). */
void ddz_pool_drain(DdzPool *pool, DdzServer *srv, int64_t now_ms);
/* Jobs queued or running, the longest a finished job waited in the queue (ms, then reset),
 * and how many jobs were dropped unanswered past their give_up_ms (a total). */
void ddz_pool_stats(DdzPool *pool, int *pending, int64_t *max_wait_ms, long *dropped);
/* Stops the threads (jobs not started are dropped) and frees the pool. */
void ddz_pool_free(DdzPool *pool);

#endif
