"""A season's teams and players as a workbook: the organisers download the season as it stands and
upload additions and changes; every row is checked (R14) and the workbook is saved whole or
refused whole with each problem against its cell."""

import io

import pytest
from django.conf import settings
from django.urls import reverse
from openpyxl import Workbook, load_workbook

from tests.factories import eight_hand_records, logged_in_user, make_competition, make_match, make_season, make_user
from tournaments.core.models import Player, Team
from tournaments.pages.workbooks import safety

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser(client):
    return logged_in_user(client, "organiser")


def workbook(rows, headings=("Name", "Membership number", "Team", "Role")):
    book = Workbook()
    sheet = book.active
    sheet.title = "Teams and players"
    sheet.append(list(headings))
    for row in rows:
        sheet.append(list(row))
    out = io.BytesIO()
    book.save(out)
    out.seek(0)
    out.name = "roster.xlsx"
    return out


def post(client, data, year=2025):
    if isinstance(data, list):
        data = workbook(data)
    return client.post(reverse("workbooks:roster_upload", args=[year]), {"workbook": data})


def member(name, number):
    return Player.objects.create(name=name, membership_number=number)


def snapshot():
    return (sorted(Player.objects.values_list("membership_number", "name")),
            sorted(Team.objects.values_list("name", "driver_id", "catcher_id", "substitute_id")))


ROWS = [
    ("Kovács Anna", "M001", "Pagátok", "driver"),
    ("Szabó Béla", "M002", "Pagátok", "catcher"),
    ("Tóth Csaba", "M003", "Pagátok", "substitute"),
    ("Nagy Dóra", "M004", "Skízek", "driver"),
    ("Kiss Endre", "M005", "Skízek", "catcher"),
]


def test_a_roster_adds_the_seasons_teams_and_players(client, organiser):
    make_season()
    response = post(client, ROWS)
    assert response.status_code == 302
    pagatok = Team.objects.with_players().get(name="Pagátok")
    assert (pagatok.driver.name, pagatok.catcher.name, pagatok.substitute.name) == (
        "Kovács Anna", "Szabó Béla", "Tóth Csaba")
    assert Team.objects.get(name="Skízek").substitute is None
    assert pagatok.history.first().history_user == organiser


def test_the_download_has_the_same_shape_and_imports_unchanged(client, organiser):
    make_season()
    post(client, ROWS)
    response = client.get(reverse("workbooks:roster", args=[2025]))
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = [tuple(cell.value for cell in row) for row in sheet.iter_rows()]
    assert rows[0] == ("Name", "Membership number", "Team", "Role")
    assert sorted(rows[1:]) == sorted(ROWS)
    before = snapshot()
    again = io.BytesIO(response.content)
    again.name = "roster.xlsx"
    assert post(client, again).status_code == 302
    assert snapshot() == before


def test_a_known_membership_number_changes_that_player_and_team(client, organiser):
    season = make_season()
    anna = member("Kovacs Anna", "M001")
    Team.objects.create(name="Pagátok", season=season, driver=anna, catcher=member("Old Catcher", "M009"))
    assert post(client, ROWS).status_code == 302
    anna.refresh_from_db()
    assert anna.name == "Kovács Anna"
    assert Team.objects.get(name="Pagátok").catcher.membership_number == "M002"
    assert Player.objects.filter(membership_number="M009").exists()  # a player is never deleted


NO_CATCHER = ("Teams and players!D2: team {team} has 0 catcher rows; a team has one driver, one catcher and at most "
              "one substitute (R14)")
BAD_ROWS = [
    # Every problem of a workbook at once: a row's own, and what it leaves its team short of.
    ([("", "M001", "Pagátok", "driver")],
     ["Teams and players!A2: this cell is needed", NO_CATCHER.format(team="Pagátok")]),
    ([("Kovács Anna", "M001", "Pagátok", "captain")],
     ["Teams and players!D2: the role is driver, catcher or substitute, not captain (R14)",
      "Teams and players!D2: team Pagátok has 0 driver rows; a team has one driver, one catcher and at most one "
      "substitute (R14)", NO_CATCHER.format(team="Pagátok")]),
    ([("Kovács Anna", "M" + "1" * 30, "Pagátok", "driver")],
     ["Teams and players!B2: at most 20 characters", NO_CATCHER.format(team="Pagátok")]),
    (ROWS[:2] + [("Tóth Csaba", "M003", "Pagátok", "driver")],
     ["Teams and players!D2: team Pagátok has 2 driver rows; a team has one driver, one catcher and at most one "
      "substitute (R14)"]),
    ([("Nagy Dóra", "M004", "Skízek", "driver")], [NO_CATCHER.format(team="Skízek")]),
    (ROWS + [("Kovács Anna", "M001", "Skízek", "substitute")],
     ["Teams and players!B7: M001 is already on row 2; a player belongs to one team a season (R14)"]),
]


