/* journal.c -- the results journal (ddz/journal.h): kept game ends in an append-only file of
 * JSON lines, each kept end flushed to the disk before the players hear of it, read back at
 * the next start. */
#define _DEFAULT_SOURCE /* flock, fdatasync */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>
#include <sodium.h>

#include "ddz/journal.h"

#define HEADER "{\"ddz\":\"results journal\",\"version\":1}\n"

/* A kept end read back, with its record. */
typedef struct Kept {
    DdzJournalEntry e; /* e.end.record points into record */
    char *record;
} Kept;

struct DdzJournal {
    char *path;
    int fd;
    int64_t next_seq;
    Kept *read;            /* kept ends read at the opening, not handed out yet */
    int nread, capread;
    /* while reading */
    void (*warn)(void *ctx, const char *line);
    void *ctx;
    FILE *bad;
    int nbad;
};

const char *ddz_journal_path(const DdzJournal *j)
{
    return j->path;
}

int ddz_journal_waiting(const DdzJournal *j)
{
    return j->nread;
}

static int sys_fail(DdzError *err, const char *what, const char *path)
{
    return ddz_error_set(err, 0, "%s %s: %s", what, path, strerror(errno));
}

/* Writes all of text at the end of the file; a failed write is taken back (the file ends
 * with a whole line). sync: waits for the disk. */
static int append(DdzJournal *j, const char *text, size_t len, bool sync, DdzError *err)
{
    off_t before = lseek(j->fd, 0, SEEK_END);
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(j->fd, text + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            int e = errno ? errno : EIO;
            if (before >= 0 && ftruncate(j->fd, before) != 0) {
                /* nothing more to do: the next start reports the cut line */
            }
            errno = e;
            return sys_fail(err, "cannot write to", j->path);
        }
        done += (size_t)n;
    }
    if (sync && fdatasync(j->fd) != 0)
        return sys_fail(err, "cannot flush", j->path);
    return 0;
}

/* Every line after the header ends with its checksum: ,"sum":"HEX"} where HEX is the 16-byte
 * BLAKE2b (crypto_generichash) of the line's bytes before the comma. A damaged line then
 * never reads as another valid one (a digit changed in a score or a number). */
#define SUM_BYTES 16
#define SUM_TAIL (8 + 2 * SUM_BYTES + 3) /* ,"sum":" HEX "}\n */

/* text: a compact JSON object ("{...}") in an allocation of at least SUM_TAIL more bytes;
 * its closing brace is replaced by the checksum, then the newline. */
