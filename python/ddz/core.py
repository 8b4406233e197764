"""The rules core: cards, rank notation, classification, legal moves, beating, universes.

Values are plain ints, as in C (include/ddz/cards.h):
  a card set is an int whose bit `id` is card id (id = rank*4 + suit; 52, 53 the jokers);
  rank counts are an int whose nibble r counts rank r ("3".."2" = 0..12, B = 13, R = 14).
A Move is a (ranks, reading) pair; its type, rank, len and text are properties."""

import ctypes
from typing import NamedTuple

from . import _lib
from ._lib import check, errbuf, lib
from .errors import InvalidInput

RULES = ("standard", "classic", "douzero", "botzone")
RANK_CHARS = "3456789TJQKA2BR"
MOVE_TYPES = tuple(lib.ddz_capi_move_type_name(t).decode() for t in range(lib.ddz_capi_move_type_nb()))
DECK_RANKS = 0x114444444444444
DECK = (1 << 54) - 1
MAX_MOVES_DECK = 40000


def rules_index(rules):
    """A preset by name ("standard", ...) or index -> its index; InvalidInput otherwise."""
    if isinstance(rules, int) and not isinstance(rules, bool):
        if 0 <= rules < len(RULES):
            return rules
        raise InvalidInput("rules %d: not a preset (0..3: %s)" % (rules, ", ".join(RULES)))
    if not isinstance(rules, str):
        raise InvalidInput("rules: a preset name (%s), not %r" % (", ".join(RULES), rules))
    err = errbuf()
    return check(lib.ddz_capi_rules_parse(rules.encode(), err), err)


def _u64(x, what):
    if isinstance(x, bool) or not isinstance(x, int):
        try:
            import numpy as np
            if isinstance(x, np.integer):
                x = int(x)
            else:
                raise TypeError
        except (ImportError, TypeError):
            raise InvalidInput("%s: an int is needed, not %s" % (what, type(x).__name__)) from None
    if x < 0 or x >= 1 << 64:
        raise InvalidInput("%s: %d is out of range" % (what, x))
    return x


def ranks_valid(ranks):
    """Whether an int is rank counts one deck holds."""
    return bool(lib.ddz_capi_ranks_valid(_u64(ranks, "ranks")))


def ranks(x):
    """Rank counts from rank notation ("33344456", "BR", "pass") or from rank counts (checked)."""
    if isinstance(x, str):
        out = ctypes.c_uint64()
        err = errbuf()
        check(lib.ddz_capi_ranks_parse(x.encode(), ctypes.byref(out), err), err)
        return out.value
    if isinstance(x, Move):
        return x.ranks
    r = _u64(x, "ranks")
    if not lib.ddz_capi_ranks_valid(r):
        raise InvalidInput("ranks 0x%x: not rank counts one deck holds (at most 4 of a rank, 1 of a joker)" % r)
    return r


parse_ranks = ranks


def format_ranks(r):
    """Rank notation of rank counts, lowest first ("" for none)."""
    r = ranks(r)
    buf = ctypes.create_string_buffer(64)
    lib.ddz_capi_ranks_format(r, buf, 64)
    return buf.value.decode()


def ranks_count(r, rank):
    """How many cards of rank (0..14) the counts hold."""
    return (ranks(r) >> (4 * rank)) & 15


def ranks_size(r):
    r = ranks(r)
    return sum((r >> (4 * k)) & 15 for k in range(15))


def parse_cards(text):
    """A card set from suited text ("SA HT", "♠A ♥10", "黑桃A 小王")."""
    if not isinstance(text, str):
        raise InvalidInput("cards: text is needed, not %s" % type(text).__name__)
    out = ctypes.c_uint64()
    err = errbuf()
    check(lib.ddz_capi_cards_parse(text.encode(), ctypes.byref(out), err), err)
    return out.value


def format_cards(cards, style="unicode"):
    """Suited text of a card set; style "unicode", "ascii" or "chinese"."""
    styles = {"unicode": 0, "ascii": 1, "chinese": 2}
    if style not in styles:
        raise InvalidInput("style %r: choose unicode, ascii or chinese" % (style,))
    cards = _u64(cards, "cards")
    if cards & ~DECK:
        raise InvalidInput("cards 0x%x: bits above card 53" % cards)
    buf = ctypes.create_string_buffer(1024)
    lib.ddz_capi_cards_format(cards, styles[style], buf, 1024)
    return buf.value.decode()


def cards_ranks(cards):
    """Rank counts of a card set."""
    out = ctypes.c_uint64()
    err = errbuf()
    check(lib.ddz_capi_cards_ranks(_u64(cards, "cards"), ctypes.byref(out), err), err)
    return out.value


