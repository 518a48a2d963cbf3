"""`manage.py rescore` finds stored derived values that differ from what the facts give and, with
--fix, repairs them (ARCHITECTURE.md: every cached value can be rebuilt from the facts): hand and
match scores (R5-R13), Cup ties (R16), the variant free games' points (R18), the trophy register
and its cups (R20). Grand Prix results (R17) are not stored; they follow the repaired match scores.
A restore re-derives every one of them through the same rescore. A match whose stored facts a
juror's entry would refuse is reported, never scored."""

import datetime
from dataclasses import dataclass
from io import StringIO
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.db import transaction

from tests.factories import (
    eight_hand_records,
    engine_match_result,
    engine_scores,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
)
from tournaments.core.competitions import grand_prix
from tournaments.core.competitions.cup import enter_team, make_draw
from tournaments.core.competitions.free_games import record_free_game
from tournaments.core.models import (
    Competition,
    CupAward,
    CupTie,
    FreeGame,
    FreeGameScore,
    GrandPrixEntry,
    Hand,
    Match,
    TrophyWin,
)
from tournaments.recording import matches, rescoring

pytestmark = pytest.mark.django_db
SEPTEMBER = datetime.date(2025, 9, 1)


def rescore(*args):
    out = StringIO()
    call_command("rescore", *args, stdout=out)
    return out.getvalue()


def test_nothing_to_report_when_the_cache_is_right():
    make_match(hand_records=eight_hand_records())
    assert rescore().strip().endswith("0 differences found.")


def test_a_tampered_score_is_found_then_fixed():
    records = eight_hand_records()
    match = make_match(hand_records=records)
    hand_2_a, match_b = engine_scores(records[1])[0], engine_match_result(records)[1].score  # 80 and 93
    # The cache is tampered with, as only a bug or a hand in the database could: the check's subject.
    Hand.objects.filter(match=match, number=2).update(score_a=7)
    Match.objects.filter(pk=match.pk).update(score_b=1)

    report = rescore()
    assert f"match {match.pk} " in report
    assert f"hand 2: score_a stored 7, engine gives {hand_2_a}" in report
    assert f"score_b stored 1, engine gives {match_b}" in report
    assert Hand.objects.get(match=match, number=2).score_a == 7  # a dry run changes nothing

    report = rescore("--fix")
    assert "2 differences fixed." in report
    assert Hand.objects.get(match=match, number=2).score_a == hand_2_a
    assert Match.objects.get(pk=match.pk).score_b == match_b
    fixed = Hand.history.filter(id=Hand.objects.get(match=match, number=2).pk).first()
    assert fixed.history_change_reason.startswith("Rescore")
    assert rescore().strip().endswith("0 differences found.")


def test_dry_run_wins_over_fix():
    match = make_match(hand_records=eight_hand_records())
    Hand.objects.filter(match=match, number=1).update(raw_b=0)
    rescore("--fix", "--dry-run")
    assert Hand.objects.get(match=match, number=1).raw_b == 0  # reported, not repaired


# --- each kind of stored derived value: corrupted, reported, repaired, and re-derived by a restore -----


@dataclass
class Kind:
    """One kind of stored derived value: ``build()`` makes facts that derive it (returns what
    ``corrupt`` and ``right`` need), ``corrupt`` writes a wrong value straight into the database,
    ``line`` is in rescore's report of it, ``right`` says whether the stored value is the derived one.
    A backup leaves the hands' and matches' scores out (``in_file`` False); a restore repairs any
    other derived value the file holds, and says so."""

    build: object
    corrupt: object
    line: str
    right: object
    in_file: bool = True


def a_scored_match():
    return make_match(hand_records=eight_hand_records(), confirmed=True)


def a_decided_final():
    """A Cup final of Kings and Owls, three confirmed matches of A 88 : B 93 each: Owls win (R16)."""
    cup = make_competition(Competition.Kind.CUP)
    kings, owls = make_team("Kings"), make_team("Owls")
    for team in (kings, owls):
        enter_team(cup, team, on=datetime.date(2025, 8, 25))
    make_draw(cup, pairs=[(kings, owls)])
    tie = CupTie.objects.get(competition=cup)
    for _ in range(3):
        make_match(kings, owls, cup, eight_hand_records(), played_on=SEPTEMBER, cup_tie=tie, confirmed=True)
    return SimpleNamespace(tie=tie.pk, kings=kings.pk, owls=owls.pk)


