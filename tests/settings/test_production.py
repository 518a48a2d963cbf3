"""Production settings must refuse to start on a key anyone could know."""

import secrets

import pytest

IMPORT_PRODUCTION = "import tournaments.site.settings_production"
SHOW_PRODUCTION = (
    "from tournaments.site import settings_production as s; "
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
        "from tournaments.site.settings import DEVELOPMENT_SECRET_KEY as key; "
        "import os; os.environ['SECRET_KEY'] = key; " + IMPORT_PRODUCTION
    )

    assert result.returncode != 0
    assert "development key" in result.stderr


def test_production_starts_with_a_real_key_and_debugging_off(run_python):
    result = run_python(SHOW_PRODUCTION, {"SECRET_KEY": secrets.token_urlsafe(50), "DEBUG": "1"})

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True", "True", "True"]


# --- what production logs, and what stops it starting ---------------------------------------------

REQUESTS_IN_PRODUCTION = """
import django
django.setup()
from unittest import mock
from django.core.management import call_command
from django.test import Client, override_settings
from django.contrib.auth import get_user_model
import tournaments.pages.public.views

call_command("migrate", verbosity=0)
user = get_user_model().objects.create_user("bob", password="a-password-never-logged")
client = Client(raise_request_exception=False)
client.force_login(user)
# Plain static names: this test is about the logs, not the manifest.
with override_settings(STORAGES={"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
                                 "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}):
    from django.urls import reverse
    jury = reverse("jury:matches")  # under the site's language prefix, if it has one
    print(jury)
    assert client.get(jury, secure=True).status_code == 403
    with mock.patch.object(tournaments.pages.public.views, "render", side_effect=RuntimeError("the page broke")):
        assert client.get("/", secure=True, follow=True).status_code == 500
    assert client.get("/no-such-page/", secure=True).status_code == 404
"""


def production_env(tmp_path, **extra):
    return {"SECRET_KEY": secrets.token_urlsafe(50), "DJANGO_SETTINGS_MODULE": "tournaments.site.settings_production",
            "ALLOWED_HOSTS": "testserver", "DATABASE_URL": f"sqlite:///{tmp_path}/site.sqlite3",
            "STATIC_ROOT": str(tmp_path / "static"), **extra}


def test_production_logs_server_errors_and_refusals_with_path_and_user(run_python, tmp_path):
    result = run_python(REQUESTS_IN_PRODUCTION, production_env(tmp_path))

    assert result.returncode == 0, result.stderr
    jury = result.stdout.split()[0]
    assert f"Forbidden (Permission denied): {jury} [GET {jury} user=bob]" in result.stderr
    assert "Internal Server Error: / [GET / user=bob]" in result.stderr
    assert "RuntimeError: the page broke" in result.stderr  # with its traceback
    assert "/no-such-page/" not in result.stderr  # a 404 is not worth a line
    assert "a-password-never-logged" not in result.stderr and "sessionid" not in result.stderr


def test_production_does_not_start_without_the_static_manifest(run_python, tmp_path):
    result = run_python("import tournaments.site.wsgi", production_env(tmp_path))

    assert result.returncode != 0
    assert "tournaments.E001" in result.stderr and "collectstatic" in result.stderr


def test_the_deploy_check_fails_without_the_static_manifest(run_python, tmp_path):
    result = run_python("import django; django.setup(); from django.core.management import call_command; "
                        "call_command('check', deploy=True)", production_env(tmp_path))

    assert result.returncode != 0
    assert "tournaments.E001" in result.stderr


@pytest.mark.slow
def test_production_starts_once_collectstatic_has_run(run_python, tmp_path):
    env = production_env(tmp_path)
    collected = run_python("import django; django.setup(); from django.core.management import call_command; "
                           "call_command('collectstatic', interactive=False, verbosity=0)", env)
    assert collected.returncode == 0, collected.stderr

    result = run_python("import tournaments.site.wsgi; print('started')", env)

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "started"


@pytest.mark.parametrize("url", ["postgres://postgres@127.0.0.1:5432/tarokk", "sqlite:///db.sqlite3"])
def test_production_keeps_each_threads_connection_checked_before_reuse(run_python, url):
    result = run_python("from tournaments.site import settings_production as s; d = s.DATABASES['default']; "
                        "print(d['CONN_MAX_AGE'], d['CONN_HEALTH_CHECKS'])",
                        {"SECRET_KEY": secrets.token_urlsafe(50), "DATABASE_URL": url})

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["300", "True"]
