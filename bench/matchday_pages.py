"""`make bench-matchday`'s reading of the live pages: what each page a viewer received (a WebSocket
message, a polled page) shows of the bench's confirmed matches, and what is wrong in it: a score
shown before its confirmation was sent, or not the score confirmed; then, over every viewer, how
long each confirmed score took to reach them and who was left without one at the end."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field

# A line of the day's matches (public/_day_matches.html): the match's link, then its score cell.
DAY_LINE = re.compile(r'/matches/(\d+)/">.*?<td class="number"[^>]*>([^<]*)</td>', re.S)
# The Championship table's rows (tables.ChampionshipTable): place, team (its link), players, matches
# played, total, ...
TABLE_ROW, CELL = re.compile(r"<tr[^>]*>(.*?)</tr>", re.S), re.compile(r"<td[^>]*>(.*?)</td>", re.S)
TEAM_LINK = re.compile(r'/teams/(\d+)/"')
NO_SCORE = ("", "–", "—")


@dataclass
class Confirmation:
    match: str
    asked: float  # perf_counter when the confirmation was sent
    answered: float = math.inf  # when its HTTP answer came
    teams: tuple = ()  # the teams' ids, as text
    score: tuple = ()  # (score_a, score_b)

    @property
    def score_text(self) -> str:
        return f"{self.score[0]} : {self.score[1]}"  # as the day's matches show it


@dataclass
class Viewer:
    page: Page
    pushed: bool  # connected over a WebSocket, else polling
    received: list = field(default_factory=list)  # (perf_counter, text): each message, or each page polled (200)
    began: float = math.nan
    ended: float = math.nan

    def html(self, text: str) -> str:
        return json.loads(text)["html"] if self.pushed else text



def figure(text: str) -> int:
    """A figure as a page writes it, in either language (thousands separated, a dash for none)."""
    digits = re.sub(r"[^\d-]", "", text.replace("−", "-"))
    return int(digits) if digits.strip("-") else 0


class Page:
    """A live page: what its HTML shows of the bench's confirmed matches."""

    def __init__(self, name: str, path: str):
        self.name, self.path = name, path

    def expects(self, confirmation: Confirmation) -> bool:
        return True

    def read(self, html: str, first: str, confirmations: list, sent: Sent) -> tuple[set, list]:
        """The confirmations ``html`` shows (``first``: the viewer's first page), and what is wrong
        in it: a score shown whose confirmation was not ``sent`` when it arrived, or not the score
        confirmed."""
        return set(), []


class DayMatches(Page):
    """Today's matches (today's page, the big screen): a confirmed match's score in its line."""

    def read(self, html, first, confirmations, sent):
        scores = {match: score.strip() for match, score in DAY_LINE.findall(html)}
        shown, wrong = set(), []
        for confirmation in confirmations:
            score = scores.get(confirmation.match, "")
            if score in NO_SCORE:
                continue
            if confirmation.match not in sent.matches:
                wrong.append(f"{self.name}: match {confirmation.match} shows {score} before it was confirmed")
            elif score != confirmation.score_text:
                wrong.append(f"{self.name}: match {confirmation.match} shows {score}, not {confirmation.score_text}")
            else:
                shown.add(confirmation.match)
        return shown, wrong


def team_figures(html: str) -> dict[str, tuple[int, int]]:
    """Each team's matches played and total on the Championship table, by the team's id."""
    figures = {}
    for row in TABLE_ROW.findall(html):
        team, cells = TEAM_LINK.search(row), CELL.findall(row)
        if team and len(cells) >= 5:
            figures[team.group(1)] = (figure(cells[3]), figure(cells[4]))
    return figures


