/* tourfile.c -- a tournament as JSON Lines (docs/TOURNAMENT.md): the writer, the printer, and
 * the verifier that draws the event again from its seed and replays every game record. */
#define _FILE_OFFSET_BITS 64
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "ddz/record.h"
#include "ddz/tournament.h"

/* Writing ---------------------------------------------------------------------------------*/

static int emit(FILE *f, json_t *o, DdzError *err)
{
    if (!o)
        return ddz_error_set(err, 0, "tournament record: out of memory");
    int rc = json_dumpf(o, f, JSON_COMPACT);
    json_decref(o);
    if (rc != 0 || fputc('\n', f) == EOF || ferror(f))
        return ddz_error_set(err, 0, "tournament record: write error");
    return 0;
}

static json_t *ints(const int *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; a && i < n; i++)
        json_array_append_new(a, json_integer(v[i]));
    return a;
}

static json_t *seed_json(const DdzTour *t, const uint64_t *seed, const uint8_t *seed256)
{
    char text[DDZ_SEED256_HEX];
    if (t->wide)
        ddz_seed256_format(seed256, text);
    else
        snprintf(text, sizeof text, "%" PRIu64, *seed);
    return json_string(text);
}

int ddz_tour_write_header(FILE *f, const DdzTour *t, const char *const *names, DdzError *err)
{
    char opts[256];
    ddz_options_format(&t->cfg.opt, opts, sizeof opts);
    json_t *o = json_pack("{s:s,s:i,s:i,s:i,s:i,s:s}", "type", "tournament", "version", DDZ_TOUR_VERSION, "players",
                          t->cfg.players, "groups", t->cfg.groups, "games", t->cfg.games, "options", opts);
    if (o) {
        json_object_set_new(o, t->wide ? "seed256" : "seed", seed_json(t, &t->seed, t->seed256));
        json_t *e = json_array();
        for (int i = 0; e && i < t->cfg.players; i++)
            json_array_append_new(e, json_string(names[i]));
        json_object_set_new(o, "entrants", e);
    }
    if (emit(f, o, err) != 0)
        return -1;
    if (t->cfg.groups == 1)
        return 0;
    json_t *gs = json_array();
    for (int g = 0; gs && g < t->cfg.groups; g++)
        json_array_append_new(gs, ints(t->groups + t->gstart[g], t->gstart[g + 1] - t->gstart[g]));
    return emit(f, json_pack("{s:s,s:o}", "type", "groups", "groups", gs), err);
}

static json_t *round_json(const DdzTour *t, int r)
{
    const DdzTourRound *rd = &t->rounds[r];
    char name[16];
    json_t *tables = json_array();
    for (int i = 0; tables && i < rd->ntables; i++)
        json_array_append_new(tables, ints(t->tables[rd->first_table + i].player, DDZ_SEAT_NB));
    return json_pack("{s:s,s:i,s:s,s:i,s:i,s:o,s:o}", "type", "round", "stage", rd->stage, "name",
                     ddz_tour_stage_name(t, rd->stage, name), "round", rd->round + 1, "players", rd->players, "byes",
                     ints(rd->bye, rd->nbyes), "tables", tables);
}

int ddz_tour_write_round(FILE *f, const DdzTour *t, int r, DdzError *err)
{
    return emit(f, round_json(t, r), err);
}

int ddz_tour_write_table_begin(FILE *f, const DdzTour *t, const DdzTourTable *tb, DdzError *err)
{
    json_t *seeds = json_array();
    for (int k = 0; seeds && k <= t->cfg.games; k++)
        json_array_append_new(seeds, seed_json(t, &tb->seed[k], tb->seed256[k]));
    return emit(f, json_pack("{s:s,s:i,s:i,s:i,s:o,s:i,s:o}", "type", "table", "stage", tb->stage, "round",
                             tb->round + 1, "table", tb->index + 1, "players", ints(tb->player, DDZ_SEAT_NB),
                             "completer", tb->completer, "seeds", seeds),
                err);
}

