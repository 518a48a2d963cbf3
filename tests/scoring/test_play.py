"""Legal play (R2, R3, R4, R9, R9b): who leads, who wins, what may be played, and every illegal play
refused with a message naming the trick, the seat, the card and the rule.

Illegal plays are made from legal hands by moving one player's cards between two tricks, chosen so
that every trick keeps its winner: the only thing wrong with the record is the play under test.
"""

from __future__ import annotations

import copy

import pytest

from scoring import check_hand
from scoring.cards import Card, Seat, Suit
from scoring.feasts import FEASTS
from scoring.play import Binding, bindings_of, legal_cards, playable_cards, winning_position
from scoring.problems import InvalidRecord
from scoring.records import Announcement, parse_hand
from tests.scoring.test_adjudicate import CASES_DIR, deal_from_tricks, load_case


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def record_from_play(attackers: str, tricks: list[str], announcements: list[dict] | None = None) -> dict:
    """A full record whose deal is what the play implies (see test_adjudicate.deal_from_tricks)."""
    played = [trick.split() for trick in tricks]
    return {"format": "royal-tarokk-hand/1", "attackers": attackers,
            "deal": deal_from_tricks(attackers, played), "announcements": announcements or [], "tricks": played}


# A legal hand with under-trumping in it: in trick 2 A.catcher, out of diamonds, plays the II under
# B.driver's IX, and in trick 5 the III under the XI (R4 asks for a trump, not a higher one).
BASE = record_from_play("A", [
    "Kh Qh Ch Vh", "Kd V IX II", "Ks Cs XV Qs", "XX VI X XIX", "Qd VII XI III",
    "Vs IIII XVIII 10s", "Kc Qc Cc Vc", "Cd I VIII XII", "XIV Fool XIII XVI", "Vd XXI XVII 10c",
], [{"feast": "pheasant", "by": "A.driver", "cards": ["Kh"], "contra": None}])


def case_record(name: str) -> dict:
    return copy.deepcopy(load_case(CASES_DIR / f"{name}.json")["record"])


def moved(record: dict, first: tuple[int, int], second: tuple[int, int]) -> dict:
    """The record with the cards at tricks[t][i] for the two (t, i) exchanged."""
    changed = copy.deepcopy(record)
    (t1, i1), (t2, i2) = first, second
    tricks = changed["tricks"]
    tricks[t1][i1], tricks[t2][i2] = tricks[t2][i2], tricks[t1][i1]
    return changed


def problems_of(record: dict) -> list:
    with pytest.raises(InvalidRecord) as refused:
        check_hand(record)
    return refused.value.problems


# --- trick winners and legal cards (R4) -----------------------------------------------------------


@pytest.mark.parametrize(("trick", "winner"), [
    ("Qh Kh Vh Ch", 1),  # the highest card of the suit led
    ("Qh Kd Ks Vh", 0),  # cards of other suits never win
    ("Kh I Qh Ch", 1),  # any trump beats the suit led
    ("Kh I II Ch", 2),  # the highest trump wins
    ("XXI Fool I Kh", 1),  # the Fool is the highest trump (R1)
    ("I Kh Qh Ch", 0),  # a trump led wins against suit cards
    ("Vs 10s Ks Kc", 2),
])
def test_the_highest_trump_else_the_highest_card_of_the_suit_led_wins(trick, winner):
    assert winning_position(cards(trick)) == winner


def test_follow_suit_when_you_can():
    assert legal_cards(cards("Qh Vh Kd V"), Card.parse("Kh")) == cards("Qh Vh")


def test_without_the_suit_led_play_a_trump():
    assert legal_cards(cards("Kd V XII Qs"), Card.parse("Kh")) == cards("V XII")


def test_without_the_suit_or_a_trump_play_any_card():
    assert legal_cards(cards("Kd Qs 10c"), Card.parse("Kh")) == cards("Kd Qs 10c")


def test_a_trump_lead_is_followed_with_a_trump():
    assert legal_cards(cards("Kh II Fool"), Card.parse("V")) == cards("II Fool")


def test_under_trumping_is_legal():
    """R4 asks for a trump, not for a higher one: the II may go under a XXI already played."""
    assert Card.parse("II") in legal_cards(cards("II Fool Ks"), Card.parse("XXI"))
    hand = check_hand(BASE)
    assert hand.tricks[1] == tuple(cards("Kd V IX II"))
    assert hand.tricks[4] == tuple(cards("Qd VII XI III"))


def test_the_leader_may_play_any_card():
    assert legal_cards(cards("Kh II 10c"), None) == cards("Kh II 10c")


# --- who leads (R2, R3, R4) -------------------------------------------------------------------------


