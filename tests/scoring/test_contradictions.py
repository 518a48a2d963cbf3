"""R10b, R10c: results that cannot all be true are refused, each problem naming both items; and
R10a: a full record may leave out a silent premium its team's own announced feast covers.

The contradictions are read from what each item of a record implies of the play (scoring.implied);
that reading is checked here against real plays: whatever a generated or hand-built hand's tricks
decide, every fact its results, silent premiums, holdings and deal imply is true of those tricks,
and no lost feast's whole definition is, so a record reduced from a real play is never refused.
The R10c cases themselves are golden records (tests/scoring/golden/hands, 102 onwards)."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings

from scoring import InvalidRecord, check_hand, evaluate_hand, parse_hand
from scoring.adjudicate import Facts, adjudicate
from scoring.cards import Team
from scoring.contradictions import items
from scoring.generate import random_hand, results_of, table_hand
from scoring.implied import CARD_BIT, Picture, tricks_of
from scoring.play import bindings_of, play_out
from tests.scoring.examples import examples
from tests.scoring.test_generate_properties import SEEDS, dominant_deal

ADJUDICATION = Path(__file__).parent / "adjudication"
GOLDEN = Path(__file__).parent / "golden" / "hands"
HOLDINGS = {"A": {"trumps": 11, "honours": 1, "high_trumps": ["XVI"]},
            "B": {"trumps": 11, "honours": 1, "high_trumps": ["XVII", "XVIII"]}}


def results_hand(*announcements, silent=(), **record):
    return {"format": "royal-tarokk-hand/1", "attackers": "A", "holdings": HOLDINGS,
            "announcements": list(announcements), "silent": list(silent), **record}


def feast(feast_id, by, result="won", cards=None):
    item = {"feast": feast_id, "by": by, "contra": None, "result": result}
    if cards:
        item["cards"] = cards
    return item


def silent(premium, team):
    return {"premium": premium, "team": team}


def refusals(record):
    try:
        evaluate_hand(record)
    except InvalidRecord as invalid:
        return [problem for problem in invalid.problems if problem.ruling in ("R10b", "R10c")]
    return []


# --- every claim is true of the play it comes from --------------------------------------------


def facts_of(hand) -> Facts:
    bindings = bindings_of((a for a in hand.announcements if not a.feast.is_message), hand.deal)
    played, problems = play_out(hand.deal, hand.attackers, hand.tricks, bindings)
    assert problems == []
    return Facts(played)


def holds(picture: Picture, facts: Facts) -> bool:
    """Every fact of the picture is true of the play."""
    for side, team in enumerate((Team.A, Team.B)):
        if not all(facts.won(team, number) for number in tricks_of(picture.tricks[side])):
            return False
        if not picture.least[side] <= facts.tricks_won[team] <= picture.most[side]:
            return False
        if facts.captured[team] & picture.takers[side] != picture.takers[side]:
            return False
        if any(facts.dealt_to_team(card) is not team for card, bit in CARD_BIT.items() if picture.holders[side] & bit):
            return False
    return (all(mask >> facts.falls_in(card) & 1 for card, mask in picture.places)
            and all(facts.tricks[number].winning_card is card for number, card in picture.winners))


def assert_claims_true(hand) -> None:
    """What each item of an adjudicated hand implies (with its holdings, and with its deal), the
    tricks show; what a lost feast denies, they do not show in full; and its results-mode record,
    with or without the deal, is accepted."""
    facts = facts_of(hand)
    found = items(hand.announcements, hand.silent, hand.attackers, hand.holdings, None)
    found += items((), (), hand.attackers, hand.holdings, hand.deal)
    for item in found:
        assert holds(item.picture, facts), item
        assert not any(holds(denied, facts) for denied in item.picture.unless), item
    assert refusals(results_of(hand).as_record()) == []
    assert refusals(replace(results_of(hand), deal=hand.deal).as_record()) == []


@settings(max_examples=examples(300), deadline=None)
@given(SEEDS)
def test_what_the_results_of_a_random_play_claim_is_true_of_it(seed):
    rng = random.Random(seed)
    assert_claims_true(adjudicate(random_hand(rng, strong=rng.choice([None, Team.A, Team.B]))))


@settings(max_examples=examples(150), deadline=None)
@given(SEEDS)
def test_what_the_results_of_a_dominant_play_claim_is_true_of_it(seed):
    """Deals where A holds the high trumps: slams and the trophies that win all tricks are won."""
    rng = random.Random(seed)
    assert_claims_true(adjudicate(random_hand(rng, attackers=Team.A, deal=dominant_deal(rng), strong=Team.A)))


@settings(max_examples=examples(100), deadline=None)
@given(SEEDS)
def test_a_table_hand_is_never_refused(seed):
    """The demo's hands (scoring.generate.table_hand), reduced to results, are accepted."""
    assert_claims_true(table_hand(random.Random(seed)))


