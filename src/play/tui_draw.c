/* tui_draw.c -- the full-screen game's drawing primitives: colour roles, text cut to display
 * width, boxes, and cards as tiles and chips. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "tui.h"

/* Drawing helpers ----------------------------------------------------------------------------*/

attr_t tui_role(const Tui *t, int r)
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

void tui_init_colors(Tui *t)
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

/* The terminal's character set, chosen once when the screen starts (like curses' own LINES
 * and COLS): full UTF-8, ASCII symbols around Chinese words, or ASCII only. */
static int charset = TUI_UTF8;

void tui_set_charset(int cs) { charset = cs; }

int tui_charset(void) { return charset; }

/* ASCII stand-ins for the symbols of the game's texts. */
/* ASCII stand-ins for the symbols of the game's texts, one column each like the symbols, so
 * that aligned texts stay aligned. */
static const char *const SYMBOLS[][2] = {
    {"×", "x"}, {"·", "|"}, {"←", "<"}, {"→", ">"}, {"↑", "^"}, {"↓", "v"}, {"—", "-"}, {"–", "-"},
    {"✓", "*"}, {"“", "\""}, {"”", "\""}, {"…", "..."}, {"♠", "S"}, {"♥", "H"}, {"♦", "D"}, {"♣", "C"},
};

void tui_ascii(const char *s, char *out, size_t size)
{
    size_t n = 0;
    assert(size > 0);
    while (*s && n + 1 < size) {
        unsigned char c = (unsigned char)*s;
        if (c < 0x80) {
            /* ASCII only: " (报双)" and the like, Chinese words beside English, go. */
            if (charset == TUI_ASCII_ONLY && c == ' ' && s[1] == '(' && (unsigned char)s[2] >= 0x80) {
                const char *e = strchr(s, ')');
                if (e) {
                    s = e + 1;
                    continue;
                }
            }
            out[n++] = *s++;
            continue;
        }
        size_t k = 0;
        for (; k < sizeof SYMBOLS / sizeof SYMBOLS[0]; k++)
            if (!strncmp(s, SYMBOLS[k][0], strlen(SYMBOLS[k][0])))
                break;
        size_t len = 1;
        while ((s[len] & 0xC0) == 0x80)
            len++;
        const char *rep = k < sizeof SYMBOLS / sizeof SYMBOLS[0] ? SYMBOLS[k][1] : charset == TUI_ASCII_ONLY ? "?" : NULL;
        if (rep) {
            for (size_t i = 0; rep[i] && n + 1 < size; i++)
                out[n++] = rep[i];
        } else {
            for (size_t i = 0; i < len && n + 1 < size; i++)
                out[n++] = s[i];
        }
        s += len;
    }
    out[n] = '\0';
}

