/* douzero.h -- DouZero's card-play environment (kwai/DouZero, douzero/env) in C: its move
 * lists in its own order (duplicates included), its game flow, bomb counting and rewards, and
 * its observation encoding (get_obs), for the Python drop-in ddz.douzero and the vector env.
 *
 * Cards are rank counts (cards.h: nibble r counts rank r; DouZero's ints 3..14, 17, 20, 30
 * are ranks 0..14). Positions: 0 landlord, 1 landlord_down, 2 landlord_up (the order of play).
 * DdzDzGame is a plain value with no pointers, owned by the caller: copy it with `=` or memcpy
 * (ddz_dz_size). Functions are thread-safe on different games. Hands are assumed to be kept
 * sorted, as DouZero's Env does (its deal is sorted and each play re-sorts the hand): the
 * order of DouZero's single-card moves follows CPython's set iteration for that order. */
#ifndef DDZ_DOUZERO_H
#define DDZ_DOUZERO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ddz/cards.h"

enum { DDZ_DZ_LANDLORD, DDZ_DZ_DOWN, DDZ_DZ_UP, DDZ_DZ_POS_NB };
/* The moves of a DouZero legal-action list: at most 20 cards give far fewer than this. */
#define DDZ_DZ_MAX_MOVES 4096
/* get_obs sizes: x_no_action is 319 (landlord) or 430 (farmers) int8s, the action adds 54;
 * z is 5 x 162 int8s (the last 15 plays, oldest first, 54 cards each). */
#define DDZ_DZ_X_LANDLORD 319
#define DDZ_DZ_X_FARMER 430
#define DDZ_DZ_X_MAX 430
#define DDZ_DZ_Z 810
#define DDZ_DZ_SEQ 15

typedef struct DdzDzGame {
    DdzRanks hand[DDZ_DZ_POS_NB];
    DdzRanks played[DDZ_DZ_POS_NB];
    DdzRanks last_move[DDZ_DZ_POS_NB]; /* last_move_dict: each position's latest action */
    DdzRanks three;                    /* three_landlord_cards not yet played by the landlord */
    DdzRanks seq[DDZ_DZ_SEQ + 1];      /* the latest actions, a ring indexed by nseq mod 16 */
    int nseq;                          /* len(card_play_action_seq) */
    int acting;                        /* acting_player_position */
    int last_pid;                      /* the last position that played a non-pass */
    int bomb_num;
    bool over;
    int winner;                        /* 0 landlord, 1 farmer (when over) */
} DdzDzGame;

size_t ddz_dz_size(void);

/* card_play_init: hands of 20, 17, 17 cards (landlord, down, up) and the 3 bottom cards, all
 * as rank counts. Returns 0, or -1 with err when the cards are not one deck's worth. */
int ddz_dz_init(DdzDzGame *g, const DdzRanks hands[DDZ_DZ_POS_NB], DdzRanks three, DdzError *err);

/* The rival move DouZero's get_legal_card_play_actions answers to: the last action, or the
 * one before it when the last was a pass. */
DdzRanks ddz_dz_rival(const DdzDzGame *g);

/* infoset.legal_actions of the acting position, in DouZero's order and with its duplicates,
 * as rank counts (pass = 0). out holds DDZ_DZ_MAX_MOVES. Returns the count. */
int ddz_dz_legal(const DdzDzGame *g, DdzRanks *out);

/* The same for any hand and rival move (DouZero's MovesGener + move_selector). */
int ddz_dz_moves(DdzRanks hand, DdzRanks rival, DdzRanks *out);

/* DouZero's move_detector: the type (0 pass ... 14 four with two pairs, 15 wrong) and the
 * 'len' of a move (1 when it has none). */
int ddz_dz_move_type(DdzRanks move, int *len);

/* GameEnv.step with `action` (rank counts): returns 0; -1 with err when the game is over or
 * the action is not in the legal list. Counts bombs (four of a rank, the rocket), updates the
 * hands, played cards, last moves, three_landlord_cards and turn, and ends the game when a
 * hand is empty. */
int ddz_dz_step(DdzDzGame *g, DdzRanks action, DdzError *err);

/* ddz_dz_step for a caller that already holds the legal list of this state (ddz_dz_legal,
 * n entries): the action must be one of them and held by the acting position; the list is
 * not generated again. */
int ddz_dz_play(DdzDzGame *g, DdzRanks action, const DdzRanks *legal, int n, DdzError *err);

/* Env._get_reward for the landlord: objective 0 wp (±1), 1 adp (±2^bombs), 2 logadp
 * (±(bombs + 1)). Only for a finished game. */
double ddz_dz_reward(const DdzDzGame *g, int objective);

/* get_obs for the acting position: x_no_action (int8, DDZ_DZ_X_LANDLORD or DDZ_DZ_X_FARMER
 * entries) and z (int8, DDZ_DZ_Z); then, when x_batch/z_batch are not NULL, the n rows of
 * x_batch (float32, x + 54 each: x_no_action followed by the action's cards) and z_batch
 * (float32, DDZ_DZ_Z each) for the n actions of `actions`. Returns the width of x_no_action. */
int ddz_dz_obs(const DdzDzGame *g, const DdzRanks *actions, int n, int8_t *x_no_action, int8_t *z, float *x_batch,
               float *z_batch);

/* DouZero's 54-entry card encoding of rank counts (_cards2array): rank r's count c sets
 * entries 4r .. 4r+c-1; the jokers are entries 52 and 53. */
void ddz_dz_cards54(DdzRanks cards, int8_t out[54]);

#endif
