"""A drop-in for DouZero's douzero/env/game.py: GameEnv, InfoSet and the card tables, with
the same constructor, methods, attributes and values, the move lists and game flow computed
by the C library (include/ddz/douzero.h).

Cards are DouZero's ints: 3..14 for 3..A, 17 for 2, 20 and 30 for the small and big joker.
Hands are kept sorted, as DouZero's own Env deals them."""

import ctypes
import struct

import numpy as np

from .. import _lib
from .._lib import lib
from ..errors import GameStateError, IllegalAction, InvalidInput

EnvCard2RealCard = {3: '3', 4: '4', 5: '5', 6: '6', 7: '7', 8: '8', 9: '9', 10: '10', 11: 'J', 12: 'Q',
                    13: 'K', 14: 'A', 17: '2', 20: 'X', 30: 'D'}
RealCard2EnvCard = {v: k for k, v in EnvCard2RealCard.items()}

CARD_INTS = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30)
# A card int's rank counts: adding them gives a move's or hand's counts.
_INC = {v: 1 << (4 * r) for r, v in enumerate(CARD_INTS)}

bombs = [[v] * 4 for v in CARD_INTS[:13]] + [[20, 30]]
_BOMB_COUNTS = frozenset([4 << (4 * r) for r in range(13)] + [_INC[20] | _INC[30]])

POSITIONS = ('landlord', 'landlord_down', 'landlord_up')  # the order of play (C positions 0, 1, 2)
_POS_INDEX = {p: i for i, p in enumerate(POSITIONS)}
_NEXT = {'landlord': 'landlord_down', 'landlord_down': 'landlord_up', 'landlord_up': 'landlord'}

_DZ_SIZE = lib.ddz_dz_size()
_legal = lib.ddz_dz_legal
_play = lib.ddz_dz_play
_string_at = ctypes.string_at
_new_snapshot = object.__new__
_MAX_MOVES = 4096

class _Lists(dict):
    """Rank counts -> the sorted card tuple, filled as moves are met (at most the ~30,000
    moves of the game)."""

    def __missing__(self, r):
        t = tuple(v for k, v in enumerate(CARD_INTS) for _ in range((r >> (4 * k)) & 15))
        self[r] = t
        return t


_LISTS = _Lists({0: ()})
_list_of = _LISTS.__getitem__


def cards_to_counts(cards):
    """Rank counts of a list of DouZero card ints; InvalidInput naming a wrong int."""
    r = 0
    try:
        for c in cards:
            r += _INC[c]
    except KeyError as e:
        raise InvalidInput("card int %r is not a DouZero card (3..14, 17, 20, 30)" % (e.args[0],)) from None
    except TypeError:
        raise InvalidInput("cards: a list of DouZero card ints is needed, not %r" % (cards,)) from None
    return r


def counts_to_cards(r):
    """The sorted card tuple of rank counts (cached only for legal moves, a bounded set)."""
    t = _LISTS.get(r)
    if t is None:
        t = tuple(v for k, v in enumerate(CARD_INTS) for _ in range((r >> (4 * k)) & 15))
    return t


class InfoSet(object):
    """What one position knows at its decision (DouZero's InfoSet, the same fields)."""

    def __init__(self, player_position):
        self.player_position = player_position
        self.player_hand_cards = None
        self.num_cards_left_dict = None
        self.three_landlord_cards = None
        self.card_play_action_seq = None
        self.other_hand_cards = None
        self.legal_actions = None
        self.last_move = None
        self.last_two_moves = None
        self.last_move_dict = None
        self.played_cards = None
        self.all_handcards = None
        self.last_pid = None
        self.bomb_num = None
        # ddz: the C state and the legal moves as rank counts, for get_obs's fast path.
        self._dz = None
        self._legal = None


