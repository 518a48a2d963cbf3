"""R15 Team Championship: which matches count, the rules a counted match must meet (the match
limit, the jury's agreement to a private or early match), the table."""

import datetime

from django.db.models import Count, Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from scoring.competitions import ChampionshipRow, championship_table
from tournaments.core.collation import hungarian_key
from tournaments.core.models import Competition, Match, Team
from tournaments.core.refusals import Refused

DEFAULT_MATCH_LIMIT = Competition._meta.get_field("match_limit").default
# The code of the R15 refusal that the chief jury's agreement, given before play, lifts.
AGREEMENT_REFUSAL = "R15_jury_agreement"


def championship_of(season):
    """The season's Championship (at most one a season), or None."""
    return Competition.objects.filter(season=season, kind=Competition.Kind.CHAMPIONSHIP).first()


def counts_for_championship(match) -> bool:
    """R15, R17: a Championship match, or a Grand Prix match the jury counted for it."""
    kind = match.competition.kind
    return kind == Competition.Kind.CHAMPIONSHIP or (
        kind == Competition.Kind.GRAND_PRIX and match.counts_for_championship
    )


def counted_matches(season):
    """Every match of the season that counts for the Championship (any state)."""
    return Match.objects.filter(competition__season=season).filter(
        Q(competition__kind=Competition.Kind.CHAMPIONSHIP)
        | Q(competition__kind=Competition.Kind.GRAND_PRIX, counts_for_championship=True)
    )


def check_championship_match(match) -> None:
    """R15: raise ValidationError naming the rule when a counted match may not be recorded."""
    if not counts_for_championship(match):
        return
    championship = championship_counting(match)
    check_match_limit(match, championship)
    check_jury_agreement(match, championship)


def championship_counting(match):
    """The Championship a match counts for: its own competition when it is the Championship (not
    read again), else the season's."""
    competition = match.competition
    return competition if competition.kind == Competition.Kind.CHAMPIONSHIP else championship_of(competition.season)


def check_championship_agreement(match) -> None:
    """R15: the jury's agreement, for a counted match that needs it."""
    if counts_for_championship(match):
        check_jury_agreement(match, championship_counting(match))


def check_match_limit(match, championship=None) -> None:
    """R15: a team plays at most ``match_limit`` (52) championship matches a season; the next is
    refused. Matches already recorded (scored) count; the match itself does not."""
    limit = championship.match_limit if championship else DEFAULT_MATCH_LIMIT
    recorded = counted_matches(match.competition.season).filter(hand_sum_a__isnull=False)
    if match.pk:
        recorded = recorded.exclude(pk=match.pk)
    teams = (match.team_a, match.team_b)
    played = recorded.aggregate(**{f"team_{side}": Count("pk", filter=Q(team_a=team) | Q(team_b=team))
                                   for side, team in enumerate(teams)})  # both teams in one query
    for side, team in enumerate(teams):
        if played[f"team_{side}"] >= limit:
            raise Refused(
                _("R15: %(team)s has already played %(limit)s championship matches this season; "
                  "a team plays at most %(limit)s.") % {"team": team, "limit": limit},
                code="R15_match_limit",
            )


def check_jury_agreement(match, championship=None) -> None:
    """R15: a match not played publicly, or played before the annual meeting, counts only when the
    jury agreed it before it was played (on the day of play at the latest)."""
    meeting = championship.annual_meeting_date() if championship else default_annual_meeting(match.competition.season)
    reasons = agreement_reasons(match, meeting)
    if reasons and not agreed_before_play(match):
        raise Refused(
            _("R15: this championship match needs the jury's agreement given before it was played, "
              "because %(reasons)s.") % {"reasons": _(" and ").join(reasons)},
            code=AGREEMENT_REFUSAL,
        )


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
    """R15: why a match needs the jury's agreement before it is played (empty when it does not
    count for the Championship or needs none): it is not played publicly, or it is played before
    the annual meeting (``meeting``; looked up when not given)."""
    if not counts_for_championship(match):
        return []
    meeting = meeting or annual_meeting(match)
    reasons = []
    if not match.played_publicly:
        reasons.append(_("it is not played publicly"))
    if match.played_on < meeting:
        reasons.append(_("it is played before the annual meeting (%(date)s)") % {"date": date_format(meeting)})
    return reasons


def agreed_before_play(match) -> bool:
    if match.jury_agreed_by_id is None or match.jury_agreed_at is None:
        return False
    return timezone.localdate(match.jury_agreed_at) <= match.played_on


# --- the table ---------------------------------------------------------------------------------


def standings(season) -> list[tuple[ChampionshipRow, Team]]:
    """R15: the season table from confirmed counted matches. Two queries: the teams, the scores."""
    teams = {team.pk: team for team in Team.objects.filter(season=season).with_players()}
    scores: dict[int, list[int]] = {pk: [] for pk in teams}
    rows = counted_matches(season).confirmed().values_list("team_a_id", "team_b_id", "score_a", "score_b")
    for team_a, team_b, score_a, score_b in rows:
        if score_a is None or score_b is None:
            continue
        scores.setdefault(team_a, []).append(score_a)
        scores.setdefault(team_b, []).append(score_b)
    scores = {pk: values for pk, values in scores.items() if pk in teams}
    table = championship_table(scores, name=lambda pk: hungarian_key(teams[pk].name))
    return [(row, teams[row.team]) for row in table]