@pytest.mark.parametrize("path", sorted(ADJUDICATION.glob("*.json")), ids=lambda path: path.stem)
def test_what_the_hand_built_plays_claim_is_true_of_them(path):
    """The hand-built plays win the rare trophies (Royal, Grand, Stella, Pyramid, ...)."""
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    try:
        hand = check_hand(record)
    except InvalidRecord:
        pytest.skip("a play refused on purpose")
    assert_claims_true(hand)


# --- R10b: what is refused, and what is not ----------------------------------------------------

CONTRADICTIONS = [
    # (what, the record, the problem's code, field and params beyond the two items)
    ("A's Slam with B's Play won", results_hand(feast("slam", "A.driver"), feast("play", "B.driver")),
     "all_tricks_taken", "announcements[1]", {}),
    ("A's Slam with B's Piccolo won", results_hand(feast("piccolo", "B.driver"), feast("slam", "A.catcher")),
     "all_tricks_taken", "announcements[1]", {}),
    ("A's Grand (all tricks) with B's Visi won", results_hand(feast("grand", "A.driver"), feast("visi", "B.driver")),
     "all_tricks_taken", "announcements[1]", {}),
    ("Obscure for A with B's Slam won", results_hand(feast("slam", "B.driver"), silent=[silent("obscure", "A")]),
     "all_tricks_taken", "announcements[0]", {}),
    ("Obscure for A with B's Cash won", results_hand(feast("cash", "B.driver"), silent=[silent("obscure", "A")]),
     "obscure_contradicted", "announcements[0]", {}),
    ("Obscure for A with B's Falcon won",
     results_hand(feast("falcon", "B.catcher", cards=["III"]), silent=[silent("obscure", "A")]),
     "obscure_contradicted", "announcements[0]", {}),
    ("Obscure for A with B's Large Bird won",
     results_hand(feast("large_bird", "B.catcher"), silent=[silent("obscure", "A")]),
     "obscure_contradicted", "announcements[0]", {}),
    ("A's Marriage with B's Schleicher won",
     results_hand(feast("marriage", "A.driver") | {"suits": ["hearts"]}, feast("schleicher", "B.driver")),
     "trick_won_by_both", "announcements[1]", {"trick": 9}),
    ("A's Pheasant with B's Piccolo won",
     results_hand(feast("pheasant", "A.driver", cards=["Kh"]), feast("piccolo", "B.driver")),
     "trick_won_by_both", "announcements[1]", {"trick": 1}),
    ("A's Octave with B's Piccolo won", results_hand(feast("octave", "A.driver"), feast("piccolo", "B.driver")),
     "too_many_tricks", "announcements[1]", {"tricks": 8, "other_tricks": 3}),
    ("A's Lie in Wait with B's Pagat Capture won",
     results_hand(feast("pagat_capture", "B.catcher"), silent=[silent("lie_in_wait", "A")]),
     "card_captured_by_both", "announcements[0]", {"card": "I"}),
    ("A's Pagat Capture and B's Pagat Capture won",
     results_hand(feast("pagat_capture", "A.catcher"), feast("pagat_capture", "B.catcher")),
     "card_captured_by_both", "announcements[1]", {"card": "I"}),
    ("A's Golgotha with B's Pheasant won with the Pagat",
     results_hand(feast("golgotha", "A.driver"), feast("pheasant", "B.driver", cards=["I"])),
     "card_captured_by_both", "announcements[1]", {"card": "I"}),
    ("A's Mond Capture with B's Silent Mond Capture",
     results_hand(feast("mond_capture", "A.driver"), silent=[silent("silent_mond_capture", "B")]),
     "card_captured_by_both", "announcements[0]", {"card": "XXI"}),
    ("A's Heads with B's Centaur won", results_hand(feast("heads", "A.driver"), feast("centaur", "B.driver")),
     "card_captured_by_both", "announcements[1]", {"card": "XXI"}),
]


