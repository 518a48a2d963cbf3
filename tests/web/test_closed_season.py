"""R21: a closed season is final. None of its facts changes, whichever way in is tried: the door
(matches, hands, submissions, confirmations, scheduling, agreements, free games, entrants, the
draws, the online table), the organisers' pages (season and competition settings, teams, the
roster workbook), the jury's uploads (a record file, a score sheet), the admin (a form error,
never a 500) and a restore; each refusal names the field, the season and R21, and nothing is
stored. The chief jury's correction stays (test_season_life.py). A season is not closed while a
match of it is scheduled and not played: the refusal names it and the page links it to its
cancellation, which keeps its reason in the history. A closed season is reopened only with a
written reason, kept and said on its public pages. The jury's pages open in the running season."""

import datetime
import html
import json

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse

from tests.factories import eight_hand_records, make_competition, make_match, make_player, make_season, make_team
from tests.factories import make_user as user_of
from tests.web import test_admin_rules as admin_rules
from tests.web.closed_seasons import close, closed, refusal
from tests.web.test_backup import refusal as restore_refusal
from tests.web.test_bad_input import import_record
from tests.web.test_entry_scheduling import particulars
from tests.web.test_organise_seasons import page_form
from tests.web.test_rescore import backed_up
from tests.web.test_rosters import post as post_roster
from tests.web.test_score_sheets import download, fill, upload
from tournaments.core.competitions import cup, grand_prix
from tournaments.core.competitions.free_games import record_free_game
from tournaments.core.models import Competition, CupEntry, FreeGame, GrandPrixEntry, Match, Season, Team, TrophyWin
from tournaments.core.register import sync
from tournaments.recording import matches, seasons, tables

pytestmark = pytest.mark.django_db

MARCH = datetime.date(2025, 3, 15)
DECEMBER = datetime.date(2025, 12, 12)


def page_text(response) -> str:
    return html.unescape(response.content.decode())


class World:
    """The 2025 season with a confirmed Championship match, a scheduled one, a Grand Prix event
    with two entrants, a Cup with one entry (not drawn), free games; closed once built."""

    def __init__(self):
        self.season = make_season(2025)
        self.championship = make_competition(season=self.season, name="Csapatbajnokság 2025", slug="cb")
        self.tisza, self.duna, self.sajo = (make_team(name, season=self.season)
                                            for name in ("Tisza TK", "Duna TK", "Sajó TK"))
        self.played = make_match(self.tisza, self.duna, self.championship, eight_hand_records(), played_on=MARCH,
                                 confirmed=True)
        self.scheduled = make_match(self.tisza, self.sajo, self.championship, played_on=DECEMBER)
        self.event = make_competition(Competition.Kind.GRAND_PRIX, season=self.season, name="Nagydíj Szeged",
                                      slug="szeged")
        for team in (self.tisza, self.duna):
            grand_prix.enter_team(self.event, team)
        self.cup = make_competition(Competition.Kind.CUP, season=self.season, name="Magyar Kupa 2025", slug="kupa")
        cup.enter_team(self.cup, self.tisza, on=datetime.date(2025, 8, 25))
        self.free_games = make_competition(Competition.Kind.FREE_GAMES, season=self.season, name="Szabad játszmák",
                                           slug="szabad")
        self.players = [make_player(name) for name in ("Anna", "Bela", "Csaba", "Dora")]
        close(self.season)


@pytest.fixture
def world():
    return World()


# --- the door: every fact, one sentence ----------------------------------------------------------


