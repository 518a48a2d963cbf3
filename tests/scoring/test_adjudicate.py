"""Every feast decided from the cards played (seed 002, R4, R7, R9, R10), from hand-built records.

Each file in ``adjudication/`` is one hand: a full FORMAT.md record (deal, announcements, tricks)
and, for each announcement, the result reasoned from seed 002's wording and the rulings, with the
reason written beside it; then the silent premiums (R10) the tricks give. Records that must be
refused give the expected problems instead.

The files are written by hand as a play (attackers and tricks); the deal is what the play implies,
since every seat was dealt exactly the cards it played. :func:`deal_from_tricks` works it out,
independently of the engine, and ``python -m tests.scoring.test_adjudicate FILE...`` fills it in.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring import check_hand, evaluate_hand
from scoring.adjudicate import CONDITIONS, decision
from scoring.feasts import FEASTS
from scoring.problems import InvalidRecord

CASES_DIR = Path(__file__).parent / "adjudication"
CASE_FILES = sorted(CASES_DIR.glob("*.json"))
PROJECT_ROOT = Path(__file__).resolve().parents[2]

# --- building a deal from a play (independent of scoring.play) ---------------------------------

PLAY_ORDER = ["A.driver", "B.catcher", "B.driver", "A.catcher"]  # R2: play moves right
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
         "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"]
RANKS = ["10", "V", "C", "Q", "K"]  # R1, low to high
SUIT_ORDER = "hdsc"


def trump_number(card: str) -> int:
    """1..21 for I..XXI, 22 for the Fool (the highest trump, R1), 0 for a suit card."""
    if card == "Fool":
        return 22
    if card == "IIII":
        return 4
    return ROMAN.index(card) + 1 if card in ROMAN else 0


def trick_winner(trick: list[str]) -> int:
    """R4: the highest trump, else the highest card of the suit led; the position in the trick."""
    def strength(card: str) -> tuple[int, int]:
        if trump_number(card):
            return (2, trump_number(card))
        if card[-1] == trick[0][-1] and not trump_number(trick[0]):
            return (1, RANKS.index(card[:-1]))
        return (0, 0)
    return max(range(4), key=lambda position: strength(trick[position]))


def deal_from_tricks(attackers: str, tricks: list[list[str]]) -> dict[str, list[str]]:
    """The deal a play implies: trick 1 led by the attacking Driver (R3), each later trick by the
    winner of the one before (R4), play moving right (R2); each seat holds what it played."""
    leader = PLAY_ORDER.index(f"{attackers}.driver")
    deal: dict[str, list[str]] = {seat: [] for seat in PLAY_ORDER}
    for trick in tricks:
        for position, card in enumerate(trick):
            deal[PLAY_ORDER[(leader + position) % 4]].append(card)
        leader = (leader + trick_winner(trick)) % 4
    return {seat: sorted(deal[seat], key=_card_order) for seat in ("A.driver", "A.catcher", "B.driver", "B.catcher")}


def _card_order(card: str) -> tuple[int, int]:
    if trump_number(card):
        return (0, -trump_number(card))
    return (1 + SUIT_ORDER.index(card[-1]), -RANKS.index(card[:-1]))


def load_case(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# --- the cases ----------------------------------------------------------------------------------


def _case_id(path: Path) -> str:
    return path.stem


@pytest.mark.parametrize("path", CASE_FILES, ids=_case_id)
def test_the_deal_is_what_the_play_implies(path):
    record = load_case(path)["record"]
    assert record["deal"] == deal_from_tricks(record["attackers"], record["tricks"])


@pytest.mark.parametrize("path", CASE_FILES, ids=_case_id)
def test_each_feast_is_decided_as_the_seed_says(path):
    case = load_case(path)
    expected = case["expected"]
    if "problems" in expected:
        with pytest.raises(InvalidRecord) as refused:
            check_hand(case["record"])
        found = [(problem.field, problem.ruling) for problem in refused.value.problems]
        wanted = [(problem["field"], problem["ruling"]) for problem in expected["problems"]]
        assert found == wanted, "\n".join(map(str, refused.value.problems))
        return
    hand = check_hand(case["record"])
    announced = case["record"]["announcements"]
    assert [entry["feast"] for entry in expected["results"]] == [item["feast"] for item in announced]
    results = [None if a.won is None else ("won" if a.won else "lost") for a in hand.announcements]
    wanted = [entry["result"] for entry in expected["results"]]
    differences = [
        f"announcements[{index}] {entry['feast']}: expected {entry['result']}, got {got} ({entry['why']})"
        for index, (entry, got) in enumerate(zip(expected["results"], results, strict=True))
        if got != entry["result"]
    ]
    assert results == wanted, "\n".join(differences)
    silent = sorted((entry.premium.id, entry.team.value) for entry in hand.silent)
    assert silent == sorted((entry["premium"], entry["team"]) for entry in expected["silent"])


@pytest.mark.parametrize("path", CASE_FILES, ids=_case_id)
def test_the_case_scores(path):
    """A hand that adjudicates also scores, and scores as its results-mode twin does."""
    case = load_case(path)
    if "problems" in case["expected"]:
        return
    full = evaluate_hand(case["record"])
    twin = {key: value for key, value in case["record"].items() if key not in ("deal", "tricks")}
    twin["holdings"] = check_hand(case["record"]).as_record()["holdings"]
    twin["announcements"] = [
        {**item, "result": entry["result"]} if entry["result"] else item
        for item, entry in zip(case["record"]["announcements"], case["expected"]["results"], strict=True)
    ]
    twin["silent"] = [{"premium": e["premium"], "team": e["team"]} for e in case["expected"]["silent"]]
    assert evaluate_hand(twin) == full


def _expected_outcomes() -> dict[str, set[str]]:
    outcomes: dict[str, set[str]] = {feast_id: set() for feast_id in FEASTS}
    for path in CASE_FILES:
        case = load_case(path)
        if "problems" in case["expected"]:
            for problem in case["expected"]["problems"]:
                if problem.get("feast"):
                    outcomes[problem["feast"]].add("refused")
            continue
        for entry in case["expected"]["results"]:
            outcomes[entry["feast"]].add(entry["result"] or "accepted")
    return outcomes


def test_every_feast_is_both_won_and_lost_somewhere():
    outcomes = _expected_outcomes()
    missing = {
        feast_id: sorted({"won", "lost"} - seen)
        for feast_id, seen in outcomes.items() if not FEASTS[feast_id].is_message and {"won", "lost"} - seen
    }
    assert not missing


def test_every_message_is_both_accepted_and_refused_somewhere():
    """R6: messages have no result; a true one is accepted, a false one refused."""
    outcomes = _expected_outcomes()
    missing = {
        feast_id: sorted({"accepted", "refused"} - seen)
        for feast_id, seen in outcomes.items() if FEASTS[feast_id].is_message and {"accepted", "refused"} - seen
    }
    assert not missing


def test_every_feast_has_a_condition_and_open_points_are_written_down():
    assert set(CONDITIONS) == {feast_id for feast_id, feast in FEASTS.items() if not feast.is_message}
    for feast_id in ("piccolo", "scale", "sphinx", "schleicher", "marriage", "second_pheasant", "habicht"):
        assert decision(feast_id), feast_id


# --- the command line (FORMAT.md) ---------------------------------------------------------------


def _run_cli(record: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scoring", "hand", "-"], input=json.dumps(record), capture_output=True,
        text=True, cwd=PROJECT_ROOT, timeout=60,
    )


def _royal_case() -> dict:
    return load_case(CASES_DIR / "royal_slam.json")


def test_cli_derives_results_and_silent_premiums_from_the_tricks():
    case = _royal_case()
    run = _run_cli(case["record"])
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer == evaluate_hand(case["record"])
    items = {line["item"] for line in answer["A"]["lines"]}
    assert "royal" in items and "four_kings" in items


def test_cli_refuses_a_given_result_that_the_tricks_contradict():
    record = _royal_case()["record"]
    index = next(i for i, item in enumerate(record["announcements"]) if item["feast"] == "royal")
    record["announcements"][index]["result"] = "lost"
    run = _run_cli(record)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith(f"announcements[{index}].result: R7: ")


def test_cli_accepts_given_results_and_silent_premiums_that_agree():
    case = _royal_case()
    record = dict(case["record"])
    record["announcements"] = [
        {**item, "result": entry["result"]} if entry["result"] else item
        for item, entry in zip(record["announcements"], case["expected"]["results"], strict=True)
    ]
    record["silent"] = [{"premium": e["premium"], "team": e["team"]} for e in case["expected"]["silent"]]
    run = _run_cli(record)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == evaluate_hand(case["record"])


def test_a_silent_list_that_the_tricks_contradict_is_refused():
    case = _royal_case()
    record = dict(case["record"])
    given = [{"premium": e["premium"], "team": e["team"]} for e in case["expected"]["silent"]]
    record["silent"] = [entry for entry in given if entry["premium"] != "four_kings"]
    record["silent"].append({"premium": "four_kings", "team": "B"})
    with pytest.raises(InvalidRecord) as refused:
        check_hand(record)
    problems = [(p.field, p.ruling) for p in refused.value.problems]
    assert problems == [(f"silent[{len(record['silent']) - 1}]", "R10"), ("silent", "R10")]
    assert "Four Kings for team A" in refused.value.problems[1].message


# --- authoring: fill in the deal of case files from their tricks --------------------------------


def _dump(value, indent: int = 0) -> str:
    """JSON with one line per trick, hand and announcement, for files people read."""
    pad = " " * indent
    if isinstance(value, dict) and any(isinstance(item, (dict, list)) for item in value.values()) and indent < 6:
        inner = ",\n".join(f"{pad}  {json.dumps(key)}: {_dump(item, indent + 2)}" for key, item in value.items())
        return "{\n" + inner + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        inner = ",\n".join(f"{pad}  {_dump(item, indent + 2)}" for item in value)
        return "[\n" + inner + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


def fill_deal(path: Path) -> None:
    case = load_case(path)
    record = case["record"]
    deal = deal_from_tricks(record["attackers"], record["tricks"])
    case["record"] = {key: record[key] for key in ("format", "attackers") if key in record}
    case["record"]["deal"] = deal
    case["record"].update({key: value for key, value in record.items() if key not in case["record"]})
    path.write_text(_dump(case) + "\n", encoding="utf-8")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        fill_deal(Path(name))
