/* dzknown.c -- a ddz game rebuilt from what one DouZero position knows (its InfoSet), so that
 * any ddz agent can play in DouZero's environment: the plays of card_play_action_seq read as
 * DouZero's move detector reads them, the cards given suits and the game rebuilt by the
 * engine protocol's own code (engine.h), which checks every play against the rules. */
#include <string.h>

#include "ddz/douzero.h"
#include "ddz/engine.h"
#include "internal.h"

int capi_dz_type(int t)
{
    static const int8_t TYPE[15] = {DDZ_PASS,       DDZ_SINGLE,         DDZ_PAIR,        DDZ_TRIO,
                                    DDZ_BOMB,       DDZ_ROCKET,         DDZ_TRIO_SINGLE, DDZ_TRIO_PAIR,
                                    DDZ_STRAIGHT,   DDZ_PAIR_CHAIN,     DDZ_PLANE,       DDZ_PLANE_SINGLE,
                                    DDZ_PLANE_PAIR, DDZ_FOUR_TWO,       DDZ_FOUR_TWO_PAIRS};
    return t >= 0 && t < 15 ? TYPE[t] : -1;
}

static const char *const POSITION[DDZ_SEAT_NB] = {"landlord", "landlord_down", "landlord_up"};

int capi_dz_reading(DdzRanks r, const DdzMove *table, int rules, DdzMove *out)
{
    DdzMove rd[DDZ_MAX_READINGS];
    int nr = ddz_move_classify(r, (DdzRuleset)rules, rd), len, want = capi_dz_type(ddz_dz_move_type(r, &len)),
        best = -1;
    if (nr <= 0)
        return -1;
    bool lead = table->type == DDZ_PASS;
    for (int k = 0; k < nr; k++)
        if ((lead || ddz_move_beats(&rd[k], table)) && (best < 0 || capi_dz_better(&rd[k], &rd[best], want)))
            best = k;
    if (best < 0)
        return 0;
    *out = rd[best];
    return 1;
}

/* capi_dz_reading for card_play_action_seq[i]: 0, or -1 with err naming it. */
static int dz_reading(DdzRanks r, const DdzMove *table, int rules, int i, DdzMove *out, char *err)
{
    int got = capi_dz_reading(r, table, rules, out);
    if (got > 0)
        return 0;
    char text[64], on[64];
    ddz_ranks_format(r, text, sizeof text);
    if (got < 0)
        return capi_fail(err, DDZ_CAPI_EILLEGAL, "card_play_action_seq[%d]: %s is not a move under the douzero rules",
                         i, text);
    ddz_ranks_format(table->ranks, on, sizeof on);
    return capi_fail(err, DDZ_CAPI_EILLEGAL, "card_play_action_seq[%d]: %s does not beat %s", i, text, on);
}

int ddz_capi_game_from_douzero(DdzCapiGame *g, int position, uint64_t hand, uint64_t three, const uint64_t *seq,
                               int n, char *err)
{
    if (!g)
        return capi_fail(err, DDZ_CAPI_EINVAL, "game: none given");
    int rules = g->g.opt.rules;
    if (rules != DDZ_RULES_DOUZERO)
        return capi_fail(err, DDZ_CAPI_EINVAL, "game: DouZero's positions need a game of rules=douzero");
    if (position < 0 || position >= DDZ_SEAT_NB)
        return capi_fail(err, DDZ_CAPI_EINVAL, "position %d: 0 landlord, 1 landlord_down, 2 landlord_up", position);
    if (n < 0 || n > DDZ_MAX_ACTIONS - 8 || (n && !seq))
        return capi_fail(err, DDZ_CAPI_EINVAL, "card_play_action_seq: %d plays, more than any game has", n);
    if (!ddz_capi_ranks_valid(hand) || !ddz_capi_ranks_valid(three) || ddz_ranks_size(three) != 3)
        return capi_fail(err, DDZ_CAPI_EINVAL, "%s: player_hand_cards and three_landlord_cards (3 cards) must be "
                                               "cards of one deck", POSITION[position]);
    DdzKnown k;
    memset(&k, 0, offsetof(DdzKnown, actions));
    k.opt = g->g.opt;
    k.phase = DDZ_PHASE_PLAY;
    k.seat = (uint8_t)position;
    k.landlord = 0;
    k.bid = 3;
    /* DouZero's sequence: the landlord leads, then landlord_down, landlord_up, in turn; [] passes. */
    DdzMove table = ddz_move_pass();
    int passes = 0;
    for (int i = 0; i < n; i++) {
        DdzMove m = ddz_move_pass();
        if (!ddz_capi_ranks_valid(seq[i]))
            return capi_fail(err, DDZ_CAPI_EINVAL, "card_play_action_seq[%d]: not cards of one deck", i);
        if (seq[i]) {
            if (dz_reading(seq[i], &table, rules, i, &m, err) != 0)
                return DDZ_CAPI_EILLEGAL;
            table = m;
            passes = 0;
        } else if (table.type != DDZ_PASS && ++passes == 2) {
            table = ddz_move_pass();
            passes = 0;
        }
        k.actions[k.nactions++] = ddz_action_play(i % DDZ_SEAT_NB, m, 0);
    }
    DdzError e;
    DdzGame tmp;
    if (ddz_engine_known_suits(&k, hand, three, &e) != 0 || ddz_engine_rebuild(&k, &tmp, &e) != 0) {
        if (e.pos > 0)
            return capi_fail(err, DDZ_CAPI_EILLEGAL, "%s: card_play_action_seq[%d]: %s", POSITION[position],
                             e.pos - 1, e.msg);
        return capi_fail(err, DDZ_CAPI_EILLEGAL, "%s: %s", POSITION[position], e.msg);
    }
    g->g = tmp;
    g->dealt = true;
    return 0;
}
