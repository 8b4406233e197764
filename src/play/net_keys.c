/* net_keys.c -- the keys of ddz connect's curses screens: typed lines (room names, passwords,
 * chat), the lobby, a room and the table; net_ui_tick reads them and redraws. */
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "ddz/movegen.h"
#include "net_ui.h"

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
        net_send_obj(u, o);
        break;
    }
    case IN_JOIN_PASS:
    case IN_WATCH_PASS:
        net_send_obj(u, json_pack("{s:s,s:I,s:s}", "type", what == IN_JOIN_PASS ? "join" : "watch", "room",
                              (json_int_t)u->pending_room, "password", u->line));
        break;
    case IN_CHAT:
        if (u->line[0])
            net_send_obj(u, json_pack("{s:s,s:s}", "type", "chat", "text", u->line));
        break;
    case IN_REMOVE:
        if (u->line[0] >= '0' && u->line[0] <= '2')
            net_send_obj(u, json_pack("{s:s,s:i}", "type", "remove_bot", "seat", u->line[0] - '0'));
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
    u->pending_room = net_jnum(r, "id");
    if (json_is_true(json_object_get(r, "password")))
        start_input(u, watch ? IN_WATCH_PASS : IN_JOIN_PASS);
    else
        net_send_obj(u, json_pack("{s:s,s:I}", "type", watch ? "watch" : "join", "room", (json_int_t)u->pending_room));
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
        net_send_type(u, "quick");
    else if (!code && ch == 't')
        net_send_type(u, "leaderboard");
    else if (!code && ch == 'e')
        net_tour_open_list(u);
    else if (!code && ch == 'r')
        net_send_type(u, "rooms");
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
        net_send_type(u, "leave");
    else if (code || u->c->seat < 0)
        return;
    else if (ch == 'r')
        net_send_obj(u, json_pack("{s:s,s:b}", "type", "ready", "ready", !my_ready(u)));
    else if (ch >= '1' && ch <= '4')
        net_send_obj(u, json_pack("{s:s,s:s}", "type", "add_bot", "level", levels[ch - '1']));
    else if (ch == 'x')
        start_input(u, IN_REMOVE);
}

static void send_value(NetUi *u, int v)
{
    net_send_obj(u, json_pack("{s:s,s:i}", "type", u->c->turn_phase == DDZ_PHASE_BID ? "bid" : "double", "value", v));
}

static void send_cards(NetUi *u, DdzCards cards)
{
    char text[200];
    ddz_cards_format(cards, DDZ_STYLE_ASCII, text, sizeof text);
    net_send_obj(u, json_pack("{s:s,s:s}", "type", "play", "cards", text));
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
        net_send_type(u, "pass");
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
            u->result = u->tour_last = false;
            p->over = false;
            if (c->seat >= 0 && !c->room_tour) /* a tournament table deals by itself */
                net_send_obj(u, json_pack("{s:s,s:b}", "type", "ready", "ready", 1));
        } else if (!code && (k == 'v' || k == '\t')) {
            u->hide_result = !u->hide_result;
        } else if (!code && k == 'l' && !c->room_tour && !u->tour_last) {
            u->result = false;
            net_send_type(u, "leave");
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
    if (!code && k == 's') {
        /* Sort the hand: by rank, by group size, by combination, and round again. */
        play_sort_next(p);
        return;
    }
    if (!code && k == 'l' && c->seat < 0) {
        net_send_type(u, "leave");
        return;
    }
    if (c->seat < 0 || !c->in_game)
        return;
    if (!code && k == 'o') {
        net_send_obj(u, json_pack("{s:s,s:b}", "type", "auto", "on", !c->autop[c->seat]));
        return;
    }
    if (!code && k == 'h' && !sel->typed[0]) {
        play_hint_next(p);
        return;
    }
    if (!c->my_turn)
        return;
    if (!code && k == 'm') {
        net_send_type(u, "show");
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
        DdzCard list[DDZ_CARD_NB];
        if (u->cursor < play_hand_order(p, c->hand, list, NULL)) {
            sel->typed[0] = '\0';
            sel->cards ^= ddz_cards_of(list[u->cursor]);
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
        net_send_type(u, "pass");
    } else if (!code && k == '\t') {
        play_hint_next(p);
    }
}

void net_ui_sort(NetUi *u, int mode) { play_sort_set(u->p, mode); }

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
        if (!code && ((ch == 'q' && (!net_on_table(u) || u->p->net.watching)) ||
                      (ch == 27 && net_on_table(u) && !u->p->sel.cards && !u->p->sel.typed[0]))) {
            u->quit_ask = true;
            continue;
        }
        if (!u->c->player)
            continue;
        u->note[0] = '\0';
        if (net_on_table(u))
            table_key(u, code, ch);
        else if (net_tour_screen(u))
            net_tour_key(u, code, ch);
        else if (!u->c->room)
            lobby_key(u, code, ch);
        else
            room_key(u, code, ch);
    }
    if (u->dirty || net_now_ms() - u->last_draw >= 250)
        net_draw_all(u);
    return 0;
}
