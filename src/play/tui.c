/* tui.c -- the full-screen game (ncursesw): West and East at the top, the table in the middle,
 * your hand at the bottom with the selected cards raised. Every frame is drawn whole from the
 * game state into curses' buffer and sent with one refresh, which sends only what changed. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "play.h"

#define MIN_COLS 80
#define MIN_LINES 24
#define K_ABORT (KEY_MAX + 1) /* a signal: leave at once */

/* Colour roles; each maps to a colour pair, or to plain attributes under NO_COLOR. */
enum { R_NORMAL, R_CARD, R_CARD_RED, R_CURSOR, R_CURSOR_RED, R_TITLE, R_WARN, R_BADGE, R_HINT,
       R_ERROR, R_BACK, R_TURN, R_GOOD, R_DIM, R_BOLD, R_NB };

enum { OV_NONE, OV_HELP, OV_QUIT, OV_RESULT, OV_FINAL, OV_READINGS };

typedef struct Tui {
    Play *p;
    bool color;
    int cursor;        /* index of the cursor in your sorted hand */
    int thinking;      /* seat shown thinking, -1 none */
    int spin;          /* spinner frame */
    int overlay;
    bool reveal;       /* game over: show the hands left */
    bool quit_final;   /* the final table was left with q */
    char event[512];   /* the last thing that happened, for the message line */
    int event_role;
} Tui;

static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
    (void)sig;
    got_signal = 1;
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Drawing helpers ----------------------------------------------------------------------------*/

static attr_t role(const Tui *t, int r)
{
    static const attr_t mono[R_NB] = {
        [R_NORMAL] = A_NORMAL, [R_CARD] = A_REVERSE, [R_CARD_RED] = A_REVERSE | A_BOLD,
        [R_CURSOR] = A_UNDERLINE | A_BOLD, [R_CURSOR_RED] = A_UNDERLINE | A_BOLD, [R_TITLE] = A_REVERSE,
        [R_WARN] = A_BOLD | A_BLINK, [R_BADGE] = A_REVERSE | A_BOLD, [R_HINT] = A_BOLD, [R_ERROR] = A_BOLD,
        [R_BACK] = A_REVERSE | A_DIM, [R_TURN] = A_REVERSE | A_BOLD, [R_GOOD] = A_BOLD, [R_DIM] = A_DIM,
        [R_BOLD] = A_BOLD};
    static const attr_t extra[R_NB] = {[R_WARN] = A_BOLD, [R_BADGE] = A_BOLD, [R_ERROR] = A_BOLD,
                                       [R_TURN] = A_BOLD, [R_GOOD] = A_BOLD, [R_BOLD] = A_BOLD,
                                       [R_DIM] = A_DIM, [R_TITLE] = A_BOLD};
    if (!t->color)
        return mono[r];
    return r == R_NORMAL || r == R_BOLD || r == R_DIM ? extra[r] : (COLOR_PAIR(r) | extra[r]);
}

static void init_colors(Tui *t)
{
    if (!t->color || !has_colors()) {
        t->color = false;
        return;
    }
    start_color();
    use_default_colors();
    init_pair(R_CARD, COLOR_BLACK, COLOR_WHITE);
    init_pair(R_CARD_RED, COLOR_RED, COLOR_WHITE);
    init_pair(R_CURSOR, COLOR_BLACK, COLOR_YELLOW);
    init_pair(R_CURSOR_RED, COLOR_RED, COLOR_YELLOW);
    init_pair(R_TITLE, COLOR_WHITE, COLOR_BLUE);
    init_pair(R_WARN, COLOR_RED, -1);
    init_pair(R_BADGE, COLOR_BLACK, COLOR_YELLOW);
    init_pair(R_HINT, COLOR_CYAN, -1);
    init_pair(R_ERROR, COLOR_RED, -1);
    init_pair(R_BACK, COLOR_WHITE, COLOR_BLUE);
    init_pair(R_TURN, COLOR_BLACK, COLOR_GREEN);
    init_pair(R_GOOD, COLOR_GREEN, -1);
}

/* Display width of UTF-8 text (Chinese characters take two columns). */
static int text_width(const char *s)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int w = 0;
    while (*s) {
        wchar_t wc;
        size_t n = mbrtowc(&wc, s, MB_CUR_MAX, &st);
        if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
            memset(&st, 0, sizeof st);
            s++;
            w++;
            continue;
        }
        int cw = wcwidth(wc);
        w += cw < 0 ? 1 : cw;
        s += n;
    }
    return w;
}

/* Writes s at (y, x) with role r, cut at max columns (and at the screen's edge); returns the
 * columns written. */
static int put_max(const Tui *t, int y, int x, int r, const char *s, int max)
{
    if (y < 0 || y >= LINES || x >= COLS || x < 0)
        return 0;
    if (max < 0 || max > COLS - x)
        max = COLS - x;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int w = 0;
    size_t bytes = 0;
    while (s[bytes]) {
        wchar_t wc;
        size_t n = mbrtowc(&wc, s + bytes, MB_CUR_MAX, &st);
        if (n == (size_t)-1 || n == (size_t)-2 || n == 0)
            break;
        int cw = wcwidth(wc);
        if (cw < 0)
            cw = 1;
        if (w + cw > max)
            break;
        w += cw;
        bytes += n;
    }
    attrset(role(t, r));
    mvaddnstr(y, x, s, (int)bytes);
    attrset(A_NORMAL);
    return w;
}

static int put(const Tui *t, int y, int x, int r, const char *s) { return put_max(t, y, x, r, s, -1); }

static void put_center(const Tui *t, int y, int r, const char *s)
{
    int w = text_width(s);
    put(t, y, w >= COLS ? 0 : (COLS - w) / 2, r, s);
}

static void put_right(const Tui *t, int y, int right, int r, const char *s)
{
    int x = right - text_width(s);
    put(t, y, x < 0 ? 0 : x, r, s);
}

/* Fills a rectangle with spaces of role r. */
static void fill(const Tui *t, int y, int x, int h, int w, int r)
{
    attrset(role(t, r));
    for (int i = 0; i < h; i++)
        mvhline(y + i, x, ' ', w);
    attrset(A_NORMAL);
}

/* A bordered box for panels. */
static void box_at(const Tui *t, int y, int x, int h, int w, const char *title)
{
    fill(t, y, x, h, w, R_NORMAL);
    attrset(role(t, R_BOLD));
    mvaddch(y, x, ACS_ULCORNER);
    mvhline(y, x + 1, ACS_HLINE, w - 2);
    mvaddch(y, x + w - 1, ACS_URCORNER);
    mvvline(y + 1, x, ACS_VLINE, h - 2);
    mvvline(y + 1, x + w - 1, ACS_VLINE, h - 2);
    mvaddch(y + h - 1, x, ACS_LLCORNER);
    mvhline(y + h - 1, x + 1, ACS_HLINE, w - 2);
    mvaddch(y + h - 1, x + w - 1, ACS_LRCORNER);
    attrset(A_NORMAL);
    if (title && *title) {
        char buf[160];
        snprintf(buf, sizeof buf, " %s ", title);
        int tw = text_width(buf);
        put(t, y, x + (w - tw) / 2, R_BOLD, buf);
    }
}

