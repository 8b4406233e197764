/* pg_conn.h -- a PostgreSQL connection for store_pg.c that is made again, when it breaks,
 * without blocking its caller: the new connection is started with libpq's non-blocking
 * PQconnectStartParams and advanced by PQconnectPoll whenever its socket is ready, a few
 * milliseconds at most per call, so a database host that does not answer (it drops packets,
 * or accepts the connection and says nothing) never holds up the server's event loop. An
 * attempt that has not connected in PG_CONN_TIMEOUT_MS is given up; the next call starts
 * another. Every connection also has tcp_user_timeout (5 s unless the URL says otherwise):
 * a statement sent to a host that stopped acknowledging fails then instead of waiting for
 * the kernel's retransmissions (minutes). A statement is run with pg_conn_exec, which waits
 * for its answer until a deadline: past it the connection is dropped (a host that stopped,
 * or a database process that stopped, keeps the socket open and says nothing: no TCP timeout
 * fires) and made again as above. A host name is resolved on a thread (pg_resolve.h) before
 * each attempt, so a resolver that hangs does not hold up the caller either. */
#ifndef DDZ_NET_PG_CONN_H
#define DDZ_NET_PG_CONN_H

#include <stdbool.h>
#include <stdint.h>

#include <libpq-fe.h>

#include "ddz/cards.h"
#include "pg_resolve.h"

#define PG_CONN_TIMEOUT_MS 10000 /* an attempt to connect is given up after this */
#define PG_CONN_WAIT_MS 5        /* the longest a call waits for a new connection */
#define PG_CONN_RETRY_MS 500     /* pg_conn_poll starts a new attempt at most this often */

typedef struct PgConn {
    PGconn *c;                     /* the connection in use (NULL, or broken, while away) */
    PGconn *next;                  /* the connection being made, or NULL */
    PostgresPollingStatusType poll; /* what the attempt waits for */
    int64_t started;               /* when it started (monotonic ms) */
    char *url;
    bool opened;                   /* a connection was made once */
    bool again;                    /* one was made again since pg_conn_poll last said so */
    bool looked;                   /* name was looked for in url */
    char *name;                    /* the host name to resolve first (pg_resolve.h), or NULL */
    PgResolve *res;                /* its resolution in progress, or NULL */
    PgGai gai;                     /* how (NULL: getaddrinfo; tests set a stand-in) */
} PgConn;

/* Connects to url, waiting up to timeout_ms (startup: the server cannot work without it).
 * 0, or -1 with err. */
int pg_conn_open(PgConn *pc, const char *url, int timeout_ms, DdzError *err);
/* Whether the connection is up; when it is broken, starts or advances a new one, waiting at
 * most wait_ms, and says (err, naming what) why it is not there yet. */
bool pg_conn_ready(PgConn *pc, int wait_ms, DdzError *err, const char *what);
/* Advances a connection being made, without waiting; with none, starts one when the
 * connection is broken (at most every PG_CONN_RETRY_MS) — found so by a call, or here: a
 * connection that can be read while nothing is asked is read, so one the database closed
 * is found at once. True when the connection was made
 * again (here or by a call) since the last time it said so. */
bool pg_conn_poll(PgConn *pc);
/* Runs sql (n text parameters; n == 0: one or more statements without parameters) on the
 * connection, waiting for the answer deadline_ms at most (0: no deadline). Returns the
 * answer (the last statement's, or the first error: PQresultStatus says which), or NULL with
 * err when the connection is away, broke, or the deadline passed: then pc->c is NULL (the
 * connection was dropped: whatever was sent may or may not have been done) and the next
 * pg_conn_ready or pg_conn_poll makes it again. */
PGresult *pg_conn_exec(PgConn *pc, const char *sql, int n, const char *const *params, int deadline_ms,
                       DdzError *err, const char *what);
void pg_conn_close(PgConn *pc);

#endif
