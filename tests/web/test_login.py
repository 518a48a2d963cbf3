import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice", password="tarokk-jury-2026")


def test_login_page_shows_the_form(client):
    response = client.get(reverse("login"))

    assert response.status_code == 200
    assert 'name="username"' in response.text
    assert 'name="password"' in response.text


def test_jury_member_logs_in_and_lands_on_the_home_page(client, alice):
    response = client.post(
        reverse("login"), {"username": "alice", "password": "tarokk-jury-2026"}, follow=True
    )

    assert response.redirect_chain == [(reverse("home"), 302)]
    assert "Log out (alice)" in response.text


def test_wrong_password_keeps_the_visitor_out(client, alice):
    response = client.post(reverse("login"), {"username": "alice", "password": "wrong"})

    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_logging_out_ends_the_session(client, alice):
    client.force_login(alice)

    response = client.post(reverse("logout"))

    assert response.url == reverse("home")
    assert "_auth_user_id" not in client.session
