"""Match-day pages: today's matches with their state (a score only once confirmed), the big
screen, and the live standings and bracket, pushed their changes over a WebSocket
(test_live_sockets.py), their fallback's conditional GET answered with a 304 while nothing changed."""

import re

import pytest
from django.urls import reverse
from django.utils import formats, timezone, translation

from tests.factories import eight_hand_records, make_competition, make_match, make_season, make_team, make_user
from tournaments.core.models import Competition
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


@pytest.fixture
def day():
    season = make_season(timezone.localdate().year)
    championship = make_competition(season=season)
    teams = [make_team(f"Team {n}", season=season) for n in range(8)]
    today = timezone.localdate()
    scheduled = make_match(teams[0], teams[1], championship, played_on=today)
    playing = make_match(teams[2], teams[3], championship, played_on=today)
    matches.record_match(playing, eight_hand_records()[:3], user=make_user("jury"), draft=True)
    awaiting = make_match(teams[4], teams[5], championship, hand_records=eight_hand_records(), played_on=today)
    confirmed = make_match(teams[6], teams[7], championship, hand_records=eight_hand_records(), confirmed=True,
                           played_on=today)
    return {"scheduled": scheduled, "playing": playing, "awaiting": awaiting, "confirmed": confirmed}


def row_of(html, match):
    start = html.index(f"{match.team_a} – {match.team_b}")
    return html[start:html.index("</tr>", start)]


def test_today_shows_each_matchs_state_and_only_confirmed_scores(client, day):
    html = client.get(reverse("public:today")).text
    assert "Scheduled" in row_of(html, day["scheduled"])
    assert "Being played" in row_of(html, day["playing"])
    awaiting = row_of(html, day["awaiting"])
    assert "Awaiting confirmation" in awaiting and "88" not in awaiting and ":" not in awaiting.split("state")[-1]
    assert "Confirmed" in row_of(html, day["confirmed"]) and "88 : 93" in row_of(html, day["confirmed"])


def test_today_links_every_match_to_its_page_confirmed_or_not(client, day):
    """At the venue a player taps a match to see who plays it; its page shows no score until confirmed."""
    html = client.get(reverse("public:today")).text
    for match in day.values():
        link = reverse("public:match", args=[match.competition.season.year, match.pk])
        assert f'<a href="{link}">{match.team_a} – {match.team_b}</a>' in html


@pytest.mark.parametrize("more", [0, 6])
def test_the_today_page_takes_the_same_queries_however_many_matches(client, day, django_assert_num_queries, more):
    season = day["scheduled"].competition.season
    for _ in range(more):
        make_match(make_team(season=season), make_team(season=season), day["scheduled"].competition,
                   played_on=timezone.localdate())
    # 1 the public data version (the page cache), 2 again (the live block's cache: live_pages), 3 the day's
    # matches with their teams
    with django_assert_num_queries(3):
        response = client.get(reverse("public:today"))
    assert response.status_code == 200
    assert response.text.count("<tr class=\"match-") == 4 + more


def test_a_confirmation_reaches_the_pages_fallback_and_an_unchanged_ask_is_304(client, day):
    """A page whose socket is down asks for itself once a minute (live.js), with its ETag."""
    url = reverse("public:today")
    first = client.get(url)
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304

    matches.confirm_match(day["awaiting"], make_user("chief"))

    after = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert after.status_code == 200 and "88 : 93" in row_of(after.text, day["awaiting"])


def test_a_live_pages_poll_is_answered_with_the_page_itself_from_one_copy(client, day):
    """The live pages' polls (htmx, hx-select="#live") get the whole page, as a visit does: the page
    cache keeps one copy a version for both (public_cache.page_variant), rendered once."""
    year = timezone.localdate().year
    make_competition(Competition.Kind.CUP, season=day["confirmed"].competition.season)
    poll = {"HX-Request": "true", "HX-Target": "live"}
    for url in (reverse("public:championship", args=[year]), reverse("public:cup", args=[year]),
                reverse("public:big_screen", args=[year]), reverse("public:today")):
        visit = client.get(url)
        polled = client.get(url, headers=poll)
        assert visit["X-Public-Cache"] == "miss" and polled["X-Public-Cache"] == "hit", url
        assert without_form_token(polled.text) == without_form_token(visit.text), url
        assert polled["ETag"] == visit["ETag"]


def without_form_token(html):
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", html)


LIVE_SCRIPT = re.compile(r'<script src="/static/tournaments/live(\.[0-9a-f]+)?\.js" defer></script>')


def test_the_live_pages_are_pushed_their_changes_by_a_static_script_and_poll_nothing(client, day):
    year = timezone.localdate().year
    make_competition(Competition.Kind.CUP, season=day["confirmed"].competition.season)
    for url in (reverse("public:championship", args=[year]), reverse("public:cup", args=[year]),
                reverse("public:big_screen", args=[year]), reverse("public:today"),
                reverse("public:match", args=[year, day["playing"].pk])):
        html = client.get(url).text
        assert 'id="live"' in html and LIVE_SCRIPT.search(html), url
        # no inline script (a content policy forbids it)
        assert "hx-trigger" not in html and "<script>" not in html, url
        assert 'role="status" aria-live="polite"' in html, url


def test_a_confirmed_matchs_page_is_no_longer_live(client, day):
    html = client.get(reverse("public:match", args=[timezone.localdate().year, day["confirmed"].pk])).text
    assert 'id="live"' in html and not LIVE_SCRIPT.search(html)


def test_the_big_screen_shows_the_days_matches(client, day):
    html = client.get(reverse("public:big_screen", args=[timezone.localdate().year])).text
    assert "88 : 93" in row_of(html, day["confirmed"]) and "Being played" in row_of(html, day["playing"])


def test_the_days_date_reads_in_the_pages_language(client, day):
    """A Hungarian heading reads "A mai mérkőzések 2026. június 14.", not an ISO date."""
    today = timezone.localdate()
    with translation.override("hu"):
        hungarian_date = formats.date_format(today)
    for url in (reverse("public:today"), reverse("public:big_screen", args=[today.year])):
        html = client.get(url, headers={"Accept-Language": "hu"}).text
        heading = html[html.index("<h1"):html.index("</h1>")]
        assert f'datetime="{today.isoformat()}">{hungarian_date}</time>' in heading, url
