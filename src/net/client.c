/* client.c -- the client side of the protocol: follows the server's messages into what one
 * seat knows, checks that none shows a card another seat holds hidden, and plays simply. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "client_tour.h"
#include "ddz/client.h"
#include "ddz/commit.h"
#include "ddz/movegen.h"

void ddz_client_init(DdzClient *c)
{
    memset(c, 0, sizeof *c);
    c->seat = -1;
    c->landlord = -1;
    c->table_seat = -1;
    c->opt = ddz_options_default();
    c->table = ddz_move_pass();
}

void ddz_client_free(DdzClient *c)
{
    free(c->record);
    c->record = NULL;
    free(c->tour);
    c->tour = NULL;
}

static const char *str(const json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_string(v) ? json_string_value(v) : NULL;
}

static long num(const json_t *o, const char *key, long dflt)
{
    json_t *v = json_object_get(o, key);
    return json_is_integer(v) ? (long)json_integer_value(v) : dflt;
}

static DdzCards cards_of(const json_t *v)
{
    DdzCards c = 0;
    DdzError err;
    if (json_is_string(v) && ddz_cards_parse(json_string_value(v), &c, &err) != 0)
        c = 0;
    return c;
}

static int phase_of(const char *name)
{
    static const char *const names[] = {"bid", "double", "play", "over", "redeal"};
    for (int i = 0; name && i < 5; i++)
        if (!strcmp(name, names[i]))
            return i;
    return DDZ_PHASE_OVER;
}

static void leak(DdzClient *c, const char *type, const char *why, DdzCards cards)
{
    char text[256];
    ddz_cards_format(cards, DDZ_STYLE_ASCII, text, sizeof text);
    if (!c->leaks++)
        snprintf(c->leak, sizeof c->leak, "%.20s: %.60s: %.160s", type, why, text);
}

/* Every card named in a card field of msg (any depth), for the privacy check. */
static DdzCards cards_named(json_t *v)
{
    DdzCards all = 0;
    if (json_is_object(v)) {
        const char *key;
        json_t *x;
        json_object_foreach(v, key, x) {
            if (json_is_string(x) && (!strcmp(key, "hand") || !strcmp(key, "cards") || !strcmp(key, "bottom")))
                all |= cards_of(x);
            else if (json_is_array(x) && (!strcmp(key, "hands") || !strcmp(key, "held") || !strcmp(key, "played") ||
                                             !strcmp(key, "shown"))) {
                size_t i;
                json_t *e;
                json_array_foreach(x, i, e) all |= cards_of(e);
            } else if (json_is_object(x) || json_is_array(x)) {
                all |= cards_named(x);
            }
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *e;
        json_array_foreach(v, i, e) all |= cards_named(e);
    }
    return all;
}

/* What this seat may know: its own cards, the bottom once shown, everything played or shown. */
static DdzCards known(const DdzClient *c)
{
    DdzCards k = c->dealt | c->hand | c->bottom;
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        k |= c->played[s] | c->shown[s];
    return k;
}

static void next_of(DdzClient *c, const json_t *next)
{
    if (json_is_null(next) || (next && !json_is_object(next))) {
        c->turn_deadline_ms = -1;
        c->turn_deadline_frame = c->frames;
    }
    if (!json_is_object(next))
        return;
    c->turn_deadline_ms = num(next, "deadline_ms", -1);
    c->turn_deadline_frame = c->frames;
    c->turn = (int)num(next, "seat", c->turn);
    c->phase = phase_of(str(next, "phase"));
    json_t *lead = json_object_get(next, "lead");
    if (json_is_true(lead)) {
        c->table = ddz_move_pass();
        c->table_seat = -1;
    }
}

static void counts_of(DdzClient *c, const json_t *a)
{
    for (int s = 0; s < DDZ_SEAT_NB && json_is_array(a); s++)
        c->count[s] = (int)json_integer_value(json_array_get(a, (size_t)s));
}

static void new_game(DdzClient *c)
{
    c->in_game = true;
    c->held_known = false;
    c->hand = c->dealt = c->bottom = 0;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        c->played[s] = c->shown[s] = 0;
        c->count[s] = 17;
        c->autop[s] = false;
        c->note[s].kind = DDZ_NOTE_NONE;
    }
    c->turn_deadline_ms = -1;
    c->landlord = -1;
    c->table = ddz_move_pass();
    c->table_seat = -1;
    c->my_turn = false;
    c->phase = DDZ_PHASE_BID;
}

