"""Match day in a real browser (Chromium against a live server): hands stored one by one as they
are finished, a bad hand kept as typed without holding the others back, the focus on the first
problem, the submitted match read-only, blind confirmation, and the phone layout."""


import pytest
from django.urls import reverse

from tests.browser.conftest import log_in
from tests.factories import PASSWORD, eight_hand_records, make_competition, make_match, make_user
from tournaments.core.models import Hand, HandDraft, Match
from tournaments.recording import matches, notation

# tests/factories.eight_hand_records() in the notation, as a juror types it: A's trumps, honours
# and XVI-XVIII (B's follow from A's), the announcements, the silent premiums.
HANDS = [
    ("12", "1", "18", ["phe a.d i w"], ""),
    ("12", "1", "18", ["pl b.d c=opp w"], ""),
    ("12", "1", "18", [], "4k b"),
    ("12", "1", "18", ["vi b.c w"], ""),
    ("12", "1", "18", ["hon a.c l"], ""),
    ("12", "1", "18", ["centr b.d w"], ""),
    ("12", "1", "18", ["fl a.c"], "ob a"),
    ("12", "1", "18", ["pag b.c c=par w"], ""),
]
HAND_5_WRONG = ("12", "1", "18", ["hon a.c"], "")  # no result: refused


def logged_in(browser, live_server, username, path, width=1280):
    page = browser.new_page(viewport={"width": width, "height": 900})
    log_in(page, live_server.url, username, PASSWORD, then=path)
    return page


def type_hand(page, number, hand):
    """The keyboard only: Enter from field to field; Enter on the last field stores the hand."""
    a_trumps, a_honours, a_high, announcements, silent = hand
    if number == 1:
        page.keyboard.press("Enter")  # attackers: A, as offered
    for text in (a_trumps, a_honours, a_high):
        page.keyboard.type(text)
        page.keyboard.press("Enter")
    for line in announcements:
        page.keyboard.type(line)
        page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # an empty line leaves the announcements
    page.keyboard.type(silent)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#hand-{number}.hand-stored, #hand-{number}.hand-invalid", timeout=10_000)
    page.wait_for_function("() => !document.body.dataset.savingHand", timeout=10_000)


def focused_id(page):
    return page.evaluate("document.activeElement && document.activeElement.id")


def test_a_bad_hand_five_keeps_no_other_hand_from_being_stored(browser, live_server, transactional_db):
    juror = make_user("jury", username="alice")
    match = make_match()
    page = logged_in(browser, live_server, "alice", reverse("jury:match", args=[match.pk]))
    assert focused_id(page) == "id_h1-attackers"  # the first hand not stored has the focus

    for number, hand in enumerate(HANDS[:4], start=1):
        type_hand(page, number, hand)
    assert focused_id(page) == "id_h5-a_trumps"  # on to the next hand, skipping its attackers (R3)
    type_hand(page, 5, HAND_5_WRONG)
    assert focused_id(page) == "id_h5-announcements"  # the first problem has the focus
    assert page.locator("#id_h5-announcements").get_attribute("aria-invalid") == "true"
    problem = page.locator("#id_h5-announcements-problems").inner_text()
    assert "Announcements, line 1" in problem and "won or lost" in problem
    assert page.locator("#problem-summary a[href='#id_h5-announcements']").count() == 1

    page.locator("#id_h6-a_trumps").focus()
    for number, hand in enumerate(HANDS[5:], start=6):
        type_hand(page, number, hand)

    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == [1, 2, 3, 4, 6, 7, 8]
    assert HandDraft.objects.get(match=match).fields["announcements"] == "hon a.c"
    match.refresh_from_db()
    assert (match.state, match.entered_by) == (Match.State.IN_ENTRY, juror)

    page.close()  # the tab is closed: reopened, hand 5 is offered back as typed, marked
    page = logged_in(browser, live_server, "alice", reverse("jury:match", args=[match.pk]))
    assert page.locator("form.hand.hand-stored").count() == 7
    assert page.locator("#id_h5-announcements").input_value() == "hon a.c"
    assert focused_id(page) == "id_h5-announcements"
    page.keyboard.press("End")
    page.keyboard.type(" l")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the silent premiums: the hand is finished
    page.wait_for_selector("#hand-5.hand-stored")
    assert focused_id(page) == "submit-match"  # every hand stored: one key submits
    page.keyboard.press("Enter")
    page.wait_for_selector(".message.success")
    match.refresh_from_db()
    assert (match.state, match.score_a, match.score_b) == (Match.State.ENTERED, 88, 93)


def submitted_match(juror, **competition):
    match = make_match(competition=make_competition(**competition) if competition else None)
    for number, record in enumerate(eight_hand_records(), start=1):
        matches.record_hand(match, number, record, user=juror)
    matches.submit_match(match, juror)
    return match


