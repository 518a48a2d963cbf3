"""Every workbook the site writes prints on A4, fit to one page's width (as many pages down as
its rows need), with its heading rows repeated on each page and a header naming the season and
the table: read back with openpyxl, as a spreadsheet program reads it before printing."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import make_competition, make_match, make_season, make_user
from tests.web.test_outputs import championship_season, grand_prix
from tournaments.core.models import Competition

pytestmark = pytest.mark.django_db


def book_of(response):
    assert response.status_code == 200, response.content[:300]
    return load_workbook(io.BytesIO(response.content))


def assert_prints_on_a4(sheet, *header_parts, title_rows="$1:$1", one_page_wide=True):
    setup = sheet.page_setup
    assert str(setup.paperSize) == str(sheet.PAPERSIZE_A4), sheet.title
    assert bool(sheet.sheet_properties.pageSetUpPr.fitToPage) == one_page_wide, sheet.title
    if one_page_wide:
        assert (int(setup.fitToWidth), int(setup.fitToHeight)) == (1, 0), sheet.title
    if title_rows:
        assert sheet.print_title_rows == title_rows, sheet.title
    header = sheet.oddHeader.center.text
    for part in header_parts:
        assert part in header, (sheet.title, header)
    assert sheet.oddFooter.center.text == "&P / &N"


@pytest.mark.parametrize("name", ["championship_xlsx", "cup_xlsx", "free_games_xlsx"])
def test_the_standings_spreadsheets_print_on_a4_headed_by_season_and_table(client, name):
    season, _teams = championship_season(teams=3)
    make_competition(Competition.Kind.CUP, season=season, name="Magyar Kupa 2025")
    make_competition(Competition.Kind.FREE_GAMES, season=season, name="Szabad játszmák 2025")
    book = book_of(client.get(reverse(f"public:{name}", args=[2025])))

    sheet = book.active
    assert_prints_on_a4(sheet, "Season 2025", sheet.title)


def test_a_wide_table_prints_across_the_page(client):
    event, _teams = grand_prix("Kings", "Owls")

    sheet = book_of(client.get(reverse("public:grand_prix_xlsx", args=[2025, event.slug]))).active

    assert_prints_on_a4(sheet, "Season 2025", "Nagydíj Szeged")
    assert sheet.page_setup.orientation == "landscape"  # eight columns


def test_the_register_spreadsheet_prints_under_its_dated_title(client, frozen_today):
    sheet = book_of(client.get(reverse("register:index_xlsx"))).active

    assert_prints_on_a4(sheet, "National trophy register", "2026")


def test_every_sheet_of_a_score_sheet_prints_on_a4_headed_by_its_match(client):
    client.force_login(make_user("jury"))
    match = make_match()

    book = book_of(client.get(reverse("workbooks:score_sheet", args=[match.pk])))

    header = (f"{match.team_a.name} – {match.team_b.name}", match.competition.name,
              str(match.competition.season.year))
    match_sheet, hands, lists = book.worksheets
    assert_prints_on_a4(match_sheet, *header, title_rows=None)
    # The hands' many columns print at their own size (fitted to one page they were 2.3 points
    # high), and the header says to print the PDF score sheet for the table.
    assert_prints_on_a4(hands, *header, "to print for the table, take the PDF score sheet", one_page_wide=False)
    assert hands.page_setup.orientation == "landscape"
    assert_prints_on_a4(lists, *header)


def test_the_roster_prints_on_a4_headed_by_its_season(client):
    make_season(2025)
    client.force_login(make_user("organiser"))

    sheet = book_of(client.get(reverse("workbooks:roster", args=[2025]))).active

    assert_prints_on_a4(sheet, "Teams and players", "2025")


def test_an_ampersand_in_a_name_prints_as_itself(client):
    season, _teams = championship_season(teams=2)
    Competition.objects.filter(season=season).update(name="Kör & Káró 2025")

    sheet = book_of(client.get(reverse("public:championship_xlsx", args=[2025]))).active

    assert "Kör && Káró" in sheet.oddHeader.center.text  # "&" alone would begin a header code