/* Pads a card face part to two columns. */
static void pad2(const char *s, char *out, size_t size)
{
    int w = text_width(s);
    snprintf(out, size, "%s%s", s, w >= 2 ? "" : w == 1 ? " " : "  ");
}

/* A card as a tile two columns wide and `rows` high: rank, suit, then blank rows. */
static void draw_tile(const Tui *t, int y, int x, DdzCard c, int rows, bool cursor)
{
    char r[8], s[8], a[16], b[16];
    bool red;
    play_card_face(t->p, c, r, s, &red);
    int ro = cursor ? (red ? R_CURSOR_RED : R_CURSOR) : (red ? R_CARD_RED : R_CARD);
    pad2(r, a, sizeof a);
    pad2(s, b, sizeof b);
    put(t, y, x, ro, a);
    if (rows > 1)
        put(t, y + 1, x, ro, b);
    for (int i = 2; i < rows; i++)
        put(t, y + i, x, ro, "  ");
}

/* A card on one line: "♠A", "♥10", "大王". */
static int draw_chip(const Tui *t, int y, int x, DdzCard c)
{
    char r[8], s[8], buf[24];
    bool red;
    play_card_face(t->p, c, r, s, &red);
    if (c >= DDZ_CARD_BJ)
        snprintf(buf, sizeof buf, "%s%s", r, s);
    else
        snprintf(buf, sizeof buf, "%s%-2s", s, r);
    return put(t, y, x, red ? R_CARD_RED : R_CARD, buf);
}

/* Lays cards out as 2-row tiles in rows of at most `per` tiles: from x rightwards, or ending
 * at x when right-aligned, or centred on the screen when x < 0. Returns the rows used. */
static int draw_tiles(const Tui *t, int y, int x, bool right, int per, DdzCards cards, int max_rows)
{
    DdzCard list[DDZ_CARD_NB];
    int n = 0;
    for (DdzCard c = 0; c < DDZ_CARD_NB; c++)
        if (ddz_cards_has(cards, c))
            list[n++] = c;
    if (per < 1)
        per = 1;
    int rows = (n + per - 1) / per, used = 0;
    for (int row = 0; row < rows && row < max_rows; row++) {
        int k = n - row * per < per ? n - row * per : per;
        int w = 3 * k - 1;
        int x0 = x < 0 ? (COLS - w) / 2 : right ? x - w : x;
        for (int i = 0; i < k; i++)
            draw_tile(t, y + 3 * row, x0 + 3 * i, list[row * per + i], 2, false);
        used++;
    }
    return used;
}

/* The screen -------------------------------------------------------------------------------*/

static const char *spinner(const Tui *t)
{
    static const char *const uni[] = {"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"};
    static const char *const asc[] = {"|", "/", "-", "\\"};
    return t->p->cfg.ascii ? asc[t->spin % 4] : uni[t->spin % 10];
}

static void draw_title(const Tui *t)
{
    const Play *p = t->p;
    char left[160], right[400], a[64], b[64];
    fill(t, 0, 0, 1, COLS, R_TITLE);
    play_fmt(p, a, sizeof a, T_GAME_N, p->match.games + (p->over ? 0 : 1));
    snprintf(left, sizeof left, " ddz %s · %s", p->cfg.lang == PLAY_ZH ? "斗地主" : "Dou Dizhu", a);
    put(t, 0, 0, R_TITLE, left);
    right[0] = '\0';
    if (play_base(p)) {
        play_fmt(p, a, sizeof a, T_BASE, play_base(p));
        play_fmt(p, b, sizeof b, T_MULTIPLE, play_multiple(p));
        snprintf(right, sizeof right, "%s  %s", a, b);
        if (p->game.bombs) {
            play_fmt(p, a, sizeof a, T_BOMBS_SHORT, p->game.bombs);
            size_t n = strlen(right);
            snprintf(right + n, sizeof right - n, " %s", a);
        }
        size_t n = strlen(right);
        snprintf(right + n, sizeof right - n, "  ");
    }
    if (!p->net.on)
        play_fmt(p, a, sizeof a, T_SEED, (unsigned long long)p->cfg.seed);
    size_t n = strlen(right);
    snprintf(right + n, sizeof right - n, "%s ", p->net.on ? p->net.status : a);
    put_right(t, 0, COLS, R_TITLE, right);
}

static void draw_counter(const Tui *t, int y)
{
    static const char *const zh[DDZ_RANK_NB] = {"3", "4", "5", "6", "7", "8", "9", "10",
                                                 "J", "Q", "K", "A", "2", "小", "大"};
    static const char *const en[DDZ_RANK_NB] = {"3", "4", "5", "6", "7", "8", "9", "10",
                                                 "J", "Q", "K", "A", "2", "B", "R"};
    const Play *p = t->p;
    const char *const *lab = p->cfg.lang == PLAY_ZH && !p->cfg.ascii ? zh : en;
    int c[DDZ_RANK_NB];
    play_unseen(p, c);
    const char *title = play_text(p, T_COUNTER);
    int tw = text_width(title) + 1, w = tw + 3 * DDZ_RANK_NB;
    int x = (COLS - w) / 2;
    put(t, y, x, R_HINT, title);
    for (int k = 0; k < DDZ_RANK_NB; k++) {
        char num[8];
        put(t, y, x + tw + 3 * k, R_BOLD, lab[k]);
        snprintf(num, sizeof num, "%d", c[k]);
        put(t, y + 1, x + tw + 3 * k, c[k] == 0 ? R_DIM : c[k] == 4 || (k >= DDZ_RANK_BJ && c[k]) ? R_WARN : R_NORMAL,
            c[k] ? num : "·");
    }
}

static void draw_bottom(const Tui *t, int y)
{
    const Play *p = t->p;
    const DdzGame *g = &p->game;
    DdzView v;
    ddz_game_view(g, PLAY_YOU, &v);
    char label[64];
    snprintf(label, sizeof label, "%s ", play_text(p, T_BOTTOM));
    int lw = text_width(label);
    int w = lw + (v.bottom ? 0 : 9);
    if (v.bottom)
        for (DdzCard c = 0; c < DDZ_CARD_NB; c++)
            if (ddz_cards_has(v.bottom, c))
                w += (c >= DDZ_CARD_BJ && p->cfg.lang == PLAY_ZH && !p->cfg.ascii ? 4 : 3) + 1;
    char extra[160] = "";
    if (g->phase == DDZ_PHASE_BID && g->revealed >= 0) {
        char card[32];
        play_cards_text(p, ddz_cards_of(g->revealed), card, sizeof card);
        play_fmt(p, extra, sizeof extra, T_REVEALED, card, play_seat_name(p, g->first));
        w += 3 + text_width(extra);
    }
    int x = (COLS - w) / 2;
    x += put(t, y, x, R_DIM, label);
    if (v.bottom) {
        for (DdzCard c = 0; c < DDZ_CARD_NB; c++)
            if (ddz_cards_has(v.bottom, c))
                x += draw_chip(t, y, x, c) + 1;
    } else {
        for (int i = 0; i < 3; i++, x += 3)
            put(t, y, x, R_BACK, t->color ? "  " : "##");
    }
    if (extra[0])
        put(t, y, x + 2, R_HINT, extra);
}

