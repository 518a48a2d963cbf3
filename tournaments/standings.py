"""The read layer of the public pages and their printed and spreadsheet copies (public/ and
outputs/ both read here, neither imports the other): the season and competition a page names,
and the rows of every standing. A row holds what a page shows in a table, as plain values: names
as text, figures as the numbers scoring/ produced (an average stays a Decimal, a missing figure
stays None)."""

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Count, Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from scoring.competitions import TieBreak
from tournaments import register
from tournaments.collation import hungarian
from tournaments.competitions import championship as championship_rules
from tournaments.competitions import cup as cup_rules
from tournaments.competitions import free_games as free_game_rules
from tournaments.competitions import grand_prix as grand_prix_rules
from tournaments.feast_names import FEAST_NAMES
from tournaments.models import Announcement, Competition, CupAward, CupTie, Match, Season, Team, TrophyWin


def get_season(year):
    return get_object_or_404(Season, year=year)


def get_competition(season, kind, **lookup):
    return get_object_or_404(Competition.objects.select_related("season"), season=season, kind=kind, **lookup)


def players_text(team):
    names = f"{team.driver}, {team.catcher}"
    if team.substitute_id:
        names += " " + _("(substitute: %(name)s)") % {"name": team.substitute}
    return names


def trophy_name(feast_id):
    return FEAST_NAMES[feast_id] if feast_id else _("none")


def tie_break_text(reason):
    """R17: how a team was separated from the team above on an equal total."""
    if reason is None:
        return ""
    if reason.kind is TieBreak.BEST_MATCH:
        return _("Equal total; best match %(above)s to %(below)s") % {"above": reason.above, "below": reason.below}
    if reason.kind is TieBreak.TROPHY:
        return _("Equal total and best match; trophy %(level)s: %(above)s to %(below)s") % {
            "level": reason.level, "above": trophy_name(reason.above), "below": trophy_name(reason.below)}
    return _("Equal on every tie-break: place shared")


@dataclass(frozen=True)
class ChampionshipRow:
    place: int
    team: str
    players: str
    played: int
    total: int
    average: Decimal | None
    best: int | None
    team_id: int


@dataclass(frozen=True)
class Championship:
    """R15: the season table with the heading and the match limit its page shows."""

    title: str
    match_limit: int
    rows: list[ChampionshipRow]


def championship_rows(season) -> list[ChampionshipRow]:
    """R15: the season table as the page and the copies show it. Queries: teams, counted scores."""
    return [championship_row(row, team) for row, team in championship_rules.standings(season)]


def championship_row(row, team) -> ChampionshipRow:
    return ChampionshipRow(row.place, team.name, players_text(team), row.played, row.total, row.average, row.best,
                           team.pk)


def championship(season) -> Championship:
    """Queries: teams with players, counted match scores, the Championship (its name and limit)."""
    rows = championship_rows(season)
    competition = championship_rules.championship_of(season)
    title = competition.name if competition else _("Team Championship %(year)s") % {"year": season.year}
    limit = competition.match_limit if competition else championship_rules.DEFAULT_MATCH_LIMIT
    return Championship(title, limit, rows)


@dataclass(frozen=True)
class GrandPrixRow:
    place: int
    team: str
    players: str
    played: int
    total: int
    best: int | None
    trophies: str
    tie_break: str
    team_id: int
    trophy_ids: tuple = ()  # the trophies, highest-ranking first, for readers that name them themselves
    tie_break_reason: object = None  # scoring's TieBreakReason behind ``tie_break``, or None


def grand_prix(event) -> list[GrandPrixRow]:
    """R17 results with the tie-break that separated each team from the one above. Queries:
    entrants, confirmed match sums, trophies won."""
    return [grand_prix_row(row, team) for row, team in grand_prix_rules.results(event)]


def grand_prix_row(row, team) -> GrandPrixRow:
    return GrandPrixRow(row.place, team.name, players_text(team), row.matches_played, row.total, row.best_match,
                        trophy_names(row.trophy_order), tie_break_text(row.tie_break), team.pk,
                        tuple(row.trophy_order), row.tie_break)


def trophy_names(trophy_ids) -> str:
    return ", ".join(str(FEAST_NAMES[trophy]) for trophy in trophy_ids)


@dataclass(frozen=True)
class Pairing:
    match: Match
    confirmed: bool  # only a confirmed match's scores are public


def pairings(event) -> list[Pairing]:
    """R17: the event's matches in the order they were paired. One query."""
    return [Pairing(match, match.state == Match.State.CONFIRMED) for match in grand_prix_rules.pairings(event)]


@dataclass(frozen=True)
class FreeGameRow:
    place: int
    player: str
    games: int
    points: int


def free_games(competition) -> list[FreeGameRow]:
    """R18: the year's table. Queries: scores, players."""
    rows, _winners = free_game_rules.year_table(competition)
    return [FreeGameRow(row.place, player.name, row.games, row.points) for row, player in rows]


@dataclass(frozen=True)
class RegisterRow:
    place: int
    player: str
    points: int
    trophies: int
    best_trophy: str
    cups: str


def trophy_register() -> list[RegisterRow]:
    """R20: the national register, its cups as their thresholds. Three queries (see
    tournaments.register.national_register)."""
    return [RegisterRow(row.place, row.player.name, row.points, row.trophy_count,
                        str(row.best_trophy_name), ", ".join(map(str, row.cups)))
            for row in register.national_register()]


