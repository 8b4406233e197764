"""A minimal Deep Monte-Carlo learner (DouZero's method, Zha et al. 2021) in numpy on ddz.vec.

    python3 python/examples/train_dmc.py [--minutes 3] [--games 256] [--seed 1]

Q(s, a) -- the expected final reward of playing action a in state s -- is a small MLP per
position (landlord, landlord_down, landlord_up) over the compact observation and the action's
cards and type. Actors play n games at once in the vector env, choosing argmax Q (epsilon-
greedy); when a game ends, every (s, a) its seats played is regressed on that seat's reward
(Monte-Carlo: no bootstrapping, no discount). Before and after training the learner plays
against random players, each side in turn, and the win rates are printed.

How DouZero-style training plugs in:
  * DouZero itself: its actors call `Env(objective)` and `get_obs`; run
    `import ddz.douzero; ddz.douzero.install()` before `from douzero.dmc import train` (or
    change `from douzero.env import Env` to `from ddz.douzero import Env` in
    douzero/dmc/utils.py) and its train.py runs unchanged on the C environment, with the
    same observations, so its models and checkpoints stay compatible.
  * Batched actors: ddz.vec.Env(n, rules="douzero", obs="douzero", legal="lists",
    actions="douzero") writes DouZero's x_no_action and z for n games into (n, 430) and
    (n, 5, 162) int8 arrays and each legal action's 54-card encoding into act_dz
    (n, legal_cap, 54), its legal lists in DouZero's own order; x_batch for game i is
    x_no_action[i, :319 or 430] next to act_dz[i, :count[i]]. One batched forward pass per
    step then serves every game, instead of one per decision.
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import ddz.vec  # noqa: E402

SHIFTS = (4 * np.arange(15)).astype(np.uint64)
N_TYPES = 18
FEATURES = ddz.vec.COMPACT + 15 + N_TYPES


def action_features(env):
    """The state features of each game (n x 142) and the features of every (game, legal
    action) pair of the current decisions (pairs grouped by game, in legal-list order), with
    the pairs' game and action indices."""
    cap = env.legal_ranks.shape[1]
    mask = np.arange(cap)[None, :] < env.count[:, None]
    gi, ai = np.nonzero(mask)
    ranks = env.legal_ranks[gi, ai]
    cards = ((ranks[:, None] >> SHIFTS) & np.uint64(15)).astype(np.float32) / 4.0
    kind = np.zeros((len(gi), N_TYPES), np.float32)
    kind[np.arange(len(gi)), env.legal_reading[gi, ai] & 0xFF] = 1.0
    state = env.compact.astype(np.float32) / 4.0
    return state, np.hstack((cards, kind)), gi, ai


class MLP:
    """features -> hidden (ReLU) -> hidden (ReLU) -> Q, trained by Adam on squared error."""

    def __init__(self, rng, hidden=64, lr=1e-3):
        def init(a, b):
            return (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32)
        self.p = [init(FEATURES, hidden), np.zeros(hidden, np.float32), init(hidden, hidden),
                  np.zeros(hidden, np.float32), init(hidden, 1) * 0.1, np.zeros(1, np.float32)]
        self.m = [np.zeros_like(w) for w in self.p]
        self.v = [np.zeros_like(w) for w in self.p]
        self.t = 0
        self.lr = lr

    def forward_pairs(self, state, acts, gi):
        """Q of many actions of few states: the first layer's state part once per state."""
        w1, b1, w2, b2, w3, b3 = self.p
        k = state.shape[1]
        h1 = np.maximum((state @ w1[:k])[gi] + acts @ w1[k:] + b1, 0)
        h2 = np.maximum(h1 @ w2 + b2, 0)
        return (h2 @ w3 + b3)[:, 0]

    def forward(self, x):
        w1, b1, w2, b2, w3, b3 = self.p
        h1 = np.maximum(x @ w1 + b1, 0)
        h2 = np.maximum(h1 @ w2 + b2, 0)
        return (h2 @ w3 + b3)[:, 0], (x, h1, h2)

    def train(self, x, y):
        q, (x, h1, h2) = self.forward(x)
        w1, b1, w2, b2, w3, b3 = self.p
        d = (2.0 / len(y) * (q - y))[:, None].astype(np.float32)
        g3, gb3 = h2.T @ d, d.sum(0)
        d2 = (d @ w3.T) * (h2 > 0)
        g2, gb2 = h1.T @ d2, d2.sum(0)
        d1 = (d2 @ w2.T) * (h1 > 0)
        g1, gb1 = x.T @ d1, d1.sum(0)
        self.t += 1
        for k, g in enumerate((g1, gb1, g2, gb2, g3, gb3)):
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            mh = self.m[k] / (1 - 0.9 ** self.t)
            vh = self.v[k] / (1 - 0.999 ** self.t)
            self.p[k] -= self.lr * mh / (np.sqrt(vh) + 1e-8)
        return float(np.mean((q - y) ** 2))


