/* net.c -- the curses screens of ddz connect: the table and the messages (the lobby and the
 * room are drawn by net_draw.c, keys are read by net_keys.c). The
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
#include "net_ui.h"
#include "refusal.h"

long net_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

const char *net_jstr(const json_t *o, const char *k)
{
    const char *s = json_string_value(json_object_get(o, k));
    return s ? s : "";
}

long net_jnum(const json_t *o, const char *k) { return (long)json_integer_value(json_object_get(o, k)); }

void net_send_obj(NetUi *u, json_t *o)
{
    char *s = o ? json_dumps(o, JSON_COMPACT) : NULL;
    if (s)
        u->send(u->ctx, s);
    free(s);
    json_decref(o);
}

void net_send_type(NetUi *u, const char *type) { net_send_obj(u, json_pack("{s:s}", "type", type)); }

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

_Static_assert((int)NOTE_NONE == (int)DDZ_NOTE_NONE && (int)NOTE_BID == (int)DDZ_NOTE_BID &&
                   (int)NOTE_DOUBLE == (int)DDZ_NOTE_DOUBLE && (int)NOTE_SHOW == (int)DDZ_NOTE_SHOW &&
                   (int)NOTE_PASS == (int)DDZ_NOTE_PASS && (int)NOTE_PLAY == (int)DDZ_NOTE_PLAY,
               "the client's notes are the table's");

/* The table ----------------------------------------------------------------------------------*/

void net_sync_game(NetUi *u)
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
    DdzCards hands[DDZ_SEAT_NB];
    ddz_client_hands(c, hands);
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        int r = rot(u, s);
        /* Others' hidden hands are stand-ins: only their number is ever drawn. */
        if (c->seat >= 0 || r != PLAY_YOU)
            g->hand[r] = hands[s];
        if (!c->in_game && c->held_known) /* the game is over: every hand still held */
            g->hand[r] = c->held[s];
        if (s != c->seat && c->shown[s])
            g->shown[r] = 2;
        g->dealt[r] = (g->hand[r] | c->played[s]) & ~(c->landlord == s ? c->bottom : 0);
        g->dbl[r] = (uint8_t)u->dbl[s];
        const DdzClientNote *cn = &c->note[s];
        p->note[r] = (PlayNote){cn->kind, cn->value, cn->rob, cn->move, cn->cards}; /* NOTE_* = DDZ_NOTE_* */
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
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        /* A player who left keeps its name, marked. */
        char *n = p->net.names[rot(u, s)];
        size_t size = sizeof p->net.names[0];
        snprintf(n, size, "%s", c->names[s][0] ? c->names[s] : "?");
        if (c->gone[s])
            play_fmt(p, n + strlen(n), size - strlen(n), T_NET_GONE_MARK);
    }
    char cd[80] = "";
    if (c->my_turn && u->deadline_at) {
        long left = (u->deadline_at - net_now_ms() + 999) / 1000;
        play_fmt(p, cd, sizeof cd, T_NET_COUNTDOWN, left > 0 ? left : 0L);
    } else if (c->in_game && u->turn_at && (unsigned)c->turn < DDZ_SEAT_NB) {
        /* Everyone sees the countdown of the seat to act. */
        long left = (u->turn_at - net_now_ms() + 999) / 1000;
        play_fmt(p, cd, sizeof cd, T_NET_COUNTDOWN_SEAT, seat_label(u, c->turn), left > 0 ? left : 0L);
    }
    char room[64];
    if (c->room_tour)
        net_tour_status(u, room, sizeof room); /* a tournament table: round, table, game */
    else
        play_fmt(p, room, sizeof room, T_NET_STATUS, c->room);
    snprintf(p->net.status, sizeof p->net.status, "%s%s%s%s", cd, cd[0] ? "  " : "", room,
             c->seat < 0 ? " · " : "");
    if (c->seat < 0) {
        size_t n = strlen(p->net.status);
        snprintf(p->net.status + n, sizeof p->net.status - n, "%s", play_text(p, T_NET_WATCHING));
    }
    p->net.watching = c->seat < 0;
    p->net.tour = c->room_tour != 0 || u->tour_last; /* a tournament table: no ready, Enter goes on */
    p->net.watched_count = c->seat < 0 ? c->count[0] : 0;
    int n = ddz_cards_size(g->hand[PLAY_YOU]);
    if (u->cursor >= n)
        u->cursor = n > 0 ? n - 1 : 0;
}

