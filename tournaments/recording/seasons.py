"""The door for a season's life (R15-R18): the organisers open a season being prepared and close
a running one once every competition is decided (tournaments.core.competitions.seasons). Each
change is in the season's history, with who made it. A closed season's matches take no hands,
submissions or confirmations (matches.check_hands_may_change); a correction of one of them
still needs the chief jury and a reason, and re-derives what it touches, as for any confirmed
match."""

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.core.competitions import seasons as season_rules
from tournaments.core.models import Season
from tournaments.core.models.history import stamp
from tournaments.core.refusals import NotAllowed
from tournaments.core.roles import ORGANISE


def _check_organiser(user) -> None:
    if not user.has_perm(ORGANISE):
        raise NotAllowed(_("Opening or closing a season needs the organisers' permission."))


def open_season(season: Season, user) -> Season:
    """A season being prepared starts running: the public sees it, and the newest running season
    is the public's current season."""
    _check_organiser(user)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        season_rules.check_openable(season)
        season.state = Season.State.RUNNING
        stamp(season, user, gettext_noop("Season opened"))
        season.save()
    return season


def close_season(season: Season, user) -> Season:
    """A running season whose competitions are all decided is closed: its results are final."""
    _check_organiser(user)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        season_rules.check_closable(season)
        season.state = Season.State.CLOSED
        stamp(season, user, gettext_noop("Season closed"))
        season.save()
    return season
