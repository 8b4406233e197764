/* pending.c -- finished games the store could not take yet (the database was down): kept in
 * memory, oldest first, and written again every few seconds until the store takes or refuses
 * them. A game's end moves its row from "playing" only once, so a retry after an end that was
 * in fact committed is refused without effect: every result is stored exactly once. With a
 * results journal (ddz/journal.h) each kept end is also on the disk before the players hear
 * of it, and the ends a stopped or killed server kept are written at the next start.
 *
 * With PostgreSQL a game's end is first sent to the store's writer thread (pending_send):
 * the game's `over` waits for its answer (pending_done, each tick), so it is sent only once
 * the result is stored — or, when the writer could not write it, kept here and in the
 * journal (fdatasync), exactly as an end the store did not take; and the kept ends are
 * written again by the writer too, the oldest first, one after another (pending_next). */
#include <assert.h>
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
    DdzJournalEntry e; /* e.end.record points into record; e.seq 0: not in the journal */
    char *record;
    bool waits;        /* sent to the writer: its room's `over` waits for the answer */
    bool inflight;     /* kept, and sent to the writer again (pending_next): not to be touched */
};

/* Drops the oldest; done: it was stored or refused (the journal says so), else it is given
 * up or left to the journal for the next start. */
static void pending_drop(DdzServer *srv, bool done)
{
    Pending *p = srv->pending;
    srv->pending = p->next;
    if (!srv->pending)
        srv->pending_tail = NULL;
    srv->stats.results_pending--;
    DdzError err;
    if (done && p->e.seq && srv->cfg.journal &&
        ddz_journal_done(srv->cfg.journal, p->e.seq, (int)srv->stats.results_pending, &err) != 0)
        srv_log(srv, "results journal: %s", err.msg);
    free(p->record);
    free(p);
}

/* A copy of e, not queued yet; NULL (logged) when memory is out. */
static Pending *pending_new(DdzServer *srv, const DdzJournalEntry *e)
{
    Pending *p = calloc(1, sizeof *p);
    char *record = p ? strdup(e->end.record ? e->end.record : "") : NULL;
    if (!record) {
        free(p);
        srv->failed_alloc = true;
        srv_log(srv, "room %lld: a result is lost: out of memory", (long long)e->room);
        return NULL;
    }
    p->e = *e;
    p->record = record;
    p->e.end.record = record;
    return p;
}

/* Queues p (which it takes); journal: writes it to the journal first (and sets its seq). */
static void pending_link(DdzServer *srv, Pending *p, bool journal)
{
    if (srv->stats.results_pending >= PENDING_MAX && !srv->pending->inflight) {
        srv_log(srv, "game %lld of room %lld given up: %d results wait for the store already",
                (long long)srv->pending->e.end.game, (long long)srv->pending->e.room, PENDING_MAX);
        pending_drop(srv, true);
    }
    p->next = NULL;
    p->waits = p->inflight = false;
    DdzError err;
    if (journal && srv->cfg.journal && ddz_journal_keep(srv->cfg.journal, &p->e, &err) != 0) {
        srv_log(srv, "room %lld: a result kept in memory only: %s", (long long)p->e.room, err.msg);
        p->e.seq = 0;
    }
    if (srv->pending_tail)
        srv->pending_tail->next = p;
    else
        srv->pending = p;
    srv->pending_tail = p;
    srv->stats.results_pending++;
}

/* Queues a copy of e; journal: writes it to the journal first (and sets its seq). */
static void pending_push(DdzServer *srv, const DdzJournalEntry *e, bool journal)
{
    Pending *p = pending_new(srv, e);
    if (p)
        pending_link(srv, p, journal);
}

static void entry_of(const Room *r, const DdzStoreEnd *e, DdzJournalEntry *je)
{
    memset(je, 0, sizeof *je);
    je->end = *e;
    je->room = r->id;
    je->dealt = r->dealt;
    ddz_options_format(&r->opt, je->options, sizeof je->options);
    snprintf(je->commit, sizeof je->commit, "%s", r->commit);
}

bool pending_send(DdzServer *srv, const Room *r, const DdzStoreEnd *e, bool waits)
{
    if (!srv->store || !e->game || !ddz_store_async(srv->store))
        return false;
    DdzJournalEntry je;
    entry_of(r, e, &je);
    Pending *p = pending_new(srv, &je);
    DdzError err;
    if (!p)
        return false;
    p->waits = waits;
    if (ddz_store_game_end_queue(srv->store, &p->e.end, p, &err) != 0) {
        free(p->record);
        free(p);
        return false;
    }
    return true;
}

static void pending_next(DdzServer *srv);

/* The writer's answer for a kept end sent again (the oldest): done, and the next goes; or
 * still not written, and it waits for the next retry. */
static void retry_done(DdzServer *srv, Pending *p, int rc, const DdzError *err)
{
    p->inflight = false;
    if (rc == -1)
        return;
    if (rc == 0)
        srv_log(srv, "room %lld: game %lld stored late", (long long)p->e.room, (long long)p->e.end.game);
    else
        srv_log(srv, "room %lld: game %lld not stored: %s", (long long)p->e.room, (long long)p->e.end.game, err->msg);
    assert(p == srv->pending);
    pending_drop(srv, true);
    pending_next(srv);
}

