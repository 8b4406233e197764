"""ddz's agents in DouZero's environment (ddz.douzero.DdzAgent, ddz.douzero.evaluate): the same
games as ddz's own arena for deterministic agents, legal answers on DouZero's recorded games,
the bottom DouZero's InfoSet forgets, nothing read beyond what the position may know, bad
input, and DouZero's own evaluation seating "ddz:NAME"."""
import json
import lzma
import os
import pickle
import subprocess
import sys
import types

import pytest

import ddz
from conftest import DATA, DDZ_BIN
from ddz.agents import arena
from ddz.core import cards_ranks
from ddz.douzero import DdzAgent, GameEnv, InfoSet, install_evaluation
from ddz.douzero import evaluate as ev
from ddz.douzero.agent import _bottom
from ddz.douzero.game import cards_to_counts
from ddz.errors import DdzError, InvalidInput

CH = "3456789TJQKA2BR"
INTS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]


def ints(text):
    return [INTS[CH.index(c)] for c in text]


@pytest.mark.parametrize("a,b,seed", [("normal", "rhcp", 5000), ("rhcp", "planner", 6000), ("planner", "rule-v1", 7000)])
def test_head_to_head_is_the_arena(a, b, seed):
    # Deterministic agents: DouZero's flow over the rebuilt games plays exactly ddz's games.
    deals = ev.deals_from_seed(150, seed)
    r = ev.head_to_head(deals, "ddz:" + a, "ddz:" + b)
    c = arena(a, b, deals=150, seed=seed, rules="douzero")
    assert r["games"] == c["games"] == 300
    assert r["wins"] == c["wins"]
    assert abs(r["wp"][0] - c["wp"]) < 1e-12
    assert abs(r["adp"][0] - c["adp"]) < 1e-9
    assert r["wp_landlord"] == c["landlord"][1] / c["landlord"][0]
    assert r["wp_farmers"] == c["farmers"][1] / c["farmers"][0]
    n, median, p99, top = r["a_ms"]
    assert n > 300 * 5  # A's decisions in both seatings: several a game
    assert 0 <= median <= p99 <= top


def test_games_file_is_the_arena_games_file(tmp_path):
    # --games writes ddz arena's games file: line for line the arena's own for deterministic
    # agents, and ddz arena --compare pairs the two.
    ours, theirs = tmp_path / "dz.games", tmp_path / "arena.games"
    assert ev.main(["--a", "ddz:normal", "--b", "ddz:rhcp", "--deals", "60", "--seed", "5100",
                    "--games", str(ours)]) == 0
    subprocess.run([DDZ_BIN, "arena", "normal", "rhcp", "--rules", "douzero", "--deals", "60", "--seed", "5100",
                    "--games", str(theirs)], check=True, stdout=subprocess.DEVNULL)
    a, b = ours.read_text().splitlines(), theirs.read_text().splitlines()
    assert a[1] == "# a douzero-env:normal" and b[1] == "# a normal"
    assert a[0] == b[0] and a[2:] == b[2:] and len(a) == 68
    out = subprocess.run([DDZ_BIN, "arena", "--compare", str(ours), str(theirs)], check=True,
                         capture_output=True, text=True).stdout
    assert "the same outcome in 100.0% of the games" in out
    with pytest.raises(SystemExit):
        ev.main(["--landlord", "random", "--landlord_up", "random", "--landlord_down", "random",
                 "--games", str(ours)])


def test_deals_are_the_arena_deals():
    g = ddz.Game("rules=douzero")
    g.deal_landlord(42, 0)
    d = ev.deals_from_seed(1, 42)[0]
    assert len(d["landlord"]) == 20 and len(d["landlord_up"]) == len(d["landlord_down"]) == 17
    assert sorted(d["landlord"] + d["landlord_up"] + d["landlord_down"]) == sorted(INTS[:13] * 4 + [20, 30])
    for c in d["three_landlord_cards"]:
        assert c in d["landlord"]
    assert cards_to_counts(d["three_landlord_cards"]) == cards_ranks(g.bottom)
    assert cards_to_counts(d["landlord_up"]) == cards_ranks(g.dealt(2))


