"""What players and the public come back for: the home page (what happened, what is next), the
fixtures, a match not yet confirmed, a player's career, a team's head to head, and players who share
a name told apart. Query counts pinned at two data sizes."""

import datetime
import re

import pytest
from django.urls import reverse

from tests.factories import (
    announcement,
    eight_hand_records,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
    play_match,
    play_scored_match,
    records_with_trophies,
    schedule_match,
)
from tournaments.core import register
from tournaments.core.competitions import grand_prix
from tournaments.core.competitions.cup import enter_team, make_draw
from tournaments.core.models import Competition, CupAward, Match, Team, TrophyWin
from tournaments.pages import charts

pytestmark = pytest.mark.django_db

YEAR = 2025


def played(competition, team_a, team_b, score_a, score_b, day=1, *, royal_by_a=False, **extra):
    """A match played through the jury's steps (confirmed unless ``state`` says otherwise) on hands
    the engine scores ``score_a`` : ``score_b``; with ``royal_by_a`` A's Driver wins a Royal in hand 1."""
    announced = {0: [announcement("royal", "A.driver")]} if royal_by_a else None
    return play_scored_match(competition, team_a, team_b, score_a, score_b, announced=announced,
                             played_on=extra.pop("played_on", datetime.date(YEAR, 3, day)), **extra)


def scheduled(competition, team_a, team_b, played_on, place="Szeged"):
    return schedule_match(competition, team_a, team_b, played_on=played_on, place=place)


def season_with_cup(teams=4, **season_settings):
    season = make_season(YEAR, **season_settings)
    championship = make_competition(season=season, name="Championship")
    cup = make_competition(Competition.Kind.CUP, season=season, name="Cup")
    made = [make_team(f"Team {n}", season=season) for n in range(teams)]
    for team in made[:4]:
        enter_team(cup, team, on=datetime.date(YEAR, 9, 1))
    make_draw(cup, seed="follow")
    return season, championship, cup, made


@pytest.fixture
def today(monkeypatch):
    """The public pages' today, fixed in the middle of the season."""
    day = datetime.date(YEAR, 6, 1)
    monkeypatch.setattr("tournaments.pages.public.views._today", lambda: day)
    return day


# --- the home page ------------------------------------------------------------------------------


def test_the_home_page_says_what_happened_and_what_is_next(client, today):
    season, championship, cup, (kings, owls, hawks, *_rest) = season_with_cup(trophy_points_are_values=True)
    played(championship, kings, owls, 95, 80, day=3, royal_by_a=True)  # R20: 200 points, the 100-point cup
    played(championship, hawks, kings, 70, 90, day=9)
    played(championship, owls, hawks, 99, 50, day=10, state=Match.State.ENTERED)  # not public yet
    scheduled(championship, owls, kings, datetime.date(YEAR, 6, 20), place="Eger")
    scheduled(championship, hawks, owls, datetime.date(YEAR, 5, 20))  # past: not "next"
    assert CupAward.objects.get().player == kings.driver

    response = client.get(reverse("home"))

    text = response.text
    assert [line["match"].team_b for line in response.context["results"]] == [kings, owls]  # newest first
    assert "70 : 90" in text and "95 : 80" in text and "99 : 50" not in text
    assert [row.place for row, _team, _url in response.context["leaders"]][:1] == [1]
    assert response.context["leaders"][0][1] == kings  # 185 from two matches
    assert [line["match"].played_on for line in response.context["fixtures"]] == [datetime.date(YEAR, 6, 20)]
    assert "2025-06-20, Eger" in text
    assert "Being played: Round of 16." in text or "Being played: Semi-final." in text
    assert reverse("public:player", args=[kings.driver.pk]) in text and "the 100-point cup" in text
    assert reverse("public:fixtures", args=[YEAR]) in text


