"""What the site offers to feed readers, search engines, phones and link previews: Atom feeds of
confirmed results (the site, a competition, a team) linked from the pages they follow, the sitemap
of every public page kind, robots.txt, the favicon and web manifest, and on each page its
description, canonical address, hu/en alternates, calendar, and Open Graph and Twitter card tags
(a result reads as a sentence; an unconfirmed match shows no score)."""

import datetime
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse
from PIL import Image

from tests.factories import eight_hand_records, make_competition, make_match, make_season, make_team
from tournaments.core.models import Competition, GrandPrixEntry, Season

pytestmark = pytest.mark.django_db

ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
RESULT = "Szegedi Madarak – Pesti Pagátok 88 : 93"  # eight_hand_records(): 704 : 746, R13


@pytest.fixture(autouse=True)
def hungarian_site(settings):
    """The site's own default language (tests/conftest.py makes the suite's English)."""
    settings.LANGUAGE_CODE = "hu"


@pytest.fixture
def world():
    season = make_season(2025)
    championship = make_competition(season=season, name="Csapatbajnokság 2025", slug="csb")
    cup = make_competition(Competition.Kind.CUP, season=season, name="Magyar Kupa 2025", slug="kupa")
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season, name="Szeged GP", slug="szeged")
    make_competition(Competition.Kind.FREE_GAMES, season=season, name="Szabad játszmák 2025", slug="free")
    birds, pagats, eagles = (make_team(name, season=season) for name in
                             ("Szegedi Madarak", "Pesti Pagátok", "Debreceni Sasok"))
    GrandPrixEntry.objects.create(competition=event, team=birds)
    confirmed = make_match(birds, pagats, championship, hand_records=eight_hand_records(), confirmed=True,
                           place="Szeged")
    entered = make_match(birds, eagles, championship, hand_records=eight_hand_records(),
                         played_on=datetime.date(2025, 3, 8))
    prepared = make_season(2026, state=Season.State.PREPARED)
    hidden = make_competition(season=prepared, name="Csapatbajnokság 2026", slug="csb")
    make_match(make_team("Jövő", season=prepared), make_team("Jövő II", season=prepared), hidden)
    return {"season": season, "championship": championship, "cup": cup, "event": event, "birds": birds,
            "confirmed": confirmed, "entered": entered, "player": birds.driver}