def test_the_door_refuses_every_fact_of_a_closed_season_in_one_sentence(world):
    juror, chief, organiser = user_of("jury"), user_of("chief"), user_of("organiser")
    before = Match.objects.count(), FreeGame.objects.count(), GrandPrixEntry.objects.count(), CupEntry.objects.count()

    new = Match(competition=world.championship, team_a=world.duna, team_b=world.sajo, played_on=DECEMBER,
                a_driver=world.duna.driver, a_catcher=world.duna.catcher, b_driver=world.sajo.driver,
                b_catcher=world.sajo.catcher)
    assert refusal(matches.save_particulars, new, user=juror) == closed("Match")
    world.scheduled.place = "Szeged"
    assert refusal(matches.save_particulars, world.scheduled, user=juror, changed=["place"]) == closed("Match")
    assert refusal(matches.add_grand_prix_pairs, world.event, [(world.tisza, world.duna)],
                   user=organiser) == closed("Match")
    assert refusal(matches.record_match, world.scheduled, eight_hand_records(), user=juror) == closed("Hands")
    assert refusal(record_free_game, world.free_games, played_on=MARCH, kind=FreeGame.Kind.TRAINING,
                   points=dict(zip(world.players, (10, -10, 5, -5), strict=True))) == closed("Free game")
    assert refusal(grand_prix.enter_team, world.event, world.sajo) == closed("Grand Prix entrant")
    assert refusal(grand_prix.remove_entry, world.event, world.duna) == closed("Grand Prix entrant")
    assert refusal(cup.enter_team, world.cup, world.duna, datetime.date(2025, 9, 1)) == closed("Cup entry")
    assert refusal(cup.make_draw, world.cup, seed="late") == closed("Draw")
    assert refusal(tables.open_table, user=chief, free_games=world.free_games,
                   players=dict(zip(tables.SEATS, world.players, strict=True))) == closed("Online table")
    assert refusal(matches.cancel_scheduled_match, world.scheduled, user=organiser,
                   reason="Nobody came") == closed("Match")
    assert refusal(sync.enter_variant_trophy, player=world.players[0], trophy="gloria",
                   variant=TrophyWin.Variant.EMPEROR, won_on=MARCH, user=juror) == closed("Variant trophy")
    assert not TrophyWin.objects.filter(variant=TrophyWin.Variant.EMPEROR).exists()

    after = Match.objects.count(), FreeGame.objects.count(), GrandPrixEntry.objects.count(), CupEntry.objects.count()
    assert after == before
    assert not world.season.competitions.get(kind=Competition.Kind.CUP).drawn_at


# --- the organisers' pages ---------------------------------------------------------------------


@pytest.fixture
def organiser(client):
    client.force_login(user_of("organiser", username="organiser"))
    return client


def form_errors(response) -> list[str]:
    form = response.context["form"]
    return [message for messages in form.errors.values() for message in messages]


def test_the_organisers_pages_refuse_a_closed_seasons_settings_teams_and_roster(world, organiser):
    facts = admin_rules.facts()
    season_url = reverse("competitions:season_edit", args=[2025])
    response = organiser.post(season_url, page_form(organiser, season_url) | {"cup_thresholds": "100,200"})
    assert form_errors(response) == [closed("Trophy cup thresholds")]

    limit_url = reverse("competitions:competition_edit", args=[2025, "cb"])
    response = organiser.post(limit_url, page_form(organiser, limit_url) | {"match_limit": 40})
    assert form_errors(response) == [closed("Championship matches a team may play")]

    new_url = reverse("competitions:competition_new", args=[2025])
    response = organiser.post(new_url, page_form(organiser, new_url) | {
        "kind": "grand_prix", "name": "Nagydíj Pécs", "slug": "pecs", "season": world.season.pk})
    assert form_errors(response) == [closed("Season")]

    team_url = reverse("competitions:team_edit", args=[2025, world.tisza.pk])
    response = organiser.post(team_url, page_form(organiser, team_url) | {"name": "Tisza Tarokk Kör"})
    assert response.status_code == 422 and form_errors(response) == [closed("Name")]
    team_url = reverse("competitions:team_new", args=[2025])
    response = organiser.post(team_url, {"name": "Új TK", "driver": world.players[0].pk,
                                         "catcher": world.players[1].pk})
    assert response.status_code == 422 and form_errors(response) == [closed("Season")]

    renamed = [(world.tisza.driver.name + " Jr.", world.tisza.driver.membership_number, "Tisza TK", "driver"),
               (world.tisza.catcher.name, world.tisza.catcher.membership_number, "Tisza TK", "catcher")]
    response = post_roster(organiser, renamed)
    assert response.status_code == 422 and response.context["problems"] == [closed("Roster")]
    assert admin_rules.facts() == facts