class GameEnv(object):

    def __init__(self, players):
        self.card_play_action_seq = []
        self.three_landlord_cards = None
        self.game_over = False
        self.acting_player_position = None
        self.player_utility_dict = None
        self.players = players
        self.last_move_dict = {'landlord': [], 'landlord_up': [], 'landlord_down': []}
        self.played_cards = {'landlord': [], 'landlord_up': [], 'landlord_down': []}
        self.last_move = []
        self.last_two_moves = []
        self.num_wins = {'landlord': 0, 'farmer': 0}
        self.num_scores = {'landlord': 0, 'farmer': 0}
        self.info_sets = {'landlord': InfoSet('landlord'), 'landlord_up': InfoSet('landlord_up'),
                          'landlord_down': InfoSet('landlord_down')}
        self.bomb_num = 0
        self.last_pid = 'landlord'
        self._dz = ctypes.create_string_buffer(_DZ_SIZE)
        self._moves = (ctypes.c_uint64 * _MAX_MOVES)()
        self._moves_np = np.ctypeslib.as_array(self._moves)
        self._err = _lib.DdzErrorStruct()
        self._err_ref = ctypes.byref(self._err)
        self._nlegal = 0

    def card_play_init(self, card_play_data):
        hands = [card_play_data['landlord'], card_play_data['landlord_down'], card_play_data['landlord_up']]
        counts = (ctypes.c_uint64 * 3)(*[cards_to_counts(h) for h in hands])
        three = cards_to_counts(card_play_data['three_landlord_cards'])
        if lib.ddz_dz_init(self._dz, counts, three, ctypes.byref(self._err)) != 0:
            raise InvalidInput("card_play_init: " + self._err.msg.decode())
        self.info_sets['landlord'].player_hand_cards = card_play_data['landlord']
        self.info_sets['landlord_up'].player_hand_cards = card_play_data['landlord_up']
        self.info_sets['landlord_down'].player_hand_cards = card_play_data['landlord_down']
        self.three_landlord_cards = card_play_data['three_landlord_cards']
        self.get_acting_player_position()
        self.game_infoset = self.get_infoset()

    def game_done(self):
        if len(self.info_sets['landlord'].player_hand_cards) == 0 or \
                len(self.info_sets['landlord_up'].player_hand_cards) == 0 or \
                len(self.info_sets['landlord_down'].player_hand_cards) == 0:
            self.compute_player_utility()
            self.update_num_wins_scores()
            self.game_over = True

    def compute_player_utility(self):
        if len(self.info_sets['landlord'].player_hand_cards) == 0:
            self.player_utility_dict = {'landlord': 2, 'farmer': -1}
        else:
            self.player_utility_dict = {'landlord': -2, 'farmer': 1}

    def update_num_wins_scores(self):
        for pos, utility in self.player_utility_dict.items():
            base_score = 2 if pos == 'landlord' else 1
            if utility > 0:
                self.num_wins[pos] += 1
                self.winner = pos
                self.num_scores[pos] += base_score * (2 ** self.bomb_num)
            else:
                self.num_scores[pos] -= base_score * (2 ** self.bomb_num)

    def get_winner(self):
        return self.winner

    def get_bomb_num(self):
        return self.bomb_num

    def step(self):
        if self.game_over:
            raise GameStateError("GameEnv.step: the game is over (call reset and card_play_init)")
        pos = self.acting_player_position
        action = self.players[pos].act(self.game_infoset)
        r = cards_to_counts(action)
        if _play(self._dz, r, self._moves, self._nlegal, self._err_ref) != 0:
            raise IllegalAction("GameEnv.step: %s: %s" % (pos, self._err.msg.decode()))
        if len(action) > 0:
            self.last_pid = pos
        if r in _BOMB_COUNTS:
            self.bomb_num += 1
        self.last_move_dict[pos] = action.copy()
        self.card_play_action_seq.append(action)
        self.update_acting_player_hand_cards(action)
        self.played_cards[pos] += action
        if pos == 'landlord' and len(action) > 0 and len(self.three_landlord_cards) > 0:
            for card in action:
                if len(self.three_landlord_cards) > 0:
                    if card in self.three_landlord_cards:
                        self.three_landlord_cards.remove(card)
                else:
                    break
        self.game_done()
        if not self.game_over:
            self.get_acting_player_position()
            self.game_infoset = self.get_infoset()

    def get_last_move(self):
        last_move = []
        if len(self.card_play_action_seq) != 0:
            if len(self.card_play_action_seq[-1]) == 0:
                last_move = self.card_play_action_seq[-2]
            else:
                last_move = self.card_play_action_seq[-1]
        return last_move

    def get_last_two_moves(self):
        last_two_moves = [[], []]
        for card in self.card_play_action_seq[-2:]:
            last_two_moves.insert(0, card)
            last_two_moves = last_two_moves[:2]
        return last_two_moves

    def get_acting_player_position(self):
        if self.acting_player_position is None:
            self.acting_player_position = 'landlord'
        else:
            self.acting_player_position = _NEXT[self.acting_player_position]
        return self.acting_player_position

    def update_acting_player_hand_cards(self, action):
        if action != []:
            hand = self.info_sets[self.acting_player_position].player_hand_cards
            for card in action:
                hand.remove(card)
            hand.sort()

    def _legal_counts(self):
        n = _legal(self._dz, self._moves)
        if n < 0:
            raise GameStateError("GameEnv: more legal moves than the C list holds")
        self._nlegal = n
        return n

    def get_legal_card_play_actions(self):
        n = self._legal_counts()
        return list(map(list, map(_list_of, self._moves[:n])))

    def reset(self):
        self.card_play_action_seq = []
        self.three_landlord_cards = None
        self.game_over = False
        self.acting_player_position = None
        self.player_utility_dict = None
        self.last_move_dict = {'landlord': [], 'landlord_up': [], 'landlord_down': []}
        self.played_cards = {'landlord': [], 'landlord_up': [], 'landlord_down': []}
        self.last_move = []
        self.last_two_moves = []
        self.info_sets = {'landlord': InfoSet('landlord'), 'landlord_up': InfoSet('landlord_up'),
                          'landlord_down': InfoSet('landlord_down')}
        self.bomb_num = 0
        self.last_pid = 'landlord'

    def get_infoset(self):
        """A snapshot of the acting position's InfoSet, as DouZero's deep copy. The fields a
        decision needs are filled at once; the others (the history, played cards, every
        hand) are built from the snapshot when first read."""
        pos = self.acting_player_position
        n = self._legal_counts()
        acts = list(map(list, map(_list_of, self._moves[:n])))
        sets = self.info_sets
        seq = self.card_play_action_seq
        played = self.played_cards
        info = _new_snapshot(_Snapshot)
        info.__dict__ = {
            'player_position': pos, 'legal_actions': acts, 'player_hand_cards': list(sets[pos].player_hand_cards),
            'last_pid': self.last_pid, 'bomb_num': self.bomb_num,
            'three_landlord_cards': list(self.three_landlord_cards), 'last_move_dict': dict(self.last_move_dict),
            '_seq': seq, '_nseq': len(seq), '_played': played,
            '_nplayed': (len(played['landlord']), len(played['landlord_up']), len(played['landlord_down'])),
            '_dz': self._dz.raw, '_legal': _string_at(self._moves, 8 * n)}
        # DouZero also leaves these fields on the acting position's own InfoSet.
        keep = sets[pos]
        keep.legal_actions = acts
        keep.last_pid = self.last_pid
        keep.bomb_num = self.bomb_num
        keep.last_move_dict = self.last_move_dict
        keep.played_cards = played
        keep.three_landlord_cards = self.three_landlord_cards
        keep.card_play_action_seq = seq
        return info


