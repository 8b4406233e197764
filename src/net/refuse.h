/* refuse.h -- the reason and arguments of a refused game action (the "args" of an error,
 * docs/PROTOCOL.md), so that each client can word a refusal in its own language. Private to
 * the server core (src/net). */
#ifndef DDZ_NET_REFUSE_H
#define DDZ_NET_REFUSE_H

#include <jansson.h>

#include "ddz/game.h"

/* Why g refuses a (ddz_game_check failed): a new object {"reason": ..., and its arguments}.
 * Reasons: "value" (a bid or double value: "phase", "value", "values"), "show", "lead_pass",
 * "whole_hand" ("ranks": the hand), "not_a_move" ("ranks"), "does_not_beat" ("move", "table"),
 * hubei48's "must_beat" (a pass while a move beats "table": "move", one that does) and
 * "short" ("ranks": a trio or plane short of its two cards, not the last cards), "phase",
 * "rules" (none of these). Moves and ranks are in rank notation, never suited cards. */
json_t *refuse_args(const DdzGame *g, const DdzAction *a);

/* {"reason":"not_a_move","ranks":RANKS}: cards that make no move under the rules. */
json_t *refuse_not_a_move(DdzRanks ranks);

#endif
