/* connect_plain.c -- ddz connect --plain: the network game in line mode (lobby, rooms, play
 * with the commands of ddz play --plain), reading standard input on its own thread. */
#define _DEFAULT_SOURCE /* strdup */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include <unistd.h>

#include "cli.h"
#include "connect.h"
#include "../play/refusal.h"
#include "ddz/movegen.h"

static const char *seat_name(const App *a, int s)
{
    if (s < 0 || s >= DDZ_SEAT_NB)
        return "?";
    static const char *const plain[DDZ_SEAT_NB] = {"seat 0", "seat 1", "seat 2"};
    return a->names[s][0] ? a->names[s] : plain[s];
}

static void print_cards(const App *a, DdzCards cards, char *buf, size_t size)
{
    ddz_cards_format(cards, a->style, buf, size);
}

/* Your hand in the order chosen with sort (--sort): a wider gap between groups. */
static void print_hand(const App *a, DdzCards hand, char *buf, size_t size)
{
    DdzCard list[DDZ_CARD_NB];
    DdzCards starts;
    int n = play_hand_order(a->tp, hand, list, &starts);
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && len + 1 < size; i++) {
        char one[16];
        ddz_cards_format(ddz_cards_of(list[i]), a->style, one, sizeof one);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i == 0 ? "" : ddz_cards_has(starts, list[i]) ? "  " : " ", one);
    }
}

/* Printing ----------------------------------------------------------------------------------*/

/* say with message id of the text table (src/play/texts.h), in the chosen language. */
void connect_sayt(App *a, PlayText id, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, id);
    play_vfmt(a->tp, buf, sizeof buf, id, ap);
    va_end(ap);
    connect_say(a, "%s", buf);
}

static const char *tx(const App *a, PlayText id) { return play_text(a->tp, id); }

/* A room's state ("waiting", "playing") in the chosen language. */
static const char *state_word(const App *a, const char *state)
{
    return tx(a, state && !strcmp(state, "playing") ? T_NET_PLAYING : T_NET_WAITING);
}

void connect_say(App *a, const char *fmt, ...)
{
    if ((a->autoplay && !a->verbose) || a->ui)
        return;
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
}

static void show_status(App *a)
{
    DdzClient *c = &a->c;
    char text[512];
    if (!c->room) {
        connect_sayt(a, T_L_LOBBY);
        return;
    }
    if (c->seat >= 0)
        connect_sayt(a, T_L_ROOM_SEAT, c->room, c->seat);
    else
        connect_sayt(a, T_L_ROOM_WATCH, c->room);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        connect_sayt(a, T_L_SEAT_ROW, s, seat_name(a, s), s == c->seat ? tx(a, T_L_YOU) : "",
            c->in_game && c->landlord == s ? " 地主" : "", c->totals[s]);
    if (!c->in_game)
        return;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (c->count[s] && s != c->seat)
            connect_sayt(a, T_L_HOLDS, seat_name(a, s), c->count[s], c->count[s] == 1 ? "" : "s",
                c->autop[s] ? " (托管)" : "");
    if (c->bottom) {
        print_cards(a, c->bottom, text, sizeof text);
        connect_sayt(a, T_L_BOTTOM, text);
    }
    if (c->table_seat >= 0) {
        ddz_move_format(&c->table, c->opt.rules, text, sizeof text);
        connect_sayt(a, T_L_TABLE, text, seat_name(a, c->table_seat));
    }
    if (c->seat >= 0) {
        print_hand(a, c->hand, text, sizeof text);
        connect_sayt(a, T_L_HAND, text);
    }
    if (a->turn_at && (unsigned)c->turn < DDZ_SEAT_NB) {
        long left = (long)((a->turn_at - connect_now_ms() + 999) / 1000);
        connect_sayt(a, T_NET_TO_ACT, seat_name(a, c->turn), left > 0 ? left : 0L);
    }
}

static void show_counter(App *a)
{
    DdzClient *c = &a->c;
    DdzCards seen = c->hand | c->bottom;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        seen |= c->played[s];
    DdzRanks unseen = ddz_cards_ranks(DDZ_DECK & ~seen);
    connect_say(a, "%s", tx(a, T_LN_UNSEEN));
    for (int r = 0; r < DDZ_RANK_NB; r++)
        connect_say(a, " %c×%d", ddz_rank_char(r), ddz_ranks_get(unseen, r));
    connect_say(a, "\n");
}

