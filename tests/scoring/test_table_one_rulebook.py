"""R9c: one rulebook for a move and a record. The online table (scoring/table.py) asks the engine,
of every announcement, contra and card, the question a record's check asks; so a random sequence of
moves, malformed ones among them, is taken by the table exactly when the record it would write is
valid, and every hand finished at the table gives a record that scores.

"The record it would write": the hand finished with moves the table offers, its record holding the
move tried (an announcement added to the record's announcements, a contra on the feast it names);
for a card, the record's tricks so far with that card played next.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import evaluate_hand
from scoring.cards import PACK, SEATS_BY_NAME, Suit, Team, driver
from scoring.feasts import FEASTS
from scoring.play import bindings_of, play_out
from scoring.problems import InvalidRecord
from scoring.records import parse_hand
from scoring.table import IllegalMove, Kind, Move, Phase, TableHand, new_hand
from tests.scoring.examples import examples
from tests.scoring.table_moves import an_offered_move

# Refusals of the round's order, which a record cannot hold (who speaks when, R7's raise by the
# partner, R8's one contra a feast and none by the announcer): the record has no place for them.
ORDER_ONLY = {"not_your_turn", "no_such_announcement", "contra_twice", "own_contra", "raise_by_partner",
              "raise_after_contra"}
FEAST_IDS = sorted(FEASTS)
A_DRIVER = driver(Team.A)


def a_move_tried(hand: TableHand, rng: random.Random) -> Move:
    """A move of the seat to act as a hostile client might send it: any feast with any cards and
    suits, a contra on any number, any card of the pack, or a pass."""
    seat = hand.to_act
    kind = rng.choice([Kind.ANNOUNCE, Kind.ANNOUNCE, Kind.CONTRA, Kind.PLAY, Kind.PASS])
    if kind is Kind.ANNOUNCE:
        cards = tuple(rng.sample(_cards_near(hand, seat, rng), rng.choice([0, 0, 1, 1, 2, 3])))
        suits = tuple(rng.sample(list(Suit), rng.choice([0, 0, 1, 1, 2])))
        return Move(kind, seat, feast=rng.choice(FEAST_IDS), cards=cards, suits=suits)
    if kind is Kind.CONTRA:
        return Move(kind, seat, target=rng.randint(0, len(hand.called) + 1))
    if kind is Kind.PLAY:
        return Move(kind, seat, card=rng.choice(PACK if rng.random() < 0.3 else hand.hands[seat] or PACK))
    return Move(kind, seat)


def _cards_near(hand: TableHand, seat, rng: random.Random) -> list:
    """Mostly the seat's own cards (its magnifiers are the ones a feast may declare), else the pack."""
    own = list(hand.deal.hands[seat])
    return own if rng.random() < 0.7 else list(PACK)


def finished(hand: TableHand, rng: random.Random) -> TableHand:
    while hand.phase is not Phase.FINISHED:
        hand.apply(an_offered_move(hand, rng, 0.2))
    return hand


def forced_record(hand: TableHand, move: Move, rng: random.Random) -> dict:
    """The record of ``hand`` finished with offered moves, holding ``move`` though the table refused it."""
    done = finished(hand.copy(), rng)
    record = done.record()
    if move.kind is Kind.ANNOUNCE:
        item = {"feast": move.feast, "by": str(move.seat), "cards": [str(c) for c in move.cards],
                "suits": [s.word for s in move.suits]}
        if not FEASTS[move.feast].is_message:
            item["contra"] = None
        record["announcements"].append(item)
    else:  # a contra, on the feast it names, by the announcer's partner or an opponent
        called = hand.called[move.target - 1]
        place = [c.number for c in hand.standing].index(called.number)
        side = "partner" if move.seat.team is called.announcement.team else "opponents"
        record["announcements"][place]["contra"] = side
    return record


def engine_refuses(record: dict) -> InvalidRecord | None:
    try:
        evaluate_hand(record)
    except InvalidRecord as invalid:
        return invalid
    return None


def card_problems(hand: TableHand, card) -> list:
    """The record's check of its tricks (scoring.play.play_out), of the tricks so far and ``card``."""
    tricks = [list(trick) for trick in hand.tricks]
    if hand.current_trick:
        tricks[-1].append(card)
    else:
        tricks.append([card])
    announcements = parse_hand({**_announcing_record(hand)}).announcements
    bindings = bindings_of((a for a in announcements if not a.feast.is_message), hand.deal.hands)
    return play_out(hand.deal.hands, hand.attackers, tricks, bindings)[1]


def _announcing_record(hand: TableHand) -> dict:
    record = {"format": "royal-tarokk-hand/1", "attackers": hand.attackers.value,
              "deal": {str(seat): [str(c) for c in cards] for seat, cards in hand.deal.hands.items()},
              "announcements": [a.as_record() for a in hand.announcements()]}
    record["tricks"] = [[str(PACK[0])] * 4] * 10  # the shape only: parse_hand does not follow the play
    return record


