"""DouZero's legal-action order, as known answers: for each hand and rival move, the exact list
DouZero's GameEnv.get_legal_card_play_actions makes (MovesGener's groups, move_selector's
filter, then bombs, the rocket and pass), written out here from DouZero's generator (see the
notes by each case), and the drop-in ddz.douzero must give it row for row, duplicates included.

Cards in rank notation 3456789TJQKA2BR (B, R: the jokers; DouZero's ints 3..14, 17, 20, 30);
a move is its sorted cards, "-" is pass. How DouZero orders a list:
  - leading: singles, pairs, triples, bombs, rocket, 3+1, 3+2, chains of singles, of pairs,
    of triples, planes with singles, planes with pairs, 4+2 singles, 4+2 pairs;
  - following: the rival's group only, kept when it beats the rival, then every bomb and the
    rocket (unless the rival is a bomb: bombs and the rocket that beat it), then pass;
  - singles come in CPython's iteration order of set(hand): ascending from 5 different cards
    on (32 slots), else slot int & 7, a taken slot moving to (slot * 5 + 1) & 7;
  - pairs, triples and bombs ascending (dict insertion order of the sorted hand);
  - 3+1 is for each single (set order) each triple; 3+2 for each pair each triple;
  - a chain group goes run by run (maximal runs of consecutive ints: 2 and jokers stand
    alone), then by length, then by start; following, only the rival's length;
  - kickers of a plane or of 4+2 singles are itertools.combinations of the remaining sorted
    cards, with only consecutive equal results merged (itertools.groupby), so the same move
    can come twice; plane pairs and 4+2 pairs are combinations of distinct pair ranks."""
import pytest

from ddz.douzero import GameEnv

CH = "3456789TJQKA2BR"
INTS = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]
DECK = [v for v in INTS[:13] for _ in range(4)] + [20, 30]

# (hand, rival or None when leading, DouZero's list)
LEADING = [
    # 4 different cards: set order J (11 & 7 = 3 is taken by 3, moves to 0), 3, B (4), R (6).
    ("333JJBR", "J 3 B R 33 JJ 333 BR 333J 333B 333R 333JJ"),
    # Chains of singles: one run 3..9; by length, then start. Chains of pairs: 3..6.
    ("33445566789", "3 4 5 6 7 8 9 33 44 55 66 34567 45678 56789 345678 456789 3456789 "
                    "334455 445566 33445566"),
    # Runs broken by the missing 8 and by 2 (17 does not follow 14).
    ("345679TJQKA2", "3 4 5 6 7 9 T J Q K A 2 34567 9TJQK TJQKA 9TJQKA"),
    # 3+1 single by single; a plane with kickers from [5, 5, 6]: 55, 56 (56 twice, merged).
    ("333444556", "3 4 5 6 33 44 55 333 444 3444 3334 3335 4445 3336 4446 33444 33344 33355 44455 "
                  "334455 333444 33344455 33344456"),
    # 4+2 kickers from [5, 5, 6, 7]: 55 56 57 56 57 67 (the repeats are not consecutive).
    ("33335567", "3 5 6 7 33 55 333 3333 3335 3336 3337 33355 333355 333356 333357 333356 333357 "
                 "333367"),
    # Every leading group but chains of singles/pairs: set order 8 9 5 6 (8 -> slot 0, 9 -> 1);
    # plane kickers from [8,8,9,9,9,9]: 88 89 99; 4+2 kickers from [5,5,5,6,6,6,8,8]:
    # 55 56 58 | 55 56 58 | 56 58 | 66 68 | 66 68 | (68 merged) | 88; 4+2 pairs 56 58 68.
    ("555666889999", "8 9 5 6 55 66 88 99 555 666 999 9999 5558 6668 8999 5559 6669 5666 5999 5556 6999 "
                     "55666 55999 55566 66999 55588 66688 88999 55599 66699 555666 "
                     "55566688 55566689 55566699 5556668899 "
                     "559999 569999 589999 559999 569999 589999 569999 589999 669999 689999 669999 "
                     "689999 889999 55669999 55889999 66889999"),
    # Chains of triples by length then start; a plane's kickers may be the other triple's cards.
    ("333444555", "3 4 5 33 44 55 333 444 555 3444 3555 3334 4555 3335 4445 33444 33555 33344 44555 "
                  "33355 44455 334455 333444 444555 333444555 33344455 33444555"),
]

