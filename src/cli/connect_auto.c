/* connect_auto.c -- ddz connect --auto, a client that plays by itself (tests/net.sh, the
 * load test's pattern), and --hostile, which sends bad messages over the real wire. */
#define _DEFAULT_SOURCE /* strdup */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include <unistd.h>

#include "cli.h"
#include "connect.h"
#include "ddz/movegen.h"

/* The automatic client ------------------------------------------------------------------------*/

static void auto_goal(App *a)
{
    char *pw = a->password ? connect_quoted(a->password) : NULL;
    char extra[160] = "";
    if (pw)
        snprintf(extra, sizeof extra, ",\"password\":%s", pw);
    switch (a->goal) {
    case GOAL_CREATE: {
        char *n = connect_quoted(a->goal_arg);
        connect_sendf(a, "{\"type\":\"create\",\"name\":%s%s}", n, extra);
        free(n);
        break;
    }
    case GOAL_JOIN:
    case GOAL_WATCH: {
        char *end;
        long id = strtol(a->goal_arg, &end, 10);
        if (*end || id <= 0)
            connect_send(a, "{\"type\":\"rooms\"}"); /* find it by name */
        else
            connect_sendf(a, "{\"type\":\"%s\",\"room\":%ld%s}", a->goal == GOAL_JOIN ? "join" : "watch", id, extra);
        break;
    }
    case GOAL_QUICK:
        connect_send(a, "{\"type\":\"quick\"}");
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
            char *pw = a->password ? connect_quoted(a->password) : NULL;
            connect_sendf(a, "{\"type\":\"%s\",\"room\":%lld%s%s}", a->goal == GOAL_JOIN ? "join" : "watch",
                  (long long)json_integer_value(json_object_get(r, "id")), pw ? ",\"password\":" : "", pw ? pw : "");
            free(pw);
            return;
        }
    }
    a->join_at = connect_now_ms() + 200;
}

void connect_auto_after(App *a, DdzClientEvent e, json_t *m)
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
                    connect_sendf(a, "{\"type\":\"add_bot\",\"level\":\"%s\"}", a->bot_level);
            }
            if (state && !strcmp(state, "waiting") && a->ready_for <= c->games_over && c->games_over < a->games_want) {
                a->ready_for = c->games_over + 1;
                connect_send(a, "{\"type\":\"ready\"}");
            }
        }
        break;
    case DDZ_EV_START:
        a->actions_this_game = 0;
        break;
    case DDZ_EV_TURN:
        a->act_at = connect_now_ms() + a->think_ms;
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
            a->join_at = connect_now_ms() + 300;
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

void connect_auto_timer(App *a)
{
    int64_t now = connect_now_ms();
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
            connect_send(a, msg);
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
_Static_assert(sizeof HOSTILE / sizeof HOSTILE[0] == CONNECT_HOSTILE_NB, "CONNECT_HOSTILE_NB counts HOSTILE");

void connect_hostile_step(App *a, DdzClientEvent e)
{
    if (e == DDZ_EV_WELCOME && a->hostile == 0) {
        a->hostile = 1;
        connect_send(a, HOSTILE[0][0]);
        return;
    }
    if (e != DDZ_EV_ERROR || a->hostile < 1)
        return;
    if (a->hostile <= CONNECT_HOSTILE_NB) {
        const char *want = HOSTILE[a->hostile - 1][1];
        if (strcmp(a->c.error_code, want)) {
            fprintf(stderr, "ddz connect: hostile message %d got '%s', want '%s'\n", a->hostile, a->c.error_code, want);
            a->exit_code = CLI_NO;
        }
        if (a->hostile < CONNECT_HOSTILE_NB) {
            connect_send(a, HOSTILE[a->hostile][0]);
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

