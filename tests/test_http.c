/* test_http.c -- ddz_http_answer: the browser client's files (types, versioned names cached for
 * good, the page revalidated, gzip only when asked and smaller), refusals, /api/hint. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "ddz/http.h"

static const unsigned char page[] = "<!doctype html><script src=\"/v/abc123/app.js\"></script>";
static const unsigned char js[] = "export const x = 1;";
static const unsigned char jsgz[] = "GZ";
static const DdzWebFile files[] = {
    {"index.html", page, sizeof page - 1, NULL, 0},
    {"app.js", js, sizeof js - 1, jsgz, 2},
};
static const DdzWebSite site = {files, 2, "abc123", NULL};

static void answer(const char *method, const char *path, const char *query, bool gz, const char *inm,
                   DdzHttpReply *r)
{
    ddz_http_answer(&site, method, path, query, gz, inm, r);
}

static void page_is_revalidated_and_files_are_cached_for_good(void **state)
{
    (void)state;
    DdzHttpReply r;
    answer("GET", "/", NULL, true, NULL, &r);
    assert_int_equal(r.status, 200);
    assert_string_equal(r.type, "text/html; charset=utf-8");
    assert_string_equal(r.cache, "no-cache");
    assert_string_equal(r.etag, "\"abc123\"");
    assert_null(r.encoding);
    assert_int_equal(r.len, sizeof page - 1);
    ddz_http_reply_free(&r);
    answer("GET", "/", NULL, true, "\"abc123\"", &r);
    assert_int_equal(r.status, 304);
    ddz_http_reply_free(&r);
    answer("GET", "/v/abc123/app.js", NULL, false, NULL, &r);
    assert_int_equal(r.status, 200);
    assert_string_equal(r.type, "text/javascript; charset=utf-8");
    assert_string_equal(r.cache, "public, max-age=31536000, immutable");
    assert_null(r.encoding);
    assert_memory_equal(r.body, js, sizeof js - 1);
    ddz_http_reply_free(&r);
}

static void gzip_only_when_accepted(void **state)
{
    (void)state;
    DdzHttpReply r;
    answer("GET", "/v/abc123/app.js", NULL, true, NULL, &r);
    assert_int_equal(r.status, 200);
    assert_string_equal(r.encoding, "gzip");
    assert_int_equal(r.len, 2);
    /* The gzip form has its own tag: a cache holding the plain one does not get a 304 for it. */
    assert_string_equal(r.etag, "\"abc123-gz\"");
    ddz_http_reply_free(&r);
    answer("HEAD", "/v/abc123/app.js", NULL, true, "\"abc123\"", &r);
    assert_int_equal(r.status, 200);
    ddz_http_reply_free(&r);
}

static void refusals(void **state)
{
    (void)state;
    static const struct {
        const char *method, *path;
        int status;
    } cases[] = {
        {"POST", "/", 405},
        {"GET", "/app.js", 404},               /* files only under their version */
        {"GET", "/v/old999/app.js", 404},      /* another version: not ours to promise */
        {"GET", "/v/abc123/../index.html", 404},
        {"GET", "/v/abc123//etc/passwd", 404},
        {"GET", "/v/abc123/missing.js", 404},
        {"GET", "/v/abc123/a%2e%2e", 404},
        {"GET", "/v/abc123", 404},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DdzHttpReply r;
        answer(cases[i].method, cases[i].path, NULL, false, NULL, &r);
        if (r.status != cases[i].status)
            fail_msg("%s %s: %d, not %d", cases[i].method, cases[i].path, r.status, cases[i].status);
        ddz_http_reply_free(&r);
    }
}

static void content_types(void **state)
{
    (void)state;
    assert_string_equal(ddz_http_type("a.css"), "text/css; charset=utf-8");
    assert_string_equal(ddz_http_type("icon.svg"), "image/svg+xml");
    assert_string_equal(ddz_http_type("x.png"), "image/png");
    assert_string_equal(ddz_http_type("noext"), "application/octet-stream");
    assert_string_equal(ddz_http_type("dir.js/file"), "application/octet-stream");
    assert_non_null(strstr(ddz_http_csp, "default-src 'none'"));
    assert_null(strstr(ddz_http_csp, "unsafe"));
}

