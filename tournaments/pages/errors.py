"""The site's own error pages (400, 403, 404, 500, a refused form token, a database that cannot be
written): in the reader's language and the site's layout, with the way back. Under /api/ the same
errors are JSON, ``{"detail": ...}``, open to any origin like every API answer.

The 500 page and the unwritable-database page are rendered without the database: no user, no
permissions, no session (the error may be the database itself), only the language and the form
token, which live in the request and its cookie."""

import functools

from django.conf import settings
from django.db import InternalError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.template import loader
from django.template.context import Context
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.csrf import requires_csrf_token

from tournaments.pages.api.http import with_cors


def readers_language(request) -> str:
    """The language the reader asked for, as the pages read it (``?language=``, else the language
    cookie, else the browser's Accept-Language, else the site's): worked out here again, since an
    error may come before the middleware that activates it has run (a refused Host header is
    refused by the first middleware in production, which redirects to HTTPS)."""
    asked = request.GET.get("language")
    if asked in {code for code, _name in settings.LANGUAGES}:
        return asked
    return translation.get_language_from_request(request)


def in_readers_language(view):
    """An error answer in the reader's language, saying which (Content-Language)."""
    @functools.wraps(view)
    def answer(request, *args, **kwargs):
        language = readers_language(request)
        with translation.override(language):
            response = view(request, *args, **kwargs)
        response["Content-Language"] = language
        return response
    return answer


def _is_api(request) -> bool:
    """Under the API's folder, whatever the version asked (an unknown one is answered in JSON too)."""
    return request.path.startswith(api_folder())


def api_folder() -> str:
    """"/api/": the folder of every version of the API."""
    return reverse("api:index").rstrip("/").rsplit("/", 1)[0] + "/"


def _json(detail: str, status: int) -> HttpResponse:
    response = JsonResponse({"detail": detail}, status=status, json_dumps_params={"ensure_ascii": False})
    response["Vary"] = "Accept-Language"
    return with_cors(response)


def came_from(request) -> str | None:
    """The page the reader came from, when it is one of this site's other pages (the Referer)."""
    referer = request.headers.get("Referer", "")
    try:
        host = request.get_host()
    except Exception:  # noqa: BLE001 (a refused Host header is itself the error being shown)
        return None
    if not referer or not url_has_allowed_host_and_scheme(referer, allowed_hosts={host},
                                                         require_https=request.is_secure()):
        return None
    return None if referer == request.build_absolute_uri() else referer


def _page(request, template, status, **context) -> HttpResponse:
    """An error page with the way back, rendered from the request (the user may be read)."""
    context |= {"came_from": came_from(request), "error_page": True}
    return HttpResponse(loader.render_to_string(template, context, request), status=status)


def _static_page(request, template, status, **context) -> HttpResponse:
    """An error page rendered without the database: no context processors, only the form token
    (the language switch posts) and the page the reader came from."""
    context |= {"came_from": came_from(request), "csrf_token": get_token(request), "error_page": True}
    text = loader.get_template(template).template.render(Context(context, autoescape=True))
    return HttpResponse(text, status=status)


@in_readers_language
@requires_csrf_token
def bad_request(request, exception=None):
    if _is_api(request):
        return _json(_("The request could not be understood."), 400)
    return _static_page(request, "errors/400.html", 400)


@in_readers_language
@requires_csrf_token
def permission_denied(request, exception=None):
    reason = str(exception) if exception is not None and str(exception) else ""
    if _is_api(request):
        return _json(reason or _("You may not read this."), 403)
    return _page(request, "403.html", 403, exception=reason)


@in_readers_language
@requires_csrf_token
def page_not_found(request, exception=None):
    if _is_api(request):
        return _json(_("No such season, competition, team or confirmed match."), 404)
    return _page(request, "errors/404.html", 404, request_path=request.path)


@in_readers_language
@requires_csrf_token
def server_error(request):
    if _is_api(request):
        return _json(_("Something went wrong on the server. Please try again later."), 500)
    return _static_page(request, "errors/500.html", 500)


@in_readers_language
def csrf_failure(request, reason=""):
    """A form sent without its security token, or with an old one (the page was open too long,
    or the reader logged in or out in another tab): nothing was saved."""
    return _static_page(request, "errors/csrf.html", 403)


@in_readers_language
def database_unwritable(request) -> HttpResponse:
    return _static_page(request, "errors/unwritable.html", 503)


# What a database that cannot take a write raises: SQLite's "attempt to write a readonly database"
# and "database is locked", PostgreSQL's read-only transaction (a standby) and lost connections. An
# IntegrityError is not among them: it is a refusal of the data, not of the database.
UNWRITABLE = (OperationalError, InternalError)


class DatabaseUnwritableMiddleware:
    """A change refused by the database itself (read-only, locked, gone) answers in words that
    nothing was saved, with the way back, instead of a bare server error. The entry page's hand
    save answers on its own hand (tournaments.pages.entry.hand_entry)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if request.method != "POST" or not isinstance(exception, UNWRITABLE):
            return None
        if _is_api(request):
            with translation.override(readers_language(request)):
                return _json(_("Nothing was saved: the database cannot be written at the moment."), 503)
        return database_unwritable(request)
