"""The read layer of the public pages and their printed and spreadsheet copies (public/ and
outputs/ both read here, neither imports the other), the API and the certificates: the season and
competition a page names, and the rows of every standing. A row holds what a page shows in a
table, as plain values: names as text, figures as the numbers scoring/ produced (an average stays
a Decimal, a missing figure stays None). The front page's digest is tournaments.reads.home_digest, a
player's career tournaments.reads.careers."""

from dataclasses import dataclass, field
from decimal import Decimal

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.competitions import TieBreak
from tournaments.core.competitions import championship as championship_rules
from tournaments.core.competitions import cup as cup_rules
from tournaments.core.competitions import free_games as free_game_rules
from tournaments.core.competitions import grand_prix as grand_prix_rules
from tournaments.core.feast_names import feast_name
from tournaments.core.models import Competition, Match, Season
from tournaments.reads.names import name_text, shared_names, team_members
from tournaments.reads.register import national_register


def get_season(year):
    """A season the public sees (running or closed); one being prepared is 404 to the public."""
    return get_object_or_404(Season.objects.public(), year=year)


def current_season():
    """The public's current season: the newest running one (a season being prepared for next year
    does not replace it), else the newest closed one; None before any season runs."""
    return Season.objects.current()


def get_competition(season, kind, **lookup):
    return get_object_or_404(Competition.objects.select_related("season"), season=season, kind=kind, **lookup)


def players_text(team, shared=frozenset()):
    """The team's players as text; a name in ``shared`` (borne by another player in the same
    table) carries its membership number."""
    names = f"{name_text(team.driver, shared)}, {name_text(team.catcher, shared)}"
    if team.substitute_id:
        names += " " + _("(substitute: %(name)s)") % {"name": name_text(team.substitute, shared)}
    return names


def cup_players_text(team, shared=frozenset()):
    """R16: a Cup team's Driver and Catcher (no substitute plays in the Cup)."""
    return f"{name_text(team.driver, shared)}, {name_text(team.catcher, shared)}"


def trophy_name(feast_id):
    return feast_name(feast_id) if feast_id else _("none")


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
    """R15: the season table with the heading and the match limit its page shows: the one table the
    page, its PDF and spreadsheet, the API and the certificates all read. ``teams`` holds each
    row's team (with its players) by id, for a page that links them; ``competition`` is the
    season's Championship, or None before it is created."""

    season: Season
    title: str
    match_limit: int
    rows: list[ChampionshipRow]
    teams: dict = field(default_factory=dict, repr=False)
    competition: Competition | None = None


def championship_row(row, team, shared=frozenset()) -> ChampionshipRow:
    return ChampionshipRow(row.place, team.name, players_text(team, shared), row.played, row.total, row.average,
                           row.best, team.pk)


def championship(season) -> Championship:
    """R15: the season table as the page and the copies show it. Queries: teams with players,
    counted match scores, the Championship (its name and limit)."""
    ranked = championship_rules.standings(season)
    shared = shared_names(team_members(team for _row, team in ranked))
    rows = [championship_row(row, team, shared) for row, team in ranked]
    competition = championship_rules.championship_of(season)
    title = competition.name if competition else _("Team Championship %(year)s") % {"year": season.year}
    limit = competition.match_limit if competition else championship_rules.DEFAULT_MATCH_LIMIT
    return Championship(season, title, limit, rows, {team.pk: team for _row, team in ranked}, competition)


def championship_line(season, team) -> ChampionshipRow | None:
    """R15: the team's line of the season table, None when it is not in it. Queries: teams, counted scores."""
    return next((championship_row(row, other) for row, other in championship_rules.standings(season)
                 if other.pk == team.pk), None)


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
    ranked = grand_prix_rules.results(event)
    shared = shared_names(team_members(team for _row, team in ranked))
    return [grand_prix_row(row, team, shared) for row, team in ranked]


def grand_prix_row(row, team, shared=frozenset()) -> GrandPrixRow:
    return GrandPrixRow(row.place, team.name, players_text(team, shared), row.matches_played, row.total,
                        row.best_match, trophy_names(row.trophy_order), tie_break_text(row.tie_break), team.pk,
                        tuple(row.trophy_order), row.tie_break)


