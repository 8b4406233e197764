"""DouZero's evaluation loop, written out: GameEnv.step plus get_obs at every decision, with
random legal actions, on ddz.douzero (the drop-in) -- the side-by-side figure for DouZero's
own environment, which runs this loop at about 100 games/s on one core of this project's
machine class (DouZero cannot be installed here: no network).

    PYTHONPATH=python python3 python/bench/douzero_loop.py [seconds]

Prints games/s by wall clock and by this process's CPU time (steadier on a loaded machine),
and the load average."""

import os
import random
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from ddz.douzero.env import deck, get_obs  # noqa: E402
from ddz.douzero.game import GameEnv  # noqa: E402


class RandomAgent(object):
    """DouZero's evaluation RandomAgent: a random legal action."""

    def act(self, infoset):
        return random.choice(infoset.legal_actions)


def deal(rng):
    d = deck.copy()
    rng.shuffle(d)
    data = {'landlord': d[:20], 'landlord_up': d[20:37], 'landlord_down': d[37:54],
            'three_landlord_cards': d[17:20]}
    for k in data:
        data[k].sort()
    return data


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    random.seed(1)
    rng = np.random.RandomState(1)
    players = {p: RandomAgent() for p in ('landlord', 'landlord_up', 'landlord_down')}
    env = GameEnv(players)
    games = steps = 0
    rows = 0
    load = os.getloadavg()[0]
    t0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        env.card_play_init(deal(rng))
        while not env.game_over:
            obs = get_obs(env.game_infoset)
            rows += obs['x_batch'].shape[0]
            env.step()
            steps += 1
        env.reset()
        games += 1
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    print("douzero loop (ddz.douzero): %d games, %d decisions (%.1f per game, %.1f legal actions each)"
          % (games, steps, steps / games, rows / steps))
    print("  %.0f games/s wall, %.0f games/s CPU; DouZero's own loop: ~100 games/s -> %.1fx wall, %.1fx CPU"
          % (games / wall, games / cpu, games / wall / 100, games / cpu / 100))
    print("  load average before %.1f, after %.1f (%d CPUs)" % (load, os.getloadavg()[0], os.cpu_count()))


if __name__ == '__main__':
    main()
