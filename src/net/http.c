/* http.c -- plain HTTP for ddz serve: the browser client's files (built in, or a directory
 * while developing) with strict security headers and long caching of versioned names, and
 * /api/hint, the moves of a hand in hint order (a pure function of what the client sends). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libwebsockets.h>

#include "ddz/http.h"
#include "ddz/movegen.h"

/* Scripts, styles and images from this server only; the WebSocket to this server only
 * ('self' covers ws: on the same host and port); nothing inline, no frames, no forms. */
const char ddz_http_csp[] = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                            "connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; "
                            "frame-ancestors 'none'";

#define CACHE_NONE "no-cache"
#define CACHE_FOREVER "public, max-age=31536000, immutable"
#define DIR_FILE_MAX (4u << 20)

const char *ddz_http_type(const char *path)
{
    static const struct {
        const char *ext, *type;
    } types[] = {
        {".html", "text/html; charset=utf-8"},  {".js", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},    {".svg", "image/svg+xml"},
        {".json", "application/json"},          {".png", "image/png"},
        {".webmanifest", "application/manifest+json"}, {".txt", "text/plain; charset=utf-8"},
    };
    const char *dot = strrchr(path, '.');
    if (dot && !strchr(dot, '/'))
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
            if (!strcmp(dot, types[i].ext))
                return types[i].type;
    return "application/octet-stream";
}

bool ddz_http_url(const char *iface, int port, const char *path, char *out, size_t n)
{
    bool v6 = iface && strchr(iface, ':') != NULL;
    bool any = !iface || !*iface || !strcmp(iface, "0.0.0.0") || !strcmp(iface, "::") || !strcmp(iface, "[::]");
    char host[128];
    if (any) {
        snprintf(host, sizeof host, "%s", v6 ? "[::1]" : "127.0.0.1");
    } else if (v6 && iface[0] != '[') {
        const char *zone = strchr(iface, '%');
        size_t addr = zone ? (size_t)(zone - iface) : strlen(iface);
        snprintf(host, sizeof host, "[%.*s%s%s]", (int)addr, iface, zone ? "%25" : "", zone ? zone + 1 : "");
    } else {
        snprintf(host, sizeof host, "%s", iface);
    }
    snprintf(out, n, "http://%s:%d%s", host, port, path ? path : "/");
    return any;
}

static void reply_text(DdzHttpReply *r, int status, const char *text)
{
    r->status = status;
    r->type = "text/plain; charset=utf-8";
    r->cache = "no-store";
    r->body = (const unsigned char *)text;
    r->len = strlen(text);
}

/* A file name of the client: letters, digits, '.', '-', '_' and '/', no "..", no leading '/'. */
static bool name_ok(const char *name)
{
    if (!*name || *name == '/' || strstr(name, ".."))
        return false;
    for (const char *p = name; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '.' ||
              *p == '-' || *p == '_' || *p == '/'))
            return false;
    return true;
}

/* Reads DIR/NAME whole; index.html gets its "__V__" marks replaced by "dev". */
static int read_dir_file(const char *dir, const char *name, DdzHttpReply *r)
{
    char path[1024];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path)
        return -1;
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    unsigned char *buf = malloc(DIR_FILE_MAX);
    size_t n = buf ? fread(buf, 1, DIR_FILE_MAX, f) : 0;
    fclose(f);
    if (!buf)
        return -1;
    if (!strcmp(name, "index.html")) {
        for (size_t i = 0; i + 5 <= n; i++)
            if (!memcmp(buf + i, "__V__", 5)) {
                memcpy(buf + i, "dev", 3);
                memmove(buf + i + 3, buf + i + 5, n - i - 5);
                n -= 2;
            }
    }
    r->owned = buf;
    r->body = buf;
    r->len = n;
    return 0;
}

static const DdzWebFile *find_file(const DdzWebSite *site, const char *name)
{
    for (size_t i = 0; i < site->nfiles; i++)
        if (!strcmp(site->files[i].path, name))
            return &site->files[i];
    return NULL;
}

/* One query parameter, %-decoded ('+' is a space); false when absent or too long. */
static bool query_get(const char *query, const char *key, char *out, size_t size)
{
    size_t kl = strlen(key);
    for (const char *p = query; p && *p; p = strchr(p, '&') ? strchr(p, '&') + 1 : NULL) {
        if (strncmp(p, key, kl) || p[kl] != '=')
            continue;
        size_t o = 0;
        for (const char *v = p + kl + 1; *v && *v != '&'; v++) {
            int c = (unsigned char)*v;
            if (c == '+')
                c = ' ';
            else if (c == '%' && v[1] && v[2]) {
                char hex[3] = {v[1], v[2], 0};
                char *end;
                c = (int)strtol(hex, &end, 16);
                if (*end)
                    return false;
                v += 2;
            }
            if (o + 1 >= size)
                return false;
            out[o++] = (char)c;
        }
        out[o] = '\0';
        return true;
    }
    return false;
}

