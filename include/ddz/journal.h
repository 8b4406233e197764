/* journal.h -- the results journal of ddz serve: the ends of games that the store could not
 * take (the database was away), kept in a local file so that they outlive the process.
 *
 * An append-only file of JSON lines: a header, then for each kept end a "kept" line (written
 * and flushed to the disk with fsync before the players are told the game is over), a
 * "started" line when its game row had to be made late (also fsync'd before the end is
 * written, so that a restart never makes a second row), and a "done" line once the store took
 * or refused it. When nothing is kept any more the file is emptied. Opening reads it back:
 * the kept ends not done are handed to the server (ddz_journal_replay), which writes them to
 * the store, where a game is ended once only (store.h), so an end written twice counts once.
 * Each line after the header ends with its checksum ("sum": the 16-byte BLAKE2b of the line's
 * bytes before it, in hex), so a damaged line never reads as another valid one. A line that
 * does not read (a cut last line: the process died while writing it; garbage; a checksum
 * that does not match) is reported with the file and line, copied to PATH.bad and skipped:
 * every valid line before and after it is kept. The file is locked: one server per journal.
 *
 * A DdzJournal is opaque and owned by the caller (ddz_journal_open/ddz_journal_close); it is
 * used from one thread. */
#ifndef DDZ_JOURNAL_H
#define DDZ_JOURNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "ddz/store.h"

typedef struct DdzJournal DdzJournal;

/* One kept end: the game's end as the store takes it, and its start for a game whose row was
 * not written either (end.game == 0). */
typedef struct DdzJournalEntry {
    int64_t seq;              /* its number in the journal (ddz_journal_keep sets it) */
    DdzStoreEnd end;          /* end.record: borrowed (keep) or the journal's (replay) */
    int64_t room, dealt;
    char options[256];
    char commit[65];
} DdzJournalEntry;

/* Opens (creating) the journal at path and locks it; reads what it holds, reporting each line
 * that does not read through warn (may be NULL) as "PATH:LINE: what" and copying it to
 * PATH.bad, then writes the file again with the kept ends not done only. NULL with err when
 * the file cannot be opened or written, is locked by another process, or is not a journal. */
DdzJournal *ddz_journal_open(const char *path, void (*warn)(void *ctx, const char *line), void *ctx, DdzError *err);
void ddz_journal_close(DdzJournal *j);
const char *ddz_journal_path(const DdzJournal *j);

/* How many kept ends the file held when it was opened that ddz_journal_replay has not handed
 * out yet. */
int ddz_journal_waiting(const DdzJournal *j);
/* Hands each kept end read at the opening to fn, oldest first (e->end.record is valid during
 * the call only), once. */
void ddz_journal_replay(DdzJournal *j, void (*fn)(void *ctx, const DdzJournalEntry *e), void *ctx);

/* Appends a kept end and waits for the disk (fsync); sets e->seq. 0, or -1 with err. */
int ddz_journal_keep(DdzJournal *j, DdzJournalEntry *e, DdzError *err);
/* The game row of kept end seq was written late, as game: appended and fsync'd. */
int ddz_journal_started(DdzJournal *j, int64_t seq, int64_t game, DdzError *err);
/* Kept end seq is done (stored, or refused for good). live: how many kept ends are still not
 * done; at 0 the file is emptied. */
int ddz_journal_done(DdzJournal *j, int64_t seq, int live, DdzError *err);

#endif
