/* http.h -- the plain HTTP side of ddz serve: the browser client's files and a stateless
 * hint service (docs/PROTOCOL.md, "The browser client").
 *
 * ddz_http_answer is a pure function from a request to a reply, so tests drive it without a
 * network; ddz_http_lws_* carry it over a libwebsockets connection. A DdzWebSite is owned by
 * the caller and must outlive the server; a DdzHttpReply owns what it allocated
 * (ddz_http_reply_free). Everything here is thread-compatible (no shared state). */
#ifndef DDZ_HTTP_H
#define DDZ_HTTP_H

#include <stdbool.h>
#include <stddef.h>

/* One file of the client, as built into the binary (build/gen/web_files.c from web/):
 * its bytes, and the gzip form when that is smaller by a tenth or more (else gz is NULL). */
typedef struct DdzWebFile {
    const char *path; /* "app.js", "index.html" (no leading slash) */
    const unsigned char *data;
    size_t len;
    const unsigned char *gz;
    size_t gzlen;
} DdzWebFile;

/* What the server serves: built-in files (files, nfiles, version: a hash of their content),
 * or, when dir is set, the files of that directory read at each request (version "dev",
 * nothing cached: for working on the client). */
typedef struct DdzWebSite {
    const DdzWebFile *files;
    size_t nfiles;
    const char *version;
    const char *dir;
} DdzWebSite;

/* The built-in client (generated at build time; only the ddz program links it). */
extern const DdzWebSite ddz_web_builtin;

typedef struct DdzHttpReply {
    int status;           /* 200, 304, 400, 404, 405 */
    const char *type;     /* Content-Type */
    const char *cache;    /* Cache-Control */
    const char *encoding; /* "gzip" or NULL */
    char etag[48];        /* quoted, or "" */
    const unsigned char *body;
    size_t len;
    unsigned char *owned; /* body's allocation when it is not static */
} DdzHttpReply;

/* Answers one request. method "GET" or "HEAD" (others get 405); path the URL path ("/",
 * "/v/VERSION/app.js", "/api/hint"); query the part after '?' or NULL; gzip_ok whether the
 * client accepts gzip; if_none_match the header's value or NULL. Always fills *r (an error
 * status with a short text body when the request is refused). */
void ddz_http_answer(const DdzWebSite *site, const char *method, const char *path, const char *query, bool gzip_ok,
                     const char *if_none_match, DdzHttpReply *r);
void ddz_http_reply_free(DdzHttpReply *r);

/* The Content-Type of a file name by its extension. */
const char *ddz_http_type(const char *path);

/* The URL to open for a server listening on iface and port, path appended ("/", "/#solo=x"):
 * an IPv6 address goes in brackets (a zone "%eth0" written "%25eth0"); a server listening on
 * every address (0.0.0.0, ::, "") is reached on this machine through the loopback
 * (127.0.0.1, [::1]). Returns true when iface was such a wildcard (the caller may say that
 * other machines use this machine's address). The text is cut to size (n >= 1). */
bool ddz_http_url(const char *iface, int port, const char *path, char *out, size_t n);

/* The Content-Security-Policy every reply carries. */
extern const char ddz_http_csp[];

/* libwebsockets glue: one HTTP transaction at a time per connection. */
struct lws;
typedef struct DdzHttpConn {
    DdzHttpReply reply;
    size_t sent;
    bool busy;
} DdzHttpConn;

/* On LWS_CALLBACK_HTTP: answers the request (headers now, the body as the socket takes it).
 * Returns the callback's return value (-1 closes the connection). */
int ddz_http_lws_request(struct lws *wsi, DdzHttpConn *c, const DdzWebSite *site);
/* On LWS_CALLBACK_HTTP_WRITEABLE. */
int ddz_http_lws_writable(struct lws *wsi, DdzHttpConn *c);
/* On LWS_CALLBACK_CLOSED_HTTP (and before a connection becomes a WebSocket). */
void ddz_http_lws_done(DdzHttpConn *c);

#endif
