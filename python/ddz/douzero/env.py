"""A drop-in for DouZero's douzero/env/env.py: Env, DummyAgent and get_obs, with the same
observation arrays (dtypes, shapes, values) and rewards, computed in C.

get_obs(infoset) returns {'position', 'x_batch' (float32, n x 373 for the landlord, n x 484
for a farmer), 'z_batch' (float32, n x 5 x 162), 'legal_actions', 'x_no_action' (int8, 319
or 430), 'z' (int8, 5 x 162)}: DouZero's encoding (Zha et al. 2021, Table 4). An InfoSet made
by this package's GameEnv is encoded by the C library from the state it was taken in; any
other object with DouZero's InfoSet fields is encoded from those fields."""

import ctypes

import numpy as np

from .._lib import lib
from ..errors import InvalidInput
from .game import CARD_INTS, GameEnv, _POS_INDEX, cards_to_counts

deck = []
for i in range(3, 15):
    deck.extend([i for _ in range(4)])
deck.extend([17 for _ in range(4)])
deck.extend([20, 30])

OBJECTIVES = ('wp', 'adp', 'logadp')


class Env:
    """Doudizhu multi-agent wrapper (DouZero's Env): reset() deals with numpy's global
    generator as DouZero does, step(action) plays the acting position's action."""

    def __init__(self, objective):
        if objective not in OBJECTIVES:
            raise InvalidInput("objective %r: one of wp, adp, logadp" % (objective,))
        self.objective = objective
        self.players = {}
        for position in ['landlord', 'landlord_up', 'landlord_down']:
            self.players[position] = DummyAgent(position)
        self._env = GameEnv(self.players)
        self.infoset = None

    def reset(self):
        self._env.reset()
        _deck = deck.copy()
        np.random.shuffle(_deck)
        card_play_data = {'landlord': _deck[:20], 'landlord_up': _deck[20:37], 'landlord_down': _deck[37:54],
                          'three_landlord_cards': _deck[17:20]}
        for key in card_play_data:
            card_play_data[key].sort()
        self._env.card_play_init(card_play_data)
        self.infoset = self._game_infoset
        return get_obs(self.infoset)

    def step(self, action):
        self.players[self._acting_player_position].set_action(action)
        self._env.step()
        self.infoset = self._game_infoset
        done = False
        reward = 0.0
        if self._game_over:
            done = True
            reward = self._get_reward()
            obs = None
        else:
            obs = get_obs(self.infoset)
        return obs, reward, done, {}

    def _get_reward(self):
        winner = self._game_winner
        bomb_num = self._game_bomb_num
        sign = 1.0 if winner == 'landlord' else -1.0
        if self.objective == 'adp':
            return sign * 2.0 ** bomb_num
        if self.objective == 'logadp':
            return sign * (bomb_num + 1.0)
        return sign

    @property
    def _game_infoset(self):
        return self._env.game_infoset

    @property
    def _game_bomb_num(self):
        return self._env.get_bomb_num()

    @property
    def _game_winner(self):
        return self._env.get_winner()

    @property
    def _acting_player_position(self):
        return self._env.acting_player_position

    @property
    def _game_over(self):
        return self._env.game_over


class DummyAgent(object):
    """Plays the action it was given (set_action), as DouZero's DummyAgent."""

    def __init__(self, position):
        self.position = position
        self.action = None

    def act(self, infoset):
        return self.action

    def set_action(self, action):
        self.action = action


_obs = lib.ddz_dz_obs


def get_obs(infoset):
    pos = infoset.player_position
    if pos not in _POS_INDEX:
        raise InvalidInput("get_obs: player_position %r is not landlord, landlord_up or landlord_down" % (pos,))
    try:
        legal = infoset._legal
        dz = infoset._dz
    except AttributeError:
        return _obs_from_fields(infoset)
    n = len(infoset.legal_actions)
    if dz is None or legal is None or len(legal) != 8 * n:
        return _obs_from_fields(infoset)
    # One allocation for the four arrays, filled by one C call.
    xw = 319 if pos == 'landlord' else 430
    xb = n * (xw + 54) * 4
    zb = n * 810 * 4
    buf = np.empty(xb + zb + 810 + xw, np.uint8)
    p = buf.ctypes.data
    _obs(dz, legal, n, p + xb + zb + 810, p + xb + zb, p, p + xb)
    return {'position': pos,
            'x_batch': np.ndarray((n, xw + 54), np.float32, buf, 0),
            'z_batch': np.ndarray((n, 5, 162), np.float32, buf, xb),
            'legal_actions': infoset.legal_actions,
            'x_no_action': np.ndarray((xw,), np.int8, buf, xb + zb + 810),
            'z': np.ndarray((5, 162), np.int8, buf, xb + zb)}


# The encoding from the InfoSet's own fields (numpy), for InfoSets this package did not make.

def _cards54(cards):
    out = np.zeros(54, np.int8)
    r = cards_to_counts(cards)
    for k in range(13):
        out[4 * k:4 * k + ((r >> (4 * k)) & 15)] = 1
    out[52] = (r >> 52) & 15
    out[53] = (r >> 56) & 15
    return out


def _one_hot(i, size):
    out = np.zeros(size, np.int8)
    out[i] = 1
    return out


def _obs_from_fields(infoset):
    pos = infoset.player_position
    my = _cards54(infoset.player_hand_cards)
    other = _cards54(infoset.other_hand_cards)
    last = _cards54(infoset.last_move)
    left = infoset.num_cards_left_dict
    played = infoset.played_cards
    if pos == 'landlord':
        parts = [my, other, last, _cards54(played['landlord_up']), _cards54(played['landlord_down']),
                 _one_hot(left['landlord_up'] - 1, 17), _one_hot(left['landlord_down'] - 1, 17)]
    else:
        mate = 'landlord_down' if pos == 'landlord_up' else 'landlord_up'
        parts = [my, other, _cards54(played['landlord']), _cards54(played[mate]), last,
                 _cards54(infoset.last_move_dict['landlord']), _cards54(infoset.last_move_dict[mate]),
                 _one_hot(left['landlord'] - 1, 20), _one_hot(left[mate] - 1, 17)]
    parts.append(_one_hot(infoset.bomb_num, 15))
    x_no_action = np.concatenate(parts).astype(np.int8)
    seq = list(infoset.card_play_action_seq)[-15:]
    seq = [[]] * (15 - len(seq)) + seq
    z = np.concatenate([_cards54(a) for a in seq]).reshape(5, 162).astype(np.int8)
    n = len(infoset.legal_actions)
    acts = np.array([_cards54(a) for a in infoset.legal_actions], np.float32).reshape(n, 54)
    x_batch = np.hstack((np.repeat(x_no_action[np.newaxis, :], n, axis=0).astype(np.float32), acts))
    z_batch = np.repeat(z[np.newaxis, :, :], n, axis=0).astype(np.float32)
    return {'position': pos, 'x_batch': x_batch, 'z_batch': z_batch, 'legal_actions': infoset.legal_actions,
            'x_no_action': x_no_action, 'z': z}


__all__ = ['Env', 'DummyAgent', 'get_obs', 'deck', 'CARD_INTS']
