/* ws_io.h -- what the WebSocket server (ws.c) and client (ws_client.c) transports share: queues
 * of frames to write, reassembly of fragmented messages, the lws context, the clock. */
#ifndef DDZ_NET_WS_IO_H
#define DDZ_NET_WS_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libwebsockets.h>

/* Frames waiting to be written: one allocation each, with LWS_PRE bytes in front. */
typedef struct Frame {
    struct Frame *next;
    size_t len;
    unsigned char data[];
} Frame;

typedef struct Queue {
    Frame *head, *tail;
    size_t bytes;
} Queue;

int ws_queue_push(Queue *q, const char *data, size_t len);
void ws_queue_pop(Queue *q);
void ws_queue_free(Queue *q);
/* Writes queued frames while the socket takes them (one loop pass per frame would cost a
 * poll of every socket each time); returns -1 on a write error. */
int ws_queue_write(Queue *q, struct lws *wsi);

/* Creates a context on libuv's loop (epoll: a loop pass costs the same with 3 sockets or
 * 3,000) when lws's libuv plugin is installed, else on lws's own poll() loop. With libuv,
 * lws_service runs the loop until the context is destroyed; *uv says which it got. */
struct lws_context *ws_create_context(struct lws_context_creation_info *info, bool *uv);

/* A reassembly buffer for fragmented messages, at most DDZ_MAX_MESSAGE bytes. */
typedef struct Rx {
    char *buf;
    size_t len, cap;
    bool too_big;
} Rx;

/* Adds a fragment; past the limit only too_big is set. -1 when out of memory. */
int ws_rx_add(Rx *rx, const void *in, size_t len);

/* Monotonic milliseconds. */
int64_t ws_now_ms(void);
/* Lets one process hold thousands of sockets. */
void ws_raise_fd_limit(void);

#endif
