"""Parts of a public page that change more seldom than the page: rendered once a version of the
data they show, and shared by every render of the page until that moves.

The big screen is keyed by every version (it shows the day's matches as they are played) and is
rendered again some fifty times on a Championship match day, each time with a hundred viewers
waiting for it; its Cup bracket, two queries and most of its rendering, changes only with the
facts and the Cup's results, as the Cup's own page does (public_cache.PAGE_VERSIONS).

A part is stored under versions read before its data (by the page cache, for the page around
it), so what it shows is never older than the key it is found under."""

from django.conf import settings
from django.core.cache import caches
from django.utils import translation

from tournaments.core.models import public_data


def cached(request, name: str, rows, render) -> str:
    """``render()``'s HTML, the part ``name`` of data of the version ``rows``: from the page cache
    when rendered under that version and the current language already, else rendered and kept. The
    versions are those the page cache read for this request, else read here (a signed-in visitor's
    page is never cached)."""
    versions = getattr(request, "public_data_versions", None) or public_data.read()
    if versions is None:  # a database just emptied
        return render()
    token, _number, _changed_at = public_data.combined(versions, rows)
    key = f"public-part:{name}:{token}:{translation.get_language()}"
    cache = caches[settings.PUBLIC_PAGE_CACHE]
    html = cache.get(key)
    if html is None:
        html = render()
        cache.set(key, html, settings.PUBLIC_PAGE_CACHE_SECONDS)
    return html