static void on_room(DdzClient *c, const json_t *m)
{
    json_t *room = json_object_get(m, "room");
    c->room = num(room, "id", 0);
    c->room_tour = num(room, "tournament", 0);
    c->seat = (int)num(m, "seat", -1);
    const char *options = str(room, "options");
    if (options) {
        DdzOptions opt = ddz_options_default();
        char buf[256];
        snprintf(buf, sizeof buf, "%s", options);
        DdzError err;
        for (char *save = NULL, *it = strtok_r(buf, ",", &save); it; it = strtok_r(NULL, ",", &save))
            ddz_options_set(&opt, it, &err);
        c->opt = opt;
    }
    json_t *seats = json_object_get(room, "seats");
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        json_t *st = json_array_get(seats, (size_t)s);
        c->totals[s] = (int)num(st, "score", 0);
        if (json_is_object(st)) {
            c->autop[s] = json_is_true(json_object_get(st, "auto"));
            snprintf(c->names[s], sizeof c->names[s], "%s", str(st, "name") ? str(st, "name") : "");
            c->gone[s] = json_is_true(json_object_get(st, "left"));
        } else if (c->game > 0 && c->names[s][0]) {
            c->gone[s] = true; /* its player left after the game: keep the name for its result */
        } else {
            c->names[s][0] = '\0';
            c->gone[s] = false;
        }
    }
    if (!strcmp(str(room, "state") ? str(room, "state") : "", "waiting"))
        c->in_game = false;
}

/* The middle of the table after one public action (before the tracker applies it). */
static void note_of(DdzClient *c, int seat, const json_t *a, bool *bidding)
{
    const char *kind = str(a, "kind");
    DdzClientNote *n = &c->note[seat];
    bool bid = kind && !strcmp(kind, "bid");
    if (!bid && *bidding) /* the bidding is over: its notes go */
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            c->note[s].kind = DDZ_NOTE_NONE;
    *bidding = bid;
    if (!kind)
        return;
    if (bid || !strcmp(kind, "double")) {
        bool rob = false;
        for (int s = 0; s < DDZ_SEAT_NB && bid; s++)
            rob |= c->note[s].kind == DDZ_NOTE_BID && c->note[s].value > 0;
        *n = (DdzClientNote){bid ? DDZ_NOTE_BID : DDZ_NOTE_DOUBLE, (int)num(a, "value", 0), rob, ddz_move_pass(), 0};
    } else if (!strcmp(kind, "show")) {
        n->kind = DDZ_NOTE_SHOW;
    } else if (!strcmp(kind, "pass")) {
        *n = (DdzClientNote){DDZ_NOTE_PASS, 0, false, ddz_move_pass(), 0};
    } else if (!strcmp(kind, "play")) {
        DdzMove mv = ddz_move_pass();
        DdzError err;
        const char *text = str(a, "move");
        if (text)
            ddz_move_parse(text, c->opt.rules, &mv, &err);
        if (c->table_seat < 0 || c->table_seat == seat) /* a lead: a new round */
            for (int s = 0; s < DDZ_SEAT_NB; s++)
                c->note[s].kind = DDZ_NOTE_NONE;
        *n = (DdzClientNote){DDZ_NOTE_PLAY, 0, false, mv, cards_of(json_object_get(a, "cards"))};
    }
}

