"""Any input at all, the engine answers or refuses with its problems: never a crash (FORMAT.md).

`python -m scoring` exits 0 with the answer or 2 with one line per problem, whatever it is fed:
deeply nested JSON, numbers of thousands of digits, a feast given as a list or an object, keys
holding line breaks, bytes that are not UTF-8. The variant scorers (R18) likewise refuse with
their problems. Generated records (hypothesis) are golden records with parts replaced by any JSON.
"""

import copy
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import InvalidRecord, evaluate_hand, evaluate_match
from scoring.__main__ import main
from scoring.variants import VariantRecordError, score_emperor, score_three_handed
from tests.scoring.examples import examples

PROJECT_ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent
HAND_RECORDS = [json.loads(path.read_text(encoding="utf-8"))["record"]
                for path in sorted((HERE / "golden" / "hands").glob("*.json"))]
MATCH_RECORDS = [json.loads(path.read_text(encoding="utf-8"))["record"]
                 for path in sorted((HERE / "golden" / "matches").glob("*.json"))]
EMPEROR_RECORDS = [json.loads(path.read_text(encoding="utf-8"))["record"]
                   for path in sorted((HERE / "variants" / "emperor").glob("*.json"))]
THREE_HANDED_RECORDS = [json.loads(path.read_text(encoding="utf-8"))["record"]
                        for path in sorted((HERE / "variants" / "three_handed").glob("*.json"))]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=12,
)


@st.composite
def damaged(draw, records):
    """A golden record with one to three values somewhere inside replaced by any JSON value."""
    record = copy.deepcopy(draw(st.sampled_from(records)))
    for _ in range(draw(st.integers(1, 3))):
        record = replace_somewhere(draw, record)
    return record


def replace_somewhere(draw, value):
    if isinstance(value, dict | list) and value and draw(st.booleans()):
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        key = draw(st.sampled_from(keys))
        value[key] = replace_somewhere(draw, value[key])
        return value
    return draw(json_values)


def run_cli(kind: str, data: bytes) -> tuple[int, str, str]:
    """The command line in this process (generated cases are many): exit code, stdout, stderr."""
    stdin, stdout, stderr = sys.stdin, sys.stdout, sys.stderr
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    try:
        code = main([kind, "-"])
        return code, sys.stdout.getvalue(), sys.stderr.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr


def assert_answered_or_refused(code: int, out: str, err: str) -> None:
    assert code in (0, 2), err
    if code == 0:
        json.loads(out)
    else:
        assert out == "" and err.strip(), err
        assert "Traceback" not in err


FUZZ = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize(("kind", "records", "evaluate"), [("hand", HAND_RECORDS, evaluate_hand),
                                                         ("match", MATCH_RECORDS, evaluate_match)])
@FUZZ
@given(data=st.data())
def test_any_damaged_record_is_answered_or_refused(kind, records, evaluate, data):
    record = data.draw(damaged(records))
    try:
        evaluate(record)
    except InvalidRecord as invalid:
        assert invalid.problems
    assert_answered_or_refused(*run_cli(kind, json.dumps(record).encode()))


@FUZZ
@given(st.sampled_from(["hand", "match"]), json_values)
def test_any_json_at_all_is_answered_or_refused(kind, value):
    assert_answered_or_refused(*run_cli(kind, json.dumps(value).encode()))


@FUZZ
@given(st.sampled_from(["hand", "match"]), st.binary(max_size=60))
def test_any_bytes_at_all_are_answered_or_refused(kind, data):
    assert_answered_or_refused(*run_cli(kind, data))


@pytest.mark.parametrize(("records", "score"), [(EMPEROR_RECORDS, score_emperor),
                                               (THREE_HANDED_RECORDS, score_three_handed)],
                         ids=["emperor", "three-handed"])
@FUZZ
@given(data=st.data())
def test_any_damaged_variant_record_is_scored_or_refused(records, score, data):
    try:
        score(data.draw(damaged(records)))
    except VariantRecordError as refused:
        assert refused.problems


def run_scoring(kind: str, data: bytes) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scoring", kind, "-"], cwd=PROJECT_ROOT, input=data,
                          capture_output=True, timeout=60)


HAND = HAND_RECORDS[0]
HOSTILE_INPUTS = {
    "nested a hundred thousand deep": b"[" * 100_000,
    "a number of 5,000 digits": b'{"attackers": ' + b"9" * 5000 + b"}",
    "a feast given as a list": json.dumps({**HAND, "announcements": [{"feast": ["pheasant"], "by": "A.driver",
                                                                     "contra": None, "result": "won"}]}).encode(),
    "a feast given as an object": json.dumps({**HAND, "announcements": [{"feast": {"id": "pheasant"},
                                                                        "by": "A.driver"}]}).encode(),
    "a key holding a line break": json.dumps({**HAND, "not\nknown": 1}).encode(),
    "bytes that are not UTF-8": b'{"attackers": "\xff"}',
    "a lone surrogate": b'{"attackers": "\\ud800"}',
}


@pytest.mark.parametrize("data", HOSTILE_INPUTS.values(), ids=HOSTILE_INPUTS.keys())
def test_the_command_line_refuses_hostile_input_with_exit_2_and_a_line_per_problem(data):
    result = run_scoring("hand", data)
    stderr = result.stderr.decode("utf-8")
    assert result.returncode == 2, stderr
    assert result.stdout == b""
    assert "Traceback" not in stderr
    for line in stderr.strip().splitlines():
        field, ruling, message = line.split(": ", 2)
        assert field and ruling and message, line
        assert len(field) <= 60


def test_a_deeply_nested_record_is_refused_in_plain_words():
    result = run_scoring("match", b"[" * 100_000 + b"]" * 100_000)
    assert result.returncode == 2
    assert result.stderr.decode().strip() == "record: FORMAT: not valid JSON: it is nested too deeply"


def test_a_value_too_long_to_show_is_cut_short_in_the_problem():
    result = run_scoring("hand", json.dumps({**HAND, "attackers": "x" * 10_000}).encode())
    assert result.returncode == 2
    line = next(line for line in result.stderr.decode().splitlines() if line.startswith("attackers:"))
    assert len(line) < 150 and "..." in line