static void prompt(App *a)
{
    DdzClient *c = &a->c;
    char text[512];
    print_hand(a, c->hand, text, sizeof text);
    connect_sayt(a, T_L_YOUR_HAND, text);
    if (c->turn_phase == DDZ_PHASE_BID) {
        connect_sayt(a, T_L_YOUR_BID);
        for (int i = 0; i < c->nvalues; i++)
            connect_say(a, "%s%d", i ? " " : "", c->values[i]);
        connect_sayt(a, T_L_BID_END);
    } else if (c->turn_phase == DDZ_PHASE_DOUBLE) {
        connect_sayt(a, T_L_DOUBLE_Q);
    } else if (c->lead) {
        connect_sayt(a, T_L_LEAD);
    } else {
        ddz_move_format(&c->table, c->opt.rules, text, sizeof text);
        connect_sayt(a, T_L_BEAT, text);
    }
    if (c->deadline_ms > 0)
        connect_sayt(a, T_L_DEADLINE, (c->deadline_ms + 999) / 1000);
    connect_say(a, "%s > ", c->autop[c->seat] ? tx(a, T_L_AUTO_TAKE) : "");
}

void connect_show_event(App *a, DdzClientEvent e, json_t *m)
{
    DdzClient *c = &a->c;
    char text[512];
    const char *type = json_string_value(json_object_get(m, "type"));
    switch (e) {
    case DDZ_EV_WELCOME:
        connect_sayt(a, T_L_WELCOME, c->name, c->player, json_is_true(json_object_get(m, "resumed")) ? tx(a, T_L_WELCOME_BACK) : "");
        break;
    case DDZ_EV_ERROR:
        play_refusal_text(a->tp, c, m, text, sizeof text);
        connect_say(a, "! %s\n", text);
        break;
    case DDZ_EV_ROOMS: {
        json_t *rooms = json_object_get(m, "rooms"), *r;
        size_t i;
        if (!json_array_size(rooms))
            connect_sayt(a, T_L_NO_ROOMS);
        json_array_foreach(rooms, i, r) {
            json_t *seats = json_object_get(r, "seats");
            int taken = 0;
            for (size_t s = 0; s < 3; s++)
                taken += !json_is_null(json_array_get(seats, s));
            connect_sayt(a, T_L_ROOM_ROW,
                (long long)json_integer_value(json_object_get(r, "id")),
                json_string_value(json_object_get(r, "name")), taken,
                state_word(a, json_string_value(json_object_get(r, "state"))),
                json_is_true(json_object_get(r, "password")) ? tx(a, T_L_PASSWORD) : "",
                json_is_true(json_object_get(r, "quick")) ? tx(a, T_L_QUICK) : "",
                (long long)json_integer_value(json_object_get(r, "spectators")));
        }
        break;
    }
    case DDZ_EV_ROOM: {
        json_t *room = json_object_get(m, "room");
        json_t *seats = json_object_get(room, "seats");
        for (int s = 0; s < DDZ_SEAT_NB; s++) {
            /* A player who left keeps its name, marked. */
            snprintf(a->names[s], sizeof a->names[s], "%s%s", c->names[s],
                     c->names[s][0] && c->gone[s] ? tx(a, T_NET_GONE_MARK) : "");
        }
        if (!c->in_game) {
            connect_sayt(a, T_L_ROOM, c->room, json_string_value(json_object_get(room, "name")),
                 state_word(a, json_string_value(json_object_get(room, "state"))));
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                json_t *st = json_array_get(seats, (size_t)s);
                connect_say(a, "  [%d] %s%s%s", s, json_is_null(st) ? "-" : a->names[s],
                    json_is_true(json_object_get(st, "ready")) ? " ✓" : "", s == c->seat ? tx(a, T_L_YOU) : "");
            }
            connect_say(a, "\n");
        }
        break;
    }
    case DDZ_EV_LEFT:
        connect_sayt(a, T_L_LEFT);
        break;
    case DDZ_EV_CHAT:
        connect_say(a, "[%s] %s\n", json_string_value(json_object_get(m, "from")), json_string_value(json_object_get(m, "text")));
        break;
    case DDZ_EV_START:
        connect_sayt(a, T_L_START, c->game, c->commit);
        if (c->seat >= 0) {
            print_hand(a, c->hand, text, sizeof text);
            connect_sayt(a, T_L_YOUR_CARDS, text);
        }
        connect_sayt(a, T_L_BIDS_FIRST, seat_name(a, c->first));
        break;
    case DDZ_EV_ACTION: {
        int s = (int)json_integer_value(json_object_get(m, "seat"));
        const char *kind = json_string_value(json_object_get(m, "kind"));
        const char *by = json_string_value(json_object_get(m, "by"));
        const char *note = by && !strcmp(by, "timeout") ? tx(a, T_L_TIMEOUT) : by && !strcmp(by, "auto") ? tx(a, T_L_BY_AUTO) : "";
        long v = (long)json_integer_value(json_object_get(m, "value"));
        if (!strcmp(kind, "bid") && v)
            connect_sayt(a, T_L_BIDS, seat_name(a, s), v, note);
        else if (!strcmp(kind, "bid"))
            connect_sayt(a, T_L_NO_BID, seat_name(a, s), note);
        else if (!strcmp(kind, "double"))
            connect_sayt(a, v ? T_L_DOUBLES : T_L_NO_DOUBLE, seat_name(a, s), note);
        else if (!strcmp(kind, "show")) {
            print_cards(a, c->shown[s], text, sizeof text);
            connect_sayt(a, T_L_SHOWS, seat_name(a, s), text);
        } else if (!strcmp(kind, "pass"))
            connect_sayt(a, T_L_PASSES, seat_name(a, s), note);
        else if (!strcmp(kind, "play")) {
            DdzCards cards = 0;
            DdzError err;
            ddz_cards_parse(json_string_value(json_object_get(m, "cards")), &cards, &err);
            print_cards(a, cards, text, sizeof text);
            connect_sayt(a, T_L_PLAYS, seat_name(a, s), text, note,
                 c->count[s] <= 2 && c->count[s] > 0 ? tx(a, c->count[s] == 1 ? T_L_ONE_LEFT : T_L_TWO_LEFT) : "");
        }
        break;
    }
    case DDZ_EV_LANDLORD:
        print_cards(a, c->bottom, text, sizeof text);
        connect_sayt(a, T_L_LANDLORD, seat_name(a, c->landlord), (long long)json_integer_value(json_object_get(m, "bid")), text);
        break;
    case DDZ_EV_TURN:
        prompt(a);
        break;
    case DDZ_EV_AUTO: {
        int s = (int)json_integer_value(json_object_get(m, "seat"));
        connect_sayt(a, (unsigned)s < DDZ_SEAT_NB && c->autop[s] ? T_L_AUTO_ON : T_L_AUTO_OFF, seat_name(a, s),
             json_string_value(json_object_get(m, "reason")));
        break;
    }
    case DDZ_EV_REDEAL:
        connect_sayt(a, T_L_REDEAL, json_string_value(json_object_get(m, "seed")), tx(a, c->commit_ok ? T_L_CHECKED : T_L_NO_MATCH));
        break;
    case DDZ_EV_OVER: {
        json_t *res = json_object_get(m, "result");
        bool lw = json_is_true(json_object_get(res, "landlord_won"));
        connect_sayt(a, lw ? T_L_LANDLORD_WINS : T_L_FARMERS_WIN,
             json_is_true(json_object_get(res, "spring"))        ? tx(a, T_L_SPRING)
             : json_is_true(json_object_get(res, "anti_spring")) ? tx(a, T_L_ANTI_SPRING)
                                                                 : "");
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            connect_say(a, " %s %+d", seat_name(a, s), c->last_score[s]);
        /* hubei48: 喜金 and 包赔 (the result line carries them only in that game) */
        json_t *bonus = json_object_get(res, "bonus"), *cover = json_object_get(res, "cover");
        bool any_bonus = false;
        for (int s = 0; s < DDZ_SEAT_NB && json_is_array(bonus); s++)
            any_bonus |= json_integer_value(json_array_get(bonus, (size_t)s)) != 0;
        if (any_bonus) {
            connect_say(a, ". %s", tx(a, T_XIJIN));
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                if (json_integer_value(json_array_get(bonus, (size_t)s)))
                    connect_say(a, " %s %+d", seat_name(a, s), (int)json_integer_value(json_array_get(bonus, (size_t)s)));
        }
        long long cv = json_is_integer(cover) ? json_integer_value(cover) : -1;
        if (cv >= 0 && cv < DDZ_SEAT_NB) {
            connect_say(a, ". ");
            connect_sayt(a, T_COVER, seat_name(a, (int)cv));
        }
        connect_sayt(a, T_L_TOTALS);
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            connect_say(a, " %d", c->totals[s]);
        connect_sayt(a, T_L_SEED, json_string_value(json_object_get(m, "seed")), tx(a, c->commit_ok ? T_L_MATCHES : T_L_NO_MATCH),
             c->seat >= 0 ? tx(a, T_L_READY_NEXT) : "");
        for (int s = 0; s < DDZ_SEAT_NB && c->held_known; s++)
            if (c->held[s] && s != c->seat) {
                print_cards(a, c->held[s], text, sizeof text);
                connect_sayt(a, T_NET_HELD, seat_name(a, s), text);
            }
        break;
    }
    case DDZ_EV_STATE:
        connect_sayt(a, T_L_STATE);
        show_status(a);
        if (c->my_turn)
            prompt(a);
        break;
    case DDZ_EV_TOUR:
        connect_tour_event(a, m);
        break;
    case DDZ_EV_LEADERBOARD: {
        json_t *ps = json_object_get(m, "players"), *p;
        size_t i;
        connect_sayt(a, T_L_LEADERS);
        json_array_foreach(ps, i, p) connect_sayt(a, T_L_LEADER_ROW,
                                         (long long)json_integer_value(json_object_get(p, "rank")),
                                         json_string_value(json_object_get(p, "name")),
                                         (long long)json_integer_value(json_object_get(p, "score")),
                                         (long long)json_integer_value(json_object_get(p, "games")));
        break;
    }
    default:
        (void)type;
        break;
    }
}


