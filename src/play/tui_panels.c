/* tui_panels.c -- the panels over the table of the full-screen game: help, quitting, a
 * game's result, the match's final table and the choice between readings. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui.h"

/* Panels -----------------------------------------------------------------------------------*/

void tui_draw_help(const Tui *t)
{
    const Play *p = t->p;
    const char *keys = play_text(p, T_HELP_KEYS), *types = play_text(p, T_HELP_TYPES);
    int w1, w2;
    int n1 = tui_count_lines(keys, &w1), n2 = tui_count_lines(types, &w2);
    int w = (w1 > w2 ? w1 : w2) + 4, h = n1 + n2 + 5;
    if (w > COLS)
        w = COLS;
    if (h > LINES)
        h = LINES;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    tui_box(t, y, x, h, w, play_text(p, T_HELP_TITLE));
    tui_put_lines(t, y + 1, x + 2, R_NORMAL, keys, w - 4);
    tui_put_lines(t, y + 2 + n1, x + 2, R_HINT, types, w - 4);
    char seed[64];
    if (p->net.on)
        return;
    play_fmt(p, seed, sizeof seed, T_REPLAY, (unsigned long long)p->cfg.seed);
    tui_put(t, y + h - 2, x + 2, R_DIM, seed);
}

void tui_draw_quit(const Tui *t)
{
    const char *q = play_text(t->p, t->p->net.on ? T_NET_QUIT : T_QUIT_ASK);
    int w = tui_text_width(q) + 8, h = 3;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    tui_box(t, y, x, h, w, NULL);
    tui_put(t, y + 1, x + 4, R_BOLD, q);
}

void tui_draw_result(const Tui *t)
{
    const Play *p = t->p;
    const DdzResult *r = &p->result;
    char title[64], line[200], a[96], b[96];
    int w = 52, h = 13;
    int y = (LINES - h) / 2 - 1, x = (COLS - w) / 2;
    play_fmt(p, title, sizeof title, T_GAME_N, p->match.games);
    tui_box(t, y, x, h, w, title);
    int yy = y + 2;
    if (r->landlord_won)
        play_fmt(p, a, sizeof a, T_LANDLORD_WINS, play_seat_name(p, r->landlord));
    else
        play_fmt(p, a, sizeof a, T_FARMERS_WIN);
    bool won = r->score[PLAY_YOU] > 0;
    if (p->net.watching) /* a spectator: the winning side only */
        snprintf(line, sizeof line, "%s", a);
    else
        snprintf(line, sizeof line, "%s  %s", a, play_text(p, won ? T_YOU_WIN : T_YOU_LOSE));
    tui_put(t, yy, x + (w - tui_text_width(line)) / 2, p->net.watching ? R_BOLD : won ? R_GOOD : R_ERROR, line);
    yy += 2;
    line[0] = '\0';
    if (r->spring || r->anti_spring)
        snprintf(line, sizeof line, "%s   ", play_text(p, r->spring ? T_SPRING : T_ANTI_SPRING));
    if (r->bombs) {
        play_fmt(p, a, sizeof a, T_BOMBS, r->bombs, 1 << (r->bombs < 20 ? r->bombs : 20));
        size_t n = strlen(line);
        snprintf(line + n, sizeof line - n, "%s", a);
    }
    if (line[0])
        tui_put(t, yy, x + (w - tui_text_width(line)) / 2, R_WARN, line);
    yy++;
    play_fmt(p, a, sizeof a, T_STAKE, r->base, r->multiple, r->base * r->multiple);
    tui_put(t, yy, x + (w - tui_text_width(a)) / 2, R_NORMAL, a);
    yy += 2;
    int nw = 6; /* the names' column: wider for the players' names of ddz connect */
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (tui_text_width(play_seat_name(p, s)) > nw)
            nw = tui_text_width(play_seat_name(p, s)) > 14 ? 14 : tui_text_width(play_seat_name(p, s));
    for (int s = 0; s < DDZ_SEAT_NB; s++, yy++) {
        char name[160], delta[160], total[160], role_[160];
        tui_rpad(play_seat_name(p, s), nw, name, sizeof name);
        snprintf(a, sizeof a, "%+d", r->score[s]);
        tui_lpad(a, 6, delta, sizeof delta);
        snprintf(b, sizeof b, "%d", p->match.score[s]);
        tui_lpad(b, 6, total, sizeof total);
        char rw[96], dw[64] = "";
        if (p->game.dbl[s] && p->game.opt.double_mode != DDZ_DOUBLE_NONE) {
            PlayNote dn = {NOTE_DOUBLE, p->game.dbl[s], false, ddz_move_pass(), 0};
            play_note_word(p, s, &dn, dw, sizeof dw);
        }
        snprintf(rw, sizeof rw, "%s%s%s", play_text(p, s == r->landlord ? T_LANDLORD : T_FARMER), dw[0] ? " " : "", dw);
        tui_rpad(rw, 12, role_, sizeof role_);
        int cx = x + 6 - (nw - 6) / 2;
        cx += tui_put_max(t, yy, cx, s == PLAY_YOU && !p->net.watching ? R_BOLD : R_NORMAL, name, nw) + 1;
        cx += tui_put(t, yy, cx, R_DIM, role_) + 1;
        cx += tui_put(t, yy, cx, r->score[s] > 0 ? R_GOOD : R_ERROR, delta);
        cx += tui_put(t, yy, cx, R_DIM, "  →") ;
        tui_put(t, yy, cx, R_BOLD, total);
    }
    const char *k = play_text(p, p->net.watching ? T_NET_RESULT_KEYS_WATCH : p->net.on ? T_NET_RESULT_KEYS
                                 : ddz_match_over(&p->match) ? T_END_MATCH : T_NEXT_GAME);
    tui_put(t, y + h - 2, x + (w - tui_text_width(k)) / 2, R_HINT, k);
}

