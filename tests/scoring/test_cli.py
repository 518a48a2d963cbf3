"""The command line end to end: `python -m scoring hand|match FILE|-` (FORMAT.md)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"
VALID_HAND = GOLDEN / "hands" / "019_flight_pheasant_and_falcon_together.json"
INVALID_HAND = GOLDEN / "hands" / "083_invalid_several_problems.json"
VALID_MATCH = GOLDEN / "matches" / "001_round_half_up_604.json"
INVALID_MATCH = GOLDEN / "matches" / "006_invalid_hands_inside_match.json"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def run_scoring(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        cwd=PROJECT_ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def write_record(tmp_path: Path, golden_path: Path) -> Path:
    """The bare FORMAT.md record of a golden file, as the jury would hand it to the tool."""
    record_path = tmp_path / "record.json"
    record_path.write_text(json.dumps(load(golden_path)["record"]), encoding="utf-8")
    return record_path


def sorted_lines(answer: dict) -> dict:
    return {
        team: {**values, "lines": sorted(values["lines"], key=lambda line: (line["item"], line["points"]))}
        for team, values in answer.items()
    }


def test_hand_file_prints_the_answer(tmp_path):
    result = run_scoring("hand", str(write_record(tmp_path, VALID_HAND)))
    assert result.returncode == 0, result.stderr
    assert sorted_lines(json.loads(result.stdout)) == sorted_lines(load(VALID_HAND)["expect"])


def test_hand_from_standard_input():
    record = json.dumps(load(VALID_HAND)["record"])
    result = run_scoring("hand", "-", stdin=record)
    assert result.returncode == 0, result.stderr
    assert sorted_lines(json.loads(result.stdout)) == sorted_lines(load(VALID_HAND)["expect"])


def test_match_file_prints_the_answer(tmp_path):
    result = run_scoring("match", str(write_record(tmp_path, VALID_MATCH)))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == load(VALID_MATCH)["expect"]


def test_match_from_standard_input():
    result = run_scoring("match", "-", stdin=json.dumps(load(VALID_MATCH)["record"]))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == load(VALID_MATCH)["expect"]


@pytest.mark.parametrize(
    ("command", "golden_path"), [("hand", INVALID_HAND), ("match", INVALID_MATCH)]
)
def test_invalid_record_lists_each_problem_on_stderr(tmp_path, command, golden_path):
    result = run_scoring(command, str(write_record(tmp_path, golden_path)))
    assert result.returncode == 2
    assert result.stdout == ""
    problem_lines = result.stderr.strip().splitlines()
    expected = load(golden_path)["expect_errors"]
    assert len(problem_lines) == len(expected), result.stderr
    for error in expected:
        # str(problem) == "field: ruling: message" (one line per problem)
        prefix = f"{error['field']}: {error['ruling']}: "
        assert any(line.startswith(prefix) for line in problem_lines), (prefix, result.stderr)


def test_invalid_record_on_standard_input():
    record = json.dumps(load(INVALID_HAND)["record"])
    result = run_scoring("hand", "-", stdin=record)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == len(load(INVALID_HAND)["expect_errors"])


def test_unreadable_json_is_refused(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "royal-tarokk-hand/1", "attackers": ', encoding="utf-8")
    result = run_scoring("hand", str(broken))
    assert result.returncode == 2
    assert result.stdout == ""
    assert "json" in result.stderr.lower()


def test_unreadable_json_on_standard_input_is_refused():
    result = run_scoring("match", "-", stdin="not json at all")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "json" in result.stderr.lower()


def test_missing_file_is_refused(tmp_path):
    missing = tmp_path / "no_such_hand.json"
    result = run_scoring("hand", str(missing))
    assert result.returncode == 2
    assert result.stdout == ""
    assert "no_such_hand.json" in result.stderr


def test_a_record_that_is_not_an_object_is_refused():
    result = run_scoring("hand", "-", stdin="[1, 2, 3]")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip()
