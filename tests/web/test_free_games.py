"""R18 free games: points per player, variant records scored by scoring/variants, the year's table."""

import datetime
import html
import json

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories import make_competition, make_player, make_season, make_user
from tournaments.core.competitions.free_games import record_free_game, year_table
from tournaments.core.models import Competition, FreeGame, FreeGameScore, Season

pytestmark = pytest.mark.django_db
JUNE = datetime.date(2025, 6, 1)
EMPEROR = {"format": "emperor/1", "declarer": "Anna", "partner": "Bela", "defenders": ["Csaba", "Dora"],
           "bid": "two_cards", "contra": None, "card_points": 55, "tricks": 6, "bonuses": []}
THREE_HANDED = {"format": "three-handed/1", "players": [
    {"name": "Anna", "card_points": 60, "tricks": 10, "dealer": True},
    {"name": "Bela", "card_points": 40, "tricks": 8},
    {"name": "Csaba", "card_points": 30, "tricks": 7}]}


@pytest.fixture
def free_games():
    return make_competition(Competition.Kind.FREE_GAMES)


@pytest.fixture
def players():
    return {name: make_player(name) for name in ("Anna", "Bela", "Csaba", "Dora")}


def points_of(game):
    return {score.player.name: score.points for score in game.scores.select_related("player")}


def test_a_training_game_stores_points_per_player(free_games, players):
    game = record_free_game(free_games, played_on=JUNE, kind=FreeGame.Kind.TRAINING,
                            points={players["Anna"]: 12, players["Bela"]: -4})

    assert points_of(game) == {"Anna": 12, "Bela": -4}
    assert game.record is None


def test_an_emperor_game_derives_the_points_from_its_record(free_games, players):
    # R18: bid 2 Cards won, with a partner: each player +/-2 (scoring/variants/emperor.py).
    game = record_free_game(free_games, played_on=JUNE, kind=FreeGame.Kind.VARIANT,
                            variant=FreeGame.Variant.EMPEROR, record=EMPEROR)

    assert points_of(game) == {"Anna": 2, "Bela": 2, "Csaba": -2, "Dora": -2}
    assert game.record == EMPEROR


def test_a_three_handed_game_scores_card_points_and_tricks_less_52(free_games, players):
    # R18: (card points + tricks) - 52.
    game = record_free_game(free_games, played_on=JUNE, kind=FreeGame.Kind.VARIANT,
                            variant=FreeGame.Variant.THREE_HANDED, record=THREE_HANDED)

    assert points_of(game) == {"Anna": 18, "Bela": -4, "Csaba": -15}


def test_a_record_that_does_not_add_up_is_refused_and_nothing_is_saved(free_games, players):
    wrong = json.loads(json.dumps(THREE_HANDED))
    wrong["players"][0]["card_points"] = 61

    with pytest.raises(ValidationError, match="R18"):
        record_free_game(free_games, played_on=JUNE, kind=FreeGame.Kind.VARIANT,
                         variant=FreeGame.Variant.THREE_HANDED, record=wrong)
    assert not FreeGame.objects.exists() and not FreeGameScore.objects.exists()


def test_a_record_naming_an_unknown_player_is_refused(free_games, players):
    record = dict(EMPEROR, declarer="Zoltan")

    with pytest.raises(ValidationError, match="R18: no player is called Zoltan"):
        record_free_game(free_games, played_on=JUNE, kind=FreeGame.Kind.VARIANT,
                         variant=FreeGame.Variant.EMPEROR, record=record)
    assert not FreeGame.objects.exists()


def test_a_game_of_another_year_is_refused(free_games, players):
    with pytest.raises(ValidationError, match="R18: the game was played in 2024"):
        record_free_game(free_games, played_on=datetime.date(2024, 12, 31), kind=FreeGame.Kind.TEST,
                         points={players["Anna"]: 1})


