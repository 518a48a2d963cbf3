"""What the browser tests share: Chromium (the system's, driven by Playwright) against a live
server. Every test here is marked `browser` and skipped where there is no Chromium."""

import os
import threading
import time
from pathlib import Path

import pytest

from bench.ports import any_free_port

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


@pytest.fixture(scope="module")
def chromium():
    """Playwright's driver and one Chromium for a module's tests: each start of the two took some
    1.2 s of CPU, once a test. Only while a module of these tests runs: Playwright's sync API runs
    an event loop in this thread, which the other tests' ORM calls and async_to_sync must not meet."""
    sync_api = pytest.importorskip("playwright.sync_api")
    # The loop is Playwright's own; the test's own ORM calls beside it are safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield chromium
        chromium.close()
    os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture
def browser(chromium):
    """The module's Chromium; every page and context the test opened is closed after it, so the next
    test starts with none (no cookies, no cache, no page still talking to the server)."""
    yield chromium
    for context in chromium.contexts:
        context.close()


@pytest.fixture
def page(browser):
    return browser.new_page()


class AsgiSite:
    """The site on a port of its own as an ASGI server (uvicorn) serves it, pages and WebSockets, in
    a thread of this process (it shares the test database); stopped and started again, on the same
    port, where a test takes the network away from its pages."""

    def __init__(self):
        self.port = any_free_port()
        self.origin, self.server = f"http://127.0.0.1:{self.port}", None

    def start(self) -> "AsgiSite":
        import uvicorn
        from channels.routing import ProtocolTypeRouter
        from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

        from tournaments.site import asgi

        application = ProtocolTypeRouter({
            "http": ASGIStaticFilesHandler(asgi.django_application),
            "websocket": asgi.application.application_mapping["websocket"],
        })
        self.server = uvicorn.Server(uvicorn.Config(application, host="127.0.0.1", port=self.port,
                                                    log_level="warning", lifespan="off"))
        self.server.install_signal_handlers = lambda: None
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(100):
            if self.server.started:
                break
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True
            self.thread.join(10)
            self.server = None


@pytest.fixture
def serve_asgi(transactional_db):
    """``serve_asgi()``: the site served on a free port (an AsgiSite, started), stopped after the
    test if the test has not stopped it."""
    sites = []

    def serve() -> AsgiSite:
        sites.append(AsgiSite().start())
        return sites[-1]

    yield serve
    for site in sites:
        site.stop()


def log_in(page, base, username, password, then=None):
    """``username`` logged in on ``page`` through the login form, as a person types it; on to the
    path ``then`` where given (the login page's ``next``). It returns once the page has loaded, its
    scripts run: a wait for the page's load, never for a string to evaluate, which the pages' CSP
    forbids."""
    page.goto(f"{base}/accounts/login/" + (f"?next={then}" if then else ""))
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    if then:
        page.keyboard.press("Enter")
        page.wait_for_url(f"{base}{then}")
    else:
        with page.expect_navigation():
            page.keyboard.press("Enter")
    page.wait_for_load_state()
    assert "/accounts/login/" not in page.url, f"{username} is not logged in"
