"""Settings for development and tests; production overrides them in settings_production.py.

Everything that differs between machines comes from the environment (see tournaments/site/env.py):
SECRET_KEY, DEBUG, ALLOWED_HOSTS, CSRF_TRUSTED_ORIGINS and DATABASE_URL.
"""

import datetime
from pathlib import Path

from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from tournaments.site.env import env_bool, env_int, env_list, env_str, parse_database_url

BASE_DIR = Path(__file__).resolve().parent.parent.parent

# Good enough for a laptop, refused by settings_production.py (and by `check --deploy`).
DEVELOPMENT_SECRET_KEY = "django-insecure-development-only-key-do-not-use-in-production"
SECRET_KEY = env_str("SECRET_KEY", DEVELOPMENT_SECRET_KEY)
DEBUG = env_bool("DEBUG", True)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# The site's own domain, whatever name a request reaches it by: calendar events' UIDs are made
# from it, so they never change with the host a subscriber happened to use.
SITE_DOMAIN = env_str("SITE_DOMAIN", "tarokk.invalid")

INSTALLED_APPS = [
    "daphne",  # first: its runserver serves ASGI, so `make run` serves the online table's WebSockets too
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.contrib.sitemaps",  # sitemap.xml (tournaments.pages.outputs.discovery)
    "django_tables2",
    "simple_history",
    "django_htmx",
    "axes",
    "channels",  # the online table's WebSockets (tournaments.pages.table)
    "tournaments.core",
    "tournaments.pages",
    "bench",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Static files straight from the application server (compressed; hashed names in production).
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "tournaments.site.middleware.PermissionsPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # After the browser's choice: an address asking ?language=en (or hu) is read in that language,
    # so each language of a page has an address of its own (hreflang alternates, search engines).
    "tournaments.site.middleware.LanguageParameterMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A page that showed a message is not kept for Back to show it again.
    "tournaments.site.middleware.MessagesShownOnceMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # After authentication: history records name the user who made the change.
    "simple_history.middleware.HistoryRequestMiddleware",
    # A change the database refuses to write (read-only, gone) says that nothing was saved.
    "tournaments.pages.errors.DatabaseUnwritableMiddleware",
    # After the user, the language and htmx are known: answers from the cache before the view.
    "tournaments.site.public_cache.PublicCacheMiddleware",
    # A page rendered reads the association's words once, as the shared cache holds them now.
    "tournaments.site.words_middleware.AssociationWordsMiddleware",
    # Last, as django-axes asks: it answers a locked-out login with tournaments.pages.accounts.lockout.locked_out.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "tournaments.pages.urls"
WSGI_APPLICATION = "tournaments.site.wsgi.application"
ASGI_APPLICATION = "tournaments.site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "tournaments.site.context.websocket_url",
            ],
        },
    },
]

DATABASES = {
    "default": parse_database_url(env_str("DATABASE_URL", "sqlite:///db.sqlite3"), BASE_DIR),
}

# The cache public pages are served from (tournaments.site.public_cache). Without REDIS_URL, files in
# CACHE_DIR, which every worker process of one machine shares; with it, Redis, which several
# machines share.
REDIS_URL = env_str("REDIS_URL", "")
# What this site's keys and messages start with in Redis: sites (or test runs) sharing one Redis
# set their own.
REDIS_PREFIX = env_str("REDIS_PREFIX", "tarokk")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                          "KEY_PREFIX": REDIS_PREFIX}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                          "LOCATION": env_str("CACHE_DIR", str(BASE_DIR / ".cache" / "pages")),
                          "OPTIONS": {"MAX_ENTRIES": 20000}}}
if not env_bool("PAGE_CACHE", True):  # every public page rendered afresh (benchmarks)
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
PUBLIC_PAGE_CACHE = "default"
# The release the cached pages belong to (tournaments.site.release): a version or commit id; unset,
# the digest of collectstatic's manifest.
RELEASE = env_str("RELEASE", "")