static void seal(char *text)
{
    size_t n = strlen(text) - 1; /* without the closing brace */
    uint8_t h[SUM_BYTES];
    crypto_generichash(h, sizeof h, (const unsigned char *)text, n, NULL, 0);
    char hex[2 * SUM_BYTES + 1];
    for (int i = 0; i < SUM_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", h[i]);
    snprintf(text + n, SUM_TAIL + 1, ",\"sum\":\"%s\"}\n", hex);
}

/* Whether a line (with its newline) ends with the right checksum. */
static bool sealed(const char *line, size_t len)
{
    if (len < SUM_TAIL + 2 || memcmp(line + len - SUM_TAIL, ",\"sum\":\"", 8) || memcmp(line + len - 3, "\"}\n", 3))
        return false;
    uint8_t h[SUM_BYTES];
    crypto_generichash(h, sizeof h, (const unsigned char *)line, len - SUM_TAIL, NULL, 0);
    const char *hex = line + len - SUM_TAIL + 8;
    for (int i = 0; i < SUM_BYTES; i++) {
        char two[3];
        snprintf(two, sizeof two, "%02x", h[i]);
        if (memcmp(hex + 2 * i, two, 2))
            return false;
    }
    return true;
}

/* An entry as one sealed line of JSON (with its newline); NULL when memory is short. */
static char *entry_line(const DdzJournalEntry *e)
{
    const DdzStoreEnd *d = &e->end;
    json_t *o = json_pack("{s:I, s:I, s:I, s:s, s:s, s:I, s:b, s:s, s:s, s:i, s:b, s:I, s:[I,I,I], s:[s,s,s], "
                          "s:[i,i,i], s:[i,i,i], s:s}",
                          "kept", (json_int_t)e->seq, "room", (json_int_t)e->room, "dealt", (json_int_t)e->dealt,
                          "options", e->options, "commit", e->commit, "game", (json_int_t)d->game, "redeal",
                          d->redeal, "seed", d->seed, "salt", d->salt, "landlord", d->landlord, "landlord_won",
                          d->landlord_won, "now", (json_int_t)d->now, "player", (json_int_t)d->player[0],
                          (json_int_t)d->player[1], (json_int_t)d->player[2], "name", d->name[0], d->name[1],
                          d->name[2], "score", d->score[0], d->score[1], d->score[2], "penalty", d->penalty[0],
                          d->penalty[1], d->penalty[2], "record", d->record ? d->record : "");
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    if (!text)
        return NULL;
    char *line = realloc(text, strlen(text) + SUM_TAIL + 1);
    if (!line) {
        free(text);
        return NULL;
    }
    seal(line);
    return line;
}

int ddz_journal_keep(DdzJournal *j, DdzJournalEntry *e, DdzError *err)
{
    e->seq = j->next_seq;
    char *line = entry_line(e);
    if (!line)
        return ddz_error_set(err, 0, "%s: out of memory", j->path);
    int rc = append(j, line, strlen(line), true, err);
    free(line);
    if (rc == 0)
        j->next_seq++;
    return rc;
}

int ddz_journal_started(DdzJournal *j, int64_t seq, int64_t game, DdzError *err)
{
    char line[96 + SUM_TAIL];
    snprintf(line, sizeof line, "{\"started\":%lld,\"game\":%lld}", (long long)seq, (long long)game);
    seal(line);
    return append(j, line, strlen(line), true, err);
}

int ddz_journal_done(DdzJournal *j, int64_t seq, int live, DdzError *err)
{
    if (live <= 0) { /* nothing kept: the file holds its header only */
        if (ftruncate(j->fd, (off_t)strlen(HEADER)) != 0)
            return sys_fail(err, "cannot empty", j->path);
        return 0;
    }
    char line[64 + SUM_TAIL];
    snprintf(line, sizeof line, "{\"done\":%lld}", (long long)seq);
    seal(line);
    return append(j, line, strlen(line), false, err);
}

/* Reading -----------------------------------------------------------------------------------*/

/* A line that does not read: said, and copied to PATH.bad. */
static void bad_line(DdzJournal *j, long lineno, const char *line, size_t len, const char *why)
{
    char msg[400];
    j->nbad++;
    if (!j->bad) {
        char bad[4200];
        snprintf(bad, sizeof bad, "%s.bad", j->path);
        j->bad = fopen(bad, "a");
    }
    if (j->bad) {
        fwrite(line, 1, len, j->bad);
        if (!len || line[len - 1] != '\n')
            fputc('\n', j->bad);
    }
    snprintf(msg, sizeof msg, "%s:%ld: %s; skipped (copied to %s.bad)", j->path, lineno, why, j->path);
    if (j->warn)
        j->warn(j->ctx, msg);
}

static Kept *find_read(DdzJournal *j, int64_t seq)
{
    for (int i = 0; i < j->nread; i++)
        if (j->read[i].e.seq == seq)
            return &j->read[i];
    return NULL;
}

static bool hex_of(const char *s, size_t len)
{
    if (strlen(s) != len)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!strchr("0123456789abcdef", s[i]))
            return false;
    return true;
}

/* A "kept" line into k (record copied): NULL, or what is wrong. */
static const char *parse_kept(json_t *o, Kept *k)
{
    DdzJournalEntry *e = &k->e;
    json_int_t seq, room, dealt, game, now, pl[3];
    const char *options, *commit, *seed, *salt, *record, *name[3];
    int redeal, won, landlord, score[3], pen[3];
    json_error_t jerr;
    if (json_unpack_ex(o, &jerr, JSON_STRICT,
                       "{s:I, s:I, s:I, s:s, s:s, s:I, s:b, s:s, s:s, s:i, s:b, s:I, s:[III], s:[sss], s:[iii], "
                       "s:[iii], s:s}",
                       "kept", &seq, "room", &room, "dealt", &dealt, "options", &options, "commit", &commit, "game",
                       &game, "redeal", &redeal, "seed", &seed, "salt", &salt, "landlord", &landlord,
                       "landlord_won", &won, "now", &now, "player", &pl[0], &pl[1], &pl[2], "name", &name[0],
                       &name[1], &name[2], "score", &score[0], &score[1], &score[2], "penalty", &pen[0], &pen[1],
                       &pen[2], "record", &record) != 0)
        return "a kept end with a missing, extra or mistyped field";
    if (seq <= 0 || game < 0 || landlord < -1 || landlord > 2)
        return "a kept end with a number out of range";
    if (!hex_of(commit, 64) || !hex_of(seed, 64) || strlen(salt) >= sizeof e->end.salt || !hex_of(salt, strlen(salt)))
        return "a kept end whose commitment, seed or salt is not hex of the right length";
    if (strlen(options) >= sizeof e->options)
        return "a kept end whose options are too long";
    memset(e, 0, sizeof *e);
    for (int s = 0; s < 3; s++) {
        if (strlen(name[s]) >= sizeof e->end.name[s] || pl[s] < 0)
            return "a kept end with a bad seat";
        e->end.player[s] = pl[s];
        snprintf(e->end.name[s], sizeof e->end.name[s], "%s", name[s]);
        e->end.score[s] = score[s];
        e->end.penalty[s] = pen[s];
    }
    char *rec = strdup(record);
    if (!rec)
        return "out of memory";
    e->seq = seq;
    e->room = room;
    e->dealt = dealt;
    snprintf(e->options, sizeof e->options, "%s", options);
    snprintf(e->commit, sizeof e->commit, "%s", commit);
    e->end.game = game;
    e->end.redeal = redeal;
    snprintf(e->end.seed, sizeof e->end.seed, "%s", seed);
    snprintf(e->end.salt, sizeof e->end.salt, "%s", salt);
    e->end.landlord = landlord;
    e->end.landlord_won = won;
    e->end.now = now;
    e->end.record = k->record = rec;
    return NULL;
}

