"""Golden hands and matches: records whose answers were worked out by hand from the rulings.

Each file under ``golden/hands`` and ``golden/matches`` holds a FORMAT.md record, the rulings it
exercises, a description with the arithmetic, and either the expected answer (``expect``) or the
problems the record must be refused for (``expect_errors``).
"""

import json
from pathlib import Path

import pytest

from scoring import InvalidRecord, evaluate_hand, evaluate_match

GOLDEN = Path(__file__).parent / "golden"
HAND_FILES = sorted((GOLDEN / "hands").glob("*.json"))
MATCH_FILES = sorted((GOLDEN / "matches").glob("*.json"))
KNOWN_RULINGS = {f"R{n}" for n in range(1, 21)} | {
    "R6a", "R8a", "R9a", "R9b", "R10a", "R10b", "R10c", "R18a", "FORMAT"}


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def line_multiset(team_answer: dict) -> list[tuple[str, int]]:
    return sorted((line["item"], line["points"]) for line in team_answer["lines"])


def assert_refused(evaluate, golden: dict) -> None:
    """Every listed (field, ruling) is reported, and nothing else (the counts match)."""
    with pytest.raises(InvalidRecord) as caught:
        evaluate(golden["record"])
    reported = [(problem.field, problem.ruling) for problem in caught.value.problems]
    expected = [(error["field"], error["ruling"]) for error in golden["expect_errors"]]
    missing = [pair for pair in expected if pair not in reported]
    assert not missing, f"not reported: {missing}; reported: {reported}"
    assert len(reported) == len(expected), f"reported {reported}, expected {expected}"
    for error in golden["expect_errors"]:
        if "code" in error:  # the problem as data too (R10b, R10c: both items named in its params)
            where = (error["field"], error["ruling"])
            problem = next(p for p in caught.value.problems if (p.field, p.ruling) == where)
            assert problem.code == error["code"], problem
            assert error.get("params", {}).items() <= problem.params.items(), problem


@pytest.mark.parametrize("path", HAND_FILES, ids=[path.name for path in HAND_FILES])
def test_golden_hand(path: Path) -> None:
    golden = load(path)
    if "expect_errors" in golden:
        assert_refused(evaluate_hand, golden)
        return
    answer = evaluate_hand(golden["record"])
    assert set(answer) == {"A", "B"}
    for team in ("A", "B"):
        expected, got = golden["expect"][team], answer[team]
        # R12: score, raw and ceiling exactly; the lines as a multiset (order is presentation).
        assert (got["score"], got["raw"], got["ceiling"]) == (
            expected["score"],
            expected["raw"],
            expected["ceiling"],
        ), f"team {team}"
        assert line_multiset(got) == line_multiset(expected), f"team {team}"
        assert sum(line["points"] for line in got["lines"]) == got["raw"], f"team {team}"


@pytest.mark.parametrize("path", MATCH_FILES, ids=[path.name for path in MATCH_FILES])
def test_golden_match(path: Path) -> None:
    golden = load(path)
    if "expect_errors" in golden:
        assert_refused(evaluate_match, golden)
        return
    answer = evaluate_match(golden["record"])
    assert answer == golden["expect"]


def test_consolation_line_comes_first() -> None:
    """Line convention: the consolation (R5) is each team's first line."""
    answer = evaluate_hand(load(GOLDEN / "hands" / "040_court_won_famille_lost_with_contras.json")[
        "record"
    ])
    for team in ("A", "B"):
        assert answer[team]["lines"][0]["item"] == "consolation"


def test_there_are_enough_golden_hands() -> None:
    assert len(HAND_FILES) >= 40
    assert len(MATCH_FILES) >= 5


@pytest.mark.parametrize("path", HAND_FILES + MATCH_FILES, ids=lambda path: path.name)
def test_every_golden_file_explains_itself(path: Path) -> None:
    golden = load(path)
    assert golden["description"].strip()
    assert golden["rulings"], "a golden file lists the rulings it exercises"
    assert set(golden["rulings"]) <= KNOWN_RULINGS
    assert ("expect" in golden) != ("expect_errors" in golden)
    assert golden["record"]["format"] in ("royal-tarokk-hand/1", "royal-tarokk-match/1")
