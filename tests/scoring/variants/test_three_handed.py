"""Golden three-handed hands (R18, R18a, seed 001), worked out by hand in each file's description.

Each file under ``three_handed/`` holds a ``three-handed/1`` record, the rulings it exercises and
either the expected answer (``expect``: each player's points and the total) or the problems it
must be refused for (``expect_errors``).
"""

import json
from pathlib import Path

import pytest

from scoring.variants import VariantRecordError, score_three_handed
from scoring.variants.three_handed import CARD_POINTS_IN_PACK, CARD_VALUES_BEST_FIRST, most_card_points

GOLDEN = sorted((Path(__file__).parent / "three_handed").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


SCORED = [path for path in GOLDEN if "expect" in load(path)]
REFUSED = [path for path in GOLDEN if "expect_errors" in load(path)]


@pytest.mark.parametrize("path", SCORED, ids=[path.stem for path in SCORED])
def test_golden_hand(path: Path) -> None:
    golden = load(path)
    answer = score_three_handed(golden["record"])
    assert {player["name"]: player["points"] for player in answer["players"]} == golden["expect"]["players"]
    assert answer["total"] == golden["expect"]["total"]


@pytest.mark.parametrize("path", SCORED, ids=[path.stem for path in SCORED])
def test_each_players_lines_make_his_points(path: Path) -> None:
    for player in score_three_handed(load(path)["record"])["players"]:
        assert sum(line["points"] for line in player["lines"]) == player["points"]
        assert [line["item"] for line in player["lines"]] == ["card_points", "tricks", "par"]


@pytest.mark.parametrize("path", REFUSED, ids=[path.stem for path in REFUSED])
def test_golden_record_refused(path: Path) -> None:
    """Every listed (field, ruling) is reported, and nothing else."""
    golden = load(path)
    with pytest.raises(VariantRecordError) as caught:
        score_three_handed(golden["record"])
    reported = sorted((problem.field, problem.ruling) for problem in caught.value.problems)
    assert reported == sorted((error["field"], error["ruling"]) for error in golden["expect_errors"])


def test_golden_files_name_their_rulings() -> None:
    assert len(SCORED) >= 4 and len(GOLDEN) >= 5
    for path in GOLDEN:
        golden = load(path)
        assert golden["description"] and "R18" in golden["rulings"], path.name


def test_the_pack_is_78_cards_worth_130() -> None:
    """Seed 001's card values, which bound what a player's cards can be worth."""
    assert len(CARD_VALUES_BEST_FIRST) == 78
    assert sum(CARD_VALUES_BEST_FIRST) == CARD_POINTS_IN_PACK == 130


def test_a_wrong_total_names_the_field_and_the_ruling() -> None:
    record = {"format": "three-handed/1", "players": [
        {"name": "Anna", "card_points": 60, "tricks": 10},
        {"name": "Bela", "card_points": 40, "tricks": 8},
        {"name": "Csaba", "card_points": 31, "tricks": 7},
    ]}
    with pytest.raises(ValueError) as caught:
        score_three_handed(record)
    assert str(caught.value) == (
        "players[*].card_points: R18: the card points of the three players add up to 131, not 130"
    )


def test_a_second_dealer_and_a_repeated_name_are_refused() -> None:
    record = {"format": "three-handed/1", "players": [
        {"name": "Anna", "card_points": 60, "tricks": 10, "dealer": True},
        {"name": "Anna", "card_points": 40, "tricks": 8, "dealer": True},
        {"name": "Csaba", "card_points": 30, "tricks": 7},
    ]}
    with pytest.raises(VariantRecordError) as caught:
        score_three_handed(record)
    messages = [problem.message for problem in caught.value.problems]
    assert messages == ["the three players must be different people", "at most one player is the dealer"]


JUNK = [None, -1, 2.5, "", "8", [], {}, [8], {"name": 1}]


@pytest.mark.parametrize("key", ["name", "card_points", "tricks", "dealer"])
def test_junk_in_a_player_is_refused_with_that_field_named(key: str) -> None:
    """A record typed in by hand can hold anything: it is refused, never crashes the scorer."""
    players = [{"name": "Anna", "card_points": 60, "tricks": 10, "dealer": False},
               {"name": "Bela", "card_points": 40, "tricks": 8},
               {"name": "Csaba", "card_points": 30, "tricks": 7}]
    for junk in JUNK:
        if key == "name" and junk == "8":
            continue  # "8" is a name like any other
        broken = [{**players[0], key: junk}, *players[1:]]
        with pytest.raises(VariantRecordError) as caught:
            score_three_handed({"format": "three-handed/1", "players": broken})
        assert [problem.field for problem in caught.value.problems] == [f"players[0].{key}"], junk


@pytest.mark.parametrize("junk", JUNK)
def test_junk_instead_of_the_players_is_refused(junk) -> None:
    with pytest.raises(VariantRecordError) as caught:
        score_three_handed({"format": "three-handed/1", "players": junk})
    assert caught.value.problems[0].field == "players"


def test_a_dealers_discard_holds_at_most_the_fool_and_two_queens() -> None:
    """R18a: no Kings or Honours in the discard, the Fool only when the dealer holds no trump
    (seed 001), which the record leaves open: 5 + 4 + 4 = 13 without tricks."""
    assert most_card_points(0, as_dealer=True) == 13
    assert most_card_points(0, as_dealer=False) == 0
    # One trick: its three cards may be Kings or Honours (15), the discards still at most 13.
    assert most_card_points(1, as_dealer=True) == 28
    assert most_card_points(1, as_dealer=False) == 15
    # Once the tricks hold the six cards never discarded, the limit is the pack's best cards.
    assert most_card_points(2, as_dealer=True) == sum(CARD_VALUES_BEST_FIRST[:9])
    assert most_card_points(24, as_dealer=True) == CARD_POINTS_IN_PACK - 3  # all but three 1-point cards


def test_a_dealer_past_the_limit_is_told_why() -> None:
    """R18a: 15 card points for a dealer without tricks, accepted before, is refused in plain words."""
    record = {"format": "three-handed/1", "players": [
        {"name": "Anna", "card_points": 15, "tricks": 0, "dealer": True},
        {"name": "Bela", "card_points": 60, "tricks": 13},
        {"name": "Csaba", "card_points": 55, "tricks": 12},
    ]}
    with pytest.raises(VariantRecordError) as caught:
        score_three_handed(record)
    assert str(caught.value) == (
        "players[0].card_points: R18a: Anna cannot hold 15 card points: as the dealer, his three discards, "
        "which may not be Kings or Honours (the Fool only when he holds no trump), and the 0 cards of his "
        "0 tricks, are worth at most 13"
    )


def test_the_other_players_are_held_to_the_cards_of_their_tricks() -> None:
    """R18a, the same way for the players who did not deal: Bela's one trick holds three cards."""
    record = {"format": "three-handed/1", "players": [
        {"name": "Anna", "card_points": 90, "tricks": 12, "dealer": True},
        {"name": "Bela", "card_points": 16, "tricks": 1},
        {"name": "Csaba", "card_points": 24, "tricks": 12},
    ]}
    with pytest.raises(VariantRecordError) as caught:
        score_three_handed(record)
    assert [(p.field, p.ruling) for p in caught.value.problems] == [
        ("players[1].card_points", "R18a"), ("players[2].card_points", "R18")]
    assert caught.value.problems[1].message == (
        "Csaba cannot hold 24 card points in 36 cards: every card counts at least 1 (seed 001)")
