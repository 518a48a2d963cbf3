"""The organisers' seasons and competitions, without the admin: the organise home lists every
season with its competitions (and starts an empty database), a season and each competition are
created and changed on the organisers' pages by the admin's rules (refused on the field, nothing
saved, the input kept), with their history; a change of the register settings re-derives the
register. Every request is an organiser's, sending what the page offers, as a browser does."""

import datetime
import re

import pytest
from django.urls import reverse

from tests.factories import make_competition, make_season, make_team, make_user
from tests.web.test_admin_rules import _FormFields, drawn_cup, facts, grand_prix_event, play
from tournaments.core.models import Competition, Season

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client):
    client.force_login(make_user("organiser", username="organiser"))
    return client


def page_form(client, url):
    """The page's form as a browser would send it."""
    response = client.get(url)
    assert response.status_code == 200
    page = response.text
    start = page.index('<form method="post" class="form">')
    reader = _FormFields()
    reader.feed(page[start:page.index("</form>", start)])
    return reader.data


def refused(client, url, data):
    before = facts()
    response = client.post(url, data)
    assert response.status_code == 200
    assert facts() == before
    return response


def saved(client, url, data):
    response = client.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    return response


def errors(response, field):
    return response.context["form"].errors.get(field, [])


# --- the organise home ------------------------------------------------------------------------------------------


def test_an_empty_database_starts_with_a_new_season_on_the_organisers_pages(organiser):
    response = organiser.get(reverse("competitions:index"))

    assert response.status_code == 200
    assert reverse("competitions:season_new") in response.text
    url = reverse("competitions:season_new")
    response = saved(organiser, url, page_form(organiser, url) | {"year": 2027})
    assert response.url == reverse("competitions:season_admin", args=[2027])
    season = Season.objects.get()
    assert (season.year, season.cup_thresholds) == (2027, "100,250,500,1000")
    assert season.history.get().history_user.username == "organiser"


@pytest.mark.parametrize("seasons", [1, 4])
def test_the_organise_home_lists_every_season_newest_first_in_three_queries(organiser, django_assert_num_queries,
                                                                           seasons):
    for year in range(2020, 2020 + seasons):
        season = make_season(year)
        make_competition(season=season, name=f"Csapatbajnokság {year}", slug=f"cb-{year}")
        make_competition(Competition.Kind.GRAND_PRIX, season=season, name=f"Nagydíj {year}", slug=f"gp-{year}")
    # 1 the user with their permissions (the session comes from the cache), 2 the seasons, 3 their competitions
    with django_assert_num_queries(3):
        response = organiser.get(reverse("competitions:index"))
    assert response.status_code == 200
    text = response.text
    prefix = reverse("competitions:season_admin", args=[1999]).replace("1999", "(\\d{4})")
    years = [int(year) for year in re.findall(f'href="{prefix}"', text)]
    assert years == sorted(range(2020, 2020 + seasons), reverse=True)
    for year in range(2020, 2020 + seasons):
        assert reverse("competitions:competition_edit", args=[year, f"gp-{year}"]) in text


def test_no_organisers_page_links_to_the_admins_model_pages(organiser):
    season = make_season(2025)
    championship = make_competition(season=season, name="Csapatbajnokság 2025", slug="cb")
    the_cup, _teams = drawn_cup("Tisza TK", "Duna TK")
    event, _entrants = grand_prix_event("Sajó TK")
    urls = [reverse("competitions:index"), reverse("competitions:season_new"),
            reverse("competitions:season_admin", args=[2025]), reverse("competitions:season_edit", args=[2025]),
            reverse("competitions:competition_new", args=[2025]),
            reverse("competitions:competition_edit", args=[2025, championship.slug]),
            reverse("competitions:cup_admin", args=[2025]),
            reverse("competitions:grand_prix_admin", args=[2025, event.slug])]
    for url in urls:
        response = organiser.get(url)
        assert response.status_code == 200, url
        links = re.findall(r'(?:href|action)="(/admin/[^"]*)"', response.text)
        assert set(links) <= {reverse("admin:index")}, (url, links)  # the menu's "Administration" only


# --- seasons ----------------------------------------------------------------------------------------------------


def test_a_season_with_matches_keeps_its_year_on_its_field_and_nothing_is_saved(organiser):
    season = make_season(2025)
    play(make_team("Tisza TK"), make_team("Duna TK"), make_competition(season=season))
    url = reverse("competitions:season_edit", args=[2025])
    data = page_form(organiser, url)
    assert "year" not in data  # shown read-only, with its reason

    response = refused(organiser, url, data | {"year": 2026, "cup_thresholds": "5,10"})

    assert errors(response, "year") == [
        "Year: 1 match or free game of the 2025 season is dated in 2025; a season runs from 1 January to "
        "31 December of its year, so its year cannot change; R15."]
    assert 'value="5,10"' in response.text  # the input kept


def test_bad_cup_thresholds_are_refused_on_their_field(organiser):
    make_season(2025)
    url = reverse("competitions:season_edit", args=[2025])

    response = refused(organiser, url, page_form(organiser, url) | {"cup_thresholds": "10,x"})

    assert errors(response, "cup_thresholds") == ["R20: give positive whole numbers separated by commas."]


