/* record.c -- game records as JSON Lines (docs/RECORD.md): the writer, and the reader that
 * deals each game from its header, re-applies every action through ddz_game_apply and checks
 * the result line against ddz_game_result, reporting any fault by line number. */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include <jansson.h>

#include "ddz/record.h"

/* Writer ---------------------------------------------------------------------------------*/

/* Writes one JSON object as a line and releases it; a NULL object is jansson's way of saying
 * it ran out of memory while building it. */
static int emit(FILE *f, json_t *o, DdzError *err)
{
    if (!o)
        return ddz_error_set(err, 0, "record: out of memory");
    int rc = json_dumpf(o, f, JSON_COMPACT);
    json_decref(o);
    if (rc != 0 || fputc('\n', f) == EOF || ferror(f))
        return ddz_error_set(err, 0, "record: write error: %s", strerror(errno));
    return 0;
}

static json_t *cards_json(DdzCards cards)
{
    char text[512];
    ddz_cards_format(cards, DDZ_STYLE_ASCII, text, sizeof text);
    return json_string(text);
}

static json_t *header_json(const DdzGame *g, const DdzRecordInfo *info, DdzError *err)
{
    char opts[256];
    ddz_options_format(&g->opt, opts, sizeof opts);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        json_t *name = json_stringn(info->seats[s], strnlen(info->seats[s], sizeof info->seats[s]));
        if (!name) {
            ddz_error_set(err, 0, "record: the name of seat %d is not UTF-8 text", s);
            return NULL;
        }
        json_decref(name);
    }
    json_t *o = json_object();
    if (!o) {
        ddz_error_set(err, 0, "record: out of memory");
        return NULL;
    }
    /* json_object_set_new takes the value even when it fails, and fails on NULL: one flag
     * collects every allocation failure. */
    int bad = json_object_set_new(o, "type", json_string("game"));
    bad |= json_object_set_new(o, "version", json_integer(DDZ_RECORD_VERSION));
    bad |= json_object_set_new(o, "game", json_integer(info->game));
    bad |= json_object_set_new(o, "options", json_string(opts));
    if (info->has_seed) {
        /* JSON integers are int64 in jansson (and in most readers); larger seeds go as text. */
        if (info->seed <= (uint64_t)INT64_MAX) {
            bad |= json_object_set_new(o, "seed", json_integer((json_int_t)info->seed));
        } else {
            char text[24];
            snprintf(text, sizeof text, "%" PRIu64, info->seed);
            bad |= json_object_set_new(o, "seed", json_string(text));
        }
    }
    if (info->has_seed256) {
        char hex[DDZ_SEED256_HEX];
        ddz_seed256_format(info->seed256, hex);
        bad |= json_object_set_new(o, "seed256", json_string(hex));
    }
    bad |= json_object_set_new(o, "first", json_integer(g->first));
    if (g->revealed >= 0)
        bad |= json_object_set_new(o, "revealed", json_integer(g->revealed));
    json_t *hands = json_array(), *seats = json_array();
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        bad |= json_array_append_new(hands, cards_json(g->dealt[s]));
        bad |= json_array_append_new(seats, json_stringn(info->seats[s], strnlen(info->seats[s], sizeof info->seats[s])));
    }
    bad |= json_object_set_new(o, "hands", hands);
    bad |= json_object_set_new(o, "bottom", cards_json(g->bottom));
    bad |= json_object_set_new(o, "seats", seats);
    if (bad) {
        json_decref(o);
        ddz_error_set(err, 0, "record: out of memory");
        return NULL;
    }
    return o;
}

static json_t *action_json(const DdzGame *g, const DdzAction *a)
{
    switch (a->kind) {
    case DDZ_ACT_BID:
        return json_pack("{s:s,s:i,s:i}", "type", "bid", "seat", a->seat, "value", a->value);
    case DDZ_ACT_DOUBLE:
        return json_pack("{s:s,s:i,s:i}", "type", "double", "seat", a->seat, "value", a->value);
    case DDZ_ACT_SHOW:
        return json_pack("{s:s,s:i}", "type", "show", "seat", a->seat);
    default:
        break;
    }
    if (a->move.type == DDZ_PASS)
        return json_pack("{s:s,s:i}", "type", "pass", "seat", a->seat);
    char cards[512], move[96];
    ddz_cards_format(a->cards, DDZ_STYLE_ASCII, cards, sizeof cards);
    ddz_move_format(&a->move, g->opt.rules, move, sizeof move);
    return json_pack("{s:s,s:i,s:s,s:s}", "type", "play", "seat", a->seat, "cards", cards, "move", move);
}

