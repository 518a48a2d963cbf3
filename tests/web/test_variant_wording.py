"""The variant scorers' problems in the jury's words, chosen by each problem's code and filled from
its values (scoring.problems), never read out of the scorer's English: the free-game forms
(test_free_game_entry.py) show them on their fields."""

from pathlib import Path

from django.utils import translation

from scoring import Problem
from tournaments.recording import variant_wording


class Form:
    """What the wording asks of a free-game form: its bonus rows and its players' names."""

    fields = {}

    def bonus_rows(self):
        return [1, 3]  # the record's bonuses come from the form's rows 1 and 3 (row 2 left empty)

    def names(self):
        return {"1000123": "Bela Kiss"}


def test_the_wording_follows_the_code_and_its_values_not_the_english():
    problem = Problem("bonuses[1]", "R18", "some English the page never reads", "bonus_listed_twice",
                      {"bonus": "marriage", "suit": "hearts", "side": "declarer", "earlier": "bonuses[0]"})
    field, text = variant_wording.word(problem, Form())
    assert text == "Marriage (hearts) of the declarer's side is already in bonus row 1 (R18)"
    too_few = Problem("players[0].card_points", "R18", "", "too_few_card_points",
                      {"player": "1000123", "card_points": 3, "cards": 24})
    assert variant_wording.word(too_few, Form())[1] == ("Bela Kiss cannot hold 3 card points in 24 cards: every card "
                                                        "counts at least 1 (R18)")
    with translation.override("hu"):
        hungarian = variant_wording.word(too_few, Form())[1]
    assert "Bela Kiss" in hungarian and "cannot" not in hungarian


def test_every_code_worded_is_one_the_scorers_give():
    sources = "".join(path.read_text(encoding="utf-8") for path in Path("scoring/variants").glob("*.py"))
    assert [code for code in variant_wording.SENTENCES if f'"{code}"' not in sources] == []
