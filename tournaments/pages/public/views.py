"""Public, read-only pages: season overview, standings, the Cup bracket, Grand Prix results, the
free-game table and a team's page. No login; confirmed matches only; every figure comes from
scoring/ through tournaments.core.competitions."""

from dataclasses import asdict

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from tournaments.core.collation import hungarian, hungarian_key
from tournaments.core.competitions import championship as championship_rules
from tournaments.core.competitions import cup as cup_rules
from tournaments.core.competitions import free_games as free_game_rules
from tournaments.core.competitions import grand_prix as grand_prix_rules
from tournaments.core.models import Competition, Match, Player, Season, Team, public_data
from tournaments.pages import charts, people
from tournaments.reads import standings
from tournaments.reads.careers import career
from tournaments.reads.home_digest import home_digest
from tournaments.reads.standings import get_competition, get_season, players_text

from . import live_pages, meta
from .forms import FixtureFilter
from .tables import FreeGameTable, GrandPrixTable


@require_safe
def season_list(request):
    """Every season, the latest first, with its competitions' final tables, bracket and results.
    Queries: the seasons, their competitions."""
    seasons = Season.objects.public().prefetch_related(
        Prefetch("competitions", queryset=Competition.objects.order_by("kind", "starts", hungarian("name"))))
    return render(request, "public/season_list.html", {
        "seasons": [(season, [(competition, competition_url(competition, season))
                              for competition in season.competitions.all()]) for season in seasons],
    })


@require_safe
def current_season(request):
    """The navigation's "This season": the running season's overview (reads.standings)."""
    season = standings.current_season()
    if season is None:
        return redirect("public:seasons")
    return redirect("public:season", year=season.year)


@require_safe
def season(request, year):
    """Every competition of the season with a link, the Cup's standing, every team. Queries: season,
    its competitions, its teams, and the Cup's ties once it is drawn."""
    season = get_season(year)
    competitions = list(season.competitions.order_by("kind", "starts", hungarian("name")))
    cup = next((c for c in competitions if c.kind == Competition.Kind.CUP), None)
    teams = list(season.teams.with_players().order_by(hungarian("name")))
    return render(request, "public/season.html", {
        "shared_names": people.shared_names(people.team_members(teams)),
        "season": season,
        "competitions": [(competition, competition_url(competition)) for competition in competitions],
        "cup": cup, "cup_progress": cup_rules.progress(cup) if cup else None,
        "teams": [(team, players_text(team)) for team in teams],
        "meta": meta.for_season(season),
    })


def competition_url(competition, season=None):
    """The public page of a competition (a Grand Prix event by its short name)."""
    year = (season or competition.season).year
    kind = competition.kind
    if kind == Competition.Kind.GRAND_PRIX:
        return reverse("public:grand_prix", args=[year, competition.slug])
    name = {Competition.Kind.CHAMPIONSHIP: "public:championship", Competition.Kind.CUP: "public:cup",
            Competition.Kind.FREE_GAMES: "public:free_games"}[kind]
    return reverse(name, args=[year])


@require_safe
def championship(request, year):
    """R15 season table, each team with its players: the table its copies show
    (standings.championship), live (live_pages). Queries: the public data version, season, teams,
    counted match scores, the Championship."""
    version = public_data.current()  # before the data shown
    season = get_season(year)
    championship = standings.championship(season)
    table_query = live_pages.block_query(request.GET)
    table = live_pages.championship_table(championship, table_query)
    live = live_pages.page_block(request, version, lambda: live_pages.championship_context(table, table_query))
    return render(request, "public/championship.html", {
        "season": season, "table": table, "live": live, "championship": championship.competition,
        # R15: a place is final, and certified, once the season is closed.
        "podium": podium(table.data) if season.is_closed else [],
        "match_limit": championship.match_limit,
        "meta": meta.for_championship(season, championship.competition, championship.rows)
        if championship.competition else None,
    })


@require_safe
def team(request, year, team_id):
    """A team's season: its players, its championship line, every match (confirmed ones with their
    score, the others as fixtures) and its record against each opponent. Queries: season, team,
    its matches, the championship table (teams, counted scores)."""
    season = get_season(year)
    team = get_object_or_404(Team.objects.with_players(), pk=team_id, season=season)
    matches = list(Match.objects.of_team(team).filter(competition__season=season)
                   .select_related("competition__season", "team_a", "team_b", "cup_tie").order_by("played_on", "id"))
    lines = [match_line(match, team) for match in matches if match.state == Match.State.CONFIRMED]
    standing = standings.championship_line(season, team)
    return render(request, "public/team.html", {
        "meta": meta.for_team(season, team, players_text(team), standing),
        "season": season, "team": team, "players": players_text(team), "lines": lines, "standing": standing,
        "fixtures": [fixture_line(match, team) for match in matches if match.state != Match.State.CONFIRMED],
        "head_to_head": head_to_head(lines),
        "members": [(player, role) for player, role in ((team.driver, _("Driver")), (team.catcher, _("Catcher")),
                                                        (team.substitute, _("Substitute"))) if player],
    })


