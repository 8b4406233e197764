/* test_pgconn.c -- the PostgreSQL connection of the store (src/net/pg_conn.h) against a database
 * host that takes the connection and never answers (a listening socket that never replies, as a
 * host that drops packets after the handshake would be): a call waits a few milliseconds at
 * most and says the database is away, a call while the attempt goes on does not wait, the
 * background poll never blocks, and the blocking open at the start gives up after its time
 * with a clear message; and against a host that says hello and then never answers a statement
 * (a database that froze: the connection stays open, no TCP timeout fires): a statement
 * waits for its deadline and no longer, even one too big for the socket's buffers, and the
 * connection is dropped; and a host name whose resolver takes long: it is resolved on a
 * thread, nobody waits for it, and the connection is made to the address found. No PostgreSQL needed (tests/pg.sh checks the same with a real one). */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"
#include "../src/net/pg_conn.h"

static int64_t ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* A socket that listens on 127.0.0.1 and never accepts: connections complete (the kernel's
 * backlog) and nothing is ever said. Sets *port. */
static int mute_host(int *port)
{
    int s = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(s >= 0);
    struct sockaddr_in a;
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(bind(s, (struct sockaddr *)&a, sizeof a), 0);
    assert_int_equal(listen(s, 16), 0);
    socklen_t n = sizeof a;
    assert_int_equal(getsockname(s, (struct sockaddr *)&a, &n), 0);
    *port = ntohs(a.sin_port);
    return s;
}

static void a_mute_database_host_never_holds_up_the_caller(void **state)
{
    (void)state;
    int port;
    int s = mute_host(&port);
    char url[128];
    snprintf(url, sizeof url, "postgresql://ddz@127.0.0.1:%d/ddz?sslmode=disable", port);
    /* A connection that broke (none here): the call starts a new one and waits 5 ms at most. */
    PgConn pc;
    memset(&pc, 0, sizeof pc);
    pc.url = strdup(url);
    DdzError err;
    int64_t t0 = ms();
    assert_false(pg_conn_ready(&pc, PG_CONN_WAIT_MS, &err, "alive"));
    int64_t waited = ms() - t0;
    assert_true(waited < 1000); /* 5 ms asked; a blocking connect would wait for ever */
    assert_non_null(strstr(err.msg, "postgresql: alive: the database is away"));
    assert_non_null(pc.next); /* the attempt goes on */
    /* The server's tick advances it without waiting; a call meanwhile does not wait at all. */
    t0 = ms();
    for (int i = 0; i < 100; i++) {
        assert_false(pg_conn_poll(&pc));
        assert_false(pg_conn_ready(&pc, PG_CONN_WAIT_MS, &err, "player ids"));
    }
    assert_true(ms() - t0 < 1000);
    assert_non_null(strstr(err.msg, "postgresql: player ids: the database is away"));
    pg_conn_close(&pc);
    /* The open at the start waits, but not for ever. */
    t0 = ms();
    assert_int_equal(pg_conn_open(&pc, url, 300, &err), -1);
    assert_true(ms() - t0 >= 250);
    assert_non_null(strstr(err.msg, "cannot connect: the database did not answer in 0.3 s"));
    pg_conn_close(&pc);
    close(s);
}

/* A child process that takes one connection, answers PostgreSQL's start-up (authentication
 * ok, ready for a query) and then reads and says nothing, as a database that froze after the
 * connection was made. Returns its pid; sets *port. */
static pid_t frozen_pid; /* killed by the test's teardown too, should an assertion fail */

static pid_t frozen_host(int *port)
{
    int s = mute_host(port);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid) {
        close(s);
        return frozen_pid = pid;
    }
    int c = accept(s, NULL, NULL);
    char buf[4096];
    uint8_t len[4];
    if (c < 0 || read(c, len, 4) != 4)
        _exit(1);
    size_t n = ((size_t)len[0] << 24 | (size_t)len[1] << 16 | (size_t)len[2] << 8 | len[3]) - 4;
    while (n > 0) { /* the start-up packet */
        ssize_t k = read(c, buf, n < sizeof buf ? n : sizeof buf);
        if (k <= 0)
            _exit(1);
        n -= (size_t)k;
    }
    static const uint8_t hello[] = {'R', 0, 0, 0, 8, 0, 0, 0, 0, 'Z', 0, 0, 0, 5, 'I'};
    if (write(c, hello, sizeof hello) != (ssize_t)sizeof hello)
        _exit(1);
    for (;;)
        pause(); /* reads nothing: the socket's buffers fill, and nothing is ever answered */
}

static int kill_frozen_host(void **state)
{
    (void)state;
    if (frozen_pid > 0) {
        kill(frozen_pid, SIGKILL);
        waitpid(frozen_pid, NULL, 0);
        frozen_pid = 0;
    }
    return 0;
}

