/* conn.c -- the server core's connections: their slots and ids, the outbox of what is to be
 * sent, rate limits, errors and cutting a connection off. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "tourney.h"

/* Takes one token from a bucket of capacity cap refilled at rate per second. */
bool srv_bucket_take(Bucket *b, double cap, double rate, int64_t now)
{
    if (now > b->at) {
        b->level += (double)(now - b->at) * rate / 1000.0;
        if (b->level > cap)
            b->level = cap;
    }
    b->at = now;
    if (b->level < 1.0)
        return false;
    b->level -= 1.0;
    return true;
}

/* Outbox ------------------------------------------------------------------------------------*/

static void push_out(DdzServer *srv, long conn, bool close, const char *text, size_t len)
{
    if (srv->nout == srv->capout) {
        size_t cap = srv->capout ? srv->capout * 2 : 64;
        DdzServerOut *o = realloc(srv->out, cap * sizeof *o);
        if (!o) {
            srv->failed_alloc = true;
            return;
        }
        srv->out = o;
        srv->capout = cap;
    }
    char *data = NULL;
    if (len) {
        data = malloc(len + 1);
        if (!data) {
            srv->failed_alloc = true;
            return;
        }
        memcpy(data, text, len);
        data[len] = '\0';
    }
    srv->out[srv->nout++] = (DdzServerOut){conn, close, len, data};
}

void srv_send_text(DdzServer *srv, long conn, const char *text, size_t len)
{
    if (conn <= 0 || !srv_conn(srv, conn))
        return;
    if (len > DDZ_MAX_MESSAGE) {
        /* Never more than the protocol's own limit: a bug, logged and told as such. */
        srv_log(srv, "a %zu-byte message to connection %ld was not sent", len, conn);
        static const char m[] = "{\"type\":\"error\",\"code\":\"internal\",\"message\":\"a message too "
                                "large to send was dropped\"}";
        push_out(srv, conn, false, m, sizeof m - 1);
        return;
    }
    push_out(srv, conn, false, text, len);
}

void srv_send(DdzServer *srv, long conn, json_t *msg)
{
    if (!msg)
        return;
    char *text = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    if (!text) {
        srv->failed_alloc = true;
        return;
    }
    srv_send_text(srv, conn, text, strlen(text));
    free(text);
}

size_t ddz_server_outbox(const DdzServer *srv, const DdzServerOut **out)
{
    *out = srv->out;
    return srv->nout;
}

void ddz_server_outbox_clear(DdzServer *srv)
{
    for (size_t i = 0; i < srv->nout; i++)
        free(srv->out[i].data);
    srv->nout = 0;
}

/* Connections ------------------------------------------------------------------------------*/

/* Connection ids: slot + 1 in the low 20 bits, a generation above, so an id is never
 * reused and a stale one finds nothing. */
#define SLOT_BITS 20
#define SLOT_MASK ((1L << SLOT_BITS) - 1)

Conn *srv_conn(const DdzServer *srv, long id)
{
    long slot = (id & SLOT_MASK) - 1;
    if (id <= 0 || slot < 0 || slot >= srv->nconns || srv->conns[slot].id != id)
        return NULL;
    return &srv->conns[slot];
}

long ddz_server_open(DdzServer *srv, int64_t now)
{
    srv->now = now;
    if (srv->stats.conns >= srv->cfg.max_conns)
        return -1;
    int slot = -1;
    for (int i = srv->free_hint; i < srv->nconns; i++)
        if (!srv->conns[i].id) {
            slot = i;
            break;
        }
    if (slot < 0) {
        if (srv->nconns == srv->capconns) {
            int cap = srv->capconns ? srv->capconns * 2 : 64;
            if (cap > (int)SLOT_MASK - 1)
                return -1;
            Conn *c = realloc(srv->conns, (size_t)cap * sizeof *c);
            if (!c)
                return -1;
            srv->conns = c;
            srv->capconns = cap;
        }
        slot = srv->nconns++;
    }
    srv->free_hint = slot + 1;
    Conn *c = &srv->conns[slot];
    memset(c, 0, sizeof *c);
    c->id = (++srv->conn_gen << SLOT_BITS) | (slot + 1);
    c->opened = now;
    c->msgs = (Bucket){MSG_BURST, now};
    c->errors = (Bucket){ERR_BURST, now};
    srv->stats.conns++;
    return c->id;
}

void ddz_server_set_address(DdzServer *srv, long id, const char *addr)
{
    Conn *c = srv_conn(srv, id);
    if (!c || c->addr)
        return;
    c->addr = guard_addr_key(addr);
    Guard *g = guard_get(&srv->guards, c->addr);
    if (g)
        g->conns++;
}

/* Forgets a connection (the player stays, disconnected). */
static void conn_drop(DdzServer *srv, Conn *c)
{
    Player *p = c->player;
    Guard *g = c->addr ? guard_get(&srv->guards, c->addr) : NULL;
    if (g)
        g->conns--;
    long slot = (c->id & SLOT_MASK) - 1;
    c->id = 0;
    c->player = NULL;
    if (slot < srv->free_hint)
        srv->free_hint = (int)slot;
    srv->stats.conns--;
    srv->gc = true;
    if (p) {
        p->conn = 0;
        tourney_disconnected(srv, p);
        if (p->room)
            room_disconnected(srv, p);
        srv_player_forget_maybe(srv, p);
    }
}

void ddz_server_close(DdzServer *srv, long id, int64_t now)
{
    srv->now = now;
    Conn *c = srv_conn(srv, id);
    if (c)
        conn_drop(srv, c);
    room_gc(srv);
}

/* An error message; errors come at a limited rate, then the connection is cut. args (taken,
 * may be NULL): the refusal's arguments, for clients to word it in their language. */
static void error_v(DdzServer *srv, long conn, const char *code, json_t *args, const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));
static void error_v(DdzServer *srv, long conn, const char *code, json_t *args, const char *fmt, va_list ap)
{
    Conn *c = srv_conn(srv, conn);
    if (!c) {
        json_decref(args);
        return;
    }
    char text[300];
    vsnprintf(text, sizeof text, fmt, ap);
    srv->stats.errors++;
    if (!srv_bucket_take(&c->errors, ERR_BURST, ERR_RATE, srv->now)) {
        json_decref(args);
        srv_cut(srv, conn, "too_many_errors", "too many bad messages");
        return;
    }
    json_t *m = json_pack("{s:s, s:s, s:s}", "type", "error", "code", code, "message", text);
    if (m && args)
        json_object_set_new(m, "args", args);
    else
        json_decref(args);
    srv_send(srv, conn, m);
}

void srv_error(DdzServer *srv, long conn, const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_v(srv, conn, code, NULL, fmt, ap);
    va_end(ap);
}

void srv_refuse(DdzServer *srv, long conn, const char *code, json_t *args, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    error_v(srv, conn, code, args, fmt, ap);
    va_end(ap);
}

/* Sends a last error and cuts the connection. */
void srv_cut(DdzServer *srv, long conn, const char *code, const char *message)
{
    Conn *c = srv_conn(srv, conn);
    if (!c)
        return;
    json_t *m = json_pack("{s:s, s:s, s:s, s:b}", "type", "error", "code", code, "message", message, "fatal", 1);
    char *text = m ? json_dumps(m, JSON_COMPACT) : NULL;
    json_decref(m);
    push_out(srv, conn, true, text ? text : "", text ? strlen(text) : 0);
    free(text);
    srv->stats.cut++;
    srv_log(srv, "cut connection %ld: %s", conn, code);
    conn_drop(srv, c);
}
