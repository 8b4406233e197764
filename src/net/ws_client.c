/* ws_client.c -- the WebSocket client transport over libwebsockets: DdzWsClient carries client
 * connections for ddz connect and loadtest (the server's transport is ws.c). */
#define _DEFAULT_SOURCE /* strdup */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libwebsockets.h>

#include "ddz/client.h"
#include "ddz/server.h"
#include "ddz/text.h"
#include "ws_io.h"

typedef struct CConn {
    struct lws *wsi;
    bool used, open, closing, reported;
    Queue q;
    Rx rx;
    long id;
    struct DdzWsClient *w;
} CConn;

struct DdzWsClient {
    struct lws_context *ctx;
    DdzWsHandler h;
    void *ud;
    CConn *conns;
    int max, n;
    bool stop;
    int timer_ms;
    bool uv, destroyed;
    lws_sorted_usec_list_t sul;
};

static void report_closed(CConn *c, const char *why)
{
    if (c->reported)
        return;
    c->reported = true;
    c->open = false;
    c->wsi = NULL;
    ws_queue_free(&c->q);
    free(c->rx.buf);
    memset(&c->rx, 0, sizeof c->rx);
    if (c->w->h.closed)
        c->w->h.closed(c->w->ud, c->id, why);
}

static int client_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    (void)user;
    CConn *c = wsi ? lws_get_opaque_user_data(wsi) : NULL;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        if (!c)
            return -1;
        c->open = true;
        if (c->w->h.opened)
            c->w->h.opened(c->w->ud, c->id);
        if (c->q.head)
            lws_callback_on_writable(wsi);
        return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (!c || ws_rx_add(&c->rx, in, len) != 0)
            return -1;
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
            if (c->rx.too_big && c->w->h.message) {
                /* Reported as a local error message rather than dropped without a word. */
                static const char oversized[] = "{\"type\":\"error\",\"code\":\"too_big\",\"local\":true,"
                                                "\"message\":\"the server sent a message over 65536 bytes; "
                                                "it was dropped\"}";
                c->w->h.message(c->w->ud, c->id, oversized, sizeof oversized - 1);
            } else if (c->w->h.message) {
                /* No control, format or separator character reaches a client's screen, from
                 * whatever server (include/ddz/text.h). */
                size_t n = c->rx.buf ? ddz_text_sanitize_json(c->rx.buf, c->rx.len) : 0;
                if (c->rx.buf)
                    c->rx.buf[n] = '\0';
                c->w->h.message(c->w->ud, c->id, c->rx.buf ? c->rx.buf : "", n);
            }
            c->rx.len = 0;
            c->rx.too_big = false;
        }
        return 0;
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (!c)
            return -1;
        if (ws_queue_write(&c->q, wsi) != 0)
            return -1;
        if (c->q.head)
            lws_callback_on_writable(wsi);
        else if (c->closing) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, NULL, 0);
            return -1;
        }
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (c)
            report_closed(c, in && len ? (const char *)in : "cannot connect");
        return 0;
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (c)
            report_closed(c, "closed");
        return 0;
    case LWS_CALLBACK_WSI_DESTROY:
        if (c)
            report_closed(c, "closed");
        return 0;
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED: {
        DdzWsClient *w = lws_context_user(lws_get_context(wsi));
        if (w && w->h.timer)
            w->h.timer(w->ud);
        return 0;
    }
    default:
        return 0;
    }
}

static void client_tick(lws_sorted_usec_list_t *sul)
{
    DdzWsClient *w = lws_container_of(sul, DdzWsClient, sul);
    if (!w->stop && w->h.timer)
        w->h.timer(w->ud);
    if (!w->stop) {
        lws_sul_schedule(w->ctx, 0, &w->sul, client_tick, (lws_usec_t)w->timer_ms * LWS_US_PER_MS);
    } else if (w->uv && !w->destroyed) {
        /* libuv: destroying the context from a timer ends lws_service. */
        w->destroyed = true;
        lws_context_destroy(w->ctx);
    }
}

DdzWsClient *ddz_ws_client_new(const DdzWsHandler *h, void *ctx, int max_conns, DdzError *err)
{
    ws_raise_fd_limit();
    DdzWsClient *w = calloc(1, sizeof *w);
    if (w)
        w->conns = calloc((size_t)max_conns, sizeof *w->conns);
    if (!w || !w->conns) {
        free(w);
        snprintf(err->msg, sizeof err->msg, "out of memory");
        return NULL;
    }
    w->h = *h;
    w->ud = ctx;
    w->max = max_conns;
    static const struct lws_protocols protocols[] = {
        {"ddz-client", client_callback, 0, 4096, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0},
    };
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.user = w;
    info.timeout_secs = 20;
    info.connect_timeout_secs = 10;
    lws_set_log_level(LLL_ERR, NULL);
    w->ctx = ws_create_context(&info, &w->uv);
    if (!w->ctx) {
        free(w->conns);
        free(w);
        snprintf(err->msg, sizeof err->msg, "cannot start libwebsockets");
        return NULL;
    }
    signal(SIGPIPE, SIG_IGN);
    return w;
}