def trophy_names(trophy_ids) -> str:
    return ", ".join(feast_name(trophy) for trophy in trophy_ids)


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
    shared = shared_names(player for _row, player in rows)
    return [FreeGameRow(row.place, name_text(player, shared), row.games, row.points) for row, player in rows]


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
    tournaments.reads.register.national_register)."""
    rows = national_register()
    shared = shared_names(row.player for row in rows)
    return [RegisterRow(row.place, name_text(row.player, shared), row.points, row.trophy_count,
                        str(row.best_trophy_name), ", ".join(map(str, row.cups)))
            for row in rows]


@dataclass(frozen=True)
class Cup:
    """R16: the bracket's rounds (round, date, tie views) and the final standing, as the page has them."""

    rounds: list
    standing: cup_rules.Standing
    entries: list
    entry_shared: frozenset = frozenset()  # names two entered players share: shown with the number

    @property
    def entry_lines(self):
        """(entry, its Driver and Catcher as text, told apart by number where two share a name)."""
        return [(entry, cup_players_text(entry.team, self.entry_shared)) for entry in self.entries]


def cup(competition, all_entries=False) -> Cup:
    """Queries: ties with their teams, their matches; before the draw (or, with ``all_entries``,
    also after it), the entries with their players."""
    rounds = cup_rules.bracket(competition)
    entries = (list(competition.cup_entries.select_related("team__driver", "team__catcher"))
               if competition.drawn_at is None or all_entries else [])
    shared = shared_names(player for entry in entries for player in (entry.team.driver, entry.team.catcher))
    return Cup(rounds, cup_rules.final_standing(cup_rules.ties_of(rounds)), entries, shared)


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


@dataclass(frozen=True)
class CupTieRow:
    """R16: one tie of the bracket as a spreadsheet line, from the same tie views the bracket page
    and its PDF lay out: the round and its date, the two teams, their sums, each match's scores,
    each tie-breaker's two-hand sums and the tie's state in words."""

    round: str
    date: object  # the round's date (a datetime.date), or None
    team_a: str
    team_b: str
    sum_a: int | None
    sum_b: int | None
    matches: str
    tie_breakers: str
    state: str


@dataclass(frozen=True)
class CupEntryRow:
    number: int
    team: str
    players: str


def tie_state_text(view) -> str:
    """The tie's state in the words of public/_tie_state.html."""
    tie = view.tie
    if tie.winner_id and view.is_final:
        return _("Decided: %(team)s wins the Cup") % {"team": tie.winner}
    if tie.winner_id:
        return _("Decided: %(team)s goes through") % {"team": tie.winner}
    stage = view.stage
    if stage == "not_started":
        return _("Not started")
    if stage == "in_progress":
        left = view.state.matches_left
        return ngettext("%(left)s match to play", "%(left)s matches to play", left) % {"left": left}
    if stage == "play_off_needed":
        return _("Equal sums (%(a)s : %(b)s): tie-breaker needed") % {"a": view.state.sums[0],
                                                                        "b": view.state.sums[1]}
    if stage == "play_off_in_progress":
        return _("Tie-breaker in progress")
    return ""


def cup_tie_rows(cup_standing) -> list[CupTieRow]:
    """The bracket's ties round by round (``cup_standing``: what cup() gives)."""
    rows = []
    for round_, day, views in cup_standing.rounds:
        for view in views:
            tie = view.tie
            played = bool(view.state.matches)
            team_b = str(tie.team_b) if tie.team_b else (_("bye") if tie.team_a and tie.winner_id else "?")
            rows.append(CupTieRow(
                str(round_.label), day, str(tie.team_a) if tie.team_a else "?", team_b,
                view.state.sums[0] if played else None, view.state.sums[1] if played else None,
                " · ".join(f"{scores[0]} : {scores[1]}" for _match, scores, _sums in view.regular_lines),
                " · ".join(f"{a} : {b}" for _match, (a, b) in view.play_off_lines),
                tie_state_text(view)))
    return rows


def cup_entry_rows(cup_standing) -> list[CupEntryRow]:
    """Before the draw: the entries, each with its Driver and Catcher (no substitute plays in the Cup)."""
    return [CupEntryRow(number, entry.team.name, players)
            for number, (entry, players) in enumerate(cup_standing.entry_lines, start=1)]
