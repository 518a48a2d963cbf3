"""A player's career: the seasons and teams, every confirmed match with the seat played, the
trophies with their dates and matches, and the feasts announced and made, counted by feast from
the stored hands. Five queries whatever the length of the career (see career)."""

from collections import Counter
from dataclasses import dataclass, field

from django.db.models import Count, Q

from tournaments.core.feast_names import feast_name
from tournaments.core.models import Announcement, CupAward, Match, Team, TrophyWin
from tournaments.reads.register import points_over_time

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
        return feast_name(self.feast)


@dataclass
class Career:
    seasons: list[SeasonRecord]
    matches: list[PlayedMatch]
    feasts: list[FeastCount]
    steps: list  # tournaments.reads.register.PointsStep, oldest first
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
    return Career(seasons, matches, feast_counts(player), points_over_time(wins), awards)


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
