"""A drop-in for DouZero's environment (kwai/DouZero, douzero/env), computed in C.

The one-line swap, in DouZero's sources:
    from douzero.env import Env               ->  from ddz.douzero import Env
    from douzero.env.game import GameEnv      ->  from ddz.douzero.game import GameEnv
    from douzero.env.env import get_obs       ->  from ddz.douzero.env import get_obs
or, leaving DouZero's files untouched, one line before they are imported:
    import ddz.douzero; ddz.douzero.install()
which makes `douzero.env`, `douzero.env.env` and `douzero.env.game` this package.

DdzAgent(name) seats any ddz agent or level in DouZero's GameEnv (its own or this one):
act(infoset) answers from what the position may know. install_evaluation() lets DouZero's
own evaluate.py take "ddz:NAME" as a model; `python3 -m ddz.douzero.evaluate` is that
evaluation with any agent, and the head-to-head protocol of DouZero's paper beside it."""

import sys

from . import env, game  # noqa: F401
from .agent import DdzAgent, install_evaluation  # noqa: F401
from .env import DummyAgent, Env, get_obs  # noqa: F401
from .game import GameEnv, InfoSet  # noqa: F401


def install():
    """Registers this package as douzero.env (and .env, .game) in sys.modules, so that
    DouZero's training and evaluation code imports it instead of its own environment."""
    import types
    pkg = sys.modules.get('douzero')
    if pkg is None:
        try:
            import douzero as pkg  # DouZero itself, when installed: keep its dmc and evaluation
        except ImportError:
            pkg = types.ModuleType('douzero')
            pkg.__path__ = []
            sys.modules['douzero'] = pkg
    sys.modules['douzero.env'] = sys.modules[__name__]
    sys.modules['douzero.env.env'] = env
    sys.modules['douzero.env.game'] = game
    pkg.env = sys.modules[__name__]
