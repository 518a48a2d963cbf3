"""The jury's own words: a Hungarian juror, organiser or visitor walking the demo meets no feast id,
no seat code (A.driver, B.d), no English feast or role name and no ISO timestamp on any page, PDF
or workbook; the history speaks in names and Hungarian dates and lists as scored only what the
rules scored (R10, R10a); a ruling's number is shown only behind a "why?"; score tables are headed
by the teams' names.

What the entry fields hold is the notation as the jury types it (tournaments/recording/notation.py
writes it back), and the notation's legend names the ids it accepts: both are left out of the walk.
"""

import io
import random
import re

import polib
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

import tournaments.site.settings
from bench.hands import random_hand_records
from scoring.feasts import FEASTS, SILENT_PREMIUMS
from tests.factories import eight_hand_records, make_competition, make_match, make_user
from tests.web.test_entry import form_data
from tests.web.test_hungarian_pages import jury_urls, organiser_urls, page_text, public_urls
from tournaments.core import bridge, lines
from tournaments.core.feast_names import FEAST_NAMES, SILENT_PREMIUM_NAMES
from tournaments.core.models import Competition, CupAward, Match
from tournaments.pages.entry import score_sheet_pdf
from tournaments.pages.entry.history import shown_reason
from tournaments.recording import matches

pytestmark = [pytest.mark.django_db]

CATALOGUE = settings.BASE_DIR / "locale" / "hu" / "LC_MESSAGES" / "django.po"


def _english_names() -> set[str]:
    with translation.override("en"):
        return {str(name) for name in {**FEAST_NAMES, **SILENT_PREMIUM_NAMES}.values()}


def _kept_international() -> set[str]:
    """The names the association keeps in their international form (Visi, Royal, Gloria, ...): the
    catalogue says so of each ("international name kept")."""
    return {entry.msgid for entry in polib.pofile(str(CATALOGUE))
            if "international name kept" in entry.tcomment and entry.msgstr == entry.msgid}


def _words(words) -> re.Pattern:
    alternatives = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])")


FEAST_IDS = _words(set(FEASTS) | set(SILENT_PREMIUMS))
ENGLISH_FEASTS = _words(_english_names() - _kept_international())
SEAT_CODES = re.compile(r"(?<![\w.])[AB]\.(driver|catcher|d|c)(?!\w)|\b([Dd]river|[Cc]atcher)s?\b")
ISO_TIMESTAMP = re.compile(r"\b\d{4}-\d\d-\d\d([T ]\d\d:\d\d)?\b")
RULE_NUMBER = re.compile(r"\(R\d+[a-z]?\)|\bR\d+[a-z]?:")
MACHINE_TIME = re.compile(r'<time datetime="([^"]*)"')
VALID_MACHINE_TIME = re.compile(r"\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d)?([+-]\d\d:\d\d|Z))?")
CHECKS = {"feast id": FEAST_IDS, "English feast name": ENGLISH_FEASTS, "seat code or English role": SEAT_CODES,
          "ISO date": ISO_TIMESTAMP}


def findings(text: str, checks=CHECKS) -> list[str]:
    return sorted({f"{kind}: …{text[max(found.start() - 30, 0):found.end() + 30]}…"
                   for kind, pattern in checks.items() for found in pattern.finditer(text)})


def shown(html: str, *, why=True) -> str:
    """What the reader sees, without the typed notation (the fields' values, and the spellings the
    legend teaches to type, in its <code>: a short form may be a feast's id, "full") and, unless
    ``why``, without what a "why?" shows only when asked. The legend's names are read."""
    html = re.sub(r'<details class="notation-help notation-legend".*?</details>',
                  lambda legend: re.sub(r"<code>.*?</code>", "", legend.group(0), flags=re.S), html, flags=re.S)
    html = re.sub(r"<textarea[^>]*>.*?</textarea>", "", html, flags=re.S)
    if not why:
        html = re.sub(r'<details class="why">.*?</details>', "", html, flags=re.S)
    return page_text(html)


