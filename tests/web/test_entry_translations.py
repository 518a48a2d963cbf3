"""Translations: the catalogue's feast and premium names are marked for translation once, in
tournaments/core/feast_names.py (scoring/ cannot mark them), and the Hungarian catalogue is served to a
browser that asks for Hungarian (Accept-Language) or chose it (the language cookie)."""

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from scoring.feasts import FEASTS, SILENT_PREMIUMS
from tests.factories import eight_hand_records, make_match, make_user
from tournaments.core import lines
from tournaments.core.feast_names import FEAST_NAMES, SILENT_PREMIUM_NAMES, feast_name

HUNGARIAN = Path(settings.BASE_DIR) / "locale" / "hu" / "LC_MESSAGES"


def po_entries(path):
    """(msgid, msgstr) of each translated, non-fuzzy singular entry of a .po file."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        if "#, fuzzy" in block or "msgctxt" in block or "msgid_plural" in block:
            continue
        fields, current = {}, None
        for line in block.splitlines():
            keyword = re.match(r"^(msgid|msgstr) (\".*\")$", line)
            if keyword:
                current = keyword.group(1)
                fields[current] = ast.literal_eval(keyword.group(2))
            elif line.startswith('"') and current:
                fields[current] += ast.literal_eval(line)
        if fields.get("msgid") and fields.get("msgstr"):
            entries.append((fields["msgid"], fields["msgstr"]))
    return entries


def test_the_names_module_lists_exactly_the_catalogues_feasts_and_premiums():
    assert list(FEAST_NAMES) == list(FEASTS)
    assert list(SILENT_PREMIUM_NAMES) == list(SILENT_PREMIUMS)
    with translation.override("en"):
        assert {key: str(name) for key, name in FEAST_NAMES.items()} == {f.id: f.name for f in FEASTS.values()}
        assert {key: str(name) for key, name in SILENT_PREMIUM_NAMES.items()} == {
            p.id: p.name for p in SILENT_PREMIUMS.values()}


def test_the_pages_names_come_from_the_names_module():
    with translation.override("hu"):
        assert feast_name("four_kings") == "Négykirály"
        assert lines.line_name("pagat_capture") == "Pagátfogás"
        assert lines.line_name("contra:pheasant") == "Kontra: Fácán"
        assert feast_name("visi") == "Visi"  # no Hungarian name of its own: kept as it is
    assert feast_name("no_such_feast") == "no_such_feast"


def test_every_catalogue_name_is_in_the_hungarian_catalogue():
    """makemessages found them: a feast added to scoring/ without a line in feast_names.py, or
    without a new makemessages, fails here."""
    text = (HUNGARIAN / "django.po").read_text(encoding="utf-8")
    msgids = set(re.findall(r'^msgid "(.*)"$', text, re.MULTILINE))
    names = [feast.name for feast in FEASTS.values()] + [premium.name for premium in SILENT_PREMIUMS.values()]
    assert [name for name in names if name not in msgids] == []


def test_the_compiled_catalogue_matches_its_source():
    """The committed .mo holds every translation of the .po (compilemessages was run after the
    last edit), so the site needs no gettext tools to run."""
    with open(HUNGARIAN / "django.mo", "rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)
    entries = po_entries(HUNGARIAN / "django.po")
    assert len(entries) > 300
    assert [msgid for msgid, msgstr in entries if catalogue.gettext(msgid) != msgstr] == []


@pytest.mark.django_db
def test_a_browser_asking_for_hungarian_gets_the_jury_pages_in_hungarian(client):
    client.force_login(make_user("jury"))
    match = make_match(hand_records=eight_hand_records())
    url = reverse("jury:match", args=[match.pk])

    page = client.get(url, headers={"accept-language": "hu"}).content.decode()

    assert '<html lang="hu">' in page
    for hungarian in ("Összes mérkőzés", "Változástörténet", "Jóváhagyásra vár", "Nyomtatható jegyzőlap (PDF)",
                      "1. leosztás", "Fácán", "Négykirály", "Kompenzáció", "Pagátfogás"):
        assert hungarian in page
    assert "Score sheet to print (PDF)" not in page
    english = client.get(url, headers={"accept-language": "en"}).content.decode()
    # Outside the notation's legend, which lists every name the notation reads (Hungarian ones too).
    legend = english.index('id="notation-legend"')
    english = english[:legend] + english[english.index("</details>", legend):]
    assert "Score sheet to print (PDF)" in english and "Négykirály" not in english


@pytest.mark.django_db
def test_the_language_cookie_chooses_hungarian_for_the_history_and_the_navigation(client):
    client.force_login(make_user("jury"))
    match = make_match(hand_records=eight_hand_records())
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"

    page = client.get(reverse("jury:history", args=[match.pk])).content.decode()

    assert "Trófealista" in page and "Zsűri" in page  # the navigation
    assert "3. leosztás, csendes figura: Négykirály" in page
    a = match.team_a.name  # seats and the teams' figures by the team's name, the role in Hungarian
    assert f"Bemondta: {a} (hajtó)" in page and "driver" not in page
    assert f"{a}: pontszám" in page


@pytest.mark.django_db
def test_choosing_hungarian_in_the_header_sets_the_cookie(client):
    response = client.get(reverse("home") + "?language=hu")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "hu"
    page = client.get(reverse("home")).content.decode()
    assert "Royal Tarokk versenyek" in page and "Bejelentkezés" in page
