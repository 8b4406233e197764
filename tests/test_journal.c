/* test_journal.c -- the results journal (ddz/journal.h): kept ends read back whole after a
 * stop, done ones not; bad lines (garbage, a cut last line, a wrong field) reported with the
 * file and line and skipped while every valid line is kept; a file that is not a journal and a
 * journal in use refused. Then the server: the ends a killed server kept are written to its
 * SQLite store at the next start, once (again after a crash before the journal heard it),
 * including a game whose start had not been stored and one the store's recovery aborted. */
#include <sodium.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "ddz/journal.h"
#include "ddz/server.h"

static const char HEADER[] = "{\"ddz\":\"results journal\",\"version\":1}\n";

typedef struct Dir {
    char path[64];
    char journal[128];
    char db[128];
} Dir;

static void dir_new(Dir *d)
{
    snprintf(d->path, sizeof d->path, "/tmp/ddz-journal-XXXXXX");
    assert_non_null(mkdtemp(d->path));
    snprintf(d->journal, sizeof d->journal, "%s/results.pending", d->path);
    snprintf(d->db, sizeof d->db, "%s/ddz.db", d->path);
}

static void dir_free(Dir *d)
{
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d->path);
    assert_int_equal(system(cmd), 0);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 1 << 20);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* A line as the journal seals it (ddz/journal.h): the compact JSON object's text before its
 * closing brace, then ,"sum":"HEX"} with HEX the 16-byte BLAKE2b of those bytes, and the
 * newline. json: "{...}" without newline. */
static void seal(const char *json, char *out, size_t n)
{
    size_t body = strlen(json) - 1;
    unsigned char h[16];
    crypto_generichash(h, sizeof h, (const unsigned char *)json, body, NULL, 0);
    char hex[33];
    for (int i = 0; i < 16; i++)
        snprintf(hex + 2 * i, 3, "%02x", h[i]);
    snprintf(out, n, "%.*s,\"sum\":\"%s\"}\n", (int)body, json, hex);
}

/* The JSON of a sealed line, without its checksum (and newline). */
static void unseal(const char *line, char *out, size_t n)
{
    const char *sum = strstr(line, ",\"sum\":\"");
    assert_non_null(sum);
    snprintf(out, n, "%.*s}", (int)(sum - line), line);
}