/* /api/hint: known answers in ddz_moves_hint order, and refusals with a reason. */
static void hint_known_answers(void **state)
{
    (void)state;
    static const struct {
        const char *query;
        int status;
        const char *body;
    } cases[] = {
        {"rules=standard&hand=3334455BR&last=4", 200, "{\"moves\":[\"5\",\"B\",\"R\",\"BR\"],\"total\":4}"},
        {"hand=33&last=44", 200, "{\"moves\":[],\"total\":0}"},
        {"hand=33", 200, "{\"moves\":[\"33\",\"3\"],\"total\":2}"}, /* the pair kept whole first */
        {"hand=3%204&last=", 200, "{\"moves\":[\"3\",\"4\"],\"total\":2}"},
        {"hand=33Z", 400, NULL},
        {"rules=nope&hand=33", 400, NULL},
        {"last=3", 400, NULL},
        {"hand=3&last=34", 400, NULL},
        {"hand=333333333333333333333", 400, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DdzHttpReply r;
        answer("GET", "/api/hint", cases[i].query, false, NULL, &r);
        char body[512];
        snprintf(body, sizeof body, "%.*s", (int)r.len, (const char *)r.body);
        if (r.status != cases[i].status)
            fail_msg("%s: status %d, not %d (%s)", cases[i].query, r.status, cases[i].status, body);
        if (cases[i].body && strcmp(body, cases[i].body))
            fail_msg("%s: %s, not %s", cases[i].query, body, cases[i].body);
        if (!cases[i].body && !strstr(body, "\"error\""))
            fail_msg("%s: no error in %s", cases[i].query, body);
        assert_string_equal(r.type, "application/json");
        ddz_http_reply_free(&r);
    }
}

/* --web DIR: files read at each request, "__V__" in the page replaced by "dev", never cached. */
/* The URL printed for a listening address (ddz web, ddz serve --web): IPv6 in brackets, the
 * wildcards through the loopback. Known answers. */
static void url_known_answers(void **state)
{
    (void)state;
    static const struct {
        const char *iface, *path, *url;
        bool any;
    } T[] = {
        {"127.0.0.1", "/", "http://127.0.0.1:7733/", false},
        {"0.0.0.0", "/", "http://127.0.0.1:7733/", true},
        {"", "/", "http://127.0.0.1:7733/", true},
        {"::", "/#solo=normal", "http://[::1]:7733/#solo=normal", true},
        {"::1", "/", "http://[::1]:7733/", false},
        {"2001:db8::5", "/", "http://[2001:db8::5]:7733/", false},
        {"fe80::1%eth0", "/", "http://[fe80::1%25eth0]:7733/", false},
        {"localhost", "/x", "http://localhost:7733/x", false},
        {"192.168.1.9", NULL, "http://192.168.1.9:7733/", false},
    };
    for (size_t i = 0; i < sizeof T / sizeof *T; i++) {
        char url[128];
        bool any = ddz_http_url(T[i].iface, 7733, T[i].path, url, sizeof url);
        assert_string_equal(url, T[i].url);
        assert_int_equal(any, T[i].any);
    }
    char small[12];
    ddz_http_url("::1", 7733, "/", small, sizeof small); /* cut, still a string */
    assert_string_equal(small, "http://[::1");
}

static void directory_site(void **state)
{
    (void)state;
    char dir[] = "/tmp/ddz-http-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/index.html", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("<script src=\"/v/__V__/app.js\"></script>", f);
    fclose(f);
    DdzWebSite d = {NULL, 0, "dev", dir};
    DdzHttpReply r;
    ddz_http_answer(&d, "GET", "/", NULL, true, NULL, &r);
    assert_int_equal(r.status, 200);
    assert_string_equal(r.cache, "no-cache");
    char body[256];
    snprintf(body, sizeof body, "%.*s", (int)r.len, (const char *)r.body);
    assert_string_equal(body, "<script src=\"/v/dev/app.js\"></script>");
    ddz_http_reply_free(&r);
    ddz_http_answer(&d, "GET", "/v/dev/app.js", NULL, true, NULL, &r);
    assert_int_equal(r.status, 404);
    ddz_http_reply_free(&r);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(page_is_revalidated_and_files_are_cached_for_good),
        cmocka_unit_test(gzip_only_when_accepted),
        cmocka_unit_test(refusals),
        cmocka_unit_test(content_types),
        cmocka_unit_test(hint_known_answers),
        cmocka_unit_test(directory_site),
        cmocka_unit_test(url_known_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
