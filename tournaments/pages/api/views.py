"""The API's answers. Each takes its rows from the read layer the public page of the same thing
reads (tournaments.reads.standings, and the competitions' read functions it builds on), so a figure here
is the figure on the page; only confirmed matches are read. Field names are part of the contract
(openapi.py describes them): new fields may be added, none renamed or removed within v1."""

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404
from django.urls import reverse

from tournaments.core import bridge
from tournaments.core.competitions import free_games as free_game_rules
from tournaments.core.feast_names import feast_name
from tournaments.core.models import Competition, CupAward, Match, Season, Team
from tournaments.reads import standings
from tournaments.reads.register import national_register
from tournaments.reads.standings import get_competition, get_season

from .http import api_view

KIND_URLS = {Competition.Kind.CHAMPIONSHIP: "championship", Competition.Kind.CUP: "cup",
             Competition.Kind.FREE_GAMES: "free_games"}


def absolute(request, name, *args):
    return request.build_absolute_uri(reverse(f"api:{name}", args=args))


def decimal_number(value):
    """An average (a Decimal to one place) as a JSON number; None stays null."""
    return None if value is None else float(value)


def team_ref(request, season, team_id, name):
    return {"id": team_id, "name": name, "url": absolute(request, "team", season.year, team_id)}


def player_ref(player):
    return None if player is None else {"id": player.pk, "name": player.name,
                                        "membership_number": player.membership_number}


def feast_ref(feast_id):
    return None if feast_id is None else {"id": feast_id, "name": feast_name(feast_id)}


def competition_ref(request, competition):
    year = competition.season.year
    if competition.kind == Competition.Kind.GRAND_PRIX:
        url = absolute(request, "grand_prix", year, competition.slug)
    else:
        url = absolute(request, KIND_URLS[competition.kind], year)
    return {"id": competition.pk, "kind": competition.kind, "name": competition.name, "slug": competition.slug,
            "starts": competition.starts, "place": competition.place, "url": url}


@api_view
def index(request):
    return {
        "version": "v1",
        "openapi": absolute(request, "openapi"),
        "seasons": absolute(request, "seasons"),
        "register": absolute(request, "register"),
    }


@api_view
def seasons(request):
    """Every season with its competitions. Two queries."""
    competitions = Competition.objects.order_by("kind", "starts", "name")
    found = Season.objects.public().order_by("-year").prefetch_related(Prefetch("competitions", queryset=competitions))
    return {"seasons": [season_summary(request, season) for season in found]}


def season_summary(request, season):
    return {"year": season.year, "url": absolute(request, "season", season.year),
            "competitions": [competition_ref(request, competition) for competition in season.competitions.all()]}


@api_view
def season(request, year):
    """A season's competitions and teams. Queries: season, competitions, teams."""
    found = get_season(year)
    competitions = found.competitions.order_by("kind", "starts", "name")
    for competition in competitions:
        competition.season = found
    teams = found.teams.order_by("name").values_list("pk", "name")
    return {"year": found.year,
            "competitions": [competition_ref(request, competition) for competition in competitions],
            "teams": [team_ref(request, found, pk, name) for pk, name in teams]}


@api_view
def championship(request, year):
    """R15: the table the championship page shows. Queries: season, teams, counted scores, the Championship."""
    found = get_season(year)
    table = standings.championship(found)
    return {"season": found.year, "name": table.title, "match_limit": table.match_limit, "rows": [
        {"place": row.place, "team": team_ref(request, found, row.team_id, row.team), "played": row.played,
         "total": row.total, "average": decimal_number(row.average), "best": row.best}
        for row in table.rows]}


