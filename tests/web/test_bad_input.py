"""Careless and hostile input to the jury's and organisers' forms: refused with a message that
names the field and the rule, never a server error, and nothing of the refused part stored."""

import datetime
import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from tests.factories import (
    eight_hand_records,
    logged_in_user,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_user,
)
from tournaments.core.models import Competition, FreeGame, FreeGameScore, Match, TrophyWin
from tournaments.pages.hand_reader import initial_for
from tournaments.recording import matches

pytestmark = pytest.mark.django_db

ZERO_WIDTH_SPACE = "\u200b"
INVISIBLE_REASONS = [ZERO_WIDTH_SPACE, " \u200b\u200c\u200d\ufeff ", "\u3164", "\u2800\n\t"]


@pytest.fixture
def chief(client):
    return logged_in_user(client, "chief", "carol")


@pytest.fixture
def jury(client):
    return logged_in_user(client, "jury", "alice")


def entry_data(records, version, **extra):
    data = {"version": version, **extra}
    for number, record in enumerate(records, start=1):
        for name, value in initial_for(record, number).items():
            data[f"h{number}-{name}"] = "" if value is None else value
    return data


def snapshot(match):
    match.refresh_from_db()
    return (match.state, match.version, match.score_a, match.score_b, match.history.count())


# --- the version a button posts -------------------------------------------------------------------


@pytest.mark.parametrize("action", ["jury:submit", "jury:confirm", "jury:agree", "jury:withdraw"])
@pytest.mark.parametrize("version", ["abc", "", "1e3", "99999999999999999999999", None])
def test_an_unreadable_version_is_refused_not_a_server_error(client, chief, action, version):
    match = make_match(hand_records=eight_hand_records(), user=make_user("jury"))
    before = snapshot(match)
    data = {} if version is None else {"version": version}
    response = client.post(reverse(action, args=[match.pk]), data, follow=True)
    assert response.status_code == 200
    assert "did not say which version of the match" in response.content.decode()
    assert snapshot(match) == before


def test_an_unreadable_version_on_send_back_is_refused(client, chief):
    match = make_match(hand_records=eight_hand_records(), user=make_user("jury"))
    before = snapshot(match)
    response = client.post(reverse("jury:send_back", args=[match.pk]), {"version": "abc", "comment": "Hand 3"})
    assert response.status_code == 302
    assert snapshot(match) == before


# --- import ---------------------------------------------------------------------------------------


def upload(content: bytes):
    return SimpleUploadedFile("match.json", content, content_type="application/json")


def import_record(client, match, content: bytes, **extra):
    return client.post(reverse("jury:import", args=[match.pk]),
                       {"version": match.version, "record": upload(content), **extra})


def match_record_with(hand_change):
    records = eight_hand_records()
    hand_change(records[0])
    return json.dumps({"format": "royal-tarokk-match/1", "hands": records}).encode()


HOSTILE_IMPORTS = {
    "nested past any limit": (b"[" * 200_000, "nested too deeply"),
    "a number of 5,000 digits": (b'{"hands": [' + b"7" * 5000 + b"]}", "number too long"),
    "a feast given as a list": (match_record_with(lambda hand: hand["announcements"].append(
        {"feast": ["pheasant"], "by": "A.driver", "contra": None, "result": "won"})), "is not a feast"),
    "a feast given as an object": (match_record_with(lambda hand: hand["announcements"].append(
        {"feast": {"id": "pheasant"}, "by": "A.driver", "contra": None, "result": "won"})), "is not a feast"),
    "not UTF-8": (b'{"hands": "\xff"}', "not UTF-8"),
}


@pytest.mark.parametrize(("content", "message"), HOSTILE_IMPORTS.values(), ids=HOSTILE_IMPORTS.keys())
def test_a_hostile_import_is_refused_with_its_problem(client, jury, content, message):
    match = make_match()
    before = snapshot(match)
    response = import_record(client, match, content)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert snapshot(match) == before and not match.hands.exists()


