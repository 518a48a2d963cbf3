"""R6a: Number of a Suit and Trumps say their number ("4 Hearts", "9 Trumps"), the actual one where
the deal is known: in a record, at the online table, and in the records the table writes. Records
kept before R6a, whose messages say no number, stay valid (the golden hands 140-144 hold the
arithmetic and the refusals' fields)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from scoring import check_hand, evaluate_hand
from scoring.cards import Suit, Team
from scoring.generate import full_record
from scoring.problems import InvalidRecord
from scoring.records import parse_hand
from scoring.table import IllegalMove, Kind, Move, Phase, new_hand, replay
from tests.scoring.table_moves import an_offered_move

GOLDEN = Path(__file__).parent / "golden" / "hands"


def golden_record(name: str) -> dict:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))["record"]


def problems_of(record: dict) -> list:
    with pytest.raises(InvalidRecord) as refused:
        parse_hand(record)
    return refused.value.problems


def test_r6a_a_record_keeps_each_messages_number_through_parsing_and_adjudication():
    record = golden_record("140_messages_say_their_number_with_the_deal.json")
    written = parse_hand(record).as_record()
    said = [(a["feast"], a.get("suits"), a.get("number")) for a in written["announcements"]]
    assert said == [("trumps", None, 9), ("suit_count", ["spades"], 2), ("suit_count", ["diamonds"], 2),
                    ("suit_count", ["clubs"], 3)]
    assert parse_hand(written).as_record() == written  # lossless


def test_r6a_a_number_the_deal_disagrees_with_is_refused_in_words_naming_the_seat_and_both_numbers():
    record = golden_record("140_messages_say_their_number_with_the_deal.json")
    record["announcements"][1]["number"] = 3  # A.catcher holds Ks and Qs
    [problem] = problems_of(record)
    assert (problem.field, problem.ruling, problem.code) == ("announcements[1].number", "R6a",
                                                             "message_number_untrue")
    assert problem.message == "A.catcher holds 2 spades, not 3: a message says the actual number"
    assert problem.params == {"feast": "suit_count", "seat": "A.catcher", "number": 3, "held": 2, "suit": "spades"}


def test_r6a_records_from_before_the_number_stay_valid_and_are_written_back_without_one():
    record = golden_record("142_messages_without_their_number_recorded_before_r6a.json")
    written = parse_hand(record).as_record()
    assert all("number" not in a for a in written["announcements"])
    assert evaluate_hand(record) == evaluate_hand(written)


def test_r6a_a_message_without_a_number_is_still_held_to_r6_with_the_deal():
    record = golden_record("142_messages_without_their_number_recorded_before_r6a.json")
    record["announcements"][0]["by"] = "B.driver"  # 3 trumps: no Trumps message at all
    [problem] = problems_of(record)
    assert (problem.ruling, problem.code) == ("R6", "message_untrue")


@pytest.mark.parametrize(("suit", "most"), [("hearts", 3), ("diamonds", 3), ("spades", 4), ("clubs", 4)])
def test_r6a_number_of_a_suit_counts_two_cards_of_its_suit_and_not_all(suit, most):
    record = golden_record("141_messages_say_their_number_without_the_deal.json")
    record["announcements"] = [{"feast": "suit_count", "by": by, "suits": [suit], "number": n}
                               for by, n in (("A.driver", 2), ("B.driver", most))]
    parse_hand(record)
    for number in (1, most + 1):
        record["announcements"] = [{"feast": "suit_count", "by": "A.driver", "suits": [suit], "number": number}]
        [problem] = problems_of(record)
        assert (problem.ruling, problem.code, problem.params["most"]) == ("R6a", "number_out_of_range", most)


@pytest.mark.parametrize("number", [True, 4.0, "4", [4], -2])
def test_r6a_a_number_is_a_whole_number_of_cards(number):
    record = golden_record("141_messages_say_their_number_without_the_deal.json")
    record["announcements"] = [{"feast": "suit_count", "by": "A.driver", "suits": ["spades"], "number": 4},
                               {"feast": "suit_count", "by": "A.catcher", "suits": ["spades"], "number": number}]
    problems = problems_of(record)
    assert [(p.field, p.ruling) for p in problems] == [("announcements[1].number", "R6a")]


@pytest.mark.parametrize("feast", ["birds", "flush", "four_of_a_kind", "pheasant", "gang"])
def test_r6a_only_number_of_a_suit_and_trumps_say_a_number(feast):
    record = golden_record("141_messages_say_their_number_without_the_deal.json")
    record["announcements"] = [{"feast": feast, "by": "A.driver", "number": 4}]
    codes = [(p.field, p.code) for p in problems_of(record)]
    assert ("announcements[0].number", "declares_no_number") in codes


def test_r6a_full_records_drawn_at_random_say_the_number_held():
    for seed in range(30):
        record = full_record(random.Random(seed), table=True)
        for said in record["announcements"]:
            if said["feast"] in ("suit_count", "trumps"):
                assert isinstance(said["number"], int)
        check_hand(record)


# --- at the online table ---------------------------------------------------------------------------


def _seed_with(predicate) -> int:
    return next(seed for seed in range(500) if predicate(new_hand(seed, Team.A)))


def _held(hand, suit: Suit) -> int:
    return sum(1 for card in hand.deal.hands[hand.to_act] if card.is_suit_card and card.suit is suit)


def _countable_suit(hand) -> Suit | None:
    return next((suit for suit in Suit if 2 <= _held(hand, suit) < len(suit.ranks())), None)


def test_r6a_the_table_offers_each_message_with_the_number_the_player_holds():
    for seed in range(20):
        hand = new_hand(seed, Team.A)
        cards = hand.deal.hands[hand.to_act]
        for move in hand.legal_announcements():
            if move.feast == "trumps":
                assert move.number == sum(1 for card in cards if card.is_trump)
            elif move.feast == "suit_count":
                [suit] = move.suits
                assert move.number == _held(hand, suit)
            else:
                assert move.number is None


def test_r6a_the_table_refuses_a_number_not_held_with_the_engines_words():
    hand = new_hand(_seed_with(_countable_suit), Team.A)
    suit = _countable_suit(hand)
    wrong = Move(Kind.ANNOUNCE, hand.to_act, feast="suit_count", suits=(suit,), number=_held(hand, suit) + 1)
    with pytest.raises(IllegalMove) as refused:
        hand.apply(wrong)
    assert refused.value.params["ruling"] == "R6a"
    assert refused.value.params["reason"] == "message_number_untrue"
    assert f"holds {_held(hand, suit)} {suit.word}" in str(refused.value)
    assert hand.moves == []  # nothing refused is kept


def test_r6a_a_message_stored_without_its_number_is_heard_with_the_number_held():
    """A table's move kept before R6a replays; everyone hears, and the record says, the number held."""
    seed = _seed_with(_countable_suit)
    hand = new_hand(seed, Team.A)
    suit, seat = _countable_suit(hand), hand.to_act
    stored = {"kind": "announce", "seat": str(seat), "feast": "suit_count", "cards": [], "suits": [suit.word]}
    played = replay(seed, Team.A, [stored])
    assert played.moves[0].number == _held(hand, suit)
    assert played.announcements()[0].number == _held(hand, suit)


