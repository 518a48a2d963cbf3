"""The keyboard to the end of a match (Chromium against a live server): a blind confirmation of a
match with a full-deal hand typed by keyboard alone; confirming, sending back, submitting again and
correcting with the Alt+Shift keys shown on the buttons; a hand lost to another juror's save shown
side by side and replaced only on purpose; and the entry fields at a phone's 390 px."""

import random

from django.urls import reverse

from bench.hands import random_hand_records
from tests.browser.conftest import log_in
from tests.browser.test_match_day import HANDS, focused_id, logged_in
from tests.factories import PASSWORD, eight_hand_records, make_competition, make_match, make_user
from tournaments.core import bridge
from tournaments.core.models import Hand, Match
from tournaments.pages.hand_reader import initial_for
from tournaments.recording import matches

NAVIGATION = {"Tab", "Shift+Tab", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"}


class Keys:
    """The juror's keyboard, counted: every key, and those that only move (Tab, arrows, a shortcut)."""

    def __init__(self, page):
        self.page, self.total, self.navigation = page, 0, 0

    def type(self, text):
        self.page.keyboard.type(text)
        self.total += len(text)

    def press(self, key):
        self.page.keyboard.press(key)
        self.total += 1
        if key in NAVIGATION or key.startswith("Alt+Shift+"):
            self.navigation += 1

    def line(self, text):
        self.type(text)
        self.press("Enter")


def enter_on(keys, button, match, state):
    """Enter on ``button``, which has the focus: the page says it is done, the match is in ``state``."""
    assert focused_id(keys.page) == button
    keys.press("Enter")
    keys.page.wait_for_selector(".message.success")
    match.refresh_from_db()
    assert match.state == state


def full_deal_match(juror, *, blind):
    """A submitted match whose hand 1 is a full deal with its ten tricks (the engine's generator),
    hands 2-8 as holdings and results."""
    full = random_hand_records(random.Random(7), 1, full=True, first_attackers="A")[0]
    records = [full] + eight_hand_records()[1:]
    match = make_match(competition=make_competition(name="Blind", blind_confirmation=blind))
    for number, record in enumerate(records, start=1):
        matches.record_hand(match, number, record, user=juror)
    matches.submit_match(match, juror)
    return match, full


def reordered_deal(deal_text):
    """The same deal as a juror may type it from the sheet: the seats and each seat's cards in
    another order."""
    lines = deal_text.splitlines()
    return [f"{line.split(': ')[0]}: {' '.join(reversed(line.split(': ')[1].split()))}" for line in reversed(lines)]


def test_a_blind_confirmation_of_a_full_deal_agrees_by_keyboard_alone(browser, live_server, transactional_db):
    alice = make_user("jury", username="alice")
    make_user("chief", username="carol")
    match, full = full_deal_match(alice, blind=True)
    typed = initial_for(full, 1)

    page = logged_in(browser, live_server, "carol", reverse("jury:blind", args=[match.pk]))
    assert focused_id(page) == "id_h1-attackers"  # no Tab to reach the first field
    keys = Keys(page)
    keys.press("Enter")  # attackers: A, as offered
    for _empty in ("a_trumps", "a_honours", "a_high"):  # the holdings follow from the deal
        keys.press("Enter")
    assert focused_id(page) == "id_h1-announcements"
    for line in typed["announcements"].splitlines():
        keys.line(line)
    keys.press("Enter")  # an empty line leaves the announcements
    assert focused_id(page) == "id_h1-silent"
    keys.press("Tab")  # to "Full deal and tricks"
    keys.press("Enter")  # opens it, with the focus in the deal
    assert focused_id(page) == "id_h1-deal"
    for line in reordered_deal(typed["deal"]):
        keys.line(line)
    keys.press("Enter")  # an empty line of the deal goes on to the tricks, storing nothing
    assert focused_id(page) == "id_h1-tricks"
    for line in typed["tricks"].splitlines():
        keys.line(line)
    keys.press("Enter")
    assert focused_id(page) == "id_h2-a_trumps"  # on to hand 2 (its attackers follow hand 1's, R3)
    for number, (a_trumps, a_honours, a_high, announcements, silent) in enumerate(HANDS[1:], start=2):
        for text in (a_trumps, a_honours, a_high):
            keys.line(text)
        for line in announcements:
            keys.line(line)
        keys.press("Enter")
        keys.line(silent)
        if number < 8:
            assert focused_id(page) == f"id_h{number + 1}-a_trumps"
    assert focused_id(page) == "compare-entries"
    keys.press("Enter")
    page.wait_for_selector(".message.success")
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED
    print(f"blind confirmation with a full deal: {keys.total} keys, {keys.navigation} navigation "
          f"({keys.navigation / keys.total:.1%})")
    assert keys.navigation / keys.total <= 0.10


def test_after_a_comparison_the_differences_have_the_focus_and_lead_into_the_hand(browser, live_server,
                                                                                  transactional_db):
    alice = make_user("jury", username="alice")
    make_user("chief", username="carol")
    match, full = full_deal_match(alice, blind=True)
    page = logged_in(browser, live_server, "carol", reverse("jury:blind", args=[match.pk]))
    typed = initial_for(full, 1)
    page.locator("#hand-1 details.full-record summary").click()
    for name in ("announcements", "deal", "tricks"):
        page.locator(f"#id_h1-{name}").fill(typed[name])
    for number, (a_trumps, a_honours, a_high, announcements, silent) in enumerate(HANDS[1:], start=2):
        page.locator(f"#id_h{number}-a_trumps").fill(a_trumps)
        page.locator(f"#id_h{number}-a_honours").fill(a_honours)
        page.locator(f"#id_h{number}-a_high").fill("17" if number == 6 else a_high)  # misread
        page.locator(f"#id_h{number}-announcements").fill("\n".join(announcements))
        page.locator(f"#id_h{number}-silent").fill(silent)
    page.keyboard.press("Alt+Shift+C")
    assert focused_id(page) == "compare-entries"
    page.keyboard.press("Enter")
    page.wait_for_selector("#blind-differences")
    assert focused_id(page) == "blind-differences"
    differences = page.locator("#blind-differences").inner_text()
    assert "Hand 6" in differences and "Hand 1" not in differences  # the full deal agrees
    page.keyboard.press("Tab")  # the link to hand 6
    page.keyboard.press("Enter")
    assert focused_id(page) == "id_h6-a_trumps"
    page.keyboard.press("Alt+Shift+B")  # send it back instead: the focus in the comment
    assert focused_id(page) == "id_comment"


def test_confirm_send_back_submit_again_and_correct_by_keyboard(browser, live_server, transactional_db):
    alice = make_user("jury", username="alice")
    make_user("chief", username="carol")
    make_user("chief", username="dora")
    match = make_match()
    for number, record in enumerate(eight_hand_records(), start=1):
        matches.record_hand(match, number, record, user=alice)
    matches.submit_match(match, alice)
    path = reverse("jury:match", args=[match.pk])

    carol = logged_in(browser, live_server, "carol", path)
    keys = Keys(carol)
    carol.keyboard.press("Alt+Shift+B")
    carol.keyboard.type("   ")  # nothing said: refused, and the focus back in the comment
    carol.keyboard.press("Tab")
    carol.keyboard.press("Enter")
    carol.wait_for_selector(".message.error")
    carol.wait_for_function("() => document.activeElement && document.activeElement.id === 'id_comment'",
                            timeout=5_000)
    match.refresh_from_db()
    assert match.state == Match.State.ENTERED
    keys.press("Alt+Shift+B")  # Send back: the focus in its comment
    assert focused_id(carol) == "id_comment"
    keys.type("Hand 1: check the pheasant.")
    keys.press("Tab")
    enter_on(keys, "send-back-match", match, Match.State.RETURNED)
    sent_back = (keys.total, keys.navigation)

    alice_page = logged_in(browser, live_server, "alice", path)
    keys = Keys(alice_page)
    keys.press("Alt+Shift+S")  # Submit again
    enter_on(keys, "submit-match", match, Match.State.ENTERED)
    submitted = (keys.total, keys.navigation)
    keys = Keys(alice_page)
    keys.press("Alt+Shift+W")  # and Withdraw is one key away too
    assert focused_id(alice_page) == "withdraw-match"

    carol.reload()
    keys = Keys(carol)
    keys.press("Alt+Shift+C")
    enter_on(keys, "confirm-match", match, Match.State.CONFIRMED)
    confirmed = (keys.total, keys.navigation)

    dora = logged_in(browser, live_server, "dora", path)  # a correction: the focus in hand 1 at once
    assert focused_id(dora) == "id_h1-attackers"
    keys = Keys(dora)
    for _field in ("attackers", "a_trumps", "a_honours", "a_high", "b_trumps", "b_honours", "b_high"):
        keys.press("Enter")  # a stored hand shows B's holdings too: Enter walks them
    assert focused_id(dora) == "id_h1-announcements"
    keys.press("End")
    for _letter in "won":
        keys.press("Backspace")
    keys.type("lost")
    keys.press("Alt+Shift+K")  # to the correction's reason
    assert focused_id(dora) == "id_reason"
    keys.press("Enter")  # no reason yet: refused, the focus on the reason
    dora.wait_for_load_state()
    dora.wait_for_function("() => document.activeElement && document.activeElement.id === 'id_reason'",
                           timeout=5_000)
    assert dora.locator("#id_reason").get_attribute("aria-invalid") == "true"
    keys.type("The sheet says the pheasant was lost.")
    keys.press("Enter")
    dora.wait_for_selector(".message.success")
    hand = Hand.objects.get(match=match, number=1)
    assert bridge.hand_record(Hand.objects.prefetch_related("announcements").get(pk=hand.pk))[
        "announcements"][0]["result"] == "lost"
    corrected = (keys.total, keys.navigation)
    print(f"keys (all, navigation): send back {sent_back}, submit again {submitted}, confirm {confirmed}, "
          f"correct {corrected}")
    assert sent_back[1] <= 2 and submitted[1] <= 1 and confirmed[1] <= 1 and corrected[1] <= 1


def test_a_hand_lost_to_another_jurors_save_is_shown_beside_theirs_and_replaced_only_on_purpose(
        browser, live_server, transactional_db):
    make_user("jury", username="alice")
    make_user("jury", username="bob")
    match = make_match()
    path = reverse("jury:match", args=[match.pk])
    alice = logged_in(browser, live_server, "alice", path)
    bob_context = browser.new_context(viewport={"width": 1280, "height": 900})  # another browser's cookies
    bob = bob_context.new_page()
    log_in(bob, live_server.url, "bob", PASSWORD, then=path)

    def type_hand_1(page, trumps, announcement):
        page.locator("#id_h1-a_trumps").focus()
        for text in (trumps, "1", "18"):
            page.keyboard.type(text)
            page.keyboard.press("Enter")
        page.keyboard.type(announcement)
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        page.wait_for_selector("#hand-1.hand-stored, #hand-1.hand-conflict", timeout=10_000)

    type_hand_1(alice, "12", "phe a.d i w")
    type_hand_1(bob, "12", "phe a.d i l")  # bob read the pheasant as lost

    race = bob.locator("#hand-1-race")
    assert "phe" in race.locator(".race-theirs").inner_text().lower()
    assert "won" in race.locator(".race-theirs").inner_text() and "lost" in race.locator(".race-yours").inner_text()
    status = bob.locator("#hand-1-status").inner_text()
    assert "not stored" in status and status != "stored"
    stored_score = Hand.objects.get(match=match, number=1).score_a
    assert bob.locator("#hand-1-result [data-score='A']").inner_text() == str(stored_score)
    assert focused_id(bob) == "hand-1-race"

    bob.locator("#id_h1-silent").focus()  # Enter again does not replace it
    bob.keyboard.press("Enter")
    bob.wait_for_selector("#hand-1.hand-conflict")
    bob.wait_for_function("() => !document.body.dataset.savingHand", timeout=10_000)
    assert bridge.hand_record(Hand.objects.prefetch_related("announcements").get(match=match, number=1))[
        "announcements"][0]["result"] == "won"
    bob.get_by_role("button", name="Replace theirs with mine").click()
    bob.wait_for_selector("#hand-1.hand-stored")
    assert bridge.hand_record(Hand.objects.prefetch_related("announcements").get(match=match, number=1))[
        "announcements"][0]["result"] == "lost"
    bob_context.close()


def test_the_entry_fields_fit_what_they_hold_on_a_phone(browser, live_server, transactional_db):
    make_user("jury", username="alice")
    match = make_match()
    full = random_hand_records(random.Random(7), 1, full=True, first_attackers="A")[0]
    typed = initial_for(full, 1)
    page = logged_in(browser, live_server, "alice", reverse("jury:match", args=[match.pk]), width=390)
    page.locator("#id_h1-a_high").fill("XVIII XVII XVI")
    assert page.locator("#id_h1-a_high").evaluate("input => input.scrollWidth <= input.clientWidth")
    page.locator("#id_h1-announcements").focus()
    page.keyboard.type("phe a.d i w\nvi b.c w\nhon a.c l")
    assert page.locator("#id_h1-announcements").evaluate("box => box.scrollHeight <= box.clientHeight + 1")
    page.locator("#hand-1 details.full-record summary").click()
    page.locator("#id_h1-tricks").focus()
    page.keyboard.type(typed["tricks"])
    assert len(typed["tricks"].splitlines()) == 10
    assert page.locator("#id_h1-tricks").evaluate("box => box.scrollHeight <= box.clientHeight + 1")
    assert page.locator("#id_h1-deal").evaluate("box => box.rows") >= 4
    page.wait_for_selector("#hand-1-result .understood")  # what the page understood, as typed
    understood = page.locator("#hand-1-result .understood").bounding_box()
    save = page.locator("#hand-1 .save-hand").bounding_box()
    assert understood["y"] + understood["height"] <= save["y"]  # read before the save button
    small = page.evaluate("""() => [...document.querySelectorAll('main a, main button, main summary')]
        .filter(element => element.offsetParent !== null)
        .filter(element => element.getBoundingClientRect().height < 24)
        .map(element => element.textContent.trim())""")
    assert small == []
