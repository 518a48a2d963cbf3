"""Public pages served from a shared cache that is never stale.

The key is the public data version (tournaments.core.models.public_data), which every change to the
association's public data moves on *in the same transaction*: every model a public page reads is
a ``PublicData`` model, whose writes (save, delete, a QuerySet's update, delete and bulk writes,
the admin, a restore) move it, and code that changes public data another way calls
``public_data.changed()``. What no public page reads (a juror's typing) moves nothing. A page that
shows confirmed matches only is keyed by the FACTS version alone, which a match being played
(its PLAY version) leaves standing.

A public page is read under the version read first, so what is cached under a version is never
older than that version. Each move draws a new random token, so a version rolled back with its
transaction is never reused for other data.

The middleware answers conditional requests (``ETag`` and ``Last-Modified``: 304 Not Modified
while the version is unchanged) and serves public pages, PDFs and spreadsheets from the cache
(Django's cache: a file cache shared by one machine's workers, or Redis for several machines).
"""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core.cache import caches
from django.http import HttpResponse
from django.http.request import split_domain_port
from django.middleware.csrf import get_token
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date

from tournaments.core.models import public_data
from tournaments.pages.api.http import with_cors
from tournaments.site.release import release_id

# Public pages: the standings, results and the register (their jury-only views need a login, and
# only anonymous requests are cached), the API, the calendars and the certificates, and the front page.
PUBLIC_NAMESPACES = {"public", "register", "api", "calendars", "certificates", "feeds"}
PUBLIC_URL_NAMES = {"home", "sitemap"}
CSRF_INPUT = re.compile(rb'(name="csrfmiddlewaretoken" value=")[A-Za-z0-9]{64}(")')
CSRF_PLACEHOLDER = b"\x00csrf-token\x00"
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language")


# --- the version ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Version:
    token: str
    number: int
    changed_at: datetime

    @property
    def etag(self) -> str:
        return f"{self.number}.{self.token[:16]}"


# The pages that show confirmed matches only, never a match being played: the standings, the Cup
# bracket (its ties count confirmed matches), the Grand Prix tables and the register, on screen
# and printed, with the versions each is keyed by. None shows play in progress (the PLAY version),
# so starting, submitting or sending back a match leaves their copies (and 304s) standing; a
# competition's own pages show its results alone, so a confirmation in another competition leaves
# them standing too (the Championship counts the Grand Prix matches marked for it, which move its
# row: Match.results_shown_in). tests/web/test_public_cache_play.py renders each before and after
# every such move. Any other public page is keyed by every version.
_CHAMPIONSHIP = public_data.COMPETITION_PAGE["championship"]
_CUP = public_data.COMPETITION_PAGE["cup"]
_GRAND_PRIX = public_data.COMPETITION_PAGE["grand_prix"]
_ALL_RESULTS = public_data.ALL_RESULTS
PAGE_VERSIONS = {
    "public:championship": _CHAMPIONSHIP, "public:championship_pdf": _CHAMPIONSHIP,
    "public:championship_xlsx": _CHAMPIONSHIP,
    "public:cup": _CUP, "public:cup_pdf": _CUP, "public:cup_xlsx": _CUP,
    "public:grand_prix": _GRAND_PRIX, "public:grand_prix_pdf": _GRAND_PRIX, "public:grand_prix_xlsx": _GRAND_PRIX,
    "register:index": _ALL_RESULTS, "register:index_pdf": _ALL_RESULTS, "register:index_xlsx": _ALL_RESULTS,
    "register:player": _ALL_RESULTS, "register:competitions": _ALL_RESULTS, "register:competition": _ALL_RESULTS,
    "register:awards": _ALL_RESULTS,
}
CONFIRMED_ONLY_PAGES = frozenset(PAGE_VERSIONS)


def page_version(versions: public_data.Versions | None, match) -> Version | None:
    """The version a page is keyed by: that of the rows it shows (PAGE_VERSIONS; every row for a
    page not listed there), together (public_data.combined)."""
    if versions is None:
        return None
    return Version(*public_data.combined(versions, PAGE_VERSIONS.get(match.view_name, public_data.ROWS)))


def current_version(request) -> Version | None:
    """The version of the public page ``request`` resolved to (one query); None while the database
    has none (just emptied). The versions read are kept on the request (``public_data_versions``):
    a part of the page kept under fewer of them (tournaments.pages.fragments) is looked up by them,
    not read again."""
    request.public_data_versions = public_data.read()
    return page_version(request.public_data_versions, request.resolver_match)


# --- the middleware -----------------------------------------------------------------------------


def _is_public(request) -> bool:
    match = request.resolver_match
    if match is None or request.method not in ("GET", "HEAD"):
        return False
    if match.namespace not in PUBLIC_NAMESPACES and match.url_name not in PUBLIC_URL_NAMES:
        return False
    # A signed-in user's pages carry their name and links; a pending message is shown once.
    return "messages" not in request.COOKIES and not request.user.is_authenticated


def _variant(request) -> str:
    """What besides the address changes the page: the language, the day (the front page's next
    matches and the "today" page are counted from it), the release (a page names its static files
    by their hashed names) and the host's name (absolute links name it; not its port, so the
    application servers behind one address share their pages).

    Not whether htmx asks: a public page answers its own polls (htmx, ``hx-select="#live"``) with
    the whole page, which the browser cuts down, so a poll and a visit share one copy and one
    render a version (tests/web/test_live_pages.py checks that they are the same page).

    Worked out once a request and language (the ETag, the key and the validators each ask for
    it): a cached page's answer is a few hundred microseconds, of which this was a tenth."""
    language = translation.get_language()
    known = getattr(request, "public_cache_variant", None)
    if known is not None and known[0] == language:
        return known[1]
    variant = (f"{timezone.localdate().isoformat()}.{language}.{release_id()}"
               f".{split_domain_port(request.get_host())[0]}")
    request.public_cache_variant = (language, variant)
    return variant