def test_an_import_larger_than_any_record_is_refused(client, jury):
    match = make_match()
    response = import_record(client, match, b" " * 1_000_001 + b"{}")
    assert response.status_code == 200
    assert "a match record is at most 1000 kB" in response.content.decode()
    assert not match.hands.exists()


# --- reasons made of nothing visible ----------------------------------------------------------------


@pytest.mark.parametrize("reason", INVISIBLE_REASONS)
def test_a_correction_reason_of_invisible_characters_is_refused(client, chief, reason):
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
    before = snapshot(match)
    records = eight_hand_records()
    records[0]["announcements"] = []
    response = client.post(reverse("jury:match", args=[match.pk]), entry_data(records, match.version, reason=reason))
    assert response.status_code == 422
    assert "needs a written reason" in response.content.decode()
    assert snapshot(match) == before


def test_a_correction_reason_is_kept_without_its_invisible_ends(chief):
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
    records = eight_hand_records()
    records[0]["announcements"] = []
    matches.correct_match(match, records, user=chief, reason=f"{ZERO_WIDTH_SPACE} Hand 1 misread {ZERO_WIDTH_SPACE}")
    assert match.history.first().history_change_reason == "Correction: Hand 1 misread"


@pytest.mark.parametrize("comment", INVISIBLE_REASONS)
def test_sending_back_with_an_invisible_comment_is_refused(client, chief, comment):
    match = make_match(hand_records=eight_hand_records(), user=make_user("jury"))
    before = snapshot(match)
    response = client.post(reverse("jury:send_back", args=[match.pk]),
                           {"version": match.version, "comment": comment}, follow=True)
    assert "Say why the match is sent back." in response.content.decode()
    assert snapshot(match) == before


# --- a match's particulars ------------------------------------------------------------------------------


def test_particulars_posted_without_a_version_are_refused(client, jury):
    season = make_season(timezone.localdate().year + 1)
    match = make_match(competition=make_competition(season=season),
                       played_on=datetime.date(season.year, 6, 1))
    before = snapshot(match)
    data = {"competition": match.competition_id, "kind": "regular", "team_a": match.team_a_id,
            "team_b": match.team_b_id, "played_on": match.played_on.isoformat(), "place": "Somewhere else",
            "played_publicly": "on", "a_driver": "", "a_catcher": "", "b_driver": "", "b_catcher": "",
            "cup_tie": ""}
    response = client.post(reverse("jury:particulars", args=[match.pk]), data)
    assert response.status_code == 422
    match.refresh_from_db()
    assert match.place != "Somewhere else" and snapshot(match) == before


def test_the_organisers_cannot_remove_a_championship_match_the_chief_jury_agreed(client):
    season = make_season(timezone.localdate().year + 1)
    match = make_match(competition=make_competition(season=season), played_on=datetime.date(season.year, 6, 1),
                       jury_agreed_by=make_user("chief"), jury_agreed_at=timezone.now())
    client.force_login(make_user("organiser"))
    response = client.post(reverse("competitions:remove_match", args=[match.pk]), follow=True)
    assert response.status_code == 200
    assert Match.objects.filter(pk=match.pk).exists()
    assert "the jury keeps the Championship" in response.content.decode()


def test_the_organisers_cannot_remove_a_grand_prix_match_the_chief_jury_agreed(client):
    season = make_season(timezone.localdate().year + 1)
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season)
    match = make_match(competition=event, played_on=datetime.date(season.year, 6, 1),
                       jury_agreed_by=make_user("chief"), jury_agreed_at=timezone.now())
    client.force_login(make_user("organiser"))
    response = client.post(reverse("competitions:remove_match", args=[match.pk]), follow=True)
    assert Match.objects.filter(pk=match.pk).exists()
    assert "the chief jury agreed this match" in response.content.decode()


# --- free games -----------------------------------------------------------------------------------------


@pytest.fixture
def free_games():
    return make_competition(Competition.Kind.FREE_GAMES, season=make_season(2025))


