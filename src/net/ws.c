/* ws.c -- the WebSocket server transport over libwebsockets: ddz_serve_run feeds the server
 * core from one event loop (the client transport is ws_client.c). */
#define _DEFAULT_SOURCE /* strdup, setrlimit */
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netdb.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <libwebsockets.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "ddz/client.h"
#include "ddz/http.h"
#include "ddz/server.h"
#include "ddz/text.h"
#include "pool.h"
#include "ws_io.h"
#include "wsmask.h"

typedef struct Pss {
    long conn;
    struct lws *wsi;
    Queue q;
    Rx rx;
    bool closing;  /* close once the queue is written */
    bool forgot;   /* the core no longer knows this connection */
    bool overflow; /* it does not read what it is sent */
    bool pinged;   /* a ping went after ping_ms of silence; cut after twice that */
    bool want_ping;
    int64_t heard; /* the last frame from it (a message or a pong) */
    DdzHttpConn http; /* a plain HTTP request in progress (ddz_http_lws_*) */
} Pss;

/* Connection id -> Pss, open addressing with linear probing (ids are never 0). */
typedef struct Map {
    long *keys;
    Pss **vals;
    size_t cap, n;
} Map;

static size_t map_slot(const Map *m, long key)
{
    return (size_t)((uint64_t)key * 0x9E3779B97F4A7C15ull >> 20) & (m->cap - 1);
}

static int map_put(Map *m, long key, Pss *v);

static int map_grow(Map *m)
{
    Map bigger = {NULL, NULL, m->cap ? m->cap * 2 : 1024, 0};
    bigger.keys = calloc(bigger.cap, sizeof *bigger.keys);
    bigger.vals = calloc(bigger.cap, sizeof *bigger.vals);
    if (!bigger.keys || !bigger.vals) {
        free(bigger.keys);
        free(bigger.vals);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i] > 0)
            map_put(&bigger, m->keys[i], m->vals[i]);
    free(m->keys);
    free(m->vals);
    *m = bigger;
    return 0;
}

static int map_put(Map *m, long key, Pss *v)
{
    if ((m->n + 1) * 2 > m->cap && map_grow(m) != 0)
        return -1;
    size_t i = map_slot(m, key);
    while (m->keys[i] > 0)
        i = (i + 1) & (m->cap - 1);
    m->keys[i] = key;
    m->vals[i] = v;
    m->n++;
    return 0;
}

static Pss *map_get(const Map *m, long key)
{
    if (!m->cap)
        return NULL;
    for (size_t i = map_slot(m, key); m->keys[i]; i = (i + 1) & (m->cap - 1))
        if (m->keys[i] == key)
            return m->vals[i];
    return NULL;
}

