/* test_servelog.c -- ddz serve's log lines (src/cli/servelog.c): "<N>" syslog levels and no
 * program name when standard error is the journal ($JOURNAL_STREAM names it), "ddz serve:
 * LEVEL:" and no colour on a plain file, one line per message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "testutil.h"
#include "../src/cli/servelog.h"

static void read_back(FILE *f, char *buf, size_t size)
{
    fflush(f);
    rewind(f);
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
}

static void journal_stream_gets_levels(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    struct stat st;
    assert_int_equal(fstat(fileno(f), &st), 0);
    char js[64];
    snprintf(js, sizeof js, "%llu:%llu", (unsigned long long)st.st_dev, (unsigned long long)st.st_ino);
    setenv("JOURNAL_STREAM", js, 1);
    ServeLog log;
    serve_log_init(&log, f);
    assert_true(log.journal);
    assert_false(log.color);
    serve_log_line(&log, "cut connection 7: flood");
    serve_log_line(&log, "room 3: game 12 not stored: disk full");
    serve_log(&log, SERVE_LOG_ERR, "two\nlines");
    serve_log(&log, SERVE_LOG_INFO, "listening");
    char buf[512];
    read_back(f, buf, sizeof buf);
    assert_string_equal(buf, "<5>cut connection 7: flood\n"
                             "<4>room 3: game 12 not stored: disk full\n"
                             "<3>two lines\n"
                             "<6>listening\n");
    fclose(f);
    unsetenv("JOURNAL_STREAM");
}

static void other_stream_is_not_the_journal(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    /* a JOURNAL_STREAM inherited from elsewhere names another file: plain lines */
    setenv("JOURNAL_STREAM", "1:1", 1);
    ServeLog log;
    serve_log_init(&log, f);
    assert_false(log.journal);
    assert_false(log.color); /* a file, not a terminal */
    serve_log_line(&log, "cut connection 7: flood");
    serve_log_line(&log, "room 3: computer player refused: x");
    serve_log(&log, SERVE_LOG_ERR, "bad");
    serve_log(&log, SERVE_LOG_INFO, "listening");
    char buf[512];
    read_back(f, buf, sizeof buf);
    assert_string_equal(buf, "ddz serve: notice: cut connection 7: flood\n"
                             "ddz serve: warning: room 3: computer player refused: x\n"
                             "ddz serve: error: bad\n"
                             "ddz serve: listening\n");
    assert_null(strchr(buf, '\033'));
    fclose(f);
    unsetenv("JOURNAL_STREAM");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(journal_stream_gets_levels),
        cmocka_unit_test(other_stream_is_not_the_journal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