static void on_action(DdzClient *c, const json_t *m)
{
    int seat = (int)num(m, "seat", -1);
    const char *kind = str(m, "kind");
    if (seat < 0 || seat >= DDZ_SEAT_NB || !kind)
        return;
    bool bidding = c->phase == DDZ_PHASE_BID;
    note_of(c, seat, m, &bidding);
    if (!strcmp(kind, "show")) {
        c->shown[seat] = cards_of(json_object_get(m, "hand"));
    } else if (!strcmp(kind, "play")) {
        DdzCards cards = cards_of(json_object_get(m, "cards"));
        c->played[seat] |= cards;
        if (c->shown[seat])
            c->shown[seat] &= ~cards;
        if (seat == c->seat)
            c->hand &= ~cards;
        DdzMove mv;
        DdzError err;
        const char *text = str(m, "move");
        if (text && ddz_move_parse(text, c->opt.rules, &mv, &err) == 0) {
            c->table = mv;
            c->table_seat = seat;
        }
    }
    if (seat == c->seat)
        c->my_turn = false;
    counts_of(c, json_object_get(m, "counts"));
    next_of(c, json_object_get(m, "next"));
}

/* The end of a game: the reveal lets us check the commitment and what we were told. */
static void on_over(DdzClient *c, const json_t *m, bool redeal)
{
    DdzCards hands[DDZ_SEAT_NB];
    json_t *hs = json_object_get(m, "hands");
    DdzCards bottom = cards_of(json_object_get(m, "bottom"));
    for (int s = 0; s < DDZ_SEAT_NB; s++)
        hands[s] = cards_of(json_array_get(hs, (size_t)s));
    if (c->seat >= 0 && c->dealt && c->dealt != hands[c->seat])
        leak(c, "over", "the hand we were dealt is not the one revealed", c->dealt);
    json_t *hj = json_object_get(m, "held");
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        DdzCards own = hands[s] | (s == c->landlord ? bottom : 0);
        if (c->played[s] & ~own)
            leak(c, "over", "cards said to be played that the seat never held", c->played[s] & ~own);
        /* The hands still held: exactly what each seat had and did not play. */
        DdzCards held = cards_of(json_array_get(hj, (size_t)s));
        if (!redeal && hj && held != (own & ~c->played[s]))
            leak(c, "over", "a hand said to be held that is not what the seat kept", held ^ (own & ~c->played[s]));
        c->held[s] = held;
    }
    c->held_known = !redeal && json_is_array(hj);
    /* The commitment: the one we were given before the bidding must be the seed's. */
    const char *seed = str(m, "seed"), *salt = str(m, "salt"), *commit = str(m, "commit");
    char want[DDZ_COMMIT_HEX];
    c->commit_ok = seed && salt && commit && !strcmp(commit, c->commit) &&
                   ddz_commit_compute_text(seed, salt, want) == 0 && !strcmp(want, c->commit);
    const char *record = str(m, "record");
    free(c->record);
    c->record = record ? strdup(record) : NULL;
    if (!redeal) {
        c->games_over++;
        json_t *res = json_object_get(m, "result");
        json_t *sc = json_object_get(res, "scores"), *tot = json_object_get(m, "totals");
        for (int s = 0; s < DDZ_SEAT_NB; s++) {
            c->last_score[s] = (int)json_integer_value(json_array_get(sc, (size_t)s));
            c->totals[s] = (int)json_integer_value(json_array_get(tot, (size_t)s));
        }
    }
    c->in_game = false;
    c->my_turn = false;
}

