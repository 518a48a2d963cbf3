"""The competitions' rules that need the database (R15-R18). Their arithmetic is in
scoring/competitions.py; this package decides which matches count where and what may be recorded.

A match's life (tournaments.recording.matches) calls, for a match about to be scheduled, recorded or re-marked:

- :func:`check_match_allowed` (raises ``Refused`` whose message starts with the ruling,
  e.g. "R15: ..."), before saving;
- :func:`after_match_saved`, in the same transaction after saving (after every record,
  correction and confirmation). It checks the match again, so a refused match rolls back the
  whole transaction even when the caller did not check first, then moves Cup winners on.

The modules here never import this package's ``__init__``: the dependency runs one way.
"""

from .championship import check_championship_agreement, check_championship_match
from .cup import after_cup_match_saved, check_cup_match
from .grand_prix import check_grand_prix_match


def check_match_allowed(match) -> None:
    """R15, R16, R17: refuse a match the competitions' rules do not allow (Refused)."""
    check_grand_prix_match(match)
    check_championship_match(match)
    check_cup_match(match)


def check_recording_allowed(match) -> None:
    """R15: a match whose first hands are recorded, not yet scored. Every count (R15's 52 matches,
    R16's three a tie, R17's three an event) was checked when it was put on the calendar and is
    checked again when it is scored; what recording asks before that is the jury's agreement."""
    check_championship_agreement(match)


def after_match_saved(match) -> None:
    check_match_allowed(match)
    after_cup_match_saved(match)


__all__ = ["after_match_saved", "check_match_allowed", "check_recording_allowed"]
