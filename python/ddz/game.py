"""The game engine: options, deals, legal actions, apply/undo, views, results and records.

A Game wraps one C game (include/ddz/capi.h). Actions are Action tuples (kind, seat, value,
move, cards); kinds are "bid", "double", "show" and "play". Seats are 0, 1, 2."""

import ctypes
import os
from typing import NamedTuple

from ._lib import check, errbuf, lib
from .core import PASS, Move, _u64, format_cards, format_ranks, move as parse_move, rules_index
from .errors import GameStateError, InvalidInput

KINDS = ("bid", "double", "show", "play")
PHASES = ("bid", "double", "play", "over", "redeal")
ACTION_LEN = 6
VIEW_LEN = 27
RESULT_LEN = 16
MAX_LEGAL = 1100


class Action(NamedTuple):
    kind: str
    seat: int
    value: int = 0
    move: Move = PASS
    cards: int = 0

    @staticmethod
    def play(seat, move, cards=0):
        return Action("play", seat, 0, move, cards)

    @staticmethod
    def bid(seat, value):
        return Action("bid", seat, value)

    @staticmethod
    def double(seat, value):
        return Action("double", seat, value)

    @staticmethod
    def show(seat):
        return Action("show", seat)

    def __str__(self):
        if self.kind == "play":
            return "seat %d plays %s" % (self.seat, self.move.text)
        if self.kind == "show":
            return "seat %d shows" % self.seat
        return "seat %d %s %d" % (self.seat, self.kind, self.value)


def _action_from(row):
    kind = KINDS[row[0]]
    return Action(kind, int(row[1]), int(row[2]), Move(int(row[3]), int(row[4])) if kind == "play" else PASS,
                  int(row[5]))


def _i64(x, what):
    """An int that fits the C API's int64 slots (uint64 values wrap to negative ones)."""
    if isinstance(x, bool) or not isinstance(x, int):
        raise InvalidInput("%s: an int is needed, not %s" % (what, type(x).__name__))
    if not -(1 << 63) <= x < 1 << 64:
        raise InvalidInput("%s: %d is out of range" % (what, x))
    return x - (1 << 64) if x >= 1 << 63 else x


def _action_to(a, arr):
    if not isinstance(a, Action):
        raise InvalidInput("action: a ddz.Action is needed, not %s" % type(a).__name__)
    if a.kind not in KINDS:
        raise InvalidInput("action kind %r: one of %s" % (a.kind, ", ".join(KINDS)))
    if a.kind == "play" and not isinstance(a.move, Move):
        raise InvalidInput("play: the move must be a ddz.Move (ddz.move(text, rules)), not %r" % (a.move,))
    m = a.move if a.kind == "play" else PASS
    arr[0] = KINDS.index(a.kind)
    arr[1] = _i64(a.seat, "seat")
    arr[2] = _i64(a.value, "value")
    arr[3] = _i64(m.ranks, "move ranks")
    arr[4] = _i64(m.reading, "move reading")
    arr[5] = _i64(a.cards, "cards")
    return arr


def _seat(s, what="seat"):
    if isinstance(s, bool) or s not in (0, 1, 2):
        raise InvalidInput("%s %r: seats are 0, 1 and 2" % (what, s))
    return s


class View(NamedTuple):
    """What one seat may know (include/ddz/game.h, DdzView)."""
    seat: int
    phase: str
    turn: int
    first: int
    landlord: int
    bid: int
    robs: int
    passes: int
    revealed: int
    hand: int
    bottom: int
    table: Move
    table_seat: int
    shown: tuple
    played: tuple
    count: tuple
    double: tuple
    history: tuple


class Result(NamedTuple):
    score: tuple
    stake: tuple
    fee: int
    landlord: int
    landlord_won: bool
    spring: bool
    anti_spring: bool
    bombs: int
    base: int
    multiple: int


