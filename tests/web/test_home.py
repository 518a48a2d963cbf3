import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_home_page_says_what_the_site_is(client):
    response = client.get("/")

    assert response.status_code == 200
    assert "<title>Royal Tarokk tournaments</title>" in response.text
    assert "tournament manager of the Royal Tarokk association" in response.text


def test_home_page_offers_the_login_to_visitors(client):
    response = client.get(reverse("home"))

    assert reverse("login") in response.text


def test_home_page_speaks_hungarian_when_asked(client):
    response = client.get("/", headers={"accept-language": "hu"})

    assert response.status_code == 200
    assert '<html lang="hu">' in response.text