def test_the_home_page_before_any_season_says_what_the_site_is(client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    assert "tournament manager of the Royal Tarokk association" in response.text


@pytest.mark.parametrize("matches", [2, 14])
def test_the_home_page_query_count_does_not_grow(client, django_assert_num_queries, today, matches):
    season, championship, _cup, teams = season_with_cup(teams=6, trophy_points_are_values=True)
    for number in range(matches):  # each Royal is 200 points: a cup or two every time (R20)
        played(championship, teams[number % 6], teams[(number + 1) % 6], 90, 80, day=1 + number, royal_by_a=True)
        scheduled(championship, teams[number % 6], teams[(number + 2) % 6], datetime.date(YEAR, 7, 1 + number))
    assert CupAward.objects.count() >= matches
    # 1 the latest season, 2 its competitions, 3 the latest results, 4 the table's teams, 5 their
    # counted scores, 6 the Cup's ties, 7 the next matches, 8 the latest cups with their players,
    # and the public data version
    with django_assert_num_queries(8 + 1):
        response = client.get(reverse("home"))
    assert response.status_code == 200
    assert len(response.context["results"]) == min(matches, 6)


# --- fixtures and a match not yet confirmed -------------------------------------------------------


def test_fixtures_list_matches_to_come_by_date_with_place_and_teams_and_no_score(client, today):
    season, championship, _cup, (kings, owls, hawks, eagles) = season_with_cup()
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season, name="Spring Grand Prix", slug="spring")
    for team in (hawks, eagles):
        grand_prix.enter_team(event, team)
    later = scheduled(championship, kings, owls, datetime.date(YEAR, 7, 2), place="Pécs")
    sooner = scheduled(event, hawks, eagles, datetime.date(YEAR, 6, 15), place="Győr")
    played(championship, kings, hawks, 77, 66, day=5, state=Match.State.ENTERED)  # awaiting confirmation
    played(championship, owls, eagles, 88, 55, day=6)  # confirmed: a result, not a fixture

    response = client.get(reverse("public:fixtures", args=[YEAR]))

    days = response.context["days"]
    assert [day for day, _lines in days] == [datetime.date(YEAR, 3, 5), sooner.played_on, later.played_on]
    text = response.text
    assert "Pécs" in text and "Győr" in text and "Spring Grand Prix" in text
    # No score until confirmed, as a page writes one ("77 : 66"); an id or a token may hold "77".
    assert not re.search(r"\b(77|88)\s*(:|&ndash;|–)\s*(66|55)\b", text)
    assert reverse("public:match", args=[YEAR, later.pk]) in text

    by_team = client.get(reverse("public:fixtures", args=[YEAR]), {"team": owls.pk})
    assert [line["match"] for _day, lines in by_team.context["days"] for line in lines] == [later]
    by_competition = client.get(reverse("public:fixtures", args=[YEAR]), {"competition": "spring"})
    assert [line["match"] for _day, lines in by_competition.context["days"] for line in lines] == [sooner]


def test_fixtures_filtered_to_nothing_say_so_and_lead_to_the_competition_and_all_fixtures(client, today):
    """The Cup's matches are scheduled tie by tie: filtered to the Cup before any is, the list says
    nothing matches the choice and leads to the Cup's page and to every fixture."""
    _season, championship, cup, (kings, owls, *_rest) = season_with_cup()
    scheduled(championship, kings, owls, datetime.date(YEAR, 7, 2))

    html = client.get(reverse("public:fixtures", args=[YEAR]), {"competition": cup.slug, "team": ""}).text

    assert "No match to come for your choice." in html
    assert f'<a href="{reverse("public:cup", args=[YEAR])}">Cup</a>' in html
    assert f'<a href="{reverse("public:fixtures", args=[YEAR])}">All fixtures</a>' in html
    unfiltered = client.get(reverse("public:fixtures", args=[YEAR]), {"competition": "", "team": ""}).text
    assert "No match to come" not in unfiltered and "Team 1" in unfiltered


def test_an_unknown_fixture_filter_is_named_on_the_form(client, today):
    season_with_cup()

    response = client.get(reverse("public:fixtures", args=[YEAR]), {"team": "99999"})

    assert response.status_code == 200
    assert "Select a valid choice" in response.text
    assert response.context["days"] == []