/* Removes key, re-inserting the rest of its probe run (no tombstones). */
static void map_del(Map *m, long key)
{
    if (!m->cap)
        return;
    size_t i = map_slot(m, key);
    while (m->keys[i] && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (!m->keys[i])
        return;
    m->keys[i] = 0;
    m->vals[i] = NULL;
    m->n--;
    for (size_t j = (i + 1) & (m->cap - 1); m->keys[j]; j = (j + 1) & (m->cap - 1)) {
        long k = m->keys[j];
        Pss *v = m->vals[j];
        m->keys[j] = 0;
        m->vals[j] = NULL;
        m->n--;
        map_put(m, k, v);
    }
}

typedef struct Serve {
    DdzServer *srv;
    struct lws_context *ctx;
    lws_sorted_usec_list_t sul;
    Map map;
    const DdzServeConfig *cfg;
    bool uv, stopping;
    int64_t last_stats, stats_ms; /* the statistics line: last, every (DDZ_STATS_S, else 60 s) */
    int64_t last_tick, max_gap;   /* the timer's last run; its longest lateness since the line */
    int64_t max_pass;             /* the longest message or tick in the core since the line */
    int64_t ping_ms, last_idle;   /* silence before a ping; the last look for silent connections */
    const DdzWebSite *web;
    DdzPool *pool;        /* computer decisions, off the loop (NULL: on it) */
    DdzWsMask *mask;      /* unmasked client frames (wsmask.h) */
} Serve;

#define TICK_MS 20
#define MAX_QUEUED (4u << 20) /* a client that lets 4 MiB pile up is cut */

static volatile sig_atomic_t g_stop; /* set by SIGINT/SIGTERM; signals need a global */
static struct lws_context *g_ctx;

static void on_signal(int sig)
{
    (void)sig;
    g_stop = 1;
    if (g_ctx)
        lws_cancel_service(g_ctx);
}

/* Moves the core's outbox into the connections' queues; cuts connections that fall behind. */
static void drain(Serve *sv)
{
    if (sv->stopping) { /* connections are closing: nothing more goes out */
        ddz_server_outbox_clear(sv->srv);
        return;
    }
    for (int round = 0; round < 8; round++) {
        const DdzServerOut *out;
        size_t n = ddz_server_outbox(sv->srv, &out);
        if (!n)
            return;
        long slow[64];
        int nslow = 0;
        for (size_t i = 0; i < n; i++) {
            Pss *p = map_get(&sv->map, out[i].conn);
            if (!p || p->closing)
                continue;
            if (out[i].len && !p->overflow) {
                if (p->q.bytes + out[i].len > MAX_QUEUED || ws_queue_push(&p->q, out[i].data, out[i].len) != 0) {
                    p->overflow = true;
                    if (nslow < 64)
                        slow[nslow++] = p->conn;
                }
            }
            if (out[i].close) {
                p->closing = true;
                p->forgot = true;
            }
            lws_callback_on_writable(p->wsi);
        }
        ddz_server_outbox_clear(sv->srv);
        for (int i = 0; i < nslow; i++) {
            Pss *p = map_get(&sv->map, slow[i]);
            if (!p || p->forgot)
                continue;
            p->forgot = true;
            ddz_server_close(sv->srv, p->conn, ws_now_ms());
            lws_set_timeout(p->wsi, PENDING_TIMEOUT_KILLED_BY_PARENT, LWS_TO_KILL_ASYNC);
        }
    }
}

static void log_line(void *ctx, const char *line)
{
    (void)ctx;
    fprintf(stderr, "ddz serve: %s\n", line);
}

/* One of the transport's own log lines, at a syslog level (cfg->log, else standard error). */
static void say(const DdzServeConfig *cfg, int level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(const DdzServeConfig *cfg, int level, const char *fmt, ...)
{
    if (cfg->quiet)
        return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (cfg->log)
        cfg->log(cfg->log_ctx, level, line);
    else
        log_line(NULL, line);
}

/* cfg.think: a computer decision goes to the pool. */
static int think(void *ctx, const DdzThinkJob *job)
{
    Serve *sv = ctx;
    return sv->pool && !sv->stopping ? ddz_pool_submit(sv->pool, job) : -1;
}

/* A worker has an answer: wake the loop (LWS_CALLBACK_EVENT_WAIT_CANCELLED). */
static void wake(void *ctx)
{
    Serve *sv = ctx;
    lws_cancel_service(sv->ctx);
}

/* Half-open connections, once a second: a ping after ping_ms of silence, cut after twice
 * that. (lws's own "validity" timers do the same, but rescheduling one per message kept a
 * list sorted by walking it: a third of the loop's time at 3,000 connections.) */
static void idle_check(Serve *sv, int64_t now)
{
    bool cut = false;
    for (size_t i = 0; i < sv->map.cap; i++) {
        Pss *p = sv->map.keys[i] > 0 ? sv->map.vals[i] : NULL;
        if (!p || p->forgot)
            continue;
        if (now - p->heard >= 2 * sv->ping_ms) {
            p->forgot = true;
            ddz_server_close(sv->srv, p->conn, now);
            lws_set_timeout(p->wsi, PENDING_TIMEOUT_KILLED_BY_PARENT, LWS_TO_KILL_ASYNC);
            cut = true;
        } else if (now - p->heard >= sv->ping_ms && !p->pinged) {
            p->pinged = p->want_ping = true;
            lws_callback_on_writable(p->wsi);
        }
    }
    if (cut)
        drain(sv);
}

static void tick(lws_sorted_usec_list_t *sul)
{
    Serve *sv = lws_container_of(sul, Serve, sul);
    if (g_stop || sv->stopping) {
        /* libuv: destroying the context from a timer ends lws_service (the signal's way). */
        sv->stopping = true;
        ddz_pool_free(sv->pool); /* no worker may wake a context being destroyed */
        sv->pool = NULL;
        if (sv->uv)
            lws_context_destroy(sv->ctx);
        return;
    }
    int64_t now = ws_now_ms();
    if (now - sv->last_idle >= 1000) {
        sv->last_idle = now;
        idle_check(sv, now);
    }
    if (sv->last_tick && now - sv->last_tick - TICK_MS > sv->max_gap)
        sv->max_gap = now - sv->last_tick - TICK_MS;
    sv->last_tick = now;
    if (sv->pool)
        ddz_pool_drain(sv->pool, sv->srv, now);
    ddz_server_tick(sv->srv, now);
    drain(sv);
    if (ws_now_ms() - now > sv->max_pass)
        sv->max_pass = ws_now_ms() - now;
    if (!sv->cfg->quiet && now - sv->last_stats >= sv->stats_ms) {
        DdzServerStats st;
        ddz_server_stats(sv->srv, &st);
        int pending = 0;
        int64_t wait = 0;
        long dropped = 0;
        if (sv->pool)
            ddz_pool_stats(sv->pool, &pending, &wait, &dropped);
        double heap = -1, held = -1; /* MB the allocator has handed out, and holds from the system */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
        struct mallinfo2 mi = mallinfo2();
        if (mi.arena + mi.hblkhd > 0) { /* 0 under a sanitizer's allocator: not measured */
            heap = (double)(mi.uordblks + mi.hblkhd) / 1048576.0;
            held = (double)(mi.arena + mi.hblkhd) / 1048576.0;
        }
#endif
        char heapinfo[64] = "heap not measured";
        if (heap >= 0)
            snprintf(heapinfo, sizeof heapinfo, "heap %.1f MB in use of %.1f MB", heap, held);
        int64_t late = ddz_server_take_late(sv->srv);
        say(sv->cfg, st.results_pending ? 4 : 6, "%ld connections, %ld rooms (%ld playing, %ld of them with "
            "nobody in), %ld games finished, %ld aborted; %d computer decisions pending (longest queue wait %lld ms, "
            "computers late after their delay by up to %lld ms; in all %ld computer moves played at the "
            "normal level after --computer-wait, %ld of their jobs dropped unanswered), "
            "%ld computer players held; %s; loop late by up to %lld ms, longest pass "
            "%lld ms; %ld results waiting for the store", st.conns, st.rooms, st.playing, st.unattended,
            st.games_finished, st.games_aborted, pending, (long long)wait, (long long)late, st.computer_shed,
            dropped, st.agents, heapinfo,
            (long long)sv->max_gap, (long long)sv->max_pass, st.results_pending);
        sv->last_stats = now;
        sv->max_gap = sv->max_pass = 0;
    }
    lws_sul_schedule(sv->ctx, 0, &sv->sul, tick, TICK_MS * LWS_US_PER_MS);
}

/* Writes a close frame with code and reason (NULL: none), before the caller returns -1 from a
 * writable callback: lws 4.1 closes such a connection without the frame lws_close_reason
 * asks for, so it is written here, whole (a server's frames are not masked). */
static void write_close(struct lws *wsi, int code, const char *why)
{
    size_t n = why ? strlen(why) : 0;
    unsigned char buf[LWS_PRE + 4 + 123];
    unsigned char *f = buf + LWS_PRE;
    if (n > 123)
        n = 123;
    f[0] = 0x88; /* FIN, close */
    f[1] = (unsigned char)(2 + n);
    f[2] = (unsigned char)(code >> 8);
    f[3] = (unsigned char)(code & 0xff);
    if (n)
        memcpy(f + 4, why, n);
    (void)lws_write(wsi, f, 4 + n, LWS_WRITE_RAW); /* the connection closes either way */
}

static int serve_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    Pss *p = user;
    Serve *sv = lws_context_user(lws_get_context(wsi));
    switch (reason) {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        if (sv && sv->pool && !sv->stopping) {
            ddz_pool_drain(sv->pool, sv->srv, ws_now_ms());
            drain(sv);
        }
        return 0;
    case LWS_CALLBACK_HTTP:
        if (sv->web && p)
            return ddz_http_lws_request(wsi, &p->http, sv->web);
        if (lws_return_http_status(wsi, HTTP_STATUS_BAD_REQUEST, "ddz: connect with WebSocket (docs/PROTOCOL.md)"))
            return -1;
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    case LWS_CALLBACK_HTTP_WRITEABLE:
        return p ? ddz_http_lws_writable(wsi, &p->http) : -1;
    case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED:
        ddz_wsmask_accept(sv->mask, lws_get_socket_fd(wsi), wsi); /* untracked if it fails */
        return 0;
    case LWS_CALLBACK_WSI_DESTROY:
        ddz_wsmask_forget(sv->mask, lws_get_socket_fd(wsi));
        return 0;
    case LWS_CALLBACK_CLOSED_HTTP: /* lws may have no session data left by now */
        ddz_wsmask_forget(sv->mask, lws_get_socket_fd(wsi));
        if (p)
            ddz_http_lws_done(&p->http);
        return 0;
    case LWS_CALLBACK_ESTABLISHED:
        ddz_http_lws_done(&p->http);
        memset(p, 0, sizeof *p);
        p->wsi = wsi;
        p->heard = ws_now_ms();
        if (ddz_wsmask_established(sv->mask, lws_get_socket_fd(wsi))) /* it came with the handshake */
            lws_callback_on_writable(wsi);
        p->conn = ddz_server_open(sv->srv, p->heard);
        if (p->conn < 0 || map_put(&sv->map, p->conn, p) != 0) {
            if (p->conn > 0)
                ddz_server_close(sv->srv, p->conn, ws_now_ms());
            p->conn = 0;
            return -1;
        } else {
            char addr[64];
            if (lws_get_peer_simple(wsi, addr, sizeof addr))
                ddz_server_set_address(sv->srv, p->conn, addr);
        }
        return 0;
    case LWS_CALLBACK_RECEIVE_PONG:
        p->heard = ws_now_ms();
        p->pinged = false;
        return 0;
    case LWS_CALLBACK_RECEIVE:
        p->heard = ws_now_ms();
        p->pinged = false;
        if (!p->conn || p->forgot)
            return 0;
        if (lws_frame_is_binary(wsi)) {
            /* Messages are text frames (RFC 6455 §5.6, docs/PROTOCOL.md): 1003, unacceptable data. */
            static unsigned char why[] = "text frames only";
            lws_close_reason(wsi, LWS_CLOSE_STATUS_UNACCEPTABLE_OPCODE, why, sizeof why - 1);
            return -1;
        }
        if (ws_rx_add(&p->rx, in, len) != 0)
            return -1;
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
            /* A message over the limit reaches the core as its length alone: it cuts it. */
            int64_t t0 = ws_now_ms();
            ddz_server_message(sv->srv, p->conn, p->rx.too_big ? "" : p->rx.buf,
                               p->rx.too_big ? (size_t)DDZ_MAX_MESSAGE + 1 : p->rx.len, t0);
            p->rx.len = 0;
            p->rx.too_big = false;
            drain(sv);
            if (ws_now_ms() - t0 > sv->max_pass)
                sv->max_pass = ws_now_ms() - t0;
        } else if (p->rx.too_big) {
            ddz_server_message(sv->srv, p->conn, "", (size_t)DDZ_MAX_MESSAGE + 1, ws_now_ms());
            drain(sv);
        }
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        if (ddz_wsmask_refused(sv->mask, lws_get_socket_fd(wsi)) && !p->q.head) {
            /* An unmasked frame (RFC 6455 §5.1), after what was answered before it: 1002,
             * as later lws does by itself. */
            write_close(wsi, LWS_CLOSE_STATUS_PROTOCOL_ERR, "client unmasked");
            return -1;
        }
        if (p->want_ping) {
            /* A payload: lws hands an empty pong to nobody. */
            unsigned char ping[LWS_PRE + 1];
            ping[LWS_PRE] = 'p';
            p->want_ping = false;
            if (lws_write(wsi, ping + LWS_PRE, 1, LWS_WRITE_PING) < 0)
                return -1;
            if (p->q.head || p->closing)
                lws_callback_on_writable(wsi);
            return 0;
        }
        if (ws_queue_write(&p->q, wsi) != 0)
            return -1;
        if (p->q.head || ddz_wsmask_refused(sv->mask, lws_get_socket_fd(wsi)))
            lws_callback_on_writable(wsi);
        else if (p->closing) {
            write_close(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, NULL);
            return -1;
        }
        return 0;
    case LWS_CALLBACK_CLOSED:
        ddz_wsmask_forget(sv->mask, lws_get_socket_fd(wsi));
        if (p->conn) {
            map_del(&sv->map, p->conn);
            if (!p->forgot)
                ddz_server_close(sv->srv, p->conn, ws_now_ms());
            p->conn = 0;
            drain(sv);
        }
        ws_queue_free(&p->q);
        free(p->rx.buf);
        p->rx.buf = NULL;
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

/* The address to listen on, as lws takes it: an IP address or an interface name as given, a
 * host name ("localhost") resolved to its first address (IPv4 first). lws 4.1 would take a
 * name it cannot find for an interface that may appear later and listen on nothing meanwhile. */
static int listen_address(const char *given, char *out, size_t size, DdzError *err)
{
    unsigned char sa[sizeof(struct in6_addr)];
    if (inet_pton(AF_INET, given, sa) == 1 || inet_pton(AF_INET6, given, sa) == 1 || if_nametoindex(given)) {
        snprintf(out, size, "%s", given);
        return 0;
    }
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    int rc = getaddrinfo(given, NULL, &hints, &res);
    const struct addrinfo *ai = res;
    for (const struct addrinfo *a = res; a; a = a->ai_next)
        if (a->ai_family == AF_INET) {
            ai = a;
            break;
        }
    if (rc != 0 || !ai ||
        getnameinfo(ai->ai_addr, ai->ai_addrlen, out, (socklen_t)size, NULL, 0, NI_NUMERICHOST) != 0) {
        snprintf(err->msg, sizeof err->msg, "cannot listen on '%.100s': not an address, an interface or a known "
                 "host name (%s)", given, rc ? gai_strerror(rc) : "no address");
        if (res)
            freeaddrinfo(res);
        return -1;
    }
    freeaddrinfo(res);
    return 0;
}

/* A line of the results journal that does not read: an error, with its file and line. */
static void journal_warn(void *ctx, const char *line)
{
    const DdzServeConfig *const *cfg = ctx;
    say(*cfg, 3, "%s", line);
}

int ddz_serve_run(const DdzServeConfig *cfg, DdzError *err)
{
    char iface[INET6_ADDRSTRLEN + IF_NAMESIZE + 2];
    if (listen_address(cfg->iface ? cfg->iface : "127.0.0.1", iface, sizeof iface, err) != 0)
        return -1;
    ws_raise_fd_limit();
    Serve sv;
    memset(&sv, 0, sizeof sv);
    sv.cfg = cfg;
    sv.web = cfg->web;
    DdzStore *store = NULL;
    if (cfg->db) {
        int aborted = 0;
        store = ddz_store_open(cfg->db, cfg->sync_full, &aborted, err);
        if (!store)
            return -1;
        if (aborted)
            say(cfg, 4, "%d unfinished game%s from before marked aborted (no score changed)", aborted,
                aborted == 1 ? "" : "s");
    }
    DdzServerConfig scfg = cfg->server;
    if (!cfg->quiet && !scfg.log)
        scfg.log = log_line;
    DdzJournal *journal = NULL;
    const DdzServeConfig *say_cfg = cfg;
    if (cfg->journal && !(journal = ddz_journal_open(cfg->journal, journal_warn, &say_cfg, err))) {
        ddz_store_close(store);
        return -1;
    }
    scfg.journal = journal;
    int threads = cfg->think_threads;
    if (threads == 0) {
        long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        threads = cpus > 9 ? 8 : cpus > 1 ? (int)cpus - 1 : 1;
    }
    if (threads > 0) {
        sv.pool = ddz_pool_new(threads, wake, &sv);
        if (!sv.pool) {
            snprintf(err->msg, sizeof err->msg, "cannot start threads for computer players");
            ddz_journal_close(journal);
            ddz_store_close(store);
            return -1;
        }
        scfg.think = think;
        scfg.think_ctx = &sv;
    }
    sv.srv = ddz_server_new(&scfg, store, err);
    if (!sv.srv) {
        ddz_pool_free(sv.pool);
        ddz_journal_close(journal);
        ddz_store_close(store);
        return -1;
    }
    static const struct lws_protocols protocols[] = {
        {"ddz", serve_callback, sizeof(Pss), 4096, 0, NULL, 0},
        {NULL, NULL, 0, 0, 0, NULL, 0},
    };
    /* Half-open connections: a ping after 30 s of silence, cut after 60 s without a pong
     * (idle_check; lws's validity timers are off). */
    sv.ping_ms = (cfg->ping_s > 0 ? cfg->ping_s : 30) * 1000LL;
    lws_retry_bo_t retry = {.secs_since_valid_ping = 0, .secs_since_valid_hangup = 0};
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = cfg->port;
    info.iface = iface;
    /* lws 4.1 opens an IPv6 socket when it can, and binds it to every address when the
     * interface is an IPv4 one ("127.0.0.1" would listen on *): an IPv4 address gets an IPv4
     * socket bound to it. */
    if (!strchr(info.iface, ':'))
        info.options |= LWS_SERVER_OPTION_DISABLE_IPV6;
    info.protocols = protocols;
    info.user = &sv;
    info.retry_and_idle_policy = &retry;
    info.timeout_secs = 20;
    lws_set_log_level(LLL_ERR, NULL);
    sv.mask = ddz_wsmask_new();
    ddz_wsmask_bind(sv.mask); /* this thread runs the loop: its reads are followed */
    sv.ctx = sv.mask ? ws_create_context(&info, &sv.uv) : NULL;
    if (!sv.ctx) {
        ddz_wsmask_free(sv.mask);
        snprintf(err->msg, sizeof err->msg, "cannot listen on %s port %d (in use? no permission?)", info.iface,
                 cfg->port);
        ddz_pool_free(sv.pool);
        ddz_server_free(sv.srv);
        ddz_journal_close(journal);
        ddz_store_close(store);
        return -1;
    }
    struct lws_vhost *vh = lws_get_vhost_by_name(sv.ctx, "default");
    int port = vh ? lws_get_vhost_listen_port(vh) : cfg->port;
    bool v6 = strchr(iface, ':') != NULL; /* an IPv6 address goes in brackets in a URL */
    if (!cfg->quiet || !cfg->listening) { /* a quiet caller that is told (ddz web) says it its way */
        printf("ddz serve: listening on ws://%s%s%s:%d%s%s", v6 ? "[" : "", iface, v6 ? "]" : "", port,
               cfg->db ? " with " : "", cfg->db ? cfg->db : "");
        if (cfg->web) { /* one line: scripts read the port from it */
            char url[200];
            ddz_http_url(iface, port, "/", url, sizeof url);
            printf(" (in a browser: %s)", url);
        }
        printf("\n");
        fflush(stdout);
    }
    if (cfg->listening)
        cfg->listening(cfg->listening_ctx, info.iface, port);
    g_stop = 0;
    g_ctx = sv.ctx;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    sv.last_stats = ws_now_ms();
    const char *every = getenv("DDZ_STATS_S");
    sv.stats_ms = every && atoi(every) > 0 ? atoi(every) * 1000LL : 60000;
    lws_sul_schedule(sv.ctx, 0, &sv.sul, tick, TICK_MS * LWS_US_PER_MS);
    while (!g_stop && !sv.stopping)
        if (lws_service(sv.ctx, 0) < 0 || sv.uv)
            break;
    /* A clean stop: connections close (the core hears of each), then running games are
     * aborted (no score changes) as the core is freed. */
    sv.stopping = true;
    ddz_pool_free(sv.pool);
    sv.pool = NULL;
    DdzServerStats st;
    ddz_server_stats(sv.srv, &st);
    if (!sv.uv)
        lws_sul_cancel(&sv.sul);
    lws_context_destroy(sv.ctx);
    g_ctx = NULL;
    ddz_wsmask_free(sv.mask);
    ddz_server_free(sv.srv);
    sv.srv = NULL;
    free(sv.map.keys);
    free(sv.map.vals);
    ddz_journal_close(journal);
    ddz_store_close(store);
    say(cfg, 5, "stopped; %ld games finished, %ld aborted", st.games_finished, st.games_aborted + st.playing);
    return 0;
}