static void note_action(NetUi *u, json_t *m)
{
    Play *p = u->p;
    DdzClient *c = u->c;
    int s = (int)net_jnum(m, "seat");
    if ((unsigned)s >= DDZ_SEAT_NB)
        return;
    int r = rot(u, s);
    const char *kind = net_jstr(m, "kind");
    int v = (int)net_jnum(m, "value");
    char word[96], text[200];
    if (!strcmp(kind, "bid")) {
        if (c->opt.bid_mode == DDZ_BID_ROB ? v != 0 : v > u->bid)
            u->bid = c->opt.bid_mode == DDZ_BID_ROB ? 1 : v;
    } else if (!strcmp(kind, "double")) {
        u->dbl[s] = v;
    } else if (!strcmp(kind, "play")) {
        DdzCards cards = c->note[s].cards;
        if (c->table.type == DDZ_BOMB || c->table.type == DDZ_ROCKET)
            u->bombs++;
        char ct[160];
        play_cards_text(p, cards, ct, sizeof ct);
        play_fmt(p, u->event, sizeof u->event, T_EV_PLAY, seat_label(u, s), ct, play_type_name(p, c->table.type));
        if (c->count[s] == 1 || c->count[s] == 2)
            play_fmt(p, u->event, sizeof u->event, c->count[s] == 1 ? T_EV_ONE_LEFT : T_EV_TWO_LEFT, seat_label(u, s));
        return;
    }
    net_sync_game(u);
    const PlayNote *n = &p->note[r];
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
    u->result = u->hide_result = u->tour_last = false;
    u->bid = u->bombs = 0;
    memset(u->dbl, 0, sizeof u->dbl);
    u->cursor = 0;
}

