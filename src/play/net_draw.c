/* net_draw.c -- ddz connect's curses screens: the lobby, the leaderboard, a room, the input
 * line and the quit box; net_draw_all draws whichever screen is current. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "net_ui.h"

/* The lobby ----------------------------------------------------------------------------------*/

static void put_center(int y, int r, const char *s)
{
    int w = play_text_width(s);
    play_tui_put(y, w >= COLS ? 0 : (COLS - w) / 2, r, s, -1);
}

static void title_bar(NetUi *u, const char *where)
{
    Play *p = u->p;
    char left[200], right[200];
    play_tui_fill(0, 0, 1, COLS, PLAY_R_TITLE);
    snprintf(left, sizeof left, " ddz %s · %s", p->cfg.lang == PLAY_ZH ? "斗地主" : "Dou Dizhu", where);
    play_tui_put(0, 0, PLAY_R_TITLE, left, -1);
    play_fmt(p, right, sizeof right, T_NET_HELLO, u->c->name, u->c->player);
    int w = play_text_width(right) + 1;
    play_tui_put(0, COLS - w > 0 ? COLS - w : 0, PLAY_R_TITLE, right, -1);
}

static void draw_leaders(NetUi *u)
{
    Play *p = u->p;
    json_t *ps = json_object_get(u->leaders, "players"), *row;
    int h = (int)json_array_size(ps) + 6, w = 60;
    if (h > LINES - 2)
        h = LINES - 2;
    int y = (LINES - h) / 2, x = (COLS - w) / 2;
    play_tui_box(y, x, h, w, play_text(p, T_NET_LEADERS));
    size_t i;
    json_array_foreach(ps, i, row) {
        if ((int)i + 2 >= h - 3)
            break;
        char a[160], b[160];
        play_fmt(p, a, sizeof a, T_NET_LEADER_ROW, (int)net_jnum(row, "rank"), net_jstr(row, "name"));
        play_fmt(p, b, sizeof b, T_NET_LEADER_SCORE, (int)net_jnum(row, "score"), (int)net_jnum(row, "games"),
                 (int)net_jnum(row, "wins"));
        bool me = net_jnum(row, "player") == u->c->player;
        play_tui_put(y + 2 + (int)i, x + 3, me ? PLAY_R_BOLD : PLAY_R_NORMAL, a, 24);
        play_tui_put(y + 2 + (int)i, x + 28, me ? PLAY_R_BOLD : PLAY_R_DIM, b, w - 30);
    }
    json_t *you = json_object_get(u->leaders, "you");
    char line[200];
    play_fmt(p, line, sizeof line, T_NET_YOU_STATS, (int)net_jnum(you, "score"), (int)net_jnum(you, "games"),
             (int)net_jnum(you, "wins"));
    play_tui_put(y + h - 2, x + 3, PLAY_R_HINT, line, w - 6);
}

