"""A Grand Prix match on the jury's match page (R17): where it also counts (the Championship, a
Cup tie of the current round) is shown, with the way to the page where a juror chooses it."""

import datetime
import re

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, make_competition, make_match, make_team, make_user
from tournaments.core.competitions.cup import enter_team, make_draw
from tournaments.core.models import Competition, CupTie, GrandPrixEntry

pytestmark = pytest.mark.django_db
SEPTEMBER = datetime.date(2025, 9, 1)


@pytest.fixture
def jury_client(client):
    client.force_login(make_user("jury"))
    return client


@pytest.fixture
def kings_and_owls():
    return make_team("Kings"), make_team("Owls")


@pytest.fixture
def grand_prix_match(kings_and_owls):
    make_competition()  # the season's Championship
    event = make_competition(Competition.Kind.GRAND_PRIX, name="Autumn Grand Prix", slug="autumn")
    for team in kings_and_owls:
        GrandPrixEntry.objects.create(competition=event, team=team)
    return make_match(*kings_and_owls, competition=event, played_on=SEPTEMBER, hand_records=eight_hand_records())


@pytest.fixture
def current_tie(kings_and_owls):
    """The current Cup round's tie of Kings and Owls (a semi-final of four teams)."""
    cup = make_competition(Competition.Kind.CUP)
    teams = [*kings_and_owls, make_team("Birds"), make_team("Cats")]
    for team in teams:
        enter_team(cup, team, on=datetime.date(2025, 8, 25))
    make_draw(cup, pairs=[(teams[0], teams[1]), (teams[2], teams[3])])
    return CupTie.objects.select_related("team_a", "team_b").get(competition=cup, round=3, slot=0)


def where_it_counts(page):
    """(counts for the Championship, Cup tie) as the match page shows them."""
    championship = re.search(r'<dd class="counts-for-championship">(.*?)</dd>', page).group(1)
    tie = re.search(r'<dd class="cup-tie">(.*?)</dd>', page).group(1)
    return championship, tie


def test_a_grand_prix_match_shows_where_it_counts_and_links_to_the_choice(jury_client, grand_prix_match,
                                                                           current_tie):
    url = reverse("jury:match", args=[grand_prix_match.pk])
    page = jury_client.get(url).content.decode()
    choice = reverse("competitions:grand_prix_match", args=[grand_prix_match.pk])
    assert f'href="{choice}"' in page
    assert where_it_counts(page) == ("no", "none")

    response = jury_client.post(choice, {"counts_for_championship": "on", "cup_tie": current_tie.pk,
                                                         "version": grand_prix_match.version})
    assert response.status_code == 302

    page = jury_client.get(url).content.decode()
    assert where_it_counts(page) == ("yes", "Semi-final 1: Kings - Owls")


def test_other_matches_offer_no_grand_prix_choice(jury_client):
    match = make_match(hand_records=eight_hand_records())
    page = jury_client.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert reverse("competitions:grand_prix_match", args=[match.pk]) not in page
    assert 'class="counts-for-championship"' not in page


def test_the_grand_prix_match_page_keeps_its_query_count(jury_client, grand_prix_match, current_tie,
                                                         django_assert_num_queries):
    jury_client.post(reverse("competitions:grand_prix_match", args=[grand_prix_match.pk]),
                     {"counts_for_championship": "on", "cup_tie": current_tie.pk,
                                                         "version": grand_prix_match.version})
    # 1 the user with their permissions (the session comes from the cache), 2 the match with
    # competition, season, teams, seats and its Cup tie with the tie's teams, 3 the jurors it names,
    # 4 its hands, 5 their announcements, 6 their silent premiums, 7 the season's Championship (its
    # annual meeting: whether this match, counted for it, needs the jury's agreement, R15), 8 the
    # hands as typed and not stored yet, 9 the match's online tables.
    with django_assert_num_queries(9):
        response = jury_client.get(reverse("jury:match", args=[grand_prix_match.pk]))
    assert response.status_code == 200