def test_the_attacking_driver_leads_then_each_winner_and_play_moves_right():
    from scoring.play import play_out

    hand = parse_hand(BASE)
    played, problems = play_out(hand.deal, hand.attackers, hand.tricks, {})
    assert problems == []
    leaders = [str(trick.leader) for trick in played.tricks]
    winners = [str(trick.winner) for trick in played.tricks]
    assert leaders[0] == "A.driver"  # R3
    assert leaders[1:] == winners[:-1]  # R4
    assert [str(seat) for seat in played.tricks[0].seats] == ["A.driver", "B.catcher", "B.driver", "A.catcher"]
    assert [str(seat) for seat in played.tricks[2].seats] == ["B.driver", "A.catcher", "A.driver", "B.catcher"]


def test_trick_one_is_read_as_led_by_the_attacking_driver():
    """royal_slam's trick 1 written as if B.catcher had led it: the first card is taken as A.driver's (R3)."""
    record = case_record("royal_slam")
    record["tricks"][0] = ["I", "XXI", "X", "Fool"]
    problems = problems_of(record)
    assert [p.field for p in problems[:4]] == ["tricks[0][0]", "tricks[0][1]", "tricks[0][2]", "tricks[0][3]"]
    assert problems[0].message == ("trick 1: A.driver plays I, which is not in A.driver's hand (dealt to "
                                   "B.catcher): a player plays only his own cards")


# --- illegal plays, each refused with its own message ------------------------------------------------


def test_a_revoke_is_refused():
    """court_slam: in trick 8 (spades led) B.catcher plays the Cd while holding the Vs."""
    problems = problems_of(moved(case_record("court_slam"), (7, 1), (8, 1)))
    assert len(problems) == 1
    problem = problems[0]
    assert (problem.field, problem.ruling) == ("tricks[7][1]", "R4")
    assert problem.message == ("trick 8: B.catcher plays Cd: spades were led and a player must follow suit "
                               "when he can (holds Vs)")


def test_failing_to_trump_is_refused():
    """BASE: in trick 2 (diamonds led) A.catcher, out of diamonds, plays the Cs instead of a trump;
    the II goes to trick 3 instead, where it is legal (he has no spade left) and loses to the XV."""
    problems = problems_of(moved(BASE, (1, 3), (2, 1)))
    assert [(p.field, p.ruling) for p in problems] == [("tricks[1][3]", "R4")]
    assert problems[0].message == ("trick 2: A.catcher plays Cs: diamonds were led; a player who cannot "
                                   "follow suit must play a trump (holds XIX, XIV, XII, IV, III, II)")


def test_not_following_a_trump_lead_is_refused():
    """BASE: A.catcher plays the 10c to trick 4 (the XX led) while holding trumps."""
    problems = problems_of(moved(BASE, (3, 3), (9, 3)))
    assert [(p.field, p.ruling) for p in problems] == [("tricks[3][3]", "R4")]
    assert problems[0].message.startswith("trick 4: A.catcher plays 10c: a trump was led and a player must play a "
                                          "trump when he can (holds XIX, ")


def test_a_bound_card_played_to_another_trick_is_refused():
    """full_slam: Piccolo (R9), and Full and Scale with it (R9b), bind A.driver's XVIII to trick 3;
    leading it to trick 1 is refused. A Bound Trick binds it, so R9 is the ruling cited."""
    problems = problems_of(moved(case_record("full_slam"), (0, 0), (2, 0)))
    assert [(p.field, p.ruling) for p in problems] == [("tricks[0][0]", "R9")]
    assert problems[0].message == (
        "trick 1: A.driver plays XVIII, but the XVIII is bound to trick 3 by Full (announcements[0], R9b), "
        "Scale (announcements[1], R9b), Piccolo (announcements[2], R9) and may go to another trick only when "
        "the player has no other legal card (A.driver could play XVII, XVI, XV)"
    )


def test_a_card_bound_by_scale_alone_played_to_another_trick_is_refused_under_r9b():
    """full_slam with Scale its only binding feast: the XVIII led to trick 1 is refused, naming the
    card, the trick it is bound to and R9b."""
    record = moved(case_record("full_slam"), (0, 0), (2, 0))
    record["announcements"] = [item for item in record["announcements"] if item["feast"] == "scale"]
    problems = problems_of(record)
    assert [(p.field, p.ruling) for p in problems] == [("tricks[0][0]", "R9b")]
    assert problems[0].message == (
        "trick 1: A.driver plays XVIII, but the XVIII is bound to trick 3 by Scale (announcements[0], R9b) and "
        "may go to another trick only when the player has no other legal card (A.driver could play XVII, XVI, XV, "
        "IV, III, II)"
    )


