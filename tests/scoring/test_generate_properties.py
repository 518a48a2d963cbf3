"""Properties of random legal hands (scoring.generate) played out and adjudicated (R3, R4, R7-R10)."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidRecord, evaluate_hand, parse_hand
from scoring.adjudicate import adjudicate
from scoring.cards import ANGEL, LAMOUR, PACK, Seat, Team, catcher, driver
from scoring.feasts import FEASTS, Category
from scoring.generate import full_record, random_deal, random_hand, results_of, results_record
from scoring.play import play_out
from scoring.records import Announcement, Contra
from tests.scoring.examples import examples

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FREE_PASSES = [feast_id for feast_id, feast in FEASTS.items() if feast.category is Category.FREE_PASS]


def dominant_deal(rng: random.Random) -> dict:
    """A deal (R3) where attacking team A holds the 16 trumps from VII up, B the six lowest (three
    each): played strongly by A, most such hands are slams."""
    strong = [card for card in PACK if card.trump >= 7 and card not in (ANGEL, LAMOUR)]
    weak = [card for card in PACK if 1 <= card.trump <= 6]
    suit_cards = [card for card in PACK if not card.trump]
    while True:
        rng.shuffle(suit_cards)
        a_cards, b_cards = strong + suit_cards[:4], weak + suit_cards[4:]
        rng.shuffle(a_cards)
        rng.shuffle(b_cards)
        deal = {
            driver(Team.A): (ANGEL, *a_cards[:9]), catcher(Team.A): (LAMOUR, *a_cards[9:]),
            driver(Team.B): tuple(b_cards[:10]), catcher(Team.B): tuple(b_cards[10:]),
        }
        if all(sum(1 for card in cards if card.trump) >= 3 for cards in deal.values()):
            return deal


def tricks_won(hand) -> Counter:
    played, problems = play_out(hand.deal, hand.attackers, hand.tricks, {})
    assert problems == []
    return Counter(trick.winner.team for trick in played.tricks)


@settings(max_examples=examples(150), deadline=None)
@given(SEEDS)
def test_random_legal_games_are_accepted_and_played_out(seed):
    rng = random.Random(seed)
    record = full_record(rng, strong=rng.choice([None, Team.A, Team.B]))
    hand = parse_hand(record)  # the generator's deal and announcements pass every record check
    judged = adjudicate(hand)  # and its play every R4/R9 check
    assert len(judged.tricks) == 10 and all(len(trick) == 4 for trick in judged.tricks)
    played = [card for trick in judged.tricks for card in trick]
    assert sorted(played, key=PACK.index) == list(PACK)  # every card played once
    counts = tricks_won(judged)
    assert counts[Team.A] + counts[Team.B] == 10
    assert all(a.won is not None for a in judged.announcements if not a.feast.is_message)


@settings(max_examples=examples(100), deadline=None)
@given(SEEDS)
def test_the_deal_keeps_r3(seed):
    rng = random.Random(seed)
    attackers = rng.choice([Team.A, Team.B])
    deal = random_deal(rng, attackers)
    assert all(len(cards) == 10 and sum(1 for card in cards if card.trump) >= 3 for cards in deal.values())
    assert ANGEL in deal[driver(attackers)] and LAMOUR in deal[catcher(attackers)]
    assert sorted((card for cards in deal.values() for card in cards), key=PACK.index) == list(PACK)


@settings(max_examples=examples(150), deadline=None)
@given(SEEDS, st.sampled_from(FREE_PASSES), st.sampled_from([None, Contra.PARTNER, Contra.OPPONENTS]))
def test_all_ten_tricks_win_slam_and_lose_every_free_pass_of_the_other_team(seed, other_pass, contra):
    rng = random.Random(seed)
    announcements = (
        Announcement(0, FEASTS["slam"], rng.choice([driver(Team.A), catcher(Team.A)]), contra=contra),
        Announcement(1, FEASTS[other_pass], rng.choice([driver(Team.B), catcher(Team.B)])),
    )
    hand = random_hand(rng, attackers=Team.A, deal=dominant_deal(rng), announcements=announcements,
                       strong=Team.A)
    judged = adjudicate(hand)
    slam, other = judged.announcements
    all_ten = tricks_won(judged)[Team.A] == 10
    assert slam.won is all_ten
    if all_ten:
        assert other.won is False
        assert Team.B not in {entry.team for entry in judged.silent}  # B took no card at all


def test_the_slam_property_is_exercised():
    """The dominant deals above do give slams (so the property is not vacuous)."""
    rng = random.Random(2024)
    slams = sum(
        tricks_won(random_hand(rng, attackers=Team.A, deal=dominant_deal(rng), strong=Team.A))[Team.A] == 10
        for _ in range(50)
    )
    assert slams >= 10


@settings(max_examples=examples(150), deadline=None)
@given(SEEDS)
def test_results_mode_twin_scores_the_same(seed):
    """Replacing the deal and tricks by their derived holdings, results and silent premiums (FORMAT.md's
    results mode) gives the same scores."""
    rng = random.Random(seed)
    record = full_record(rng, strong=rng.choice([None, Team.A]))
    twin = results_of(parse_hand(record)).as_record()
    assert "deal" not in twin and "tricks" not in twin and "silent" in twin
    assert evaluate_hand(twin) == evaluate_hand(record)


@settings(max_examples=examples(50), deadline=None)
@given(SEEDS)
def test_the_same_seed_gives_the_same_hand(seed):
    assert full_record(random.Random(seed)) == full_record(random.Random(seed))
    assert results_record(random.Random(seed)) == results_record(random.Random(seed))


def test_generated_announcements_include_contras_at_most_one_a_team():
    """R8: each team may call one contra; never on a message. Over many hands some contras appear."""
    rng = random.Random(7)
    contras = 0
    for _ in range(300):
        hand = random_hand(rng)
        callers = Counter(
            a.team if a.contra is Contra.PARTNER else a.team.other
            for a in hand.announcements if a.contra is not None
        )
        assert all(count == 1 for count in callers.values())
        assert all(a.contra is None for a in hand.announcements if a.feast.is_message)
        contras += sum(callers.values())
    assert contras > 30


def test_generated_declared_magnifiers_are_held_by_the_announcer():
    rng = random.Random(11)
    declared = 0
    for _ in range(300):
        hand = random_hand(rng)
        for a in hand.announcements:
            assert all(card in hand.deal[a.by] and card.is_magnifier for card in a.cards)
            declared += len(a.cards)
    assert declared > 0


def test_seat_helpers_used_by_the_generator_follow_r2():
    assert [str(seat) for seat in (driver(Team.A), catcher(Team.A))] == ["A.driver", "A.catcher"]
    assert Seat.parse("A.driver").next_to_play == Seat.parse("B.catcher")


@settings(max_examples=examples(50), deadline=None)
@given(SEEDS)
def test_reading_a_record_again_gives_the_same_hand(seed):
    """records.py keeps announcements and holdings already read (a speed-up): reading a record a
    second time, from its caches, gives the same hand and the same scores."""
    record = results_record(random.Random(seed))
    first = parse_hand(record)
    again = parse_hand(copy.deepcopy(record))
    assert again == first
    assert evaluate_hand(copy.deepcopy(record)) == evaluate_hand(record)


def test_an_announcement_read_before_does_not_hide_a_problem_in_another_record():
    record = results_record(random.Random(5))
    parse_hand(record)  # its announcements and holdings are now cached
    for change, field in (
        (lambda r: r["announcements"][0].update(note="x"), "announcements[0].note"),
        (lambda r: r["announcements"][0].update(by="A.chief"), "announcements[0].by"),
        (lambda r: r["holdings"]["A"].update(trumps=r["holdings"]["A"]["trumps"] + 0.0), "holdings.A.trumps"),
        (lambda r: r["holdings"]["B"].update(extra=1), "holdings.B.extra"),
    ):
        changed = copy.deepcopy(record)
        change(changed)
        with pytest.raises(InvalidRecord) as refused:
            parse_hand(changed)
        assert field in [problem.field for problem in refused.value.problems]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_table_hands_are_legal_and_score_like_a_tournament_table(seed):
    """The demo's hands: legal throughout (R3-R10), results agreeing with the play."""
    rng = random.Random(seed)
    full = full_record(rng, table=True)
    results = results_record(random.Random(seed), table=True)
    assert evaluate_hand(full) == evaluate_hand(results)
    assert all(item.get("result") in ("won", "lost") for item in results["announcements"]
               if not FEASTS[item["feast"]].is_message)