def test_a_submitted_match_is_read_only_except_to_withdraw(browser, live_server, transactional_db):
    alice = make_user("jury", username="alice")
    make_user("jury", username="bob")
    match = submitted_match(alice)
    path = reverse("jury:match", args=[match.pk])

    page = logged_in(browser, live_server, "bob", path)
    assert page.locator("#hand-1 fieldset[disabled]").count() == 1
    assert page.locator("button.save-hand").count() == 0
    assert "another juror" in page.locator("#match-actions").inner_text().lower() or \
        "chief jury" in page.locator("#match-actions").inner_text().lower()
    page.close()

    page = logged_in(browser, live_server, "alice", path)
    assert page.locator("#hand-1 fieldset[disabled]").count() == 1
    page.get_by_role("button", name="Withdraw the submission").click()
    page.wait_for_selector(".message.success")
    assert page.locator("#hand-1 fieldset[disabled]").count() == 0
    match.refresh_from_db()
    assert match.state == Match.State.IN_ENTRY


def state_shown(page):
    return page.locator("#match-state .state").inner_text()


def test_the_state_shown_follows_each_save_submit_and_withdraw_without_a_reload(browser, live_server,
                                                                                 transactional_db):
    alice = make_user("jury", username="alice")
    carol = make_user("chief", username="carol")
    match = submitted_match(alice)
    matches.return_match(match, carol, "Hand 1: the pheasant was lost, not won.")
    page = logged_in(browser, live_server, "alice", reverse("jury:match", args=[match.pk]))
    page.evaluate("window.notReloaded = true")  # gone if the page is loaded again
    assert state_shown(page) == "Sent back"

    page.locator("#id_h1-announcements").focus()  # the juror mends hand 1 as the chief jury asked
    assert page.locator("#id_h1-announcements").input_value() == "pheasant A.d I won"
    page.keyboard.press("End")
    for _letter in "won":
        page.keyboard.press("Backspace")
    page.keyboard.type("lost")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the silent premiums: hand 1 is stored again
    page.wait_for_selector("#hand-1[data-saved-now]")
    assert state_shown(page) == "Being entered"

    assert focused_id(page) == "submit-match"
    page.keyboard.press("Enter")
    page.wait_for_selector(".message.success")
    assert state_shown(page) == "Awaiting confirmation"
    assert page.locator("#hand-1 fieldset[disabled]").count() == 1  # read-only once submitted

    page.get_by_role("button", name="Withdraw the submission").click()
    page.wait_for_function("() => document.querySelector('#match-state .state').textContent === 'Being entered'")
    assert page.locator("#hand-1 fieldset[disabled]").count() == 0
    assert page.evaluate("window.notReloaded") is True  # every change came in the answers, no reload
    match.refresh_from_db()
    assert match.state == Match.State.IN_ENTRY


def test_a_match_sent_back_opens_on_the_chief_jurys_comment_not_on_submit(browser, live_server, transactional_db):
    """Every hand is still stored, but the focus goes to what to check, not to Submit: one Enter
    would otherwise submit the match again before the comment at the top was read."""
    alice = make_user("jury", username="alice")
    carol = make_user("chief", username="carol")
    match = submitted_match(alice)
    matches.return_match(match, carol, "Hand 1: the pheasant was lost, not won.")
    page = logged_in(browser, live_server, "alice", reverse("jury:match", args=[match.pk]), width=390)
    assert focused_id(page) == "sent-back"
    assert "the pheasant was lost" in page.locator("#sent-back").inner_text()
    assert page.locator("#sent-back").is_visible()
    page.keyboard.press("Enter")
    match.refresh_from_db()
    assert match.state == Match.State.RETURNED


def test_after_clearing_a_hand_the_focus_is_in_that_hand_to_type_it_again(browser, live_server, transactional_db):
    """Hand 6 typed into the wrong row is cleared: back on the match, the juror types hand 6 again
    at once, though hand 2 (not yet typed) comes earlier on the page."""
    alice = make_user("jury", username="alice")
    match = make_match()
    for number, record in enumerate(eight_hand_records(), start=1):
        if number != 2:
            matches.record_hand(match, number, record, user=alice)
    page = logged_in(browser, live_server, "alice", reverse("jury:clear_hand", args=[match.pk, 6]), width=768)
    page.get_by_role("button", name="Clear hand 6").click()
    page.wait_for_url(f"{live_server.url}{reverse('jury:match', args=[match.pk])}#hand-6")
    page.wait_for_load_state("load")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'id_h6-a_trumps'",
                           timeout=5_000)
    assert not Hand.objects.filter(match=match, number=6).exists()


@pytest.mark.parametrize("width", [390, 768, 1024])
def test_clear_hand_is_a_finger_sized_target_on_one_line(browser, live_server, transactional_db, width):
    """On a phone the link wrapped under the Save button as two small lines of text."""
    alice = make_user("jury", username="alice")
    match = make_match()
    matches.record_hand(match, 1, eight_hand_records()[0], user=alice)
    page = logged_in(browser, live_server, "alice", reverse("jury:match", args=[match.pk]), width=width)
    page.set_default_timeout(5_000)
    link = page.locator("#hand-1 a.clear-hand")
    assert link.bounding_box()["height"] >= 40
    lines = link.evaluate("element => { const range = document.createRange();"
                          " range.selectNodeContents(element); return range.getClientRects().length; }")
    assert lines == 1  # its words on one line, not wrapped under the Save button


