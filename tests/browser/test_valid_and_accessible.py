"""Every kind of page of the demo, as the public and as each role reads it, checked by tools nobody
here wrote: the W3C Nu HTML checker (vnu-jar, one Java run over all the pages) finds no error, and
axe-core in Chromium finds no serious or critical violation of WCAG 2.2 AA at 1280 and 390 px,
and no page at 390 px scrolls sideways (the big screen is a projector's).
The checkers are the npm packages of package.json (`make node_modules`); without them, or without
Java, the tests are skipped."""

import json
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from tests.browser.site_pages import (
    NOT_PAGES,
    fetch_html,
    is_public,
    named_patterns,
    not_a_page,
    pages,
    signed_in_client,
    unaccounted_patterns,
)

NODE_MODULES = Path(settings.BASE_DIR) / "node_modules"
VNU = NODE_MODULES / "vnu-jar" / "build" / "dist" / "vnu.jar"
AXE = NODE_MODULES / "axe-core" / "axe.min.js"
JAVA = shutil.which("java")
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SERIOUS = {"serious", "critical"}
BARE_ERROR_PAGE = re.compile(r"<title>(Not Found|Server Error|Bad Request|403 Forbidden)</title>")
EMPTY_HEADER = re.compile(r"<th\b[^>]*>\s*</th>")

needs_vnu = pytest.mark.skipif(not (VNU.exists() and JAVA), reason="needs node_modules/vnu-jar (make) and Java")
needs_axe = pytest.mark.skipif(not AXE.exists(), reason="needs node_modules/axe-core (make)")


@pytest.fixture
def demo(committed_demo):
    return committed_demo


def nu_errors(documents, folder):
    """The Nu checker's errors, by page: all the pages in one run (one start of the JVM). A section
    without a heading, only a warning to the checker, counts: a screen reader lists it unnamed."""
    files = {}
    for number, (page, html) in enumerate(documents.items()):
        path = folder / f"{number:03d}.html"
        path.write_text(html, encoding="utf-8")
        files[path.resolve().as_uri()] = page
    run = subprocess.run([JAVA, "-jar", str(VNU), "--format", "json", "--stdout", *map(str, files)],
                         capture_output=True, text=True, timeout=300)
    messages = json.loads(run.stdout)["messages"]
    return [f"{files.get(message.get('url'), message.get('url'))}, line {message.get('lastLine')}: "
            f"{message['message']} {message.get('extract', '')!r}"
            for message in messages if message["type"] in ("error", "non-document-error")
            or message["message"].startswith("Section lacks heading")]


@pytest.mark.slow
@needs_vnu
def test_every_page_kind_of_the_demo_is_valid_html(demo, tmp_path):
    assert not unaccounted_patterns(), f"give these URL patterns demo values, or say in NOT_PAGES why not: " \
                                       f"{unaccounted_patterns()}"
    to_read = pages()
    in_english = [replace(page, language="en") for page in to_read if page.name in ("home", "login", "missing")]
    documents = fetch_html(to_read + in_english)
    kinds = {page.name for page in documents}
    # Public, jury, organiser, account, login and error pages are all among them.
    for kind in ("home", "login", "public:match", "jury:match", "jury:history", "competitions:season_admin",
                 "accounts:index", "accounts:welcome", "register:enter_variant", "public:big_screen", "missing"):
        assert kind in kinds, kind
    assert len(documents) > 100 and {page.language for page in documents} == {"hu", "en"}

    # What the checkers leave to best practice, required here: a main landmark on every page of the
    # site's own (the big screen too; Django's bare error page, where the site has none of its own, is
    # not one), and no table header a screen reader would read as nothing.
    without_main = [page.label for page, html in documents.items()
                    if len(re.findall(r"<main\b", html)) != 1 and not BARE_ERROR_PAGE.search(html)]
    assert not without_main, "\n".join(without_main)
    assert [page.label for page, html in documents.items() if EMPTY_HEADER.search(html)] == []

    errors = nu_errors(documents, tmp_path)
    assert not errors, "\n".join(errors)


def test_the_list_of_patterns_that_are_not_pages_names_only_patterns_that_exist(db):
    used = {not_a_page(name) for name, _route, _parameters in named_patterns()}
    assert set(NOT_PAGES) <= used