/* A seat's label, count and note; left-aligned at x, or right-aligned at x when right. */
static void draw_seat(const Tui *t, int s, int y, int x, bool right)
{
    const Play *p = t->p;
    const DdzGame *g = &p->game;
    DdzView v;
    ddz_game_view(g, PLAY_YOU, &v);
    bool turn = (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE || g->phase == DDZ_PHASE_PLAY) &&
                g->turn == s;
    /* Line 1: name, landlord badge, doubling badge, score. */
    char name[64], badge[64] = "", dbl[64] = "", score[64];
    snprintf(name, sizeof name, " %s ", play_seat_name(p, s));
    if (v.landlord == s)
        snprintf(badge, sizeof badge, " %s ", play_text(p, T_LANDLORD));
    else if (v.landlord != DDZ_NO_SEAT)
        snprintf(badge, sizeof badge, " %s ", play_text(p, T_FARMER));
    if (v.dbl[s] && g->opt.double_mode != DDZ_DOUBLE_NONE) {
        PlayNote n = {NOTE_DOUBLE, v.dbl[s], false, ddz_move_pass(), 0};
        char w[32];
        play_note_word(p, s, &n, w, sizeof w);
        snprintf(dbl, sizeof dbl, " %s ", w);
    }
    if (p->net.on && p->net.autop[s]) {
        size_t n = strlen(dbl);
        snprintf(dbl + n, sizeof dbl - n, " %s ", play_text(p, T_NET_AUTO));
    }
    play_fmt(p, score, sizeof score, T_POINTS, p->match.score[s]);
    int w1 = text_width(name) + 1 + (badge[0] ? text_width(badge) + 1 : 0) + (dbl[0] ? text_width(dbl) + 1 : 0) +
             text_width(score);
    int cx = right ? x - w1 : x;
    cx += put(t, y, cx, turn ? R_TURN : R_BOLD, name) + 1;
    if (badge[0])
        cx += put(t, y, cx, v.landlord == s ? R_BADGE : R_DIM, badge) + 1;
    if (dbl[0])
        cx += put(t, y, cx, R_WARN, dbl) + 1;
    put(t, y, cx, R_DIM, score);

    /* Line 2: the cards held (backs and a count) and the 报双/报单 warning. */
    {
        char cnt[32], warn[32] = "";
        play_fmt(p, cnt, sizeof cnt, v.count[s] == 1 ? T_ONE_CARD : T_CARDS_LEFT, v.count[s]);
        if ((g->phase == DDZ_PHASE_PLAY || g->phase == DDZ_PHASE_OVER) && (v.count[s] == 1 || v.count[s] == 2))
            snprintf(warn, sizeof warn, " %s", play_text(p, v.count[s] == 1 ? T_WARN_ONE : T_WARN_TWO));
        int w2 = 3 + text_width(cnt) + text_width(warn);
        int c2 = right ? x - w2 : x + 1;
        put(t, y + 1, c2, R_BACK, t->color ? "  " : "##");
        c2 += 3;
        c2 += put(t, y + 1, c2, R_NORMAL, cnt);
        if (warn[0])
            put(t, y + 1, c2, R_WARN, warn);
    }

    /* Line 3: thinking, or the last bid/double/pass. */
    char note[128] = "";
    int nr = R_HINT;
    if (t->thinking == s) {
        snprintf(note, sizeof note, "%s %s", play_text(p, T_THINKING), spinner(t));
        nr = R_DIM;
    } else if (p->note[s].kind != NOTE_NONE && p->note[s].kind != NOTE_PLAY) {
        play_note_word(p, s, &p->note[s], note, sizeof note);
        nr = p->note[s].kind == NOTE_PASS ? R_DIM : R_HINT;
    }
    if (note[0]) {
        if (right)
            put_right(t, y + 2, x, nr, note);
        else
            put(t, y + 2, x + 1, nr, note);
    }
}

/* A seat's play area: its last play, a hand shown by 明牌, or what it held at the end. */
static void draw_seat_cards(const Tui *t, int s, int y, int x, bool right)
{
    const Play *p = t->p;
    DdzView v;
    ddz_game_view(&p->game, PLAY_YOU, &v);
    int per = (COLS / 2 - 4) / 3;
    if (t->reveal && p->game.hand[s]) {
        draw_tiles(t, y, x, right, per, p->game.hand[s], 2);
        return;
    }
    if (p->note[s].kind == NOTE_PLAY) {
        draw_tiles(t, y, x, right, per, p->note[s].cards, 2);
        return;
    }
    if (v.shown[s]) {
        char label[32];
        snprintf(label, sizeof label, "%s:", play_text(p, T_SHOW));
        int lx = right ? x - text_width(label) : x;
        put(t, y, lx, R_HINT, label);
        draw_tiles(t, y + 1, x, right, per, v.shown[s], 1);
    }
}

static void draw_table(const Tui *t)
{
    const Play *p = t->p;
    int yb = LINES - 9; /* message line */
    /* Top: counter and bottom cards. */
    /* A larger screen moves the seats towards the middle. */
    int top = 4 + (LINES - MIN_LINES) / 3, m = (COLS - MIN_COLS) / 4;
    if (p->counter)
        draw_counter(t, 1);
    draw_bottom(t, 3 + (LINES - MIN_LINES) / 6);
    draw_seat(t, PLAY_WEST, top, 1 + m, false);
    draw_seat(t, PLAY_EAST, top, COLS - 1 - m, true);
    draw_seat_cards(t, PLAY_WEST, top + 3, 2 + m, false);
    draw_seat_cards(t, PLAY_EAST, top + 3, COLS - 2 - m, true);
    /* Your last play, just above the message line. */
    const PlayNote *n = &p->note[PLAY_YOU];
    int y = yb - 3;
    if (n->kind == NOTE_PLAY) {
        draw_tiles(t, y, -1, false, (COLS - 4) / 3, n->cards, 1);
    } else if (n->kind != NOTE_NONE) {
        char w[64];
        play_note_word(p, PLAY_YOU, n, w, sizeof w);
        put_center(t, y, n->kind == NOTE_PASS ? R_DIM : R_HINT, w);
    }
}

