"""R18 free games: training, variant and test games with points per player; the year's table."""

import datetime

from django.db import transaction
from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _

from scoring.competitions import free_game_table, free_game_winners
from scoring.variants import VariantRecordError, score_emperor, score_three_handed
from tournaments.core.bridge import RESCORE_REASON
from tournaments.core.collation import hungarian, hungarian_key
from tournaments.core.models import Competition, FreeGame, FreeGameScore, Player, stamp
from tournaments.core.refusals import Refused

# A player's points in one game, either way: far beyond any game's (R18), within a database integer.
POINTS_LIMIT = 100_000
SCORERS = {
    FreeGame.Variant.EMPEROR: score_emperor,
    FreeGame.Variant.THREE_HANDED: score_three_handed,
}


class VariantRefused(Refused):
    """The variant scorer refused the record; ``problems`` are its problems (field, ruling,
    message), for a form to show each against the field it concerns."""

    def __init__(self, problems):
        super().__init__([str(problem) for problem in problems], code="R18_record")
        self.problems = list(problems)


def variant_points(variant: str, record) -> dict[str, int]:
    """R18: each player's points from the variant's scorer (scoring/variants), by name as written
    in the record. Raises VariantRefused with every problem the scorer found."""
    try:
        answer = SCORERS[variant](record)
    except VariantRecordError as refused:
        raise VariantRefused(refused.problems) from None
    return {entry["name"]: entry["points"] for entry in answer["players"]}


def check_points_range(points: dict) -> None:
    """A player's points within what the database holds (POINTS_LIMIT either way)."""
    beyond = sorted(str(player) for player, value in points.items() if not -POINTS_LIMIT <= value <= POINTS_LIMIT)
    if beyond:
        raise Refused(_("R18: the record gives %(names)s points beyond -%(limit)s to %(limit)s; check "
                        "its numbers.") % {"names": ", ".join(beyond), "limit": POINTS_LIMIT},
                      code="R18_points_range")


def find_players(names) -> dict[str, Player]:
    """Players named in a variant record, by name or membership number; an unknown one is refused."""
    found = Player.objects.filter(Q(name__in=names) | Q(membership_number__in=names))
    by_key = {}
    for player in found:
        by_key[player.name] = by_key[player.membership_number] = player
    missing = [name for name in names if name not in by_key]
    if missing:
        raise Refused(_("R18: no player is called %(names)s.") % {"names": ", ".join(missing)},
                              code="R18_player")
    return {name: by_key[name] for name in names}


def points_of_record(variant: str, record, find) -> dict[Player, int]:
    """R18: each player's points from the variant's scorer, the record's names found as players by
    ``find`` (names -> {name: Player}), with every check the jury's entry makes: VariantRefused
    with the scorer's problems, Refused for a name no player has, a player named twice or points
    beyond the limit. A stored game's points are checked again this way (rederive_points)."""
    by_name = variant_points(variant, record)
    players = find(list(by_name))
    points = {players[name]: value for name, value in by_name.items()}
    if len(points) != len(by_name):
        raise Refused(_("R18: the record names one player twice (by name and by membership number)."),
                      code="R18_player_twice")
    check_points_range(points)
    return points


def record_free_game(competition, *, played_on: datetime.date, kind: str, variant: str = FreeGame.Variant.ROYAL,
                     points: dict | None = None, record=None, players: dict | None = None,
                     note: str = "") -> FreeGame:
    """Store a free game (R18). Emperor and three-handed games give their record, whose points the
    variant scorer derives, and ``players``, the Player each name of the record stands for (the
    jury's form names them; without it each name is looked up as a name or membership number);
    other games give the points per player (Player -> int). Nothing is stored on a refusal."""
    if competition.kind != Competition.Kind.FREE_GAMES:
        raise Refused(_("R18: free games are recorded in the season's free games."), code="R18_kind")
    competition.season.check_open(_("Free game"))
    if played_on.year != competition.season.year:
        raise Refused(_("R18: the game was played in %(year)s, not in this season.")
                              % {"year": played_on.year}, code="R18_year")
    if variant in SCORERS:
        points = points_of_record(variant, record, find_players if players is None else lambda names: players)
    else:
        record = None
        if not points:
            raise Refused(_("R18: give the points of each player."), code="R18_points")
    with transaction.atomic():
        game = FreeGame.objects.create(competition=competition, played_on=played_on, kind=kind,
                                       variant=variant, record=record, note=note)
        FreeGameScore.objects.bulk_create(
            FreeGameScore(game=game, player=player, points=value) for player, value in points.items())
    return game


