"""Typed readers for settings that come from the environment.

An empty variable counts as unset, so `FOO=` in an env file falls back to the default instead of
silently turning a setting off.
"""

import os
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def env_str(name, default=""):
    """The variable's text, or `default` when it is unset or empty."""
    return os.environ.get(name) or default


def env_bool(name, default=False):
    """A yes/no switch; anything but the usual words is a configuration error, not False."""
    text = env_str(name).strip().lower()
    if not text:
        return default
    if text in TRUE_WORDS:
        return True
    if text in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={text!r} is not a yes/no value; use one of {sorted(TRUE_WORDS | FALSE_WORDS)}."
    )


def env_int(name, default=0):
    """A whole number of at least 0; anything else is a configuration error."""
    text = env_str(name).strip()
    if not text:
        return default
    if not text.isdigit():
        raise ImproperlyConfigured(f"{name}={text!r} is not a whole number (0, 1, 2...).")
    return int(text)


def env_list(name, default=()):
    """A comma-separated list, items stripped and empty items dropped."""
    text = env_str(name)
    if not text:
        return list(default)
    return [item.strip() for item in text.split(",") if item.strip()]


def parse_database_url(url, base_dir):
    """Django's DATABASES entry for `sqlite:///path` or `postgres[ql]://user:pass@host:port/name`.

    A relative SQLite path is taken from `base_dir` (the project root), so the database does not
    move with the directory a command is started from; `sqlite:////abs/path` is absolute.
    Query parameters of a PostgreSQL URL (e.g. `?sslmode=require`) become connection OPTIONS.
    """
    parts = urlsplit(url)
    if parts.scheme == "sqlite":
        return _sqlite_database(parts, Path(base_dir))
    if parts.scheme in ("postgres", "postgresql"):
        return _postgresql_database(parts)
    raise ImproperlyConfigured(
        f"DATABASE_URL scheme {parts.scheme!r} is not supported; "
        "use sqlite:///path or postgres://user:password@host:port/name."
    )


# SQLite has one writer at a time and no row locks. A transaction that starts by reading and then
# writes cannot wait for another writer (SQLite answers "database is locked" at once, a server
# error), so every transaction takes the write lock when it begins (IMMEDIATE) and waits its turn
# for up to ``timeout`` seconds: parallel requests (gunicorn's workers) are checked one after the
# other and a rule's refusal is a refusal, never a 500.
SQLITE_OPTIONS = {"transaction_mode": "IMMEDIATE", "timeout": 20}

# A database file is kept in write-ahead-log mode: readers (the public pages, in gunicorn's other
# workers) carry on while a writer commits, instead of waiting for it. Set on every new connection
# (Django runs init_command as it connects; the mode is then stored in the file); an in-memory
# database has no log to write ahead to.
SQLITE_FILE_OPTIONS = SQLITE_OPTIONS | {"init_command": "PRAGMA journal_mode=WAL"}


def _sqlite_database(parts, base_dir):
    # urlsplit keeps the slash that separates the (empty) host from the path: drop that one only.
    path = parts.path[1:] if parts.path.startswith("/") else parts.path
    if not path:
        raise ImproperlyConfigured("DATABASE_URL names no SQLite file; use sqlite:///db.sqlite3.")
    if path == ":memory:":
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": path, "OPTIONS": dict(SQLITE_OPTIONS)}
    return {"ENGINE": "django.db.backends.sqlite3", "NAME": str(base_dir / path), "OPTIONS": dict(SQLITE_FILE_OPTIONS)}


def _postgresql_database(parts):
    name = unquote(parts.path.lstrip("/"))
    if not name:
        raise ImproperlyConfigured("DATABASE_URL names no PostgreSQL database (…/name).")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": name,
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        "OPTIONS": dict(parse_qsl(parts.query)),
    }
