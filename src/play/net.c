/* net.c -- the curses screens of ddz connect. The lobby and the room are drawn here; the
 * game is drawn by tui.c's table (play_tui_frame) from a Play whose game is rebuilt, before
 * every frame, from what the client knows (DdzClient): our hand, the counts, the cards
 * played, the move to beat, the landlord and the bottom. The other seats' hidden hands are
 * stand-ins of the right size, never shown. Seats are turned so that ours is at the bottom
 * (PLAY_YOU), the next one on the right (PLAY_EAST), as in ddz play. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <limits.h>
#include <locale.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>

#include <jansson.h>

#include "ddz/movegen.h"
#include "net.h"
#include "play.h"

enum { IN_NONE, IN_CREATE_NAME, IN_CREATE_PASS, IN_JOIN_PASS, IN_WATCH_PASS, IN_CHAT, IN_REMOVE };
enum { CHAT_LINES = 8 };

struct NetUi {
    DdzClient *c;
    NetSend send;
    void *ctx;
    Play *p;
    char url[200];
    json_t *rooms, *room, *leaders;
    int sel;                  /* the lobby's chosen room */
    bool show_leaders;
    int input;                /* IN_*: a line being typed */
    char line[256];
    char create_name[256];
    long pending_room;
    char chat[CHAT_LINES][320];
    int nchat;
    char note[320];           /* the lobby's or room's last message */
    bool note_error;
    char event[320];          /* the table's last event */
    bool quit_ask, help;
    bool result, hide_result; /* the result panel of the last game */
    int cursor;
    int bid, dbl[DDZ_SEAT_NB], bombs, last_play_seat;
    long deadline_at;         /* our turn's deadline (monotonic ms), 0 none */
    long last_draw;
    bool dirty;
};

static long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static const char *jstr(const json_t *o, const char *k)
{
    const char *s = json_string_value(json_object_get(o, k));
    return s ? s : "";
}

static long jnum(const json_t *o, const char *k) { return (long)json_integer_value(json_object_get(o, k)); }

/* Sends a message built with jansson (and frees it). */
static void send_obj(NetUi *u, json_t *o)
{
    char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
    if (s)
        u->send(u->ctx, s);
    free(s);
    json_decref(o);
}

static void send_type(NetUi *u, const char *type) { send_obj(u, json_pack("{s:s}", "type", type)); }

static void set_note(NetUi *u, bool error, const char *s)
{
    snprintf(u->note, sizeof u->note, "%s", s);
    u->note_error = error;
}

/* Our seat at the bottom: the server's seat s as the table's seat. */
static int rot(const NetUi *u, int s)
{
    int base = u->c->seat >= 0 ? u->c->seat : 0;
    return (unsigned)s < DDZ_SEAT_NB ? (s - base + DDZ_SEAT_NB) % DDZ_SEAT_NB : 0;
}

static const char *seat_label(const NetUi *u, int s)
{
    return play_seat_name(u->p, rot(u, s));
}

/* The table ----------------------------------------------------------------------------------*/