static json_t *int3_json(const int v[DDZ_SEAT_NB])
{
    return json_pack("[iii]", v[0], v[1], v[2]);
}

/* The result line: the fields of version 1, then the breakdown (DdzResult), which readers
 * check when present; hubei48 games (unless bonus=0 and nobody let go) add letgo, cover, covered, bonus_each, bonus_bombs and
 * bonus (放走包赔 and 喜金). */
static json_t *result_json(const DdzResult *r)
{
    bool is48 = r->bonus_each || r->letgo || r->cover >= 0; /* only hubei48 sets these */
    json_t *o = json_pack("{s:s,s:i,s:b,s:b,s:b,s:i,s:i,s:i,s:[iii],s:i,s:[iii]}", "type", "result",
                          "landlord", r->landlord, "landlord_won", r->landlord_won, "spring", r->spring,
                          "anti_spring", r->anti_spring, "bombs", r->bombs, "base", r->base, "multiple",
                          r->multiple, "stakes", r->stake[0], r->stake[1], r->stake[2], "fee", r->fee,
                          "scores", r->score[0], r->score[1], r->score[2]);
    if (!o)
        return NULL;
    int bad = json_object_set_new(o, "rockets", json_integer(r->rockets));
    bad |= json_object_set_new(o, "spring_factor", json_integer(r->spring_factor));
    bad |= json_object_set_new(o, "robs", json_integer(r->robs));
    bad |= json_object_set_new(o, "show", json_integer(r->show));
    bad |= json_object_set_new(o, "doubling", int3_json(r->doubling));
    bad |= json_object_set_new(o, "stake_factors", int3_json(r->stake_factor));
    bad |= json_object_set_new(o, "uncapped", int3_json(r->uncapped));
    bad |= json_object_set_new(o, "cap", json_integer(r->cap));
    bad |= json_object_set_new(o, "raw", int3_json(r->raw));
    bad |= json_object_set_new(o, "fees", int3_json(r->fee_paid));
    bad |= json_object_set_new(o, "penalties", int3_json(r->penalty));
    bad |= json_object_set_new(o, "leaver", int3_json(r->leaver));
    bad |= json_object_set_new(o, "house", json_integer(r->house));
    if (is48) {
        bad |= json_object_set_new(o, "letgo", json_integer(r->letgo));
        bad |= json_object_set_new(o, "cover", json_integer(r->cover));
        bad |= json_object_set_new(o, "covered", int3_json(r->covered));
        bad |= json_object_set_new(o, "bonus_each", json_integer(r->bonus_each));
        bad |= json_object_set_new(o, "bonus_bombs", int3_json(r->bonus_bombs));
        bad |= json_object_set_new(o, "bonus", int3_json(r->bonus));
    }
    if (bad) {
        json_decref(o);
        return NULL;
    }
    return o;
}

char *ddz_result_json(const DdzResult *r)
{
    json_t *o = result_json(r);
    char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return text;
}

/* Emits the abandon lines of the seats abandoned when the history had `at` actions. */
static int emit_abandons(FILE *f, const DdzGame *g, int at, DdzError *err)
{
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        int when = g->abandoned_at[s] < g->nhist ? g->abandoned_at[s] : g->nhist;
        if (((g->abandoned >> s) & 1) && when == at &&
            emit(f, json_pack("{s:s,s:i}", "type", "abandon", "seat", s), err) != 0)
            return -1;
    }
    return 0;
}