def recorded():
    with lzma.open(os.path.join(DATA, "douzero", "sample_full.jsonl.xz"), "rt") as f:
        return [json.loads(line) for line in f]


class Scripted:
    def __init__(self):
        self.action = None

    def act(self, infoset):
        return self.action


def test_answers_are_legal_on_douzero_recorded_games():
    # Every decision of the 12 games recorded from DouZero's own environment, as DouZero
    # played them: the rebuilt game takes DouZero's sequence (its readings, its shrinking
    # three_landlord_cards) and the agent's answer is one of DouZero's legal actions.
    agents = [DdzAgent("rule"), DdzAgent("search:0/8", 3)]
    n = 0
    for game in recorded():
        players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
        env = GameEnv(players)
        env.card_play_init({k: list(v) for k, v in game["deal"].items()})
        for step in game["steps"]:
            info = env.game_infoset
            for a in agents:
                assert a.act(info) in info.legal_actions
            n += 1
            players[step["pos"]].action = ints(step["action"])
            env.step()
        assert env.game_over
    assert n > 300
    assert all(a.fallbacks == 0 for a in agents)


def test_search_levels_play_whole_games_legally():
    deals = ev.deals_from_seed(6, 900)
    agent = DdzAgent("expert:0/20", 1)
    res = ev.play(deals, {"landlord": "ddz:rhcp", "landlord_down": "ddz:expert:0/20", "landlord_up": "random"})
    assert len(res) == 6
    game = GameEnv({"landlord": agent, "landlord_down": agent, "landlord_up": agent})
    for d in deals:
        game.card_play_init({k: list(v) for k, v in d.items()})
        while not game.game_over:
            game.step()  # DouZero's step refuses an action not in the legal list
        game.reset()
    assert agent.fallbacks == 0


def info(position, hand, three, seq, legal=None):
    i = InfoSet(position)
    i.player_hand_cards = ints(hand)
    i.three_landlord_cards = ints(three)
    i.card_play_action_seq = [ints(m) for m in seq]
    i.legal_actions = legal
    return i


def test_the_bottom_the_infoset_forgets():
    # The landlord led 34567 holding the bottom's 5 and 7: DouZero's three_landlord_cards
    # keeps only the K. Any two of the straight's ranks give the same knowledge.
    i = info("landlord_down", "3456789TJQKA2B3", "K", ["34567"])
    seq = [cards_to_counts(m) for m in i.card_play_action_seq]
    b = _bottom(i, seq)
    assert (b >> (4 * CH.index("K"))) & 15 == 1 and sum((b >> (4 * r)) & 15 for r in range(15)) == 3
    assert b & ~cards_to_counts(ints("34567K")) == 0
    # A rank still in the bottom: every copy the landlord played was one of it.
    i = info("landlord_up", "3456789TJQKA2B3", "99", ["9", "T"])
    b = _bottom(i, [cards_to_counts(m) for m in i.card_play_action_seq])
    assert b == cards_to_counts(ints("999"))
    a = DdzAgent("rule")
    move = a.act(info("landlord_up", "3445566778TTJJQQK", "99", ["9", "T"]))
    assert move == [] or len(move) == 1 and move[0] > 10


def test_it_reads_only_what_the_position_knows():
    # The InfoSet of DouZero carries all_handcards and other_hand_cards; the agent answers the
    # same without them and with them scrambled.
    deals = ev.deals_from_seed(3, 321)
    for d in deals:
        players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
        env = GameEnv(players)
        env.card_play_init({k: list(v) for k, v in d.items()})
        rule = DdzAgent("rhcp")
        for _ in range(12):
            i = env.game_infoset
            want = rule.act(i)
            bare = info(i.player_position, "", "", [])
            bare.player_hand_cards = list(i.player_hand_cards)
            bare.three_landlord_cards = list(i.three_landlord_cards)
            bare.card_play_action_seq = [list(m) for m in i.card_play_action_seq]
            bare.legal_actions = i.legal_actions
            bare.all_handcards = {"landlord": [3], "landlord_up": [4], "landlord_down": [5]}
            bare.other_hand_cards = [30]
            assert rule.act(bare) == want
            players[i.player_position].action = want
            env.step()
            if env.game_over:
                break