def test_a_bound_card_may_go_elsewhere_when_nothing_else_is_legal():
    """court_slam: Turul binds B.driver's IIII to trick 6, but a trump is led to trick 4 and it is his
    last trump: R9 lets it go there. The record is accepted."""
    record = case_record("court_slam")
    assert record["tricks"][3][2] == "IIII" and record["announcements"][13]["feast"] == "turul"
    assert check_hand(record).announcements[13].won is False


def test_a_card_not_in_the_players_hand_is_refused():
    """royal_slam: B.catcher and B.driver exchange their cards in trick 10."""
    problems = problems_of(moved(case_record("royal_slam"), (9, 1), (9, 2)))
    assert [(p.field, p.ruling) for p in problems] == [("tricks[9][1]", "R4"), ("tricks[9][2]", "R4")]
    assert problems[0].message == ("trick 10: B.catcher plays 10c, which is not in B.catcher's hand "
                                   "(dealt to B.driver): a player plays only his own cards")


def test_a_card_played_twice_is_refused():
    record = case_record("royal_slam")
    record["tricks"][9][3] = "Qs"  # A.catcher's Kh replaced by B.catcher's Qs, already played to trick 9
    problems = problems_of(record)
    assert [(p.field, p.ruling) for p in problems] == [("tricks[9][3]", "R4")]
    assert problems[0].message == ("trick 10: A.catcher plays Qs, which was already played to trick 9: "
                                   "each card is played once")


def test_every_illegal_play_of_a_record_is_reported():
    record = moved(moved(BASE, (1, 3), (2, 1)), (3, 3), (9, 3))
    assert [(p.field, p.ruling) for p in problems_of(record)] == [("tricks[1][3]", "R4"), ("tricks[3][3]", "R4")]


# --- bound cards (R9) -----------------------------------------------------------------------------


def announcement(feast_id: str, by: str, declared: str = "", suits: tuple = (), index: int = 0) -> Announcement:
    return Announcement(index, FEASTS[feast_id], Seat.parse(by), tuple(cards(declared)), suits)


def test_a_card_is_bound_only_for_the_announcing_team():
    """R9: B's Piccolo binds the XVIII only if B holds it; A's XVIII stays free."""
    hand = parse_hand(case_record("quart_gloria_slam"))
    bindings = bindings_of([announcement("piccolo", "B.driver")], hand.deal)
    assert all(not bound for bound in bindings.values())
    # quart_gloria_slam: B announced Piccolo, Town Centre, Centre and Large Bird; A played the
    # XVIII, XIX, XX and Fool to tricks 3, 2, 2 and 1, and the record is accepted.
    assert check_hand(case_record("quart_gloria_slam")).tricks[0][0] == Card.parse("Fool")


def test_a_bound_card_is_held_back_while_the_player_has_another_legal_card():
    bound = {Card.parse("Kh"): Binding(frozenset({1, 2}), ())}
    assert playable_cards(cards("Kh Qh Ks"), Card.parse("Vh"), 3, bound) == cards("Qh")
    assert playable_cards(cards("Kh Qh Ks"), Card.parse("Vh"), 2, bound) == cards("Kh Qh")
    assert playable_cards(cards("Kh Ks"), Card.parse("Vh"), 5, bound) == cards("Kh")  # nothing else legal


def test_when_one_card_of_a_set_must_go_elsewhere_the_others_stay_bound():
    """Seed 002: if one of several cards bound by a feast has to be played to another trick, the
    others are still bound. Second Pheasant binds the Kh and Kd to tricks 1 and 2."""
    deal = parse_hand(BASE).deal
    second = announcement("second_pheasant", "A.driver", "Kh Kd")
    bound = bindings_of([second], deal)[Seat.parse("A.driver")]
    assert set(bound) == set(cards("Kh Kd"))
    # Trick 3: diamonds led, the Kd is his only diamond, so it must go there...
    assert playable_cards(cards("Kh Kd XX"), Card.parse("Vd"), 3, bound) == cards("Kd")
    # ...and the Kh is still bound: with the XX to play, it may not go to trick 4.
    assert playable_cards(cards("Kh XX"), None, 4, bound) == cards("XX")


SCALE_FAMILY = ("scale", "spectrum", "full", "court", "grand")
FIVE_BOUND_TRICKS = {"XVIII": 3, "XIX": 4, "XX": 5, "XXI": 6, "Fool": 7}