def try_move(hand: TableHand, move: Move, rng: random.Random) -> bool:
    """Make ``move`` if the table takes it; check that it takes it exactly when the record may hold it."""
    if hand.phase is Phase.PLAYING and move.kind is Kind.PLAY:
        expected = card_problems(hand, move.card)
    elif hand.phase is Phase.ANNOUNCING and move.kind in (Kind.ANNOUNCE, Kind.CONTRA):
        expected = None
    else:
        expected = []
    try:
        hand.apply(move)
    except IllegalMove as refused:
        if refused.code in ORDER_ONLY or move.kind is Kind.PASS:
            return False
        if hand.phase is Phase.ANNOUNCING and move.kind is Kind.PLAY or \
                hand.phase is Phase.PLAYING and move.kind is not Kind.PLAY:
            assert refused.code in ("still_announcing", "announcements_over")
            return False
        if move.kind is Kind.CONTRA and hand._called(move.target) is None:
            assert refused.code == "no_such_announcement"
            return False
        # An engine refusal names the rule broken: the engine's own problem.
        assert refused.problem is not None and refused.params["ruling"] == refused.problem.ruling
        if move.kind is Kind.PLAY:
            assert expected and expected[-1].code == refused.params["reason"]
        else:
            invalid = engine_refuses(forced_record(hand, move, rng))
            assert invalid is not None, f"the table refused {move} ({refused}) but the record holding it scores"
        return False
    if move.kind is Kind.PLAY:
        assert expected == [], f"the table took {move} but the record's tricks refuse it: {expected}"
    return True


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), attackers=st.sampled_from([Team.A, Team.B]),
       moves_seed=st.integers(0, 2**32 - 1), hostile=st.floats(0.2, 0.8))
def test_the_table_takes_a_move_exactly_when_the_record_may_hold_it(seed, attackers, moves_seed, hostile):
    rng = random.Random(moves_seed)
    hand = new_hand(seed, attackers)
    while hand.phase is not Phase.FINISHED:
        if rng.random() < hostile:
            try_move(hand, a_move_tried(hand, rng), rng)
        else:
            hand.apply(an_offered_move(hand, rng, 0.3))
    answer = evaluate_hand(hand.record())  # every finished hand's record scores
    assert {"A", "B"} <= set(answer)


# --- the malformed announcements the issue names, each refused when made, in the engine's words ---

MALFORMED = [
    ("seize", ("XIV",), (), "not_magnifiers", "R9"),
    ("kite", ("Qh",), (), "not_magnifiers", "R9"),
    ("pheasant", (), (), "magnifier_count", "R9"),
    ("gang", (), (), "suits_do_not_fit", "R9c"),
    ("gang", (), ("hearts", "spades"), "suits_do_not_fit", "R9c"),
    ("dschinn", (), ("hearts",), "suits_do_not_fit", "R9c"),
    ("visi", ("I",), (), "declares_no_cards", "R9c"),
    ("play", (), ("hearts",), "suits_do_not_fit", "R9c"),
]


@pytest.mark.parametrize(("feast", "cards", "suits", "reason", "ruling"), MALFORMED)
def test_a_malformed_announcement_is_refused_when_made_with_the_engines_problem(feast, cards, suits, reason,
                                                                                 ruling):
    """R9c: Seize declaring the XIV, Kite the queen of hearts, Pheasant with no card, Gang with no
    suit or two, Dschinn with hearts, Visi with a card, Play with a suit."""
    hand = new_hand(7, Team.A)
    move = Move.from_dict({"kind": "announce", "seat": "A.driver", "feast": feast, "cards": list(cards),
                           "suits": list(suits)})
    with pytest.raises(IllegalMove) as refused:
        hand.apply(move)
    assert refused.value.code == "announcement_refused"
    assert (refused.value.params["reason"], refused.value.params["ruling"]) == (reason, ruling)
    assert refused.value.problem.code == reason
    assert not hand.moves and not hand.called  # nothing made
    record = forced_record(hand, move, random.Random(1))
    assert reason in {problem.code for problem in engine_refuses(record).problems}


def test_a_card_refused_says_which_rule_it_breaks():
    """R4: follow suit, else trump; the refusal is the record's own problem for that card."""
    rng = random.Random(3)
    for seed in range(40):
        hand = new_hand(seed, Team.A)
        while hand.phase is Phase.ANNOUNCING:
            hand.apply(Move(Kind.PASS, hand.to_act))
        hand.apply(Move(Kind.PLAY, hand.to_act, card=hand.playable()[0]))
        seat = hand.to_act
        refused_cards = [card for card in hand.hands[seat] if card not in hand.playable()]
        if not refused_cards:
            continue
        with pytest.raises(IllegalMove) as refused:
            hand.apply(Move(Kind.PLAY, seat, card=rng.choice(refused_cards)))
        assert refused.value.code == "card_not_playable"
        assert refused.value.params["reason"] in ("must_follow_suit", "must_play_trump", "must_trump_when_void")
        assert refused.value.params["ruling"] == "R4"
        return
    pytest.fail("no deal gave a card that may not follow")


def test_a_card_of_another_seat_is_refused_as_the_record_refuses_it():
    hand = new_hand(11, Team.A)
    while hand.phase is Phase.ANNOUNCING:
        hand.apply(Move(Kind.PASS, hand.to_act))
    other = next(card for card in hand.deal.hands[SEATS_BY_NAME["B.catcher"]])
    with pytest.raises(IllegalMove) as refused:
        hand.apply(Move(Kind.PLAY, A_DRIVER, card=other))
    assert refused.value.params["reason"] == "card_not_in_hand"
