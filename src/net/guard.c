/* guard.c -- limits per network address and per room against one client taking what belongs
 * to everyone: rooms opened per address, password tries per address with an exponential
 * back-off that a room under attack tightens. Addresses are kept as 64-bit hashes in an
 * open-addressing table; entries with nothing to remember are dropped by the sweep. */
#define _DEFAULT_SOURCE /* inet_pton */
#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core.h"

/* Password tries: after its free failures (core.h) each one doubles an address's wait
 * before the next try (1 s, 2 s, 4 s, ... up to 5 minutes); only 10 quiet minutes forgive (a
 * success does not: a right password for one room must not buy more guesses at another). */
#define PW_MAX_WAIT_MS (5 * 60 * 1000)
#define PW_FORGET_MS (10 * 60 * 1000)

static const uint8_t V4MAPPED[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

/* The key of an address: a hash of the IPv4 address, or of the IPv6 /64 network (one host
 * commonly holds a whole /64, so its addresses count as one); other strings as they are. */
uint64_t guard_addr_key(const char *addr)
{
    if (!addr || !*addr)
        return 0;
    uint8_t h[32], a[16];
    if (inet_pton(AF_INET6, addr, a) == 1) {
        if (memcmp(a, V4MAPPED, sizeof V4MAPPED) != 0)
            memset(a + 8, 0, 8);
        crypto_hash_sha256(h, a, sizeof a);
    } else if (inet_pton(AF_INET, addr, a + 12) == 1) {
        memcpy(a, V4MAPPED, sizeof V4MAPPED);
        crypto_hash_sha256(h, a, sizeof a);
    } else {
        crypto_hash_sha256(h, (const unsigned char *)addr, strlen(addr));
    }
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

/* 0 when a password may be tried now, else the milliseconds to wait; the first `allowed`
 * failures cost no wait. */
int64_t guard_pw_wait(const Tries *tr, int allowed, int64_t now)
{
    if (tr->fails < allowed)
        return 0;
    if (now - tr->last >= PW_FORGET_MS)
        return 0;
    int shift = tr->fails - allowed;
    int64_t wait = shift >= 20 ? PW_MAX_WAIT_MS : (int64_t)1000 << shift;
    if (wait > PW_MAX_WAIT_MS)
        wait = PW_MAX_WAIT_MS;
    return tr->last + wait > now ? tr->last + wait - now : 0;
}

void guard_pw_fail(Tries *tr, int64_t now)
{
    if (now - tr->last >= PW_FORGET_MS)
        tr->fails = 0;
    tr->fails++;
    tr->last = now;
}

/* Whether a room has seen GUARD_PW_ATTACK wrong passwords without 10 quiet minutes since. */
bool guard_pw_attacked(const Tries *room, int64_t now)
{
    return room->fails >= GUARD_PW_ATTACK && now - room->last < PW_FORGET_MS;
}
