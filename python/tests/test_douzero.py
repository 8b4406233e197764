"""ddz.douzero against DouZero's own environment: the 12 games recorded from it
(tests/data/douzero), step by step; the single-card order against this interpreter's sets;
the two encoders against each other; bad input."""
import json
import lzma
import os

import numpy as np
import pytest

import ddz
from conftest import DATA
from ddz.douzero import Env, GameEnv, InfoSet, get_obs
from ddz.douzero.env import _obs_from_fields
from ddz.douzero.game import cards_to_counts

CH = "3456789TJQKA2BR"
INTS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]


def games():
    with lzma.open(os.path.join(DATA, "douzero", "sample_full.jsonl.xz"), "rt") as f:
        return [json.loads(line) for line in f]


def from_text(t):
    return [INTS[CH.index(c)] for c in t]


def to_text(cards):
    return "".join(CH[INTS.index(c)] for c in cards)


def key(t):
    return (len(t), [CH.index(c) for c in t])


def bits(a):
    return "".join(map(str, a.reshape(-1).tolist()))


class Scripted:
    def __init__(self):
        self.action = None

    def act(self, infoset):
        return self.action


@pytest.mark.parametrize("game", games(), ids=lambda g: "game%d" % g["game"])
def test_recorded_game_step_by_step(game):
    players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
    env = GameEnv(players)
    env.card_play_init({k: list(v) for k, v in game["deal"].items()})
    for i, step in enumerate(game["steps"]):
        info = env.game_infoset
        where = "step %d" % i
        assert info.player_position == step["pos"], where
        legal = eval(step["legal"]) if isinstance(step["legal"], str) else step["legal"]
        distinct = sorted({to_text(a) for a in info.legal_actions}, key=key)
        assert distinct == legal, where
        assert len(info.legal_actions) == step["nrows"], where
        obs = get_obs(info)
        xw = 319 if step["pos"] == "landlord" else 430
        assert obs["position"] == step["pos"]
        assert obs["x_no_action"].dtype == np.int8 and obs["x_no_action"].shape == (xw,)
        assert obs["z"].dtype == np.int8 and obs["z"].shape == (5, 162)
        assert bits(obs["x_no_action"]) == step["x_no_action"], where
        assert bits(obs["z"]) == step["z"], where
        n = step["nrows"]
        assert obs["x_batch"].dtype == np.float32 and obs["x_batch"].shape == (n, xw + 54)
        assert obs["z_batch"].dtype == np.float32 and obs["z_batch"].shape == (n, 5, 162)
        assert (obs["x_batch"][:, :xw] == obs["x_no_action"]).all(), where
        assert (obs["z_batch"] == obs["z"]).all(), where
        for row, a in zip(obs["x_batch"][:, xw:], info.legal_actions):
            assert row.sum() == len(a)
        assert obs["legal_actions"] is info.legal_actions
        players[step["pos"]].action = from_text(step["action"])
        env.step()
    assert env.game_over
    assert env.get_winner() == game["winner"]
    assert env.get_bomb_num() == game["bomb_num"]


@pytest.mark.parametrize("objective", ["wp", "adp", "logadp"])
def test_recorded_rewards(objective):
    for game in games():
        env = Env(objective)
        env._env.card_play_init({k: list(v) for k, v in game["deal"].items()})
        env.infoset = env._env.game_infoset
        for step in game["steps"]:
            obs, reward, done, _ = env.step(from_text(step["action"]))
        assert done and obs is None
        assert reward == game["reward_landlord"][objective]


def test_c_encoder_matches_field_encoder_on_recorded_games():
    for game in games()[:4]:
        players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
        env = GameEnv(players)
        env.card_play_init({k: list(v) for k, v in game["deal"].items()})
        for step in game["steps"]:
            info = env.game_infoset
            a, b = get_obs(info), _obs_from_fields(info)
            for k in ("x_batch", "z_batch", "x_no_action", "z"):
                assert a[k].dtype == b[k].dtype and a[k].shape == b[k].shape and (a[k] == b[k]).all(), k
            players[step["pos"]].action = from_text(step["action"])
            env.step()


def test_infoset_fields_match_the_game():
    game = games()[0]
    players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
    env = GameEnv(players)
    env.card_play_init({k: list(v) for k, v in game["deal"].items()})
    seq = []
    for step in game["steps"][:20]:
        info = env.game_infoset
        assert info.card_play_action_seq == seq
        assert sorted(info.other_hand_cards) == sorted(
            sum((env.info_sets[p].player_hand_cards for p in env.info_sets if p != info.player_position), []))
        assert info.num_cards_left_dict == {p: len(env.info_sets[p].player_hand_cards) for p in env.info_sets}
        assert info.last_move == (seq[-1] if seq and seq[-1] else (seq[-2] if len(seq) > 1 else []))
        a = from_text(step["action"])
        players[step["pos"]].action = a
        env.step()
        seq.append(a)
        # The snapshot taken before the step does not change.
        assert info.card_play_action_seq == seq[:-1]


