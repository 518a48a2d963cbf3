"""The jury's home after login: today's and this week's matches, those awaiting the juror's
confirmation, the juror's own matches being entered, a search by team; and the printed score
sheet, blank for a match to play, filled (every engine line, the confirmation) once confirmed."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import (
    PASSWORD,
    eight_hand_records,
    make_competition,
    make_match,
    make_season,
    make_team,
    make_user,
)
from tests.web.test_outputs import printed  # noqa: F401 (a fixture)
from tournaments.core.models import Competition
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


def today():
    return timezone.localdate()


@pytest.fixture
def season_now():
    """This year's Championship: the home lists the matches of today and this week."""
    return make_competition(season=make_season(today().year))


def test_a_juror_lands_on_the_jury_home_after_logging_in(client):
    make_user("jury", username="alice")
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD}, follow=True)
    assert response.redirect_chain == [(reverse("jury:home"), 302)]
    make_user(None, username="visitor")
    client.logout()
    response = client.post(reverse("login"), {"username": "visitor", "password": PASSWORD}, follow=True)
    assert response.redirect_chain == [(reverse("home"), 302)]


def test_the_home_lists_today_this_week_awaiting_and_own_matches(client, season_now):
    chief = make_user("chief", username="carol")
    alice = make_user("jury", username="alice")
    kings, owls, bears = (make_team(name, season=season_now.season) for name in ("Kings", "Owls", "Bears"))
    todays = make_match(kings, owls, season_now, played_on=today())
    later = today() + datetime.timedelta(days=1 if today().weekday() < 6 else 0)
    this_week = make_match(owls, bears, season_now, played_on=later)
    awaiting = make_match(bears, kings, season_now, played_on=today() - datetime.timedelta(days=30),
                          hand_records=eight_hand_records(), user=alice)
    typing = make_match(kings, bears, season_now, played_on=today() - datetime.timedelta(days=40))
    matches.record_hand(typing, 1, eight_hand_records()[0], user=chief)

    client.force_login(chief)
    page = client.get(reverse("jury:home")).content.decode()
    sections = {title: page.split(title)[1].split("</section>")[0] for title in (
        "Today,", "Awaiting your confirmation", "Being entered by you", "Later this week")}
    assert f'href="/jury/matches/{todays.pk}/"' in sections["Today,"]
    assert f'href="/jury/matches/{awaiting.pk}/"' in sections["Awaiting your confirmation"]
    assert f'href="/jury/matches/{typing.pk}/"' in sections["Being entered by you"]
    assert "1 of 8 hands" in sections["Being entered by you"]
    if later != today():
        assert f'href="/jury/matches/{this_week.pk}/"' in sections["Later this week"]
    assert "autofocus" in sections["Today,"]  # Enter opens today's first match


def test_the_search_finds_a_teams_matches(client, season_now):
    client.force_login(make_user("jury"))
    kings, owls = make_team("Kings", season=season_now.season), make_team("Owls", season=season_now.season)
    found = make_match(kings, owls, season_now)
    response = client.get(reverse("jury:home"), {"team": "kin"})
    assert f'href="/jury/matches/{found.pk}/"' in response.content.decode().split("Matches of teams named")[1]
    assert "No team of that name has a match." in client.get(reverse("jury:home"), {"team": "xyz"}).content.decode()


def test_the_home_keeps_its_query_count(client, season_now, django_assert_num_queries):
    chief = make_user("chief")
    client.force_login(chief)
    for _ in range(2):
        make_match(competition=season_now, played_on=today())
    # 1 the user with their permissions (the session comes from the cache), 2 this week's
    # matches, 3 those awaiting confirmation, 4 the scheduled matches that may need the chief
    # jury's agreement (R15), 5 their seasons' annual meetings, 6 the juror's own (their typing
    # included), 7 the year whose free games the jury enters.
    with django_assert_num_queries(7):
        first = client.get(reverse("jury:home"))
    for _ in range(4):
        make_match(competition=season_now, played_on=today(), hand_records=eight_hand_records())
    with django_assert_num_queries(7):
        again = client.get(reverse("jury:home"), {"team": ""})
    assert first.status_code == again.status_code == 200


def test_anyone_but_the_jury_is_sent_to_the_front_page(client):
    client.force_login(make_user("organiser"))
    assert client.get(reverse("jury:home")).url == reverse("home")


def test_the_score_sheet_of_a_match_to_play_has_the_entry_pages_fields(client, printed):  # noqa: F811
    client.force_login(make_user("jury"))
    match = make_match(make_team("Kings"), make_team("Owls"))
    response = client.get(reverse("jury:score_sheet", args=[match.pk]))
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(printed)
    assert "Score sheet: Kings – Owls" in text and "Hand 8" in text
    order = ["Attackers", "Kings: trumps", "Kings: honours", "Kings: holds of XVI-XVIII", "Owls: trumps",
             "Owls: honours", "Owls: holds of XVI-XVIII", "Announcements, one a line", "Silent premiums"]
    first_hand = text[text.index("Hand 1"):text.index("Hand 2")]
    assert [first_hand.index(label) for label in order] == sorted(first_hand.index(label) for label in order)
    assert "Signatures" in text


def test_the_filled_sheet_of_a_confirmed_match_has_every_line_and_the_confirmation(client, printed):  # noqa: F811
    client.force_login(make_user("jury"))
    match = make_match(make_team("Kings"), make_team("Owls"), hand_records=eight_hand_records(), confirmed=True)
    client.get(reverse("jury:score_sheet", args=[match.pk]))
    text = " ".join(printed)
    assert "Score sheet (confirmed): Kings – Owls" in text
    assert "Pheasant, Kings's driver, I, won" in text and "Consolation" in text  # in words, not the notation
    assert "Match score: 88 : 93 (hand sums 704 : 746)." in text
    assert f"Confirmed by {match.confirmed_by}" in text


def test_the_chief_jurys_home_lists_the_matches_awaiting_its_agreement(client, season_now):
    kings, owls, bears = (make_team(name, season=season_now.season) for name in ("Kings", "Owls", "Bears"))
    later = today() + datetime.timedelta(days=3)
    private = make_match(kings, owls, season_now, played_on=later, played_publicly=False)
    public = make_match(owls, bears, season_now, played_on=later)
    agreed = make_match(bears, kings, season_now, played_on=later, played_publicly=False)
    chief = make_user("chief")
    matches.agree_match(agreed, chief)

    client.force_login(chief)
    page = client.get(reverse("jury:home")).content.decode()

    section = page.split("Awaiting your agreement (R15)")[1].split("</section>")[0]
    assert f'href="/jury/matches/{private.pk}/"' in section
    assert f'href="/jury/matches/{public.pk}/"' not in section
    assert f'href="/jury/matches/{agreed.pk}/"' not in section
    client.force_login(make_user("jury"))
    assert "Awaiting your agreement" not in client.get(reverse("jury:home")).content.decode()


def test_the_jury_home_links_free_games_and_variant_trophies_entry(client):
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=make_season(today().year))
    client.force_login(make_user("jury"))
    page = client.get(reverse("jury:home")).content.decode()
    assert reverse("competitions:free_game_new", args=[free_games.season.year]) in page
    assert reverse("register:enter_variant") in page
    assert client.get(reverse("competitions:free_game_new", args=[free_games.season.year])).status_code == 200