/* Rebuilds p->game (and the names, values and scores) from the client. */
static void sync_game(NetUi *u)
{
    Play *p = u->p;
    DdzClient *c = u->c;
    DdzGame *g = &p->game;
    memset(g, 0, offsetof(DdzGame, hist));
    g->opt = c->opt;
    g->phase = (uint8_t)(c->in_game ? c->phase : DDZ_PHASE_OVER);
    if (c->my_turn && c->seat >= 0)
        g->phase = (uint8_t)c->turn_phase;
    int turn = c->my_turn ? c->seat : c->turn;
    g->turn = (uint8_t)(c->in_game && (unsigned)turn < DDZ_SEAT_NB ? rot(u, turn) : DDZ_SEAT_NB);
    g->first = (uint8_t)rot(u, c->first);
    g->landlord = c->landlord >= 0 && c->landlord < DDZ_SEAT_NB ? (uint8_t)rot(u, c->landlord) : DDZ_NO_SEAT;
    g->bid = (uint8_t)u->bid;
    g->revealed = -1;
    g->bombs = (uint8_t)u->bombs;
    g->bottom = c->bottom;
    DdzCards played = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        played |= c->played[s];
    DdzCards pool = DDZ_DECK & ~c->hand & ~played & ~c->bottom;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        int r = rot(u, s);
        if (s == c->seat) {
            g->hand[r] = c->hand;
        } else if (c->shown[s]) {
            g->hand[r] = c->shown[s] & ~c->played[s];
            g->shown[r] = 2;
        } else if (c->seat >= 0 || r != PLAY_YOU) {
            /* Stand-ins: only their number is ever drawn. */
            DdzCards h = 0;
            for (DdzCard k = 0; k < DDZ_CARD_NB && ddz_cards_size(h) < c->count[s]; k++)
                if (ddz_cards_has(pool, k))
                    h |= ddz_cards_of(k);
            pool &= ~h;
            g->hand[r] = h;
        }
        g->dealt[r] = (g->hand[r] | c->played[s]) & ~(c->landlord == s ? c->bottom : 0);
        g->dbl[r] = (uint8_t)u->dbl[s];
        p->net.autop[r] = c->autop[s];
        p->match.score[r] = c->totals[s];
    }
    g->table = -1;
    if (c->in_game && c->table_seat >= 0 && c->table.type != DDZ_PASS) {
        DdzAction a = {c->table, 0, DDZ_ACT_PLAY, (uint8_t)rot(u, c->table_seat), 0};
        g->hist[0] = a;
        g->nhist = 1;
        g->table = 0;
    }
    p->match.games = (int)c->game - (p->over ? 0 : 1);
    if (p->match.games < 0)
        p->match.games = 0;
    memcpy(p->net.values, c->values, sizeof c->values);
    p->net.nvalues = c->nvalues;
    p->net.can_show = c->my_turn && c->can_show;
    json_t *seats = json_object_get(u->room, "seats");
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        const char *n = jstr(json_array_get(seats, (size_t)s), "name");
        snprintf(p->net.names[rot(u, s)], sizeof p->net.names[0], "%s", n[0] ? n : "?");
    }
    char cd[64] = "";
    if (c->my_turn && u->deadline_at) {
        long left = (u->deadline_at - now_ms() + 999) / 1000;
        play_fmt(p, cd, sizeof cd, T_NET_COUNTDOWN, left > 0 ? left : 0L);
    }
    char room[64];
    play_fmt(p, room, sizeof room, T_NET_STATUS, c->room);
    snprintf(p->net.status, sizeof p->net.status, "%s%s%s%s", cd, cd[0] ? "  " : "", room,
             c->seat < 0 ? " · " : "");
    if (c->seat < 0) {
        size_t n = strlen(p->net.status);
        snprintf(p->net.status + n, sizeof p->net.status - n, "%s", play_text(p, T_NET_WATCHING));
    }
    p->net.watching = c->seat < 0;
    p->net.watched_count = c->seat < 0 ? c->count[0] : 0;
    int n = ddz_cards_size(g->hand[PLAY_YOU]);
    if (u->cursor >= n)
        u->cursor = n > 0 ? n - 1 : 0;
}

