"""Generated input (hypothesis) posted to every form of the jury and the organisers and to the
import: never a server error, and a refused post leaves the database as it was.

Values are drawn from what careless and hostile users type: empty, blank, invisible characters,
numbers far beyond any column, dates of year 1 or 9999, ids of rows that exist and that do not,
text of every script, and JSON nested or huge (for the fields that take many lines)."""

import json
import os

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.factories import (
    eight_hand_records,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
)
from tournaments.core.models import Competition, GrandPrixEntry, Player

pytestmark = pytest.mark.django_db

YEAR = 2025
TRICKY_TEXT = ["", " ", "\u200b", "\u3164", "0", "-1", "1.5", "abc", "2147483648", "9223372036854775808",
               "9" * 40, "-" + "9" * 40, "0001-01-01", "9999-12-31", f"{YEAR}-06-01", "2025-02-30", "on", "A", "B",
               "null", "[]", "{}", "'; DROP TABLE x; --", "<script>alert(1)</script>", "=HYPERLINK(\"x\")",
               "árvíztűrő tükörfúrógép", "\x00", "\ud7ff", "a\nb\rc"]


def values(ids):
    """A posted value: tricky text, any short text, any integer, or the id of a row that exists."""
    return st.one_of(st.sampled_from(TRICKY_TEXT), st.text(max_size=12), st.integers().map(str),
                     st.sampled_from([str(pk) for pk in ids] or ["1"]))


def json_texts():
    nested = st.integers(1, 3000).map(lambda depth: "[" * depth + "]" * depth)
    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6)
    documents = st.recursive(scalars, lambda children: st.lists(children, max_size=3)
                             | st.dictionaries(st.text(max_size=8), children, max_size=4), max_leaves=10)
    return st.one_of(nested, documents.map(json.dumps), st.text(max_size=30))


@pytest.fixture
def world(django_user_model):
    """A season with a Championship, a Cup, a Grand Prix event and free games; matches scheduled,
    being entered, awaiting confirmation and confirmed."""
    season = make_season(YEAR)
    championship = make_competition(season=season)
    make_competition(Competition.Kind.CUP, season=season)
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season, slug="spring")
    make_competition(Competition.Kind.FREE_GAMES, season=season)
    teams = [make_team(season=season) for _ in range(4)]
    make_player()
    for team in teams[2:]:
        GrandPrixEntry.objects.create(competition=event, team=team)
    jury = make_user("jury")
    matches = {
        "scheduled": make_match(teams[0], teams[1], championship),
        "entered": make_match(teams[0], teams[2], championship, eight_hand_records(), user=jury),
        "confirmed": make_match(teams[1], teams[2], championship, eight_hand_records(), user=jury, confirmed=True),
        "grand_prix": make_match(teams[2], teams[3], event, eight_hand_records(), user=jury, confirmed=True),
    }
    ids = {pk for model in apps.get_app_config("tournaments").get_models() for pk in
           model.objects.values_list("pk", flat=True)[:30]}
    names = sorted({name for player in Player.objects.all()[:12] for name in (player.name, player.name[:3])})
    return {"season": season, "event": event, "matches": matches, "ids": sorted(ids), "names": names,
            "chief": make_user("chief"), "organiser": make_user("organiser")}


def database_state():
    """Every row of the app's tables and of the users: what a refused post must leave unchanged."""
    models = list(apps.get_app_config("tournaments").get_models()) + [apps.get_model("auth", "User")]
    return {model._meta.label: sorted(map(repr, model.objects.values_list())) for model in models}


# (url name, the match of the world it concerns or None, its fields) for every form that stores facts.
HAND_FIELDS = ["h1-attackers", "h1-a_trumps", "h1-a_honours", "h1-a_high", "h1-b_trumps", "h1-b_honours",
               "h1-b_high", "h1-announcements", "h1-silent", "h1-deal", "h1-tricks"]
PARTICULARS = ["competition", "kind", "team_a", "team_b", "played_on", "place", "played_publicly", "a_driver",
               "a_catcher", "b_driver", "b_catcher", "cup_tie", "version"]
