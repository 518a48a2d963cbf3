"""R20: the trophy register's arithmetic - trophy points, cups at thresholds - without a database.

The register (tournaments.register) keeps the entries; what they add up to, and which trophy
reaches which cup, is decided here, like every other score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .feasts import FEASTS

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