@pytest.mark.parametrize(("record", "code", "field", "params"), [case[1:] for case in CONTRADICTIONS],
                         ids=[case[0] for case in CONTRADICTIONS])
def test_results_that_cannot_all_be_true_are_refused_naming_both(record, code, field, params):
    """R10b."""
    [problem] = refusals(record)
    assert (problem.code, problem.field, problem.ruling) == (code, field, "R10b")
    named = {problem.params["item"], problem.params["other_item"]}
    claimed = {item["feast"] for item in record["announcements"]} | {item["premium"] for item in record["silent"]}
    assert named <= claimed
    assert {problem.params["team"], problem.params["other_team"]} == {"A", "B"}
    assert params.items() <= problem.params.items()


def test_the_problem_names_both_items_and_their_lines():
    [problem] = refusals(results_hand(feast("slam", "A.driver"), feast("play", "B.driver")))
    assert problem.params == {"item": "slam", "team": "A", "index": 0,
                              "other_item": "play", "other_team": "B", "other_index": 1}
    assert str(problem) == ("announcements[1]: R10b: team A's Slam (announcements[0]) wins all ten tricks, so "
                            "team B's Play (announcements[1]) cannot also be true")


def test_a_silent_premium_is_named_without_a_line():
    [problem] = refusals(results_hand(feast("slam", "B.driver"), silent=[silent("obscure", "A")]))
    assert (problem.params["other_item"], problem.params["other_index"]) == ("obscure", None)


def test_every_contradiction_is_reported_at_once():
    """A Slam against three items of the other team: three problems, one on each line or premium."""
    record = results_hand(feast("slam", "A.driver"), feast("play", "B.driver"), feast("visi", "B.catcher"),
                          silent=[silent("four_kings", "B")])
    assert sorted(problem.field for problem in refusals(record)) == [
        "announcements[0]", "announcements[1]", "announcements[2]"]


def test_contradictions_come_with_the_records_other_problems():
    record = results_hand(feast("slam", "A.driver"), feast("play", "B.driver"))
    record["holdings"] = {**HOLDINGS, "A": {**HOLDINGS["A"], "trumps": 12}}
    with pytest.raises(InvalidRecord) as refused:
        evaluate_hand(record)
    assert {problem.ruling for problem in refused.value.problems} == {"R5", "R10b"}


NOT_CONTRADICTIONS = [
    ("A's Slam won with B's Play lost", results_hand(feast("slam", "A.driver"), feast("play", "B.driver", "lost"))),
    ("A's Slam lost with B's Play won", results_hand(feast("slam", "A.driver", "lost"), feast("play", "B.driver"))),
    ("A's Slam with its own Lie in Wait",
     results_hand(feast("slam", "A.driver"), silent=[silent("lie_in_wait", "A")])),
    ("A's Slam with B's message", results_hand(feast("slam", "A.driver"), feast("flush", "B.driver") | {
        "contra": None, "result": None})),
    ("Obscure for A with B's Play won (tricks 6-10)",
     results_hand(feast("play", "B.driver"), silent=[silent("obscure", "A")])),
    ("Obscure for A with B's Turul won (trick 6)",
     results_hand(feast("turul", "B.driver", cards=["Kc"]), silent=[silent("obscure", "A")])),
    ("Obscure for A with B's Cash lost", results_hand(feast("cash", "B.driver", "lost"),
                                                      silent=[silent("obscure", "A")])),
    ("A's Octave (8) with B's Marriage (9 and 10)",
     results_hand(feast("octave", "A.driver"), feast("marriage", "B.driver") | {"suits": ["clubs"]})),
    ("A's Kite (trick 8) with B's Schleicher (9 and 10)",
     results_hand(feast("kite", "A.driver", cards=["II"]), feast("schleicher", "B.driver"))),
    ("A's Lie in Wait with B's Pagat Capture lost",
     results_hand(feast("pagat_capture", "B.catcher", "lost"), silent=[silent("lie_in_wait", "A")])),
    ("A's Lie in Wait with B's Silent Mond Capture (two cards)",
     results_hand(silent=[silent("lie_in_wait", "A"), silent("silent_mond_capture", "B")])),
    ("A's Honour with B's Mond Capture (A's honour may be the Fool)",
     results_hand(feast("honour", "A.driver"), feast("mond_capture", "B.driver"))),
    ("A's Pheasant with the Pagat and B's Pagat Capture lost",
     results_hand(feast("pheasant", "A.driver", cards=["I"]), feast("pagat_capture", "B.driver", "lost"))),
    ("A.driver and B.driver declaring different magnifiers",
     results_hand(feast("pheasant", "A.driver", cards=["Kh"]), feast("turul", "B.driver", cards=["Kd"]))),
]


