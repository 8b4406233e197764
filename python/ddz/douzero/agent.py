"""Any ddz computer player as a DouZero card-play agent: DdzAgent(name).act(infoset) returns the
cards to play (a list of DouZero card ints, [] to pass), chosen from what infoset's position
may know, so that DouZero's GameEnv -- DouZero's own or ddz.douzero's -- can seat ddz's levels
beside its DeepAgent, RLCardAgent, an RHCP port or any other agent with act(infoset).

What the agent reads of the InfoSet: player_position, player_hand_cards, three_landlord_cards,
card_play_action_seq and legal_actions; never other_hand_cards' split, all_handcards or
anything else of another position's hand. The decision is made by the C library on a game
rebuilt from those fields (capi.h, ddz_capi_game_from_douzero): the landlord is seat 0,
landlord_down 1, landlord_up 2, every play of the sequence read as DouZero's move detector
reads it and checked by the rules."""

import ctypes
import time

from .._lib import check, errbuf, lib
from ..agents import Agent
from ..core import ranks_count, ranks_size
from ..errors import InvalidInput
from ..game import Game
from .game import POSITIONS, cards_to_counts, counts_to_cards

_POS = {p: i for i, p in enumerate(POSITIONS)}


def _bottom(infoset, seq):
    """The three bottom cards as dealt, as rank counts. DouZero's GameEnv takes each bottom card
    the landlord plays out of three_landlord_cards, so the InfoSet holds only those not yet
    played: the others were the first copies of their ranks the landlord played. Where a
    rank's copies are all gone that is ambiguous (the landlord led 34567 holding the bottom's
    5 and 7, or its 3 and 4); any choice among the landlord's played cards gives the agent the
    same knowledge (those cards are public, and the landlord's unplayed bottom cards are
    exact), so the lowest ranks are taken."""
    left = cards_to_counts(infoset.three_landlord_cards)
    played = 0
    for i in range(0, len(seq), 3):
        played += seq[i]
    out = left
    for r in range(15):  # a rank still in the bottom: every copy the landlord played was one
        if ranks_count(left, r):
            out += ranks_count(played, r) << (4 * r)
    for r in range(15):
        while ranks_size(out) < 3 and not ranks_count(left, r) and ranks_count(out, r) < ranks_count(played, r):
            out += 1 << (4 * r)
    if ranks_size(out) != 3:
        raise InvalidInput("%s: three_landlord_cards %r do not agree with the landlord's plays" %
                           (infoset.player_position, infoset.three_landlord_cards))
    return out


class DdzAgent(object):
    """A ddz agent or level ("normal", "hard", "expert", "rhcp", "search:0/100", ...; see
    ddz.agents.agent_names()) seated in DouZero's environment. One instance may play any
    position and any number of games; with a sample budget instead of a clock its choices
    are reproducible from seed. `fallbacks` counts the decisions whose answer was not in
    the InfoSet's legal_actions (a disagreement between the rules and DouZero's move lists,
    none known), which then play legal_actions' first entry; cpu_ms holds the CPU time of
    each decision (the game's rebuild and the agent's choice), in milliseconds."""

    def __init__(self, name="expert", seed=0):
        self.name = name
        self.agent = Agent(name, seed)
        self._game = Game("rules=douzero")
        self._err = errbuf()
        self.fallbacks = 0
        self.cpu_ms = []

    def act(self, infoset):
        pos = _POS.get(infoset.player_position)
        if pos is None:
            raise InvalidInput("player_position %r: one of %s" % (infoset.player_position, ", ".join(POSITIONS)))
        seq = [cards_to_counts(m) for m in infoset.card_play_action_seq]
        arr = (ctypes.c_uint64 * max(1, len(seq)))(*seq)
        hand = cards_to_counts(infoset.player_hand_cards)
        t = time.thread_time()
        check(lib.ddz_capi_game_from_douzero(self._game._g, pos, hand, _bottom(infoset, seq), arr, len(seq),
                                             self._err), self._err)
        move = self.agent(self._game).move
        self.cpu_ms.append(1000 * (time.thread_time() - t))
        cards = list(counts_to_cards(move.ranks))
        legal = infoset.legal_actions
        if legal is not None and cards not in legal:
            self.fallbacks += 1
            return list(legal[0])
        return cards

    def __repr__(self):
        return "<ddz.douzero.DdzAgent %s>" % self.name


def install_evaluation():
    """Lets DouZero's own evaluation (douzero/evaluation/simulation.py, which its evaluate.py
    calls) seat ddz's agents: afterwards a model path "ddz:NAME" (as --landlord ddz:expert)
    makes DdzAgent(NAME), every other path what DouZero makes of it. DouZero's evaluate()
    forks its workers (multiprocessing.Pool), which inherit the change. Needs DouZero
    installed; returns its simulation module."""
    from douzero.evaluation import simulation as sim
    load = sim.load_card_play_models
    if getattr(load, "ddz", False):
        return sim

    def load_with_ddz(paths):
        mine = {p: v[4:] for p, v in paths.items() if isinstance(v, str) and v.startswith("ddz:")}
        players = load({p: "random" if p in mine else v for p, v in paths.items()})  # then replaced
        for i, (p, name) in enumerate(sorted(mine.items())):
            players[p] = DdzAgent(name, i)
        return players

    load_with_ddz.ddz = True
    sim.load_card_play_models = load_with_ddz
    return sim
