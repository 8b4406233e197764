/* tui.c -- the full-screen game (ncursesw): input, the front-end callbacks and the entry point.
 * Every frame is drawn whole from the game state (tui_table.c, tui_panels.c, tui_draw.c) into
 * curses' buffer and sent with one refresh, which sends only what changed. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "tui.h"

static volatile sig_atomic_t got_signal; /* SIGTERM, SIGHUP: leave at once */
static volatile sig_atomic_t got_intr;   /* Ctrl-C presses not yet read (the game asks) */

static void on_signal(int sig)
{
    if (sig == SIGINT)
        got_intr++;
    else
        got_signal = sig;
}

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
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
    tui_init_colors(&t);
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
    t.reveal = p->over; /* ddz connect: the hands still held, once the server showed them */
    t.overlay = panel >= 0 && panel <= PLAY_PANEL_QUIT ? overlay[panel] : OV_NONE;
    set_event(&t, R_NORMAL, event ? event : "");
    tui_draw(&t);
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
    return tui_put_max(&t, y, x, net_role(r), s, max);
}

void play_tui_fill(int y, int x, int h, int w, int r)
{
    Tui t;
    memset(&t, 0, sizeof t);
    t.color = frame_color;
    tui_fill(&t, y, x, h, w, net_role(r));
}

void play_tui_box(int y, int x, int h, int w, const char *title)
{
    Tui t;
    memset(&t, 0, sizeof t);
    t.color = frame_color;
    tui_box(&t, y, x, h, w, title);
}

int play_text_width(const char *s) { return tui_text_width(s); }

/* Input ------------------------------------------------------------------------------------*/

/* Waits up to ms milliseconds (-1: without end) for a key. A resize redraws, the spinner
 * turns while a seat thinks; Ctrl-C returns K_INTR (the game asks), another signal K_ABORT.
 * Returns ERR at the time out. */
static int get_key(Tui *t, int ms)
{
    long end = ms >= 0 ? now_ms() + ms : 0, last_spin = now_ms();
    for (;;) {
        if (got_intr > 0) {
            got_intr--;
            return K_INTR;
        }
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
            tui_draw(t);
            continue;
        }
        if (k == ERR) {
            if (t->thinking >= 0 && now_ms() - last_spin >= 90) {
                t->spin++;
                last_spin = now_ms();
                tui_draw(t);
            }
            continue;
        }
        if (k == 3) /* Ctrl-C delivered as a key */
            return K_INTR;
        return k;
    }
}

/* Asks before quitting; returns true to quit. */
static bool ask_quit(Tui *t)
{
    int saved = t->overlay;
    t->overlay = OV_QUIT;
    tui_draw(t);
    for (;;) {
        int k = get_key(t, -1);
        if (k == K_ABORT || k == K_INTR || k == 'y' || k == 'Y') {
            t->overlay = saved;
            t->interrupted = k == K_INTR;
            return true;
        }
        if (k == 'n' || k == 'N' || k == 27 || k == '\n' || k == '\r' || k == KEY_ENTER) {
            t->overlay = saved;
            tui_draw(t);
            return false;
        }
    }
}

/* Keys that work at any moment: counter, help, quit (Esc when nothing is selected, or
 * Ctrl-C; never a letter, since letters name ranks). Returns 1 when handled, 0 when not, -1
 * when the person quits. */