def fixture_line(match, team):
    opponent = match.team_b if match.team_a_id == team.pk else match.team_a
    return {"match": match, "url": reverse("public:match", args=[match.competition.season.year, match.pk]),
            "competition_url": competition_url(match.competition),
            "opponent": opponent, "opponent_url": team_url_in(match.competition.season, opponent)}


def head_to_head(lines):
    """The team's confirmed matches against each opponent: played, won, drawn, lost and the match
    points on each side (the sums of the match scores the engine stored), by opponent name."""
    records = {}
    for line in lines:
        record = records.setdefault(line["opponent"].pk, {
            "opponent": line["opponent"], "opponent_url": line["opponent_url"],
            "played": 0, "won": 0, "drawn": 0, "lost": 0, "for": 0, "against": 0})
        record["played"] += 1
        if line["result"]:
            record[line["result"]] += 1
        record["for"] += line["score"] or 0
        record["against"] += line["against"] or 0
    return sorted(records.values(), key=lambda record: record["opponent"].name)


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
        "result": result_of(score, against), "outcome": outcome(score, against),
        "counts": championship_rules.counts_for_championship(match),
    }


def result_of(score, against):
    """"won", "drawn" or "lost" by the two match scores the engine stored; "" without them."""
    if score is None or against is None:
        return ""
    if score == against:
        return "drawn"
    return "won" if score > against else "lost"


def outcome(score, against):
    return {"won": _("won"), "drawn": _("drawn"), "lost": _("lost"), "": ""}[result_of(score, against)]


@require_safe
def match(request, year, match_id):
    """One match: its teams, date, place and players; once confirmed, each hand's scores (before,
    no score is shown, and the page is live until then: live_pages). Queries: the public data
    version, season, the match, its hands when confirmed."""
    version = public_data.current()  # before the data shown
    season = get_season(year)
    match = live_pages.public_match(season, match_id)
    shown = live_pages.match_context(season, match)
    live = live_pages.page_block(request, version, lambda: shown)
    return render(request, "public/match.html", {
        **shown, "live": live, "live_updates": not shown["confirmed"],
        "competition_url": competition_url(match.competition),
        "team_a_url": team_url_in(season, match.team_a), "team_b_url": team_url_in(season, match.team_b),
        "shared_names": people.shared_names([match.a_driver, match.a_catcher, match.b_driver, match.b_catcher]),
        "meta": meta.for_match(match),
    })


@require_safe
def cup(request, year):
    """R16 bracket, live (live_pages). Queries: the public data version, season, competition, ties,
    matches (before the draw: the entries)."""
    version = public_data.current()  # before the data shown
    season = get_season(year)
    competition = get_competition(season, Competition.Kind.CUP)
    bracket = standings.cup(competition)
    live = live_pages.page_block(request, version, lambda: {"season": season, "rounds": bracket.rounds})
    return render(request, "public/cup.html", {
        "season": season, "competition": competition, "live": live, "standing": bracket.standing,
        "entries": bracket.entries, "shared_names": bracket.entry_shared,
        "meta": meta.for_cup(season, competition, bracket.standing),
    })


@require_safe
def grand_prix(request, year, slug):
    """R17 results and pairings. Queries: season, event, entrants, confirmed match sums, trophies
    won, the pairings."""
    season = get_season(year)
    event = get_competition(season, Competition.Kind.GRAND_PRIX, slug=slug)
    rows = rows_with_players(season, grand_prix_rules.results(event), standings.grand_prix_row)
    table = GrandPrixTable(rows)
    RequestConfig(request, paginate=False).configure(table)
    pairings = [{"match": match, "confirmed": match.state == Match.State.CONFIRMED,
                 "url": reverse("public:match", args=[year, match.pk]),
                 "team_a_url": team_url_in(season, match.team_a), "team_b_url": team_url_in(season, match.team_b)}
                for match in grand_prix_rules.pairings(event)]
    return render(request, "public/grand_prix.html", {
        "season": season, "event": event, "table": table, "pairings": pairings, "podium": podium(table.data),
        "meta": meta.for_grand_prix(season, event, rows)})


def podium(rows):
    """The rows of places 1-3 of teams that have played, in the table's order: their certificates."""
    return [row for row in rows if row["place"] <= 3 and row["played"]]


