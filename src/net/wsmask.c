/* wsmask.c -- unmasked client frames refused (RFC 6455 §5.1): the byte tracker and the recv(2)
 * that feeds it (wsmask.h says why and how). */
#undef _FORTIFY_SOURCE /* recv is defined here: no fortified inline one from <sys/socket.h> */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <libwebsockets.h>

#include "wsmask.h"

enum WsTrackState {
    WS_HTTP,    /* reading a request's header lines */
    WS_BODY,    /* passing a request body of known length */
    WS_HEADER,  /* reading a frame header */
    WS_PAYLOAD, /* passing a frame's payload */
    WS_REFUSED, /* an unmasked frame began */
    WS_LOST     /* a request it cannot follow: no more tracking */
};

void ws_track_init(WsTrack *t)
{
    memset(t, 0, sizeof *t);
    t->state = WS_HTTP;
}

bool ws_track_refused(const WsTrack *t)
{
    return t->state == WS_REFUSED;
}

/* The header line just read (lower case, its first sizeof line bytes; long: there was more). */
static void header_line(WsTrack *t, const char *line, size_t len, bool long_line)
{
    static const char upgrade[] = "upgrade:", length[] = "content-length:", coding[] = "transfer-encoding:";
    if (len >= sizeof upgrade - 1 && !memcmp(line, upgrade, sizeof upgrade - 1)) {
        /* "websocket" fits in the line kept unless a hostile client pads the value: then the
         * upgrade is not seen and a later unmasked frame goes unnoticed, nothing worse. */
        for (size_t i = sizeof upgrade - 1; i + 9 <= len; i++)
            if (!memcmp(line + i, "websocket", 9))
                t->upgrade = true;
    } else if (len >= sizeof length - 1 && !memcmp(line, length, sizeof length - 1)) {
        size_t i = sizeof length - 1;
        while (i < len && (line[i] == ' ' || line[i] == '\t'))
            i++;
        uint64_t v = 0;
        size_t digits = 0;
        for (; i < len && line[i] >= '0' && line[i] <= '9'; i++, digits++)
            v = v * 10 + (uint64_t)(line[i] - '0');
        while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
            i++;
        if (long_line || digits == 0 || digits > 15 || i != len)
            t->length_bad = true;
        else
            t->length = v;
    } else if (len >= sizeof coding - 1 && !memcmp(line, coding, sizeof coding - 1)) {
        t->chunked = true; /* any transfer coding: the body's end is not counted here */
    }
}

/* The blank line after a request's headers. */
static void end_of_headers(WsTrack *t)
{
    if (t->upgrade) {
        t->state = WS_HEADER;
        t->hlen = 0;
    } else if (t->chunked || t->length_bad) {
        t->state = WS_LOST;
    } else if (t->length > 0) {
        t->state = WS_BODY;
        t->left = t->length;
    }
    t->upgrade = t->chunked = t->length_bad = false;
    t->length = 0;
}

long ws_track_feed(WsTrack *t, const uint8_t *buf, size_t n)
{
    size_t i = 0;
    long start = 0; /* where the frame header being read began in buf (0: before buf) */
    while (i < n) {
        switch (t->state) {
        case WS_HTTP: {
            uint8_t c = buf[i++];
            if (c != '\n') {
                if (t->linelen < sizeof t->line)
                    t->line[t->linelen] = (char)(c >= 'A' && c <= 'Z' ? c + 32 : c);
                if (t->linelen < 255)
                    t->linelen++;
                break;
            }
            size_t len = t->linelen < sizeof t->line ? t->linelen : sizeof t->line;
            bool long_line = t->linelen > sizeof t->line;
            if (len > 0 && !long_line && t->line[len - 1] == '\r')
                len--;
            t->linelen = 0;
            if (len == 0 && !long_line)
                end_of_headers(t);
            else
                header_line(t, t->line, len, long_line);
            break;
        }
        case WS_BODY:
        case WS_PAYLOAD: {
            size_t k = n - i < t->left ? n - i : (size_t)t->left;
            i += k;
            t->left -= k;
            if (t->left == 0)
                t->state = t->state == WS_BODY ? WS_HTTP : WS_HEADER;
            break;
        }
        case WS_HEADER: {
            if (t->hlen == 0)
                start = (long)i;
            t->hdr[t->hlen++] = buf[i++];
            if (t->hlen == 2) {
                if (!(t->hdr[1] & 0x80)) {
                    t->state = WS_REFUSED;
                    return start;
                }
                uint8_t len7 = t->hdr[1] & 0x7f;
                t->need = (uint8_t)(2 + (len7 == 126 ? 2 : len7 == 127 ? 8 : 0) + 4);
            }
            if (t->hlen >= 2 && t->hlen == t->need) {
                uint8_t len7 = t->hdr[1] & 0x7f;
                uint64_t len = len7;
                if (len7 >= 126) {
                    len = 0;
                    for (int k = 0; k < (len7 == 126 ? 2 : 8); k++)
                        len = len << 8 | t->hdr[2 + k];
                }
                t->hlen = 0;
                t->left = len;
                t->state = len ? WS_PAYLOAD : WS_HEADER;
            }
            break;
        }
        case WS_REFUSED:
            return 0;
        default: /* WS_LOST */
            return -1;
        }
    }
    return -1;
}

