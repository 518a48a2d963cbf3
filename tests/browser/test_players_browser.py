"""The players enter their own match at the table, on two phones, while the jury's match-day screen
is open on a laptop: a hand entered by team A, sent back by team B with a note, corrected and sent
again, accepted with one tap, each step on the jury's screen without a reload; a phone that loses
its connection mid-entry keeps its hand and sends it when the connection returns; a renewed link
ends the old one; then the juror submits the match and the chief jury confirms it.

The site is served by an ASGI server in a thread of this process (pages and WebSockets, as in
test_live_browser.py), so that it shares the test database."""

import threading

import pytest
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from tests.browser.conftest import log_in
from tests.factories import PASSWORD, eight_hand_records, make_competition, make_match, make_season, make_user
from tournaments.core.models import Hand, Match, PlayerHand, TeamLink
from tournaments.recording import matches, player_entry

PHONE = {"viewport": {"width": 390, "height": 844}, "locale": "en-GB"}
LAPTOP = {"viewport": {"width": 1280, "height": 900}, "locale": "en-GB"}
# eight_hand_records() as a team types them: A's trumps, honours and XVI-XVIII, the announcements,
# the silent premiums (tests/browser/test_match_day.py's HANDS).
HAND_1 = ("12", "1", "18", "phe a.d i w", "")
HAND_1_MISTYPED = ("11", "1", "18", "phe a.d i w", "")
HAND_2 = ("12", "1", "18", "pl b.d c=opp w", "")


@pytest.fixture
def server(serve_asgi):
    return serve_asgi().origin


@pytest.fixture
def match():
    today = timezone.localdate()
    competition = make_competition(season=make_season(today.year), players_enter_hands=True)
    return make_match(competition=competition, played_on=today)


def logged_in(context, origin, username, path):
    page = context.new_page()
    log_in(page, origin, username, PASSWORD, then=path)
    return page


def type_hand(phone, number, hand):
    a_trumps, a_honours, a_high, announcements, silent = hand
    for name, text in (("a_trumps", a_trumps), ("a_honours", a_honours), ("a_high", a_high),
                       ("announcements", announcements), ("silent", silent)):
        phone.locator(f"#id_h{number}-{name}").fill(text)


def send(phone, number):
    phone.get_by_role("button", name=f"Send hand {number} to the other team").click()


def hand_on_screen(screen, match, number):
    return screen.locator(f"#live section:has(#table-{match.pk}) ol.hand-row li").nth(number - 1)


def screen_shows(screen, match, number, state, text=""):
    hand = hand_on_screen(screen, match, number)
    hand.and_(screen.locator(f"li.hand-{state}")).filter(has_text=text).wait_for(timeout=15000)


