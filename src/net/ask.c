/* ask.c -- what people in a room ask: game actions (bids, doubles, 明牌, plays, passes, 托管),
 * chat, readiness and computer players, leaving and snapshots. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"
#include "tourney.h"
#include "refuse.h"
#include "ddz/ai.h"
#include "ddz/text.h"

static json_t *ranks_json(DdzRanks r)
{
    char text[96];
    ddz_ranks_format(r, text, sizeof text);
    return json_string(text);
}

/* Turns a play message into an action: "move" (rank notation, an optional ":type:rank"
 * reading) and/or "cards" (the exact suited cards). Returns 0, or -1 after an error. */
static int play_action(DdzServer *srv, Room *r, Player *p, const json_t *msg, DdzAction *out)
{
    const DdzGame *g = r->game;
    DdzView v;
    ddz_game_view(g, p->seat, &v);
    json_t *jm = json_object_get(msg, "move"), *jc = json_object_get(msg, "cards");
    if ((jm && !json_is_string(jm)) || (jc && !json_is_string(jc)) || (!jm && !jc)) {
        srv_error(srv, p->conn, "bad_message", "a play needs \"move\" (rank notation, e.g. \"33344\") or \"cards\" "
                                                "(suited cards, e.g. \"C3 D3\"), strings");
        return -1;
    }
    DdzError err;
    DdzCards cards = 0;
    DdzRanks ranks = 0;
    DdzMove chosen = ddz_move_pass();
    bool has_reading = false;
    if (jc) {
        if (ddz_cards_parse(json_string_value(jc), &cards, &err) != 0) {
            srv_error(srv, p->conn, "bad_cards", "cards: %s", err.msg);
            return -1;
        }
        if (cards & ~v.hand) {
            char text[512];
            ddz_cards_format(cards & ~v.hand, DDZ_STYLE_ASCII, text, sizeof text);
            srv_refuse(srv, p->conn, "not_in_hand", json_pack("{s:o}", "ranks", ranks_json(ddz_cards_ranks(cards & ~v.hand))),
                       "you do not hold %s", text);
            return -1;
        }
        ranks = ddz_cards_ranks(cards);
    }
    if (jm) {
        const char *text = json_string_value(jm);
        DdzRanks mr;
        if (strchr(text, ':')) {
            if (ddz_move_parse(text, v.opt.rules, &chosen, &err) != 0) {
                srv_error(srv, p->conn, "bad_cards", "move: %s", err.msg);
                return -1;
            }
            mr = chosen.ranks;
            has_reading = true;
        } else if (ddz_ranks_parse(text, &mr, &err) != 0) {
            srv_error(srv, p->conn, "bad_cards", "move: %s", err.msg);
            return -1;
        }
        if (jc && mr != ranks) {
            srv_error(srv, p->conn, "bad_cards", "\"move\" and \"cards\" are different cards");
            return -1;
        }
        ranks = mr;
        if (!jc && !ddz_cards_pick(v.hand, ranks, &cards)) {
            char rt[64];
            ddz_ranks_format(ranks, rt, sizeof rt);
            srv_refuse(srv, p->conn, "not_in_hand", json_pack("{s:s}", "ranks", rt), "you do not hold %s", rt);
            return -1;
        }
    }
    if (!ranks) {
        srv_error(srv, p->conn, "bad_cards", "no cards: to pass, send {\"type\":\"pass\"}");
        return -1;
    }
    DdzMove readings[DDZ_MAX_READINGS];
    int n = has_reading ? 1 : ddz_move_classify(ranks, v.opt.rules, readings);
    if (has_reading)
        readings[0] = chosen;
    if (n == 0) {
        char rt[64];
        ddz_ranks_format(ranks, rt, sizeof rt);
        srv_refuse(srv, p->conn, "illegal", refuse_not_a_move(ranks), "%s is not a move under the %s rules", rt,
                   ddz_ruleset_name(v.opt.rules));
        return -1;
    }
    int legal = -1, nlegal = 0;
    DdzError first_err;
    DdzAction first = ddz_action_play(p->seat, readings[0], cards);
    for (int i = 0; i < n; i++) {
        DdzAction a = ddz_action_play(p->seat, readings[i], cards);
        if (ddz_game_check(g, &a, i == 0 ? &first_err : &err) == 0) {
            legal = i;
            nlegal++;
        }
    }
    if (nlegal == 0) {
        srv_refuse(srv, p->conn, "illegal", refuse_args(g, &first), "%s", first_err.msg);
        return -1;
    }
    if (nlegal > 1) {
        srv_error(srv, p->conn, "ambiguous", "these cards read as several moves: add the reading, e.g. "
                                             "\"333444555666:plane_single:4\"");
        return -1;
    }
    *out = ddz_action_play(p->seat, readings[legal], cards);
    return 0;
}