int ddz_record_write(FILE *f, const DdzGame *g, const DdzRecordInfo *info, DdzError *err)
{
    DdzResult res;
    if (g->phase == DDZ_PHASE_OVER)
        ddz_game_result(g, &res);
    else if (g->phase != DDZ_PHASE_REDEAL)
        return ddz_error_set(err, 0, "record: the game is not finished (only finished or redealt games are written)");
    for (int i = 0; i < g->nhist; i++)
        if (g->hist[i].kind >= DDZ_ACT_KIND_NB || g->hist[i].seat >= DDZ_SEAT_NB)
            return ddz_error_set(err, 0, "record: action %d of the game is malformed", i + 1);
    json_t *head = header_json(g, info, err);
    if (!head || emit(f, head, err) != 0)
        return -1;
    for (int i = 0; i < g->nhist; i++)
        if (emit_abandons(f, g, i, err) != 0 || emit(f, action_json(g, &g->hist[i]), err) != 0)
            return -1;
    if (emit_abandons(f, g, g->nhist, err) != 0)
        return -1;
    if (g->phase == DDZ_PHASE_REDEAL)
        return emit(f, json_pack("{s:s}", "type", "redeal"), err);
    return emit(f, result_json(&res), err);
}

/* Reader ---------------------------------------------------------------------------------
 *
 * A game ends at its result line, but a game cut short is only noticed at the next header,
 * which then belongs to the next call. DdzRecordReader has no room to keep that line, so it is
 * given back to the stream: by seeking to where it starts when the stream can seek (the offset
 * is the position at the start of the call plus the bytes read since), else by pushing its
 * bytes back with ungetc, which glibc allows for a whole line. */

typedef struct Ctx {
    DdzRecordReader *r;
    DdzError *err;
    char *buf;
    size_t cap;
    size_t len;
    off_t base;       /* stream position at the start of the call, -1 when it cannot seek */
    off_t used;       /* bytes read since base */
    off_t line_start; /* offset from base of the line in buf */
    json_t *json;     /* the line in buf, parsed; owned */
} Ctx;

/* Reads the next line that is not blank into c->buf, c->json left NULL; 1, 0 at the end, -1
 * on a read error (reported). */
static int next_line(Ctx *c)
{
    json_decref(c->json);
    c->json = NULL;
    for (;;) {
        errno = 0;
        ssize_t n = getline(&c->buf, &c->cap, c->r->f);
        if (n < 0) {
            if (ferror(c->r->f) || errno == ENOMEM)
                return ddz_error_set(c->err, (int)c->r->line, "line %ld: read error: %s", c->r->line,
                            strerror(errno ? errno : EIO));
            return 0;
        }
        c->r->line++;
        c->line_start = c->used;
        c->used += n;
        c->len = (size_t)n;
        if (strspn(c->buf, " \t\r\n") < c->len)
            return 1;
    }
}

/* Gives the line in buf back to the stream so the next read starts with it. */
static void unread(Ctx *c)
{
    c->r->line--;
    if (c->base >= 0 && fseeko(c->r->f, c->base + c->line_start, SEEK_SET) == 0)
        return;
    for (size_t i = c->len; i-- > 0;)
        if (ungetc((unsigned char)c->buf[i], c->r->f) == EOF)
            return;
}

/* The "type" of a parsed line, or NULL when it is no object with a string "type". */
static const char *line_type(const json_t *o)
{
    return json_string_value(json_object_get(o, "type"));
}

/* Parses the line in buf into c->json: 0, or -1 with "line N: not JSON: ...". */
static int parse_line(Ctx *c)
{
    json_error_t jerr;
    c->json = json_loadb(c->buf, c->len, JSON_REJECT_DUPLICATES, &jerr);
    if (!c->json)
        return ddz_error_set(c->err, (int)c->r->line, "line %ld: not JSON: %s", c->r->line, jerr.text);
    if (!json_is_object(c->json))
        return ddz_error_set(c->err, (int)c->r->line, "line %ld: not a JSON object", c->r->line);
    return 0;
}