static void on_state(DdzClient *c, const json_t *m)
{
    new_game(c);
    c->room = num(m, "room", c->room);
    c->seat = (int)num(m, "seat", c->seat);
    c->game = num(m, "game", c->game);
    c->phase = phase_of(str(m, "phase"));
    c->turn = (int)num(m, "turn", 0);
    c->first = (int)num(m, "first", 0);
    c->landlord = (int)num(m, "landlord", -1);
    const char *commit = str(m, "commit");
    snprintf(c->commit, sizeof c->commit, "%s", commit ? commit : "");
    c->hand = cards_of(json_object_get(m, "hand"));
    c->bottom = cards_of(json_object_get(m, "bottom"));
    json_t *played = json_object_get(m, "played"), *shown = json_object_get(m, "shown");
    json_t *autop = json_object_get(m, "auto");
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        c->played[s] = cards_of(json_array_get(played, (size_t)s));
        c->shown[s] = cards_of(json_array_get(shown, (size_t)s));
        c->autop[s] = json_is_true(json_array_get(autop, (size_t)s));
    }
    counts_of(c, json_object_get(m, "counts"));
    if (c->seat >= 0) {
        c->dealt = c->hand | c->played[c->seat];
        if (c->seat == c->landlord)
            c->dealt &= ~c->bottom;
    }
    /* The middle of the table, from the public history. */
    json_t *hist = json_object_get(m, "history"), *a;
    size_t i;
    bool bidding = true;
    json_array_foreach(hist, i, a) {
        int s = (int)num(a, "seat", -1);
        if (s < 0 || s >= DDZ_SEAT_NB)
            continue;
        note_of(c, s, a, &bidding);
        const char *kind = str(a, "kind");
        DdzError err;
        if (kind && !strcmp(kind, "play") && ddz_move_parse(str(a, "move") ? str(a, "move") : "", c->opt.rules,
                                                          &c->table, &err) == 0)
            c->table_seat = s;
    }
    for (int s = 0; s < DDZ_SEAT_NB && bidding && c->landlord >= 0; s++)
        c->note[s].kind = DDZ_NOTE_NONE; /* the bidding is over */
    if (c->phase == DDZ_PHASE_PLAY && !bidding && json_is_null(json_object_get(m, "table"))) {
        c->table = ddz_move_pass();
        c->table_seat = -1;
    }
    next_of(c, json_object_get(m, "next"));
    json_t *table = json_object_get(m, "table");
    DdzError err;
    if (json_is_object(table) && str(table, "move") &&
        ddz_move_parse(str(table, "move"), c->opt.rules, &c->table, &err) == 0)
        c->table_seat = (int)num(table, "seat", -1);
    c->in_game = c->phase < DDZ_PHASE_OVER;
}