class Move(NamedTuple):
    """One reading of a card multiset: ranks (rank counts) and reading (type | rank << 8 | len << 16)."""
    ranks: int
    reading: int

    @property
    def type(self):
        return self.reading & 0xFF

    @property
    def type_name(self):
        return MOVE_TYPES[self.type]

    @property
    def rank(self):
        return (self.reading >> 8) & 0xFF

    @property
    def len(self):
        return (self.reading >> 16) & 0xFF

    @property
    def size(self):
        return sum((self.ranks >> (4 * k)) & 15 for k in range(15))

    @property
    def is_pass(self):
        return self.ranks == 0

    @property
    def is_bomb(self):
        return self.type_name in ("bomb", "rocket")

    @property
    def text(self):
        return format_ranks(self.ranks) if self.ranks else "pass"

    def format(self, rules="standard"):
        """The move as ddz_move_parse reads it back ("333444555666:plane_single:4" when ambiguous)."""
        buf = ctypes.create_string_buffer(128)
        rc = lib.ddz_capi_move_format(self.ranks, self.reading, rules_index(rules), buf, 128)
        if rc < 0:
            raise InvalidInput("move %r is not a reading under %s" % (self, rules))
        return buf.value.decode()

    def __str__(self):
        return self.text

    def __repr__(self):
        if self.ranks == 0:
            return "Move(pass)"
        return "Move(%s %s rank=%d len=%d)" % (self.text, self.type_name, self.rank, self.len)


PASS = Move(0, 0)


def classify(cards, rules="standard"):
    """Every reading of a card multiset (notation or rank counts) under rules: a list of Move
    ([] when it is no move; [PASS] for the empty set)."""
    r = ranks(cards)
    out = (ctypes.c_int32 * 4)()
    err = errbuf()
    n = check(lib.ddz_capi_classify(r, rules_index(rules), out, err), err)
    return [Move(r, out[i]) for i in range(n)]


def move(text_or_ranks, rules="standard"):
    """The move a text ("33344456", "333444555666:plane_single:4") or rank counts stand for;
    InvalidInput when it is no move or is ambiguous."""
    if isinstance(text_or_ranks, Move):
        return text_or_ranks
    if isinstance(text_or_ranks, str):
        r = ctypes.c_uint64()
        rd = ctypes.c_int32()
        err = errbuf()
        check(lib.ddz_capi_move_parse(text_or_ranks.encode(), rules_index(rules), ctypes.byref(r),
                                      ctypes.byref(rd), err), err)
        return Move(r.value, rd.value)
    rs = classify(text_or_ranks, rules)
    if len(rs) != 1:
        raise InvalidInput("%s: %s under %s" % (format_ranks(text_or_ranks),
                                                 "not a move" if not rs else "several readings: give the type",
                                                 rules))
    return rs[0]


def _last(last, rules):
    if last is None:
        return PASS
    if isinstance(last, Move):
        return last
    return move(last, rules)


def moves(hand, last=None, rules="standard", order="generation"):
    """The legal moves of hand (notation or rank counts): leading when last is None or pass,
    else those that beat last (pass not listed). order: "generation" or "hint"."""
    h = ranks(hand)
    ri = rules_index(rules)
    lm = _last(last, rules)
    if order not in ("generation", "hint"):
        raise InvalidInput("order %r: generation or hint" % (order,))
    cap = 1024 if ranks_size(h) <= 20 else MAX_MOVES_DECK
    rs = (ctypes.c_uint64 * cap)()
    rd = (ctypes.c_int32 * cap)()
    err = errbuf()
    n = check(lib.ddz_capi_moves(h, lm.ranks, lm.reading, ri, 1 if order == "hint" else 0, rs, rd, cap, err), err)
    return [Move(rs[i], rd[i]) for i in range(n)]


def beats(a, b, rules="standard"):
    """Whether move a may be played on move b."""
    ma, mb = _last(a, rules), _last(b, rules)
    err = errbuf()
    return bool(check(lib.ddz_capi_beats(ma.ranks, ma.reading, mb.ranks, mb.reading, rules_index(rules), err), err))


def universe(rules="standard"):
    """Every move of the rules (the full deck's leading moves)."""
    return moves(DECK_RANKS, None, rules)


def universe_counts(rules="standard"):
    """The number of card sets per type name in the rules' universe (a set that reads as two
    types counts in both; one with two readings of one type counts once), as `ddz universe`
    prints them."""
    sets = {}
    for m in universe(rules):
        sets.setdefault(m.type_name, set()).add(m.ranks)
    return {k: len(v) for k, v in sets.items()}