FOLLOWING = [
    # Singles in set order (J 3 B), those above 5; no bomb; pass.
    ("3JB", "5", "J B -"),
    # Pairs above 8, then the rocket.
    ("4499QQ9BR", "88", "99 QQ BR -"),
    # Triples above 6, then every bomb.
    ("5557777KKK", "666", "777 KKK 7777 -"),
    # A bomb: the bombs and the rocket that beat it, nothing appended.
    ("33339999ABR", "5555", "9999 BR -"),
    # The rocket: only pass.
    ("33334", "BR", "-"),
    # 3+1 in (single set order 8 3 4 Q) x (triples 4 8), kept when the triple beats 555.
    ("3444888Q", "5556", "3888 4888 888Q -"),
    # 3+2 in (pairs 6 9 T A) x (triples 9 T).
    ("66999TTTAA", "33344", "66999 66TTT 99TTT 999TT 999AA TTTAA -"),
    # Chains of the rival's length only, above its start.
    ("3456789TAA2", "45678", "56789 6789T -"),
    ("55667788JJQQKK", "334455", "556677 667788 JJQQKK -"),
    ("6667778889", "333444", "666777 777888 -"),
    # Planes of length 2: kickers of 555666 from [3,7,7,7,9,9]: 37 39 77 79 77 79 (79 merged) 99;
    # of 666777 from [3,5,5,5,9,9] alike.
    ("355566677799", "3334448T", "35556667 35556669 55566677 55566679 55566677 55566679 55566699 "
                                 "35666777 36667779 55666777 56667779 55666777 56667779 66677799 -"),
    # Planes with pairs: pair ranks not in the plane (sorted), combinations of two.
    ("3355888999TTTKK", "44666777QQ", "3355888999 33888999TT 33888999KK 55888999TT 55888999KK 888999TTKK "
                                      "3355999TTT 3388999TTT 33999TTTKK 5588999TTT 55999TTTKK 88999TTTKK -"),
    # 4+2: 4444 with [3,9,9,9,9] (39 99) and 9999 with [3,4,4,4,4] (34 44); only the 9s beat 6666;
    # then both bombs.
    ("344449999", "666678", "349999 449999 4444 9999 -"),
    # 4+2 pairs: pair ranks 3 5 Q besides the four Ts.
    ("33555TTTTQQBR", "66667788", "3355TTTT 33TTTTQQ 55TTTTQQ TTTT BR -"),
]

# After a pass the rival is the move before it: landlord_up answers the landlord's 9. Set order
# of 7 K A 2: 2 (17 & 7 = 1), K (5), A (6), 7 (7).
AFTER_PASS = [("7KA2", "9", "2 K A -")]


def ints(text):
    return [INTS[CH.index(c)] for c in text]


def moves(text):
    return [[] if m == "-" else ints(m) for m in text.split()]


def text(move):
    return "".join(CH[INTS.index(c)] for c in move) or "-"


class Scripted:
    def __init__(self):
        self.action = None

    def act(self, infoset):
        return self.action


def rest_of_deck(*used):
    rest = list(DECK)
    for cards in used:
        for c in cards:
            rest.remove(c)
    return rest


def new_env():
    players = {p: Scripted() for p in ("landlord", "landlord_down", "landlord_up")}
    return GameEnv(players), players


def check(info, want, where):
    got = [text(m) for m in info.legal_actions]
    assert got == [text(m) for m in moves(want)], where
    assert info.legal_actions == moves(want), where


@pytest.mark.parametrize("hand,want", LEADING, ids=[h for h, _ in LEADING])
def test_leading_lists_in_douzeros_order(hand, want):
    env, _ = new_env()
    h = ints(hand)
    rest = rest_of_deck(h)
    env.card_play_init({"landlord": h, "landlord_down": rest[:17], "landlord_up": rest[17:34],
                        "three_landlord_cards": []})
    assert env.game_infoset.player_position == "landlord"
    check(env.game_infoset, want, hand)


@pytest.mark.parametrize("hand,rival,want", FOLLOWING, ids=["%s/%s" % (h, r) for h, r, _ in FOLLOWING])
def test_following_lists_in_douzeros_order(hand, rival, want):
    env, players = new_env()
    h, r = ints(hand), ints(rival)
    rest = rest_of_deck(h, r)
    env.card_play_init({"landlord": sorted(r + rest[:1]), "landlord_down": h, "landlord_up": rest[1:18],
                        "three_landlord_cards": []})
    players["landlord"].action = r
    env.step()
    assert env.game_infoset.player_position == "landlord_down"
    check(env.game_infoset, want, hand + "/" + rival)


@pytest.mark.parametrize("hand,rival,want", AFTER_PASS)
def test_after_a_pass_the_rival_is_the_move_before(hand, rival, want):
    env, players = new_env()
    h, r = ints(hand), ints(rival)
    rest = rest_of_deck(h, r)
    env.card_play_init({"landlord": sorted(r + rest[:1]), "landlord_down": rest[1:18], "landlord_up": h,
                        "three_landlord_cards": []})
    players["landlord"].action = r
    env.step()
    players["landlord_down"].action = []
    env.step()
    assert env.game_infoset.player_position == "landlord_up"
    check(env.game_infoset, want, hand + "/" + rival)


def test_the_table_covers_every_douzero_move_type():
    # DouZero's move_detector types 1..14 each appear among the answers (0 is pass).
    from ddz._lib import lib
    import ctypes
    from ddz.douzero.game import cards_to_counts
    seen = set()
    n = ctypes.c_int()
    for _, want in LEADING:
        for m in moves(want):
            seen.add(lib.ddz_dz_move_type(cards_to_counts(m), ctypes.byref(n)))
    for _, rival, want in FOLLOWING + AFTER_PASS:
        for m in moves(want) + [ints(rival)]:
            seen.add(lib.ddz_dz_move_type(cards_to_counts(m), ctypes.byref(n)))
    assert seen == set(range(15))