static void game_action(DdzServer *srv, Room *r, Player *p, const json_t *msg, const char *type)
{
    if (p->seat < 0) {
        srv_error(srv, p->conn, "not_seated", "spectators do not play");
        return;
    }
    if (r->state != ROOM_PLAYING) {
        srv_error(srv, p->conn, "not_playing", "no game is running; send \"ready\"");
        return;
    }
    DdzGame *g = r->game;
    if (!strcmp(type, "auto")) {
        json_t *on = json_object_get(msg, "on");
        if (!json_is_boolean(on)) {
            srv_error(srv, p->conn, "bad_message", "\"on\" must be true or false");
            return;
        }
        room_set_auto(srv, r, p->seat, json_is_true(on), json_is_true(on) ? "asked" : "back");
        return;
    }
    if (g->turn != p->seat) {
        srv_refuse(srv, p->conn, "not_your_turn", json_pack("{s:i}", "seat", g->turn), "it is seat %d's turn", g->turn);
        return;
    }
    DdzAction a;
    json_t *jv = json_object_get(msg, "value");
    if (!strcmp(type, "bid") || !strcmp(type, "double")) {
        if (!json_is_integer(jv) || json_integer_value(jv) < 0 || json_integer_value(jv) > 3) {
            srv_error(srv, p->conn, "bad_message", "\"value\" must be an integer from 0 to 3");
            return;
        }
        int val = (int)json_integer_value(jv);
        a = !strcmp(type, "bid") ? ddz_action_bid(p->seat, val) : ddz_action_double(p->seat, val);
    } else if (!strcmp(type, "show")) {
        a = ddz_action_show(p->seat);
    } else if (!strcmp(type, "pass")) {
        a = ddz_action_play(p->seat, ddz_move_pass(), 0);
    } else if (play_action(srv, r, p, msg, &a) != 0) {
        return;
    }
    DdzError err;
    if (ddz_game_check(g, &a, &err) != 0) {
        srv_refuse(srv, p->conn, "illegal", refuse_args(g, &a), "%s", err.msg);
        return;
    }
    Seat *st = &r->seat[p->seat];
    st->timeouts = 0;
    if (st->autop)
        room_set_auto(srv, r, p->seat, false, "back");
    if (room_apply(srv, r, &a, "player", &err) != 0)
        srv_error(srv, p->conn, "illegal", "%s", err.msg);
}

void room_chat(DdzServer *srv, Player *p, const char *text)
{
    room_broadcast(srv, p->room, json_pack("{s:s, s:s, s:i, s:s}", "type", "chat", "from", p->name, "seat", p->seat,
                                      "text", text));
}

