"""ddz: Dou Dizhu in Python over the C library libddz.so (ctypes; no extension to build).

  ddz.core      cards, notation, classification, legal moves, beating, universes
  ddz.game      Game: options, deals, legal actions, apply/undo, views, results, records
  ddz.agents    Agent (every ddz agent and level), Python players, arena()
  ddz.solver    Solver (exact endgames), Splitter (hand splitting)
  ddz.douzero   a drop-in for DouZero's douzero.env (GameEnv, Env, get_obs)
  ddz.vec       Env: n games stepped at once in C, observations into numpy arrays"""

from ._lib import version as __version__  # noqa: F401
from .errors import DdzError, GameStateError, IllegalAction, InvalidInput, RecordError  # noqa: F401
from .core import (PASS, RULES, Move, beats, cards_ranks, classify, format_cards, format_ranks, move,  # noqa: F401
                   moves, parse_cards, ranks, ranks_valid, universe, universe_counts)
from .game import Action, Game, Result, View, read_records  # noqa: F401
from .agents import Agent, agent_names, arena, play  # noqa: F401
from .solver import Solver, Splitter  # noqa: F401