static void note_action(NetUi *u, json_t *m)
{
    Play *p = u->p;
    DdzClient *c = u->c;
    int s = (int)jnum(m, "seat");
    if ((unsigned)s >= DDZ_SEAT_NB)
        return;
    int r = rot(u, s);
    const char *kind = jstr(m, "kind");
    int v = (int)jnum(m, "value");
    PlayNote *n = &p->note[r];
    char word[96], text[200];
    if (!strcmp(kind, "bid")) {
        n->kind = NOTE_BID;
        n->value = v;
        n->rob = u->bid != 0;
        if (c->opt.bid_mode == DDZ_BID_ROB ? v != 0 : v > u->bid)
            u->bid = c->opt.bid_mode == DDZ_BID_ROB ? 1 : v;
    } else if (!strcmp(kind, "double")) {
        n->kind = NOTE_DOUBLE;
        n->value = v;
        u->dbl[s] = v;
    } else if (!strcmp(kind, "show")) {
        n->kind = NOTE_SHOW;
    } else if (!strcmp(kind, "pass")) {
        n->kind = NOTE_PASS;
    } else if (!strcmp(kind, "play")) {
        if (u->last_play_seat < 0 || u->last_play_seat == s)
            memset(p->note, 0, sizeof p->note); /* a new round */
        u->last_play_seat = s;
        DdzCards cards = 0;
        DdzError err;
        ddz_cards_parse(jstr(m, "cards"), &cards, &err);
        n->kind = NOTE_PLAY;
        n->move = c->table;
        n->cards = cards;
        if (c->table.type == DDZ_BOMB || c->table.type == DDZ_ROCKET)
            u->bombs++;
        char ct[160];
        play_cards_text(p, cards, ct, sizeof ct);
        play_fmt(p, u->event, sizeof u->event, T_EV_PLAY, seat_label(u, s), ct, play_type_name(p, c->table.type));
        if (c->count[s] == 1 || c->count[s] == 2)
            play_fmt(p, u->event, sizeof u->event, c->count[s] == 1 ? T_EV_ONE_LEFT : T_EV_TWO_LEFT, seat_label(u, s));
        return;
    }
    sync_game(u);
    play_note_word(p, r, n, word, sizeof word);
    if (n->kind == NOTE_SHOW) {
        play_cards_text(p, c->shown[s], text, sizeof text);
        play_fmt(p, u->event, sizeof u->event, T_EV_SHOW, seat_label(u, s), text);
    } else {
        play_fmt(p, u->event, sizeof u->event, T_EV_NOTE, seat_label(u, s), word);
    }
}

static void new_game(NetUi *u)
{
    Play *p = u->p;
    memset(p->note, 0, sizeof p->note);
    play_sel_clear(p);
    p->msg[0] = '\0';
    p->over = false;
    u->result = u->hide_result = false;
    u->bid = u->bombs = 0;
    memset(u->dbl, 0, sizeof u->dbl);
    u->last_play_seat = -1;
    u->cursor = 0;
}

static void on_over(NetUi *u, json_t *m)
{
    Play *p = u->p;
    DdzClient *c = u->c;
    json_t *res = json_object_get(m, "result");
    DdzResult *r = &p->result;
    memset(r, 0, sizeof *r);
    r->landlord = rot(u, (int)jnum(res, "landlord"));
    r->landlord_won = json_is_true(json_object_get(res, "landlord_won"));
    r->spring = json_is_true(json_object_get(res, "spring"));
    r->anti_spring = json_is_true(json_object_get(res, "anti_spring"));
    r->bombs = (int)jnum(res, "bombs");
    r->base = (int)jnum(res, "base");
    r->multiple = (int)jnum(res, "multiple");
    r->fee = (int)jnum(res, "fee");
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        r->score[rot(u, s)] = c->last_score[s];
    p->over = true;
    u->result = true;
    u->hide_result = false;
    play_sel_clear(p);
    p->msg[0] = '\0';
}

static void add_chat(NetUi *u, const char *from, const char *text)
{
    if (u->nchat == CHAT_LINES) {
        memmove(u->chat[0], u->chat[1], sizeof u->chat[0] * (CHAT_LINES - 1));
        u->nchat--;
    }
    snprintf(u->chat[u->nchat++], sizeof u->chat[0], "%s: %s", from, text);
}

