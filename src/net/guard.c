/* guard.c -- limits per network address and per room against one client taking what belongs
 * to everyone: rooms opened per address, password tries per address and per room with an
 * exponential back-off. Addresses are kept as 64-bit hashes in an open-addressing table;
 * entries with nothing to remember are dropped by the sweep. */
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core.h"

/* Password tries: this many failures are free, then each one doubles the wait before the
 * next try (1 s, 2 s, 4 s, ... up to 5 minutes); a success or 10 quiet minutes forgive. */
#define PW_FREE 5
#define PW_MAX_WAIT_MS (5 * 60 * 1000)
#define PW_FORGET_MS (10 * 60 * 1000)

uint64_t guard_addr_key(const char *addr)
{
    if (!addr || !*addr)
        return 0;
    uint8_t h[32];
    crypto_hash_sha256(h, (const unsigned char *)addr, strlen(addr));
    uint64_t k;
    memcpy(&k, h, sizeof k);
    return k ? k : 1;
}

static size_t slot_of(const GuardTable *t, uint64_t key)
{
    return (size_t)(key * 0x9E3779B97F4A7C15ull >> 17) & (t->cap - 1);
}

static int grow(GuardTable *t);

/* The entry of an address, made when missing (NULL: out of memory, or no address). */
Guard *guard_get(GuardTable *t, uint64_t key)
{
    if (!key)
        return NULL;
    if ((t->n + 1) * 2 > t->cap && grow(t) != 0)
        return NULL;
    size_t i = slot_of(t, key);
    while (t->e[i].key && t->e[i].key != key)
        i = (i + 1) & (t->cap - 1);
    if (!t->e[i].key) {
        memset(&t->e[i], 0, sizeof t->e[i]);
        t->e[i].key = key;
        t->n++;
    }
    return &t->e[i];
}

static int grow(GuardTable *t)
{
    GuardTable b = {NULL, t->cap ? t->cap * 2 : 256, 0};
    b.e = calloc(b.cap, sizeof *b.e);
    if (!b.e)
        return -1;
    for (size_t i = 0; i < t->cap; i++)
        if (t->e[i].key) {
            size_t j = slot_of(&b, t->e[i].key);
            while (b.e[j].key)
                j = (j + 1) & (b.cap - 1);
            b.e[j] = t->e[i];
            b.n++;
        }
    free(t->e);
    *t = b;
    return 0;
}

/* Drops entries with nothing to remember (rebuilding the table keeps probe runs whole). */
void guard_sweep(GuardTable *t, int64_t now)
{
    if (!t->cap)
        return;
    GuardTable b = {calloc(t->cap, sizeof *t->e), t->cap, 0};
    if (!b.e)
        return;
    for (size_t i = 0; i < t->cap; i++) {
        Guard *g = &t->e[i];
        if (!g->key || (g->rooms <= 0 && g->conns <= 0 && now - g->pw.last >= PW_FORGET_MS))
            continue;
        size_t j = slot_of(&b, g->key);
        while (b.e[j].key)
            j = (j + 1) & (b.cap - 1);
        b.e[j] = *g;
        b.n++;
    }
    free(t->e);
    *t = b;
}

void guard_free(GuardTable *t)
{
    free(t->e);
    memset(t, 0, sizeof *t);
}

/* 0 when a password may be tried now, else the milliseconds to wait. */
int64_t guard_pw_wait(const Tries *tr, int64_t now)
{
    if (tr->fails < PW_FREE)
        return 0;
    if (now - tr->last >= PW_FORGET_MS)
        return 0;
    int shift = tr->fails - PW_FREE;
    int64_t wait = shift >= 20 ? PW_MAX_WAIT_MS : (int64_t)1000 << shift;
    if (wait > PW_MAX_WAIT_MS)
        wait = PW_MAX_WAIT_MS;
    return tr->last + wait > now ? tr->last + wait - now : 0;
}

void guard_pw_result(Tries *tr, bool ok, int64_t now)
{
    if (ok) {
        tr->fails = 0;
    } else {
        if (now - tr->last >= PW_FORGET_MS)
            tr->fails = 0;
        tr->fails++;
    }
    tr->last = now;
}
