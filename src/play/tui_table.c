/* tui_table.c -- the table of the full-screen game: the title bar, West and East, the bottom
 * cards and the counter, the plays in the middle, the prompt, your hand and the keys; and
 * tui_draw, which draws one whole frame with the panel on top. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include "tui.h"

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
    tui_fill(t, 0, 0, 1, COLS, R_TITLE);
    play_fmt(p, a, sizeof a, T_GAME_N, p->match.games + (p->over ? 0 : 1));
    snprintf(left, sizeof left, " ddz %s · %s", p->cfg.lang == PLAY_ZH ? "斗地主" : "Dou Dizhu", a);
    tui_put(t, 0, 0, R_TITLE, left);
    right[0] = '\0';
    if (play_base(p)) {
        play_fmt(p, a, sizeof a, T_BASE, play_base(p));
        play_fmt(p, b, sizeof b, T_MULTIPLE, play_multiple(p));
        snprintf(right, sizeof right, "%s  %s", a, b);
        if (p->game.bombs) {
            play_fmt(p, a, sizeof a, T_BOMBS_SHORT, p->game.bombs);
            size_t n = strlen(right);
            snprintf(right + n, sizeof right - n, "%s%s", p->cfg.lang == PLAY_ZH ? "" : " ", a);
        }
        size_t n = strlen(right);
        snprintf(right + n, sizeof right - n, "  ");
    }
    a[0] = '\0';
    if (!p->net.on && (!p->replay || p->cfg.seed))
        play_fmt(p, a, sizeof a, T_SEED, (unsigned long long)p->cfg.seed);
    size_t n = strlen(right);
    snprintf(right + n, sizeof right - n, "%s ", p->net.on ? p->net.status : a);
    tui_put_right(t, 0, COLS, R_TITLE, right);
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
    int ranks = ddz_ruleset_is_48(p->game.opt.rules) ? DDZ_RANK_BJ : DDZ_RANK_NB; /* hubei48: no jokers */
    int tw = tui_text_width(title) + 1, w = tw + 3 * ranks;
    int x = (COLS - w) / 2;
    tui_put(t, y, x, R_HINT, title);
    for (int k = 0; k < ranks; k++) {
        char num[8];
        tui_put(t, y, x + tw + 3 * k, R_BOLD, lab[k]);
        snprintf(num, sizeof num, "%d", c[k]);
        tui_put(t, y + 1, x + tw + 3 * k, c[k] == 0 ? R_DIM : c[k] == 4 || (k >= DDZ_RANK_BJ && c[k]) ? R_WARN : R_NORMAL,
            c[k] ? num : "·");
    }
}

static void draw_bottom(const Tui *t, int y)
{
    const Play *p = t->p;
    const DdzGame *g = &p->game;
    if (ddz_ruleset_is_48(g->opt.rules))
        return; /* the 48-card game has no bottom */
    DdzView v;
    ddz_game_view(g, PLAY_YOU, &v);
    char label[64];
    snprintf(label, sizeof label, "%s ", play_text(p, T_BOTTOM));
    int lw = tui_text_width(label);
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
        w += 3 + tui_text_width(extra);
    }
    int x = (COLS - w) / 2;
    x += tui_put(t, y, x, R_DIM, label);
    if (v.bottom) {
        for (DdzCard c = 0; c < DDZ_CARD_NB; c++)
            if (ddz_cards_has(v.bottom, c))
                x += tui_chip(t, y, x, c) + 1;
    } else {
        for (int i = 0; i < 3; i++, x += 3)
            tui_put(t, y, x, R_BACK, t->color ? "  " : "##");
    }
    if (extra[0])
        tui_put(t, y, x + 2, R_HINT, extra);
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
    int w1 = tui_text_width(name) + 1 + (badge[0] ? tui_text_width(badge) + 1 : 0) + (dbl[0] ? tui_text_width(dbl) + 1 : 0) +
             tui_text_width(score);
    int cx = right ? x - w1 : x;
    cx += tui_put(t, y, cx, turn ? R_TURN : R_BOLD, name) + 1;
    if (badge[0])
        cx += tui_put(t, y, cx, v.landlord == s ? R_BADGE : R_DIM, badge) + 1;
    if (dbl[0])
        cx += tui_put(t, y, cx, R_WARN, dbl) + 1;
    tui_put(t, y, cx, R_DIM, score);

    /* Line 2: the cards held (backs and a count) and the 报双/报单 warning. */
    {
        char cnt[48];
        bool warn = (g->phase == DDZ_PHASE_PLAY || g->phase == DDZ_PHASE_OVER) && (v.count[s] == 1 || v.count[s] == 2);
        play_fmt(p, cnt, sizeof cnt, warn ? (v.count[s] == 1 ? T_WARN_ONE : T_WARN_TWO)
                                          : v.count[s] == 1 ? T_ONE_CARD : T_CARDS_LEFT, v.count[s]);
        int w2 = 3 + tui_text_width(cnt);
        int c2 = right ? x - w2 : x + 1;
        tui_put(t, y + 1, c2, R_BACK, t->color ? "  " : "##");
        c2 += 3;
        tui_put(t, y + 1, c2, warn ? R_WARN : R_NORMAL, cnt);
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
            tui_put_right(t, y + 2, x, nr, note);
        else
            tui_put(t, y + 2, x + 1, nr, note);
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
        tui_tiles(t, y, x, right, per, p->game.hand[s], 2);
        return;
    }
    if (p->note[s].kind == NOTE_PLAY) {
        tui_tiles(t, y, x, right, per, p->note[s].cards, 2);
        return;
    }
    if (v.shown[s]) {
        char label[32];
        snprintf(label, sizeof label, "%s:", play_text(p, T_SHOW));
        int lx = right ? x - tui_text_width(label) : x;
        tui_put(t, y, lx, R_HINT, label);
        tui_tiles(t, y + 1, x, right, per, v.shown[s], 1);
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
        tui_tiles(t, y, -1, false, (COLS - 4) / 3, n->cards, 1);
    } else if (n->kind != NOTE_NONE) {
        char w[64];
        play_note_word(p, PLAY_YOU, n, w, sizeof w);
        tui_put_center(t, y, n->kind == NOTE_PASS ? R_DIM : R_HINT, w);
    }
}

