"""scripts/teamwork.py's audit on a game whose situations are known (issue 14's teamwork)."""
import importlib.util
import os

from conftest import ROOT
from ddz import Game, parse_cards
from ddz.game import Action

spec = importlib.util.spec_from_file_location("teamwork", os.path.join(ROOT, "scripts", "teamwork.py"))
teamwork = importlib.util.module_from_spec(spec)
spec.loader.exec_module(teamwork)

# Seat 0 the landlord; seat 1 plays after it, before its partner, seat 2.
HANDS = ["CK DK HK CA DA HA DQ HQ CT DT HT D4 H4 S4 D5 H5 D6",
         "D3 H3 S3 S5 S6 S7 S8 S9 ST HJ SJ SQ SK SA C2 D2 H2",
         "S2 C7 D7 H7 C8 D8 H8 C9 D9 H9 C3 C4 C6 CJ DJ CQ C5"]
BOTTOM = "H6 BJ RJ"
# The partner (seat 2) empties its hand down to a 5; seat 1 takes a free lead and feeds it a 3.
PLAYS = ["K", "pass", "2", "pass", "pass",
         "777888999346", "pass", "pass",
         "JJ", "pass", "pass",
         "Q", "A", "pass", "pass",
         "4", "5", "pass", "pass",
         "3", "5"]


def played_game(plays):
    g = Game("rules=douzero")
    g.deal_hands([parse_cards(h) for h in HANDS], parse_cards(BOTTOM), first=0)
    g.apply(Action.bid(0, 3))
    for p in plays:
        g.apply(p)
    return g


def test_a_feed_and_the_answers_to_the_partner_are_tallied():
    g = played_game(PLAYS)
    assert g.over and not g.result().landlord_won
    hands = teamwork.start_hands(g)
    assert [sum(h) for h in hands] == [20, 17, 17]
    tally = {"games": 0, "won": 0}
    teamwork.audit(g, hands, tally)
    assert tally["games"] == 1 and tally["won"] == 1
    # Seat 1 led freely with its partner on one card (a 5), held a 3 below it, led it; the partner went out.
    assert tally[("feed", "down", True, True)] == [1, 0]
    assert tally[("feed", "down", True, True, "out")] == [1, 0]
    assert not any(k[0] == "feed" and k[1] == "up" for k in tally if isinstance(k, tuple))
    # Answers to the partner's play, by its cards left: seat 1 passed its partner's 2 (16 left),
    # plane (4 left) and JJ (2 left); seat 2 passed seat 1's 5 (16 left) and went out over its 3.
    assert tally[("over", 5, "pass")] == [2, 0]
    assert tally[("over", 4, "pass")] == [1, 0]
    assert tally[("over", 2, "pass")] == [1, 0]
    assert tally[("over", 5, "out")] == [1, 0]
    assert ("over", 1, "beat") not in tally
    assert tally[("games with", "feed")] == [1, 1]
    # The landlord led its 4 while seat 2 held one card (a 5), with pairs it could have led
    # instead; seat 1's 5 took the trick, so the farmer on one card did not go out on it.
    assert tally[("lead1", True, "single below")] == [1, 0]
    assert tally[("lead1", True, "single below", "out")] == [0, 0]
    assert sum(v[0] for k, v in tally.items() if isinstance(k, tuple) and k[0] == "lead1" and len(k) == 3) == 1


def test_a_lead_above_the_partners_card_is_no_feed():
    # Seat 1 leads its 6 (above the partner's 5) first; both others pass; then it feeds the 3.
    g = played_game(PLAYS[:-2] + ["6", "pass", "pass", "3", "5"])
    assert g.over and not g.result().landlord_won
    hands = teamwork.start_hands(g)
    tally = {"games": 0, "won": 0}
    teamwork.audit(g, hands, tally)
    assert tally[("feed", "down", True, False)] == [1, 0]
    assert tally.get(("feed", "down", True, False, "out"), [0])[0] == 0
    assert tally[("feed", "down", True, True)] == [1, 0]
    assert tally[("feed", "down", True, True, "out")] == [1, 0]
    assert tally[("over", 5, "pass")] == [3, 0]


def test_a_request_is_the_seats_view():
    g = played_game(PLAYS)
    hands = teamwork.start_hands(g)
    hist = [a for a in g.history() if a.kind == "play"]
    req = teamwork.request(g, hands, 1, hist, 2, "douzero")
    assert req == ('{"type":"play","rules":"douzero","seat":1,"landlord":0,"hand":"33356789TJJQKA222",'
                   '"bottom":"6BR","history":[[0,"K"],[1,""]]}')