@pytest.mark.parametrize("count", [2, 12])
def test_the_fixtures_query_count_does_not_grow(client, django_assert_num_queries, today, count):
    _season, championship, _cup, teams = season_with_cup(teams=4)
    for number in range(count):
        scheduled(championship, teams[number % 4], teams[(number + 1) % 4], datetime.date(YEAR, 7, 1 + number))
    # 1 season, 2 its competitions, 3 its teams, 4 the matches with teams and competition
    with django_assert_num_queries(4 + 1):  # and the public data version
        response = client.get(reverse("public:fixtures", args=[YEAR]))
    assert response.status_code == 200
    assert sum(len(lines) for _day, lines in response.context["days"]) == count


def test_a_scheduled_match_has_a_public_page_without_a_score(client, today):
    _season, championship, _cup, (kings, owls, *_rest) = season_with_cup()
    match = scheduled(championship, kings, owls, datetime.date(YEAR, 7, 2), place="Sopron")

    response = client.get(reverse("public:match", args=[YEAR, match.pk]))

    assert response.status_code == 200
    assert "2025-07-02, Sopron" in response.text and "Scheduled" in response.text
    assert "Sum of hand scores" not in response.text


@pytest.mark.parametrize("state", [Match.State.SCHEDULED, Match.State.ENTERED])
def test_a_match_not_yet_confirmed_takes_two_queries(client, django_assert_num_queries, today, state):
    _season, championship, _cup, (kings, owls, *_rest) = season_with_cup()
    match = played(championship, kings, owls, 90, 80, state=state)
    # 1 season, 2 the match with its teams, players and competition (no hands: no score to show)
    with django_assert_num_queries(2 + 2):  # and the public data version, for the page and its live block
        response = client.get(reverse("public:match", args=[YEAR, match.pk]))
    assert response.status_code == 200 and not response.context["confirmed"]


def test_a_matchs_venue_is_headed_venue_in_hungarian_not_a_place_in_a_table(client, today):
    """Hungarian has two words where English says "place": helyezés (a place in a table) and helyszín
    (where a match is played). The fixtures and a team's matches to come name the venue."""
    _season, championship, _cup, (kings, owls, *_rest) = season_with_cup()
    scheduled(championship, kings, owls, datetime.date(YEAR, 7, 2), place="Sopron")
    hungarian = {"headers": {"accept-language": "hu"}}

    for url in (reverse("public:fixtures", args=[YEAR]), reverse("public:team", args=[YEAR, kings.pk])):
        html = client.get(url, **hungarian).text
        assert '<th>Helyszín</th>' in html and 'data-label="Helyszín">Sopron<' in html, url
        assert "Helyezés" not in html, url


# --- a player's career ------------------------------------------------------------------------


def test_a_players_page_is_the_record_of_a_career(client):
    old, new = make_season(2024), make_season(YEAR)
    alice = make_player("Alice")
    old_team = Team.objects.create(season=old, name="Kings", driver=alice, catcher=make_player())
    new_team = Team.objects.create(season=new, name="Owls", driver=make_player(), catcher=make_player(),
                                   substitute=alice)
    make_match(old_team, make_team(season=old), make_competition(season=old), hand_records=eight_hand_records(),
               confirmed=True)
    opponent = make_team(season=new)
    new_team.catcher = alice  # not saved: the factory seats the team's catcher, here its substitute (R14)
    substitute_match = make_match(new_team, opponent, make_competition(season=new),
                                  hand_records=eight_hand_records(), confirmed=True)
    register.sync_match(substitute_match)

    response = client.get(reverse("public:player", args=[alice.pk]))

    career = response.context["career"]
    assert [(entry.season.year, entry.team.name, entry.role) for entry in career.seasons] == [
        (2025, "Owls", "substitute"), (2024, "Kings", "driver")]
    assert career.totals == {"driver": 1, "substitute": 1}
    assert [(p.seat, p.as_substitute) for p in career.matches] == [("catcher", True), ("driver", False)]
    # From the stored hands: as A's driver Alice announced the pheasant (won); as A's catcher the
    # honour (lost) and the flush (a message, no result).
    assert {(count.feast, count.announced, count.made) for count in career.feasts} == {
        ("pheasant", 1, 1), ("honour", 1, 0), ("flush", 1, 0)}
    text = response.text
    assert reverse("public:team", args=[2024, old_team.pk]) in text
    assert reverse("public:match", args=[YEAR, substitute_match.pk]) in text
    assert "Pheasant" in text