static int bad(Ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(Ctx *c, const char *fmt, ...)
{
    char msg[224];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return ddz_error_set(c->err, (int)c->r->line, "line %ld: %s", c->r->line, msg);
}

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number with a fraction";
    case JSON_TRUE: /* fall through */
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* Field getters: 0 and the value; 1 when an optional field is absent; -1 (reported) when a
 * required field is missing or a field has the wrong type or range. */
static int get_int(Ctx *c, const json_t *o, const char *key, long long lo, long long hi, bool required,
                   long long *out)
{
    const json_t *v = json_object_get(o, key);
    if (!v)
        return required ? bad(c, "field \"%s\" is missing", key) : 1;
    if (!json_is_integer(v))
        return bad(c, "field \"%s\" must be an integer, not %s", key, type_name(v));
    long long x = json_integer_value(v);
    if (x < lo || x > hi)
        return bad(c, "field \"%s\" is %lld: it must be from %lld to %lld", key, x, lo, hi);
    *out = x;
    return 0;
}

static int get_string(Ctx *c, const json_t *o, const char *key, bool required, const char **out)
{
    const json_t *v = json_object_get(o, key);
    if (!v)
        return required ? bad(c, "field \"%s\" is missing", key) : 1;
    if (!json_is_string(v))
        return bad(c, "field \"%s\" must be a string, not %s", key, type_name(v));
    *out = json_string_value(v);
    return 0;
}

static int get_bool(Ctx *c, const json_t *o, const char *key, bool *out)
{
    const json_t *v = json_object_get(o, key);
    if (!v)
        return bad(c, "field \"%s\" is missing", key);
    if (!json_is_boolean(v))
        return bad(c, "field \"%s\" must be true or false, not %s", key, type_name(v));
    *out = json_is_true(v);
    return 0;
}

static int get_int3(Ctx *c, const json_t *o, const char *key, int out[DDZ_SEAT_NB])
{
    const json_t *v = json_object_get(o, key);
    if (!v)
        return bad(c, "field \"%s\" is missing", key);
    if (!json_is_array(v) || json_array_size(v) != DDZ_SEAT_NB)
        return bad(c, "field \"%s\" must be an array of 3 integers", key);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        const json_t *x = json_array_get(v, (size_t)s);
        if (!json_is_integer(x) || json_integer_value(x) < -2000000000 || json_integer_value(x) > 2000000000)
            return bad(c, "field \"%s\" must be an array of 3 integers", key);
        out[s] = (int)json_integer_value(x);
    }
    return 0;
}

static int get_cards(Ctx *c, const char *what, const char *text, DdzCards *out)
{
    DdzError e;
    if (ddz_cards_parse(text, out, &e) != 0)
        return bad(c, "%s \"%.40s\": %s", what, text, e.msg);
    return 0;
}

/* The seed, a JSON integer or (for seeds above INT64_MAX) a string of decimal digits. */
static int get_seed(Ctx *c, const json_t *o, DdzRecordInfo *info)
{
    const json_t *v = json_object_get(o, "seed");
    if (!v)
        return 0;
    if (json_is_integer(v) && json_integer_value(v) >= 0) {
        info->seed = (uint64_t)json_integer_value(v);
    } else if (json_is_string(v)) {
        const char *s = json_string_value(v);
        char *end;
        errno = 0;
        unsigned long long x = strtoull(s, &end, 10);
        if (!*s || s[strspn(s, "0123456789")] || *end || errno == ERANGE)
            return bad(c, "field \"seed\" \"%.40s\" is not a number from 0 to 2^64-1", s);
        info->seed = (uint64_t)x;
    } else {
        return bad(c, "field \"seed\" must be an integer from 0 to 2^64-1 (as a string above 2^63-1)");
    }
    info->has_seed = true;
    return 0;
}

/* The 256-bit deal seed: 64 hex digits. */
static int get_seed256(Ctx *c, const json_t *o, DdzRecordInfo *info)
{
    const char *text;
    int rc = get_string(c, o, "seed256", false, &text);
    if (rc != 0)
        return rc < 0 ? -1 : 0;
    DdzError e;
    if (ddz_seed256_parse(text, info->seed256, &e) != 0)
        return bad(c, "field \"seed256\": %s", e.msg);
    if (info->has_seed)
        return bad(c, "a record has \"seed\" (simulation) or \"seed256\" (real game), not both");
    info->has_seed256 = true;
    return 0;
}