/* The prompt line: the choices when bidding or doubling, the selection when playing. */
static void draw_prompt(const Tui *t, int y)
{
    const Play *p = t->p;
    const DdzGame *g = &p->game;
    char buf[400], word[64];
    if (g->turn != PLAY_YOU || t->overlay == OV_RESULT || t->overlay == OV_FINAL || p->over || p->net.watching)
        return;
    if (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE) {
        PlayText q = g->phase == DDZ_PHASE_BID
                         ? (g->opt.bid_mode == DDZ_BID_ROB ? (g->bid ? T_TURN_ROB_ROB : T_TURN_ROB_CALL) : T_TURN_BID)
                         : g->opt.double_mode == DDZ_DOUBLE_APP ? T_TURN_APP
                         : g->landlord == PLAY_YOU             ? T_TURN_REDOUBLE
                                                               : T_TURN_DOUBLE;
        const char *qs = play_text(p, q);
        uint8_t v[4];
        int n = play_values(p, v);
        /* "Your bid?  [3] bid 3  [2] bid 2 ..." centred: two columns between choices. */
        int w = text_width(qs);
        for (int i = 0; i < n; i++) {
            PlayNote note = {g->phase == DDZ_PHASE_BID ? NOTE_BID : NOTE_DOUBLE, v[i], g->bid != 0, ddz_move_pass(), 0};
            play_note_word(p, PLAY_YOU, &note, word, sizeof word);
            w += 2 + 3 + 1 + text_width(word);
        }
        int x = (COLS - w) / 2;
        x += put(t, y, x, R_BOLD, qs);
        for (int i = n - 1; i >= 0; i--) {
            PlayNote note = {g->phase == DDZ_PHASE_BID ? NOTE_BID : NOTE_DOUBLE, v[i], g->bid != 0, ddz_move_pass(), 0};
            play_note_word(p, PLAY_YOU, &note, word, sizeof word);
            snprintf(buf, sizeof buf, "[%d]", v[i]);
            x += 2;
            x += put(t, y, x, p->sel.value == v[i] ? R_TURN : R_BADGE, buf) + 1;
            x += put(t, y, x, p->sel.value == v[i] ? R_HINT : R_NORMAL, word);
        }
        return;
    }
    if (g->phase != DDZ_PHASE_PLAY)
        return;
    char desc[300];
    play_sel_describe(p, desc, sizeof desc);
    if (!p->sel.cards && !p->sel.typed[0]) {
        DdzMove table = ddz_game_table(g);
        if (table.type == DDZ_PASS) {
            snprintf(desc, sizeof desc, "%s", play_text(p, T_TURN_LEAD));
        } else {
            DdzView v;
            ddz_game_view(g, PLAY_YOU, &v);
            play_move_text(p, &table, buf, sizeof buf);
            play_fmt(p, desc, sizeof desc, T_TURN_FOLLOW, play_seat_name(p, v.table_seat), buf);
        }
    }
    if (p->sel.typed[0])
        snprintf(buf, sizeof buf, "> %s_   %s", p->sel.typed, desc);
    else
        snprintf(buf, sizeof buf, "%s", desc);
    put_center(t, y, p->sel.cards || p->sel.typed[0] ? R_BOLD : R_DIM, buf);
}

static void draw_hand(const Tui *t)
{
    const Play *p = t->p;
    const DdzGame *g = &p->game;
    DdzCards hand = g->hand[PLAY_YOU];
    int y = LINES - 5;
    DdzCard list[24];
    int n = 0;
    for (DdzCard c = 0; c < DDZ_CARD_NB && n < 24; c++)
        if (ddz_cards_has(hand, c))
            list[n++] = c;
    bool playing = g->phase == DDZ_PHASE_PLAY && g->turn == PLAY_YOU;
    DdzCards raised = playing ? p->sel.cards : 0;
    if (playing && p->sel.typed[0]) {
        DdzRanks r;
        DdzError err;
        DdzCards c = 0;
        if (ddz_ranks_parse(p->sel.typed, &r, &err) == 0 && ddz_cards_pick(hand, r, &c))
            raised = c;
        else
            raised = 0;
    }
    if (p->net.watching) {
        /* A spectator sees the bottom seat's cards face down. */
        n = p->net.watched_count;
        playing = false;
    }
    int x0 = (COLS - (3 * n - 1)) / 2;
    for (int i = 0; i < n && p->net.watching; i++)
        for (int r = 0; r < 2; r++)
            put(t, y + r, x0 + 3 * i, R_BACK, t->color ? "  " : "##");
    for (int i = 0; i < n && !p->net.watching; i++) {
        bool up = ddz_cards_has(raised, list[i]);
        bool cur = playing && i == t->cursor && !p->sel.typed[0];
        draw_tile(t, up ? y - 1 : y, x0 + 3 * i, list[i], 3, cur);
    }
    if (playing && n > 0 && !p->sel.typed[0])
        put(t, y + 3, x0 + 3 * t->cursor, R_HINT, "^^");
    /* Your label above the hand. */
    DdzView v;
    ddz_game_view(g, PLAY_YOU, &v);
    char name[64], badge[64] = "", dbl[64] = "", info[96], cnt[32], score[32];
    snprintf(name, sizeof name, " %s ", play_seat_name(p, PLAY_YOU));
    if (v.landlord == PLAY_YOU)
        snprintf(badge, sizeof badge, " %s ", play_text(p, T_LANDLORD));
    else if (v.landlord != DDZ_NO_SEAT)
        snprintf(badge, sizeof badge, " %s ", play_text(p, T_FARMER));
    if (v.dbl[0] && g->opt.double_mode != DDZ_DOUBLE_NONE) {
        PlayNote nn = {NOTE_DOUBLE, v.dbl[0], false, ddz_move_pass(), 0};
        char w[32];
        play_note_word(p, PLAY_YOU, &nn, w, sizeof w);
        snprintf(dbl, sizeof dbl, " %s ", w);
    }
    if (p->net.on && p->net.autop[PLAY_YOU]) {
        size_t dn = strlen(dbl);
        snprintf(dbl + dn, sizeof dbl - dn, " %s ", play_text(p, T_NET_AUTO));
    }
    play_fmt(p, cnt, sizeof cnt, n == 1 ? T_ONE_CARD : T_CARDS_LEFT, n);
    play_fmt(p, score, sizeof score, T_POINTS, p->match.score[0]);
    snprintf(info, sizeof info, "%s · %s", cnt, score);
    int ly = y - 2, x = 1;
    bool turn = g->turn == PLAY_YOU && (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE ||
                                        g->phase == DDZ_PHASE_PLAY);
    x += put(t, ly, x, turn ? R_TURN : R_BOLD, name) + 1;
    if (badge[0])
        x += put(t, ly, x, v.landlord == PLAY_YOU ? R_BADGE : R_DIM, badge) + 1;
    if (dbl[0])
        x += put(t, ly, x, R_WARN, dbl) + 1;
    x += put(t, ly, x, R_DIM, info) + 1;
    if (turn && !p->net.watching)
        put(t, ly, x + 1, R_GOOD, play_text(p, T_TURN_YOU));
}

static void draw_message(const Tui *t, int y)
{
    const Play *p = t->p;
    if (p->msg[0]) {
        int r = p->msg_kind == MSG_ERROR ? R_ERROR : p->msg_kind == MSG_HINT ? R_HINT : R_NORMAL;
        put_center(t, y, r, p->msg);
    } else if (t->event[0]) {
        put_center(t, y, t->event_role, t->event);
    }
}