class _Snapshot(InfoSet):
    """The InfoSet get_infoset returns: the fields a decision needs are plain attributes; the
    others are computed from the snapshot when first read, then kept like any attribute.
    Hands come from the snapshot's rank counts, sorted (DouZero keeps them sorted)."""

    def __init__(self, player_position):
        self.player_position = player_position

    def _hands(self):
        ll, down, up = struct.unpack_from('<3Q', self._dz, 0)
        return {'landlord': list(counts_to_cards(ll)), 'landlord_up': list(counts_to_cards(up)),
                'landlord_down': list(counts_to_cards(down))}

    def __getattr__(self, name):
        # Only called for attributes not set yet.
        if name == 'card_play_action_seq':
            v = self._seq[:self._nseq]
        elif name == 'last_move':
            seq = self.card_play_action_seq
            v = [] if not seq else (seq[-2] if len(seq[-1]) == 0 else seq[-1])
        elif name == 'last_two_moves':
            v = [[], []]
            for card in self.card_play_action_seq[-2:]:
                v.insert(0, card)
                v = v[:2]
        elif name == 'played_cards':
            n = self._nplayed
            p = self._played
            v = {'landlord': p['landlord'][:n[0]], 'landlord_up': p['landlord_up'][:n[1]],
                 'landlord_down': p['landlord_down'][:n[2]]}
        elif name == 'all_handcards':
            v = self._hands()
            v[self.player_position] = self.player_hand_cards
        elif name == 'num_cards_left_dict':
            v = {q: len(h) for q, h in self.all_handcards.items()}
        elif name == 'other_hand_cards':
            v = []
            for q in ('landlord', 'landlord_up', 'landlord_down'):
                if q != self.player_position:
                    v += self.all_handcards[q]
        else:
            raise AttributeError(name)
        self.__dict__[name] = v
        return v
