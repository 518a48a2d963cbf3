"""Every kind of HTML page the site serves, found from its URL patterns and filled in from the demo:
the pages the outside checkers (the Nu HTML checker, axe-core) read. A new URL pattern is either
given values here or named in NOT_PAGES with the reason, or the HTML test
(test_valid_and_accessible.py) fails: no page kind is forgotten."""

from dataclasses import dataclass
from itertools import product

from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from tournaments.core.models import Competition, Match, Player, Season, Table, Team, TeamLink, TrophyWin
from tournaments.pages.guide import sections as guide_sections

# Who reads each page: the public (no login) and the demo's three roles.
ROLES = (None, "jury1", "chief", "organiser")

# Patterns that are not pages to read: the admin (Django's own), the API and the downloads (not
# HTML), and the actions that only take a POST (their answers are fragments or redirects, checked
# where they are swapped into a page).
NOT_PAGES = {
    "admin": "Django's admin, not the site's templates",
    "api": "JSON, not HTML",
    "logout": "a POST that redirects",
    "accounts:roles": "a POST", "accounts:deactivate": "a POST", "accounts:reactivate": "a POST",
    "accounts:link": "a POST", "accounts:unlock": "a POST (and the demo locks nobody out)",
    "jury:agree": "a POST", "jury:agree_on_paper": "a POST", "jury:preview": "a POST answered with a fragment",
    "jury:save_hand": "a POST answered with a fragment", "jury:keep_hand": "a POST",
    "jury:withdraw": "a POST", "jury:keep_blind_hand": "a POST", "jury:submit": "a POST",
    "jury:confirm": "a POST", "jury:send_back": "a POST", "jury:particulars": "a POST",
    "jury:score_sheet": "a PDF", "jury:export": "JSON",
    "competitions:season_state": "a POST", "competitions:remove_match": "a POST",
    "register:withdraw_variant": "a POST",
    "workbooks:score_sheet": "a spreadsheet", "workbooks:roster": "a spreadsheet",
    "certificates": "PDFs", "calendars": "iCalendar files",
    "feeds": "Atom feeds, not HTML", "sitemap": "XML", "robots_txt": "plain text", "web_manifest": "JSON",
    "table:act": "a POST", "table:open": "a POST after the form on the tables' page",
    "table:join": "a redirect to the seat (a seat link's secret is stored hashed: the demo cannot give one)",
    "table:scores": "JSON",
    "players:enter": "a POST", "players:answer": "a POST",
}
DOWNLOAD_ENDINGS = (".pdf", ".xlsx", ".ics", ".json")
# Missing pages, answered by the site's error page.
MISSING = ("/seasons/2031/", "/jury/matches/999999/")


@dataclass(frozen=True)
class Page:
    name: str  # the URL pattern's name, "jury:match"
    path: str
    role: str | None
    language: str = "hu"

    @property
    def label(self):
        return f"{self.path} as {self.role or 'the public'}" + (" in English" if self.language == "en" else "")


