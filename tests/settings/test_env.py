import pytest
from django.core.exceptions import ImproperlyConfigured

from tournaments.site.env import env_bool, env_list, env_str


@pytest.mark.parametrize("text", ["1", "true", "True", "yes", "ON"])
def test_env_bool_reads_yes(monkeypatch, text):
    monkeypatch.setenv("TAROKK_SWITCH", text)
    assert env_bool("TAROKK_SWITCH", default=False) is True


@pytest.mark.parametrize("text", ["0", "false", "No", "off"])
def test_env_bool_reads_no(monkeypatch, text):
    monkeypatch.setenv("TAROKK_SWITCH", text)
    assert env_bool("TAROKK_SWITCH", default=True) is False


@pytest.mark.parametrize("text", [None, ""])
def test_env_bool_unset_or_empty_gives_the_default(monkeypatch, text):
    monkeypatch.delenv("TAROKK_SWITCH", raising=False)
    if text is not None:
        monkeypatch.setenv("TAROKK_SWITCH", text)
    assert env_bool("TAROKK_SWITCH", default=True) is True


def test_env_bool_refuses_a_typo_rather_than_reading_it_as_no(monkeypatch):
    monkeypatch.setenv("TAROKK_SWITCH", "ture")
    with pytest.raises(ImproperlyConfigured, match="TAROKK_SWITCH"):
        env_bool("TAROKK_SWITCH")


def test_env_list_splits_on_commas_and_drops_blanks(monkeypatch):
    monkeypatch.setenv("TAROKK_HOSTS", " tarokk.example, ,www.tarokk.example ")
    assert env_list("TAROKK_HOSTS") == ["tarokk.example", "www.tarokk.example"]


def test_env_list_and_env_str_fall_back_to_their_defaults(monkeypatch):
    monkeypatch.setenv("TAROKK_EMPTY", "")
    assert env_list("TAROKK_EMPTY", ["localhost"]) == ["localhost"]
    assert env_str("TAROKK_EMPTY", "fallback") == "fallback"
