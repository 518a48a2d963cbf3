"""Golden Emperor Tarokk hands (R18, seed 000), worked out by hand in each file's description.

Each file under ``emperor/`` holds an ``emperor/1`` record, the rulings it exercises and either
the expected answer (``expect``: whether the game was won, the declarer's side's points and lines,
each player's points) or the problems it must be refused for (``expect_errors``).
"""

import json
from pathlib import Path

import pytest

from scoring.variants import VariantRecordError, score_emperor

GOLDEN = sorted((Path(__file__).parent / "emperor").glob("*.json"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


SCORED = [path for path in GOLDEN if "expect" in load(path)]
REFUSED = [path for path in GOLDEN if "expect_errors" in load(path)]


def lines_of(side_answer: dict) -> list[tuple[str, int]]:
    return [(line["item"], line["points"]) for line in side_answer["lines"]]


@pytest.mark.parametrize("path", SCORED, ids=[path.stem for path in SCORED])
def test_golden_hand(path: Path) -> None:
    golden = load(path)
    expect = golden["expect"]
    answer = score_emperor(golden["record"])
    declarer_side = answer["sides"]["declarer"]
    assert answer["game"]["won"] is expect["won"]
    assert lines_of(declarer_side) == [(line["item"], line["points"]) for line in expect["lines"]]
    assert declarer_side["points"] == expect["points"]
    assert {player["name"]: player["points"] for player in answer["players"]} == expect["players"]


@pytest.mark.parametrize("path", SCORED, ids=[path.stem for path in SCORED])
def test_every_point_has_a_line_and_the_hand_is_zero_sum(path: Path) -> None:
    answer = score_emperor(load(path)["record"])
    declarer_side, defenders = answer["sides"]["declarer"], answer["sides"]["defenders"]
    assert sum(points for _, points in lines_of(declarer_side)) == declarer_side["points"]
    assert lines_of(defenders) == [(item, -points) for item, points in lines_of(declarer_side)]
    assert defenders["points"] == -declarer_side["points"]
    assert sum(player["points"] for player in answer["players"]) == 0
    assert all(line["detail"] for line in declarer_side["lines"])


@pytest.mark.parametrize("path", REFUSED, ids=[path.stem for path in REFUSED])
def test_golden_record_refused(path: Path) -> None:
    """Every listed (field, ruling) is reported, and nothing else."""
    golden = load(path)
    with pytest.raises(VariantRecordError) as caught:
        score_emperor(golden["record"])
    reported = sorted((problem.field, problem.ruling) for problem in caught.value.problems)
    assert reported == sorted((error["field"], error["ruling"]) for error in golden["expect_errors"])


def test_golden_files_name_their_rulings() -> None:
    assert len(SCORED) >= 8 and REFUSED
    for path in GOLDEN:
        golden = load(path)
        assert golden["description"] and "R18" in golden["rulings"], path.name


def test_refusal_is_a_value_error_with_one_line_per_problem() -> None:
    record = {"format": "emperor/1", "declarer": "Anna", "partner": None,
              "defenders": ["Bela", "Csaba", "Dora"], "bid": "two_cards", "card_points": 120,
              "tricks": 11}
    with pytest.raises(ValueError) as caught:
        score_emperor(record)
    error = caught.value
    assert isinstance(error, VariantRecordError)
    assert str(error).splitlines() == [
        f"{problem.field}: {problem.ruling}: {problem.message}" for problem in error.problems
    ]
    assert [problem.field for problem in error.problems] == ["card_points", "tricks"]
    assert "0 to 94" in error.problems[0].message


def test_a_record_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(VariantRecordError) as caught:
        score_emperor(["emperor/1"])
    assert [(problem.field, problem.ruling) for problem in caught.value.problems] == [
        ("record", "FORMAT")
    ]


def test_each_contra_level_doubles_the_game() -> None:
    """R18: Contra, Re-Contra and Sub-Contra double each time (1 Card is worth 3)."""
    base = {"format": "emperor/1", "declarer": "Anna", "partner": "Bela",
            "defenders": ["Csaba", "Dora"], "bid": "one_card", "card_points": 50, "tricks": 5}
    points = [score_emperor({**base, "contra": level})["sides"]["declarer"]["points"]
              for level in (None, "contra", "re_contra", "sub_contra")]
    assert points == [3, 6, 12, 24]


def test_the_game_needs_48_card_points() -> None:
    """R18: 48 of the 94 card points win the game for the declarer's side; 47 lose it."""
    base = {"format": "emperor/1", "declarer": "Anna", "partner": "Bela",
            "defenders": ["Csaba", "Dora"], "bid": "three_cards", "tricks": 5}
    assert score_emperor({**base, "card_points": 48})["sides"]["declarer"]["points"] == 1
    assert score_emperor({**base, "card_points": 47})["sides"]["declarer"]["points"] == -1


def test_annulments_double_the_hand_each_and_are_counted_up_to_ten() -> None:
    """R18 (seed 000's decision 7): each annulled deal before a hand doubles its points; ten in a
    row is the most a record may say (a factor of 1,024), so no record's factor runs to thousands
    of digits."""
    base = {"format": "emperor/1", "declarer": "Anna", "partner": "Bela",
            "defenders": ["Csaba", "Dora"], "bid": "one_card", "card_points": 50, "tricks": 5}
    points = [score_emperor({**base, "annulments": count})["sides"]["declarer"]["points"] for count in (0, 1, 10)]
    assert points == [3, 6, 3 * 1024]
    with pytest.raises(VariantRecordError) as caught:
        score_emperor({**base, "annulments": 14285})
    assert [(problem.field, problem.ruling) for problem in caught.value.problems] == [("annulments", "R18")]


JUNK = [None, True, -1, 2.5, "", [], {}, ["two_cards"], {"bid": 1}]
FIELDS = ["declarer", "partner", "defenders", "bid", "contra", "card_points", "tricks", "annulments",
          "bonuses"]


def is_valid_oddity(field: str, junk) -> bool:
    """Null is a valid partner (plays alone) and a valid contra (none); no bonuses is []."""
    return (field in ("partner", "contra") and junk is None) or (field == "bonuses" and junk == [])


@pytest.mark.parametrize("field", FIELDS)
def test_junk_in_any_field_is_refused_with_that_field_named(field: str) -> None:
    """A record typed in by hand can hold anything: it is refused, never crashes the scorer."""
    record = {"format": "emperor/1", "declarer": "Anna", "partner": "Bela",
              "defenders": ["Csaba", "Dora"], "bid": "two_cards", "contra": None,
              "card_points": 55, "tricks": 6, "bonuses": []}
    for junk in JUNK:
        broken = {**record, field: junk}
        if is_valid_oddity(field, junk):
            continue
        with pytest.raises(VariantRecordError) as caught:
            score_emperor(broken)
        assert any(problem.field.startswith(field) for problem in caught.value.problems), (field, junk)


@pytest.mark.parametrize("junk", JUNK)
def test_junk_in_a_bonus_is_refused(junk) -> None:
    record = {"format": "emperor/1", "declarer": "Anna", "partner": "Bela",
              "defenders": ["Csaba", "Dora"], "bid": "two_cards", "card_points": 55, "tricks": 6}
    entry = {"bonus": "honours", "side": "declarer", "announced": True, "made": True}
    for key in entry:
        if entry[key] is junk:
            continue
        with pytest.raises(VariantRecordError) as caught:
            score_emperor({**record, "bonuses": [{**entry, key: junk}]})
        assert caught.value.problems[0].field.startswith("bonuses[0]"), (key, junk)
