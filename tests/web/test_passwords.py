"""Every user changes their own password; a forgotten one is reset by email, only where the site
sends email (Django's own views, on the site's translated pages)."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "uj-jelszo-tarokk-77"


@pytest.mark.parametrize("role", ["jury", "chief", "organiser", None])
def test_every_logged_in_user_changes_their_password_from_the_header(client, role):
    user = make_user(role)
    client.force_login(user)
    home = client.get(reverse("home"))
    assert f'href="{reverse("password_change")}"' in home.text

    response = client.post(reverse("password_change"), {
        "old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True)

    assert response.redirect_chain == [(reverse("password_change_done"), 302)]
    assert "Your password is changed" in response.text
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert "_auth_user_id" in client.session  # still logged in


def test_a_wrong_current_password_is_refused_on_its_field(client):
    user = make_user("jury")
    client.force_login(user)
    response = client.post(reverse("password_change"), {
        "old_password": "not-it", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert response.status_code == 200
    assert "Your old password was entered incorrectly" in response.text
    user.refresh_from_db()
    assert user.check_password(PASSWORD)


def test_the_password_page_is_in_hungarian(client):
    client.force_login(make_user("jury"))
    response = client.get(reverse("password_change"), HTTP_ACCEPT_LANGUAGE="hu")
    assert "Jelszó" in response.text or "jelszó" in response.text


def test_an_anonymous_visitor_is_sent_to_log_in(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_without_email_no_reset_is_offered(client, settings):
    settings.MAILERS = {}
    assert "password/reset" not in client.get(reverse("login")).text
    assert client.get(reverse("password_reset")).status_code == 404


def test_with_email_a_forgotten_password_is_reset_by_a_link_that_works_once(client, settings):
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    user = make_user("jury", email="juror@example.org")
    login_page = client.get(reverse("login"))
    assert f'href="{reverse("password_reset")}"' in login_page.text

    sent = client.post(reverse("password_reset"), {"email": "juror@example.org"}, follow=True)
    assert sent.redirect_chain == [(reverse("password_reset_done"), 302)]
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["juror@example.org"]
    link = re.search(r"https?://[^/\s]+(/\S+)", mail.outbox[0].body).group(1)

    form = client.get(link, follow=True)
    assert "Set a new password" in form.text
    done = client.post(form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
                       follow=True)
    assert done.redirect_chain == [(reverse("password_reset_complete"), 302)]
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    assert "This link is spent" in client.get(link, follow=True).text


def test_a_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client, settings):
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"}, follow=True)
    assert response.redirect_chain == [(reverse("password_reset_done"), 302)]
    assert mail.outbox == []
