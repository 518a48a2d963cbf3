"""The login lock behind the production TLS proxy: failed logins are counted per user name and the
client's address as the trusted proxy reports it (X-Forwarded-For), never the proxy's own address,
and never a header the client wrote itself."""

import importlib
import sys

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.2"
STRANGER = "203.0.113.7"
CHIEF_AT_HOME = "198.51.100.1"


@pytest.fixture
def chief():
    return make_user("chief", username="chief")


def login(client, password, forwarded_for=None, remote=PROXY):
    headers = {"REMOTE_ADDR": remote}
    if forwarded_for is not None:
        headers["HTTP_X_FORWARDED_FOR"] = forwarded_for
    return client.post(reverse("login"), {"username": "chief", "password": password}, **headers)


def lock(client, forwarded_for, remote=PROXY):
    for _ in range(5):
        login(client, "not-the-password", forwarded_for, remote)


def test_behind_the_proxy_a_stranger_locks_only_their_own_address(client, chief, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    lock(client, STRANGER)
    assert login(client, PASSWORD, STRANGER).status_code == 429
    assert login(Client(), PASSWORD, CHIEF_AT_HOME).status_code == 302


def test_behind_the_proxy_an_entry_the_client_wrote_is_not_believed(client, chief, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    # The stranger writes the chief's address first; the proxy appends the stranger's own.
    lock(client, f"{CHIEF_AT_HOME}, {STRANGER}")
    assert login(client, PASSWORD, f"{CHIEF_AT_HOME}, {STRANGER}").status_code == 429
    assert login(Client(), PASSWORD, CHIEF_AT_HOME).status_code == 302


def test_two_trusted_proxies_read_the_second_entry_from_the_end(client, chief, settings):
    settings.TRUSTED_PROXY_COUNT = 2
    lock(client, f"{CHIEF_AT_HOME}, {STRANGER}, 10.0.0.1")
    assert login(Client(), PASSWORD, f"{CHIEF_AT_HOME}, 10.0.0.1").status_code == 302
    assert login(client, PASSWORD, f"{STRANGER}, 10.0.0.1").status_code == 429


def test_without_the_proxy_setting_x_forwarded_for_is_ignored(client, chief, settings):
    settings.TRUSTED_PROXY_COUNT = 0
    lock(client, STRANGER, remote=STRANGER)
    # Another address written in the header changes nothing: the connection's address is locked.
    assert login(client, PASSWORD, CHIEF_AT_HOME, remote=STRANGER).status_code == 429
    assert login(Client(), PASSWORD, STRANGER, remote=CHIEF_AT_HOME).status_code == 302


@pytest.mark.parametrize(("environment", "hops"), [
    ({"BEHIND_TLS_PROXY": "1"}, 1),
    ({"BEHIND_TLS_PROXY": "1", "TRUSTED_PROXY_COUNT": "2"}, 2),
    ({}, 0),
])
def test_the_production_settings_trust_one_proxy_hop_when_behind_the_proxy(monkeypatch, environment, hops):
    monkeypatch.setenv("SECRET_KEY", "a-real-secret-key-for-this-test-only-0123456789-abcdefghij")
    monkeypatch.delenv("BEHIND_TLS_PROXY", raising=False)
    monkeypatch.delenv("TRUSTED_PROXY_COUNT", raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delitem(sys.modules, "tournaments.site.settings_production", raising=False)
    production = importlib.import_module("tournaments.site.settings_production")
    assert production.TRUSTED_PROXY_COUNT == hops