static const char HEX64[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/* A kept end: game 0 or a stored game, two people and a computer. */
static DdzJournalEntry entry(int64_t game, int64_t p0, int64_t p1, int k)
{
    DdzJournalEntry e;
    memset(&e, 0, sizeof e);
    e.room = 7;
    e.dealt = 1700000000000 + k;
    snprintf(e.options, sizeof e.options, "rules=standard");
    snprintf(e.commit, sizeof e.commit, "%s", HEX64);
    e.end.game = game;
    snprintf(e.end.seed, sizeof e.end.seed, "%s", HEX64);
    snprintf(e.end.salt, sizeof e.end.salt, "00112233445566778899aabbccddeeff");
    e.end.record = "{\"type\":\"game\",\"note\":\"引号 \\\" and\\nnewline\"}\n{\"type\":\"result\"}\n";
    e.end.player[0] = p0;
    e.end.player[1] = p1;
    snprintf(e.end.name[0], sizeof e.end.name[0], "张三");
    snprintf(e.end.name[1], sizeof e.end.name[1], "p%d", k);
    snprintf(e.end.name[2], sizeof e.end.name[2], "电脑");
    e.end.score[0] = 4 * k;
    e.end.score[1] = -2 * k;
    e.end.score[2] = -2 * k;
    e.end.penalty[1] = k == 2 ? 6 : 0;
    e.end.landlord = 0;
    e.end.landlord_won = true;
    e.end.now = 1700000001000 + k;
    return e;
}

static void assert_entry_equal(const DdzJournalEntry *a, const DdzJournalEntry *b)
{
    assert_int_equal(a->seq, b->seq);
    assert_int_equal(a->room, b->room);
    assert_int_equal(a->dealt, b->dealt);
    assert_string_equal(a->options, b->options);
    assert_string_equal(a->commit, b->commit);
    assert_int_equal(a->end.game, b->end.game);
    assert_int_equal(a->end.redeal, b->end.redeal);
    assert_string_equal(a->end.seed, b->end.seed);
    assert_string_equal(a->end.salt, b->end.salt);
    assert_string_equal(a->end.record, b->end.record);
    for (int s = 0; s < 3; s++) {
        assert_int_equal(a->end.player[s], b->end.player[s]);
        assert_string_equal(a->end.name[s], b->end.name[s]);
        assert_int_equal(a->end.score[s], b->end.score[s]);
        assert_int_equal(a->end.penalty[s], b->end.penalty[s]);
    }
    assert_int_equal(a->end.landlord, b->end.landlord);
    assert_int_equal(a->end.landlord_won, b->end.landlord_won);
    assert_int_equal(a->end.now, b->end.now);
}

typedef struct Got {
    DdzJournalEntry e[8];
    char record[8][256];
    int n;
    char warn[8][400];
    int nwarn;
} Got;

static void got_entry(void *ctx, const DdzJournalEntry *e)
{
    Got *g = ctx;
    assert_true(g->n < 8);
    g->e[g->n] = *e;
    snprintf(g->record[g->n], sizeof g->record[g->n], "%s", e->end.record);
    g->e[g->n].end.record = g->record[g->n];
    g->n++;
}

static void got_warn(void *ctx, const char *line)
{
    Got *g = ctx;
    assert_true(g->nwarn < 8);
    snprintf(g->warn[g->nwarn++], sizeof g->warn[0], "%s", line);
}

static void kept_ends_come_back_and_done_ones_do_not(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    DdzError err;
    DdzJournal *j = ddz_journal_open(d.journal, NULL, NULL, &err);
    assert_non_null(j);
    DdzJournalEntry e[3] = {entry(0, 1, 2, 1), entry(41, 1, 0, 2), entry(42, 3, 2, 3)};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(ddz_journal_keep(j, &e[i], &err), 0);
        assert_int_equal(e[i].seq, i + 1);
    }
    assert_int_equal(ddz_journal_started(j, 1, 77, &err), 0);
    assert_int_equal(ddz_journal_done(j, 2, 2, &err), 0);
    ddz_journal_close(j); /* as a kill would leave it */

    Got g;
    memset(&g, 0, sizeof g);
    j = ddz_journal_open(d.journal, got_warn, &g, &err);
    assert_non_null(j);
    assert_int_equal(g.nwarn, 0);
    assert_int_equal(ddz_journal_waiting(j), 2);
    ddz_journal_replay(j, got_entry, &g);
    assert_int_equal(ddz_journal_waiting(j), 0);
    assert_int_equal(g.n, 2);
    e[0].end.game = 77; /* its start was stored late */
    assert_entry_equal(&g.e[0], &e[0]);
    assert_entry_equal(&g.e[1], &e[2]);
    /* Rewritten at the opening: the header and the two kept ends, nothing else. */
    char *text = slurp(d.journal);
    assert_int_equal(strncmp(text, HEADER, strlen(HEADER)), 0);
    int lines = 0;
    for (char *p = text; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 3);
    assert_null(strstr(text, "\"done\""));
    free(text);
    /* New ends are numbered after the ones read; once none is kept, the file is emptied. */
    DdzJournalEntry e4 = entry(43, 1, 2, 4);
    assert_int_equal(ddz_journal_keep(j, &e4, &err), 0);
    assert_int_equal(e4.seq, 4);
    assert_int_equal(ddz_journal_done(j, 1, 2, &err), 0);
    assert_int_equal(ddz_journal_done(j, 3, 1, &err), 0);
    assert_int_equal(ddz_journal_done(j, 4, 0, &err), 0);
    text = slurp(d.journal);
    assert_string_equal(text, HEADER);
    free(text);
    ddz_journal_close(j);
    memset(&g, 0, sizeof g);
    j = ddz_journal_open(d.journal, got_warn, &g, &err);
    assert_non_null(j);
    assert_int_equal(ddz_journal_waiting(j), 0);
    ddz_journal_close(j);
    dir_free(&d);
}