@pytest.mark.parametrize("matches", [1, 6])
def test_the_player_page_query_count_does_not_grow(client, django_assert_num_queries, matches):
    season = make_season(YEAR)
    championship = make_competition(season=season)
    kings, owls = make_team("Kings", season=season), make_team("Owls", season=season)
    for number in range(matches):
        played(championship, kings, owls, 90, 80, day=1 + number, royal_by_a=True)
    assert TrophyWin.objects.filter(player=kings.driver).count() == matches
    # 1 player, 2 teams with seasons, 3 matches, 4 trophies with matches, 5 cups, 6 feast counts
    with django_assert_num_queries(6 + 1):  # and the public data version
        response = client.get(reverse("public:player", args=[kings.driver.pk]))
    assert response.status_code == 200
    assert len(response.context["matches"]) == matches


def test_the_points_chart_spaces_its_steps_by_date():
    class Win:
        def __init__(self, day):
            self.won_on = day

    class Step:
        def __init__(self, day, total):
            self.win, self.total = Win(day), total

    chart = charts.points_chart([Step(datetime.date(YEAR, 3, 1), 1), Step(datetime.date(YEAR, 3, 2), 2),
                                 Step(datetime.date(YEAR, 9, 1), 3)])

    (x1, _), (x2, _), (x3, _) = chart.marks
    assert x2 - x1 < (x3 - x2) / 50  # a day apart, then six months
    assert [tick.label for tick in chart.y_ticks] == ["0", "1", "2", "3"]
    assert chart.x_ticks[0].label == "2025-03"


SVG_NUMBER = re.compile(r"-?\d+(\.\d+)?")
SVG_COORDINATES = re.compile(r'\b(x|y|x1|x2|y1|y2|cx|cy)="([^"]*)"')


@pytest.mark.parametrize("page", ["public:player", "register:player"])
def test_the_points_chart_draws_in_hungarian_with_svg_numbers_and_hungarian_months(client, page):
    """A Hungarian page writes decimals with a comma; the chart's coordinates must stay SVG numbers
    ("166,0" is none, and the browser drew every line at 0), and its months read "2025. 03."."""
    make_season(YEAR, trophy_points_are_values=True)
    player = make_player("Kiss Katalin")
    jury = make_user("jury")
    for day, trophy in ((datetime.date(YEAR, 3, 1), "spadille"), (datetime.date(YEAR, 7, 14), "marriage")):
        register.enter_variant_trophy(player=player, trophy=trophy, variant=TrophyWin.Variant.EMPEROR, won_on=day,
                                      user=jury)

    html = client.get(reverse(page, args=[player.pk]), headers={"Accept-Language": "hu"}).text

    svg = html[html.index("<svg"):html.index("</svg>")]
    coordinates = SVG_COORDINATES.findall(svg)
    assert len(coordinates) > 20
    assert [value for _name, value in coordinates if not SVG_NUMBER.fullmatch(value)] == []
    assert ">2025. 03.</text>" in svg and "2025-03" not in svg


# --- a team's head to head -----------------------------------------------------------------------


