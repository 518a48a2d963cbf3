"""The demo season in Hungarian, as a visitor whose browser asks for nothing else reads it: every
public page, every jury and organiser page, every PDF and every spreadsheet holds none of the
English words a Hungarian reader must not meet, shows dates and decimals the Hungarian way, and the
spreadsheets keep real numbers and dates under Hungarian headings and sheet names."""

import datetime
import io
import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook
from weasyprint.formatting_structure import boxes

import tournaments.site.settings
from tournaments.core.models import Competition, Match, Player, Team, TrophyWin
from tournaments.pages.outputs import pdf

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# English words that must not remain on a Hungarian page. Feast names the players keep in their
# international form (Royal, Grand, "Number of a Suit", "The Red and The Black") are not among them,
# nor are the little words those names are made of.
ENGLISH = ["Place", "Team", "Teams", "Matches", "Match", "Total", "Average", "Round", "Decided", "Pairings",
           "Trophy", "Trophies", "Saved", "Confirmed", "Season", "Seasons", "Player", "Players", "Points",
           "Results", "Hand", "Hands", "Score", "Jury", "Cup", "Championship", "Register", "Entries", "Draw",
           "Bracket", "Winner", "Played", "Entered", "Submitted", "Spreadsheet", "Page", "Printed", "Sum",
           "Games", "Attacking", "Select", "Tie-break", "Tie-breaker", "History", "Reason", "Save", "Log",
           "Organise", "Withdraw", "Variant", "Date", "drawn", "sums", "Latest", "Event", "Entrants", "Seed",
           "Scheduled", "Awaiting", "Being", "Sent", "None", "none"]
ENGLISH_WORD = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ENGLISH)) + r")(?![\w-])")
HUNGARIAN_DATE = re.compile(r"\b20\d\d\. (január|február|március|április|május|június|július|augusztus|"
                            r"szeptember|október|november|december) \d{1,2}\.")