def _cache_key(version: Version, request) -> str:
    address = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:32]
    return f"public-page:{version.token}:{_variant(request)}:{address}"


def _etag(version: Version, request) -> str:
    return f'"{version.etag}.{hashlib.sha256(_variant(request).encode()).hexdigest()[:8]}"'


def _validators(response, version: Version, request) -> None:
    if request.resolver_match.namespace == "api":  # a 304 or a cached copy is open to any origin too
        with_cors(response)
    response["ETag"] = _etag(version, request)
    response["Last-Modified"] = http_date(version.changed_at.timestamp())
    # Every use asks again (a 304 while unchanged); private: the page holds this visitor's form token.
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ("Accept-Language", "Cookie", "HX-Request", "HX-Target"))


def _page_cache():
    return caches[settings.PUBLIC_PAGE_CACHE]


# --- one render of a page a version -------------------------------------------------------------

# When the version moves, every viewer of a live page asks for the new one within a second or two:
# each rendered it while the first was still at work (a dozen renders of one page on match day,
# most of the server's time). The first to miss renders it; the others wait for its copy, checking
# the cache (``next_check``), and render it themselves only if it has not come by then (the first
# failed, or took too long): nothing older than the version is ever served.
RENDER_TURN_SECONDS = 30  # a turn not given back (a process stopped mid-render) lapses
RENDER_WAIT_SECONDS = 10.0  # a fresh PDF of a national season takes seconds under load
# A page takes tens of milliseconds to render: checked every 10 ms, a waiting viewer has it at most
# 10 ms after it is stored (checks at doubling intervals had added up to the render's own time to
# the wait). Past a third of a second it is a PDF being laid out: checked every 50 ms.
QUICK_CHECK_SECONDS, SLOW_CHECK_SECONDS, QUICK_CHECKS_FOR_SECONDS = 0.01, 0.05, 0.3


def next_check(waited: float) -> float:
    """The pause before the next look for a page rendered elsewhere, ``waited`` seconds into the wait."""
    return QUICK_CHECK_SECONDS if waited < QUICK_CHECKS_FOR_SECONDS else SLOW_CHECK_SECONDS


def stored_or_render_turn(request, key: str):
    """The cached copy under ``key``, or None: then this request renders the page, having taken the
    page's turn if no other request holds it, or after waiting in vain for the one that does."""
    cache = _page_cache()
    stored = cache.get(key)
    if stored is not None:
        return stored
    turn = f"rendering:{key}"
    if cache.add(turn, 1, RENDER_TURN_SECONDS):
        request.public_cache_render_turn = turn
        return None
    began = time.monotonic()
    while (waited := time.monotonic() - began) < RENDER_WAIT_SECONDS:
        time.sleep(next_check(waited))
        found = cache.get_many([key, turn])  # one round trip
        if key in found:
            return found[key]
        if turn not in found:  # given back without a copy (not a 200, not storable): render it here
            return None
    return None


def give_back_render_turn(request) -> None:
    """Once the page is rendered (and stored, if it could be) or refused: the waiting may go on."""
    turn = getattr(request, "public_cache_render_turn", None)
    if turn is not None:
        _page_cache().delete(turn)
        request.public_cache_render_turn = None


class PublicCacheMiddleware:
    """Conditional GET and the shared cache, for anonymous requests to public pages."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            response = self.get_response(request)
            version = getattr(request, "public_data_version", None)
            if version is not None and response.status_code == 200 and not response.streaming \
                    and not response.has_header("X-Public-Cache"):
                self._store(request, response, version)
            return response
        finally:
            give_back_render_turn(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not _is_public(request):
            return None
        # Read already when AnonymousPublicPagesMiddleware found no cached copy (public_fast_path):
        # then this request renders the page, under that version.
        missed = getattr(request, "public_data_version_read", None)
        if missed is not None:
            request.public_data_version = missed
            return None
        version = current_version(request)
        if version is None:
            return None
        request.public_data_version = version
        # The ETag decides: Last-Modified is sent, but a date alone never earns a 304, since
        # one second can hold several versions.
        unchanged = get_conditional_response(request, etag=_etag(version, request))
        if unchanged is not None:
            _validators(unchanged, version, request)
            unchanged["X-Public-Cache"] = "not-modified"
            return unchanged
        stored = stored_or_render_turn(request, _cache_key(version, request))
        if stored is None:
            return None
        content, headers = stored
        response = HttpResponse(_with_token(content, request))
        for name, value in headers.items():
            response[name] = value
        _validators(response, version, request)
        response["X-Public-Cache"] = "hit"
        return response

    @staticmethod
    def _store(request, response, version: Version) -> None:
        content = CSRF_INPUT.sub(rb"\1" + CSRF_PLACEHOLDER + rb"\2", response.content)
        headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
        _page_cache().set(_cache_key(version, request), (content, headers), settings.PUBLIC_PAGE_CACHE_SECONDS)
        _validators(response, version, request)
        response["X-Public-Cache"] = "miss"


def _with_token(content: bytes, request) -> bytes:
    """A cached page's form token replaced by this visitor's own."""
    if CSRF_PLACEHOLDER not in content:
        return content
    return content.replace(CSRF_PLACEHOLDER, get_token(request).encode())
