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
    /* The keys both games share, then this game's own (ddz connect has no history key, ddz
     * play no chat), then bidding. */
    char keys[2048];
    snprintf(keys, sizeof keys, "%s\n%s\n%s", play_text(p, T_HELP_KEYS),
             play_text(p, p->net.on ? T_HELP_KEYS_NET : T_HELP_KEYS_LOCAL), play_text(p, T_HELP_KEYS_END));
    const char *types = play_text(p, T_HELP_TYPES);
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
    const char *q = play_text(t->p, t->p->net.tour ? T_TOUR_QUIT : t->p->net.on ? T_NET_QUIT : T_QUIT_ASK);
    int w = tui_text_width(q) + 8, h = 3;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    tui_box(t, y, x, h, w, NULL);
    tui_put(t, y + 1, x + 4, R_BOLD, q);
}

void tui_draw_result(const Tui *t)
{
    const Play *p = t->p;
    const DdzResult *r = &p->result;
    PlayLine lines[PLAY_RESULT_LINES];
    PlaySeatRow rows[DDZ_SEAT_NB];
    int nl = play_result_lines(p, lines);
    play_result_rows(p, rows);
    char title[64], head[200], a[160];
    play_fmt(p, title, sizeof title, T_GAME_N, p->match.games);
    if (r->landlord_won)
        play_fmt(p, a, sizeof a, T_LANDLORD_WINS, play_seat_name(p, r->landlord));
    else
        play_fmt(p, a, sizeof a, T_FARMERS_WIN);
    bool won = r->score[PLAY_YOU] > 0;
    if (p->net.watching)
        snprintf(head, sizeof head, "%s", a);
    else
        snprintf(head, sizeof head, "%s  %s", a, play_text(p, won ? T_YOU_WIN : T_YOU_LOSE));
    const char *k = play_text(p, p->net.watching ? T_NET_RESULT_KEYS_WATCH
                                 : p->net.tour  ? T_TOUR_RESULT_KEYS
                                 : p->net.on    ? T_NET_RESULT_KEYS
                                 : ddz_match_over(&p->match) ? T_END_MATCH : T_NEXT_GAME);
    /* Columns: the factors' labels and values; the seats' names, roles, scores and totals. */
    int lw = 0, vw = 0, nw = 0, rw = 0, sw = 0, tw = 0;
    for (int i = 0; i < nl; i++) {
        int w1 = tui_text_width(lines[i].label), w2 = tui_text_width(lines[i].value);
        lw = w1 > lw ? w1 : lw;
        vw = w2 > vw ? w2 : vw;
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        int w1 = tui_text_width(rows[s].name), w2 = tui_text_width(rows[s].role);
        int w3 = tui_text_width(rows[s].score), w4 = tui_text_width(rows[s].total);
        nw = w1 > nw ? w1 : nw; /* the whole name and its mark, "路人甲1（离开）" */
        rw = w2 > rw ? w2 : rw;
        sw = w3 > sw ? w3 : sw;
        tw = w4 > tw ? w4 : tw;
    }
    const char *arrow = "  →  ";
    int aw = tui_text_width(arrow);
    /* Names are cut only when the seats' rows would not fit the screen otherwise. */
    int fixed = 2 + rw + 2 + sw + aw + tw;
    if (nw + fixed > COLS - 6)
        nw = COLS - 6 - fixed > 8 ? COLS - 6 - fixed : 8;
    int inner = lw + 3 + vw, seats = nw + fixed;
    if (seats > inner)
        inner = seats;
    if (tui_text_width(head) > inner)
        inner = tui_text_width(head);
    if (tui_text_width(k) > inner)
        inner = tui_text_width(k);
    int w = inner + 6 > COLS ? COLS : inner + 6;
    /* Height: borders, the winner, the factors, the seats, the keys, and gaps while they fit. */
    int h = nl + 11, gap = 1;
    if (h > LINES) {
        h = nl + 8;
        gap = 0;
    }
    int y = (LINES - h) / 2 - (h + 2 <= LINES ? 1 : 0), x = (COLS - w) / 2;
    if (y < 0)
        y = 0;
    tui_box(t, y, x, h, w, title);
    int yy = y + 1 + gap;
    tui_put(t, yy, x + (w - tui_text_width(head)) / 2, p->net.watching ? R_BOLD : won ? R_GOOD : R_ERROR, head);
    yy += 1 + gap;
    int x0 = x + 3;
    for (int i = 0; i < nl; i++, yy++) {
        int role = lines[i].kind == PLAY_LINE_TOTAL ? R_BOLD : lines[i].kind == PLAY_LINE_WARN ? R_WARN : R_NORMAL;
        char pad[200];
        tui_rpad(lines[i].label, lw, pad, sizeof pad);
        tui_put_max(t, yy, x0, role, pad, w - 6 - vw - 1);
        tui_lpad(lines[i].value, vw, pad, sizeof pad);
        tui_put(t, yy, x0 + inner - vw, role, pad);
    }
    yy += gap;
    for (int s = 0; s < DDZ_SEAT_NB; s++, yy++) {
        char cell[200];
        int cx = x0;
        tui_rpad(rows[s].name, nw, cell, sizeof cell);
        cx += tui_put_max(t, yy, cx, s == PLAY_YOU && !p->net.watching ? R_BOLD : R_NORMAL, cell, nw) + 2;
        tui_rpad(rows[s].role, rw, cell, sizeof cell);
        cx += tui_put(t, yy, cx, R_DIM, cell) + 2;
        tui_lpad(rows[s].score, sw, cell, sizeof cell);
        cx += tui_put(t, yy, cx, r->score[s] > 0 ? R_GOOD : R_ERROR, cell);
        cx += tui_put(t, yy, cx, R_DIM, arrow);
        tui_lpad(rows[s].total, tw, cell, sizeof cell);
        tui_put(t, yy, cx, R_BOLD, cell);
    }
    tui_put(t, y + h - 2, x + (w - tui_text_width(k)) / 2, R_HINT, k);
}

