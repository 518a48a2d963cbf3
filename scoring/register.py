"""R20: the trophy register's arithmetic - trophy points, cups at thresholds - without a database.

The register (tournaments.core.register) keeps the entries; what they add up to, and which trophy
reaches which cup, is decided here, like every other score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .competitions import shared_places
from .feasts import FEASTS, trophy_ranking_key

DEFAULT_THRESHOLDS = (100, 250, 500, 1000)  # R20 setting: trophy points at which a cup is awarded


def trophy_points(feast_id: str, points_are_values: bool) -> int:
    """R20: each trophy earns 1 trophy point, or its value when the setting says so."""
    return FEASTS[feast_id].value if points_are_values else 1


def thresholds_reached(wins: Iterable[tuple[int, Sequence[int]]]) -> list[tuple[int, int]]:
    """R20: for wins in the order they were won, each given as (points, the thresholds in force
    for it), the cups they reach: (position of the win, threshold). Points add up across the
    wins; a threshold passed is awarded to the win that passed it, one award per threshold even
    when one win passes several at once."""
    total, reached = 0, []
    for position, (points, thresholds) in enumerate(wins):
        before, total = total, total + points
        reached += [(position, threshold) for threshold in thresholds if before < threshold <= total]
    return reached


def running_totals(points: Iterable[int]) -> list[int]:
    """The total after each win, in the order they were won (a withdrawn win counts 0)."""
    total, totals = 0, []
    for value in points:
        total += value
        totals.append(total)
    return totals


def register_ranking(players: Sequence[tuple[int, Sequence[str]]]) -> list[tuple[int, int]]:
    """R19, R20: the national register's order for players given as (trophy points, standing
    trophies): most points first; equal points are ordered by the R19 trophy ranking (the best
    trophy, then the next), and players equal in both share a place. Returns (position in
    ``players``, place) in ranking order; players equal in both keep the order they were given."""
    keys = [(points, trophy_ranking_key(list(trophies))) for points, trophies in players]
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)  # stable within a tie
    return list(zip(order, shared_places([keys[position] for position in order]), strict=True))