static void draw_keys(const Tui *t)
{
    const Play *p = t->p;
    const DdzGame *g = &p->game;
    PlayText k = T_KEYS_WAIT;
    if (g->turn == PLAY_YOU && !p->over && !p->net.watching) {
        if (g->phase == DDZ_PHASE_PLAY)
            k = T_KEYS_PLAY;
        else if (g->phase == DDZ_PHASE_BID)
            k = g->opt.bid_mode == DDZ_BID_ROB ? T_KEYS_YESNO : T_KEYS_BID;
        else if (g->phase == DDZ_PHASE_DOUBLE)
            k = g->opt.double_mode == DDZ_DOUBLE_APP ? T_KEYS_APP : T_KEYS_YESNO;
    }
    char buf[256];
    snprintf(buf, sizeof buf, "%s%s%s", play_text(p, k),
             g->turn == PLAY_YOU && play_can_show(p) ? play_text(p, T_KEYS_SHOW) : "",
             !p->net.on ? "" : p->net.watching ? play_text(p, T_NET_KEYS_WATCHING) : play_text(p, T_NET_KEYS_AUTO));
    put_center(t, LINES - 1, R_DIM, buf);
}

/* Panels -----------------------------------------------------------------------------------*/

/* Writes the lines of text (split at '\n') from (y, x). Returns the lines written. */
static int put_lines(const Tui *t, int y, int x, int r, const char *text, int maxw)
{
    char line[400];
    int n = 0;
    while (*text) {
        const char *e = strchr(text, '\n');
        size_t len = e ? (size_t)(e - text) : strlen(text);
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, text, len);
        line[len] = '\0';
        put_max(t, y + n, x, r, line, maxw);
        n++;
        text += len + (e ? 1 : 0);
        if (!e)
            break;
    }
    return n;
}

static int count_lines(const char *s, int *maxw)
{
    int n = 1;
    char line[400];
    *maxw = 0;
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (len >= sizeof line)
            len = sizeof line - 1;
        memcpy(line, s, len);
        line[len] = '\0';
        int w = text_width(line);
        if (w > *maxw)
            *maxw = w;
        if (!e)
            break;
        n++;
        s = e + 1;
    }
    return n;
}

static void draw_help(const Tui *t)
{
    const Play *p = t->p;
    const char *keys = play_text(p, T_HELP_KEYS), *types = play_text(p, T_HELP_TYPES);
    int w1, w2;
    int n1 = count_lines(keys, &w1), n2 = count_lines(types, &w2);
    int w = (w1 > w2 ? w1 : w2) + 4, h = n1 + n2 + 5;
    if (w > COLS)
        w = COLS;
    if (h > LINES)
        h = LINES;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    box_at(t, y, x, h, w, play_text(p, T_HELP_TITLE));
    put_lines(t, y + 1, x + 2, R_NORMAL, keys, w - 4);
    put_lines(t, y + 2 + n1, x + 2, R_HINT, types, w - 4);
    char seed[64];
    if (p->net.on)
        return;
    play_fmt(p, seed, sizeof seed, T_REPLAY, (unsigned long long)p->cfg.seed);
    put(t, y + h - 2, x + 2, R_DIM, seed);
}

static void draw_quit(const Tui *t)
{
    const char *q = play_text(t->p, t->p->net.on ? T_NET_QUIT : T_QUIT_ASK);
    int w = text_width(q) + 8, h = 3;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    box_at(t, y, x, h, w, NULL);
    put(t, y + 1, x + 4, R_BOLD, q);
}

/* Left-pads s to w columns. */
static void lpad(const char *s, int w, char *out, size_t size)
{
    int sw = text_width(s);
    snprintf(out, size, "%*s%s", w > sw ? w - sw : 0, "", s);
}

/* Right-pads s to w columns. */
static void rpad(const char *s, int w, char *out, size_t size)
{
    int sw = text_width(s);
    snprintf(out, size, "%s%*s", s, w > sw ? w - sw : 0, "");
}

static void draw_result(const Tui *t)
{
    const Play *p = t->p;
    const DdzResult *r = &p->result;
    char title[64], line[200], a[96], b[96];
    int w = 52, h = 13;
    int y = (LINES - h) / 2 - 1, x = (COLS - w) / 2;
    play_fmt(p, title, sizeof title, T_GAME_N, p->match.games);
    box_at(t, y, x, h, w, title);
    int yy = y + 2;
    if (r->landlord_won)
        play_fmt(p, a, sizeof a, T_LANDLORD_WINS, play_seat_name(p, r->landlord));
    else
        play_fmt(p, a, sizeof a, T_FARMERS_WIN);
    bool won = r->score[PLAY_YOU] > 0;
    snprintf(line, sizeof line, "%s  %s", a, play_text(p, won ? T_YOU_WIN : T_YOU_LOSE));
    put(t, yy, x + (w - text_width(line)) / 2, won ? R_GOOD : R_ERROR, line);
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
        put(t, yy, x + (w - text_width(line)) / 2, R_WARN, line);
    yy++;
    play_fmt(p, a, sizeof a, T_STAKE, r->base, r->multiple, r->base * r->multiple);
    put(t, yy, x + (w - text_width(a)) / 2, R_NORMAL, a);
    yy += 2;
    int nw = 6; /* the names' column: wider for the players' names of ddz connect */
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (text_width(play_seat_name(p, s)) > nw)
            nw = text_width(play_seat_name(p, s)) > 14 ? 14 : text_width(play_seat_name(p, s));
    for (int s = 0; s < DDZ_SEAT_NB; s++, yy++) {
        char name[160], delta[160], total[160], role_[160];
        rpad(play_seat_name(p, s), nw, name, sizeof name);
        snprintf(a, sizeof a, "%+d", r->score[s]);
        lpad(a, 6, delta, sizeof delta);
        snprintf(b, sizeof b, "%d", p->match.score[s]);
        lpad(b, 6, total, sizeof total);
        char rw[96], dw[64] = "";
        if (p->game.dbl[s] && p->game.opt.double_mode != DDZ_DOUBLE_NONE) {
            PlayNote dn = {NOTE_DOUBLE, p->game.dbl[s], false, ddz_move_pass(), 0};
            play_note_word(p, s, &dn, dw, sizeof dw);
        }
        snprintf(rw, sizeof rw, "%s%s%s", play_text(p, s == r->landlord ? T_LANDLORD : T_FARMER), dw[0] ? " " : "", dw);
        rpad(rw, 12, role_, sizeof role_);
        int cx = x + 6 - (nw - 6) / 2;
        cx += put_max(t, yy, cx, s == PLAY_YOU ? R_BOLD : R_NORMAL, name, nw) + 1;
        cx += put(t, yy, cx, R_DIM, role_) + 1;
        cx += put(t, yy, cx, r->score[s] > 0 ? R_GOOD : R_ERROR, delta);
        cx += put(t, yy, cx, R_DIM, "  →") ;
        put(t, yy, cx, R_BOLD, total);
    }
    const char *k = play_text(p, p->net.on ? T_NET_RESULT_KEYS : ddz_match_over(&p->match) ? T_END_MATCH : T_NEXT_GAME);
    put(t, y + h - 2, x + (w - text_width(k)) / 2, R_HINT, k);
}

