"""Computer players as Python policies, Python callables as players, and the arena.

Agent(name, seed) is any ddz agent or level ("random", "greedy", "rule", "search",
"search:MS", "easy", "normal", "hard", "expert"); calling it on a Game returns the Action it
chooses for the seat to act, from that seat's view only. A Python player is any callable
f(view, legal) -> Action taking the seat's View and its legal Actions; arena() plays either
kind against the other with ddz arena's protocol."""

import ctypes
import math

from ._lib import check, errbuf, lib
from .errors import IllegalAction, InvalidInput
from .game import ACTION_LEN, Game, _action_from

LEVELS = ("easy", "normal", "hard", "expert")


def agent_names():
    return [n.strip() for n in lib.ddz_capi_agent_names().decode().split(",")]


class Agent:
    """A ddz computer player. agent(game) -> Action for game's seat to act (game unchanged)."""

    def __init__(self, name="random", seed=0):
        if not isinstance(name, str):
            raise InvalidInput("agent name: a string (%s)" % lib.ddz_capi_agent_names().decode())
        err = errbuf()
        self._a = lib.ddz_capi_agent_new(name.encode(), seed, err)
        if not self._a:
            check(-1, err)
        self.name = name
        self._row = (ctypes.c_int64 * ACTION_LEN)()

    def __del__(self):
        a = getattr(self, "_a", None)
        if a:
            lib.ddz_capi_agent_free(a)
            self._a = None

    def __call__(self, game):
        err = errbuf()
        check(lib.ddz_capi_agent_act(self._a, game._g, self._row, err), err)
        return _action_from(self._row)

    act = __call__

    def __repr__(self):
        return "<ddz.Agent %s>" % self.name


def play(game, players):
    """Plays game to its end: players[seat] is an Agent or a callable f(view, legal) -> Action."""
    while game.phase not in ("over", "redeal"):
        seat = game.turn
        p = players[seat]
        if isinstance(p, Agent):
            a = p(game)
        else:
            legal = game.legal_actions()
            a = p(game.view(seat), legal)
            if a not in legal:
                raise IllegalAction("player of seat %d answered %r, not one of its %d legal actions" %
                                    (seat, a, len(legal)))
        game.apply(a)
    return game


def _seed(seed, deal, swap, seat):
    # The arena's per-game agent seeds: any function of (seed, deal, swap, seat) keeps games
    # independent of the order they are played in.
    x = (seed * 0x9E3779B97F4A7C15 + deal * 0xD1B54A32D192ED03 + (swap * 3 + seat + 1) * 0x94D049BB133111EB)
    return x & ((1 << 64) - 1)


def _make(p, seed):
    if isinstance(p, str):
        return Agent(p, seed)
    if callable(p):
        return p
    raise InvalidInput("arena: a player is an agent name or a callable f(view, legal) -> Action, not %r" % (p,))


def arena(a, b, deals=100, seed=1, rules="standard", bidding=False, jobs=1):
    """A against B: each deal twice with sides swapped (A the landlord against B as both
    farmers, then the other way round). Without bidding seat 0 is the landlord at once and a
    game is worth 2 x 2^bombs (the research protocol); with bidding, the real score.
    When both are agent names the C arena runs (with `jobs` threads); else the games are
    played here. Returns a dict: games, wins, wp, adp, landlord and farmers (games, wins)."""
    from .core import rules_index
    ri = rules_index(rules)
    if deals < 1:
        raise InvalidInput("arena: deals must be at least 1")
    if isinstance(a, str) and isinstance(b, str):
        out = (ctypes.c_double * 17)()
        err = errbuf()
        check(lib.ddz_capi_arena_run(a.encode(), b.encode(), deals, seed, ri, 1 if bidding else 0, jobs, out, err),
              err)
        return {"games": int(out[0]), "wins": int(out[1]), "wp": out[12], "adp": out[13],
                "landlord": (int(out[4]), int(out[5])), "farmers": (int(out[8]), int(out[9])),
                "bombs": int(out[15]), "seconds": out[16]}
    options = "rules=" + ("standard", "classic", "douzero", "botzone")[ri]
    games = wins = 0
    points = 0
    ll = [0, 0]
    fm = [0, 0]
    for k in range(deals):
        for swap in (0, 1):
            names = (b, a, a) if swap else (a, b, b)
            players = [_make(names[s], _seed(seed, k, swap, s)) for s in range(3)]
            g = Game(options)
            if bidding:
                attempt = 0
                while True:
                    g.deal(seed + k + 1000003 * attempt, (k + attempt) % 3)
                    play(g, players)
                    if g.phase != "redeal":
                        break
                    attempt += 1
            else:
                g.deal_landlord(seed + k, 0)
                play(g, players)
            r = g.result()
            a_seats = 6 if swap else 1
            a_landlord = bool((a_seats >> r.landlord) & 1)
            won = a_landlord == r.landlord_won
            pts = ctypes.c_int64()
            err = errbuf()
            check(lib.ddz_capi_arena_points(g._g, a_seats, 1 if bidding else 0, ctypes.byref(pts), err), err)
            games += 1
            wins += won
            points += pts.value
            t = ll if a_landlord else fm
            t[0] += 1
            t[1] += won
    return {"games": games, "wins": wins, "wp": wins / games, "adp": points / games,
            "landlord": tuple(ll), "farmers": tuple(fm)}


def wilson(wins, games, z=1.96):
    """The Wilson 95% interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    d = 1 + z * z / games
    c = (p + z * z / (2 * games)) / d
    h = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return (c - h, c + h)
