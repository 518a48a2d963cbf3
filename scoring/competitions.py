"""Competition arithmetic that needs no database (R15-R18): tables, Cup ties, the Cup draw and
round dates, Grand Prix ranking with its tie-breaks.

Callers hand in plain numbers (stored match scores, raw hand sums, trophy feast ids) keyed by
whatever identifies a team or player for them; every sum, average, order and tie-break is decided
here, so the pages and the database rules only read the answers.
"""

from __future__ import annotations

import calendar
import datetime
import enum
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from .cards import Team
from .feasts import trophy_ranking_key

# ---------------------------------------------------------------------------------------------
# Places shared on equal figures (R15, R17, R18)


def shared_places(keys: Sequence[Any]) -> list[int]:
    """Places for rows already in order: equal keys share a place, the next place skips
    (1, 2, 2, 4). R15: equal totals share a place; R17, R18 the same."""
    places: list[int] = []
    for index, key in enumerate(keys):
        if index and key == keys[index - 1]:
            places.append(places[-1])
        else:
            places.append(index + 1)
    return places


# ---------------------------------------------------------------------------------------------
# Team Championship (R15)


@dataclass(frozen=True)
class ChampionshipRow:
    """One team's line of the season table."""

    team: Hashable
    place: int
    played: int
    total: int
    average: Decimal | None  # the mean match score, to one decimal (half up); None before a match
    best: int | None


def average_to_tenths(total: int, count: int) -> Decimal | None:
    """The mean rounded half up to one decimal place; None for no values."""
    if count == 0:
        return None
    tenths = (20 * total + count) // (2 * count)
    return Decimal(tenths).scaleb(-1)  # keeps the decimal: 85.0, not 85


def championship_table(
    match_scores: dict[Hashable, list[int]], name: Callable[[Hashable], Any] = str
) -> list[ChampionshipRow]:
    """R15: a team's championship score is the sum of its match scores (R13); order by that sum,
    then by name for a stable listing (``name`` gives the name or its sort key, e.g. Hungarian
    alphabetical order); equal totals share a place. Teams with no match yet are listed with 0."""
    totals = {team: sum(scores) for team, scores in match_scores.items()}
    order = sorted(match_scores, key=lambda team: (-totals[team], name(team)))
    places = shared_places([totals[team] for team in order])
    return [
        ChampionshipRow(
            team=team, place=place, played=len(match_scores[team]), total=totals[team],
            average=average_to_tenths(totals[team], len(match_scores[team])),
            best=max(match_scores[team], default=None),
        )
        for team, place in zip(order, places, strict=True)
    ]


# ---------------------------------------------------------------------------------------------
# Hungarian Cup (R16)

MATCHES_IN_A_TIE = 3  # R16
CUP_FIRST_MONTH = 9  # R16: rounds at the end of each month from September


class TieStage(enum.Enum):
    NOT_STARTED = "not_started"
    IN_PROGRESS = "in_progress"  # some of the three matches played
    PLAY_OFF_NEEDED = "play_off_needed"  # sums equal after the three matches (or a play-off)
    PLAY_OFF_IN_PROGRESS = "play_off_in_progress"  # a tie-breaker is being played
    DECIDED = "decided"


