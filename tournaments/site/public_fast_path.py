"""Anonymous visitors' unchanged public pages answered before the session, authentication and
messages middleware run, with what those pages still need of the rest.

On match day the public polls the live pages every few seconds and nearly every answer is a 304
or a cached copy (tournaments.site.public_cache), yet each went through the whole middleware stack
first. This middleware stands right after the security headers' middleware (security, static
files, Content-Security-Policy, Permissions-Policy: they wrap its answers as any other) and
answers, from the same cache under the same key and validators, a GET or HEAD of a public page
from a visitor without a session or a pending message: a 304 while unchanged, else the cached copy.
What the skipped middleware would have given such an answer it gives itself: the language the
LocaleMiddleware would choose (cookie, then Accept-Language), the form token of a page with a form
(Django's CsrfViewMiddleware reads the visitor's CSRF cookie and sets it when new, as it would),
X-Frame-Options, and Content-Length. Anything else (a signed-in visitor, a page not cached yet)
goes on through the whole stack, where PublicCacheMiddleware renders and stores it.
"""

import functools

from django.conf import settings
from django.http import HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.csrf import CsrfViewMiddleware
from django.urls import Resolver404, resolve
from django.utils import translation
from django.utils.cache import get_conditional_response

from . import public_cache


class AnonymousPublicPagesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.csrf = CsrfViewMiddleware(get_response)
        self.frame_options = XFrameOptionsMiddleware(get_response)

    def __call__(self, request):
        answer = self._answer(request)
        if answer is not None:
            return answer
        try:
            return self.get_response(request)
        finally:
            # A page this request was to render (public_cache.stored_or_render_turn), answered by
            # the view or by a middleware before it (a redirect): the others waiting for it go on.
            public_cache.give_back_render_turn(request)

    def _answer(self, request):
        if request.method not in ("GET", "HEAD") or not self.anonymous(request):
            return None
        match = public_page(request.path_info, getattr(request, "urlconf", None) or settings.ROOT_URLCONF)
        if match is None:
            return None
        request.resolver_match = match
        with translation.override(self.language(request)):
            response = self._from_cache(request)
        if response is not None:
            self.finish(request, response)
        return response

    @staticmethod
    def language(request) -> str:
        """The language the page would be read in: ``?language=`` first, as
        LanguageParameterMiddleware says, then the cookie and Accept-Language, as LocaleMiddleware."""
        asked = request.GET.get("language")
        if asked in {code for code, _name in settings.LANGUAGES}:
            return asked
        return translation.get_language_from_request(request)

    @staticmethod
    def anonymous(request) -> bool:
        """No session (so no signed-in user) and no message waiting to be shown once."""
        return settings.SESSION_COOKIE_NAME not in request.COOKIES and "messages" not in request.COOKIES

    def _from_cache(self, request):
        version = public_cache.current_version(request)
        if version is None:
            return None
        unchanged = self.unchanged(request, version)
        if unchanged is not None:
            return unchanged
        stored = public_cache.stored_or_render_turn(request, public_cache._cache_key(version, request))
        if stored is None:
            request.public_data_version_read = version  # rendered under it, not read twice
            return None
        return self.from_stored(request, version, stored)

    # What follows reads nothing: the version and the stored copy are read by the caller, here or
    # in the worker's event loop (tournaments.site.asgi_public_pages), and the answer is the same.

    @staticmethod
    def unchanged(request, version):
        """A 304 when the visitor's copy is of this version, else None."""
        unchanged = get_conditional_response(request, etag=public_cache._etag(version, request))
        if unchanged is not None:
            public_cache._validators(unchanged, version, request)
            unchanged["X-Public-Cache"] = "not-modified"
        return unchanged

    def from_stored(self, request, version, stored):
        """The stored copy, with the visitor's own form token where the page has a form."""
        content, headers = stored
        if public_cache.CSRF_PLACEHOLDER in content:
            self.csrf.process_request(request)  # the visitor's CSRF cookie, as the middleware reads it
        response = HttpResponse(public_cache._with_token(content, request))
        for name, value in headers.items():
            response[name] = value
        public_cache._validators(response, version, request)
        response["X-Public-Cache"] = "hit"
        response["Content-Length"] = str(len(response.content))
        if public_cache.CSRF_PLACEHOLDER in content:
            self.csrf.process_response(request, response)  # a new visitor's CSRF cookie set
        return response

    def finish(self, request, response):
        """What the middleware after this one would have added to the answer."""
        return self.frame_options.process_response(request, response)


@functools.lru_cache(maxsize=1024)
def public_page(path: str, urlconf: str):
    """The public page an address resolves to, or None (not public, not found). Kept for the
    addresses asked most (the live pages are polled every few seconds): resolving one again cost
    a tenth of a cached page's answer. Bounded, since anyone can ask for any address; kept by the
    URLs' module, which a process does not change (a test may)."""
    try:
        match = resolve(path, urlconf)
    except Resolver404:
        return None
    if match.namespace not in public_cache.PUBLIC_NAMESPACES and match.url_name not in public_cache.PUBLIC_URL_NAMES:
        return None
    return match
