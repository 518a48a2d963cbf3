"""The players at the online table, in Hungarian, on a phone (390x844) and a laptop (1280x800)
(issue 36): a refused card's reason and a move not sent while the connection is down are said in
view, near the hand, and read out; the whole hand is in view when the page opens, mid-trick too;
the feasts offered are folded by family, so that a phone's first screen shows the families; the
tricks counter counts the hand's tricks and shows the last hand's after the match; the chief juror
who opened a match's table reads why another confirms it, and a plain juror why they open none."""

import random
import threading
import time

import pytest

from scoring.feasts import FEASTS
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, make_competition, make_match, make_season, make_user
from tests.scoring.table_moves import an_offered_move
from tests.web.table_play import play_hand, seats_of
from tournaments.core.models import Match
from tournaments.pages.table.broadcast import table_changed
from tournaments.recording import matches, tables

from .test_table_browser import seed_with_visi_for_the_dealer, wait_for_moves

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
SIZES = pytest.mark.parametrize("viewport", [PHONE, LAPTOP], ids=["phone", "laptop"])

IN_VIEW = """(element) => { const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight
        && box.left >= 0 && box.right <= window.innerWidth; }"""


@pytest.fixture
def server(serve_asgi):
    """The site served as in production (pages and WebSockets), in a thread of this process."""
    return serve_asgi()


@pytest.fixture
def base(server):
    return server.origin


@pytest.fixture
def chief(transactional_db):
    return make_user("chief", username="cecilia")


@pytest.fixture
def match(transactional_db):
    from django.utils import timezone

    today = timezone.localdate()
    return make_match(competition=make_competition(season=make_season(today.year)), played_on=today)


def seat_page(browser, base, secret, viewport):
    page = browser.new_context(viewport=viewport, locale="hu-HU").new_page()
    page.goto(f"{base}/table/join/{secret}/")
    page.locator("#connection").filter(has_text="Kapcsolódva").wait_for()
    page.locator("#hand button").first.wait_for()
    return page


def assert_in_view(locator, what):
    for index in range(locator.count()):
        assert locator.nth(index).evaluate(IN_VIEW), f"{what} {index + 1} is out of view"


def send_views(table) -> None:
    """The table's views sent to its pages, as a move sends them (from a thread: Playwright's event
    loop runs in this one)."""
    sending = threading.Thread(target=table_changed, args=[table])
    sending.start()
    sending.join(10)


def make_moves(table, links, until, rng=None):
    """Offered moves (passes only while announcing), each by the seat to act, until ``until(hand)``."""
    rng = rng or random.Random(3)
    seats = seats_of(table, links)
    while not until(hand := tables.load(table).hand):
        move = an_offered_move(hand, rng, speak=0)
        tables.make_move(seats[str(move.seat)], move.as_dict())


@SIZES
def test_the_whole_hand_is_in_view_when_the_page_opens_and_mid_trick(base, browser, chief, match, viewport):
    table, links = tables.open_table(user=chief, match=match, seed=7)
    page = seat_page(browser, base, links["A.catcher"], viewport)
    assert page.locator("#hand button").count() == 10
    assert_in_view(page.locator("#hand button"), f"at {viewport}, card")

    # Trick 2 with three cards on the table: the fourth player's page, opened then, shows them and
    # every card of the hand at once.
    make_moves(table, links, lambda hand: hand.trick_number == 2 and len(hand.current_trick) == 3)
    fourth = str(tables.load(table).hand.to_act)
    page = seat_page(browser, base, links[fourth], viewport)
    page.locator(".table-seat .table-played").nth(2).wait_for()
    assert page.locator("#hand button").count() == 9
    assert_in_view(page.locator("#hand button"), f"at {viewport} mid-trick, card")
    page.locator("#status").filter(has_text="Ön következik").wait_for()


@SIZES
def test_a_refusal_and_a_move_not_sent_are_said_in_view_and_read_out(server, base, browser, chief, match, viewport):
    table, links = tables.open_table(user=chief, match=match, seed=7)
    dealer = str(tables.load(table).hand.to_act)
    page = seat_page(browser, base, links[dealer], viewport)
    refusal = page.locator("#refusal")
    assert refusal.get_attribute("aria-live") == "assertive" and refusal.get_attribute("role") == "alert"
    assert not refusal.is_visible()  # nothing to say, no room taken

    # A card before the announcements end, tapped from the bottom of the page: the reason is on screen.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator("#hand button").last.click(force=True)
    refusal.filter(has_text="bemondások").wait_for()
    assert refusal.evaluate(IN_VIEW), "the refusal is out of view"
    assert len(tables.load(table).hand.moves) == 0

    # The next move clears it.
    page.locator("#pass").click()
    wait_for_moves(table, 1)
    assert not refusal.is_visible()

    # The connection goes: a move made meanwhile is said not sent, in view.
    server.stop()
    page.locator("#connection").filter(has_text="megszakadt").wait_for()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator("#hand button").first.click(force=True)
    refusal.filter(has_text="nem ment el").wait_for()
    assert refusal.evaluate(IN_VIEW), "'not sent' is out of view"