def test_bad_infosets_say_what_is_wrong():
    a = DdzAgent("rule")
    with pytest.raises(InvalidInput, match="player_position"):
        a.act(info("dealer", "3", "345", []))
    with pytest.raises(DdzError, match=r"card_play_action_seq\[1\]: 4 does not beat 5"):
        a.act(info("landlord_up", "3456789TJQKA2BR33", "KKK", ["5", "4"]))
    with pytest.raises(DdzError, match=r"card_play_action_seq\[0\]"):
        a.act(info("landlord_down", "3456789TJQKA2BR33", "KKK", ["3458"]))
    with pytest.raises(DdzError, match="not your turn|turn"):
        a.act(info("landlord_up", "3456789TJQKA2BR33", "KKK", ["5"]))
    with pytest.raises(InvalidInput, match="card int"):
        i = info("landlord", "3456789TJQKA2BR33456", "345", [])
        i.player_hand_cards = [3, 99]
        a.act(i)
    with pytest.raises(InvalidInput, match="do not agree"):
        a.act(info("landlord_down", "3456789TJQKA2BR33", "", ["5"]))
    assert a.act(info("landlord", "3456789TJQKA2BR33456", "345", [])) != []


def test_evaluate_main_reads_douzero_eval_data(tmp_path, capsys):
    data = tmp_path / "eval.pkl"
    with open(data, "wb") as f:
        pickle.dump(ev.deals_from_seed(40, 11), f)
    assert ev.main(["--landlord", "ddz:normal", "--landlord_up", "ddz:rhcp", "--landlord_down", "ddz:rhcp",
                    "--eval_data", str(data), "--num_workers", "2"]) == 0
    out = capsys.readouterr().out
    res = ev.play(ev.deals_from_seed(40, 11), {"landlord": "ddz:normal", "landlord_up": "ddz:rhcp",
                                                "landlord_down": "ddz:rhcp"})
    fig = ev.douzero_figures(res)
    assert "40 deals" in out
    assert "landlord : Farmers - %s : %s" % (fig["wp_landlord"], fig["wp_farmers"]) in out
    assert "landlord : Farmers - %s : %s" % (fig["adp_landlord"], fig["adp_farmers"]) in out
    assert fig["adp_farmers"] == -fig["adp_landlord"]  # evaluate.py doubles the farmers' points
    assert ev.main(["--a", "ddz:normal", "--b", "ddz:rhcp", "--deals", "30", "--seed", "5000"]) == 0
    c = arena("normal", "rhcp", deals=30, seed=5000, rules="douzero")
    assert "WP of A  %.4f" % c["wp"] in capsys.readouterr().out
    with pytest.raises(SystemExit):
        ev.main(["--a", "ddz:normal"])
    with pytest.raises(SystemExit):
        ev.main(["--a", "ddz:normal", "--b", "random", "--landlord", "random"])
    with pytest.raises(InvalidInput, match="agent spec"):
        ev.make_agent("nonsense", "landlord")