def an_emperor_game():
    """R18: bid 2 Cards won with a partner: the declarer's side +2 each, the defenders -2."""
    players = [make_player(name) for name in ("Anna", "Bela", "Csaba", "Dora")]
    record = {"format": "emperor/1", "declarer": players[0].membership_number,
              "partner": players[1].membership_number,
              "defenders": [players[2].membership_number, players[3].membership_number],
              "bid": "two_cards", "contra": None, "card_points": 55, "tricks": 6, "bonuses": []}
    game = record_free_game(make_competition(Competition.Kind.FREE_GAMES), played_on=datetime.date(2025, 6, 1),
                            kind=FreeGame.Kind.VARIANT, variant=FreeGame.Variant.EMPEROR, record=record)
    return SimpleNamespace(game=game.pk, anna=players[0].pk, eve=make_player("Eve").pk)


def anna_points(built):
    return FreeGameScore.objects.filter(game=built.game, player=built.anna).values_list("points", flat=True).first()


def a_match_with_a_trophy():
    """A confirmed match whose hand 3 has a Spadille announced by A's driver and won (R11): one
    register entry of one point, which reaches the season's one cup, at 1 point (R20)."""
    make_season(cup_thresholds="1")
    records = eight_hand_records()
    records[2]["announcements"] = [{"feast": "spadille", "by": "A.driver", "contra": None, "result": "won"}]
    match = make_match(hand_records=records, confirmed=True)
    return SimpleNamespace(match=match.pk, driver=match.a_driver_id)


def standing_entries(built):
    return list(TrophyWin.objects.filter(match=built.match, withdrawn_on__isnull=True).values_list(
        "trophy", "player_id", "points"))


def a_grand_prix_match():
    """R17: a Grand Prix of two entrants and one confirmed match; the results are not stored."""
    event = make_competition(Competition.Kind.GRAND_PRIX)
    kings, owls = make_team("Kings"), make_team("Owls")
    for team in (kings, owls):
        GrandPrixEntry.objects.create(competition=event, team=team)
    match = make_match(kings, owls, event, eight_hand_records(), confirmed=True)
    return SimpleNamespace(event=event.pk, match=match.pk)


def grand_prix_totals(built):
    rows = grand_prix.results(Competition.objects.get(pk=built.event))
    return sorted((team.name, row.total) for row, team in rows)


KINDS = {
    "hand score": Kind(
        a_scored_match, lambda match: Hand.objects.filter(match=match, number=2).update(score_a=7),
        "hand 2: score_a stored 7, engine gives 80",
        lambda match: Hand.objects.get(match=match, number=2).score_a == 80, in_file=False),
    "hand lines": Kind(
        a_scored_match, lambda match: Hand.objects.filter(match=match, number=5).update(lines={"A": [], "B": []}),
        "hand 5: lines stored",
        lambda match: Hand.objects.get(match=match, number=5).lines["A"] != [], in_file=False),
    "match score": Kind(
        a_scored_match, lambda match: Match.objects.filter(pk=match.pk).update(score_b=1, hand_sum_a=3),
        "score_b stored 1, engine gives 93",
        lambda match: Match.objects.filter(pk=match.pk, score_b=93, hand_sum_a=704).exists(), in_file=False),
    "Cup tie winner": Kind(
        a_decided_final, lambda final: CupTie.objects.filter(pk=final.tie).update(winner=final.kings),
        "winner Kings, the scores give Owls", lambda final: CupTie.objects.get(pk=final.tie).winner_id == final.owls),
    "free game points": Kind(
        an_emperor_game, lambda built: FreeGameScore.objects.filter(player=built.anna).update(points=99),
        "points stored 99, the scorer gives 2", lambda built: anna_points(built) == 2),
    "free game points of another player": Kind(
        an_emperor_game, lambda built: FreeGameScore.objects.filter(player=built.anna).update(player=built.eve),
        "no points stored, the scorer gives 2",
        lambda built: anna_points(built) == 2 and not FreeGameScore.objects.filter(player=built.eve).exists()),
    "register entry": Kind(
        a_match_with_a_trophy, lambda built: TrophyWin.objects.filter(match=built.match).update(points=40),
        "differs in points", lambda built: standing_entries(built) == [("spadille", built.driver, 1)]),
    "trophy cup": Kind(
        a_match_with_a_trophy, lambda built: CupAward.objects.update(threshold=7),
        "missing cup for 1 points",
        lambda built: list(CupAward.objects.filter(withdrawn_on__isnull=True).values_list("threshold", flat=True))
        == [1]),
    "Grand Prix match hand sum": Kind(
        a_grand_prix_match, lambda built: Match.objects.filter(pk=built.match).update(hand_sum_b=2000),
        "hand_sum_b stored 2000, engine gives 746",
        lambda built: grand_prix_totals(built) == [("Kings", 704), ("Owls", 746)], in_file=False),
}


