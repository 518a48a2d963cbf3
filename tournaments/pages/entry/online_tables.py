"""The online tables of a match, from its jury page and its history: each table with its finished
hands' replays, and the button that opens one or every reason it may not be opened now.

The reasons are the same checks as opening a table (tables.check_may_open_for_match), each said on
its own; the tables' hands are replayed from their seeds and actions (tournaments.recording.tables).
"""

from django.utils.translation import gettext as _

from tournaments.core.competitions.championship import agreement_reasons
from tournaments.core.models import Match, Table
from tournaments.core.refusals import Refused
from tournaments.core.roles import ENTER
from tournaments.recording import tables
from tournaments.recording.matches import check_match_open

LIVE = (Table.State.OPEN, Table.State.ADJOURNED)


def match_table_refusals(match: Match, user) -> list[str]:
    """Every reason this user may not open a table for the match now, in words (empty: they may).
    The same checks as opening it (tables.check_may_open_for_match), each said on its own."""
    reasons = []
    if not (tables.may_open(user) and user.has_perm(ENTER)):
        reasons.append(_("A table for an official match is opened by a chief juror: its hands are entered in "
                         "their name and confirmed by another."))
    try:
        check_match_open(match)
    except Refused as refused:
        reasons.append(refused.text)
    for check in (_hands_refusal, _agreement_refusal, _players_refusal, _live_table_refusal):
        reason = check(match)
        if reason:
            reasons.append(reason)
    return reasons


def _hands_refusal(match: Match) -> str:
    if match.state != Match.State.SCHEDULED or match.hands.exists():
        return _("This match already has hands entered; its table would start at hand 1.")
    return ""


def _agreement_refusal(match: Match) -> str:
    if agreement_reasons(match) and match.jury_agreed_by_id is None:
        return _("R15: the jury agrees this match before it is played; agree it first.")
    return ""


def _players_refusal(match: Match) -> str:
    if any(getattr(match, name) is None for name in tables.MATCH_SEAT_FIELDS.values()):
        return _("Name the four players of the match (Driver and Catcher of each team) first.")
    return ""


def _live_table_refusal(match: Match) -> str:
    if match.tables.filter(state__in=LIVE).exists():
        return _("This match already has a table being played.")
    return ""


def tables_of_match(match: Match) -> list[tuple[Table, range]]:
    """The match's tables, newest first, each with the numbers of the hands it finished (their
    replays): one query, and one a table."""
    return [(table, range(1, tables.load(table).finished_count + 1))
            for table in match.tables.select_related("opened_by")]
