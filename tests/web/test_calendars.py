"""iCalendar feeds of a team's and a competition's matches: one all-day event a match with its
date, place and opponents, a UID that stays with the match so a rescheduled match moves, results
only once confirmed, RFC 5545 lines (CRLF, folded at 75 octets, text escaped)."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_competition, make_match, make_season, make_team, make_user
from tests.web.test_outputs import records
from tournaments.core.models import Match
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


def events(response):
    """The feed's events as {property: value} (lines unfolded, parameters kept in the name)."""
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    raw = response.content.decode()
    assert raw.endswith("\r\n") and "\n" not in raw.replace("\r\n", "")
    for line in raw.split("\r\n"):
        assert len(line.encode()) <= 75
    text = raw.replace("\r\n ", "")
    lines = text.split("\r\n")
    assert lines[:2] == ["BEGIN:VCALENDAR", "VERSION:2.0"] and lines[-2] == "END:VCALENDAR"
    found, current = [], None
    for line in lines:
        if line == "BEGIN:VEVENT":
            current = {}
        elif line == "END:VEVENT":
            found.append(current)
            current = None
        elif current is not None:
            name, _colon, value = line.partition(":")
            current[name] = value
    return found


@pytest.fixture
def fixtures():
    season = make_season()
    championship = make_competition(season=season, name="Csapatbajnokság 2025", slug="csb")
    kings, owls, larks = (make_team(name, season=season) for name in ("Kings", "Owls", "Larks, Budapest"))
    first = make_match(kings, owls, championship, played_on=datetime.date(2025, 4, 12),
                       place="Szeged; Tisza Szálló, nagyterem")
    second = make_match(larks, kings, championship, played_on=datetime.date(2025, 5, 3), place="Budapest")
    other = make_match(owls, larks, championship, played_on=datetime.date(2025, 6, 7))
    return kings, first, second, other


def test_a_teams_feed_holds_its_matches_with_date_place_and_opponents(client, fixtures):
    kings, first, second, _other = fixtures

    found = events(client.get(reverse("calendars:team", args=[2025, kings.pk])))

    assert len(found) == 2
    event = found[0]
    assert event["UID"] == f"match-{first.pk}@tarokk.invalid"
    assert event["DTSTART;VALUE=DATE"] == "20250412" and event["DTEND;VALUE=DATE"] == "20250413"
    assert event["SUMMARY"] == "Kings – Owls (Csapatbajnokság 2025)"
    assert event["LOCATION"] == "Szeged\\; Tisza Szálló\\, nagyterem"  # RFC 5545 escaping
    assert found[1]["SUMMARY"] == "Larks\\, Budapest – Kings (Csapatbajnokság 2025)"
    assert event["DESCRIPTION"] == "Csapatbajnokság 2025"  # no result before the match is confirmed


def test_a_feed_is_hungarian_unless_asked_otherwise(client, fixtures):
    kings, _first, second, _other = fixtures
    matches.record_match(second, records(), user=make_user("jury"))
    matches.confirm_match(second, make_user("chief"))
    response = client.get(reverse("calendars:team", args=[2025, kings.pk]))
    assert events(response)[1]["DESCRIPTION"] == "Csapatbajnokság 2025\\nEredmény: 88 : 93"
    assert "X-WR-CALNAME:Kings: mérkőzések\\, 2025" in response.content.decode()


def test_a_rescheduled_match_moves_and_a_confirmed_one_shows_its_result(client, fixtures):
    kings, first, second, _other = fixtures
    Match.objects.filter(pk=first.pk).update(played_on=datetime.date(2025, 4, 19))

    matches.record_match(second, records(), user=make_user("jury"))
    matches.confirm_match(second, make_user("chief"))

    found = events(client.get(reverse("calendars:team", args=[2025, kings.pk]), {"language": "en"}))

    assert [(event["UID"], event["DTSTART;VALUE=DATE"]) for event in found] == [
        (f"match-{first.pk}@tarokk.invalid", "20250419"), (f"match-{second.pk}@tarokk.invalid", "20250503")]
    assert found[1]["DESCRIPTION"] == "Csapatbajnokság 2025\\nResult: 88 : 93"
    assert found[1]["URL"].endswith(reverse("public:match", args=[2025, second.pk]))
    assert found[0]["URL"].endswith(reverse("public:season", args=[2025]))


def test_a_competitions_feed_holds_all_its_matches(client, fixtures):
    found = events(client.get(reverse("calendars:competition", args=[2025, "csb"])))
    assert [event["DTSTART;VALUE=DATE"] for event in found] == ["20250412", "20250503", "20250607"]
    assert "LOCATION" not in found[2]  # no place given


@pytest.mark.parametrize("count", [1, 6])
def test_the_feeds_query_count_does_not_grow(client, django_assert_num_queries, count):
    season = make_season()
    championship = make_competition(season=season, slug="csb")
    kings = make_team(season=season)
    for day in range(count):
        make_match(kings, make_team(season=season), championship, played_on=datetime.date(2025, 3, 1 + day))
    with django_assert_num_queries(3 + 1):  # season, team, matches, and the public data version
        team = client.get(reverse("calendars:team", args=[2025, kings.pk]))
    with django_assert_num_queries(3 + 1):  # season, competition, matches, and the public data version
        competition = client.get(reverse("calendars:competition", args=[2025, "csb"]))
    assert team.status_code == competition.status_code == 200
    assert team.content.count(b"BEGIN:VEVENT") == competition.content.count(b"BEGIN:VEVENT") == count


def test_long_lines_are_folded_without_splitting_a_character(client):
    season = make_season()
    championship = make_competition(season=season, slug="csb", name="Országos Csapatbajnokság " + "ő" * 60)
    make_match(competition=championship, place="Győr")
    found = events(client.get(reverse("calendars:competition", args=[2025, "csb"])))
    assert found[0]["SUMMARY"].endswith("ő" * 60 + ")")


def test_the_pages_link_their_feeds(client, fixtures):
    kings, *_rest = fixtures
    team_page = client.get(reverse("public:team", args=[2025, kings.pk])).content.decode()
    assert reverse("calendars:team", args=[2025, kings.pk]) in team_page
    table_page = client.get(reverse("public:championship", args=[2025])).content.decode()
    assert reverse("calendars:competition", args=[2025, "csb"]) in table_page


def test_uids_are_the_same_whatever_name_the_site_is_reached_by(client, fixtures, settings):
    kings, first, _second, _other = fixtures
    settings.ALLOWED_HOSTS = ["tarokk.example", "127.0.0.1", "testserver"]
    settings.SITE_DOMAIN = "tarokk.example"
    url = reverse("calendars:team", args=[2025, kings.pk])

    by_name = events(client.get(url, headers={"Host": "tarokk.example"}))
    by_address = events(client.get(url, headers={"Host": "127.0.0.1"}))

    assert [event["UID"] for event in by_name] == [event["UID"] for event in by_address]
    assert by_name[0]["UID"] == f"match-{first.pk}@tarokk.example"


def test_the_calendars_name_is_text_escaped_once(client, fixtures):
    # RFC 5545 3.8.8.2: a non-standard property such as X-WR-CALNAME is TEXT, so its comma is
    # escaped (3.3.11) exactly once, and nothing else (a colon stays as it is).
    _kings, first, _second, _other = fixtures
    first.competition.name = "Csapatbajnokság: Dél, 2025"
    first.competition.save()

    text = client.get(reverse("calendars:competition", args=[2025, "csb"])).content.decode()

    assert "X-WR-CALNAME:Csapatbajnokság: Dél\\, 2025\r\n" in text
