"""What the browser tests share: Chromium (the system's, driven by Playwright) against a live
server. Every test here is marked `browser` and skipped where there is no Chromium."""

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    no_chromium = pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Chromium at /usr/bin/chromium")
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(no_chromium)


@pytest.fixture(autouse=True)
def roles(transactional_db):
    """A live-server test empties the database after it, the groups of the data migration too: each
    test sets the roles up again, whatever ran before it."""
    from django.apps import apps

    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)


@pytest.fixture
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield chromium
        chromium.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture
def page(browser):
    return browser.new_page()