def test_two_phones_enter_dispute_correct_and_accept_a_hand_the_jury_watching_then_submit_and_confirm(
        transactional_db, match, browser, server):
    juror = make_user("jury", username="judit")
    make_user("chief", username="carol")
    links = {side: player_entry.give_link(match, side, juror) for side in "AB"}
    team_url = {side: f"{server}{reverse('players:team', args=[link.token])}" for side, link in links.items()}

    laptop = browser.new_context(**LAPTOP)
    screen = logged_in(laptop, server, "judit", reverse("jury:match_day"))
    screen.evaluate("window.sameDocument = true")  # gone with a reload
    screen.locator("#live[data-listening]").wait_for(state="attached")  # the screen's socket is open
    phone_a_context, phone_b_context = browser.new_context(**PHONE), browser.new_context(**PHONE)
    phone_a, phone_b = phone_a_context.new_page(), phone_b_context.new_page()

    # Team A enters hand 1 (with a mistake); the jury's screen shows it awaiting team B.
    phone_a.goto(team_url["A"])
    type_hand(phone_a, 1, HAND_1_MISTYPED)
    send(phone_a, 1)
    phone_a.locator("#state-1").filter(has_text="sent, waiting for the other team").wait_for()
    screen_shows(screen, match, 1, "awaiting")

    # Team B sends it back with a note: team A and the jury read it.
    phone_b.goto(team_url["B"])
    phone_b.get_by_text("Something is wrong").click()
    phone_b.locator("#note-1").fill("We had 10 trumps, you had 12")
    phone_b.get_by_role("button", name="Send hand 1 back").click()
    phone_b.locator("#state-1").filter(has_text="sent back").wait_for()
    screen_shows(screen, match, 1, "disputed", "We had 10 trumps, you had 12")
    assert "A hand was sent back" in screen.locator("#live").inner_text()

    # Team A corrects it and sends it again; team B accepts it with one tap: stored.
    phone_a.reload()
    assert "We had 10 trumps, you had 12" in phone_a.locator("#state-1").inner_text()
    assert phone_a.locator("#id_h1-a_trumps").input_value() == "11"  # the hand as sent, to correct
    phone_a.locator("#id_h1-a_trumps").fill("12")
    send(phone_a, 1)
    phone_a.locator("#state-1").filter(has_text="sent, waiting for the other team").wait_for()
    screen_shows(screen, match, 1, "awaiting")
    phone_b.reload()
    phone_b.get_by_role("button", name="Hand 1 is right").click()
    phone_b.locator("#state-1").filter(has_text="stored").wait_for()
    screen_shows(screen, match, 1, "stored")
    assert Hand.objects.get(match=match, number=1).attackers == "A"
    assert PlayerHand.objects.get(match=match, number=1).revision == 2

    # Team A's phone loses its connection mid-entry: the hand waits on the phone, sent on return.
    phone_a.reload()
    type_hand(phone_a, 2, HAND_2)
    phone_a_context.set_offline(True)
    send(phone_a, 2)
    phone_a.locator("#sending").filter(has_text="Not sent yet").wait_for()
    assert phone_a.locator("#id_h2-announcements").input_value() == "pl b.d c=opp w"  # kept on screen
    assert not PlayerHand.objects.filter(match=match, number=2).exists()
    phone_a_context.set_offline(False)
    phone_a.locator("#state-2").filter(has_text="sent, waiting for the other team").wait_for(timeout=20000)
    assert PlayerHand.objects.get(match=match, number=2).revision == 1  # sent once
    screen_shows(screen, match, 2, "awaiting")

    # The jury renews team B's link: the old one ends at once, its page says so.
    links_page = laptop.new_page()
    links_page.goto(f"{server}{reverse('jury:team_links', args=[match.pk])}")
    links_page.locator("#link-B").locator("..").get_by_role("button", name="New link (ends this one)").click()
    links_page.wait_for_load_state()
    phone_b.reload()
    assert "This link has ended" in phone_b.locator(".players").inner_text()
    assert phone_b.get_by_role("button", name="Hand 2 is right").count() == 0
    renewed = TeamLink.objects.get(match=match, side="B", ended_at=None)
    assert renewed.token != links["B"].token

    # The rest of the match through the door: hand 2 accepted on the new link, hands 3-8 stored, in a
    # thread of their own as a server's request is: this one runs Playwright's event loop, where
    # the door's word to the screens (async_to_sync) cannot be sent.
    def the_rest_of_the_match():
        try:
            player_entry.accept_hand(renewed, 2, revision=1)
            records = eight_hand_records()
            for number in range(3, 9):
                matches.record_hand(match, number, records[number - 1], user=juror)
        finally:
            connection.close()  # the thread's own

    door = threading.Thread(target=the_rest_of_the_match)
    door.start()
    door.join(30)
    screen_shows(screen, match, 8, "stored")
    assert screen.evaluate("window.sameDocument") is True  # every step came without a reload

    # The juror submits the match; the chief jury confirms it; the teams' links enter nothing more.
    screen.goto(f"{server}{reverse('jury:match', args=[match.pk])}")
    screen.locator("#submit-match").click()
    screen.locator(".message.success").wait_for()
    chief = logged_in(browser.new_context(**LAPTOP), server, "carol", reverse("jury:match", args=[match.pk]))
    chief.locator("#confirm-match").click()
    chief.locator(".message.success").wait_for()
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED
    phone_a.reload()
    assert "handed to the jury" in phone_a.locator(".players").inner_text()