@pytest.mark.parametrize(("rows", "problems"), BAD_ROWS)
def test_a_bad_row_refuses_the_whole_workbook(client, organiser, rows, problems):
    make_season()
    before = snapshot()
    response = post(client, rows)
    assert response.status_code == 422
    assert response.context["problems"] == problems
    assert snapshot() == before


def test_a_player_of_a_team_the_workbook_leaves_out_is_not_moved(client, organiser):
    season = make_season()
    Team.objects.create(name="Régiek", season=season, driver=member("Kovács Anna", "M001"),
                        catcher=member("Somebody", "M010"))
    before = snapshot()
    response = post(client, ROWS)
    assert response.context["problems"] == [
        "Teams and players!C2: Kovács Anna plays for Régiek this season, which this workbook does not name; a "
        "player belongs to one team a season (R14)"]
    assert snapshot() == before


def test_the_roster_is_for_organisers_and_hostile_files_are_refused(client, monkeypatch):
    make_season()
    juror = make_user("jury")
    client.force_login(juror)
    assert client.get(reverse("workbooks:roster", args=[2025])).status_code == 403
    organiser = make_user("organiser")
    client.force_login(organiser)
    monkeypatch.setattr(safety, "load_workbook", lambda *a, **k: pytest.fail("opened a hostile file"))
    text = io.BytesIO(b"Name,Membership number\nAnna,M001\n")
    text.name = "roster.csv"
    assert post(client, text).context["problems"] == ["The file is not an Excel workbook (.xlsx)."]


def test_a_roster_meets_the_rules_a_team_change_meets_in_the_admin(client, organiser):
    # R14: Tóth Csaba has played for Régiek this season; a workbook that moves him to Pagátok is
    # refused whole, as the admin refuses it, and nothing is saved.
    season = make_season()
    regiek = Team.objects.create(name="Régiek", season=season, driver=member("Tóth Csaba", "M003"),
                                 catcher=member("Somebody", "M010"))
    make_match(team_a=regiek, competition=make_competition(season=season), hand_records=eight_hand_records())
    before = snapshot()
    response = post(client, ROWS + [("Somebody", "M010", "Régiek", "catcher"),
                                    ("Új Sofőr", "M011", "Régiek", "driver")])
    assert response.status_code == 422
    assert response.context["problems"] == [
        "Teams and players!C2: Substitute: Tóth Csaba has already played for Régiek this season; a player belongs "
        "to one team a season; R14."]
    assert snapshot() == before


def test_a_hungarian_roster_writes_and_reads_the_associations_role_words(client, organiser):
    """Hungarian pages give a Hungarian workbook: hajtó, fogó, cserejátékos in the cells and in the
    refusals, and those words are read back."""
    season = make_season()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "hu"
    hungarian_rows = [(name, number, team, {"driver": "hajtó", "catcher": "fogó", "substitute": "cserejátékos"}[role])
                      for name, number, team, role in ROWS]
    assert post(client, hungarian_rows).status_code == 302
    assert Team.objects.get(name="Pagátok").substitute.name == "Tóth Csaba"

    book = load_workbook(io.BytesIO(client.get(reverse("workbooks:roster", args=[season.year])).content))
    assert sorted({row[3] for row in book.active.iter_rows(min_row=2, values_only=True)}) == [
        "cserejátékos", "fogó", "hajtó"]

    response = post(client, [("Nagy Dóra", "M004", "Skízek", "kapitány")])
    assert response.context["problems"] == [
        "Teams and players!D2: a szerep hajtó, fogó vagy cserejátékos lehet, nem kapitány (R14)",
        "Teams and players!D2: a(z) Skízek csapatnak 0 hajtó sora van; egy csapatnak egy hajtó, egy fogó és "
        "legfeljebb egy cserejátékos tagja van (R14)",
        "Teams and players!D2: a(z) Skízek csapatnak 0 fogó sora van; egy csapatnak egy hajtó, egy fogó és "
        "legfeljebb egy cserejátékos tagja van (R14)"]