def test_eval_data_written_and_read(tmp_path, capsys):
    # --write_eval_data: ddz's deals as DouZero's evaluation data, which --eval_data reads back
    # (the same games as the deals from the seed); a broken file says what is wrong and where.
    path = tmp_path / "deals.pkl"
    assert ev.main(["--write_eval_data", str(path), "--deals", "25", "--seed", "300"]) == 0
    assert ev.read_eval_data(str(path)) == ev.deals_from_seed(25, 300)
    specs = ["--landlord", "ddz:rhcp", "--landlord_up", "ddz:normal", "--landlord_down", "ddz:normal"]
    ev.main(specs + ["--eval_data", str(path)])
    ev.main(specs + ["--deals", "25", "--seed", "300"])
    a, b = capsys.readouterr().out.split("WP results:")[1:]
    assert a.split("\n")[:4] == b.split("\n")[:4]
    bad = tmp_path / "bad.pkl"
    bad.write_bytes(b"not a pickle")
    with pytest.raises(InvalidInput, match="bad.pkl: not a pickle"):
        ev.read_eval_data(str(bad))
    with open(bad, "wb") as f:
        pickle.dump([{"landlord": [3] * 4}], f)
    with pytest.raises(InvalidInput, match=r"bad.pkl: deal 0: no list 'landlord_up'"):
        ev.read_eval_data(str(bad))
    with pytest.raises(InvalidInput, match="missing.pkl"):
        ev.read_eval_data(str(tmp_path / "missing.pkl"))
    with pytest.raises(SystemExit):
        ev.main(specs + ["--eval_data", str(bad)])
    deals = ev.deals_from_seed(3, 1)
    deals[2]["landlord_up"][0] = 99
    with open(bad, "wb") as f:
        pickle.dump(deals, f)
    capsys.readouterr()
    assert ev.main(specs + ["--eval_data", str(bad)]) == 1
    assert "evaluate: deal 2: card int 99 is not a DouZero card" in capsys.readouterr().err
    assert ev.main(["--a", "ddz:nosuchagent", "--b", "random", "--deals", "2"]) == 1


def test_douzero_evaluation_seats_ddz(monkeypatch):
    # DouZero's simulation module, as far as install_evaluation touches it: a loader that
    # makes its own agents for the paths it knows.
    made = []

    def load(paths):
        made.append(dict(paths))
        return {p: ("douzero", v) for p, v in paths.items()}

    sim = types.ModuleType("douzero.evaluation.simulation")
    sim.load_card_play_models = load
    pkg = types.ModuleType("douzero")
    pkg.__path__ = []
    evp = types.ModuleType("douzero.evaluation")
    evp.__path__ = []
    evp.simulation = sim
    pkg.evaluation = evp
    monkeypatch.setitem(sys.modules, "douzero", pkg)
    monkeypatch.setitem(sys.modules, "douzero.evaluation", evp)
    monkeypatch.setitem(sys.modules, "douzero.evaluation.simulation", sim)
    assert install_evaluation() is sim
    assert install_evaluation() is sim  # once only
    players = sim.load_card_play_models({"landlord": "ddz:normal", "landlord_up": "rlcard",
                                         "landlord_down": "baselines/douzero_ADP/landlord_down.ckpt"})
    assert isinstance(players["landlord"], DdzAgent) and players["landlord"].name == "normal"
    assert players["landlord_up"] == ("douzero", "rlcard")
    assert players["landlord_down"] == ("douzero", "baselines/douzero_ADP/landlord_down.ckpt")
    assert made == [{"landlord": "random", "landlord_up": "rlcard",
                     "landlord_down": "baselines/douzero_ADP/landlord_down.ckpt"}]


def test_env_douzero_plays_in_douzero_s_game_env():
    # --env douzero imports douzero.env.game.GameEnv: DouZero's own when installed; here the
    # drop-in registered under DouZero's name (ddz.douzero.install), in a fresh interpreter.
    code = ("import ddz.douzero, sys; ddz.douzero.install(); from ddz.douzero import evaluate; "
            "import douzero.env.game as g; assert g.GameEnv is ddz.douzero.game.GameEnv; "
            "sys.exit(evaluate.main(sys.argv[1:]))")
    args = ["--a", "ddz:normal", "--b", "ddz:rhcp", "--deals", "20", "--seed", "77"]
    env = dict(os.environ, PYTHONPATH=os.path.join(os.path.dirname(DATA), "..", "python"))
    out = subprocess.run([sys.executable, "-c", code] + args + ["--env", "douzero"], check=True,
                         capture_output=True, text=True, env=env).stdout
    assert "douzero's GameEnv: 40 games" in out
    c = arena("normal", "rhcp", deals=20, seed=77, rules="douzero")
    assert "WP of A  %.4f" % c["wp"] in out
