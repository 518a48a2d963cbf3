"""The organisers' accounts pages: users with their roles, an invitation by a one-time link that
sets the invited person's password and is then spent, roles set and removed, deactivation (never
oneself, never the last organiser), locked logins lifted."""

import re
from io import StringIO

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import PASSWORD, logged_in_user, make_user
from tests.web.test_hungarian_pages import english_in, page_text
from tournaments.core.roles import CHIEF_JURY, CONFIRM, ENTER, JURY, ORGANISE, ORGANISER

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "kezdo-tarokk-jelszo-9"


@pytest.fixture
def organiser(client):
    return logged_in_user(client, "organiser", "olga")


def invite(client, username, role, email=""):
    return client.post(reverse("accounts:invite"), {"username": username, "email": email, "role": role})


def link_in(page):
    return re.search(r'value="(http://testserver/organise/accounts/welcome/[^"]+)"', page.text).group(1)


def set_password(link, client):
    form = client.get(link, follow=True)
    assert "Set your password" in form.text
    return client.post(form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
                       follow=True)


def test_the_header_links_the_accounts_for_organisers_only(client, organiser):
    assert f'href="{reverse("accounts:index")}"' in client.get(reverse("home")).text
    client.force_login(make_user("chief"))
    assert f'href="{reverse("accounts:index")}"' not in client.get(reverse("home")).text


def test_the_list_shows_every_user_with_their_roles(client, organiser):
    make_user("jury", username="janos")
    make_user("chief", username="kati")
    page = client.get(reverse("accounts:index"))
    rows = {re.sub(r"<[^>]+>|\s+", " ", row).split()[0]: row for row in re.findall(r"<tr>(.*?)</tr>", page.text, re.S)}
    assert "Juror" in rows["janos"] and "Chief juror" in rows["kati"] and "Organiser" in rows["olga"]


@pytest.mark.parametrize(("role", "may"), [(JURY, ENTER), (CHIEF_JURY, CONFIRM), (ORGANISER, ORGANISE)])
def test_an_invited_person_sets_their_password_by_the_link_once_and_logs_in(client, organiser, role, may):
    page = invite(client, "uj", role)
    assert page.status_code == 200 and "uj is invited" in page.text
    link = link_in(page)
    invited = get_user_model().objects.get(username="uj")
    assert not invited.has_usable_password()

    visitor = Client()
    done = set_password(link, visitor)
    assert done.redirect_chain[-1][0] == reverse("login")
    assert "Your password is set" in done.text
    assert visitor.post(reverse("login"), {"username": "uj", "password": NEW_PASSWORD}).status_code == 302
    assert get_user_model().objects.get(username="uj").has_perm(may)

    # The link is spent.
    again = Client().get(link, follow=True)
    assert "This link is spent or too old" in again.text


def test_where_email_is_sent_the_invitation_goes_to_the_address(client, organiser, settings):
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    page = invite(client, "pal", JURY, email="pal@example.org")
    assert "The link is also sent to pal@example.org" in page.text
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["pal@example.org"]
    assert link_in(page) in mail.outbox[0].body


def test_without_email_nothing_is_sent(client, organiser, settings):
    settings.MAILERS = {}
    page = invite(client, "pal", JURY, email="pal@example.org")
    assert "also sent" not in page.text and mail.outbox == []


def test_a_taken_or_bad_name_is_refused_on_its_field(client, organiser):
    make_user("jury", username="janos")
    page = invite(client, "Janos", JURY)
    assert page.status_code == 200 and "Janos is already a user&#x27;s name" in page.text
    page = invite(client, "két szó", JURY)
    assert "The user name may hold only letters" in page.text
    assert not get_user_model().objects.filter(username__in=["Janos", "két szó"]).exists()


def test_roles_are_set_and_removed(client, organiser):
    juror = make_user("jury", username="janos")
    response = client.post(reverse("accounts:roles", args=[juror.pk]), {"roles": [CHIEF_JURY, ORGANISER]},
                           follow=True)
    assert "Roles of janos saved." in response.text
    juror.refresh_from_db()
    assert set(juror.groups.values_list("name", flat=True)) == {CHIEF_JURY, ORGANISER} and juror.is_staff

    client.post(reverse("accounts:roles", args=[juror.pk]), {})
    juror.refresh_from_db()
    assert not juror.groups.exists() and not juror.is_staff


def test_the_last_organiser_keeps_the_role(client, organiser):
    response = client.post(reverse("accounts:roles", args=[organiser.pk]), {"roles": [JURY]}, follow=True)
    assert "olga is the last organiser: make someone else an organiser first." in response.text
    assert organiser.groups.filter(name=ORGANISER).exists()


def test_a_user_is_deactivated_and_can_no_longer_log_in(client, organiser):
    juror = make_user("jury", username="janos")
    response = client.post(reverse("accounts:deactivate", args=[juror.pk]), follow=True)
    assert "janos is deactivated" in response.text
    assert Client().post(reverse("login"), {"username": "janos", "password": PASSWORD}).status_code == 200
    client.post(reverse("accounts:reactivate", args=[juror.pk]))
    assert Client().post(reverse("login"), {"username": "janos", "password": PASSWORD}).status_code == 302


