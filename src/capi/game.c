/* game.c -- the flat C API's game engine: a heap-held DdzGame behind an opaque handle, actions
 * as int64 rows, views and results as indexed int64 arrays, and JSON Lines records through
 * memory streams. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ddz/record.h"
#include "internal.h"

void capi_action_put(const DdzAction *a, int64_t *out)
{
    out[DDZ_CAPI_ACT_KIND] = a->kind;
    out[DDZ_CAPI_ACT_SEAT] = a->seat;
    out[DDZ_CAPI_ACT_VALUE] = a->value;
    out[DDZ_CAPI_ACT_RANKS] = (int64_t)a->move.ranks;
    out[DDZ_CAPI_ACT_READING] = capi_reading(&a->move);
    out[DDZ_CAPI_ACT_CARDS] = (int64_t)a->cards;
}

int capi_action_get(const int64_t *in, int rules, DdzAction *a, char *err)
{
    if (!in)
        return capi_fail(err, DDZ_CAPI_EINVAL, "action: none given");
    int64_t kind = in[DDZ_CAPI_ACT_KIND], seat = in[DDZ_CAPI_ACT_SEAT], value = in[DDZ_CAPI_ACT_VALUE];
    if (kind < 0 || kind >= DDZ_ACT_KIND_NB)
        return capi_fail(err, DDZ_CAPI_EINVAL, "action: kind %lld (0 bid, 1 double, 2 show, 3 play)", (long long)kind);
    if (seat < 0 || seat >= DDZ_SEAT_NB)
        return capi_fail(err, DDZ_CAPI_EINVAL, "action: seat %lld (seats are 0, 1 and 2)", (long long)seat);
    if (value < 0 || value > 255)
        return capi_fail(err, DDZ_CAPI_EINVAL, "action: value %lld out of range", (long long)value);
    DdzMove m = ddz_move_pass();
    uint64_t cards = (uint64_t)in[DDZ_CAPI_ACT_CARDS];
    if (kind == DDZ_ACT_PLAY) {
        if (capi_move_make((uint64_t)in[DDZ_CAPI_ACT_RANKS], (int32_t)in[DDZ_CAPI_ACT_READING], rules, &m, "play",
                           err) != 0)
            return DDZ_CAPI_EINVAL;
        if (cards & ~DDZ_DECK)
            return capi_fail(err, DDZ_CAPI_EINVAL, "play: cards 0x%llx has bits above card 53",
                             (unsigned long long)cards);
    } else
        cards = 0;
    *a = (DdzAction){m, cards, (uint8_t)kind, (uint8_t)seat, (uint8_t)value};
    return 0;
}

DdzCapiGame *ddz_capi_game_new(const char *options, char *err)
{
    DdzOptions opt = ddz_options_default();
    if (options && *options) {
        char buf[512];
        if (strlen(options) >= sizeof buf) {
            capi_fail(err, DDZ_CAPI_EINVAL, "options: longer than %zu characters", sizeof buf - 1);
            return NULL;
        }
        strcpy(buf, options);
        char *save = NULL;
        for (char *tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
            DdzError e;
            if (ddz_options_set(&opt, tok, &e) != 0) {
                capi_fail_error(err, DDZ_CAPI_EINVAL, &e);
                return NULL;
            }
        }
    }
    DdzCapiGame *g = calloc(1, sizeof *g);
    if (!g) {
        capi_fail(err, DDZ_CAPI_ENOMEM, "game: out of memory");
        return NULL;
    }
    g->g.opt = opt;
    return g;
}

void ddz_capi_game_free(DdzCapiGame *g) { free(g); }

DdzCapiGame *ddz_capi_game_copy(const DdzCapiGame *g)
{
    DdzCapiGame *c = malloc(sizeof *c);
    if (c)
        *c = *g;
    return c;
}

int ddz_capi_game_options(const DdzCapiGame *g, char *buf, size_t size)
{
    return (int)ddz_options_format(&g->g.opt, buf, size);
}

static int first_check(int first, char *err)
{
    if (first < 0 || first >= DDZ_SEAT_NB)
        return capi_fail(err, DDZ_CAPI_EINVAL, "first seat %d: seats are 0, 1 and 2", first);
    return 0;
}

int ddz_capi_game_deal(DdzCapiGame *g, uint64_t seed, int first, char *err)
{
    if (first_check(first, err) != 0)
        return DDZ_CAPI_EINVAL;
    DdzRng rng;
    ddz_rng_seed(&rng, seed);
    DdzOptions opt = g->g.opt;
    ddz_game_new(&g->g, &opt, &rng, first);
    g->dealt = true;
    return 0;
}

int ddz_capi_game_deal_hands(DdzCapiGame *g, const uint64_t hands[3], uint64_t bottom, int first, char *err)
{
    if (first_check(first, err) != 0)
        return DDZ_CAPI_EINVAL;
    if (!hands)
        return capi_fail(err, DDZ_CAPI_EINVAL, "deal: no hands");
    DdzCards h[DDZ_SEAT_NB] = {hands[0], hands[1], hands[2]};
    DdzOptions opt = g->g.opt;
    DdzError e;
    DdzGame tmp;
    if (ddz_game_from_hands(&tmp, &opt, h, bottom, first, &e) != 0)
        return capi_fail_error(err, DDZ_CAPI_EINVAL, &e);
    g->g = tmp;
    g->dealt = true;
    return 0;
}

int ddz_capi_game_deal_landlord(DdzCapiGame *g, uint64_t seed, int landlord, char *err)
{
    int rc = ddz_capi_game_deal(g, seed, landlord, err);
    if (rc != 0)
        return rc;
    DdzError e;
    if (ddz_game_appoint(&g->g, landlord, &e) != 0)
        return capi_fail_error(err, DDZ_CAPI_EILLEGAL, &e);
    return 0;
}

void ddz_capi_game_state(const DdzCapiGame *g, int64_t out[DDZ_CAPI_STATE_LEN])
{
    const DdzGame *s = &g->g;
    out[DDZ_CAPI_ST_PHASE] = g->dealt ? s->phase : -1;
    out[DDZ_CAPI_ST_TURN] = s->turn;
    out[DDZ_CAPI_ST_LANDLORD] = s->landlord == DDZ_NO_SEAT ? -1 : s->landlord;
    out[DDZ_CAPI_ST_BOMBS] = s->bombs;
    out[DDZ_CAPI_ST_NHIST] = s->nhist;
    out[DDZ_CAPI_ST_FIRST] = s->first;
    out[DDZ_CAPI_ST_BID] = s->bid;
    out[DDZ_CAPI_ST_TABLE_SEAT] = s->table >= 0 ? s->hist[s->table].seat : -1;
}

uint64_t ddz_capi_game_cards(const DdzCapiGame *g, int which)
{
    if (which >= 0 && which < 3)
        return g->g.hand[which];
    if (which >= 3 && which < 6)
        return g->g.dealt[which - 3];
    return which == 6 ? g->g.bottom : 0;
}

void ddz_capi_game_table(const DdzCapiGame *g, uint64_t *ranks, int32_t *reading)
{
    DdzMove m = g->dealt ? ddz_game_table(&g->g) : ddz_move_pass();
    *ranks = m.ranks;
    *reading = capi_reading(&m);
}

static int live_check(const DdzCapiGame *g, char *err)
{
    if (!g->dealt)
        return capi_fail(err, DDZ_CAPI_ESTATE, "the game is not dealt yet");
    if (g->g.phase == DDZ_PHASE_OVER || g->g.phase == DDZ_PHASE_REDEAL)
        return capi_fail(err, DDZ_CAPI_ESTATE, "the game is %s",
                         g->g.phase == DDZ_PHASE_OVER ? "over" : "void (everyone passed): deal again");
    return 0;
}

int ddz_capi_game_legal(const DdzCapiGame *g, int64_t *out, int cap, char *err)
{
    int rc = live_check(g, err);
    if (rc != 0)
        return rc;
    const DdzGame *s = &g->g;
    DdzAction acts[DDZ_MAX_MOVES + 8];
    int n = 0;
    if (s->phase == DDZ_PHASE_PLAY) {
        DdzMove moves[DDZ_MAX_MOVES + 1];
        int k = ddz_game_legal_moves(s, moves);
        for (int i = 0; i < k; i++)
            acts[n++] = ddz_action_play(s->turn, moves[i], 0);
    } else {
        int kind = s->phase == DDZ_PHASE_BID ? DDZ_ACT_BID : DDZ_ACT_DOUBLE;
        uint8_t vals[4];
        int k = ddz_game_legal_values(s, kind, vals);
        for (int i = 0; i < k; i++)
            acts[n++] = kind == DDZ_ACT_BID ? ddz_action_bid(s->turn, vals[i]) : ddz_action_double(s->turn, vals[i]);
    }
    DdzAction show = ddz_action_show(s->turn);
    if (s->opt.show_cards && ddz_game_check(s, &show, NULL) == 0)
        acts[n++] = show;
    if (n > cap)
        return capi_fail(err, DDZ_CAPI_ERANGE, "legal actions: %d, room for %d", n, cap);
    for (int i = 0; i < n; i++)
        capi_action_put(&acts[i], out + (size_t)i * DDZ_CAPI_ACTION_LEN);
    return n;
}

int ddz_capi_game_apply(DdzCapiGame *g, const int64_t *action, char *err)
{
    int rc = live_check(g, err);
    if (rc != 0)
        return rc;
    DdzAction a;
    if (capi_action_get(action, g->g.opt.rules, &a, err) != 0)
        return DDZ_CAPI_EINVAL;
    DdzError e;
    if (ddz_game_apply(&g->g, &a, &e) != 0)
        return capi_fail_error(err, DDZ_CAPI_EILLEGAL, &e);
    return 0;
}

int ddz_capi_game_undo(DdzCapiGame *g, char *err)
{
    if (!g->dealt || ddz_game_undo(&g->g) != 0)
        return capi_fail(err, DDZ_CAPI_ESTATE, "undo: no action to take back");
    return 0;
}

int ddz_capi_game_history(const DdzCapiGame *g, int i, int64_t *out, char *err)
{
    if (i < 0 || i >= g->g.nhist)
        return capi_fail(err, DDZ_CAPI_EINVAL, "history: action %d of %d", i, g->g.nhist);
    capi_action_put(&g->g.hist[i], out);
    return 0;
}

int ddz_capi_game_view(const DdzCapiGame *g, int seat, int64_t out[DDZ_CAPI_VIEW_LEN], char *err)
{
    if (!g->dealt)
        return capi_fail(err, DDZ_CAPI_ESTATE, "the game is not dealt yet");
    if (seat < 0 || seat >= DDZ_SEAT_NB)
        return capi_fail(err, DDZ_CAPI_EINVAL, "view: seat %d (seats are 0, 1 and 2)", seat);
    DdzView v;
    ddz_game_view(&g->g, seat, &v);
    out[DDZ_CAPI_VW_SEAT] = v.seat;
    out[DDZ_CAPI_VW_PHASE] = v.phase;
    out[DDZ_CAPI_VW_TURN] = v.turn;
    out[DDZ_CAPI_VW_FIRST] = v.first;
    out[DDZ_CAPI_VW_LANDLORD] = v.landlord == DDZ_NO_SEAT ? -1 : v.landlord;
    out[DDZ_CAPI_VW_BID] = v.bid;
    out[DDZ_CAPI_VW_ROBS] = v.robs;
    out[DDZ_CAPI_VW_PASSES] = v.passes;
    out[DDZ_CAPI_VW_REVEALED] = v.revealed;
    out[DDZ_CAPI_VW_HAND] = (int64_t)v.hand;
    out[DDZ_CAPI_VW_BOTTOM] = (int64_t)v.bottom;
    out[DDZ_CAPI_VW_TABLE_RANKS] = (int64_t)v.table.ranks;
    out[DDZ_CAPI_VW_TABLE_READING] = capi_reading(&v.table);
    out[DDZ_CAPI_VW_TABLE_SEAT] = v.table_seat;
    out[DDZ_CAPI_VW_NHIST] = v.nhist;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        out[DDZ_CAPI_VW_SHOWN + s] = (int64_t)v.shown[s];
        out[DDZ_CAPI_VW_PLAYED + s] = (int64_t)v.played[s];
        out[DDZ_CAPI_VW_COUNT + s] = v.count[s];
        out[DDZ_CAPI_VW_DOUBLE + s] = v.dbl[s];
    }
    return 0;
}

int ddz_capi_game_result(const DdzCapiGame *g, int64_t out[DDZ_CAPI_RESULT_LEN], char *err)
{
    DdzResult r;
    if (!g->dealt || ddz_game_result(&g->g, &r) != 0)
        return capi_fail(err, DDZ_CAPI_ESTATE, "result: the game is not over");
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        out[DDZ_CAPI_RS_SCORE + s] = r.score[s];
        out[DDZ_CAPI_RS_STAKE + s] = r.stake[s];
    }
    out[DDZ_CAPI_RS_FEE] = r.fee;
    out[DDZ_CAPI_RS_LANDLORD] = r.landlord;
    out[DDZ_CAPI_RS_LANDLORD_WON] = r.landlord_won;
    out[DDZ_CAPI_RS_SPRING] = r.spring;
    out[DDZ_CAPI_RS_ANTI_SPRING] = r.anti_spring;
    out[DDZ_CAPI_RS_BOMBS] = r.bombs;
    out[DDZ_CAPI_RS_BASE] = r.base;
    out[DDZ_CAPI_RS_MULTIPLE] = r.multiple;
    return 0;
}

/* Records ----------------------------------------------------------------------------------*/