static json_t *table_end_json(const DdzTourTable *tb)
{
    return json_pack("{s:s,s:i,s:i,s:i,s:o,s:o,s:b,s:i}", "type", "table_result", "stage", tb->stage, "round",
                     tb->round + 1, "table", tb->index + 1, "scores", ints(tb->score, DDZ_SEAT_NB), "extra",
                     tb->extra ? ints(tb->extra_score, DDZ_SEAT_NB) : json_null(), "lot", tb->lot, "winner",
                     tb->winner);
}

int ddz_tour_write_table_end(FILE *f, const DdzTour *t, const DdzTourTable *tb, DdzError *err)
{
    (void)t;
    return emit(f, table_end_json(tb), err);
}

static json_t *standings_json(const DdzTour *t)
{
    DdzTourStanding *st = malloc((size_t)t->cfg.players * sizeof *st);
    if (!st)
        return NULL;
    ddz_tour_standings(t, st);
    json_t *a = json_array();
    for (int i = 0; a && i < t->cfg.players; i++)
        json_array_append_new(a, json_pack("[i,i,i,i]", st[i].id, st[i].rank, st[i].round + 1, st[i].score));
    free(st);
    return json_pack("{s:s,s:i,s:o}", "type", "standings", "winner", t->winner, "standings", a);
}

int ddz_tour_write_standings(FILE *f, const DdzTour *t, DdzError *err)
{
    return emit(f, standings_json(t), err);
}

/* Printing --------------------------------------------------------------------------------*/

static const char *who(const char *const *names, int id, char buf[24])
{
    if (names)
        return names[id];
    snprintf(buf, 24, "P%d", id + 1);
    return buf;
}

void ddz_tour_print_round(FILE *out, const DdzTour *t, int r, const char *const *names)
{
    const DdzTourRound *rd = &t->rounds[r];
    char stage[16], a[24], b[24];
    ddz_tour_stage_name(t, rd->stage, stage);
    fprintf(out, "%s%s%sround %d: %d players, %d table%s", stage[0] && strcmp(stage, "final") ? "group " : "", stage,
            stage[0] ? " " : "", rd->round + 1, rd->players, rd->ntables, rd->ntables == 1 ? "" : "s");
    for (int i = 0; i < rd->nbyes; i++)
        fprintf(out, "%s%s", i ? ", " : "; bye: ", who(names, rd->bye[i], a));
    fputc('\n', out);
    for (int i = 0; i < rd->ntables; i++) {
        const DdzTourTable *tb = &t->tables[rd->first_table + i];
        fprintf(out, "  table %d:", i + 1);
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            fprintf(out, " %s %+d%s", who(names, tb->player[s], a), tb->score[s], s == tb->completer ? " (completes)" : "");
        if (tb->extra)
            fprintf(out, "; tie, extra game %+d %+d %+d", tb->extra_score[0], tb->extra_score[1], tb->extra_score[2]);
        if (tb->lot)
            fprintf(out, "; still tied, by lot");
        fprintf(out, " -> %s\n", tb->winner >= 0 ? who(names, tb->winner, b) : "?");
    }
}

void ddz_tour_print_standings(FILE *out, const DdzTour *t, const char *const *names, int top)
{
    DdzTourStanding *st = malloc((size_t)t->cfg.players * sizeof *st);
    if (!st)
        return;
    ddz_tour_standings(t, st);
    char a[24], stage[16];
    fprintf(out, "standings (%d players):\n", t->cfg.players);
    for (int i = 0; i < t->cfg.players && (top <= 0 || i < top); i++) {
        const DdzTourEntrant *e = &t->ent[st[i].id];
        ddz_tour_stage_name(t, e->stage, stage);
        if (st[i].id == t->winner)
            fprintf(out, "  %4d  %s  winner\n", st[i].rank, who(names, st[i].id, a));
        else
            fprintf(out, "  %4d  %s  out in %s%s%sround %d with %+d\n", st[i].rank, who(names, st[i].id, a),
                    stage[0] && strcmp(stage, "final") ? "group " : "", stage, stage[0] ? " " : "", e->round + 1,
                    e->score);
    }
    free(st);
}

/* Verifying -------------------------------------------------------------------------------*/

typedef struct Reader {
    FILE *f;
    long line;
    char *buf;
    size_t cap;
    ssize_t len;
    json_t *o;
    DdzError *err;
} Reader;

