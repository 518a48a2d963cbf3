"""The door for a season's life (R15-R18, R21): the organisers open a season being prepared,
close a running one once every competition is decided and no match of it is scheduled and not
played (tournaments.core.competitions.seasons), and may reopen a closed one with a written reason,
which its public pages then say. Each change is in the season's history, with who made it and why.
A closed season's facts do not change (Season.check_open); a correction of a confirmed match
still needs the chief jury and a reason, and re-derives what it touches, as for any confirmed
match."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.core.competitions import seasons as season_rules
from tournaments.core.models import Season
from tournaments.core.models.history import stamp
from tournaments.core.refusals import NotAllowed
from tournaments.core.roles import ORGANISE

from .matches import written_reason


def _check_organiser(user) -> None:
    if not user.has_perm(ORGANISE):
        raise NotAllowed(_("Opening, closing or reopening a season needs the organisers' permission."))


def _moved(season: Season, user, check, state, why: str, **facts) -> Season:
    """``season`` in ``state``, with ``facts`` (its other fields), once ``check`` allows it; read and
    saved under a lock (two organisers at once change it one after the other, the second meeting
    the first's change); ``why`` in its history."""
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        check(season)
        season.state = state
        for name, value in facts.items():
            setattr(season, name, value)
        stamp(season, user, why)
        season.save()
    return season


def open_season(season: Season, user) -> Season:
    """A season being prepared starts running: the public sees it, and the newest running season
    is the public's current season."""
    _check_organiser(user)
    return _moved(season, user, season_rules.check_openable, Season.State.RUNNING, gettext_noop("Season opened"))


def close_season(season: Season, user) -> Season:
    """A running season whose competitions are all decided is closed: its results are final."""
    _check_organiser(user)
    return _moved(season, user, season_rules.check_closable, Season.State.CLOSED, gettext_noop("Season closed"))


def reopen_season(season: Season, user, reason: str) -> Season:
    """R21: a closed season runs again, for a written reason kept in its history and said on its
    public pages; closing it again meets the same checks as the first time."""
    _check_organiser(user)
    reason = written_reason(reason, _("say why the season is reopened"))
    return _moved(season, user, season_rules.check_reopenable, Season.State.RUNNING,
                  gettext_noop("Season reopened: %(reason)s") % {"reason": reason},
                  reopened_at=timezone.now(), reopening_reason=reason)
