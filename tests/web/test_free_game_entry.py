"""R18 free games entered by the jury through the pages, every player by name: a game with points
per player, an Emperor Tarokk hand (seed 000) and a three-handed hand (seed 001) from fields and
lists, never a membership number box or a record to type. The points stored are the rules engine's
(scoring/variants, called here directly to compare); a refused entry names the field by its label
and the ruling, keeps the input on the page and stores nothing."""

import html
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.variants import score_emperor, score_three_handed
from scoring.variants.emperor import BIDS, BONUS_KINDS
from tests.factories import make_competition, make_player, make_season, make_user
from tournaments.core.models import Competition, FreeGame, FreeGameScore
from tournaments.recording import variant_names

pytestmark = pytest.mark.django_db
YEAR = 2025
POINTS_URL = reverse("competitions:free_game_new", args=[YEAR])
EMPEROR_URL = reverse("competitions:free_game_emperor", args=[YEAR])
THREE_HANDED_URL = reverse("competitions:free_game_three_handed", args=[YEAR])


@pytest.fixture
def players():
    make_competition(Competition.Kind.FREE_GAMES, season=make_season(YEAR))
    return {name: make_player(name) for name in ("Anna", "Bela", "Csaba", "Dora")}


@pytest.fixture
def jury(client):
    client.force_login(make_user("jury"))
    return client


def points_of(game):
    return {score.player.name: score.points for score in game.scores.select_related("player")}


def engine_points(answer):
    return {entry["name"]: entry["points"] for entry in answer["players"]}


def page_of(response):
    return html.unescape(response.content.decode())


def emperor_post(**changes):
    """An Emperor hand as a juror enters it: names as typed, lists as picked."""
    data = {"played_on": "2025-06-01", "declarer": "anna", "partner": "Bela", "defender_1": "Csa",
            "defender_2": "dóra", "defender_3": "", "bid": "one_card", "contra": "contra", "card_points": "75",
            "tricks": "8", "annulments": "0", "rows": "3",
            "bonus_1": "marriage", "suit_1": "hearts", "side_1": "declarer", "announced_1": "announced",
            "made_1": "made", "contra_1": "",
            "bonus_2": "honours", "suit_2": "", "side_2": "defenders", "announced_2": "silent", "made_2": "made",
            "contra_2": "",
            "bonus_3": "", "suit_3": "", "side_3": "declarer", "announced_3": "announced", "made_3": "",
            "contra_3": "", "note": ""}
    return data | changes


# The same hand as the engine's record, the players by name (scoring/variants/emperor.py).
EMPEROR_RECORD = {"format": "emperor/1", "declarer": "Anna", "partner": "Bela", "defenders": ["Csaba", "Dora"],
                  "bid": "one_card", "contra": "contra", "card_points": 75, "tricks": 8, "annulments": 0,
                  "bonuses": [{"bonus": "marriage", "suit": "hearts", "side": "declarer", "announced": True,
                               "made": True},
                              {"bonus": "honours", "side": "defenders", "announced": False, "made": True}]}


def three_handed_post(**changes):
    data = {"played_on": "2025-06-01", "player_1": "Anna", "card_points_1": "60", "tricks_1": "10",
            "player_2": "bel", "card_points_2": "40", "tricks_2": "8",
            "player_3": "Csaba", "card_points_3": "30", "tricks_3": "7", "dealer": "1", "note": ""}
    return data | changes


THREE_HANDED_RECORD = {"format": "three-handed/1", "players": [
    {"name": "Anna", "card_points": 60, "tricks": 10, "dealer": True},
    {"name": "Bela", "card_points": 40, "tricks": 8},
    {"name": "Csaba", "card_points": 30, "tricks": 7}]}


# --- what the pages ask -------------------------------------------------------------------------


def test_the_forms_ask_players_by_name_never_a_membership_number_or_a_record(jury, players):
    forms = {url: jury.get(url).context["form"] for url in (POINTS_URL, EMPEROR_URL, THREE_HANDED_URL)}

    assert set(forms[POINTS_URL].fields) == {"played_on", "kind", "variant", "note"} | {
        f"{name}_{row}" for row in range(1, 5) for name in ("player", "points")}
    assert set(forms[EMPEROR_URL].fields) == {
        "played_on", "declarer", "partner", "defender_1", "defender_2", "defender_3", "bid", "contra",
        "card_points", "tricks", "annulments", "note"} | {
        f"{name}_{row}" for row in range(1, 4) for name in ("bonus", "suit", "side", "announced", "made", "contra")}
    assert set(forms[THREE_HANDED_URL].fields) == {"played_on", "dealer", "note"} | {
        f"{name}_{row}" for row in range(1, 4) for name in ("player", "card_points", "tricks")}
    for url in forms:
        page = jury.get(url).content.decode()
        assert "<textarea" not in page and "JSON" not in page
        assert not re.search(r'name="[^"]*(record|membership|number)', page)
        assert 'list="player-names"' in page and '<datalist id="player-names">' in page
    # Emperor and three-handed games have their own forms: their points follow from the game.
    assert [value for value, _label in forms[POINTS_URL].fields["variant"].choices] == ["royal", "other"]


