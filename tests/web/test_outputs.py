"""Printed (PDF) and spreadsheet (xlsx) standings: open to everyone and read-only, the same rows and
figures as the pages they copy, query counts pinned whatever the number of rows.

The PDFs are read back through weasyprint itself: the ``printed`` fixture keeps the text of each
page of the document a view laid out (the boxes weasyprint drew), so a test reads what was printed."""

import datetime
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader
from weasyprint.formatting_structure import boxes

from tests.factories import (
    hand_records_results_mode,
    hands_for_match_score,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
    record_confirmed_in_bulk,
)
from tests.web.html_tables import table_cells
from tournaments.core import register
from tournaments.core.competitions.cup import enter_team, make_draw
from tournaments.core.competitions.free_games import record_free_game
from tournaments.core.models import Competition, CupTie, FreeGame, GrandPrixEntry, TrophyWin
from tournaments.pages.outputs import pdf, sheets
from tournaments.reads.register import national_register

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MARCH = datetime.date(2025, 3, 1)


def records(first="A", quiet_hands=()):
    """Eight results-mode hands (tests.factories), the announcements and silent premiums of
    ``quiet_hands`` left out to give other sums. With A attacking first the engine scores them
    A 704 (match 88) to B 746 (93); with B first A 689 (86) to B 746 (93)."""
    hands = hand_records_results_mode(8, first)
    for number in quiet_hands:
        hands[number]["announcements"], hands[number]["silent"] = [], []
    return hands


def played(team_a, team_b, competition, hand_records=None, **extra):
    """A match entered hand by hand through the engine and confirmed by a chief juror."""
    return make_match(team_a, team_b, competition, hand_records=hand_records or records(), confirmed=True, **extra)


def text_boxes(box):
    if isinstance(box, boxes.TextBox):
        yield box.text
    for child in getattr(box, "children", None) or ():
        yield from text_boxes(child)


@pytest.fixture
def printed(monkeypatch):
    """The text of each page of the last PDF a view laid out, its boxes in document order (page
    margins included) joined by single spaces; a line broken in print reads as one line here."""
    pages = []
    lay_out = pdf.document

    def keep_pages(*args, **kwargs):
        document = lay_out(*args, **kwargs)
        pages[:] = [" ".join(text_boxes(page._page_box)) for page in document.pages]
        return document

    monkeypatch.setattr(pdf, "document", keep_pages)
    return pages


def assert_pdf(response, file_name):
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="{file_name}"'
    assert response.content.startswith(b"%PDF-")


def sheet_rows(response, file_name):
    """The workbook's one sheet as lists of values, after checking how it is served."""
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX
    assert response["Content-Disposition"] == f'attachment; filename="{file_name}"'
    sheet = load_workbook(io.BytesIO(response.content)).active
    return [list(row) for row in sheet.iter_rows(values_only=True)]


def open_sheet(response):
    return load_workbook(io.BytesIO(response.content)).active


# --- the Team Championship (R15) -------------------------------------------------------------


def championship_season(teams=3, rounds=1):
    """A season whose teams each play the next one ``rounds`` times through the engine (B
    attacking first in odd rounds, for other scores)."""
    season = make_season()
    championship = make_competition(season=season, name="Csapatbajnokság 2025")
    made = [make_team(f"Team {n:02d}", season=season, substitute=n == 0) for n in range(teams)]
    for round_number in range(rounds):
        first = "B" if round_number % 2 else "A"
        for index, team in enumerate(made):
            played(team, made[(index + 1) % teams], championship, records(first))
    return season, made


def html_championship(client):
    return client.get(reverse("public:championship", args=[2025])).context["table"].data


def test_the_championship_pdf_prints_every_row_of_the_page(client, printed):
    championship_season(teams=3, rounds=2)

    response = client.get(reverse("public:championship_pdf", args=[2025]))

    assert_pdf(response, "csapatbajnoksag-2025.pdf")
    (page,) = printed
    for row in html_championship(client):
        line = " ".join(str(row[field]) for field in ("place", "team", "players", "played", "total", "average",
                                                      "best"))
        assert line in page  # the row as on the page, its figures in order
    assert "Team 00 Player" in page and "(substitute: Player" in page


