"""Production settings must refuse to start on a key anyone could know."""

import secrets

import pytest

IMPORT_PRODUCTION = "import tournaments.settings_production"
SHOW_PRODUCTION = (
    "from tournaments import settings_production as s; "
    "print(s.DEBUG, s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.SECURE_HSTS_SECONDS > 0)"
)


@pytest.mark.parametrize(
    "secret_key, complaint",
    [
        (None, "SECRET_KEY is not set"),
        ("", "SECRET_KEY is not set"),
        ("django-insecure-development-only-key-do-not-use-in-production", "development key"),
        ("short-but-random-Xq7", "too short"),
        ("a" * 60, "too simple"),
    ],
)
def test_production_refuses_a_missing_or_weak_secret_key(run_python, secret_key, complaint):
    env = {} if secret_key is None else {"SECRET_KEY": secret_key}

    result = run_python(IMPORT_PRODUCTION, env)

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert complaint in result.stderr
    assert "secrets.token_urlsafe(50)" in result.stderr


def test_production_refuses_the_base_settings_default_key(run_python):
    result = run_python(
        "from tournaments.settings import DEVELOPMENT_SECRET_KEY as key; "
        "import os; os.environ['SECRET_KEY'] = key; " + IMPORT_PRODUCTION
    )

    assert result.returncode != 0
    assert "development key" in result.stderr


def test_production_starts_with_a_real_key_and_debugging_off(run_python):
    result = run_python(SHOW_PRODUCTION, {"SECRET_KEY": secrets.token_urlsafe(50), "DEBUG": "1"})

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True", "True", "True"]