def test_the_feasts_offered_are_folded_by_family_on_a_phone(base, browser, chief, match):
    table, links = tables.open_table(user=chief, match=match, seed=seed_with_visi_for_the_dealer())
    hand = tables.load(table).hand
    dealer = str(hand.to_act)
    families = {FEASTS[move.feast].category.value for move in hand.legal_announcements()}
    page = seat_page(browser, base, links[dealer], PHONE)
    page.locator("#offers-summary").click()
    summary = page.locator("#offers-summary").inner_text()
    assert summary == f"Figura bemondása ({len(hand.legal_announcements())} lehetőség)", summary
    folds = page.locator("#offers details.table-offer-group")
    assert folds.count() == len(families) > 1
    # The first screen shows every family, folded: from the summary down, no button of a feast yet.
    page.locator("#offers-summary").evaluate("(summary) => summary.scrollIntoView({block: 'start'})")
    assert_in_view(folds.locator("summary"), "family")
    shown = page.locator("#offers .table-offer").evaluate_all("(all) => all.filter((b) => b.checkVisibility()).length")
    assert shown == 0
    bound = page.locator("#offers details[data-category='bound trick']")
    assert bound.locator("summary").inner_text().startswith("Ütéshez kötött figurák (")

    # A family opened shows its feasts; Piccolo announced from it reaches the table.
    bound.locator("summary").click()
    page.locator(".table-offer", has_text="Pikoló (5)").first.click()
    state = wait_for_moves(table, 1)
    assert [a.feast.id for a in state.hand.announcements()] == ["piccolo"]
    page.locator("#said li").first.filter(has_text="Pikoló").wait_for()


def counts_shown(page) -> dict[str, int]:
    """The tricks counter as drawn: each team's name with its count."""
    names = page.locator("#tricks-won dt").all_inner_texts()
    counts = page.locator("#tricks-won dd").all_inner_texts()
    return {name.rstrip(":"): int(count) for name, count in zip(names, counts, strict=True)}


def wait_for_counts(page, expected, timeout=10):
    deadline = time.monotonic() + timeout
    while counts_shown(page) != expected:
        assert time.monotonic() < deadline, f"the tricks counter shows {counts_shown(page)}, not {expected}"
        time.sleep(0.05)


def test_the_tricks_counter_counts_each_hand_and_shows_the_last_after_the_match(base, browser, chief, match):
    table, links = tables.open_table(user=chief, match=match, seed=7)
    phone = seat_page(browser, base, links["A.catcher"], PHONE)
    laptop = seat_page(browser, base, links["B.driver"], LAPTOP)
    board = browser.new_context(viewport=LAPTOP, locale="hu-HU").new_page()
    board.goto(f"{base}/table/big-screen/")
    teams = {"A": match.team_a.name, "B": match.team_b.name}

    make_moves(table, links, lambda hand: len(hand.trick_winners) == 3 and not hand.current_trick)
    won = {team.value: count for team, count in tables.load(table).hand.tricks_won().items()}
    send_views(table)
    for page in (phone, laptop):
        page.locator("#won-title").filter(has_text="Elvitt ütések").wait_for()
        wait_for_counts(page, {teams["A"]: won["A"], teams["B"]: won["B"]})
    for team, count in won.items():
        board.locator(f"tr[data-team='{team}'] [data-part='tricks']").filter(has_text=str(count)).wait_for()

    for number in range(1, 9):  # the rest of hand 1, then hands 2 to 8
        last = play_hand(table, links, rng=random.Random(number))
    final = tables.load(table).finished_hand(8)
    won = {team.value: count for team, count in final.tricks_won().items()}
    assert last.state.finished_count == 8 and sum(won.values()) == 10
    send_views(table)
    for page in (phone, laptop):
        page.locator("#status").filter(has_text="vége").wait_for()
        page.locator("#won-title").filter(has_text="a 8. leosztásban").wait_for()
        wait_for_counts(page, {teams["A"]: won["A"], teams["B"]: won["B"]})
        assert page.locator("#tricks-won").is_visible()
    for team, count in won.items():  # the big screen too
        board.locator(f"tr[data-team='{team}'] [data-part='tricks']").filter(has_text=str(count)).wait_for()


def test_who_opens_a_matchs_table_and_who_confirms_it_is_said(base, browser, chief, match):
    table, links = tables.open_table(user=chief, match=match, seed=7)
    page = browser.new_context(viewport=LAPTOP, locale="hu-HU").new_page()
    log_in(page, base, "cecilia", PASSWORD)
    page.goto(f"{base}/jury/matches/{match.pk}/")
    note = page.locator("#opened-table-note")
    assert "Ön nyitotta meg" in note.inner_text() and "másik főzsűritag hagyja jóvá" in note.inner_text()
    assert "Megnyitotta: cecilia" in page.locator(".online-table").inner_text()
    page.goto(f"{base}/table/{table.pk}/")
    assert "másik főzsűritag hagyja jóvá" in page.locator("#opened-table-note").inner_text()

    # A plain juror's page of a match still to be played says who opens its table, and why.
    other = make_match(competition=match.competition, played_on=match.played_on)
    jakab = make_user("jury", username="jakab")
    juror = browser.new_context(viewport=PHONE, locale="hu-HU").new_page()
    log_in(juror, base, "jakab", PASSWORD)
    juror.goto(f"{base}/jury/matches/{other.pk}/")
    why = juror.locator("#who-opens-table").inner_text()
    assert "főzsűritag nyitja meg" in why and "négy szem elve" in why and "Ön nem főzsűritag" in why

    # The table's eight hands entered in the chief juror's name, and submitted by a juror: the chief
    # juror's page says why another confirms the match, in place of a bare refusal.
    for number in range(1, 9):
        play_hand(table, links, rng=random.Random(number))
    match.refresh_from_db()
    matches.submit_match(match, jakab)
    assert Match.objects.get(pk=match.pk).state == Match.State.ENTERED
    page.goto(f"{base}/jury/matches/{match.pk}/")
    actions = page.locator("#match-actions").inner_text()
    assert "Ön nyitotta meg a mérkőzés online asztalát" in actions and "másik főzsűritag" in actions
    assert page.locator("#confirm-match").count() == 0