def test_a_team_page_has_its_fixtures_and_head_to_head(client, today):
    _season, championship, _cup, (kings, owls, hawks, _eagles) = season_with_cup()
    played(championship, kings, owls, 90, 80, day=1)
    played(championship, owls, kings, 85, 85, day=2)
    played(championship, hawks, kings, 95, 75, day=3)
    upcoming = scheduled(championship, kings, hawks, datetime.date(YEAR, 7, 1))

    response = client.get(reverse("public:team", args=[YEAR, kings.pk]))

    records = {record["opponent"].name: record for record in response.context["head_to_head"]}
    assert (records["Team 1"]["played"], records["Team 1"]["won"], records["Team 1"]["drawn"]) == (2, 1, 1)
    assert (records["Team 1"]["for"], records["Team 1"]["against"]) == (175, 165)
    assert (records["Team 2"]["lost"], records["Team 2"]["for"]) == (1, 75)
    assert [line["match"] for line in response.context["fixtures"]] == [upcoming]
    assert reverse("public:player", args=[kings.driver.pk]) in response.text


def test_the_head_to_head_counts_wins_draws_and_losses_in_hungarian(client, today):
    """The columns count wins and losses (győzelem, vereség), not "winner" and "loser"."""
    _season, championship, _cup, (kings, owls, *_rest) = season_with_cup()
    played(championship, kings, owls, 90, 80)

    html = client.get(reverse("public:team", args=[YEAR, kings.pk]), headers={"accept-language": "hu"}).text

    head_to_head = html[html.index('class="head-to-head'):]
    assert ">Győzelem</th>" in head_to_head and ">Döntetlen</th>" in head_to_head and ">Vereség</th>" in head_to_head
    assert "Nyertes" not in head_to_head and "Vesztes" not in head_to_head


def test_a_team_pages_sections_are_headings_in_reading_order(client, today):
    """A screen reader's list of headings names every part of the page, the matches played first."""
    _season, championship, _cup, (kings, owls, hawks, _eagles) = season_with_cup()
    played(championship, kings, owls, 90, 80)
    scheduled(championship, kings, hawks, datetime.date(YEAR, 7, 1))

    html = client.get(reverse("public:team", args=[YEAR, kings.pk])).text

    assert re.findall(r"<h2[^>]*>([^<]*)</h2>", html) == [f"Matches in {YEAR}", "Matches to come", "Head to head"]
    for heading in ("played-heading", "fixtures-heading", "head-to-head-heading"):
        assert f'aria-labelledby="{heading}"' in html


# --- players who share a name ---------------------------------------------------------------------


def test_players_who_share_a_name_are_told_apart_by_membership_number(client):
    season = make_season(YEAR)
    make_competition(season=season)
    first, second = make_player("Kiss Katalin"), make_player("Kiss Katalin")
    kings = Team.objects.create(season=season, name="Kings", driver=first, catcher=make_player("Nagy Anna"))
    owls = Team.objects.create(season=season, name="Owls", driver=second, catcher=make_player("Tóth Éva"))
    play_match(season.competitions.get(), kings, owls,
               records_with_trophies([(1, "A.driver", "royal", "won"), (2, "B.driver", "royal", "won")]))
    assert {win.player for win in TrophyWin.objects.all()} == {first, second}

    for url in (reverse("public:season", args=[YEAR]), reverse("public:championship", args=[YEAR]),
                reverse("register:index")):
        text = client.get(url).text
        assert first.membership_number in text and second.membership_number in text, url
    season_page = client.get(reverse("public:season", args=[YEAR])).text
    assert "Nagy Anna</a>" in season_page and "Nagy Anna</a> <span" not in season_page  # a name of its own


def test_the_new_pages_speak_hungarian(client, today):
    _season, championship, _cup, (kings, owls, *_rest) = season_with_cup()
    scheduled(championship, kings, owls, datetime.date(YEAR, 7, 2))
    hungarian = {"headers": {"accept-language": "hu"}}

    assert "Következő mérkőzések" in client.get(reverse("home"), **hungarian).text
    assert "Sorsolás 2025" in client.get(reverse("public:fixtures", args=[YEAR]), **hungarian).text
    assert "Egymás elleni eredmények" in client.get(reverse("public:team", args=[YEAR, kings.pk]), **hungarian).text
    assert "Bemondott figurák" in client.get(reverse("public:player", args=[kings.driver.pk]), **hungarian).text