@pytest.mark.parametrize("feast_id", SCALE_FAMILY)
def test_the_scale_family_binds_the_five_bound_tricks_cards_of_its_team(feast_id):
    """R9b: each binds the XVIII to 3, XIX to 4, XX to 5, XXI to 6, Fool to 7, in the hands of the
    announcing team's players only (the Mond here is B's, and stays free)."""
    deal = parse_hand(case_record("royal_slam_misses")).deal
    suits = (Suit.SPADES,) if FEASTS[feast_id].suits.value == "one suit" else ()
    bindings = bindings_of([announcement(feast_id, "A.catcher", suits=suits)], deal)
    bound = {**bindings[Seat.parse("A.driver")], **bindings[Seat.parse("A.catcher")]}
    assert {str(card): set(binding.tricks) for card, binding in bound.items()} == {
        text: {trick} for text, trick in FIVE_BOUND_TRICKS.items() if text != "XXI"}
    assert not bindings[Seat.parse("B.driver")] and not bindings[Seat.parse("B.catcher")]
    assert all(binding.ruling == "R9b" for binding in bound.values())


def test_stella_and_habicht_magnifiers_still_win_tricks_one_to_three_in_any_order():
    """R9b keeps R9's set binding for Stella's and Habicht's declared magnifiers: each may go to any of
    tricks 1-3, while Stella's XIX..Fool are bound to 4..7."""
    deal = parse_hand(case_record("stella_slam")).deal
    stella = next(item for item in case_record("stella_slam")["announcements"] if item["feast"] == "stella")
    declared = announcement("stella", stella["by"], " ".join(stella["cards"]))
    bound = bindings_of([declared], deal)[declared.by]
    for text in stella["cards"]:
        assert bound[Card.parse(text)].tricks == frozenset({1, 2, 3})
    habicht = announcement("habicht", "A.driver", "Kh Kd Ks")
    assert {tricks for _, tricks in habicht.bindings()} == {frozenset({1, 2, 3})}


def test_scale_and_a_bound_trick_on_one_card_agree():
    """R9, R9b: Scale and Piccolo both bind the XVIII to trick 3; a team may hold both."""
    deal = parse_hand(case_record("full_slam")).deal
    scale, piccolo = announcement("scale", "A.catcher", index=0), announcement("piccolo", "A.driver", index=1)
    binding = bindings_of([scale, piccolo], deal)[Seat.parse("A.driver")][Card.parse("XVIII")]
    assert binding.tricks == frozenset({3}) and binding.ruling == "R9"


def test_two_feasts_binding_one_card_leave_it_only_the_tricks_both_allow():
    deal = parse_hand(case_record("pyramid_slam")).deal
    marriage = announcement("marriage", "A.driver", suits=(Suit.CLUBS,), index=0)  # Kc, Qc to 9 or 10
    last_day = announcement("last_day_of_the_month", "A.driver", "Kc", index=1)  # Kc to 10
    king_of_clubs = bindings_of([last_day, marriage], deal)[Seat.parse("A.driver")][Card.parse("Kc")]
    assert king_of_clubs.tricks == frozenset({10})


# --- the deal (R1, R3) -------------------------------------------------------------------------------


def _deal_problems(change) -> list[tuple[str, str]]:
    record = copy.deepcopy(BASE)
    del record["tricks"]
    record["silent"] = []
    record["announcements"] = []
    change(record["deal"])
    with pytest.raises(InvalidRecord) as refused:
        check_hand(record)
    return [(p.field, p.ruling) for p in refused.value.problems]


def test_a_player_with_fewer_than_three_trumps_is_refused():
    def fewer(deal):  # A.driver's XVIII and XV go to B.catcher for the Qs and 10s: 2 trumps left
        deal["A.driver"] = ["Fool", "XX", "Qs", "10s", "Kh", "Kd", "Qd", "Cd", "Vd", "Kc"]
        deal["B.catcher"] = ["XXI", "XIII", "VII", "VI", "V", "I", "Qh", "XV", "XVIII", "Qc"]
    assert ("deal.A.driver", "R3") in _deal_problems(fewer)


def test_the_xx_goes_to_the_attacking_driver_and_the_xix_to_the_catcher():
    def swap(deal):
        deal["A.driver"][deal["A.driver"].index("XX")] = "XIX"
        deal["A.catcher"][deal["A.catcher"].index("XIX")] = "XX"
    assert _deal_problems(swap) == [("deal.A.driver", "R3"), ("deal.A.catcher", "R3")]


def test_a_card_dealt_twice_is_refused():
    def twice(deal):
        deal["B.driver"][deal["B.driver"].index("Ch")] = "Qh"  # B.catcher has the Qh too; the Ch is not dealt
    problems = _deal_problems(twice)
    assert ("deal.B.driver", "R3") in problems and ("deal.B.catcher", "R3") in problems


def test_holdings_are_derived_from_the_deal():
    hand = parse_hand(BASE)
    holdings = {team.value: holding.as_record() for team, holding in hand.holdings.items()}
    assert holdings == {
        "A": {"trumps": 10, "honours": 1, "high_trumps": ["XVIII"]},
        "B": {"trumps": 12, "honours": 1, "high_trumps": ["XVI", "XVII"]},
    }
