"""`manage.py backup` and `manage.py restore`: the demo season written to one file and restored into
an emptied database shows the same standings, bracket, Grand Prix results and register, with its
users and its history."""

import datetime
import gzip
import json
import re
from io import StringIO
from types import SimpleNamespace

import pytest
from django.core.management import CommandError, call_command
from django.db.models import DateTimeField
from django.urls import reverse

from tests.factories import eight_hand_records, make_competition, make_match, make_player
from tests.web.test_rescore import backed_up
from tournaments.core.competitions.free_games import record_free_game
from tournaments.core.models import (
    Competition,
    FreeGame,
    FreeGameScore,
    GrandPrixEntry,
    Hand,
    HandDraft,
    Match,
    PlayerHand,
    Season,
    TeamLink,
    WordOverride,
)
from tournaments.recording.backup import BACKUP_FORMAT, backed_up_models, read_backup

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
CSRF_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')  # new on every page


def public_pages(client) -> dict[str, str]:
    """The pages a restore must give back unchanged, by address."""
    season = Season.objects.get()
    urls = [reverse("public:championship", args=[season.year]), reverse("public:cup", args=[season.year]),
            reverse("register:index"),
            reverse("register:awards"), reverse("register:competitions")]
    urls += [reverse("public:grand_prix", args=[season.year, slug]) for slug in
             Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).values_list("slug", flat=True)]
    urls += [reverse("public:match", args=[season.year, pk]) for pk in Match.objects.filter(
        state=Match.State.CONFIRMED).values_list("pk", flat=True)[:5]]
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        pages[url] = CSRF_TOKEN.sub("", response.content.decode())
    return pages


def facts_and_history():
    return {
        "users": sorted(Match.objects.model._meta.get_field("entered_by").related_model.objects.values_list(
            "username", "password", "is_staff")),
        "hands": sorted(Hand.objects.values_list("match_id", "number", "score_a", "score_b", "lines")),
        "history": sorted(Match.history.values_list("id", "version", "state", "history_change_reason",
                                                    "history_user__username")),
    }


# Committed for real (a flush, then a restore, as on a fresh database): the demo committed, the
# roles with it (committed_demo, tests/conftest.py).
@pytest.mark.django_db(transaction=True)
def test_a_demo_backup_restored_into_an_empty_database_shows_the_same_season(client, tmp_path, committed_demo):
    before, facts = public_pages(client), facts_and_history()
    path = tmp_path / "demo.json.gz"
    call_command("backup", str(path), stdout=StringIO())

    call_command("flush", interactive=False, verbosity=0)
    assert not Match.objects.exists()
    restored = StringIO()
    call_command("restore", str(path), stdout=restored)

    assert "0 difference(s) in the Cup ties, the free games' points and the trophy register" in restored.getvalue()
    assert public_pages(client) == before
    assert facts_and_history() == facts
    rescore = StringIO()
    call_command("rescore", stdout=rescore)
    assert rescore.getvalue().strip().endswith("0 differences found.")
    response = client.post(reverse("login"), {"username": "chief", "password": "tarokk-demo"})
    assert response.status_code == 302  # the users come back with their passwords


def test_the_backup_leaves_out_the_derived_scores(demo_season, tmp_path):
    path = tmp_path / "demo.json"
    call_command("backup", str(path), stdout=StringIO())

    rows = read_backup(path)
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == BACKUP_FORMAT
    hands = [row for row in rows if row["model"] == "tournaments.hand"]
    assert len(hands) == Hand.objects.count()
    assert all(row["fields"]["score_a"] is None and row["fields"]["lines"] is None for row in hands)
    assert any(row["model"] == "tournaments.historicalmatch" for row in rows)
    assert any(row["model"] == "auth.user" for row in rows)


def test_a_restore_refuses_a_database_that_is_not_empty(tmp_path):
    path = tmp_path / "empty.json"
    call_command("backup", str(path), stdout=StringIO())
    make_player()
    with pytest.raises(CommandError, match="already holds players"):
        call_command("restore", str(path), stdout=StringIO())


def test_a_restore_refuses_a_file_that_is_not_a_backup(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"format": "royal-tarokk-match/1"}', encoding="utf-8")
    with pytest.raises(CommandError, match="is not a backup"):
        call_command("restore", str(path), stdout=StringIO())


# --- times come back to the microsecond -------------------------------------------------------------

MOMENT = datetime.datetime(2025, 6, 1, 12, 30, 45, 123457, tzinfo=datetime.UTC)  # not on a millisecond


def time_fields() -> list[tuple]:
    return [(model, field.name) for model in backed_up_models() for field in model._meta.concrete_fields
            if isinstance(field, DateTimeField)]


