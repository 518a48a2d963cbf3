"""Clearing a stored hand: a juror who stored hand 7 by mistake (the match is only six hands in, and
they typed into the wrong row) clears it from the entry page, after seeing what it holds and saying
yes. Only while the match is being entered: never once it is submitted, and a confirmed match
changes only by the chief jury's correction. Each clearing is in the match's history."""

import html
import re

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, logged_in_user, make_match, make_user
from tests.web.test_entry import form_data
from tests.web.test_history import entries, history
from tournaments.core import bridge
from tournaments.core.models import Hand, HandDraft, Match
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice(client):
    return logged_in_user(client, "jury", "alice")


def six_hands_and_a_seventh_by_mistake(user):
    """Hands 1-6 as played, and hand 8's record stored in row 7 (attack alternates: A attacks in 7)."""
    match = make_match()
    records = eight_hand_records()
    for number, record in enumerate(records[:6], start=1):
        matches.record_hand(match, number, record, user=user)
    mistake = {**records[7], "attackers": "A"}
    mistake["announcements"] = [{"feast": "pagat_capture", "by": "A.catcher", "contra": None, "result": "won"}]
    matches.record_hand(match, 7, mistake, user=user)
    match.refresh_from_db()
    return match


def page_text(response):
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def clear_url(match, number):
    return reverse("jury:clear_hand", args=[match.pk, number])


def fingerprint(match, number):
    return bridge.hand_fingerprint(bridge.hand_record(bridge.hands_with_facts().get(match=match, number=number)))


def test_a_hand_stored_by_mistake_is_cleared_after_saying_yes(client, alice):
    match = six_hands_and_a_seventh_by_mistake(alice)
    entry_page = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert f'href="{clear_url(match, 7)}"' in entry_page  # each stored hand offers it
    assert clear_url(match, 8) not in entry_page  # hand 8 is not stored: nothing to clear

    question = client.get(clear_url(match, 7))  # the confirmation step: what the hand holds
    assert question.status_code == 200
    text = page_text(question)
    assert "Clear hand 7 of" in text and "Pagat Capture, A catcher, won" in text
    assert Hand.objects.filter(match=match, number=7).exists()  # nothing happens before the yes

    response = client.post(clear_url(match, 7), {"base": fingerprint(match, 7)})

    assert response.status_code == 302 and response.url.endswith("#hand-7")
    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == [1, 2, 3, 4, 5, 6]
    before = match.version
    match.refresh_from_db()
    assert (match.state, match.version, match.entered_by) == (Match.State.IN_ENTRY, before + 1, alice)
    assert match.score_a is None  # R13: no match score until every hand is in
    entry_page = html.unescape(client.get(reverse("jury:match", args=[match.pk])).content.decode())
    assert "Hand 7 is cleared" in entry_page
    assert 'id="id_h7-announcements"' in entry_page and "pagat_capture A.c" not in entry_page


def test_the_history_says_who_cleared_which_hand_what_it_held_and_what_it_became(client, alice):
    match = make_match()
    for number, record in enumerate(eight_hand_records(), start=1):
        matches.record_hand(match, number, record, user=alice)
    client.post(clear_url(match, 7), {"base": fingerprint(match, 7)})

    cleared = entries(history(client, match))[0]  # newest first
    a, b = match.team_a.name, match.team_b.name  # the teams' fields by the teams' names
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d · alice · version 9 Reason: Hand 7 cleared", cleared)
    assert f"{a}: score: 88 → – {b}: score: 93 → –" in cleared  # R13: no match score with a hand missing
    assert f"Hand 7 removed: Attacking team: {a} {a}: trumps: 12 {a}: honours: 1" in cleared
    assert f"Hand 7, announcement 1 (Flush) removed: Feast: Flush Announced by: {a}'s catcher" in cleared
    assert "Hand 7, silent premium Obscure removed" in cleared