def test_nobody_deactivates_themselves(client, organiser):
    response = client.post(reverse("accounts:deactivate", args=[organiser.pk]), follow=True)
    assert "You cannot deactivate your own account." in response.text
    organiser.refresh_from_db()
    assert organiser.is_active


def test_a_superuser_does_not_deactivate_the_last_organiser(client, organiser):
    client.force_login(get_user_model().objects.create_superuser("root", password=PASSWORD))
    response = client.post(reverse("accounts:deactivate", args=[organiser.pk]), follow=True)
    assert "olga is the last organiser" in response.text
    organiser.refresh_from_db()
    assert organiser.is_active


def test_a_deactivated_users_link_no_longer_works(client, organiser):
    link = link_in(invite(client, "uj", JURY))
    client.post(reverse("accounts:deactivate", args=[get_user_model().objects.get(username="uj").pk]))
    assert "This link is spent or too old" in Client().get(link, follow=True).text


def test_a_new_link_sets_a_forgotten_password(client, organiser):
    juror = make_user("jury", username="janos")
    link = link_in(client.post(reverse("accounts:link", args=[juror.pk])))
    set_password(link, Client())
    juror.refresh_from_db()
    assert juror.check_password(NEW_PASSWORD)


def test_a_superuser_is_changed_only_by_a_superuser(client, organiser):
    root = get_user_model().objects.create_superuser("root", password=PASSWORD)
    response = client.post(reverse("accounts:deactivate", args=[root.pk]), follow=True)
    assert "root is a superuser" in response.text
    root.refresh_from_db()
    assert root.is_active


def test_an_organiser_unlocks_a_locked_login(client, organiser):
    attempt = AccessAttempt.objects.create(username="chief", ip_address="203.0.113.9", user_agent="x",
                                           http_accept="*/*", path_info="/accounts/login/", get_data="",
                                           post_data="", failures_since_start=5)
    page = client.get(reverse("accounts:index"))
    assert "203.0.113.9" in page.text
    response = client.post(reverse("accounts:unlock", args=[attempt.pk]), follow=True)
    assert "The login of chief from 203.0.113.9 is unlocked." in response.text
    assert not AccessAttempt.objects.exists()


@pytest.mark.parametrize("role", ["jury", "chief"])
def test_the_jury_cannot_manage_accounts(client, role):
    client.force_login(make_user(role))
    assert client.get(reverse("accounts:index")).status_code == 403
    assert invite(client, "uj", ORGANISER).status_code == 403
    assert not get_user_model().objects.filter(username="uj").exists()


def test_the_accounts_and_password_pages_read_in_hungarian(client, organiser, settings):
    settings.LANGUAGE_CODE = "hu"
    juror = make_user("jury", username="janos")
    AccessAttempt.objects.create(username="chief", ip_address="203.0.113.9", user_agent="x", http_accept="*/*",
                                 path_info="/accounts/login/", get_data="", post_data="", failures_since_start=5)
    pages = {url: client.get(url) for url in [
        reverse("accounts:index"), reverse("accounts:invite"), reverse("accounts:user", args=[juror.pk]),
        reverse("password_change")]}
    pages["link"] = client.post(reverse("accounts:link", args=[juror.pk]))
    pages["welcome"] = Client().get(link_in(pages["link"]), follow=True)
    pages["refused"] = invite(client, "janos", JURY)
    found = {}
    for url, response in pages.items():
        assert response.status_code == 200, url
        words = english_in(page_text(response.text))
        if words:
            found[url] = words
    assert found == {}
    assert "Zsűritag" in pages[reverse("accounts:index")].text
    assert "A(z) janos név már foglalt" in pages["refused"].text


def test_from_an_empty_database_the_first_organiser_invites_the_jury_without_the_admin(monkeypatch):
    assert not get_user_model().objects.exists()
    monkeypatch.setenv("ORGANISER_PASSWORD", "elso-szervezo-2026")
    call_command("createorganiser", "anna", stdout=StringIO())
    anna = Client()
    home = anna.post(reverse("login"), {"username": "anna", "password": "elso-szervezo-2026"}, follow=True)
    assert f'href="{reverse("accounts:index")}"' in home.text
    links = {name: link_in(invite(anna, name, role)) for name, role in (("jozsi", JURY), ("fanni", CHIEF_JURY))}
    for name, link in links.items():
        person = Client()
        set_password(link, person)
        landed = person.post(reverse("login"), {"username": name, "password": NEW_PASSWORD}, follow=True)
        assert landed.redirect_chain[-1][0] == reverse("jury:home")
    fanni = get_user_model().objects.get(username="fanni")
    assert fanni.has_perm(CONFIRM) and fanni.is_staff
    assert not get_user_model().objects.get(username="jozsi").is_staff


def test_the_list_costs_the_same_queries_for_three_users_or_thirty(client, organiser):
    def queries():
        with CaptureQueriesContext(connection) as seen:
            assert client.get(reverse("accounts:index")).status_code == 200
        return len(seen)

    for _ in range(2):
        make_user("jury")
    few = queries()
    for _ in range(27):
        make_user("chief")
    # The user and their permissions, the users, their groups, the locked logins (the session is cached).
    assert queries() == few <= 5
