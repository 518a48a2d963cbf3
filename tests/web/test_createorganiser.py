"""``manage.py createorganiser NAME``: the first organiser of an empty database, by one command."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tests.factories import make_user
from tournaments.core.roles import ORGANISE, ORGANISER

pytestmark = pytest.mark.django_db

GOOD_PASSWORD = "kilenc-tarokk-2026"


def create(name, **kwargs):
    out = StringIO()
    call_command("createorganiser", name, stdout=out, **kwargs)
    return out.getvalue()


def test_the_password_from_the_environment_makes_an_organiser_who_logs_in(monkeypatch, client):
    monkeypatch.setenv("ORGANISER_PASSWORD", GOOD_PASSWORD)
    assert "Organiser anna created." in create("anna")
    anna = get_user_model().objects.get(username="anna")
    assert anna.is_staff and anna.is_active and anna.has_perm(ORGANISE)
    assert list(anna.groups.values_list("name", flat=True)) == [ORGANISER]
    response = client.post("/accounts/login/", {"username": "anna", "password": GOOD_PASSWORD})
    assert response.status_code == 302


def test_the_password_is_asked_twice(monkeypatch):
    monkeypatch.delenv("ORGANISER_PASSWORD", raising=False)
    answers = iter([GOOD_PASSWORD, GOOD_PASSWORD])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    create("bela")
    assert get_user_model().objects.get(username="bela").check_password(GOOD_PASSWORD)


def test_two_different_passwords_change_nothing(monkeypatch):
    monkeypatch.delenv("ORGANISER_PASSWORD", raising=False)
    answers = iter([GOOD_PASSWORD, GOOD_PASSWORD + "x"])
    monkeypatch.setattr("getpass.getpass", lambda prompt="": next(answers))
    with pytest.raises(CommandError, match="The two passwords differ"):
        create("bela")
    assert not get_user_model().objects.filter(username="bela").exists()


def test_a_weak_password_is_refused_in_the_validators_words(monkeypatch):
    monkeypatch.setenv("ORGANISER_PASSWORD", "123")
    with pytest.raises(CommandError, match="The password is refused: .*too short"):
        create("cecil")
    assert not get_user_model().objects.filter(username="cecil").exists()


def test_an_existing_juror_is_promoted(monkeypatch):
    juror = make_user("jury", username="dora")
    monkeypatch.setenv("ORGANISER_PASSWORD", GOOD_PASSWORD)
    assert "dora is now an organiser" in create("dora")
    juror.refresh_from_db()
    assert juror.is_staff and juror.check_password(GOOD_PASSWORD)
    assert set(juror.groups.values_list("name", flat=True)) == {"Jury", ORGANISER}


def test_an_organiser_already_is_refused_and_keeps_the_password(monkeypatch):
    organiser = make_user("organiser", username="erno")
    monkeypatch.setenv("ORGANISER_PASSWORD", GOOD_PASSWORD)
    with pytest.raises(CommandError, match="erno is already an organiser"):
        create("erno")
    organiser.refresh_from_db()
    assert not organiser.check_password(GOOD_PASSWORD)
