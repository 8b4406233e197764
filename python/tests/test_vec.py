"""ddz.vec: the vector env's arrays against the rules and against itself."""
import numpy as np
import pytest

import ddz
import ddz.vec as vec

DECK = np.array([4] * 13 + [1, 1])


def test_compact_observations_account_for_every_card():
    env = vec.Env(64, rules="standard", obs=("compact", "douzero"), seed=3).reset()
    for _ in range(150):
        x = env.compact.astype(int)
        total = x[:, 0:15] + x[:, 15:30] + x[:, 30:45] + x[:, 45:60] + x[:, 60:75]
        assert (total == DECK).all()
        assert (x[:, 135:138].sum(1) == x[:, 0:30].sum(1)).all()
        assert (x[:, 138] < 3).all()  # a landlord at once without bidding
        pos = env.dz_pos
        assert ((pos == 0) == (x[:, 138] == 0)).all()
        assert (env.dz_x[:, :54].sum(1) == x[:, 0:15].sum(1)).all()
        env.step()


def test_legal_lists_masks_and_explicit_actions():
    env = vec.Env(16, rules="douzero", obs="compact", legal="lists", seed=4).reset()
    uni_r, uni_d = env.universe()
    assert uni_r[0] == 0 and len(uni_r) == len(ddz.universe("douzero")) + 1
    rng = np.random.default_rng(0)
    for _ in range(200):
        m = env.masks()
        # DouZero's lists may hold a card set twice: the mask marks it once.
        assert (m.sum(1) == [len(set(env.legal_index[i, :env.count[i]])) for i in range(env.n)]).all()
        for i in range(env.n):
            k = env.count[i]
            idx = env.legal_index[i, :k]
            assert (uni_r[idx] == env.legal_ranks[i, :k]).all()
            assert (uni_d[idx] == env.legal_reading[i, :k]).all()
        env.step((rng.random(env.n) * env.count).astype(np.int64))
    assert env.stats()["games"] > 0


def test_same_seed_same_games_and_rewards_follow_the_objective():
    a = vec.Env(8, rules="standard", objective="adp", obs="compact", seed=9, threads=1).reset()
    b = vec.Env(8, rules="standard", objective="adp", obs="compact", seed=9, threads=2).reset()
    done = 0
    for _ in range(400):
        a.step()
        b.step()
        assert (a.compact == b.compact).all() and (a.reward == b.reward).all()
        for i in np.nonzero(a.done)[0]:
            r = a.reward[i]
            ll = np.argmax(np.abs(r) * 0 + (r != r[(np.arange(3) + 1) % 3]))
            assert sorted(np.abs(r)) == [abs(r[0])] * 3
            assert abs(r[0]) in [2.0 ** k for k in range(16)]
            done += 1
            del ll
    assert done > 10


def test_bidding_and_scores():
    env = vec.Env(32, rules="standard", objective="score", obs="compact", legal="lists", bidding=True,
                  seed=5).reset()
    assert (env.phase == 0).all()
    assert (env.legal_reading[:, 0] == -1).all()  # bid 0 (pass) is -1 - 0
    seen = 0
    for _ in range(300):
        env.step()
        for i in np.nonzero(env.done)[0]:
            assert env.reward[i].sum() == 0
            seen += 1
    assert seen > 0 and (env.phase != 0).any()


def test_bad_input_raises_clear_errors():
    with pytest.raises(ddz.InvalidInput):
        vec.Env(0)
    with pytest.raises(ddz.InvalidInput):
        vec.Env(4, objective="elo")
    with pytest.raises(ddz.InvalidInput):
        vec.Env(4, obs="pixels")
    with pytest.raises(ddz.InvalidInput):
        vec.Env(4, rules="poker")
    with pytest.raises(ddz.InvalidInput):
        vec.Env(4, options="bid=sometimes")
    env = vec.Env(4, rules="standard")
    with pytest.raises(ddz.GameStateError):
        env.step()
    env.reset()
    with pytest.raises(ddz.InvalidInput, match="legal actions"):
        env.step(env.count.astype(np.int32))  # one past the end of each list
    with pytest.raises(ddz.InvalidInput):
        env.step(np.zeros(3, np.int32))
    with pytest.raises(ddz.InvalidInput):
        env.step(np.zeros(4, np.float64))
    env.step(np.zeros(4, np.int32))


def test_douzero_observations_match_the_drop_in():
    # Replays vector-env games through ddz.douzero: the deal comes from each seat's first
    # compact observation (its whole hand), the actions from the legal lists.
    from ddz.douzero import GameEnv, get_obs
    from ddz.douzero.game import counts_to_cards

    class Scripted:
        action = None

        def act(self, infoset):
            return self.action

    env = vec.Env(1, rules="douzero", obs=("compact", "douzero"), legal="lists", seed=21).reset()
    rng = np.random.default_rng(2)
    for _ in range(3):
        steps = []
        while True:
            k = int(rng.integers(env.count[0]))
            steps.append((env.seat[0], env.compact[0].copy(), env.dz_x[0].copy(), env.dz_z[0].copy(),
                          int(env.legal_ranks[0, k])))
            env.step(np.array([k], np.int32))
            if env.done[0]:
                break
        first = {}
        for seat, compact, _, _, _ in steps:
            if seat not in first:
                first[seat] = sum(int(c) << (4 * r) for r, c in enumerate(compact[:15]))
        players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
        game = GameEnv(players)
        game.card_play_init({"landlord": list(counts_to_cards(first[0])),
                             "landlord_down": list(counts_to_cards(first[1])),
                             "landlord_up": list(counts_to_cards(first[2])), "three_landlord_cards": []})
        for seat, _, x, z, ranks in steps:
            obs = get_obs(game.game_infoset)
            w = len(obs["x_no_action"])
            assert (x[:w] == obs["x_no_action"]).all() and not x[w:].any()
            assert (z == obs["z"]).all()
            players[game.acting_player_position].action = list(counts_to_cards(ranks))
            game.step()
        assert game.game_over


