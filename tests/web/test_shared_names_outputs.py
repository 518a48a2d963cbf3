"""Two players who share a name are told apart by membership number in the printed copies, the
spreadsheets, the certificates and the API, as the pages tell them apart; a name nobody else
bears stands alone."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_competition, make_player, make_season, make_team
from tests.web.test_outputs import (
    championship_season,
    free_games,
    open_sheet,
    sheet_rows,
    trophy_register,
)
from tournaments.core.competitions.cup import enter_team
from tournaments.core.models import Competition, CupAward, Player
from tournaments.reads import standings

pytestmark = pytest.mark.django_db

NAME = "Kis Béla"


def share_a_name(*players):
    for player in players:
        Player.objects.filter(pk=player.pk).update(name=NAME)
    return [Player.objects.get(pk=player.pk) for player in players]


def test_the_championship_spreadsheet_tells_apart_players_who_share_a_name(client):
    season, teams = championship_season(teams=3)
    first, second = share_a_name(teams[1].driver, teams[2].catcher)

    rows = sheet_rows(client.get(reverse("public:championship_xlsx", args=[2025])), "csapatbajnoksag-2025.xlsx")

    players = " | ".join(row[2] for row in rows[1:])
    assert f"{NAME} ({first.membership_number})" in players and f"{NAME} ({second.membership_number})" in players
    assert f"{teams[0].driver.name}," in players and f"{teams[0].driver.name} (" not in players


def test_the_register_spreadsheet_tells_them_apart(client):
    made = trophy_register(3)
    first, second = share_a_name(made[0], made[1])

    sheet = open_sheet(client.get(reverse("register:index_xlsx")))

    names = {row[1] for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert {f"{NAME} ({first.membership_number})", f"{NAME} ({second.membership_number})"} <= names
    assert made[2].name in names


def test_the_free_game_rows_tell_them_apart(client):
    competition = free_games(3)
    players = [player for player in Player.objects.order_by("pk")]
    first, second = share_a_name(players[0], players[1])

    names = {row.player for row in standings.free_games(competition)}

    assert {f"{NAME} ({first.membership_number})", f"{NAME} ({second.membership_number})"} <= names


def test_the_cup_entries_tell_them_apart_on_the_page_the_pdf_and_the_spreadsheet(client):
    season = make_season()
    cup = make_competition(Competition.Kind.CUP, season=season, name="Magyar Kupa 2025")
    kings, owls = make_team("Kings", season=season), make_team("Owls", season=season)
    for team in (kings, owls):
        enter_team(cup, team, on=datetime.date(2025, 8, 25))
    first, second = share_a_name(kings.driver, owls.driver)

    rows = sheet_rows(client.get(reverse("public:cup_xlsx", args=[2025])), "magyar-kupa-2025.xlsx")
    page = client.get(reverse("public:cup", args=[2025])).content.decode()

    assert rows[1][2] == f"{NAME} ({first.membership_number}), {kings.catcher.name}"
    assert rows[2][2] == f"{NAME} ({second.membership_number}), {owls.catcher.name}"
    assert f'<span class="member-number">{first.membership_number}</span>' in page
    assert f'<span class="member-number">{second.membership_number}</span>' in page
    lines = standings.cup(cup).entry_lines
    assert [players for _entry, players in lines] == [rows[1][2], rows[2][2]]


def test_a_trophy_cup_certificate_names_the_player_with_the_number_when_another_shares_the_name(client):
    from tests.web.test_certificates import read

    made = trophy_register(1)
    award = CupAward.objects.get()
    assert f"({made[0].membership_number})" not in read(client.get(reverse("certificates:cup_award",
                                                                            args=[award.pk])))
    make_player(made[0].name)

    text = read(client.get(reverse("certificates:cup_award", args=[award.pk])))

    assert f"{made[0].name} ({made[0].membership_number})" in text


def test_the_apis_players_carry_their_membership_numbers(client):
    made = trophy_register(2)
    data = client.get("/api/v1/register/").json()
    numbers = {row["player"]["name"]: row["player"]["membership_number"] for row in data["rows"]}
    assert numbers == {player.name: player.membership_number for player in made}
