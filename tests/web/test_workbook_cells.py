"""Every workbook the site offers keeps a name that looks like a formula as its exact text: the
public standings' spreadsheets, the jury's score sheet and the organisers' roster are all written
through tournaments.pages.spreadsheet_cells, so a team or player named '=HYPERLINK(...)' is a string
cell (quote-prefixed, so editing keeps it text) and never a live formula. A roster holding such
names imports back to the same names, and a score sheet holding them imports its hands."""

import datetime
import io

import pytest
from django.urls import reverse
from openpyxl import Workbook, load_workbook

from tests.factories import eight_hand_records, make_competition, make_match, make_season, make_team, make_user
from tests.web.test_score_sheets import fill, upload
from tournaments.core import register
from tournaments.core.competitions.free_games import record_free_game
from tournaments.core.models import Competition, CupEntry, FreeGame, GrandPrixEntry, Match, Player, Team, TrophyWin
from tournaments.pages.spreadsheet_cells import FORMULA_STARTS, write_row
from tournaments.pages.workbooks import roster

pytestmark = pytest.mark.django_db

FORMULAS = ['=HYPERLINK("http://x","y")', "+1", "-2", "@SUM(A1)"]
MARCH = datetime.date(2025, 3, 1)


@pytest.fixture(params=FORMULAS)
def named(request):
    """A 2025 team named like a formula whose driver has the same name, and an opponent."""
    name = request.param
    season = make_season(2025, cup_thresholds="1")
    team = make_team(name, season=season)
    Player.objects.filter(pk=team.driver_id).update(name=name)
    team.refresh_from_db()
    return {"name": name, "season": season, "team": team, "opponent": make_team("Kings", season=season)}


def book_of(response):
    assert response.status_code == 200, response.content[:300]
    return load_workbook(io.BytesIO(response.content))


def assert_kept_as_text(book, name):
    """The name is some cell's exact text; every cell that holds it, and every text cell at all, is
    a string (never a formula), quote-prefixed where a spreadsheet would take it for a formula."""
    cells = [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row]
    texts = [cell for cell in cells if isinstance(cell.value, str)]
    assert any(cell.value == name for cell in texts), name
    assert all(cell.data_type == "s" for cell in texts if name in cell.value)
    assert not [cell.coordinate for cell in cells if cell.data_type == "f"]
    assert all(cell.data_type == "s" for cell in texts)
    assert all(cell.quotePrefix for cell in texts if cell.value.startswith(FORMULA_STARTS))


# --- the public spreadsheets (no login) ---------------------------------------------------------------------


def test_the_championship_spreadsheet_keeps_the_names_as_text(client, named):
    make_competition(season=named["season"])

    book = book_of(client.get(reverse("public:championship_xlsx", args=[2025])))

    assert_kept_as_text(book, named["name"])
    players = next(row[2] for row in book.active.iter_rows(values_only=True) if row[1] == named["name"])
    assert players.startswith(named["name"] + ", ")  # the driver, as the page names the players


def test_the_grand_prix_spreadsheet_keeps_the_names_as_text(client, named):
    event = make_competition(Competition.Kind.GRAND_PRIX, season=named["season"], slug="szeged")
    for team in (named["team"], named["opponent"]):
        GrandPrixEntry.objects.create(competition=event, team=team)

    assert_kept_as_text(book_of(client.get(reverse("public:grand_prix_xlsx", args=[2025, "szeged"]))),
                        named["name"])


def test_the_free_game_spreadsheet_keeps_the_names_as_text(client, named):
    competition = make_competition(Competition.Kind.FREE_GAMES, season=named["season"])
    record_free_game(competition, played_on=MARCH, kind=FreeGame.Kind.TRAINING,
                     points={named["team"].driver: 10, named["opponent"].driver: -10})

    book = book_of(client.get(reverse("public:free_games_xlsx", args=[2025])))

    assert_kept_as_text(book, named["name"])
    assert [10] == [row[3] for row in book.active.iter_rows(values_only=True) if row[1] == named["name"]]