@api_view
def cup(request, year):
    """R16: every tie with its teams, matches, sums, play-offs, state and winner, and the final
    standing, and the teams entered (before and after the draw). Queries: season, the Cup, its ties,
    their confirmed matches, the entries."""
    found = get_season(year)
    competition = get_competition(found, Competition.Kind.CUP)
    bracket = standings.cup(competition, all_entries=True)
    standing = bracket.standing
    return {
        "season": found.year, "name": competition.name, "drawn": competition.drawn_at is not None,
        "entries": [team_ref(request, found, entry.team_id, entry.team.name) for entry in bracket.entries],
        "rounds": [{"round": int(round_), "name": str(round_.label), "date": date,
                    "ties": [tie_data(request, found, view) for view in views]}
                   for round_, date, views in bracket.rounds],
        "standing": {
            "winner": maybe_team(request, found, standing.winner),
            "runner_up": maybe_team(request, found, standing.runner_up),
            "bronze": [maybe_team(request, found, team) for team in standing.bronze],
        },
    }


def maybe_team(request, season, team):
    return None if team is None else team_ref(request, season, team.pk, team.name)


def tie_data(request, season, view):
    """One tie; every figure from team A's side of the tie, as the bracket shows it."""
    tie, state = view.tie, view.state
    return {
        "slot": tie.slot + 1,
        "team_a": maybe_team(request, season, tie.team_a), "team_b": maybe_team(request, season, tie.team_b),
        "state": view.stage,
        "matches": [{"id": match.pk, "url": absolute(request, "match", season.year, match.pk),
                     "played_on": match.played_on, "score_a": scores[0], "score_b": scores[1],
                     "sum_a": sums[0], "sum_b": sums[1]} for match, scores, sums in view.regular_lines],
        "sums": {"a": state.sums[0], "b": state.sums[1]},
        "play_offs": [{"id": match.pk, "url": absolute(request, "match", season.year, match.pk),
                       "played_on": match.played_on, "hand_sum_a": sums[0], "hand_sum_b": sums[1]}
                      for match, sums in view.play_off_lines],
        "winner": maybe_team(request, season, tie.winner),
    }


@api_view
def grand_prix(request, year, slug):
    """R17: the event's results, each place with the tie-break that decided it, and its pairings.
    Queries: season, event, entrants, confirmed match sums, trophies won, pairings."""
    found = get_season(year)
    event = get_competition(found, Competition.Kind.GRAND_PRIX, slug=slug)
    return {
        "season": found.year, "name": event.name, "slug": event.slug, "starts": event.starts, "place": event.place,
        "rows": [grand_prix_row(request, found, row) for row in standings.grand_prix(event)],
        "pairings": [pairing(request, found, item) for item in standings.pairings(event)],
    }


def grand_prix_row(request, season, row):
    reason = row.tie_break_reason
    return {
        "place": row.place, "team": team_ref(request, season, row.team_id, row.team), "played": row.played,
        "total": row.total, "best": row.best,
        "trophies": [feast_ref(trophy) for trophy in row.trophy_ids],
        "tie_break": None if reason is None else {
            "kind": reason.kind.value, "level": reason.level or None,
            "above": tie_break_figure(reason, reason.above), "below": tie_break_figure(reason, reason.below),
            "text": row.tie_break},
    }


def tie_break_figure(reason, figure):
    """A best match's sum as a number; a trophy as the feast (or null: no trophy at that level)."""
    if reason.kind.value == "trophy":
        return feast_ref(figure)
    return figure


def pairing(request, season, item):
    match = item.match
    data = {"id": match.pk, "played_on": match.played_on,
            "team_a": team_ref(request, season, match.team_a_id, match.team_a.name),
            "team_b": team_ref(request, season, match.team_b_id, match.team_b.name),
            "confirmed": item.confirmed}
    # Scores are public only once the match is confirmed.
    data.update({"url": absolute(request, "match", season.year, match.pk), "hand_sum_a": match.hand_sum_a,
                 "hand_sum_b": match.hand_sum_b} if item.confirmed else
                {"url": None, "hand_sum_a": None, "hand_sum_b": None})
    return data


@api_view
def free_games(request, year):
    """R18: the year's table. Queries: season, competition, scores, players."""
    found = get_season(year)
    competition = get_competition(found, Competition.Kind.FREE_GAMES)
    rows, winners = free_game_rules.year_table(competition)
    return {"season": found.year, "name": competition.name,
            "rows": [{"place": row.place, "player": player_ref(player), "games": row.games, "points": row.points}
                     for row, player in rows],
            "winners": [player_ref(player) for player in winners]}


