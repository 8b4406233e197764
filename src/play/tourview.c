/* tourview.c -- drawing a tournament's view (tourview.h): the title bar, what the screen is and
 * the person's situation, then one list (the round's tables, the standings, the rounds) that
 * scrolls, and the keys. The texts come from texts.h, so both languages and the ASCII look
 * follow the game's. */
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "tourview.h"

enum { TOP = 6 }; /* the tabs' line; the list starts two lines below */

void tourview_place(const Play *p, int rank, char *buf, size_t size)
{
    if (p->cfg.lang == PLAY_ZH) {
        snprintf(buf, size, "第%d名", rank);
        return;
    }
    int t = rank % 100, u = rank % 10;
    const char *suf = t >= 11 && t <= 13 ? "th" : u == 1 ? "st" : u == 2 ? "nd" : u == 3 ? "rd" : "th";
    snprintf(buf, size, "%d%s", rank, suf);
}

static int list_height(void) { return LINES - (TOP + 2) - 2; }

/* The lines of a table: its seats, then a line for the extra game, the lot or the games so far. */
static int table_lines(const TvTable *tb) { return tb->has_extra || tb->lot || (!tb->scored || tb->games >= 0) ? 2 : 1; }

static int list_lines(const TourView *v)
{
    int n = 0;
    switch (v->list) {
    case TV_TABLES:
        for (int i = 0; i < v->ntables; i++)
            n += table_lines(&v->tables[i]);
        return n;
    case TV_STANDINGS:
        return v->nrows;
    default:
        return v->nrounds;
    }
}

/* The line of the list where the person is, or -1. */
static int your_line(const TourView *v)
{
    int n = 0;
    switch (v->list) {
    case TV_TABLES:
        for (int i = 0; i < v->ntables; i++) {
            if (v->tables[i].you >= 0)
                return n;
            n += table_lines(&v->tables[i]);
        }
        return -1;
    case TV_STANDINGS:
        for (int i = 0; i < v->nrows; i++)
            if (v->rows[i].you)
                return i;
        return -1;
    default:
        for (int i = v->nrounds - 1; i >= 0; i--)
            if (v->rounds[i].you)
                return i;
        return v->nrounds - 1;
    }
}

static void pad_right(const char *s, int w, char *out, size_t size)
{
    int sw = play_text_width(s);
    snprintf(out, size, "%s%*s", s, sw < w ? w - sw : 0, "");
}

static void draw_table_line(const TourView *v, const TvTable *tb, int sub, int y)
{
    const Play *p = v->p;
    char buf[256], cell[160];
    if (sub == 0) {
        snprintf(buf, sizeof buf, "%3d ", tb->number);
        play_tui_put(y, 0, tb->you >= 0 ? PLAY_R_BOLD : PLAY_R_DIM, buf, -1);
        int cw = (COLS - 5) / DDZ_SEAT_NB, x = 5;
        if (cw > 36)
            cw = 36;
        for (int s = 0; s < DDZ_SEAT_NB; s++, x += cw) {
            bool win = tb->winner == s;
            const char *mark = win ? (p->cfg.ascii ? ">" : "▶") : " ";
            char name[96];
            snprintf(name, sizeof name, "%s%s%s", mark, tb->name[s],
                     tb->completer == s ? play_text(p, T_TV_COMPLETER) : "");
            char score[16] = "";
            if (tb->scored)
                snprintf(score, sizeof score, "%+d", tb->score[s]);
            int sw = (int)strlen(score), nw = cw - sw - 3;
            pad_right(name, nw, cell, sizeof cell);
            int role = win ? PLAY_R_GOOD : tb->you == s ? PLAY_R_TURN : PLAY_R_NORMAL;
            play_tui_put(y, x, role, cell, nw);
            play_tui_put(y, x + nw + 1, tb->you == s ? PLAY_R_BOLD : PLAY_R_NORMAL, score, sw);
        }
        return;
    }
    /* The second line: extra game, lot, or the games so far. */
    buf[0] = '\0';
    size_t n = 0;
    if (!tb->scored || tb->games >= 0) {
        if (tb->games >= 0)
            play_fmt(p, buf, sizeof buf, T_TV_GAMES_SO_FAR, tb->games);
        else
            snprintf(buf, sizeof buf, "%s", play_text(p, T_TV_DRAWN));
        n = strlen(buf);
    }
    if (tb->has_extra) {
        play_fmt(p, cell, sizeof cell, T_TV_EXTRA, tb->extra[0], tb->extra[1], tb->extra[2]);
        n += (size_t)snprintf(buf + n, n < sizeof buf ? sizeof buf - n : 0, "%s%s", n ? "  " : "", cell);
    }
    if (tb->lot && n < sizeof buf)
        snprintf(buf + n, sizeof buf - n, "%s%s", n ? "  " : "", play_text(p, T_TV_LOT));
    play_tui_put(y, 6, tb->lot || tb->has_extra ? PLAY_R_WARN : PLAY_R_DIM, buf, -1);
}

static void draw_row(const TourView *v, const TvRow *r, int y)
{
    char place[32], name[160], reached[96], line[400];
    if (v->entrants)
        snprintf(place, sizeof place, "%d", r->rank);
    else
        tourview_place(v->p, r->rank, place, sizeof place);
    int nw = COLS - 8 - 22 - 8;
    if (nw > 40)
        nw = 40;
    pad_right(r->name, nw, name, sizeof name);
    pad_right(r->reached, 20, reached, sizeof reached);
    snprintf(line, sizeof line, "%7s ", place);
    int role = r->winner ? PLAY_R_GOOD : r->you ? PLAY_R_TURN : r->out ? PLAY_R_DIM : PLAY_R_NORMAL;
    play_tui_put(y, 0, role, line, 8);
    play_tui_put(y, 8, role, name, nw);
    play_tui_put(y, 9 + nw, role, reached, 20);
    snprintf(line, sizeof line, "%+6d", r->score);
    if (!v->entrants)
        play_tui_put(y, 9 + nw + 21, role, line, 7);
}