def rows_with_players(season, ranked, make_row):
    """Table rows from (ranking row, team) pairs: the row the printed copies share (``make_row``),
    with a link to the team and its players, told apart where two share a name."""
    shared = people.shared_names(people.team_members(team for _row, team in ranked))
    return [{**asdict(make_row(row, team)), "team_url": team_url_in(season, team),
             "team_order": hungarian_key(team.name), "members": team.members(), "shared_names": shared}
            for row, team in ranked]


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
    games = free_game_rules.games_of(competition)
    shared = people.shared_names([player for _row, player in rows]
                                 + [score.player for game in games for score in game.scores.all()])
    table = FreeGameTable([{"place": row.place, "player": player.name,
                            "player_order": hungarian_key(player.name), "player_url": people.player_url(player),
                            "member_number": player.membership_number if player.name in shared else "",
                            "games": row.games, "points": row.points}
                           for row, player in rows])
    RequestConfig(request, paginate=False).configure(table)
    return render(request, "public/free_games.html", {
        "season": season, "competition": competition, "table": table, "winners": winners,
        "games": games, "shared_names": shared,
        "year_over": season.ends < _today(),
        "meta": meta.for_free_games(season, competition),
    })


def _today():
    return timezone.localdate()


@require_safe
def home(request):
    """What happened and what is next: latest results, the Championship's top places, the Cup's
    round, the next matches, the latest trophy cups. Queries: see home_digest.home_digest."""
    summary = home_digest(_today())
    season = summary.season
    return render(request, "home.html", {
        "digest": summary, "season": season,
        "results": [result_line(match) for match in summary.results],
        "leaders": [(row, team, team_url_in(season, team)) for row, team in summary.leaders],
        "fixtures": [fixture_row(match) for match in summary.fixtures],
        "competitions": [(competition, competition_url(competition, season)) for competition in summary.competitions],
        "shared_names": people.shared_names(summary.players()),
        "meta": meta.for_home(season),
    })


def result_line(match):
    season = match.competition.season
    return {"match": match, "url": reverse("public:match", args=[season.year, match.pk]),
            "team_a_url": team_url_in(season, match.team_a), "team_b_url": team_url_in(season, match.team_b)}


def fixture_row(match):
    return result_line(match) | {"competition_url": competition_url(match.competition)}


@require_safe
def fixtures(request, year):
    """The season's matches not yet confirmed, by date, with their competition, place and teams
    (no score until the match is confirmed); filtered by competition and by team. Queries: season,
    its competitions, its teams, the matches."""
    season = get_season(year)
    competitions = list(season.competitions.order_by("kind", "starts", hungarian("name")))
    teams = list(season.teams.order_by(hungarian("name")))
    form = FixtureFilter(request.GET or None, competitions=competitions, teams=teams)
    matches = (Match.objects.with_teams().filter(competition__season=season).exclude(state=Match.State.CONFIRMED)
               .order_by("played_on", "id"))
    if form.is_valid():
        matches = form.filter(matches)
    else:
        matches = matches.none() if form.is_bound else matches
    days = {}
    for match in matches:
        days.setdefault(match.played_on, []).append(fixture_row(match))
    return render(request, "public/fixtures.html", {
        "season": season, "form": form, "days": sorted(days.items()), "today": _today(),
        "filtered": form.is_bound and (not form.is_valid() or any(form.cleaned_data.values())),
        "chosen": _chosen_competition(form, competitions)})


def _chosen_competition(form, competitions):
    """The competition the fixtures are filtered by, with its page, for an empty list to point to
    (the Cup's page shows its ties still to be scheduled); None when there is none."""
    slug = form.cleaned_data.get("competition") if form.is_bound and form.is_valid() else None
    chosen = next((competition for competition in competitions if competition.slug == slug), None)
    return {"competition": chosen, "url": competition_url(chosen)} if chosen else None


@require_safe
def player(request, pk):
    """A player's career: seasons and teams, matches by seat, trophies with their dates and
    matches, feasts announced and made, and the register's points over time. Queries: the player,
    then five (careers.career)."""
    player = get_object_or_404(Player, pk=pk)
    record = career(player)
    return render(request, "public/player.html", {
        "player": player, "career": record, "chart": charts.points_chart(record.steps),
        "matches": [played_line(played) for played in record.matches],
        "teams": [(entry, team_url_in(entry.season, entry.team)) for entry in record.seasons],
        "meta": meta.for_player(player, record),
    })


def played_line(played):
    season = played.match.competition.season
    return {"played": played, "url": reverse("public:match", args=[season.year, played.match.pk]),
            "team_url": team_url_in(season, played.team), "opponent_url": team_url_in(season, played.opponent),
            "competition_url": competition_url(played.match.competition),
            "outcome": outcome(played.score, played.against)}