/* Line mode ----------------------------------------------------------------------------------*/

/* Queues one line of standard input (without its line end) for the event loop. */
static bool reader_push(App *a, const char *text, size_t n)
{
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r'))
        n--;
    Line *l = malloc(sizeof *l + n + 1);
    if (!l)
        return false;
    l->next = NULL;
    memcpy(l->text, text, n);
    l->text[n] = '\0';
    pthread_mutex_lock(&a->mu);
    if (a->lines_tail)
        a->lines_tail->next = l;
    else
        a->lines = l;
    a->lines_tail = l;
    pthread_mutex_unlock(&a->mu);
    ddz_ws_client_interrupt(a->ws);
    return true;
}

/* Reads standard input with poll(2), so that the main thread can end it at any time through
 * a->reader_stop instead of cancelling it inside a blocking read. */
void *connect_reader(void *arg)
{
    App *a = arg;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    bool stopped = false;
    for (;;) {
        struct pollfd fds[2] = {{.fd = STDIN_FILENO, .events = POLLIN}, {.fd = a->reader_stop[0], .events = POLLIN}};
        int r = poll(fds, 2, -1);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (fds[1].revents) {
            stopped = true;
            break;
        }
        if (!fds[0].revents)
            continue;
        if (cap - len < 4096) {
            size_t ncap = cap ? cap * 2 : 8192;
            char *nb = realloc(buf, ncap);
            if (!nb)
                break;
            buf = nb;
            cap = ncap;
        }
        ssize_t n = read(STDIN_FILENO, buf + len, cap - len);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0)
            break;
        len += (size_t)n;
        size_t start = 0;
        for (size_t i = len - (size_t)n; i < len; i++) {
            if (buf[i] == '\n') {
                if (!reader_push(a, buf + start, i - start))
                    goto out;
                start = i + 1;
            }
        }
        memmove(buf, buf + start, len - start);
        len -= start;
    }
    if (!stopped && len > 0)
        reader_push(a, buf, len); /* the last line, without its line end */
