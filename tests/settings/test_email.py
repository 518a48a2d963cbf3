"""Email is sent only where an SMTP server is configured, through Django's MAILERS."""

import json

READ_MAILERS = (
    "import django, json; from django.conf import settings; django.setup(); "
    "print(json.dumps(settings.MAILERS))"
)


def mailers(run_python, env):
    result = run_python(READ_MAILERS, {"DJANGO_SETTINGS_MODULE": "tournaments.site.settings", **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_without_an_smtp_server_the_site_has_no_mailer(run_python):
    assert mailers(run_python, {}) == {}


def test_the_smtp_server_is_read_from_the_environment(run_python):
    env = {"EMAIL_HOST": "smtp.example.org", "EMAIL_PORT": "2525", "EMAIL_HOST_USER": "tarokk",
           "EMAIL_HOST_PASSWORD": "secret", "EMAIL_USE_TLS": "off"}
    assert mailers(run_python, env) == {"default": {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {"host": "smtp.example.org", "port": 2525, "username": "tarokk", "password": "secret",
                    "use_tls": False},
    }}


def test_the_settings_use_no_deprecated_email_setting(run_python):
    result = run_python("import django; django.setup()", {
        "DJANGO_SETTINGS_MODULE": "tournaments.site.settings", "EMAIL_HOST": "smtp.example.org",
        "PYTHONWARNINGS": "error::PendingDeprecationWarning,error::DeprecationWarning"})
    assert result.returncode == 0, result.stderr