# The online table's and the live pages' messages between server processes (Django Channels):
# Redis when REDIS_URL is set (several processes or machines), else the in-memory layer of one
# process. The layer only carries messages; a table's state is in the database. Redis's
# publish-and-subscribe layer: a view sent is one PUBLISH, which each process receives once for
# all its connections (the queue layer, channels_redis.core, takes some eight round trips to Redis
# a message and group, and keeps messages nobody needs once a newer view is out; a connection
# that misses one is sent the table as it is when it reconnects).
if REDIS_URL:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                                  "CONFIG": {"hosts": [REDIS_URL], "prefix": f"{REDIS_PREFIX}-table"}}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
PUBLIC_PAGE_CACHE_SECONDS = 24 * 60 * 60  # pages of an older data version are never read again
# PDFs laid out by weasyprint in a process of each worker's own, at a lower priority
# (tournaments.pages.outputs.pdf_layout): on in production, where a worker serves many requests at
# once; here and in the tests, in the request's own thread.
PDF_LAYOUT_PROCESS = env_bool("PDF_LAYOUT_PROCESS", False)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Django's hashers, PBKDF2's work on a thread of low priority (tournaments.pages.accounts.passwords): same hashes.
PASSWORD_HASHERS = [
    "tournaments.pages.accounts.passwords.LowPriorityPBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.BCryptSHA256PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Failed logins are counted per user name and address (django-axes); after AXES_FAILURE_LIMIT the pair
# is locked for AXES_COOLOFF_TIME, told when to try again, and the lock is logged. An organiser (or
# a chief juror with admin access) lifts it early by deleting the attempt in the admin.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "tournaments.core.roles.RolesBackend",  # Django's, with a user's permissions read in one query
]
# Sessions read from the shared cache (the database keeps them too): a jury page asks for no session row.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tournaments.pages.accounts.lockout.locked_out"
AXES_USERNAME_CALLABLE = "tournaments.pages.accounts.lockout.attempted_username"
# The address a login is counted from: the connection's own here (X-Forwarded-For ignored); behind
# TRUSTED_PROXY_COUNT proxies, the client's as the nearest of them reports it (settings_production).
TRUSTED_PROXY_COUNT = 0
AXES_CLIENT_IP_CALLABLE = "tournaments.pages.accounts.lockout.client_address"
AXES_VERBOSE = False  # the lock is logged once, by tournaments.pages.accounts.lockout, without the password
# The site's own page for a form sent without its security token (tournaments.pages.errors).
CSRF_FAILURE_VIEW = "tournaments.pages.errors.csrf_failure"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"  # the jury lands on its own page instead (tournaments.pages.views.LoginView)
LOGOUT_REDIRECT_URL = "home"

# Email (password resets, invitations) only where an SMTP server is configured: without EMAIL_HOST
# the site has no mailer, sends nothing, offers no password reset, and an invitation's link is only
# shown (tournaments.pages.views.email_configured). Django 6.1's MAILERS, which replace its EMAIL_*
# settings; the environment's variables keep their names.
MAILERS = {}
if env_str("EMAIL_HOST"):
    MAILERS["default"] = {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": env_str("EMAIL_HOST"),
            "port": env_int("EMAIL_PORT", 587),
            "username": env_str("EMAIL_HOST_USER"),
            "password": env_str("EMAIL_HOST_PASSWORD"),
            "use_tls": env_bool("EMAIL_USE_TLS", True),
        },
    }
# Without EMAIL_HOST no mailer is meant: Django's warning that MAILERS has no default is that choice.
SILENCED_SYSTEM_CHECKS = ["mail.W001"]
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "tarokk@localhost")
PASSWORD_RESET_TIMEOUT = 3 * 24 * 60 * 60  # a reset or invitation link holds three days

# Hungarian is the association's language: a visitor whose browser asks for nothing else (or for a
# language the site does not have) reads Hungarian; LocaleMiddleware gives English to a browser that
# prefers it, and the footer switches with one click (the choice is kept in a cookie).
LANGUAGE_CODE = "hu"
LANGUAGES = [
    ("hu", _("Hungarian")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["tournaments.site.formats"]
USE_I18N = True
TIME_ZONE = "Europe/Budapest"
USE_TZ = True

# WhiteNoise serves these from the application server: from the apps' folders while DEBUG is on,
# and in production from STATIC_ROOT after `collectstatic` (compressed, names hashed, cached by
# browsers for a year: settings_production.py).
STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))

# Content-Security-Policy: scripts and styles only from the site's own static files (or carrying
# the request's nonce), no plugins, no framing, forms post only to the site. The pages have no
# inline code; htmx is configured (jury/match.html) to need none.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF],
}
# The online table: a seat's messages a person can make, at most TABLE_SEAT_MESSAGES in any
# TABLE_SEAT_SECONDS (counted in the shared cache, so in every process alike); the rest are refused.
TABLE_SEAT_MESSAGES = env_int("TABLE_SEAT_MESSAGES", 30)
TABLE_SEAT_SECONDS = env_int("TABLE_SEAT_SECONDS", 10)
# Where the pages open their WebSockets (the online table, the live pages): unset, on the page's
# own origin (behind the proxy, which routes /ws/, and under `make run`); else that address, such as
# ws://127.0.0.1:8001 when `make serve` runs the ASGI server beside gunicorn without a proxy.
WEBSOCKET_URL = env_str("WEBSOCKET_URL", "")
if WEBSOCKET_URL:
    SECURE_CSP["connect-src"] = [CSP.SELF, WEBSOCKET_URL]
# Permissions-Policy (tournaments.site.middleware): the site uses none of the browser's powerful features.
PERMISSIONS_POLICY = {feature: [] for feature in (
    "accelerometer", "camera", "display-capture", "geolocation", "gyroscope", "magnetometer", "microphone",
    "midi", "payment", "usb", "fullscreen", "publickey-credentials-get",
    "screen-wake-lock", "serial", "xr-spatial-tracking",
)}