def type_blind(page, hands):
    for number, (a_trumps, a_honours, a_high, announcements, silent) in enumerate(hands, start=1):
        page.locator(f"#id_h{number}-a_trumps").fill(a_trumps)
        page.locator(f"#id_h{number}-a_honours").fill(a_honours)
        page.locator(f"#id_h{number}-a_high").fill(a_high)
        page.locator(f"#id_h{number}-announcements").fill("\n".join(announcements))
        page.locator(f"#id_h{number}-silent").fill(silent)
    page.locator("#compare-entries").click()


def test_blind_confirmation_confirms_when_both_entries_agree(browser, live_server, transactional_db):
    alice = make_user("jury", username="alice")
    make_user("chief", username="carol")
    match = submitted_match(alice, name="Blind", blind_confirmation=True)

    page = logged_in(browser, live_server, "carol", reverse("jury:home"))
    # Opening the match leads to typing it again: no plain Confirm, and the first entry is not shown.
    page.goto(f"{live_server.url}{reverse('jury:match', args=[match.pk])}")
    assert page.url == f"{live_server.url}{reverse('jury:blind', args=[match.pk])}"
    assert page.locator("#confirm-match").count() == 0
    assert page.locator("#id_h1-a_trumps").input_value() == ""
    type_blind(page, HANDS)
    page.wait_for_selector(".message.success")
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED


def test_blind_confirmation_shows_the_differences_hand_by_hand(browser, live_server, transactional_db):
    alice = make_user("jury", username="alice")
    make_user("chief", username="carol")
    match = submitted_match(alice, name="Blind", blind_confirmation=True)
    hands = list(HANDS)
    hands[2] = ("12", "1", "18", [], "4k a")  # the four kings written for the wrong team

    page = logged_in(browser, live_server, "carol", reverse("jury:blind", args=[match.pk]))
    type_blind(page, hands)
    differences = page.locator("#blind-differences").inner_text()
    assert "Hand 3" in differences  # the teams by their names
    assert f"Four Kings: {match.team_a.name}" in differences and f"Four Kings: {match.team_b.name}" in differences
    assert "Hand 1" not in differences
    match.refresh_from_db()
    assert match.state == Match.State.ENTERED


def test_blind_typing_is_kept_as_typed_and_offered_back_without_the_first_entry(browser, live_server,
                                                                                transactional_db):
    alice = make_user("jury", username="alice")
    make_user("chief", username="carol")
    match = submitted_match(alice, name="Blind", blind_confirmation=True)
    path = reverse("jury:blind", args=[match.pk])
    mine = list(HANDS[:3])
    mine[1] = ("12", "1", "18", ["pl b.d c=opp l"], "")  # carol reads hand 2 otherwise

    page = logged_in(browser, live_server, "carol", path)
    for number, (a_trumps, a_honours, a_high, announcements, silent) in enumerate(mine, start=1):
        for name, text in (("a_trumps", a_trumps), ("a_honours", a_honours), ("a_high", a_high),
                           ("announcements", "\n".join(announcements)), ("silent", silent)):
            page.locator(f"#id_h{number}-{name}").focus()
            page.keyboard.type(text)
        page.wait_for_selector(f"#hand-{number}-status:has-text('kept as typed')")
    page.close()  # carol leaves without comparing

    page = logged_in(browser, live_server, "carol", path)
    for number, (a_trumps, a_honours, a_high, announcements, silent) in enumerate(mine, start=1):
        assert [page.locator(f"#id_h{number}-{name}").input_value()
                for name in ("a_trumps", "a_honours", "a_high", "announcements", "silent")] == [
            a_trumps, a_honours, a_high, "\n".join(announcements), silent]
    assert page.locator("#id_h4-a_trumps").input_value() == ""
    shown = page.content()
    for record in eight_hand_records():  # the first entry, in the notation the entry page shows
        for item in record["announcements"]:
            assert notation.announcement_text(item) not in shown
    assert "play B.d c=opp won" not in shown and "four_kings B" not in shown
    match.refresh_from_db()
    assert match.state == Match.State.ENTERED  # nothing compared, nothing confirmed


@pytest.mark.parametrize("name", ["entry page", "match list", "jury home"])
def test_no_horizontal_scrolling_on_a_phone(browser, live_server, transactional_db, name):
    alice = make_user("jury", username="alice")
    match = make_match()
    for number, record in enumerate(eight_hand_records()[:3], start=1):
        matches.record_hand(match, number, record, user=alice)
    make_match(hand_records=eight_hand_records())
    path = {"entry page": reverse("jury:match", args=[match.pk]), "match list": reverse("jury:matches"),
            "jury home": reverse("jury:home")}[name]
    page = logged_in(browser, live_server, "alice", path, width=390)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