static void draw_final(const Tui *t)
{
    const Play *p = t->p;
    char title[96], line[400], a[64];
    int w = 50, h = 11;
    int y = (LINES - h) / 2 - 1, x = (COLS - w) / 2;
    box_at(t, y, x, h, w, play_text(p, T_TITLE_HEAD));
    play_fmt(p, title, sizeof title, T_MATCH_OVER, p->match.games);
    put(t, y + 2, x + (w - text_width(title)) / 2, R_BOLD, title);
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
        rpad(play_seat_name(p, s), 6, name, sizeof name);
        snprintf(a, sizeof a, "%d", p->match.score[s]);
        lpad(a, 5, score, sizeof score);
        snprintf(line, sizeof line, "%d.  %s %s   ", i + 1, name, score);
        int cx = x + 10;
        cx += put(t, y + 4 + i, cx, s == PLAY_YOU ? R_BOLD : R_NORMAL, line);
        put(t, y + 4 + i, cx, p->match.score[s] >= 300 ? R_BADGE : p->match.score[s] < 0 ? R_ERROR : R_HINT,
            play_title(p, p->match.score[s]));
    }
    play_fmt(p, line, sizeof line, T_REPLAY, (unsigned long long)p->cfg.seed);
    put(t, y + h - 3, x + (w - text_width(line)) / 2, R_DIM, line);
    const char *k = play_text(p, T_LEAVE);
    put(t, y + h - 2, x + (w - text_width(k)) / 2, R_HINT, k);
}

static void draw_readings(const Tui *t)
{
    const Play *p = t->p;
    int w = 60, h = p->nreadings + 4;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    box_at(t, y, x, h, w, NULL);
    put(t, y + 1, x + 2, R_BOLD, p->msg);
    for (int i = 0; i < p->nreadings; i++) {
        char text[128], desc[64], line[220];
        play_move_text(p, &p->readings[i], text, sizeof text);
        ddz_move_describe(&p->readings[i], desc, sizeof desc);
        snprintf(line, sizeof line, "[%d] %s  %s", i + 1, text, desc);
        put(t, y + 2 + i, x + 2, R_NORMAL, line);
    }
}

static void draw(Tui *t)
{
    erase();
    if (COLS < MIN_COLS || LINES < MIN_LINES) {
        char buf[256];
        play_fmt(t->p, buf, sizeof buf, T_TOO_SMALL, COLS, LINES, MIN_COLS, MIN_LINES);
        int y = LINES / 2;
        /* Word-wrap crudely: the message may be wider than the screen. */
        int w = text_width(buf);
        if (w <= COLS) {
            put_center(t, y, R_BOLD, buf);
        } else {
            put_max(t, y - 1, 0, R_BOLD, buf, COLS);
        }
        refresh();
        return;
    }
    draw_title(t);
    draw_table(t);
    draw_message(t, LINES - 9);
    draw_prompt(t, LINES - 8);
    draw_hand(t);
    draw_keys(t);
    switch (t->overlay) {
    case OV_HELP:
        draw_help(t);
        break;
    case OV_QUIT:
        draw_quit(t);
        break;
    case OV_RESULT:
        draw_result(t);
        break;
    case OV_FINAL:
        draw_final(t);
        break;
    case OV_READINGS:
        draw_readings(t);
        break;
    default:
        break;
    }
    move(LINES - 1, COLS - 1);
    refresh();
}

static bool too_small(void) { return COLS < MIN_COLS || LINES < MIN_LINES; }
static void set_event(Tui *t, int r, const char *s);

/* For ddz connect -------------------------------------------------------------------------*/

static bool frame_color;

void play_tui_colors(bool color)
{
    Tui t;
    memset(&t, 0, sizeof t);
    t.color = color;
    init_colors(&t);
    frame_color = t.color;
}

void play_tui_frame(Play *p, int cursor, const char *event, int panel)
{
    static const int overlay[] = {OV_NONE, OV_RESULT, OV_HELP, OV_QUIT};
    Tui t;
    memset(&t, 0, sizeof t);
    t.p = p;
    t.color = frame_color;
    t.cursor = cursor;
    t.thinking = -1;
    t.overlay = panel >= 0 && panel <= PLAY_PANEL_QUIT ? overlay[panel] : OV_NONE;
    set_event(&t, R_NORMAL, event ? event : "");
    draw(&t);
}

static int net_role(int r)
{
    static const int map[] = {R_NORMAL, R_TITLE, R_HINT, R_ERROR, R_GOOD, R_DIM, R_BOLD, R_BADGE, R_TURN, R_WARN, R_CURSOR};
    return r >= 0 && r <= PLAY_R_CURSOR ? map[r] : R_NORMAL;
}

int play_tui_put(int y, int x, int r, const char *s, int max)
{
    Tui t;
    memset(&t, 0, sizeof t);
    t.color = frame_color;
    return put_max(&t, y, x, net_role(r), s, max);
}

void play_tui_fill(int y, int x, int h, int w, int r)
{
    Tui t;
    memset(&t, 0, sizeof t);
    t.color = frame_color;
    fill(&t, y, x, h, w, net_role(r));
}

void play_tui_box(int y, int x, int h, int w, const char *title)
{
    Tui t;
    memset(&t, 0, sizeof t);
    t.color = frame_color;
    box_at(&t, y, x, h, w, title);
}

int play_text_width(const char *s) { return text_width(s); }

/* Input ------------------------------------------------------------------------------------*/

/* Waits up to ms milliseconds (-1: without end) for a key. A resize redraws, the spinner
 * turns while a seat thinks, and a signal returns K_ABORT. Returns ERR at the time out. */
static int get_key(Tui *t, int ms)
{
    long end = ms >= 0 ? now_ms() + ms : 0, last_spin = now_ms();
    for (;;) {
        if (got_signal)
            return K_ABORT;
        int wait = 100;
        if (ms >= 0) {
            long left = end - now_ms();
            if (left <= 0)
                return ERR;
            if (left < wait)
                wait = (int)left;
        }
        timeout(wait);
        int k = getch();
        if (k == KEY_RESIZE) {
            draw(t);
            continue;
        }
        if (k == ERR) {
            if (t->thinking >= 0 && now_ms() - last_spin >= 90) {
                t->spin++;
                last_spin = now_ms();
                draw(t);
            }
            continue;
        }
        if (k == 3) /* Ctrl-C delivered as a key */
            return K_ABORT;
        return k;
    }
}

/* Asks before quitting; returns true to quit. */
static bool ask_quit(Tui *t)
{
    int saved = t->overlay;
    t->overlay = OV_QUIT;
    draw(t);
    for (;;) {
        int k = get_key(t, -1);
        if (k == K_ABORT || k == 'y' || k == 'Y') {
            t->overlay = saved;
            return true;
        }
        if (k == 'n' || k == 'N' || k == 27 || k == 'q' || k == '\n' || k == '\r' || k == KEY_ENTER) {
            t->overlay = saved;
            draw(t);
            return false;
        }
    }
}