def _replay(env, games, rng):
    """Plays `games` games of a 1-game env with random explicit actions; yields, per game,
    the hands each seat held at its first decision and the decisions (seat, legal ranks,
    the chosen index, this step's reward row)."""
    for _ in range(games):
        steps = []
        first = {}
        while True:
            n = int(env.count[0])
            if env.seat[0] not in first:
                first[int(env.seat[0])] = sum(int(c) << (4 * r) for r, c in enumerate(env.compact[0, :15]))
            k = int(rng.integers(n))
            steps.append((int(env.seat[0]), [int(r) for r in env.legal_ranks[0, :n]], k))
            env.step(np.array([k], np.int32))
            if env.done[0]:
                break
        yield first, steps, env.reward[0].copy()


def test_douzero_order_lists_what_the_drop_in_lists():
    # Under rules=douzero the vector env offers DouZero's own legal lists, row for row
    # (order, repeated rows, pass last), as ddz.douzero's GameEnv makes them.
    from ddz.douzero import GameEnv
    from ddz.douzero.game import counts_to_cards

    class Scripted:
        action = None

        def act(self, infoset):
            return self.action

    env = vec.Env(1, rules="douzero", objective="adp", obs="compact", legal="lists", legal_cap=4096,
                  seed=33).reset()
    assert env.order == "douzero"
    rng = np.random.default_rng(4)
    repeats = 0
    for first, steps, reward in _replay(env, 60, rng):
        players = {p: Scripted() for p in ("landlord", "landlord_up", "landlord_down")}
        game = GameEnv(players)
        game.card_play_init({"landlord": list(counts_to_cards(first[0])),
                             "landlord_down": list(counts_to_cards(first[1])),
                             "landlord_up": list(counts_to_cards(first[2])), "three_landlord_cards": []})
        for i, (seat, ranks, k) in enumerate(steps):
            info = game.game_infoset
            assert info.player_position == ("landlord", "landlord_down", "landlord_up")[seat]
            assert [list(counts_to_cards(r)) for r in ranks] == info.legal_actions, "decision %d" % i
            repeats += len(ranks) - len(set(ranks))
            players[info.player_position].action = list(counts_to_cards(ranks[k]))
            game.step()
        assert game.game_over
        sign = 1 if game.get_winner() == "landlord" else -1
        assert reward[0] == sign * 2.0 ** game.get_bomb_num()
    assert repeats > 0  # DouZero's repeated rows came up and were kept


def test_rules_order_is_the_generation_order():
    env = vec.Env(8, rules="douzero", obs="compact", legal="lists", order="rules", seed=6).reset()
    assert env.order == "rules"
    for i in range(env.n):  # the landlord leads: its hand's moves in generation order
        hand = sum(int(c) << (4 * r) for r, c in enumerate(env.compact[i, :15]))
        want = [m.ranks for m in ddz.moves(hand, None, "douzero")]
        assert [int(r) for r in env.legal_ranks[i, :env.count[i]]] == want
    assert vec.Env(2, rules="standard").order == "rules"
    with pytest.raises(ddz.InvalidInput, match="douzero"):
        vec.Env(2, rules="standard", order="douzero")
    with pytest.raises(ddz.InvalidInput):
        vec.Env(2, order="alphabetical")
    with pytest.raises(ddz.InvalidInput):
        vec.Env(2, actions=("pixels",))


@pytest.mark.parametrize("rules,bidding", [("douzero", False), ("standard", True)])
def test_masks_and_action_encodings_written_in_c_match_numpy(rules, bidding):
    from ddz.douzero.env import _cards54
    from ddz.douzero.game import counts_to_cards
    env = vec.Env(12, rules=rules, obs="compact", legal="lists", bidding=bidding, mask=True,
                  actions=("counts", "douzero"), seed=8).reset()
    size = len(env.universe()[0])
    assert env.mask.shape == (12, size) and env.mask.dtype == np.bool_
    assert env.act_counts.shape == (12, 1025, 15) and env.act_dz.shape == (12, 1025, 54)
    rng = np.random.default_rng(1)
    shifts = (4 * np.arange(15)).astype(np.uint64)
    long_rows = 0
    for step in range(120):
        assert (env.mask == env.masks()).all(), step
        long_rows += int((env.count > 64).sum())
        for i in range(env.n):
            k = env.count[i]
            counts = ((env.legal_ranks[i, :k, None] >> shifts) & np.uint64(15)).astype(np.uint8)
            if env.phase[i] != 2:
                counts[:] = 0
            assert (env.act_counts[i, :k] == counts).all()
            for j in range(0, k, max(1, k // 4)):
                want = _cards54(list(counts_to_cards(int(env.legal_ranks[i, j]) if env.phase[i] == 2 else 0)))
                assert (env.act_dz[i, j] == want).all()
        env.step((rng.random(env.n) * env.count).astype(np.int32))
    assert long_rows > 0  # rows with more plays than the C side remembers were cleared whole