/* Copies a seat name, cut at a character boundary when it is longer than the room. */
static void copy_name(char dst[32], const char *src)
{
    size_t n = strlen(src);
    if (n > 31) {
        n = 31;
        while (n > 0 && ((unsigned char)src[n] & 0xC0) == 0x80)
            n--;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}

static int read_options(Ctx *c, const char *text, DdzOptions *opt)
{
    *opt = ddz_options_default();
    char item[64];
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, ",");
        if (n >= sizeof item)
            return bad(c, "options: item \"%.40s...\" is too long", p);
        memcpy(item, p, n);
        item[n] = '\0';
        DdzError e;
        if (n > 0 && ddz_options_set(opt, item, &e) != 0)
            return bad(c, "options: %s", e.msg);
        p += n + (p[n] == ',');
    }
    return 0;
}

/* Deals the game of a header line (c->json) into *g; 0 or -1 (reported). */
static int read_header(Ctx *c, DdzGame *g, DdzRecordInfo *info)
{
    const json_t *o = c->json;
    long long version, first, revealed = -1, game = 0;
    const char *opts, *bottom_text;
    DdzOptions opt;
    if (get_int(c, o, "version", 0, INT32_MAX, true, &version) != 0)
        return -1;
    if (version != DDZ_RECORD_VERSION)
        return bad(c, "record version %lld is not supported (this reader reads version %d)", version,
                   DDZ_RECORD_VERSION);
    if (get_int(c, o, "game", 0, LONG_MAX, false, &game) < 0 || get_string(c, o, "options", true, &opts) != 0 ||
        read_options(c, opts, &opt) != 0 || get_seed(c, o, info) != 0 || get_seed256(c, o, info) != 0 ||
        get_int(c, o, "first", 0, DDZ_SEAT_NB - 1, true, &first) != 0 ||
        get_int(c, o, "revealed", 0, DDZ_CARD_NB - 1, false, &revealed) < 0 ||
        get_string(c, o, "bottom", true, &bottom_text) != 0)
        return -1;
    info->game = (long)game;

    const json_t *hv = json_object_get(o, "hands");
    if (!hv)
        return bad(c, "field \"hands\" is missing");
    if (!json_is_array(hv) || json_array_size(hv) != DDZ_SEAT_NB)
        return bad(c, "field \"hands\" must be an array of 3 strings");
    DdzCards hands[DDZ_SEAT_NB], bottom;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        const char *t = json_string_value(json_array_get(hv, (size_t)s));
        char what[24];
        snprintf(what, sizeof what, "hands[%d]", s);
        if (!t)
            return bad(c, "field \"hands\" must be an array of 3 strings");
        if (get_cards(c, what, t, &hands[s]) != 0)
            return -1;
    }
    if (get_cards(c, "bottom", bottom_text, &bottom) != 0)
        return -1;

    const json_t *sv = json_object_get(o, "seats");
    if (sv && (!json_is_array(sv) || json_array_size(sv) != DDZ_SEAT_NB))
        return bad(c, "field \"seats\" must be an array of 3 strings");
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        const char *name = sv ? json_string_value(json_array_get(sv, (size_t)s)) : "";
        if (!name)
            return bad(c, "field \"seats\" must be an array of 3 strings");
        copy_name(info->seats[s], name);
    }

    DdzError e;
    if (ddz_game_from_hands(g, &opt, hands, bottom, (int)first, &e) != 0)
        return bad(c, "%s", e.msg);
    if (revealed >= 0) {
        if (opt.first_bidder != DDZ_FIRST_REVEALED && opt.first_bidder != DDZ_FIRST_MIDDLE)
            return bad(c, "a revealed card, but the options have no first=revealed or first=middle");
        int holder = -1;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            if (ddz_cards_has(hands[s], (DdzCard)revealed))
                holder = s;
        if (holder != first)
            return bad(c, "the revealed card is held by %s, but \"first\" says seat %lld",
                       holder < 0 ? "the bottom" : holder == 0 ? "seat 0" : holder == 1 ? "seat 1" : "seat 2",
                       first);
        /* ddz_game_from_hands takes no revealed card; the record supplies it. */
        g->revealed = (int8_t)revealed;
    }
    if (g->first != first)
        return bad(c, "\"first\" says seat %lld, but under these options seat %d bids first", first, g->first);
    if (info->has_seed || info->has_seed256) {
        DdzGame *dealt = malloc(sizeof *dealt);
        if (!dealt)
            return bad(c, "out of memory");
        if (info->has_seed) {
            DdzRng rng;
            ddz_rng_seed(&rng, info->seed);
            ddz_game_new(dealt, &opt, &rng, (int)first);
        } else {
            ddz_game_new_seed256(dealt, &opt, info->seed256, (int)first);
        }
        const char *what = "the revealed card";
        char seat_text[24];
        for (int s = DDZ_SEAT_NB - 1; s >= 0; s--)
            if (dealt->dealt[s] != hands[s]) {
                snprintf(seat_text, sizeof seat_text, "seat %d's hand", s);
                what = seat_text;
            }
        if (what != seat_text && dealt->bottom != bottom)
            what = "the bottom";
        bool same = what != seat_text && dealt->bottom == bottom && dealt->revealed == g->revealed;
        free(dealt);
        if (!same && info->has_seed256) {
            char hex[DDZ_SEED256_HEX];
            ddz_seed256_format(info->seed256, hex);
            return bad(c, "seed256 %.16s... does not deal these cards (%s differs)", hex, what);
        }
        if (!same)
            return bad(c, "seed %" PRIu64 " does not deal these cards (%s differs)", info->seed, what);
    }
    return 0;
}

