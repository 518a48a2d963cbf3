"""The public pages: open to everyone, read-only, confirmed matches only, query counts pinned."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_competition, make_season, make_team
from tournaments.competitions.cup import enter_team, make_draw
from tournaments.models import Competition, Match

pytestmark = pytest.mark.django_db


def full_season():
    season = make_season()
    make_competition(season=season)
    cup = make_competition(Competition.Kind.CUP, season=season)
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season, slug="spring")
    make_competition(Competition.Kind.FREE_GAMES, season=season)
    teams = [make_team(f"Team {n}") for n in range(4)]
    for team in teams:
        enter_team(cup, team, on=datetime.date(2025, 9, 1))
    make_draw(cup, seed="public")
    return season, event, teams


def public_urls(teams):
    return [reverse("public:seasons"), reverse("public:season", args=[2025]),
            reverse("public:championship", args=[2025]), reverse("public:cup", args=[2025]),
            reverse("public:grand_prix", args=[2025, "spring"]), reverse("public:free_games", args=[2025]),
            reverse("public:team", args=[2025, teams[0].pk])]


def test_every_public_page_opens_without_a_login(client):
    _season, _event, teams = full_season()

    for url in public_urls(teams):
        assert client.get(url).status_code == 200, url


def test_public_pages_are_read_only(client):
    _season, _event, teams = full_season()

    for url in public_urls(teams):
        assert client.post(url).status_code == 405, url


def test_an_unknown_season_or_event_is_not_found(client):
    full_season()

    assert client.get(reverse("public:championship", args=[1999])).status_code == 404
    assert client.get(reverse("public:grand_prix", args=[2025, "nowhere"])).status_code == 404


def test_the_navigation_leads_to_the_seasons(client):
    assert reverse("public:seasons") in client.get(reverse("home")).text


def test_a_match_awaiting_confirmation_is_not_public(client):
    season, _event, (kings, owls, *_rest) = full_season()
    championship = Competition.objects.get(season=season, kind="championship")
    Match.objects.create(competition=championship, team_a=kings, team_b=owls, played_on=datetime.date(2025, 3, 1),
                         state=Match.State.ENTERED, score_a=100, score_b=50, hand_sum_a=800, hand_sum_b=400)

    team_page = client.get(reverse("public:team", args=[2025, kings.pk]))
    table = client.get(reverse("public:championship", args=[2025])).context["table"]

    assert team_page.context["lines"] == []
    assert all(row["total"] == 0 for row in table.data)


@pytest.mark.parametrize("matches", [1, 10])
def test_the_team_page_query_count_does_not_grow(client, django_assert_num_queries, matches):
    season, _event, (kings, owls, *_rest) = full_season()
    championship = Competition.objects.get(season=season, kind="championship")
    for _ in range(matches):
        Match.objects.create(competition=championship, team_a=kings, team_b=owls,
                             played_on=datetime.date(2025, 3, 1), state=Match.State.CONFIRMED,
                             score_a=90, score_b=80, hand_sum_a=720, hand_sum_b=640)
    # 1 season, 2 team with players, 3 its matches, 4 teams of the table, 5 counted match scores
    with django_assert_num_queries(5):
        response = client.get(reverse("public:team", args=[2025, kings.pk]))
    assert len(response.context["lines"]) == matches


def test_the_season_overview_query_count(client, django_assert_num_queries):
    full_season()
    # 1 season, 2 its competitions
    with django_assert_num_queries(2):
        client.get(reverse("public:season", args=[2025]))
