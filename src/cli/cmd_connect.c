/* cmd_connect.c -- ddz connect: the network game in line mode (lobby, rooms, play with the
 * commands of ddz play --plain), and --auto, a client that plays by itself, records every
 * frame and checks that none shows another seat's hidden cards (tests/net.sh). */
#define _DEFAULT_SOURCE /* strdup */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include <unistd.h>

#include "../play/net.h"
#include "../play/play.h"
#include "cli.h"
#include "ddz/client.h"
#include "ddz/movegen.h"

enum { GOAL_NONE, GOAL_CREATE, GOAL_JOIN, GOAL_WATCH, GOAL_QUICK };

typedef struct Line {
    struct Line *next;
    char text[];
} Line;

typedef struct App {
    DdzWsClient *ws;
    long id;
    const char *url, *name, *token_file, *record_path, *password, *bot_level;
    FILE *frames;
    DdzClient c;
    char names[DDZ_SEAT_NB][80];
    DdzCardStyle style;
    /* --auto */
    bool autoplay, verbose;
    int think_ms, goal, bots;
    char goal_arg[80];
    long games_want, drop_after, actions_this_game, reconnects, errors;
    bool dropping, bots_added, joined, done;
    long ready_for;
    int64_t act_at, join_at, reconnect_at, give_up_at;
    DdzRng rng;
    /* line mode */
    pthread_mutex_t mu;
    Line *lines, *lines_tail;
    bool eof, quit_asked;
    int64_t quit_at;
    bool hostile_on;   /* --hostile */
    int hostile;       /* its step: 0 before the welcome */
    bool hostile_cut;
    DdzMove *hints;
    int nhints, hint;
    int exit_code;
    /* the curses screens (the default on a terminal; --plain keeps the line mode) */
    NetUi *ui;
    int lang;
    Play *tp;          /* the language of the messages (play_text) */
} App;

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void send_text(App *a, const char *text)
{
    if (a->id >= 0)
        ddz_ws_client_send(a->ws, a->id, text, strlen(text));
}

static void sendf(App *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sendf(App *a, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    send_text(a, buf);
}

/* A JSON string literal of s (for names, passwords and chat typed by people). */
static char *quoted(const char *s)
{
    json_t *j = json_string(s);
    char *out = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
    json_decref(j);
    return out ? out : strdup("\"\"");
}

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

/* Printing ----------------------------------------------------------------------------------*/

static void say(App *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* say with message id of the text table (src/play/texts.h), in the chosen language. */
static void sayt(App *a, PlayText id, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, id);
    play_vfmt(a->tp, buf, sizeof buf, id, ap);
    va_end(ap);
    say(a, "%s", buf);
}

static const char *tx(const App *a, PlayText id) { return play_text(a->tp, id); }

/* A room's state ("waiting", "playing") in the chosen language. */
static const char *state_word(const App *a, const char *state)
{
    return tx(a, state && !strcmp(state, "playing") ? T_NET_PLAYING : T_NET_WAITING);
}

static void say(App *a, const char *fmt, ...)
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
        sayt(a, T_L_LOBBY);
        return;
    }
    if (c->seat >= 0)
        sayt(a, T_L_ROOM_SEAT, c->room, c->seat);
    else
        sayt(a, T_L_ROOM_WATCH, c->room);
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        sayt(a, T_L_SEAT_ROW, s, seat_name(a, s), s == c->seat ? tx(a, T_L_YOU) : "",
            c->in_game && c->landlord == s ? " 地主" : "", c->totals[s]);
    if (!c->in_game)
        return;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        if (c->count[s] && s != c->seat)
            sayt(a, T_L_HOLDS, seat_name(a, s), c->count[s], c->count[s] == 1 ? "" : "s",
                c->autop[s] ? " (托管)" : "");
    if (c->bottom) {
        print_cards(a, c->bottom, text, sizeof text);
        sayt(a, T_L_BOTTOM, text);
    }
    if (c->table_seat >= 0) {
        ddz_move_format(&c->table, c->opt.rules, text, sizeof text);
        sayt(a, T_L_TABLE, text, seat_name(a, c->table_seat));
    }
    if (c->seat >= 0) {
        print_cards(a, c->hand, text, sizeof text);
        sayt(a, T_L_HAND, text);
    }
}

static void show_counter(App *a)
{
    DdzClient *c = &a->c;
    DdzCards seen = c->hand | c->bottom;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        seen |= c->played[s];
    DdzRanks unseen = ddz_cards_ranks(DDZ_DECK & ~seen);
    say(a, "  unseen:");
    for (int r = 0; r < DDZ_RANK_NB; r++)
        say(a, " %c×%d", ddz_rank_char(r), ddz_ranks_get(unseen, r));
    say(a, "\n");
}

