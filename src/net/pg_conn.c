/* pg_conn.c -- a PostgreSQL connection made again without blocking (pg_conn.h). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pg_conn.h"

static int64_t mono_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Notices ("relation already exists, skipping") are not for the operator's terminal. */
static void quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message;
}

static void first_line(const char *m, char *out, size_t n)
{
    snprintf(out, n, "%s", m && *m ? m : "?");
    out[strcspn(out, "\n")] = '\0';
}

/* Gives up the attempt in progress, saying why. */
static bool give_up(PgConn *pc, DdzError *err, const char *what, const char *why)
{
    char line[200];
    first_line(why ? why : PQerrorMessage(pc->next), line, sizeof line);
    ddz_error_set(err, 0, "postgresql: %s: %s", what, line);
    PQfinish(pc->next);
    pc->next = NULL;
    return false;
}

/* Starts an attempt. A host name is resolved first, on a thread (pg_resolve.h), waiting
 * wait_ms at most: while it has not answered, no attempt starts and the call says so. */
static bool start(PgConn *pc, int wait_ms, DdzError *err, const char *what)
{
    char addr[PG_RESOLVE_MAX * 48] = "", hosts[PG_RESOLVE_MAX * 257] = "";
    if (!pc->looked) {
        char host[256];
        pc->looked = true;
        if (pg_resolve_needed(pc->url, host, sizeof host) && !(pc->name = strdup(host))) {
            ddz_error_set(err, 0, "postgresql: %s: out of memory", what);
            return false;
        }
    }
    if (pc->name) {
        if (!pc->res && !(pc->res = pg_resolve_start(pc->name, pc->gai))) {
            ddz_error_set(err, 0, "postgresql: %s: cannot start a thread to resolve %s", what, pc->name);
            return false;
        }
        char why[200];
        int n = 0;
        int k = pg_resolve_take(pc->res, wait_ms, addr, sizeof addr, &n, why, sizeof why);
        if (k == 0) {
            ddz_error_set(err, 0, "postgresql: %s: the database is away (resolving %s)", what, pc->name);
            return false;
        }
        pg_resolve_drop(pc->res);
        pc->res = NULL;
        if (k < 0) {
            pc->started = mono_ms(); /* the next try in PG_CONN_RETRY_MS */
            ddz_error_set(err, 0, "postgresql: %s: %s", what, why);
            return false;
        }
        for (int i = 0; i < n; i++) /* one host per address, as hostaddr wants */
            snprintf(hosts + strlen(hosts), sizeof hosts - strlen(hosts), "%s%s", i ? "," : "", pc->name);
    }
    /* The URL's own settings come after (and so win over) these defaults; the addresses
     * resolved here come last. */
    static const char *const keys[] = {"tcp_user_timeout", "dbname", "host", "hostaddr", NULL};
    const char *values[] = {"5000", pc->url, addr[0] ? hosts : NULL, addr[0] ? addr : NULL, NULL};
    pc->next = PQconnectStartParams(keys, values, 1);
    if (!pc->next) {
        ddz_error_set(err, 0, "postgresql: %s: out of memory", what);
        return false;
    }
    if (PQstatus(pc->next) == CONNECTION_BAD)
        return give_up(pc, err, what, NULL);
    pc->poll = PGRES_POLLING_WRITING;
    pc->started = mono_ms();
    return true;
}

/* Advances the attempt until connected, failed, or deadline (monotonic ms) passed. */
static bool drive(PgConn *pc, int64_t deadline, DdzError *err, const char *what)
{
    for (;;) {
        if (pc->poll == PGRES_POLLING_OK) {
            PQfinish(pc->c); /* broken: nothing is sent on it */
            pc->c = pc->next;
            pc->next = NULL;
            pc->again = pc->opened; /* made again, not the first one */
            pc->opened = true;
            PQsetNoticeProcessor(pc->c, quiet, NULL);
            return true;
        }
        if (pc->poll == PGRES_POLLING_FAILED)
            return give_up(pc, err, what, NULL);
        int64_t now = mono_ms();
        if (now - pc->started >= PG_CONN_TIMEOUT_MS) {
            char why[80];
            snprintf(why, sizeof why, "the database did not answer in %d s", PG_CONN_TIMEOUT_MS / 1000);
            return give_up(pc, err, what, why);
        }
        struct pollfd p = {PQsocket(pc->next), pc->poll == PGRES_POLLING_READING ? POLLIN : POLLOUT, 0};
        if (p.fd < 0)
            return give_up(pc, err, what, NULL);
        int wait = deadline > now ? (int)(deadline - now) : 0;
        int n = poll(&p, 1, wait);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0 && mono_ms() - pc->started >= PG_CONN_TIMEOUT_MS)
            continue; /* given up above */
        if (n <= 0) {
            ddz_error_set(err, 0, "postgresql: %s: the database is away (connecting again, %lld ms so far)", what,
                          (long long)(now - pc->started));
            return false;
        }
        pc->poll = PQconnectPoll(pc->next);
    }
}

bool pg_conn_ready(PgConn *pc, int wait_ms, DdzError *err, const char *what)
{
    if (pc->c && PQstatus(pc->c) == CONNECTION_OK)
        return true;
    /* A new attempt may wait a little (a database that restarted answers at once); one in
     * progress is only looked at. */
    int64_t deadline = mono_ms();
    if (!pc->next) {
        if (!start(pc, wait_ms, err, what))
            return false;
        deadline += wait_ms;
    }
    return drive(pc, deadline, err, what);
}

/* The connection is given up (a statement past its deadline): closed at once, so that nothing
 * more is sent on it; the next call or pg_conn_poll connects again. */
static void drop(PgConn *pc)
{
    PQfinish(pc->c);
    pc->c = NULL;
}