class ChampionshipTable(Page):
    """The Championship table: a confirmed match moves its two teams' matches played by one and their
    totals by their scores. Confirmations come one at a time, so the played moved tell which."""

    def read(self, html, first, confirmations, sent):
        asked = dict(sent.teams)
        base, rows = team_figures(first), team_figures(html)
        moved = {team: (played - base.get(team, (0, 0))[0], total - base.get(team, (0, 0))[1])
                 for team, (played, total) in rows.items()}
        wrong = [f"{self.name}: team {team} played {played} more, {asked.get(team, 0)} confirmations sent"
                 for team, (played, _total) in moved.items() if played > asked.get(team, 0)]
        shown, counted, points = set(), {}, {}
        for confirmation in confirmations:
            for team, score in zip(confirmation.teams, confirmation.score, strict=True):
                counted[team] = counted.get(team, 0) + 1
                points[team] = points.get(team, 0) + score
            if all(counted[team] <= moved.get(team, (0, 0))[0] for team in confirmation.teams):
                shown.add(confirmation.match)
        for team, (played, total) in moved.items():
            if played and played == counted.get(team) and total != points[team]:
                wrong.append(f"{self.name}: team {team} total moved {total}, its confirmed scores {points[team]}")
        return shown, wrong


class CupBracket(Page):
    """The Cup: the bench's Championship matches are not on it; its viewers are told of no change."""

    def expects(self, confirmation):
        return False


def live_pages(urls: dict) -> list[Page]:
    return [DayMatches("big screen", urls["big_screen"]), ChampionshipTable("championship", urls["championship"]),
            CupBracket("cup", urls["cup"]), DayMatches("today", urls["today"])]


@dataclass
class Seen:
    """What the viewers were shown, as the report counts it."""

    delays: list = field(default_factory=list)  # seconds from a confirmation's answer to a viewer's page showing it
    by_page: dict = field(default_factory=dict)  # the delays by the page's name
    stale: int = 0  # viewers whose last page lacks a confirmed score
    wrong: list = field(default_factory=list)
    pages: int = 0


def judge(viewers: list, confirmations: list) -> Seen:
    """Every page each viewer received read, once for every viewer that received the same text."""
    seen, readings = Seen(), {}
    ordered = sorted(confirmations, key=lambda each: each.asked)
    for viewer in viewers:
        page, first, arrived, shown = viewer.page, None, {}, set()
        for when, text in viewer.received:
            first = first or text
            sent = Sent.by(ordered, when)
            key = (page.name, text, first, sent)
            if key not in readings:
                readings[key] = page.read(viewer.html(text), viewer.html(first), ordered, sent)
            shown, wrong = readings[key]
            seen.wrong += wrong
            seen.pages += 1
            for match in shown:
                arrived.setdefault(match, when)
        expected = [each for each in ordered if page.expects(each)]
        delays = [arrived.get(each.match, math.inf) - each.answered for each in expected]
        seen.delays += delays
        seen.by_page.setdefault(page.name, []).extend(delays)
        seen.stale += any(each.match not in shown for each in expected)
    return seen


@dataclass(frozen=True)
class Sent:
    """The confirmations sent by some moment: their matches, and how many involve each team."""

    matches: frozenset
    teams: tuple  # (team, confirmations), sorted

    @classmethod
    def by(cls, confirmations: list, when: float) -> Sent:
        sent = [each for each in confirmations if each.asked <= when]
        teams: dict[str, int] = {}
        for team in (team for each in sent for team in each.teams):
            teams[team] = teams.get(team, 0) + 1
        return cls(frozenset(each.match for each in sent), tuple(sorted(teams.items())))


def up_to_date(viewer: Viewer, confirmations: list, readings: dict) -> bool:
    """Whether the viewer's last page shows every confirmed score of its page (``readings``: the
    answers so far, by page and texts, for the many viewers that received the same)."""
    if not viewer.received:
        return False
    first, last = viewer.received[0][1], viewer.received[-1][1]
    key = (viewer.page.name, first, last)
    if key not in readings:
        ordered = sorted(confirmations, key=lambda each: each.asked)
        shown, _wrong = viewer.page.read(viewer.html(last), viewer.html(first), ordered, Sent.by(ordered, math.inf))
        readings[key] = all(each.match in shown for each in ordered if viewer.page.expects(each))
    return readings[key]
