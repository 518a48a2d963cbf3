"""The guide's pages (Súgó), in Hungarian and in English, checked as every other page is
(test_valid_and_accessible.py): the Nu HTML checker finds no error, and axe-core in Chromium finds no
serious or critical violation of WCAG 2.2 AA at 1280 and 390 px. Without the checkers (`make
checkers`) or Java the tests are skipped."""

import pytest
from django.urls import reverse

from tests.browser.site_pages import Page, fetch_html
from tests.browser.test_valid_and_accessible import (
    AXE,
    AXE_RUN,
    SERIOUS,
    WCAG_22_AA,
    WIDTHS,
    needs_axe,
    needs_vnu,
    nu_errors,
)
from tournaments.pages.guide.sections import LANGUAGES, SECTIONS


def guide_pages():
    paths = [reverse("guide:index")] + [reverse("guide:section", args=[section.slug]) for section in SECTIONS]
    return [Page("guide", f"{path}?language={language}", None, language) for path in paths for language in LANGUAGES]


@needs_vnu
def test_the_guide_is_valid_html_in_both_languages(transactional_db, tmp_path):
    documents = fetch_html(guide_pages())
    assert len(documents) == 2 * (len(SECTIONS) + 1)
    errors = nu_errors(documents, tmp_path)
    assert not errors, "\n".join(errors)


@needs_axe
@pytest.mark.parametrize("width", WIDTHS)
def test_the_guide_has_no_serious_wcag_22_aa_violation(browser, live_server, width):
    axe = AXE.read_text(encoding="utf-8")
    violations = []
    for language in LANGUAGES:
        # axe is injected as a script of its own, which the site's Content-Security-Policy would refuse.
        context = browser.new_context(viewport=WIDTHS[width], locale=language, bypass_csp=True,
                                      extra_http_headers={"Accept-Language": language})
        tab = context.new_page()
        for page in guide_pages():
            if page.language != language:
                continue
            assert tab.goto(live_server.url + page.path).status == 200
            tab.add_script_tag(content=axe)
            violations += [f"{page.label}: {found['id']} ({found['impact']}) at {', '.join(found['nodes'])}"
                           for found in tab.evaluate(AXE_RUN, WCAG_22_AA) if found["impact"] in SERIOUS]
        context.close()
    assert not violations, "\n".join(violations)
