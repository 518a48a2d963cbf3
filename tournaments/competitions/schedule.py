"""Matches the organisers put on the calendar for a competition (R14, R16, R17): scheduled rows
that the jury later fills with hands. Every new match passes the competitions' checks first."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.models import Match


def stamp(instance, user, reason: str) -> None:
    """Who made the change and why, for the model's history (django-simple-history)."""
    instance._history_user = user
    instance._change_reason = reason


def new_match(competition, team_a, team_b, *, played_on, place="", user, reason, **extra) -> Match:
    """A scheduled match between two teams, played by their Drivers and Catchers as entered (R14;
    the jury names a substitute on the match if one plays, where the competition allows it).
    Raises the competitions' refusal (ValidationError naming its ruling); nothing is saved then."""
    from tournaments.competitions import check_match_allowed  # the package imports this module

    if team_a == team_b:
        raise ValidationError(_("R13: a match is between two teams; a team cannot play itself."), code="R13_teams")
    season = competition.season
    if not season.starts <= played_on <= season.ends:
        raise ValidationError(_("R15: a match of the %(year)s season is played between 1 January and "
                                "31 December %(year)s.") % {"year": season.year}, code="R15_season")
    match = Match(competition=competition, team_a=team_a, team_b=team_b, played_on=played_on,
                  place=place or competition.place, a_driver=team_a.driver, a_catcher=team_a.catcher,
                  b_driver=team_b.driver, b_catcher=team_b.catcher, **extra)
    check_match_allowed(match)
    stamp(match, user, reason)
    match.save()
    return match


def remove_scheduled_match(match, *, user) -> None:
    """Take a match off the calendar: only while it is scheduled, before any hand is entered (a
    recorded match stays on record and is corrected by the jury instead)."""
    if match.state != Match.State.SCHEDULED or match.hands.exists():
        raise ValidationError(
            _("Only a scheduled match without hands can be removed; this one is %(state)s.")
            % {"state": match.get_state_display()}, code="not_scheduled")
    stamp(match, user, _("Removed from the schedule by the organisers"))
    match.delete()