def test_clearing_a_hand_forgets_what_was_typed_into_it(client, alice):
    match = six_hands_and_a_seventh_by_mistake(alice)
    data = form_data([eight_hand_records()[0]])
    typed = {key.replace("h1-", "h7-"): value for key, value in data.items() if key.startswith("h1-")}
    typed["h7-attackers"] = "A"
    typed["h7-a_trumps"] = "13"  # being changed, not stored yet
    client.post(reverse("jury:keep_hand", args=[match.pk, 7]), typed)
    assert HandDraft.objects.filter(match=match, number=7).exists()

    client.post(clear_url(match, 7), {"base": fingerprint(match, 7)})

    assert not HandDraft.objects.filter(match=match, number=7).exists()


def test_a_submitted_match_keeps_its_hands_and_says_why(client, alice):
    match = make_match(hand_records=eight_hand_records(), user=alice)  # recorded whole: awaiting confirmation
    response = client.get(clear_url(match, 7))
    assert "submitted for confirmation, so hand 7 is not cleared now" in page_text(response)
    assert 'id="clear-hand"' not in response.content.decode()

    response = client.post(clear_url(match, 7), {"base": fingerprint(match, 7)})

    assert response.status_code == 422
    assert "withdraw the submission first" in page_text(response)
    assert Hand.objects.filter(match=match).count() == 8
    assert f'href="{clear_url(match, 7)}"' not in client.get(reverse("jury:match", args=[match.pk])).content.decode()


def test_a_confirmed_match_changes_only_by_a_correction(client, alice):
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
    client.force_login(make_user("chief", username="carol"))  # not even the chief jury clears a hand

    response = client.post(clear_url(match, 7), {"base": fingerprint(match, 7)})

    assert response.status_code == 422
    assert "This match is confirmed, so hand 7 is not cleared" in page_text(response)
    assert "correction" in page_text(response)
    assert Hand.objects.filter(match=match).count() == 8


def test_a_hand_not_stored_has_nothing_to_clear(client, alice):
    match = six_hands_and_a_seventh_by_mistake(alice)
    response = client.post(clear_url(match, 8), {"base": ""})
    assert response.status_code == 422
    assert "Hand 8 is not stored; there is nothing to clear." in page_text(response)
    assert client.get(clear_url(match, 9)).status_code == 404  # an eight-hand match


def test_a_hand_another_juror_stored_meanwhile_is_not_cleared_unseen(client, alice):
    match = six_hands_and_a_seventh_by_mistake(alice)
    seen = fingerprint(match, 7)
    bob = make_user("jury", username="bob")
    matches.record_hand(match, 7, eight_hand_records()[6], user=bob)  # bob puts the right hand 7 in

    response = client.post(clear_url(match, 7), {"base": seen})

    assert response.status_code == 422
    text = page_text(response)
    assert "Hand 7 was saved by another juror since you opened it; nothing was cleared." in text
    assert "Flush, A catcher" in text  # the hand as it is now, to clear or keep
    assert Hand.objects.filter(match=match, number=7).exists()


def test_only_the_hand_shown_is_cleared(client, alice):
    match = six_hands_and_a_seventh_by_mistake(alice)
    response = client.post(clear_url(match, 7), {})  # a post that does not say which hand it saw
    assert response.status_code == 422
    assert "nothing was cleared" in page_text(response)
    assert Hand.objects.filter(match=match, number=7).exists()


def test_only_the_jury_clears_hands(client):
    match = six_hands_and_a_seventh_by_mistake(make_user("jury"))
    client.force_login(make_user("organiser"))
    assert client.post(clear_url(match, 7), {"base": fingerprint(match, 7)}).status_code == 403
    assert Hand.objects.filter(match=match, number=7).exists()


def test_the_question_opens_on_its_answer_for_a_juror_at_the_keyboard(client, alice):
    """The juror chose "Clear hand 7" on the match: Enter now clears it (Tab reaches "Keep"),
    without tabbing through the site's menu first."""
    match = six_hands_and_a_seventh_by_mistake(alice)
    page = client.get(clear_url(match, 7)).content.decode()
    assert re.search(r'<button[^>]*id="clear-hand"[^>]*\bautofocus\b', page)
    assert page.count("autofocus") == 1