void net_ui_message(NetUi *u, DdzClientEvent e, json_t *m)
{
    Play *p = u->p;
    DdzClient *c = u->c;
    u->dirty = true;
    switch (e) {
    case DDZ_EV_WELCOME:
        send_type(u, "rooms");
        break;
    case DDZ_EV_ERROR:
        if (c->in_game && c->seat >= 0)
            play_say(p, MSG_ERROR, T_ERR_ENGINE, c->error);
        else
            set_note(u, true, c->error);
        break;
    case DDZ_EV_ROOMS:
        json_decref(u->rooms);
        u->rooms = json_incref(json_object_get(m, "rooms"));
        if (u->sel >= (int)json_array_size(u->rooms))
            u->sel = json_array_size(u->rooms) ? (int)json_array_size(u->rooms) - 1 : 0;
        break;
    case DDZ_EV_ROOM:
        if (!u->room)
            u->nchat = 0;
        json_decref(u->room);
        u->room = json_incref(json_object_get(m, "room"));
        u->note[0] = '\0';
        break;
    case DDZ_EV_LEFT:
        json_decref(u->room);
        u->room = NULL;
        new_game(u);
        set_note(u, false, play_text(p, T_NET_LEFT));
        send_type(u, "rooms");
        break;
    case DDZ_EV_CHAT: {
        char line[320];
        add_chat(u, jstr(m, "from"), jstr(m, "text"));
        snprintf(line, sizeof line, "%s: %s", jstr(m, "from"), jstr(m, "text"));
        snprintf(u->event, sizeof u->event, "%s", line);
        break;
    }
    case DDZ_EV_START:
        new_game(u);
        sync_game(u);
        {
            char a[64], b[128];
            play_fmt(p, a, sizeof a, T_GAME_N, (int)c->game);
            play_fmt(p, b, sizeof b, T_FIRST_BIDS, seat_label(u, c->first));
            snprintf(u->event, sizeof u->event, "%s. %s", a, b);
        }
        break;
    case DDZ_EV_ACTION:
        if (c->seat >= 0 && jnum(m, "seat") == c->seat) {
            play_sel_clear(p);
            p->msg[0] = '\0';
            u->deadline_at = 0;
        }
        note_action(u, m);
        break;
    case DDZ_EV_LANDLORD: {
        memset(p->note, 0, sizeof p->note);
        u->last_play_seat = -1;
        long bid = jnum(m, "bid");
        if (c->opt.bid_mode != DDZ_BID_ROB && bid > 0)
            u->bid = (int)bid;
        sync_game(u);
        char bt[96];
        play_cards_text(p, c->bottom, bt, sizeof bt);
        play_fmt(p, u->event, sizeof u->event, T_EV_LANDLORD, seat_label(u, c->landlord), play_base(p), bt);
        break;
    }
    case DDZ_EV_TURN:
        play_sel_clear(p);
        u->deadline_at = c->deadline_ms > 0 ? now_ms() + c->deadline_ms : 0;
        break;
    case DDZ_EV_AUTO: {
        int s = (int)jnum(m, "seat");
        if ((unsigned)s < DDZ_SEAT_NB)
            play_fmt(p, u->event, sizeof u->event, c->autop[s] ? T_NET_TOKEN_AUTO : T_NET_TOKEN_BACK,
                     seat_label(u, s));
        break;
    }
    case DDZ_EV_REDEAL:
        snprintf(u->event, sizeof u->event, "%s", play_text(p, T_NET_REDEAL));
        break;
    case DDZ_EV_OVER:
        on_over(u, m);
        break;
    case DDZ_EV_STATE: {
        /* Joining a running game (watching, reconnecting): what the notes cannot rebuild. */
        json_t *dbl = json_object_get(m, "doubles");
        u->last_play_seat = c->table_seat;
        u->bid = (int)jnum(m, "bid");
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            u->dbl[s] = (int)json_integer_value(json_array_get(dbl, (size_t)s));
        break;
    }
    case DDZ_EV_LEADERBOARD:
        json_decref(u->leaders);
        u->leaders = json_incref(m);
        u->show_leaders = true;
        break;
    default:
        break;
    }
}

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
        play_fmt(p, a, sizeof a, T_NET_LEADER_ROW, (int)jnum(row, "rank"), jstr(row, "name"));
        play_fmt(p, b, sizeof b, T_NET_LEADER_SCORE, (int)jnum(row, "score"), (int)jnum(row, "games"),
                 (int)jnum(row, "wins"));
        bool me = jnum(row, "player") == u->c->player;
        play_tui_put(y + 2 + (int)i, x + 3, me ? PLAY_R_BOLD : PLAY_R_NORMAL, a, 24);
        play_tui_put(y + 2 + (int)i, x + 28, me ? PLAY_R_BOLD : PLAY_R_DIM, b, w - 30);
    }
    json_t *you = json_object_get(u->leaders, "you");
    char line[200];
    play_fmt(p, line, sizeof line, T_NET_YOU_STATS, (int)jnum(you, "score"), (int)jnum(you, "games"),
             (int)jnum(you, "wins"));
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
        snprintf(id, sizeof id, "%ld%s", jnum(r, "id"), json_is_true(json_object_get(r, "password")) ? " *" : "");
        snprintf(name, sizeof name, "%s", jstr(r, "name"));
        snprintf(seats_s, sizeof seats_s, "%d/3", taken);
        snprintf(state, sizeof state, "%s",
                 play_text(p, !strcmp(jstr(r, "state"), "playing") ? T_NET_PLAYING : T_NET_WAITING));
        if (json_is_true(json_object_get(r, "quick"))) {
            size_t l = strlen(state);
            snprintf(state + l, sizeof state - l, " · %s", play_text(p, T_NET_QUICK));
        }
        if (jnum(r, "spectators")) {
            char wt[64];
            play_fmt(p, wt, sizeof wt, T_NET_WATCHERS, (int)jnum(r, "spectators"));
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
    play_fmt(p, a, sizeof a, T_NET_ROOM_TITLE, c->room, jstr(room, "name"));
    title_bar(u, a);
    play_fmt(p, buf, sizeof buf, T_NET_RULES, jstr(room, "options"), (int)jnum(room, "turn"), (int)jnum(room, "games"));
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
        x += play_tui_put(y, x, PLAY_R_BOLD, jstr(st, "name"), 20);
        if (s == c->seat) {
            int gap = p->cfg.lang == PLAY_ZH ? 0 : 1; /* （你） brings its own space */
            x += play_tui_put(y, x + gap, PLAY_R_HINT, play_text(p, T_NET_YOU_MARK), -1) + gap;
        }
        x = x < 40 ? 40 : x + 2;
        if (json_is_string(json_object_get(st, "bot"))) {
            play_fmt(p, buf, sizeof buf, T_NET_BOT, jstr(st, "bot"));
            x += play_tui_put(y, x, PLAY_R_DIM, buf, -1) + 2;
        }
        bool ready = json_is_true(json_object_get(st, "ready"));
        x += play_tui_put(y, x, ready ? PLAY_R_GOOD : PLAY_R_DIM, play_text(p, ready ? T_NET_READY : T_NET_NOT_READY), -1) + 2;
        if (!json_is_true(json_object_get(st, "online")) && !json_is_string(json_object_get(st, "bot")))
            x += play_tui_put(y, x, PLAY_R_WARN, play_text(p, T_NET_OFFLINE), -1) + 2;
        play_fmt(p, buf, sizeof buf, T_NET_SCORE, (int)jnum(st, "score"));
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

static bool on_table(const NetUi *u) { return u->c->room && (u->c->in_game || u->result); }

static void draw_all(NetUi *u)
{
    Play *p = u->p;
    u->last_draw = now_ms();
    u->dirty = false;
    if (on_table(u)) {
        sync_game(u);
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
    if (!u->c->player) {
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

/* Keys ------------------------------------------------------------------------------------*/

static void submit_line(NetUi *u)
{
    int what = u->input;
    u->input = IN_NONE;
    switch (what) {
    case IN_CREATE_NAME:
        snprintf(u->create_name, sizeof u->create_name, "%s", u->line);
        u->input = IN_CREATE_PASS;
        break;
    case IN_CREATE_PASS: {
        json_t *o = json_pack("{s:s}", "type", "create");
        if (u->create_name[0])
            json_object_set_new(o, "name", json_string(u->create_name));
        if (u->line[0])
            json_object_set_new(o, "password", json_string(u->line));
        send_obj(u, o);
        break;
    }
    case IN_JOIN_PASS:
    case IN_WATCH_PASS:
        send_obj(u, json_pack("{s:s,s:I,s:s}", "type", what == IN_JOIN_PASS ? "join" : "watch", "room",
                              (json_int_t)u->pending_room, "password", u->line));
        break;
    case IN_CHAT:
        if (u->line[0])
            send_obj(u, json_pack("{s:s,s:s}", "type", "chat", "text", u->line));
        break;
    case IN_REMOVE:
        if (u->line[0] >= '0' && u->line[0] <= '2')
            send_obj(u, json_pack("{s:s,s:i}", "type", "remove_bot", "seat", u->line[0] - '0'));
        break;
    default:
        break;
    }
    u->line[0] = '\0';
}

static void line_key(NetUi *u, bool code, wint_t ch)
{
    size_t len = strlen(u->line);
    if ((code && ch == KEY_ENTER) || (!code && (ch == '\n' || ch == '\r'))) {
        submit_line(u);
    } else if ((code && ch == KEY_BACKSPACE) || (!code && (ch == 127 || ch == 8))) {
        while (len > 0 && ((unsigned char)u->line[len - 1] & 0xC0) == 0x80)
            len--;
        if (len > 0)
            len--;
        u->line[len] = '\0';
    } else if (!code && ch == 27) {
        u->input = IN_NONE;
        u->line[0] = '\0';
    } else if (!code && ch >= 32 && ch != 127) {
        char mb[MB_LEN_MAX + 1];
        mbstate_t st;
        memset(&st, 0, sizeof st);
        size_t n = wcrtomb(mb, (wchar_t)ch, &st);
        if (n != (size_t)-1 && len + n + 1 < sizeof u->line && len + n < 200) {
            memcpy(u->line + len, mb, n);
            u->line[len + n] = '\0';
        }
    }
}

static void start_input(NetUi *u, int what)
{
    u->input = what;
    u->line[0] = '\0';
}

static void join_selected(NetUi *u, bool watch)
{
    json_t *r = json_array_get(u->rooms, (size_t)u->sel);
    if (!r)
        return;
    u->pending_room = jnum(r, "id");
    if (json_is_true(json_object_get(r, "password")))
        start_input(u, watch ? IN_WATCH_PASS : IN_JOIN_PASS);
    else
        send_obj(u, json_pack("{s:s,s:I}", "type", watch ? "watch" : "join", "room", (json_int_t)u->pending_room));
}

static void lobby_key(NetUi *u, bool code, wint_t ch)
{
    int n = (int)json_array_size(u->rooms);
    if (u->show_leaders) {
        u->show_leaders = false;
        return;
    }
    if (code && ch == KEY_UP && u->sel > 0)
        u->sel--;
    else if (code && ch == KEY_DOWN && u->sel < n - 1)
        u->sel++;
    else if ((code && ch == KEY_ENTER) || (!code && (ch == '\n' || ch == '\r' || ch == 'j')))
        join_selected(u, false);
    else if (!code && ch == 'w')
        join_selected(u, true);
    else if (!code && ch == 'c')
        start_input(u, IN_CREATE_NAME);
    else if (!code && ch == 'k')
        send_type(u, "quick");
    else if (!code && ch == 't')
        send_type(u, "leaderboard");
    else if (!code && ch == 'r')
        send_type(u, "rooms");
}

static bool my_ready(const NetUi *u)
{
    json_t *st = json_array_get(json_object_get(u->room, "seats"), (size_t)(u->c->seat >= 0 ? u->c->seat : 0));
    return json_is_true(json_object_get(st, "ready"));
}

static void room_key(NetUi *u, bool code, wint_t ch)
{
    static const char *const levels[4] = {"easy", "normal", "hard", "expert"};
    if ((code && ch == KEY_ENTER) || (!code && (ch == '\n' || ch == '\r' || ch == 't')))
        start_input(u, IN_CHAT);
    else if (!code && ch == 'l')
        send_type(u, "leave");
    else if (code || u->c->seat < 0)
        return;
    else if (ch == 'r')
        send_obj(u, json_pack("{s:s,s:b}", "type", "ready", "ready", !my_ready(u)));
    else if (ch >= '1' && ch <= '4')
        send_obj(u, json_pack("{s:s,s:s}", "type", "add_bot", "level", levels[ch - '1']));
    else if (ch == 'x')
        start_input(u, IN_REMOVE);
}

static void send_value(NetUi *u, int v)
{
    send_obj(u, json_pack("{s:s,s:i}", "type", u->c->turn_phase == DDZ_PHASE_BID ? "bid" : "double", "value", v));
}

static void send_cards(NetUi *u, DdzCards cards)
{
    char text[200];
    ddz_cards_format(cards, DDZ_STYLE_ASCII, text, sizeof text);
    send_obj(u, json_pack("{s:s,s:s}", "type", "play", "cards", text));
}

static void play_enter(NetUi *u)
{
    Play *p = u->p;
    PlaySel *sel = &p->sel;
    DdzCards cards = sel->cards;
    if (sel->typed[0]) {
        if (play_typed_cards(p, sel->typed, &cards) != 0)
            return;
    } else if (!cards && sel->pass_hint) {
        send_type(u, "pass");
        return;
    }
    if (!cards) {
        play_say(p, MSG_ERROR, T_ERR_NOTHING);
        return;
    }
    p->msg[0] = '\0';
    send_cards(u, cards);
}

static void table_key(NetUi *u, bool code, wint_t ch)
{
    Play *p = u->p;
    DdzClient *c = u->c;
    PlaySel *sel = &p->sel;
    int k = code ? (int)ch : ch < 128 ? (int)ch : 0;
    bool enter = k == KEY_ENTER || (!code && (k == '\n' || k == '\r'));
    if (u->help) {
        u->help = false;
        return;
    }
    if (u->result) {
        if (enter || (!code && k == ' ')) {
            u->result = false;
            p->over = false;
            if (c->seat >= 0)
                send_obj(u, json_pack("{s:s,s:b}", "type", "ready", "ready", 1));
        } else if (!code && (k == 'v' || k == '\t')) {
            u->hide_result = !u->hide_result;
        } else if (!code && k == 'l') {
            u->result = false;
            send_type(u, "leave");
        }
        return;
    }
    if (!code && k == 'c') {
        p->counter = !p->counter;
        return;
    }
    if (!code && k == '?') {
        u->help = true;
        return;
    }
    if (!code && k == '/') {
        start_input(u, IN_CHAT);
        return;
    }
    if (!code && k == 'l' && c->seat < 0) {
        send_type(u, "leave");
        return;
    }
    if (c->seat < 0 || !c->in_game)
        return;
    if (!code && k == 'o') {
        send_obj(u, json_pack("{s:s,s:b}", "type", "auto", "on", !c->autop[c->seat]));
        return;
    }
    if (!code && k == 'h' && !sel->typed[0]) {
        play_hint_next(p);
        return;
    }
    if (!c->my_turn)
        return;
    if (!code && k == 'm') {
        send_type(u, "show");
        return;
    }
    if (c->turn_phase == DDZ_PHASE_BID || c->turn_phase == DDZ_PHASE_DOUBLE) {
        bool app = c->turn_phase == DDZ_PHASE_DOUBLE && c->opt.double_mode == DDZ_DOUBLE_APP;
        if (!code && k >= '0' && k <= (app ? '2' : '3'))
            send_value(u, k - '0');
        else if (!code && (k == 'y' || k == 'Y'))
            send_value(u, 1);
        else if (!code && (k == 'n' || k == 'N' || k == 'p'))
            send_value(u, 0);
        else if (enter && sel->value >= 0)
            send_value(u, sel->value);
        else if (!code && k == '\t')
            play_hint_next(p);
        return;
    }
    if (c->turn_phase != DDZ_PHASE_PLAY)
        return;
    size_t tl = strlen(sel->typed);
    int n = ddz_cards_size(c->hand);
    if (!code && play_type_rank(p, k == 'q' ? 'Q' : k)) /* letters name ranks: q is the queen */
        return;
    if (enter) {
        play_enter(u);
    } else if (code && k == KEY_LEFT) {
        if (u->cursor > 0)
            u->cursor--;
    } else if (code && k == KEY_RIGHT) {
        if (u->cursor < n - 1)
            u->cursor++;
    } else if (!code && k == ' ') {
        int i = 0;
        for (DdzCard cd = 0; cd < DDZ_CARD_NB; cd++)
            if (ddz_cards_has(c->hand, cd) && i++ == u->cursor) {
                sel->typed[0] = '\0';
                sel->cards ^= ddz_cards_of(cd);
                sel->pass_hint = false;
                p->msg[0] = '\0';
            }
    } else if ((code && k == KEY_BACKSPACE) || (!code && (k == 127 || k == 8))) {
        if (tl > 0) {
            tl -= tl >= 2 && sel->typed[tl - 1] == '0' && sel->typed[tl - 2] == '1' ? 2 : 1;
            sel->typed[tl] = '\0';
        } else {
            sel->cards = 0;
        }
        p->msg[0] = '\0';
    } else if (!code && k == 27) {
        play_sel_clear(p);
        p->msg[0] = '\0';
    } else if (!code && k == 'p') {
        send_type(u, "pass");
    } else if (!code && k == '\t') {
        play_hint_next(p);
    }
}

int net_ui_tick(NetUi *u)
{
    wint_t ch;
    int r;
    timeout(0);
    while ((r = get_wch(&ch)) != ERR) {
        bool code = r == KEY_CODE_YES;
        u->dirty = true;
        if (code && ch == KEY_RESIZE)
            continue;
        if (!code && ch == 3)
            return 1;
        if (u->quit_ask) {
            if (!code && (ch == 'y' || ch == 'Y'))
                return 1;
            u->quit_ask = false;
            continue;
        }
        if (u->input) {
            line_key(u, code, ch);
            continue;
        }
        /* At the table letters name ranks: Esc with nothing selected asks instead. */
        if (!code && ((ch == 'q' && !on_table(u)) ||
                      (ch == 27 && on_table(u) && !u->p->sel.cards && !u->p->sel.typed[0]))) {
            u->quit_ask = true;
            continue;
        }
        if (!u->c->player)
            continue;
        u->note[0] = '\0';
        if (on_table(u))
            table_key(u, code, ch);
        else if (!u->c->room)
            lobby_key(u, code, ch);
        else
            room_key(u, code, ch);
    }
    if (u->dirty || now_ms() - u->last_draw >= 250)
        draw_all(u);
    return 0;
}

/* Life ------------------------------------------------------------------------------------------*/

NetUi *net_ui_new(DdzClient *c, int lang, bool ascii, const char *url, NetSend send, void *ctx)
{
    NetUi *u = calloc(1, sizeof *u);
    Play *p = calloc(1, sizeof *p);
    if (!u || !p) {
        free(u);
        free(p);
        return NULL;
    }
    u->c = c;
    u->send = send;
    u->ctx = ctx;
    u->p = p;
    u->last_play_seat = -1;
    snprintf(u->url, sizeof u->url, "%s", url);
    p->cfg.lang = lang;
    p->cfg.ascii = ascii;
    p->cfg.color = getenv("NO_COLOR") == NULL;
    p->cfg.opt = c->opt;
    p->net.on = true;
    play_sel_clear(p);
    setlocale(LC_ALL, "");
    if (!initscr()) {
        free(p);
        free(u);
        return NULL;
    }
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    play_tui_colors(p->cfg.color);
    draw_all(u);
    return u;
}

void net_ui_free(NetUi *u)
{
    if (!u)
        return;
    endwin();
    json_decref(u->rooms);
    json_decref(u->room);
    json_decref(u->leaders);
    free(u->p);
    free(u);
}
