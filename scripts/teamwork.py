#!/usr/bin/env python3
"""Teamwork audit (issue 14): how agent X plays its side's situations against agent B.

    python3 scripts/teamwork.py X [X2 ...] [--against B] [--side farmers|landlord]
                                [--deals N] [--seed S] [--first K] [--rules P] [--show]

Deal k is dealt from seed S + k with seat 0 the landlord at once (the arena's research
protocol, ddz arena without --bidding): with --side farmers (the default) B in seat 0 and X
in seats 1 and 2, with --side landlord X in seat 0 and B in seats 1 and 2. Each game is then
read again with every hand known, and these situations are tallied:

- feed (farmers): a farmer leads freely while its partner holds one card. Right after the
  landlord (the partner plays next) a single below the partner's card puts the partner out;
  before the landlord, the landlord answers first. Tallied: whether the farmer held a single
  below the partner's card, whether it led one, whether the partner (or the farmer itself)
  went out at the partner's next turn.
- over the partner (farmers): the partner's play holds the table and the farmer answers it:
  passes, beats it, bombs it, or goes out. Tallied by the partner's cards left.
- a lead into one card (landlord): the landlord leads freely while a farmer holds one card:
  a single below that card, another single, another type, or its last cards; whether it held
  a safe lead (a pair or more of a rank, or a card as high as the farmer's); whether a farmer
  went out at its next turn.
- the side's wins in the games with each situation.

With --show, the positions of a down farmer that held a single below its partner's card and
led none, of a farmer that beat a partner left with one card, and of a landlord that led a
single below a farmer's last card while it held a safe lead, as ddz engine requests.

Needs build/libddz.so (make). The games are the same from the same seed for agents that do
not read the clock: rule agents, and searches whose sample cap ends them (expert's 800 ms
never bound in the arena runs of docs/SEARCH-OPTIONS.md; hard's 50 ms does).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

from ddz import Game  # noqa: E402
from ddz.agents import Agent  # noqa: E402
from ddz.core import cards_ranks, format_ranks  # noqa: E402

NRANKS = 15


def counts(ranks):
    return [(ranks >> (4 * r)) & 15 for r in range(NRANKS)]


def ranks_of(c):
    """The rank counts list c as ranks (format_ranks reads them)."""
    return sum(n << (4 * r) for r, n in enumerate(c))


def start_hands(g):
    """Each seat's rank counts as play began: the cards dealt, the landlord's with the bottom."""
    return [counts(cards_ranks(g.dealt(s) | (g.bottom if s == g.landlord else 0))) for s in range(3)]


def next_play(hist, i, seat):
    """The first play or pass of seat after play i, or None."""
    return next((b for b in hist[i + 1:] if b.seat == seat), None)


def lowest(c):
    for r in range(NRANKS):
        if c[r]:
            return r
    return -1


def play_game(seed, k, lord, farmer, rules):
    """Deal k: agent `lord` in seat 0, the landlord at once; agent `farmer` in seats 1 and 2."""
    g = Game("rules=" + rules)
    g.deal_landlord(seed + k, landlord=0)
    agents = [Agent(lord, seed * 7919 + k * 3 + 1), Agent(farmer, seed * 7919 + k * 3 + 2),
              Agent(farmer, seed * 7919 + k * 3 + 3)]
    while not g.over:
        g.apply(agents[g.turn](g))
    return g, start_hands(g)


def holding(h, lord, s):
    """The landlord's and the partner's cards at that point (not in the request: hidden to s)."""
    return "landlord %s, partner %s" % (format_ranks(ranks_of(h[lord])), format_ranks(ranks_of(h[3 - lord - s])))


def request(g, h, s, hist, i, rules):
    """The engine request of seat s before play i (ddz engine), to look at a decision again."""
    moves = ",".join('[%d,"%s"]' % (b.seat, "" if b.move.is_pass else b.move.text) for b in hist[:i])
    return ('{"type":"play","rules":"%s","seat":%d,"landlord":%d,"hand":"%s","bottom":"%s","history":[%s]}' %
            (rules, s, g.landlord, format_ranks(ranks_of(h[s])),
             format_ranks(cards_ranks(g.bottom)), moves))


def audit(g, hands, tally, show=None, rules="douzero"):
    """Walks the game's plays with every hand known; adds to tally; with show, prints the
    requests of a down farmer that held a single below its partner's card and led none, and
    of a farmer that beat a partner left with one card."""
    lord, lord_won = g.landlord, g.result().landlord_won
    h = [list(c) for c in hands]
    n = [sum(c) for c in h]
    owner, passes = -1, 0  # the table's owner (-1: a free lead), passes since its play
    events = []
    hist = [a for a in g.history() if a.kind == "play"]
    for i, a in enumerate(hist):
        s, m = a.seat, a.move
        free = owner < 0 or owner == s
        if s != lord:
            p = 3 - lord - s  # the partner
            if free and n[p] == 1:
                pc = lowest(h[p])
                down = s == (lord + 1) % 3
                can = any(h[s][r] for r in range(pc))
                fed = not m.is_pass and m.type_name == "single" and m.rank < pc
                # did the partner go out at its first turn after the lead?
                nxt = next_play(hist, i, p)
                out = nxt is not None and not nxt.move.is_pass and nxt.move.size == n[p]
                self_out = not m.is_pass and m.size == n[s]
                if show is not None and down and can and not fed:
                    print("  [feed] deal %d: partner holds %s, played %s, farmers %s (%s): %s" %
                          (tally["games"], format_ranks(1 << (4 * pc)), m.text, "lost" if lord_won else "won",
                           holding(h, lord, s), request(g, h, s, hist, i, rules)), file=show)
                events.append(("feed", "down" if down else "up", can, fed, out or self_out))
            elif not free and owner == p:
                kind = ("pass" if m.is_pass else "out" if m.size == n[s] else
                        "bomb" if m.is_bomb else "beat")
                events.append(("over", min(n[p], 5), kind))
                if show is not None and kind == "beat" and n[p] == 1:
                    print("  [over] deal %d: partner holds %s, played %s, farmers %s (%s): %s" %
                          (tally["games"], format_ranks(1 << (4 * lowest(h[p]))), m.text,
                           "lost" if lord_won else "won",
                           holding(h, lord, s), request(g, h, s, hist, i, rules)), file=show)
        ones = [f for f in range(3) if f != lord and n[f] == 1]
        if s == lord and free and ones:
            top = max(lowest(h[f]) for f in ones)  # the highest card a farmer on one card holds
            safe = any(c >= 2 for c in h[s]) or any(h[s][r] for r in range(top, NRANKS)) or n[s] == 1
            kind = ("out" if m.size == n[s] else
                    "single below" if m.type_name == "single" and m.rank < top else
                    "single" if m.type_name == "single" else "other")
            outs = [next_play(hist, i, f) for f in ones]
            farmer_out = any(b is not None and not b.move.is_pass and b.move.size == 1 for b in outs)
            events.append(("lead1", safe, kind, farmer_out))
            if show is not None and safe and kind == "single below":
                print("  [lead1] deal %d: a farmer holds %s, played %s, landlord %s: %s" %
                      (tally["games"], format_ranks(1 << (4 * top)), m.text,
                       "won" if lord_won else "lost", request(g, h, s, hist, i, rules)),
                      file=show)
        if not m.is_pass:
            for r in range(NRANKS):
                h[s][r] -= (m.ranks >> (4 * r)) & 15
            n[s] -= m.size
            owner = s
            passes = 0
        else:
            passes += 1
            if passes == 2:
                owner = -1
    won = not lord_won
    tally["games"] += 1
    tally["won"] += won
    kinds = set()
    for e in events:
        key = e if e[0] == "over" else e[:-1]
        t = tally.setdefault(key, [0, 0])
        t[0] += 1
        if e[0] != "over":
            t2 = tally.setdefault(key + ("out",), [0, 0])
            t2[0] += e[-1]
        kinds.add(key[0] + ":" + key[-1] if e[0] == "over" else key[0])
    for kk in kinds:
        t = tally.setdefault(("games with", kk), [0, 0])
        t[0] += 1
        t[1] += won


def report_farmers(x, o, tally):
    print("%s as both farmers against %s (landlord), %s, %d deals from seed %d: farmers won %.3f" %
          (x, o.against, o.rules, tally["games"], o.seed, tally["won"] / tally["games"]))
    print("  feed (a free lead, the partner on one card):")
    for pos in ("down", "up"):
        for can in (True, False):
            led = tally.get(("feed", pos, can, True), [0])[0]
            not_led = tally.get(("feed", pos, can, False), [0])[0]
            outs = (tally.get(("feed", pos, can, True, "out"), [0])[0] +
                    tally.get(("feed", pos, can, False, "out"), [0])[0])
            tot = led + not_led
            if tot:
                print("    %-4s %-26s %4d leads: a single below it %4d (%.2f); partner or self out %4d (%.2f)" %
                      (pos, "held a single below it" if can else "held none below it", tot, led, led / tot,
                       outs, outs / tot))
    print("  over the partner's play (by the partner's cards left):")
    for left in range(1, 6):
        row = {k: tally.get(("over", left, k), [0])[0] for k in ("pass", "beat", "bomb", "out")}
        tot = sum(row.values())
        if tot:
            print("    partner %s: %5d answers: pass %.3f, beat %.3f, bomb %.3f, out %.3f" %
                  ("%d card%s" % (left, "" if left == 1 else "s") if left < 5 else "5+ cards", tot,
                   row["pass"] / tot, row["beat"] / tot, row["bomb"] / tot, row["out"] / tot))
    for kk in ("feed", "over:beat", "over:bomb"):
        t = tally.get(("games with", kk))
        if t:
            print("  games with %-10s %4d, farmers won %.3f" % (kk, t[0], t[1] / t[0]))


def report_landlord(x, o, tally):
    print("%s as the landlord against %s (both farmers), %s, %d deals from seed %d: landlord won %.3f" %
          (x, o.against, o.rules, tally["games"], o.seed, 1 - tally["won"] / tally["games"]))
    print("  a free lead while a farmer holds one card:")
    for safe in (True, False):
        rows = {k: (tally.get(("lead1", safe, k), [0])[0], tally.get(("lead1", safe, k, "out"), [0])[0])
                for k in ("single below", "single", "other", "out")}
        tot = sum(r[0] for r in rows.values())
        if tot:
            print("    %-40s %4d leads: %s" %
                  ("held a pair or a card as high as it" if safe else "held only singles below it", tot,
                   ", ".join("%s %d (farmer out %d)" % (k, r[0], r[1]) for k, r in rows.items() if r[0])))
    t = tally.get(("games with", "lead1"))
    if t:
        print("  games with such a lead %4d, landlord won %.3f" % (t[0], 1 - t[1] / t[0]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("agents", nargs="+")
    ap.add_argument("--against", default="planner")
    ap.add_argument("--side", choices=("farmers", "landlord"), default="farmers",
                    help="the side the agents play (default: both farmers)")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0, help="the first deal (default 0)")
    ap.add_argument("--rules", default="douzero")
    ap.add_argument("--show", action="store_true",
                    help="print the positions of feeds not made, of beats over a partner on one card and "
                         "of the landlord's singles below a farmer's last card that it need not have led")
    o = ap.parse_args()
    for x in o.agents:
        tally = {"games": 0, "won": 0}
        lord, farmer = (x, o.against) if o.side == "landlord" else (o.against, x)
        for k in range(o.first, o.first + o.deals):
            g, hands = play_game(o.seed, k, lord, farmer, o.rules)
            audit(g, hands, tally, sys.stdout if o.show else None, o.rules)
        (report_landlord if o.side == "landlord" else report_farmers)(x, o, tally)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
