"""What every page's head gives the browser: one htmx configuration that keeps htmx inside the
Content-Security-Policy (no indicator <style> of its own, no eval, no inline scripts), and the
site's icon, on the big screens too (a missing one is a 404 at every screen)."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_competition, make_match, make_season, make_user

pytestmark = pytest.mark.django_db

HTMX_CONFIG = """<meta name="htmx-config" content='{"includeIndicatorStyles": false, "allowEval": false, \
"allowScriptTags": false}'>"""


def test_every_kind_of_page_has_one_htmx_configuration_and_the_icon(client):
    season = make_season()
    make_competition(season=season)
    match = make_match()
    public = [reverse("home"), reverse("public:today"), reverse("public:big_screen", args=[season.year]),
              reverse("public:championship", args=[season.year])]
    pages = [client.get(url).text for url in public]
    client.force_login(make_user("jury"))
    pages.append(client.get(reverse("jury:match", args=[match.pk])).text)
    for page in pages:
        assert page.count('name="htmx-config"') == 1 and HTMX_CONFIG in page
        assert re.search(r'<link rel="icon" href="/static/tournaments/favicon(\.[0-9a-f]+)?\.svg"', page)


def test_every_public_page_describes_itself_once(client, settings):
    """Search engines and link previews read one description a page, in the page's language."""
    settings.LANGUAGE_CODE = "hu"
    season = make_season()
    make_competition(season=season)
    urls = [reverse("home"), reverse("public:today"), reverse("public:big_screen", args=[season.year]),
            reverse("public:seasons"), reverse("public:fixtures", args=[season.year]),
            reverse("public:championship", args=[season.year]), reverse("register:index"),
            reverse("register:competitions"), reverse("register:awards"), reverse("table:index"), reverse("login")]
    for url in urls:
        descriptions = re.findall(r'<meta name="description" content="([^"]+)">', client.get(url).text)
        assert len(descriptions) == 1, url
    today = client.get(reverse("public:today")).text
    assert '<meta name="description" content="Minden verseny mai mérkőzései az állapotukkal' in today
