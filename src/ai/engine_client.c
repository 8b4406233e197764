/* engine_client.c -- the client's side of the engine protocol (docs/ENGINE.md): the
 * request line for one seat, written from a game, and the answer read back as an action. */
#include <jansson.h>

#include "ddz/engine.h"

static json_t *cards_json(DdzCards c)
{
    char text[128];
    ddz_ranks_format(ddz_cards_ranks(c), text, sizeof text);
    return json_string(text);
}

/* json_object_set_new that remembers a failure in *ok (jansson returns -1 when out of
 * memory and frees the value). */
static void set(json_t *o, const char *key, json_t *value, bool *ok)
{
    if (!value || json_object_set_new(o, key, value) != 0)
        *ok = false;
}

static void append(json_t *arr, json_t *value, bool *ok)
{
    if (!value || json_array_append_new(arr, value) != 0)
        *ok = false;
}

char *ddz_engine_request(const DdzGame *g, const char *agent)
{
    if (g->phase != DDZ_PHASE_BID && g->phase != DDZ_PHASE_DOUBLE && g->phase != DDZ_PHASE_PLAY)
        return NULL;
    int s = g->turn;
    bool ok = true;
    json_t *o = json_object();
    json_t *bids = json_array(), *doubles = json_array(), *history = json_array();
    if (!o || !bids || !doubles || !history) {
        json_decref(o);
        json_decref(bids);
        json_decref(doubles);
        json_decref(history);
        return NULL;
    }
    for (int i = 0; i < g->nhist; i++) {
        const DdzAction *a = &g->hist[i];
        if (a->kind == DDZ_ACT_BID) {
            append(bids, json_pack("[ii]", a->seat, a->value), &ok);
        } else if (a->kind == DDZ_ACT_DOUBLE) {
            append(doubles, json_pack("[ib]", a->seat, a->value != 0), &ok);
        } else if (a->kind == DDZ_ACT_PLAY) {
            char text[128] = "";
            if (a->move.type != DDZ_PASS)
                ddz_move_format(&a->move, g->opt.rules, text, sizeof text);
            append(history, json_pack("[is]", a->seat, text), &ok);
        }
    }
    set(o, "rules", json_string(ddz_ruleset_name(g->opt.rules)), &ok);
    set(o, "seat", json_integer(s), &ok);
    set(o, "hand", cards_json(g->hand[s]), &ok);
    if (agent)
        set(o, "agent", json_string(agent), &ok);
    if (g->phase == DDZ_PHASE_BID) {
        set(o, "type", json_string("bid"), &ok);
        set(o, "bids", bids, &ok);
        set(o, "first", json_integer(g->first), &ok);
        json_decref(doubles);
        json_decref(history);
    } else {
        set(o, "type", json_string(g->phase == DDZ_PHASE_DOUBLE ? "double" : "play"), &ok);
        set(o, "landlord", json_integer(g->landlord), &ok);
        set(o, "bid", json_integer(g->bid), &ok);
        set(o, "bottom", cards_json(g->bottom), &ok);
        if (g->opt.double_mode != DDZ_DOUBLE_NONE)
            set(o, "doubles", doubles, &ok);
        else
            json_decref(doubles);
        if (g->phase == DDZ_PHASE_PLAY)
            set(o, "history", history, &ok);
        else
            json_decref(history);
        json_decref(bids);
    }
    char *line = ok ? json_dumps(o, JSON_COMPACT) : NULL;
    json_decref(o);
    return line;
}

int ddz_engine_read_answer(const DdzGame *g, const char *answer, DdzAction *out, DdzError *err)
{
    json_error_t jerr;
    json_t *o = json_loads(answer, JSON_REJECT_DUPLICATES, &jerr);
    int rc = -1;
    const json_t *v;
    if (!o || !json_is_object(o)) {
        ddz_error_set(err, 0, "the answer is not a JSON object%s%s", o ? "" : ": ", o ? "" : jerr.text);
    } else if ((v = json_object_get(o, "error"))) {
        ddz_error_set(err, 0, "the engine answered an error: %s", json_is_string(v) ? json_string_value(v) : "?");
    } else if ((v = json_object_get(o, "move"))) {
        DdzMove m;
        DdzError e;
        if (!json_is_string(v))
            ddz_error_set(err, 0, "field 'move' must be a string");
        else if (ddz_move_parse(json_string_value(v), g->opt.rules, &m, &e) != 0)
            ddz_error_set(err, 0, "move '%.40s': %s", json_string_value(v), e.msg);
        else
            *out = ddz_action_play(g->turn, m, 0), rc = 0;
    } else if ((v = json_object_get(o, "bid"))) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 3)
            ddz_error_set(err, 0, "field 'bid' must be an integer 0..3");
        else
            *out = ddz_action_bid(g->turn, (int)json_integer_value(v)), rc = 0;
    } else if ((v = json_object_get(o, "double"))) {
        if (!json_is_boolean(v))
            ddz_error_set(err, 0, "field 'double' must be true or false");
        else
            *out = ddz_action_double(g->turn, json_is_true(v)), rc = 0;
    } else {
        ddz_error_set(err, 0, "the answer has no 'move', 'bid' or 'double'");
    }
    json_decref(o);
    return rc == 0 ? ddz_game_check(g, out, err) : -1;
}