@pytest.mark.parametrize(("feast", "suits", "number"), [
    ("flush", (), 4), ("birds", (), 1), ("pheasant", (), 3),  # these say no number
    ("suit_count", (), 2), ("suit_count", (Suit.HEARTS, Suit.CLUBS), 2),  # a number needs its one suit
])
def test_r6a_the_table_refuses_a_number_where_the_record_would_refuse_it(feast, suits, number):
    """One rulebook (R9c): a hand-made move the engine would refuse in the record is refused when made."""
    hand = new_hand(_seed_with(_countable_suit), Team.A)
    move = Move(Kind.ANNOUNCE, hand.to_act, feast=feast, suits=suits, number=number)
    with pytest.raises(IllegalMove) as refused:
        hand.apply(move)
    assert refused.value.params["ruling"] == "R6a"
    assert hand.moves == []


@pytest.mark.parametrize("number", ["4", 4.5, True, [4]])
def test_r6a_a_hand_made_move_with_a_number_that_is_not_a_count_is_not_understood(number):
    with pytest.raises(IllegalMove):
        Move.from_dict({"kind": "announce", "seat": "A.driver", "feast": "trumps", "number": number})


def test_r6a_a_move_carries_its_number_to_the_client_and_back():
    move = Move(Kind.ANNOUNCE, new_hand(1, Team.A).to_act, feast="suit_count", suits=(Suit.CLUBS,), number=3)
    assert move.as_dict()["number"] == 3
    assert Move.from_dict(copy.deepcopy(move.as_dict())) == move


def test_r6a_the_record_of_a_hand_played_at_the_table_says_every_number_and_the_engine_accepts_it():
    """Hands where players speak often; the engine's acceptance of any hand the table offers is
    test_table.py's property test."""
    said = 0
    for seed in range(12):
        rng = random.Random(seed)
        hand = new_hand(seed, Team.A)
        while hand.phase is not Phase.FINISHED:
            hand.apply(an_offered_move(hand, rng, 0.7))
        record = hand.record()
        for item in record["announcements"]:
            if item["feast"] in ("suit_count", "trumps"):
                said += 1
                assert isinstance(item["number"], int)
        check_hand(record)
    assert said  # the seeds above do say some