@dataclass(frozen=True)
class Cup:
    """R16: the bracket's rounds (round, date, tie views) and the final standing, as the page has them."""

    rounds: list
    standing: cup_rules.Standing
    entries: list


def cup(competition) -> Cup:
    """Queries: ties with their teams, their matches; before the draw, the entries with their players."""
    rounds = cup_rules.bracket(competition)
    entries = (list(competition.cup_entries.select_related("team__driver", "team__catcher"))
               if competition.drawn_at is None else [])
    return Cup(rounds, cup_rules.final_standing(cup_rules.ties_of(rounds)), entries)


@dataclass(frozen=True)
class BracketCell:
    """One tie placed in the printed bracket: a column a round, a tie spanning the rows of the two
    ties that feed it, so each tie sits level with its feeders."""

    round: object
    view: cup_rules.TieView
    rowspan: int


def bracket_grid(rounds) -> list[list[BracketCell]]:
    """The bracket as table rows: one row a first-round tie; a later round's tie in slot s starts on
    row s * 2**k (k rounds after the first) and spans 2**k rows."""
    if not rounds:
        return []
    grid = [[] for _tie in rounds[0][2]]
    for step, (round_, _date, views) in enumerate(rounds):
        span = 2 ** step
        for view in views:
            grid[view.tie.slot * span].append(BracketCell(round_, view, span))
    return grid


# --- the home page: what happened and what is next in the latest season -----------------------
# Eight queries however much has been played (see home_digest).

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
    season = Season.objects.order_by("-year").first()
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


# --- a player's career -----------------------------------------------------------------------
# The seasons and teams, every confirmed match with the seat played, the trophies with their
# dates and matches, and the feasts announced and made, counted by feast from the stored hands.
# Five queries whatever the length of the career (see career).

SEATS = ("a_driver", "a_catcher", "b_driver", "b_catcher")


@dataclass
class PlayedMatch:
    match: Match
    team: Team
    opponent: Team
    seat: str  # "driver" or "catcher", the seat the player took (R14)
    as_substitute: bool
    score: int | None
    against: int | None


@dataclass
class SeasonRecord:
    team: Team
    role: str  # the player's place in the team: "driver", "catcher" or "substitute"
    counts: Counter = field(default_factory=Counter)  # matches by "driver", "catcher", "substitute"

    @property
    def season(self):
        return self.team.season


@dataclass
class FeastCount:
    feast: str
    announced: int
    made: int

    @property
    def name(self):
        return FEAST_NAMES[self.feast]


@dataclass
class Career:
    seasons: list[SeasonRecord]
    matches: list[PlayedMatch]
    feasts: list[FeastCount]
    steps: list  # tournaments.register.PointsStep, oldest first
    awards: list

    @property
    def points(self):
        return self.steps[-1].total if self.steps else 0

    @property
    def totals(self):
        counts = Counter()
        for record in self.seasons:
            counts.update(record.counts)
        return counts


def career(player) -> Career:
    seasons = _seasons(player)
    matches = played_matches(player)
    by_team = {record.team.pk: record for record in seasons}
    for played in matches:
        record = by_team.get(played.team.pk)
        if record is not None:
            record.counts["substitute" if played.as_substitute else played.seat] += 1
    wins = (TrophyWin.objects.filter(player=player)
            .select_related("partner", "team__season", "competition__season", "match__team_a", "match__team_b",
                            "match__competition__season"))
    awards = list(CupAward.objects.filter(player=player).select_related("reached_by").order_by("awarded_on", "id"))
    return Career(seasons, matches, feast_counts(player), register.points_over_time(wins), awards)


def _seasons(player):
    teams = (Team.objects.filter(Q(driver=player) | Q(catcher=player) | Q(substitute=player))
             .select_related("season").order_by("-season__year"))
    return [SeasonRecord(team, _role(team, player)) for team in teams]


def _role(team, player):
    if team.driver_id == player.pk:
        return "driver"
    return "catcher" if team.catcher_id == player.pk else "substitute"


def played_matches(player):
    """Every confirmed match the player sat in, latest first, from the player's side. One query."""
    sat = Q()
    for seat in SEATS:
        sat |= Q(**{seat: player})
    matches = (Match.objects.confirmed().filter(sat)
               .select_related("competition__season", "team_a", "team_b").order_by("-played_on", "-id"))
    return [_played(match, player) for match in matches]


def _played(match, player):
    ours = "a" if player.pk in (match.a_driver_id, match.a_catcher_id) else "b"
    theirs = "b" if ours == "a" else "a"
    team = getattr(match, f"team_{ours}")
    seat = "driver" if getattr(match, f"{ours}_driver_id") == player.pk else "catcher"
    return PlayedMatch(match, team, getattr(match, f"team_{theirs}"), seat, team.substitute_id == player.pk,
                       getattr(match, f"score_{ours}"), getattr(match, f"score_{theirs}"))


def feast_counts(player) -> list[FeastCount]:
    """The feasts the player announced in confirmed matches, how many of each and how many were
    made (won), most announced first. One query."""
    announced_by_player = Q()
    for seat in SEATS:
        team, role = seat.split("_")
        announced_by_player |= Q(seat=f"{team.upper()}.{role}", **{f"hand__match__{seat}": player})
    rows = (Announcement.objects.filter(announced_by_player, hand__match__state=Match.State.CONFIRMED)
            .values("feast").annotate(announced=Count("pk"), made=Count("pk", filter=Q(result="won")))
            .order_by("-announced", "feast"))
    return [FeastCount(row["feast"], row["announced"], row["made"]) for row in rows]