void tourview_draw(TourView *v)
{
    const Play *p = v->p;
    play_tui_fill(0, 0, 1, COLS, PLAY_R_TITLE);
    char buf[400];
    snprintf(buf, sizeof buf, " %s", v->title);
    play_tui_put(0, 0, PLAY_R_TITLE, buf, -1);
    snprintf(buf, sizeof buf, "%s ", v->info);
    int iw = play_text_width(buf);
    if (iw < COLS - play_text_width(v->title) - 3)
        play_tui_put(0, COLS - iw, PLAY_R_TITLE, buf, iw);
    play_tui_put(2, 1, v->head_role, v->head, COLS - 2);
    play_tui_put(3, 1, PLAY_R_NORMAL, v->note, COLS - 2);
    play_tui_put(4, 1, PLAY_R_HINT, v->note2, COLS - 2);
    /* The tabs. */
    static const PlayText tab[TV_LISTS] = {T_TV_TABLES, T_TV_STANDINGS, T_TV_ROUNDS};
    int x = 1;
    for (int i = 0; i < TV_LISTS; i++) {
        snprintf(buf, sizeof buf, " %s ", play_text(p, tab[i]));
        x += play_tui_put(TOP, x, i == v->list ? PLAY_R_BADGE : PLAY_R_DIM, buf, -1) + 1;
    }
    play_tui_put(TOP, x + 1, PLAY_R_DIM, play_text(p, T_TV_TAB_KEY), -1);
    int y0 = TOP + 1;
    if (v->list == TV_STANDINGS) {
        char place[32], name[160], reached[96];
        int nw = COLS - 8 - 22 - 8;
        if (nw > 40)
            nw = 40;
        snprintf(place, sizeof place, "%7s ", play_text(p, T_TV_COL_RANK));
        pad_right(play_text(p, T_TV_COL_PLAYER), nw, name, sizeof name);
        pad_right(play_text(p, T_TV_COL_REACHED), 20, reached, sizeof reached);
        snprintf(buf, sizeof buf, "%s%s %s %6s", place, name, reached, v->entrants ? "" : play_text(p, T_TV_COL_SCORE));
        play_tui_put(y0, 0, PLAY_R_DIM, buf, -1);
    }
    y0++;
    int h = list_height(), total = list_lines(v);
    if (v->scroll < 0) {
        int me = your_line(v);
        v->scroll = me >= h ? me - h / 2 : 0;
    }
    if (v->scroll > total - h)
        v->scroll = total - h;
    if (v->scroll < 0)
        v->scroll = 0;
    if (total == 0)
        play_tui_put(y0, 2, PLAY_R_DIM, play_text(p, T_TV_EMPTY), -1);
    int line = 0;
    if (v->list == TV_TABLES) {
        for (int i = 0; i < v->ntables; i++)
            for (int sub = 0; sub < table_lines(&v->tables[i]); sub++, line++)
                if (line >= v->scroll && line < v->scroll + h)
                    draw_table_line(v, &v->tables[i], sub, y0 + line - v->scroll);
    } else if (v->list == TV_STANDINGS) {
        for (int i = v->scroll; i < v->nrows && i < v->scroll + h; i++)
            draw_row(v, &v->rows[i], y0 + i - v->scroll);
    } else {
        for (int i = v->scroll; i < v->nrounds && i < v->scroll + h; i++)
            play_tui_put(y0 + i - v->scroll, 1, v->rounds[i].you ? PLAY_R_BOLD : PLAY_R_NORMAL, v->rounds[i].text, -1);
    }
    if (v->scroll + h < total) {
        play_fmt(p, buf, sizeof buf, T_TV_MORE, total - v->scroll - h);
        play_tui_put(y0 + h, 2, PLAY_R_DIM, buf, -1);
    } else if (v->scroll > 0) {
        play_fmt(p, buf, sizeof buf, T_TV_ABOVE, v->scroll);
        play_tui_put(y0 + h, 2, PLAY_R_DIM, buf, -1);
    }
    play_tui_put(LINES - 1, 1, PLAY_R_DIM, v->keys, COLS - 2);
}

bool tourview_key(TourView *v, int k)
{
    int h = list_height();
    switch (k) {
    case '\t':
    case KEY_RIGHT:
        v->list = (v->list + 1) % TV_LISTS;
        v->scroll = -1;
        return true;
    case KEY_BTAB:
    case KEY_LEFT:
        v->list = (v->list + TV_LISTS - 1) % TV_LISTS;
        v->scroll = -1;
        return true;
    case KEY_UP:
        v->scroll = v->scroll > 0 ? v->scroll - 1 : 0;
        return true;
    case KEY_DOWN:
        v->scroll++; /* the drawing keeps it in range */
        return true;
    case KEY_PPAGE:
        v->scroll = v->scroll > h ? v->scroll - h : 0;
        return true;
    case KEY_NPAGE:
        v->scroll += h;
        return true;
    case KEY_HOME:
        v->scroll = 0;
        return true;
    case KEY_END:
        v->scroll = 1 << 30;
        return true;
    default:
        return false;
    }
}