def year_table(competition):
    """R18: (row, player) pairs of the year's table, and the winners. Two queries."""
    scores = FreeGameScore.objects.filter(game__competition=competition).values_list("player_id", "points")
    points: dict[int, list[int]] = {}
    for player_id, value in scores:
        points.setdefault(player_id, []).append(value)
    players = Player.objects.in_bulk(list(points))
    table = free_game_table(points, name=lambda pk: hungarian_key(players[pk].name))
    rows = [(row, players[row.player]) for row in table]
    winners = [players[pk] for pk in free_game_winners(table)]
    return rows, winners


def games_of(competition):
    """The year's games, latest first, each with its players' points. Two queries."""
    scores = FreeGameScore.objects.select_related("player").order_by("-points", hungarian("player__name"))
    return list(competition.free_games.prefetch_related(Prefetch("scores", queryset=scores)))


# --- rescore: the variant games' points re-derived from their records (R18) ---------------------


def scored_games():
    """The games whose points their variant's scorer derives from the stored record, with their
    scores and players (two queries)."""
    scores = FreeGameScore.objects.select_related("player").order_by("pk")
    return (FreeGame.objects.filter(variant__in=list(SCORERS)).order_by("pk")
            .prefetch_related(Prefetch("scores", queryset=scores)))


def record_players(game, names) -> dict[str, Player]:
    """The Player each name of a stored game's record stands for. The jury's form writes membership
    numbers; a record from elsewhere may hold names (find_players). The game's own score rows show
    whom the entry meant, so a name is looked for among them first (a membership number before a
    name two players share), then among all players (when a score row is missing)."""
    own: dict[str, Player] = {}
    for score in game.scores.all():
        own.setdefault(score.player.name, score.player)
    for score in game.scores.all():
        own[score.player.membership_number] = score.player
    missing = [name for name in names if name not in own]
    found = find_players(missing) if missing else {}
    return {name: own.get(name) or found[name] for name in names}


def derived_points(game) -> dict[Player, int]:
    """R18: a stored variant game's points as its scorer gives them, with the entry's checks."""
    return points_of_record(game.variant, game.record, lambda names: record_players(game, names))


def _game_label(game) -> str:
    return _("free game %(id)s (%(variant)s, %(date)s)") % {
        "id": game.pk, "variant": game.get_variant_display(), "date": game.played_on}


def _player_label(player) -> str:
    return f"{player.name} ({player.membership_number})"


def rederive_points(*, fix: bool = False) -> list[str]:
    """R18: every variant game's stored points against those its scorer derives from the record; one
    line per difference, and with ``fix`` the scores repaired (each change in their history). A
    record the scorer now refuses is reported and left as it is: there is nothing to derive."""
    lines = []
    for game in scored_games():
        try:
            points = derived_points(game)
        except Refused as refused:
            lines.append(_("%(game)s: the stored record is not valid: %(problem)s")
                         % {"game": _game_label(game), "problem": refused.text})
            continue
        lines += _compare_points(game, points, fix=fix)
    return lines


def _compare_points(game, points: dict[Player, int], *, fix: bool) -> list[str]:
    stored = {score.player_id: score for score in game.scores.all()}
    lines = []
    for player, value in points.items():
        score = stored.pop(player.pk, None)
        values = {"game": _game_label(game), "player": _player_label(player), "points": value}
        if score is None:
            lines.append(_("%(game)s: %(player)s: no points stored, the scorer gives %(points)s") % values)
            score = FreeGameScore(game=game, player=player)
        elif score.points != value:
            lines.append(_("%(game)s: %(player)s: points stored %(stored)s, the scorer gives %(points)s")
                         % {**values, "stored": score.points})
        else:
            continue
        if fix:
            score.points = value
            stamp(score, None, RESCORE_REASON)
            score.save()
    for score in stored.values():  # a player the record does not name has no points in the game
        lines.append(_("%(game)s: %(player)s: points stored %(stored)s, but the record does not name this player")
                     % {"game": _game_label(game), "player": _player_label(score.player), "stored": score.points})
        if fix:
            stamp(score, None, RESCORE_REASON)
            score.delete()
    return lines
