"""Games, records, agents and the arena through the bindings against the C program: 10,000
self-play games of `ddz sim` read, written back byte for byte, 300 of them replayed action
by action; games played from Python; views; undo; bad input."""
import os
import subprocess

import pytest

import ddz
from conftest import DDZ_BIN


@pytest.fixture(scope="module")
def sim_records(tmp_path_factory):
    path = os.path.join(str(tmp_path_factory.mktemp("sim")), "sim.jsonl")
    p = subprocess.run([DDZ_BIN, "sim", "--games", "10000", "--agents", "random,greedy,random", "--seed", "11",
                        "--rules", "douzero", "-o", "bid=rob", "--record", path], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    with open(path) as f:
        return path, f.read()


def test_ten_thousand_records_round_trip(sim_records):
    path, text = sim_records
    games = list(ddz.read_records(path))
    assert len(games) >= 10000
    assert "".join(g.record() for g in games) == text
    assert sum(1 for g in games if g.over) + sum(1 for g in games if g.phase == "redeal") == len(games)


def test_recorded_games_replay_through_the_bindings(sim_records):
    _, text = sim_records
    for k, g in enumerate(ddz.read_records(text)):
        if k == 300:
            break
        h = ddz.Game(g.options)
        h.deal(g.seed, g.history()[0].seat if g.history() else 0)
        assert [h.dealt(s) for s in range(3)] == [g.dealt(s) for s in range(3)] and h.bottom == g.bottom
        for a in g.history():
            assert a._replace(cards=0) in h.legal_actions()
            h.apply(a)
        assert h.phase == g.phase
        if g.over:
            assert h.result() == g.result()


def test_python_self_play_and_records():
    text = []
    for seed in range(300):
        g = ddz.Game("rules=standard,double=farmer", seed=seed, first=seed % 3)
        agents = [ddz.Agent(n, seed) for n in ("random", "greedy", "random")]
        ddz.play(g, agents)
        if g.over:
            r = g.result()
            assert sum(r.score) + r.fee == 0
        text.append(g.record(seats=("random", "greedy", "random"), game_no=seed + 1))
    back = list(ddz.read_records("".join(text)))
    assert [b.record() for b in back] == text


def test_every_agent_and_level_plays():
    names = ddz.agent_names()
    for name in ("random", "greedy", "rule", "easy", "normal", "search:5"):
        assert name.split(":")[0] in names or name in ("easy", "normal")
        g = ddz.Game("rules=standard").deal_landlord(7, 0)
        a = ddz.Agent(name, 1)
        act = a(g)
        assert act in g.legal_actions()


def test_python_callable_plays_in_the_arena():
    first = lambda view, legal: legal[-1] if view.phase == "play" else legal[0]  # noqa: E731
    out = ddz.arena("greedy", first, deals=20, seed=3)
    assert out["games"] == 40 and 0 <= out["wins"] <= 40
    assert out["landlord"][0] == 20 and out["farmers"][0] == 20
    c = ddz.arena("rule", "random", deals=50, seed=3, jobs=2)
    assert c["games"] == 100 and c["wp"] > 0.6


def test_views_show_only_what_a_seat_may_know():
    g = ddz.Game("rules=standard").deal_landlord(5, 1)
    for s in range(3):
        v = g.view(s)
        assert v.hand == g.hand(s)
        assert set(v._fields) >= {"hand", "bottom", "count", "played"}
        assert v.count == tuple(bin(g.hand(q)).count("1") for q in range(3))
        assert v.shown == (0, 0, 0)
    g2 = g.copy()
    a = g.legal_actions()[0]
    g.apply(a)
    assert len(g) == len(g2) + 1
    g.undo()
    assert g.history() == g2.history() and g.hand(1) == g2.hand(1)


def test_bad_input_raises_clear_errors():
    with pytest.raises(ddz.InvalidInput, match="poker"):
        ddz.Game("rules=poker")
    g = ddz.Game("rules=standard")
    with pytest.raises(ddz.GameStateError):
        g.legal_actions()
    g.deal(1, 0)
    with pytest.raises(ddz.IllegalAction, match="turn"):
        g.apply(ddz.Action.bid(1, 3))
    with pytest.raises(ddz.IllegalAction):
        g.apply(ddz.Action.bid(0, 7))
    with pytest.raises(ddz.InvalidInput):
        g.apply(ddz.Action.bid(5, 1))
    with pytest.raises(ddz.InvalidInput):
        g.apply(ddz.Action("fold", 0))
    with pytest.raises(ddz.InvalidInput):
        g.apply(ddz.Action.play(0, "33"))
    with pytest.raises(ddz.InvalidInput):
        g.apply(ddz.Action.bid(0, 1 << 80))
    with pytest.raises(ddz.InvalidInput):
        g.deal(1, first=3)
    with pytest.raises(ddz.GameStateError):
        g.record()
    with pytest.raises(ddz.InvalidInput):
        g.deal_hands([1, 2, 3], 0)
    g = ddz.Game("rules=standard").deal_landlord(2, 0)
    with pytest.raises(ddz.IllegalAction):
        g.apply(ddz.Action.play(0, ddz.move("2222")))
    while not g.over:
        g.apply(g.legal_actions()[-1])
    with pytest.raises(ddz.GameStateError, match="over"):
        g.apply(g.history()[-1])
    with pytest.raises(ddz.RecordError, match="line"):
        list(ddz.read_records('{"type":"game","version":1}\n'))
    with pytest.raises(ddz.InvalidInput):
        ddz.Agent("alphago")