def positions(env):
    """Each game's acting position: 0 landlord, 1 landlord_down, 2 landlord_up."""
    rel = env.compact[:, 138].astype(np.int64)  # where the landlord sits, seen from the actor
    return np.where(rel == 0, 0, np.where(rel == 2, 1, 2))


def choose(nets, env, rng, epsilon, learner=None):
    """Each game's action index: argmax Q per game (epsilon-greedy), or a uniformly random one
    for the games whose acting seat is not the learner's (learner: a bool array per game)."""
    state, acts, gi, ai = action_features(env)
    pos = positions(env)
    q = np.empty(len(gi), np.float32)
    for p in range(3):
        sel = pos[gi] == p
        if sel.any():
            q[sel] = nets[p].forward_pairs(state, acts[sel], gi[sel])
    starts = np.concatenate(([0], np.cumsum(env.count)[:-1]))
    order = np.lexsort((-q, gi))
    best = ai[order[starts]]
    rand = (rng.random(env.n) * env.count).astype(np.int64)
    explore = rng.random(env.n) < epsilon
    if learner is not None:
        explore |= ~learner
    act = np.where(explore, rand, best)
    return act, np.hstack((state, acts[starts + act])), pos


def evaluate(nets, games, seed):
    """The learner against random players, each deal's first game with the learner as the
    landlord and as the farmers in the other: win rates (landlord, farmers, overall)."""
    out = []
    for side in ("landlord", "farmers"):
        env = ddz.vec.Env(256, rules="douzero", objective="wp", obs="compact", legal="lists", seed=seed)
        env.reset()
        rng = np.random.default_rng(seed)
        wins = done = 0
        while done < games:
            learner = (env.seat == 0) if side == "landlord" else (env.seat != 0)
            act, _, _ = choose(nets, env, rng, 0.0, learner)
            env.step(act)
            for i in np.nonzero(env.done)[0]:
                won = env.reward[i, 0] > 0
                wins += won if side == "landlord" else not won
                done += 1
        out.append(wins / done)
    return out[0], out[1], (out[0] + out[1]) / 2


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--games", type=int, default=256, help="games played at once")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--eval", type=int, default=2000, help="games per side in each evaluation")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    nets = [MLP(rng) for _ in range(3)]
    ll, fm, both = evaluate(nets, args.eval, 1000)
    print("before training: win rate against random players: landlord %.3f, farmers %.3f, overall %.3f"
          % (ll, fm, both))
    env = ddz.vec.Env(args.games, rules="douzero", objective="wp", obs="compact", legal="lists", seed=args.seed)
    env.reset()
    n = env.n
    # Rows wait for their game's end: each row knows its slot, the slot's game number and the
    # seat that played it; final[slot, game % EP, seat] is the reward once that game is over.
    EP = 1 << 12
    final = np.full((n, EP, 3), np.nan, np.float32)
    game_no = np.zeros(n, np.int64)
    pending = []
    ready = {p: ([], []) for p in range(3)}
    t0 = time.time()
    games = 0
    last = t0
    slots = np.arange(n)
    while time.time() - t0 < args.minutes * 60:
        act, feats, pos = choose(nets, env, rng, 0.1)
        pending.append((feats, pos, slots, game_no % EP, env.seat.astype(np.int64)))
        env.step(act)
        ended = np.nonzero(env.done)[0]
        final[ended, game_no[ended] % EP] = env.reward[ended]
        game_no[ended] += 1
        games += len(ended)
        if len(pending) < 16:
            continue
        f, p_, sl, g, se = (np.concatenate(a) for a in zip(*pending))
        r = final[sl, g, se]
        known = ~np.isnan(r)
        pending = [(f[~known], p_[~known], sl[~known], g[~known], se[~known])]
        for p in range(3):
            sel = known & (p_ == p)
            ready[p][0].append(f[sel])
            ready[p][1].append(r[sel])
            if sum(len(y) for y in ready[p][1]) >= 4096:
                xs, ys = np.concatenate(ready[p][0]), np.concatenate(ready[p][1])
                ready[p] = ([], [])
                for k in range(0, len(ys), 1024):
                    loss = nets[p].train(xs[k:k + 1024], ys[k:k + 1024])
                if p == 0 and time.time() - last > 20:
                    last = time.time()
                    print("  %5.0f s  %7d games  landlord loss %.3f" % (last - t0, games, loss))
        # Forget the slots' older results: game numbers wrap at EP.
        final[ended, game_no[ended] % EP] = np.nan
    print("trained on %d games in %.0f s" % (games, time.time() - t0))
    ll, fm, both = evaluate(nets, args.eval, 1000)
    print("after training:  win rate against random players: landlord %.3f, farmers %.3f, overall %.3f"
          % (ll, fm, both))
    print("random against random, for reference: the landlord wins about a third of the games")


if __name__ == "__main__":
    main()
