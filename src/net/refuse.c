/* refuse.c -- the reason and arguments of a refused game action, worked out from the game as
 * the engine sees it (the engine itself refuses with a sentence for people). */
#include <string.h>

#include "ddz/movegen.h"
#include "refuse.h"

static json_t *ranks_json(DdzRanks r)
{
    char text[96];
    ddz_ranks_format(r, text, sizeof text);
    return json_string(text);
}

static json_t *move_json(const DdzMove *m, DdzRuleset rules)
{
    char text[96];
    ddz_move_format(m, rules, text, sizeof text);
    return json_string(text);
}

json_t *refuse_not_a_move(DdzRanks ranks)
{
    return json_pack("{s:s, s:o}", "reason", "not_a_move", "ranks", ranks_json(ranks));
}

/* The whole hand is a move that may be played on the table now (the play_all option). */
static bool whole_hand_plays(const DdzGame *g, DdzCards hand, const DdzMove *table)
{
    DdzMove readings[DDZ_MAX_READINGS];
    int n = ddz_move_classify(ddz_cards_ranks(hand), g->opt.rules, readings);
    for (int i = 0; i < n; i++)
        if (ddz_move_beats(&readings[i], table))
            return true;
    return false;
}

json_t *refuse_args(const DdzGame *g, const DdzAction *a)
{
    static const uint8_t phase_of[] = {DDZ_PHASE_BID, DDZ_PHASE_DOUBLE, 0, DDZ_PHASE_PLAY};
    if (a->kind == DDZ_ACT_SHOW)
        return json_pack("{s:s}", "reason", "show");
    if (a->kind >= DDZ_ACT_KIND_NB || g->phase != phase_of[a->kind] || a->seat != g->turn)
        return json_pack("{s:s}", "reason", "phase");
    if (a->kind == DDZ_ACT_BID || a->kind == DDZ_ACT_DOUBLE) {
        uint8_t vals[4];
        int n = ddz_game_legal_values(g, a->kind, vals);
        json_t *list = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(list, json_integer(vals[i]));
        return json_pack("{s:s, s:s, s:i, s:o}", "reason", "value", "phase",
                         a->kind == DDZ_ACT_BID ? "bid" : "double", "value", a->value, "values", list);
    }
    DdzCards hand = g->hand[a->seat];
    DdzMove table = ddz_game_table(g);
    if (a->move.type == DDZ_PASS) {
        if (table.type == DDZ_PASS)
            return json_pack("{s:s}", "reason", "lead_pass");
        DdzMove beat[DDZ_MAX_MOVES];
        if (ddz_ruleset_is_48(g->opt.rules) && ddz_moves_generate(ddz_cards_ranks(hand), &table, g->opt.rules, beat) > 0)
            return json_pack("{s:s, s:o, s:o}", "reason", "must_beat", "table", move_json(&table, g->opt.rules),
                             "move", move_json(&beat[0], g->opt.rules));
        return json_pack("{s:s, s:o}", "reason", "whole_hand", "ranks", ranks_json(ddz_cards_ranks(hand)));
    }
    DdzMove readings[DDZ_MAX_READINGS];
    int n = ddz_move_classify(a->move.ranks, g->opt.rules, readings);
    bool reading = false;
    for (int i = 0; i < n; i++)
        reading |= readings[i].type == a->move.type && readings[i].rank == a->move.rank;
    if (!reading)
        return refuse_not_a_move(a->move.ranks);
    if (ddz_move_is_short(&a->move) && a->move.ranks != ddz_cards_ranks(hand))
        return json_pack("{s:s, s:o}", "reason", "short", "ranks", ranks_json(a->move.ranks));
    if (!ddz_move_beats(&a->move, &table))
        return json_pack("{s:s, s:o, s:o}", "reason", "does_not_beat", "move", move_json(&a->move, g->opt.rules),
                         "table", move_json(&table, g->opt.rules));
    if (g->opt.play_all && whole_hand_plays(g, hand, &table))
        return json_pack("{s:s, s:o}", "reason", "whole_hand", "ranks", ranks_json(ddz_cards_ranks(hand)));
    return json_pack("{s:s}", "reason", "rules");
}
