/* fuzz_server.c -- libFuzzer target for the server's message handler (make fuzz).
 *
 * Each input is lines. "N<json>" sends <json> from connection N (0..4); "t<digits>" lets that
 * many milliseconds pass (timers); "c<N>" closes connection N; "o<N>" opens it again, with a
 * hello; "r<N>" opens it again with the token its player was given (a reconnect); "a<N><addr>"
 * gives connection N a network address (limits per address); "j" answers the oldest computer
 * decision handed out (the worker pool's path); "x<text>" runs the text check and sanitiser
 * on <text> (the sanitised text must hold only accepted characters); "w<bytes>" feeds <bytes>
 * and the line's end to the WebSocket stream tracker (src/net/wsmask.h), whole and in two
 * pieces, which must agree. Before the input, connections 0..2 sit at a table whose game is running and 3
 * watches it; 4 is fresh. After every step the target checks that each outgoing frame is a
 * JSON object and names no card its receiver may not know; it aborts otherwise. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ddz/server.h"
#include "ddz/text.h"
#include "../src/net/wsmask.h"

#define CONNS 5
#define JOBS 16

typedef struct Fz {
    DdzServer *srv;
    DdzRng rng;
    int64_t now;
    long conn[CONNS];
    char token[CONNS][40];
    DdzThinkJob jobs[JOBS];
    int njobs;
    WsTrack ws[2]; /* one client stream, fed whole and in two pieces */
} Fz;

static int fz_think(void *ctx, const DdzThinkJob *job)
{
    Fz *f = ctx;
    if (f->njobs == JOBS)
        return -1;
    f->jobs[f->njobs++] = *job;
    return 0;
}

/* Every character of a sanitised text is one the check accepts. */
static void fuzz_text(const char *s)
{
    DdzError err;
    ddz_text_check(s, 200, &err);
    char out[512];
    size_t n = ddz_text_sanitize(s, out, sizeof out);
    if (n != strlen(out))
        abort();
    const unsigned char *u = (const unsigned char *)out;
    for (size_t i = 0; i < n;) {
        unsigned cp;
        size_t len;
        if (u[i] < 0x80)
            cp = u[i], len = 1;
        else if ((u[i] & 0xE0) == 0xC0)
            cp = u[i] & 0x1Fu, len = 2;
        else if ((u[i] & 0xF0) == 0xE0)
            cp = u[i] & 0x0Fu, len = 3;
        else
            cp = u[i] & 0x07u, len = 4;
        if (i + len > n)
            abort();
        for (size_t k = 1; k < len; k++)
            cp = cp << 6 | (u[i + k] & 0x3Fu);
        if (!ddz_text_char_ok(cp))
            abort();
        i += len;
    }
}

static int fz_random(void *ctx, void *buf, size_t n)
{
    DdzRng *r = ctx;
    unsigned char *b = buf;
    for (size_t i = 0; i < n; i++)
        b[i] = (unsigned char)(ddz_rng_next(r) >> 56);
    return 0;
}

static DdzCards named(json_t *v)
{
    DdzCards all = 0;
    if (json_is_object(v)) {
        const char *key;
        json_t *x;
        json_object_foreach(v, key, x) {
            DdzCards c;
            DdzError err;
            if (json_is_string(x) && (!strcmp(key, "hand") || !strcmp(key, "cards") || !strcmp(key, "bottom")) &&
                ddz_cards_parse(json_string_value(x), &c, &err) == 0)
                all |= c;
            else
                all |= named(x);
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *e;
        json_array_foreach(v, i, e) {
            DdzCards c;
            DdzError err;
            if (json_is_string(e) && ddz_cards_parse(json_string_value(e), &c, &err) == 0)
                all |= c;
            else
                all |= named(e);
        }
    }
    return all;
}

/* What a seat (or -1, a spectator) may know, from the raw game. */
static DdzCards may_know(const DdzGame *g, int seat)
{
    bool crowned = g->landlord != DDZ_NO_SEAT;
    DdzCards k = crowned ? g->bottom : 0;
    if (seat >= 0)
        k |= g->dealt[seat] | g->hand[seat];
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        DdzCards own = g->dealt[s] | (crowned && s == g->landlord ? g->bottom : 0);
        k |= own & ~g->hand[s];
        if (g->shown[s])
            k |= g->hand[s];
    }
    return k;
}

static void check_outbox(Fz *f)
{
    const DdzServerOut *out;
    size_t n = ddz_server_outbox(f->srv, &out);
    for (size_t i = 0; i < n; i++) {
        if (!out[i].len)
            continue;
        json_t *m = json_loadb(out[i].data, out[i].len, 0, NULL);
        if (!json_is_object(m) || !json_is_string(json_object_get(m, "type")) || out[i].len > DDZ_MAX_MESSAGE)
            abort();
        const char *type = json_string_value(json_object_get(m, "type"));
        const char *tok = json_string_value(json_object_get(m, "token"));
        for (int k = 0; tok && !strcmp(type, "welcome") && k < CONNS; k++)
            if (f->conn[k] == out[i].conn)
                snprintf(f->token[k], sizeof f->token[k], "%s", tok);
        if (strcmp(type, "over") && strcmp(type, "redeal")) {
            long room;
            int seat = ddz_server_seat_of(f->srv, out[i].conn, &room);
            const DdzGame *g = room ? ddz_server_game(f->srv, room) : NULL;
            if (named(m) & ~(g ? may_know(g, seat) : 0))
                abort(); /* a frame named a hidden card */
        }
        json_decref(m);
    }
    ddz_server_outbox_clear(f->srv);
}