/* Waits until the socket is ready for ev or the deadline (0: none) passed; false at the
 * deadline. */
static bool wait_ready(int fd, short ev, int64_t deadline)
{
    for (;;) {
        int wait = -1;
        if (deadline) {
            int64_t left = deadline - mono_ms();
            if (left <= 0)
                return false;
            wait = (int)left;
        }
        struct pollfd p = {fd, ev, 0};
        int n = poll(&p, 1, wait);
        if (n > 0)
            return true;
        if (n < 0 && errno != EINTR)
            return true; /* said by the next libpq call */
    }
}

PGresult *pg_conn_exec(PgConn *pc, const char *sql, int n, const char *const *params, int deadline_ms,
                       DdzError *err, const char *what)
{
    char line[200];
    PGconn *c = pc->c;
    int64_t deadline = deadline_ms > 0 ? mono_ms() + deadline_ms : 0;
    if (!c || PQstatus(c) != CONNECTION_OK) {
        ddz_error_set(err, 0, "postgresql: %s: the database is away", what);
        return NULL;
    }
    /* Sent without blocking (a big record fills the socket's buffer of a host that stopped
     * reading), then the answer read as it comes, until the deadline. */
    if (PQsetnonblocking(c, 1) != 0 || !(n ? PQsendQueryParams(c, sql, n, NULL, params, NULL, NULL, 0)
                                           : PQsendQuery(c, sql))) {
        first_line(PQerrorMessage(c), line, sizeof line);
        ddz_error_set(err, 0, "postgresql: %s: %s", what, line);
        return NULL;
    }
    PGresult *last = NULL, *bad = NULL;
    int flushing = 1;
    for (;;) {
        if (flushing)
            flushing = PQflush(c);
        if (flushing < 0)
            break;
        if (!flushing) {
            if (!PQconsumeInput(c))
                break;
            bool done = false;
            while (!PQisBusy(c)) {
                PGresult *r = PQgetResult(c);
                if (!r) {
                    done = true;
                    break;
                }
                ExecStatusType st = PQresultStatus(r);
                bool ok = st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
                if (!ok && !bad) {
                    bad = r; /* the first error is the answer, as PQexec's */
                } else if (ok && !bad) {
                    PQclear(last); /* the last statement's answer, as PQexec's */
                    last = r;
                } else {
                    PQclear(r);
                }
            }
            if (done) {
                if (bad) {
                    PQclear(last);
                    return bad;
                }
                if (last)
                    return last;
                ddz_error_set(err, 0, "postgresql: %s: no answer", what);
                return NULL;
            }
        }
        if (!wait_ready(PQsocket(c), (short)(POLLIN | (flushing ? POLLOUT : 0)), deadline)) {
            PQclear(last);
            PQclear(bad);
            ddz_error_set(err, 0, "postgresql: %s: the database did not answer in %d ms (the connection is dropped "
                          "and made again)", what, deadline_ms);
            drop(pc);
            pc->started = mono_ms(); /* the background's next attempt in PG_CONN_RETRY_MS */
            return NULL;
        }
    }
    first_line(PQerrorMessage(c), line, sizeof line);
    ddz_error_set(err, 0, "postgresql: %s: %s", what, line);
    PQclear(last);
    PQclear(bad);
    return NULL;
}

bool pg_conn_poll(PgConn *pc)
{
    bool again = pc->again;
    pc->again = false;
    if (again)
        return true;
    DdzError err;
    if (pc->c && !pc->next && PQstatus(pc->c) == CONNECTION_OK) {
        /* Nothing is asked on it now: a socket that can be read says the database closed it
         * (a restart, a kill) or sent a notice; read without waiting, and a connection
         * found closed is made again below, before a caller needs it. */
        struct pollfd p = {PQsocket(pc->c), POLLIN, 0};
        if (p.fd >= 0 && poll(&p, 1, 0) > 0)
            PQconsumeInput(pc->c);
    }
    if (!pc->next) {
        /* Broken (a call or the look above found it so): connect again in the background, so
         * that the next caller finds the connection made; at most one start per
         * PG_CONN_RETRY_MS, and each tick while the host's name is being resolved. */
        bool due = pc->res || (pc->opened && !(pc->c && PQstatus(pc->c) == CONNECTION_OK) &&
                               mono_ms() - pc->started >= PG_CONN_RETRY_MS);
        if (!due || !start(pc, 0, &err, "connect"))
            return false;
    }
    drive(pc, 0, &err, "connect");
    again = pc->again;
    pc->again = false;
    return again;
}

int pg_conn_open(PgConn *pc, const char *url, int timeout_ms, DdzError *err)
{
    memset(pc, 0, sizeof *pc);
    if (!(pc->url = strdup(url)))
        return ddz_error_set(err, 0, "out of memory");
    if (!start(pc, timeout_ms, err, "cannot connect")) {
        if (pc->res) { /* the resolver did not answer in time */
            ddz_error_set(err, 0, "postgresql: cannot connect: %s did not resolve in %.1f s", pc->name,
                          timeout_ms / 1000.0);
        }
        return -1;
    }
    if (drive(pc, pc->started + timeout_ms, err, "cannot connect"))
        return 0;
    if (pc->next) { /* still waiting for an answer */
        char why[80];
        snprintf(why, sizeof why, "the database did not answer in %.1f s", timeout_ms / 1000.0);
        give_up(pc, err, "cannot connect", why);
    }
    return -1;
}

void pg_conn_close(PgConn *pc)
{
    pg_resolve_drop(pc->res);
    free(pc->name);
    PQfinish(pc->next);
    PQfinish(pc->c);
    free(pc->url);
    memset(pc, 0, sizeof *pc);
}
