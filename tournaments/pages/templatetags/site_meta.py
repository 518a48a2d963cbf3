"""The addresses a public page names in its head: its canonical address and one for each of the
site's languages (hreflang alternates). Each language has its own address through ``?language=``
(tournaments.site.middleware.LanguageParameterMiddleware), which gives that language whatever the
browser asks for; the bare address follows the browser (x-default). The canonical address is the
language's own, so it is one of the alternates for every browser: the bare address read by an
English browser is English, and names the English address as its canonical one. No database is
read: the 500 page includes the same head."""

from dataclasses import dataclass

from django import template
from django.conf import settings
from django.http import QueryDict
from django.templatetags.static import static
from django.utils import translation

register = template.Library()

PUBLIC_NAMESPACES = {"public", "register"}
PUBLIC_URL_NAMES = {"home"}
PRIVATE_URL_NAMES = {"enter_variant", "withdraw_variant"}  # the register's forms for the jury
OPEN_GRAPH_LOCALES = {"hu": "hu_HU", "en": "en_GB"}
# A link preview's picture: 1200 x 630, the size sharing sites show large (og:image:width, height).
SHARE_IMAGE, SHARE_IMAGE_SIZE = "tournaments/share.png", (1200, 630)


@dataclass(frozen=True)
class Addresses:
    canonical: str
    alternates: list[tuple[str, str]]  # (hreflang, address), x-default last
    image: str  # the site's picture for link previews (SHARE_IMAGE)
    locale: str
    other_locales: list[str]


def is_public_page(request) -> bool:
    match = getattr(request, "resolver_match", None)
    if match is None or match.url_name in PRIVATE_URL_NAMES:
        return False
    return match.namespace in PUBLIC_NAMESPACES or match.url_name in PUBLIC_URL_NAMES


def language_address(request, language=None) -> str:
    """The page's address in ``language``; without one the bare address, which follows the browser."""
    suffix = f"?language={language}" if language else ""
    return request.build_absolute_uri(request.path + suffix)


@register.simple_tag(takes_context=True)
def page_addresses(context):
    """The page's Addresses, or None for a page that is not public (the jury's, an error page)."""
    request = context.get("request")
    if request is None or context.get("error_page") or not is_public_page(request):
        return None
    current = translation.get_language()
    languages = [code for code, _name in settings.LANGUAGES]
    return Addresses(
        canonical=language_address(request, current),
        alternates=[(code, language_address(request, code)) for code in languages]
        + [("x-default", language_address(request))],
        image=request.build_absolute_uri(static(SHARE_IMAGE)),
        locale=OPEN_GRAPH_LOCALES.get(current, current),
        other_locales=[OPEN_GRAPH_LOCALES.get(code, code) for code in languages if code != current],
    )


@register.simple_tag(takes_context=True)
def in_language(context, language: str) -> str:
    """This page in ``language`` (the header's language link): a reference of the query alone, which
    the browser reads against the page's own address; the page's other parameters kept."""
    request = context.get("request")
    query = request.GET.copy() if request is not None else QueryDict(mutable=True)
    query["language"] = language
    return f"?{query.urlencode()}"
