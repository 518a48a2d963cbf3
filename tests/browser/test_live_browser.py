"""Two screens at a match day, the big screen and the Championship table on a phone, both in
Hungarian: a confirmed match reaches them without a reload; the server stops under them (they say
so politely), starts again on the same port, and the next confirmation reaches them too.

The site is served by an ASGI server (uvicorn, in a thread of this process, so it shares the test
database), pages and WebSockets alike (conftest.serve_asgi)."""

import threading

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import eight_hand_records, make_competition, make_match, make_season, make_team, make_user
from tournaments.recording import matches

LOST = "Élő frissítés megszakadt, újrakapcsolódás…"


@pytest.fixture
def match_day():
    today = timezone.localdate()
    season = make_season(today.year)
    championship = make_competition(season=season)
    make_competition("cup", season=season)
    teams = [make_team(f"Csapat {n}", season=season) for n in range(4)]
    return [make_match(teams[0], teams[1], championship, hand_records=eight_hand_records(), played_on=today),
            make_match(teams[2], teams[3], championship, hand_records=eight_hand_records(), played_on=today)]


@pytest.fixture
def chief():
    return make_user("chief")


def confirmed_elsewhere(match, chief) -> None:
    """A chief juror confirms on their own phone: the door, in another thread (outside Playwright's loop)."""
    confirming = threading.Thread(target=matches.confirm_match, args=[match, chief])
    confirming.start()
    confirming.join(30)


def listening(page) -> None:
    """The page's socket is open (it has been sent the block) and the page says nothing of a lost one."""
    page.locator("#live[data-version]").wait_for(state="attached")
    page.locator("[data-live-status]:empty").wait_for(state="attached")


def shows_score(big_screen, table, match) -> None:
    teams = f"{match.team_a} – {match.team_b}"
    big_screen.locator("#live tr").filter(has_text=teams).filter(has_text="88 : 93").wait_for(timeout=15000)
    table.locator("#live tr").filter(has_text=str(match.team_b)).filter(has_text="93").wait_for(timeout=15000)


def test_two_screens_see_each_confirmation_without_a_reload_and_again_after_a_restart(transactional_db, match_day,
                                                                                      chief, browser, serve_asgi):
    """(The data is made before the browser starts: the door tells the live pages from the test's
    thread, where Playwright's event loop then runs.)"""
    first, second = match_day
    year = timezone.localdate().year
    site = serve_asgi()
    origin = site.origin
    context = browser.new_context(locale="hu-HU")
    big_screen = context.new_page()
    big_screen.goto(origin + reverse("public:big_screen", args=[year]))
    table = browser.new_context(viewport={"width": 390, "height": 844}, locale="hu-HU").new_page()
    table.goto(origin + reverse("public:championship", args=[year]) + "?sort=-total")
    for page in (big_screen, table):
        listening(page)
        page.evaluate("window.sameDocument = true")  # gone with a reload
        assert page.locator("[data-live-status]").is_hidden()
    assert "88 : 93" not in big_screen.locator("#live").inner_text()

    confirmed_elsewhere(first, chief)
    shows_score(big_screen, table, first)

    site.stop()
    for page in (big_screen, table):
        page.locator("[data-live-status]").filter(has_text=LOST).wait_for()
    site.start()
    for page in (big_screen, table):
        listening(page)
    confirmed_elsewhere(second, chief)
    shows_score(big_screen, table, second)
    for page in (big_screen, table):
        assert page.evaluate("window.sameDocument") is True
    # The table's order is still the viewer's: by total, highest first.
    assert table.locator("#live th.desc").inner_text() == "Összesen"
