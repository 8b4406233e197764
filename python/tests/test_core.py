"""The rules core through the bindings against the C program's answers: universe counts per
preset, the move lists of 10,000 random (hand, move) pairs, and bad input."""
import subprocess

import numpy as np
import pytest

import ddz
from conftest import DDZ_BIN


def run(args, stdin=None):
    p = subprocess.run([DDZ_BIN] + args, input=stdin, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


@pytest.mark.parametrize("rules", ddz.RULES)
def test_universe_counts_match_the_program(rules):
    want = {}
    totals = {}
    for line in run(["universe", "--rules", rules]).splitlines():
        name, count = line.split()[:2]
        if name in ("readings", "total"):
            totals[name] = int(count)
        else:
            want[name] = int(count)
    got = ddz.universe_counts(rules)
    assert got == want
    # "readings" appears when a card set can read several ways (douzero); else total counts them.
    assert len(ddz.universe(rules)) == totals.get("readings", totals["total"])
    assert len({m.ranks for m in ddz.universe(rules)}) == totals["total"]


def random_pairs(rules, n, seed):
    """n (hand, move to beat) pairs: hands of 1..20 cards, moves drawn from other hands."""
    rng = np.random.default_rng(seed)
    deck = np.array(sorted([r for r in range(13) for _ in range(4)] + [13, 14]))
    out = []
    for _ in range(n):
        perm = rng.permutation(54)
        size = int(rng.integers(1, 21))
        hand = sum(1 << (4 * int(r)) for r in deck[perm[:size]])
        last = None
        if rng.random() < 0.7:
            other = sum(1 << (4 * int(r)) for r in deck[perm[size:size + int(rng.integers(1, 21))]])
            ms = ddz.moves(other, None, rules)
            last = ms[int(rng.integers(len(ms)))]
        out.append((hand, last))
    return out


@pytest.mark.parametrize("rules", ddz.RULES)
@pytest.mark.parametrize("order", ["generation", "hint"])
def test_move_lists_match_the_program(rules, order):
    # 10,000 pairs in all: 1,250 per preset and order.
    pairs = random_pairs(rules, 1250, seed=ddz.RULES.index(rules) * 2 + (order == "hint"))
    lines = "".join("%s %s\n" % (ddz.format_ranks(h), last.format(rules) if last else "pass")
                    for h, last in pairs)
    args = ["moves", "-", "--after", "-", "--rules", rules] + (["--hint"] if order == "hint" else [])
    want = run(args, stdin=lines).split("\n")
    for k, (h, last) in enumerate(pairs):
        got = " ".join(m.format(rules) for m in ddz.moves(h, last, rules, order))
        assert got == want[k], "pair %d: %s after %s" % (k, ddz.format_ranks(h), last)


def test_classify_beats_and_notation():
    assert [m.type_name for m in ddz.classify("333444555666", "douzero")] == ["plane", "plane_single",
                                                                              "plane_single"]
    assert ddz.classify("34", "standard") == []
    assert ddz.classify("", "standard") == [ddz.PASS]
    m = ddz.move("33344456")
    assert (m.type_name, m.rank, m.len, m.size, m.text) == ("plane_single", 0, 2, 8, "33344456")
    assert ddz.beats("444", "333") and not ddz.beats("333", "444") and ddz.beats("BR", "2222")
    assert ddz.format_ranks(ddz.ranks("10JQKA")) == "TJQKA"
    c = ddz.parse_cards("SA HT C3")
    assert ddz.format_cards(c, "ascii") == "C3 HT SA"
    assert ddz.format_ranks(ddz.cards_ranks(c)) == "3TA"
    assert ddz.move(ddz.classify("333444555666", "douzero")[2].format("douzero"), "douzero") == \
        ddz.classify("333444555666", "douzero")[2]


def test_solver_and_splitter_know_simple_answers():
    s = ddz.Solver(1 << 20)
    r = s.solve(["33", "4"], to_move=0)
    assert r.outcome == "win" and r.landlord_wins and r.move.text == "33"
    r = s.solve(["34", "2"], to_move=0)
    assert r.outcome == "loss" and not r.landlord_wins
    parts, value = ddz.Splitter("standard").split("3334445566")
    assert sorted(p.text for p in parts) in (["33344455", "66"], ["3334445566"])
    assert sum(p.size for p in parts) == 10


def test_bad_input_raises_clear_errors():
    with pytest.raises(ddz.InvalidInput, match="Z"):
        ddz.ranks("33Z")
    with pytest.raises(ddz.InvalidInput):
        ddz.ranks(0x5)  # five 3s
    with pytest.raises(ddz.InvalidInput):
        ddz.ranks(-1)
    with pytest.raises(ddz.InvalidInput):
        ddz.ranks(1 << 70)
    with pytest.raises(ddz.InvalidInput):
        ddz.ranks(3.0)
    with pytest.raises(ddz.InvalidInput, match="rules"):
        ddz.moves("33", None, "poker")
    with pytest.raises(ddz.InvalidInput):
        ddz.moves("33", ddz.Move(0x2, 0x7), "standard")  # a reading that is not one
    with pytest.raises(ddz.InvalidInput):
        ddz.move("34")
    with pytest.raises(ddz.InvalidInput):
        ddz.move("333444555666", "douzero")  # ambiguous
    with pytest.raises(ddz.InvalidInput):
        ddz.parse_cards("SA SA")
    with pytest.raises(ddz.InvalidInput):
        ddz.format_cards(1 << 60)
    with pytest.raises(ddz.InvalidInput):
        ddz.Splitter("standard").split("3" * 4 + "4" * 4 + "5" * 4 + "6" * 4 + "7" * 4 + "8")
    with pytest.raises(ddz.InvalidInput):
        ddz.Solver(1 << 16).solve(["", "33"])
