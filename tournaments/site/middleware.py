"""Response headers Django does not set itself."""

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_cache_control


def permissions_policy(features: dict[str, list[str]]) -> str:
    """The Permissions-Policy header's value: ``{"camera": []}`` -> ``camera=()`` (no origin may use it)."""
    return ", ".join(f"{feature}=({' '.join(origins)})" for feature, origins in features.items())


class PermissionsPolicyMiddleware:
    """Tells browsers which of their features (camera, location, payment...) the pages may use:
    settings.PERMISSIONS_POLICY, none by default."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.header = permissions_policy(getattr(settings, "PERMISSIONS_POLICY", {}))

    def __call__(self, request):
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response


class LanguageParameterMiddleware:
    """``?language=en`` (or ``hu``) reads the page in that language whatever the browser prefers:
    each language of a page has an address of its own, which the pages name as their hreflang
    alternates and the header's language link follows; the calendars and certificates take the
    same parameter. The choice is kept in Django's language cookie, as its set_language view keeps
    it, so the next pages stay in that language."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.languages = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        asked = request.GET.get("language")
        if asked not in self.languages:
            return self.get_response(request)
        translation.activate(asked)
        request.LANGUAGE_CODE = asked
        response = self.get_response(request)
        if request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != asked:  # kept already: no cookie to send
            keep_language(response, asked)
        return response


def keep_language(response, language: str) -> None:
    """Django's language cookie with its settings, as set_language sets it."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH, domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE, httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


class MessagesShownOnceMiddleware:
    """A page that showed the reader's messages ("Saved: Pagátok.") is not kept by the browser
    (Cache-Control: no-store): going back to it, or its copy in the back-forward cache, would show
    them again, among the messages of later changes. Each message is shown once, on the page that
    answered the change (templates/base.html shows them; showing them marks them read)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        shown = getattr(request, "_messages", None)
        if shown is not None and shown.used:
            patch_cache_control(response, no_store=True)
        return response
