"""Fixtures shared by the whole suite. The rules engine's tests (tests/scoring/) are plain pytest:
pytest-django configures Django for the session but gives a test a database only when it asks."""

import datetime
import io
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import uuid
from contextlib import closing
from pathlib import Path

import pytest
import time_machine
from hypothesis import settings as hypothesis_settings

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TODAY = datetime.date(2026, 5, 4)  # "today" for the tests that count dates from it (frozen_today)

# The quick loop (`make test-fast`, `--hypothesis-profile=fast`): a property test tries a tenth of
# the examples it tries in the whole suite (tests/scoring/examples.py), ten where it names none.
hypothesis_settings.register_profile("fast", max_examples=10)


def pytest_configure(config):
    """Passwords hashed fast, and each test process keeps its cached pages and its sockets' messages
    to itself: `make test` runs the suite in several processes (pytest-xdist), each on a database of
    its own (pytest-django names it after the process), and a cache entry or a message keyed by a
    row's id would otherwise reach a process whose row of that id is another. Without REDIS_URL the
    page cache is a folder of this process, emptied at its end; with it, the Redis keys and channel
    groups start with a prefix of this process and run."""
    from django.conf import settings

    # Django's real hasher takes a third of a second of CPU a password, at a low priority
    # (tournaments.pages.accounts.passwords) that a busy machine starves for seconds; the tests need one that
    # works, the demo season's logins too (built before any test's own settings). The tests of the
    # real one set it themselves (tests/web/test_password_priority.py).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    name = f"{getattr(config, 'workerinput', {}).get('workerid', 'main')}-{uuid.uuid4().hex[:8]}"
    cache = settings.CACHES["default"]
    if cache["BACKEND"].endswith("FileBasedCache"):
        config.test_cache_dir = tempfile.mkdtemp(prefix=f"tarokk-test-cache-{name}-")
        cache["LOCATION"] = config.test_cache_dir
    elif cache["BACKEND"].endswith("RedisCache"):
        cache["KEY_PREFIX"] = f"{settings.REDIS_PREFIX}-test-{name}"
    layer = settings.CHANNEL_LAYERS["default"]
    if "prefix" in layer.get("CONFIG", {}):
        layer["CONFIG"]["prefix"] = f"{settings.REDIS_PREFIX}-test-{name}-table"


def pytest_unconfigure(config):
    if getattr(config, "test_cache_dir", None):
        shutil.rmtree(config.test_cache_dir, ignore_errors=True)


def pytest_collection_modifyitems(items):
    """The tests that read the demo season (`demo_season`, built once a run: tests/web/conftest.py)
    run last, in their order, so no other test meets the season's rows: one build of the demo
    instead of one a module (some 45 s each at this machine's usual load)."""
    readers = [item for item in items if "demo_season" in getattr(item, "fixturenames", ())]
    if readers:
        items[:] = [item for item in items if "demo_season" not in getattr(item, "fixturenames", ())] + readers


@pytest.fixture
def frozen_today():
    """Today is TODAY while the test runs (time-machine; the clock still ticks from noon UTC), so a
    test whose dates are counted from today means the same whatever day it runs."""
    with time_machine.travel(datetime.datetime.combine(TODAY, datetime.time(12), tzinfo=datetime.UTC)):
        yield TODAY


@pytest.fixture
def run_python():
    """Run `python -c CODE` in the project root with exactly the given extra environment.

    For behaviour that happens at import time (settings), which a fresh interpreter must see.
    """

    def run(code, env=None):
        clean_env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
        clean_env.pop("SECRET_KEY", None)
        clean_env.update(env or {})
        return subprocess.run(
            [sys.executable, "-c", code],
            cwd=PROJECT_ROOT,
            env=clean_env,
            capture_output=True,
            text=True,
            timeout=300,  # a fresh interpreter that migrates a database: slow on a busy machine
        )

    return run


ENGINE_TESTS = PROJECT_ROOT / "tests" / "scoring"


def is_engine_test(request) -> bool:
    """The rules engine's tests (tests/scoring/) run no Django: the site's fixtures below leave them
    alone: the shared cache written 600 times was a fifth of the quick loop's CPU time."""
    return ENGINE_TESTS in request.node.path.parents


@pytest.fixture(autouse=True)
def english_unless_asked(request):
    """The site opens in Hungarian (LANGUAGE_CODE); the suite's assertions read the English texts,
    so a test without a language of its own runs in English, as a browser asking for English would.
    The tests of the Hungarian site (tests/web/test_hungarian*.py) ask for Hungarian themselves."""
    if not is_engine_test(request):
        request.getfixturevalue("settings").LANGUAGE_CODE = "en"


@pytest.fixture(autouse=True)
def association_words_as_defaults(request):
    """Each test starts from the catalogue's default words (its database holds no override), whatever
    an earlier test stored in the shared cache and rolled back (tournaments.core.words)."""
    if is_engine_test(request):
        return
    from tournaments.core import words

    words.use({})


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """On SQLite the test database is a file of this run, not Django's shared in-memory one: there
    the connections of different threads share one cache and refuse each other ("table is locked")
    instead of waiting for the writer as the site's connections do, so tests/web/test_races.py
    could not show what parallel requests meet on SQLite."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        database.setdefault("TEST", {})["NAME"] = str(tmp_path_factory.mktemp("database") / "test.sqlite3")


class DemoDatabase:
    """The demo season committed to the test database, built in the site's own language as `make run`
    builds it, whatever language the tests before it left active. On SQLite only the first build of
    a test process runs the demo (some 7 s of CPU): the database it leaves is copied aside, and each
    later one writes that copy back page by page (sqlite3's backup, milliseconds), the same rows
    under the same keys. Elsewhere (PostgreSQL) each one builds it."""

    def __init__(self, folder: Path):
        self.copy = folder / "demo.sqlite3"

    def load(self) -> None:
        from django.apps import apps
        from django.contrib.contenttypes.models import ContentType
        from django.core.management import call_command
        from django.db import connection
        from django.utils import translation

        import tournaments.site.settings
        from tournaments.core.roles import ensure_roles

        on_sqlite = connection.vendor == "sqlite"
        connection.ensure_connection()
        if on_sqlite and self.copy.exists():
            with closing(sqlite3.connect(self.copy)) as source:
                source.backup(connection.connection)
            ContentType.objects.clear_cache()  # the copy's content types, under the copy's keys
            return
        ensure_roles(apps)  # a transactional test before it flushed the groups the roles migration made
        with translation.override(tournaments.site.settings.LANGUAGE_CODE):
            call_command("demo", stdout=io.StringIO())
        if on_sqlite:
            with closing(sqlite3.connect(self.copy)) as target:
                connection.connection.backup(target)


@pytest.fixture(scope="session")
def demo_database(tmp_path_factory):
    return DemoDatabase(tmp_path_factory.mktemp("demo"))


@pytest.fixture
def committed_demo(transactional_db, demo_database):
    """The demo season committed (DemoDatabase), for a test that needs it so: a live server's
    connections read it, or the test empties the database and restores it. Emptied after the test
    like any transactional test's rows; a test that only reads the demo asks for `demo_season`."""
    demo_database.load()