static int fault(Reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fault(Reader *r, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return ddz_error_set(r->err, (int)r->line, "line %ld: %s", r->line, msg);
}

/* The next non-blank line, parsed; its type in *type. 1, 0 at the end, -1 (reported). */
static int next(Reader *r, const char **type)
{
    json_decref(r->o);
    r->o = NULL;
    for (;;) {
        r->len = getline(&r->buf, &r->cap, r->f);
        if (r->len < 0)
            return 0;
        r->line++;
        if (strspn(r->buf, " \t\r\n") < (size_t)r->len)
            break;
    }
    json_error_t je;
    r->o = json_loadb(r->buf, (size_t)r->len, 0, &je);
    if (!json_is_object(r->o))
        return fault(r, "not a JSON object: %s", r->o ? "" : je.text);
    *type = json_string_value(json_object_get(r->o, "type"));
    if (!*type)
        return fault(r, "a line without a \"type\"");
    return 1;
}

static int expect(Reader *r, const char *want)
{
    const char *type = NULL;
    int rc = next(r, &type);
    if (rc < 0)
        return -1;
    if (rc == 0)
        return fault(r, "the file ends where a \"%s\" line should come", want);
    if (strcmp(type, want) != 0)
        return fault(r, "a \"%.30s\" line where a \"%s\" line should come", type, want);
    return 0;
}

static bool same_ints(const json_t *a, const int *v, int n)
{
    if (!json_is_array(a) || (int)json_array_size(a) != n)
        return false;
    for (int i = 0; i < n; i++)
        if (!json_is_integer(json_array_get(a, (size_t)i)) || json_integer_value(json_array_get(a, (size_t)i)) != v[i])
            return false;
    return true;
}

static long get_long(const json_t *o, const char *key, long dflt)
{
    const json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (long)json_integer_value(v) : dflt;
}

/* Reads one game record (a "game" line up to its result or redeal line) and replays it. */
static int read_game(Reader *r, DdzGame *g, DdzRecordInfo *info)
{
    if (expect(r, "game") != 0)
        return -1;
    long start = r->line;
    size_t size = 0, cap = 4096;
    char *text = malloc(cap);
    if (!text)
        return fault(r, "out of memory");
    for (;;) {
        if (size + (size_t)r->len + 1 > cap) {
            while (size + (size_t)r->len + 1 > cap)
                cap *= 2;
            char *bigger = realloc(text, cap);
            if (!bigger) {
                free(text);
                return fault(r, "out of memory");
            }
            text = bigger;
        }
        memcpy(text + size, r->buf, (size_t)r->len);
        size += (size_t)r->len;
        const char *type = NULL;
        if (r->line > start || strcmp(json_string_value(json_object_get(r->o, "type")), "game") == 0) {
            type = json_string_value(json_object_get(r->o, "type"));
            if (r->line > start && (!strcmp(type, "result") || !strcmp(type, "redeal")))
                break;
        }
        int rc = next(r, &type);
        if (rc <= 0) {
            free(text);
            return rc < 0 ? -1 : fault(r, "the file ends inside the game record of line %ld", start);
        }
    }
    FILE *mem = fmemopen(text, size, "r");
    if (!mem) {
        free(text);
        return fault(r, "out of memory");
    }
    DdzRecordReader rd;
    ddz_record_reader_init(&rd, mem);
    DdzError e;
    int rc = ddz_record_read(&rd, g, info, &e);
    fclose(mem);
    free(text);
    if (rc != 1)
        return ddz_error_set(r->err, (int)(start + e.pos - 1), "line %ld: game record: %s", start + e.pos - 1,
                             rc < 0 ? strchr(e.msg, ':') ? strchr(e.msg, ':') + 2 : e.msg : "empty");
    return 0;
}

static int verify_table(Reader *r, DdzTour *t, DdzTourTable *tb, DdzGame *g, DdzGame *want)
{
    if (expect(r, "table") != 0)
        return -1;
    if (!same_ints(json_object_get(r->o, "players"), tb->player, DDZ_SEAT_NB) ||
        get_long(r->o, "completer", -2) != tb->completer)
        return fault(r, "table %d of round %d: the draw gives other players", tb->index + 1, tb->round + 1);
    int K = t->cfg.games;
    char opts[256], got[256];
    ddz_options_format(&t->cfg.opt, opts, sizeof opts);
    for (int k = 0; k < K || (k == K && ddz_tour_table_needs_extra(tb, K)); k++) {
        for (int a = 0;; a++) {
            DdzRecordInfo info;
            if (read_game(r, g, &info) != 0)
                return -1;
            ddz_tour_deal(t, tb, k, a, want);
            ddz_options_format(&g->opt, got, sizeof got);
            uint64_t seed = 0;
            uint8_t key[DDZ_SEED256_BYTES];
            ddz_tour_game_seed(t, tb, k, a, &seed, key);
            bool same = strcmp(opts, got) == 0 && want->bottom == g->bottom && want->first == g->first &&
                        want->revealed == g->revealed && info.has_seed == !t->wide && info.has_seed256 == t->wide &&
                        (t->wide ? !memcmp(info.seed256, key, sizeof key) : info.seed == seed);
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                same &= want->dealt[s] == g->dealt[s];
            if (!same)
                return fault(r, "game %d of table %d (round %d) is not the deal its drawn seed gives", k + 1,
                             tb->index + 1, tb->round + 1);
            if (g->phase == DDZ_PHASE_OVER)
                break;
            if (a >= 999)
                return fault(r, "1000 redeals in a row");
        }
        DdzResult res;
        ddz_game_result(g, &res);
        ddz_tour_table_add(tb, k, K, &res);
    }
    return expect(r, "table_result");
}

int ddz_tour_verify(FILE *f, FILE *out, DdzError *err)
{
    Reader r = {f, 0, NULL, 0, 0, NULL, err};
    DdzTour t;
    memset(&t, 0, sizeof t);
    DdzGame *g = malloc(2 * sizeof *g);
    json_t **results = NULL;
    int nresults = 0;
    char **names = NULL;
    int rc = -1, n = 0;
    if (!g) {
        ddz_error_set(err, 0, "out of memory");
        goto done;
    }
    if (expect(&r, "tournament") != 0)
        goto done;
    DdzTourConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.players = (int)get_long(r.o, "players", 0);
    cfg.groups = (int)get_long(r.o, "groups", 0);
    cfg.games = (int)get_long(r.o, "games", 0);
    cfg.opt = ddz_options_default();
    if (get_long(r.o, "version", 0) != DDZ_TOUR_VERSION) {
        fault(&r, "tournament record version %ld is not supported (this reader reads %d)", get_long(r.o, "version", 0),
              DDZ_TOUR_VERSION);
        goto done;
    }
    const char *opts = json_string_value(json_object_get(r.o, "options"));
    char item[64];
    for (const char *p = opts ? opts : ""; *p;) {
        size_t len = strcspn(p, ",");
        DdzError e;
        snprintf(item, sizeof item, "%.*s", (int)(len < sizeof item ? len : sizeof item - 1), p);
        if (len && ddz_options_set(&cfg.opt, item, &e) != 0) {
            fault(&r, "options: %s", e.msg);
            goto done;
        }
        p += len + (p[len] == ',');
    }
    const char *s64 = json_string_value(json_object_get(r.o, "seed"));
    const char *s256 = json_string_value(json_object_get(r.o, "seed256"));
    uint64_t seed = 0;
    uint8_t wide[DDZ_SEED256_BYTES];
    DdzError e;
    if (s256 && ddz_seed256_parse(s256, wide, &e) != 0) {
        fault(&r, "seed256: %s", e.msg);
        goto done;
    }
    if (s64) {
        char *end;
        seed = strtoull(s64, &end, 10);
        if (!*s64 || *end) {
            fault(&r, "seed \"%.30s\" is not a decimal number", s64);
            goto done;
        }
    }
    if (ddz_tour_new(&t, &cfg, s64 ? &seed : NULL, s256 ? wide : NULL, &e) != 0) {
        fault(&r, "%s", e.msg);
        goto done;
    }
    n = cfg.players;
    const json_t *ents = json_object_get(r.o, "entrants");
    names = calloc((size_t)n, sizeof *names);
    if (!names || !json_is_array(ents) || (int)json_array_size(ents) != n) {
        fault(&r, "\"entrants\" must list the %d players' names", n);
        goto done;
    }
    for (int i = 0; i < n; i++) {
        const char *nm = json_string_value(json_array_get(ents, (size_t)i));
        names[i] = strdup(nm ? nm : "?");
    }
    if (cfg.groups > 1) {
        if (expect(&r, "groups") != 0)
            goto done;
        const json_t *gs = json_object_get(r.o, "groups");
        for (int gi = 0; gi < cfg.groups; gi++)
            if (!same_ints(json_array_get(gs, (size_t)gi), t.groups + t.gstart[gi], t.gstart[gi + 1] - t.gstart[gi])) {
                fault(&r, "group %d is not the one the seed draws", gi + 1);
                goto done;
            }
    }
    while (!ddz_tour_over(&t)) {
        int ri = ddz_tour_draw(&t, &e);
        if (ri < 0) {
            fault(&r, "%s", e.msg);
            goto done;
        }
        if (expect(&r, "round") != 0)
            goto done;
        DdzTourRound *rd = &t.rounds[ri];
        json_t *want_round = round_json(&t, ri);
        bool same = json_equal(want_round, r.o);
        json_decref(want_round);
        if (!same) {
            fault(&r, "round %d: the seed draws other byes or tables", rd->round + 1);
            goto done;
        }
        free(results);
        nresults = rd->ntables;
        results = calloc((size_t)rd->ntables + 1, sizeof *results);
        if (!results) {
            ddz_error_set(err, 0, "out of memory");
            goto done;
        }
        for (int i = 0; i < rd->ntables; i++) {
            if (verify_table(&r, &t, &t.tables[rd->first_table + i], g, g + 1) != 0)
                goto done;
            results[i] = json_incref(r.o);
        }
        if (ddz_tour_finish_round(&t, &e) != 0) {
            fault(&r, "%s", e.msg);
            goto done;
        }
        for (int i = 0; i < rd->ntables; i++) {
            json_t *want = table_end_json(&t.tables[rd->first_table + i]);
            bool ok = json_equal(want, results[i]);
            json_decref(want);
            json_decref(results[i]);
            results[i] = NULL;
            if (!ok) {
                fault(&r, "round %d table %d: the result line differs from the games (scores, extra game, lot or "
                          "winner)",
                      rd->round + 1, i + 1);
                goto done;
            }
        }
        if (out)
            ddz_tour_print_round(out, &t, ri, (const char *const *)names);
        char why[160];
        if (!ddz_tour_ok(&t, why, sizeof why)) {
            fault(&r, "the event breaks its invariant: %s", why);
            goto done;
        }
    }
    if (expect(&r, "standings") != 0)
        goto done;
    json_t *want = standings_json(&t);
    bool same = json_equal(want, r.o);
    json_decref(want);
    if (!same) {
        fault(&r, "the standings differ from the games'");
        goto done;
    }
    const char *type;
    int more = next(&r, &type);
    if (more != 0) {
        if (more > 0)
            fault(&r, "a \"%.30s\" line after the standings", type);
        goto done;
    }
    if (out)
        ddz_tour_print_standings(out, &t, (const char *const *)names, 0);
    rc = 0;
done:
    for (int i = 0; results && i < nresults; i++)
        json_decref(results[i]);
    free(results);
    if (names)
        for (int i = 0; i < n; i++)
            free(names[i]);
    free(names);
    json_decref(r.o);
    free(r.buf);
    free(g);
    ddz_tour_free(&t);
    return rc;
}

bool ddz_tour_file_is_event(FILE *f)
{
    if (ftello(f) < 0 || fseeko(f, 0, SEEK_CUR) != 0)
        return false; /* a pipe: not rewindable, read as game records */
    char *buf = NULL;
    size_t cap = 0;
    ssize_t n;
    bool yes = false;
    while ((n = getline(&buf, &cap, f)) >= 0) {
        if (strspn(buf, " \t\r\n") == (size_t)n)
            continue;
        json_t *o = json_loadb(buf, (size_t)n, 0, NULL);
        const char *type = json_string_value(json_object_get(o, "type"));
        yes = type && !strcmp(type, "tournament");
        json_decref(o);
        break;
    }
    free(buf);
    rewind(f);
    return yes;
}