def test_the_emperor_lists_name_every_bid_and_bonus_of_the_scorer():
    assert list(variant_names.BID_NAMES) == list(BIDS) == ["three_cards", "two_cards", "one_card", "without"]
    assert list(variant_names.BONUS_NAMES) == list(BONUS_KINDS)  # seed 000's 21 bonuses, in its order


def test_players_sharing_a_name_are_offered_with_their_membership_number(jury, players):
    first, second = make_player("Kovács János"), make_player("Kovács János")

    page = jury.get(POINTS_URL).content.decode()

    offered = re.findall(r'<option value="([^"]*)">', page[page.index('<datalist id="player-names">'):])
    assert f"Kovács János ({first.membership_number})" in offered
    assert f"Kovács János ({second.membership_number})" in offered
    assert "Anna" in offered and "Kovács János" not in offered


# --- a game with points per player --------------------------------------------------------------


def test_another_row_keeps_what_was_typed_and_stores_nothing(jury, players):
    typed = {"played_on": "2025-06-01", "kind": "training", "variant": "royal", "rows": "4", "note": "",
             **{f"player_{row}": name for row, name in enumerate(("Anna", "Bela", "Csaba", "Dora"), start=1)},
             **{f"points_{row}": str(row) for row in range(1, 5)}}

    response = jury.post(POINTS_URL, typed | {"add_row": "1"})

    assert response.status_code == 200 and not FreeGame.objects.exists()
    form = response.context["form"]
    assert form.row_count == 5 and not form.errors
    assert 'name="player_4" value="Dora"' in response.content.decode()
    assert 'name="player_5"' in response.content.decode()
    eve = make_player("Eve")
    saved = jury.post(POINTS_URL, typed | {"rows": "5", "player_5": "Eve", "points_5": "-3"})
    assert saved.status_code == 302
    assert points_of(FreeGame.objects.get()) == {"Anna": 1, "Bela": 2, "Csaba": 3, "Dora": 4, eve.name: -3}


def test_a_player_named_twice_in_the_rows_is_refused(jury, players):
    response = jury.post(POINTS_URL, {"played_on": "2025-06-01", "kind": "test", "variant": "royal", "rows": "4",
                                      "player_1": "Anna", "points_1": "3", "player_2": "anna", "points_2": "4"})

    assert "Player 2: Anna is named twice." in page_of(response)
    assert not FreeGame.objects.exists()


def test_a_membership_number_is_not_a_name(jury, players):
    number = players["Anna"].membership_number

    response = jury.post(POINTS_URL, {"played_on": "2025-06-01", "kind": "training", "variant": "royal",
                                      "rows": "4", "player_1": number, "points_1": "3"})

    assert f"Player 1: No player is called “{number}”" in page_of(response)
    assert not FreeGame.objects.exists()


# --- Emperor Tarokk -----------------------------------------------------------------------------


def test_an_emperor_game_entered_by_names_is_stored_as_the_engine_scores_it(jury, players):
    # R18: 1 Card (3) with Contra (x2) and an unannounced High Game (x2, 75 card points), Marriage of
    # hearts announced and made (+50), the defenders' silent Honours (1): 61 a player.
    response = jury.post(EMPEROR_URL, emperor_post())

    assert response.status_code == 302, response.context["form"].errors
    game = FreeGame.objects.get()
    assert (game.kind, game.variant) == (FreeGame.Kind.VARIANT, FreeGame.Variant.EMPEROR)
    assert points_of(game) == engine_points(score_emperor(EMPEROR_RECORD)) == {
        "Anna": 61, "Bela": 61, "Csaba": -61, "Dora": -61}
    # The stored record names the players by membership number: two players may share a name.
    assert game.record["declarer"] == players["Anna"].membership_number