class Game:
    """One game. Game(options="rules=douzero,bid=rob", seed=None, first=0) deals from a seed
    when one is given; deal(), deal_hands() and deal_landlord() deal (again)."""

    def __init__(self, options="", seed=None, first=0):
        if not isinstance(options, str):
            raise InvalidInput("options: a string like \"rules=douzero,bid=rob\"")
        err = errbuf()
        self._g = lib.ddz_capi_game_new(options.encode(), err)
        if not self._g:
            check(-1, err)
        self._st = (ctypes.c_int64 * 8)()
        self._act = (ctypes.c_int64 * ACTION_LEN)()
        self.seed = None
        self.seats = None
        self.game_no = 0
        if seed is not None:
            self.deal(seed, first)

    def __del__(self):
        g = getattr(self, "_g", None)
        if g:
            lib.ddz_capi_game_free(g)
            self._g = None

    def copy(self):
        c = Game.__new__(Game)
        c._g = lib.ddz_capi_game_copy(self._g)
        if not c._g:
            raise MemoryError("game copy")
        c._st = (ctypes.c_int64 * 8)()
        c._act = (ctypes.c_int64 * ACTION_LEN)()
        c.seed = self.seed
        c.seats = self.seats
        c.game_no = self.game_no
        return c

    @property
    def options(self):
        buf = ctypes.create_string_buffer(512)
        lib.ddz_capi_game_options(self._g, buf, 512)
        return buf.value.decode()

    @property
    def rules(self):
        for part in self.options.split(","):
            if part.startswith("rules="):
                return part[6:]
        return "standard"

    def deal(self, seed, first=0):
        err = errbuf()
        check(lib.ddz_capi_game_deal(self._g, _u64(seed, "seed"), _seat(first, "first"), err), err)
        self.seed = seed
        return self

    def deal_hands(self, hands, bottom, first=0):
        """Deals known hands (three card sets of 17) and the bottom (3 cards)."""
        if len(hands) != 3:
            raise InvalidInput("deal_hands: three hands are needed")
        arr = (ctypes.c_uint64 * 3)(*[_u64(h, "hand") for h in hands])
        err = errbuf()
        check(lib.ddz_capi_game_deal_hands(self._g, arr, _u64(bottom, "bottom"), _seat(first, "first"), err), err)
        self.seed = None
        return self

    def deal_landlord(self, seed, landlord=0):
        """Deals from seed and makes `landlord` the landlord at once (the research protocol)."""
        err = errbuf()
        check(lib.ddz_capi_game_deal_landlord(self._g, _u64(seed, "seed"), _seat(landlord, "landlord"), err), err)
        self.seed = seed
        return self

    def _state(self):
        lib.ddz_capi_game_state(self._g, self._st)
        return self._st

    @property
    def phase(self):
        p = self._state()[0]
        return None if p < 0 else PHASES[p]

    @property
    def over(self):
        return self._state()[0] == 3

    @property
    def turn(self):
        return self._state()[1]

    @property
    def landlord(self):
        return self._state()[2]

    @property
    def bombs(self):
        return self._state()[3]

    def __len__(self):
        return self._state()[4]

    def hand(self, seat):
        if seat not in (0, 1, 2):
            raise InvalidInput("seat %r: seats are 0, 1 and 2" % (seat,))
        return lib.ddz_capi_game_cards(self._g, seat)

    def dealt(self, seat):
        if seat not in (0, 1, 2):
            raise InvalidInput("seat %r: seats are 0, 1 and 2" % (seat,))
        return lib.ddz_capi_game_cards(self._g, seat + 3)

    @property
    def bottom(self):
        return lib.ddz_capi_game_cards(self._g, 6)

    @property
    def table(self):
        r = ctypes.c_uint64()
        rd = ctypes.c_int32()
        lib.ddz_capi_game_table(self._g, ctypes.byref(r), ctypes.byref(rd))
        return Move(r.value, rd.value)

    def legal_actions(self):
        buf = (ctypes.c_int64 * (MAX_LEGAL * ACTION_LEN))()
        err = errbuf()
        n = check(lib.ddz_capi_game_legal(self._g, buf, MAX_LEGAL, err), err)
        flat = buf[:n * ACTION_LEN]
        return [_action_from(flat[i * ACTION_LEN:(i + 1) * ACTION_LEN]) for i in range(n)]

    def legal_moves(self):
        """The legal plays as Moves (play phase)."""
        return [a.move for a in self.legal_actions() if a.kind == "play"]

    def apply(self, action):
        """Checks and applies an Action (or a Move / move text for the seat to act, in play);
        IllegalAction with the reason when the rules refuse it."""
        if isinstance(action, (Move, str)):
            m = action if isinstance(action, Move) else parse_move(action, self.rules)
            action = Action.play(self.turn, m)
        err = errbuf()
        check(lib.ddz_capi_game_apply(self._g, _action_to(action, self._act), err), err)
        return self

    def undo(self):
        err = errbuf()
        check(lib.ddz_capi_game_undo(self._g, err), err)
        return self

    def history(self):
        n = len(self)
        out = []
        row = (ctypes.c_int64 * ACTION_LEN)()
        err = errbuf()
        for i in range(n):
            check(lib.ddz_capi_game_history(self._g, i, row, err), err)
            out.append(_action_from(row))
        return out

    def view(self, seat):
        v = (ctypes.c_int64 * VIEW_LEN)()
        err = errbuf()
        check(lib.ddz_capi_game_view(self._g, seat if seat in (0, 1, 2) else -1, v, err), err)
        u = lambda x: x & ((1 << 64) - 1)
        return View(seat=v[0], phase=PHASES[v[1]], turn=v[2], first=v[3], landlord=v[4], bid=v[5], robs=v[6],
                    passes=v[7], revealed=v[8], hand=u(v[9]), bottom=u(v[10]), table=Move(u(v[11]), v[12]),
                    table_seat=v[13], shown=tuple(u(x) for x in v[15:18]), played=tuple(u(x) for x in v[18:21]),
                    count=tuple(v[21:24]), double=tuple(v[24:27]), history=tuple(self.history()))

    def result(self):
        r = (ctypes.c_int64 * RESULT_LEN)()
        err = errbuf()
        check(lib.ddz_capi_game_result(self._g, r, err), err)
        return Result(tuple(r[0:3]), tuple(r[3:6]), r[6], r[7], bool(r[8]), bool(r[9]), bool(r[10]), r[11], r[12],
                      r[13])

    def record(self, seats=None, game_no=None):
        """The finished game as a JSON Lines record (docs/RECORD.md); seats (three names) and
        game_no default to what a record read back said."""
        out = ctypes.c_void_p()
        err = errbuf()
        seats = seats if seats is not None else self.seats
        game_no = game_no if game_no is not None else self.game_no
        if seats is not None and (len(seats) != 3 or not all(isinstance(x, str) and "," not in x for x in seats)):
            raise InvalidInput("record: seats must be three names without commas")
        names = ",".join(seats).encode() if seats else None
        n = check(lib.ddz_capi_record_write(self._g, names, self.seed is not None, self.seed or 0, game_no,
                                            ctypes.byref(out), err), err)
        try:
            return ctypes.string_at(out, n).decode()
        finally:
            lib.ddz_capi_free(out)

    def __repr__(self):
        if self.phase is None:
            return "<ddz.Game %s, not dealt>" % (self.options,)
        return "<ddz.Game %s, %s phase, seat %d to act>" % (self.options, self.phase, self.turn)


def read_records(source):
    """Yields each game of a JSON Lines record text or file path as a finished Game; a corrupt
    record raises RecordError ("line N: reason")."""
    err = errbuf()
    if isinstance(source, str) and "\n" not in source and not source.lstrip().startswith("{") and os.path.exists(source):
        r = lib.ddz_capi_reader_open(source.encode(), err)
        if not r:
            check(-5, err)
    else:
        data = source.encode() if isinstance(source, str) else bytes(source)
        r = lib.ddz_capi_reader_new(data, len(data))
        if not r:
            raise MemoryError("record reader")
    info = (ctypes.c_int64 * 3)()
    seats = ctypes.create_string_buffer(128)
    try:
        while True:
            g = Game()
            rc = check(lib.ddz_capi_reader_next(r, g._g, info, seats, 128, err), err)
            if rc == 0:
                return
            g.seed = info[1] & ((1 << 64) - 1) if info[0] else None
            g.game_no = info[2]
            g.seats = tuple(seats.value.decode().split(","))
            yield g
    finally:
        lib.ddz_capi_reader_free(r)


__all__ = ["Action", "Game", "View", "Result", "read_records", "format_cards"]
