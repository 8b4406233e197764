"""DouZero's evaluation (douzero/evaluate.py, douzero/evaluation/simulation.py) with any agent in
any position, ddz's among them, and the research protocol of issue 14 beside it.

    python3 -m ddz.douzero.evaluate --landlord ddz:expert --landlord_up rlcard \\
        --landlord_down rlcard --eval_data eval_data.pkl --num_workers 2
    python3 -m ddz.douzero.evaluate --a ddz:expert --b python:rhcp.RHCPAgent --deals 1000 --seed 1

An agent is named by a spec:
  ddz:NAME         a ddz agent or level (DdzAgent: "ddz:expert", "ddz:hard", "ddz:rhcp", ...)
  random           a uniformly random legal action (DouZero's RandomAgent)
  rlcard           DouZero's RLCardAgent (needs DouZero installed)
  deep:PATH        DouZero's DeepAgent with the checkpoint at PATH (needs DouZero and torch)
  python:MOD.CLASS any class with act(infoset), made as CLASS(position)

The first form (--landlord/--landlord_up/--landlord_down) plays every deal once and prints
DouZero's figures as its evaluate.py does: the landlord's and the farmers' win rates and ADP
(the landlord's 2 x 2^bombs a game; the farmers' 2^bombs, which evaluate.py doubles).
The second (--a/--b) plays every deal twice, A the landlord against B as both farmers, then
the other way round, and prints A's win rate and average points a game, each game worth
2 x 2^bombs to its winners (DouZero's paper, and `ddz arena`), with 95% intervals.

Deals come from DouZero's evaluation data (--eval_data: a pickled list of dicts with
'landlord' (20 cards), 'landlord_up', 'landlord_down' (17 each) and 'three_landlord_cards',
as DouZero's generate_eval_data.py writes) or are dealt by ddz (--deals N --seed S: deal k is
ddz's deal of seed S + k with seat 0 the landlord, the deals of `ddz arena --seed S`).
--write_eval_data FILE writes ddz's deals as DouZero's evaluation data, for DouZero's own
evaluate.py on the very deals of a ddz arena. --env douzero plays in DouZero's own GameEnv (DouZero installed), else in ddz.douzero's.
--games FILE (--a/--b on ddz's deals) writes the games file of `ddz arena --games`, which
`ddz arena --compare` pairs deal by deal with an arena's run of the same opponent."""

import argparse
import importlib
import math
import multiprocessing as mp
import pickle
import random
import sys
import time

from ..errors import InvalidInput
from .agent import DdzAgent
from .game import POSITIONS, counts_to_cards


def deals_from_seed(n, seed):
    """ddz's deals of seeds seed .. seed + n - 1 (seat 0 the landlord) as DouZero card_play_data."""
    from ..core import cards_ranks
    from ..game import Game

    out = []
    g = Game("rules=douzero")
    for k in range(n):
        g.deal_landlord(seed + k, 0)
        hands = [list(counts_to_cards(cards_ranks(g.hand(s)))) for s in range(3)]
        out.append({'landlord': hands[0], 'landlord_down': hands[1], 'landlord_up': hands[2],
                    'three_landlord_cards': list(counts_to_cards(cards_ranks(g.bottom)))})
    return out


class RandomAgent(object):
    """A uniformly random legal action (DouZero's evaluation RandomAgent), seeded."""

    def __init__(self, seed=0):
        self.rng = random.Random(seed)

    def act(self, infoset):
        return self.rng.choice(infoset.legal_actions)


def make_agent(spec, position, seed=0):
    """The agent a spec names, for one position (see the module's help)."""
    if not isinstance(spec, str):
        raise InvalidInput("agent spec: a string, not %r" % (spec,))
    if spec.startswith("ddz:"):
        return DdzAgent(spec[4:], seed)
    if spec == "random":
        return RandomAgent(seed)
    if spec == "rlcard":
        from douzero.evaluation.rlcard_agent import RLCardAgent
        return RLCardAgent(position)
    if spec.startswith("deep:"):
        from douzero.evaluation.deep_agent import DeepAgent
        return DeepAgent(position, spec[5:])
    if spec.startswith("python:") and "." in spec:
        mod, cls = spec[7:].rsplit(".", 1)
        return getattr(importlib.import_module(mod), cls)(position)
    raise InvalidInput("agent spec %r: ddz:NAME, random, rlcard, deep:PATH or python:MODULE.CLASS" % spec)