/* The lines of a journal holding two kept ends (seq 1 and 2). */
static void two_kept_lines(const Dir *d, char *line1, char *line2, size_t n)
{
    DdzError err;
    DdzJournal *j = ddz_journal_open(d->journal, NULL, NULL, &err);
    assert_non_null(j);
    DdzJournalEntry a = entry(5, 1, 2, 1), b = entry(6, 1, 2, 2);
    assert_int_equal(ddz_journal_keep(j, &a, &err), 0);
    assert_int_equal(ddz_journal_keep(j, &b, &err), 0);
    ddz_journal_close(j);
    char *text = slurp(d->journal);
    char *l1 = text + strlen(HEADER), *l2 = strchr(l1, '\n') + 1;
    snprintf(line1, n, "%.*s", (int)(l2 - l1), l1);
    snprintf(line2, n, "%s", l2);
    free(text);
}

static void bad_lines_are_reported_with_file_and_line_and_skipped(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    char l1[2048], l2[2048];
    two_kept_lines(&d, l1, l2, sizeof l1);
    /* A line with a field missing: the second kept line without its "salt", sealed again. */
    char json[2048], nosalt[2048], done9[128], flipped[2048];
    unseal(l2, json, sizeof json);
    char *salt = strstr(json, "\"salt\":");
    char *after = strchr(salt + 8, '"') + 2;
    memmove(salt, after, strlen(after) + 1);
    seal(json, nosalt, sizeof nosalt);
    seal("{\"done\":9}", done9, sizeof done9);
    /* A digit of a score changed: still JSON, but its checksum does not match. */
    snprintf(flipped, sizeof flipped, "%s", l1);
    char *score = strstr(flipped, "\"score\":[") + 9;
    *score = *score == '4' ? '5' : '4';
    char text[16384];
    snprintf(text, sizeof text, "%s%s" /* 1 header, 2 kept 1 */
                                "hello, world\n" /* 3 garbage */
                                "%s"              /* 4 a field missing */
                                "%s"              /* 5 names nothing */
                                "%s"              /* 6 kept 1 again, a score damaged */
                                "%s"              /* 7 kept 2 */
                                "%.*s",           /* 8 kept 3, cut */
             HEADER, l1, nosalt, done9, flipped, l2, (int)strlen(l2) / 2, l2);
    /* the cut line is a third end (same text as the second but another number) */
    char *seven = text + strlen(text) - strlen(l2) / 2;
    assert_int_equal(strncmp(seven, "{\"kept\":2", 9), 0);
    seven[8] = '3';
    spit(d.journal, text);
    Got g;
    memset(&g, 0, sizeof g);
    DdzError err;
    DdzJournal *j = ddz_journal_open(d.journal, got_warn, &g, &err);
    assert_non_null(j);
    assert_int_equal(g.nwarn, 5);
    static const char *const WANT[] = {":3: not a JSON object", ":4: a kept end with a missing",
                                       ":5: it names no kept end", ":6: its checksum",
                                       ":8: the last line is cut"};
    for (int i = 0; i < 5; i++) {
        char want[256];
        snprintf(want, sizeof want, "%s%s", d.journal, WANT[i]);
        assert_non_null(strstr(g.warn[i], want));
        assert_non_null(strstr(g.warn[i], ".bad"));
    }
    assert_int_equal(ddz_journal_waiting(j), 2);
    ddz_journal_replay(j, got_entry, &g);
    assert_int_equal(g.n, 2);
    assert_int_equal(g.e[0].seq, 1);
    assert_int_equal(g.e[0].end.game, 5);
    assert_int_equal(g.e[1].seq, 2);
    assert_int_equal(g.e[1].end.game, 6);
    /* A new end comes after the numbers read, on a line of its own. */
    DdzJournalEntry e = entry(8, 1, 2, 3);
    assert_int_equal(ddz_journal_keep(j, &e, &err), 0);
    assert_int_equal(e.seq, 3);
    ddz_journal_close(j);
    /* The bad lines are in PATH.bad, whole. */
    char bad[160];
    snprintf(bad, sizeof bad, "%s.bad", d.journal);
    char *kept = slurp(bad);
    assert_non_null(kept);
    assert_non_null(strstr(kept, "hello, world\n"));
    assert_non_null(strstr(kept, nosalt));
    assert_non_null(strstr(kept, done9));
    assert_non_null(strstr(kept, flipped));
    free(kept);
    /* The journal reads clean now: the two ends and the new one. */
    memset(&g, 0, sizeof g);
    j = ddz_journal_open(d.journal, got_warn, &g, &err);
    assert_non_null(j);
    assert_int_equal(g.nwarn, 0);
    assert_int_equal(ddz_journal_waiting(j), 3);
    ddz_journal_close(j);
    dir_free(&d);
}

