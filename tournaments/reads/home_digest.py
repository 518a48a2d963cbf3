"""The front page's digest: what happened and what is next in the latest season (latest results,
the Championship's top places, the Cup's round, the next fixtures, the latest trophy cups).
Eight queries however much has been played (see home_digest)."""

from dataclasses import dataclass, field

from tournaments.core.collation import hungarian
from tournaments.core.competitions import championship as championship_rules
from tournaments.core.competitions import cup as cup_rules
from tournaments.core.models import Competition, CupAward, CupTie, Match, Season

RESULTS_SHOWN = 6
LEADERS_SHOWN = 5
FIXTURES_SHOWN = 6
AWARDS_SHOWN = 5


@dataclass
class CupRound:
    competition: Competition
    round: CupTie.Round | None  # the earliest round with an undecided tie; None before the draw or when done
    ties: list = field(default_factory=list)
    standing: cup_rules.Standing | None = None


@dataclass
class Digest:
    season: Season | None
    results: list = field(default_factory=list)  # latest confirmed matches, newest first
    leaders: list = field(default_factory=list)  # (ChampionshipRow, Team), the table's top
    cup: CupRound | None = None
    fixtures: list = field(default_factory=list)  # the next scheduled matches, soonest first
    awards: list = field(default_factory=list)  # the latest trophy cups standing (R20)
    competitions: list = field(default_factory=list)

    def players(self):
        """Every player the digest names, so the page can tell apart players who share a name."""
        return [award.player for award in self.awards]


def home_digest(today) -> Digest:
    """Queries: 1 the latest season, 2 its competitions, 3 latest results, 4-5 the Championship
    table (teams, counted scores), 6 the Cup's ties, 7 next fixtures, 8 latest cups."""
    season = Season.objects.current()
    if season is None:
        return Digest(None, awards=latest_awards())
    competitions = list(season.competitions.order_by("kind", "starts", hungarian("name")))
    cup = next((c for c in competitions if c.kind == Competition.Kind.CUP), None)
    return Digest(
        season=season,
        results=list(Match.objects.confirmed().with_teams().filter(competition__season=season)
                     .order_by("-played_on", "-confirmed_at", "-id")[:RESULTS_SHOWN]),
        leaders=championship_rules.standings(season)[:LEADERS_SHOWN],
        cup=cup_round(cup) if cup else None,
        fixtures=next_fixtures(season, today),
        awards=latest_awards(),
        competitions=competitions,
    )


def cup_round(cup) -> CupRound:
    """R16: the round being played and its ties, or the final standing once the Final is decided.
    One query (the ties with their teams) once the draw is made, none before."""
    if cup.drawn_at is None:
        return CupRound(cup, None)
    ties = list(cup.cup_ties.select_related("team_a", "team_b", "winner"))
    undecided = [tie.round for tie in ties if tie.winner_id is None]
    if not undecided:
        return CupRound(cup, None, standing=cup_rules.final_standing(ties))
    current = CupTie.Round(min(undecided))
    return CupRound(cup, current, [tie for tie in ties if tie.round == current])


def next_fixtures(season, today, limit=FIXTURES_SHOWN):
    return list(Match.objects.with_teams().filter(competition__season=season, state=Match.State.SCHEDULED,
                                                  played_on__gte=today).order_by("played_on", "id")[:limit])


def latest_awards():
    return list(CupAward.objects.filter(withdrawn_on__isnull=True).select_related("player", "reached_by")
                .order_by("-awarded_on", "-id")[:AWARDS_SHOWN])