void tui_draw_final(const Tui *t)
{
    const Play *p = t->p;
    char title[96], line[400], a[64];
    char life[200] = "";
    play_lifetime(p, life, sizeof life);
    int w = tui_text_width(life) + 6 > 50 ? tui_text_width(life) + 6 : 50, h = life[0] ? 12 : 11;
    if (w > COLS)
        w = COLS;
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
    if (life[0])
        tui_put(t, y + h - 4, x + (w - tui_text_width(life)) / 2, R_NORMAL, life);
    const char *k = play_text(p, T_FINAL_KEYS);
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
        char text[192], line[220];
        play_reading_text(p, &p->readings[i], text, sizeof text);
        snprintf(line, sizeof line, "[%d] %s", i + 1, text);
        tui_put(t, y + 2 + i, x + 2, R_NORMAL, line);
    }
}

void tui_draw_history(const Tui *t)
{
    const Play *p = t->p;
    const DdzGame *g = &p->game;
    int h = LINES - 2, w = COLS - 4 > 76 ? 76 : COLS - 4;
    int y = 1, x = (COLS - w) / 2, rows = h - 4;
    tui_box(t, y, x, h, w, play_text(p, T_HISTORY_TITLE));
    if (g->nhist == 0) {
        tui_put(t, y + 2, x + 2, R_DIM, play_text(p, T_HISTORY_NONE));
        return;
    }
    /* The last moves that fit, in two columns when there are many. */
    int cols = g->nhist > rows ? 2 : 1, cw = (w - 4) / cols;
    int first = g->nhist > rows * cols ? g->nhist - rows * cols : 0;
    for (int i = first; i < g->nhist; i++) {
        char line[400], num[16];
        int k = i - first, cx = x + 2 + (k / rows) * cw, cy = y + 2 + k % rows;
        snprintf(num, sizeof num, "%3d ", i + 1);
        play_action_text(p, i, line, sizeof line);
        cx += tui_put(t, cy, cx, R_DIM, num);
        tui_put_max(t, cy, cx, g->hist[i].seat == PLAY_YOU ? R_BOLD : R_NORMAL, line, cw - 5);
    }
}
