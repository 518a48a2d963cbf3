"""Every change to a match, its hands and announcements is kept: who, when, why, before and after."""

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, make_match, make_user
from tournaments import engine

pytestmark = pytest.mark.django_db


def test_the_history_page_lists_entry_re_entry_and_confirmation(client):
    alice = make_user("jury", username="alice")
    match = make_match(hand_records=eight_hand_records(), user=alice)
    changed = eight_hand_records()
    changed[0]["announcements"][0]["result"] = "lost"
    engine.record_match(match, changed, user=alice, expected_version=1)
    engine.confirm_match(match, make_user("chief", username="carol"))
    client.force_login(make_user("jury"))
    page = client.get(reverse("jury:history", args=[match.pk])).content.decode()
    assert "Hand 1, announcement 1: changed" in page
    assert "<code>result</code>: won → lost" in page
    assert "Match: changed" in page and "Confirmed" in page and "carol" in page
    assert "<code>state</code>: entered → confirmed" in page
    assert page.count("alice") >= 3


def test_the_history_page_query_count_does_not_grow(client, django_assert_num_queries):
    client.force_login(make_user("jury"))
    small = make_match(hand_records=eight_hand_records())
    big = make_match(hand_records=eight_hand_records())
    for number in range(3):
        records = eight_hand_records()
        records[number]["announcements"] = []
        engine.record_match(big, records, user=make_user("jury"), expected_version=big.version)
    # 1 session, 2 user, 3-4 permissions, 5 the match, 6 hand history, 7 match history,
    # 8 announcement history, 9 silent premium history.
    with django_assert_num_queries(9):
        client.get(reverse("jury:history", args=[small.pk]))
    with django_assert_num_queries(9):
        client.get(reverse("jury:history", args=[big.pk]))