DdzClientEvent ddz_client_feed_json(DdzClient *c, json_t *m)
{
    const char *type = str(m, "type");
    if (!json_is_object(m) || !type)
        return DDZ_EV_BAD;
    c->frames++;
    /* The privacy check, before the message changes what we know. */
    DdzCards named = cards_named(m);
    bool reveals = !strcmp(type, "over") || !strcmp(type, "redeal") || !strcmp(type, "state");
    if (!strcmp(type, "start")) {
        if (c->seat < 0 && json_object_get(m, "hand"))
            leak(c, type, "a spectator was sent a hand", named);
    } else if (!strcmp(type, "action")) {
        const char *kind = str(m, "kind");
        DdzCards fresh = cards_of(json_object_get(m, kind && !strcmp(kind, "show") ? "hand" : "cards"));
        if (named & ~(known(c) | fresh))
            leak(c, type, "names cards nobody showed", named & ~(known(c) | fresh));
    } else if (!strcmp(type, "landlord")) {
        DdzCards fresh = cards_of(json_object_get(m, "bottom"));
        if (named & ~(known(c) | fresh))
            leak(c, type, "names cards besides the bottom", named & ~(known(c) | fresh));
    } else if (!strcmp(type, "state")) {
        if (num(m, "seat", -1) < 0 && json_object_get(m, "hand"))
            leak(c, type, "a spectator was sent a hand", named);
    } else if (!reveals && (named & ~known(c))) {
        leak(c, type, "names hidden cards", named & ~known(c));
    }

    if (!strcmp(type, "welcome")) {
        c->player = num(m, "player", 0);
        snprintf(c->name, sizeof c->name, "%s", str(m, "name") ? str(m, "name") : "");
        if (str(m, "token"))
            snprintf(c->token, sizeof c->token, "%s", str(m, "token"));
        return DDZ_EV_WELCOME;
    }
    if (!strcmp(type, "error")) {
        snprintf(c->error_code, sizeof c->error_code, "%s", str(m, "code") ? str(m, "code") : "?");
        snprintf(c->error, sizeof c->error, "%s", str(m, "message") ? str(m, "message") : "");
        return DDZ_EV_ERROR;
    }
    if (!strcmp(type, "rooms"))
        return DDZ_EV_ROOMS;
    if (!strcmp(type, "tournaments") || !strncmp(type, "tour", 4))
        return ddz_client_tour_feed(c, type, m);
    if (!strcmp(type, "room")) {
        on_room(c, m);
        return DDZ_EV_ROOM;
    }
    if (!strcmp(type, "left")) {
        c->room = 0;
        c->room_tour = 0;
        c->seat = -1;
        c->in_game = c->my_turn = false;
        return DDZ_EV_LEFT;
    }
    if (!strcmp(type, "chat"))
        return DDZ_EV_CHAT;
    if (!strcmp(type, "start")) {
        new_game(c);
        c->game = num(m, "game", 0);
        c->first = (int)num(m, "first", 0);
        snprintf(c->commit, sizeof c->commit, "%s", str(m, "commit") ? str(m, "commit") : "");
        if (c->seat >= 0)
            c->hand = c->dealt = cards_of(json_object_get(m, "hand"));
        for (int s = 0; s < DDZ_SEAT_NB && c->hand; s++)
            c->count[s] = ddz_cards_size(c->hand); /* every seat is dealt as many */
        next_of(c, json_object_get(m, "next"));
        return DDZ_EV_START;
    }
    if (!strcmp(type, "action")) {
        on_action(c, m);
        return DDZ_EV_ACTION;
    }
    if (!strcmp(type, "landlord")) {
        c->landlord = (int)num(m, "seat", -1);
        for (int s = 0; s < DDZ_SEAT_NB; s++)
            c->note[s].kind = DDZ_NOTE_NONE;
        c->bottom = cards_of(json_object_get(m, "bottom"));
        if (c->landlord == c->seat)
            c->hand |= c->bottom;
        if (c->landlord >= 0 && c->landlord < DDZ_SEAT_NB)
            c->count[c->landlord] = c->count[(c->landlord + 1) % DDZ_SEAT_NB] + ddz_cards_size(c->bottom);
        next_of(c, json_object_get(m, "next"));
        return DDZ_EV_LANDLORD;
    }
    if (!strcmp(type, "turn")) {
        c->my_turn = true;
        c->turn = c->seat;
        c->turn_phase = phase_of(str(m, "phase"));
        c->deadline_ms = num(m, "deadline_ms", -1);
        c->lead = json_is_true(json_object_get(m, "lead"));
        c->can_show = json_is_true(json_object_get(m, "can_show"));
        c->nvalues = 0;
        json_t *vals = json_object_get(m, "values");
        for (size_t i = 0; i < 4 && i < json_array_size(vals); i++)
            c->values[c->nvalues++] = (uint8_t)json_integer_value(json_array_get(vals, i));
        DdzError err;
        if (c->lead) {
            c->table = ddz_move_pass();
            c->table_seat = -1;
        } else if (str(m, "table")) {
            ddz_move_parse(str(m, "table"), c->opt.rules, &c->table, &err);
        }
        return DDZ_EV_TURN;
    }
    if (!strcmp(type, "auto")) {
        int seat = (int)num(m, "seat", -1);
        if (seat >= 0 && seat < DDZ_SEAT_NB)
            c->autop[seat] = json_is_true(json_object_get(m, "on"));
        if (seat == c->turn && c->autop[seat]) { /* the computer acts, without a deadline */
            c->turn_deadline_ms = -1;
            c->turn_deadline_frame = c->frames;
        }
        next_of(c, json_object_get(m, "next")); /* the seat to act: its deadline now */
        return DDZ_EV_AUTO;
    }
    if (!strcmp(type, "redeal")) {
        on_over(c, m, true);
        return DDZ_EV_REDEAL;
    }
    if (!strcmp(type, "over")) {
        on_over(c, m, false);
        return DDZ_EV_OVER;
    }
    if (!strcmp(type, "state")) {
        on_state(c, m);
        return DDZ_EV_STATE;
    }
    if (!strcmp(type, "leaderboard"))
        return DDZ_EV_LEADERBOARD;
    if (!strcmp(type, "pong"))
        return DDZ_EV_PONG;
    return DDZ_EV_OTHER;
}