@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_a_corrupted_derived_value_is_reported_then_repaired(kind):
    built = kind.build()
    assert rescore().strip().endswith("0 differences found.")
    kind.corrupt(built)

    assert kind.line in rescore()
    assert not kind.right(built)  # a dry run changes nothing
    assert "fixed." in rescore("--fix")
    assert kind.right(built)
    assert rescore().strip().endswith("0 differences found.")


def backed_up(path, build):
    """What ``build()`` makes written to ``path`` by `backup`, then rolled back: the database is
    empty again for the restore. Returns what ``build`` returned."""
    with transaction.atomic():
        built = build()
        call_command("backup", str(path), stdout=StringIO())
        transaction.set_rollback(True)
    assert not Match.objects.exists() and not FreeGame.objects.exists()
    return built


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS.values(), ids=KINDS.keys())
def test_a_restore_rederives_a_corrupted_derived_value(kind, tmp_path):
    def corrupted():
        built = kind.build()
        kind.corrupt(built)
        return built

    built = backed_up(tmp_path / "corrupted.json", corrupted)
    out = StringIO()
    call_command("restore", str(tmp_path / "corrupted.json"), stdout=out)

    assert kind.right(built)
    assert (kind.line in out.getvalue()) == kind.in_file
    assert rescore().strip().endswith("0 differences found.")


# --- facts the jury's entry would refuse: reported, never scored -----------------------------------


def test_a_confirmed_match_missing_a_hand_is_reported_and_keeps_its_score():
    match = a_scored_match()
    Hand.objects.filter(match=match, number=8).delete()

    report = rescore("--fix")
    assert f"match {match.pk} ({match}): the stored facts are not valid, nothing derived: " in report
    assert "this match is exactly 8 hands, not 7" in report
    assert Match.objects.get(pk=match.pk).score_a == 88  # nothing derived from facts that do not hold


def test_a_stored_hand_the_engine_refuses_is_reported():
    match = a_scored_match()
    Hand.objects.filter(match=match, number=3).update(a_trumps=30)

    report = rescore()
    assert "Hand 3 · A trumps: a team holds 6 to 16 trumps (at least 3 for each player), not 30 (R5)" in report


def test_a_match_entered_hand_by_hand_with_gaps_is_checked_as_the_entry_checks_it():
    """Hands 1, 2 and 5 saved one by one (matches.record_hand): valid, attack alternating from
    hand 1 across the gap (R3); hand 5 with the wrong attackers is reported."""
    match = make_match()
    jury = make_user("jury")
    records = eight_hand_records()
    for number in (1, 2, 5):
        matches.record_hand(match, number, records[number - 1], user=jury)
    assert rescore().strip().endswith("0 differences found.")
    assert list(rescoring.invalid_facts()) == []

    Hand.objects.filter(match=match, number=5).update(attackers="B")
    assert "Hand 5 · Attackers: attack alternates from hand 1: team A attacks in hand 5 (R3)" in rescore()


def test_a_variant_game_whose_record_the_scorer_refuses_is_reported():
    built = an_emperor_game()
    FreeGame.objects.filter(pk=built.game).update(record={"format": "emperor/1", "bid": "nothing"})

    report = rescore("--fix")
    assert f"free game {built.game} (Emperor Tarokk, 2025-06-01): the stored record is not valid" in report
    assert anna_points(built) == 2  # nothing derived from a record that does not hold
