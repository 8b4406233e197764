/* test_serveconf.c -- ddz serve's config file (src/cli/serveconf.c): what each line becomes,
 * and the refusals with their line numbers. A known-answer table: a file, then either the
 * options it gives (as the command line would spell them, "|" between them) or the line
 * number and a piece of the message. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "../src/cli/serveconf.h"

static const ServeConfKey KEYS[] = {
    {"port", "--port", true},   {"db", "--db", true},       {"leaver-penalty", "--leaver-penalty", false},
    {"option", "-o", true},     {"quiet", "--quiet", false},
};
#define NKEYS ((int)(sizeof KEYS / sizeof KEYS[0]))

/* The applier of the test: records the options; refuses a port that is not all digits
 * (as the real one refuses a bad value) to see its message reach the caller. */
static int record(void *ctx, int argc, char **argv, DdzError *err)
{
    char *got = ctx;
    if (!strcmp(argv[0], "--port") && strspn(argv[1], "0123456789") != strlen(argv[1]))
        return ddz_error_set(err, 0, "--port: '%s' is not a number", argv[1]);
    if (*got)
        strcat(got, "|");
    strcat(got, argv[0]);
    if (argc > 1) {
        strcat(got, " ");
        strcat(got, argv[1]);
    }
    return 0;
}

static const struct {
    const char *file;
    const char *options; /* NULL: refused */
    int line;
    const char *msg;
} CASES[] = {
    {"", "", 0, NULL},
    {"# only a comment\n\n   \n", "", 0, NULL},
    {"port = 7733\n", "--port 7733", 0, NULL},
    {"port=80", "--port 80", 0, NULL}, /* no spaces, no final newline */
    {"  port   =   81   \n", "--port 81", 0, NULL},
    {"port = 82 # the usual one\n", "--port 82", 0, NULL},
    {"db = /var/lib/ddz/a#b.db\n", "--db /var/lib/ddz/a#b.db", 0, NULL},
    {"db = \"/srv/my games/ddz.db\"  # quoted\n", "--db /srv/my games/ddz.db", 0, NULL},
    {"leaver-penalty = yes\n", "--leaver-penalty", 0, NULL},
    {"leaver-penalty = true\nquiet = on\n", "--leaver-penalty|--quiet", 0, NULL},
    {"leaver-penalty = no\nquiet = 0\n", "", 0, NULL},
    {"option = bid=rob\noption = double=farmer\n", "-o bid=rob|-o double=farmer", 0, NULL},
    {"port = 1\nport = 2\n", "--port 1|--port 2", 0, NULL}, /* the last wins, as on the command line */
    {"port 7733\n", NULL, 1, "expected NAME = VALUE"},
    {"# fine\nport = 1\nprot = 2\n", NULL, 3, "unknown setting 'prot' (settings: port, db,"},
    {"\n\nport = abc\n", NULL, 3, "--port: 'abc' is not a number"},
    {"port =\n", NULL, 1, "port needs a value"},
    {"quiet = maybe\n", NULL, 1, "quiet: yes or no, not 'maybe'"},
    {"db = \"/tmp/x\n", NULL, 1, "is not closed"},
    {"db = \"/tmp/x\" more\n", NULL, 1, "'more' after the quoted value"},
    {"= 5\n", NULL, 1, "unknown setting ''"},
};

static void table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        FILE *f = fmemopen((void *)(uintptr_t)CASES[i].file, strlen(CASES[i].file), "r");
        if (!*CASES[i].file) /* fmemopen refuses an empty buffer on some libcs */
            f = tmpfile();
        assert_non_null(f);
        char got[512] = "";
        DdzError err = {0, ""};
        int rc = serve_conf_read(f, "serve.conf", KEYS, NKEYS, record, got, &err);
        fclose(f);
        if (CASES[i].options) {
            if (rc != 0)
                fail_msg("case %zu: refused: %s", i, err.msg);
            assert_string_equal(got, CASES[i].options);
        } else {
            if (rc == 0)
                fail_msg("case %zu: accepted, gave '%s'", i, got);
            char where[64];
            snprintf(where, sizeof where, "serve.conf:%d: ", CASES[i].line);
            if (strncmp(err.msg, where, strlen(where)) || !strstr(err.msg, CASES[i].msg))
                fail_msg("case %zu: message '%s', wanted '%s%s'", i, err.msg, where, CASES[i].msg);
            assert_int_equal(err.pos, CASES[i].line);
        }
    }
}

/* A line longer than the limit is refused, not cut in two settings. */
static void long_line(void **state)
{
    (void)state;
    static char text[6000];
    memset(text, 'x', sizeof text - 2);
    memcpy(text, "db = ", 5);
    text[sizeof text - 2] = '\n';
    FILE *f = fmemopen(text, strlen(text), "r");
    assert_non_null(f);
    char got[512] = "";
    DdzError err;
    assert_int_equal(serve_conf_read(f, "c", KEYS, NKEYS, record, got, &err), -1);
    fclose(f);
    assert_non_null(strstr(err.msg, "c:1: line longer than"));
    assert_string_equal(got, "");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table),
        cmocka_unit_test(long_line),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