# Only the violations are needed: axe then works out no selectors for the nodes that passed, a
# sixth of its time on these pages (axe-core's API documentation, "Performance").
AXE_RUN = """async (tags) => {
    const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
    return result.violations.map(violation => ({
        id: violation.id, impact: violation.impact,
        nodes: violation.nodes.slice(0, 3).map(node => node.target.join(' ')),
    }));
}"""


def browser_context(browser, live_server, role, viewport):
    # axe is injected as a script of its own, which the site's Content-Security-Policy would refuse.
    context = browser.new_context(viewport=viewport, locale="hu-HU", bypass_csp=True,
                                  extra_http_headers={"Accept-Language": "hu"})
    if role:
        client = signed_in_client(role)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        context.add_cookies([{"name": cookie.key, "value": cookie.value, "url": live_server.url}])
    return context


# Kinds of page whose content depends on who reads them (the header's links, the match's actions):
# checked as every role; any other kind as the first role that reaches it.
EVERY_ROLE = {"home", "jury:home", "jury:match"}
# Drawn for a projector across the room, not for a phone.
NOT_FOR_PHONES = {"public:big_screen"}


def to_check(tab, page, status, checked):
    """Whether the page just opened shows something not yet checked: not a page already checked
    under another address (the login page a signed-out reader is sent to), not the refusal page
    again. A kind counts as checked only where its own page was read."""
    landed = urlsplit(tab.url).path
    if status == 403 or landed != page.path:  # refused, or sent to the login page
        seen = "refused" if status == 403 else landed
        if seen in checked["elsewhere"]:
            return False
        checked["elsewhere"].add(seen)
    elif status == 200:
        checked["kinds"].add(page.name)
    return True


# The pages read by the public, and those read signed in (each kind as the first role that reaches
# it): two tests a width, so that the processes of the run share them out.
READERS = {"public": (None,), "signed-in": ("jury1", "chief", "organiser")}
KINDS_READ = {"public": {"home", "login", "public:championship", "public:match", "public:big_screen"},
              "signed-in": {"jury:home", "jury:match", "jury:history", "competitions:cup_admin", "accounts:index",
                            "register:enter_variant"}}


@pytest.mark.slow
@needs_axe
@pytest.mark.parametrize("readers", READERS)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_kind_of_the_demo_has_no_serious_wcag_22_aa_violation(demo, browser, live_server, width,
                                                                         readers):
    """At 390 px no page but the big screen scrolls sideways either: a phone shows it whole."""
    by_role = {}
    for page in pages():
        if page.role not in READERS[readers]:
            continue
        if page.role is None and not is_public(page.path):
            continue  # it sends the public to the login page, which is read as a page of its own
        by_role.setdefault(page.role, []).append(page)
    axe = AXE.read_text(encoding="utf-8")
    violations, too_wide, checked = [], [], {"kinds": set(), "elsewhere": set()}
    for role, role_pages in by_role.items():
        context = browser_context(browser, live_server, role, WIDTHS[width])
        tab = context.new_page()
        for page in role_pages:
            if page.name in checked["kinds"] and page.name not in EVERY_ROLE:
                continue  # read as an earlier role
            status = tab.goto(live_server.url + page.path).status
            if not to_check(tab, page, status, checked):
                continue
            if width == "phone" and page.name not in NOT_FOR_PHONES:
                scroll_width = tab.evaluate("document.documentElement.scrollWidth")
                if scroll_width != WIDTHS["phone"]["width"]:
                    too_wide.append(f"{page.label}: {scroll_width} px wide")
            tab.add_script_tag(content=axe)
            for violation in tab.evaluate(AXE_RUN, WCAG_22_AA):
                if violation["impact"] in SERIOUS:
                    violations.append(f"{page.label}: {violation['id']} ({violation['impact']}) "
                                      f"at {', '.join(violation['nodes'])}")
        context.close()

    assert not violations, "\n".join(violations)
    assert not too_wide, "\n".join(too_wide)
    assert KINDS_READ[readers] <= checked["kinds"], KINDS_READ[readers] - checked["kinds"]
