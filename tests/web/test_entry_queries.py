"""Query budgets of the jury's pages: the count does not grow with the number of rows."""

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, make_competition, make_match, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def jury_client(client):
    client.force_login(make_user("jury"))
    return client


def test_match_list_query_count_does_not_grow(jury_client, django_assert_num_queries):
    competition = make_competition()
    for _ in range(3):
        make_match(competition=competition, hand_records=eight_hand_records())
    # 1 the user with their permissions (the session comes from the cache), 2 the
    # competitions to filter by, 3 count of matches (paginator), 4 one page of matches with
    # competition, season, teams, entering and agreeing jurors, 5 the Championships of the page's
    # seasons (their annual meetings: which matches need the jury's agreement, R15).
    with django_assert_num_queries(5):
        first = jury_client.get(reverse("jury:matches"))
    assert first.status_code == 200
    for _ in range(5):
        make_match(competition=competition)
    with django_assert_num_queries(5):
        response = jury_client.get(reverse("jury:matches"))
    assert response.status_code == 200
    assert len(response.context["page"]) == 8
    filtered = {"competition": competition.pk, "state": "scheduled", "played_from": "2025-01-01",
                "played_to": "2025-12-31"}
    with django_assert_num_queries(5):
        response = jury_client.get(reverse("jury:matches"), filtered)
    assert response.status_code == 200
    assert len(response.context["page"]) == 5


def test_match_page_query_count_does_not_grow(jury_client, django_assert_num_queries):
    sparse = make_match(hand_records=eight_hand_records())
    records = eight_hand_records()
    for record in records:
        record["announcements"] = record["announcements"] + [{"feast": "trumps", "by": "B.catcher"}]
    busy = make_match(hand_records=records)
    # 1 the user with their permissions (the session comes from the cache), 2 the match with
    # competition, season, teams and seats, 3 the jurors it names (roles.get_match), 4 its hands,
    # 5 their announcements, 6 their silent premiums, 7 the hands as typed and not stored yet, 8 the
    # match's online tables (their replays; a chief juror also reads whether one may be opened).
    with django_assert_num_queries(8):
        sparse_page = jury_client.get(reverse("jury:match", args=[sparse.pk]))
    with django_assert_num_queries(8):
        busy_page = jury_client.get(reverse("jury:match", args=[busy.pk]))
    assert sparse_page.status_code == busy_page.status_code == 200