int ddz_capi_record_write(const DdzCapiGame *g, const char *seats, int has_seed, uint64_t seed, long game_no,
                          char **out, char *err)
{
    if (!g->dealt || (g->g.phase != DDZ_PHASE_OVER && g->g.phase != DDZ_PHASE_REDEAL))
        return capi_fail(err, DDZ_CAPI_ESTATE, "record: the game is not finished");
    DdzRecordInfo info;
    memset(&info, 0, sizeof info);
    info.has_seed = has_seed != 0;
    info.seed = seed;
    info.game = game_no;
    if (seats) {
        const char *p = seats;
        for (int s = 0; s < DDZ_SEAT_NB && *p; s++) {
            size_t n = strcspn(p, ",");
            if (n >= sizeof info.seats[s])
                return capi_fail(err, DDZ_CAPI_EINVAL, "record: seat name %d longer than %zu bytes", s,
                                 sizeof info.seats[s] - 1);
            memcpy(info.seats[s], p, n);
            p += n + (p[n] == ',');
        }
    }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return capi_fail(err, DDZ_CAPI_ENOMEM, "record: out of memory");
    DdzError e;
    int rc = ddz_record_write(f, &g->g, &info, &e);
    if (fclose(f) != 0 && rc == 0)
        rc = ddz_error_set(&e, 0, "record: out of memory");
    if (rc != 0) {
        free(buf);
        return capi_fail_error(err, DDZ_CAPI_EIO, &e);
    }
    *out = buf;
    return (int)len;
}