def pdf_text(content: bytes) -> str:
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def workbook_text(content: bytes, sheets=None) -> str:
    book = load_workbook(io.BytesIO(content))
    chosen = [book.worksheets[index] for index in sheets] if sheets else book.worksheets
    return " | ".join([sheet.title for sheet in chosen] + [
        value for sheet in chosen for row in sheet.iter_rows(values_only=True) for value in row
        if isinstance(value, str)])


@pytest.fixture
def demo(demo_season, settings):
    settings.LANGUAGE_CODE = tournaments.site.settings.LANGUAGE_CODE  # the site's own: Hungarian
    return demo_season


def _login(client, username):
    client.force_login(get_user_model().objects.get(username=username))


def _match_urls():
    """Each state's match page and history, the confirmed matches' alike (the demo's hands)."""
    urls = []
    for state in Match.State:
        for match in Match.objects.filter(state=state)[:2]:
            urls += [reverse("jury:match", args=[match.pk]), reverse("jury:history", args=[match.pk])]
    return urls


def _walk(client, urls) -> dict[str, list[str]]:
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        problems = findings(shown(html))
        problems += [f"<time datetime={value!r}>" for value in MACHINE_TIME.findall(html)
                     if not VALID_MACHINE_TIME.fullmatch(value)]
        if problems:
            found[url] = problems
    return found


@pytest.mark.slow
def test_the_demos_pages_name_feasts_seats_and_times_in_hungarian(client, demo):
    found = _walk(client, public_urls(demo))
    _login(client, "chief")
    found |= _walk(client, jury_urls(demo) + _match_urls())
    blind = Match.objects.filter(state=Match.State.ENTERED).select_related("competition").first()
    Competition.objects.filter(pk=blind.competition_id).update(blind_confirmation=True)
    found |= _walk(client, [reverse("jury:blind", args=[blind.pk])])
    _login(client, "organiser")
    found |= _walk(client, [url for url in organiser_urls(demo) if "/admin/" not in url])
    assert found == {}


@pytest.mark.slow
def test_no_rule_number_meets_a_juror_unless_asked(client, demo):
    _login(client, "jury1")
    found = {}
    for url in jury_urls(demo) + _match_urls() + [reverse("jury:home")]:
        text = shown(client.get(url).content.decode(), why=False)
        if RULE_NUMBER.search(text):
            found[url] = findings(text, {"ruling": RULE_NUMBER})
    assert found == {}


@pytest.mark.slow
def test_the_demos_pdfs_and_workbooks_name_feasts_and_seats_in_hungarian(client, demo):
    _login(client, "chief")
    confirmed = list(Match.objects.filter(state=Match.State.CONFIRMED)[:3])
    blank = Match.objects.filter(state=Match.State.SCHEDULED).first()
    slugs = Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).values_list("slug", flat=True)
    pdfs = [reverse("public:championship_pdf", args=[demo]), reverse("public:cup_pdf", args=[demo]),
            reverse("register:index_pdf")] + [reverse("public:grand_prix_pdf", args=[demo, slug]) for slug in slugs]
    pdfs += [reverse("jury:score_sheet", args=[match.pk]) for match in [*confirmed, blank]]
    pdfs += [reverse("certificates:cup_award", args=[award.pk]) for award in CupAward.objects.all()[:2]]
    found = {url: findings(pdf_text(client.get(url).content)) for url in pdfs}
    books = [reverse("public:championship_xlsx", args=[demo]), reverse("register:index_xlsx"),
             reverse("public:free_games_xlsx", args=[demo])]
    books += [reverse("public:grand_prix_xlsx", args=[demo, slug]) for slug in slugs]
    found |= {url: findings(workbook_text(client.get(url).content)) for url in books}
    # The score-sheet workbook's first sheet (the match, its teams and players); its hands' sheet
    # holds the notation and its drop-down lists, which read the notation's words.
    found |= {url: findings(workbook_text(client.get(url).content, sheets=[0]))
              for url in [reverse("workbooks:score_sheet", args=[match.pk]) for match in confirmed]}
    assert {url: problems for url, problems in found.items() if problems} == {}
    sheet = pdf_text(client.get(pdfs[-3 if CupAward.objects.exists() else -1]).content)
    assert "hajtó" in sheet.lower() or "Hajtó" in sheet


