"""The live pages' #live blocks: today's matches, the big screen, the Championship table, the Cup
bracket and a match's page. Each block is a partial template rendered without a request, from
the page's address (its URL pattern's name and arguments, its query string) and a language, by
the page's view and by the page's socket (live_socket) alike: the page and what is pushed to it
are the same HTML.

A block is kept in the cache framework under the public data version read before its data, so
the hundreds of connections of one page get one render a version, and no block is ever found
under a version newer than its data."""

from collections.abc import Callable
from dataclasses import asdict, dataclass

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, QueryDict
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from django_tables2 import RequestConfig

from tournaments.core.collation import hungarian_key
from tournaments.core.competitions import cup as cup_rules
from tournaments.core.models import Competition, Match, public_data
from tournaments.pages import people
from tournaments.reads import standings
from tournaments.reads.standings import get_competition, get_season

from .tables import ChampionshipTable

STATES = {
    Match.State.SCHEDULED: ("scheduled", _("Scheduled")),
    Match.State.IN_ENTRY: ("playing", _("Being played")),
    Match.State.RETURNED: ("playing", _("Being played")),
    Match.State.ENTERED: ("awaiting", _("Awaiting confirmation")),
    Match.State.CONFIRMED: ("confirmed", _("Confirmed")),
}


@dataclass(frozen=True)
class LivePage:
    """A live page's #live block: its template, and how its context is read from the URL's
    arguments and query string (the queries the block needs)."""

    template: str
    read: Callable[[dict, QueryDict], dict]


def live_html(view_name: str, kwargs: dict, query: QueryDict, language: str, *,
              version: public_data.Version | None, context: Callable[[], dict] | None = None) -> str:
    """The inner HTML of the #live block of the page ``view_name`` (a key of LIVE_PAGES) with
    the URL's ``kwargs`` and ``query``, in ``language``. ``version`` is the public data version
    read before any of the data shown (public_data.current()); ``context`` gives the block's
    context from data a view has read already, else it is read here. Rendered once a version: the
    cache answers the next asks (None: a database just emptied, rendered every time)."""
    page = LIVE_PAGES[view_name]

    def render() -> str:
        with translation.override(language):
            return render_to_string(page.template, context() if context else page.read(kwargs, query))

    if version is None:
        return render()
    key = cache_key(view_name, kwargs, query, language, version)
    return caches["default"].get_or_set(key, render, settings.PUBLIC_PAGE_CACHE_SECONDS)


def page_block(request, version, context: Callable[[], dict] | None = None) -> str:
    """live_html for the page ``request`` asked for, as its socket renders it."""
    match = request.resolver_match
    return live_html(match.view_name, match.kwargs, block_query(request.GET), translation.get_language(),
                     version=version, context=context)


def block_query(query: QueryDict) -> QueryDict:
    """The page's query string as its block is rendered from: without ``language``, an argument of
    its own, which the socket's address always carries and the page's may not."""
    query = query.copy()
    query.pop("language", None)
    return query


def cache_key(view_name, kwargs, query, language, version) -> str:
    """The block's key: its page, arguments, query and language, the version, and the day (the day's
    matches are today's)."""
    arguments = ",".join(f"{name}={value}" for name, value in sorted(kwargs.items()))
    return (f"live:{view_name}:{arguments}:{query.urlencode()}:{language}:{timezone.localdate().isoformat()}"
            f":{version.token}")


# --- today's matches and the big screen ----------------------------------------------------------


def days_matches(day) -> list[dict]:
    """The matches of the day, each with its public state; a score only when confirmed. One query."""
    matches = (Match.objects.filter(played_on=day)
               .select_related("competition__season", "team_a", "team_b")
               .order_by("competition__kind", "place", "id"))
    lines = []
    for match in matches:
        css, label = STATES.get(match.state, ("scheduled", _("Scheduled")))
        confirmed = match.state == Match.State.CONFIRMED
        lines.append({"match": match, "state": css, "state_label": label, "confirmed": confirmed,
                      "score_a": match.score_a if confirmed else None,
                      "score_b": match.score_b if confirmed else None})
    return lines