/* /api/hint?rules=R&hand=RANKS[&last=MOVE]: {"moves":[...]} in ddz_moves_hint order (at most
 * 100), or {"error":...} with 400. */
static void answer_hint(const char *query, DdzHttpReply *r)
{
    char rules_s[32] = "standard", hand_s[128], last_s[128] = "";
    DdzError err;
    DdzRuleset rules;
    DdzRanks hand;
    DdzMove last;
    bool have_last = false;
    memset(&err, 0, sizeof err);
    query_get(query, "rules", rules_s, sizeof rules_s);
    int bad = 0;
    if (ddz_ruleset_parse(rules_s, &rules, &err) != 0)
        bad = 1;
    else if (!query_get(query, "hand", hand_s, sizeof hand_s)) {
        snprintf(err.msg, sizeof err.msg, "hand= is missing or too long");
        bad = 1;
    } else if (ddz_ranks_parse(hand_s, &hand, &err) != 0 || ddz_ranks_size(hand) > 20) {
        if (!err.msg[0])
            snprintf(err.msg, sizeof err.msg, "a hand has at most 20 cards");
        bad = 1;
    } else if (query_get(query, "last", last_s, sizeof last_s) && last_s[0]) {
        if (ddz_move_parse(last_s, rules, &last, &err) != 0)
            bad = 1;
        have_last = !bad && last.type != DDZ_PASS;
    }
    size_t cap = 128 + (bad ? 512 : 100 * 84);
    char *out = malloc(cap);
    if (!out) {
        reply_text(r, 500, "out of memory\n");
        return;
    }
    size_t len = 0;
    if (bad) {
        len = (size_t)snprintf(out, cap, "{\"error\":\"");
        for (const char *p = err.msg; *p && len + 8 < cap; p++)
            if (*p == '"' || *p == '\\')
                out[len++] = '\\', out[len++] = *p;
            else if ((unsigned char)*p >= 0x20)
                out[len++] = *p;
        len += (size_t)snprintf(out + len, cap - len, "\"}");
        r->status = 400;
    } else {
        DdzMove *moves = malloc(sizeof *moves * DDZ_MAX_MOVES);
        if (!moves) {
            free(out);
            reply_text(r, 500, "out of memory\n");
            return;
        }
        int n = ddz_moves_hint(hand, have_last ? &last : NULL, rules, moves);
        len = (size_t)snprintf(out, cap, "{\"moves\":[");
        for (int i = 0; i < n && i < 100; i++) {
            char text[96];
            ddz_move_format(&moves[i], rules, text, sizeof text);
            len += (size_t)snprintf(out + len, cap - len, "%s\"%s\"", i ? "," : "", text);
        }
        len += (size_t)snprintf(out + len, cap - len, "],\"total\":%d}", n);
        free(moves);
        r->status = 200;
    }
    r->type = "application/json";
    r->cache = "no-store";
    r->owned = (unsigned char *)out;
    r->body = r->owned;
    r->len = len;
}

void ddz_http_answer(const DdzWebSite *site, const char *method, const char *path, const char *query, bool gzip_ok,
                     const char *if_none_match, DdzHttpReply *r)
{
    memset(r, 0, sizeof *r);
    if (strcmp(method, "GET") && strcmp(method, "HEAD")) {
        reply_text(r, 405, "method not allowed\n");
        return;
    }
    if (!strcmp(path, "/api/hint")) {
        answer_hint(query, r);
        return;
    }
    /* "/" is the page; "/v/VERSION/NAME" a file of this version; anything else is not here. */
    const char *name = NULL;
    bool versioned = false;
    const char *version = site->dir ? "dev" : site->version;
    size_t vl = strlen(version);
    if (!strcmp(path, "/") || !strcmp(path, "/index.html"))
        name = "index.html";
    else if (!strncmp(path, "/v/", 3) && !strncmp(path + 3, version, vl) && path[3 + vl] == '/') {
        name = path + 4 + vl;
        versioned = true;
    }
    if (!name || !name_ok(name)) {
        reply_text(r, 404, "not found\n");
        return;
    }
    r->type = ddz_http_type(name);
    r->cache = versioned && !site->dir ? CACHE_FOREVER : CACHE_NONE;
    if (site->dir) {
        if (read_dir_file(site->dir, name, r) != 0) {
            reply_text(r, 404, "not found\n");
            return;
        }
        r->status = 200;
        return;
    }
    const DdzWebFile *f = find_file(site, name);
    if (!f) {
        reply_text(r, 404, "not found\n");
        return;
    }
    snprintf(r->etag, sizeof r->etag, "\"%s%s\"", version, f->gz && gzip_ok ? "-gz" : "");
    if (if_none_match && strstr(if_none_match, r->etag)) {
        r->status = 304;
        return;
    }
    r->status = 200;
    if (f->gz && gzip_ok) {
        r->encoding = "gzip";
        r->body = f->gz;
        r->len = f->gzlen;
    } else {
        r->body = f->data;
        r->len = f->len;
    }
}