out:
    free(buf);
    pthread_mutex_lock(&a->mu);
    a->eof = true;
    pthread_mutex_unlock(&a->mu);
    ddz_ws_client_interrupt(a->ws);
    return NULL;
}

/* The Chinese words of the line mode's commands (the help lists them), in either language. */
static const char *const ALIASES[][2] = {
    {"帮助", "help"},      {"退出", "quit"},      {"房间", "rooms"},   {"创建", "create"},
    {"加入", "join"},      {"观战", "watch"},     {"快速", "quick"},   {"准备", "ready"},
    {"离开", "leave"},     {"排行", "top"},       {"电脑", "bot"},     {"移除电脑", "unbot"},
    {"说", "say"},         {"托管", "auto"},      {"牌桌", "status"},  {"记牌器", "counter"},
    {"理牌", "sort"},      {"提示", "hint"},      {"明牌", "show"},    {"不要", "pass"},
    {"叫", "bid"},         {"是", "yes"},         {"否", "no"},        {"比赛", "events"},
    {"关注", "follow"},    {"取消关注", "unfollow"}, {"报名", "register"}, {"退赛", "unregister"},
    {"排名", "standings"}, {"赛桌", "tables"},    {"开设", "open"},    {"开赛", "begin"},
};

/* The command a Chinese word names, or NULL. */
static const char *command_alias(const char *word)
{
    for (size_t i = 0; i < sizeof ALIASES / sizeof ALIASES[0]; i++)
        if (!strcmp(word, ALIASES[i][0]))
            return ALIASES[i][1];
    return NULL;
}