/* Damage to any one line (a byte changed, the line cut short, replaced by noise, or noise
 * put before it), 120 times at random: that line is reported, every other one is read. */
static void any_one_damaged_line_loses_no_other(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    DdzError err;
    DdzJournal *j = ddz_journal_open(d.journal, NULL, NULL, &err);
    assert_non_null(j);
    DdzJournalEntry e[4] = {entry(11, 1, 2, 1), entry(0, 1, 2, 2), entry(13, 3, 0, 3), entry(14, 1, 3, 4)};
    for (int i = 0; i < 4; i++)
        assert_int_equal(ddz_journal_keep(j, &e[i], &err), 0);
    assert_int_equal(ddz_journal_started(j, 2, 77, &err), 0);
    ddz_journal_close(j);
    char *text = slurp(d.journal);
    char *line[6];
    int n = 0;
    for (char *p = text; *p; p = strchr(p, '\n') + 1)
        line[n++] = p;
    assert_int_equal(n, 6); /* the header, four kept ends, one started */
    size_t len[6];
    for (int i = 0; i < 6; i++)
        len[i] = (size_t)(strchr(line[i], '\n') + 1 - line[i]);
    DdzRng rng;
    ddz_rng_seed(&rng, 2026);
    char *buf = malloc(strlen(text) + 4096);
    for (int it = 0; it < 120; it++) {
        int k = 1 + (int)ddz_rng_below(&rng, 5), how = (int)ddz_rng_below(&rng, 4);
        char *w = buf;
        for (int i = 0; i < 6; i++) {
            if (i != k) {
                memcpy(w, line[i], len[i]);
                w += len[i];
                continue;
            }
            if (how == 0) { /* one byte changed (never into a newline) */
                memcpy(w, line[i], len[i]);
                size_t at = ddz_rng_below(&rng, (uint32_t)len[i] - 1);
                char c;
                do
                    c = (char)(1 + ddz_rng_below(&rng, 255));
                while (c == '\n' || c == w[at]);
                w[at] = c;
                w += len[i];
            } else if (how == 1) { /* cut short */
                size_t keep = ddz_rng_below(&rng, (uint32_t)len[i] - 1);
                memcpy(w, line[i], keep);
                w += keep;
                *w++ = '\n';
            } else { /* noise instead of it (2), or before it (3) */
                int m = 1 + (int)ddz_rng_below(&rng, 200);
                for (int b = 0; b < m; b++) {
                    char c = (char)(1 + ddz_rng_below(&rng, 255));
                    *w++ = c == '\n' ? ' ' : c;
                }
                *w++ = '\n';
                if (how == 3) {
                    memcpy(w, line[i], len[i]);
                    w += len[i];
                }
            }
        }
        *w = '\0';
        spit(d.journal, buf);
        Got g;
        memset(&g, 0, sizeof g);
        j = ddz_journal_open(d.journal, got_warn, &g, &err);
        assert_non_null(j);
        bool lost = how != 3 && k <= 4; /* kept end k is damaged */
        /* (the second's "started" line then names nothing: said too) */
        assert_int_equal(g.nwarn, lost && k == 2 ? 2 : 1);
        ddz_journal_replay(j, got_entry, &g);
        ddz_journal_close(j);
        assert_int_equal(g.n, lost ? 3 : 4);
        for (int i = 0, at = 0; i < 4; i++) {
            if (lost && i == k - 1)
                continue;
            DdzJournalEntry want = e[i];
            if (i == 1)
                want.end.game = how != 3 && k == 5 ? 0 : 77; /* unless its "started" line was damaged */
            assert_entry_equal(&g.e[at++], &want);
        }
    }
    free(buf);
    free(text);
    dir_free(&d);
}

