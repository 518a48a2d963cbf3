from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db.utils import ConnectionHandler

from tournaments.site.env import parse_database_url

ROOT = Path("/srv/tarokk")


def test_relative_sqlite_path_is_taken_from_the_project_root():
    assert parse_database_url("sqlite:///db.sqlite3", ROOT) == {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": "/srv/tarokk/db.sqlite3",
        "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20, "init_command": "PRAGMA journal_mode=WAL"},
    }


def test_sqlite_path_with_four_slashes_is_absolute():
    assert parse_database_url("sqlite:////var/lib/tarokk/data.db", ROOT)["NAME"] == (
        "/var/lib/tarokk/data.db"
    )


def test_sqlite_in_memory():
    database = parse_database_url("sqlite:///:memory:", ROOT)
    assert database["NAME"] == ":memory:"
    assert "init_command" not in database["OPTIONS"]  # no write-ahead log in memory


def test_a_new_sqlite_connection_keeps_its_file_in_write_ahead_log_mode(tmp_path, django_db_blocker):
    # Readers carry on while a writer commits (gunicorn's workers serving public pages while the
    # jury writes): a fresh file, opened as the site opens it, reports WAL.
    connections = ConnectionHandler({"default": parse_database_url("sqlite:///site.sqlite3", tmp_path)})
    try:
        with django_db_blocker.unblock(), connections["default"].cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone() == ("wal",)
    finally:
        connections.close_all()


@pytest.mark.parametrize("scheme", ["postgres", "postgresql"])
def test_postgresql_url_gives_every_part(scheme):
    url = f"{scheme}://jury:s%40cret%2Fpw@db.example.org:6543/tarokk?sslmode=require"

    assert parse_database_url(url, ROOT) == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "tarokk",
        "USER": "jury",
        "PASSWORD": "s@cret/pw",
        "HOST": "db.example.org",
        "PORT": "6543",
        "OPTIONS": {"sslmode": "require"},
    }


def test_postgresql_url_without_password_or_port_leaves_them_to_the_driver():
    database = parse_database_url("postgres://postgres@127.0.0.1/tarokk_ci", ROOT)

    assert (database["USER"], database["PASSWORD"], database["HOST"], database["PORT"]) == (
        "postgres",
        "",
        "127.0.0.1",
        "",
    )
    assert database["NAME"] == "tarokk_ci"


@pytest.mark.parametrize(
    "url, complaint",
    [
        ("mysql://root@localhost/tarokk", "not supported"),
        ("db.sqlite3", "not supported"),
        ("sqlite://", "no SQLite file"),
        ("postgres://postgres@127.0.0.1:5432/", "no PostgreSQL database"),
    ],
)
def test_unusable_urls_are_refused_with_a_reason(url, complaint):
    with pytest.raises(ImproperlyConfigured, match=complaint):
        parse_database_url(url, ROOT)