/* One line after the header. */
static void read_line(DdzJournal *j, long lineno, const char *line, size_t len)
{
    if (line[len - 1] != '\n') {
        bad_line(j, lineno, line, len, "the last line is cut (the server stopped while writing it)");
        return;
    }
    json_error_t jerr;
    json_t *o = json_loadb(line, len, JSON_REJECT_DUPLICATES, &jerr);
    if (o && json_is_object(o) && !sealed(line, len)) {
        bad_line(j, lineno, line, len, "its checksum (\"sum\") is missing or does not match: the line was damaged");
        json_decref(o);
        return;
    }
    json_object_del(o, "sum");
    if (!o || !json_is_object(o)) {
        char why[200];
        snprintf(why, sizeof why, "not a JSON object: %s", o ? "another value" : jerr.text);
        bad_line(j, lineno, line, len, why);
        json_decref(o);
        return;
    }
    json_t *kept = json_object_get(o, "kept"), *started = json_object_get(o, "started"),
           *done = json_object_get(o, "done");
    if (json_is_integer(kept)) {
        Kept k;
        const char *why = parse_kept(o, &k);
        if (!why && find_read(j, k.e.seq)) {
            free(k.record);
            why = "a second kept end of the same number";
        }
        if (!why && j->nread == j->capread) {
            int cap = j->capread ? 2 * j->capread : 16;
            Kept *a = realloc(j->read, (size_t)cap * sizeof *a);
            if (!a) {
                free(k.record);
                why = "out of memory";
            } else {
                j->read = a;
                j->capread = cap;
            }
        }
        if (why) {
            bad_line(j, lineno, line, len, why);
        } else {
            j->read[j->nread++] = k;
            if (k.e.seq >= j->next_seq)
                j->next_seq = k.e.seq + 1;
        }
    } else if (json_is_integer(started) || json_is_integer(done)) {
        json_int_t seq = json_integer_value(started ? started : done), game = 0;
        json_error_t e2;
        Kept *k = find_read(j, seq);
        bool ok = started ? json_unpack_ex(o, &e2, JSON_STRICT, "{s:I, s:I}", "started", &seq, "game", &game) == 0 &&
                                game > 0
                          : json_unpack_ex(o, &e2, JSON_STRICT, "{s:I}", "done", &seq) == 0;
        if (!ok) {
            bad_line(j, lineno, line, len, started ? "a bad \"started\" line" : "a bad \"done\" line");
        } else if (!k) {
            bad_line(j, lineno, line, len, "it names no kept end before it");
        } else if (started) {
            k->e.end.game = game;
        } else {
            free(k->record);
            int i = (int)(k - j->read);
            memmove(k, k + 1, (size_t)(j->nread - i - 1) * sizeof *k);
            j->nread--;
        }
    } else {
        bad_line(j, lineno, line, len, "not a line of the journal (kept, started or done)");
    }
    json_decref(o);
}

/* Writes the file again with the header and the kept ends read; the new file replaces the old
 * one and is locked in its place. */