static void a_file_that_is_not_a_journal_or_is_in_use_is_refused(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    spit(d.journal, "players,score\nzhang,4\n");
    DdzError err;
    assert_null(ddz_journal_open(d.journal, NULL, NULL, &err));
    char want[200];
    snprintf(want, sizeof want, "%s:1: not a ddz results journal", d.journal);
    assert_non_null(strstr(err.msg, want));
    char *text = slurp(d.journal);
    assert_string_equal(text, "players,score\nzhang,4\n"); /* untouched */
    free(text);
    spit(d.journal, "{\"ddz\":\"results journal\",\"version\":2}\n{\"x\":1}\n");
    assert_null(ddz_journal_open(d.journal, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, ":1: a results journal of another version"));
    unlink(d.journal);
    DdzJournal *j = ddz_journal_open(d.journal, NULL, NULL, &err);
    assert_non_null(j);
    assert_null(ddz_journal_open(d.journal, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "in use by another ddz serve"));
    ddz_journal_close(j);
    /* A header cut at the creation is an empty journal. */
    spit(d.journal, "{\"ddz\":\"results jou");
    j = ddz_journal_open(d.journal, NULL, NULL, &err);
    assert_non_null(j);
    assert_int_equal(ddz_journal_waiting(j), 0);
    ddz_journal_close(j);
    dir_free(&d);
}

/* The server --------------------------------------------------------------------------------*/

static char g_log[4096];

static void log_line(void *ctx, const char *line)
{
    (void)ctx;
    size_t n = strlen(g_log);
    snprintf(g_log + n, sizeof g_log - n, "%s\n", line);
}

static int64_t scalar(const char *db, const char *sql)
{
    sqlite3 *h;
    assert_int_equal(sqlite3_open(db, &h), SQLITE_OK);
    sqlite3_stmt *s;
    assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &s, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(s), SQLITE_ROW);
    int64_t v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    sqlite3_close(h);
    return v;
}

/* Starts a server on db with the journal (its ends written at the start), then stops it. */
static void server_life(const Dir *d)
{
    DdzError err;
    DdzStore *st = ddz_store_open(d->db, false, NULL, &err);
    assert_non_null(st);
    DdzJournal *j = ddz_journal_open(d->journal, NULL, NULL, &err);
    assert_non_null(j);
    DdzServerConfig cfg = ddz_server_config_default();
    cfg.journal = j;
    cfg.log = log_line;
    g_log[0] = '\0';
    DdzServer *srv = ddz_server_new(&cfg, st, &err);
    assert_non_null(srv);
    DdzServerStats stats;
    ddz_server_stats(srv, &stats);
    assert_int_equal(stats.results_pending, 0);
    ddz_server_free(srv);
    ddz_journal_close(j);
    ddz_store_close(st);
}

