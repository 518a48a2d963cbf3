"""Free games in a real browser (Chromium against a live server): a juror types the beginning of a
name without its accents, picks the player the list offers (players sharing a name told apart by
membership number), and saves the game; the three free-game forms on a phone scroll no sideways."""

import pytest
from django.urls import reverse

from tests.browser.test_match_day import logged_in
from tests.factories import make_competition, make_player, make_season, make_user
from tournaments.core.models import Competition, FreeGame

YEAR = 2025


@pytest.fixture
def free_games(transactional_db):
    make_user("jury", username="alice")
    make_competition(Competition.Kind.FREE_GAMES, season=make_season(YEAR))
    return {name: make_player(name) for name in ("Kovács János", "Kovács Júlia", "Szabó Éva")}


def pick(page, field, typed, offered):
    """Type into the field, then take the offer with the arrow keys and Enter."""
    page.locator(f"#id_{field}").click()
    page.keyboard.type(typed)
    offers = page.locator(f"#id_{field} + .name-offers li")
    offers.first.wait_for()
    texts = offers.all_inner_texts()
    page.keyboard.press("ArrowDown")
    while page.locator(f"#id_{field} + .name-offers li[aria-selected=true]").inner_text() != offered:
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    return texts


def test_a_juror_picks_players_from_the_offers_and_saves_a_free_game(browser, live_server, free_games):
    twin = make_player("Kovács János")
    page = logged_in(browser, live_server, "alice", reverse("competitions:free_game_new", args=[YEAR]))
    page.locator("#id_played_on").fill(f"{YEAR}-06-01")

    offered = pick(page, "player_1", "kovacs", f"Kovács János ({twin.membership_number})")
    assert sorted(offered) == sorted(["Kovács János (" + free_games["Kovács János"].membership_number + ")",
                                      f"Kovács János ({twin.membership_number})", "Kovács Júlia"])
    assert page.locator("#id_player_1").input_value() == f"Kovács János ({twin.membership_number})"
    page.keyboard.press("Tab")
    page.keyboard.type("7")
    pick(page, "player_2", "eva", "Szabó Éva")  # any word's beginning, accents or not
    page.locator("#id_points_2").fill("-2")
    page.locator("#id_points_2").press("Enter")  # Enter saves the game

    page.wait_for_url(f"{live_server.url}{reverse('public:free_games', args=[YEAR])}")
    scores = {score.player: score.points for score in FreeGame.objects.get().scores.all()}
    assert scores == {twin: 7, free_games["Szabó Éva"]: -2}


@pytest.mark.parametrize("form", ["free_game_new", "free_game_emperor", "free_game_three_handed"])
def test_the_free_game_forms_do_not_scroll_sideways_on_a_phone(browser, live_server, free_games, form):
    page = logged_in(browser, live_server, "alice", reverse(f"competitions:{form}", args=[YEAR]), width=390)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for field in page.locator("input[required]").all():  # names no player has: the problems shown
        kind = field.get_attribute("type")
        field.fill(f"{YEAR}-06-01" if kind == "date" else "1" if field.get_attribute("inputmode") else "Zzz")
    page.locator("button.primary").click()
    page.wait_for_selector(".refused")
    assert "Nothing was saved." in page.locator(".refused").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
