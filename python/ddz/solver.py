"""The exact endgame solver and the hand splitter (include/ddz/solve.h, split.h)."""

import ctypes
from typing import NamedTuple

from ._lib import check, errbuf, lib
from .core import PASS, Move, _last, ranks, rules_index
from .errors import InvalidInput

OUTCOMES = {0: "unknown", 1: "win", 2: "loss"}


class Solution(NamedTuple):
    outcome: str        # "win" / "loss" for the side to move, "unknown" when the budget ran out
    landlord_wins: bool
    move: Move          # a winning move (win), else the first move tried
    nodes: int


class Solver:
    """Solver(table_bytes=0) -> solve(hands, to_move=0, last=None, last_by=0, rules=...,
    max_nodes=0, max_seconds=0). hands: 2 or 3 rank counts / notations (landlord, the farmer
    after it, the farmer before it)."""

    def __init__(self, table_bytes=1 << 24):
        if table_bytes < 0:
            raise InvalidInput("solver: table_bytes must be 0 or more")
        self._s = lib.ddz_capi_solver_new(table_bytes)
        if not self._s:
            raise MemoryError("solver table")

    def __del__(self):
        s = getattr(self, "_s", None)
        if s:
            lib.ddz_capi_solver_free(s)
            self._s = None

    def solve(self, hands, to_move=0, last=None, last_by=0, rules="standard", max_nodes=0, max_seconds=0.0):
        if len(hands) not in (2, 3):
            raise InvalidInput("solve: 2 or 3 hands")
        hs = [ranks(h) for h in hands] + [0] * (3 - len(hands))
        lm = _last(last, rules)
        out = (ctypes.c_int64 * 4)()
        err = errbuf()
        o = check(lib.ddz_capi_solve(self._s, len(hands), (ctypes.c_uint64 * 3)(*hs), to_move, lm.ranks, lm.reading,
                                     last_by, rules_index(rules), max_nodes, float(max_seconds), out, err), err)
        return Solution(OUTCOMES[o], bool(out[0]), Move(out[1] & ((1 << 64) - 1), out[2]), out[3])


class Splitter:
    """Splitter(rules, play_cost=0, memo_bits=0).split(hand) -> (parts, value): the best
    split of a hand of at most 20 cards into legal moves."""

    def __init__(self, rules="standard", play_cost=0, memo_bits=0):
        err = errbuf()
        self._sp = lib.ddz_capi_splitter_new(rules_index(rules), play_cost, memo_bits, err)
        if not self._sp:
            check(-1, err)

    def __del__(self):
        sp = getattr(self, "_sp", None)
        if sp:
            lib.ddz_capi_splitter_free(sp)
            self._sp = None

    def split(self, hand):
        rs = (ctypes.c_uint64 * 20)()
        rd = (ctypes.c_int32 * 20)()
        v = ctypes.c_int()
        err = errbuf()
        n = check(lib.ddz_capi_split(self._sp, ranks(hand), rs, rd, ctypes.byref(v), err), err)
        return [Move(rs[i], rd[i]) for i in range(n)], v.value


__all__ = ["Solver", "Splitter", "Solution", "PASS"]
