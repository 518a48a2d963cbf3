"""The Royal Tarokk rules engine: pure Python, the single source of truth for every score.

Public entry points:

- :func:`evaluate_hand` / :func:`evaluate_match`: FORMAT.md records in, FORMAT.md answers out.
- :func:`check_hand`, :func:`score_checked_hand`: the two steps apart (is it legal? then score it).
- :class:`InvalidRecord` with its :class:`Problem` list, for refused records.
"""

from __future__ import annotations

from typing import Any

from .cards import Team
from .feasts import FEASTS, SILENT_PREMIUMS, trophy_rank, trophy_ranking_key
from .hand import TeamScore, score_hand
from .match import check_match_shape, collect_hand_problems, match_result
from .problems import InvalidRecord, Problem, read_json
from .records import Hand, parse_hand


def check_hand(record: Any) -> Hand:
    """Check a hand record; with tricks, decide every result and silent premium from the play."""
    hand = parse_hand(record)
    if hand.tricks is not None:
        from .adjudicate import adjudicate  # the play checker is only needed for full records

        hand = adjudicate(hand)
    return hand


def score_checked_hand(hand: Hand) -> dict[Team, TeamScore]:
    return score_hand(hand)


def evaluate_hand(record: Any) -> dict[str, Any]:
    """A FORMAT.md hand record -> the FORMAT.md answer; raises InvalidRecord."""
    scores = score_hand(check_hand(record))
    return {team.value: scores[team].as_dict() for team in (Team.A, Team.B)}


def evaluate_match(record: Any) -> dict[str, Any]:
    """A FORMAT.md match record -> each team's R13 score, hand sum and 8 hand scores."""
    hand_records = check_match_shape(record)
    outcomes: list[Any] = []
    for hand_record in hand_records:
        try:
            outcomes.append(evaluate_hand(hand_record))
        except InvalidRecord as invalid:
            outcomes.append(invalid)
    collect_hand_problems(outcomes)
    return {
        team: match_result([outcome[team]["score"] for outcome in outcomes]).as_dict()
        for team in ("A", "B")
    }


__all__ = [
    "FEASTS", "SILENT_PREMIUMS", "Hand", "InvalidRecord", "Problem", "TeamScore", "check_hand",
    "evaluate_hand", "evaluate_match", "parse_hand", "read_json", "score_checked_hand", "trophy_rank",
    "trophy_ranking_key",
]