FORMS = [
    ("jury:new_match", None, PARTICULARS),
    ("jury:particulars", "scheduled", PARTICULARS),
    ("jury:match", "scheduled", ["version", "reason"] + HAND_FIELDS),
    ("jury:match", "confirmed", ["version", "reason"] + HAND_FIELDS),
    ("jury:preview", "scheduled", HAND_FIELDS),
    ("jury:submit", "entered", ["version"]),
    ("jury:confirm", "entered", ["version"]),
    ("jury:send_back", "entered", ["version", "comment"]),
    ("jury:agree", "scheduled", ["version"]),
    ("competitions:grand_prix_match", "grand_prix", ["counts_for_championship", "cup_tie"]),
    ("competitions:remove_match", "scheduled", []),
    ("competitions:free_game_new", None, ["played_on", "kind", "variant", "note", "rows", "add_row", "player_1",
                                          "points_1", "player_2", "points_2"]),
    ("competitions:free_game_emperor", None, ["played_on", "declarer", "partner", "defender_1", "defender_2",
                                              "defender_3", "bid", "contra", "card_points", "tricks", "annulments",
                                              "rows", "add_row", "bonus_1", "suit_1", "side_1", "announced_1",
                                              "made_1", "contra_1", "note"]),
    ("competitions:free_game_three_handed", None, ["played_on", "player_1", "card_points_1", "tricks_1", "player_2",
                                                   "card_points_2", "tricks_2", "player_3", "card_points_3",
                                                   "tricks_3", "dealer", "note"]),
    ("competitions:cup_admin", None, ["action", "entry-team", "entry-entered_on", "withdraw-team", "draw-seed",
                                      "draw-pairs", "tie-tie", "tie-played_on", "tie-place"]),
    ("competitions:grand_prix_admin", None, ["action", "entry-team", "withdraw-team", "draw-seed",
                                             "draw-played_on", "draw-place", "pairs-pairs", "pairs-played_on"]),
    ("register:enter_variant", None, ["player", "partner", "team", "trophy", "variant", "won_on", "competition"]),
]
NAME_FIELDS = ("player", "partner", "declarer", "defender_")
ORGANISERS_FORMS = {"competitions:cup_admin", "competitions:grand_prix_admin", "competitions:remove_match"}
URL_ARGS = {"competitions:free_game_new": [YEAR], "competitions:free_game_emperor": [YEAR],
            "competitions:free_game_three_handed": [YEAR], "competitions:cup_admin": [YEAR],
            "competitions:grand_prix_admin": [YEAR, "spring"]}
# A few examples a form on each run (hypothesis draws new ones each time); HYPOTHESIS_EXAMPLES=500 for a
# long hunt.
FUZZ = settings(max_examples=int(os.environ.get("HYPOTHESIS_EXAMPLES", 6)), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@pytest.mark.slow
@pytest.mark.parametrize(("name", "match_key", "fields"), FORMS, ids=[f"{form[0]}-{form[1]}" for form in FORMS])
@FUZZ
@given(data=st.data())
def test_generated_posts_are_answered_never_a_server_error(client, world, name, match_key, fields, data):
    client.force_login(world["organiser" if name in ORGANISERS_FORMS else "chief"])
    args = [world["matches"][match_key].pk] if match_key else URL_ARGS.get(name, [])
    posted = {}
    for field in fields:
        if data.draw(st.integers(0, 5)):  # now and then a field is left out altogether
            text_field = field in ("h1-deal", "h1-tricks", "draw-pairs", "pairs-pairs")
            name_field = field.startswith(NAME_FIELDS)  # now and then a player's real name, or a beginning of it
            strategy = json_texts() | values(world["ids"]) if text_field else values(world["ids"])
            posted[field] = data.draw(st.sampled_from(world["names"]) | strategy if name_field else strategy)
    before = database_state()
    response = client.post(reverse(name, args=args), posted)
    assert response.status_code < 500
    if response.status_code != 302 or name in ("jury:submit", "jury:confirm", "jury:agree", "jury:send_back",
                                               "competitions:remove_match"):
        refused = response.status_code != 302 or not _succeeded(client, response)
        if refused:
            assert database_state() == before


def _succeeded(client, response):
    """Whether a button's redirect carried a success message (a refusal redirects with an error)."""
    page = client.get(response["Location"])
    return 'class="message success"' in page.content.decode()


@pytest.mark.slow
@FUZZ
@given(content=st.one_of(json_texts().map(str.encode), st.binary(max_size=200)),
       version=st.sampled_from(["0", "1", "abc", "", "99999999999"]))
def test_generated_imports_are_refused_or_stored_never_a_server_error(client, world, content, version):
    client.force_login(world["chief"])
    match = world["matches"]["scheduled"]
    before = database_state()
    response = client.post(reverse("jury:import", args=[match.pk]),
                           {"version": version, "record": SimpleUploadedFile("m.json", content)})
    assert response.status_code in (200, 302, 422)
    if response.status_code != 302:
        assert database_state() == before