@dataclass(frozen=True)
class TieState:
    stage: TieStage
    matches: tuple[tuple[int, int], ...]  # each played match's scores (A, B), in order
    sums: tuple[int, int]  # R16: each team's sum of its match scores so far
    play_offs: tuple[tuple[int, int], ...] = ()  # each tie-breaker's two-hand sums (A, B)
    winner: Team | None = None  # once decided

    @property
    def running_sums(self) -> list[tuple[int, int]]:
        """The sums after each match, for showing a tie as it went."""
        sums, a, b = [], 0, 0
        for score_a, score_b in self.matches:
            a, b = a + score_a, b + score_b
            sums.append((a, b))
        return sums

    @property
    def match_lines(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Each match's scores with the sums after it."""
        return list(zip(self.matches, self.running_sums, strict=True))

    @property
    def loser(self) -> Team | None:
        return self.winner.other if self.winner else None

    @property
    def matches_left(self) -> int:
        return max(0, MATCHES_IN_A_TIE - len(self.matches))


def cup_tie_state(
    matches: Sequence[tuple[int, int]],
    play_offs: Sequence[tuple[int, int]] = (),
    play_off_pending: bool = False,
) -> TieState:
    """R16: three matches; the sums of the teams' three match scores decide and the lower team is
    out. On equal sums a two-hand tie-breaker is played (its hand scores summed, not averaged,
    as stored by scoring.match.tie_breaker_result), repeated until one team is ahead.

    ``matches``: the confirmed regular matches' scores from the point of view of the tie's team A;
    ``play_offs``: the confirmed tie-breakers' sums; ``play_off_pending``: a tie-breaker is on
    record but not yet confirmed. Play-offs after a decisive one are ignored (they cannot be
    recorded: see tournaments.core.competitions.cup)."""
    matches = tuple(tuple(m) for m in matches)
    sums = (sum(a for a, _ in matches), sum(b for _, b in matches))
    if not matches:
        return TieState(TieStage.NOT_STARTED, matches, sums)
    if len(matches) < MATCHES_IN_A_TIE:
        return TieState(TieStage.IN_PROGRESS, matches, sums)
    winner = _leader(sums)
    counted: list[tuple[int, int]] = []
    for play_off in play_offs:
        if winner is not None:
            break
        counted.append(tuple(play_off))
        winner = _leader(play_off)
    if winner is not None:
        return TieState(TieStage.DECIDED, matches, sums, tuple(counted), winner)
    stage = TieStage.PLAY_OFF_IN_PROGRESS if play_off_pending else TieStage.PLAY_OFF_NEEDED
    return TieState(stage, matches, sums, tuple(counted))


def _leader(scores: Sequence[int]) -> Team | None:
    a, b = scores
    if a == b:
        return None
    return Team.A if a > b else Team.B


def cup_round_date(year: int, round_number: int) -> datetime.date:
    """R16: round 1 (round of 16) at the end of September, round 2 at the end of October, ..."""
    month = CUP_FIRST_MONTH + round_number - 1
    return datetime.date(year, month, calendar.monthrange(year, month)[1])


def cup_rounds_needed(entrants: int) -> int:
    """How many knock-out rounds a bracket of this many teams needs (16 teams: 4)."""
    rounds = 0
    while 2**rounds < max(entrants, 2):
        rounds += 1
    return rounds


def draw_pairs(entrants: Sequence[Hashable], seed: str) -> list[tuple[Hashable, Hashable | None]]:
    """R16: the random draw, reproducible from its recorded seed: the same entrants (in the same
    order) and the same seed give the same pairs. The bracket is filled to a power of two;
    a pair with None is a bye (the team goes through without a tie)."""
    order = list(entrants)
    random.Random(seed).shuffle(order)
    slots = 2 ** cup_rounds_needed(len(order))
    byes = slots - len(order)
    # Byes go to the first teams drawn, one per pair, so no pair is two byes.
    pairs: list[tuple[Hashable, Hashable | None]] = [(team, None) for team in order[:byes]]
    rest = order[byes:]
    pairs += [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
    return pairs


def new_draw_seed() -> str:
    return f"{random.SystemRandom().getrandbits(64):016x}"


# ---------------------------------------------------------------------------------------------
# Grand Prix (R17)


class TieBreak(enum.Enum):
    BEST_MATCH = "best_match"  # R17 (1): the best single match, as a raw 8-hand sum
    TROPHY = "trophy"  # R17 (2): the highest-ranking trophy won in the event (R19), then the next
    SHARED = "shared"  # still equal: the place is shared


@dataclass(frozen=True)
class GrandPrixEntrant:
    team: Hashable
    name: str
    hand_sums: tuple[int, ...]  # each played match's raw 8-hand sum
    trophies: tuple[str, ...] = ()  # trophy feast ids the team announced and won in the event


@dataclass(frozen=True)
class TieBreakReason:
    """How a team was separated from the team just above it on an equal total."""

    kind: TieBreak
    level: int = 0  # for TROPHY: 1 for the highest trophy, 2 for the next, ...
    above: Any = None  # the figure of the team above (best match, or trophy id / None)
    below: Any = None  # the figure of this team


@dataclass(frozen=True)
class GrandPrixRow:
    entrant: GrandPrixEntrant
    place: int
    total: int  # R17: the plain sum of its 24 hand scores
    best_match: int | None
    trophy_order: tuple[str, ...] = field(default=())  # its trophies, highest-ranking first
    tie_break: TieBreakReason | None = None  # against the team above, when their totals are equal

    @property
    def matches_played(self) -> int:
        return len(self.entrant.hand_sums)


def grand_prix_ranking(
    entrants: Sequence[GrandPrixEntrant], name_key: Callable[[str], Any] = str
) -> list[GrandPrixRow]:
    """R17: order by the sum of hand scores; equal totals are broken by the best single match
    (raw 8-hand sum), then by the highest-ranking trophy won in the event (R19), then the next;
    teams still equal share the place (listed in the order of ``name_key`` of their names)."""
    def sort_key(entrant: GrandPrixEntrant) -> tuple:
        return (sum(entrant.hand_sums), max(entrant.hand_sums, default=0),
                trophy_ranking_key(list(entrant.trophies)))

    order = sorted(entrants, key=lambda e: (_negate(sort_key(e)), name_key(e.name)))
    places = shared_places([sort_key(e) for e in order])
    rows = []
    for index, (entrant, place) in enumerate(zip(order, places, strict=True)):
        reason = None
        if index and sum(order[index - 1].hand_sums) == sum(entrant.hand_sums):
            reason = tie_break_between(order[index - 1], entrant)
        rows.append(GrandPrixRow(entrant, place, sum(entrant.hand_sums),
                                 max(entrant.hand_sums, default=None),
                                 trophies_highest_first(entrant.trophies), reason))
    return rows


def tie_break_between(above: GrandPrixEntrant, below: GrandPrixEntrant) -> TieBreakReason:
    """R17: which step separates two teams with equal totals (``above`` is never behind)."""
    best_above, best_below = max(above.hand_sums, default=0), max(below.hand_sums, default=0)
    if best_above != best_below:
        return TieBreakReason(TieBreak.BEST_MATCH, 0, best_above, best_below)
    trophies_above = trophies_highest_first(above.trophies)
    trophies_below = trophies_highest_first(below.trophies)
    for level in range(max(len(trophies_above), len(trophies_below))):
        mine = trophies_above[level] if level < len(trophies_above) else None
        theirs = trophies_below[level] if level < len(trophies_below) else None
        if mine != theirs:
            return TieBreakReason(TieBreak.TROPHY, level + 1, mine, theirs)
    return TieBreakReason(TieBreak.SHARED)


def trophies_highest_first(trophies: Sequence[str]) -> tuple[str, ...]:
    """R19: the team's trophies, the highest-ranking first."""
    return tuple(sorted(trophies, key=lambda feast_id: trophy_ranking_key([feast_id]), reverse=True))


GRAND_PRIX_MATCHES_PER_TEAM = 3  # R17


class PairingError(ValueError):
    """Entrants that cannot be paired so that each plays its matches (R17); ``args[0]`` is one of
    ``ODD_ENTRANTS`` or ``TOO_FEW_ENTRANTS``, for the caller to word."""


ODD_ENTRANTS = "odd"  # three matches each for an odd number of teams would leave one match short
TOO_FEW_ENTRANTS = "too_few"  # three different opponents need at least four teams


def pairing_problem(entrants: int, matches_each: int = GRAND_PRIX_MATCHES_PER_TEAM) -> str | None:
    """Why this many entrants cannot each play ``matches_each`` matches against different
    opponents, or None."""
    if entrants % 2:
        return ODD_ENTRANTS
    if entrants <= matches_each:
        return TOO_FEW_ENTRANTS
    return None


def grand_prix_pairings(
    entrants: Sequence[Hashable], seed: str, matches_each: int = GRAND_PRIX_MATCHES_PER_TEAM
) -> list[list[tuple[Hashable, Hashable]]]:
    """R17: each team plays ``matches_each`` (3) matches, never the same opponent twice: rounds of
    the circle method (one team stays, the others rotate) after a shuffle from the recorded seed,
    so the same entrants (in the same order) and seed give the same pairings. Every team plays once
    a round. Raises PairingError for an odd number of entrants or too few."""
    order = list(entrants)
    problem = pairing_problem(len(order), matches_each)
    if problem:
        raise PairingError(problem)
    random.Random(seed).shuffle(order)
    rounds = []
    for _ in range(matches_each):
        half = len(order) // 2
        rounds.append([(order[i], order[-1 - i]) for i in range(half)])
        order = [order[0], order[-1], *order[1:-1]]  # the circle turns; the first team stays
    return rounds


def _negate(key: tuple) -> tuple:
    total, best, trophies = key
    return (-total, -best, tuple(-rank for rank in trophies) + (1,))


# ---------------------------------------------------------------------------------------------
# Free games (R18)


@dataclass(frozen=True)
class FreeGameRow:
    player: Hashable
    place: int
    games: int
    points: int


def free_game_table(
    points: dict[Hashable, list[int]], name: Callable[[Hashable], Any] = str
) -> list[FreeGameRow]:
    """R18: the year's table of free-game points per player; the highest total wins, equal totals
    share a place."""
    totals = {player: sum(values) for player, values in points.items()}
    order = sorted(points, key=lambda player: (-totals[player], name(player)))
    places = shared_places([totals[player] for player in order])
    return [FreeGameRow(player, place, len(points[player]), totals[player])
            for player, place in zip(order, places, strict=True)]


def free_game_winners(table: Sequence[FreeGameRow]) -> list[Hashable]:
    """R18: the player(s) in first place (a shared first place has several)."""
    return [row.player for row in table if row.place == 1]
