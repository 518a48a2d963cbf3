"""Public pages served from Django's cache and answered 304 while unchanged, never stale.

For an anonymous GET or HEAD of a public page the middleware reads the public data version (one
query: tournaments.core.models.public_data), which every change to what a public page shows moves
on in the same transaction. It answers 304 Not Modified when the visitor's ETag names that version,
else the copy cached under the version, the page's variant (language, day, release, host) and its
address, else lets the view render the page and keeps it. A page is rendered after the version is
read, so no copy is older than the key it is found under; a copy of an older version is never read
again and ages out of the cache.

The answer, the same for every anonymous visitor, is kept a second by the proxy (X-Accel-Expires,
deploy/nginx.conf's micro-cache); a page holding a form token, its visitor's own, by neither.
"""

import hashlib

from django.conf import settings
from django.core.cache import caches
from django.http import HttpResponse
from django.http.request import split_domain_port
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
FORM_TOKEN = b'name="csrfmiddlewaretoken"'
KEPT_HEADERS = ("Content-Type", "Content-Disposition", "Content-Language")


class PublicCacheMiddleware:
    """Conditional GET and the cache framework, for anonymous requests to public pages."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        page = getattr(request, "public_page", None)
        # Not a page holding a form token: its visitor's own.
        if page is not None and response.status_code == 200 and not response.streaming \
                and not response.has_header("X-Public-Cache") and FORM_TOKEN not in response.content:
            page.store(response)
        return response

    def process_view(self, request, view_func, view_args, view_kwargs):
        if not is_public(request):
            return None
        version = public_data.current()
        if version is None:  # a database just emptied
            return None
        page = request.public_page = CachedPage(request, version)
        # The ETag decides: Last-Modified is sent, but a date alone never earns a 304, since one
        # second can hold several versions.
        unchanged = get_conditional_response(request, etag=page.etag)
        if unchanged is not None:
            return page.answer(unchanged, "not-modified")
        stored = caches[settings.PUBLIC_PAGE_CACHE].get(page.key)
        return None if stored is None else page.from_stored(*stored)


def is_public(request) -> bool:
    """An anonymous GET or HEAD of a public page: a signed-in user's pages carry their name and
    links, and a pending message is shown once."""
    match = request.resolver_match
    if match is None or request.method not in ("GET", "HEAD"):
        return False
    if match.namespace not in PUBLIC_NAMESPACES and match.url_name not in PUBLIC_URL_NAMES:
        return False
    return "messages" not in request.COOKIES and not request.user.is_authenticated


class CachedPage:
    """A public page of one version as this request asks for it: its ETag, its cache key, and the
    answers made of them."""

    def __init__(self, request, version: public_data.Version):
        self.request, self.version = request, version
        variant = page_variant(request)
        address = hashlib.sha256(request.get_full_path().encode()).hexdigest()[:32]
        self.key = f"public-page:{version.token}:{variant}:{address}"
        self.etag = f'"{version.etag}.{hashlib.sha256(variant.encode()).hexdigest()[:8]}"'

    def answer(self, response, how: str):
        """``response`` with the validators, and how the cache answered (X-Public-Cache)."""
        if self.request.resolver_match.namespace == "api":  # a 304 or a cached copy is open to any origin
            with_cors(response)
        response["ETag"] = self.etag
        response["Last-Modified"] = http_date(self.version.changed_at.timestamp())
        # Kept a second by the proxy, which reads the header only before Cache-Control (nginx < 1.23); the
        # browser asks again each time (a 304 while unchanged); not private: the same for every visitor.
        response["X-Accel-Expires"] = "1"
        del response["Cache-Control"]
        response["Cache-Control"] = "no-cache"
        patch_vary_headers(response, ("Accept-Language", "Cookie", "HX-Request", "HX-Target"))
        response["X-Public-Cache"] = how
        return response

    def from_stored(self, content: bytes, headers: dict):
        return self.answer(HttpResponse(content, headers=headers), "hit")

    def store(self, response) -> None:
        headers = {name: response[name] for name in KEPT_HEADERS if response.has_header(name)}
        caches[settings.PUBLIC_PAGE_CACHE].set(self.key, (response.content, headers),
                                               settings.PUBLIC_PAGE_CACHE_SECONDS)
        self.answer(response, "miss")


def page_variant(request) -> str:
    """What besides the address and the data changes a page: the language, the day (the front page's
    next matches and the "today" page are counted from it), the release (a page names its static
    files by their hashed names) and the host's name (absolute links name it; not its port, so the
    servers behind one address share their pages)."""
    host = split_domain_port(request.get_host())[0]
    return f"{timezone.localdate().isoformat()}.{translation.get_language()}.{release_id()}.{host}"