@pytest.mark.parametrize("record", [case[1] for case in NOT_CONTRADICTIONS],
                         ids=[case[0] for case in NOT_CONTRADICTIONS])
def test_results_that_can_all_be_true_are_accepted(record):
    """R10b refuses only what cannot be true."""
    evaluate_hand(record)


def test_two_seats_declaring_one_magnifier_are_refused():
    """R9, R10b: one player holds the King of hearts."""
    record = results_hand(feast("pheasant", "A.driver", "lost", ["Kh"]), feast("turul", "B.catcher", "lost", ["Kh"]))
    [problem] = refusals(record)
    assert (problem.field, problem.code) == ("announcements[1].cards", "magnifier_declared_by_two_seats")
    assert problem.params == {"card": "Kh", "seat": "B.catcher", "feast": "turul", "other_seat": "A.driver",
                              "other_feast": "pheasant", "other_index": 0}


def test_with_the_deal_the_holder_of_a_declared_magnifier_is_known():
    """With the deal given, the seat that does not hold the card is refused under R9 instead."""
    golden = json.loads((GOLDEN / "089_invalid_declared_king_not_held.json").read_text(encoding="utf-8"))
    record = golden["record"]
    record["announcements"].append(feast("turul", "B.driver", "lost", ["Kd"]))
    with pytest.raises(InvalidRecord) as refused:
        parse_hand(record)
    assert [(p.field, p.code) for p in refused.value.problems] == [
        ("announcements[0].cards", "declared_cards_not_held"), ("announcements[1].cards", "declared_cards_not_held")]


# --- R10a: a covered silent premium need not be listed -----------------------------------------


def golden_record(name):
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))["record"]


def test_a_full_record_may_leave_out_obscure_under_its_own_free_pass():
    """R10a: A announced Play and took the first five tricks; Obscure is not scored, need not be listed."""
    record = golden_record("092_full_record_leaves_out_obscure_under_its_free_pass.json")
    assert ("obscure", Team.A) in {(entry.premium.id, entry.team) for entry in check_hand(record).silent}
    items = [line["item"] for line in evaluate_hand(record)["A"]["lines"]]
    assert "obscure" not in items and "play" in items


def test_listing_the_covered_obscure_is_accepted_and_not_scored():
    record = golden_record("092_full_record_leaves_out_obscure_under_its_free_pass.json")
    record["silent"].append(silent("obscure", "A"))
    left_out = evaluate_hand(golden_record("092_full_record_leaves_out_obscure_under_its_free_pass.json"))
    assert evaluate_hand(record) == left_out


def test_an_obscure_not_covered_must_still_be_listed():
    """Without the free pass, the tricks show an Obscure that R10 scores: leaving it out is refused."""
    record = golden_record("092_full_record_leaves_out_obscure_under_its_free_pass.json")
    record["announcements"] = []
    with pytest.raises(InvalidRecord) as refused:
        evaluate_hand(record)
    assert [(p.code, p.params) for p in refused.value.problems] == [
        ("premium_not_listed", {"premium": "obscure", "team": "A"})]


def test_a_full_record_may_leave_out_lie_in_wait_under_pagat_capture():
    """R10a: Pagat Capture covers Lie in Wait (R10)."""
    record = golden_record("093_full_record_leaves_out_lie_in_wait_under_pagat_capture.json")
    assert record["silent"] == []
    assert ("lie_in_wait", Team.A) in {(entry.premium.id, entry.team) for entry in check_hand(record).silent}
    assert [line["item"] for line in evaluate_hand(record)["A"]["lines"]] == ["consolation", "pagat_capture"]


def test_a_premium_covered_by_the_other_teams_feast_must_still_be_listed():
    """R10 covers only by the team's own announcement: B's Pagat Capture does not cover A's Lie in Wait."""
    record = golden_record("093_full_record_leaves_out_lie_in_wait_under_pagat_capture.json")
    record["announcements"][0]["by"] = "B.catcher"
    record["announcements"][0]["result"] = "lost"
    with pytest.raises(InvalidRecord) as refused:
        evaluate_hand(record)
    assert ("premium_not_listed", {"premium": "lie_in_wait", "team": "A"}) in [
        (p.code, p.params) for p in refused.value.problems]