void ddz_client_hands(const DdzClient *c, DdzCards hands[DDZ_SEAT_NB])
{
    /* Every card not in sight. The bottom stays in: once the landlord has it, the cards of it
     * not yet played are in the landlord's hand and count there. */
    DdzCards pool = DDZ_DECK & ~c->hand;
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        pool &= ~c->played[s] & ~c->shown[s];
        hands[s] = 0;
    }
    for (int s = 0; s < DDZ_SEAT_NB; s++) {
        if (s == c->seat) {
            hands[s] = c->hand;
        } else if (c->shown[s]) {
            hands[s] = c->shown[s] & ~c->played[s];
        } else {
            DdzCards h = 0;
            for (DdzCard k = 0; k < DDZ_CARD_NB && ddz_cards_size(h) < c->count[s]; k++)
                if (ddz_cards_has(pool, k))
                    h |= ddz_cards_of(k);
            pool &= ~h;
            hands[s] = h;
        }
    }
}

DdzClientEvent ddz_client_feed(DdzClient *c, const char *data, size_t len)
{
    json_t *m = json_loadb(data, len, 0, NULL);
    if (!m)
        return DDZ_EV_BAD;
    DdzClientEvent e = ddz_client_feed_json(c, m);
    json_decref(m);
    return e;
}

size_t ddz_client_msg(char *buf, size_t size, const char *type, const char *fields)
{
    int n = snprintf(buf, size, "{\"type\":\"%s\"%s%s}", type, fields ? "," : "", fields ? fields : "");
    return n < 0 ? 0 : (size_t)n;
}

size_t ddz_client_auto(DdzClient *c, DdzRng *rng, char *buf, size_t size)
{
    if (!c->my_turn || c->seat < 0)
        return 0;
    c->my_turn = false;
    char fields[160];
    if (c->turn_phase == DDZ_PHASE_BID || c->turn_phase == DDZ_PHASE_DOUBLE) {
        int v = 0;
        if (c->nvalues)
            v = c->turn_phase == DDZ_PHASE_BID && ddz_rng_below(rng, 3) == 0 ? c->values[c->nvalues - 1] : c->values[0];
        snprintf(fields, sizeof fields, "\"value\":%d", v);
        return ddz_client_msg(buf, size, c->turn_phase == DDZ_PHASE_BID ? "bid" : "double", fields);
    }
    DdzMove *moves = malloc(sizeof *moves * DDZ_MAX_MOVES);
    if (!moves)
        return 0;
    int n = ddz_moves_hint(ddz_cards_ranks(c->hand), c->lead ? NULL : &c->table, c->opt.rules, moves);
    size_t len;
    if (n == 0) {
        len = c->lead ? 0 : ddz_client_msg(buf, size, "pass", NULL);
    } else {
        char text[96];
        ddz_move_format(&moves[0], c->opt.rules, text, sizeof text);
        snprintf(fields, sizeof fields, "\"move\":\"%s\"", text);
        len = ddz_client_msg(buf, size, "play", fields);
    }
    free(moves);
    return len;
}