def stored_times() -> dict:
    by_model: dict = {}
    for model, name in time_fields():
        by_model.setdefault(model, []).append(name)
    return {model._meta.label: list(model._base_manager.order_by("pk").values_list("pk", *names))
            for model, names in by_model.items()}


def a_season_with_exact_times():
    """The demo season's, a juror's hand as typed, and every time of every row set off a millisecond."""
    match = Match.objects.filter(state=Match.State.IN_ENTRY).first()
    HandDraft.objects.create(match=match, number=8, user=match.entered_by, fields={"a_trumps": "11"})
    FreeGameScore.objects.first().save()  # a history row (the game's scores are stored in bulk, without)
    GrandPrixEntry.objects.first().save()  # the same for the demo's Grand Prix entrants
    WordOverride.objects.create(kind="feast", key="pheasant", hungarian="Fáczán", international="Pheasant")
    link = TeamLink.objects.filter(ended_at=None).first()  # the demo gives today's matches their links
    PlayerHand.objects.create(match=link.match, number=1, fields={"a_trumps": "12"}, entered_by=link,
                              entered_at=MOMENT)  # a hand a team sent, not yet answered
    assert all(model._base_manager.exists() for model, _name in time_fields())  # every table with a time
    for offset, (model, name) in enumerate(time_fields()):
        model._base_manager.update(**{name: MOMENT + datetime.timedelta(days=offset, microseconds=offset)})
    return stored_times()


@pytest.mark.django_db(transaction=True)
def test_every_time_of_every_row_comes_back_to_the_microsecond(tmp_path, committed_demo):
    path = tmp_path / "times.json.gz"
    before = a_season_with_exact_times()
    call_command("backup", str(path), stdout=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    assert not Match.objects.exists()
    call_command("restore", str(path), stdout=StringIO())
    assert stored_times() == before


# --- a damaged file is refused in one line, and nothing is restored --------------------------------


def nothing_restored() -> bool:
    return not any(model._base_manager.exists() for model in backed_up_models())


def refusal(path) -> str:
    """The restore's one line of refusal, once it is sure the database stayed empty."""
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path), stdout=StringIO())
    message = str(refused.value)
    assert nothing_restored()
    assert "\n" not in message and "Traceback" not in message
    assert message.startswith(f"{path}: ") and message.endswith(". Nothing was restored.")
    return message


@pytest.fixture
def match_backup(tmp_path):
    """A backup of one confirmed match (its users, players, teams and hands) as JSON, the database
    left empty; ``rows(model)`` are its rows of a model, ``write()`` writes it back changed."""
    path = tmp_path / "match.json"
    match = backed_up(path, lambda: make_match(hand_records=eight_hand_records(), confirmed=True))
    document = json.loads(path.read_text(encoding="utf-8"))

    def rows(model):
        return [row for row in document["objects"] if row["model"] == model]

    def write(name="changed.json"):
        changed = tmp_path / name
        changed.write_text(json.dumps(document), encoding="utf-8")
        return changed

    return SimpleNamespace(path=path, match=match, document=document, rows=rows, write=write)


def test_a_missing_file_is_refused(tmp_path):
    assert "there is no such file" in refusal(tmp_path / "nowhere.json.gz")


