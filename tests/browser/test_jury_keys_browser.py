"""What a Hungarian juror and organiser reach by keyboard and see, in Chromium against a live server:
sending a match back from a reopened blind page (Alt+Shift+B, Enter sends, Shift+Enter a new line);
going to hand 7 of a correction with one key or one tap, and Enter walking through stored hands
without storing them again; the full deal's box showing its four seats on a phone, a tablet and a
laptop; "Replace theirs with mine" one Tab or one key after a lost race; a feast's card in the score
lines ("Ultimó (pagát)"); and each confirmation message shown once."""

import copy
import random

import pytest
from django.urls import reverse

from bench.hands import random_hand_records
from tests.browser.conftest import log_in
from tests.browser.test_match_day import submitted_match
from tests.factories import (
    PASSWORD,
    eight_hand_records,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_user,
)
from tests.web.test_entry_lines import ULTIMO
from tournaments.core.models import Hand, HandDraft, Match
from tournaments.recording import matches

PHONE, TABLET, LAPTOP = 390, 768, 1280


def signed_in(browser, live_server, username, path, width=LAPTOP):
    page = browser.new_page(viewport={"width": width, "height": 900 if width > PHONE else 844},
                            locale="hu-HU", extra_http_headers={"Accept-Language": "hu"})
    log_in(page, live_server.url, username, PASSWORD, then=path)
    return page


def focused(page):
    return page.evaluate("document.activeElement && document.activeElement.id")


def in_view(page, selector):
    """Whether the element is within the screen as it is scrolled now."""
    return page.locator(selector).evaluate(
        "e => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }")


def test_a_reopened_blind_page_sends_the_match_back_by_keyboard(browser, live_server, transactional_db):
    alice = make_user("jury", username="alice")
    make_user("chief", username="carol")
    match = submitted_match(alice, name="Vak", blind_confirmation=True)
    path = reverse("jury:blind", args=[match.pk])
    page = signed_in(browser, live_server, "carol", path)
    page.keyboard.press("Enter")  # the attackers as offered
    page.keyboard.type("12")  # hand 1 begun, kept as typed
    page.wait_for_function("() => document.getElementById('hand-1-status').textContent.includes(':')")
    assert HandDraft.objects.filter(match=match, purpose=HandDraft.Purpose.BLIND).exists()

    page.reload()  # the juror comes back to the page: nothing compared
    page.wait_for_load_state()
    assert page.locator("#blind-differences").count() == 0
    page.keyboard.press("Alt+Shift+B")
    assert focused(page) == "id_comment"
    assert in_view(page, "#id_comment")
    page.keyboard.type("5. leosztás: nézze meg az eredményt.")
    page.keyboard.press("Shift+Enter")  # a new line, nothing sent
    page.keyboard.type("A jegyzőlapon bukott.")
    assert Match.objects.get(pk=match.pk).state == Match.State.ENTERED
    with page.expect_navigation():
        page.keyboard.press("Enter")  # sends it back, with the comment typed

    assert page.locator(".message.success").inner_text() == "A mérkőzés visszaküldve a zsűrinek."
    match.refresh_from_db()
    assert match.state == Match.State.RETURNED
    assert match.jury_comment == "5. leosztás: nézze meg az eredményt.\nA jegyzőlapon bukott."


@pytest.mark.parametrize("width", [PHONE, LAPTOP])
def test_hand_7_of_a_correction_is_one_key_or_one_tap_away(browser, live_server, transactional_db, width):
    make_user("chief", username="dora")
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
    page = signed_in(browser, live_server, "dora", reverse("jury:match", args=[match.pk]), width)
    assert focused(page) == "id_h1-attackers"

    page.keyboard.press("Alt+Shift+7")
    assert focused(page) == "id_h7-a_trumps" and in_view(page, "#id_h7-a_trumps")
    page.locator(".hand-jump a", has_text="3").click()
    assert focused(page) == "id_h3-a_trumps" and in_view(page, "#id_h3-a_trumps")
    links = page.locator(".hand-jump a")
    assert links.count() == 8
    assert all(links.nth(index).bounding_box()["height"] >= 24 for index in range(8))  # a finger's target
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_enter_walks_through_stored_hands_without_storing_them_again(browser, live_server, transactional_db):
    alice = make_user("jury", username="alice")
    match = make_match()
    for number, record in enumerate(eight_hand_records(), start=1):
        matches.record_hand(match, number, record, user=alice)
    version = Match.objects.get(pk=match.pk).version
    page = signed_in(browser, live_server, "alice", reverse("jury:match", args=[match.pk]))
    page.keyboard.press("Alt+Shift+1")
    assert focused(page) == "id_h1-attackers"

    for _press in range(16):  # every field of hand 1, the announcements' extra line taken away again
        page.keyboard.press("Enter")
        if focused(page) == "id_h2-a_trumps":
            break
    assert focused(page) == "id_h2-a_trumps"  # on to hand 2, not to Submit
    page.wait_for_timeout(800)  # any keeping or storing would be on its way by now
    assert Match.objects.get(pk=match.pk).version == version
    assert not HandDraft.objects.filter(match=match).exists()
    assert page.locator("#hand-1-status").inner_text() == "tárolva"


