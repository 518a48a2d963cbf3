"""The organisers' entries without the admin: a Cup entry on the day it entered (not always
today) and withdrawn before the draw, refused after it in words (R16); a Grand Prix entrant added
and withdrawn, refused once it has matches (R17); each with its history. Real requests of an
organiser, as the pages' forms send them."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_competition, make_season, make_team, make_user
from tests.web.test_admin_rules import AUGUST_25, grand_prix_event, play
from tests.web.test_organise_seasons import refused
from tournaments.core.competitions import cup
from tournaments.core.models import Competition, CupEntry, GrandPrixEntry

pytestmark = pytest.mark.django_db
CUP_PAGE = reverse("competitions:cup_admin", args=[2025])


@pytest.fixture
def organiser(client):
    client.force_login(make_user("organiser", username="organiser"))
    return client


def the_cup(**settings):
    return make_competition(Competition.Kind.CUP, season=make_season(2025), name="Magyar Kupa 2025", slug="kupa",
                            **settings)


def test_a_cup_entry_is_made_on_the_day_it_entered_with_its_history(organiser):
    competition = the_cup()
    tisza = make_team("Tisza TK")
    page = organiser.get(CUP_PAGE).text
    assert 'name="entry-entered_on"' in page and 'type="date"' in page

    response = organiser.post(CUP_PAGE, {"action": "enter", "entry-team": tisza.pk, "entry-entered_on": "2025-08-28"})

    assert response.status_code == 302
    entry = CupEntry.objects.get(competition=competition)
    assert (entry.team, entry.entered_on) == (tisza, datetime.date(2025, 8, 28))
    assert entry.history.get().history_user.username == "organiser"


def test_a_cup_entry_before_registration_opens_is_refused_on_its_date(organiser):
    the_cup()
    tisza = make_team("Tisza TK")

    response = refused(organiser, CUP_PAGE, {"action": "enter", "entry-team": tisza.pk,
                                             "entry-entered_on": "2025-08-20"})

    form = response.context["entry_form"]
    assert form.errors["entered_on"] == ["Entered on: R16: registration opens on 2025-08-25."]
    assert 'value="2025-08-20"' in response.text  # the input kept


def test_a_cup_entry_is_withdrawn_before_the_draw_with_its_history(organiser):
    competition = the_cup()
    tisza, duna = make_team("Tisza TK"), make_team("Duna TK")
    for team in (tisza, duna):
        cup.enter_team(competition, team, on=AUGUST_25)
    assert 'name="withdraw-team"' in organiser.get(CUP_PAGE).text

    response = organiser.post(CUP_PAGE, {"action": "withdraw", "withdraw-team": tisza.pk})

    assert response.status_code == 302
    assert list(CupEntry.objects.values_list("team__name", flat=True)) == ["Duna TK"]
    gone = CupEntry.history.filter(team_id=tisza.pk, history_type="-").get()
    assert gone.history_user.username == "organiser"


def test_a_cup_entry_is_not_withdrawn_after_the_draw(organiser):
    competition = the_cup()
    tisza, duna = make_team("Tisza TK"), make_team("Duna TK")
    for team in (tisza, duna):
        cup.enter_team(competition, team, on=AUGUST_25)
    cup.make_draw(competition, seed="drawn")  # after the page was opened: its button still posts
    assert 'name="withdraw-team"' not in organiser.get(CUP_PAGE).text

    response = refused(organiser, CUP_PAGE, {"action": "withdraw", "withdraw-team": tisza.pk})

    message = "Team: the draw of Magyar Kupa 2025 is made; its entries stay as they were drawn; R16."
    assert response.context["withdraw_form"].errors["team"] == [message]
    assert message in response.text


def test_a_grand_prix_entrant_is_entered_and_withdrawn_with_its_history(organiser):
    event, (tisza,) = grand_prix_event("Tisza TK")
    duna = make_team("Duna TK")
    url = reverse("competitions:grand_prix_admin", args=[2025, event.slug])

    assert organiser.post(url, {"action": "enter", "entry-team": duna.pk}).status_code == 302
    assert organiser.post(url, {"action": "withdraw", "withdraw-team": tisza.pk}).status_code == 302

    assert list(GrandPrixEntry.objects.values_list("team__name", flat=True)) == ["Duna TK"]
    users = set(GrandPrixEntry.history.filter(history_type__in="+-").exclude(
        team_id=tisza.pk, history_type="+").values_list("history_user__username", flat=True))
    assert users == {"organiser"}


def test_a_grand_prix_entrant_with_matches_is_not_withdrawn(organiser):
    event, (tisza, duna) = grand_prix_event("Tisza TK", "Duna TK")
    play(tisza, duna, event)
    url = reverse("competitions:grand_prix_admin", args=[2025, event.slug])

    response = refused(organiser, url, {"action": "withdraw", "withdraw-team": tisza.pk})

    message = "R17: Tisza TK has matches in this event; remove its scheduled matches first."
    assert response.context["withdraw_form"].non_field_errors() == [message]
    assert message in response.text


@pytest.mark.parametrize("entered", [2, 8])
def test_the_cup_page_lists_its_entries_in_a_fixed_number_of_queries(organiser, django_assert_num_queries, entered):
    competition = the_cup()
    for n in range(entered):
        cup.enter_team(competition, make_team(f"Team {n:02d}"), on=AUGUST_25)
    make_team("Not entered")
    # 1 the user with their permissions, 2 the Cup with its season, 3 the entries with their players,
    # 4 the teams the entry form offers
    with django_assert_num_queries(4):
        response = organiser.get(CUP_PAGE)
    assert response.status_code == 200
    assert response.text.count('name="withdraw-team"') == entered
