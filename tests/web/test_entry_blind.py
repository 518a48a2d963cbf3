"""Blind confirmation, as the confirming juror types: each hand is kept on the server as it is typed
(like the first juror's entry), offered back when they open the page again, and nothing of the
first entry ever reaches their page before they compare."""

import html
import re

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, logged_in_user, make_competition, make_match, make_user
from tests.web.test_entry import form_data
from tournaments.core.models import HandDraft, Match
from tournaments.recording import matches
from tournaments.recording.notation import announcement_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return make_user("jury", username="alice")


@pytest.fixture
def carol(client):
    return logged_in_user(client, "chief", "carol")


def first_entry(alice):
    """A match of a blind-confirmation competition, entered and submitted by alice."""
    match = make_match(competition=make_competition(name="Blind", blind_confirmation=True))
    for number, record in enumerate(eight_hand_records(), start=1):
        matches.record_hand(match, number, record, user=alice)
    matches.submit_match(match, alice)
    return match


def typed(number, record):
    """What the page posts while hand ``number`` is typed (the form posts every hand's fields)."""
    return {name: value for name, value in form_data([record] * number).items() if name.startswith(f"h{number}-")}


def keep(client, match, number, data):
    return client.post(reverse("jury:keep_blind_hand", args=[match.pk, number]), data)


def fields_shown(page, number):
    """The values the page's inputs of hand ``number`` hold."""
    hand = page[page.index(f'id="hand-{number}"'):].split("</fieldset>")[0]
    values = dict(re.findall(r'name="h\d-(\w+)"[^>]*value="([^"]*)"', hand))
    values.update(re.findall(r'name="h\d-(\w+)"[^>]*>([^<]*)</textarea>', hand))
    return {name: html.unescape(value).strip() for name, value in values.items()}


def test_the_hands_typed_are_kept_and_offered_back_without_the_first_entry(client, alice, carol):
    match = first_entry(alice)
    mine = eight_hand_records()
    mine[2] = {**mine[2], "silent": [{"premium": "four_kings", "team": "A"}]}  # carol reads hand 3 otherwise
    for number in (1, 2, 3):
        response = keep(client, match, number, typed(number, mine[number - 1]))
        assert response.status_code == 200
        assert "kept as typed at" in response.content.decode()
    assert HandDraft.objects.filter(match=match, user=carol, purpose=HandDraft.Purpose.BLIND).count() == 3

    page = client.get(reverse("jury:blind", args=[match.pk])).content.decode()  # carol comes back

    for number in (1, 2, 3):
        shown = fields_shown(page, number)
        assert shown["a_trumps"] == "12" and shown["announcements"] == "\n".join(
            announcement_text(item) for item in mine[number - 1]["announcements"])
    assert fields_shown(page, 3)["silent"] == "four-kings A"  # the premium's name, as the juror typed it
    for number in range(4, 9):  # not typed yet: empty, whatever the first entry holds
        shown = fields_shown(page, number)
        assert shown.get("a_trumps", "") == "" and shown["announcements"] == ""
    body = page[page.index("<main"):]
    for record in eight_hand_records()[3:]:  # hands 4-8 of the first entry appear nowhere
        for item in record["announcements"]:
            assert announcement_text(item) not in body
    assert "four_kings B" not in body  # the first entry's hand 3


def test_the_answer_while_typing_carries_nothing_of_the_first_entry(client, alice, carol):
    match = first_entry(alice)
    response = keep(client, match, 4, typed(4, {**eight_hand_records()[3], "announcements": []}))
    answer = response.content.decode()
    assert 'id="hand-4-status"' in answer and 'data-hx-swap-oob="true"' in answer
    assert "visi" not in answer.lower() and "86" not in answer  # the first entry's hand 4: Visi, 90 to 86


def test_a_hand_emptied_again_is_forgotten(client, alice, carol):
    match = first_entry(alice)
    keep(client, match, 1, typed(1, eight_hand_records()[0]))
    keep(client, match, 1, {"h1-attackers": "A"})
    assert not HandDraft.objects.filter(match=match, purpose=HandDraft.Purpose.BLIND).exists()


def test_the_first_juror_cannot_type_their_own_match_blind(client, alice, carol):
    match = first_entry(alice)
    client.force_login(alice)
    assert keep(client, match, 1, typed(1, eight_hand_records()[0])).status_code == 403
    assert not HandDraft.objects.filter(match=match, purpose=HandDraft.Purpose.BLIND).exists()


def test_typing_is_kept_only_while_the_match_awaits_a_blind_confirmation(client, alice, carol):
    match = first_entry(alice)
    matches.withdraw_submission(match, alice)
    assert keep(client, match, 1, typed(1, eight_hand_records()[0])).status_code == 403
    assert keep(client, make_match(), 1, typed(1, eight_hand_records()[0])).status_code == 403  # not blind
    assert client.post(reverse("jury:keep_blind_hand", args=[match.pk, 9]), {}).status_code == 404


def test_comparing_the_kept_hands_confirms_when_both_agree(client, alice, carol):
    match = first_entry(alice)
    for number, record in enumerate(eight_hand_records(), start=1):
        keep(client, match, number, typed(number, record))
    response = client.post(reverse("jury:blind", args=[match.pk]), form_data(eight_hand_records()))
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED
    assert not HandDraft.objects.filter(match=match).exists()


def test_the_confirming_juror_meets_no_page_that_shows_the_first_entry(client, alice, carol):
    match = first_entry(alice)
    blind_page = reverse("jury:blind", args=[match.pk])
    for name in ("jury:match", "jury:history", "jury:export"):
        response = client.get(reverse(name, args=[match.pk]))
        assert response.status_code == 302 and response["Location"] == blind_page, name
    # The lists leave the score out too, while the hand count of a match being entered stays.
    score = f"{match.score_a} : {match.score_b}"
    for name in ("jury:home", "jury:matches"):
        assert score not in client.get(reverse(name)).content.decode(), name


def test_the_juror_who_entered_it_still_sees_the_match_and_its_score(client, alice, carol):
    match = first_entry(alice)
    client.force_login(alice)
    page = client.get(reverse("jury:match", args=[match.pk]))
    assert page.status_code == 200 and f"{match.score_a} : {match.score_b}" in page.content.decode()


def test_two_entries_that_differ_can_be_sent_back_from_the_blind_page(client, alice, carol):
    match = first_entry(alice)
    mine = eight_hand_records()
    mine[4]["announcements"][0]["result"] = "won"  # hand 5 read differently from the sheet
    response = client.post(reverse("jury:blind", args=[match.pk]), form_data(mine))
    page = response.content.decode()
    assert response.status_code == 200 and "The two entries differ" in page
    assert f'action="{reverse("jury:send_back", args=[match.pk])}"' in page

    client.post(reverse("jury:send_back", args=[match.pk]),
                {"version": Match.objects.get(pk=match.pk).version, "comment": "Hand 5: check the result"})
    assert Match.objects.get(pk=match.pk).state == Match.State.RETURNED