@api_view
def trophy_register(request):
    """R20: the national register and the cups awarded. Queries: players with points, their
    trophies, their cups, the cups awarded with the trophy that reached each."""
    awards = (CupAward.objects.filter(withdrawn_on__isnull=True)
              .select_related("player", "reached_by").order_by("awarded_on", "id"))
    return {
        "rows": [{"place": row.place, "player": player_ref(row.player), "points": row.points,
                  "trophies": row.trophy_count,
                  "best_trophy": feast_ref(row.best_trophy.id) if row.best_trophy else None,
                  "cups": row.cups} for row in national_register()],
        "cups_awarded": [{"id": award.pk, "player": player_ref(award.player), "threshold": award.threshold,
                          "awarded_on": award.awarded_on,
                          "reached_by": {"trophy": feast_ref(award.reached_by.trophy),
                                         "won_on": award.reached_by.won_on}} for award in awards],
    }


@api_view
def team(request, year, team_id):
    """A team, its players and its confirmed matches of the season. Queries: season, team, matches."""
    found = get_season(year)
    chosen = get_object_or_404(Team.objects.with_players(), pk=team_id, season=found)
    matches = (Match.objects.confirmed().of_team(chosen).filter(competition__season=found)
               .select_related("competition__season", "team_a", "team_b").order_by("played_on", "id"))
    return {
        "id": chosen.pk, "name": chosen.name, "season": found.year,
        "players": {"driver": player_ref(chosen.driver), "catcher": player_ref(chosen.catcher),
                    "substitute": player_ref(chosen.substitute)},
        "matches": [team_match(request, found, chosen, match) for match in matches],
    }


def team_match(request, season, team, match):
    ours, theirs = ("a", "b") if match.team_a_id == team.pk else ("b", "a")
    opponent = getattr(match, f"team_{theirs}")
    return {"id": match.pk, "url": absolute(request, "match", season.year, match.pk), "played_on": match.played_on,
            "competition": competition_ref(request, match.competition), "kind": match.kind,
            "opponent": team_ref(request, season, opponent.pk, opponent.name),
            "score": getattr(match, f"score_{ours}"), "against": getattr(match, f"score_{theirs}"),
            "hand_sum": getattr(match, f"hand_sum_{ours}"), "hand_sum_against": getattr(match, f"hand_sum_{theirs}")}


@api_view
def match(request, year, match_id):
    """A confirmed match: its teams, the four players, every hand's facts, scores and the engine's
    lines. Queries: season, the match, its hands, their announcements, their silent premiums."""
    found = get_season(year)
    chosen = get_object_or_404(
        Match.objects.confirmed().select_related("competition__season", "team_a", "team_b", "a_driver",
                                                 "a_catcher", "b_driver", "b_catcher"),
        pk=match_id, competition__season=found)
    hands = bridge.hands_with_facts().filter(match=chosen).order_by("number")
    return {
        "id": chosen.pk, "season": found.year, "competition": competition_ref(request, chosen.competition),
        "kind": chosen.kind, "played_on": chosen.played_on, "place": chosen.place,
        "team_a": team_ref(request, found, chosen.team_a_id, chosen.team_a.name),
        "team_b": team_ref(request, found, chosen.team_b_id, chosen.team_b.name),
        "players": {"A.driver": player_ref(chosen.a_driver), "A.catcher": player_ref(chosen.a_catcher),
                    "B.driver": player_ref(chosen.b_driver), "B.catcher": player_ref(chosen.b_catcher)},
        "score_a": chosen.score_a, "score_b": chosen.score_b,
        "hand_sum_a": chosen.hand_sum_a, "hand_sum_b": chosen.hand_sum_b,
        "hands": [hand_data(hand) for hand in hands],
    }


def hand_data(hand):
    record = bridge.hand_record(hand)
    record.pop("format")
    lines = hand.lines or {}
    return {"number": hand.number, **record,
            "score_a": hand.score_a, "score_b": hand.score_b, "raw_a": hand.raw_a, "raw_b": hand.raw_b,
            "lines": {"A": lines.get("A", []), "B": lines.get("B", [])}}