static void prompt(App *a)
{
    DdzClient *c = &a->c;
    char text[512];
    print_cards(a, c->hand, text, sizeof text);
    sayt(a, T_L_YOUR_HAND, text);
    if (c->turn_phase == DDZ_PHASE_BID) {
        sayt(a, T_L_YOUR_BID);
        for (int i = 0; i < c->nvalues; i++)
            say(a, "%s%d", i ? " " : "", c->values[i]);
        sayt(a, T_L_BID_END);
    } else if (c->turn_phase == DDZ_PHASE_DOUBLE) {
        sayt(a, T_L_DOUBLE_Q);
    } else if (c->lead) {
        sayt(a, T_L_LEAD);
    } else {
        ddz_move_format(&c->table, c->opt.rules, text, sizeof text);
        sayt(a, T_L_BEAT, text);
    }
    if (c->deadline_ms > 0)
        sayt(a, T_L_DEADLINE, (c->deadline_ms + 999) / 1000);
    say(a, "%s > ", c->autop[c->seat] ? tx(a, T_L_AUTO_TAKE) : "");
}

static void show_event(App *a, DdzClientEvent e, json_t *m)
{
    DdzClient *c = &a->c;
    char text[512];
    const char *type = json_string_value(json_object_get(m, "type"));
    switch (e) {
    case DDZ_EV_WELCOME:
        sayt(a, T_L_WELCOME, c->name, c->player, json_is_true(json_object_get(m, "resumed")) ? tx(a, T_L_WELCOME_BACK) : "");
        break;
    case DDZ_EV_ERROR:
        say(a, "! %s: %s\n", c->error_code, c->error);
        break;
    case DDZ_EV_ROOMS: {
        json_t *rooms = json_object_get(m, "rooms"), *r;
        size_t i;
        if (!json_array_size(rooms))
            sayt(a, T_L_NO_ROOMS);
        json_array_foreach(rooms, i, r) {
            json_t *seats = json_object_get(r, "seats");
            int taken = 0;
            for (size_t s = 0; s < 3; s++)
                taken += !json_is_null(json_array_get(seats, s));
            sayt(a, T_L_ROOM_ROW,
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
            json_t *st = json_array_get(seats, (size_t)s);
            const char *n = json_string_value(json_object_get(st, "name"));
            snprintf(a->names[s], sizeof a->names[s], "%s", n ? n : "");
        }
        if (!c->in_game) {
            sayt(a, T_L_ROOM, c->room, json_string_value(json_object_get(room, "name")),
                 state_word(a, json_string_value(json_object_get(room, "state"))));
            for (int s = 0; s < DDZ_SEAT_NB; s++) {
                json_t *st = json_array_get(seats, (size_t)s);
                say(a, "  [%d] %s%s%s", s, json_is_null(st) ? "-" : a->names[s],
                    json_is_true(json_object_get(st, "ready")) ? " ✓" : "", s == c->seat ? tx(a, T_L_YOU) : "");
            }
            say(a, "\n");
        }
        break;
    }
    case DDZ_EV_LEFT:
        sayt(a, T_L_LEFT);
        break;
    case DDZ_EV_CHAT:
        say(a, "[%s] %s\n", json_string_value(json_object_get(m, "from")), json_string_value(json_object_get(m, "text")));
        break;
    case DDZ_EV_START:
        sayt(a, T_L_START, c->game, c->commit);
        if (c->seat >= 0) {
            print_cards(a, c->hand, text, sizeof text);
            sayt(a, T_L_YOUR_CARDS, text);
        }
        sayt(a, T_L_BIDS_FIRST, seat_name(a, c->first));
        break;
    case DDZ_EV_ACTION: {
        int s = (int)json_integer_value(json_object_get(m, "seat"));
        const char *kind = json_string_value(json_object_get(m, "kind"));
        const char *by = json_string_value(json_object_get(m, "by"));
        const char *note = by && !strcmp(by, "timeout") ? tx(a, T_L_TIMEOUT) : by && !strcmp(by, "auto") ? tx(a, T_L_BY_AUTO) : "";
        long v = (long)json_integer_value(json_object_get(m, "value"));
        if (!strcmp(kind, "bid") && v)
            sayt(a, T_L_BIDS, seat_name(a, s), v, note);
        else if (!strcmp(kind, "bid"))
            sayt(a, T_L_NO_BID, seat_name(a, s), note);
        else if (!strcmp(kind, "double"))
            sayt(a, v ? T_L_DOUBLES : T_L_NO_DOUBLE, seat_name(a, s), note);
        else if (!strcmp(kind, "show")) {
            print_cards(a, c->shown[s], text, sizeof text);
            sayt(a, T_L_SHOWS, seat_name(a, s), text);
        } else if (!strcmp(kind, "pass"))
            sayt(a, T_L_PASSES, seat_name(a, s), note);
        else if (!strcmp(kind, "play")) {
            DdzCards cards = 0;
            DdzError err;
            ddz_cards_parse(json_string_value(json_object_get(m, "cards")), &cards, &err);
            print_cards(a, cards, text, sizeof text);
            sayt(a, T_L_PLAYS, seat_name(a, s), text, note,
                 c->count[s] <= 2 && c->count[s] > 0 ? tx(a, c->count[s] == 1 ? T_L_ONE_LEFT : T_L_TWO_LEFT) : "");
        }
        break;
    }
    case DDZ_EV_LANDLORD:
        print_cards(a, c->bottom, text, sizeof text);
        sayt(a, T_L_LANDLORD, seat_name(a, c->landlord), (long long)json_integer_value(json_object_get(m, "bid")), text);
        break;
    case DDZ_EV_TURN:
        prompt(a);
        break;
    case DDZ_EV_AUTO: {
        int s = (int)json_integer_value(json_object_get(m, "seat"));
        sayt(a, (unsigned)s < DDZ_SEAT_NB && c->autop[s] ? T_L_AUTO_ON : T_L_AUTO_OFF, seat_name(a, s),
             json_string_value(json_object_get(m, "reason")));
        break;
    }
    case DDZ_EV_REDEAL:
        sayt(a, T_L_REDEAL, json_string_value(json_object_get(m, "seed")), tx(a, c->commit_ok ? T_L_CHECKED : T_L_NO_MATCH));
        break;
    case DDZ_EV_OVER: {
        json_t *res = json_object_get(m, "result");
        bool lw = json_is_true(json_object_get(res, "landlord_won"));
        sayt(a, lw ? T_L_LANDLORD_WINS : T_L_FARMERS_WIN,
             json_is_true(json_object_get(res, "spring"))        ? tx(a, T_L_SPRING)
             : json_is_true(json_object_get(res, "anti_spring")) ? tx(a, T_L_ANTI_SPRING)
                                                                 : "");
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            say(a, " %s %+d", seat_name(a, s), c->last_score[s]);
        sayt(a, T_L_TOTALS);
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            say(a, " %d", c->totals[s]);
        sayt(a, T_L_SEED, json_string_value(json_object_get(m, "seed")), tx(a, c->commit_ok ? T_L_MATCHES : T_L_NO_MATCH),
             c->seat >= 0 ? tx(a, T_L_READY_NEXT) : "");
        break;
    }
    case DDZ_EV_STATE:
        sayt(a, T_L_STATE);
        show_status(a);
        if (c->my_turn)
            prompt(a);
        break;
    case DDZ_EV_LEADERBOARD: {
        json_t *ps = json_object_get(m, "players"), *p;
        size_t i;
        sayt(a, T_L_LEADERS);
        json_array_foreach(ps, i, p) sayt(a, T_L_LEADER_ROW,
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

/* The automatic client ------------------------------------------------------------------------*/

static void auto_goal(App *a)
{
    char *pw = a->password ? quoted(a->password) : NULL;
    char extra[160] = "";
    if (pw)
        snprintf(extra, sizeof extra, ",\"password\":%s", pw);
    switch (a->goal) {
    case GOAL_CREATE: {
        char *n = quoted(a->goal_arg);
        sendf(a, "{\"type\":\"create\",\"name\":%s%s}", n, extra);
        free(n);
        break;
    }
    case GOAL_JOIN:
    case GOAL_WATCH: {
        char *end;
        long id = strtol(a->goal_arg, &end, 10);
        if (*end || id <= 0)
            send_text(a, "{\"type\":\"rooms\"}"); /* find it by name */
        else
            sendf(a, "{\"type\":\"%s\",\"room\":%ld%s}", a->goal == GOAL_JOIN ? "join" : "watch", id, extra);
        break;
    }
    case GOAL_QUICK:
        send_text(a, "{\"type\":\"quick\"}");
        break;
    default:
        break;
    }
    free(pw);
}

/* The room list arrived: join (or watch) the room named goal_arg, else look again soon. */
static void auto_pick_room(App *a, json_t *m)
{
    json_t *rooms = json_object_get(m, "rooms"), *r;
    size_t i;
    json_array_foreach(rooms, i, r) {
        const char *n = json_string_value(json_object_get(r, "name"));
        if (n && !strcmp(n, a->goal_arg)) {
            char *pw = a->password ? quoted(a->password) : NULL;
            sendf(a, "{\"type\":\"%s\",\"room\":%lld%s%s}", a->goal == GOAL_JOIN ? "join" : "watch",
                  (long long)json_integer_value(json_object_get(r, "id")), pw ? ",\"password\":" : "", pw ? pw : "");
            free(pw);
            return;
        }
    }
    a->join_at = now_ms() + 200;
}

static void auto_after(App *a, DdzClientEvent e, json_t *m)
{
    DdzClient *c = &a->c;
    switch (e) {
    case DDZ_EV_WELCOME:
        if (!json_is_true(json_object_get(m, "resumed")) || !c->room)
            auto_goal(a);
        break;
    case DDZ_EV_ROOMS:
        if (!c->room && (a->goal == GOAL_JOIN || a->goal == GOAL_WATCH))
            auto_pick_room(a, m);
        break;
    case DDZ_EV_ROOM:
        a->joined = true;
        if (c->seat >= 0 && !c->in_game) {
            const char *state = json_string_value(json_object_get(json_object_get(m, "room"), "state"));
            if (a->goal == GOAL_CREATE && a->bots && !a->bots_added) {
                a->bots_added = true;
                for (int i = 0; i < a->bots; i++)
                    sendf(a, "{\"type\":\"add_bot\",\"level\":\"%s\"}", a->bot_level);
            }
            if (state && !strcmp(state, "waiting") && a->ready_for <= c->games_over && c->games_over < a->games_want) {
                a->ready_for = c->games_over + 1;
                send_text(a, "{\"type\":\"ready\"}");
            }
        }
        break;
    case DDZ_EV_START:
        a->actions_this_game = 0;
        break;
    case DDZ_EV_TURN:
        a->act_at = now_ms() + a->think_ms;
        break;
    case DDZ_EV_ERROR:
        a->errors++;
        if (!strcmp(c->error_code, "wrong_password")) {
            fprintf(stderr, "ddz connect: %s: %s\n", c->error_code, c->error);
            a->exit_code = CLI_USAGE;
            a->done = true;
            ddz_ws_client_close(a->ws, a->id);
        } else if (!c->room && (!strcmp(c->error_code, "no_room") || !strcmp(c->error_code, "room_full") ||
                                !strcmp(c->error_code, "playing")))
            a->join_at = now_ms() + 300;
        else if (a->verbose || !strcmp(c->error_code, "illegal"))
            fprintf(stderr, "ddz connect: server said %s: %s\n", c->error_code, c->error);
        break;
    default:
        break;
    }
    if ((e == DDZ_EV_OVER && c->games_over >= a->games_want) ||
        (c->seat < 0 && e == DDZ_EV_OVER && c->games_over >= a->games_want)) {
        a->done = true;
        ddz_ws_client_close(a->ws, a->id);
    }
}

static void auto_timer(App *a)
{
    int64_t now = now_ms();
    DdzClient *c = &a->c;
    if (a->join_at && now >= a->join_at && !c->room) {
        a->join_at = 0;
        auto_goal(a);
    }
    if (a->act_at && now >= a->act_at) {
        a->act_at = 0;
        char msg[256];
        size_t len = ddz_client_auto(c, &a->rng, msg, sizeof msg);
        if (len) {
            send_text(a, msg);
            a->actions_this_game++;
            if (a->drop_after && a->actions_this_game == a->drop_after && !a->reconnects) {
                /* Lose the connection mid-game, then come back with the token. */
                a->dropping = true;
                ddz_ws_client_drop(a->ws, a->id);
            }
        }
    }
}

/* --hostile: bad messages over the real wire, each of which must get its error, then a frame
 * over the size limit, which must get the connection cut. */
static const char *const HOSTILE[][2] = {
    {"{\"type\":", "bad_json"},
    {"[\"type\",\"hello\"]", "bad_json"},
    {"{\"type\":\"hello\",\"version\":1}", "already_hello"},
    {"{\"type\":\"rooms!\"}", "unknown_type"},
    {"{\"type\":\"play\",\"move\":\"33\"}", "not_in_room"},
    {"{\"type\":\"join\",\"room\":424242}", "no_room"},
};
#define HOSTILE_NB ((int)(sizeof HOSTILE / sizeof HOSTILE[0]))

static void hostile_step(App *a, DdzClientEvent e)
{
    if (e == DDZ_EV_WELCOME && a->hostile == 0) {
        a->hostile = 1;
        send_text(a, HOSTILE[0][0]);
        return;
    }
    if (e != DDZ_EV_ERROR || a->hostile < 1)
        return;
    if (a->hostile <= HOSTILE_NB) {
        const char *want = HOSTILE[a->hostile - 1][1];
        if (strcmp(a->c.error_code, want)) {
            fprintf(stderr, "ddz connect: hostile message %d got '%s', want '%s'\n", a->hostile, a->c.error_code, want);
            a->exit_code = CLI_NO;
        }
        if (a->hostile < HOSTILE_NB) {
            send_text(a, HOSTILE[a->hostile][0]);
        } else {
            /* 70,000 bytes of one JSON string: over the 64 KiB limit. */
            size_t n = 70000;
            char *big = malloc(n + 32);
            if (big) {
                int k = snprintf(big, n + 32, "{\"type\":\"chat\",\"text\":\"");
                memset(big + k, 'x', n - (size_t)k - 2);
                memcpy(big + n - 2, "\"}", 3);
                ddz_ws_client_send(a->ws, a->id, big, n);
                free(big);
            }
        }
        a->hostile++;
    } else if (!strcmp(a->c.error_code, "too_big")) {
        a->hostile_cut = true;
        a->done = true;
    }
}

/* Line mode ----------------------------------------------------------------------------------*/

static void *reader(void *arg)
{
    App *a = arg;
    char *text = NULL;
    size_t size = 0;
    ssize_t n;
    while ((n = getline(&text, &size, stdin)) >= 0) {
        while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r'))
            text[--n] = '\0';
        Line *l = malloc(sizeof *l + (size_t)n + 1);
        if (!l)
            break;
        l->next = NULL;
        memcpy(l->text, text, (size_t)n + 1);
        pthread_mutex_lock(&a->mu);
        if (a->lines_tail)
            a->lines_tail->next = l;
        else
            a->lines = l;
        a->lines_tail = l;
        pthread_mutex_unlock(&a->mu);
        ddz_ws_client_interrupt(a->ws);
    }
    free(text);
    pthread_mutex_lock(&a->mu);
    a->eof = true;
    pthread_mutex_unlock(&a->mu);
    ddz_ws_client_interrupt(a->ws);
    return NULL;
}

static const char HELP[] =
    "Lobby and room:\n"
    "  rooms (l)               the rooms\n"
    "  create [NAME] [PASS]    a new room (with a password, if given); you sit in it\n"
    "  join ID [PASS]          sit in room ID;  watch ID [PASS]  watch it\n"
    "  quick                   quick match: computers fill empty seats after a wait\n"
    "  ready (r)               ready for the next game;  leave  back to the lobby\n"
    "  bot [LEVEL]             a computer player (easy, normal, hard, expert);  unbot SEAT\n"
    "  say TEXT                chat to the room;  top  the leaderboard\n"
    "  auto                    let the computer play for you (托管), or take over again\n"
    "Play (as in ddz play --plain):\n"
    "  33344, 10JQKA, xd       play these ranks (x/B small joker, d/R big joker)\n"
    "  p or pass               pass (不要)\n"
    "  h or hint               next hint; an empty line then plays it\n"
    "  0 1 2 3, bid N          bid, or 0 for no bid; doubling: 1/y yes, 0/n no\n"
    "  show                    show your cards (明牌), when the rules allow it\n"
    "  c or counter            the card counter (记牌器)\n"
    "  s or status             the table again\n"
    "  ? or help               this help;  q or quit  leave the server\n";

static bool is(const char *s, const char *a, const char *b)
{
    return !strcmp(s, a) || (b && !strcmp(s, b));
}

static void room_cmd(App *a, const char *type, const char *rest)
{
    char arg1[128] = "", arg2[128] = "";
    sscanf(rest, "%127s %127s", arg1, arg2);
    if (!strcmp(type, "create")) {
        char *n = arg1[0] ? quoted(arg1) : NULL, *p = arg2[0] ? quoted(arg2) : NULL;
        sendf(a, "{\"type\":\"create\"%s%s%s%s}", n ? ",\"name\":" : "", n ? n : "", p ? ",\"password\":" : "",
              p ? p : "");
        free(n);
        free(p);
        return;
    }
    char *end;
    long id = strtol(arg1, &end, 10);
    if (!arg1[0] || *end) {
        say(a, "! %s needs a room number: %s ID [PASSWORD]\n", type, type);
        return;
    }
    char *p = arg2[0] ? quoted(arg2) : NULL;
    sendf(a, "{\"type\":\"%s\",\"room\":%ld%s%s}", type, id, p ? ",\"password\":" : "", p ? p : "");
    free(p);
}

static void hint_next(App *a)
{
    DdzClient *c = &a->c;
    if (!c->my_turn || c->turn_phase != DDZ_PHASE_PLAY) {
        say(a, "! hints come when it is your turn to play\n");
        return;
    }
    if (a->hint < 0) {
        a->nhints = ddz_moves_hint(ddz_cards_ranks(c->hand), c->lead ? NULL : &c->table, c->opt.rules, a->hints);
        a->hint = -1;
    }
    if (a->nhints == 0) {
        say(a, "Nothing beats it: pass (p).\n");
        return;
    }
    a->hint = (a->hint + 1) % a->nhints;
    char text[96];
    ddz_move_format(&a->hints[a->hint], c->opt.rules, text, sizeof text);
    say(a, "Hint %d/%d: %s (an empty line plays it)\n", a->hint + 1, a->nhints, text);
}

static void play_ranks(App *a, const char *text)
{
    char *q = quoted(text);
    sendf(a, "{\"type\":\"play\",\"move\":%s}", q);
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
        say(a, "%s", HELP);
    else if (is(word, "q", "quit")) {
        a->done = true;
        ddz_ws_client_close(a->ws, a->id);
    } else if (is(word, "rooms", "l"))
        send_text(a, "{\"type\":\"rooms\"}");
    else if (is(word, "create", NULL) || is(word, "join", NULL) || is(word, "watch", NULL))
        room_cmd(a, word, rest);
    else if (is(word, "quick", NULL))
        send_text(a, "{\"type\":\"quick\"}");
    else if (is(word, "ready", "r"))
        send_text(a, "{\"type\":\"ready\"}");
    else if (is(word, "leave", NULL))
        send_text(a, "{\"type\":\"leave\"}");
    else if (is(word, "top", NULL))
        send_text(a, "{\"type\":\"leaderboard\"}");
    else if (is(word, "state", NULL))
        send_text(a, "{\"type\":\"state\"}");
    else if (is(word, "bot", NULL))
        sendf(a, "{\"type\":\"add_bot\",\"level\":\"%s\"}", *rest ? rest : "normal");
    else if (is(word, "unbot", NULL))
        sendf(a, "{\"type\":\"remove_bot\",\"seat\":%d}", atoi(rest));
    else if (is(word, "say", NULL)) {
        char *q = quoted(rest);
        sendf(a, "{\"type\":\"chat\",\"text\":%s}", q);
        free(q);
    } else if (is(word, "auto", NULL))
        sendf(a, "{\"type\":\"auto\",\"on\":%s}", c->seat >= 0 && c->autop[c->seat] ? "false" : "true");
    else if (is(word, "s", "status"))
        show_status(a);
    else if (is(word, "c", "counter"))
        show_counter(a);
    else if (is(word, "h", "hint"))
        hint_next(a);
    else if (is(word, "show", NULL))
        send_text(a, "{\"type\":\"show\"}");
    else if (is(word, "p", "pass"))
        send_text(a, "{\"type\":\"pass\"}");
    else if (deciding && (is(word, "bid", NULL) || (strlen(word) == 1 && word[0] >= '0' && word[0] <= '3') ||
                          is(word, "y", "yes") || is(word, "n", "no"))) {
        int v = is(word, "bid", NULL) ? atoi(rest) : is(word, "y", "yes") ? 1 : is(word, "n", "no") ? 0 : word[0] - '0';
        sendf(a, "{\"type\":\"%s\",\"value\":%d}", c->turn_phase == DDZ_PHASE_BID ? "bid" : "double", v);
    } else
        play_ranks(a, line);
}

static void line_timer(App *a)
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
                a->quit_at = now_ms() + 700;
            if (a->quit_at && now_ms() >= a->quit_at && !a->done) {
                a->done = true;
                ddz_ws_client_close(a->ws, a->id);
            }
            return;
        }
        line_cmd(a, l->text);
        free(l);
    }
}

/* Transport callbacks ---------------------------------------------------------------------------*/

static void on_open(void *ctx, long id)
{
    App *a = ctx;
    if (id != a->id)
        return;
    char *n = a->name ? quoted(a->name) : NULL;
    sendf(a, "{\"type\":\"hello\",\"version\":1%s%s%s%s%s}", n ? ",\"name\":" : "", n ? n : "",
          a->c.token[0] ? ",\"token\":\"" : "", a->c.token, a->c.token[0] ? "\"" : "");
    free(n);
}

static void save_token(App *a)
{
    if (!a->token_file || !a->c.token[0])
        return;
    FILE *f = fopen(a->token_file, "w");
    if (f) {
        fprintf(f, "%s\n", a->c.token);
        fclose(f);
    }
}

static void on_message(void *ctx, long id, const char *data, size_t len)
{
    App *a = ctx;
    if (id != a->id)
        return;
    if (a->frames) {
        fwrite(data, 1, len, a->frames);
        fputc('\n', a->frames);
    }
    json_t *m = json_loadb(data, len, 0, NULL);
    if (!m) {
        a->errors++;
        return;
    }
    DdzClientEvent e = ddz_client_feed_json(&a->c, m);
    if (e == DDZ_EV_WELCOME)
        save_token(a);
    if (e == DDZ_EV_TURN || e == DDZ_EV_START || e == DDZ_EV_STATE)
        a->hint = -1;
    if ((e == DDZ_EV_OVER || e == DDZ_EV_REDEAL) && a->record_path && a->c.record) {
        FILE *f = fopen(a->record_path, "a");
        if (f) {
            fputs(a->c.record, f);
            fclose(f);
        }
    }
    if (e == DDZ_EV_ERROR && json_is_true(json_object_get(m, "fatal")) && !a->dropping && !a->hostile_on)
        a->exit_code = CLI_USAGE;
    if (a->ui)
        net_ui_message(a->ui, e, m);
    else
        show_event(a, e, m);
    if (a->hostile_on)
        hostile_step(a, e);
    else if (a->autoplay)
        auto_after(a, e, m);
    json_decref(m);
}

static void on_closed(void *ctx, long id, const char *why)
{
    App *a = ctx;
    if (id != a->id)
        return;
    a->id = -1;
    if (a->hostile_on && a->hostile > HOSTILE_NB) {
        /* Cut off after the oversized frame: what we wanted, with or without its error (the
         * server closes while we still send, so the kernel may reset the connection). */
        a->hostile_cut = true;
        a->done = true;
    }
    if (a->dropping) {
        a->dropping = false;
        a->reconnects++;
        a->reconnect_at = now_ms() + 500;
        return;
    }
    if (!a->done) {
        if (a->ui) {
            net_ui_free(a->ui);
            a->ui = NULL;
        }
        fprintf(stderr, "ddz connect: connection to %s lost (%s)\n", a->url, why);
        if (!a->exit_code)
            a->exit_code = CLI_USAGE;
    }
    ddz_ws_client_stop(a->ws);
}

static void on_timer(void *ctx)
{
    App *a = ctx;
    if (a->reconnect_at && now_ms() >= a->reconnect_at) {
        a->reconnect_at = 0;
        DdzError err;
        a->id = ddz_ws_client_connect(a->ws, a->url, &err);
        if (a->id < 0) {
            fprintf(stderr, "ddz connect: %s\n", err.msg);
            a->exit_code = CLI_USAGE;
            ddz_ws_client_stop(a->ws);
            return;
        }
    }
    if (a->give_up_at && now_ms() >= a->give_up_at) {
        fprintf(stderr, "ddz connect: gave up after --timeout (%ld of %ld games)\n", a->c.games_over, a->games_want);
        a->exit_code = 3;
        ddz_ws_client_stop(a->ws);
        return;
    }
    if (a->autoplay)
        auto_timer(a);
    else if (a->ui) {
        if (net_ui_tick(a->ui) && !a->done) {
            a->done = true;
            if (a->id >= 0)
                ddz_ws_client_close(a->ws, a->id);
            else
                ddz_ws_client_stop(a->ws);
        }
    } else
        line_timer(a);
}

static void ui_send(void *ctx, const char *json)
{
    send_text(ctx, json);
}

int cmd_connect(int argc, char **argv)
{
    App *a = calloc(1, sizeof *a);
    if (!a)
        return cli_fail("connect: out of memory");
    ddz_client_init(&a->c);
    a->id = -1;
    a->style = DDZ_STYLE_UNICODE;
    a->think_ms = 150;
    a->games_want = 1;
    a->bot_level = "normal";
    long timeout_s = 0;
    const char *frames_path = NULL;
    bool plain = false;
    a->lang = play_locale_lang();
    int rc = CLI_OK;
    for (int i = 1; i < argc && rc == CLI_OK; i++) {
        const char *o = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = !strcmp(o, "--name") || !strcmp(o, "--token-file") || !strcmp(o, "--record") ||
                     !strcmp(o, "--frames") || !strcmp(o, "--create") || !strcmp(o, "--join") ||
                     !strcmp(o, "--watch") || !strcmp(o, "--password") || !strcmp(o, "--games") ||
                     !strcmp(o, "--think") || !strcmp(o, "--bots") || !strcmp(o, "--bot-level") ||
                     !strcmp(o, "--drop-after") || !strcmp(o, "--timeout") || !strcmp(o, "--lang");
        if (takes && !v) {
            rc = cli_fail("connect: %s needs a value", o);
            break;
        }
        if (takes)
            i++;
        if (!strcmp(o, "--name"))
            a->name = v;
        else if (!strcmp(o, "--token-file"))
            a->token_file = v;
        else if (!strcmp(o, "--record"))
            a->record_path = v;
        else if (!strcmp(o, "--frames"))
            frames_path = v;
        else if (!strcmp(o, "--create") || !strcmp(o, "--join") || !strcmp(o, "--watch")) {
            a->goal = !strcmp(o, "--create") ? GOAL_CREATE : !strcmp(o, "--join") ? GOAL_JOIN : GOAL_WATCH;
            snprintf(a->goal_arg, sizeof a->goal_arg, "%s", v);
        } else if (!strcmp(o, "--quick"))
            a->goal = GOAL_QUICK;
        else if (!strcmp(o, "--password"))
            a->password = v;
        else if (!strcmp(o, "--bot-level"))
            a->bot_level = v;
        else if (!strcmp(o, "--games") || !strcmp(o, "--think") || !strcmp(o, "--bots") ||
                 !strcmp(o, "--drop-after") || !strcmp(o, "--timeout")) {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < 0 || n > 100000000) {
                rc = cli_fail("connect: %s needs a number, not '%s'", o, v);
                break;
            }
            if (!strcmp(o, "--games"))
                a->games_want = n;
            else if (!strcmp(o, "--think"))
                a->think_ms = (int)n;
            else if (!strcmp(o, "--bots"))
                a->bots = (int)(n > 2 ? 2 : n);
            else if (!strcmp(o, "--drop-after"))
                a->drop_after = n;
            else
                timeout_s = n;
        } else if (!strcmp(o, "--auto"))
            a->autoplay = true;
        else if (!strcmp(o, "--hostile"))
            a->hostile_on = true;
        else if (!strcmp(o, "--verbose") || !strcmp(o, "-v"))
            a->verbose = true;
        else if (!strcmp(o, "--plain"))
            plain = true;
        else if (!strcmp(o, "--lang")) {
            if (strcmp(v, "zh") && strcmp(v, "en")) {
                rc = cli_fail("connect: --lang takes zh or en");
                break;
            }
            a->lang = !strcmp(v, "zh") ? PLAY_ZH : PLAY_EN;
        }
        else if (!strcmp(o, "--ascii"))
            a->style = DDZ_STYLE_ASCII;
        else if (!strncmp(o, "ws://", 5) && !a->url)
            a->url = o;
        else
            rc = cli_fail("connect: unknown argument '%s' (see ddz help connect)", o);
    }
    if (rc == CLI_OK && !a->url)
        rc = cli_fail("connect: where to? ddz connect ws://HOST:PORT");
    bool hostile_mode = a->hostile_on;
    if (a->hostile_on) {
        a->autoplay = true; /* quiet, no standard input */
        a->goal = GOAL_QUICK; /* never used: hostile_step takes over after the welcome */
    }
    if (rc == CLI_OK && a->autoplay && a->goal == GOAL_NONE)
        rc = cli_fail("connect: --auto needs --create NAME, --join ROOM, --watch ROOM or --quick");
    if (rc != CLI_OK) {
        free(a);
        return rc;
    }
    if (a->token_file) {
        FILE *f = fopen(a->token_file, "r");
        if (f) {
            if (fscanf(f, "%63s", a->c.token) != 1)
                a->c.token[0] = '\0';
            fclose(f);
        }
    }
    if (frames_path && !(a->frames = fopen(frames_path, "w"))) {
        free(a);
        return cli_fail("connect: cannot write %s: %s", frames_path, strerror(errno));
    }
    uint64_t seed;
    if (ddz_seed_secure(&seed) != 0)
        seed = (uint64_t)time(NULL);
    ddz_rng_seed(&a->rng, seed);
    a->hints = malloc(sizeof *a->hints * DDZ_MAX_MOVES);
    a->tp = calloc(1, sizeof *a->tp);
    if (a->tp)
        a->tp->cfg.lang = a->lang;
    a->hint = -1;
    pthread_mutex_init(&a->mu, NULL);
    DdzWsHandler h = {on_open, on_message, on_closed, on_timer};
    DdzError err;
    a->ws = ddz_ws_client_new(&h, a, 8, &err);
    if (!a->ws || !a->hints || !a->tp) {
        ddz_ws_client_free(a->ws);
        free(a->hints);
        free(a->tp);
        free(a);
        return cli_fail("connect: %s", err.msg);
    }
    a->id = ddz_ws_client_connect(a->ws, a->url, &err);
    if (a->id < 0) {
        ddz_ws_client_free(a->ws);
        free(a->hints);
        free(a->tp);
        free(a);
        return cli_fail("connect: %s", err.msg);
    }
    if (a->goal == GOAL_QUICK)
        a->ready_for = 1; /* a quick match readies us for the first game */
    if (timeout_s)
        a->give_up_at = now_ms() + timeout_s * 1000;
    if (!a->autoplay && !plain && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
        a->ui = net_ui_new(&a->c, a->lang, a->style == DDZ_STYLE_ASCII, a->url, ui_send, a);
    pthread_t th;
    bool threaded = !a->autoplay && !a->ui && pthread_create(&th, NULL, reader, a) == 0;
    if (!a->autoplay)
        sayt(a, T_L_CONNECTING, a->url);
    ddz_ws_client_run(a->ws, 50);
    if (a->ui) {
        net_ui_free(a->ui);
        a->ui = NULL;
    }
    rc = a->exit_code;
    if (hostile_mode) {
        bool ok = a->hostile_cut && rc == CLI_OK;
        printf("connect: hostile: %d bad messages answered, oversized frame %s\n", a->hostile > 0 ? a->hostile - 1 : 0,
               a->hostile_cut ? "cut off" : "NOT cut off");
        rc = ok ? CLI_OK : CLI_NO;
    } else if (a->autoplay) {
        DdzClient *c = &a->c;
        printf("connect: %s seat %d: %ld game%s, totals [%d,%d,%d], %ld frames, %ld leaks, commitments %s, "
               "%ld reconnects, %ld errors\n",
               c->name, c->seat, c->games_over, c->games_over == 1 ? "" : "s", c->totals[0], c->totals[1],
               c->totals[2], c->frames, c->leaks, c->games_over && c->commit_ok ? "ok" : c->games_over ? "BAD" : "-",
               a->reconnects, a->errors);
        if (c->leaks) {
            fprintf(stderr, "ddz connect: hidden cards were shown: %s\n", c->leak);
            rc = CLI_NO;
        } else if (rc == CLI_OK && (c->games_over < a->games_want || !c->commit_ok)) {
            rc = CLI_NO;
        }
    }
    if (threaded) {
        /* The reader may be blocked reading standard input: stop it there. */
        pthread_cancel(th);
        pthread_join(th, NULL);
    }
    ddz_ws_client_free(a->ws);
    for (Line *l = a->lines, *next; l; l = next) {
        next = l->next;
        free(l);
    }
    if (a->frames)
        fclose(a->frames);
    ddz_client_free(&a->c);
    free(a->hints);
    free(a->tp);
    free(a);
    return rc;
}