def test_the_championship_pdf_has_the_letterhead_the_date_printed_and_page_numbers(client, printed, frozen_today):
    championship_season(teams=2)

    client.get(reverse("public:championship_pdf", args=[2025]))

    (page,) = printed
    assert page.startswith("ROYAL TAROKK ASSOCIATION Csapatbajnokság 2025 Season 2025")  # uppercase in print
    assert "Printed on 2026-05-04" in page and page.endswith("Page 1 of 1")


def test_a_long_table_runs_over_pages_each_numbered_and_headed(client, printed, frozen_today):
    season = make_season()
    make_competition(season=season, name="Csapatbajnokság 2025")
    for n in range(70):
        make_team(f"Team {n:02d}", season=season)

    client.get(reverse("public:championship_pdf", args=[2025]))

    assert len(printed) >= 2
    last = printed[-1]
    assert last.startswith("PLACE TEAM PLAYERS")  # the table's heading repeated
    # the page's margins: the association and the title at the top, the date printed at the bottom
    assert "ROYAL TAROKK ASSOCIATION Csapatbajnokság 2025 Printed on 2026-05-04" in last
    assert last.endswith(f"Page {len(printed)} of {len(printed)}")
    assert all(f"Team {n:02d}" in " ".join(printed) for n in range(70))


def pdf_pages(response):
    """The text of each page of a PDF as pypdf reads it from the file, white space squeezed."""
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(response.content)).pages]


def test_in_production_a_pdf_is_laid_out_in_a_process_of_its_own(client, settings, monkeypatch):
    """weasyprint's seconds of CPU never hold the worker's interpreter lock (pdf_layout): the same PDF
    comes back from the layout process, laid out at a lower priority."""
    import os

    from tournaments.pages.outputs import pdf_layout

    championship_season(teams=3, rounds=2)
    in_process = client.get(reverse("public:championship_pdf", args=[2025]))
    settings.PDF_LAYOUT_PROCESS = True
    monkeypatch.setattr(pdf, "document", lambda *args: pytest.fail("laid out in the request's own process"))

    elsewhere = client.get(reverse("public:championship_pdf", args=[2025]))

    assert_pdf(elsewhere, "csapatbajnoksag-2025.pdf")
    assert pdf_pages(elsewhere) == pdf_pages(in_process)
    layout = pdf_layout._layout_process()
    assert layout.submit(os.getpid).result() != os.getpid()
    assert layout.submit(os.nice, 0).result() == min(19, os.nice(0) + pdf_layout.LAYOUT_NICENESS)  # 19 the lowest
    pdf_layout._forget_layout_process()