void ddz_ws_client_free(DdzWsClient *w)
{
    if (!w)
        return;
    lws_context_destroy(w->ctx);
    for (int i = 0; i < w->n; i++) {
        ws_queue_free(&w->conns[i].q);
        free(w->conns[i].rx.buf);
    }
    free(w->conns);
    free(w);
}

int ddz_ws_url_parse(const char *url, char *host, size_t hsize, int *port, char *path, size_t psize, DdzError *err)
{
    if (strncmp(url, "ws://", 5) != 0) {
        snprintf(err->msg, sizeof err->msg, "the address must start with ws:// (e.g. ws://127.0.0.1:7733)");
        return -1;
    }
    const char *h = url + 5, *slash = strchr(h, '/'), *colon = strchr(h, ':');
    if (slash && colon > slash)
        colon = NULL;
    size_t hl = colon ? (size_t)(colon - h) : slash ? (size_t)(slash - h) : strlen(h);
    if (hl == 0 || hl >= hsize) {
        snprintf(err->msg, sizeof err->msg, "no host in '%.100s'", url);
        return -1;
    }
    memcpy(host, h, hl);
    host[hl] = '\0';
    *port = 7733;
    if (colon) {
        char *end;
        long p = strtol(colon + 1, &end, 10);
        if (p <= 0 || p > 65535 || (end != slash && *end)) {
            snprintf(err->msg, sizeof err->msg, "bad port in '%.100s'", url);
            return -1;
        }
        *port = (int)p;
    }
    snprintf(path, psize, "%s", slash ? slash : "/");
    return 0;
}

long ddz_ws_client_connect(DdzWsClient *w, const char *url, DdzError *err)
{
    char host[256], path[256];
    int port;
    if (ddz_ws_url_parse(url, host, sizeof host, &port, path, sizeof path, err) != 0)
        return -1;
    if (w->n >= w->max) {
        snprintf(err->msg, sizeof err->msg, "too many connections");
        return -1;
    }
    CConn *c = &w->conns[w->n];
    memset(c, 0, sizeof *c);
    c->id = w->n++;
    c->w = w;
    c->used = true;
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = w->ctx;
    ci.address = host;
    ci.port = port;
    ci.path = path;
    ci.host = host;
    ci.origin = host;
    ci.opaque_user_data = c;
    ci.local_protocol_name = "ddz-client";
    ci.pwsi = &c->wsi;
    if (!lws_client_connect_via_info(&ci) && !c->reported) {
        report_closed(c, "cannot connect");
        return c->id;
    }
    return c->id;
}

static CConn *client_conn(DdzWsClient *w, long id)
{
    if (id < 0 || id >= w->n || !w->conns[id].used || w->conns[id].reported)
        return NULL;
    return &w->conns[id];
}

int ddz_ws_client_send(DdzWsClient *w, long id, const char *data, size_t len)
{
    CConn *c = client_conn(w, id);
    if (!c || c->closing || ws_queue_push(&c->q, data, len) != 0)
        return -1;
    if (c->open && c->wsi)
        lws_callback_on_writable(c->wsi);
    return 0;
}

void ddz_ws_client_close(DdzWsClient *w, long id)
{
    CConn *c = client_conn(w, id);
    if (!c)
        return;
    c->closing = true;
    if (c->wsi)
        lws_callback_on_writable(c->wsi);
}

void ddz_ws_client_drop(DdzWsClient *w, long id)
{
    CConn *c = client_conn(w, id);
    if (!c || !c->wsi)
        return;
    int fd = (int)lws_get_socket_fd(c->wsi);
    if (fd >= 0)
        shutdown(fd, SHUT_RDWR);
    lws_set_timeout(c->wsi, PENDING_TIMEOUT_KILLED_BY_PARENT, LWS_TO_KILL_ASYNC);
}

int ddz_ws_client_run(DdzWsClient *w, int timer_ms)
{
    w->timer_ms = timer_ms > 0 ? timer_ms : 50;
    w->stop = false;
    lws_sul_schedule(w->ctx, 0, &w->sul, client_tick, (lws_usec_t)w->timer_ms * LWS_US_PER_MS);
    while (!w->stop)
        if (lws_service(w->ctx, 0) < 0 || w->uv)
            break;
    if (!w->uv)
        lws_sul_cancel(&w->sul);
    return 0;
}

void ddz_ws_client_stop(DdzWsClient *w)
{
    w->stop = true; /* the loop ends at the next timer */
}

void ddz_ws_client_interrupt(DdzWsClient *w)
{
    lws_cancel_service(w->ctx);
}