/* The prompt line: the choices when bidding or doubling, the selection when playing. */
static void draw_prompt(const Tui *t, int y)
{
    const Play *p = t->p;
    const DdzGame *g = &p->game;
    char buf[400], word[64];
    if (p->replay) { /* ddz replay --view: what the step did */
        tui_put_center(t, y, R_BOLD, t->event);
        return;
    }
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
        int w = tui_text_width(qs);
        for (int i = 0; i < n; i++) {
            PlayNote note = {g->phase == DDZ_PHASE_BID ? NOTE_BID : NOTE_DOUBLE, v[i], g->bid != 0, ddz_move_pass(), 0};
            play_note_word(p, PLAY_YOU, &note, word, sizeof word);
            w += 2 + 3 + 1 + tui_text_width(word);
        }
        int x = (COLS - w) / 2;
        x += tui_put(t, y, x, R_BOLD, qs);
        for (int i = n - 1; i >= 0; i--) {
            PlayNote note = {g->phase == DDZ_PHASE_BID ? NOTE_BID : NOTE_DOUBLE, v[i], g->bid != 0, ddz_move_pass(), 0};
            play_note_word(p, PLAY_YOU, &note, word, sizeof word);
            snprintf(buf, sizeof buf, "[%d]", v[i]);
            x += 2;
            x += tui_put(t, y, x, p->sel.value == v[i] ? R_TURN : R_BADGE, buf) + 1;
            x += tui_put(t, y, x, p->sel.value == v[i] ? R_HINT : R_NORMAL, word);
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
    tui_put_center(t, y, p->sel.cards || p->sel.typed[0] ? R_BOLD : R_DIM, buf);
}

/* Whether your --timer turn has 5 seconds or less left. */
static bool left_warn(const Tui *t)
{
    if (t->deadline <= 0)
        return false;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return t->deadline - ((long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000) <= 5000;
}

static void draw_hand(const Tui *t)
{
    const Play *p = t->p;
    const DdzGame *g = &p->game;
    DdzCards hand = g->hand[PLAY_YOU];
    int y = LINES - 5;
    DdzCard list[DDZ_CARD_NB];
    int n = play_hand_order(p, hand, list, NULL);
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
    if (p->net.watching && !p->over) {
        /* A spectator sees the bottom seat's cards face down. */
        n = p->net.watched_count;
        playing = false;
    }
    int x0 = (COLS - (3 * n - 1)) / 2;
    for (int i = 0; i < n && p->net.watching && !p->over; i++)
        for (int r = 0; r < 2; r++)
            tui_put(t, y + r, x0 + 3 * i, R_BACK, t->color ? "  " : "##");
    for (int i = 0; i < n && !(p->net.watching && !p->over); i++) {
        bool up = ddz_cards_has(raised, list[i]);
        bool cur = playing && i == t->cursor && !p->sel.typed[0];
        tui_tile(t, up ? y - 1 : y, x0 + 3 * i, list[i], 3, cur);
    }
    if (playing && n > 0 && !p->sel.typed[0])
        tui_put(t, y + 3, x0 + 3 * t->cursor, R_HINT, "^^");
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
    if ((p->net.on && p->net.autop[PLAY_YOU]) || p->autoplay) {
        size_t dn = strlen(dbl);
        snprintf(dbl + dn, sizeof dbl - dn, " %s ", play_text(p, T_NET_AUTO));
    }
    play_fmt(p, cnt, sizeof cnt, n == 1 ? T_ONE_CARD : T_CARDS_LEFT, n);
    play_fmt(p, score, sizeof score, T_POINTS, p->match.score[0]);
    snprintf(info, sizeof info, "%s · %s", cnt, score);
    int ly = y - 2, x = 1;
    bool turn = g->turn == PLAY_YOU && (g->phase == DDZ_PHASE_BID || g->phase == DDZ_PHASE_DOUBLE ||
                                        g->phase == DDZ_PHASE_PLAY);
    x += tui_put(t, ly, x, turn ? R_TURN : R_BOLD, name) + 1;
    if (badge[0])
        x += tui_put(t, ly, x, v.landlord == PLAY_YOU ? R_BADGE : R_DIM, badge) + 1;
    if (dbl[0])
        x += tui_put(t, ly, x, R_WARN, dbl) + 1;
    x += tui_put(t, ly, x, R_DIM, info) + 1;
    if (turn && !p->net.watching) {
        char yt[96];
        snprintf(yt, sizeof yt, "%s", play_text(p, T_TURN_YOU));
        if (t->deadline > 0) {
            /* --timer: the seconds left, as network games show them. */
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            long left = (t->deadline - ((long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000) + 999) / 1000;
            char secs[32];
            play_fmt(p, secs, sizeof secs, T_NET_COUNTDOWN, left > 0 ? left : 0L);
            snprintf(yt + strlen(yt), sizeof yt - strlen(yt), "  %s", secs);
        }
        tui_put(t, ly, x + 1, left_warn(t) ? R_WARN : R_GOOD, yt);
    }
}

static void draw_message(const Tui *t, int y)
{
    const Play *p = t->p;
    if (p->msg[0]) {
        int r = p->msg_kind == MSG_ERROR ? R_ERROR : p->msg_kind == MSG_HINT ? R_HINT : R_NORMAL;
        tui_put_center(t, y, r, p->msg);
    } else if (t->event[0]) {
        tui_put_center(t, y, t->event_role, t->event);
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
    if (p->replay) {
        tui_put_center(t, LINES - 1, R_HINT, play_text(p, T_KEYS_REPLAY));
        return;
    }
    if (t->viewing) {
        /* The panel is hidden: say how to get it back and what Enter does. */
        PlayText enter = t->viewing == OV_FINAL ? T_W_LEAVE : ddz_match_over(&p->match) ? T_W_FINAL : T_W_NEXT;
        play_fmt(p, buf, sizeof buf, T_KEYS_VIEW, play_text(p, enter));
        tui_put_center(t, LINES - 1, R_HINT, buf);
        return;
    }
    snprintf(buf, sizeof buf, "%s%s%s", play_text(p, k),
             g->turn == PLAY_YOU && play_can_show(p) ? play_text(p, T_KEYS_SHOW) : "",
             !p->net.on ? "" : p->net.watching ? play_text(p, T_NET_KEYS_WATCHING) : play_text(p, T_NET_KEYS_AUTO));
    tui_put_center(t, LINES - 1, R_DIM, buf);
}

void tui_draw(Tui *t)
{
    erase();
    if (COLS < MIN_COLS || LINES < MIN_LINES) {
        char buf[256];
        play_fmt(t->p, buf, sizeof buf, T_TOO_SMALL, COLS, LINES, MIN_COLS, MIN_LINES);
        int y = LINES / 2;
        /* Word-wrap crudely: the message may be wider than the screen. */
        int w = tui_text_width(buf);
        if (w <= COLS) {
            tui_put_center(t, y, R_BOLD, buf);
        } else {
            tui_put_max(t, y - 1, 0, R_BOLD, buf, COLS);
        }
        refresh();
        return;
    }
    if (t->screen) {
        t->screen(t, t->screen_ctx);
    } else {
        draw_title(t);
        draw_table(t);
        draw_message(t, LINES - 9);
        draw_prompt(t, LINES - 8);
        draw_hand(t);
        draw_keys(t);
    }
    switch (t->overlay) {
    case OV_HELP:
        tui_draw_help(t);
        break;
    case OV_QUIT:
        tui_draw_quit(t);
        break;
    case OV_RESULT:
        tui_draw_result(t);
        break;
    case OV_FINAL:
        tui_draw_final(t);
        break;
    case OV_READINGS:
        tui_draw_readings(t);
        break;
    case OV_HISTORY:
        tui_draw_history(t);
        break;
    default:
        break;
    }
    move(LINES - 1, COLS - 1);
    refresh();
}