static void a_killed_servers_kept_ends_are_stored_once_at_the_next_start(void **state)
{
    (void)state;
    Dir d;
    dir_new(&d);
    DdzError err;
    /* The first life: two people; a game dealt and stored, then the store went away, the game
     * ended (kept), another was dealt and ended while it was away (kept, no row); killed. */
    DdzStore *st = ddz_store_open(d.db, false, NULL, &err);
    assert_non_null(st);
    uint8_t h1[32] = {1}, h2[32] = {2};
    int64_t p1, p2, game;
    assert_int_equal(ddz_store_player_new(st, "张三", h1, 1, &p1, &err), 0);
    assert_int_equal(ddz_store_player_new(st, "李四", h2, 1, &p2, &err), 0);
    assert_int_equal(ddz_store_game_start(st, 7, "rules=standard", HEX64, 2, &game, &err), 0);
    int64_t people[3] = {p1, p2, 0};
    assert_int_equal(ddz_store_game_players(st, game, people, &err), 0);
    ddz_store_close(st);
    DdzJournal *j = ddz_journal_open(d.journal, NULL, NULL, &err);
    assert_non_null(j);
    DdzJournalEntry a = entry(game, p1, p2, 1), b = entry(0, p1, p2, 2);
    assert_int_equal(ddz_journal_keep(j, &a, &err), 0);
    assert_int_equal(ddz_journal_keep(j, &b, &err), 0);
    ddz_journal_close(j);
    char *before = slurp(d.journal); /* the journal as the kill left it */

    /* The next start: the store's recovery aborts the game (with notices), the journal ends
     * it, and the second game gets its row and ends. */
    server_life(&d);
    assert_non_null(strstr(g_log, "2 results kept before the last stop; 2 written now, 0 wait"));
    assert_int_equal(scalar(d.db, "SELECT count(*) FROM games WHERE status='finished'"), 2);
    assert_int_equal(scalar(d.db, "SELECT count(*) FROM games"), 2);
    assert_int_equal(scalar(d.db, "SELECT count(*) FROM notices"), 0);
    assert_int_equal(scalar(d.db, "SELECT count(*) FROM results"), 6);
    int64_t s1 = 4 * 1 + 4 * 2, s2 = -2 * 1 + (-2 * 2 - 6);
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT score FROM players WHERE id=%lld", (long long)p1);
    assert_int_equal(scalar(d.db, sql), s1);
    snprintf(sql, sizeof sql, "SELECT score FROM players WHERE id=%lld", (long long)p2);
    assert_int_equal(scalar(d.db, sql), s2);
    assert_int_equal(scalar(d.db, "SELECT sum(games) FROM players"), 4);
    char *after = slurp(d.journal);
    assert_string_equal(after, HEADER); /* emptied */
    free(after);

    /* A crash after the store took them but before the journal heard of it: the same ends
     * again (the second with the "started" line that named its row) are refused; nothing
     * counts twice. */
    char *again = malloc(strlen(before) + 128);
    int64_t second = scalar(d.db, "SELECT max(id) FROM games");
    char started[64], line[128];
    snprintf(started, sizeof started, "{\"started\":2,\"game\":%lld}", (long long)second);
    seal(started, line, sizeof line);
    sprintf(again, "%s%s", before, line);
    spit(d.journal, again);
    free(again);
    server_life(&d);
    assert_non_null(strstr(g_log, "2 results kept before the last stop; 2 written now"));
    assert_non_null(strstr(g_log, "not stored"));
    assert_int_equal(scalar(d.db, "SELECT count(*) FROM games"), 2);
    snprintf(sql, sizeof sql, "SELECT score FROM players WHERE id=%lld", (long long)p1);
    assert_int_equal(scalar(d.db, sql), s1);
    assert_int_equal(scalar(d.db, "SELECT sum(games) FROM players"), 4);
    /* An abort the server chose (ddz_store_game_abort) is final: an end is refused. */
    st = ddz_store_open(d.db, false, NULL, &err);
    assert_int_equal(ddz_store_game_start(st, 8, "rules=standard", HEX64, 3, &game, &err), 0);
    assert_int_equal(ddz_store_game_abort(st, game, NULL, &err), 0);
    DdzStoreEnd late = entry(game, p1, p2, 3).end;
    assert_int_equal(ddz_store_game_end(st, &late, &err), -2);
    ddz_store_close(st);
    free(before);
    dir_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kept_ends_come_back_and_done_ones_do_not),
        cmocka_unit_test(bad_lines_are_reported_with_file_and_line_and_skipped),
        cmocka_unit_test(any_one_damaged_line_loses_no_other),
        cmocka_unit_test(a_file_that_is_not_a_journal_or_is_in_use_is_refused),
        cmocka_unit_test(a_killed_servers_kept_ends_are_stored_once_at_the_next_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
