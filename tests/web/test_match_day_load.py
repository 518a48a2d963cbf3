"""Match day under load: the public pages stay cached while the jury types at a dozen tables, and
the jury's requests that come every few seconds (the typing kept, each hand saved) read the match
cheaply. The figures are `make bench-matchday`'s; these tests pin the behaviour it rests on."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.factories import eight_hand_records, make_competition, make_match, make_season, make_team, make_user
from tests.web.test_one_door import post_hand, typed
from tournaments.core.models import Match, public_data

pytestmark = pytest.mark.django_db

POLL = {"HX-Request": "true", "HX-Target": "live"}


@pytest.fixture
def today_match():
    season = make_season(timezone.localdate().year)
    competition = make_competition(season=season)
    return make_match(make_team("Pécsi Pagátok", season=season), make_team("Soproni Skízek", season=season),
                      competition, played_on=timezone.localdate())


def keep(client, match, number, record):
    return client.post(reverse("jury:keep_hand", args=[match.pk, number]), typed(record, number),
                       headers={"HX-Request": "true"})


def test_the_typing_kept_and_the_hands_of_an_unconfirmed_match_leave_the_public_version(client, today_match):
    # The public sees a match's state, and its score once confirmed: the typing kept (a draft) and
    # the hands stored after the first move nothing, so the live pages keep answering 304.
    juror, chief = make_user("jury"), make_user("chief")
    client.force_login(juror)
    records = eight_hand_records()
    before = public_data.current()
    assert keep(client, today_match, 1, records[0]).status_code == 200
    assert public_data.current() == before  # a draft: nothing public
    post_hand(client, today_match, 1, records[0])
    started = public_data.current()
    assert started != before  # "being played" on the big screen now
    for number, record in enumerate(records[1:], start=2):
        assert keep(client, today_match, number, record).status_code == 200
        assert post_hand(client, today_match, number, record).status_code == 200
        assert public_data.current() == started, number
    today_match.refresh_from_db()
    assert (today_match.state, today_match.score_a) == (Match.State.IN_ENTRY, 88)  # scored, still not public

    client.post(reverse("jury:submit", args=[today_match.pk]), {"version": today_match.version})
    submitted = public_data.current()
    assert submitted != started  # "awaiting confirmation"
    client.force_login(chief)
    today_match.refresh_from_db()
    client.post(reverse("jury:confirm", args=[today_match.pk]), {"version": today_match.version})
    today_match.refresh_from_db()
    assert today_match.state == Match.State.CONFIRMED
    assert public_data.current() != submitted  # the score is public now


def test_the_live_pages_answer_not_modified_through_a_match_being_entered_and_change_on_confirmation(
        client, today_match):
    year = timezone.localdate().year
    pages = [reverse("public:big_screen", args=[year]), reverse("public:championship", args=[year]),
             reverse("public:today")]
    juror = make_user("jury")
    records = eight_hand_records()
    from tournaments.recording import matches

    matches.record_hand(today_match, 1, records[0], user=juror)  # the match is being played
    first = {url: client.get(url, headers=POLL) for url in pages}
    assert all(answer.status_code == 200 for answer in first.values())
    for number, record in enumerate(records[1:], start=2):
        matches.record_hand(today_match, number, record, user=juror)
        for url, answer in first.items():
            assert client.get(url, headers={**POLL, "If-None-Match": answer["ETag"]}).status_code == 304, (number, url)
    matches.submit_match(today_match, juror)
    matches.confirm_match(today_match, make_user("chief"))
    for url, answer in first.items():
        after = client.get(url, headers={**POLL, "If-None-Match": answer["ETag"]})
        assert after.status_code == 200, url
    assert "88 : 93" in client.get(pages[0], headers=POLL).text


def match_lookups(statements):
    """The SELECTs that read a match row by its id (the lookup of the jury's pages)."""
    found = re.compile(r'^SELECT .* FROM "tournaments_match" .*WHERE "tournaments_match"\."id" = ', re.S)
    return [query["sql"] for query in statements if found.match(query["sql"])]


def test_a_hand_save_and_the_typing_kept_read_the_match_joining_four_tables_at_most(client, today_match):
    # The page's lookup joins fifteen tables, which PostgreSQL takes 7-9 ms to plan; these requests
    # come every few seconds from every table on match day and need the match, its competition,
    # season, teams and entering juror only.
    client.force_login(make_user("jury"))
    record = eight_hand_records()[0]
    for request in (keep, post_hand):
        with CaptureQueriesContext(connection) as statements:
            assert request(client, today_match, 1, record).status_code == 200
        lookups = match_lookups(statements)
        assert len(lookups) == 1, request.__name__
        assert lookups[0].count(" JOIN ") <= 5, lookups[0]
    with CaptureQueriesContext(connection) as statements:
        client.get(reverse("jury:match", args=[today_match.pk]))
    assert match_lookups(statements)[0].count(" JOIN ") > 5  # the page shows seats and jurors: it joins them


def test_the_typing_kept_costs_a_fixed_number_of_queries(client, today_match, django_assert_num_queries):
    # Kept every few seconds at every table: 1 the user with their permissions (the session comes
    # from the cache), 2 the match, 3 the stored hands (their announcements and silent premiums are
    # read only when the hand typed, or another with typing kept, is stored: not here), 4 the typing
    # kept (one INSERT ... ON CONFLICT DO UPDATE, where update_or_create took a SELECT, then an
    # INSERT or UPDATE, each in a savepoint: six), 5 every hand's typing, for the page's totals.
    client.force_login(make_user("jury"))
    records = eight_hand_records()
    post_hand(client, today_match, 1, records[0])
    with django_assert_num_queries(5):
        assert keep(client, today_match, 2, records[1]).status_code == 200
    for number in (2, 3, 4):
        post_hand(client, today_match, number, records[number - 1])
    with django_assert_num_queries(5):
        assert keep(client, today_match, 5, records[4]).status_code == 200
    with django_assert_num_queries(7):  # a stored hand typed over: 3-5 the hands read whole, as before
        assert keep(client, today_match, 4, records[5]).status_code == 200


# --- anonymous visitors' cached pages ------------------------------------------------------------


SECURITY_HEADERS = ("Content-Security-Policy", "Permissions-Policy", "X-Frame-Options", "X-Content-Type-Options",
                    "Referrer-Policy", "Cross-Origin-Opener-Policy")


def test_an_anonymous_visitors_cached_page_keeps_every_security_header_and_its_language_link(today_match):
    from django.test import Client

    url = reverse("public:championship", args=[timezone.localdate().year])
    first = Client().get(url)
    assert first["X-Public-Cache"] == "miss"
    visitor = Client(enforce_csrf_checks=True)
    cached = visitor.get(url)
    again = visitor.get(url, headers={"If-None-Match": cached["ETag"]})
    assert (cached["X-Public-Cache"], again.status_code, again["X-Public-Cache"]) == ("hit", 304, "not-modified")
    for answer in (first, cached, again):
        for header in SECURITY_HEADERS:
            assert answer.has_header(header), (answer.status_code, header)
    assert cached["X-Frame-Options"] == first["X-Frame-Options"] == "DENY"
    assert cached["Content-Length"] == str(len(cached.content))
    # The page's language link (no form, no token of the visitor's) reads it in Hungarian, and the
    # next pages follow.
    assert "csrfmiddlewaretoken" not in cached.text and "csrftoken" not in cached.cookies
    link = re.search(r'<a href="([^"]+)" hreflang="hu"', cached.text).group(1)
    assert visitor.get(url + link)["Content-Language"] == "hu"
    assert visitor.get(url)["Content-Language"] == "hu"


def test_a_signed_in_visitor_and_a_pending_message_are_never_served_a_cached_page(client, today_match):
    url = reverse("public:championship", args=[timezone.localdate().year])
    client.get(url)
    client.force_login(make_user("jury"))
    signed_in = client.get(url)
    assert not signed_in.has_header("X-Public-Cache")
    from django.test import Client

    with_message = Client()
    with_message.cookies["messages"] = "pending"
    assert not with_message.get(url).has_header("X-Public-Cache")
