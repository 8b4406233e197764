/* pg_resolve.h -- a database host's name resolved on a thread of its own (pg_conn.c), so that
 * a resolver that hangs (a DNS server that does not answer) never holds up the caller: the
 * connection is then started with the address found (libpq's hostaddr; host stays the name,
 * for TLS and passwords). Only a single host name is resolved here: an address, a socket
 * directory or a list of hosts is left to libpq. */
#ifndef DDZ_NET_PG_RESOLVE_H
#define DDZ_NET_PG_RESOLVE_H

#include <stdbool.h>
#include <stddef.h>

#define PG_RESOLVE_MAX 4 /* the addresses of a name that are tried, in the resolver's order */

struct addrinfo;
typedef struct PgResolve PgResolve;
/* getaddrinfo, or a test's stand-in. */
typedef int (*PgGai)(const char *node, const char *service, const struct addrinfo *hints, struct addrinfo **res);

/* The host name in a connection URL or string that must be resolved, copied into host (n
 * bytes): false when there is none (an address, hostaddr given, a socket, several hosts, a
 * string libpq does not read: libpq then says why). */
bool pg_resolve_needed(const char *url, char *host, size_t n);
/* Starts resolving host (gai NULL: getaddrinfo) on a detached thread. NULL when no thread
 * could start. */
PgResolve *pg_resolve_start(const char *host, PgGai gai);
/* Waits wait_ms at most for the answer: 1 with the addresses in addr (comma-separated, as
 * libpq's hostaddr takes them) and how many in *naddr, -1 with why, 0 while the resolver has
 * not answered. */
int pg_resolve_take(PgResolve *r, int wait_ms, char *addr, size_t n, int *naddr, char *why, size_t wn);
/* Gives the caller's part up (a resolver still running frees it when it ends). */
void pg_resolve_drop(PgResolve *r);

#endif
