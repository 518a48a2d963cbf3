"""Reading the national trophy register (R19, R20): its table, a player's points over time, the
latest cup awards. The order and the shared places are scoring's (scoring.register)."""

import datetime
from dataclasses import dataclass

from django.db.models import Count, Sum

from scoring import register as register_rules
from scoring.feasts import FEASTS, trophy_rank
from tournaments.core.collation import hungarian
from tournaments.core.feast_names import feast_name
from tournaments.core.models import CupAward, Player, TrophyWin


@dataclass
class Standing:
    """One line of the national register."""

    player: Player
    points: int
    trophy_count: int
    trophies: list
    cups: list
    place: int = 0

    @property
    def best_trophy(self):
        """R19: the highest-ranking trophy the player holds (the one ranking, scoring.feasts)."""
        return FEASTS[min(self.trophies, key=trophy_rank)] if self.trophies else None

    @property
    def best_trophy_name(self):
        return feast_name(self.best_trophy.id) if self.trophies else ""


def national_register():
    """Players with standing trophies, most trophy points first; equal points are ordered by the
    R19 trophy ranking (the best trophy, then the next), and players equal in both share a place.

    Three queries whatever the number of players: the players with their points, their standing
    trophies, their standing cups."""
    players = (Player.objects.filter(trophies__isnull=False, trophies__withdrawn_on__isnull=True)
               .annotate(points=Sum("trophies__points"), trophy_count=Count("trophies")).order_by(hungarian("name")))
    trophies, cups = {}, {}
    for player_id, trophy in TrophyWin.objects.filter(withdrawn_on__isnull=True).values_list("player_id", "trophy"):
        trophies.setdefault(player_id, []).append(trophy)
    standing_cups = CupAward.objects.filter(withdrawn_on__isnull=True).order_by("threshold")
    for player_id, threshold in standing_cups.values_list("player_id", "threshold"):
        cups.setdefault(player_id, []).append(threshold)
    rows = [Standing(player, player.points, player.trophy_count, trophies.get(player.pk, []), cups.get(player.pk, []))
            for player in players]
    ranking = register_rules.register_ranking([(row.points, row.trophies) for row in rows])
    for position, place in ranking:
        rows[position].place = place
    return [rows[position] for position, _place in ranking]


@dataclass
class PointsStep:
    """A trophy in a player's history, with the trophy points standing after it (R20)."""

    win: TrophyWin
    total: int


def points_over_time(wins):
    """The player's wins in the order they were won, each with the running total of the standing
    ones; a withdrawn entry is listed (marked) and adds nothing."""
    ordered = sorted(wins, key=lambda win: (win.won_on, win.id))
    totals = register_rules.running_totals(win.points if win.withdrawn_on is None else 0 for win in ordered)
    return [PointsStep(win, total) for win, total in zip(ordered, totals, strict=True)]


@dataclass
class AwardEvent:
    """An award made, or an award withdrawn, for the latest-awards page."""

    award: CupAward
    on: datetime.date
    withdrawn: bool


def latest_award_events(limit=50):
    """The latest awards and withdrawals, newest first (two queries)."""
    awards = CupAward.objects.select_related("player", "reached_by")
    made = [AwardEvent(award, award.awarded_on, False) for award in awards.order_by("-awarded_on", "-id")[:limit]]
    withdrawn = [AwardEvent(award, award.withdrawn_on, True)
                 for award in awards.filter(withdrawn_on__isnull=False).order_by("-withdrawn_on", "-id")[:limit]]
    events = sorted(made + withdrawn, key=lambda event: (event.on, event.withdrawn, event.award.pk), reverse=True)
    return events[:limit]
