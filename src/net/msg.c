/* msg.c -- the server's game messages, built from views (ddz_game_view) only: a message for a
 * seat can hold nothing that seat's view lacks, and spectators get the public view. */
#include <stdio.h>
#include <string.h>

#include "core.h"

json_t *msg_cards(DdzCards cards)
{
    char text[512];
    ddz_cards_format(cards, DDZ_STYLE_ASCII, text, sizeof text);
    return json_string(text);
}

json_t *msg_move(const DdzMove *m, DdzRuleset rules)
{
    char text[96];
    ddz_move_format(m, rules, text, sizeof text);
    return json_string(text);
}

const char *msg_phase_name(int phase)
{
    static const char *const names[] = {"bid", "double", "play", "over", "redeal"};
    return phase >= 0 && phase <= DDZ_PHASE_REDEAL ? names[phase] : "?";
}

const char *msg_kind_name(const DdzAction *a)
{
    switch (a->kind) {
    case DDZ_ACT_BID:
        return "bid";
    case DDZ_ACT_DOUBLE:
        return "double";
    case DDZ_ACT_SHOW:
        return "show";
    default:
        return a->move.type == DDZ_PASS ? "pass" : "play";
    }
}

/* The public view: what a spectator may see. It is seat 0's view without seat 0's hand
 * (unless seat 0 showed it), so nothing hidden can reach it. */
void msg_public_view(const DdzGame *g, DdzView *v)
{
    ddz_game_view(g, 0, v);
    v->hand = v->shown[0];
    v->seat = DDZ_NO_SEAT;
}

/* One public action: {"seat","kind", and "value" | "cards","move" | "hand"}. A show carries
 * the hand shown, as the view has it now. */
json_t *msg_action(const DdzView *v, const DdzAction *a, int rules)
{
    json_t *o = json_pack("{s:i, s:s}", "seat", a->seat, "kind", msg_kind_name(a));
    if (!o)
        return NULL;
    if (a->kind == DDZ_ACT_BID || a->kind == DDZ_ACT_DOUBLE)
        json_object_set_new(o, "value", json_integer(a->value));
    else if (a->kind == DDZ_ACT_SHOW)
        json_object_set_new(o, "hand", msg_cards(v->shown[a->seat]));
    else if (a->move.type != DDZ_PASS) {
        json_object_set_new(o, "cards", msg_cards(a->cards));
        json_object_set_new(o, "move", msg_move(&a->move, (DdzRuleset)rules));
    }
    return o;
}

/* Who acts next and until when: public. */
json_t *msg_next(const Room *r, int64_t now)
{
    const DdzGame *g = r->game;
    if (!g || r->state != ROOM_PLAYING || g->phase >= DDZ_PHASE_OVER)
        return json_null();
    const Seat *st = &r->seat[g->turn];
    json_t *o = json_pack("{s:i, s:s, s:b}", "seat", g->turn, "phase", msg_phase_name(g->phase), "computer",
                          r->bot_due != 0);
    if (o && r->deadline)
        json_object_set_new(o, "deadline_ms", json_integer(r->deadline > now ? r->deadline - now : 0));
    if (o && g->phase == DDZ_PHASE_PLAY)
        json_object_set_new(o, "lead", json_boolean(g->table < 0));
    (void)st;
    return o;
}

json_t *msg_cards3(const DdzCards c[DDZ_SEAT_NB])
{
    return json_pack("[o, o, o]", msg_cards(c[0]), msg_cards(c[1]), msg_cards(c[2]));
}

/* The full snapshot of a running game for one seat (seat -1: a spectator, v the public
 * view): everything the view holds, and the public history. */
json_t *msg_state(const Room *r, const DdzView *v, int seat, int64_t now)
{
    char options[256];
    ddz_options_format(&v->opt, options, sizeof options);
    json_t *o = json_pack("{s:s, s:I, s:I, s:i, s:s, s:s, s:i, s:i, s:i, s:i, s:i, s:s}", "type", "state", "room",
                          (json_int_t)r->id, "game", (json_int_t)r->games, "seat", seat, "options", options,
                          "phase", msg_phase_name(v->phase), "turn", v->turn, "first", v->first, "landlord",
                          v->landlord == DDZ_NO_SEAT ? -1 : v->landlord, "bid", v->bid, "robs", v->robs,
                          "commit", r->commit);
    if (!o)
        return NULL;
    if (seat >= 0)
        json_object_set_new(o, "hand", msg_cards(v->hand));
    if (v->bottom)
        json_object_set_new(o, "bottom", msg_cards(v->bottom));
    if (v->revealed >= 0)
        json_object_set_new(o, "revealed", json_integer(v->revealed));
    json_object_set_new(o, "counts", json_pack("[i, i, i]", v->count[0], v->count[1], v->count[2]));
    json_object_set_new(o, "played", msg_cards3(v->played));
    json_object_set_new(o, "shown", msg_cards3(v->shown));
    json_object_set_new(o, "doubles", json_pack("[i, i, i]", v->dbl[0], v->dbl[1], v->dbl[2]));
    json_object_set_new(o, "auto", json_pack("[b, b, b]", r->seat[0].autop, r->seat[1].autop, r->seat[2].autop));
    if (v->table_seat >= 0)
        json_object_set_new(o, "table", json_pack("{s:i, s:o}", "seat", v->table_seat, "move",
                                                   msg_move(&v->table, v->opt.rules)));
    else
        json_object_set_new(o, "table", json_null());
    json_t *hist = json_array();
    for (int i = 0; i < v->nhist; i++)
        json_array_append_new(hist, msg_action(v, &v->hist[i], v->opt.rules));
    json_object_set_new(o, "history", hist);
    json_object_set_new(o, "next", msg_next(r, now));
    return o;
}