static void a_statement_to_a_frozen_database_waits_for_its_deadline_only(void **state)
{
    (void)state;
    int port;
    frozen_host(&port);
    char url[160];
    snprintf(url, sizeof url, "postgresql://ddz@127.0.0.1:%d/ddz?sslmode=disable&gssencmode=disable", port);
    PgConn pc;
    DdzError err;
    assert_int_equal(pg_conn_open(&pc, url, 5000, &err), 0);
    assert_non_null(pc.c);
    int64_t t0 = ms();
    assert_null(pg_conn_exec(&pc, "SELECT 1", 0, NULL, 100, &err, "alive"));
    int64_t waited = ms() - t0;
    assert_true(waited >= 95 && waited < 1000); /* without a deadline: for as long as it is frozen */
    assert_non_null(strstr(err.msg, "postgresql: alive: the database did not answer in 100 ms"));
    assert_null(pc.c); /* dropped: the next call connects again */
    assert_false(pg_conn_ready(&pc, PG_CONN_WAIT_MS, &err, "alive"));
    pg_conn_close(&pc);
    /* A statement bigger than the socket's buffers: sending it does not block either. */
    kill_frozen_host(NULL);
    frozen_host(&port);
    snprintf(url, sizeof url, "postgresql://ddz@127.0.0.1:%d/ddz?sslmode=disable&gssencmode=disable", port);
    assert_int_equal(pg_conn_open(&pc, url, 5000, &err), 0);
    size_t big = 32u << 20;
    char *record = malloc(big + 1);
    assert_non_null(record);
    memset(record, 'x', big);
    record[big] = '\0';
    const char *params[1] = {record};
    t0 = ms();
    assert_null(pg_conn_exec(&pc, "INSERT INTO records(game, text) VALUES(1, $1)", 1, params, 150, &err, "record"));
    waited = ms() - t0;
    assert_true(waited >= 145 && waited < 1500);
    assert_non_null(strstr(err.msg, "postgresql: record: the database did not answer in 150 ms"));
    assert_null(pc.c);
    free(record);
    pg_conn_close(&pc);
}

/* A resolver that takes a second to answer (as one whose DNS server does not answer), then
 * says 127.0.0.1 for any name. */
static int slow_gai(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **res)
{
    (void)node;
    struct timespec one = {1, 0};
    nanosleep(&one, NULL);
    return getaddrinfo("127.0.0.1", service, hints, res);
}

static void a_host_name_is_resolved_without_holding_up_the_caller(void **state)
{
    (void)state;
    int port;
    frozen_host(&port); /* answers the start-up: the connection is made */
    char url[160];
    snprintf(url, sizeof url, "postgresql://ddz@db.example.test:%d/ddz?sslmode=disable&gssencmode=disable", port);
    PgConn pc;
    memset(&pc, 0, sizeof pc);
    pc.url = strdup(url);
    pc.gai = slow_gai;
    DdzError err;
    int64_t t0 = ms();
    assert_false(pg_conn_ready(&pc, PG_CONN_WAIT_MS, &err, "player ids"));
    assert_true(ms() - t0 < 500); /* not the resolver's second */
    assert_non_null(strstr(err.msg, "postgresql: player ids: the database is away (resolving db.example.test)"));
    /* The tick goes on without waiting until the resolver answers, then the attempt starts
     * with its address and connects. */
    int64_t longest = 0;
    t0 = ms();
    while (!(pc.c && PQstatus(pc.c) == CONNECTION_OK) && ms() - t0 < 5000) {
        int64_t t = ms();
        pg_conn_poll(&pc);
        if (ms() - t > longest)
            longest = ms() - t;
        struct timespec tick = {0, 5000000};
        nanosleep(&tick, NULL);
    }
    assert_true(ms() - t0 >= 900);
    assert_true(longest < 200);
    assert_non_null(pc.c);
    assert_int_equal(PQstatus(pc.c), CONNECTION_OK);
    assert_string_equal(PQhost(pc.c), "db.example.test");
    assert_string_equal(PQhostaddr(pc.c), "127.0.0.1");
    assert_true(pg_conn_ready(&pc, PG_CONN_WAIT_MS, &err, "player ids"));
    pg_conn_close(&pc);
    /* A name that does not resolve is said. */
    memset(&pc, 0, sizeof pc);
    pc.url = strdup("postgresql://ddz@no-such-host.invalid:5432/ddz");
    assert_false(pg_conn_ready(&pc, 3000, &err, "alive"));
    assert_true(strstr(err.msg, "cannot resolve no-such-host.invalid") || strstr(err.msg, "resolving"));
    pg_conn_close(&pc);
}

/* A port nobody listens on: refused at once, said. */
static void a_refused_connection_is_said_at_once(void **state)
{
    (void)state;
    int port;
    int s = mute_host(&port);
    close(s); /* the port is free again: connections are refused */
    char url[128];
    snprintf(url, sizeof url, "postgresql://ddz@127.0.0.1:%d/ddz?sslmode=disable", port);
    PgConn pc;
    DdzError err;
    assert_int_equal(pg_conn_open(&pc, url, 5000, &err), -1);
    assert_non_null(strstr(err.msg, "cannot connect"));
    assert_non_null(strstr(err.msg, "refused"));
    pg_conn_close(&pc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_mute_database_host_never_holds_up_the_caller),
        cmocka_unit_test(a_refused_connection_is_said_at_once),
        cmocka_unit_test_teardown(a_statement_to_a_frozen_database_waits_for_its_deadline_only, kill_frozen_host),
        cmocka_unit_test_teardown(a_host_name_is_resolved_without_holding_up_the_caller, kill_frozen_host),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