def named_patterns(patterns=None, namespace=None, prefix=""):
    """(name, route, parameter names) of every named pattern, the included ones with their namespace."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            inner = pattern.namespace if pattern.namespace else namespace
            route = prefix + str(pattern.pattern)
            if route.startswith("admin/"):
                yield "admin", route, ()
                continue
            yield from named_patterns(pattern.url_patterns, inner, route)
        elif isinstance(pattern, URLPattern) and pattern.name:
            name = f"{namespace}:{pattern.name}" if namespace else pattern.name
            yield name, prefix + str(pattern.pattern), tuple(pattern.pattern.regex.groupindex)


def not_a_page(name):
    """The entry of NOT_PAGES that covers the pattern (itself or its namespace), or None."""
    for group in NOT_PAGES:
        if name == group or name.startswith(group + ":"):
            return group
    return None


def demo_values():
    """For each URL parameter, the demo's values worth reading: a match in each state of its life."""
    season = Season.objects.order_by("-year").first()
    user_model = get_user_model()
    jury1 = user_model.objects.get(username="jury1")
    matches = {state: Match.objects.filter(state=state, competition__season=season).order_by("pk").first()
               for state in Match.State.values}
    match_pks = [match.pk for match in matches.values() if match is not None]
    grand_prix = Competition.objects.filter(season=season, kind=Competition.Kind.GRAND_PRIX).first()
    trophy = TrophyWin.objects.order_by("pk").first()
    return {
        "year": [season.year],
        "slug": [grand_prix.slug] if grand_prix else [],
        "match_id": match_pks,
        "team_id": [Team.objects.filter(season=season).order_by("pk").first().pk],
        "user_id": [jury1.pk],
        "number": [1],
        "uidb64": [urlsafe_base64_encode(force_bytes(jury1.pk))],
        "token": [default_token_generator.make_token(jury1)],
        "player": [trophy.player_id if trophy else Player.objects.order_by("pk").first().pk],
        "competition": [trophy.competition_id if trophy and trophy.competition_id else
                        Competition.objects.filter(season=season).first().pk],
        "grand_prix_match": [Match.objects.filter(competition=grand_prix).order_by("pk").first().pk]
        if grand_prix else [],
        "table": [Table.objects.order_by("pk").first().pk],
        # The organisers' page of one of the association's words: a feast's, and a suit's.
        "kind": ["feast", "suit"],
        "key": ["pheasant", "hearts"],
        # A team's link at the table (the demo gives links for today's matches).
        "link": [link.token for link in TeamLink.objects.filter(ended_at=None).order_by("pk")[:1]],
        # The guide's sections (Súgó).
        "section": [section.slug for section in guide_sections.SECTIONS],
    }


# Which demo value a `pk` stands for, by pattern.
PK_MEANS = {
    "public:player": "player", "register:player": "player", "register:competition": "competition",
    "competitions:grand_prix_match": "grand_prix_match", "competitions:player_edit": "player",
    "table:manage": "table", "table:play": "table", "table:watch": "table", "table:replay": "table",
}


def paths(name, parameters, values):
    keys = [PK_MEANS.get(name, "match_id") if parameter == "pk" else parameter for parameter in parameters]
    for combination in product(*(values[key] for key in keys)):
        yield reverse(name, kwargs=dict(zip(parameters, combination, strict=True)))


def is_public(path):
    return not path.startswith(("/jury/", "/organise/", "/accounts/password/", "/register/variants/"))


def pages():
    """Every page to read, with who reads it: public pages by the public, the others by each role."""
    values = demo_values()
    found = []
    for name, _route, parameters in named_patterns():
        if not_a_page(name):
            continue
        for path in paths(name, parameters, values):
            if path.endswith(DOWNLOAD_ENDINGS):
                continue
            roles = (None,) if is_public(path) and path != "/" else ROLES
            found.extend(Page(name, path, role) for role in roles)
    found.extend(Page("missing", path, role) for path in MISSING for role in (None, "jury1"))
    return found


def unaccounted_patterns():
    """Named patterns that are neither read nor named in NOT_PAGES."""
    values = demo_values()
    return [name for name, _route, parameters in named_patterns()
            if not not_a_page(name) and not list(paths(name, parameters, values))]


def signed_in_client(role, language="hu"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if role:
        client.force_login(get_user_model().objects.get(username=role))
    return client


def fetch_html(page_list):
    """{page: HTML} of the pages that answer with an HTML document (a role may not reach a page)."""
    clients = {}
    documents = {}
    for page in page_list:
        key = (page.role, page.language)
        if key not in clients:
            clients[key] = signed_in_client(page.role, page.language)
        response = clients[key].get(page.path, follow=True)
        if response.status_code in (200, 403, 404) and response["Content-Type"].startswith("text/html"):
            documents[page] = response.content.decode()
    return documents