def atom_entries(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ET.fromstring(response.content)
    assert feed.tag == f"{ATOM}feed" and feed.find(f"{ATOM}title").text
    return [{"title": entry.find(f"{ATOM}title").text, "id": entry.find(f"{ATOM}id").text,
             "link": entry.find(f"{ATOM}link").get("href")} for entry in feed.findall(f"{ATOM}entry")]


@pytest.mark.parametrize("feed", ["site", "competition", "team"])
def test_the_feeds_hold_confirmed_results_only_as_sentences(client, world, feed):
    url = {"site": reverse("feeds:site"), "competition": reverse("feeds:competition", args=[2025, "csb"]),
           "team": reverse("feeds:team", args=[2025, world["birds"].pk])}[feed]

    entries = atom_entries(client.get(url, headers={"Accept-Language": "hu"}))

    assert [entry["title"] for entry in entries] == [RESULT]  # not the match awaiting confirmation
    assert entries[0]["link"] == "http://testserver" + reverse("public:match", args=[2025, world["confirmed"].pk])
    assert entries[0]["id"] == f"tag:tarokk.invalid,2025:match-{world['confirmed'].pk}"


def test_each_feed_names_its_author_and_keeps_its_id_whatever_the_host(client, world, settings):
    """Atom requires an author (RFC 4287, 4.1.1); a feed's id must not change with the host name a
    reader happened to use (4.2.6)."""
    settings.ALLOWED_HOSTS = ["testserver", "tarokk.example"]
    url = reverse("feeds:competition", args=[2025, "csb"])
    ids = set()
    for host in ("testserver", "tarokk.example"):
        feed = ET.fromstring(client.get(url, headers={"Accept-Language": "hu"}, HTTP_HOST=host).content)
        assert feed.find(f"{ATOM}author/{ATOM}name").text == "Royal Tarokk Szövetség"
        ids.add(feed.find(f"{ATOM}id").text)
    assert ids == {"tag:tarokk.invalid,2024:" + reverse("public:championship", args=[2025])}


def test_a_prepared_seasons_feed_is_not_found(client, world):
    assert client.get(reverse("feeds:competition", args=[2026, "csb"])).status_code == 404


class Head(HTMLParser):
    """The <link> and <meta> tags of a page's head."""

    def __init__(self):
        super().__init__()
        self.links, self.meta = [], {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link":
            self.links.append(attrs)
        elif tag == "meta" and ("property" in attrs or "name" in attrs):
            self.meta.setdefault(attrs.get("property") or attrs["name"], attrs.get("content"))


def head_of(response):
    assert response.status_code == 200
    head = Head()
    head.feed(response.content.decode().split("</head>")[0])
    return head


def links(head, rel, kind=None):
    return [link["href"] for link in head.links
            if link.get("rel") == rel and (kind is None or link.get("type") == kind)]


def page_urls(world):
    season = 2025
    return {
        "match": reverse("public:match", args=[season, world["confirmed"].pk]),
        "team": reverse("public:team", args=[season, world["birds"].pk]),
        "player": reverse("public:player", args=[world["player"].pk]),
        "championship": reverse("public:championship", args=[season]),
        "cup": reverse("public:cup", args=[season]),
        "grand_prix": reverse("public:grand_prix", args=[season, "szeged"]),
    }


@pytest.mark.parametrize("kind", ["match", "team", "player", "championship", "cup", "grand_prix"])
def test_each_kind_of_page_has_open_graph_and_twitter_card_tags(client, world, kind):
    url = page_urls(world)[kind]

    head = head_of(client.get(url, headers={"Accept-Language": "hu"}))

    meta = head.meta
    for name in ("og:title", "og:description", "og:type", "og:image", "og:site_name", "description",
                 "twitter:card", "twitter:title"):
        assert meta.get(name), (kind, name)
    assert meta["og:url"] == "http://testserver" + url + "?language=hu"
    assert meta["og:locale"] == "hu_HU"
    assert links(head, "canonical") == ["http://testserver" + url + "?language=hu"]
    # The preview's picture at the size sharing sites show large, and its size said.
    assert meta["og:image"].startswith("http://testserver/static/tournaments/share")
    assert (meta["og:image:width"], meta["og:image:height"], meta["twitter:card"]) == (
        "1200", "630", "summary_large_image")
    with Image.open(finders.find("tournaments/share.png")) as picture:
        assert picture.size == (1200, 630)


def test_a_confirmed_match_reads_as_a_sentence(client, world):
    meta = head_of(client.get(page_urls(world)["match"], headers={"Accept-Language": "hu"})).meta

    assert meta["og:title"] == RESULT == meta["twitter:title"]
    assert meta["og:type"] == "article"
    assert "Csapatbajnokság 2025" in meta["og:description"] and "Szeged" in meta["og:description"]


def test_an_unconfirmed_match_shows_no_score(client, world):
    url = reverse("public:match", args=[2025, world["entered"].pk])

    meta = head_of(client.get(url, headers={"Accept-Language": "en"})).meta

    assert meta["og:title"] == "Szegedi Madarak – Debreceni Sasok"
    assert ":" not in meta["og:title"] and "88" not in meta["description"]
    assert "not confirmed yet" in meta["og:description"]


def test_the_championship_describes_its_leaders(client, world):
    meta = head_of(client.get(page_urls(world)["championship"], headers={"Accept-Language": "en"})).meta

    assert meta["og:title"] == "Csapatbajnokság 2025: table"
    assert "1. Pesti Pagátok (93)" in meta["description"] and "2. Szegedi Madarak (88)" in meta["description"]


def test_pages_link_the_feeds_and_calendars_they_follow(client, world):
    urls = page_urls(world)
    atom, ical = "application/atom+xml", "text/calendar"

    assert links(head_of(client.get(reverse("home"))), "alternate", atom) == [reverse("feeds:site")]
    championship = head_of(client.get(urls["championship"]))
    assert links(championship, "alternate", atom) == [reverse("feeds:competition", args=[2025, "csb"])]
    assert links(championship, "alternate", ical) == [reverse("calendars:competition", args=[2025, "csb"])]
    team = head_of(client.get(urls["team"]))
    assert links(team, "alternate", atom) == [reverse("feeds:team", args=[2025, world["birds"].pk])]
    assert links(team, "alternate", ical) == [reverse("calendars:team", args=[2025, world["birds"].pk])]
    assert links(head_of(client.get(urls["cup"])), "alternate", ical) == [
        reverse("calendars:competition", args=[2025, "kupa"])]


def test_every_public_page_names_its_language_alternates(client, world):
    url = page_urls(world)["team"]

    head = head_of(client.get(url, headers={"Accept-Language": "hu"}))

    alternates = {link["hreflang"]: link["href"] for link in head.links if link.get("hreflang")}
    # Each language asks for itself (whatever the browser's language); the bare address asks the browser.
    assert alternates == {"hu": f"http://testserver{url}?language=hu", "en": f"http://testserver{url}?language=en",
                          "x-default": f"http://testserver{url}"}


def test_the_language_parameter_gives_that_language(client, world):
    url = page_urls(world)["championship"]
    response = client.get(url + "?language=en", headers={"Accept-Language": "hu"})

    assert '<html lang="en">' in response.content.decode()
    head = head_of(response)
    assert head.meta["og:locale"] == "en_GB" and head.meta["og:locale:alternate"] == "hu_HU"
    assert links(head, "canonical") == [f"http://testserver{url}?language=en"]


def test_jury_pages_name_no_canonical_address(client, world):
    head = head_of(client.get(reverse("login")))

    assert links(head, "canonical") == [] and "og:title" not in head.meta
    assert links(head, "icon") and links(head, "manifest")


def test_the_sitemap_lists_every_public_page_kind(client, world):
    response = client.get(reverse("sitemap"))

    assert response.status_code == 200
    tree = ET.fromstring(response.content)
    listed = {element.text.removeprefix("http://testserver") for element in tree.iter(f"{SITEMAP}loc")}
    expected = {
        reverse("home"), reverse("public:today"), reverse("public:seasons"),
        reverse("public:season", args=[2025]), reverse("public:fixtures", args=[2025]),
        reverse("public:big_screen", args=[2025]),
        reverse("public:championship", args=[2025]), reverse("public:cup", args=[2025]),
        reverse("public:grand_prix", args=[2025, "szeged"]), reverse("public:free_games", args=[2025]),
        reverse("public:team", args=[2025, world["birds"].pk]),
        reverse("public:match", args=[2025, world["confirmed"].pk]),
        reverse("public:player", args=[world["player"].pk]),
        reverse("register:index"), reverse("register:competitions"), reverse("register:awards"),
        reverse("register:player", args=[world["player"].pk]),
    }
    assert expected <= listed
    assert not any("/2026/" in url for url in listed)  # a prepared season is the organisers' alone
    for url in sorted(listed)[:40]:
        assert client.get(url).status_code == 200, url


def test_robots_txt_points_at_the_sitemap_and_keeps_crawlers_off_private_pages(client):
    response = client.get("/robots.txt")

    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    lines = response.content.decode().splitlines()
    assert "User-agent: *" in lines and "Sitemap: http://testserver/sitemap.xml" in lines
    for prefix in ("/jury/", "/organise/", "/admin/", "/accounts/"):
        assert f"Disallow: {prefix}" in lines
    assert "Disallow: /" not in lines


def test_the_web_manifest_names_the_site_and_its_icons(client):
    response = client.get("/manifest.webmanifest", headers={"Accept-Language": "hu"})

    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == "Royal Tarokk versenyek" and manifest["lang"] == "hu"
    assert manifest["start_url"] == "/"
    icons = {icon["sizes"]: icon for icon in manifest["icons"]}
    assert icons["180x180"]["type"] == "image/png" and icons["any"]["type"] == "image/svg+xml"
    for icon in manifest["icons"]:  # static files the site has (served by WhiteNoise)
        assert finders.find(icon["src"].removeprefix(settings.STATIC_URL).removeprefix("/static/"))


def test_the_touch_icon_is_a_180_pixel_png(client):
    with Image.open(finders.find("tournaments/apple-touch-icon.png")) as icon:
        assert (icon.format, icon.size) == ("PNG", (180, 180))