def test_the_admin_answers_each_closed_season_change_with_a_form_error(world, organiser):
    season_url = admin_rules.change_url(world.season)
    response = admin_rules.refused(organiser, season_url, admin_rules.page_form(organiser, season_url)
                                   | {"trophy_points_are_values": "on"})
    assert admin_rules.field_errors(response, "trophy_points_are_values") == [
        closed("Trophy points are the trophy's value")]

    url = admin_rules.change_url(world.championship)
    response = admin_rules.refused(organiser, url, admin_rules.page_form(organiser, url) | {"match_limit": 40})
    assert admin_rules.field_errors(response, "match_limit") == [closed("Championship matches a team may play")]

    url = admin_rules.change_url(world.tisza)
    response = admin_rules.refused(organiser, url, admin_rules.page_form(organiser, url) | {"name": "Tisza TTK"})
    assert admin_rules.field_errors(response, "name") == [closed("Name")]

    url = admin_rules.change_url(world.event)
    data = admin_rules.page_form(organiser, url)
    response = admin_rules.refused(organiser, url, data | {"grand_prix_entries-TOTAL_FORMS": "3",
                                                           "grand_prix_entries-2-team": world.sajo.pk})
    assert closed("Team") in page_text(response)
    row = next(key[:-3] for key, value in data.items() if key.endswith("-id") and value == str(
        GrandPrixEntry.objects.get(team=world.duna).pk))
    response = admin_rules.refused(organiser, url, data | {f"{row}-DELETE": "on"})
    assert closed("Team") in page_text(response)

    for obj in (world.season, world.event, world.sajo):  # R21: nothing of it is deleted either
        delete_url = reverse(f"admin:tournaments_{obj._meta.model_name}_delete", args=[obj.pk])
        assert organiser.post(delete_url, {"post": "yes"}).status_code == 403
    assert Competition.objects.filter(pk=world.event.pk).exists() and Team.objects.filter(pk=world.sajo.pk).exists()


# --- the jury's pages and uploads, the online table, a restore -----------------------------------


def test_the_jurys_page_schedules_no_match_into_a_closed_season(world, client):
    client.force_login(user_of("jury"))
    response = client.post(reverse("jury:new_match") + "?season=2025",
                           particulars(world.championship, world.duna, world.sajo, played_on=DECEMBER))
    assert response.status_code == 422
    assert closed("Match") in page_text(response)
    response = client.post(reverse("jury:particulars", args=[world.scheduled.pk]),
                           particulars(world.championship, world.tisza, world.sajo, played_on=DECEMBER,
                                       version=world.scheduled.version, place="Pécs"))
    assert closed("Match") in page_text(response)
    assert sorted(Match.objects.values_list("pk", "place")) == [(world.played.pk, world.played.place),
                                                             (world.scheduled.pk, world.scheduled.place)]




def test_a_record_file_and_a_score_sheet_are_refused_for_a_closed_seasons_match(world, client):
    client.force_login(user_of("jury"))
    record = json.dumps({"format": "royal-tarokk-match/1", "hands": eight_hand_records()}).encode()
    response = import_record(client, world.scheduled, record)
    assert closed("Hands") in page_text(response)
    book = fill(download(client, world.scheduled), eight_hand_records())
    assert closed("Hands") in page_text(upload(client, world.scheduled, book))
    assert not world.scheduled.hands.exists()


def test_no_online_table_opens_for_a_closed_seasons_match(world):
    for field in ("a_driver", "a_catcher", "b_driver", "b_catcher"):
        assert getattr(world.scheduled, field) is not None
    assert refusal(tables.open_table, user=user_of("chief"), match=world.scheduled) == closed("Online table")
    assert not world.scheduled.tables.exists()


def test_the_api_only_reads_a_closed_season(world, client):
    client.force_login(user_of("organiser"))
    for name in ("api:season", "api:championship", "api:free_games"):
        response = client.post(reverse(name, args=[2025]), {"match_limit": 40}, content_type="application/json")
        assert response.status_code == 405 and "The API only reads" in response.json()["detail"]


@pytest.mark.slow
def test_a_restore_refuses_a_closed_season_with_a_match_not_played(tmp_path):
    def closed_with_a_scheduled_match():
        season = make_season(2025)
        match = make_match(make_team("Tisza TK"), make_team("Duna TK"), make_competition(season=season),
                           played_on=DECEMBER)
        close(season)
        return match

    path = tmp_path / "closed.json"
    match = backed_up(path, closed_with_a_scheduled_match)
    assert (f"Match {match.pk} (Tisza TK – Duna TK) is scheduled, but the 2025 season is closed, and a closed "
            "season's matches are all played and confirmed; R21. Nothing was restored.") in restore_refusal(path)


# --- closing, cancelling, reopening -------------------------------------------------------------


