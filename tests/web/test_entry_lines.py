"""Readable lines: the jury's pages name each scored item (feast, contra, silent premium) as the
catalogue does, one row an item with A's and B's points side by side; the stored lines keep their
ids. The notation help lists every feast and silent premium from the catalogue."""

import copy
import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.feasts import FEASTS, SILENT_PREMIUMS
from tests.factories import eight_hand_records, make_match, make_user
from tests.web.test_entry import form_data
from tournaments.core import bridge
from tournaments.core.lines import line_name, line_rows
from tournaments.core.models import Hand
from tournaments.pages.entry import score_sheet_pdf
from tournaments.recording import matches, notation

pytestmark = pytest.mark.django_db

# tests/scoring/golden/hands/022 with B's four kings: A wins Third Pheasant (with the Pagat and the
# II: B holds every king, R10c) and called the contra on B's lost Fourth Pheasant.
PHEASANTS = {
    "format": "royal-tarokk-hand/1",
    "attackers": "A",
    "holdings": {"A": {"trumps": 12, "honours": 1, "high_trumps": ["XVII", "XVIII"]},
                 "B": {"trumps": 10, "honours": 1, "high_trumps": ["XVI"]}},
    "announcements": [
        {"feast": "third_pheasant", "by": "A.driver", "cards": ["I", "II"], "contra": None, "result": "won"},
        {"feast": "fourth_pheasant", "by": "B.driver", "cards": ["Ks", "Kc"], "contra": "opponents",
         "result": "lost"},
    ],
    "silent": [{"premium": "four_kings", "team": "B"}],
}
EXPECTED_ROWS = [  # (name, A, B): one row an item, A's lines first; a feast with the cards it declared
    ("Consolation", "75", "90"),
    ("Third Pheasant (I, II)", "60", ""),
    ("Contra on Fourth Pheasant (King of spades, King of clubs)", "20", ""),
    ("Fourth Pheasant (King of spades, King of clubs)", "", "-60"),
    ("Four Kings", "", "20"),
]


@pytest.fixture
def jury_client(client):
    client.force_login(make_user("jury"))
    return client


def result_rows(page, number=1):
    """(name, A's points, B's points) of each line row in hand ``number``'s result table."""
    start = page.index(f'id="hand-{number}-result"')
    table = page[start:page.index("</tbody>", start)]
    rows = re.findall(r'<tr data-item="[^"]*"><th scope="row">(.*?)</th><td>(.*?)</td><td>(.*?)</td></tr>', table)
    return [(html.unescape(name), a, b) for name, a, b in rows]


def test_the_saved_hand_shows_names_one_row_an_item(jury_client):
    match = make_match()
    matches.record_match(match, [copy.deepcopy(PHEASANTS)], user=make_user("jury"), draft=True)

    page = jury_client.get(reverse("jury:match", args=[match.pk])).content.decode()

    assert result_rows(page) == EXPECTED_ROWS
    stored = Hand.objects.get(match=match).lines  # the stored lines keep the engine's ids
    assert [line["item"] for line in stored["A"]] == ["consolation", "third_pheasant", "contra:fourth_pheasant"]
    assert [line["item"] for line in stored["B"]] == ["consolation", "fourth_pheasant", "four_kings"]


def test_the_live_preview_shows_the_same_rows(jury_client):
    match = make_match()
    response = jury_client.post(reverse("jury:preview", args=[match.pk]), form_data([PHEASANTS]))
    assert result_rows(response.content.decode()) == EXPECTED_ROWS
    assert bridge.evaluate_hand_record(copy.deepcopy(PHEASANTS))["A"]["score"] == 100


def test_every_row_is_one_item_even_when_both_teams_have_it():
    answer = {"A": {"lines": [{"item": "consolation", "points": 80}, {"item": "kite", "points": 30},
                              {"item": "kite", "points": -30}, {"item": "visi", "points": 1}]},
              "B": {"lines": [{"item": "consolation", "points": 90}, {"item": "visi", "points": 1},
                              {"item": "contra:kite", "points": 20}]}}
    rows = [(row["name"], row["A"], row["B"]) for row in line_rows(answer)]
    assert rows == [("Consolation", 80, 90), ("Kite", 30, None), ("Kite", -30, None), ("Visi", 1, 1),
                    ("Contra on Kite", None, 20)]


def test_every_catalogue_item_has_its_name():
    for feast in FEASTS.values():
        assert line_name(feast.id) == feast.name
        assert line_name(f"contra:{feast.id}") == f"Contra on {feast.name}"
    for premium in SILENT_PREMIUMS.values():
        assert line_name(premium.id) == premium.name
    assert line_name("consolation") == "Consolation"
    assert line_name("something_new") == "something_new"  # never hidden, shown as stored


