/* result.c -- a game's result explained for people: the multiple that applies to a seat
 * now, and a finished game's factors one per line, whose arithmetic adds up to each seat's
 * score, for the result panel of the screen and the line mode alike. */
#include <assert.h>
#include <string.h>

#include "play.h"

static int next_seat(int s) { return s == 2 ? 0 : s + 1; }

int play_seat_factor(const DdzGame *g, int seat)
{
    static const int app_mul[3] = {1, 2, 4};
    int L = g->landlord;
    if (L == DDZ_NO_SEAT)
        return 1;
    if (seat == L)
        return play_seat_factor(g, next_seat(L)) + play_seat_factor(g, next_seat(next_seat(L)));
    if (g->opt.double_mode == DDZ_DOUBLE_FARMER)
        return g->dbl[seat] ? (g->dbl[L] ? 4 : 2) : 1;
    if (g->opt.double_mode == DDZ_DOUBLE_APP)
        return app_mul[g->dbl[L] % 3] * app_mul[g->dbl[seat] % 3];
    return 1;
}

int play_multiple(const Play *p)
{
    const DdzGame *g = &p->game;
    long long m;
    if (p->over) {
        m = p->result.multiple;
    } else {
        int show = 1;
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            if (g->shown[s] > show)
                show = g->shown[s];
        int d = g->bombs + g->robs;
        m = (1ll << (d < 24 ? d : 24)) * show;
    }
    m *= play_seat_factor(g, PLAY_YOU);
    return m > 1000000000ll ? 1000000000 : (int)m;
}

/* The words for what raised a farmer's stake: its own double, the landlord's answer. */
static void stake_reason(const Play *p, int f, char *buf, size_t size)
{
    const DdzGame *g = &p->game;
    const DdzResult *r = &p->result;
    int L = r->landlord;
    bool zh = p->cfg.lang == PLAY_ZH;
    char w[64];
    size_t n = 0;
    buf[0] = '\0';
    if (r->doubling[f] > 1) {
        PlayNote dn = {NOTE_DOUBLE, g->dbl[f], false, ddz_move_pass(), 0};
        play_note_word(p, f, &dn, w, sizeof w);
        n += (size_t)snprintf(buf + n, size - n, "%s%s%s", play_seat_name(p, f), zh ? "" : " ", w);
    }
    if (r->doubling[L] > 1 && r->stake_factor[f] > r->doubling[f] && n < size) {
        PlayNote dn = {NOTE_DOUBLE, g->dbl[L], false, ddz_move_pass(), 0};
        play_note_word(p, L, &dn, w, sizeof w);
        n += (size_t)snprintf(buf + n, size - n, "%s%s%s%s", n ? (zh ? "，" : ", ") : "", play_seat_name(p, L),
                              zh ? "" : " ", w);
    }
}

static PlayLine *line(PlayLine *out, int *n, int kind)
{
    assert(*n < PLAY_RESULT_LINES);
    PlayLine *l = &out[(*n)++];
    memset(l, 0, sizeof *l);
    l->kind = kind;
    return l;
}

