"""A season's life (R15-R18, R21): being prepared, running, closed. A season is closed once every
one of its competitions is decided: the Cup's final and both semi-finals (whose losers take the
bronze medals, R16) have their winners, no match awaits confirmation or is being entered, no
online table of it is being played, and (R21) no match of it is scheduled and not played: the
organisers play it or cancel it first, and the refusal names each. Once closed, none of its facts
changes (Season.check_open); an organiser may reopen it with a written reason."""

from django.db.models import Q
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.core.models import Competition, CupTie, Match, Season, Table
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
    tables = open_tables(season).count()
    if tables:
        reasons.append(ngettext("R21: %(count)s online table of the season is being played or adjourned; finish "
                                "or abandon it first.",
                                "R21: %(count)s online tables of the season are being played or adjourned; finish "
                                "or abandon them first.", tables) % {"count": tables})
    reasons += [unplayed_reason(match) for match in unplayed_matches(season)]
    return reasons


def unplayed_matches(season):
    """R21: the season's matches scheduled and not played, which hold it open, in the order of play."""
    return (Match.objects.filter(competition__season=season, state=Match.State.SCHEDULED)
            .select_related("competition__season", "team_a", "team_b").order_by("played_on", "pk"))


def unplayed_reason(match) -> str:
    return (_("R21: %(team_a)s – %(team_b)s (%(competition)s, %(date)s) is scheduled and not played; play it or "
              "cancel it, with a reason, before the season is closed.")
            % {"team_a": match.team_a, "team_b": match.team_b, "competition": match.competition.name,
               "date": date_format(match.played_on)})


def open_tables(season):
    playing = Q(state__in=(Table.State.OPEN, Table.State.ADJOURNED))
    return Table.objects.filter(playing & (Q(match__competition__season=season) | Q(free_games__season=season)))


def check_closable(season) -> None:
    reasons = why_not_closable(season)
    if reasons:
        raise Refused(reasons, code="not_closable")


def check_reopenable(season) -> None:
    if season.state != Season.State.CLOSED:
        raise Refused(_("R21: only a closed season is reopened; the %(year)s season is %(state)s.")
                      % {"year": season.year, "state": season.get_state_display()}, code="not_closed")


def check_openable(season) -> None:
    if season.state != Season.State.PREPARED:
        raise Refused(_("Only a season being prepared is opened; the %(year)s season is %(state)s.")
                      % {"year": season.year, "state": season.get_state_display()}, code="not_prepared")
