/* pg_resolve.c -- a database host's name resolved on a thread of its own (pg_resolve.h). */
#define _DEFAULT_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <libpq-fe.h>

#include "pg_resolve.h"

struct PgResolve {
    pthread_mutex_t mu;
    pthread_cond_t done_cv;
    int refs;               /* the caller and the thread */
    bool done;
    int rc;                 /* getaddrinfo's */
    int errno_;             /* with EAI_SYSTEM */
    char host[256];
    char addr[PG_RESOLVE_MAX * (INET6_ADDRSTRLEN + 1)]; /* the addresses, comma-separated */
    int naddr;
    PgGai gai;
};

bool pg_resolve_needed(const char *url, char *host, size_t n)
{
    char *msg = NULL;
    PQconninfoOption *opts = PQconninfoParse(url, &msg);
    PQfreemem(msg);
    if (!opts)
        return false;
    const char *h = NULL, *addr = NULL;
    for (PQconninfoOption *o = opts; o->keyword; o++) {
        if (!strcmp(o->keyword, "host"))
            h = o->val;
        else if (!strcmp(o->keyword, "hostaddr"))
            addr = o->val;
    }
    bool need = h && *h && h[0] != '/' && h[0] != '@' && !strchr(h, ',') && !(addr && *addr) &&
                strlen(h) < n && strlen(h) < sizeof ((PgResolve *)0)->host;
    if (need) {
        unsigned char buf[sizeof(struct in6_addr)];
        need = inet_pton(AF_INET, h, buf) != 1 && inet_pton(AF_INET6, h, buf) != 1;
    }
    if (need)
        snprintf(host, n, "%s", h);
    PQconninfoFree(opts);
    return need;
}

static void release(PgResolve *r)
{
    pthread_mutex_lock(&r->mu);
    bool last = --r->refs == 0;
    pthread_mutex_unlock(&r->mu);
    if (last) {
        pthread_cond_destroy(&r->done_cv);
        pthread_mutex_destroy(&r->mu);
        free(r);
    }
}

static void *resolve_main(void *arg)
{
    PgResolve *r = arg;
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int rc = r->gai(r->host, NULL, &hints, &res);
    int e = errno;
    char addr[sizeof r->addr] = "";
    int n = 0;
    for (const struct addrinfo *a = rc == 0 ? res : NULL; a && n < PG_RESOLVE_MAX; a = a->ai_next) {
        const void *src = NULL;
        if (a->ai_family == AF_INET)
            src = &((const struct sockaddr_in *)(const void *)a->ai_addr)->sin_addr;
        else if (a->ai_family == AF_INET6)
            src = &((const struct sockaddr_in6 *)(const void *)a->ai_addr)->sin6_addr;
        char one[INET6_ADDRSTRLEN];
        if (!src || !inet_ntop(a->ai_family, src, one, sizeof one) || strstr(addr, one))
            continue;
        size_t len = strlen(addr);
        snprintf(addr + len, sizeof addr - len, "%s%s", n ? "," : "", one);
        n++;
    }
    if (rc == 0 && !n)
        rc = EAI_FAMILY;
    if (res)
        freeaddrinfo(res);
    pthread_mutex_lock(&r->mu);
    r->rc = rc;
    r->errno_ = e;
    memcpy(r->addr, addr, sizeof addr);
    r->naddr = n;
    r->done = true;
    pthread_cond_broadcast(&r->done_cv);
    pthread_mutex_unlock(&r->mu);
    release(r);
    return NULL;
}

PgResolve *pg_resolve_start(const char *host, PgGai gai)
{
    PgResolve *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    snprintf(r->host, sizeof r->host, "%s", host);
    r->gai = gai ? gai : getaddrinfo;
    r->refs = 2;
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->done_cv, NULL);
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    int rc = pthread_create(&t, &attr, resolve_main, r);
    pthread_attr_destroy(&attr);
    if (rc != 0) {
        pthread_cond_destroy(&r->done_cv);
        pthread_mutex_destroy(&r->mu);
        free(r);
        return NULL;
    }
    return r;
}

int pg_resolve_take(PgResolve *r, int wait_ms, char *addr, size_t n, int *naddr, char *why, size_t wn)
{
    pthread_mutex_lock(&r->mu);
    if (!r->done && wait_ms > 0) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += wait_ms / 1000;
        until.tv_nsec += (long)(wait_ms % 1000) * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        while (!r->done && pthread_cond_timedwait(&r->done_cv, &r->mu, &until) != ETIMEDOUT) {
        }
    }
    int k = !r->done ? 0 : r->rc == 0 ? 1 : -1;
    if (k == 1) {
        snprintf(addr, n, "%s", r->addr);
        *naddr = r->naddr;
    }
    else if (k == -1)
        snprintf(why, wn, "cannot resolve %s: %s", r->host,
                 r->rc == EAI_SYSTEM ? strerror(r->errno_) : gai_strerror(r->rc));
    pthread_mutex_unlock(&r->mu);
    return k;
}

void pg_resolve_drop(PgResolve *r)
{
    if (r)
        release(r);
}