def test_the_notation_help_lists_every_feast_and_premium(jury_client):
    match = make_match(hand_records=eight_hand_records())
    page = html.unescape(jury_client.get(reverse("jury:match", args=[match.pk])).content.decode())
    help_text = page[page.index('<details class="notation-help'):page.index("</details>")]

    spellings = notation.shortest_spellings(tuple(notation.FEAST_IDS))
    for feast in FEASTS.values():
        assert f"<li><code>{spellings[feast.id]}</code> {feast.name}" in help_text
    for premium in SILENT_PREMIUMS.values():
        assert premium.name in help_text
    assert "<code>4</code> Four Kings · <code>Négykirály</code> · <code>4k</code>" in help_text


def test_each_spelling_in_the_help_reads_as_its_feast():
    spellings = notation.feast_help()
    assert len(spellings) == len(FEASTS)
    for feast_id, spelling, _name, _hungarian in spellings:
        record = notation.parse_announcement(f"{spelling} A.d", 1)
        assert record["feast"] == feast_id
        if spelling != feast_id:  # the shortest: one letter less names another feast or none
            assert notation.resolve(spelling[:-1], notation.FEAST_IDS) != feast_id
    shortest = [short for _id, short, _name, _hungarian in notation.premium_help()]
    assert notation.parse_silent(", ".join(f"{short} A" for short in shortest)) == [
        {"premium": premium_id, "team": "A"} for premium_id in SILENT_PREMIUMS]


@pytest.mark.django_db
def test_of_two_spellings_as_short_the_help_names_the_hungarian_in_every_process():
    """The Griff (international Seize) and the Szfinx (Sphinx): three letters of either name read as
    the feast; the help shows the Hungarian one's, whatever the process's hash seed (a set's order
    once chose, so two workers could show "gri" and "sei")."""
    with translation.override("hu"):
        spellings = notation.shortest_spellings(tuple(notation.FEAST_IDS))

    assert (spellings["seize"], spellings["sphinx"]) == ("gri", "szf")


# An Ultimó on the Pagat with the opponents' contra, and B's lost Kite on the King of hearts.
ULTIMO = {**copy.deepcopy(PHEASANTS), "silent": [], "announcements": [
    {"feast": "last_day_of_the_month", "by": "A.driver", "cards": ["I"], "contra": "opponents", "result": "won"},
    {"feast": "kite", "by": "B.catcher", "cards": ["Kh"], "contra": None, "result": "lost"},
]}


def test_a_feast_on_a_card_names_its_card_wherever_the_lines_are_listed(jury_client):
    """The jury's page, the preview, the filled score sheet (PDF) and the online table's replay all
    list the lines through line_rows with the hand's record: "Ultimó (pagát)", never "Ultimó" alone."""
    match = make_match(hand_records=[copy.deepcopy(ULTIMO)] + eight_hand_records()[1:], confirmed=True)
    expected = [("Kompenzáció", "75", "90"), ("Ultimó (pagát)", "10", ""),
                ("Kontra: Ultimó (pagát)", "", "-10"), ("Sárkány (kőr király)", "", "-30")]

    page = jury_client.get(reverse("jury:match", args=[match.pk]), headers={"Accept-Language": "hu"})
    preview = jury_client.post(reverse("jury:preview", args=[match.pk]), form_data([ULTIMO]),
                               headers={"Accept-Language": "hu"})

    assert result_rows(page.content.decode()) == expected
    assert result_rows(preview.content.decode()) == expected
    with translation.override("hu"):
        sheet = score_sheet_pdf._hand_rows(match)[0]["lines"]
        assert [(row["name"], row["A"], row["B"]) for row in sheet] == [
            (name, int(a) if a else None, int(b) if b else None) for name, a, b in expected]


def test_the_same_feast_on_two_cards_is_two_rows_and_on_one_card_for_both_teams_one():
    answer = {"A": {"lines": [{"item": "consolation", "points": 80}, {"item": "kite", "points": 30},
                              {"item": "kite", "points": -30}]},
              "B": {"lines": [{"item": "consolation", "points": 90}]}}
    record = {"announcements": [
        {"feast": "kite", "by": "A.driver", "cards": ["Kh"], "contra": None, "result": "won"},
        {"feast": "kite", "by": "A.catcher", "cards": ["Kd"], "contra": None, "result": "lost"}]}

    rows = [(row["name"], row["A"], row["B"]) for row in line_rows(answer, record)]

    assert rows == [("Consolation", 80, 90), ("Kite (King of hearts)", 30, None),
                    ("Kite (King of diamonds)", -30, None)]