def _game_env(kind, players):
    if kind == "douzero":
        from douzero.env.game import GameEnv
    else:
        from .game import GameEnv
    return GameEnv(players)


def play(deals, specs, env="ddz", seed=0, times=None):
    """Plays each deal once with the agents specs[position]. Returns one (landlord_won, bombs)
    per deal, in order. With a dict `times`, times[position] gets the CPU milliseconds of each
    decision of that position's ddz agent."""
    players = {p: make_agent(specs[p], p, seed * 3 + i) for i, p in enumerate(POSITIONS)}
    game = _game_env(env, players)
    out = []
    for i, d in enumerate(deals):
        try:
            game.card_play_init({k: list(v) for k, v in d.items()})
        except InvalidInput as e:
            raise InvalidInput("deal %d: %s" % (i, e)) from None
        while not game.game_over:
            game.step()
        out.append((len(game.info_sets['landlord'].player_hand_cards) == 0, game.bomb_num))
        game.reset()
    for p, a in players.items():
        if getattr(a, "fallbacks", 0):
            print("%s (%s): %d answers not in DouZero's legal list, its first played instead" %
                  (p, specs[p], a.fallbacks), file=sys.stderr)
        if times is not None and isinstance(a, DdzAgent):
            times.setdefault(p, []).extend(a.cpu_ms)
    return out


def _work(job):
    deals, specs, env, seed = job
    times = {}
    return play(deals, specs, env, seed, times), times


def play_parallel(deals, specs, env="ddz", workers=1, seed=0, times=None):
    """play() over `workers` processes (each its own agents), the results in deal order."""
    if workers <= 1 or len(deals) < 2:
        return play(deals, specs, env, seed, times)
    n = min(workers, len(deals))
    parts = [deals[i::n] for i in range(n)]
    with mp.get_context("fork").Pool(n) as pool:
        done = pool.map(_work, [(parts[i], specs, env, seed * 1000 + i) for i in range(n)])
    out = [None] * len(deals)
    for i in range(n):
        out[i::n] = done[i][0]
        for p, t in done[i][1].items():
            if times is not None:
                times.setdefault(p, []).extend(t)
    return out


