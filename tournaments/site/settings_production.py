"""Production settings: the base settings with debugging off and every HTTPS protection on.

Use with DJANGO_SETTINGS_MODULE=tournaments.site.settings_production. Refuses to start without a real
SECRET_KEY. Static files are served from STATIC_ROOT by WhiteNoise after `collectstatic` (or by
the proxy: deploy/nginx.conf); docs/production.md describes the servers.
"""

import copy

from django.core.exceptions import ImproperlyConfigured

from tournaments.site.env import env_bool, env_int, env_str
from tournaments.site.settings import *  # noqa: F403 (the base settings, overridden below)

MIN_SECRET_KEY_LENGTH = 50
SECRET_KEY_HELP = (
    "Set SECRET_KEY to a random string of at least 50 characters, for example the output of: "
    "python -c 'import secrets; print(secrets.token_urlsafe(50))'"
)


def require_real_secret_key(key):
    """The key itself, or ImproperlyConfigured: sessions and signatures rest on it."""
    if not key:
        raise ImproperlyConfigured(f"SECRET_KEY is not set. {SECRET_KEY_HELP}")
    if key.startswith("django-insecure"):
        raise ImproperlyConfigured(f"SECRET_KEY is the development key. {SECRET_KEY_HELP}")
    if len(key) < MIN_SECRET_KEY_LENGTH or len(set(key)) < 5:
        raise ImproperlyConfigured(f"SECRET_KEY is too short or too simple. {SECRET_KEY_HELP}")
    return key


SECRET_KEY = require_real_secret_key(env_str("SECRET_KEY"))
DEBUG = False

# Off only where plain HTTP is intended: a benchmark on 127.0.0.1, or a proxy that redirects itself.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
# Behind a proxy that ends TLS, Django sees plain HTTP; trust the proxy's header only when told to,
# since a client could send the header itself to a server reached directly.
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY")
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Failed logins are counted per user name and client address; behind the proxy, REMOTE_ADDR is the
# proxy's, so the client's is read from X-Forwarded-For, as many entries from its end as there are
# trusted proxies (each appends the address it was reached from). Without a proxy, none: the header
# is ignored, since a client reaching the server directly could write it.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 1 if BEHIND_TLS_PROXY else 0)

# Each of gunicorn's threads keeps its database connection between requests (checked before reuse):
# a request served from the page cache is then one small query, not a connection and a query.
# A copy: the base settings' dictionaries stay as they were for whatever imported them (the tests).
DATABASES = copy.deepcopy(DATABASES)  # noqa: F405
DATABASES["default"]["CONN_MAX_AGE"] = 300
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

PDF_LAYOUT_PROCESS = env_bool("PDF_LAYOUT_PROCESS", True)

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Hashed file names, so browsers never keep a stale stylesheet after a release, and compressed
    # copies (gzip, Brotli) that WhiteNoise serves with a year's cache lifetime.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Server errors (with their traceback), refused permissions, CSRF failures and login locks go to
# standard error, each with the request's method, path and user (tournaments/site/logs.py); never a
# password, a cookie or a form's content.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"errors_and_refusals": {"()": "tournaments.site.logs.ErrorsAndRefusals"}},
    "formatters": {"request": {"()": "tournaments.site.logs.RequestFormatter",
                               "format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stderr": {"class": "logging.StreamHandler", "stream": "ext://sys.stderr",
                            "formatter": "request", "filters": ["errors_and_refusals"]}},
    "loggers": {
        "django.request": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "django.security": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        "tournaments": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
    },
}