def test_a_declarer_alone_against_three(jury, players):
    response = jury.post(EMPEROR_URL, emperor_post(
        partner="", defender_1="Bela", defender_3="Csaba", bid="three_cards", contra="", card_points="40",
        tricks="4", bonus_1="sparrow", suit_1="", made_1="lost", bonus_2="", made_2=""))

    assert response.status_code == 302, response.context["form"].errors
    record = {**EMPEROR_RECORD, "partner": None, "defenders": ["Bela", "Dora", "Csaba"], "bid": "three_cards",
              "contra": None, "card_points": 40, "tricks": 4,
              "bonuses": [{"bonus": "sparrow", "side": "declarer", "announced": True, "made": False}]}
    assert points_of(FreeGame.objects.get()) == engine_points(score_emperor(record)) == {
        "Anna": -33, "Bela": 11, "Csaba": 11, "Dora": 11}


def test_a_bad_name_is_refused_naming_the_field_and_the_input_stays(jury, players):
    response = jury.post(EMPEROR_URL, emperor_post(declarer="Zoltan", card_points="75"))

    page = page_of(response)
    assert response.status_code == 200 and not FreeGame.objects.exists()
    assert "Declarer: No player is called “Zoltan”." in page
    assert 'name="declarer" value="Zoltan"' in page and 'name="card_points" value="75"' in page
    assert '<option value="marriage" selected>' in page


def test_an_ambiguous_name_is_refused_until_the_suggestion_is_picked(jury, players):
    first, second = make_player("Kovács János"), make_player("Kovács János")

    response = jury.post(EMPEROR_URL, emperor_post(partner="Kovács János"))

    assert (f"Partner: 2 players are called “Kovács János”: pick one of Kovács János ({first.membership_number}) "
            f"or Kovács János ({second.membership_number}) from the list.") in page_of(response)
    assert not FreeGame.objects.exists()
    picked = jury.post(EMPEROR_URL, emperor_post(partner=f"Kovács János ({second.membership_number})"))
    assert picked.status_code == 302
    assert FreeGameScore.objects.get(player=second).points == 61
    assert not FreeGameScore.objects.filter(player=first).exists()


def test_an_emperor_player_named_twice_is_refused(jury, players):
    response = jury.post(EMPEROR_URL, emperor_post(defender_2="Anna"))

    assert "Defender 2: Anna is named twice: the four players are four different people (R18)." in page_of(response)
    assert not FreeGame.objects.exists()


def test_the_engines_problems_come_back_on_their_fields_with_the_ruling(jury, players):
    response = jury.post(EMPEROR_URL, emperor_post(suit_1="", tricks="10", card_points="40", defender_3="Dora",
                                                   defender_2="Eve"))
    assert "Defender 2: No player is called “Eve”." in page_of(response)  # the form's own problem first

    response = jury.post(EMPEROR_URL, emperor_post(suit_1="", tricks="10", card_points="40"))

    page = page_of(response)
    form = response.context["form"]
    assert "Bonus row 1, suit: Marriage names a suit: choose it (R18)" in page
    assert ("Card points of the declarer's side: the declarer's side took all 10 tricks, so it has at least 48 "
            "card points, not 40 (R18)") in page
    assert set(form.errors) == {"suit_1", "card_points"}
    assert "bonuses[" not in page and "FORMAT" not in page and "None" not in page
    assert not FreeGame.objects.exists()


def test_a_partner_and_three_defenders_is_refused_on_the_third(jury, players):
    make_player("Eve")
    response = jury.post(EMPEROR_URL, emperor_post(defender_3="Eve"))

    assert "Defender 3: a declarer with a partner has 2 defenders, not 3: four play (R18)" in page_of(response)
    assert not FreeGame.objects.exists()


def test_another_bonus_row_keeps_the_hand(jury, players):
    response = jury.post(EMPEROR_URL, emperor_post(add_row="1"))

    form = response.context["form"]
    assert form.row_count == 4 and not form.errors and not FreeGame.objects.exists()
    assert '<option value="honours" selected>' in response.content.decode()
    saved = jury.post(EMPEROR_URL, emperor_post(rows="4", bonus_4="conquest", side_4="declarer",
                                                announced_4="silent", made_4="made"))
    assert saved.status_code == 302, saved.context["form"].errors
    record = {**EMPEROR_RECORD, "bonuses": EMPEROR_RECORD["bonuses"] + [
        {"bonus": "conquest", "side": "declarer", "announced": False, "made": True}]}
    assert points_of(FreeGame.objects.get()) == engine_points(score_emperor(record))


# --- the three-handed game -------------------------------------------------------------------------