/* Display width of UTF-8 text (Chinese characters take two columns), as it will show. */
int tui_text_width(const char *s)
{
    char tmp[1024];
    if (charset != TUI_UTF8) {
        tui_ascii(s, tmp, sizeof tmp);
        s = tmp;
    }
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
int tui_put_max(const Tui *t, int y, int x, int r, const char *s, int max)
{
    if (y < 0 || y >= LINES || x >= COLS || x < 0)
        return 0;
    if (max < 0 || max > COLS - x)
        max = COLS - x;
    char tmp[1024];
    if (charset != TUI_UTF8) {
        tui_ascii(s, tmp, sizeof tmp);
        s = tmp;
    }
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
    attrset(tui_role(t, r));
    mvaddnstr(y, x, s, (int)bytes);
    attrset(A_NORMAL);
    return w;
}

int tui_put(const Tui *t, int y, int x, int r, const char *s) { return tui_put_max(t, y, x, r, s, -1); }

void tui_put_center(const Tui *t, int y, int r, const char *s)
{
    int w = tui_text_width(s);
    tui_put(t, y, w >= COLS ? 0 : (COLS - w) / 2, r, s);
}

void tui_put_right(const Tui *t, int y, int right, int r, const char *s)
{
    int x = right - tui_text_width(s);
    tui_put(t, y, x < 0 ? 0 : x, r, s);
}

/* Fills a rectangle with spaces of role r. */
void tui_fill(const Tui *t, int y, int x, int h, int w, int r)
{
    attrset(tui_role(t, r));
    for (int i = 0; i < h; i++)
        mvhline(y + i, x, ' ', w);
    attrset(A_NORMAL);
}

/* A bordered box for panels. */
void tui_box(const Tui *t, int y, int x, int h, int w, const char *title)
{
    tui_fill(t, y, x, h, w, R_NORMAL);
    attrset(tui_role(t, R_BOLD));
    if (charset == TUI_ASCII_ONLY) {
        mvhline(y, x, '-', w);
        mvhline(y + h - 1, x, '-', w);
        mvvline(y, x, '|', h);
        mvvline(y, x + w - 1, '|', h);
        mvaddch(y, x, '+');
        mvaddch(y, x + w - 1, '+');
        mvaddch(y + h - 1, x, '+');
        mvaddch(y + h - 1, x + w - 1, '+');
    } else {
        mvaddch(y, x, ACS_ULCORNER);
        mvhline(y, x + 1, ACS_HLINE, w - 2);
        mvaddch(y, x + w - 1, ACS_URCORNER);
        mvvline(y + 1, x, ACS_VLINE, h - 2);
        mvvline(y + 1, x + w - 1, ACS_VLINE, h - 2);
        mvaddch(y + h - 1, x, ACS_LLCORNER);
        mvhline(y + h - 1, x + 1, ACS_HLINE, w - 2);
        mvaddch(y + h - 1, x + w - 1, ACS_LRCORNER);
    }
    attrset(A_NORMAL);
    if (title && *title) {
        char buf[160];
        snprintf(buf, sizeof buf, " %s ", title);
        int tw = tui_text_width(buf);
        tui_put(t, y, x + (w - tw) / 2, R_BOLD, buf);
    }
}

/* Pads a card face part to two columns. */
static void pad2(const char *s, char *out, size_t size)
{
    int w = tui_text_width(s);
    snprintf(out, size, "%s%s", s, w >= 2 ? "" : w == 1 ? " " : "  ");
}

/* A card as a tile two columns wide and `rows` high: rank, suit, then blank rows. */
void tui_tile(const Tui *t, int y, int x, DdzCard c, int rows, bool cursor)
{
    char r[8], s[8], a[16], b[16];
    bool red;
    play_card_face(t->p, c, r, s, &red);
    int ro = cursor ? (red ? R_CURSOR_RED : R_CURSOR) : (red ? R_CARD_RED : R_CARD);
    pad2(r, a, sizeof a);
    pad2(s, b, sizeof b);
    tui_put(t, y, x, ro, a);
    if (rows > 1)
        tui_put(t, y + 1, x, ro, b);
    for (int i = 2; i < rows; i++)
        tui_put(t, y + i, x, ro, "  ");
}

/* A card on one line: "♠A", "♥10", "大王". */
int tui_chip(const Tui *t, int y, int x, DdzCard c)
{
    char r[8], s[8], buf[24];
    bool red;
    play_card_face(t->p, c, r, s, &red);
    if (c >= DDZ_CARD_BJ)
        snprintf(buf, sizeof buf, "%s%s", r, s);
    else
        snprintf(buf, sizeof buf, "%s%-2s", s, r);
    return tui_put(t, y, x, red ? R_CARD_RED : R_CARD, buf);
}

/* Lays cards out as 2-row tiles in rows of at most `per` tiles: from x rightwards, or ending
 * at x when right-aligned, or centred on the screen when x < 0. Returns the rows used. */
int tui_tiles(const Tui *t, int y, int x, bool right, int per, DdzCards cards, int max_rows)
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
            tui_tile(t, y + 3 * row, x0 + 3 * i, list[row * per + i], 2, false);
        used++;
    }
    return used;
}


/* Writes the lines of text (split at '\n') from (y, x). Returns the lines written. */
int tui_put_lines(const Tui *t, int y, int x, int r, const char *text, int maxw)
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
        tui_put_max(t, y + n, x, r, line, maxw);
        n++;
        text += len + (e ? 1 : 0);
        if (!e)
            break;
    }
    return n;
}

int tui_count_lines(const char *s, int *maxw)
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
        int w = tui_text_width(line);
        if (w > *maxw)
            *maxw = w;
        if (!e)
            break;
        n++;
        s = e + 1;
    }
    return n;
}

/* Left-pads s to w columns. */
void tui_lpad(const char *s, int w, char *out, size_t size)
{
    int sw = tui_text_width(s);
    snprintf(out, size, "%*s%s", w > sw ? w - sw : 0, "", s);
}

/* Right-pads s to w columns. */
void tui_rpad(const char *s, int w, char *out, size_t size)
{
    int sw = tui_text_width(s);
    snprintf(out, size, "%s%*s", s, w > sw ? w - sw : 0, "");
}
