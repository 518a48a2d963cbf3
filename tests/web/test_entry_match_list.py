"""The jury's match list: filtered by state, competition and the days played, each filter kept
while paging and switching state; the way to schedule a new match at the top."""

import datetime
import re

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, make_competition, make_match, make_team, make_user
from tournaments.core.models import Competition, GrandPrixEntry
from tournaments.pages.entry import views

pytestmark = pytest.mark.django_db


@pytest.fixture
def jury_client(client):
    client.force_login(make_user("jury"))
    return client


def listed(response):
    """(date, competition) of each match row on the list, top to bottom."""
    row = r'<tr class="state-[a-z_]+">\s*<td[^>]*><a href="[^"]+">([\d-]+)</a></td>\s*<td[^>]*>([^<(]+)'
    rows = re.findall(row, response.content.decode())
    return [(day, competition.strip()) for day, competition in rows]


@pytest.fixture
def season_matches():
    """Championship matches on 1 March, 1 April and 1 May 2025, a Grand Prix match on 1 April."""
    championship = make_competition(name="Championship")
    grand_prix = make_competition(Competition.Kind.GRAND_PRIX, name="Spring Grand Prix")
    for month in (3, 4, 5):
        make_match(competition=championship, played_on=datetime.date(2025, month, 1))
    kings, owls = make_team("Kings"), make_team("Owls")
    for team in (kings, owls):
        GrandPrixEntry.objects.create(competition=grand_prix, team=team)
    make_match(kings, owls, competition=grand_prix, played_on=datetime.date(2025, 4, 1),
               hand_records=eight_hand_records())
    return championship, grand_prix


def test_the_new_match_link_comes_before_the_filters_and_the_list(jury_client):
    page = jury_client.get(reverse("jury:matches")).content.decode()
    link = page.index(f'href="{reverse("jury:new_match")}"')
    assert page.index("<h1>") < link < page.index('class="state-filter"') < page.index("<table")


def test_the_list_is_filtered_by_competition(jury_client, season_matches):
    championship, grand_prix = season_matches
    response = jury_client.get(reverse("jury:matches"), {"competition": grand_prix.pk})
    assert listed(response) == [("2025-04-01", "Spring Grand Prix")]
    response = jury_client.get(reverse("jury:matches"), {"competition": championship.pk})
    assert listed(response) == [("2025-05-01", "Championship"), ("2025-04-01", "Championship"),
                                ("2025-03-01", "Championship")]


def test_the_list_is_filtered_by_the_days_played_both_included(jury_client, season_matches):
    response = jury_client.get(reverse("jury:matches"), {"played_from": "2025-04-01", "played_to": "2025-05-01"})
    assert [day for day, _competition in listed(response)] == ["2025-05-01", "2025-04-01", "2025-04-01"]
    response = jury_client.get(reverse("jury:matches"), {"played_to": "2025-03-31"})
    assert listed(response) == [("2025-03-01", "Championship")]


def test_filters_combine_and_the_state_links_keep_them(jury_client, season_matches):
    championship, grand_prix = season_matches
    response = jury_client.get(reverse("jury:matches"), {"played_from": "2025-04-01", "state": "entered"})
    assert listed(response) == [("2025-04-01", "Spring Grand Prix")]

    page = jury_client.get(reverse("jury:matches"), {"competition": championship.pk}).content.decode()
    assert f'href="?competition={championship.pk}&amp;state=scheduled"' in page
    response = jury_client.get(reverse("jury:matches"), {"competition": championship.pk, "state": "entered"})
    assert listed(response) == []
    assert "No match is left by these filters." in response.content.decode()


def test_a_reversed_range_is_shown_on_the_form(jury_client, season_matches):
    response = jury_client.get(reverse("jury:matches"), {"played_from": "2025-05-01", "played_to": "2025-03-01"})
    assert response.status_code == 200
    assert "The last day comes before the first (2025-05-01)." in response.content.decode()
    assert 'value="2025-05-01"' in response.content.decode()  # the input is kept


def test_a_filter_that_does_not_read_filters_nothing(jury_client, season_matches):
    response = jury_client.get(reverse("jury:matches"), {"played_from": "1 April", "competition": "999999"})
    assert len(listed(response)) == 4
    page = response.content.decode()
    assert "Enter a valid date." in page and "Select a valid choice." in page


def test_the_pages_keep_the_filters(jury_client, season_matches, monkeypatch):
    championship, _grand_prix = season_matches
    monkeypatch.setattr(views, "MATCHES_A_PAGE", 2)
    query = {"competition": championship.pk, "played_from": "2025-03-01"}
    first = jury_client.get(reverse("jury:matches"), query).content.decode()
    older = f'href="?competition={championship.pk}&amp;played_from=2025-03-01&amp;page=2"'
    assert older in first
    second = jury_client.get(reverse("jury:matches"), {**query, "page": 2})
    assert listed(second) == [("2025-03-01", "Championship")]


def test_organisers_read_the_match_list_and_open_each_match_at_its_particulars(client, season_matches):
    client.force_login(make_user("organiser"))
    response = client.get(reverse("jury:matches"))
    assert response.status_code == 200
    assert len(listed(response)) == 4
    page = response.content.decode()
    for match in response.context["page"]:
        assert f'href="{reverse("jury:particulars", args=[match.pk])}"' in page
        assert f'href="{reverse("jury:match", args=[match.pk])}"' not in page
        particulars = client.get(reverse("jury:particulars", args=[match.pk]))
        assert particulars.status_code == 200
        assert f'href="{reverse("jury:matches")}"' in particulars.content.decode()  # and back to the list


def test_a_juror_opens_each_listed_match_at_its_entry_page(jury_client, season_matches):
    response = jury_client.get(reverse("jury:matches"))
    page = response.content.decode()
    for match in response.context["page"]:
        assert f'href="{reverse("jury:match", args=[match.pk])}"' in page


def test_a_visitor_with_no_role_is_refused_the_match_list(client):
    client.force_login(make_user())
    assert client.get(reverse("jury:matches")).status_code == 403