/* The writer's answer for an end pending_send sent. */
static void end_done(DdzServer *srv, Pending *p, int rc, const DdzError *err)
{
    if (p->inflight) {
        retry_done(srv, p, rc, err);
        return;
    }
    bool waits = p->waits;
    long room = (long)p->e.room;
    if (rc == -2) {
        srv_log(srv, "room %ld: game %lld not stored: %s", room, (long long)p->e.end.game, err->msg);
    } else if (rc != 0) {
        /* Not written (the database is away or too slow): kept, and journaled before the
         * players hear of the end; written when the store is back. */
        srv_log(srv, "room %ld: game %lld kept to store later: %s", room, (long long)p->e.end.game, err->msg);
        pending_link(srv, p, true);
        p = NULL;
    }
    if (p) {
        free(p->record);
        free(p);
    }
    Room *r = waits ? room_find(srv, room) : NULL;
    if (r)
        room_end_stored(srv, r);
}

void pending_done(DdzServer *srv)
{
    DdzStoreDone d;
    while (srv->store && ddz_store_done(srv->store, &d)) {
        if (d.kind == DDZ_STORE_DONE_END) {
            end_done(srv, d.tag, d.rc, &d.err);
        } else if (d.kind == DDZ_STORE_DONE_MAINTAIN) {
            if (d.rc != 0) {
                srv_log(srv, "store: %s", d.err.msg);
            } else {
                if (d.aborted)
                    srv_log(srv, "store: %d games of a stopped server aborted", d.aborted);
                pending_retry(srv);
            }
        } else {
            srv_log(srv, "store: %s", d.err.msg);
        }
    }
}

void pending_add(DdzServer *srv, const Room *r, const DdzStoreEnd *e)
{
    DdzJournalEntry je;
    entry_of(r, e, &je);
    pending_push(srv, &je, true);
}

/* Writes one waiting end: 1 done (stored, or refused for good), 0 the store is still away. */
static int pending_write(DdzServer *srv, Pending *p)
{
    DdzError err;
    DdzStoreEnd *e = &p->e.end;
    if (!e->game) {
        if (ddz_store_game_start(srv->store, p->e.room, p->e.options, p->e.commit, p->e.dealt, &e->game, &err) != 0) {
            e->game = 0;
            return 0;
        }
        /* On the disk before the end is written: a restart ends this row, never a second one. */
        DdzError jerr;
        if (p->e.seq && srv->cfg.journal && ddz_journal_started(srv->cfg.journal, p->e.seq, e->game, &jerr) != 0)
            srv_log(srv, "results journal: %s", jerr.msg);
    }
    if (ddz_store_game_players(srv->store, e->game, e->player, &err) != 0)
        return 0;
    int rc = ddz_store_game_end(srv->store, e, &err);
    if (rc == -1)
        return 0;
    if (rc == 0)
        srv_log(srv, "room %lld: game %lld stored late", (long long)p->e.room, (long long)e->game);
    else
        srv_log(srv, "room %lld: game %lld not stored: %s", (long long)p->e.room, (long long)e->game, err.msg);
    return 1;
}

/* With the writer thread: the oldest kept end is sent there (its start first, here, when its
 * row was never written: the loop needs the id, and the journal hears of it before the end
 * is written); its answer sends the next (retry_done), so the loop never writes an end. */
static void pending_next(DdzServer *srv)
{
    Pending *p = srv->pending;
    if (!p || p->inflight)
        return;
    DdzError err;
    DdzStoreEnd *e = &p->e.end;
    if (!e->game) {
        if (ddz_store_game_start(srv->store, p->e.room, p->e.options, p->e.commit, p->e.dealt, &e->game, &err) != 0) {
            e->game = 0;
            return;
        }
        DdzError jerr;
        if (p->e.seq && srv->cfg.journal && ddz_journal_started(srv->cfg.journal, p->e.seq, e->game, &jerr) != 0)
            srv_log(srv, "results journal: %s", jerr.msg);
    }
    ddz_store_game_players(srv->store, e->game, e->player, &err); /* queued before the end */
    if (ddz_store_game_end_queue(srv->store, e, p, &err) == 0)
        p->inflight = true;
}

void pending_retry(DdzServer *srv)
{
    if (srv->store && ddz_store_async(srv->store)) {
        pending_next(srv);
        return;
    }
    for (int n = 0; srv->pending && n < PENDING_BATCH; n++) {
        if (!pending_write(srv, srv->pending))
            return;
        pending_drop(srv, true);
    }
}

static void replay_one(void *ctx, const DdzJournalEntry *e)
{
    pending_push(ctx, e, false);
}

void pending_replay(DdzServer *srv)
{
    DdzJournal *j = srv->cfg.journal;
    int n = j && srv->store ? ddz_journal_waiting(j) : 0;
    if (!n)
        return;
    ddz_journal_replay(j, replay_one, srv);
    while (srv->pending && pending_write(srv, srv->pending))
        pending_drop(srv, true);
    srv_log(srv, "results journal %s: %d result%s kept before the last stop; %d written now, %ld wait for the store",
            ddz_journal_path(j), n, n == 1 ? "" : "s", n - (int)srv->stats.results_pending, srv->stats.results_pending);
}

void pending_free(DdzServer *srv)
{
    /* The ends with the writer thread first: stored, or kept here (a kept end it stored sends
     * the next, until none is left or the database fails it). */
    do {
        if (srv->store) {
            ddz_store_flush(srv->store);
            pending_done(srv);
        }
    } while (srv->store && srv->pending && srv->pending->inflight);
    while (srv->pending && srv->store && pending_write(srv, srv->pending))
        pending_drop(srv, true);
    if (srv->pending && srv->cfg.journal)
        srv_log(srv, "%ld results wait in the journal %s for the next start", srv->stats.results_pending,
                ddz_journal_path(srv->cfg.journal));
    else if (srv->pending)
        srv_log(srv, "%ld results never reached the store", srv->stats.results_pending);
    while (srv->pending)
        pending_drop(srv, false);
}