static bool is(const char *s, const char *a, const char *b)
{
    return !strcmp(s, a) || (b && !strcmp(s, b));
}

static void room_cmd(App *a, const char *type, const char *rest)
{
    char arg1[128] = "", arg2[128] = "";
    sscanf(rest, "%127s %127s", arg1, arg2);
    if (!strcmp(type, "create")) {
        char *n = arg1[0] ? connect_quoted(arg1) : NULL, *p = arg2[0] ? connect_quoted(arg2) : NULL;
        connect_sendf(a, "{\"type\":\"create\"%s%s%s%s}", n ? ",\"name\":" : "", n ? n : "", p ? ",\"password\":" : "",
              p ? p : "");
        free(n);
        free(p);
        return;
    }
    char *end;
    long id = strtol(arg1, &end, 10);
    if (!arg1[0] || *end) {
        connect_sayt(a, T_LN_NEED_ROOM, type, type);
        return;
    }
    char *p = arg2[0] ? connect_quoted(arg2) : NULL;
    connect_sendf(a, "{\"type\":\"%s\",\"room\":%ld%s%s}", type, id, p ? ",\"password\":" : "", p ? p : "");
    free(p);
}

static void hint_next(App *a)
{
    DdzClient *c = &a->c;
    if (!c->my_turn || c->turn_phase != DDZ_PHASE_PLAY) {
        connect_sayt(a, T_LN_HINT_LATER);
        return;
    }
    if (a->hint < 0) {
        a->nhints = ddz_moves_hint(ddz_cards_ranks(c->hand), c->lead ? NULL : &c->table, c->opt.rules, a->hints);
        a->hint = -1;
    }
    if (a->nhints == 0) {
        connect_sayt(a, T_LN_HINT_NONE);
        return;
    }
    a->hint = (a->hint + 1) % a->nhints;
    char text[96];
    ddz_move_format(&a->hints[a->hint], c->opt.rules, text, sizeof text);
    connect_sayt(a, T_LN_HINT, a->hint + 1, a->nhints, text);
}

static void play_ranks(App *a, const char *text)
{
    char *q = connect_quoted(text);
    connect_sendf(a, "{\"type\":\"play\",\"move\":%s}", q);
    free(q);
}

