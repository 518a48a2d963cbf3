"""The guide (Súgó): each page that has a part of the guide links to it from its header, as the
reader who uses the page sees it; every section of the guide reads in Hungarian and in English with
every anchor those links use; the screenshots it shows exist."""

import re
from urllib.parse import urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import NoReverseMatch, reverse

from tournaments.core.models import Competition, Match
from tournaments.pages.guide.sections import BY_SLUG, LANGUAGES, PAGE_SECTIONS, SECTIONS

HELP_LINK = re.compile(r'<a href="([^"]*)" rel="help" class="guide-link"')
ANCHOR = re.compile(r'\bid="([^"]+)"')
HEADING_ANCHOR = re.compile(r'<h[23] id="([^"]+)"')
LOCAL_LINK = re.compile(r'href="#([^"]+)"')
IMAGE = re.compile(r'<img src="([^"]+)"')


def client_for(username=None, language="hu"):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if username:
        client.force_login(get_user_model().objects.get(username=username))
    return client


def help_links(response):
    return HELP_LINK.findall(response.content.decode())


# Each page, who reads it, and where its "Help" link leads: written out here rather than read from
# PAGE_SECTIONS, so a page that loses its section (or gets the wrong one) fails.
def pages_and_sections(year):
    in_entry = Match.objects.filter(state=Match.State.IN_ENTRY).order_by("pk").first().pk
    entered = Match.objects.filter(state=Match.State.ENTERED).order_by("pk").first().pk
    grand_prix = Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).order_by("pk").first().slug
    return [
        ("jury:home", [], "jury1", "/sugo/jury/#home"),
        ("jury:matches", [], "jury1", "/sugo/jury/#home"),
        ("jury:match", [in_entry], "jury1", "/sugo/jury/#notation"),
        ("jury:blind", [entered], "chief", "/sugo/jury/#blind-confirmation"),
        ("jury:history", [in_entry], "jury1", "/sugo/jury/#history"),
        ("jury:import", [in_entry], "jury1", "/sugo/jury/#score-sheets"),
        ("workbooks:score_sheet_upload", [in_entry], "jury1", "/sugo/jury/#score-sheets"),
        ("register:enter_variant", [], "jury1", "/sugo/jury/#free-games"),
        ("competitions:index", [], "organiser", "/sugo/organisers/#season-life"),
        ("competitions:season_admin", [year], "organiser", "/sugo/organisers/#season-life"),
        ("competitions:season_new", [], "organiser", "/sugo/organisers/#preparation"),
        ("competitions:season_edit", [year], "organiser", "/sugo/organisers/#preparation"),
        ("competitions:competition_new", [year], "organiser", "/sugo/organisers/#competitions"),
        ("competitions:teams", [year], "organiser", "/sugo/organisers/#teams-and-players"),
        ("competitions:players", [], "organiser", "/sugo/organisers/#teams-and-players"),
        ("workbooks:roster_upload", [year], "organiser", "/sugo/organisers/#teams-and-players"),
        ("competitions:cup_admin", [year], "organiser", "/sugo/organisers/#cup"),
        ("competitions:grand_prix_admin", [year, grand_prix], "organiser", "/sugo/organisers/#grand-prix"),
        ("competitions:free_game_new", [year], "chief", "/sugo/organisers/#free-games"),
        ("competitions:words", [], "organiser", "/sugo/organisers/#words"),
        ("accounts:index", [], "organiser", "/sugo/organisers/#accounts"),
        ("accounts:invite", [], "organiser", "/sugo/organisers/#accounts"),
        ("public:season", [year], None, "/sugo/players/#public-pages"),
        ("public:championship", [year], None, "/sugo/players/#public-pages"),
        ("public:cup", [year], None, "/sugo/players/#public-pages"),
        ("public:fixtures", [year], None, "/sugo/players/#public-pages"),
        ("public:today", [], None, "/sugo/players/#live-pages"),
        ("register:index", [], None, "/sugo/players/#register"),
        ("table:index", [], None, "/sugo/players/#online-table"),
        ("home", [], None, "/sugo/"),
        ("login", [], None, "/sugo/"),
    ]


@pytest.fixture
def demo(demo_season, db):
    # The blind confirmation page is a blind competition's: the Championship asks for it here.
    Competition.objects.filter(kind=Competition.Kind.CHAMPIONSHIP).update(blind_confirmation=True)
    return demo_season


