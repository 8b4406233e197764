/* test_wsmask.c -- the tracker that finds unmasked client frames (src/net/wsmask.h): a
 * known-answer table of client byte streams (handshakes, keep-alive requests, bodies, frames
 * of every length form) with where lws must stop reading, each fed whole, in two pieces cut
 * at every place, and a byte at a time; and recv(2) in front of the C library: untouched for
 * sockets nobody tracks, cut at the unmasked frame for a tracked one. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "testutil.h"
#include "../src/net/wsmask.h"

#define HS "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" \
           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
#define MASKED_HELLO "\x81\x85\x01\x02\x03\x04" "abcde" /* 11 bytes */
#define UNMASKED_HELLO "\x81\x05hello"

typedef struct Part {
    const char *bytes; /* NULL: the end of the list */
    size_t len;
} Part;
#define P(lit) {lit, sizeof lit - 1}

typedef struct Case {
    const char *name;
    Part parts[4]; /* concatenated */
    int unmasked;         /* the part that is an unmasked frame, where lws must stop; -1: none */
} Case;

static size_t build(const Case *c, uint8_t *out, size_t cap)
{
    size_t n = 0;
    for (int i = 0; i < 4 && c->parts[i].bytes; i++) {
        size_t k = c->parts[i].len;
        assert_true(n + k <= cap);
        memcpy(out + n, c->parts[i].bytes, k);
        n += k;
    }
    return n;
}

/* Feeds data in pieces cut at the given offsets; returns how many bytes lws would get before
 * the refusal, or -1 if never refused. Checks that a refused tracker says so and stays so. */
static long feed(const uint8_t *data, size_t n, const size_t *cuts, int ncuts)
{
    WsTrack t;
    ws_track_init(&t);
    size_t at = 0;
    for (int i = 0; i <= ncuts; i++) {
        size_t end = i < ncuts ? cuts[i] : n;
        long r = ws_track_feed(&t, data + at, end - at);
        if (r >= 0) {
            assert_true(ws_track_refused(&t));
            assert_int_equal(ws_track_feed(&t, (const uint8_t *)"\x81\x80", 2), 0);
            return (long)at + r;
        }
        assert_false(ws_track_refused(&t));
        at = end;
    }
    return -1;
}

static uint8_t big[80000];

static void the_table_holds_for_every_way_of_cutting_the_stream(void **state)
{
    (void)state;
    /* A 300-byte binary frame (126: 16-bit length) and a 70,000-byte one (127: 64-bit). */
    static char f126[4 + 4 + 300], f127[10 + 4 + 70000];
    memcpy(f126, "\x82\xfe\x01\x2c" "mask", 8);
    memset(f126 + 8, 'x', 300);
    memcpy(f127, "\x82\xff\x00\x00\x00\x00\x00\x01\x11\x70" "mask", 14);
    memset(f127 + 14, 'y', 70000);
    const Part get = P("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), hs = P(HS), masked = P(MASKED_HELLO),
               unmasked = P(UNMASKED_HELLO), p126 = {f126, sizeof f126}, p127 = {f127, sizeof f127};
    const Case cases[] = {
        {"handshake, masked frame", {hs, masked}, -1},
        {"handshake, unmasked frame", {hs, unmasked}, 1},
        {"masked, then unmasked ping", {hs, masked, P("\x89\x00")}, 2},
        {"empty masked frame, then unmasked", {hs, P("\x81\x80" "abcd"), unmasked}, 2},
        {"16-bit length, then unmasked close", {hs, p126, P("\x88\x00")}, 2},
        {"64-bit length, then unmasked", {hs, p127, unmasked}, 2},
        {"64-bit length, masked after", {hs, p127, masked}, -1},
        {"keep-alive request first", {get, hs, unmasked}, 2},
        {"header names in any case", {P("GET / HTTP/1.1\r\nUPGRADE: WebSocket\r\n\r\n"), unmasked}, 1},
        {"a body of known length is passed", /* 23 bytes that would upgrade if read as headers */
         {P("POST /api HTTP/1.1\r\nContent-Length: 23\r\n\r\n"), P("upgrade: websocket\r\n\r\n\x81"), hs,
          unmasked}, 3},
        {"a chunked body ends the tracking",
         {P("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"), hs, unmasked}, -1},
        {"an unreadable length ends the tracking",
         {P("POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n"), hs, unmasked}, -1},
        {"no upgrade: frames are not looked for", {get, unmasked}, -1},
    };
    size_t cuts[80000];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const Case *c = &cases[k];
        size_t n = build(c, big, sizeof big);
        long stop = -1;
        if (c->unmasked >= 0) {
            stop = 0;
            for (int i = 0; i < c->unmasked; i++)
                stop += (long)c->parts[i].len;
        }
        long whole = feed(big, n, NULL, 0);
        if (whole != stop)
            fail_msg("%s: fed whole, stopped at %ld, not %ld", c->name, whole, stop);
        /* Two pieces: the same, except a cut between the frame's first two bytes, where lws
         * already has the first. Big cases are cut at a sample of places. */
        for (size_t at = 1; at < n; at += n > 2000 ? 97 : 1) {
            cuts[0] = at;
            long got = feed(big, n, cuts, 1);
            long want = stop >= 0 && (long)at == stop + 1 ? stop + 1 : stop;
            if (got != want)
                fail_msg("%s: cut at %zu, stopped at %ld, not %ld", c->name, at, got, want);
        }
        for (size_t i = 0; i + 1 < n; i++)
            cuts[i] = i + 1;
        long bytewise = feed(big, n, cuts, (int)n - 1);
        if (bytewise != (stop >= 0 ? stop + 1 : -1))
            fail_msg("%s: a byte at a time, stopped at %ld", c->name, bytewise);
    }
}

