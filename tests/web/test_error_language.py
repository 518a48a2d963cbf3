"""Every error a reader meets follows their language as the rest of the site does, on a site whose
language is Hungarian and behind production's HTTPS redirect (whose middleware refuses a bad Host
before the language is worked out): the 400, 403, 404 and 500 pages and the API's JSON errors in
English for an English browser, in Hungarian for a Hungarian one, saying which (Content-Language);
and a public page's canonical address and its hreflang alternates agree whatever the browser asks."""

import html
import re

import pytest
from django.urls import reverse

from tests.factories import make_season
from tournaments.reads import standings

pytestmark = pytest.mark.django_db

ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
HUNGARIAN = {"Accept-Language": "hu-HU,hu;q=0.9"}


@pytest.fixture(autouse=True)
def production(settings):
    settings.DEBUG = False
    settings.LANGUAGE_CODE = "hu"
    settings.SECURE_SSL_REDIRECT = True


def text(response):
    return html.unescape(response.content.decode())


def test_a_refused_host_is_the_400_in_the_browsers_language(client):
    english = client.get("/", secure=True, headers={"Host": "elsewhere.example", **ENGLISH})
    hungarian = client.get("/", secure=True, headers={"Host": "elsewhere.example", **HUNGARIAN})

    assert english.status_code == hungarian.status_code == 400
    assert '<html lang="en">' in text(english) and "<h1>Bad request</h1>" in text(english)
    assert english["Content-Language"] == "en"
    assert '<html lang="hu">' in text(hungarian) and english.content != hungarian.content


def test_the_language_asked_in_the_address_wins_on_an_error_page_too(client):
    response = client.get("/?language=en", secure=True, headers={"Host": "elsewhere.example", **HUNGARIAN})

    assert response.status_code == 400 and '<html lang="en">' in text(response)


def test_a_server_error_is_the_500_in_the_browsers_language(client, monkeypatch):
    def broken():
        raise RuntimeError("boom")

    monkeypatch.setattr(standings, "current_season", broken)
    client.raise_request_exception = False

    response = client.get(reverse("public:current_season"), secure=True, headers=ENGLISH)

    assert response.status_code == 500
    assert '<html lang="en">' in text(response) and "<h1>Server error</h1>" in text(response)
    assert response["Content-Language"] == "en"


@pytest.mark.parametrize(("headers", "detail"), [
    (ENGLISH, "No such season, competition, team or confirmed match."),
    (HUNGARIAN, "Nincs ilyen idény, verseny, csapat vagy jóváhagyott mérkőzés."),
])
def test_the_apis_json_errors_follow_the_browser(client, headers, detail):
    response = client.get("/api/v1/seasons/2031/championship/", secure=True, headers=headers)

    assert response.status_code == 404 and response.json() == {"detail": detail}


def test_the_apis_400_for_a_refused_host_is_english_json_for_an_english_browser(client):
    response = client.get("/api/v1/", secure=True, headers={"Host": "elsewhere.example", **ENGLISH})

    assert response.status_code == 400
    assert response.json() == {"detail": "The request could not be understood."}
    assert response["Content-Language"] == "en"


def head_links(response):
    page = response.content.decode()
    canonical = re.search(r'<link rel="canonical" href="([^"]+)">', page).group(1)
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', page))
    return canonical, alternates


@pytest.mark.parametrize("headers", [ENGLISH, HUNGARIAN, {}])
def test_canonical_and_hreflang_agree_for_any_browser(client, settings, headers):
    settings.SECURE_SSL_REDIRECT = False
    make_season(2025)
    url = reverse("public:season", args=[2025])

    response = client.get(url, headers=headers)

    canonical, alternates = head_links(response)
    language = re.search(r'<html lang="(\w+)">', response.content.decode()).group(1)
    assert alternates[language] == canonical  # the page read is its language's own address
    assert alternates["x-default"] == f"http://testserver{url}"  # the address that asks the browser
    # Each language's address gives that language whatever the browser asks for.
    for code in ("hu", "en"):
        page = client.get(alternates[code].removeprefix("http://testserver"), headers=ENGLISH).content.decode()
        assert f'<html lang="{code}">' in page