/* An abandon line: the seat is marked as abandoned at this point of the game. */
static int read_abandon(Ctx *c, DdzGame *g)
{
    long long seat;
    DdzError e;
    if (get_int(c, c->json, "seat", 0, DDZ_SEAT_NB - 1, true, &seat) != 0)
        return -1;
    if (g->phase == DDZ_PHASE_OVER || g->phase == DDZ_PHASE_REDEAL) {
        /* A seat left at the very end: the game has no action left to place it before. */
        g->abandoned_at[seat] = (g->abandoned >> seat) & 1 ? g->abandoned_at[seat] : g->nhist;
        g->abandoned |= (uint8_t)(1u << seat);
        return 0;
    }
    if (ddz_game_abandon(g, (int)seat, &e) != 0)
        return bad(c, "abandon: %s", e.msg);
    return 0;
}

static int read_action(Ctx *c, DdzGame *g, const char *type)
{
    const json_t *o = c->json;
    long long seat, value = 0;
    DdzAction a;
    if (g->phase == DDZ_PHASE_OVER || g->phase == DDZ_PHASE_REDEAL)
        return bad(c, "a %s after the game is over (%s)", type,
                   g->phase == DDZ_PHASE_OVER ? "a hand is empty" : "everyone passed: redeal");
    if (get_int(c, o, "seat", 0, DDZ_SEAT_NB - 1, true, &seat) != 0)
        return -1;
    if (!strcmp(type, "bid") || !strcmp(type, "double")) {
        if (get_int(c, o, "value", 0, 255, true, &value) != 0)
            return -1;
        a = type[0] == 'b' ? ddz_action_bid((int)seat, (int)value) : ddz_action_double((int)seat, (int)value);
    } else if (!strcmp(type, "show")) {
        a = ddz_action_show((int)seat);
    } else if (!strcmp(type, "pass")) {
        a = ddz_action_play((int)seat, ddz_move_pass(), 0);
    } else {
        const char *cards_text, *move_text;
        DdzCards cards;
        DdzMove move;
        DdzError e;
        if (get_string(c, o, "cards", true, &cards_text) != 0 || get_string(c, o, "move", true, &move_text) != 0 ||
            get_cards(c, "cards", cards_text, &cards) != 0)
            return -1;
        if (ddz_move_parse(move_text, g->opt.rules, &move, &e) != 0)
            return bad(c, "move \"%.40s\": %s", move_text, e.msg);
        if (move.type == DDZ_PASS)
            return bad(c, "a play of no cards: a pass is written {\"type\":\"pass\",\"seat\":%lld}", seat);
        if (ddz_cards_ranks(cards) != move.ranks)
            return bad(c, "the cards \"%.60s\" are not the move \"%.40s\"", cards_text, move_text);
        a = ddz_action_play((int)seat, move, cards);
    }
    DdzError e;
    if (ddz_game_apply(g, &a, &e) != 0)
        return bad(c, "seat %lld: %s", seat, e.msg);
    return 0;
}