# --- the history in words ----------------------------------------------------------------------------


@pytest.fixture
def hungarian(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"
    return client


def _history(client, match) -> str:
    return client.get(reverse("jury:history", args=[match.pk])).content.decode()


def test_the_history_names_seats_results_contras_and_suits_and_dates_in_hungarian(hungarian):
    records = eight_hand_records()
    records[1]["announcements"] = [{"feast": "play", "by": "B.driver", "contra": "opponents", "result": "lost"}]
    records[2]["announcements"] = [{"feast": "marriage", "by": "A.catcher", "suits": ["hearts"], "result": "lost"}]
    records[2]["silent"] = []
    match = make_match(hand_records=records)
    hungarian.force_login(make_user("jury"))
    html = _history(hungarian, match)
    text = page_text(html)
    a, b = match.team_a.name, match.team_b.name
    assert "2. leosztás, 1. bemondás (Játék) hozzáadva" in text
    assert f"Bemondta: {b} (hajtó)" in text and "Kontra: ellenfél kontrája" in text and "Eredmény: bukott" in text
    assert f"Bemondta: {a} (fogó)" in text and "kőr" in text and "hearts" not in text
    assert f"{a}: pontszám" in text
    assert findings(text) == []
    assert re.search(r"\b20\d\d\. (január|február|március|április|május|június|július|augusztus|szeptember|"
                     r"október|november|december) \d{1,2}\. \d\d:\d\d\b", text)
    times = MACHINE_TIME.findall(html)
    assert times and all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", value) for value in times)


def test_a_silent_premium_the_rules_did_not_score_is_not_listed_as_added(hungarian):
    """R10: an Obscure is not scored for a team that announced a free pass; the record may still
    list it (R10a). The history says it was recorded, not that it was added to the score; a Lie in
    Wait covered by the team's Pagat Capture alike."""
    records = eight_hand_records()
    records[0]["announcements"] = [{"feast": "play", "by": "A.driver", "result": "won"}]
    records[0]["silent"] = [{"premium": "obscure", "team": "A"}]
    records[1]["announcements"] = [{"feast": "pagat_capture", "by": "B.driver", "result": "won"}]
    records[1]["silent"] = [{"premium": "lie_in_wait", "team": "B"}, {"premium": "four_kings", "team": "A"}]
    match = make_match(hand_records=records)
    lines = {hand.number: hand.lines for hand in match.hands.all()}
    assert "obscure" not in [line["item"] for line in lines[1]["A"]]  # the engine did not score it
    hungarian.force_login(make_user("jury"))
    text = page_text(_history(hungarian, match))
    assert "1. leosztás, csendes figura: Első öt rögzítve, de a szabályok szerint nem számít" in text
    assert "1. leosztás, csendes figura: Első öt hozzáadva" not in text
    assert "7. leosztás, csendes figura: Első öt hozzáadva" in text  # the factory's hand 7 scores it
    assert "2. leosztás, csendes figura: Csendes pagátfogás rögzítve, de a szabályok szerint nem számít" in text
    assert "2. leosztás, csendes figura: Négykirály hozzáadva" in text  # scored: added


# --- the ruling behind "why?" and the teams' names on the score tables -----------------------------


def test_the_average_shows_its_ruling_only_behind_why(hungarian):
    juror = make_user("jury")
    match = make_match()
    for number, record in enumerate(eight_hand_records()[:3], start=1):
        matches.record_hand(match, number, record, user=juror)
    hungarian.force_login(juror)
    html = hungarian.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert "Eddigi átlag" in shown(html, why=False) and not RULE_NUMBER.search(shown(html, why=False))
    whys = re.findall(r'<details class="why"><summary>miért\?</summary><span class="ruling">([^<]*)</span>', html)
    assert any(why.startswith("R13:") for why in whys) and any(why.startswith("R12:") for why in whys)
    assert "Plafon" not in html and "Nyers" not in html
    assert "Felső határ" in html and "Összeg a határ előtt" in html


def _table_heads(html: str, table_class: str) -> list[list[str]]:
    tables = re.findall(rf'<table class="{table_class}">.*?</thead>', html, flags=re.S)
    return [[page_text(cell) for cell in re.findall(r"<th[^>]*>(.*?)</th>", table, flags=re.S)] for table in tables]


def test_score_tables_are_headed_by_the_teams_names(client):
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
    a, b = match.team_a.name, match.team_b.name
    client.force_login(make_user("chief"))
    html = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    heads = _table_heads(html, "lines")
    assert len(heads) == 9  # eight hands' lines and the totals
    assert all(head[-2:] == [a, b] for head in heads)
    sheet = pdf_text(client.get(reverse("jury:score_sheet", args=[match.pk])).content)
    assert f"Lines {a} {b}" in " ".join(sheet.split())
    public = client.get(reverse("public:match", args=[match.competition.season.year, match.pk])).content.decode()
    assert [a, b] == _table_heads(public, "match-hands")[0][-2:]


def test_the_blind_comparison_names_the_teams_and_reads_announcements_in_words(client):
    alice = make_user("jury", username="alice")
    match = make_match(competition=make_competition(name="Blind", blind_confirmation=True))
    for number, record in enumerate(eight_hand_records(), start=1):
        matches.record_hand(match, number, record, user=alice)
    matches.submit_match(match, alice)
    mine = eight_hand_records()
    mine[0]["announcements"][0]["result"] = "lost"
    mine[1]["holdings"]["A"]["trumps"] += 1
    mine[1]["holdings"]["B"]["trumps"] -= 1
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"
    client.force_login(make_user("chief", username="carol"))
    text = shown(client.post(reverse("jury:blind", args=[match.pk]), form_data(mine)).content.decode())
    a = match.team_a.name
    assert f"Fácán, {a} (hajtó), pagát, nyert" in text and f"Fácán, {a} (hajtó), pagát, bukott" in text
    assert f"{a} lapjai:" in text
    assert findings(text) == []


def test_a_paper_agreements_reason_reads_its_date_in_hungarian():
    """The reason is stored in English with an ISO date; a Hungarian reader gets both in Hungarian."""
    with translation.override("hu"):
        assert shown_reason("Agreed on paper on 2026-05-20 by Kovács Béla (R15)") == (
            "Papíron engedélyezte Kovács Béla, 2026. május 20.")


def _full_hand_with_a_silent_premium():
    """A random full deal (deal and ten tricks) in which the engine scores a silent premium."""
    for seed in range(500):
        record = random_hand_records(random.Random(seed), 1, full=True, first_attackers="A")[0]
        answer = bridge.evaluate_hand_record(record)
        premiums = score_sheet_pdf.scored_premiums(answer)
        if premiums and not record.get("silent"):
            return record, premiums
    raise AssertionError("no full deal with a silent premium in 500 seeds")


def test_a_filled_score_sheet_holds_a_full_deals_cards_tricks_and_silent_premiums(client):
    """The printed sheet of a confirmed match shows a full-deal hand as the jury entered it: the deal
    seat by seat, the ten tricks, and the silent premiums the engine found in them (R10a)."""
    full, premiums = _full_hand_with_a_silent_premium()
    records = [full] + eight_hand_records()[1:]
    match = make_match(hand_records=records, confirmed=True)
    client.force_login(make_user("chief"))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"

    sheet = " ".join(pdf_text(client.get(reverse("jury:score_sheet", args=[match.pk])).content).split())

    with translation.override("hu"):
        teams = {"A": match.team_a.name, "B": match.team_b.name}
        deal_lines = [f"{lines.seat_name(seat, teams)}: {lines.words_list(cards, lines.card_name)}"
                      for seat, cards in full["deal"].items()]
        tricks = [lines.words_list(trick, lines.card_name) for trick in full["tricks"]]
        silent = [lines.silent_words(item, teams) for item in premiums]
    for text in [*deal_lines, *tricks, *silent]:
        assert " ".join(text.split()) in sheet