def test_a_change_of_register_settings_re_derives_the_register(organiser, monkeypatch):
    make_season(2025)
    calls = []
    from tournaments.core import register

    monkeypatch.setattr(register, "rederive", lambda fix=False: calls.append(fix) or ["one"])
    url = reverse("competitions:season_edit", args=[2025])

    saved(organiser, url, page_form(organiser, url) | {"cup_thresholds": "1,2"})
    assert calls == [True]
    saved(organiser, url, page_form(organiser, url))  # nothing changed: nothing re-derived
    assert calls == [True]
    season = Season.objects.get()
    assert season.cup_thresholds == "1,2"
    assert season.history.order_by("-history_id").first().history_user.username == "organiser"


def test_a_second_season_of_the_same_year_is_refused_on_the_year(organiser):
    make_season(2025)
    url = reverse("competitions:season_new")

    response = refused(organiser, url, page_form(organiser, url) | {"year": 2025})

    assert errors(response, "year")


# --- competitions -----------------------------------------------------------------------------------------------


def test_a_competition_is_created_with_every_setting_and_its_history(organiser):
    make_season(2025)
    url = reverse("competitions:competition_new", args=[2025])
    data = page_form(organiser, url) | {
        "kind": "cup", "name": "Magyar Kupa 2025", "slug": "", "starts": "2025-09-27", "place": "Budapest",
        "registration_opens": "2025-08-01", "max_teams": 8, "blind_confirmation": "on"}

    saved(organiser, url, data)

    cup = Competition.objects.get()
    assert (cup.kind, cup.slug, cup.starts, cup.place, cup.registration_opens, cup.max_teams,
            cup.blind_confirmation) == ("cup", "magyar-kupa-2025", datetime.date(2025, 9, 27), "Budapest",
                                        datetime.date(2025, 8, 1), 8, True)
    assert cup.history.get().history_user.username == "organiser"


def test_a_second_cup_of_a_season_is_refused(organiser):
    make_competition(Competition.Kind.CUP, season=make_season(2025), name="Magyar Kupa 2025", slug="kupa")
    url = reverse("competitions:competition_new", args=[2025])

    response = refused(organiser, url, page_form(organiser, url) | {"kind": "cup", "name": "Kupa", "slug": "kupa"})

    assert errors(response, "kind") == [
        "Kind: the 2025 season already has Magyar Kupa 2025; a season has one Team Championship, one Hungarian Cup "
        "and one free-games table; R16."]
    assert errors(response, "slug") == [
        "Short name: Magyar Kupa 2025 of the 2025 season already has the short name \"kupa\"; each competition of a "
        "season has its own."]
    assert response.context["form"].non_field_errors() == []
    assert 'value="Kupa"' in response.text


def test_the_match_limit_is_not_lowered_under_a_teams_matches_on_its_field(organiser):
    championship = make_competition(season=make_season(2025), name="Csapatbajnokság 2025", slug="cb")
    tisza, duna = make_team("Tisza TK"), make_team("Duna TK")
    play(tisza, duna, championship)
    play(duna, tisza, championship)
    url = reverse("competitions:competition_edit", args=[2025, "cb"])

    response = refused(organiser, url, page_form(organiser, url) | {"match_limit": 1, "place": "Szeged"})

    assert errors(response, "match_limit") == [
        "Championship matches a team may play: 1 is fewer than the championship matches Tisza TK has already "
        "played this season (2); R15."]
    assert 'value="Szeged"' in response.text
    saved(organiser, url, page_form(organiser, url) | {"match_limit": 2})
    championship.refresh_from_db()
    assert championship.match_limit == 2
    assert championship.history.order_by("-history_id").first().history_user.username == "organiser"


def test_a_competition_with_entries_keeps_its_kind(organiser):
    the_cup, _teams = drawn_cup("Tisza TK", "Duna TK")
    url = reverse("competitions:competition_edit", args=[2025, the_cup.slug])
    data = page_form(organiser, url)
    assert "kind" not in data and "season" not in data  # read-only, with the reason

    response = refused(organiser, url, data | {"kind": "grand_prix"})

    assert errors(response, "kind") == [
        "Kind: Magyar Kupa 2025 already has 2 entries; its kind cannot change; R16."]


def test_the_cup_takes_no_fewer_teams_than_have_entered(organiser):
    the_cup, _teams = drawn_cup("Tisza TK", "Duna TK", "Sajó TK", "Rába TK")
    url = reverse("competitions:competition_edit", args=[2025, the_cup.slug])

    response = refused(organiser, url, page_form(organiser, url) | {"max_teams": 2})

    assert errors(response, "max_teams") == ["Most teams: Magyar Kupa 2025 already has 4 entries, more than 2; R16."]


def test_a_competition_saved_by_another_organiser_at_the_same_moment_is_told_and_nothing_saved(organiser,
                                                                                             monkeypatch):
    make_competition(Competition.Kind.CUP, season=make_season(2025), name="Magyar Kupa 2025", slug="kupa")
    url = reverse("competitions:competition_new", args=[2025])
    data = page_form(organiser, url) | {"kind": "cup", "name": "Kupa", "slug": "k2"}
    from tournaments.core.competitions import changes

    monkeypatch.setattr(changes, "check_competition_in_season", lambda competition: None)  # checked before theirs

    response = refused(organiser, url, data)

    assert response.context["form"].non_field_errors() == [
        "Another organiser has just saved the same; nothing of yours was saved. Open the page again to see what is "
        "stored."]