def test_a_layout_process_ends_with_its_worker_even_when_the_worker_is_killed():
    """A worker killed (out of memory, gunicorn's timeout) must not leave its layout process
    behind: it would live on under the system's first process, taking memory and CPU."""
    import os
    import signal
    import subprocess
    import sys
    import time

    worker = subprocess.Popen([sys.executable, "-c", (
        "import os, sys, time\n"
        "from tournaments.pages.outputs import pdf_layout\n"
        "pdf_layout.start()\n"
        "print(pdf_layout._layout_process().submit(os.getpid).result(), flush=True)\n"
        "time.sleep(60)\n")], stdout=subprocess.PIPE, text=True)
    layout = int(worker.stdout.readline())
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait()

    def running():  # a process ended but not yet reaped by the system's first process is a zombie (Z)
        try:
            return open(f"/proc/{layout}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"
        except OSError:
            return False

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and running():
        time.sleep(0.1)
    assert not running()


def test_the_championship_pdf_has_every_row_and_every_column_of_the_page(client):
    # A national table runs over pages: the PDF, read back from its bytes, has the page's columns
    # at the head of every page and every row of the page, in the page's order, with its figures.
    season = make_season()
    championship = make_competition(season=season, name="Csapatbajnokság 2025")
    teams = [make_team(f"Team {n:03d}", season=season, substitute=n % 3 == 0) for n in range(80)]
    pairs = [(team, teams[(index + 1) % 79]) for index, team in enumerate(teams[:79])]  # the last team has not played
    record_confirmed_in_bulk(championship, pairs, played_on=MARCH, records_of=lambda index: hands_for_match_score(
        60 + index % 37, 95 - index % 29))
    response = client.get(reverse("public:championship", args=[2025]))
    headings, rows = table_cells(response.text)

    pages = pdf_pages(client.get(reverse("public:championship_pdf", args=[2025])))

    assert len(pages) >= 2 and len(rows) == 80
    assert all(" ".join(headings).upper() in page for page in pages)  # PLACE TEAM PLAYERS ... BEST MATCH
    printed, position = " ".join(pages), 0
    for (place, team, _player_links, *figures), row in zip(rows, response.context["table"].data, strict=True):
        # the players as text (the page links them); a missing figure is a dash on the page, blank on paper
        line = " ".join([place, team, row["players"], *(figure for figure in figures if figure != "—")])
        found = printed.find(line, position)
        assert found >= 0, f"not printed (or not in the page's order): {line}"
        position = found + len(line)
    assert rows[-1][1:2] + rows[-1][3:] == ["Team 079", "0", "0", "—", "—"]


def test_the_championship_spreadsheet_holds_the_page_rows_as_numbers(client):
    championship_season(teams=3, rounds=2)

    rows = sheet_rows(client.get(reverse("public:championship_xlsx", args=[2025])), "csapatbajnoksag-2025.xlsx")

    assert rows[0] == ["Place", "Team", "Players", "Matches", "Total", "Average", "Best match"]
    assert rows[1:] == [[row["place"], row["team"], row["players"], row["played"], row["total"],
                         float(row["average"]), row["best"]] for row in html_championship(client)]
    assert all(isinstance(value, int) for row in rows[1:] for value in (row[0], row[3], row[4], row[6]))


def test_a_team_without_a_match_has_empty_figures_not_text(client):
    season = make_season()
    make_team("Kings", season=season)

    rows = sheet_rows(client.get(reverse("public:championship_xlsx", args=[2025])), "team-championship-2025.xlsx")

    assert rows[1][1] == "Kings" and rows[1][3:] == [0, 0, None, None]


def test_the_spreadsheet_heading_is_bold_and_frozen_and_the_columns_sized(client):
    championship_season(teams=2)

    sheet = open_sheet(client.get(reverse("public:championship_xlsx", args=[2025])))

    assert sheet.title == "Csapatbajnokság 2025"
    assert all(cell.font.b for cell in sheet[1]) and not sheet["B2"].font.b
    assert sheet.freeze_panes == "A2"
    widths = [sheet.column_dimensions[letter].width for letter in "ABCDEFG"]
    assert all(width >= len(str(cell.value)) for width, cell in zip(widths, sheet[1], strict=True))
    assert widths[2] > widths[0]  # the players' names get more room than the place
    assert sheet["F2"].number_format == "0.0"  # an average keeps its decimal, as on the page


@pytest.mark.parametrize("teams, rounds", [(3, 1), (6, 2)])
def test_the_championship_outputs_query_count_does_not_grow(client, django_assert_num_queries, teams, rounds):
    championship_season(teams, rounds)
    # 1 season, 2 teams with players, 3 counted match scores, 4 the Championship (name, match limit)
    with django_assert_num_queries(4 + 1):  # and the public data version
        pdf_response = client.get(reverse("public:championship_pdf", args=[2025]))
    with django_assert_num_queries(4 + 1):  # and the public data version
        response = client.get(reverse("public:championship_xlsx", args=[2025]))
    assert pdf_response.status_code == response.status_code == 200
    assert len(open_sheet(response)["A"]) == teams + 1


# --- the Hungarian Cup (R16) -----------------------------------------------------------------


def drawn_cup(count):
    season = make_season()
    cup = make_competition(Competition.Kind.CUP, season=season, name="Magyar Kupa 2025")
    teams = [make_team(f"Team {n:02d}", season=season) for n in range(count)]
    for team in teams:
        enter_team(cup, team, on=datetime.date(2025, 8, 25))
    make_draw(cup, seed="print")
    return cup


def play_tie(tie, hand_records=None):
    """The tie's three matches through the engine; with the factory's hands team B wins 279 to 264."""
    tie = CupTie.objects.select_related("team_a", "team_b").get(pk=tie.pk)
    for _ in range(3):
        played(tie.team_a, tie.team_b, tie.competition, hand_records, cup_tie=tie)
    return CupTie.objects.select_related("winner").get(pk=tie.pk)


def test_the_cup_pdf_shows_the_rounds_the_ties_and_the_final_standing(client, printed):
    cup = drawn_cup(4)
    semi_finals = list(cup.cup_ties.filter(round=CupTie.Round.SEMI_FINAL))
    for tie in semi_finals:
        play_tie(tie)
    final = play_tie(cup.cup_ties.get(round=CupTie.Round.FINAL))

    response = client.get(reverse("public:cup_pdf", args=[2025]))

    assert_pdf(response, "magyar-kupa-2025.pdf")
    (page,) = printed
    semi_day, final_day = (str(tie.matches.latest("played_on").played_on) for tie in (semi_finals[0], final))
    assert f"SEMI-FINAL {semi_day} FINAL {final_day}" in page  # the rounds as columns, with the days played
    tie = CupTie.objects.select_related("team_a", "team_b", "winner").get(pk=semi_finals[0].pk)
    assert f"{tie.team_a} 264 {tie.team_b} 279 88 : 93 · 88 : 93 · 88 : 93" in page
    assert f"Decided: {tie.winner} goes through" in page
    bronze = ", ".join(str(semi.team_a) for semi in CupTie.objects.filter(pk__in=[s.pk for s in semi_finals])
                       .select_related("team_a").order_by("round", "slot"))
    assert f"Final standing Cup winner {final.winner} Runner-up {final.team_a} Bronze medals {bronze}" in page


def test_a_tie_being_played_says_what_is_left(client, printed):
    cup = drawn_cup(2)
    tie = cup.cup_ties.get()
    tie = CupTie.objects.select_related("team_a", "team_b").get(pk=tie.pk)
    played(tie.team_a, tie.team_b, cup, cup_tie=tie)

    client.get(reverse("public:cup_pdf", args=[2025]))

    assert f"{tie.team_a} 88 {tie.team_b} 93 88 : 93 2 matches to play" in printed[0]


def test_before_the_draw_the_cup_pdf_lists_the_entries(client, printed):
    season = make_season()
    cup = make_competition(Competition.Kind.CUP, season=season, name="Magyar Kupa 2025")
    kings = make_team("Kings", season=season)
    enter_team(cup, kings, on=datetime.date(2025, 8, 25))

    assert_pdf(client.get(reverse("public:cup_pdf", args=[2025])), "magyar-kupa-2025.pdf")
    assert f"Kings ({kings.driver}, {kings.catcher})" in printed[0]


@pytest.mark.parametrize("count", [4, 8])
@pytest.mark.parametrize("output", ["public:cup_pdf", "public:cup_xlsx"])
def test_the_cup_pdf_and_spreadsheet_query_count_does_not_grow(client, django_assert_num_queries, output, count):
    cup = drawn_cup(count)
    for tie in cup.cup_ties.filter(team_a__isnull=False, team_b__isnull=False):
        play_tie(tie)
    # 1 season, 2 the Cup, 3 its ties with their teams, 4 their matches
    with django_assert_num_queries(4 + 1):  # and the public data version
        response = client.get(reverse(output, args=[2025]))
    assert response.status_code == 200


# --- a Grand Prix event (R17) ----------------------------------------------------------------


def grand_prix(*names):
    season = make_season()
    event = make_competition(Competition.Kind.GRAND_PRIX, season=season, slug="szeged", name="Nagydíj Szeged",
                             starts=datetime.date(2025, 6, 14), place="Szeged")
    teams = [make_team(name, season=season) for name in names]
    for team in teams:
        GrandPrixEntry.objects.create(competition=event, team=team)
    return event, teams


def html_grand_prix(client):
    return client.get(reverse("public:grand_prix", args=[2025, "szeged"])).context["table"].data


def best_match_tie():
    """Kings and Owls on 1415 each (R17): Kings 704 + 711, Owls 746 + 669; Owls' best match (746)
    puts them above Kings (711)."""
    event, (kings, owls) = grand_prix("Kings", "Owls")
    played(kings, owls, event, records("A"))
    played(owls, kings, event, records("A", quiet_hands=(0, 2, 5, 6, 7)))  # engine: 669 to 711
    return event


def test_the_grand_prix_pdf_prints_the_results_with_their_tie_breaks(client, printed):
    event = best_match_tie()
    page_rows = html_grand_prix(client)

    response = client.get(reverse("public:grand_prix_pdf", args=[2025, "szeged"]))

    assert_pdf(response, "nagydij-szeged.pdf")
    (page,) = printed
    assert "Nagydíj Szeged 2025-06-14, Szeged" in page
    for row in page_rows:
        assert f"{row['place']} {row['team']} {row['players']} {row['played']} {row['total']} {row['best']}" in page
    assert "Equal total; best match 746 to 711" in page
    assert "Pairings" in page and page.count("not yet confirmed") == 0
    assert event.matches.count() == 2


def test_the_grand_prix_spreadsheet_holds_the_page_rows(client):
    best_match_tie()

    rows = sheet_rows(client.get(reverse("public:grand_prix_xlsx", args=[2025, "szeged"])), "nagydij-szeged.xlsx")

    assert rows[0] == ["Place", "Team", "Players", "Matches", "Sum of hand scores", "Best match", "Trophies won",
                       "Tie-break"]
    fields = ("place", "team", "players", "played", "total", "best", "trophies", "tie_break")
    assert rows[1:] == [[row[field] if row[field] != "" else None for field in fields]  # no text: an empty cell
                        for row in html_grand_prix(client)]
    assert [row[7] for row in rows[1:]] == [None, "Equal total; best match 746 to 711"]


@pytest.mark.parametrize("teams", [4, 8])
def test_the_grand_prix_outputs_query_count_does_not_grow(client, django_assert_num_queries, teams):
    event, made = grand_prix(*[f"Team {n:02d}" for n in range(teams)])
    for index, team in enumerate(made):
        played(team, made[(index + 1) % teams], event)
    # 1 season, 2 event, 3 entrants with players, 4 confirmed match sums, 5 trophies won, 6 the pairings
    with django_assert_num_queries(6 + 1):  # and the public data version
        pdf_response = client.get(reverse("public:grand_prix_pdf", args=[2025, "szeged"]))
    # the same without the pairings
    with django_assert_num_queries(5 + 1):  # and the public data version
        response = client.get(reverse("public:grand_prix_xlsx", args=[2025, "szeged"]))
    assert pdf_response.status_code == response.status_code == 200
    assert len(open_sheet(response)["A"]) == teams + 1


# --- free games (R18) ------------------------------------------------------------------------


def free_games(players):
    season = make_season()
    competition = make_competition(Competition.Kind.FREE_GAMES, season=season, name="Szabad játékok 2025")
    made = [make_player(f"Player {n:02d}") for n in range(players)]
    for index in range(players):
        record_free_game(competition, played_on=MARCH, kind=FreeGame.Kind.TRAINING,
                         points={made[index]: 10 * index, made[(index + 1) % players]: -5})
    return competition


def test_the_free_game_spreadsheet_holds_the_page_rows(client):
    free_games(4)
    page = client.get(reverse("public:free_games", args=[2025])).context["table"].data

    rows = sheet_rows(client.get(reverse("public:free_games_xlsx", args=[2025])), "szabad-jatekok-2025.xlsx")

    assert rows[0] == ["Place", "Player", "Games", "Points"]
    assert rows[1:] == [[row["place"], row["player"], row["games"], row["points"]] for row in page]
    assert rows[1] == [1, "Player 03", 2, 25]


@pytest.mark.parametrize("players", [3, 9])
def test_the_free_game_spreadsheet_query_count_does_not_grow(client, django_assert_num_queries, players):
    free_games(players)
    # 1 season, 2 the free games, 3 the year's scores, 4 their players
    with django_assert_num_queries(4 + 1):  # and the public data version
        response = client.get(reverse("public:free_games_xlsx", args=[2025]))
    assert response.status_code == 200
    assert len(open_sheet(response)["A"]) == players + 1


# --- the national trophy register (R20) ------------------------------------------------------


def trophy_register(players):
    """Players with trophies entered by the jury from Emperor Tarokk games (R20), a point each; the
    season awards a cup at 1 and at 2 points."""
    make_season(2025, cup_thresholds="1,2")
    jury = make_user("jury")
    made = [make_player(f"Player {n:02d}") for n in range(players)]
    for index, player in enumerate(made):
        for trophy in ("royal", "marriage")[: 1 + index % 2]:
            register.enter_variant_trophy(player=player, trophy=trophy, variant=TrophyWin.Variant.EMPEROR,
                                          won_on=MARCH, user=jury)
    return made


def test_the_register_pdf_prints_every_player_with_points_trophies_and_cups(client, printed, frozen_today):
    trophy_register(3)
    page_rows = national_register()

    response = client.get(reverse("register:index_pdf"))

    assert_pdf(response, "national-trophy-register-2026-05-04.pdf")
    (page,) = printed
    assert "National trophy register 2026-05-04" in page
    for row in page_rows:
        cups = ", ".join(map(str, row.cups))
        assert f"{row.place} {row.player.name} {row.points} {row.trophy_count} {row.best_trophy.name} {cups}" in page
    assert "1 Player 01 2 2 Royal 1, 2" in page


def test_the_register_spreadsheet_holds_the_page_rows(client, frozen_today):
    trophy_register(3)
    page_rows = client.get(reverse("register:index")).context["rows"]

    response = client.get(reverse("register:index_xlsx"))
    rows = sheet_rows(response, "national-trophy-register-2026-05-04.xlsx")

    assert open_sheet(response).title == "National trophy register"
    assert rows[0] == ["Place", "Player", "Trophy points", "Trophies", "Highest-ranking trophy", "Cups"]
    assert rows[1:] == [[row.place, row.player.name, row.points, row.trophy_count, row.best_trophy.name,
                         ", ".join(map(str, row.cups))] for row in page_rows]


@pytest.mark.parametrize("players", [2, 7])
def test_the_register_outputs_query_count_does_not_grow(client, django_assert_num_queries, players):
    trophy_register(players)
    # 1 players with their trophy points, 2 their standing trophies, 3 their standing cups
    with django_assert_num_queries(3 + 1):  # and the public data version
        pdf_response = client.get(reverse("register:index_pdf"))
    with django_assert_num_queries(3 + 1):  # and the public data version
        response = client.get(reverse("register:index_xlsx"))
    assert pdf_response.status_code == response.status_code == 200
    assert len(open_sheet(response)["A"]) == players + 1


# --- every output ----------------------------------------------------------------------------


def every_output():
    season = make_season()
    make_competition(season=season)
    make_competition(Competition.Kind.CUP, season=season)
    make_competition(Competition.Kind.GRAND_PRIX, season=season, slug="szeged")
    make_competition(Competition.Kind.FREE_GAMES, season=season)
    return [reverse("public:championship_pdf", args=[2025]), reverse("public:championship_xlsx", args=[2025]),
            reverse("public:cup_pdf", args=[2025]), reverse("public:grand_prix_pdf", args=[2025, "szeged"]),
            reverse("public:grand_prix_xlsx", args=[2025, "szeged"]), reverse("public:free_games_xlsx", args=[2025]),
            reverse("register:index_pdf"), reverse("register:index_xlsx")]


def test_every_output_opens_without_a_login_even_with_nothing_played(client):
    for url in every_output():
        response = client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"] in ("application/pdf", XLSX), url


def test_the_outputs_are_read_only(client):
    for url in every_output():
        assert client.post(url).status_code == 405, url


def test_an_unknown_season_or_event_is_not_found(client):
    every_output()

    for url in (reverse("public:championship_pdf", args=[1999]), reverse("public:cup_pdf", args=[1999]),
                reverse("public:grand_prix_pdf", args=[2025, "nowhere"]),
                reverse("public:grand_prix_xlsx", args=[2025, "nowhere"]),
                reverse("public:free_games_xlsx", args=[1999])):
        assert client.get(url).status_code == 404, url


def test_each_standings_page_links_its_copies(client):
    every_output()
    pages = {
        reverse("public:championship", args=[2025]): [reverse("public:championship_pdf", args=[2025]),
                                                      reverse("public:championship_xlsx", args=[2025])],
        reverse("public:cup", args=[2025]): [reverse("public:cup_pdf", args=[2025])],
        reverse("public:grand_prix", args=[2025, "szeged"]): [reverse("public:grand_prix_pdf", args=[2025, "szeged"]),
                                                              reverse("public:grand_prix_xlsx",
                                                                      args=[2025, "szeged"])],
        reverse("public:free_games", args=[2025]): [reverse("public:free_games_xlsx", args=[2025])],
        reverse("register:index"): [reverse("register:index_pdf"), reverse("register:index_xlsx")],
    }
    for page, copies in pages.items():
        text = client.get(page).text
        for url in copies:
            assert f'href="{url}"' in text, (page, url)


# --- the pieces ------------------------------------------------------------------------------


def test_a_css_string_cannot_end_its_string_or_its_style_element():
    assert pdf.css_string('Say "hi" \\ </style>') == '"Say \\"hi\\" \\\\ \\3c /style>"'


def test_a_translation_may_put_the_page_count_first(monkeypatch):
    monkeypatch.setattr(pdf, "_", lambda text: "%(pages)s/%(page)s. oldal" if text.startswith("Page") else text)

    assert pdf.page_number_css() == 'counter(pages) "/" counter(page) ". oldal"'


def test_a_sheet_name_keeps_to_what_excel_allows():
    title = sheets.sheet_title("Grand Prix [Szeged]: 2025/06, a name longer than Excel takes")

    assert title.startswith("Grand Prix  Szeged   2025 06") and len(title) <= 31


def overflowing_text(box, cell=None):
    """The texts that run past the right edge of their table cell (cut off when printed)."""
    if isinstance(box, boxes.TableCellBox):
        cell = box
    if isinstance(box, boxes.TextBox) and cell is not None:
        if box.position_x + box.width > cell.content_box_x() + cell.width + 0.5:
            yield box.text
    for child in getattr(box, "children", None) or ():
        yield from overflowing_text(child, cell)


def test_the_cup_pdf_prints_long_names_whole(client, monkeypatch):
    """A long team name wraps inside its tie; it is never cut short."""
    cup = drawn_cup(16)
    tie = CupTie.objects.filter(competition=cup).select_related("team_a").order_by("round", "slot").first()
    long_name = "Szegedi Királyi Tarokkozók Baráti Köre Egyesület"
    tie.team_a.name = long_name
    tie.team_a.save()
    documents, lay_out = [], pdf.document
    monkeypatch.setattr(pdf, "document", lambda *args: documents.append(lay_out(*args)) or documents[-1])

    client.get(reverse("public:cup_pdf", args=[2025]))

    (page,) = documents[0].pages
    assert long_name in " ".join(text_boxes(page._page_box))
    assert list(overflowing_text(page._page_box)) == []


def test_the_cup_spreadsheet_has_a_line_a_tie_from_the_brackets_rows(client):
    cup = drawn_cup(4)
    semi_finals = list(cup.cup_ties.filter(round=CupTie.Round.SEMI_FINAL).order_by("slot"))
    for tie in semi_finals:
        play_tie(tie)
    final = play_tie(cup.cup_ties.get(round=CupTie.Round.FINAL))
    page = client.get(reverse("public:cup", args=[2025]))
    assert reverse("public:cup_xlsx", args=[2025]) in page.content.decode()

    rows = sheet_rows(client.get(reverse("public:cup_xlsx", args=[2025])), "magyar-kupa-2025.xlsx")

    assert rows[0] == ["Round", "Date", "Team A", "Team B", "Sum A", "Sum B", "Match scores", "Tie-breakers",
                       "State"]
    tie = CupTie.objects.select_related("team_a", "team_b", "winner").get(pk=semi_finals[0].pk)
    played = tie.matches.latest("played_on").played_on  # the round's day: the day it was played
    assert rows[1] == ["Semi-final", datetime.datetime.combine(played, datetime.time()), tie.team_a.name,
                       tie.team_b.name, 264, 279,
                       "88 : 93 · 88 : 93 · 88 : 93", None, f"Decided: {tie.winner} goes through"]
    assert len(rows) == 4
    assert rows[3][0] == "Final" and rows[3][-1] == f"Decided: {final.winner} wins the Cup"


def test_the_cup_spreadsheet_keeps_a_formula_like_name_as_text(client):
    cup = drawn_cup(2)
    tie = CupTie.objects.select_related("team_a").get(competition=cup)
    tie.team_a.name = '=HYPERLINK("http://example.com","Click")'
    tie.team_a.save()

    sheet = open_sheet(client.get(reverse("public:cup_xlsx", args=[2025])))

    cell = sheet["C2"]
    assert cell.value == tie.team_a.name and cell.data_type == "s" and cell.quotePrefix


def test_before_the_draw_the_cup_spreadsheet_lists_the_entries_without_substitutes(client):
    season = make_season()
    cup = make_competition(Competition.Kind.CUP, season=season, name="Magyar Kupa 2025")
    kings = make_team("Kings", season=season, substitute=True)
    enter_team(cup, kings, on=datetime.date(2025, 8, 25))

    rows = sheet_rows(client.get(reverse("public:cup_xlsx", args=[2025])), "magyar-kupa-2025.xlsx")

    assert rows == [["No.", "Team", "Players"], [1, "Kings", f"{kings.driver}, {kings.catcher}"]]
