"""R5-R12: a checked hand's lines and each team's score.

Every point a team gets is a line; the lines add up to ``raw`` and R12 turns ``raw`` into the
score through the ceiling that the team's trophies set.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Team
from .feasts import CONTRA_LIMIT
from .records import Announcement, Contra, Hand, Holding

NORMAL_CEILING = 100  # R12: no team scores above 100 without a trophy
LITTLE_TROPHY_CEILING = 110  # R12: a won Little trophy raises the ceiling to 110
DEFENCE = 20  # R5
CONSOLATION_CAP = {True: 100, False: 90}  # R5: keyed by "is the attacking team"
TEAMS = (Team.A, Team.B)


class Line(NamedTuple):
    """One scored item of a team (FORMAT.md's answer): a named tuple, cheap to make by the thousand."""

    item: str
    points: int

    def as_dict(self) -> dict:
        return {"item": self.item, "points": self.points}


class TeamScore(NamedTuple):
    score: int
    raw: int
    ceiling: int
    lines: tuple[Line, ...]

    def as_dict(self) -> dict:
        return {"score": self.score, "raw": self.raw, "ceiling": self.ceiling,
                "lines": [{"item": item, "points": points} for item, points in self.lines]}


def _line(item: str, points: int) -> Line:
    return _new_tuple(Line, (item, points))


_new_tuple = tuple.__new__  # builds a named tuple without its own __new__, a Python function
_POINTS_FOR_TRUMPS = tuple(40 if count >= 13 else 50 if count >= 11 else 60 for count in range(23))  # R5
_POINTS_FOR_HONOURS = (30, 20, 0)  # R5: none, exactly one, both


def consolation(holding: Holding, attacking: bool) -> int:
    """R5: consolation points from the team's 20 cards as dealt, capped before anything is added."""
    points = _POINTS_FOR_TRUMPS[holding.trumps] + _POINTS_FOR_HONOURS[holding.honours]
    points += 5 * (3 - len(holding.high_trumps))
    if not attacking:
        points += DEFENCE
    return min(points, CONSOLATION_CAP[attacking])


def announcement_points(announcement: Announcement) -> int:
    """R6/R7: a message scores its value; a feast adds its value if won, subtracts it if lost."""
    value = announcement.feast.value
    if announcement.feast.is_message:
        return value
    return value if announcement.won else -value


def contra_points(announcement: Announcement) -> int:
    """R8: the calling team's contra line, limited to plus or minus 20."""
    amount = min(announcement.feast.value, CONTRA_LIMIT)
    if announcement.contra is Contra.PARTNER:
        return amount if announcement.won else -amount
    return -amount if announcement.won else amount


def contra_team(announcement: Announcement) -> Team:
    """R8: a partner's contra is the announcer's team's line, an opponents' contra theirs."""
    return announcement.team if announcement.contra is Contra.PARTNER else announcement.team.other


def hand_lines(hand: Hand) -> dict[Team, list[Line]]:
    """Each team's lines: consolation, then each announcement and contra in record order, then
    silent premiums (R5-R10)."""
    lines = {
        team: [_line("consolation", consolation(hand.holdings[team], team is hand.attackers))]
        for team in TEAMS
    }
    announced: dict[Team, set[str]] = {Team.A: set(), Team.B: set()}
    for announcement in hand.announcements:
        feast_id = announcement.feast.id
        lines[announcement.team].append(_line(feast_id, announcement_points(announcement)))
        announced[announcement.team].add(feast_id)
        if announcement.contra is not None:
            lines[contra_team(announcement)].append(_line("contra:" + feast_id, contra_points(announcement)))
    for entry in hand.silent or ():
        # R10: a team that announced a feast covering the same event does not also score it silently.
        if not entry.premium.covered_by & announced[entry.team]:
            lines[entry.team].append(_line(entry.premium.id, entry.premium.value))
    return lines


def ceiling(hand: Hand, team: Team) -> int | None:
    """R12 steps 2-4: the team's ceiling, or None when a lost trophy above 100 scores it 0."""
    trophies = [a for a in hand.announcements if a.team is team and a.feast.is_trophy]
    if not trophies:
        return NORMAL_CEILING
    if any(a.feast.is_great_trophy and not a.won for a in trophies):
        return None
    limit = NORMAL_CEILING
    for announcement in trophies:
        if announcement.won:
            bound = LITTLE_TROPHY_CEILING if announcement.feast.is_little_trophy else announcement.feast.value
            limit = max(limit, bound)
    for announcement in trophies:
        if announcement.feast.is_little_trophy and not announcement.won:
            limit -= announcement.feast.value
    return max(limit, 0)


def score_team(hand: Hand, team: Team, lines: list[Line]) -> TeamScore:
    raw = sum([points for _, points in lines])
    limit = ceiling(hand, team)
    if limit is None:
        return _new_tuple(TeamScore, (0, raw, 0, tuple(lines)))  # R12 step 2
    return _new_tuple(TeamScore, (min(max(raw, 0), limit), raw, limit, tuple(lines)))


def score_hand(hand: Hand) -> dict[Team, TeamScore]:
    """Both teams' scores for a checked hand whose results are all known (R5-R12)."""
    lines = hand_lines(hand)
    return {team: score_team(hand, team, lines[team]) for team in TEAMS}