static void say(Fz *f, int k, const char *text)
{
    ddz_server_message(f->srv, f->conn[k], text, strlen(text), f->now);
    check_outbox(f);
}

static void hello(Fz *f, int k)
{
    f->conn[k] = ddz_server_open(f->srv, f->now);
    say(f, k, "{\"type\":\"hello\",\"version\":1}");
}

/* The tracker fed n bytes whole and in two halves: both see the same unmasked frame; the
 * halves may have handed lws one byte more (a cut between the frame's first two bytes). */
static void fuzz_ws(Fz *f, const uint8_t *b, size_t n)
{
    bool was = ws_track_refused(&f->ws[0]);
    size_t h = n / 2;
    long a = ws_track_feed(&f->ws[0], b, n);
    long b1 = ws_track_feed(&f->ws[1], b, h);
    long b2 = b1 >= 0 ? 0 : ws_track_feed(&f->ws[1], b + h, n - h);
    long given_a = a < 0 ? (long)n : a;
    long given_b = b1 >= 0 ? b1 : b2 < 0 ? (long)n : (long)h + b2;
    if (a > (long)n || ws_track_refused(&f->ws[0]) != ws_track_refused(&f->ws[1]))
        abort();
    if (!was && (given_b < given_a || given_b > given_a + 1))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Fz f;
    memset(&f, 0, sizeof f);
    ddz_rng_seed(&f.rng, 7);
    DdzServerConfig cfg = ddz_server_config_default();
    cfg.random = fz_random;
    cfg.random_ctx = &f.rng;
    cfg.bot_delay_ms = 0;
    cfg.think = fz_think;
    cfg.think_ctx = &f;
    DdzError err;
    f.srv = ddz_server_new(&cfg, NULL, &err);
    if (!f.srv)
        abort();
    f.now = 1000;
    ws_track_init(&f.ws[0]);
    ws_track_init(&f.ws[1]);
    for (int k = 0; k < CONNS; k++)
        hello(&f, k);
    say(&f, 0, "{\"type\":\"create\"}");
    say(&f, 1, "{\"type\":\"join\",\"room\":1}");
    say(&f, 2, "{\"type\":\"join\",\"room\":1}");
    say(&f, 3, "{\"type\":\"watch\",\"room\":1}");
    for (int k = 0; k < 3; k++)
        say(&f, k, "{\"type\":\"ready\"}");
    /* The input, line by line. */
    char *buf = malloc(size + 1);
    if (!buf)
        abort();
    memcpy(buf, data, size);
    buf[size] = '\0';
    for (char *line = buf, *next; line && line < buf + size; line = next) {
        char *nl = memchr(line, '\n', (size_t)(buf + size - line));
        next = nl ? nl + 1 : NULL;
        size_t len = nl ? (size_t)(nl - line) : (size_t)(buf + size - line);
        if (!len)
            continue;
        f.now += 120;
        int k = line[0] >= '0' && line[0] <= '4' ? line[0] - '0' : -1;
        if (k >= 0) {
            ddz_server_message(f.srv, f.conn[k], line + 1, len - 1, f.now);
        } else if (line[0] == 't') {
            f.now += strtol(line + 1, NULL, 10) % 100000;
            ddz_server_tick(f.srv, f.now);
        } else if (line[0] == 'c' && len > 1 && line[1] >= '0' && line[1] <= '4') {
            ddz_server_close(f.srv, f.conn[line[1] - '0'], f.now);
        } else if (line[0] == 'o' && len > 1 && line[1] >= '0' && line[1] <= '4') {
            check_outbox(&f);
            hello(&f, line[1] - '0');
        } else if (line[0] == 'r' && len > 1 && line[1] >= '0' && line[1] <= '4') {
            int c = line[1] - '0';
            char msg[128];
            snprintf(msg, sizeof msg, "{\"type\":\"hello\",\"version\":1,\"token\":\"%s\"}", f.token[c]);
            f.conn[c] = ddz_server_open(f.srv, f.now);
            say(&f, c, msg);
        } else if (line[0] == 'a' && len > 2 && line[1] >= '0' && line[1] <= '4') {
            char addr[64];
            snprintf(addr, sizeof addr, "%.*s", (int)(len - 2 < 63 ? len - 2 : 63), line + 2);
            ddz_server_set_address(f.srv, f.conn[line[1] - '0'], addr);
        } else if (line[0] == 'j' && f.njobs) {
            DdzThinkJob job = f.jobs[0];
            memmove(f.jobs, f.jobs + 1, (size_t)(f.njobs - 1) * sizeof *f.jobs);
            f.njobs--;
            DdzAction a;
            int rc = ddz_server_think(&job, &a);
            ddz_server_thought(f.srv, job.room, job.key, rc == 0 ? &a : NULL, f.now);
        } else if (line[0] == 'w') {
            fuzz_ws(&f, (const uint8_t *)line + 1, len - 1 + (nl != NULL));
        } else if (line[0] == 'x') {
            char text[600];
            snprintf(text, sizeof text, "%.*s", (int)(len - 1 < 599 ? len - 1 : 599), line + 1);
            fuzz_text(text);
        }
        check_outbox(&f);
    }
    free(buf);
    ddz_server_free(f.srv);
    return 0;
}