def test_the_register_spreadsheet_keeps_the_names_as_text(client, named):
    register.enter_variant_trophy(player=named["team"].driver, trophy="royal", variant=TrophyWin.Variant.EMPEROR,
                                  won_on=MARCH, user=make_user("jury"))

    book = book_of(client.get(reverse("register:index_xlsx")))

    assert_kept_as_text(book, named["name"])
    assert [1] == [row[2] for row in book.active.iter_rows(values_only=True) if row[1] == named["name"]]


def test_the_cup_spreadsheet_keeps_the_names_as_text(client, named):
    # Before the draw the Cup's spreadsheet lists its entries with their Driver and Catcher.
    cup = make_competition(Competition.Kind.CUP, season=named["season"])
    for team in (named["team"], named["opponent"]):
        CupEntry.objects.create(competition=cup, team=team, entered_on=MARCH)

    assert_kept_as_text(book_of(client.get(reverse("public:cup_xlsx", args=[2025]))), named["name"])


# --- the jury's score sheet -----------------------------------------------------------------------------------


def test_the_score_sheet_keeps_the_team_and_player_names_as_text(client, named):
    client.force_login(make_user("jury"))
    match = make_match(named["team"], named["opponent"], make_competition(season=named["season"]))

    book = book_of(client.get(reverse("workbooks:score_sheet", args=[match.pk])))

    assert_kept_as_text(book, named["name"])
    sheet = book.worksheets[0]
    assert (sheet["B9"].value, sheet["B11"].value) == (named["name"], named["name"])  # team A, its driver
    assert sheet["B3"].value == match.pk and sheet["B3"].data_type == "n"  # numbers stay numbers


def test_a_score_sheet_naming_such_teams_imports_its_hands(client, named):
    client.force_login(make_user("jury"))
    match = make_match(named["team"], named["opponent"], make_competition(season=named["season"]))
    book = fill(book_of(client.get(reverse("workbooks:score_sheet", args=[match.pk]))), eight_hand_records())

    assert upload(client, match, book).status_code == 302

    match.refresh_from_db()
    assert match.state == Match.State.ENTERED and (match.score_a, match.score_b) == (88, 93)


# --- the organisers' roster -----------------------------------------------------------------------------------


def test_the_roster_keeps_the_names_as_text_and_imports_them_back(client, named):
    client.force_login(make_user("organiser"))
    response = client.get(reverse("workbooks:roster", args=[2025]))
    book = book_of(response)
    assert_kept_as_text(book, named["name"])
    make_season(2026)
    workbook = io.BytesIO(response.content)
    workbook.name = "roster.xlsx"

    answer = client.post(reverse("workbooks:roster_upload", args=[2026]), {"workbook": workbook})

    assert answer.status_code == 302, answer.content[:500]
    copied = Team.objects.with_players().get(season__year=2026, name=named["name"])
    assert copied.driver == named["team"].driver and copied.driver.name == named["name"]
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted(
        player.name for team in (named["team"], named["opponent"]) for player in team.members())


def test_the_roster_reader_takes_a_quote_prefixed_name_as_its_text():
    """A roster saved again by a spreadsheet keeps the quote prefix as a style, not in the text."""
    book = load_workbook(io.BytesIO(roster_bytes(FORMULAS)))
    sheet = book.active
    assert [sheet[f"A{row}"].quotePrefix for row in range(2, 6)] == [True] * 4
    problems = roster.CellProblems()
    assert [row.name for row in roster.read_rows(sheet, problems)] == FORMULAS and not problems.found


def roster_bytes(names):
    book = Workbook()
    write_row(book.active, 1, ["Name", "Membership number", "Team", "Role"])
    for row, name in enumerate(names, start=2):
        write_row(book.active, row, [name, f"M{row}", name, "driver"])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