static void draw_lobby(NetUi *u)
{
    Play *p = u->p;
    title_bar(u, play_text(p, T_NET_LOBBY));
    int cols[6] = {2, 7, 22, 52, 58, COLS > 80 ? COLS - 1 : 79};
    static const PlayText heads[5] = {T_NET_COL_ID, T_NET_COL_NAME, T_NET_COL_PLAYERS, T_NET_COL_SEATS, T_NET_COL_STATE};
    for (int i = 0; i < 5; i++)
        play_tui_put(2, cols[i], PLAY_R_DIM, play_text(p, heads[i]), cols[i + 1] - cols[i] - 1);
    size_t n = json_array_size(u->rooms);
    int top = 3, rows = LINES - 7;
    int first = u->sel >= rows ? u->sel - rows + 1 : 0;
    if (!n)
        put_center(LINES / 2, PLAY_R_HINT, play_text(p, T_NET_NO_ROOMS));
    for (int i = first; i < (int)n && i - first < rows; i++) {
        json_t *r = json_array_get(u->rooms, (size_t)i), *seats = json_object_get(r, "seats");
        int y = top + i - first, taken = 0;
        bool cur = i == u->sel;
        char id[32], players[200] = "", seats_s[32], state[96], name[160];
        for (size_t s = 0; s < DDZ_SEAT_NB; s++) {
            json_t *st = json_array_get(seats, s);
            if (json_is_string(st)) {
                size_t l = strlen(players);
                snprintf(players + l, sizeof players - l, "%s%s", taken ? ", " : "", json_string_value(st));
                taken++;
            }
        }
        if (cur)
            play_tui_fill(y, 0, 1, COLS, PLAY_R_TURN);
        int role = cur ? PLAY_R_TURN : PLAY_R_NORMAL;
        snprintf(id, sizeof id, "%ld%s", net_jnum(r, "id"), json_is_true(json_object_get(r, "password")) ? " *" : "");
        snprintf(name, sizeof name, "%s", net_jstr(r, "name"));
        snprintf(seats_s, sizeof seats_s, "%d/3", taken);
        snprintf(state, sizeof state, "%s",
                 play_text(p, !strcmp(net_jstr(r, "state"), "playing") ? T_NET_PLAYING : T_NET_WAITING));
        if (json_is_true(json_object_get(r, "quick"))) {
            size_t l = strlen(state);
            snprintf(state + l, sizeof state - l, " · %s", play_text(p, T_NET_QUICK));
        }
        if (net_jnum(r, "spectators")) {
            char wt[64];
            play_fmt(p, wt, sizeof wt, T_NET_WATCHERS, (int)net_jnum(r, "spectators"));
            size_t l = strlen(state);
            snprintf(state + l, sizeof state - l, " %s", wt);
        }
        play_tui_put(y, cols[0], role, id, cols[1] - cols[0] - 1);
        play_tui_put(y, cols[1], cur ? role : PLAY_R_BOLD, name, cols[2] - cols[1] - 1);
        play_tui_put(y, cols[2], role, players, cols[3] - cols[2] - 1);
        play_tui_put(y, cols[3], role, seats_s, cols[4] - cols[3] - 1);
        play_tui_put(y, cols[4], cur ? role : PLAY_R_DIM, state, COLS - cols[4] - 1);
    }
    char lock[96];
    snprintf(lock, sizeof lock, "* = %s", play_text(p, T_NET_COL_LOCK));
    play_tui_put(LINES - 4, 2, PLAY_R_DIM, lock, -1);
    if (u->note[0])
        put_center(LINES - 3, u->note_error ? PLAY_R_ERROR : PLAY_R_HINT, u->note);
    put_center(LINES - 1, PLAY_R_DIM, play_text(p, T_NET_KEYS_LOBBY));
    if (u->show_leaders && u->leaders)
        draw_leaders(u);
}

/* A room ---------------------------------------------------------------------------------------*/

static void draw_room(NetUi *u)
{
    Play *p = u->p;
    DdzClient *c = u->c;
    json_t *room = u->room;
    char buf[400], a[200];
    play_fmt(p, a, sizeof a, T_NET_ROOM_TITLE, c->room, net_jstr(room, "name"));
    title_bar(u, a);
    play_fmt(p, buf, sizeof buf, T_NET_RULES, net_jstr(room, "options"), (int)net_jnum(room, "turn"), (int)net_jnum(room, "games"));
    play_tui_put(2, 2, PLAY_R_DIM, buf, COLS - 4);
    json_t *seats = json_object_get(room, "seats");
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        json_t *st = json_array_get(seats, (size_t)s);
        int y = 4 + 2 * s, x = 4;
        char lab[64];
        play_fmt(p, lab, sizeof lab, T_NET_SEAT_N, s);
        x += play_tui_put(y, x, s == c->seat ? PLAY_R_TURN : PLAY_R_BOLD, lab, -1) + 2;
        if (!json_is_object(st)) {
            play_tui_put(y, x, PLAY_R_DIM, play_text(p, T_NET_EMPTY), -1);
            continue;
        }
        x += play_tui_put(y, x, PLAY_R_BOLD, net_jstr(st, "name"), 20);
        if (s == c->seat) {
            int gap = p->cfg.lang == PLAY_ZH ? 0 : 1; /* （你） brings its own space */
            x += play_tui_put(y, x + gap, PLAY_R_HINT, play_text(p, T_NET_YOU_MARK), -1) + gap;
        }
        x = x < 40 ? 40 : x + 2;
        if (json_is_string(json_object_get(st, "bot"))) {
            play_fmt(p, buf, sizeof buf, T_NET_BOT, net_jstr(st, "bot"));
            x += play_tui_put(y, x, PLAY_R_DIM, buf, -1) + 2;
        }
        bool ready = json_is_true(json_object_get(st, "ready"));
        x += play_tui_put(y, x, ready ? PLAY_R_GOOD : PLAY_R_DIM, play_text(p, ready ? T_NET_READY : T_NET_NOT_READY), -1) + 2;
        if (!json_is_true(json_object_get(st, "online")) && !json_is_string(json_object_get(st, "bot")))
            x += play_tui_put(y, x, PLAY_R_WARN, play_text(p, T_NET_OFFLINE), -1) + 2;
        play_fmt(p, buf, sizeof buf, T_NET_SCORE, (int)net_jnum(st, "score"));
        play_tui_put(y, x, PLAY_R_NORMAL, buf, -1);
    }
    json_t *spec = json_object_get(room, "spectators"), *n;
    size_t i;
    char names[300] = "";
    json_array_foreach(spec, i, n) {
        size_t l = strlen(names);
        snprintf(names + l, sizeof names - l, "%s%s", i ? ", " : "", json_string_value(n) ? json_string_value(n) : "?");
    }
    if (names[0]) {
        play_fmt(p, buf, sizeof buf, T_NET_SPECTATORS, names);
        play_tui_put(11, 4, PLAY_R_DIM, buf, COLS - 8);
    }
    int cy = 13;
    play_tui_put(cy, 2, PLAY_R_HINT, play_text(p, T_NET_CHAT), -1);
    for (int k = 0; k < u->nchat && cy + 1 + k < LINES - 4; k++)
        play_tui_put(cy + 1 + k, 4, PLAY_R_NORMAL, u->chat[k], COLS - 6);
    if (u->note[0])
        put_center(LINES - 3, u->note_error ? PLAY_R_ERROR : PLAY_R_HINT, u->note);
    if (c->seat >= 0 && !u->input)
        put_center(LINES - 2, PLAY_R_DIM, play_text(p, T_NET_LEVELS));
    put_center(LINES - 1, PLAY_R_DIM, play_text(p, c->seat >= 0 ? T_NET_KEYS_ROOM : T_NET_KEYS_WATCH));
}