def time_figures(ms):
    """The count, median, 99th percentile and maximum of decision times (None when empty)."""
    if not ms:
        return None
    t = sorted(ms)
    return len(t), t[len(t) // 2], t[min(len(t) - 1, int(0.99 * len(t)))], t[-1]


def douzero_figures(results):
    """DouZero's evaluate.py figures: WP and ADP of the landlord and of the farmers (the farmers'
    points, 2^bombs a game in its GameEnv, doubled as evaluate.py prints them)."""
    n = len(results)
    lw = sum(1 for won, _ in results if won)
    ls = sum((2 if won else -2) * 2 ** b for won, b in results)
    fs = sum((-1 if won else 1) * 2 ** b for won, b in results)
    return {"games": n, "wp_landlord": lw / n, "wp_farmers": (n - lw) / n, "adp_landlord": ls / n,
            "adp_farmers": 2 * fs / n}


def _interval(xs):
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    return m, m - h, m + h


def head_to_head(deals, a, b, env="ddz", workers=1, seed=0):
    """A against B on every deal, both seatings. Returns games, A's wins, WP and ADP (each game
    2 x 2^bombs to the winners) with 95% intervals over the deals' pairs, A's win rate as the
    landlord and as the farmers, each deal's pair of games and, when A is a ddz agent, its
    decisions' CPU time (time_figures)."""
    t1, t2 = {}, {}
    first = play_parallel(deals, {'landlord': a, 'landlord_down': b, 'landlord_up': b}, env, workers, seed, t1)
    second = play_parallel(deals, {'landlord': b, 'landlord_down': a, 'landlord_up': a}, env, workers, seed + 1, t2)
    wins, points, pairs = [], [], []
    for (lw1, b1), (lw2, b2) in zip(first, second):
        w1, w2 = lw1, not lw2
        p1, p2 = (1 if w1 else -1) * 2 * 2 ** b1, (1 if w2 else -1) * 2 * 2 ** b2
        wins.append((w1 + w2) / 2)
        points.append((p1 + p2) / 2)
        pairs.append((int(w1), p1, int(w2), p2))
    n = len(deals)
    as_landlord, as_farmers = sum(p[0] for p in pairs), sum(p[2] for p in pairs)
    a_ms = t1.get('landlord', []) + t2.get('landlord_down', []) + t2.get('landlord_up', [])
    return {"games": 2 * n, "wins": as_landlord + as_farmers, "wp": _interval(wins), "adp": _interval(points),
            "wp_landlord": as_landlord / n, "wp_farmers": as_farmers / n, "pairs": pairs,
            "a_ms": time_figures(a_ms)}


def write_games(path, a, b, seed, pairs):
    """The games file of `ddz arena --games` (src/cli/arena_file.h) for a head-to-head on ddz's
    deals of seed: `ddz arena --compare` pairs it deal by deal with an arena's file of the
    same opponent, e.g. a level played through DouZero's environment with the same level in
    ddz's arena. A ddz agent is named as the arena names it, A with "douzero-env:" before."""
    def name(spec):
        return spec[4:] if spec.startswith("ddz:") else spec
    with open(path, "w") as f:
        f.write("# ddz arena games 1\n# a douzero-env:%s\n# b %s\n# rules douzero\n# options -\n# bidding 0\n"
                "# seed %d\n# deals %d\n" % (name(a), name(b), seed, len(pairs)))
        for k, (w1, p1, w2, p2) in enumerate(pairs):
            f.write("%d %d %d %d %d\n" % (k, w1, p1, w2, p2))


def _parser():
    p = argparse.ArgumentParser(prog="python3 -m ddz.douzero.evaluate",
                                description="DouZero's evaluation with ddz's agents (see the module's help).")
    p.add_argument("--landlord", help="the landlord's agent spec")
    p.add_argument("--landlord_up", help="landlord_up's agent spec")
    p.add_argument("--landlord_down", help="landlord_down's agent spec")
    p.add_argument("--a", help="agent A for both seatings of every deal")
    p.add_argument("--b", help="agent B for both seatings of every deal")
    p.add_argument("--eval_data", help="DouZero's pickled evaluation data")
    p.add_argument("--deals", type=int, default=100, help="deals dealt by ddz when there is no --eval_data (100)")
    p.add_argument("--seed", type=int, default=1, help="the first deal's seed (1)")
    p.add_argument("--num_workers", type=int, default=1, help="processes (1)")
    p.add_argument("--write_eval_data", metavar="FILE",
                   help="write ddz's deals (--deals, --seed) as DouZero's evaluation data and stop")
    p.add_argument("--games", help="with --a/--b and ddz's deals: write the games file of ddz arena --games")
    p.add_argument("--env", choices=("ddz", "douzero"), default="ddz", help="whose GameEnv plays (ddz)")
    return p


_KEYS = ('landlord', 'landlord_up', 'landlord_down', 'three_landlord_cards')


def read_eval_data(path):
    """DouZero's pickled evaluation data: a list of card_play_data dicts. InvalidInput saying
    what is wrong and where (the file, the deal's index, the key)."""
    try:
        with open(path, "rb") as f:
            deals = pickle.load(f)
    except OSError as e:
        raise InvalidInput("%s: %s" % (path, e.strerror or e)) from None
    except Exception as e:  # a pickle of something else, or not a pickle
        raise InvalidInput("%s: not a pickle of DouZero's evaluation data (%s)" % (path, e)) from None
    if not isinstance(deals, list) or not deals:
        raise InvalidInput("%s: DouZero's evaluation data is a non-empty list of deals, not %s" %
                           (path, type(deals).__name__))
    for i, d in enumerate(deals):
        missing = [k for k in _KEYS if not isinstance(d, dict) or not isinstance(d.get(k), list)]
        if missing:
            raise InvalidInput("%s: deal %d: no list %r (a deal has %s)" % (path, i, missing[0], ", ".join(_KEYS)))
    return deals


def main(argv=None):
    args = _parser().parse_args(argv)
    three = (args.landlord, args.landlord_up, args.landlord_down)
    if args.write_eval_data:
        if args.eval_data or args.deals < 1:
            _parser().error("--write_eval_data writes ddz's deals (--deals N --seed S)")
        with open(args.write_eval_data, "wb") as f:
            pickle.dump(deals_from_seed(args.deals, args.seed), f)
        print("%s: ddz's deals of seeds %d to %d as DouZero's evaluation data" %
              (args.write_eval_data, args.seed, args.seed + args.deals - 1))
        return 0
    if args.a is not None or args.b is not None:
        if args.a is None or args.b is None or any(x is not None for x in three):
            _parser().error("give either --a and --b, or --landlord, --landlord_up and --landlord_down")
    elif any(x is None for x in three):
        _parser().error("give either --a and --b, or --landlord, --landlord_up and --landlord_down")
    if args.games and (args.a is None or args.eval_data):
        _parser().error("--games needs --a/--b on ddz's deals (--deals, --seed), not --eval_data")
    if args.eval_data:
        try:
            deals = read_eval_data(args.eval_data)
        except InvalidInput as e:
            _parser().error(str(e))
        where = "%s (%d deals)" % (args.eval_data, len(deals))
    else:
        if args.deals < 1:
            _parser().error("--deals must be at least 1")
        deals = deals_from_seed(args.deals, args.seed)
        where = "ddz's deals of seeds %d to %d" % (args.seed, args.seed + args.deals - 1)
    try:
        return _run(args, deals, where)
    except InvalidInput as e:
        print("%s: %s" % (_parser().prog, e), file=sys.stderr)
        return 1


def _run(args, deals, where):
    t = time.time()
    if args.a is not None:
        r = head_to_head(deals, args.a, args.b, args.env, args.num_workers, args.seed)
        wp, adp = r["wp"], r["adp"]
        print("%s vs %s, %s, %s's GameEnv: %d games" % (args.a, args.b, where, args.env, r["games"]))
        print("WP of A  %.4f [%.4f, %.4f] (as landlord %.4f, as the farmers %.4f)" %
              (wp[0], wp[1], wp[2], r["wp_landlord"], r["wp_farmers"]))
        print("ADP of A %+.3f [%+.3f, %+.3f] (2 x 2^bombs a game)" % adp)
        if r["a_ms"]:
            print("A's CPU ms a decision: median %.1f, p99 %.1f, max %.1f (%d decisions)" %
                  (r["a_ms"][1], r["a_ms"][2], r["a_ms"][3], r["a_ms"][0]))
        if args.games:
            write_games(args.games, args.a, args.b, args.seed, r["pairs"])
    else:
        specs = {'landlord': args.landlord, 'landlord_up': args.landlord_up, 'landlord_down': args.landlord_down}
        r = douzero_figures(play_parallel(deals, specs, args.env, args.num_workers, args.seed))
        print("%s, %s's GameEnv: %d games" % (where, args.env, r["games"]))
        print("WP results:")
        print("landlord : Farmers - %s : %s" % (r["wp_landlord"], r["wp_farmers"]))
        print("ADP results:")
        print("landlord : Farmers - %s : %s" % (r["adp_landlord"], r["adp_farmers"]))
    print("%.1f s" % (time.time() - t), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
