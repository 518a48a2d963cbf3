"""Scheduling a match (its particulars: competition, teams, date, place, players) and the chief
jury's agreement to a private or early Championship match (R14-R17).

The competitions' own rules decide what may be scheduled (tournaments.competitions.
check_match_allowed); one of them, R15's agreement, is given after the match is scheduled and
before it is played, so a scheduled match is checked as if agreed today: a match whose date has
passed without an agreement is refused, a future one is saved and the chief jury is told.
"""

import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import engine
from tournaments.competitions import championship as championship_rules
from tournaments.competitions import check_match_allowed
from tournaments.competitions.championship import counts_for_championship
from tournaments.models import Competition, Match

AGREE_PERMISSION = "tournaments.agree_private_matches"
AGREEMENT_REFUSAL = "R15_jury_agreement"  # the code of check_match_allowed's R15 agreement refusal
# The particulars an agreement is given for: changing one of them withdraws the agreement (R15).
AGREED_PARTICULARS = ("competition", "team_a", "team_b", "played_on", "played_publicly")
# A match's particulars change until it is submitted for confirmation.
EDITABLE_STATES = (Match.State.SCHEDULED, Match.State.IN_ENTRY, Match.State.RETURNED)


# --- R15: which matches need the chief jury's agreement --------------------------------------


def default_annual_meeting(season) -> datetime.date:
    return Competition(season=season).annual_meeting_date()


def annual_meeting(match) -> datetime.date:
    """R15: the annual meeting of the match's season, from its Championship (no query when the
    match is itself a Championship match, one otherwise)."""
    if match.competition.kind == Competition.Kind.CHAMPIONSHIP:
        return match.competition.annual_meeting_date()
    season = match.competition.season
    return annual_meetings([season.pk]).get(season.pk) or default_annual_meeting(season)


def annual_meetings(season_ids) -> dict[int, datetime.date]:
    """Each season's annual meeting in one query, for a list of matches."""
    championships = Competition.objects.filter(kind=Competition.Kind.CHAMPIONSHIP, season_id__in=season_ids)
    return {championship.season_id: championship.annual_meeting_date()
            for championship in championships.select_related("season")}


def agreement_reasons(match, meeting: datetime.date | None = None) -> list[str]:
    """R15: why this match needs the jury's agreement before it is played (empty when it does not
    count for the Championship or needs none)."""
    if not counts_for_championship(match):
        return []
    return championship_rules.agreement_reasons(match, meeting or annual_meeting(match))


# --- scheduling ------------------------------------------------------------------------------


def check_schedulable(match, user) -> bool:
    """Raise the competitions' refusal (ValidationError naming its ruling) of a match about to be
    scheduled; True when it still needs the chief jury's agreement (R15)."""
    try:
        check_match_allowed(match)
        return False
    except ValidationError as refused:
        if getattr(refused, "code", None) != AGREEMENT_REFUSAL or match.state != Match.State.SCHEDULED:
            raise
    # Checked again as if the chief jury agreed today: what remains is a refusal (for instance the
    # match's date has passed, so an agreement would come too late).
    given = (match.jury_agreed_by_id, match.jury_agreed_at)
    match.jury_agreed_by_id, match.jury_agreed_at = user.pk, timezone.now()
    try:
        check_match_allowed(match)
    finally:
        match.jury_agreed_by_id, match.jury_agreed_at = given
    return True


def withdraw_agreement(match) -> bool:
    """Clear a given agreement (its particulars changed); True when there was one."""
    had_one = match.jury_agreed_by_id is not None
    match.jury_agreed_by, match.jury_agreed_at = None, None
    return had_one


def save_particulars(match, *, user, expected_version: int | None = None, changed=()) -> list[str]:
    """Create or change a match's particulars after the competitions' checks; returns notices for
    the jury. ``changed`` names the fields the form changed (an agreement to other particulars is
    withdrawn). Raises ValidationError (a rule) or engine.EntryRefused (state, stale version)."""
    if match.pk and match.state not in EDITABLE_STATES:
        raise engine.EntryRefused(_("The particulars of a match change only until it is submitted for "
                                    "confirmation; this one is %(state)s.") % {"state": match.get_state_display()})
    notices = []
    if set(changed) & set(AGREED_PARTICULARS) and withdraw_agreement(match):
        notices.append(_("R15: the jury's agreement was given for other particulars; it is withdrawn."))
    if check_schedulable(match, user):
        notices.append(_("R15: this match needs the chief jury's agreement before it is played, because "
                         "%(reasons)s.") % {"reasons": _(" and ").join(agreement_reasons(match))})
    with transaction.atomic():
        reason = _("Particulars changed") if match.pk else _("Match scheduled")
        if match.pk:
            engine.claim_version(match, expected_version)
        engine.stamp(match, user, reason)
        match.save()
    return notices


# --- R15: the chief jury's agreement ---------------------------------------------------------


def check_agreement(match, user) -> None:
    """Raise EntryRefused unless the chief jury may agree this match now (R15)."""
    if not user.has_perm(AGREE_PERMISSION):
        raise engine.NotAllowed(_("Agreeing a match needs the chief jury's permission."))
    if not agreement_reasons(match):
        raise engine.EntryRefused(_("R15: this match needs no agreement: it is not a Championship match played "
                                    "privately or before the annual meeting."))
    if match.jury_agreed_by_id is not None:
        raise engine.EntryRefused(_("This match is already agreed."))
    if match.played_on < timezone.localdate():
        raise engine.EntryRefused(_("R15: the jury agrees a match before it is played; this match's date "
                                    "(%(date)s) has passed.") % {"date": match.played_on.isoformat()})
    if match.state != Match.State.SCHEDULED:
        raise engine.EntryRefused(_("R15: the jury agrees a match before it is played; hands of this match "
                                    "are already entered."))


def agree_match(match, user, expected_version: int | None = None) -> Match:
    """R15: record the chief jury's agreement to a private or early Championship match."""
    check_agreement(match, user)
    with transaction.atomic():
        engine.claim_version(match, expected_version)
        match.jury_agreed_by, match.jury_agreed_at = user, timezone.now()
        engine.stamp(match, user, _("Agreed by the chief jury (R15)"))
        match.save()
    return match