def test_a_gzip_file_cut_short_is_refused(match_backup, tmp_path):
    whole = gzip.compress(match_backup.path.read_bytes())
    path = tmp_path / "cut.json.gz"
    path.write_bytes(whole[: len(whole) // 2])  # EOFError, which is no OSError
    assert "it is cut short" in refusal(path)


def test_a_file_named_gz_that_is_not_gzip_is_refused(match_backup, tmp_path):
    path = tmp_path / "plain.json.gz"
    path.write_bytes(match_backup.path.read_bytes())
    assert "it is not a gzip file, though its name ends in .gz" in refusal(path)


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "royal-tarokk-backup/1", "objects": [', encoding="utf-8")
    assert "it is not JSON: it goes wrong at line 1, column 49" in refusal(path)


def test_a_file_of_another_format_is_refused(tmp_path):
    path = tmp_path / "match.json"
    path.write_text('{"format": "royal-tarokk-match/1", "objects": []}', encoding="utf-8")
    assert "it is not a backup of this site" in refusal(path)


def test_a_file_whose_objects_are_not_a_list_is_refused(match_backup):
    match_backup.document["objects"] = {"rows": 1}
    assert "its “objects”, the rows of the backup, are not a list" in refusal(match_backup.write())


def test_a_row_that_is_not_an_object_is_refused(match_backup):
    match_backup.document["objects"].insert(3, ["tournaments.player", 1])
    assert "row 4 of the file: it is not a row (an object with its “model” and “fields”)" in refusal(
        match_backup.write())


def test_a_row_of_an_unknown_model_is_refused(match_backup):
    match_backup.document["objects"].append({"model": "auth.permission", "pk": 1, "fields": {}})
    assert "“auth.permission” is nothing this site keeps" in refusal(match_backup.write())


def test_a_row_with_a_field_the_model_does_not_have_is_refused(match_backup):
    match_backup.rows("tournaments.match")[0]["fields"]["colour"] = "red"
    assert "a match has no field “colour”" in refusal(match_backup.write())


def test_a_value_that_does_not_fit_its_field_is_refused(match_backup):
    match_backup.rows("tournaments.match")[0]["fields"]["played_on"] = "yesterday"
    assert (f"match {match_backup.match.pk}, date: “yesterday” value has an invalid date format"
            in refusal(match_backup.write()))


def test_a_feast_the_catalogue_does_not_hold_is_refused(match_backup):
    announcement = match_backup.rows("tournaments.announcement")[0]
    announcement["fields"]["feast"] = "tarokk"
    assert (f"announcement {announcement['pk']}, feast: Value 'tarokk' is not a valid choice"
            in refusal(match_backup.write()))


def test_a_reference_to_a_row_the_file_does_not_hold_is_refused(match_backup):
    match_backup.rows("tournaments.match")[0]["fields"]["team_a"] = 99999  # IntegrityError, on checking
    assert (f"match {match_backup.match.pk} names team 99999 as its team A, and the file holds no such team"
            in refusal(match_backup.write()))


def test_a_user_the_file_does_not_hold_is_refused(match_backup):
    match_backup.rows("tournaments.match")[0]["fields"]["entered_by"] = ["nobody"]
    assert (f"match {match_backup.match.pk}, entered by: names “nobody”, whom the file does not hold"
            in refusal(match_backup.write()))


# --- a fact the jury's entry would refuse is refused, naming it ------------------------------------


def test_a_hand_the_engine_refuses_is_named_with_its_match_hand_field_and_ruling(match_backup):
    """The file that once restored with exit 0 and left a confirmed match without a score (R5)."""
    match = match_backup.match
    hand = next(row for row in match_backup.rows("tournaments.hand") if row["fields"]["number"] == 3)
    hand["fields"]["a_trumps"] = 30
    message = refusal(match_backup.write())
    assert (f": Match {match.pk} ({match.team_a.name} – {match.team_b.name}), hand 3: A trumps: a team holds 6 to "
            f"16 trumps (at least 3 for each player), not 30 (R5)") in message


def test_a_confirmed_match_missing_a_hand_is_refused(match_backup):
    match = match_backup.match
    last = next(row for row in match_backup.rows("tournaments.hand") if row["fields"]["number"] == 8)
    match_backup.document["objects"] = [row for row in match_backup.document["objects"]
                                        if row is not last and row["fields"].get("hand") != last["pk"]]
    assert (f"Match {match.pk} ({match.team_a.name} – {match.team_b.name}): Hands: this match is exactly 8 hands, "
            f"not 7 (R13)") in refusal(match_backup.write())


def test_a_match_being_entered_with_a_hand_beyond_its_last_is_refused(match_backup):
    match_backup.rows("tournaments.match")[0]["fields"]["state"] = Match.State.IN_ENTRY
    hand = next(row for row in match_backup.rows("tournaments.hand") if row["fields"]["number"] == 8)
    hand["fields"]["number"] = 9
    assert "Hands: this match has hands 1 to 8, not a hand 9 (R13)" in refusal(match_backup.write())


def test_a_variant_game_whose_record_does_not_add_up_is_refused(tmp_path):
    """R18: the three players' card points add up to 130; this record's to 120."""
    def a_three_handed_game():
        players = [make_player(name) for name in ("Anna", "Bela", "Csaba")]
        record = {"format": "three-handed/1", "players": [
            {"name": player.membership_number, "card_points": points, "tricks": tricks, "dealer": index == 0}
            for index, (player, points, tricks) in enumerate(zip(players, (60, 40, 30), (10, 8, 7), strict=True))]}
        game = record_free_game(make_competition(Competition.Kind.FREE_GAMES), played_on=datetime.date(2025, 6, 1),
                                kind=FreeGame.Kind.VARIANT, variant=FreeGame.Variant.THREE_HANDED, record=record)
        FreeGame.objects.filter(pk=game.pk).update(record={**record, "players": [
            {**record["players"][0], "card_points": 50}, *record["players"][1:]]})
        return game

    path = tmp_path / "game.json"
    game = backed_up(path, a_three_handed_game)
    assert (f"Free game {game.pk} (Three-handed game, 2025-06-01): "
            "the three players' card points add up to 120, not 130 (R18)") in refusal(path)
