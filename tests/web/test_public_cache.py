"""Public pages are served from a cache keyed by the public data version, which every write to
the association's data moves on in the same transaction: a change reaches every page at once, an
unchanged page costs a 304 or a cache hit (one query), and nothing cached is ever stale."""

import datetime
import re

import pytest
import time_machine
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests.factories import eight_hand_records, make_competition, make_match, make_season, make_team, make_user
from tournaments.core.competitions.cup import enter_team, make_draw
from tournaments.core.models import Competition, Match, Team, public_data
from tournaments.recording import drafts, matches

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    season = make_season()
    make_competition(season=season)
    cup = make_competition(Competition.Kind.CUP, season=season)
    teams = [make_team(f"Team {n}", season=season) for n in range(4)]
    for team in teams:
        enter_team(cup, team, on=datetime.date(2025, 9, 1))
    return season


def urls(team):
    return {
        "season": reverse("public:season", args=[2025]),
        "championship": reverse("public:championship", args=[2025]),
        "championship_pdf": reverse("public:championship_pdf", args=[2025]),
        "championship_xlsx": reverse("public:championship_xlsx", args=[2025]),
        "team": reverse("public:team", args=[2025, team.pk]),
        "cup": reverse("public:cup", args=[2025]),
        "register": reverse("register:index"),
        "home": reverse("home"),
        "api_championship": reverse("api:championship", args=[2025]),
        "api_team": reverse("api:team", args=[2025, team.pk]),
        "calendar": reverse("calendars:team", args=[2025, team.pk]),
    }


def page(client, url, **headers):
    response = client.get(url, headers=headers)
    assert response.status_code in (200, 304), url
    return response


def text(response):
    return response.content.decode() if response["Content-Type"].startswith("text/html") else ""


def test_an_unchanged_page_is_not_modified_then_served_from_the_cache(client, season, django_assert_num_queries):
    url = reverse("public:championship", args=[2025])
    first = page(client, url)
    assert first["X-Public-Cache"] == "miss" and first["ETag"] and first["Last-Modified"]
    assert "no-cache" in first["Cache-Control"]

    with django_assert_num_queries(1):  # the version: nothing else is read
        again = page(client, url, if_none_match=first["ETag"])
    assert again.status_code == 304
    # A date alone never earns a 304: one second can hold several versions of the data.
    assert page(client, url, if_modified_since=first["Last-Modified"]).status_code == 200

    with django_assert_num_queries(1):
        cached = page(Client(), url)
    assert cached.status_code == 200
    assert cached["X-Public-Cache"] == "hit" and cached.content == first.content


def test_the_api_is_cached_with_its_cross_origin_headers(client, season):
    url = reverse("api:championship", args=[2025])
    first, second = page(client, url), page(Client(), url)
    assert (first["X-Public-Cache"], second["X-Public-Cache"]) == ("miss", "hit")
    assert second.content == first.content and second["Content-Type"] == "application/json"
    assert second["Access-Control-Allow-Origin"] == "*"
    assert second["Access-Control-Expose-Headers"] == "ETag"
    assert page(Client(), url, if_none_match=second["ETag"]).status_code == 304


def test_the_front_page_is_cached_until_the_day_changes(client, season, frozen_today):
    url = reverse("home")
    first, second = page(client, url), page(Client(), url)
    assert (first["X-Public-Cache"], second["X-Public-Cache"]) == ("miss", "hit")
    # Its next matches are counted from today: tomorrow it is rendered again, and so is "today".
    with time_machine.travel(datetime.datetime.combine(frozen_today + datetime.timedelta(days=1),
                                                       datetime.time(12), tzinfo=datetime.UTC)):
        tomorrow = page(client, url, if_none_match=first["ETag"])
        assert tomorrow.status_code == 200 and tomorrow["X-Public-Cache"] == "miss"
        assert page(Client(), reverse("public:today"))["X-Public-Cache"] == "miss"


def test_a_juror_typing_a_hand_leaves_the_public_pages_cached(client, season):
    """A hand draft is saved at every pause in typing; no public page shows it."""
    teams = list(Team.objects.order_by("name"))
    match = make_match(teams[0], teams[1])
    url = reverse("public:championship", args=[2025])
    page(client, url)
    before = public_data.current()
    drafts.keep(match, 5, {"holdings_a": "XXI"}, make_user("jury"))
    assert public_data.current() == before
    assert page(Client(), url)["X-Public-Cache"] == "hit"


def test_pdf_and_spreadsheet_are_cached_with_their_headers(client, season):
    for name in ("championship_pdf", "championship_xlsx"):
        url = urls(Team.objects.first())[name]
        first, second = page(client, url), page(Client(), url)
        assert (first["X-Public-Cache"], second["X-Public-Cache"]) == ("miss", "hit")
        assert second.content == first.content
        assert second["Content-Type"] == first["Content-Type"]
        assert second["Content-Disposition"] == first["Content-Disposition"]


def confirm_a_match(teams):
    match = make_match(teams[0], teams[1], hand_records=eight_hand_records())
    matches.confirm_match(match, make_user("chief"))
    return [("championship", "88"), ("team", "93")]


def rename_a_team(teams):
    Team.objects.filter(pk=teams[0].pk).update(name="Renamed Rooks")  # a QuerySet's update() moves it too
    return [(page_name, "Renamed Rooks") for page_name in ("season", "championship", "team", "cup")]


