"""The organisers keep teams and players on their own pages, one at a time (the roster workbook
does many at once): a team added and changed (R14), a player added, changed and linked to the
login that seats them at an online table, each change in its history, refusals on their fields."""

import pytest
from django.urls import reverse

from tests.factories import (
    eight_hand_records,
    logged_in_user,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
)
from tournaments.core.models import Player, Team

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client):
    return logged_in_user(client, "organiser", "olga")


def errors(response):
    return {name: [str(error) for error in errors] for name, errors in response.context["form"].errors.items()}


def test_an_organiser_adds_a_team_then_changes_its_substitute(client, organiser):
    season = make_season()
    anna, bela, csaba = (make_player(name) for name in ("Anna", "Béla", "Csaba"))

    response = client.post(reverse("competitions:team_new", args=[season.year]),
                           {"name": "Pagátok", "driver": anna.pk, "catcher": bela.pk})

    team = Team.objects.get(name="Pagátok")
    assert response.status_code == 302 and response["Location"] == reverse("competitions:teams", args=[season.year])
    assert (team.season, team.driver, team.catcher, team.substitute) == (season, anna, bela, None)
    assert team.history.get().history_user == organiser
    client.post(reverse("competitions:team_edit", args=[season.year, team.pk]),
                {"name": "Pagátok", "driver": anna.pk, "catcher": bela.pk, "substitute": csaba.pk})
    team.refresh_from_db()
    assert team.substitute == csaba and team.history.first().history_change_reason == "Team changed"
    listed = client.get(reverse("competitions:teams", args=[season.year])).text
    assert "Pagátok" in listed and "Csaba" in listed


def test_a_player_of_another_team_or_in_two_seats_is_refused_on_the_field(client, organiser):
    season = make_season()
    other = make_team("Skízek", season=season)
    anna = make_player("Anna")
    before = list(Team.objects.values_list("pk", "driver_id", "catcher_id"))

    response = client.post(reverse("competitions:team_new", args=[season.year]),
                           {"name": "Pagátok", "driver": anna.pk, "catcher": other.catcher.pk, "substitute": anna.pk})

    assert response.status_code == 422
    assert errors(response) == {
        "catcher": [f"{other.catcher} plays for Skízek this season; a player belongs to one team a season; R14."],
        "substitute": ["Anna already has the driver's seat of this team; R14."]}
    assert list(Team.objects.values_list("pk", "driver_id", "catcher_id")) == before
    assert 'value="Pagátok"' in response.text  # the input stays on screen


def test_a_team_that_played_keeps_a_player_another_team_has_played_with(client, organiser):
    """The admin's rule, met here too (changes.check_team): a player who has played for another team
    this season joins no other (R14)."""
    season = make_season()
    first, second = make_team("Első", season=season), make_team("Második", season=season)
    make_match(first, second, make_competition(season=season), hand_records=eight_hand_records())
    moved = first.driver
    Team.objects.filter(pk=first.pk).update(driver=make_player("Új"))

    response = client.post(reverse("competitions:team_edit", args=[season.year, second.pk]),
                           {"name": "Második", "driver": moved.pk, "catcher": second.catcher.pk})

    assert response.status_code == 422
    assert "has already played for Első this season" in " ".join(errors(response)["driver"])


def test_an_organiser_adds_a_player_and_links_them_to_their_login(client, organiser):
    login = make_user(None, username="anna.k")
    response = client.post(reverse("competitions:player_new"), {"name": "Kovács Anna", "membership_number": "M100",
                                                                "active": "on", "account": login.pk})
    assert response.status_code == 302
    anna = Player.objects.get(membership_number="M100")
    assert anna.account == login and anna.history.get().history_user == organiser

    taken = client.get(reverse("competitions:player_new")).text
    assert "anna.k" not in taken  # a login seats one player only
    response = client.post(reverse("competitions:player_edit", args=[anna.pk]),
                           {"name": "Kovács Anna", "membership_number": "M100", "active": "on", "account": ""})
    anna.refresh_from_db()
    assert response.status_code == 302 and anna.account is None


def test_a_taken_membership_number_is_refused(client, organiser):
    Player.objects.create(name="Béla", membership_number="M200")
    response = client.post(reverse("competitions:player_new"), {"name": "Anna", "membership_number": "M200"})
    assert response.status_code == 422
    assert errors(response) == {"membership_number": ["Another player has membership number M200."]}


def test_the_lists_query_counts_do_not_grow(client, organiser, django_assert_num_queries):
    season = make_season()
    for number in range(4):
        make_team(f"Csapat {number}", season=season, substitute=True)
    # The user with their roles (the session is in the cache), the season, the teams with their players.
    with django_assert_num_queries(3):
        client.get(reverse("competitions:teams", args=[season.year]))
    # The user with their roles, the players with their logins.
    with django_assert_num_queries(2):
        client.get(reverse("competitions:players"))
