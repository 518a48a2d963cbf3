"""The site's own error pages: 400, 403, 404, 500 and a refused form token in the reader's
language and the site's layout, with the way back; the API's errors as JSON with the CORS header,
declared in the OpenAPI description; and a save the database cannot write says that nothing was
saved, on the hand, with the typing kept."""

import html

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import OperationalError
from django.test import Client, RequestFactory
from django.urls import reverse

from tests.factories import eight_hand_records, make_match, make_season, make_user
from tests.web.test_entry import form_data
from tournaments.core.models import Hand
from tournaments.pages import errors
from tournaments.reads import standings
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def production_errors(settings):
    """DEBUG off, as in production: Django's technical pages give way to the site's."""
    settings.DEBUG = False


def page(response):
    return html.unescape(response.content.decode())


def test_a_missing_season_answers_the_sites_hungarian_404(client, settings):
    settings.LANGUAGE_CODE = "hu"
    make_season(2025)

    response = client.get("/seasons/2031/", headers={"Referer": "http://testserver/seasons/"})

    assert response.status_code == 404
    text = page(response)
    assert '<html lang="hu">' in text
    assert "<h1>Az oldal nem található</h1>" in text
    assert "Not Found" not in text
    assert 'class="site-header"' in text  # the site's layout
    assert 'href="http://testserver/seasons/"' in text  # back where the reader came from
    assert 'href="/"' in text  # and home
    assert '<meta name="robots" content="noindex">' in text


def test_the_404_in_english_for_a_browser_asking_for_it(client):
    response = client.get("/seasons/2031/", headers={"Accept-Language": "en"})

    assert response.status_code == 404
    text = page(response)
    assert '<html lang="en">' in text and "<h1>Page not found</h1>" in text
    assert "There is no page at /seasons/2031/." in text


def test_a_referer_of_another_site_is_no_way_back(client):
    response = client.get("/nowhere/", headers={"Referer": "https://elsewhere.example/x"})

    assert "elsewhere.example" not in page(response)


def test_a_refused_permission_is_the_sites_403_with_the_way_back(client, settings):
    settings.LANGUAGE_CODE = "hu"
    client.force_login(make_user("jury"))  # the accounts are the organisers'

    response = client.get(reverse("accounts:index"), headers={"Referer": "http://testserver/jury/"})

    assert response.status_code == 403
    text = page(response)
    assert '<html lang="hu">' in text and "<h1>Nem engedélyezett</h1>" in text
    assert 'href="http://testserver/jury/"' in text and 'class="way-back"' in text


def test_a_server_error_is_the_sites_500_in_the_readers_language(client, settings, monkeypatch):
    settings.LANGUAGE_CODE = "hu"

    def broken():
        raise RuntimeError("boom")

    monkeypatch.setattr(standings, "current_season", broken)
    client.raise_request_exception = False

    response = client.get(reverse("public:current_season"))

    assert response.status_code == 500
    text = page(response)
    assert '<html lang="hu">' in text and "<h1>Kiszolgálóhiba</h1>" in text
    assert "boom" not in text and "Traceback" not in text


def test_the_500_page_renders_without_the_database_or_a_user():
    """The error may be the database itself: the page reads no user, permission or session."""

    class Unreadable:
        def __getattr__(self, name):
            raise OperationalError("the database is gone")

    request = RequestFactory().get("/seasons/2025/", headers={"Accept-Language": "en"})
    request.user, request.session = Unreadable(), Unreadable()

    response = errors.server_error(request)

    assert response.status_code == 500
    assert "<h1>Server error</h1>" in page(response)


def test_a_form_sent_without_its_token_is_the_sites_csrf_page(settings):
    settings.LANGUAGE_CODE = "hu"
    client = Client(enforce_csrf_checks=True)

    response = client.post(reverse("login"), {"username": "x", "password": "y"})

    assert response.status_code == 403
    text = page(response)
    assert '<html lang="hu">' in text and "<h1>Az űrlap lejárt</h1>" in text
    assert "Semmi sem lett mentve" in text
    assert "CSRF" not in text  # not Django's technical words


def test_a_bad_request_is_the_sites_400():
    request = RequestFactory().get("/", headers={"Accept-Language": "en"})
    request.user = AnonymousUser()

    response = errors.bad_request(request)

    assert response.status_code == 400 and "<h1>Bad request</h1>" in page(response)


def test_a_request_for_a_host_the_site_does_not_serve_is_the_sites_400(client):
    response = client.get("/", headers={"Host": "elsewhere.example", "Accept-Language": "en"})

    assert response.status_code == 400
    text = page(response)
    assert "<h1>Bad request</h1>" in text and "elsewhere.example" not in text


# --- the API -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "detail"), [
    ("en", "No such season, competition, team or confirmed match."),
    ("hu", "Nincs ilyen idény, verseny, csapat vagy jóváhagyott mérkőzés."),
])
def test_the_apis_404_is_json_with_the_cors_header_in_the_language_asked(client, language, detail):
    response = client.get("/api/v1/seasons/2031/championship/", headers={"Accept-Language": language})

    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response["Access-Control-Allow-Origin"] == "*"
    assert response.json() == {"detail": detail}


def test_an_address_under_the_api_that_does_not_exist_is_json_too(client):
    response = client.get("/api/v1/nothing-here/")

    assert response.status_code == 404 and response.json() == {
        "detail": "No such season, competition, team or confirmed match."}


def test_the_openapi_description_declares_the_errors_and_the_language(client):
    description = client.get(reverse("api:openapi")).json()

    assert description["components"]["schemas"]["Error"]["required"] == ["detail"]
    for path, operations in description["paths"].items():
        operation = operations["get"]
        assert "Accept-Language" in [parameter["name"] for parameter in operation["parameters"]], path
        not_found = operation["responses"]["404"]
        assert not_found["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
        assert "Access-Control-Allow-Origin" in not_found["headers"]


# --- a database that cannot be written -----------------------------------------------------------


@pytest.fixture
def read_only_database(monkeypatch):
    def refuse(*args, **kwargs):
        raise OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(matches, "record_hand", refuse)


def test_a_hand_the_database_cannot_write_says_nothing_was_saved_on_the_hand(client, read_only_database):
    client.force_login(make_user("jury", username="alice"))
    match = make_match()
    data = {**form_data(eight_hand_records()[:1]), "h1-base": ""}

    response = client.post(reverse("jury:save_hand", args=[match.pk, 1]), data, headers={"HX-Request": "true"})

    assert response.status_code == 200  # htmx swaps the hand in: the message shows on it
    text = page(response)
    refusal = text.split('id="hand-1-refusal"')[1].split("</ul>")[0]
    assert "Nothing was saved: the database cannot be written at the moment." in refusal
    assert "What you typed is kept on this page" in refusal
    assert f'value="{data["h1-a_trumps"]}"' in text  # the typing comes back
    assert "Server Error" not in text
    assert not Hand.objects.filter(match=match).exists()


def test_a_page_the_database_cannot_write_says_nothing_was_saved(client, read_only_database, settings):
    settings.LANGUAGE_CODE = "hu"
    client.force_login(make_user("jury", username="alice"))
    match = make_match()
    client.raise_request_exception = False

    response = client.post(reverse("jury:save_hand", args=[match.pk, 1]),
                           {**form_data(eight_hand_records()[:1]), "h1-base": ""})

    assert response.status_code == 503
    text = page(response)
    assert "<h1>Semmi sem lett mentve</h1>" in text
    assert not Hand.objects.filter(match=match).exists()