/* The input line and the whole frame ---------------------------------------------------------*/

static void draw_input(NetUi *u)
{
    Play *p = u->p;
    char prompt[160];
    switch (u->input) {
    case IN_CREATE_NAME:
        snprintf(prompt, sizeof prompt, "%s", play_text(p, T_NET_ROOM_NAME));
        break;
    case IN_CREATE_PASS:
        snprintf(prompt, sizeof prompt, "%s", play_text(p, T_NET_PASSWORD));
        break;
    case IN_JOIN_PASS:
    case IN_WATCH_PASS:
        play_fmt(p, prompt, sizeof prompt, T_NET_ROOM_PASSWORD, u->pending_room);
        break;
    case IN_REMOVE:
        snprintf(prompt, sizeof prompt, "%s", play_text(p, T_NET_REMOVE));
        break;
    default:
        snprintf(prompt, sizeof prompt, "%s", play_text(p, T_NET_CHAT_PROMPT));
        break;
    }
    int y = LINES - 2;
    play_tui_fill(y, 0, 1, COLS, PLAY_R_NORMAL);
    int x = 2 + play_tui_put(y, 2, PLAY_R_BOLD, prompt, -1);
    x += play_tui_put(y, x, PLAY_R_NORMAL, u->line, COLS - x - 2);
    play_tui_put(y, x, PLAY_R_CURSOR, " ", 1);
}

static void draw_quit_box(NetUi *u)
{
    const char *q = play_text(u->p, T_NET_QUIT);
    int w = play_text_width(q) + 8, h = 3;
    play_tui_box((LINES - h) / 2, (COLS - w) / 2, h, w, NULL);
    play_tui_put((LINES - h) / 2 + 1, (COLS - w) / 2 + 4, PLAY_R_BOLD, q, -1);
}

bool net_on_table(const NetUi *u)
{
    return (u->c->room && (u->c->in_game || u->result)) || (u->result && u->tour_last);
}

void net_draw_all(NetUi *u)
{
    Play *p = u->p;
    u->last_draw = net_now_ms();
    u->dirty = false;
    if (net_on_table(u)) {
        if (!u->tour_last) /* else the last picture of a tournament table stays */
            net_sync_game(u);
        int panel = u->quit_ask ? PLAY_PANEL_QUIT : u->help ? PLAY_PANEL_HELP
                  : u->result && !u->hide_result ? PLAY_PANEL_RESULT : PLAY_PANEL_NONE;
        play_tui_frame(p, u->cursor, u->event, panel);
        if (u->input) {
            draw_input(u);
            refresh();
        }
        return;
    }
    erase();
    if (net_tour_screen(u)) {
        net_tour_draw(u);
    } else if (!u->c->player) {
        char buf[300];
        play_fmt(p, buf, sizeof buf, T_NET_CONNECTING, u->url);
        put_center(LINES / 2, PLAY_R_BOLD, buf);
    } else if (!u->c->room) {
        draw_lobby(u);
    } else {
        draw_room(u);
    }
    if (u->input)
        draw_input(u);
    if (u->quit_ask)
        draw_quit_box(u);
    move(LINES - 1, COLS - 1);
    refresh();
}