static void line_cmd(App *a, char *line)
{
    DdzClient *c = &a->c;
    while (*line == ' ')
        line++;
    char word[64] = "";
    sscanf(line, "%63s", word);
    const char *rest = line + strlen(word);
    while (*rest == ' ')
        rest++;
    const char *alias = command_alias(word);
    if (alias)
        snprintf(word, sizeof word, "%s", alias);
    bool deciding = c->my_turn && (c->turn_phase == DDZ_PHASE_BID || c->turn_phase == DDZ_PHASE_DOUBLE);
    if (!word[0]) {
        if (c->my_turn && c->turn_phase == DDZ_PHASE_PLAY && a->hint >= 0 && a->nhints > 0) {
            char text[96];
            ddz_move_format(&a->hints[a->hint], c->opt.rules, text, sizeof text);
            play_ranks(a, text);
        } else if (c->my_turn) {
            prompt(a);
        }
        return;
    }
    if (is(word, "?", "help"))
        connect_say(a, "%s", tx(a, T_LN_HELP)); /* longer than connect_sayt's line */
    else if (is(word, "q", "quit")) {
        a->done = true;
        ddz_ws_client_close(a->ws, a->id);
    } else if (is(word, "rooms", "l"))
        connect_send(a, "{\"type\":\"rooms\"}");
    else if (is(word, "create", NULL) || is(word, "join", NULL) || is(word, "watch", NULL))
        room_cmd(a, word, rest);
    else if (is(word, "quick", NULL))
        connect_send(a, "{\"type\":\"quick\"}");
    else if (is(word, "ready", "r"))
        connect_send(a, "{\"type\":\"ready\"}");
    else if (is(word, "leave", NULL))
        connect_send(a, "{\"type\":\"leave\"}");
    else if (is(word, "top", NULL))
        connect_send(a, "{\"type\":\"leaderboard\"}");
    else if (is(word, "state", NULL))
        connect_send(a, "{\"type\":\"state\"}");
    else if (is(word, "bot", NULL))
        connect_sendf(a, "{\"type\":\"add_bot\",\"level\":\"%s\"}", *rest ? rest : "normal");
    else if (is(word, "unbot", NULL))
        connect_sendf(a, "{\"type\":\"remove_bot\",\"seat\":%d}", atoi(rest));
    else if (is(word, "say", NULL)) {
        char *q = connect_quoted(rest);
        connect_sendf(a, "{\"type\":\"chat\",\"text\":%s}", q);
        free(q);
    } else if (is(word, "auto", NULL))
        connect_sendf(a, "{\"type\":\"auto\",\"on\":%s}", c->seat >= 0 && c->autop[c->seat] ? "false" : "true");
    else if (is(word, "s", "status"))
        show_status(a);
    else if (is(word, "c", "counter"))
        show_counter(a);
    else if (is(word, "sort", NULL)) {
        /* by rank, by group size, by combination, and round again */
        char text[512];
        play_sort_next(a->tp);
        print_hand(a, c->hand, text, sizeof text);
        connect_say(a, "%s\n", a->tp->msg);
        connect_sayt(a, T_L_YOUR_HAND, text);
    }
    else if (is(word, "h", "hint"))
        hint_next(a);
    else if (is(word, "show", NULL))
        connect_send(a, "{\"type\":\"show\"}");
    else if (connect_tour_cmd(a, word, rest))
        ;
    else if (is(word, "p", "pass"))
        connect_send(a, "{\"type\":\"pass\"}");
    else if (deciding && (is(word, "bid", NULL) || (strlen(word) == 1 && word[0] >= '0' && word[0] <= '3') ||
                          is(word, "y", "yes") || is(word, "n", "no"))) {
        int v = is(word, "bid", NULL) ? atoi(rest) : is(word, "y", "yes") ? 1 : is(word, "n", "no") ? 0 : word[0] - '0';
        connect_sendf(a, "{\"type\":\"%s\",\"value\":%d}", c->turn_phase == DDZ_PHASE_BID ? "bid" : "double", v);
    } else
        play_ranks(a, line);
}

void connect_line_timer(App *a)
{
    if (!a->c.player) /* nothing goes out before the welcome */
        return;
    for (;;) {
        pthread_mutex_lock(&a->mu);
        Line *l = a->lines;
        if (l) {
            a->lines = l->next;
            if (!a->lines)
                a->lines_tail = NULL;
        }
        bool eof = a->eof;
        pthread_mutex_unlock(&a->mu);
        if (!l) {
            /* End of input: quit, once the answers to the last lines had time to come. */
            if (eof && !a->done && !a->quit_at)
                a->quit_at = connect_now_ms() + 700;
            if (a->quit_at && connect_now_ms() >= a->quit_at && !a->done) {
                a->done = true;
                ddz_ws_client_close(a->ws, a->id);
            }
            return;
        }
        line_cmd(a, l->text);
        free(l);
    }
}