/* Compares one field of a result line with the game's; 0, or -1 (reported) on a difference. */
static int same_int(Ctx *c, const char *name, long long said, long long real)
{
    if (said == real)
        return 0;
    return bad(c, "result says %s %lld but the game gives %lld", name, said, real);
}

static int same_bool(Ctx *c, const char *name, bool said, bool real)
{
    if (said == real)
        return 0;
    return bad(c, "result says %s %s but the game gives %s", name, said ? "true" : "false",
               real ? "true" : "false");
}

static int same_int3(Ctx *c, const char *name, const int said[DDZ_SEAT_NB], const int real[DDZ_SEAT_NB])
{
    if (memcmp(said, real, sizeof(int) * DDZ_SEAT_NB) == 0)
        return 0;
    return bad(c, "result says %s [%d,%d,%d] but the game gives [%d,%d,%d]", name, said[0], said[1], said[2],
               real[0], real[1], real[2]);
}

/* The breakdown fields of a result line, each optional (records before it lack them), each
 * checked against the game's own result when present; 0 or -1 (reported). */
static int read_breakdown(Ctx *c, const json_t *o, const DdzResult *have)
{
    const struct { const char *name; int value; } ints[] = {
        {"rockets", have->rockets}, {"spring_factor", have->spring_factor}, {"robs", have->robs},
        {"show", have->show}, {"cap", have->cap}, {"house", have->house}, {"letgo", have->letgo},
        {"cover", have->cover}, {"bonus_each", have->bonus_each}};
    const struct { const char *name; const int *value; } int3s[] = {
        {"doubling", have->doubling}, {"stake_factors", have->stake_factor}, {"uncapped", have->uncapped},
        {"raw", have->raw}, {"fees", have->fee_paid}, {"penalties", have->penalty}, {"leaver", have->leaver},
        {"covered", have->covered}, {"bonus_bombs", have->bonus_bombs}, {"bonus", have->bonus}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        long long v;
        int rc = get_int(c, o, ints[i].name, INT32_MIN, INT32_MAX, false, &v);
        if (rc < 0 || (rc == 0 && same_int(c, ints[i].name, v, ints[i].value) != 0))
            return -1;
    }
    for (size_t i = 0; i < sizeof int3s / sizeof int3s[0]; i++) {
        int v[DDZ_SEAT_NB];
        if (!json_object_get(o, int3s[i].name))
            continue;
        if (get_int3(c, o, int3s[i].name, v) != 0 || same_int3(c, int3s[i].name, v, int3s[i].value) != 0)
            return -1;
    }
    return 0;
}

/* Checks a result line against the game's own result; 0 or -1 (reported). */
static int read_result(Ctx *c, const DdzGame *g)
{
    static const char *const phase[] = {"still in the bidding", "still in the doubling", "still in play"};
    if (g->phase == DDZ_PHASE_REDEAL)
        return bad(c, "a result, but everyone passed the bidding: the record should say redeal");
    if (g->phase != DDZ_PHASE_OVER)
        return bad(c, "a result, but the game is %s (seat %d to act)", phase[g->phase], g->turn);
    const json_t *o = c->json;
    DdzResult want, have;
    long long landlord, bombs, base, multiple, fee;
    if (get_int(c, o, "landlord", 0, DDZ_SEAT_NB - 1, true, &landlord) != 0 ||
        get_bool(c, o, "landlord_won", &want.landlord_won) != 0 || get_bool(c, o, "spring", &want.spring) != 0 ||
        get_bool(c, o, "anti_spring", &want.anti_spring) != 0 ||
        get_int(c, o, "bombs", 0, INT32_MAX, true, &bombs) != 0 ||
        get_int(c, o, "base", 0, INT32_MAX, true, &base) != 0 ||
        get_int(c, o, "multiple", 0, INT32_MAX, true, &multiple) != 0 || get_int3(c, o, "stakes", want.stake) != 0 ||
        get_int(c, o, "fee", 0, INT32_MAX, true, &fee) != 0 || get_int3(c, o, "scores", want.score) != 0)
        return -1;
    ddz_game_result(g, &have);
    if (same_int(c, "landlord", landlord, have.landlord) != 0 ||
        same_bool(c, "landlord_won", want.landlord_won, have.landlord_won) != 0 ||
        same_bool(c, "spring", want.spring, have.spring) != 0 ||
        same_bool(c, "anti_spring", want.anti_spring, have.anti_spring) != 0 ||
        same_int(c, "bombs", bombs, have.bombs) != 0 || same_int(c, "base", base, have.base) != 0 ||
        same_int(c, "multiple", multiple, have.multiple) != 0 || same_int3(c, "stakes", want.stake, have.stake) != 0 ||
        same_int(c, "fee", fee, have.fee) != 0 || same_int3(c, "scores", want.score, have.score) != 0)
        return -1;
    return read_breakdown(c, o, &have);
}

