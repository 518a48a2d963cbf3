"""Score-sheet workbooks: downloaded for a scheduled match with its teams, seats, a row a hand,
drop-downs and the rulings' limits; uploaded filled, every cell is checked like the entry page and
the engine, a problem refuses the whole workbook ("Sheet!Cell: problem (ruling)") with nothing
saved, and a clean sheet is stored as the juror's typed entry awaiting confirmation. Hostile files
are refused before openpyxl opens them."""

import io
import random
import zipfile
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from bench import hands as bulk
from tests.factories import eight_hand_records, logged_in_user, make_match, make_user
from tournaments.core import words
from tournaments.core.models import Hand, Match
from tournaments.pages.workbooks import safety, score_sheet
from tournaments.recording import notation

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


@pytest.fixture
def juror(client):
    return logged_in_user(client, "jury")


def download(client, match):
    response = client.get(reverse("workbooks:score_sheet", args=[match.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX
    return load_workbook(io.BytesIO(response.content))


def fill(book, records):
    """Write FORMAT.md hand records into the Hands sheet as a juror would."""
    sheet = book.worksheets[1]
    letters = score_sheet.columns()
    for number, record in enumerate(records, start=1):
        row = score_sheet.FIRST_HAND_ROW + number - 1

        def put(key, value, row=row):
            sheet[f"{letters[key]}{row}"] = value

        put("attackers", record["attackers"])
        if "deal" in record:
            put("deal", notation.deal_text(record["deal"]))
            put("tricks", notation.tricks_text(record.get("tricks")))
        else:
            for team in ("A", "B"):
                holding = record["holdings"][team]
                put(f"{team.lower()}_trumps", holding["trumps"])
                put(f"{team.lower()}_honours", holding["honours"])
                put(f"{team.lower()}_high", " ".join(holding["high_trumps"]))
        assert len(record["announcements"]) <= score_sheet.ANNOUNCEMENT_SLOTS
        for slot, announcement in enumerate(record["announcements"], start=1):
            put(f"feast{slot}", announcement["feast"])
            put(f"by{slot}", announcement["by"])
            put(f"declared{slot}", " ".join(announcement.get("cards", []) + announcement.get("suits", [])) or None)
            put(f"contra{slot}", announcement.get("contra"))
            put(f"result{slot}", announcement.get("result"))
        for slot, entry in enumerate(record.get("silent", []), start=1):
            put(f"premium{slot}", entry["premium"])
            put(f"team{slot}", entry["team"])
    return book


def as_file(book, name="sheet.xlsx"):
    out = io.BytesIO()
    book.save(out)
    out.seek(0)
    out.name = name
    return out


def upload(client, match, book):
    return client.post(reverse("workbooks:score_sheet_upload", args=[match.pk]), {"workbook": as_file(book)})


def problems_of(response):
    assert response.status_code == 422, response.content[:500]
    return response.context["problems"]


def assert_nothing_saved(match):
    fresh = Match.objects.get(pk=match.pk)
    assert fresh.state == Match.State.SCHEDULED and fresh.version == match.version
    assert not Hand.objects.filter(match=match).exists()


# --- the download -----------------------------------------------------------------------------


def test_the_score_sheet_has_the_match_the_seats_and_a_row_a_hand(client, juror):
    match = make_match()
    book = download(client, match)

    info, hands, lists = book.worksheets
    assert (info.title, hands.title, lists.title) == ("Match", "Hands", "Lists")
    assert (info["B3"].value, info["B4"].value) == (match.pk, match.version)
    values = [cell.value for cell in info["B"]]
    for expected in (match.team_a.name, match.team_b.name, match.a_driver.name, match.b_catcher.name):
        assert expected in values
    assert [hands[f"A{row}"].value for row in range(2, 10)] == list(range(1, 9))
    assert [hands[f"B{row}"].value for row in range(2, 10)] == ["A", "B"] * 4  # R3 alternating
    assert hands["C1"].value == "A trumps" and hands["I1"].value == "Feast 1"


def test_the_drop_downs_offer_the_catalogue_and_say_the_rulings_limits(client, juror):
    book = download(client, make_match())
    hands, lists = book.worksheets[1], book.worksheets[2]
    letters = score_sheet.columns()
    validations = {str(v.sqref): v for v in hands.data_validations.dataValidation}
    feast = validations[f"{letters['feast1']}2:{letters['feast1']}9"]
    assert feast.type == "list" and feast.formula1 == "'Lists'!$C$2:$C$" + str(len(notation.FEAST_IDS) + 1)
    assert feast.showInputMessage and "R6-R11" in feast.prompt
    # the association's names (tournaments.core.words), never the ids
    assert [lists[f"C{row}"].value for row in range(2, len(notation.FEAST_IDS) + 2)] == [
        words.name(words.FEAST, feast) for feast in notation.FEAST_IDS]
    trumps = validations[f"{letters['a_trumps']}2:{letters['a_trumps']}9"]
    assert (trumps.type, trumps.formula1, trumps.formula2) == ("whole", "0", "22") and "R5" in trumps.prompt
    for key, column in (("by1", "B"), ("result1", "G"), ("contra1", "E"), ("premium1", "I"), ("team1", "A")):
        assert validations[f"{letters[key]}2:{letters[key]}9"].formula1.startswith(f"'Lists'!${column}$2")


def test_the_score_sheet_is_for_the_jury_only(client):
    match = make_match()
    assert client.get(reverse("workbooks:score_sheet", args=[match.pk])).status_code == 302  # to the login
    organiser = make_user("organiser")
    client.force_login(organiser)
    assert client.get(reverse("workbooks:score_sheet", args=[match.pk])).status_code == 403
    assert client.get(reverse("workbooks:score_sheet_upload", args=[match.pk])).status_code == 403


# --- a clean upload ---------------------------------------------------------------------------


def test_a_filled_sheet_is_stored_as_the_jurors_entry_awaiting_confirmation(client, juror):
    match = make_match()
    book = fill(download(client, match), eight_hand_records())

    response = upload(client, match, book)

    assert response.status_code == 302 and response["Location"] == reverse("jury:match", args=[match.pk])
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.hand_sum_a, match.hand_sum_b) == (88, 93, 704, 746)
    assert match.state == Match.State.ENTERED and match.entered_by == juror
    latest = match.history.first()
    assert latest.history_user == juror and latest.history_change_reason == "Scores entered from a score sheet"
    assert match.hands.count() == 8


def demo_records(seed):
    """Eight hands as the demo season makes them: the engine's generator at a tournament table."""
    return bulk.random_hand_records(random.Random(seed), 8, table=True)


@pytest.mark.parametrize("seed", [2025, 7])
def test_a_sheet_filled_from_a_demo_match_imports_to_the_same_scores(client, juror, seed):
    records = demo_records(seed)
    typed = make_match(hand_records=records)  # the same hands typed on the entry page
    sheet_match = make_match(team_a=typed.team_a, team_b=typed.team_b, competition=typed.competition)

    response = upload(client, sheet_match, fill(download(client, sheet_match), records))

    assert response.status_code == 302
    sheet_match.refresh_from_db()
    assert (sheet_match.score_a, sheet_match.score_b, sheet_match.hand_sum_a, sheet_match.hand_sum_b) == (
        typed.score_a, typed.score_b, typed.hand_sum_a, typed.hand_sum_b)
    assert list(sheet_match.hands.values_list("score_a", "score_b", "lines")) == list(
        typed.hands.values_list("score_a", "score_b", "lines"))


def test_hands_with_the_deal_and_tricks_are_read_too(client, juror):
    records = bulk.random_hand_records(random.Random(3), 8, full=True, table=True)
    typed = make_match(hand_records=records)
    sheet_match = make_match(team_a=typed.team_a, team_b=typed.team_b, competition=typed.competition)
    for record in records:
        record["announcements"] = [{key: value for key, value in a.items() if key != "result"}
                                   for a in record["announcements"]]  # the engine decides them from the play
    response = upload(client, sheet_match, fill(download(client, sheet_match), records))
    assert response.status_code == 302, response.context and response.context["problems"]
    sheet_match.refresh_from_db()
    assert (sheet_match.score_a, sheet_match.score_b) == (typed.score_a, typed.score_b)


# --- bad cells: each refuses the whole workbook, nothing saved --------------------------------


def cell_of(key, hand):
    return f"Hands!{score_sheet.columns()[key]}{hand + 1}"


BAD_CELLS = [
    ("attackers", 1, "C", "the attacking team is A or B (R3)"),
    ("a_trumps", 2, "many", "give a whole number from 0 to 22, not many (R5)"),
    ("a_honours", 3, 23, "give a whole number from 0 to 22, not 23 (R5)"),
    ("feast1", 1, "dragon", "“dragon” is not a feast; the list of names is under Notation. (R6-R11)"),
    ("by1", 1, "A.goalie", "A.goalie is not a seat (A driver, A catcher, B driver or B catcher) (R7)"),
    ("by1", 1, None, "say who announced it (A driver, A catcher, B driver or B catcher) (R7)"),
    ("declared1", 1, "Z9", "Z9 is not a card (Kc, K♣, 10s or a trump XXI, 21, Fool) or a suit (hearts, diamonds, "
                           "spades or clubs) (R7)"),
    ("contra1", 2, "everyone", "a contra is by the partner or by the opponents (c=opp or c=par), not everyone (R8)"),
    ("result1", 1, "maybe", "the result is won or lost, not maybe (R7)"),
    ("premium1", 3, "five_kings", "“five_kings” is not a silent premium; did you mean Four Kings? (R10)"),
    ("team1", 3, "C", "the team is A or B (R10)"),
    ("a_high", 1, "XX", "name only XVI, XVII, XVIII (or 16, 17, 18), not XX"),
]


@pytest.mark.parametrize(("key", "hand", "value", "message"), BAD_CELLS)
def test_a_bad_cell_is_refused_with_its_place_and_ruling(client, juror, key, hand, value, message):
    match = make_match()
    book = fill(download(client, match), eight_hand_records())
    book.worksheets[1][cell_of(key, hand).split("!")[1]] = value

    problems = problems_of(upload(client, match, book))

    assert problems == [f"{cell_of(key, hand)}: {message}"]
    assert_nothing_saved(match)


def test_the_engines_refusals_are_shown_against_the_cells_they_concern(client, juror):
    match = make_match()
    records = eight_hand_records()
    records[0]["announcements"][0]["cards"] = ["XXI"]  # R9: a pheasant's magnifier is a King or a Bird
    records[4]["holdings"]["A"]["trumps"] = 15  # R5: with B's 10, 25 trumps
    # R10: one team only (Obscure is B's, who won the Centre: tricks 1-5, R10b)
    records[5]["silent"] = [{"premium": "obscure", "team": "B"}, {"premium": "four_kings", "team": "A"},
                            {"premium": "four_kings", "team": "B"}]
    book = fill(download(client, match), records)

    problems = problems_of(upload(client, match, book))

    assert problems == [
        f"{cell_of('declared1', 1)}: Pheasant declares magnifiers (a King or a Bird); these are not: XXI (R9)",
        f"{cell_of('a_trumps', 5)}: the two teams' trumps add up to 22 (one pack), not 25 (R5)",
        f"{cell_of('premium3', 6)}: Four Kings is achieved by one team only, once a hand (R10)",
    ]
    assert_nothing_saved(match)


def test_a_broken_alternation_is_shown_on_the_attackers_cells(client, juror):
    match = make_match()
    records = eight_hand_records()
    records[1]["attackers"] = "A"  # R3: the attack alternates
    problems = problems_of(upload(client, match, fill(download(client, match), records)))
    assert [problem.split(":")[0] for problem in problems] == [cell_of("attackers", 2), cell_of("attackers", 3)]
    assert all(problem.endswith("(R3)") for problem in problems)


def test_every_problem_is_listed_at_once(client, juror):
    match = make_match()
    book = fill(download(client, match), eight_hand_records())
    sheet = book.worksheets[1]
    sheet[cell_of("attackers", 1).split("!")[1]] = "X"
    sheet[cell_of("result1", 4).split("!")[1]] = "?"
    sheet[cell_of("a_trumps", 8).split("!")[1]] = None
    sheet[cell_of("a_honours", 8).split("!")[1]] = None
    sheet[cell_of("a_high", 8).split("!")[1]] = None
    for key in ("b_trumps", "b_honours", "b_high", "feast1", "by1", "contra1", "result1", "declared1"):
        sheet[cell_of(key, 8).split("!")[1]] = None

    problems = problems_of(upload(client, match, book))

    assert problems == [f"{cell_of('attackers', 1)}: the attacking team is A or B (R3)",
                        f"{cell_of('result1', 4)}: the result is won or lost, not ? (R7)",
                        "Hands!C9: hand 8 is empty; this match is 8 hands (R13)"]
    assert_nothing_saved(match)


def test_a_sheet_of_another_match_or_an_older_version_is_refused(client, juror):
    match, other = make_match(), make_match()
    problems = problems_of(upload(client, match, fill(download(client, other), eight_hand_records())))
    assert problems == [f"Match!B3: this is the score sheet of match {other.pk}, not of match {match.pk}"]

    book = fill(download(client, match), eight_hand_records())
    Match.objects.filter(pk=match.pk).update(version=5)  # someone saved the match since
    problems = problems_of(upload(client, match, book))
    assert "since you opened it" in problems[0]
    assert not match.hands.exists()


def test_refusals_speak_the_pages_language(client, juror):
    match = make_match()
    book = fill(download(client, match), eight_hand_records())
    book.worksheets[1][cell_of("attackers", 1).split("!")[1]] = "C"
    response = client.post(reverse("workbooks:score_sheet_upload", args=[match.pk]), {"workbook": as_file(book)},
                           headers={"Accept-Language": "hu"})
    assert response.context["problems"] == [f"{cell_of('attackers', 1)}: a támadó csapat A vagy B (R3)"]


# --- hostile files: refused before they are opened --------------------------------------------


@pytest.fixture
def never_opened(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("openpyxl was asked to open a hostile file")

    monkeypatch.setattr(safety, "load_workbook", refuse)


def zip_bytes(entries, compression=zipfile.ZIP_DEFLATED):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return out.getvalue()


def post_bytes(client, match, data, name="sheet.xlsx"):
    upload_file = io.BytesIO(data)
    upload_file.name = name
    return client.post(reverse("workbooks:score_sheet_upload", args=[match.pk]), {"workbook": upload_file})


def test_a_zip_bomb_is_refused_from_its_directory(client, juror, never_opened):
    match = make_match()
    bomb = zip_bytes([("[Content_Types].xml", "<Types/>"), ("xl/worksheets/sheet1.xml", b"\0" * 200_000_000)])
    assert len(bomb) < 1_000_000  # small on disk, 200 MB unpacked
    problems = problems_of(post_bytes(client, match, bomb))
    assert problems == ["The workbook would unpack to 190 MB; more than 20 MB is refused."]
    assert_nothing_saved(match)


def test_a_zip_of_many_parts_is_refused(client, juror, never_opened):
    match = make_match()
    many = zip_bytes([("[Content_Types].xml", "<Types/>")] + [(f"xl/part{n}.bin", b"") for n in range(500)])
    assert problems_of(post_bytes(client, match, many)) == [
        "The workbook holds 501 parts; more than 200 is not a score sheet or roster."]


XML_BOMB = ('<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
            '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">'
            '<c r="A1" t="inlineStr"><is><t>&lol2;</t></is></c></row></sheetData></worksheet>')


def test_an_xml_bomb_is_refused(client, juror, never_opened):
    match = make_match()
    book = io.BytesIO(score_sheet.build(Match.objects.with_teams().get(pk=match.pk)))
    entries = []
    with zipfile.ZipFile(book) as archive:
        for info in archive.infolist():
            data = archive.read(info)
            entries.append((info.filename, XML_BOMB if info.filename == "xl/worksheets/sheet2.xml" else data))
    problems = problems_of(post_bytes(client, match, zip_bytes(entries)))
    assert problems == ["The workbook declares XML entities (xl/worksheets/sheet2.xml); such files are refused."]
    assert_nothing_saved(match)


def test_defusedxml_refuses_entities_even_past_the_scan(monkeypatch):
    """openpyxl parses with defusedxml (pinned in requirements.txt): a declared entity raises."""
    from openpyxl.xml import DEFUSEDXML

    assert DEFUSEDXML is True
    monkeypatch.setattr(safety, "check_markup", lambda archive, entry: None)
    match = make_match()
    data = score_sheet.build(Match.objects.with_teams().get(pk=match.pk))
    entries = []
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        entries = [(info.filename, XML_BOMB if info.filename == "xl/worksheets/sheet2.xml" else archive.read(info))
                   for info in archive.infolist()]
    with pytest.raises(safety.WorkbookRefused, match="cannot be read"):
        safety.open_workbook(zip_bytes(entries))


@pytest.mark.parametrize("data", [b"name;trumps\n1;2\n", b"%PDF-1.7 not a sheet", b"", bytes(range(256)) * 10])
def test_a_file_that_is_not_a_workbook_is_refused(client, juror, never_opened, data):
    match = make_match()
    response = post_bytes(client, match, data)
    if data:
        assert problems_of(response) == ["The file is not an Excel workbook (.xlsx)."]
    else:
        assert response.status_code == 422 and response.context["form"].errors  # an empty upload
    assert_nothing_saved(match)


def test_a_file_over_the_size_limit_is_refused_unread(client, juror, never_opened):
    match = make_match()
    assert problems_of(post_bytes(client, match, b"PK" + b"\0" * (safety.MAX_UPLOAD_BYTES + 10))) == [
        "The file is larger than 2 MB; a score sheet or roster is far smaller."]


def test_macros_and_external_links_are_not_kept(client, juror):
    match = make_match()
    data = as_file(fill(download(client, match), eight_hand_records())).getvalue()
    entries = []
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        entries = [(info.filename, archive.read(info)) for info in archive.infolist()]
    entries.append(("xl/vbaProject.bin", b"Attribute VB_Name = \"Evil\""))
    entries.append(("xl/externalLinks/externalLink1.xml", b"<externalLink/>"))
    book = safety.open_workbook(zip_bytes(entries))
    assert book.vba_archive is None and book._external_links == []
    response = post_bytes(client, match, zip_bytes(entries), name="sheet.xlsm")
    assert response.status_code == 302  # the hands are read; the macro and link are ignored


# --- the command --------------------------------------------------------------------------------


def test_the_command_imports_with_the_same_checks(tmp_path, client, juror):
    match = make_match()
    book = fill(download(client, match), eight_hand_records())
    bad = tmp_path / "bad.xlsx"
    book.worksheets[1]["B2"] = "C"
    book.save(bad)
    errors = StringIO()
    with pytest.raises(CommandError, match="nothing was saved"):
        call_command("import_sheet", str(bad), match=match.pk, user=juror.username, stderr=errors)
    assert errors.getvalue().strip() == "Hands!B2: the attacking team is A or B (R3)"
    assert_nothing_saved(match)

    good = tmp_path / "good.xlsx"
    book.worksheets[1]["B2"] = "A"
    book.save(good)
    out = StringIO()
    call_command("import_sheet", str(good), match=match.pk, user=juror.username, stdout=out)
    assert out.getvalue().strip() == "The score sheet is imported: 88 : 93. A second juror confirms it."
    match.refresh_from_db()
    assert match.state == Match.State.ENTERED and match.entered_by == juror


def test_the_command_needs_a_juror(tmp_path, client, juror):
    match = make_match()
    path = tmp_path / "sheet.xlsx"
    fill(download(client, match), eight_hand_records()).save(path)
    visitor = make_user()
    errors = StringIO()
    with pytest.raises(CommandError):
        call_command("import_sheet", str(path), match=match.pk, user=visitor.username, stderr=errors)
    assert "needs the jury's permission" in errors.getvalue()
    assert_nothing_saved(match)


def test_the_match_page_links_the_score_sheet_both_ways(client, juror):
    match = make_match()
    page = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert reverse("workbooks:score_sheet", args=[match.pk]) in page
    assert reverse("workbooks:score_sheet_upload", args=[match.pk]) in page
    form = client.get(reverse("workbooks:score_sheet_upload", args=[match.pk]))
    assert form.status_code == 200 and "At most 2 MB" in form.content.decode()


# --- the association's words (issue 22) --------------------------------------------------------


def test_a_hungarian_sheet_offers_the_associations_words_and_reads_them_back(client, juror):
    """Downloaded on a Hungarian page, the drop-downs offer Fácán, A hajtó, ellenfél, nyert (never
    ids); filled with Hungarian names and short forms, the sheet is stored as the same hand."""
    match = make_match()
    response = client.get(reverse("workbooks:score_sheet", args=[match.pk]), headers={"accept-language": "hu"})
    book = load_workbook(io.BytesIO(response.content))
    lists = book.worksheets[2]
    listed = {cell.value for column in lists.iter_cols() for cell in column}
    assert {"Fácán", "A hajtó", "B fogó", "ellenfél", "nyert", "bukott", "Négykirály"} <= listed
    assert not {"pheasant", "A.driver", "won", "lie_in_wait", "before_the_end_of_the_month"} & listed

    records = eight_hand_records()
    book = fill(book, records)
    sheet = book.worksheets[1]
    letters = score_sheet.columns()
    hungarian = {"won": "nyert", "lost": "bukott", "opponents": "ellenfél", "partner": "partner"}
    seats = {"A.driver": "A hajtó", "A.catcher": "A fogó", "B.driver": "B.h", "B.catcher": "B.f"}
    for number, record in enumerate(records, start=1):
        row = score_sheet.FIRST_HAND_ROW + number - 1
        for slot, announcement in enumerate(record["announcements"], start=1):
            with translation.override("hu"):
                sheet[f"{letters[f'feast{slot}']}{row}"] = words.name(words.FEAST, announcement["feast"])
            sheet[f"{letters[f'by{slot}']}{row}"] = seats[announcement["by"]]
            if announcement.get("result"):
                sheet[f"{letters[f'result{slot}']}{row}"] = hungarian[announcement["result"]]
            if announcement.get("contra"):
                sheet[f"{letters[f'contra{slot}']}{row}"] = hungarian[announcement["contra"]]
        for slot, entry in enumerate(record.get("silent", []), start=1):
            with translation.override("hu"):
                sheet[f"{letters[f'premium{slot}']}{row}"] = words.name(words.PREMIUM, entry["premium"])

    response = upload(client, match, book)

    assert response.status_code == 302, response.context and response.context.get("problems")
    stored = Hand.objects.filter(match=match).order_by("number")
    assert [[a.feast for a in hand.announcements.all()] for hand in stored] == [
        [a["feast"] for a in record["announcements"]] for record in records]


def test_every_row_reports_its_unreadable_cells_and_the_engines_problems_at_once(client, juror):
    """A card the notation cannot read on hand 2 and a wrong trump count on hand 5 are reported
    together: problems never come one at a time."""
    match = make_match()
    records = eight_hand_records()
    book = fill(download(client, match), records)
    sheet = book.worksheets[1]
    sheet[cell_of("declared1", 2).split("!")[1]] = "kő3"
    sheet[cell_of("a_trumps", 5).split("!")[1]] = 30
    sheet[cell_of("a_trumps", 6).split("!")[1]] = 3

    problems = problems_of(upload(client, match, book))

    assert any(problem.startswith(cell_of("declared1", 2)) and "kő3" in problem for problem in problems)
    assert any(problem.startswith(cell_of("a_trumps", 5)) for problem in problems)
    assert any(problem.startswith(cell_of("a_trumps", 6)) and "6 to 16" in problem for problem in problems)
    assert_nothing_saved(match)