def test_enter_in_a_field_the_walk_passes_over_goes_on_and_stores_nothing(browser, live_server, transactional_db):
    make_user("jury", username="alice")
    match = make_match()
    page = signed_in(browser, live_server, "alice", reverse("jury:match", args=[match.pk]))

    page.locator("#id_h2-attackers").focus()  # later hands' attackers follow hand 1's (R3)
    page.keyboard.press("Enter")
    assert focused(page) == "id_h2-a_trumps"
    page.locator("#id_h2-b_trumps").focus()  # B's holdings, left to follow A's
    page.keyboard.press("Enter")
    assert focused(page) == "id_h2-announcements"
    page.wait_for_timeout(800)
    assert not Hand.objects.filter(match=match).exists()
    assert "hand-invalid" not in page.locator("#hand-2").get_attribute("class")


@pytest.mark.parametrize("width", [PHONE, TABLET, LAPTOP])
def test_the_full_deal_box_shows_its_four_seats(browser, live_server, transactional_db, width):
    alice = make_user("jury", username="alice")
    full = random_hand_records(random.Random(7), 1, full=True, first_attackers="A")[0]
    match = make_match()
    matches.record_hand(match, 1, full, user=alice)
    page = signed_in(browser, live_server, "alice", reverse("jury:match", args=[match.pk]), width)

    deal = page.locator("#id_h1-deal")
    assert deal.is_visible()
    assert len(deal.input_value().splitlines()) == 4
    assert deal.evaluate("box => box.scrollHeight <= box.clientHeight + 1")  # no seat below the box's edge
    deal.focus()
    page.keyboard.press("Control+End")
    page.keyboard.type(" ")  # typing keeps it whole too
    assert deal.evaluate("box => box.scrollHeight <= box.clientHeight + 1")


def test_replace_theirs_is_one_tab_or_one_key_after_a_lost_race(browser, live_server, transactional_db):
    make_user("jury", username="alice")
    make_user("jury", username="bob")
    match = make_match()
    path = reverse("jury:match", args=[match.pk])
    alice = signed_in(browser, live_server, "alice", path)
    bob = signed_in(browser, live_server, "bob", path)  # another context: new_page gives its own cookies

    def type_hand_1(page, announcement):
        page.locator("#id_h1-a_trumps").focus()
        for text in ("12", "1", "18"):
            page.keyboard.type(text)
            page.keyboard.press("Enter")
        page.keyboard.type(announcement)
        for _key in range(3):
            page.keyboard.press("Enter")
        page.wait_for_selector("#hand-1.hand-stored, #hand-1.hand-conflict", timeout=10_000)

    type_hand_1(alice, "phe a.d i w")
    type_hand_1(bob, "phe a.d i l")  # bob read the pheasant as lost
    assert focused(bob) == "hand-1-race"

    bob.keyboard.press("Tab")
    assert bob.evaluate("document.activeElement.className") == "replace-theirs danger"
    bob.locator("#id_h1-a_trumps").focus()
    bob.keyboard.press("Alt+Shift+R")  # from anywhere on the page
    assert bob.evaluate("document.activeElement.className") == "replace-theirs danger"
    assert "Alt+Shift+R" in bob.locator(".replace-theirs").inner_text()
    bob.keyboard.press("Enter")
    bob.wait_for_selector("#hand-1.hand-stored")
    assert Hand.objects.get(match=match, number=1).announcements.get().result == "lost"


@pytest.mark.parametrize("width", [PHONE, LAPTOP])
def test_the_score_lines_name_the_card_of_an_ultimo(browser, live_server, transactional_db, width):
    make_user("chief", username="dora")
    match = make_match(hand_records=[copy.deepcopy(ULTIMO)] + eight_hand_records()[1:], confirmed=True)
    page = signed_in(browser, live_server, "dora", reverse("jury:match", args=[match.pk]), width)

    rows = page.locator("#hand-1-result tbody th").all_inner_texts()

    assert rows == ["Kompenzáció", "Ultimó (pagát)", "Kontra: Ultimó (pagát)", "Sárkány (kőr király)"]
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_each_message_is_shown_once(browser, live_server, transactional_db):
    make_user("organiser", username="olga")
    make_season(2025)
    make_competition()
    for name in ("Anna", "Béla", "Csaba", "Dóra"):
        make_player(name)
    teams = reverse("competitions:teams", args=[2025])
    page = signed_in(browser, live_server, "olga", teams, PHONE)

    def add_team(name, driver, catcher):
        page.goto(live_server.url + reverse("competitions:team_new", args=[2025]))
        page.locator("input[name=name]").fill(name)
        page.locator("select[name=driver]").select_option(label=driver)
        page.locator("select[name=catcher]").select_option(label=catcher)
        with page.expect_navigation():
            page.locator("main form button[type=submit]").first.click()
        return page.locator(".message").all_inner_texts()

    assert add_team("Pagátok", "Anna", "Béla") == ["Mentve: Pagátok."]
    assert add_team("Skízek", "Csaba", "Dóra") == ["Mentve: Skízek."]  # not piled on the first
    page.goto(live_server.url + reverse("competitions:season_admin", args=[2025]))
    assert page.locator(".message").count() == 0
    page.go_back()  # the page that showed it, again: not the message
    assert page.url.endswith(teams) and page.locator(".message").count() == 0
    page.go_forward()
    assert page.locator(".message").count() == 0