class _Text(HTMLParser):
    """What a reader sees: element text and the title, alt, placeholder and aria-label attributes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts, self._hidden = [], 0

    def handle_starttag(self, tag, attrs):
        self._hidden += tag in ("style", "script")
        self.parts += [value for name, value in attrs if name in ("title", "alt", "placeholder", "aria-label")
                       and value]
        if tag == "option" or (tag == "input" and dict(attrs).get("type") in ("submit", "button")):
            self.parts += [value for name, value in attrs if name == "value" and tag == "input" and value]

    def handle_endtag(self, tag):
        self._hidden -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._hidden:
            self.parts.append(data)


def page_text(html: str) -> str:
    reader = _Text()
    reader.feed(html)
    return " ".join(" ".join(reader.parts).split())


def english_in(text: str) -> list[str]:
    """Each English word found, with the text around it (the demo's own names are Hungarian;
    feast names kept in their international form are allowed by leaving them off ENGLISH)."""
    return sorted({text[max(match.start() - 30, 0):match.end() + 30] for match in ENGLISH_WORD.finditer(text)})


@pytest.fixture
def demo(demo_season, settings):
    settings.LANGUAGE_CODE = tournaments.site.settings.LANGUAGE_CODE  # the site's own default, not the suite's
    return demo_season


def public_urls(year):
    championship = Competition.objects.get(kind=Competition.Kind.CHAMPIONSHIP)
    urls = [reverse("home"), reverse("login"), reverse("public:seasons"),
            reverse("public:season", args=[year]), reverse("public:championship", args=[year]),
            reverse("public:cup", args=[year]), reverse("public:free_games", args=[year]),
            reverse("register:index"), reverse("register:competitions"), reverse("register:awards")]
    urls += [reverse("public:grand_prix", args=[year, slug])
             for slug in Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).values_list("slug", flat=True)]
    urls += [reverse("public:team", args=[year, pk]) for pk in Team.objects.values_list("pk", flat=True)[:4]]
    for kind in (Match.Kind.REGULAR, Match.Kind.TIE_BREAKER):
        confirmed = Match.objects.filter(state=Match.State.CONFIRMED, kind=kind).first()
        if confirmed:
            urls.append(reverse("public:match", args=[year, confirmed.pk]))
    urls += [reverse("register:player", args=[pk])
             for pk in TrophyWin.objects.values_list("player", flat=True).distinct()[:3]]
    urls += [reverse("register:competition", args=[pk])
             for pk in TrophyWin.objects.exclude(match=None).values_list("match__competition", flat=True).distinct()]
    urls += [reverse("public:fixtures", args=[year]), reverse("public:today"),
             reverse("public:big_screen", args=[year])]
    urls += [reverse("public:player", args=[pk])
             for pk in TrophyWin.objects.values_list("player", flat=True).distinct()[:3]]
    assert championship
    return urls


def organiser_urls(year):
    urls = [reverse("jury:new_match"), reverse("competitions:index"), reverse("competitions:season_new"),
            reverse("competitions:season_admin", args=[year]), reverse("competitions:season_edit", args=[year]),
            reverse("competitions:competition_new", args=[year]), reverse("competitions:cup_admin", args=[year])]
    urls += [reverse("competitions:competition_edit", args=[year, slug])
             for slug in Competition.objects.filter(season__year=year).values_list("slug", flat=True)]
    urls += [reverse("competitions:grand_prix_admin", args=[year, slug])
             for slug in Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).values_list("slug", flat=True)]
    team = Team.objects.first()
    return urls + [reverse("admin:index"), reverse("admin:tournaments_player_changelist"),
                   reverse("admin:tournaments_team_changelist"), reverse("admin:tournaments_competition_changelist"),
                   reverse("admin:tournaments_team_change", args=[team.pk])]


def jury_urls(year):
    urls = [reverse("jury:matches"), reverse("jury:new_match"), reverse("register:enter_variant"),
            reverse("competitions:free_game_new", args=[year]), reverse("competitions:free_game_emperor", args=[year]),
            reverse("competitions:free_game_three_handed", args=[year])]
    for state in Match.State:
        match = Match.objects.filter(state=state).first()
        if match:
            urls += [reverse("jury:match", args=[match.pk]), reverse("jury:history", args=[match.pk]),
                     reverse("jury:particulars", args=[match.pk]), reverse("jury:import", args=[match.pk])]
    grand_prix_match = Match.objects.filter(competition__kind=Competition.Kind.GRAND_PRIX).first()
    urls.append(reverse("competitions:grand_prix_match", args=[grand_prix_match.pk]))
    variant = TrophyWin.objects.filter(match=None).first()
    urls.append(reverse("register:withdraw_variant", args=[variant.pk]))
    return urls


def english_on_pages(client, urls):
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        assert '<html lang="hu"' in response.content.decode(), url
        words = english_in(page_text(response.content.decode()))
        if words:
            found[url] = words
    return found


def test_every_public_page_of_the_demo_reads_in_hungarian(client, demo):
    urls = public_urls(demo)
    assert english_on_pages(client, urls) == {}
    championship = page_text(client.get(reverse("public:championship", args=[demo])).content.decode())
    assert "Helyezés" in championship and "Helyszín" not in championship
    assert re.search(r"\b\d+,\d\b", championship)  # the averages with a decimal comma
    assert not re.search(r"\b\d+\.\d\b", championship)
    match = Match.objects.filter(state=Match.State.CONFIRMED).first()
    match_page = client.get(reverse("public:match", args=[demo, match.pk])).content.decode()
    assert HUNGARIAN_DATE.search(page_text(match_page))


MACHINE_DATE = re.compile(r'datetime="([^"]*)"')
ISO_DATE = re.compile(r"\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d)?([+-]\d\d:\d\d|Z)?)?")


def test_the_demos_public_pages_show_hungarian_dates_and_give_machines_iso_ones(client, demo):
    """What a reader sees is "2026. szeptember 30."; what a <time> element gives a machine (a
    calendar, a screen reader) is 2026-09-30."""
    for url in public_urls(demo):
        html = client.get(url).content.decode()
        assert not ISO_DATE.search(page_text(html)), url
        assert [value for value in MACHINE_DATE.findall(html) if not ISO_DATE.fullmatch(value)] == [], url


def test_every_jury_and_organiser_page_of_the_demo_reads_in_hungarian(client, demo):
    client.force_login(get_user_model().objects.get(username="chief"))
    chief = english_on_pages(client, jury_urls(demo))
    client.force_login(get_user_model().objects.get(username="organiser"))
    organiser = english_on_pages(client, organiser_urls(demo))
    assert chief == {} and organiser == {}
    history = Match.objects.filter(state=Match.State.CONFIRMED).first()
    client.force_login(get_user_model().objects.get(username="chief"))
    text = page_text(client.get(reverse("jury:history", args=[history.pk])).content.decode())
    assert "Jóváhagyva" in text and "Eredmények rögzítve" in text  # the history's reasons


def test_the_scheduling_form_offers_its_choices_in_hungarian(client, demo):
    client.force_login(get_user_model().objects.get(username="jury1"))
    page = client.get(reverse("jury:new_match")).content.decode()
    assert "Select an option" not in page and "- Válasszon -" in page


def _text_boxes(box):
    if isinstance(box, boxes.TextBox):
        yield box.text
    for child in getattr(box, "children", None) or ():
        yield from _text_boxes(child)


def test_every_pdf_of_the_demo_reads_in_hungarian(client, demo, monkeypatch):
    pages = []
    lay_out = pdf.document

    def keep_text(*args, **kwargs):
        document = lay_out(*args, **kwargs)
        pages[:] = [" ".join(_text_boxes(page._page_box)) for page in document.pages]
        return document

    monkeypatch.setattr(pdf, "document", keep_text)
    slugs = Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).values_list("slug", flat=True)
    urls = [reverse("public:championship_pdf", args=[demo]), reverse("public:cup_pdf", args=[demo]),
            reverse("register:index_pdf")] + [reverse("public:grand_prix_pdf", args=[demo, slug]) for slug in slugs]
    found, texts = {}, {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200 and response.content.startswith(b"%PDF-"), url
        texts[url] = " ".join(pages)
        if english_in(texts[url]):
            found[url] = english_in(texts[url])
    assert found == {}
    championship = texts[urls[0]]
    assert "HELYEZÉS" in championship.upper() and "ROYAL TAROKK SZÖVETSÉG" in championship.upper()
    assert "1. oldal / " in championship
    assert HUNGARIAN_DATE.search(championship)  # "Nyomtatva: 2026. június 14. 10:30"
    assert re.search(r"\b\d+,\d\b", championship)


def test_every_spreadsheet_of_the_demo_reads_in_hungarian_with_real_numbers(client, demo):
    slugs = Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).values_list("slug", flat=True)
    urls = [reverse("public:championship_xlsx", args=[demo]), reverse("register:index_xlsx"),
            reverse("public:free_games_xlsx", args=[demo])]
    urls += [reverse("public:grand_prix_xlsx", args=[demo, slug]) for slug in slugs]
    found = {}
    for url in urls:
        book = load_workbook(io.BytesIO(client.get(url).content))
        texts = [sheet.title for sheet in book] + [str(value) for sheet in book for row in sheet.iter_rows(
            values_only=True) for value in row if isinstance(value, str)]
        if english_in(" ".join(texts)):
            found[url] = english_in(" ".join(texts))
    assert found == {}
    sheet = load_workbook(io.BytesIO(client.get(urls[0]).content)).active
    heading = [cell.value for cell in sheet[1]]
    assert heading[:2] == ["Helyezés", "Csapat"]
    average = sheet.cell(row=2, column=heading.index("Átlag") + 1)
    assert isinstance(average.value, (int, float)) and average.number_format == "0.0"  # shown as 79,4 in Excel


def test_the_spreadsheets_dates_are_dates_in_a_hungarian_format(client, demo):
    sheet = load_workbook(io.BytesIO(client.get(reverse("register:index_xlsx")).content)).active
    dates = [cell for row in sheet.iter_rows(min_row=2) for cell in row if isinstance(cell.value, datetime.datetime)]
    assert dates == [] or all("yyyy" in cell.number_format for cell in dates)


def test_a_browser_asking_for_english_reads_the_demo_in_english(client, demo):
    page = client.get(reverse("public:championship", args=[demo]), headers={"accept-language": "en"}).content.decode()
    assert '<html lang="en">' in page and "Place" in page and "Helyezés" not in page


def test_the_site_opens_in_hungarian_and_english_is_one_click_away(client, demo):
    assert settings.LANGUAGE_CODE == "hu"
    page = client.get(reverse("home")).content.decode()
    assert '<html lang="hu">' in page
    link = re.search(r'<a href="([^"]+)" hreflang="en" lang="en">English</a>', page).group(1)
    client.get(reverse("home") + link)
    assert '<html lang="en">' in client.get(reverse("home")).content.decode()


def test_the_demos_free_games_are_named_with_the_glossarys_word(demo):
    assert Competition.objects.get(kind=Competition.Kind.FREE_GAMES).name == f"Szabad játszmák {demo}"


def test_the_demo_prints_its_logins_in_hungarian(demo):
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "Bemutató felhasználók: jury1, jury2, chief, organiser, jelszó: tarokk-demo" in out.getvalue()
    assert Player.objects.exists()