static int rewrite(DdzJournal *j, DdzError *err)
{
    if (j->nread == 0) {
        if (ftruncate(j->fd, 0) != 0)
            return sys_fail(err, "cannot empty", j->path);
        return append(j, HEADER, strlen(HEADER), true, err);
    }
    size_t n = strlen(j->path) + 8;
    char *tmp = malloc(n);
    if (!tmp)
        return ddz_error_set(err, 0, "out of memory");
    snprintf(tmp, n, "%s.new", j->path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0600);
    if (fd < 0) {
        sys_fail(err, "cannot write", tmp);
        free(tmp);
        return -1;
    }
    int old = j->fd;
    j->fd = fd;
    int rc = append(j, HEADER, strlen(HEADER), false, err);
    for (int i = 0; rc == 0 && i < j->nread; i++) {
        char *line = entry_line(&j->read[i].e);
        rc = line ? append(j, line, strlen(line), false, err) : ddz_error_set(err, 0, "out of memory");
        free(line);
    }
    if (rc == 0 && fdatasync(fd) != 0)
        rc = sys_fail(err, "cannot flush", tmp);
    if (rc == 0 && flock(fd, LOCK_EX | LOCK_NB) != 0)
        rc = sys_fail(err, "cannot lock", tmp);
    if (rc == 0 && rename(tmp, j->path) != 0)
        rc = sys_fail(err, "cannot replace", j->path);
    if (rc == 0) { /* the directory's entry too */
        char *dir = strdup(j->path);
        int dfd = dir ? open(dirname(dir), O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
        if (dfd >= 0) {
            fsync(dfd);
            close(dfd);
        }
        free(dir);
    }
    if (rc != 0) {
        close(fd);
        unlink(tmp);
        j->fd = old;
    } else {
        close(old);
    }
    free(tmp);
    return rc;
}

DdzJournal *ddz_journal_open(const char *path, void (*warn)(void *ctx, const char *line), void *ctx, DdzError *err)
{
    DdzJournal *j = sodium_init() < 0 ? NULL : calloc(1, sizeof *j);
    if (!j || !(j->path = strdup(path))) {
        free(j);
        ddz_error_set(err, 0, "out of memory");
        return NULL;
    }
    j->next_seq = 1;
    j->warn = warn;
    j->ctx = ctx;
    j->fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    if (j->fd < 0) {
        sys_fail(err, "cannot open the results journal", path);
        goto fail;
    }
    if (flock(j->fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EWOULDBLOCK)
            ddz_error_set(err, 0, "the results journal %s is in use by another ddz serve (one journal per server)",
                          path);
        else
            sys_fail(err, "cannot lock the results journal", path);
        goto fail;
    }
    int rfd = dup(j->fd);
    FILE *f = rfd >= 0 ? fdopen(rfd, "r") : NULL;
    if (!f) {
        if (rfd >= 0)
            close(rfd);
        sys_fail(err, "cannot read the results journal", path);
        goto fail;
    }
    rewind(f);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    long lineno = 0;
    bool bad_header = false;
    while ((len = getline(&line, &cap, f)) > 0) {
        lineno++;
        if (lineno == 1) {
            /* A header cut by a crash at the creation is an empty journal. */
            bool cut = line[len - 1] != '\n' && !strncmp(line, HEADER, (size_t)len);
            static const char MAGIC[] = "{\"ddz\":\"results journal\",";
            bad_header = !cut && strcmp(line, HEADER);
            if (bad_header) {
                if (!strncmp(line, MAGIC, sizeof MAGIC - 1))
                    ddz_error_set(err, 0, "%s:1: a results journal of another version (%.60s): this ddz reads "
                                          "version 1", path, line);
                else
                    ddz_error_set(err, 0, "%s:1: not a ddz results journal (its first line is not "
                                          "{\"ddz\":\"results journal\", ...}): give another file with --journal",
                                  path);
                break;
            }
            continue;
        }
        read_line(j, lineno, line, (size_t)len);
    }
    free(line);
    fclose(f);
    if (bad_header)
        goto fail;
    if (j->bad)
        fclose(j->bad);
    j->bad = NULL;
    j->warn = NULL;
    if (rewrite(j, err) != 0)
        goto fail;
    return j;
fail:
    if (j->bad)
        fclose(j->bad);
    ddz_journal_close(j);
    return NULL;
}

void ddz_journal_replay(DdzJournal *j, void (*fn)(void *ctx, const DdzJournalEntry *e), void *ctx)
{
    for (int i = 0; i < j->nread; i++) {
        fn(ctx, &j->read[i].e);
        free(j->read[i].record);
    }
    j->nread = 0;
}

void ddz_journal_close(DdzJournal *j)
{
    if (!j)
        return;
    for (int i = 0; i < j->nread; i++)
        free(j->read[i].record);
    free(j->read);
    if (j->fd >= 0)
        close(j->fd);
    free(j->path);
    free(j);
}