def post_free_game(client, url_name="competitions:free_game_new", **fields):
    data = {"played_on": "2025-06-01", "kind": FreeGame.Kind.TRAINING, "variant": FreeGame.Variant.ROYAL,
            "rows": "4", "note": "", **fields}
    return client.post(reverse(url_name, args=[2025]), data)


@pytest.mark.parametrize("points", [2**31, 2**63, -(2**63) - 1, 10**40, 100_001])
def test_free_game_points_out_of_range_are_refused(client, jury, free_games, points):
    response = post_free_game(client, player_1=make_player("Anna").name, points_1="3",
                              player_2=make_player("Bela").name, points_2=str(points))
    assert response.status_code == 200
    bound = "less than or equal to 100000" if points > 0 else "greater than or equal to -100000"
    assert f"Points of player 2: Ensure this value is {bound}." in html.unescape(response.content.decode())
    assert not FreeGame.objects.exists()


def test_a_player_named_twice_is_refused_not_overwritten(client, jury, free_games):
    player = make_player("Anna")
    response = post_free_game(client, player_1=player.name, points_1="3", player_2="anna", points_2="5")
    assert "Player 2: Anna is named twice." in response.content.decode()
    assert not FreeGame.objects.exists()


@pytest.mark.parametrize(("field", "value"), [
    ("card_points_1", "9" * 5000), ("card_points_1", "-1"), ("tricks_2", "1e3"), ("tricks_2", "[[[[]]]]"),
    ("card_points_3", "2147483648"), ("dealer", "4"), ("player_2", "x" * 5000),
])
def test_odd_numbers_of_a_variant_game_are_refused_on_their_field(client, jury, free_games, field, value):
    for name in ("Anna", "Bela", "Csaba"):
        make_player(name)
    game = {"player_1": "Anna", "card_points_1": "60", "tricks_1": "10", "player_2": "Bela", "card_points_2": "40",
            "tricks_2": "8", "player_3": "Csaba", "card_points_3": "30", "tricks_3": "7", "dealer": "1"}
    response = post_free_game(client, "competitions:free_game_three_handed", **(game | {field: value}))
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert not FreeGame.objects.exists()


def test_a_variant_game_naming_one_player_twice_is_refused(client, jury, free_games):
    anna = make_player("Anna")
    make_player("Bela")
    # The same player twice: by name, then as the list offers players sharing a name.
    response = post_free_game(client, "competitions:free_game_three_handed",
                              player_1="Anna", card_points_1="60", tricks_1="10", dealer="1",
                              player_2="Bela", card_points_2="40", tricks_2="8",
                              player_3=f"Anna ({anna.membership_number})", card_points_3="30", tricks_3="7")
    assert response.status_code == 200
    assert "Player 3: Anna is named twice" in response.content.decode()
    assert not FreeGameScore.objects.exists()


# --- variant trophies -------------------------------------------------------------------------------------


@pytest.mark.parametrize("won_on", ["0001-01-01", "1899-12-31", "9999-12-31",
                                    (timezone.localdate() + datetime.timedelta(days=1)).isoformat()])
def test_a_variant_trophy_dated_outside_the_register_is_refused(client, jury, won_on):
    player = make_player()
    response = client.post(reverse("register:enter_variant"), {
        "player": player.name, "trophy": "royal", "variant": "emperor", "won_on": won_on})
    assert response.status_code == 200
    assert "A trophy is won between 1900-01-01 and today" in response.content.decode()
    assert not TrophyWin.objects.exists()


def test_a_variant_trophy_withdrawn_with_an_invisible_reason_is_refused(client, jury):
    player = make_player()
    client.post(reverse("register:enter_variant"), {
        "player": player.name, "trophy": "royal", "variant": "emperor", "won_on": "2025-03-01"})
    win = TrophyWin.objects.get()
    response = client.post(reverse("register:withdraw_variant", args=[win.pk]), {"reason": ZERO_WIDTH_SPACE})
    assert "Say why the trophy is withdrawn." in response.content.decode()
    win.refresh_from_db()
    assert win.withdrawn_on is None

