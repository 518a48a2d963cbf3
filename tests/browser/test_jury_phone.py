"""The jury's and organisers' pages on a phone, in Hungarian: signed in as each demo role, a crawl
of the pages they reach from their home finds no error and no page that scrolls sideways at 390 px."""

from urllib.parse import urldefrag, urlsplit

import pytest

from bench.management.commands.demo import PASSWORD
from tests.browser.conftest import log_in

PHONE = {"width": 390, "height": 844}
DOWNLOADS = (".pdf", ".xlsx", ".ics", ".json")
PAGES_A_ROLE = 60  # enough to reach every kind of page a role has; the demo has hundreds of matches


def signed_in(browser, live_server, username):
    page = browser.new_page(viewport=PHONE, locale="hu-HU", extra_http_headers={"Accept-Language": "hu"})
    log_in(page, live_server.url, username, PASSWORD)
    return page


def jury_links(page, origin):
    """The page's links to crawl, not the language switch's (a page in the other language, which
    would turn the rest of the crawl to that language: the English pages are read by
    test_valid_and_accessible)."""
    links = set()
    for href in page.eval_on_selector_all("a[href]", "links => links.map(link => link.href)"):
        url = urldefrag(href).url
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}" == origin and parts.path.startswith("/jury/") \
                and not parts.path.endswith(DOWNLOADS) and "language=" not in parts.query:
            links.add(url)
    return links


@pytest.mark.slow
@pytest.mark.parametrize("username", ["jury1", "chief", "organiser"])
def test_a_roles_pages_in_hungarian_at_390_px_do_not_scroll_sideways(browser, live_server, committed_demo,
                                                                   username):
    page = signed_in(browser, live_server, username)
    origin = live_server.url
    to_visit, seen, broken, too_wide = [page.url, f"{origin}/jury/"], set(), [], []
    while to_visit and len(seen) < PAGES_A_ROLE:
        url = to_visit.pop(0)  # breadth first: every kind of page before the hundredth match
        if url in seen:
            continue
        seen.add(url)
        response = page.goto(url)
        if response.status != 200:
            broken.append((response.status, url))
            continue
        width = page.evaluate("document.documentElement.scrollWidth")
        if width != PHONE["width"]:
            too_wide.append((width, url))
        to_visit.extend(sorted(jury_links(page, origin) - seen))

    assert not broken
    assert not too_wide
    assert len(seen) >= 5  # the home, the competitions and more: the crawl got past the login
