"""Properties every scored hand has, over records hypothesis invents (R5, R7-R12)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import InvalidRecord, evaluate_hand, parse_hand
from scoring.feasts import FEASTS, MAGNIFIED_CHAIN, SILENT_PREMIUMS, Category, SuitRule
from tests.scoring.examples import examples

MAGNIFIERS = ["Kh", "Kd", "Ks", "Kc", "I", "II", "III", "IV"]
SUITS_FOR_RULE = {
    SuitRule.NONE: [],
    SuitRule.OPTIONAL_ONE: [],
    SuitRule.ANY_ONE: ["hearts"],
    SuitRule.ONE_BLACK: ["clubs"],
    SuitRule.RED_AND_BLACK: ["diamonds", "spades"],
}
SEATS = {"A": ["A.driver", "A.catcher"], "B": ["B.driver", "B.catcher"]}
# The Bound Tricks and the Scale family bind the XVIII..Fool to the same tricks (R9, R9b).
FIVE_BOUND_TRICKS = frozenset(FEASTS["scale"].fixed_bindings)
# Feasts that bind no declared card, bind nothing else, and sit outside the chains combine freely
# within R7/R9.
SIMPLE_FEASTS = sorted(
    feast_id for feast_id, feast in FEASTS.items()
    if feast.declared_cards == 0 and feast.chain is None and set(feast.fixed_bindings) <= FIVE_BOUND_TRICKS
    and not feast.suit_bindings
)
CHAINED = {}
for feast_id, feast in FEASTS.items():
    if feast.chain and feast.chain != MAGNIFIED_CHAIN and feast.declared_cards == 0:
        CHAINED.setdefault(feast.chain, []).append(feast_id)


@st.composite
def holdings(draw):
    trumps_a = draw(st.integers(6, 16))
    honours_a = draw(st.integers(0, 2))
    highs = draw(st.lists(st.booleans(), min_size=3, max_size=3))
    names = ["XVI", "XVII", "XVIII"]
    return {
        "A": {"trumps": trumps_a, "honours": honours_a,
              "high_trumps": [n for n, a in zip(names, highs, strict=True) if a]},
        "B": {"trumps": 22 - trumps_a, "honours": 2 - honours_a,
              "high_trumps": [n for n, a in zip(names, highs, strict=True) if not a]},
    }


@st.composite
def announcement(draw, feast_id, team, cards=()):
    feast = FEASTS[feast_id]
    item = {"feast": feast_id, "by": draw(st.sampled_from(SEATS[team])),
            "cards": list(cards), "suits": SUITS_FOR_RULE[feast.suits]}
    if not feast.is_message:
        item["contra"] = draw(st.sampled_from([None, "partner", "opponents"]))
        item["result"] = draw(st.sampled_from(["won", "lost"]))
    return item


@st.composite
def team_announcements(draw, team):
    """A set of announcements one team may hold together (R7 chains, R9 bindings)."""
    chosen = draw(st.lists(st.sampled_from(SIMPLE_FEASTS), unique=True, max_size=4))
    for members in CHAINED.values():
        if draw(st.booleans()):
            chosen.append(draw(st.sampled_from(members)))
    items = [draw(announcement(feast_id, team)) for feast_id in chosen]
    free_magnifiers = list(MAGNIFIERS)
    for feast_id in draw(st.lists(st.sampled_from(
            ["last_day_of_the_month", "before_the_end_of_the_month", "kite", "seize", "turul"]),
            unique=True, max_size=2)):
        card = free_magnifiers.pop(draw(st.integers(0, len(free_magnifiers) - 1)))
        items.append(draw(announcement(feast_id, team, [card])))
    return items


@st.composite
def hand_records(draw):
    announcements = draw(team_announcements("A")) + draw(team_announcements("B"))
    announcements = draw(st.permutations(announcements))
    silent = [
        {"premium": premium, "team": draw(st.sampled_from(["A", "B"]))}
        for premium in draw(st.lists(st.sampled_from(sorted(SILENT_PREMIUMS)), unique=True))
    ]
    return without_contradictions({
        "format": "royal-tarokk-hand/1",
        "attackers": draw(st.sampled_from(["A", "B"])),
        "holdings": draw(holdings()),
        "announcements": list(announcements),
        "silent": silent,
    })


def without_contradictions(record):
    """The record with the results that cannot all be true (R10b, R10c) taken back: the later of each
    contradicting pair of won results lost (R10b), or left out where it is a silent premium, a
    magnifier declared twice or an item whose implied facts disagree with another's (R10c: a lost
    feast claims something too). Results drawn at random contradict each other often (a Slam won
    beside any feast of the other team); the properties below are about scoring what can be true."""
    while True:
        try:
            parse_hand(record)
            return record
        except InvalidRecord as invalid:
            contradiction = next((p for p in invalid.problems if p.ruling in ("R10b", "R10c")), None)
            if contradiction is None:
                return record
        name, index, rest = re.match(r"(\w+)\[(\d+)\](.*)", contradiction.field).groups()
        items = list(record[name])
        if name == "announcements" and not rest and contradiction.ruling == "R10b":
            items[int(index)] = {**items[int(index)], "result": "lost"}
        else:
            del items[int(index)]
        record = {**record, name: items}


def swap_teams(record):
    """The same hand with the team labels exchanged."""
    swap = {"A": "B", "B": "A"}
    return {
        **record,
        "attackers": swap[record["attackers"]],
        "holdings": {"A": record["holdings"]["B"], "B": record["holdings"]["A"]},
        "announcements": [
            {**item, "by": swap[item["by"][0]] + item["by"][1:]} for item in record["announcements"]
        ],
        "silent": [{**entry, "team": swap[entry["team"]]} for entry in record["silent"]],
    }


PROPERTY_SETTINGS = settings(max_examples=examples(300), deadline=None)


@PROPERTY_SETTINGS
@given(hand_records())
def test_score_stays_within_zero_and_the_ceiling(record):
    """R12 step 5: the score is raw clamped to 0..ceiling."""
    for team in evaluate_hand(record).values():
        assert 0 <= team["score"] <= max(team["ceiling"], 0)
        assert team["score"] == min(max(team["raw"], 0), team["ceiling"])


@PROPERTY_SETTINGS
@given(hand_records())
def test_lines_add_up_to_raw(record):
    """R12 step 1: nothing is scored without a line."""
    for team in evaluate_hand(record).values():
        assert sum(line["points"] for line in team["lines"]) == team["raw"]


@PROPERTY_SETTINGS
@given(hand_records())
def test_swapping_the_team_labels_swaps_the_answers(record):
    answer, swapped = evaluate_hand(record), evaluate_hand(swap_teams(record))
    assert swapped == {"A": answer["B"], "B": answer["A"]}


@PROPERTY_SETTINGS
@given(hand_records())
def test_a_lost_trophy_worth_more_than_100_always_scores_zero(record):
    """R12 step 2."""
    answer = evaluate_hand(record)
    for item in record["announcements"]:
        feast = FEASTS[item["feast"]]
        if feast.category is Category.TROPHY and item.get("result") == "lost":
            assert answer[item["by"][0]]["score"] == 0


@PROPERTY_SETTINGS
@given(hand_records())
def test_consolation_never_exceeds_its_cap(record):
    """R5: at most 100 for the attackers and 90 for the defenders."""
    answer = evaluate_hand(record)
    for team, result in answer.items():
        consolation = result["lines"][0]
        assert consolation["item"] == "consolation"
        cap = 100 if team == record["attackers"] else 90
        assert 0 <= consolation["points"] <= cap
