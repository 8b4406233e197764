/* tui.h -- inside the full-screen game: the screen state shared by its files (tui.c input and
 * callbacks, tui_draw.c drawing primitives and cards, tui_table.c the table, tui_panels.c
 * the panels over it). Not a public header: only src/play includes it. */
#ifndef DDZ_PLAY_TUI_H
#define DDZ_PLAY_TUI_H

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "play.h"

#define MIN_COLS 80
#define MIN_LINES 24
#define K_ABORT (KEY_MAX + 1) /* a signal: leave at once */
#define K_INTR (KEY_MAX + 2)  /* Ctrl-C: ask, and leave on a second one */

/* Colour roles; each maps to a colour pair, or to plain attributes under NO_COLOR. */
enum { R_NORMAL, R_CARD, R_CARD_RED, R_CURSOR, R_CURSOR_RED, R_TITLE, R_WARN, R_BADGE, R_HINT,
       R_ERROR, R_BACK, R_TURN, R_GOOD, R_DIM, R_BOLD, R_NB };

enum { OV_NONE, OV_HELP, OV_QUIT, OV_RESULT, OV_FINAL, OV_READINGS, OV_HISTORY };

typedef struct Tui Tui;
struct Tui {
    Play *p;
    bool color;
    int cursor;        /* index of the cursor in your sorted hand */
    int thinking;      /* seat shown thinking, -1 none */
    int spin;          /* spinner frame */
    int overlay;
    bool reveal;       /* game over: show the hands left */
    bool quit_final;   /* the final table was left with q */
    bool interrupted;  /* the person quit with Ctrl-C (exit status 130) */
    int viewing;       /* the panel (OV_RESULT, OV_FINAL) hidden to look at the table, else 0 */
    long deadline;     /* --timer: when your turn runs out (monotonic ms), else 0 */
    char event[512];   /* the last thing that happened, for the message line */
    int event_role;
    /* Another screen drawn instead of the table (the tournament's views), NULL: the table;
     * the panels (quit, help) still go on top. */
    void (*screen)(const Tui *t, void *ctx);
    void *screen_ctx;
};

/* The screen's life for another loop than play_run (the tournament, tourgame.c): starts
 * curses as play_tui does (the locale, the character set, signals, colours) into t; NULL
 * when the terminal cannot be used. *utf8: whether a UTF-8 locale was found. */
SCREEN *tui_open(Tui *t, Play *p, bool *utf8);
/* Its parts for other full screens (replay.c): a UTF-8 locale if the machine has one (else
 * ASCII in English) and the character set of p's settings, returning whether one was found;
 * the input modes once curses runs (keys one at a time, no echo, arrows as keys, Esc at once,
 * no cursor). */
bool tui_choose_charset(Play *p);
void tui_screen_modes(void);
void tui_close(Tui *t, SCREEN *scr);
/* The game's callbacks (play_run's front end) on t. */
PlayUi tui_callbacks(Tui *t);
/* A key within ms (-1: no limit), ERR at the time out, K_INTR, K_ABORT (tui.c's get_key). */
int tui_get_key(Tui *t, int ms);
/* Asks whether to quit (the quit panel); true to quit. */
bool tui_ask_quit(Tui *t);
/* Whether SIGTERM or SIGHUP came. */
bool tui_signalled(void);

/* Drawing primitives (tui_draw.c). */
/* The character set the screen draws in: full UTF-8; ASCII symbols (--ascii with Chinese
 * text: x for ×, S H D C for suits, the Chinese words kept); ASCII only (--ascii in English,
 * or no UTF-8 locale on the machine: Chinese asides such as " (报双)" dropped). Every text
 * drawn goes through tui_ascii first unless the set is TUI_UTF8. */
enum { TUI_UTF8, TUI_ASCII_SYMBOLS, TUI_ASCII_ONLY };
void tui_set_charset(int cs);
int tui_charset(void);
void tui_ascii(const char *s, char *out, size_t size);
attr_t tui_role(const Tui *t, int r);
void tui_init_colors(Tui *t);
/* Display width of UTF-8 text (Chinese characters take two columns). */
int tui_text_width(const char *s);
/* Writes s at (y, x) with role r, cut at max columns (and at the screen's edge); returns the
 * columns written. */
int tui_put_max(const Tui *t, int y, int x, int r, const char *s, int max);
int tui_put(const Tui *t, int y, int x, int r, const char *s);
void tui_put_center(const Tui *t, int y, int r, const char *s);
void tui_put_right(const Tui *t, int y, int right, int r, const char *s);
/* Fills a rectangle with spaces of role r. */
void tui_fill(const Tui *t, int y, int x, int h, int w, int r);
/* A bordered box for panels. */
void tui_box(const Tui *t, int y, int x, int h, int w, const char *title);
/* A card as a tile two columns wide and `rows` high. */
void tui_tile(const Tui *t, int y, int x, DdzCard c, int rows, bool cursor);
/* A card on one line: "♠A", "♥10", "大王". */
int tui_chip(const Tui *t, int y, int x, DdzCard c);
/* Cards as 2-row tiles in rows of at most `per` tiles (see tui_draw.c). */
int tui_tiles(const Tui *t, int y, int x, bool right, int per, DdzCards cards, int max_rows);
/* Lines of text (split at '\n') from (y, x); the count of lines and the widest line. */
int tui_put_lines(const Tui *t, int y, int x, int r, const char *text, int maxw);
int tui_count_lines(const char *s, int *maxw);
/* Pads s to w columns on the left (lpad) or the right (rpad). */
void tui_lpad(const char *s, int w, char *out, size_t size);
void tui_rpad(const char *s, int w, char *out, size_t size);

/* Sets a UTF-8 character type whenever the machine has one (the person's locale, else
 * C.UTF-8 and the like); false when none (tui.c). */
bool tui_use_utf8_locale(void);

/* One whole frame: the table and the panel on top (tui_table.c). */
void tui_draw(Tui *t);

/* The panels (tui_panels.c). */
void tui_draw_help(const Tui *t);
void tui_draw_quit(const Tui *t);
void tui_draw_result(const Tui *t);
void tui_draw_final(const Tui *t);
void tui_draw_readings(const Tui *t);
void tui_draw_history(const Tui *t);

#endif