def read_today(kwargs, query) -> dict:
    return {"lines": days_matches(timezone.localdate())}


def big_screen_cup(season):
    """The season's Cup, with its season (the bracket's round dates read it), or None."""
    return Competition.objects.filter(season=season, kind=Competition.Kind.CUP).select_related("season").first()


def big_screen_context(season, competition) -> dict:
    """Today's matches and the Cup's bracket. Queries: today's matches; the Cup's ties and their
    matches once it is drawn."""
    day = timezone.localdate()
    rounds = cup_rules.bracket(competition) if competition and competition.drawn_at else []
    return {"season": season, "competition": competition, "day": day, "lines": days_matches(day), "rounds": rounds}


def read_big_screen(kwargs, query) -> dict:
    season = get_season(kwargs["year"])
    return big_screen_context(season, big_screen_cup(season))


# --- the Championship table -----------------------------------------------------------------------


def championship_table(championship, query: QueryDict) -> ChampionshipTable:
    """R15: the season table (standings.championship) sorted as ``query`` asks (``?sort=``)."""
    table = ChampionshipTable(championship_rows(championship))
    RequestConfig(request_with(query), paginate=False).configure(table)
    return table


def request_with(query: QueryDict) -> HttpRequest:
    """A request carrying only the page's query string: what django-tables2 reads its order and
    writes its sort links from."""
    request = HttpRequest()
    request.GET = query
    return request


def championship_rows(championship) -> list[dict]:
    """The rows the printed copies share, with the team's link, its Hungarian sort key and its
    players (linked, told apart where two share a name). No query: the table holds its teams."""
    teams = championship.teams
    shared = people.shared_names(people.team_members(teams.values()))
    return [{**asdict(row), "team_url": reverse("public:team", args=[championship.season.year, row.team_id]),
             "team_order": hungarian_key(row.team), "members": teams[row.team_id].members(), "shared_names": shared}
            for row in championship.rows]


def championship_context(table: ChampionshipTable, query: QueryDict) -> dict:
    return {"table_html": table.as_html(request_with(query))}


def read_championship(kwargs, query) -> dict:
    championship = standings.championship(get_season(kwargs["year"]))
    return championship_context(championship_table(championship, query), query)


# --- the Cup bracket and a match ------------------------------------------------------------------


def read_cup(kwargs, query) -> dict:
    season = get_season(kwargs["year"])
    return {"season": season, "rounds": cup_rules.bracket(get_competition(season, Competition.Kind.CUP))}


def public_match(season, match_id) -> Match:
    return get_object_or_404(
        Match.objects.select_related(
            "competition__season", "team_a", "team_b", "cup_tie", "a_driver", "a_catcher", "b_driver", "b_catcher"),
        pk=match_id, competition__season=season)


def match_context(season, match) -> dict:
    """A match's state, and once it is confirmed its hands' scores (before, no score is shown).
    Queries: its hands when confirmed."""
    confirmed = match.state == Match.State.CONFIRMED
    hands = (list(match.hands.only("match_id", "number", "attackers", "score_a", "score_b", "raw_a", "raw_b"))
             if confirmed else [])
    return {"season": season, "match": match, "hands": hands, "confirmed": confirmed}


def read_match(kwargs, query) -> dict:
    season = get_season(kwargs["year"])
    return match_context(season, public_match(season, kwargs["match_id"]))


LIVE_PAGES = {
    "public:today": LivePage("public/_day_matches.html", read_today),
    "public:big_screen": LivePage("public/_big_screen_live.html", read_big_screen),
    "public:championship": LivePage("public/_championship_table.html", read_championship),
    "public:cup": LivePage("public/_bracket.html", read_cup),
    "public:match": LivePage("public/_match_live.html", read_match),
}
