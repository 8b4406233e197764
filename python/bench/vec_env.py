"""ddz.vec.Env throughput: n games with random actions (drawn in C, or by numpy in Python),
with observations written every step.

    PYTHONPATH=python python3 python/bench/vec_env.py [games_per_env] [threads] [seconds_per_row]

Prints, per configuration, games/s by wall clock and by this process's CPU time (all threads),
and the load average before the row: on a shared machine wall clock is what is left over by
the other jobs, CPU time what the env costs."""

import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import ddz.vec  # noqa: E402


def run(label, env, seconds, python_actions=False):
    env.reset()
    rng = np.random.default_rng(1)
    before = env.stats()["games"]
    load = os.getloadavg()[0]
    t0, c0 = time.perf_counter(), time.process_time()
    steps = 0
    while time.perf_counter() - t0 < seconds:
        for _ in range(10):
            if python_actions:
                env.step((rng.random(env.n) * env.count).astype(np.int32))
            else:
                env.step()
        steps += 10
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    games = env.stats()["games"] - before
    print("%-62s %9.0f games/s wall %9.0f games/s CPU  (load %.1f)" % (label, games / wall, games / cpu, load),
          flush=True)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 512
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
    print("ddz.vec.Env: %d games, %d threads, %d bytes of state per game; load average %.1f %.1f %.1f, %d CPUs"
          % ((n, threads, ddz.vec.game_bytes()) + os.getloadavg() + (os.cpu_count(),)))

    def env(**kw):
        args = dict(rules="douzero", obs="compact", legal="count", threads=threads, seed=1)
        args.update(kw)
        return ddz.vec.Env(n, **args)

    run("douzero rules, DouZero's order, compact obs, random in C", env(), seconds)
    run("douzero rules, the rules' order, compact obs, random in C", env(order="rules"), seconds)
    run("douzero rules, compact + DouZero obs, random in C", env(obs=("compact", "douzero")), seconds)
    run("douzero rules, compact obs + legal lists, numpy actions", env(legal="lists"), seconds, True)
    run("  + masks and DouZero action encodings written in C", env(legal="lists", mask=True, actions="douzero",
                                                                   legal_cap=512), seconds, True)
    run("standard rules with bidding, compact obs, random in C", env(rules="standard", objective="score",
                                                                     bidding=True), seconds)


if __name__ == '__main__':
    main()