def make_the_draw(teams):
    make_draw(Competition.objects.get(kind=Competition.Kind.CUP), seed="cache")
    return [("cup", "Team 3")]


def change_a_register_setting(teams):
    season = teams[0].season
    season.trophy_points_are_values = True
    season.save()
    return []


CHANGES = [confirm_a_match, rename_a_team, make_the_draw, change_a_register_setting]


@pytest.mark.parametrize("change", CHANGES, ids=lambda change: change.__name__)
def test_every_change_reaches_every_page_at_once(client, season, change):
    teams = list(Team.objects.order_by("name"))
    addresses = urls(teams[0])
    before = {name: page(client, url) for name, url in addresses.items()}
    assert all(page(client, url)["X-Public-Cache"] == "hit" for url in addresses.values())

    expected = change(teams)

    for name, url in addresses.items():
        after = page(client, url, if_none_match=before[name]["ETag"])
        assert after.status_code == 200 and after["X-Public-Cache"] == "miss", name
        assert after["ETag"] != before[name]["ETag"], name
    for name, shown in expected:
        assert shown in text(page(client, addresses[name])), (name, shown)


def test_a_correction_replaces_the_cached_score(client, season):
    teams = list(Team.objects.order_by("name"))
    match = make_match(teams[0], teams[1], hand_records=eight_hand_records(), confirmed=True)
    url = reverse("public:match", args=[2025, match.pk])
    before = page(client, url)
    records = eight_hand_records()
    records[0]["announcements"][0]["result"] = "lost"
    matches.correct_match(Match.objects.get(pk=match.pk), records, user=make_user("chief"), reason="Misread sheet")
    after = page(client, url, if_none_match=before["ETag"])
    assert after.status_code == 200 and after.content != before.content
    corrected = Match.objects.get(pk=match.pk)
    assert f"{corrected.score_a}" in text(after)


def test_a_rolled_back_change_leaves_the_version(season):
    before = public_data.current()
    with pytest.raises(RuntimeError), transaction.atomic():
        Team.objects.filter(pk=Team.objects.first().pk).update(name="Never")
        raise RuntimeError
    assert public_data.current() == before


def test_one_transaction_moves_the_version_once(season):
    before = public_data.current()
    with transaction.atomic():
        for team in Team.objects.all():
            team.name += " FC"
            team.save()
    after = public_data.current()
    assert after.token != before.token and after.number == before.number + 1


def test_an_anonymous_visitors_page_holds_no_form_token_and_links_to_the_other_language(season):
    url = reverse("public:championship", args=[2025])
    english = page(Client(), url + "?round=2", accept_language="en")
    assert "csrfmiddlewaretoken" not in text(english) and "csrftoken" not in english.cookies
    # The same page in Hungarian, its other parameters kept.
    assert re.search(r'<a href="\?round=2&amp;language=hu" hreflang="hu" lang="hu">Magyar</a>', text(english))


def test_the_language_link_keeps_the_choice_for_the_next_pages(season):
    visitor = Client()
    chosen = page(visitor, reverse("public:championship", args=[2025]) + "?language=hu", accept_language="en")
    assert chosen["Content-Language"] == "hu" and chosen.cookies[settings.LANGUAGE_COOKIE_NAME].value == "hu"
    following = page(visitor, reverse("register:index"), accept_language="en")
    assert following["Content-Language"] == "hu" and '<html lang="hu">' in text(following)


def test_only_an_anonymous_visitors_public_page_may_be_kept_by_the_proxy(client, season):
    url = reverse("public:championship", args=[2025])
    anonymous = page(Client(), url)
    assert anonymous["X-Accel-Expires"] == "1" and anonymous["Cache-Control"] == "no-cache"
    with_message = Client()
    with_message.cookies["messages"] = "pending"
    client.force_login(make_user("jury"))
    for response in (page(client, url), page(with_message, url)):
        assert not response.has_header("X-Accel-Expires") and not response.has_header("X-Public-Cache")


def test_a_public_page_holding_a_form_token_is_never_shared(season, settings, tmp_path):
    """A form on a public page (none today) carries its visitor's own token: neither Django's cache
    nor the proxy keeps the page for the next visitor."""
    (tmp_path / "public").mkdir()
    (tmp_path / "public" / "championship.html").write_text(
        '{% extends "base.html" %}{% block content %}<form method="post">{% csrf_token %}</form>{% endblock %}')
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}]
    url = reverse("public:championship", args=[2025])
    first, second = page(Client(), url), page(Client(), url)
    assert "csrfmiddlewaretoken" in text(first) and text(first) != text(second)  # each visitor's own token
    for response in (first, second):
        assert not response.has_header("X-Public-Cache") and not response.has_header("X-Accel-Expires")


def test_pages_are_cached_per_language(client, season):
    url = reverse("public:championship", args=[2025])
    english = page(client, url)
    hungarian = page(Client(), url, accept_language="hu")
    assert hungarian["X-Public-Cache"] == "miss" and hungarian["ETag"] != english["ETag"]
    assert hungarian["Content-Language"] == "hu"


def test_signed_in_pages_are_not_cached(client, season):
    client.force_login(make_user("jury"))
    response = page(client, reverse("public:championship", args=[2025]))
    assert not response.has_header("X-Public-Cache") and not response.has_header("ETag")