def test_hand_built_infoset_is_encoded_from_its_fields():
    game = games()[1]
    players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
    env = GameEnv(players)
    env.card_play_init({k: list(v) for k, v in game["deal"].items()})
    for step in game["steps"][:9]:
        players[step["pos"]].action = from_text(step["action"])
        env.step()
    info = env.game_infoset
    plain = InfoSet(info.player_position)
    for k in ("player_hand_cards", "num_cards_left_dict", "three_landlord_cards", "card_play_action_seq",
              "other_hand_cards", "legal_actions", "last_move", "last_two_moves", "last_move_dict",
              "played_cards", "all_handcards", "last_pid", "bomb_num"):
        setattr(plain, k, getattr(info, k))
    a, b = get_obs(info), get_obs(plain)
    for k in ("x_batch", "z_batch", "x_no_action", "z"):
        assert (a[k] == b[k]).all() and a[k].dtype == b[k].dtype


def test_single_cards_follow_this_interpreters_set_order():
    # DouZero lists single cards in the order of set(hand): for hands of at most four
    # different cards that is not ascending. The interpreter's own sets are the oracle.
    rng = np.random.default_rng(5)
    deck = [v for v in INTS[:13] for _ in range(4)] + [20, 30]
    for _ in range(300):
        hand = sorted(rng.choice(deck, size=int(rng.integers(1, 9)), replace=False).tolist())
        if len(set(hand)) > 4:
            continue
        players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
        env = GameEnv(players)
        rest = [c for c in deck]
        for c in hand:
            rest.remove(c)
        env.card_play_init({"landlord": hand, "landlord_down": rest[:17], "landlord_up": rest[17:34],
                            "three_landlord_cards": []})
        singles = [a for a in env.game_infoset.legal_actions if len(a) == 1]
        assert singles == [[c] for c in set(hand)], hand


def test_install_makes_douzero_env_this_package():
    import sys
    ddz.douzero.install()
    from douzero.env import Env as E
    from douzero.env.env import get_obs as g
    from douzero.env.game import GameEnv as G
    assert E is Env and g is get_obs and G is GameEnv
    for k in ("douzero.env", "douzero.env.env", "douzero.env.game", "douzero"):
        sys.modules.pop(k, None)


def test_env_loop_runs_and_rewards_follow_the_objective():
    np.random.seed(3)
    rng = np.random.default_rng(3)
    for objective in ("wp", "adp", "logadp"):
        env = Env(objective)
        for _ in range(5):
            obs = env.reset()
            done = False
            while not done:
                la = obs["legal_actions"]
                obs, reward, done, _ = env.step(la[int(rng.integers(len(la)))])
            b = env._env.get_bomb_num()
            mag = {"wp": 1.0, "adp": 2.0 ** b, "logadp": b + 1.0}[objective]
            assert abs(reward) == mag
            assert (reward > 0) == (env._env.get_winner() == "landlord")


def test_bad_input_raises_clear_errors():
    players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
    env = GameEnv(players)
    game = games()[0]
    deal = {k: list(v) for k, v in game["deal"].items()}
    bad = dict(deal, landlord=deal["landlord"][:-1] + [15])
    with pytest.raises(ddz.InvalidInput, match="15"):
        env.card_play_init(bad)
    with pytest.raises(ddz.InvalidInput):
        env.card_play_init(dict(deal, landlord_up=deal["landlord"][:17]))
    env = GameEnv(players)
    env.card_play_init(deal)
    players["landlord"].action = [3, 3, 3, 3]  # not held: the landlord has three 3s
    with pytest.raises(ddz.IllegalAction):
        env.step()
    players["landlord"].action = [99]
    with pytest.raises(ddz.InvalidInput, match="99"):
        env.step()
    players["landlord"].action = []  # pass when leading
    with pytest.raises(AssertionError):
        env.step()
    with pytest.raises(ddz.InvalidInput):
        Env("points")
    info = InfoSet("dealer")
    with pytest.raises(ddz.InvalidInput):
        get_obs(info)
    e = Env("wp")
    np.random.seed(1)
    obs = e.reset()
    done = False
    while not done:
        obs, _, done, _ = e.step(obs["legal_actions"][0])
    with pytest.raises(ddz.GameStateError):
        e.step([3])


def test_counts_of_douzero_ints():
    assert cards_to_counts([3, 3, 17, 20, 30]) == 2 | (1 << 48) | (1 << 52) | (1 << 56)
    with pytest.raises(ddz.InvalidInput):
        cards_to_counts([2])
    with pytest.raises(ddz.InvalidInput):
        cards_to_counts(5)
