"""The register's points over time as an SVG step chart with a dated axis: each step sits at the
day its trophy was won, so a busy month looks busy; the axes carry dates and points."""

import datetime
from dataclasses import dataclass, field

from django.utils import dateformat
from django.utils.translation import pgettext

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 12, 34  # room for the point labels and the date labels
MOST_DATE_LABELS = 4
MOST_POINT_LABELS = 5
DATE_LABEL_HALF_WIDTH = 28  # "2026. 03." (Hungarian) or "2026-03" at the chart's 11px type


@dataclass
class Tick:
    at: float
    label: str


@dataclass
class Chart:
    path: str  # the running total as an SVG path, stepping up on each trophy's day
    x_ticks: list[Tick]
    y_ticks: list[Tick]
    marks: list[tuple[float, float]] = field(default_factory=list)  # one dot a trophy
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM


def points_chart(steps):
    """``steps`` are tournaments.core.register.PointsStep (won_on of each win, running total after it),
    oldest first. None when there is nothing to draw."""
    if not steps:
        return None
    dates = [step.win.won_on for step in steps]
    start = dates[0].replace(day=1)
    end = max(_next_month(dates[-1]), start + datetime.timedelta(days=60))
    top = _nice_top(max(step.total for step in steps))

    def x(day):
        return round(LEFT + (day - start).days / (end - start).days * (WIDTH - LEFT - RIGHT), 1)

    def y(total):
        return round(HEIGHT - BOTTOM - total / top * (HEIGHT - TOP - BOTTOM), 1)

    path, marks, previous = [f"M{x(start)},{y(0)}"], [], 0
    for step, day in zip(steps, dates, strict=True):
        path.append(f"H{x(day)}V{y(step.total)}")
        if step.total != previous:
            marks.append((x(day), y(step.total)))
        previous = step.total
    path.append(f"H{x(end)}")
    return Chart(
        path="".join(path),
        # A label is centred on its tick; one too near the right edge would be cut off.
        x_ticks=[Tick(x(day), _month_label(day)) for day in _month_ticks(start, end)
                 if x(day) <= WIDTH - RIGHT - DATE_LABEL_HALF_WIDTH],
        y_ticks=[Tick(y(value), str(value)) for value in _value_ticks(top)],
        marks=marks,
    )


def _month_label(day):
    """A month on the dated axis, as the reader's language writes it: "2026. 03." in Hungarian."""
    # Translators: a month on the points chart's axis, as a Django date format; Hungarian "Y. m.".
    return dateformat.format(day, pgettext("month on a chart's axis", "Y-m"))


def _next_month(day):
    return (day.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)


def _month_ticks(start, end):
    months = []
    day = start
    while day <= end:
        months.append(day)
        day = _next_month(day)
    every = -(-len(months) // MOST_DATE_LABELS)  # ceiling: at most MOST_DATE_LABELS labels fit
    return months[::every]


def _nice_step(top):
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if top / step <= MOST_POINT_LABELS - 1:
            return step
    return 10_000


def _nice_top(most):
    step = _nice_step(max(most, 1))
    return max(step, -(-most // step) * step)


def _value_ticks(top):
    step = _nice_step(top)
    return list(range(0, top + 1, step))
