"""A juror's login never starves the pages: the slow password hash runs on a thread of low CPU
priority, and its hashes are Django's own PBKDF2 (a password set before still logs in)."""

import os
import threading

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher, check_password, make_password

from tests.factories import PASSWORD, make_user
from tournaments.pages.accounts import passwords

pytestmark = pytest.mark.django_db

OWN_HASHER = "tournaments.pages.accounts.passwords.LowPriorityPBKDF2PasswordHasher"


class FewIterations(passwords.LowPriorityPBKDF2PasswordHasher):
    iterations = 1000  # the thread and the stored form are tested, not the cost


@pytest.fixture
def own_hasher(settings):
    """The site's hasher with a thousand iterations: a login that upgrades a stored hash, or a
    password made, costs a millisecond, not a third of a second at a low priority a busy machine
    starves for a minute."""
    settings.PASSWORD_HASHERS = [f"{__name__}.FewIterations"]


def test_the_site_hashes_passwords_with_its_own_hasher_first():
    from tournaments.site import settings as site_settings

    assert site_settings.PASSWORD_HASHERS[0] == OWN_HASHER


def test_a_password_stored_by_djangos_pbkdf2_still_logs_in(own_hasher, client):
    user = make_user("jury")
    user.password = PBKDF2PasswordHasher().encode(PASSWORD, "somesalt", iterations=1000)
    user.save(update_fields=["password"])

    response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})

    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(user.pk)


def test_its_hashes_are_djangos_pbkdf2(own_hasher):
    encoded = FewIterations().encode("tarokk-jelszo", "somesalt")

    assert encoded.startswith("pbkdf2_sha256$1000$somesalt$")
    assert encoded == PBKDF2PasswordHasher().encode("tarokk-jelszo", "somesalt", iterations=1000)
    assert check_password("tarokk-jelszo", make_password("tarokk-jelszo"))


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="thread priorities are Linux's")
def test_the_hash_runs_on_a_thread_of_lower_priority_than_the_requests():
    seen = {}
    original = PBKDF2PasswordHasher.encode

    def watched(self, password, salt, iterations=None):
        seen["thread"] = threading.get_ident()
        seen["niceness"] = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
        return original(self, password, salt, iterations)

    PBKDF2PasswordHasher.encode = watched
    try:
        FewIterations().encode("tarokk-jelszo", "somesalt")
    finally:
        PBKDF2PasswordHasher.encode = original

    assert seen["thread"] != threading.get_ident()
    assert seen["niceness"] >= os.getpriority(os.PRIO_PROCESS, 0) + 1
