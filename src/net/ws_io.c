/* ws_io.c -- what the WebSocket transports share (ws_io.h). */
#define _DEFAULT_SOURCE /* setrlimit */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "ddz/server.h"
#include "ws_io.h"

int ws_queue_push(Queue *q, const char *data, size_t len)
{
    Frame *f = malloc(sizeof *f + LWS_PRE + len);
    if (!f)
        return -1;
    f->next = NULL;
    f->len = len;
    memcpy(f->data + LWS_PRE, data, len);
    if (q->tail)
        q->tail->next = f;
    else
        q->head = f;
    q->tail = f;
    q->bytes += len;
    return 0;
}

void ws_queue_pop(Queue *q)
{
    Frame *f = q->head;
    if (!f)
        return;
    q->head = f->next;
    if (!q->head)
        q->tail = NULL;
    q->bytes -= f->len;
    free(f);
}

void ws_queue_free(Queue *q)
{
    while (q->head)
        ws_queue_pop(q);
}

/* Writes queued frames while the socket takes them (one loop pass per frame would cost a
 * poll of every socket each time); returns -1 on a write error. */
int ws_queue_write(Queue *q, struct lws *wsi)
{
    for (int n = 0; q->head && n < 16; n++) {
        Frame *f = q->head;
        if (n && lws_send_pipe_choked(wsi))
            break;
        if (lws_write(wsi, f->data + LWS_PRE, f->len, LWS_WRITE_TEXT) < (int)f->len)
            return -1;
        ws_queue_pop(q);
    }
    return 0;
}

/* Creates a context on libuv's loop (epoll: a loop pass costs the same with 3 sockets or
 * 3,000) when lws's libuv plugin is installed, else on lws's own poll() loop. With libuv,
 * lws_service runs the loop until the context is destroyed; *uv says which it got. */
struct lws_context *ws_create_context(struct lws_context_creation_info *info, bool *uv)
{
    uint64_t base = info->options;
    info->options = base | LWS_SERVER_OPTION_LIBUV;
    struct lws_context *ctx = getenv("DDZ_POLL") ? NULL : lws_create_context(info);
    *uv = ctx != NULL;
    if (!ctx) {
        info->options = base;
        ctx = lws_create_context(info);
    }
    return ctx;
}

int ws_rx_add(Rx *rx, const void *in, size_t len)
{
    if (rx->too_big || rx->len + len > DDZ_MAX_MESSAGE) {
        rx->too_big = true;
        return 0;
    }
    if (rx->len + len + 1 > rx->cap) {
        size_t cap = rx->cap ? rx->cap : 1024;
        while (cap < rx->len + len + 1)
            cap *= 2;
        char *b = realloc(rx->buf, cap);
        if (!b)
            return -1;
        rx->buf = b;
        rx->cap = cap;
    }
    memcpy(rx->buf + rx->len, in, len);
    rx->len += len;
    rx->buf[rx->len] = '\0';
    return 0;
}

int64_t ws_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Lets one process hold thousands of sockets. */
void ws_raise_fd_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}