def test_the_year_table_sums_points_and_names_the_winner(client, free_games, players):
    record_free_game(free_games, played_on=JUNE, kind=FreeGame.Kind.TRAINING,
                     points={players["Anna"]: 10, players["Bela"]: 3})
    record_free_game(free_games, played_on=JUNE, kind=FreeGame.Kind.VARIANT, variant=FreeGame.Variant.THREE_HANDED,
                     record=THREE_HANDED)

    rows, winners = year_table(free_games)

    assert [(row.place, player.name, row.games, row.points) for row, player in rows] == [
        (1, "Anna", 2, 28), (2, "Bela", 2, -1), (3, "Csaba", 1, -15)]
    assert [player.name for player in winners] == ["Anna"]
    response = client.get(reverse("public:free_games", args=[2025]))
    assert [player.name for player in response.context["winners"]] == ["Anna"]
    anna = reverse("public:player", args=[players["Anna"].pk])
    assert f'<strong><a href="{anna}">Anna</a></strong>' in response.text
    assert "Variant: Three-handed game" in response.text
    assert f'<span class="player-score"><a href="{anna}">Anna</a> 18</span>, ' in response.text


def test_a_closed_season_names_the_winner_of_the_year_before_its_last_day(client, free_games, players):
    """Closed, the season's results are final (R21): its table names the year's winner, not a leader."""
    record_free_game(free_games, played_on=JUNE, kind=FreeGame.Kind.TRAINING, points={players["Anna"]: 10})
    with time_machine.travel(datetime.date(2025, 11, 1)):
        assert "Leading so far:" in client.get(reverse("public:free_games", args=[2025])).text
        Season.objects.filter(pk=free_games.season_id).update(state=Season.State.CLOSED)
        text = client.get(reverse("public:free_games", args=[2025])).text
    assert "Winner of the year:" in text and "Leading so far:" not in text


@pytest.mark.parametrize("games", [1, 8])
def test_the_table_query_count_does_not_grow(client, django_assert_num_queries, free_games, players, games):
    for _ in range(games):
        record_free_game(free_games, played_on=JUNE, kind=FreeGame.Kind.VARIANT, variant=FreeGame.Variant.EMPEROR,
                         record=EMPEROR)
    # 1 season, 2 competition, 3 scores, 4 players, 5 the games, 6 their scores with players
    with django_assert_num_queries(6 + 1):  # and the public data version
        response = client.get(reverse("public:free_games", args=[2025]))
    assert response.status_code == 200
    assert len(response.context["games"]) == games


def test_the_jury_enters_a_training_game(client, free_games, players):
    url = reverse("competitions:free_game_new", args=[2025])
    client.force_login(make_user("jury"))

    page = client.get(url).content.decode()
    assert '<datalist id="player-names">' in page and '<option value="Anna">' in page  # offered as typed
    assert 'list="player-names"' in page

    response = client.post(url, {"played_on": "2025-06-01", "kind": "training", "variant": "royal",
                                 "player_1": "anna", "points_1": "7", "player_2": "Be", "points_2": "-2"})

    assert response.status_code == 302
    assert points_of(FreeGame.objects.get()) == {"Anna": 7, "Bela": -2}


def test_a_player_the_name_does_not_find_is_refused_with_a_suggestion(client, free_games, players):
    url = reverse("competitions:free_game_new", args=[2025])
    client.force_login(make_user("jury"))

    response = client.post(url, {"played_on": "2025-06-01", "kind": "training", "variant": "royal",
                                 "player_1": "Anan", "points_1": "7", "player_2": "Bela"})

    page = html.unescape(response.content.decode())
    assert "No player is called “Anan”; did you mean Anna?" in page
    assert "Give Bela's points." in page
    assert not FreeGame.objects.exists()


def test_the_jury_enters_a_three_handed_game_and_sees_its_problems(client, free_games, players):
    url = reverse("competitions:free_game_three_handed", args=[2025])
    client.force_login(make_user("jury"))
    game = {"played_on": "2025-06-01", "dealer": "1"}
    for row, entry in enumerate(THREE_HANDED["players"], start=1):
        game |= {f"player_{row}": entry["name"], f"card_points_{row}": entry["card_points"],
                 f"tricks_{row}": entry["tricks"]}

    response = client.post(url, game | {"tricks_3": "6"})  # the tricks add up to 24, not 25

    assert response.status_code == 200
    assert "R18" in response.text and not FreeGame.objects.exists()
    ok = client.post(url, game)
    assert ok.status_code == 302
    assert points_of(FreeGame.objects.get())["Anna"] == 18


def test_entering_a_free_game_needs_the_jury(client, free_games):
    make_season()
    url = reverse("competitions:free_game_new", args=[2025])
    client.force_login(make_user())

    assert client.get(url).status_code == 403
