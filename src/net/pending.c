/* pending.c -- finished games the store could not take yet (the database was down): kept in
 * memory, oldest first, and written again every few seconds until the store takes or refuses
 * them. A game's end moves its row from "playing" only once, so a retry after an end that was
 * in fact committed is refused without effect: every result is stored exactly once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* At most this many ends wait (about 30 KiB each with the record): beyond, the oldest is
 * given up, logged. */
#define PENDING_MAX 10000
/* At most this many writes per retry, so that a long queue does not hold up the loop. */
#define PENDING_BATCH 50

struct Pending {
    Pending *next;
    DdzStoreEnd end;      /* end.record points into record */
    char *record;
    /* The game's start, for a game whose start was not stored either (end.game == 0). */
    int64_t room, dealt;
    char options[256];
    char commit[65];
};

static void pending_drop(DdzServer *srv)
{
    Pending *p = srv->pending;
    srv->pending = p->next;
    if (!srv->pending)
        srv->pending_tail = NULL;
    srv->stats.results_pending--;
    free(p->record);
    free(p);
}

void pending_add(DdzServer *srv, const Room *r, const DdzStoreEnd *e)
{
    if (srv->stats.results_pending >= PENDING_MAX) {
        srv_log(srv, "game %lld of room %lld given up: %d results wait for the store already",
                (long long)srv->pending->end.game, (long long)srv->pending->room, PENDING_MAX);
        pending_drop(srv);
    }
    Pending *p = calloc(1, sizeof *p);
    char *record = p ? strdup(e->record) : NULL;
    if (!record) {
        free(p);
        srv->failed_alloc = true;
        srv_log(srv, "room %ld: a result is lost: out of memory", r->id);
        return;
    }
    p->end = *e;
    p->record = record;
    p->end.record = record;
    p->room = r->id;
    p->dealt = r->dealt;
    ddz_options_format(&r->opt, p->options, sizeof p->options);
    snprintf(p->commit, sizeof p->commit, "%s", r->commit);
    if (srv->pending_tail)
        srv->pending_tail->next = p;
    else
        srv->pending = p;
    srv->pending_tail = p;
    srv->stats.results_pending++;
}

/* Writes one waiting end: 1 done (stored, or refused for good), 0 the store is still away. */
static int pending_write(DdzServer *srv, Pending *p)
{
    DdzError err;
    if (!p->end.game) {
        if (ddz_store_game_start(srv->store, p->room, p->options, p->commit, p->dealt, &p->end.game, &err) != 0) {
            p->end.game = 0;
            return 0;
        }
        if (ddz_store_game_players(srv->store, p->end.game, p->end.player, &err) != 0)
            return 0;
    }
    int rc = ddz_store_game_end(srv->store, &p->end, &err);
    if (rc == -1)
        return 0;
    if (rc == 0)
        srv_log(srv, "room %lld: game %lld stored late", (long long)p->room, (long long)p->end.game);
    else
        srv_log(srv, "room %lld: game %lld not stored: %s", (long long)p->room, (long long)p->end.game, err.msg);
    return 1;
}

void pending_retry(DdzServer *srv)
{
    for (int n = 0; srv->pending && n < PENDING_BATCH; n++) {
        if (!pending_write(srv, srv->pending))
            return;
        pending_drop(srv);
    }
}

void pending_free(DdzServer *srv)
{
    while (srv->pending && srv->store && pending_write(srv, srv->pending))
        pending_drop(srv);
    if (srv->pending)
        srv_log(srv, "%ld results never reached the store", srv->stats.results_pending);
    while (srv->pending)
        pending_drop(srv);
}
