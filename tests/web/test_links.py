"""No link of the demo season leads nowhere: crawled from the home page as the public, and from the
jury's home as each demo role, in Hungarian, every page a link reaches answers, and every kind of
download answers with its file. How each kind of page looks on a phone is Chromium's to check
(tests/browser/test_valid_and_accessible.py)."""

from html.parser import HTMLParser
from urllib.parse import urldefrag, urlsplit

import pytest
from django.urls import resolve

from tests.browser.site_pages import DOWNLOAD_ENDINGS, is_public, signed_in_client

ADMIN = "/admin/"  # Django's own pages, not crawled

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        href = dict(attrs).get("href")
        if tag == "a" and href:
            self.found.append(href)


def links_on(html):
    parser = Links()
    parser.feed(html)
    return parser.found


def crawl(client, start, follow):
    """Every page reached from `start` through links whose path `follow` takes, breadth first: the
    addresses that did not answer 200, the paths seen, and each kind of download's status. A link to
    the other language is left alone: it would turn the rest of the crawl to that language."""
    to_visit, seen, broken, downloads = [start], set(), [], {}
    while to_visit:
        url = to_visit.pop(0)
        if url in seen:
            continue
        seen.add(url)
        path = urlsplit(url).path
        if path.endswith(DOWNLOAD_ENDINGS):
            kind = resolve(path).view_name
            if kind not in downloads:  # each kind once: a PDF is laid out in a second or two
                downloads[kind] = client.get(url).status_code
            continue
        response = client.get(url, follow=True)  # the organiser's /jury/ is their competitions
        if response.status_code != 200:
            broken.append(f"{url}: {response.status_code}")
            continue
        for href in links_on(response.content.decode()):
            link = urldefrag(href).url
            parts = urlsplit(link)
            if not parts.netloc and link.startswith("/") and "language=" not in parts.query and follow(parts.path):
                to_visit.append(link)
    return broken, {urlsplit(url).path for url in seen}, downloads


def the_publics(path):
    return is_public(path) and not path.startswith(ADMIN)


def a_roles(path):
    return not is_public(path)


def test_every_link_of_the_public_site_leads_to_a_page_or_a_file(demo_season):
    broken, paths, downloads = crawl(signed_in_client(None), "/", the_publics)

    assert broken == []
    assert downloads and set(downloads.values()) == {200}, downloads
    # Every kind of public page was among them, the free games and fixtures included.
    year = demo_season
    for expected in ("/seasons/", "/register/", "/register/cups/", f"/seasons/{year}/fixtures/",
                     f"/seasons/{year}/free-games/", f"/seasons/{year}/cup/", f"/seasons/{year}/championship/",
                     f"/seasons/{year}/big-screen/", "/sugo/"):
        assert expected in paths, expected
    assert any(path.startswith("/players/") for path in paths)
    assert len([path for path in paths if "/matches/" in path]) > 50


@pytest.mark.parametrize("username", ["jury1", "chief", "organiser"])
def test_every_link_of_a_roles_pages_leads_to_a_page_or_a_file(demo_season, username):
    broken, paths, downloads = crawl(signed_in_client(username), "/jury/", a_roles)

    assert broken == []
    assert set(downloads.values()) <= {200}, downloads
    assert len(paths) > 20  # past the jury's home: the competitions, the matches and more