int play_result_lines(const Play *p, PlayLine out[PLAY_RESULT_LINES])
{
    const DdzResult *r = &p->result;
    int n = 0, L = r->landlord, f1 = next_seat(L), f2 = next_seat(f1);
    PlayLine *l = line(out, &n, PLAY_LINE_FACTOR);
    snprintf(l->label, sizeof l->label, "%s", play_text(p, T_R_BASE));
    snprintf(l->value, sizeof l->value, "%d", r->base);
    int bombs = r->bombs - r->rockets;
    if (bombs > 0) {
        l = line(out, &n, PLAY_LINE_WARN);
        play_fmt(p, l->label, sizeof l->label, T_R_BOMBS, bombs);
        snprintf(l->value, sizeof l->value, "×%d", 1 << (bombs < 30 ? bombs : 30));
    }
    if (r->rockets) {
        l = line(out, &n, PLAY_LINE_WARN);
        snprintf(l->label, sizeof l->label, "%s", play_text(p, T_R_ROCKET));
        snprintf(l->value, sizeof l->value, "×2");
    }
    if (r->spring || r->anti_spring) {
        l = line(out, &n, PLAY_LINE_WARN);
        snprintf(l->label, sizeof l->label, "%s", play_text(p, r->spring ? T_R_SPRING : T_R_ANTI_SPRING));
        if (r->spring_factor == 1) {
            size_t k = strlen(l->label);
            snprintf(l->label + k, sizeof l->label - k, "%s", play_text(p, T_R_SPRING_OFF));
        }
        snprintf(l->value, sizeof l->value, "×%d", r->spring_factor);
    }
    if (r->robs) {
        l = line(out, &n, PLAY_LINE_FACTOR);
        play_fmt(p, l->label, sizeof l->label, T_R_ROBS, r->robs);
        snprintf(l->value, sizeof l->value, "×%d", 1 << (r->robs < 30 ? r->robs : 30));
    }
    if (r->show > 1) {
        l = line(out, &n, PLAY_LINE_FACTOR);
        snprintf(l->label, sizeof l->label, "%s", play_text(p, T_R_SHOW));
        snprintf(l->value, sizeof l->value, "×%d", r->show);
    }
    l = line(out, &n, PLAY_LINE_TOTAL);
    play_fmt(p, l->label, sizeof l->label, T_R_GAME, r->base, r->multiple);
    snprintf(l->value, sizeof l->value, "= %lld", (long long)r->base * r->multiple);
    for (int k = 0; k < 2; k++) {
        int f = k ? f2 : f1;
        l = line(out, &n, PLAY_LINE_FACTOR);
        if (r->stake_factor[f] == 1) {
            play_fmt(p, l->label, sizeof l->label, T_R_STAKE, play_seat_name(p, f));
            snprintf(l->value, sizeof l->value, "%d", r->uncapped[f]);
        } else {
            char why[160];
            stake_reason(p, f, why, sizeof why);
            play_fmt(p, l->label, sizeof l->label, T_R_STAKE_X, play_seat_name(p, f), r->stake_factor[f], why);
            snprintf(l->value, sizeof l->value, "= %d", r->uncapped[f]);
        }
    }
    if (r->cap) {
        l = line(out, &n, PLAY_LINE_WARN);
        play_fmt(p, l->label, sizeof l->label, T_R_CAP, r->cap, play_seat_name(p, f1), play_seat_name(p, f2));
        snprintf(l->value, sizeof l->value, "%d + %d", r->stake[f1], r->stake[f2]);
    }
    l = line(out, &n, PLAY_LINE_TOTAL);
    play_fmt(p, l->label, sizeof l->label, T_R_LANDLORD, play_seat_name(p, L), r->stake[f1], r->stake[f2]);
    snprintf(l->value, sizeof l->value, "= %d", r->stake[f1] + r->stake[f2]);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (r->fee_paid[s]) {
            l = line(out, &n, PLAY_LINE_FACTOR);
            play_fmt(p, l->label, sizeof l->label, T_R_FEE, p->game.opt.fee_percent, play_seat_name(p, s));
            snprintf(l->value, sizeof l->value, "-%d", r->fee_paid[s]);
        }
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (r->penalty[s]) {
            l = line(out, &n, PLAY_LINE_WARN);
            play_fmt(p, l->label, sizeof l->label, T_R_PENALTY, play_seat_name(p, s), r->penalty[s]);
            snprintf(l->value, sizeof l->value, "%+d", r->leaver[s]);
        }
    return n;
}

void play_result_rows(const Play *p, PlaySeatRow rows[DDZ_SEAT_NB])
{
    const DdzResult *r = &p->result;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        PlaySeatRow *row = &rows[s];
        snprintf(row->name, sizeof row->name, "%s", play_seat_name(p, s));
        char dw[64] = "";
        if (p->game.dbl[s] && p->game.opt.double_mode != DDZ_DOUBLE_NONE) {
            PlayNote dn = {NOTE_DOUBLE, p->game.dbl[s], false, ddz_move_pass(), 0};
            play_note_word(p, s, &dn, dw, sizeof dw);
        }
        snprintf(row->role, sizeof row->role, "%s%s%s", play_text(p, s == r->landlord ? T_LANDLORD : T_FARMER),
                 dw[0] ? " " : "", dw);
        snprintf(row->score, sizeof row->score, "%+d", r->score[s]);
        snprintf(row->total, sizeof row->total, "%d", p->match.score[s]);
    }
}
