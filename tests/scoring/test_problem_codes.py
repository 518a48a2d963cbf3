"""A refused record's problems as data: each carries a stable code and the values its message names
(params), and a problem of a hand inside a match names the hand counted from one. Pages word the
problems from these (tournaments.recording.wording), never from the English sentence, which stays the
command line's (test_cli.py pins it)."""

import json
import re

import pytest
from hypothesis import given

from scoring import InvalidRecord, evaluate_hand, evaluate_match
from scoring.problems import Problem, read_json
from scoring.variants import VariantRecordError, score_emperor, score_three_handed
from tests.scoring.test_bad_input import (
    EMPEROR_RECORDS,
    FUZZ,
    HAND_RECORDS,
    MATCH_RECORDS,
    THREE_HANDED_RECORDS,
    damaged,
)

CODE = re.compile(r"^[a-z][a-z0-9_]*$")


def problems_of(evaluate, record) -> list[Problem]:
    try:
        evaluate(record)
    except InvalidRecord as invalid:
        return invalid.problems
    return []


def assert_data(problem: Problem) -> None:
    assert CODE.match(problem.code), problem
    json.dumps(problem.params)  # plain JSON values, for any program to read


def a_hand(**changes) -> dict:
    return {**json.loads(json.dumps(HAND_RECORDS[0])), **changes}


@FUZZ
@given(damaged(HAND_RECORDS))
def test_every_problem_of_a_damaged_hand_has_a_code(record):
    for problem in problems_of(evaluate_hand, record):
        assert_data(problem)
        assert problem.hand is None


@FUZZ
@given(damaged(MATCH_RECORDS))
def test_every_problem_of_a_damaged_match_has_a_code_and_its_hand_counted_from_one(record):
    for problem in problems_of(evaluate_match, record):
        assert_data(problem)
        if problem.field.startswith("hands["):
            index = int(problem.field[len("hands["):].partition("]")[0])
            assert problem.hand == index + 1
            assert problem.in_its_hand().field == problem.field.partition("].")[2]


@FUZZ
@given(damaged(EMPEROR_RECORDS))
def test_every_problem_of_a_damaged_emperor_record_has_a_code(record):
    for problem in problems_of(score_emperor, record):
        assert_data(problem)


@FUZZ
@given(damaged(THREE_HANDED_RECORDS))
def test_every_problem_of_a_damaged_three_handed_record_has_a_code(record):
    for problem in problems_of(score_three_handed, record):
        assert_data(problem)


def test_a_holding_out_of_range_names_the_count():
    """R5: a team holds 6 to 16 trumps."""
    hand = a_hand()
    hand["holdings"] = {"A": {"trumps": 4, "honours": 1, "high_trumps": ["XVI", "XVII", "XVIII"]},
                        "B": {"trumps": 18, "honours": 1, "high_trumps": []}}
    problems = problems_of(evaluate_hand, hand)
    found = {(problem.field, problem.code): problem.params for problem in problems}
    assert found[("holdings.A.trumps", "trumps_out_of_range")] == {"trumps": 4}
    assert found[("holdings.B.trumps", "trumps_out_of_range")] == {"trumps": 18}


def test_a_missing_count_is_told_from_a_wrong_one():
    """R5: honours held are 0, 1 or 2; the message is one, the codes tell the two cases apart."""
    hand = a_hand()
    hand["holdings"]["A"]["honours"] = None
    hand["holdings"]["B"]["honours"] = 5
    codes = {problem.field: problem.code for problem in problems_of(evaluate_hand, hand)}
    assert codes["holdings.A.honours"] == "honours_missing"
    assert codes["holdings.B.honours"] == "honours_out_of_range"


def test_a_chain_names_the_feasts_by_id():
    """R7: a team keeps only the final, highest announcement of a chain."""
    hand = a_hand(announcements=[
        {"feast": "visi", "by": "B.catcher", "contra": None, "result": "won"},
        {"feast": "visi", "by": "B.driver", "contra": None, "result": "lost"},
    ])
    [problem] = [problem for problem in problems_of(evaluate_hand, hand) if problem.code == "chain_held"]
    assert (problem.field, problem.ruling, problem.params) == (
        "announcements[1]", "R7", {"team": "B", "feasts": ["visi"]})
    assert problem.message == "team B already holds Visi of the same chain; a record keeps only the final, " \
                              "highest announcement"


def test_a_match_problem_carries_its_hand():
    """R3: attack alternates; the problem names hand 4 (hands[3] counted from zero)."""
    with open("tests/scoring/golden/matches/005_invalid_attack_not_alternating.json", encoding="utf-8") as golden:
        record = json.load(golden)["record"]
    problems = problems_of(evaluate_match, record)
    alternation = [problem for problem in problems if problem.code == "attack_not_alternating"]
    assert alternation and all(problem.hand == int(problem.field[6]) + 1 for problem in alternation)
    assert all(set(problem.params) == {"team"} for problem in alternation)


@pytest.mark.parametrize("text", ["{", "[1,", "[" * 5000])
def test_unreadable_json_has_a_code_too(text):
    with pytest.raises(InvalidRecord) as refused:
        read_json(text)
    [problem] = refused.value.problems
    assert problem.code == "not_json" and problem.params["reason"] in problem.message


def test_a_variant_problem_names_its_values():
    """R18: three-handed card points add up to 130."""
    record = json.loads(json.dumps(THREE_HANDED_RECORDS[0]))
    record["players"][0]["card_points"] += 1
    with pytest.raises(VariantRecordError) as refused:
        score_three_handed(record)
    totals = [problem for problem in refused.value.problems if problem.code == "card_points_total"]
    assert totals and totals[0].params["expected"] == 130 and totals[0].params["total"] == 131
