/* wsmask.h -- RFC 6455 §5.1 for the server: "The server MUST close the connection upon
 * receiving a frame that is not masked." The libwebsockets of Debian 12 (4.1) reads such a
 * frame like a masked one and keeps the mask bit to itself, so ddz follows each server
 * connection's bytes as lws reads them from the socket (lws 4.1 reads with recv(2), which
 * this module provides in front of the C library's) and finds where frames begin.
 *
 * A byte stream is tracked from the connection's first byte: HTTP requests (header blocks,
 * bodies of a stated Content-Length) until one asks for a WebSocket upgrade, then frame
 * headers and payloads. When a frame without the mask bit begins, lws is handed only the bytes
 * before it: the frames the client sent before it are answered as usual, the unmasked one is
 * never read, and the connection is refused: the server closes it with 1002 (protocol error,
 * as newer lws does by itself). A request the tracker cannot follow (a chunked body) ends
 * the tracking of that connection, never its service.
 *
 * Only the thread that bound a DdzWsMask (the server's event loop) is tracked; every other
 * recv goes straight to the C library, unchanged. */
#ifndef DDZ_NET_WSMASK_H
#define DDZ_NET_WSMASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lws;

/* One connection's byte stream, as a state machine fed in any pieces. */
typedef struct WsTrack {
    uint8_t state;         /* WsTrackState, wsmask.c */
    uint8_t hlen, need;    /* frame header: bytes held, bytes it has */
    uint8_t hdr[14];
    uint8_t linelen;       /* HTTP: the current header line's first bytes, lower case */
    char line[46];
    bool upgrade, chunked, length_bad;
    uint64_t left;         /* bytes of payload or body still to pass */
    uint64_t length;       /* HTTP: Content-Length of the request being read */
} WsTrack;

void ws_track_init(WsTrack *t);
/* Reads the next n bytes of the client's stream. Returns -1 when none of them begins an
 * unmasked frame; else the offset in buf of the first byte of the first unmasked frame's
 * header, or 0 when that header began in an earlier piece. After that the stream is refused
 * and every later call returns 0. */
long ws_track_feed(WsTrack *t, const uint8_t *buf, size_t n);
/* True once an unmasked frame has begun; false while tracking, or when tracking was given up. */
bool ws_track_refused(const WsTrack *t);

/* The server's connections, by socket. */
typedef struct DdzWsMask DdzWsMask;

DdzWsMask *ddz_wsmask_new(void);
void ddz_wsmask_free(DdzWsMask *m);
/* recv(2) called on this thread now goes through m (NULL: through none). */
void ddz_wsmask_bind(DdzWsMask *m);
/* A connection was accepted on socket fd as wsi: it is tracked from its first byte. -1 if out
 * of memory (the connection is then served untracked). */
int ddz_wsmask_accept(DdzWsMask *m, int fd, struct lws *wsi);
/* The connection on fd is a WebSocket now. From here a refusal asks lws for a writable
 * callback at once; returns true when it is refused already (its unmasked frame came with
 * the handshake): the caller asks for one. */
bool ddz_wsmask_established(DdzWsMask *m, int fd);
/* Whether the connection on fd sent an unmasked frame: close it with 1002. */
bool ddz_wsmask_refused(const DdzWsMask *m, int fd);
/* The connection on fd is gone. */
void ddz_wsmask_forget(DdzWsMask *m, int fd);

#endif