def test_a_three_handed_game_entered_by_names_is_stored_as_the_engine_scores_it(jury, players):
    # R18: (card points + tricks) - 52 each.
    response = jury.post(THREE_HANDED_URL, three_handed_post())

    assert response.status_code == 302, response.context["form"].errors
    game = FreeGame.objects.get()
    assert game.variant == FreeGame.Variant.THREE_HANDED
    assert points_of(game) == engine_points(score_three_handed(THREE_HANDED_RECORD)) == {
        "Anna": 18, "Bela": -4, "Csaba": -15}


def test_a_three_handed_game_that_does_not_add_up_is_refused_on_its_fields(jury, players):
    response = jury.post(THREE_HANDED_URL, three_handed_post(card_points_1="61", card_points_2="3"))

    page = page_of(response)
    assert "Card points of player 1: the three players' card points add up to 94, not 130 (R18)" in page
    assert "Card points of player 2: Bela cannot hold 3 card points in 24 cards: every card counts at least 1 (R18)" \
        in page
    assert 'name="card_points_2" value="3"' in page
    assert not FreeGame.objects.exists()


def test_a_three_handed_player_named_twice_is_refused(jury, players):
    response = jury.post(THREE_HANDED_URL, three_handed_post(player_3="anna"))

    assert "Player 3: Anna is named twice: the three players are three different people (R18)." in page_of(response)
    assert not FreeGame.objects.exists()


def test_the_problems_read_in_hungarian_on_the_hungarian_page(jury, players):
    hungarian = {"headers": {"accept-language": "hu"}}

    three = page_of(jury.post(THREE_HANDED_URL, three_handed_post(tricks_3="8"), **hungarian))
    emperor = page_of(jury.post(EMPEROR_URL, emperor_post(suit_1=""), **hungarian))

    assert "1. játékos ütései: a három játékos ütéseinek összege 26, nem 25 (R18)" in three
    assert "1. figura, szín: a(z) Marriage figura színt nevez meg: válassza ki a színt (R18)" in emperor
    assert not FreeGame.objects.exists()


def test_entering_a_variant_needs_the_jury(client, players):
    client.force_login(make_user())
    assert client.get(EMPEROR_URL).status_code == 403
    assert client.post(THREE_HANDED_URL, three_handed_post()).status_code == 403
    assert not FreeGame.objects.exists()


def test_the_players_are_read_once_for_a_whole_form(jury, players):
    with CaptureQueriesContext(connection) as refused:
        shown_again = jury.post(EMPEROR_URL, emperor_post(defender_2="Zoltan"))  # five names read, the form again
    with CaptureQueriesContext(connection) as stored:
        saved = jury.post(EMPEROR_URL, emperor_post())

    assert shown_again.status_code == 200 and "Zoltan" in shown_again.content.decode()
    assert saved.status_code == 302 and FreeGame.objects.count() == 1

    def player_reads(queries):
        return [query["sql"] for query in queries if 'FROM "tournaments_player"' in query["sql"]]

    assert len(player_reads(refused)) == 1  # the names and the list offered on the page: one query
    assert len(player_reads(stored)) == 1


def autofocused(page):
    """The names of the fields the page opens with the focus on (the browser takes the first)."""
    return re.findall(r'<(?:input|select|textarea)[^>]*\bautofocus\b[^>]*\bname="([^"]+)"', page) + re.findall(
        r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"[^>]*\bautofocus\b', page)


@pytest.mark.parametrize(("url", "first"), [(POINTS_URL, "played_on"), (EMPEROR_URL, "declarer"),
                                            (THREE_HANDED_URL, "played_on")])
def test_a_fresh_form_opens_on_its_first_field(jury, players, url, first):
    """The first field on the page, not the site's menu (the Emperor's page asks the players first)."""
    assert autofocused(page_of(jury.get(url))) == [first]


def test_a_refused_form_opens_on_its_first_problem_not_on_the_menu(jury, players):
    """A juror at the keyboard mends the first problem without tabbing through the site's menu."""
    page = page_of(jury.post(THREE_HANDED_URL, three_handed_post(card_points_1="61", card_points_2="3")))
    assert autofocused(page) == ["card_points_1"]
    page = page_of(jury.post(POINTS_URL, {"played_on": "2025-06-01", "kind": "training", "variant": "royal",
                                          "rows": "4", "player_1": "Anna", "points_1": "",
                                          "player_2": "Bela", "points_2": "7"}))
    assert autofocused(page) == ["points_1"]
