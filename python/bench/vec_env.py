"""ddz.vec.Env throughput: n games with random actions (drawn in C, or by numpy in Python),
with observations written every step.

    PYTHONPATH=python python3 python/bench/vec_env.py [games_per_env] [threads]

Prints games/s by wall clock and by this process's CPU time."""

import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import ddz.vec  # noqa: E402


def run(label, env, steps, python_actions=False):
    env.reset()
    rng = np.random.default_rng(1)
    before = env.stats()["games"]
    t0, c0 = time.perf_counter(), time.process_time()
    for _ in range(steps):
        if python_actions:
            env.step((rng.random(env.n) * env.count).astype(np.int32))
        else:
            env.step()
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    games = env.stats()["games"] - before
    print("%-52s %8d games  %9.0f games/s wall  %9.0f games/s CPU" % (label, games, games / wall, games / cpu))


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 512
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    steps = max(1, 2_000_000 // n)
    print("ddz.vec.Env: %d games, %d threads, %d bytes of state per game" % (n, threads, ddz.vec.game_bytes()))
    run("douzero rules, compact obs, random in C", ddz.vec.Env(n, "douzero", obs="compact", legal="count",
                                                                threads=threads, seed=1), steps)
    run("douzero rules, compact + DouZero obs, random in C",
        ddz.vec.Env(n, "douzero", obs=("compact", "douzero"), legal="count", threads=threads, seed=1), steps)
    run("douzero rules, compact obs + legal lists, numpy actions",
        ddz.vec.Env(n, "douzero", obs="compact", legal="lists", threads=threads, seed=1), steps, True)
    run("standard rules with bidding, compact obs, random in C",
        ddz.vec.Env(n, "standard", objective="score", obs="compact", legal="count", bidding=True, threads=threads,
                    seed=1), steps)


if __name__ == '__main__':
    main()