def test_each_page_links_to_its_part_of_the_guide_from_its_header(demo):
    clients = {}
    wrong = []
    for name, args, username, section in pages_and_sections(demo):
        client = clients.setdefault(username, client_for(username))
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, (name, response.status_code)
        if help_links(response) != [section]:
            wrong.append(f"{name}: {help_links(response)} instead of {section}")
    assert not wrong, "\n".join(wrong)


def test_each_help_link_reaches_an_anchor_of_its_section_in_both_languages(demo):
    for name, _args, _username, section in pages_and_sections(demo):
        path, _, anchor = section.partition("#")
        for language in LANGUAGES:
            html = client_for(None, language).get(path).content.decode()
            assert anchor == "" or f'id="{anchor}"' in html, (name, language, section)


def test_the_entry_pages_legend_links_to_the_notation_beside_the_fields(demo):
    in_entry = Match.objects.filter(state=Match.State.IN_ENTRY).order_by("pk").first()
    html = client_for("jury1").get(reverse("jury:match", args=[in_entry.pk])).content.decode()
    legend = html[html.index('id="notation-legend"'):]
    assert 'href="/sugo/jury/#notation"' in legend[:legend.index("</details>")]


def test_the_season_state_form_links_to_the_seasons_life(demo):
    html = client_for("organiser").get(reverse("competitions:season_admin", args=[demo])).content.decode()
    form = html[html.index('class="season-state"'):]
    assert 'href="/sugo/organisers/#season-life"' in form[:form.index("</form>")]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("section", [section.slug for section in SECTIONS])
def test_every_section_reads_in_both_languages_with_all_its_anchors(section, language):
    response = client_for(None, language).get(reverse("guide:section", args=[section]) + f"?language={language}")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    anchors = set(ANCHOR.findall(html))
    declared = BY_SLUG[section].anchors
    assert set(declared) <= anchors, set(declared) - anchors
    # Every heading's anchor is declared (a page may link to it), and the section's own links land.
    assert set(HEADING_ANCHOR.findall(html)) == set(declared)
    assert set(LOCAL_LINK.findall(html)) <= anchors


@pytest.mark.django_db
def test_the_two_languages_are_two_texts_not_one():
    for section in SECTIONS:
        hungarian = client_for(None, "hu").get(reverse("guide:section", args=[section.slug]) + "?language=hu")
        english = client_for(None, "en").get(reverse("guide:section", args=[section.slug]) + "?language=en")
        assert "Súgó" in hungarian.content.decode() and ">Help<" in english.content.decode()
        assert hungarian.content != english.content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_contents_lead_to_every_section(language):
    html = client_for(None, language).get(reverse("guide:index") + f"?language={language}").content.decode()
    for section in SECTIONS:
        assert f'href="{reverse("guide:section", args=[section.slug])}"' in html


@pytest.mark.django_db
def test_a_section_that_does_not_exist_is_not_found():
    assert Client().get("/sugo/nothing-here/").status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_screenshot_the_guide_shows_exists(language, settings):
    shown = set()
    for section in SECTIONS:
        html = client_for(None, language).get(reverse("guide:section", args=[section.slug])).content.decode()
        shown.update(IMAGE.findall(html))
    assert shown
    static = settings.STATIC_URL
    missing = [src for src in shown if not finders.find(urlsplit(src).path.removeprefix(static))]
    assert not missing, f"run `make guide-screenshots`: {missing}"


def test_every_page_of_the_guides_table_names_a_real_page_and_anchor():
    for url_name, (section, anchor) in PAGE_SECTIONS.items():
        assert anchor in BY_SLUG[section].anchors, (url_name, section, anchor)
        try:
            reverse(url_name)
        except NoReverseMatch as missing:
            assert "with no arguments not found" in str(missing), url_name


@pytest.mark.django_db
@pytest.mark.parametrize("section", [section.slug for section in SECTIONS])
def test_the_hungarian_guide_holds_no_english_word_a_hungarian_reader_must_not_meet(section):
    from tests.web.test_hungarian_pages import english_in, page_text

    html = client_for(None, "hu").get(reverse("guide:section", args=[section]) + "?language=hu").content.decode()
    assert english_in(page_text(html)) == []