/* The server's connections ------------------------------------------------------------------*/

typedef struct Conn {
    WsTrack t;
    struct lws *wsi;
    ino_t ino;        /* the socket's inode: a later socket with the same number is not this one */
    bool established;
} Conn;

struct DdzWsMask {
    Conn **conn; /* by socket */
    int cap;
};

/* The DdzWsMask whose connections this thread's recv follows: recv(2) has no context
 * argument, so the event loop's thread names it here (ddz_wsmask_bind). */
static _Thread_local DdzWsMask *bound;

DdzWsMask *ddz_wsmask_new(void)
{
    return calloc(1, sizeof(DdzWsMask));
}

void ddz_wsmask_free(DdzWsMask *m)
{
    if (!m)
        return;
    if (bound == m)
        bound = NULL;
    for (int i = 0; i < m->cap; i++)
        free(m->conn[i]);
    free(m->conn);
    free(m);
}

void ddz_wsmask_bind(DdzWsMask *m)
{
    bound = m;
}

int ddz_wsmask_accept(DdzWsMask *m, int fd, struct lws *wsi)
{
    if (fd < 0)
        return -1;
    if (fd >= m->cap) {
        int cap = m->cap ? m->cap : 64;
        while (cap <= fd)
            cap *= 2;
        Conn **grown = realloc(m->conn, (size_t)cap * sizeof *grown);
        if (!grown)
            return -1;
        memset(grown + m->cap, 0, (size_t)(cap - m->cap) * sizeof *grown);
        m->conn = grown;
        m->cap = cap;
    }
    struct stat st;
    if (fstat(fd, &st) != 0)
        return -1;
    if (!m->conn[fd] && !(m->conn[fd] = malloc(sizeof(Conn))))
        return -1;
    ws_track_init(&m->conn[fd]->t);
    m->conn[fd]->ino = st.st_ino;
    m->conn[fd]->wsi = wsi;
    m->conn[fd]->established = false;
    return 0;
}

static Conn *conn_of(const DdzWsMask *m, int fd)
{
    return m && fd >= 0 && fd < m->cap ? m->conn[fd] : NULL;
}

bool ddz_wsmask_established(DdzWsMask *m, int fd)
{
    Conn *c = conn_of(m, fd);
    if (!c)
        return false;
    c->established = true;
    return ws_track_refused(&c->t);
}

bool ddz_wsmask_refused(const DdzWsMask *m, int fd)
{
    const Conn *c = conn_of(m, fd);
    return c && ws_track_refused(&c->t);
}

void ddz_wsmask_forget(DdzWsMask *m, int fd)
{
    Conn *c = conn_of(m, fd);
    if (c) {
        free(c);
        m->conn[fd] = NULL;
    }
}

/* recv(2) as libwebsockets 4.1 calls it to read a connection (lws_ssl_capable_read_no_ssl):
 * the C library's, through the tracker for the bound DdzWsMask's connections. */
ssize_t recv(int fd, void *buf, size_t len, int flags)
{
    Conn *c = (flags & MSG_PEEK) ? NULL : conn_of(bound, fd);
    struct stat st;
    if (c && c->t.state != WS_LOST && (fstat(fd, &st) != 0 || st.st_ino != c->ino)) {
        ddz_wsmask_forget(bound, fd); /* its connection closed unnoticed: this is another socket */
        c = NULL;
    }
    if (!c || c->t.state == WS_LOST)
        return recvfrom(fd, buf, len, flags, NULL, NULL);
    if (ws_track_refused(&c->t)) {
        /* Closing: what it still sends is read and dropped (so the socket does not stay
         * readable and spin the loop) and lws is told there is nothing yet. */
        char sink[4096];
        ssize_t n = recvfrom(fd, sink, sizeof sink, flags, NULL, NULL);
        if (n == 0)
            return 0;
        if (n > 0)
            errno = EAGAIN;
        return -1;
    }
    ssize_t n = recvfrom(fd, buf, len, flags, NULL, NULL);
    if (n <= 0)
        return n;
    long cut = ws_track_feed(&c->t, buf, (size_t)n);
    if (cut < 0)
        return n;
    /* Refused: lws gets the bytes before the unmasked frame; the server closes with 1002 at
     * its next writable callback (ws.c), or lws drops it within 3 s if that never comes. */
    if (c->wsi) {
        lws_set_timeout(c->wsi, PENDING_TIMEOUT_CLOSE_SEND, 3);
        if (c->established)
            lws_callback_on_writable(c->wsi);
    }
    if (cut > 0)
        return cut;
    errno = EAGAIN;
    return -1;
}