static int common_key(Tui *t, int k)
{
    const Play *p = t->p;
    if (k == K_ABORT)
        return -1;
    bool selecting = p->game.phase == DDZ_PHASE_PLAY && (p->sel.cards || p->sel.typed[0]);
    if (k == K_INTR || (k == 27 && (!selecting || too_small())))
        return ask_quit(t) ? -1 : 1;
    if (too_small())
        return 1;
    if (k == 'c' || k == 'C') {
        t->p->counter = !t->p->counter;
        tui_draw(t);
        return 1;
    }
    if ((k == 's' || k == 'S') && !p->net.on) {
        /* Sort the hand: by rank, by group size, by combination, and round again. */
        play_sort_next(t->p);
        tui_draw(t);
        return 1;
    }
    if ((k == 'o' || k == 'O') && (!p->net.on || p->net.tour)) {
        /* 托管 on and off: the computer plays your turns, as in network games. */
        t->p->autoplay = !p->autoplay;
        play_say(t->p, MSG_INFO, p->autoplay ? T_AUTO_ON : T_AUTO_OFF);
        tui_draw(t);
        return 1;
    }
    if (k == '?' || k == 'l' || k == 'L') {
        int saved = t->overlay;
        t->overlay = k == '?' ? OV_HELP : OV_HISTORY;
        tui_draw(t);
        int k2 = get_key(t, -1);
        t->overlay = saved;
        tui_draw(t);
        if (k2 == K_INTR)
            return ask_quit(t) ? -1 : 1;
        return k2 == K_ABORT ? -1 : 1;
    }
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
    t->viewing = OV_NONE;
    flushinp(); /* keys typed before the panel showed must not close it unread */
    tui_draw(t);
    for (;;) {
        int k = get_key(t, -1);
        if (k == '\n' || k == '\r' || k == KEY_ENTER || k == ' ') {
            if (too_small())
                continue;
            t->overlay = t->viewing = OV_NONE;
            return 0;
        }
        if (overlay == OV_FINAL && (k == 'n' || k == 'N')) {
            t->overlay = t->viewing = OV_NONE;
            return 1; /* a new match */
        }
        if (overlay == OV_FINAL && k == 27) {
            t->overlay = t->viewing = OV_NONE;
            return 0;
        }
        if (k == 'v' || k == 'V' || k == '\t') {
            /* Look at the table under the panel (the hands that were left), and back. */
            t->viewing = t->viewing ? OV_NONE : overlay;
            t->overlay = t->viewing ? OV_NONE : overlay;
            tui_draw(t);
            continue;
        }
        if (k == 'c' && !t->viewing)
            continue; /* the counter is under the panel */
        int c = common_key(t, k);
        if (c < 0)
            return -1;
        tui_draw(t);
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
        if (p->resumed) {
            char note[sizeof p->msg];
            play_resumed_text(p, note, sizeof note);
            snprintf(p->msg, sizeof p->msg, "%s", note);
            p->msg_kind = MSG_INFO;
            p->resumed = false;
        }
        tui_draw(t);
        break;
    case EV_ACTION: {
        int s = e->action.seat, left = ddz_cards_size(g->hand[s]);
        play_action_text(p, e->index, buf, sizeof buf);
        int r = s == PLAY_YOU ? R_DIM : R_NORMAL;
        if (e->action.kind == DDZ_ACT_PLAY && e->action.move.type != DDZ_PASS && (left == 1 || left == 2)) {
            play_fmt(p, buf, sizeof buf, left == 1 ? T_EV_ONE_LEFT : T_EV_TWO_LEFT, play_seat_name(p, s));
            r = R_WARN;
        }
        if (e->action.kind == DDZ_ACT_PLAY && (e->action.move.type == DDZ_BOMB || e->action.move.type == DDZ_ROCKET)) {
            /* A visible mark: the bomb or rocket and the multiple it doubles. */
            char mark[sizeof buf];
            play_fmt(p, mark, sizeof mark, e->action.move.type == DDZ_BOMB ? T_MARK_BOMB : T_MARK_ROCKET, buf);
            snprintf(buf, sizeof buf, "%s", mark);
            r = R_WARN;
        }
        set_event(t, r, buf);
        int n = ddz_cards_size(g->hand[PLAY_YOU]);
        if (t->cursor >= n)
            t->cursor = n > 0 ? n - 1 : 0;
        tui_draw(t);
        break;
    }
    case EV_LANDLORD:
        play_landlord_text(p, play_seat_name(p, g->landlord), g->bottom, buf, sizeof buf);
        set_event(t, R_HINT, buf);
        tui_draw(t);
        return pause_ms(t, p->cfg.delay_ms);
    case EV_REDEAL:
        set_event(t, R_WARN, play_text(p, T_EV_REDEAL));
        tui_draw(t);
        return pause_ms(t, p->cfg.delay_ms * 2 + 300);
    case EV_GAME_OVER:
        t->reveal = true;
        p->msg[0] = '\0';
        tui_draw(t);
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
    tui_draw(t);
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
    DdzCard list[DDZ_CARD_NB];
    int n = play_hand_order(p, p->game.hand[PLAY_YOU], list, NULL);
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
            tui_draw(t);
            for (;;) {
                int k2 = get_key(t, -1);
                if (k2 == K_ABORT || (k2 == K_INTR && ask_quit(t))) {
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
    if (p->cfg.bell && p->game.nhist > 0 && p->game.hist[p->game.nhist - 1].seat != PLAY_YOU)
        beep(); /* your turn, after the others played */
    t->deadline = p->cfg.timer_s > 0 ? now_ms() + 1000L * p->cfg.timer_s : 0;
    int n = ddz_cards_size(p->game.hand[PLAY_YOU]);
    if (t->cursor >= n)
        t->cursor = n > 0 ? n - 1 : 0;
    for (;;) {
        if (p->autoplay && p->game.turn == PLAY_YOU)
            return play_human_auto(p) == 0 ? 0 : -1; /* 托管 switched on at your turn */
        tui_draw(t);
        long left = t->deadline > 0 ? t->deadline - now_ms() : -1;
        if (t->deadline > 0 && left <= 0) {
            /* --timer: the turn ran out; the computer plays it, as in network games. */
            t->deadline = 0;
            if (play_human_auto(p) != 0)
                return -1;
            play_say(p, MSG_INFO, T_TIME_UP);
            return 0;
        }
        int k = get_key(t, t->deadline > 0 ? (int)(left < 1000 ? left : 1000) : -1);
        if (k == ERR)
            continue; /* a second passed: redraw the countdown */
        if (k == K_ABORT)
            return -1;
        if (too_small()) {
            if (common_key(t, k) < 0)
                return -1;
            continue;
        }
        /* Letters name ranks: q is the queen. */
        if (k == 'q' && p->game.phase == DDZ_PHASE_PLAY)
            k = 'Q';
        int c = common_key(t, k);
        if (c < 0)
            return -1;
        if (c > 0)
            continue;
        int rc = p->game.phase == DDZ_PHASE_PLAY ? play_key(t, k) : value_key(t, k);
        if (rc < 0)
            return -1;
        if (rc > 0) {
            t->deadline = 0;
            return 0;
        }
    }
}

/* Entry ------------------------------------------------------------------------------------*/

static Tui *active;

static bool codeset_utf8(void)
{
    const char *cs = nl_langinfo(CODESET);
    return cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf8"));
}

/* Sets a UTF-8 character type whenever the machine has one: the person's locale, else the
 * usual UTF-8 locales (C.UTF-8 is built into glibc since 2.35). Returns false when none. */
bool tui_use_utf8_locale(void)
{
    static const char *const TRY[] = {"C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8", "zh_CN.UTF-8", "zh_CN.utf8"};
    setlocale(LC_ALL, "");
    if (codeset_utf8())
        return true;
    for (size_t i = 0; i < sizeof TRY / sizeof TRY[0]; i++)
        if (setlocale(LC_CTYPE, TRY[i]) && codeset_utf8())
            return true;
    setlocale(LC_CTYPE, "");
    return false;
}

static void restore_terminal(void)
{
    if (active && !isendwin())
        endwin();
}

/* The screen for another loop over the same table (the tournament, tourgame.c). */
int tui_get_key(Tui *t, int ms) { return get_key(t, ms); }
bool tui_ask_quit(Tui *t) { return ask_quit(t); }
PlayUi tui_callbacks(Tui *t)
{
    PlayUi ui = {t, tui_event, tui_think, tui_human};
    return ui;
}
bool tui_signalled(void) { return got_signal != 0; }

bool tui_choose_charset(Play *p)
{
    bool utf8 = tui_use_utf8_locale();
    if (!utf8) {
        /* No UTF-8 locale at all: neither suits nor Chinese can show. */
        p->cfg.ascii = true;
        p->cfg.lang = PLAY_EN;
    }
    tui_set_charset(!p->cfg.ascii ? TUI_UTF8 : p->cfg.lang == PLAY_EN ? TUI_ASCII_ONLY : TUI_ASCII_SYMBOLS);
    return utf8;
}

void tui_screen_modes(void)
{
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
}

SCREEN *tui_open(Tui *t, Play *p, bool *utf8)
{
    *utf8 = tui_choose_charset(p);
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (!scr)
        return NULL;
    memset(t, 0, sizeof *t);
    t->p = p;
    t->thinking = -1;
    t->color = p->cfg.color;
    active = t;
    atexit(restore_terminal);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    tui_screen_modes();
    tui_init_colors(t);
    return scr;
}

void tui_close(Tui *t, SCREEN *scr)
{
    endwin();
    delscreen(scr);
    if (active == t)
        active = NULL;
}

int play_tui(Play *p)
{
    Tui t;
    bool utf8;
    SCREEN *scr = tui_open(&t, p, &utf8);
    if (!scr) {
        fprintf(stderr, "ddz: play: this terminal cannot run the full screen game; playing line by line\n");
        return play_plain(p, stdin, stdout);
    }
    PlayUi ui = tui_callbacks(&t);
    int rc = play_run(p, &ui);
    tui_close(&t, scr);
    if (rc < 0) {
        fprintf(stderr, "ddz: play: %s\n", p->msg);
        return 2;
    }
    /* What stays on the terminal afterwards: the standing and how to replay. */
    char buf[256];
    play_fmt(p, buf, sizeof buf, rc == 0 ? T_MATCH_OVER : T_MATCH_QUIT, p->match.games);
    bool zh = p->cfg.lang == PLAY_ZH;
    printf("%s", buf);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        printf("%s%s %d %s", s ? (zh ? "，" : ", ") : (zh ? "" : " "), play_seat_name(p, s), p->match.score[s],
               play_title(p, p->match.score[s]));
    play_fmt(p, buf, sizeof buf, T_REPLAY, (unsigned long long)p->cfg.seed);
    printf("\n%s\n", buf);
    if (!utf8)
        fprintf(stderr, "ddz: play: this machine has no UTF-8 locale (not even C.UTF-8), so the game showed ASCII cards "
                        "(S H D C, BJ RJ) and English; install one (e.g. locales-all) for suits and Chinese\n");
    return got_signal || t.interrupted ? 130 : 0;
}