/* recv through a bound DdzWsMask, on a socket pair standing for a client's connection. */
static void recv_cuts_a_tracked_socket_and_leaves_others_alone(void **state)
{
    (void)state;
    int sv[2], other[2];
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, other), 0);
    DdzWsMask *m = ddz_wsmask_new();
    assert_non_null(m);
    ddz_wsmask_bind(m);
    assert_int_equal(ddz_wsmask_accept(m, sv[0], NULL), 0);
    static const char stream[] = HS MASKED_HELLO UNMASKED_HELLO;
    const size_t n = sizeof stream - 1, stop = strlen(HS) + 11;
    assert_int_equal(write(sv[1], stream, n), (ssize_t)n);
    assert_int_equal(write(other[1], stream, n), (ssize_t)n);
    char buf[1024];
    /* Another socket: every byte, even an unmasked frame's. */
    assert_int_equal(recv(other[0], buf, sizeof buf, 0), (ssize_t)n);
    /* The tracked one: up to the unmasked frame, then nothing (refused, closing). */
    assert_false(ddz_wsmask_established(m, sv[0]));
    assert_int_equal(recv(sv[0], buf, sizeof buf, 0), (ssize_t)stop);
    assert_memory_equal(buf, stream, stop);
    assert_true(ddz_wsmask_refused(m, sv[0]));
    assert_int_equal(write(sv[1], "more", 4), 4);
    errno = 0;
    assert_int_equal(recv(sv[0], buf, sizeof buf, 0), -1);
    assert_int_equal(errno, EAGAIN);
    /* A peek sees the socket as it is. */
    assert_int_equal(write(sv[1], "x", 1), 1);
    assert_int_equal(recv(sv[0], buf, sizeof buf, MSG_PEEK), 1);
    /* A socket that takes the number of a closed tracked one is not tracked. */
    int fd = sv[0];
    close(sv[0]);
    close(sv[1]);
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    if (sv[0] != fd) { /* the kernel gives the lowest free number: sv[1] may have it */
        int tmp = sv[0];
        sv[0] = sv[1];
        sv[1] = tmp;
    }
    assert_int_equal(sv[0], fd);
    assert_int_equal(write(sv[1], UNMASKED_HELLO, 7), 7);
    assert_int_equal(recv(sv[0], buf, sizeof buf, 0), 7);
    assert_false(ddz_wsmask_refused(m, sv[0]));
    /* Unbound: nothing is tracked. */
    assert_int_equal(ddz_wsmask_accept(m, sv[0], NULL), 0);
    ddz_wsmask_bind(NULL);
    assert_int_equal(write(sv[1], UNMASKED_HELLO, 7), 7);
    assert_int_equal(recv(sv[0], buf, sizeof buf, 0), 7);
    ddz_wsmask_free(m);
    close(sv[0]);
    close(sv[1]);
    close(other[0]);
    close(other[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_table_holds_for_every_way_of_cutting_the_stream),
        cmocka_unit_test(recv_cuts_a_tracked_socket_and_leaves_others_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
