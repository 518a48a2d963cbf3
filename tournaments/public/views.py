"""Public, read-only pages: season overview, standings, the Cup bracket, Grand Prix results, the
free-game table and a team's page. No login; confirmed matches only; every figure comes from
scoring/ through tournaments.competitions."""

from dataclasses import asdict

from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from tournaments import standings
from tournaments.competitions import championship as championship_rules
from tournaments.competitions import cup as cup_rules
from tournaments.competitions import free_games as free_game_rules
from tournaments.competitions import grand_prix as grand_prix_rules
from tournaments.models import Competition, Match, Season, Team
from tournaments.standings import get_competition, get_season, players_text

from .tables import ChampionshipTable, FreeGameTable, GrandPrixTable


@require_safe
def season_list(request):
    return render(request, "public/season_list.html", {"seasons": Season.objects.all()})


@require_safe
def current_season(request):
    """The navigation's "This season": the latest season's overview."""
    season = Season.objects.order_by("-year").first()
    if season is None:
        return redirect("public:seasons")
    return redirect("public:season", year=season.year)


@require_safe
def season(request, year):
    """Every competition of the season with a link, the Cup's standing, every team. Queries: season,
    its competitions, its teams, and the Cup's ties once it is drawn."""
    season = get_season(year)
    competitions = list(season.competitions.order_by("kind", "starts", "name"))
    cup = next((c for c in competitions if c.kind == Competition.Kind.CUP), None)
    teams = season.teams.with_players().order_by("name")
    return render(request, "public/season.html", {
        "season": season,
        "competitions": [(competition, competition_url(competition)) for competition in competitions],
        "cup": cup, "cup_progress": cup_rules.progress(cup) if cup else None,
        "teams": [(team, players_text(team)) for team in teams],
    })


def competition_url(competition):
    """The public page of a competition (a Grand Prix event by its short name)."""
    year = competition.season.year
    kind = competition.kind
    if kind == Competition.Kind.GRAND_PRIX:
        return reverse("public:grand_prix", args=[year, competition.slug])
    name = {Competition.Kind.CHAMPIONSHIP: "public:championship", Competition.Kind.CUP: "public:cup",
            Competition.Kind.FREE_GAMES: "public:free_games"}[kind]
    return reverse(name, args=[year])


@require_safe
def championship(request, year):
    """R15 season table. Queries: season, teams, counted match scores."""
    season = get_season(year)
    rows = with_team_urls(season, standings.championship_rows(season))
    table = ChampionshipTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    championship = championship_rules.championship_of(season)
    return render(request, "public/championship.html", {
        "season": season, "table": table, "championship": championship,
        "match_limit": championship.match_limit if championship else championship_rules.DEFAULT_MATCH_LIMIT,
    })


@require_safe
def team(request, year, team_id):
    """Every confirmed match of a team in the season with its score and links, and its championship
    line. Queries: season, team, its matches, the championship table (teams, counted scores)."""
    season = get_season(year)
    team = get_object_or_404(Team.objects.with_players(), pk=team_id, season=season)
    matches = (Match.objects.confirmed().of_team(team).filter(competition__season=season)
               .select_related("competition__season", "team_a", "team_b", "cup_tie").order_by("played_on", "id"))
    lines = [match_line(match, team) for match in matches]
    standing = next((row for row, other in championship_rules.standings(season) if other.pk == team.pk), None)
    return render(request, "public/team.html", {
        "season": season, "team": team, "players": players_text(team), "lines": lines, "standing": standing,
    })


def match_line(match, team):
    ours = "a" if match.team_a_id == team.pk else "b"
    theirs = "b" if ours == "a" else "a"
    opponent = getattr(match, f"team_{theirs}")
    score, against = getattr(match, f"score_{ours}"), getattr(match, f"score_{theirs}")
    return {
        "match": match, "url": reverse("public:match", args=[match.competition.season.year, match.pk]),
        "competition_url": competition_url(match.competition),
        "opponent": opponent, "opponent_url": team_url_in(match.competition.season, opponent),
        "score": score, "against": against, "hand_sum": getattr(match, f"hand_sum_{ours}"),
        "outcome": outcome(score, against),
        "counts": championship_rules.counts_for_championship(match),
    }


def outcome(score, against):
    if score is None or against is None:
        return ""
    if score == against:
        return _("drawn")
    return _("won") if score > against else _("lost")


@require_safe
def match(request, year, match_id):
    """One confirmed match: its players and each hand's scores. Queries: season, the match, its hands."""
    season = get_season(year)
    match = get_object_or_404(
        Match.objects.confirmed().select_related(
            "competition__season", "team_a", "team_b", "cup_tie", "a_driver", "a_catcher", "b_driver", "b_catcher"),
        pk=match_id, competition__season=season)
    hands = match.hands.only("match_id", "number", "attackers", "score_a", "score_b", "raw_a", "raw_b")
    return render(request, "public/match.html", {
        "season": season, "match": match, "hands": hands, "competition_url": competition_url(match.competition),
        "team_a_url": team_url_in(season, match.team_a), "team_b_url": team_url_in(season, match.team_b),
    })


@require_safe
def cup(request, year):
    """R16 bracket. Queries: season, competition, ties, matches (before the draw: the entries)."""
    season = get_season(year)
    competition = get_competition(season, Competition.Kind.CUP)
    rounds = cup_rules.bracket(competition)
    entries = (list(competition.cup_entries.select_related("team__driver", "team__catcher"))
               if competition.drawn_at is None else [])
    return render(request, "public/cup.html", {
        "season": season, "competition": competition, "rounds": rounds,
        "standing": cup_rules.final_standing(cup_rules.ties_of(rounds)), "entries": entries,
    })


@require_safe
def grand_prix(request, year, slug):
    """R17 results and pairings. Queries: season, event, entrants, confirmed match sums, trophies
    won, the pairings."""
    season = get_season(year)
    event = get_competition(season, Competition.Kind.GRAND_PRIX, slug=slug)
    rows = with_team_urls(season, standings.grand_prix(event))
    table = GrandPrixTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    pairings = [{"match": match, "confirmed": match.state == Match.State.CONFIRMED,
                 "url": reverse("public:match", args=[year, match.pk]),
                 "team_a_url": team_url_in(season, match.team_a), "team_b_url": team_url_in(season, match.team_b)}
                for match in grand_prix_rules.pairings(event)]
    return render(request, "public/grand_prix.html", {
        "season": season, "event": event, "table": table, "pairings": pairings})


def with_team_urls(season, rows):
    """The standings rows the printed copies share, as table rows with a link to each team."""
    return [{**asdict(row), "team_url": team_url_in(season, row.team_id)} for row in rows]


def team_url_in(season, team):
    """The team's page; ``team`` is a Team or its id."""
    return reverse("public:team", args=[season.year, getattr(team, "pk", team)])


@require_safe
def free_games(request, year):
    """R18 table of the calendar year and its games. Queries: season, competition, scores, players,
    the games, their scores with players."""
    season = get_season(year)
    competition = get_competition(season, Competition.Kind.FREE_GAMES)
    rows, winners = free_game_rules.year_table(competition)
    table = FreeGameTable([{"place": row.place, "player": player.name, "games": row.games, "points": row.points}
                           for row, player in rows])
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "public/free_games.html", {
        "season": season, "competition": competition, "table": table, "winners": winners,
        "games": free_game_rules.games_of(competition),
        "year_over": season.ends < _today(),
    })


def _today():
    return timezone.localdate()