/* Keys that work at any moment: counter, help, quit. Returns 1 when handled, 0 when not,
 * -1 when the person quits. */
static int common_key(Tui *t, int k)
{
    if (k == K_ABORT)
        return -1;
    if (too_small())
        return k == 'q' ? (ask_quit(t) ? -1 : 1) : 1;
    if (k == 'c' || k == 'C') {
        t->p->counter = !t->p->counter;
        draw(t);
        return 1;
    }
    if (k == '?') {
        int saved = t->overlay;
        t->overlay = OV_HELP;
        draw(t);
        int k2 = get_key(t, -1);
        t->overlay = saved;
        draw(t);
        return k2 == K_ABORT ? -1 : 1;
    }
    if (k == 'q')
        return ask_quit(t) ? -1 : 1;
    return 0;
}

/* Callbacks --------------------------------------------------------------------------------*/

static void set_event(Tui *t, int r, const char *s)
{
    snprintf(t->event, sizeof t->event, "%s", s);
    t->event_role = r;
}

/* Waits ms, or until a key; returns -1 when the person quits. */
static int pause_ms(Tui *t, int ms)
{
    long end = now_ms() + ms;
    for (;;) {
        long left = end - now_ms();
        if (left <= 0)
            return 0;
        int k = get_key(t, (int)left);
        if (k == ERR)
            return 0;
        int c = common_key(t, k);
        if (c < 0)
            return -1;
        if (c == 0)
            return 0; /* any other key skips the pause */
    }
}

/* Shows a panel until Enter (or space); returns -1 when the person quits. */
static int wait_panel(Tui *t, int overlay)
{
    t->overlay = overlay;
    flushinp(); /* keys typed before the panel showed must not close it unread */
    draw(t);
    for (;;) {
        int k = get_key(t, -1);
        if (k == '\n' || k == '\r' || k == KEY_ENTER || k == ' ') {
            if (too_small())
                continue;
            t->overlay = OV_NONE;
            return 0;
        }
        if (overlay == OV_FINAL && (k == 'q' || k == 27)) {
            t->overlay = OV_NONE;
            return 0;
        }
        if (k == 'v' || k == 'V' || k == '\t') {
            /* Look at the table under the panel: the hands that were left. */
            t->overlay = t->overlay == OV_NONE ? overlay : OV_NONE;
            draw(t);
            continue;
        }
        if (k == 'c' || k == '?')
            continue; /* the panel stays on top */
        int c = common_key(t, k);
        if (c < 0)
            return -1;
        draw(t);
    }
}

static int tui_event(void *ctx, Play *p, const PlayEvent *e)
{
    Tui *t = ctx;
    char buf[400], b2[256];
    const DdzGame *g = &p->game;
    t->thinking = -1;
    switch (e->kind) {
    case EV_DEAL:
        t->reveal = false;
        t->cursor = 0;
        if (g->revealed >= 0) {
            play_cards_text(p, ddz_cards_of(g->revealed), b2, sizeof b2);
            play_fmt(p, buf, sizeof buf, T_REVEALED, b2, play_seat_name(p, g->first));
        } else {
            play_fmt(p, buf, sizeof buf, T_FIRST_BIDS, play_seat_name(p, g->first));
        }
        set_event(t, R_HINT, buf);
        draw(t);
        break;
    case EV_ACTION: {
        int s = e->action.seat, left = ddz_cards_size(g->hand[s]);
        play_action_text(p, e->index, buf, sizeof buf);
        int r = s == PLAY_YOU ? R_DIM : R_NORMAL;
        if (e->action.kind == DDZ_ACT_PLAY && e->action.move.type != DDZ_PASS && (left == 1 || left == 2)) {
            play_fmt(p, buf, sizeof buf, left == 1 ? T_EV_ONE_LEFT : T_EV_TWO_LEFT, play_seat_name(p, s));
            r = R_WARN;
        }
        set_event(t, r, buf);
        int n = ddz_cards_size(g->hand[PLAY_YOU]);
        if (t->cursor >= n)
            t->cursor = n > 0 ? n - 1 : 0;
        draw(t);
        break;
    }
    case EV_LANDLORD:
        play_cards_text(p, g->bottom, b2, sizeof b2);
        play_fmt(p, buf, sizeof buf, T_EV_LANDLORD, play_seat_name(p, g->landlord), play_base(p), b2);
        set_event(t, R_HINT, buf);
        draw(t);
        return pause_ms(t, p->cfg.delay_ms);
    case EV_REDEAL:
        set_event(t, R_WARN, play_text(p, T_EV_REDEAL));
        draw(t);
        return pause_ms(t, p->cfg.delay_ms * 2 + 300);
    case EV_GAME_OVER:
        t->reveal = true;
        p->msg[0] = '\0';
        draw(t);
        if (pause_ms(t, p->cfg.delay_ms * 2) != 0)
            return -1;
        return wait_panel(t, OV_RESULT);
    case EV_MATCH_OVER:
        return wait_panel(t, OV_FINAL);
    default:
        break;
    }
    return 0;
}

static int tui_think(void *ctx, Play *p, int seat)
{
    Tui *t = ctx;
    t->thinking = seat;
    draw(t);
    long end = now_ms() + p->cfg.delay_ms;
    for (;;) {
        long left = end - now_ms();
        if (left <= 0 && !too_small())
            break;
        int k = get_key(t, left > 0 ? (int)left : 100);
        if (k == ERR)
            continue;
        if (common_key(t, k) < 0)
            return -1;
    }
    t->thinking = -1;
    return 0;
}

bool play_type_rank(Play *p, int k)
{
    PlaySel *sel = &p->sel;
    size_t tl = strlen(sel->typed);
    if (k <= 0 || k >= 128 ||
        !((k >= '2' && k <= '9') || strchr("1tTjJQkKaAxXdDbBrR", k) || (tl > 0 && k == 'q') ||
          (k == '0' && tl > 0 && sel->typed[tl - 1] == '1')))
        return false;
    if (tl + 1 < sizeof sel->typed) {
        sel->typed[tl] = (char)(k == 'q' ? 'Q' : k);
        sel->typed[tl + 1] = '\0';
    }
    sel->hint = -1;
    sel->pass_hint = false;
    sel->cards = 0;
    p->msg[0] = '\0';
    return true;
}