/* After a fault: reads on to the next header line (or the end) and leaves it unread. */
static void skip_game(Ctx *c)
{
    while (next_line(c) > 0) {
        json_error_t jerr;
        c->json = json_loadb(c->buf, c->len, 0, &jerr);
        const char *t = line_type(c->json);
        if (t && !strcmp(t, "game")) {
            unread(c);
            return;
        }
    }
}

void ddz_record_reader_init(DdzRecordReader *r, FILE *f)
{
    r->f = f;
    r->line = 0;
}

/* Steps of one game: find its header; deal; apply actions up to the result line. */
static int read_game(Ctx *c, DdzGame *g, DdzRecordInfo *info)
{
    int rc = next_line(c);
    if (rc <= 0)
        return rc;
    if (parse_line(c) != 0)
        return -1;
    const char *type = line_type(c->json);
    if (!type)
        return bad(c, json_object_get(c->json, "type") ? "field \"type\" must be a string"
                                                       : "field \"type\" is missing");
    if (strcmp(type, "game") != 0)
        return bad(c, "a \"%.20s\" line outside a game: a record starts with a \"game\" line", type);
    long header = c->r->line;
    if (read_header(c, g, info) != 0)
        return -1;
    for (;;) {
        rc = next_line(c);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return bad(c, "the file ends here without the result line of the game of line %ld", header);
        if (parse_line(c) != 0)
            return -1;
        type = line_type(c->json);
        if (!type)
            return bad(c, json_object_get(c->json, "type") ? "field \"type\" must be a string"
                                                           : "field \"type\" is missing");
        if (!strcmp(type, "game")) {
            ddz_error_set(c->err, (int)c->r->line, "line %ld: a new game starts, but the game of line %ld has no result line",
                 c->r->line, header);
            unread(c);
            return -2; /* already positioned at the next game: nothing to skip */
        }
        if (!strcmp(type, "result"))
            return read_result(c, g) == 0 ? 1 : -1;
        if (!strcmp(type, "redeal")) {
            if (g->phase != DDZ_PHASE_REDEAL)
                return bad(c, "a redeal, but the game is %s", g->phase == DDZ_PHASE_OVER ? "over: write its result"
                                                                                       : "not over");
            return 1;
        }
        if (!strcmp(type, "abandon")) {
            if (read_abandon(c, g) != 0)
                return -1;
            continue;
        }
        if (!strcmp(type, "bid") || !strcmp(type, "double") || !strcmp(type, "show") || !strcmp(type, "play") ||
            !strcmp(type, "pass")) {
            if (read_action(c, g, type) != 0)
                return -1;
            continue;
        }
        return bad(c, "unknown line type \"%.40s\" (known: game, bid, double, show, play, pass, abandon, result, redeal)",
                   type);
    }
}

int ddz_record_read(DdzRecordReader *r, DdzGame *g, DdzRecordInfo *info, DdzError *err)
{
    Ctx c = {r, err, NULL, 0, 0, ftello(r->f), 0, 0, NULL};
    memset(info, 0, sizeof *info);
    int rc = read_game(&c, g, info);
    if (rc == -1) {
        /* Skipping may meet a read error of its own; the first fault is the one to report. */
        DdzError first;
        if (err)
            first = *err;
        skip_game(&c);
        if (err)
            *err = first;
    }
    json_decref(c.json);
    free(c.buf);
    return rc < 0 ? -1 : rc;
}