void tui_draw_final(const Tui *t)
{
    const Play *p = t->p;
    char title[96], line[400], a[64];
    int w = 50, h = 11;
    int y = (LINES - h) / 2 - 1, x = (COLS - w) / 2;
    tui_box(t, y, x, h, w, play_text(p, T_TITLE_HEAD));
    play_fmt(p, title, sizeof title, T_MATCH_OVER, p->match.games);
    tui_put(t, y + 2, x + (w - tui_text_width(title)) / 2, R_BOLD, title);
    int order[DDZ_SEAT_NB] = {0, 1, 2};
    for (int i = 0; i < DDZ_SEAT_NB; i++)
        for (int j = i + 1; j < DDZ_SEAT_NB; j++)
            if (p->match.score[order[j]] > p->match.score[order[i]]) {
                int tmp = order[i];
                order[i] = order[j];
                order[j] = tmp;
            }
    for (int i = 0; i < DDZ_SEAT_NB; i++) {
        int s = order[i];
        char name[160], score[160];
        tui_rpad(play_seat_name(p, s), 6, name, sizeof name);
        snprintf(a, sizeof a, "%d", p->match.score[s]);
        tui_lpad(a, 5, score, sizeof score);
        snprintf(line, sizeof line, "%d.  %s %s   ", i + 1, name, score);
        int cx = x + 10;
        cx += tui_put(t, y + 4 + i, cx, s == PLAY_YOU ? R_BOLD : R_NORMAL, line);
        tui_put(t, y + 4 + i, cx, p->match.score[s] >= 300 ? R_BADGE : p->match.score[s] < 0 ? R_ERROR : R_HINT,
            play_title(p, p->match.score[s]));
    }
    play_fmt(p, line, sizeof line, T_REPLAY, (unsigned long long)p->cfg.seed);
    tui_put(t, y + h - 3, x + (w - tui_text_width(line)) / 2, R_DIM, line);
    const char *k = play_text(p, T_LEAVE);
    tui_put(t, y + h - 2, x + (w - tui_text_width(k)) / 2, R_HINT, k);
}

void tui_draw_readings(const Tui *t)
{
    const Play *p = t->p;
    int w = 60, h = p->nreadings + 4;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    tui_box(t, y, x, h, w, NULL);
    tui_put(t, y + 1, x + 2, R_BOLD, p->msg);
    for (int i = 0; i < p->nreadings; i++) {
        char text[128], desc[64], line[220];
        play_move_text(p, &p->readings[i], text, sizeof text);
        ddz_move_describe(&p->readings[i], desc, sizeof desc);
        snprintf(line, sizeof line, "[%d] %s  %s", i + 1, text, desc);
        tui_put(t, y + 2 + i, x + 2, R_NORMAL, line);
    }
}