def test_closing_is_refused_while_a_match_is_scheduled_naming_and_linking_it(client):
    season = make_season(2025)
    match = make_match(make_team("Tisza TK"), make_team("Duna TK"), make_competition(season=season, name="CSB 2025"),
                       played_on=DECEMBER)
    organiser = user_of("organiser", username="organiser")
    client.force_login(organiser)

    response = client.post(reverse("competitions:season_state", args=[2025]), {"action": "close"}, follow=True)

    text = page_text(response)
    assert ("R21: Tisza TK – Duna TK (CSB 2025, 2025-12-12) is scheduled and not played; play it or cancel it, "
            "with a reason, before the season is closed.") in text
    assert f'href="{reverse("competitions:match_cancel", args=[match.pk])}"' in text
    assert Season.objects.get().state == Season.State.RUNNING

    cancel_url = reverse("competitions:match_cancel", args=[match.pk])
    response = client.post(cancel_url, {"reason": "  "})
    assert response.status_code == 422
    assert "Reason: say why the match is cancelled; R21." in page_text(response)
    assert client.post(cancel_url, {"reason": "Duna TK withdrew"}).status_code == 302

    assert not Match.objects.exists()
    removal = Match.history.get(id=match.pk, history_type="-")
    assert (removal.history_user, removal.history_change_reason) == (
        organiser, "Cancelled by the organisers: Duna TK withdrew")
    page = page_text(client.get(reverse("competitions:season_admin", args=[2025])))
    assert "Tisza TK – Duna TK (2025-12-12): Cancelled by the organisers: Duna TK withdrew (organiser," in page
    assert seasons.close_season(season, organiser).state == Season.State.CLOSED


def test_closing_waits_for_a_free_games_table_being_played():
    season = make_season(2025)
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=season)
    players = dict(zip(tables.SEATS, (make_player() for _ in range(4)), strict=True))
    tables.open_table(user=user_of("organiser"), free_games=free_games, players=players)
    assert refusal(seasons.close_season, season, user_of("organiser")) == (
        "R21: 1 online table of the season is being played or adjourned; finish or abandon it first.")


def test_reopening_takes_a_reason_is_recorded_and_said_on_the_public_pages(client):
    season = make_season(2025)
    make_competition(season=season)
    organiser = user_of("organiser", username="organiser")
    seasons.close_season(season, organiser)
    assert refusal(seasons.reopen_season, season, organiser, "") == (
        "Reason: say why the season is reopened; R21.")
    assert refusal(seasons.reopen_season, season, user_of("chief"), "A sheet was found")

    client.force_login(organiser)
    client.post(reverse("competitions:season_state", args=[2025]),
                {"action": "reopen", "reason": "A lost score sheet was found"})

    season.refresh_from_db()
    assert (season.state, season.reopening_reason) == (Season.State.RUNNING, "A lost score sheet was found")
    latest = season.history.first()
    assert (latest.history_user, latest.history_change_reason) == (
        organiser, "Season reopened: A lost score sheet was found")
    client.logout()
    for page in ("public:season", "public:championship"):
        text = page_text(client.get(reverse(page, args=[2025])))
        assert "The 2025 season was closed and reopened by the organisers on" in text
        assert ": A lost score sheet was found (R21)" in text
    assert "Only a running season is closed" not in refusal(seasons.reopen_season, season, organiser, "Again")
    assert seasons.close_season(season, organiser).state == Season.State.CLOSED  # the same checks again


# --- the jury's pages open in the running season --------------------------------------------------


def test_the_jurys_pages_open_in_the_running_season_once_next_years_is_open(client):
    old = make_season(2025)
    make_competition(Competition.Kind.FREE_GAMES, season=old)
    new = make_season(2026)
    make_competition(Competition.Kind.FREE_GAMES, season=new)
    close(old)
    client.force_login(user_of("chief"))
    with time_machine.travel(datetime.datetime(2025, 12, 20, 12, tzinfo=datetime.UTC)):
        assert client.get(reverse("jury:new_match")).context["season"] == new
        assert client.get(reverse("jury:home")).context["free_games_year"] == 2026
        assert client.get(reverse("jury:new_match"), {"season": 2025}).context["season"] == old
    Season.objects.filter(pk=old.pk).update(state=Season.State.RUNNING)
    with time_machine.travel(datetime.datetime(2025, 12, 20, 12, tzinfo=datetime.UTC)):
        assert client.get(reverse("jury:new_match")).context["season"] == old  # this year's, while it runs
    assert Team.objects.count() == 0


def test_the_refusal_reads_in_hungarian_naming_the_field_the_season_and_r21(world, client):
    client.force_login(user_of("organiser"))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"
    response = post_roster(client, [("Új Név", world.tisza.driver.membership_number, "Tisza TK", "driver")])
    assert response.context["problems"] == [
        "Csapatnévsor: a 2025. évi idény lezárult, a lezárt idény tényei véglegesek; jóváhagyott mérkőzést csak a "
        "főzsűri javíthat, indoklással; R21."]
