/* move_names.h -- the names of the move types and presets as RULES.md §5 writes them, for
 * test_moves.c, test_moves_model.c and test_move_text.c to check the library's against. */
#ifndef DDZ_TEST_MOVE_NAMES_H
#define DDZ_TEST_MOVE_NAMES_H

#include "ddz/moves.h"

__attribute__((unused)) static const char *const TYPE_NAMES[DDZ_MOVE_TYPE_NB] = {
    "pass",         "single",     "pair",     "trio",           "trio_single", "trio_pair",
    "straight",     "pair_chain", "plane",    "plane_single",   "plane_pair",  "four_two",
    "four_two_pairs", "bomb",     "rocket",   "shuttle",        "shuttle_single",
    "shuttle_pair", "trio_short", "trio_two", "plane_short", "plane_two", "four_with"};
__attribute__((unused)) static const char *const RULES_NAMES[DDZ_RULES_NB] = {"standard", "classic", "douzero",
                                                      "botzone", "hubei48"};

#endif
