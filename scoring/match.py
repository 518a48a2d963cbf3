"""R13: a match of 8 hands, and the match record of FORMAT.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .problems import FORMAT, InvalidRecord, Problem, Problems, shown

MATCH_FORMAT = "royal-tarokk-match/1"
HANDS_IN_A_MATCH = 8  # R3, R13
HANDS_IN_A_TIE_BREAKER = 2  # R16: a Cup tie-breaker is two hands, summed
TEAMS = ("A", "B")
_MATCH_KEYS = frozenset({"format", "teams", "hands"})


def match_score(hand_scores: list[int]) -> int:
    """R13: the sum of the hand scores divided by the number of hands (8), rounded half up."""
    total = sum(hand_scores)
    count = len(hand_scores)
    return (2 * total + count) // (2 * count)


@dataclass(frozen=True)
class MatchResult:
    score: int
    hand_sum: int
    hands: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"score": self.score, "hand_sum": self.hand_sum, "hands": list(self.hands)}


def match_result(hand_scores: list[int]) -> MatchResult:
    return MatchResult(match_score(hand_scores), sum(hand_scores), tuple(hand_scores))


def tie_breaker_result(hand_scores: list[int]) -> MatchResult:
    """R16: a Cup tie-breaker's two hand scores are summed, not averaged."""
    total = sum(hand_scores)
    return MatchResult(total, total, tuple(hand_scores))


def check_match_shape(record: Any) -> list[Any]:
    """The hand records of a match record, once its shape and R3's alternation hold."""
    problems = Problems()
    if not isinstance(record, dict):
        problems.add("record", FORMAT, "a match record must be a JSON object", "record_not_object")
        problems.raise_if_any()
    if "format" in record and record["format"] != MATCH_FORMAT:
        problems.add("format", FORMAT, f"expected {MATCH_FORMAT!r}, got {shown(record['format'])}", "wrong_format",
                     expected=MATCH_FORMAT, given=shown(record["format"]))
    for key in sorted(set(record) - _MATCH_KEYS, key=str):
        problems.add(str(key), FORMAT, "is not a field of a match record", "unknown_field", within="match")
    _check_teams(record.get("teams"), problems)
    hands = record.get("hands")
    if not isinstance(hands, list) or len(hands) != HANDS_IN_A_MATCH:
        count = len(hands) if isinstance(hands, list) else "no"
        problems.add("hands", "R13", f"a match is exactly {HANDS_IN_A_MATCH} hands, not {count}", "hand_count",
                     expected=HANDS_IN_A_MATCH, count=len(hands) if isinstance(hands, list) else None)
        problems.raise_if_any()
    check_alternation(hands, problems)
    problems.raise_if_any()
    return hands


def _check_teams(teams: Any, problems: Problems) -> None:
    if teams is None:
        return
    if not isinstance(teams, dict) or set(teams) != {"A", "B"}:
        problems.add("teams", FORMAT, "must name the two teams A and B", "teams_not_two")


def hands_in(*, tie_breaker: bool) -> int:
    """How many hands a match has: 8 (R13), or 2 for a Cup tie-breaker (R16)."""
    return HANDS_IN_A_TIE_BREAKER if tie_breaker else HANDS_IN_A_MATCH


def count_ruling(*, tie_breaker: bool) -> str:
    """The ruling that sets a match's number of hands."""
    return "R16" if tie_breaker else "R13"


def other_team(team: str) -> str:
    return "B" if team == "A" else "A"


def attackers_in_hand(number: int, *, known_number: int, known_attackers: str) -> str:
    """R3: attack alternates from hand 1, so one hand's attackers give every hand's (hands counted
    from 1): a hand an even number of hands away has the same attackers."""
    return known_attackers if (number - known_number) % 2 == 0 else other_team(known_attackers)


def first_attackers(known: dict[int, str]) -> str | None:
    """R3: hand 1's attackers, from any hand whose attackers are known ({number: "A" or "B"});
    None while none is known."""
    if not known:
        return None
    number = min(known)
    return attackers_in_hand(1, known_number=number, known_attackers=known[number])


def attack_problem(number: int, expected: str) -> Problem:
    """R3's problem for hand ``number`` (counted from 1) whose attackers do not follow the others'."""
    return Problem("attackers", "R3", f"attack alternates from hand 1: team {expected} attacks in hand {number}",
                   "attackers_expected", {"team": expected, "number": number})


def check_attack_follows(number: int, attackers: str, known: dict[int, str]) -> None:
    """R3: raise InvalidRecord unless hand ``number``'s attackers follow those of the other hands
    already known ({number: attackers}; the hand itself is left out)."""
    first = first_attackers({other: team for other, team in known.items() if other != number})
    if first is None:
        return
    expected = attackers_in_hand(number, known_number=1, known_attackers=first)
    if attackers != expected:
        raise InvalidRecord([attack_problem(number, expected)])


def check_alternation(hands: list[Any], problems: Problems) -> None:
    """R3: attack alternates, so each team attacks in 4 of the 8 hands."""
    previous = None
    for number, hand in enumerate(hands):
        attackers = hand.get("attackers") if isinstance(hand, dict) else None
        if attackers in ("A", "B") and attackers == previous:
            problems.add(f"hands[{number}].attackers", "R3",
                         f"attack alternates: team {attackers} attacked in the hand before too",
                         "attack_not_alternating", hand=number + 1, team=attackers)
        previous = attackers


def collect_hand_problems(results: list[Any]) -> None:
    """Raise one InvalidRecord for a match from the problems of its hands (``hands[i].`` fields)."""
    problems = []
    for number, result in enumerate(results):
        if isinstance(result, InvalidRecord):
            problems += [problem.in_hand(number) for problem in result.problems]
    if problems:
        raise InvalidRecord(problems)

