"""iCalendar feeds (RFC 5545) of a team's and a competition's matches in a season, for players'
phones: one all-day event a match with its date, place, the two teams and the competition (and the
result once the match is confirmed; nothing unconfirmed is shown). A match keeps its UID, so a
subscribed calendar moves the event when the match is rescheduled and drops it when the match is
removed. Hungarian unless another of the site's languages is asked for (``?language=en``)."""

import datetime

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.core.models import Competition, Match, Team
from tournaments.pages.outputs.certificates import language_of
from tournaments.pages.outputs.titles import association_name
from tournaments.reads.standings import get_season

CONTENT_TYPE = "text/calendar; charset=utf-8"
LINE_OCTETS = 75  # RFC 5545 3.1: lines are folded after 75 octets


def escape(value) -> str:
    """A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and newline escaped."""
    return (str(value).replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n"))


def fold(line: str) -> list[str]:
    """A content line cut into lines of at most 75 octets, never inside a UTF-8 character; each
    continuation starts with a space."""
    pieces, current, size = [], "", 0
    for character in line:
        octets = len(character.encode())
        limit = LINE_OCTETS if not pieces else LINE_OCTETS - 1
        if size + octets > limit:
            pieces.append(current)
            current, size = "", 0
        current += character
        size += octets
    pieces.append(current)
    return [pieces[0]] + [" " + piece for piece in pieces[1:]]


def calendar_text(name, events) -> str:
    # X-WR-CALNAME is a non-standard property, whose value is TEXT (RFC 5545 3.8.8.2): its commas
    # are escaped like any TEXT's (3.3.11), once; a reader that unescapes TEXT shows the name as is.
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:-//{escape(association_name())}//Tournaments//EN",
             "CALSCALE:GREGORIAN", "METHOD:PUBLISH", f"X-WR-CALNAME:{escape(name)}"]
    for event in events:
        lines += ["BEGIN:VEVENT", *event, "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return "".join(piece + "\r\n" for line in lines for piece in fold(line))


def match_uid(match) -> str:
    """The match's event's UID: the same whatever name the site is reached by (SITE_DOMAIN), so a
    subscribed calendar keeps following the match."""
    return f"match-{match.pk}@{settings.SITE_DOMAIN}"


def event_lines(request, match, stamp) -> list[str]:
    """One match as a VEVENT's properties."""
    title = _("%(a)s – %(b)s") % {"a": match.team_a.name, "b": match.team_b.name}
    description = [match.competition.name]
    if match.cup_tie_id:
        description.append(str(match.cup_tie.get_round_display()))
    if match.kind == Match.Kind.TIE_BREAKER:
        description.append(str(_("tie-breaker")))
    if match.state == Match.State.CONFIRMED:
        description.append(_("Result: %(a)s : %(b)s") % {"a": match.score_a, "b": match.score_b})
    year = match.competition.season.year
    # A confirmed match links its page; before that, the season's page (a match's page is public once confirmed).
    page = (reverse("public:match", args=[year, match.pk]) if match.state == Match.State.CONFIRMED
            else reverse("public:season", args=[year]))
    url = request.build_absolute_uri(page)
    lines = [
        f"UID:{match_uid(match)}",
        f"DTSTAMP:{stamp}",
        f"DTSTART;VALUE=DATE:{match.played_on:%Y%m%d}",
        f"DTEND;VALUE=DATE:{match.played_on + datetime.timedelta(days=1):%Y%m%d}",
        f"SUMMARY:{escape(f'{title} ({match.competition.name})')}",
        f"DESCRIPTION:{escape(chr(10).join(description))}",
        f"URL:{url}",
        "TRANSP:TRANSPARENT",
    ]
    if match.place:
        lines.insert(5, f"LOCATION:{escape(match.place)}")
    return lines


def feed(request, name, matches, file_name):
    stamp = timezone.now().astimezone(datetime.UTC).strftime("%Y%m%dT%H%M%SZ")
    matches = matches.select_related("competition__season", "team_a", "team_b", "cup_tie").order_by("played_on", "id")
    text = calendar_text(name, [event_lines(request, match, stamp) for match in matches])
    response = HttpResponse(text.encode(), content_type=CONTENT_TYPE)
    response["Content-Disposition"] = f'inline; filename="{file_name}.ics"'
    return response


@require_safe
def team_feed(request, year, team_id):
    """Every match of a team in the season. Queries: season, team, matches."""
    with translation.override(language_of(request)):
        season = get_season(year)
        team = get_object_or_404(Team, pk=team_id, season=season)
        matches = Match.objects.of_team(team).filter(competition__season=season)
        return feed(request, _("%(team)s: matches %(year)s") % {"team": team.name, "year": year}, matches,
                    f"team-{team.pk}-{year}")


@require_safe
def competition_feed(request, year, slug):
    """Every match of a competition. Queries: season, competition, matches."""
    with translation.override(language_of(request)):
        season = get_season(year)
        competition = get_object_or_404(Competition, season=season, slug=slug)
        return feed(request, competition.name, competition.matches.all(), f"{competition.slug}-{year}")


app_name = "calendars"

urlpatterns = [
    path("<int:year>/teams/<int:team_id>.ics", team_feed, name="team"),
    path("<int:year>/<slug:slug>.ics", competition_feed, name="competition"),
]