static void on_over(NetUi *u, json_t *m)
{
    Play *p = u->p;
    DdzClient *c = u->c;
    json_t *res = json_object_get(m, "result");
    DdzResult *r = &p->result;
    memset(r, 0, sizeof *r);
    r->landlord = rot(u, (int)net_jnum(res, "landlord"));
    r->landlord_won = json_is_true(json_object_get(res, "landlord_won"));
    r->spring = json_is_true(json_object_get(res, "spring"));
    r->anti_spring = json_is_true(json_object_get(res, "anti_spring"));
    r->bombs = (int)net_jnum(res, "bombs");
    r->base = (int)net_jnum(res, "base");
    r->multiple = (int)net_jnum(res, "multiple");
    r->fee = (int)net_jnum(res, "fee");
    /* The breakdown, for the result panel's one line per factor. */
    r->rockets = (int)net_jnum(res, "rockets");
    r->spring_factor = (int)net_jnum(res, "spring_factor");
    r->robs = (int)net_jnum(res, "robs");
    r->show = (int)net_jnum(res, "show");
    r->cap = (int)net_jnum(res, "cap");
    r->house = (int)net_jnum(res, "house");
    static const char *const ARRAYS[] = {"stakes", "doubling", "stake_factors", "uncapped", "raw", "fees",
                                         "penalties", "leaver"};
    int *const dest[] = {r->stake, r->doubling, r->stake_factor, r->uncapped, r->raw, r->fee_paid, r->penalty, r->leaver};
    for (int i = 0; i < 8; i++)
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            dest[i][rot(u, s)] = (int)json_integer_value(json_array_get(json_object_get(res, ARRAYS[i]), (size_t)s));
    /* hubei48: 喜金 per seat, the seat that paid its side's loss (包赔) */
    json_t *bonus = json_object_get(res, "bonus"), *cover = json_object_get(res, "cover");
    json_t *covered = json_object_get(res, "covered"), *bombs = json_object_get(res, "bonus_bombs");
    for (int s = 0; s < DDZ_SEAT_NB && json_is_array(bonus); s++) {
        r->bonus[rot(u, s)] = (int)json_integer_value(json_array_get(bonus, (size_t)s));
        r->covered[rot(u, s)] = (int)json_integer_value(json_array_get(covered, (size_t)s));
        r->bonus_bombs[rot(u, s)] = (int)json_integer_value(json_array_get(bombs, (size_t)s));
    }
    r->bonus_each = (int)net_jnum(res, "bonus_each");
    r->cover = json_is_integer(cover) && json_integer_value(cover) >= 0 && json_integer_value(cover) < DDZ_SEAT_NB
                   ? rot(u, (int)json_integer_value(cover))
                   : -1;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        r->score[rot(u, s)] = c->last_score[s];
        r->abandoned[rot(u, s)] = r->penalty[rot(u, s)] != 0;
    }
    p->over = true;
    u->result = true;
    u->hide_result = false;
    play_sel_clear(p);
    p->msg[0] = '\0';
    net_sync_game(u); /* the picture of the end, kept if a tournament table's room closes now */
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
    if (c->turn_deadline_frame == c->frames) /* this message said whose turn it is, and until when */
        u->turn_at = c->turn_deadline_ms >= 0 ? net_now_ms() + c->turn_deadline_ms : 0;
    switch (e) {
    case DDZ_EV_WELCOME:
        net_send_type(u, "rooms");
        break;
    case DDZ_EV_ERROR: {
        char text[320];
        play_refusal_text(p, c, m, text, sizeof text);
        if (c->in_game && c->seat >= 0)
            play_say(p, MSG_ERROR, T_ERR_ENGINE, text);
        else
            set_note(u, true, text);
        break;
    }
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
        if (!strcmp(net_jstr(m, "reason"), "tournament")) {
            /* A tournament table's end: back to its event, after the last game's result. */
            u->tour_screen = NT_EVENT;
            if (u->result)
                u->tour_last = true;
            else
                new_game(u);
            break;
        }
        new_game(u);
        set_note(u, false, play_text(p, T_NET_LEFT));
        net_send_type(u, "rooms");
        break;
    case DDZ_EV_CHAT: {
        char line[320];
        add_chat(u, net_jstr(m, "from"), net_jstr(m, "text"));
        snprintf(line, sizeof line, "%s: %s", net_jstr(m, "from"), net_jstr(m, "text"));
        snprintf(u->event, sizeof u->event, "%s", line);
        break;
    }
    case DDZ_EV_START:
        new_game(u);
        net_sync_game(u);
        {
            char a[64], b[128];
            play_fmt(p, a, sizeof a, T_GAME_N, (int)c->game);
            play_fmt(p, b, sizeof b, T_FIRST_BIDS, seat_label(u, c->first));
            snprintf(u->event, sizeof u->event, "%s. %s", a, b);
        }
        break;
    case DDZ_EV_ACTION:
        if (c->seat >= 0 && net_jnum(m, "seat") == c->seat) {
            play_sel_clear(p);
            p->msg[0] = '\0';
            u->deadline_at = 0;
        }
        note_action(u, m);
        break;
    case DDZ_EV_LANDLORD: {
        long bid = net_jnum(m, "bid");
        if (c->opt.bid_mode != DDZ_BID_ROB && bid > 0)
            u->bid = (int)bid;
        net_sync_game(u);
        play_landlord_text(p, seat_label(u, c->landlord), c->bottom, u->event, sizeof u->event);
        break;
    }
    case DDZ_EV_TURN:
        play_sel_clear(p);
        u->deadline_at = c->deadline_ms > 0 ? net_now_ms() + c->deadline_ms : 0;
        break;
    case DDZ_EV_AUTO: {
        int s = (int)net_jnum(m, "seat");
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
        u->bombs = 0;
        json_t *hist = json_object_get(m, "history"), *a;
        size_t i;
        json_array_foreach(hist, i, a) {
            DdzMove mv;
            DdzError err;
            if (ddz_move_parse(net_jstr(a, "move"), c->opt.rules, &mv, &err) == 0 &&
                (mv.type == DDZ_BOMB || mv.type == DDZ_ROCKET))
                u->bombs++;
        }
        u->bid = (int)net_jnum(m, "bid");
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            u->dbl[s] = (int)json_integer_value(json_array_get(dbl, (size_t)s));
        break;
    }
    case DDZ_EV_TOUR:
        net_tour_message(u, m);
        break;
    case DDZ_EV_LEADERBOARD:
        json_decref(u->leaders);
        u->leaders = json_incref(m);
        u->show_leaders = true;
        break;
    default:
        break;
    }
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
    net_draw_all(u);
    return u;
}

void net_ui_free(NetUi *u)
{
    if (!u)
        return;
    endwin();
    net_tour_free(u);
    json_decref(u->rooms);
    json_decref(u->room);
    json_decref(u->leaders);
    play_sort_free(u->p);
    free(u->p);
    free(u);
}