static bool chat_ok(DdzServer *srv, Player *p, const json_t *msg, const char **text)
{
    json_t *t = json_object_get(msg, "text");
    if (!json_is_string(t)) {
        srv_error(srv, p->conn, "bad_message", "\"text\" must be a string");
        return false;
    }
    *text = json_string_value(t);
    DdzError err;
    if (json_string_length(t) != strlen(*text) || ddz_text_check(*text, DDZ_CHAT_MAX, &err) != 0) {
        srv_refuse(srv, p->conn, "chat_too_long", json_pack("{s:i}", "max", DDZ_CHAT_MAX),
                   "a chat line has 1 to %d printable characters: %s", DDZ_CHAT_MAX,
                   json_string_length(t) != strlen(*text) ? "it holds a NUL" : err.msg);
        return false;
    }
    if (!srv_bucket_take(&p->chat, CHAT_BURST, CHAT_RATE, srv->now)) {
        srv_error(srv, p->conn, "chat_rate", "slow down: at most one chat line every 2 seconds");
        return false;
    }
    return true;
}

void room_human_action(DdzServer *srv, Player *p, const json_t *msg, const char *type)
{
    Room *r = p->room;
    r->active = srv->now;
    if (tourney_refuse_room(srv, p, r, p->seat, type))
        return;
    if (!strcmp(type, "leave")) {
        room_leave(srv, p);
    } else if (!strcmp(type, "state")) {
        room_send_room(srv, r, p);
        room_send_state(srv, r, p);
    } else if (!strcmp(type, "chat")) {
        const char *text;
        if (chat_ok(srv, p, msg, &text))
            room_chat(srv, p, text);
    } else if (!strcmp(type, "ready") || !strcmp(type, "add_bot") || !strcmp(type, "remove_bot")) {
        if (p->seat < 0) {
            srv_error(srv, p->conn, "not_seated", "spectators cannot do that; join a seat");
            return;
        }
        if (r->state != ROOM_WAITING) {
            srv_error(srv, p->conn, "playing", "not while a game is running");
            return;
        }
        if (!strcmp(type, "ready")) {
            json_t *v = json_object_get(msg, "ready");
            if (v && !json_is_boolean(v)) {
                srv_error(srv, p->conn, "bad_message", "\"ready\" must be true or false");
                return;
            }
            r->seat[p->seat].ready = !v || json_is_true(v);
        } else {
            json_t *js = json_object_get(msg, "seat"), *jl = json_object_get(msg, "level");
            int seat = -1;
            if (js && (!json_is_integer(js) || json_integer_value(js) < 0 || json_integer_value(js) > 2)) {
                srv_error(srv, p->conn, "bad_message", "\"seat\" must be 0, 1 or 2");
                return;
            }
            if (js)
                seat = (int)json_integer_value(js);
            if (!strcmp(type, "remove_bot")) {
                if (seat < 0 || r->seat[seat].kind != SEAT_BOT) {
                    srv_error(srv, p->conn, "no_bot", "no computer player in that seat");
                    return;
                }
                room_seat_clear(&r->seat[seat]);
            } else {
                const char *level = "normal";
                DdzLevel lv;
                DdzError err;
                if (jl && (!json_is_string(jl) || ddz_level_parse(json_string_value(jl), &lv, &err) != 0)) {
                    srv_error(srv, p->conn, "bad_level", "%s", jl && json_is_string(jl) ? err.msg :
                              "\"level\" must be easy, normal, hard or expert");
                    return;
                }
                if (jl)
                    level = json_string_value(jl);
                for (int s = 0; s < DDZ_SEAT_NB && seat < 0; s++)
                    if (r->seat[s].kind == SEAT_EMPTY)
                        seat = s;
                if (seat < 0 || r->seat[seat].kind != SEAT_EMPTY) {
                    srv_error(srv, p->conn, "room_full", "no empty seat for a computer player");
                    return;
                }
                if (room_add_bot(srv, r, seat, level) != 0) {
                    srv_error(srv, p->conn, "bad_level", "cannot make a computer player of level %s", level);
                    return;
                }
            }
        }
        room_broadcast_room(srv, r);
        room_try_start(srv, r);
    } else {
        game_action(srv, r, p, msg, type);
    }
}