void ddz_capi_free(void *p) { free(p); }

struct DdzCapiReader {
    FILE *f;
    char *text; /* the reader's own copy of the text, or NULL for a file */
    DdzRecordReader r;
};

DdzCapiReader *ddz_capi_reader_new(const char *text, size_t len)
{
    DdzCapiReader *r = calloc(1, sizeof *r);
    if (!r || !(r->text = malloc(len + 1))) {
        free(r);
        return NULL;
    }
    memcpy(r->text, text, len);
    r->text[len] = '\0';
    /* fmemopen refuses a zero size: an empty text reads as an empty file. */
    r->f = len ? fmemopen(r->text, len, "r") : fopen("/dev/null", "r");
    if (!r->f) {
        free(r->text);
        free(r);
        return NULL;
    }
    ddz_record_reader_init(&r->r, r->f);
    return r;
}

DdzCapiReader *ddz_capi_reader_open(const char *path, char *err)
{
    DdzCapiReader *r = calloc(1, sizeof *r);
    if (!r) {
        capi_fail(err, DDZ_CAPI_ENOMEM, "reader: out of memory");
        return NULL;
    }
    if (!path || !(r->f = fopen(path, "r"))) {
        capi_fail(err, DDZ_CAPI_EIO, "%s: cannot open", path ? path : "(no path)");
        free(r);
        return NULL;
    }
    ddz_record_reader_init(&r->r, r->f);
    return r;
}

void ddz_capi_reader_free(DdzCapiReader *r)
{
    if (!r)
        return;
    fclose(r->f);
    free(r->text);
    free(r);
}

int ddz_capi_reader_next(DdzCapiReader *r, DdzCapiGame *g, int64_t info[3], char *seats, size_t size, char *err)
{
    DdzError e;
    DdzRecordInfo ri;
    int rc = ddz_record_read(&r->r, &g->g, &ri, &e);
    if (rc < 0)
        return capi_fail_error(err, DDZ_CAPI_EIO, &e);
    if (rc == 1) {
        g->dealt = true;
        if (info) {
            info[0] = ri.has_seed;
            info[1] = (int64_t)ri.seed;
            info[2] = ri.game;
        }
        if (seats && size > 0)
            snprintf(seats, size, "%s,%s,%s", ri.seats[0], ri.seats[1], ri.seats[2]);
    }
    return rc;
}
