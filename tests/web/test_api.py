"""The public API (/api/v1/): each answer has the shape its OpenAPI description gives, carries the
figures of the page it mirrors, answers 304 to a known ETag, is open to any origin for reading,
needs no login and never shows a match before it is confirmed. Query counts are pinned at two
sizes."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import make_competition, make_match, make_season, make_team
from tests.web.test_outputs import (
    best_match_tie,
    championship_season,
    drawn_cup,
    free_games,
    grand_prix,
    play_tie,
    played,
    records,
    trophy_register,
)
from tournaments.core.competitions.cup import enter_team
from tournaments.core.models import CupTie, Match
from tournaments.pages.api.openapi import PATHS, SCHEMAS, document, schema_of
from tournaments.reads.register import national_register

pytestmark = pytest.mark.django_db


# --- reading an answer against the description ------------------------------------------------


def check_shape(data, schema, where="$"):
    """Every required field is there with its type, recursively (a small reader of the subset of
    JSON Schema openapi.py uses)."""
    if "$ref" in schema:
        return check_shape(data, SCHEMAS[schema["$ref"].rsplit("/", 1)[1]], where)
    if "oneOf" in schema:
        if data is None and {"type": "null"} in schema["oneOf"]:
            return
        return check_shape(data, schema["oneOf"][0], where)
    if "enum" in schema:
        assert data in schema["enum"], f"{where}: {data!r} not one of {schema['enum']}"
        return
    types = schema.get("type")
    types = [types] if isinstance(types, str) else (types or [])
    if data is None:
        assert not types or "null" in types, f"{where}: null where {types} expected"
        return
    python = {"object": dict, "array": list, "string": str, "integer": int, "number": (int, float),
              "boolean": bool}
    if types:
        assert any(isinstance(data, python[kind]) for kind in types if kind != "null"), f"{where}: {data!r}"
    if isinstance(data, dict):
        missing = set(schema.get("required", [])) - set(data)
        assert not missing, f"{where}: missing {missing}"
        for name, inner in schema.get("properties", {}).items():
            if name in data:
                check_shape(data[name], inner, f"{where}.{name}")
    if isinstance(data, list) and "items" in schema:
        for index, item in enumerate(data):
            check_shape(item, schema["items"], f"{where}[{index}]")


def get(client, path, **headers):
    return client.get("/api/v1" + path, headers=headers)


def answer(client, template, path):
    """The answer of ``path``, checked against the schema its template is described with."""
    response = get(client, path)
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/json"
    assert response["Access-Control-Allow-Origin"] == "*"
    data = response.json()
    check_shape(data, {"$ref": f"#/components/schemas/{schema_of(template)}"})
    return data


# --- the description, the index, HTTP --------------------------------------------------------


def test_the_openapi_description_lists_every_path_with_its_schema(client):
    data = answer(client, "/", "/")
    response = client.get(data["openapi"])
    description = response.json()
    assert description["openapi"] == "3.1.0"
    assert set(description["paths"]) == {path for path, *_rest in PATHS}
    assert description == document("http://testserver/api/v1")
    for path in description["paths"].values():
        schema = path["get"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        assert schema.rsplit("/", 1)[1] in SCHEMAS


def test_an_unchanged_answer_is_304_and_a_changed_one_is_sent_again(client):
    season, teams = championship_season(teams=2)
    first = get(client, "/seasons/2025/championship/")
    etag = first["ETag"]

    again = get(client, "/seasons/2025/championship/", if_none_match=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag and again["Access-Control-Allow-Origin"] == "*"

    played(teams[0], teams[1], season.competitions.get())
    changed = get(client, "/seasons/2025/championship/", if_none_match=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_the_api_is_read_only_and_open_to_any_origin(client):
    make_season()
    preflight = client.options("/api/v1/seasons/", headers={"Origin": "https://tarokk.example",
                                                            "Access-Control-Request-Method": "GET"})
    assert preflight.status_code == 204
    assert preflight["Access-Control-Allow-Origin"] == "*"
    assert preflight["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
    assert client.post("/api/v1/seasons/").status_code == 405
    assert client.delete("/api/v1/seasons/").status_code == 405
    assert client.head("/api/v1/seasons/").status_code == 200


def test_a_refused_method_and_an_unknown_version_answer_in_json_in_the_language_asked(client):
    make_season()
    refused = client.post("/api/v1/seasons/", headers={"Accept-Language": "en"})
    assert refused.status_code == 405 and refused["Content-Type"] == "application/json"
    assert refused["Allow"] == "GET, HEAD, OPTIONS"
    assert refused.json()["detail"] == "The API only reads: POST is not offered, only GET, HEAD, OPTIONS."
    unknown = client.get("/api/v9/seasons/", headers={"Accept-Language": "hu"})
    assert unknown.status_code == 404 and unknown["Content-Type"] == "application/json"
    assert unknown.json()["detail"] == "Nincs ilyen idény, verseny, csapat vagy jóváhagyott mérkőzés."


def test_names_follow_the_language_asked_for(client):
    drawn_cup(4)
    english = get(client, "/seasons/2025/cup/").json()
    hungarian = get(client, "/seasons/2025/cup/", accept_language="hu").json()
    assert english["rounds"][0]["name"] == "Semi-final"
    assert hungarian["rounds"][0]["name"] == "Elődöntő"
    assert "Accept-Language" in get(client, "/seasons/2025/cup/")["Vary"]


# --- seasons -----------------------------------------------------------------------------------


def test_seasons_list_their_competitions(client):
    best_match_tie()
    data = answer(client, "/seasons/", "/seasons/")
    (season,) = data["seasons"]
    assert season["year"] == 2025
    assert [c["name"] for c in season["competitions"]] == ["Nagydíj Szeged"]
    assert season["competitions"][0]["url"] == "http://testserver/api/v1/seasons/2025/grand-prix/szeged/"
    detail = answer(client, "/seasons/{year}/", "/seasons/2025/")
    assert [team["name"] for team in detail["teams"]] == ["Kings", "Owls"]
    assert get(client, "/seasons/1999/").status_code == 404


@pytest.mark.parametrize("seasons", [1, 4])
def test_the_season_list_query_count_does_not_grow(client, django_assert_num_queries, seasons):
    for year in range(2020, 2020 + seasons):
        make_competition(season=make_season(year), name=f"Csapatbajnokság {year}")
    with django_assert_num_queries(2 + 1):  # and the public data version
        response = get(client, "/seasons/")
    assert response.status_code == 200
    assert len(response.json()["seasons"]) == seasons


# --- the Championship (R15) ------------------------------------------------------------------


def test_the_championship_has_the_pages_figures(client):
    championship_season(teams=3, rounds=2)
    page = client.get(reverse("public:championship", args=[2025])).context["table"].data

    data = answer(client, "/seasons/{year}/championship/", "/seasons/2025/championship/")

    assert data["name"] == "Csapatbajnokság 2025" and data["match_limit"] == 52
    assert [(row["place"], row["team"]["name"], row["played"], row["total"], row["average"], row["best"])
            for row in data["rows"]] == [
        (row["place"], row["team"], row["played"], row["total"],
         None if row["average"] is None else float(row["average"]), row["best"]) for row in page]
    assert data["rows"][0]["team"]["url"].startswith("http://testserver/api/v1/seasons/2025/teams/")


def test_an_unconfirmed_match_counts_nowhere(client):
    season, (kings, owls) = championship_season(teams=2, rounds=0)
    championship = season.competitions.get()
    pending = make_match(kings, owls, championship, hand_records=records())
    assert pending.state == Match.State.ENTERED

    table = answer(client, "/seasons/{year}/championship/", "/seasons/2025/championship/")
    assert all(row["played"] == 0 for row in table["rows"])
    assert get(client, f"/seasons/2025/matches/{pending.pk}/").status_code == 404
    assert answer(client, "/seasons/{year}/teams/{team_id}/", f"/seasons/2025/teams/{kings.pk}/")["matches"] == []


@pytest.mark.parametrize("teams", [3, 8])
def test_the_championship_query_count_does_not_grow(client, django_assert_num_queries, teams):
    championship_season(teams=teams)
    # 1 season, 2 teams with players, 3 counted scores, 4 the Championship
    with django_assert_num_queries(4 + 1):  # and the public data version
        response = get(client, "/seasons/2025/championship/")
    assert response.status_code == 200
    assert len(response.json()["rows"]) == teams


# --- the Cup (R16) ---------------------------------------------------------------------------


def test_the_cup_gives_every_tie_and_the_final_standing_with_both_bronze_medals(client):
    cup = drawn_cup(4)
    semi_finals = list(cup.cup_ties.filter(round=CupTie.Round.SEMI_FINAL))
    for tie in semi_finals:
        play_tie(tie)
    final = play_tie(cup.cup_ties.get(round=CupTie.Round.FINAL))

    data = answer(client, "/seasons/{year}/cup/", "/seasons/2025/cup/")

    # Each round's day as the bracket heads it: the day its matches were played (R16's day before that).
    played = {tie.round: str(tie.matches.latest("played_on").played_on) for tie in [semi_finals[0], final]}
    assert [(r["round"], r["name"], r["date"]) for r in data["rounds"]] == [
        (3, "Semi-final", played[3]), (4, "Final", played[4])]
    tie = data["rounds"][0]["ties"][0]
    stored = CupTie.objects.select_related("team_a", "team_b", "winner").get(pk=semi_finals[0].pk)
    assert tie["team_a"]["name"] == stored.team_a.name and tie["winner"]["name"] == stored.winner.name
    assert tie["state"] == "decided"
    assert [(m["score_a"], m["score_b"], m["sum_a"], m["sum_b"]) for m in tie["matches"]] == [
        (88, 93, 88, 93), (88, 93, 176, 186), (88, 93, 264, 279)]
    assert tie["sums"] == {"a": 264, "b": 279} and tie["play_offs"] == []
    standing = data["standing"]
    assert standing["winner"]["name"] == final.winner.name
    assert {standing["winner"]["name"], standing["runner_up"]["name"]} == {final.team_a.name, final.team_b.name}
    losers = {tie.team_a.name for tie in CupTie.objects.filter(round=CupTie.Round.SEMI_FINAL).select_related(
        "team_a")}
    assert {team["name"] for team in standing["bronze"]} == losers and len(standing["bronze"]) == 2


def test_before_the_draw_the_cup_lists_its_entries(client):
    season = make_season()
    cup = make_competition("cup", season=season, name="Magyar Kupa 2025")
    enter_team(cup, make_team("Kings", season=season), on=datetime.date(2025, 8, 25))
    data = answer(client, "/seasons/{year}/cup/", "/seasons/2025/cup/")
    assert data["drawn"] is False and [team["name"] for team in data["entries"]] == ["Kings"]
    assert data["rounds"] == [] and data["standing"] == {"winner": None, "runner_up": None, "bronze": []}


def test_after_the_draw_the_cup_still_lists_its_entries(client):
    cup = drawn_cup(4)
    entered = [entry.team.name for entry in cup.cup_entries.select_related("team")]
    data = answer(client, "/seasons/{year}/cup/", "/seasons/2025/cup/")
    assert data["drawn"] is True and [team["name"] for team in data["entries"]] == entered
    assert len(entered) == 4
    description = get(client, "/openapi.json").json()["components"]["schemas"]["Cup"]["properties"]["entries"]
    assert "after the draw" in description["description"]


@pytest.mark.parametrize("count", [4, 16])
def test_the_cup_query_count_does_not_grow(client, django_assert_num_queries, count):
    cup = drawn_cup(count)
    play_tie(cup.cup_ties.order_by("round", "slot").first())
    # 1 season, 2 the Cup, 3 its ties with teams, 4 their matches, 5 the entries with their players
    with django_assert_num_queries(5 + 1):  # and the public data version
        response = get(client, "/seasons/2025/cup/")
    assert response.status_code == 200


# --- a Grand Prix (R17) ----------------------------------------------------------------------


def test_a_grand_prix_gives_each_place_with_the_tie_break_that_decided_it(client):
    best_match_tie()
    page = client.get(reverse("public:grand_prix", args=[2025, "szeged"])).context["table"].data

    data = answer(client, "/seasons/{year}/grand-prix/{slug}/", "/seasons/2025/grand-prix/szeged/")

    assert [(r["place"], r["team"]["name"], r["played"], r["total"], r["best"]) for r in data["rows"]] == [
        (row["place"], row["team"], row["played"], row["total"], row["best"]) for row in page]
    owls, kings = data["rows"]
    assert owls["tie_break"] is None
    assert kings["tie_break"] == {"kind": "best_match", "level": None, "above": 746, "below": 711,
                                  "text": "Equal total; best match 746 to 711"}
    assert all(pairing["confirmed"] and pairing["hand_sum_a"] is not None for pairing in data["pairings"])


def test_a_grand_prix_pairing_shows_no_score_before_it_is_confirmed(client):
    event, (kings, owls) = grand_prix("Kings", "Owls")
    make_match(kings, owls, event, hand_records=records())
    data = answer(client, "/seasons/{year}/grand-prix/{slug}/", "/seasons/2025/grand-prix/szeged/")
    (pairing,) = data["pairings"]
    assert pairing["confirmed"] is False
    assert (pairing["url"], pairing["hand_sum_a"], pairing["hand_sum_b"]) == (None, None, None)
    assert [row["total"] for row in data["rows"]] == [0, 0]


@pytest.mark.parametrize("teams", [2, 6])
def test_the_grand_prix_query_count_does_not_grow(client, django_assert_num_queries, teams):
    event, made = grand_prix(*[f"Team {n}" for n in range(teams)])
    for index in range(0, teams, 2):
        played(made[index], made[index + 1], event)
    # season, event, entrants, confirmed sums, trophies won, pairings
    with django_assert_num_queries(6 + 1):  # and the public data version
        response = get(client, "/seasons/2025/grand-prix/szeged/")
    assert response.status_code == 200
    assert len(response.json()["rows"]) == teams


@pytest.mark.parametrize("teams", [2, 6])
def test_the_season_query_count_does_not_grow(client, django_assert_num_queries, teams):
    championship_season(teams=teams, rounds=0)
    with django_assert_num_queries(3 + 1):  # season, competitions, teams, and the public data version
        response = get(client, "/seasons/2025/")
    assert response.status_code == 200
    assert len(response.json()["teams"]) == teams


# --- free games (R18) and the register (R20) -------------------------------------------------


def test_the_free_game_table_has_the_pages_figures(client):
    free_games(4)
    page = client.get(reverse("public:free_games", args=[2025])).context["table"].data
    data = answer(client, "/seasons/{year}/free-games/", "/seasons/2025/free-games/")
    assert [(r["place"], r["player"]["name"], r["games"], r["points"]) for r in data["rows"]] == [
        (row["place"], row["player"], row["games"], row["points"]) for row in page]


@pytest.mark.parametrize("players", [3, 9])
def test_the_free_game_query_count_does_not_grow(client, django_assert_num_queries, players):
    free_games(players)
    with django_assert_num_queries(4 + 1):  # season, competition, scores, players, and the public data version
        response = get(client, "/seasons/2025/free-games/")
    assert response.status_code == 200


def test_the_register_has_the_pages_rows_and_the_cups_awarded(client):
    trophy_register(3)
    page_rows = national_register()
    data = answer(client, "/register/", "/register/")
    assert [(r["place"], r["player"]["name"], r["points"], r["trophies"], r["best_trophy"]["name"], r["cups"])
            for r in data["rows"]] == [
        (row.place, row.player.name, row.points, row.trophy_count, str(row.best_trophy_name), row.cups)
        for row in page_rows]
    awarded = {(award["player"]["name"], award["threshold"]) for award in data["cups_awarded"]}
    assert ("Player 01", 2) in awarded and ("Player 00", 1) in awarded
    assert data["cups_awarded"][0]["reached_by"]["won_on"] == "2025-03-01"


@pytest.mark.parametrize("players", [2, 7])
def test_the_register_query_count_does_not_grow(client, django_assert_num_queries, players):
    trophy_register(players)
    with django_assert_num_queries(4 + 1):  # points, trophies, cups, cups awarded, and the public data version
        response = get(client, "/register/")
    assert response.status_code == 200


# --- a team and a match -----------------------------------------------------------------------


def test_a_team_has_its_players_and_confirmed_matches(client):
    season, (kings, owls) = championship_season(teams=2, rounds=1)
    data = answer(client, "/seasons/{year}/teams/{team_id}/", f"/seasons/2025/teams/{kings.pk}/")
    assert data["players"]["driver"]["name"] == kings.driver.name
    assert data["players"]["substitute"]["name"] == kings.substitute.name
    assert [(m["opponent"]["name"], m["score"], m["against"]) for m in data["matches"]] == [
        ("Team 01", 88, 93), ("Team 01", 93, 88)]
    assert get(client, "/seasons/2025/teams/999999/").status_code == 404


@pytest.mark.parametrize("rounds", [1, 4])
def test_the_team_query_count_does_not_grow(client, django_assert_num_queries, rounds):
    season, (kings, _owls) = championship_season(teams=2, rounds=rounds)
    with django_assert_num_queries(3 + 1):  # season, team with players, matches, and the public data version
        response = get(client, f"/seasons/2025/teams/{kings.pk}/")
    assert response.status_code == 200


def test_a_confirmed_match_has_its_hands_and_the_engines_lines(client):
    season, (kings, owls) = championship_season(teams=2, rounds=0)
    match = played(kings, owls, season.competitions.get())
    page = client.get(reverse("public:match", args=[2025, match.pk]))
    assert page.status_code == 200

    data = answer(client, "/seasons/{year}/matches/{match_id}/", f"/seasons/2025/matches/{match.pk}/")

    assert (data["score_a"], data["score_b"], data["hand_sum_a"], data["hand_sum_b"]) == (88, 93, 704, 746)
    assert [(hand["score_a"], hand["score_b"]) for hand in data["hands"]] == [
        (hand.score_a, hand.score_b) for hand in page.context["hands"]]
    first = data["hands"][0]
    assert first["announcements"][0]["feast"] == "pheasant"
    assert first["lines"] == match.hands.get(number=1).lines
    assert sum(line["points"] for line in first["lines"]["A"]) == first["raw_a"]


@pytest.mark.parametrize("quiet", [range(8), ()])
def test_the_match_query_count_does_not_grow(client, django_assert_num_queries, quiet):
    season, (kings, owls) = championship_season(teams=2, rounds=0)
    match = played(kings, owls, season.competitions.get(), records(quiet_hands=quiet))
    # season, match, hands, their announcements, their silent premiums
    with django_assert_num_queries(5 + 1):  # and the public data version
        response = get(client, f"/seasons/2025/matches/{match.pk}/")
    assert response.status_code == 200
    assert len(response.json()["hands"]) == 8