void ddz_http_reply_free(DdzHttpReply *r)
{
    free(r->owned);
    r->owned = NULL;
    r->body = NULL;
}

/* libwebsockets ------------------------------------------------------------------------------*/

static int add_header(struct lws *wsi, const char *name, const char *value, unsigned char **p, unsigned char *end)
{
    return lws_add_http_header_by_name(wsi, (const unsigned char *)name, (const unsigned char *)value,
                                       (int)strlen(value), p, end);
}

int ddz_http_lws_request(struct lws *wsi, DdzHttpConn *c, const DdzWebSite *site)
{
    ddz_http_lws_done(c);
    char *uri;
    int uri_len;
    int m = lws_http_get_uri_and_method(wsi, &uri, &uri_len);
    const char *method = m == LWSHUMETH_GET ? "GET" : m == LWSHUMETH_HEAD ? "HEAD" : "OTHER";
    char path[512], query[1024] = "", enc[256] = "", inm[256] = "";
    snprintf(path, sizeof path, "%.*s", uri_len > 0 ? uri_len : 0, uri_len > 0 ? uri : "");
    /* lws splits the arguments into fragments without their '&'. */
    size_t ql = 0;
    for (int i = 0; ql + 2 < sizeof query; i++) {
        char frag[512];
        int n = lws_hdr_copy_fragment(wsi, frag, sizeof frag, WSI_TOKEN_HTTP_URI_ARGS, i);
        if (n <= 0)
            break;
        ql += (size_t)snprintf(query + ql, sizeof query - ql, "%s%s", ql ? "&" : "", frag);
    }
    if (lws_hdr_copy(wsi, enc, sizeof enc, WSI_TOKEN_HTTP_ACCEPT_ENCODING) < 0)
        enc[0] = '\0';
    if (lws_hdr_copy(wsi, inm, sizeof inm, WSI_TOKEN_HTTP_IF_NONE_MATCH) < 0)
        inm[0] = '\0';
    ddz_http_answer(site, method, path, query, strstr(enc, "gzip") != NULL, inm[0] ? inm : NULL, &c->reply);
    DdzHttpReply *r = &c->reply;
    unsigned char buf[LWS_PRE + 2048], *start = buf + LWS_PRE, *p = start, *end = buf + sizeof buf - 1;
    bool body = r->status != 304 && strcmp(method, "HEAD") != 0;
    if (lws_add_http_common_headers(wsi, (unsigned)r->status, r->type ? r->type : "text/plain",
                                    r->status == 304 ? LWS_ILLEGAL_HTTP_CONTENT_LEN : (lws_filepos_t)r->len, &p,
                                    end) ||
        add_header(wsi, "cache-control:", r->cache ? r->cache : "no-store", &p, end) ||
        add_header(wsi, "content-security-policy:", ddz_http_csp, &p, end) ||
        add_header(wsi, "x-content-type-options:", "nosniff", &p, end) ||
        add_header(wsi, "referrer-policy:", "no-referrer", &p, end) ||
        add_header(wsi, "cross-origin-opener-policy:", "same-origin", &p, end) ||
        add_header(wsi, "vary:", "Accept-Encoding", &p, end) ||
        (r->etag[0] && add_header(wsi, "etag:", r->etag, &p, end)) ||
        (r->encoding && body && add_header(wsi, "content-encoding:", r->encoding, &p, end)) ||
        lws_finalize_write_http_header(wsi, start, &p, end)) {
        ddz_http_lws_done(c);
        return -1;
    }
    if (!body || !r->len) {
        ddz_http_lws_done(c);
        return lws_http_transaction_completed(wsi) ? -1 : 0;
    }
    c->busy = true;
    c->sent = 0;
    lws_callback_on_writable(wsi);
    return 0;
}

int ddz_http_lws_writable(struct lws *wsi, DdzHttpConn *c)
{
    if (!c->busy)
        return 0;
    unsigned char buf[LWS_PRE + 16384];
    size_t n = c->reply.len - c->sent;
    if (n > sizeof buf - LWS_PRE)
        n = sizeof buf - LWS_PRE;
    memcpy(buf + LWS_PRE, c->reply.body + c->sent, n);
    bool last = c->sent + n == c->reply.len;
    if (lws_write(wsi, buf + LWS_PRE, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) != (int)n) {
        ddz_http_lws_done(c);
        return -1;
    }
    c->sent += n;
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    ddz_http_lws_done(c);
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

void ddz_http_lws_done(DdzHttpConn *c)
{
    ddz_http_reply_free(&c->reply);
    memset(c, 0, sizeof *c);
}
