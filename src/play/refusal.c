/* refusal.c -- server refusals in the player's language: the error's code picks the sentence,
 * and for "illegal" the reason in its arguments; moves and ranks are shown as the hand shows
 * cards. */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "refusal.h"

static const char *arg_str(const json_t *args, const char *key)
{
    const char *s = json_string_value(json_object_get(args, key));
    return s ? s : "";
}

static long arg_num(const json_t *args, const char *key)
{
    return (long)json_integer_value(json_object_get(args, key));
}

/* Ranks in rank notation, as the hand shows them. */
static void ranks_text(const Play *p, const char *text, char *buf, size_t size)
{
    DdzRanks r;
    DdzError err;
    if (ddz_ranks_parse(text, &r, &err) == 0)
        play_ranks_text(p, r, buf, size);
    else
        snprintf(buf, size, "%s", text);
}

/* A move in rank notation (with an optional reading), as the hand shows its cards. */
static void move_text(const Play *p, const DdzClient *c, const char *text, char *buf, size_t size)
{
    DdzMove m;
    DdzError err;
    if (ddz_move_parse(text, c->opt.rules, &m, &err) == 0)
        play_move_text(p, &m, buf, size);
    else
        ranks_text(p, text, buf, size);
}

static void illegal_text(const Play *p, const DdzClient *c, const json_t *args, char *buf, size_t size)
{
    const char *reason = arg_str(args, "reason");
    char a[160], b[160];
    if (!strcmp(reason, "not_a_move")) {
        ranks_text(p, arg_str(args, "ranks"), a, sizeof a);
        play_fmt(p, buf, size, T_RF_NOT_A_MOVE, a);
    } else if (!strcmp(reason, "does_not_beat")) {
        move_text(p, c, arg_str(args, "move"), a, sizeof a);
        move_text(p, c, arg_str(args, "table"), b, sizeof b);
        play_fmt(p, buf, size, T_RF_NOT_BEAT, a, b);
    } else if (!strcmp(reason, "must_beat")) {
        move_text(p, c, arg_str(args, "table"), a, sizeof a);
        move_text(p, c, arg_str(args, "move"), b, sizeof b);
        play_fmt(p, buf, size, T_RF_MUST_BEAT, a, b);
    } else if (!strcmp(reason, "short")) {
        ranks_text(p, arg_str(args, "ranks"), a, sizeof a);
        play_fmt(p, buf, size, T_RF_SHORT, a);
    } else if (!strcmp(reason, "lead_pass")) {
        play_fmt(p, buf, size, T_RF_LEAD_PASS);
    } else if (!strcmp(reason, "whole_hand")) {
        ranks_text(p, arg_str(args, "ranks"), a, sizeof a);
        play_fmt(p, buf, size, T_RF_WHOLE_HAND, a);
    } else if (!strcmp(reason, "value")) {
        json_t *vals = json_object_get(args, "values"), *v;
        size_t i, n = json_array_size(vals);
        a[0] = '\0';
        json_array_foreach(vals, i, v) {
            size_t l = strlen(a);
            snprintf(a + l, sizeof a - l, "%s%lld", i == 0 ? "" : i + 1 == n ? play_text(p, T_RF_OR) : ", ",
                     (long long)json_integer_value(v));
        }
        play_fmt(p, buf, size, strcmp(arg_str(args, "phase"), "bid") ? T_RF_DOUBLE_VALUES : T_RF_BID_VALUES, a);
    } else if (!strcmp(reason, "show")) {
        play_fmt(p, buf, size, T_RF_SHOW);
    } else if (!strcmp(reason, "phase")) {
        play_fmt(p, buf, size, T_RF_PHASE);
    } else {
        play_fmt(p, buf, size, T_RF_RULES);
    }
}

void play_refusal_text(const Play *p, const DdzClient *c, json_t *msg, char *buf, size_t size)
{
    const char *code = json_string_value(json_object_get(msg, "code"));
    json_t *args = json_object_get(msg, "args");
    char a[160];
    static const struct {
        const char *code;
        PlayText text;
    } plain[] = {
        {"bad_cards", T_RF_BAD_CARDS},         {"ambiguous", T_RF_AMBIGUOUS},
        {"not_playing", T_RF_NOT_PLAYING},     {"not_seated", T_RF_NOT_SEATED},
        {"chat_rate", T_RF_CHAT_RATE},         {"too_many_rooms", T_RF_TOO_MANY_ROOMS},
        {"bad_level", T_RF_BAD_LEVEL},         {"no_bot", T_RF_NO_BOT},
        {"bad_options", T_RF_BAD_OPTIONS},     {"storage", T_RF_STORAGE},
        {"bad_token", T_RF_BAD_TOKEN},         {"not_in_room", T_RF_NOT_IN_ROOM},
    };
    if (!code)
        code = "";
    long room = arg_num(args, "room");
    if (!strcmp(code, "illegal") && json_is_object(args)) {
        illegal_text(p, c, args, buf, size);
    } else if (!strcmp(code, "not_your_turn") && json_is_integer(json_object_get(args, "seat"))) {
        long s = arg_num(args, "seat");
        play_fmt(p, buf, size, T_RF_NOT_YOUR_TURN, s >= 0 && s < DDZ_SEAT_NB && c->names[s][0] ? c->names[s] : "?");
    } else if (!strcmp(code, "not_in_hand") && json_is_string(json_object_get(args, "ranks"))) {
        ranks_text(p, arg_str(args, "ranks"), a, sizeof a);
        play_fmt(p, buf, size, T_RF_NOT_IN_HAND, a);
    } else if (!strcmp(code, "playing")) {
        if (room)
            play_fmt(p, buf, size, T_RF_PLAYING, room);
        else
            play_fmt(p, buf, size, T_RF_PLAYING_HERE);
    } else if (!strcmp(code, "room_full") && room) {
        long seat = json_is_integer(json_object_get(args, "seat")) ? arg_num(args, "seat") : -1;
        if (seat >= 0)
            play_fmt(p, buf, size, T_RF_SEAT_TAKEN, seat, room);
        else
            play_fmt(p, buf, size, T_RF_ROOM_FULL, room);
    } else if (!strcmp(code, "no_room") && room) {
        play_fmt(p, buf, size, T_RF_NO_ROOM, room);
    } else if (!strcmp(code, "wrong_password") && room) {
        play_fmt(p, buf, size, json_is_false(json_object_get(args, "given")) ? T_RF_NEEDS_PASSWORD : T_RF_WRONG_PASSWORD,
                 room);
    } else if (!strcmp(code, "in_room") && room) {
        play_fmt(p, buf, size, T_RF_IN_ROOM, room);
    } else if (!strcmp(code, "chat_too_long") && json_is_integer(json_object_get(args, "max"))) {
        play_fmt(p, buf, size, T_RF_CHAT_TOO_LONG, (int)arg_num(args, "max"));
    } else if (!strcmp(code, "bad_name") && json_is_integer(json_object_get(args, "max"))) {
        play_fmt(p, buf, size, T_RF_BAD_NAME, (int)arg_num(args, "max"));
    } else {
        for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
            if (!strcmp(code, plain[i].code)) {
                play_fmt(p, buf, size, plain[i].text);
                return;
            }
        play_fmt(p, buf, size, T_RF_OTHER, code, json_string_value(json_object_get(msg, "message"))
                                                     ? json_string_value(json_object_get(msg, "message")) : "");
    }
}
