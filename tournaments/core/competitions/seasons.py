"""A season's life (R15-R18): being prepared, running, closed. A season is closed once every one
of its competitions is decided: the Cup's final and both semi-finals (whose losers take the
bronze medals, R16) have their winners, and no match awaits confirmation or is being entered.
Matches only scheduled and never played do not hold it open; once it is closed they take no
hands (tournaments.recording.matches)."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.core.models import Competition, CupTie, Match, Season
from tournaments.core.refusals import Refused

from .cup import LAST_ROUND

OPEN_MATCH_STATES = (Match.State.IN_ENTRY, Match.State.ENTERED, Match.State.RETURNED)


def why_not_closable(season) -> list[str]:
    """Every reason the season cannot be closed now, in the organisers' words; [] when it can."""
    if season.state != Season.State.RUNNING:
        return [_("Only a running season is closed; the %(year)s season is %(state)s.")
                % {"year": season.year, "state": season.get_state_display()}]
    reasons = []
    for cup in season.competitions.filter(kind=Competition.Kind.CUP):
        ties = list(cup.cup_ties.filter(round__in=(LAST_ROUND, CupTie.Round.SEMI_FINAL)))
        if cup.drawn_at is None:
            reasons.append(_("R16: %(cup)s is not drawn yet.") % {"cup": cup.name})
        elif not any(tie.round == LAST_ROUND and tie.winner_id for tie in ties):
            reasons.append(_("R16: the final of %(cup)s is not decided yet.") % {"cup": cup.name})
        if cup.drawn_at is not None and any(tie.round == CupTie.Round.SEMI_FINAL and tie.winner_id is None
                                            and tie.team_b_id is not None for tie in ties):
            reasons.append(_("R16: the bronze medals of %(cup)s are not decided yet: a semi-final is "
                             "still open.") % {"cup": cup.name})
    open_matches = Match.objects.filter(competition__season=season, state__in=OPEN_MATCH_STATES).count()
    if open_matches:
        reasons.append(ngettext("%(count)s match of the season is being entered or awaits confirmation.",
                                "%(count)s matches of the season are being entered or await confirmation.",
                                open_matches) % {"count": open_matches})
    return reasons


def check_closable(season) -> None:
    reasons = why_not_closable(season)
    if reasons:
        raise Refused(reasons, code="not_closable")


def check_openable(season) -> None:
    if season.state != Season.State.PREPARED:
        raise Refused(_("Only a season being prepared is opened; the %(year)s season is %(state)s.")
                      % {"year": season.year, "state": season.get_state_display()}, code="not_prepared")