/* Keys of the play phase. Returns 1 when an action was applied, 0 to go on, -1 to quit. */
static int play_key(Tui *t, int k)
{
    Play *p = t->p;
    PlaySel *sel = &p->sel;
    size_t tl = strlen(sel->typed);
    DdzCard list[24];
    int n = 0;
    for (DdzCard c = 0; c < DDZ_CARD_NB && n < 24; c++)
        if (ddz_cards_has(p->game.hand[PLAY_YOU], c))
            list[n++] = c;
    if (play_type_rank(p, k))
        return 0;
    if (k == '0') {
        play_say(p, MSG_ERROR, T_ERR_LONE_ONE, 1);
        return 0;
    }
    switch (k) {
    case KEY_BACKSPACE:
    case 127:
    case 8:
        if (tl > 0) {
            tl -= tl >= 2 && sel->typed[tl - 1] == '0' && sel->typed[tl - 2] == '1' ? 2 : 1;
            sel->typed[tl] = '\0';
        } else {
            sel->cards = 0;
        }
        p->msg[0] = '\0';
        return 0;
    case 27:
        play_sel_clear(p);
        p->msg[0] = '\0';
        return 0;
    case KEY_LEFT:
        if (t->cursor > 0)
            t->cursor--;
        return 0;
    case KEY_RIGHT:
        if (t->cursor < n - 1)
            t->cursor++;
        return 0;
    case KEY_HOME:
        t->cursor = 0;
        return 0;
    case KEY_END:
        t->cursor = n > 0 ? n - 1 : 0;
        return 0;
    case ' ':
    case KEY_UP:
    case KEY_DOWN:
        if (n == 0)
            return 0;
        if (sel->typed[0]) {
            /* Start from what the typed ranks raised. */
            DdzCards c = 0;
            DdzRanks r;
            DdzError err;
            if (ddz_ranks_parse(sel->typed, &r, &err) == 0)
                ddz_cards_pick(p->game.hand[PLAY_YOU], r, &c);
            sel->cards = c;
            sel->typed[0] = '\0';
        }
        if (k == ' ')
            sel->cards ^= ddz_cards_of(list[t->cursor]);
        else if (k == KEY_UP)
            sel->cards |= ddz_cards_of(list[t->cursor]);
        else
            sel->cards &= ~ddz_cards_of(list[t->cursor]);
        sel->hint = -1;
        sel->pass_hint = false;
        p->msg[0] = '\0';
        return 0;
    case 'h':
    case 'H':
    case '\t':
        play_hint_next(p);
        return 0;
    case 'p':
    case 'P':
        return play_human_pass(p) == 0 ? 1 : 0;
    case 'm':
    case 'M':
        return play_human_show(p) == 0 ? 1 : 0;
    case '\n':
    case '\r':
    case KEY_ENTER: {
        DdzCards cards = 0;
        if (sel->typed[0] && play_typed_cards(p, sel->typed, &cards) != 0)
            return 0;
        int rc = sel->typed[0] ? (cards ? play_human_cards(p, cards, -1) : play_human_pass(p)) : play_human_selection(p);
        if (rc == 1) {
            /* Several readings while leading: choose one. */
            if (!cards)
                cards = sel->cards;
            t->overlay = OV_READINGS;
            draw(t);
            for (;;) {
                int k2 = get_key(t, -1);
                if (k2 == K_ABORT) {
                    t->overlay = OV_NONE;
                    return -1;
                }
                if (k2 == 27) {
                    t->overlay = OV_NONE;
                    p->msg[0] = '\0';
                    return 0;
                }
                if (k2 >= '1' && k2 < '1' + p->nreadings) {
                    t->overlay = OV_NONE;
                    return play_human_cards(p, cards, k2 - '1') == 0 ? 1 : 0;
                }
            }
        }
        return rc == 0 ? 1 : 0;
    }
    default:
        return 0;
    }
}

/* Keys of bidding and doubling. */
static int value_key(Tui *t, int k)
{
    Play *p = t->p;
    int phase = p->game.phase, v = -1;
    if (k >= '0' && k <= '9')
        v = k - '0'; /* the refusal says which values are allowed */
    else if (k == 'p' || k == 'P' || k == 'n' || k == 'N')
        v = 0;
    else if (k == 'y' || k == 'Y')
        v = 1;
    else if (k == 'h' || k == 'H' || k == '\t') {
        play_hint_next(p);
        return 0;
    } else if (k == '\n' || k == '\r' || k == KEY_ENTER) {
        return play_human_selection(p) == 0 ? 1 : 0;
    } else if (k == 'm' || k == 'M') {
        return play_human_show(p) == 0 ? 1 : 0;
    }
    if (v < 0)
        return 0;
    int rc = phase == DDZ_PHASE_BID ? play_human_bid(p, v) : play_human_double(p, v);
    return rc == 0 ? 1 : 0;
}

static int tui_human(void *ctx, Play *p)
{
    Tui *t = ctx;
    t->thinking = -1;
    int n = ddz_cards_size(p->game.hand[PLAY_YOU]);
    if (t->cursor >= n)
        t->cursor = n > 0 ? n - 1 : 0;
    for (;;) {
        draw(t);
        int k = get_key(t, -1);
        if (k == K_ABORT)
            return -1;
        if (too_small()) {
            if (common_key(t, k) < 0)
                return -1;
            continue;
        }
        /* 'q' is the queen while ranks are being typed, else quit. */
        bool typing = p->game.phase == DDZ_PHASE_PLAY && p->sel.typed[0];
        if (!(typing && k == 'q')) {
            int c = common_key(t, k);
            if (c < 0)
                return -1;
            if (c > 0)
                continue;
        }
        int rc = p->game.phase == DDZ_PHASE_PLAY ? play_key(t, k) : value_key(t, k);
        if (rc < 0)
            return -1;
        if (rc > 0)
            return 0;
    }
}

/* Entry ------------------------------------------------------------------------------------*/

static Tui *active;

static void restore_terminal(void)
{
    if (active && !isendwin())
        endwin();
}

int play_tui(Play *p)
{
    setlocale(LC_ALL, "");
    const char *cs = nl_langinfo(CODESET);
    if (!cs || strcmp(cs, "UTF-8") != 0) {
        /* No UTF-8: neither suits nor Chinese would show. */
        p->cfg.ascii = true;
        p->cfg.lang = PLAY_EN;
    }
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr) {
        fprintf(stderr, "ddz: play: this terminal cannot run the full screen game; playing line by line\n");
        return play_plain(p, stdin, stdout);
    }
    Tui t;
    memset(&t, 0, sizeof t);
    t.p = p;
    t.thinking = -1;
    t.color = p->cfg.color;
    active = &t;
    atexit(restore_terminal);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    init_colors(&t);
    PlayUi ui = {&t, tui_event, tui_think, tui_human};
    int rc = play_run(p, &ui);
    endwin();
    delscreen(scr);
    active = NULL;
    if (rc < 0) {
        fprintf(stderr, "ddz: play: %s\n", p->msg);
        return 2;
    }
    /* What stays on the terminal afterwards: the standing and how to replay. */
    char buf[256];
    play_fmt(p, buf, sizeof buf, rc == 0 ? T_MATCH_OVER : T_MATCH_QUIT, p->match.games);
    printf("%s", buf);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        printf("%s %s %d %s", s ? "," : "", play_seat_name(p, s), p->match.score[s], play_title(p, p->match.score[s]));
    play_fmt(p, buf, sizeof buf, T_REPLAY, (unsigned long long)p->cfg.seed);
    printf("\n%s\n", buf);
    return got_signal ? 130 : 0;
}
