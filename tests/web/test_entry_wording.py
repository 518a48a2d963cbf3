"""Every refusal a juror can meet on the entry page, in words: the hand number and the field's
label, counted from one, plain words and the ruling; never a FORMAT.md path, the word FORMAT, a
Python value such as None or a quoted repr, or an index counted from zero. And the notation: unique
beginnings, Hungarian names with and without accents, suggestions for a word it does not know."""

import html
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from bench import hands
from scoring import Problem
from tests.factories import eight_hand_records, make_match, make_user
from tests.web.test_entry import form_data
from tournaments.core import bridge, words
from tournaments.core.models import Hand, Match
from tournaments.recording import notation, wording

pytestmark = pytest.mark.django_db

FORBIDDEN = re.compile(r"FORMAT|\bNone\b|\w+\[\d+\]|'[^'\s]+'")


@pytest.fixture
def jury(client):
    client.force_login(make_user("jury", username="alice"))


def typed_hand_page(client, **fields):
    """Hand 1 typed with ``fields`` changed (finished, so its problems show); the page reopened."""
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    data.update({f"h1-{name}": value for name, value in fields.items()})
    client.post(reverse("jury:save_hand", args=[match.pk, 1]), data)
    assert not Hand.objects.filter(match=match).exists()
    return html.unescape(client.get(reverse("jury:match", args=[match.pk])).content.decode())


def problems_of(page):
    """The summary's lines (each names the hand and the field)."""
    summary = page[page.index('id="problem-summary"'):].split("</div>")[0]
    return [re.sub(r"<[^>]+>", "", line).strip() for line in re.findall(r"<li>(.*?)</li>", summary, re.S)]


REFUSALS = [
    ({"a_trumps": ""}, "Hand 1 · A trumps: write the team's number of trumps (the Fool counts as a trump)"),
    ({"a_trumps": "4", "b_trumps": "18"},
     "Hand 1 · A trumps: a team holds 6 to 16 trumps (at least 3 for each player), not 4"),
    ({"a_honours": ""}, "Hand 1 · A honours: write how many honours the team holds: 0, 1 or 2"),
    ({"a_trumps": "13"}, "Hand 1 · Holdings: the two teams' trumps add up to 22 (one pack), not 23"),
    ({"a_honours": "2"}, "Hand 1 · Holdings: the two teams' honours add up to 2 (one pack), not 3"),
    ({"a_high": ""}, "Hand 1 · Holdings: XVIII is held by one of the two teams; write it under A or under B"),
    ({"a_high": "XVI XVIII"}, "Hand 1 · Holdings: XVI is held by one team only, not by both"),
    ({"a_high": "XX"}, "Hand 1 · A holds of XVI-XVIII: name only XVI, XVII, XVIII (or 16, 17, 18), not XX"),
    ({"announcements": "pheasant A.d I"},
     "Hand 1 · Announcements, line 1: say whether it was won or lost (won, lost, or w, l)"),
    ({"announcements": "flush A.d won"},
     "Hand 1 · Announcements, line 1: a message is neither won nor lost: it scores when announced; leave out won "
     "or lost"),
    ({"announcements": "flush A.d c=opp"}, "Hand 1 · Announcements, line 1: a message cannot be contra'd"),
    ({"announcements": "visi B.c won\nvisi B.d lost"},
     "Hand 1 · Announcements, line 2: team B already announced Visi of the same chain; keep only the final, "
     "highest announcement"),
    ({"announcements": "pheasant A.d XXI won"},
     "Hand 1 · Announcements, line 1: Pheasant declares magnifiers (a King or a Bird); these are not: XXI"),
    ({"announcements": "pheasant A.d won"},
     "Hand 1 · Announcements, line 1: Pheasant declares 1 magnifier(s) (a King or a Bird), not 0"),
    ({"announcements": "falcn A.d I won"},
     "Hand 1 · Announcements, one a line: line 1: “falcn” is not a feast; did you mean Falcon?"),
    ({"announcements": "pheasant A.x I won"},
     "Hand 1 · Announcements, one a line: line 1: “A.x” is not a seat (A.d, A.c, B.d or B.c), card (Kc, K♣, 10s or "
     "a trump XXI, 21, Fool), suit (hearts, diamonds, spades or clubs), contra (c=opp or c=par) or result (won or "
     "lost)"),
    ({"announcements": "pheasant I won"},
     "Hand 1 · Announcements, one a line: line 1: say who announced it (A.d, A.c, B.d or B.c)"),
    ({"announcements": "four_kings A.d"},
     "Hand 1 · Announcements, one a line: line 1: Four Kings is a silent premium: write it under Silent "
     "premiums, it is not announced."),
    ({"silent": "4k B, 4k A"},
     "Hand 1 · Silent premiums, item 2: Four Kings is achieved by one team only, once a hand"),
    ({"silent": "kings B"},
     "Hand 1 · Silent premiums: “kings” is not a silent premium; did you mean Four Kings?"),
    ({"silent": "zzz B"},
     "Hand 1 · Silent premiums: “zzz” is not a silent premium; the list of names is under Notation."),
    ({"silent": "four_kings"}, "Hand 1 · Silent premiums: “four_kings”: write a silent premium and a team, for "
                               "example 4k B"),
]


@pytest.mark.parametrize(("fields", "expected"), REFUSALS)
def test_each_refusal_reads_as_words(client, jury, fields, expected):
    page = typed_hand_page(client, **fields)
    shown = problems_of(page)
    assert expected in shown
    for line in shown:
        assert not FORBIDDEN.search(line), line
    body = page[page.index("<main"):]
    assert "FORMAT" not in body and "None" not in body
    hand = html.unescape(page[page.index('id="hand-1"'):].split("</form>")[0])
    sentence = expected.split(" · ", 1)[1].split(": ", 1)[1]
    assert hand.count(sentence) == 1  # once next to the field; the summary links to it


def test_empty_b_holdings_follow_from_a_and_are_not_errors(client, jury):
    page = typed_hand_page(client, a_trumps="", b_trumps="", b_honours="", b_high="")
    assert problems_of(page) == [
        "Hand 1 · A trumps: write the team's number of trumps (the Fool counts as a trump)"]


def test_the_problem_is_next_to_its_field_and_described_by_it(client, jury):
    page = typed_hand_page(client, a_trumps="13")
    field = re.search(r'<input[^>]*id="id_h1-a_trumps"[^>]*>', page)[0]
    assert 'aria-invalid="true"' in field and 'aria-describedby="id_h1-a_trumps-problems"' in field
    assert '<a href="#id_h1-a_trumps">' in page


def test_a_card_played_twice_reads_as_words_at_its_trick(client, jury):
    """R4: each card is played once; the trick is named counted from one, the seat by its name."""
    [record] = hands.random_hand_records(random.Random(7), 1, full=True)
    record["tricks"][1][0] = record["tricks"][0][0]  # the card that led trick 1 leads trick 2 again
    match = make_match()
    data = form_data([record])
    client.post(reverse("jury:save_hand", args=[match.pk, 1]), data)
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk])).content.decode())
    shown = problems_of(page)
    card = words.card_name(record["tricks"][0][0])  # by its name: "King of hearts", "Pagat"
    assert any(line.startswith("Hand 1 · Tricks, trick 2: ") and f"plays the {card}, already played to trick 1"
               in line for line in shown), shown
    for line in shown:
        assert not FORBIDDEN.search(line), line


def test_the_wording_follows_the_code_and_its_values_not_the_english():
    problem = Problem("holdings.A.trumps", "R5", "some English the page never reads", "trumps_out_of_range",
                      {"trumps": 4})
    assert str(wording.word(problem)) == ("A trumps: a team holds 6 to 16 trumps (at least 3 for each player), "
                                          "not 4")
    with translation.override("hu"):
        assert "4" in str(wording.word(problem)) and "trumps" not in str(wording.word(problem))


def test_every_code_worded_is_one_the_engine_or_the_site_gives():
    sources = "".join(path.read_text(encoding="utf-8") for folder in ("scoring", "tournaments")
                      for path in Path(folder).rglob("*.py") if path.name != "wording.py")
    assert [code for code in wording.SENTENCES if f'"{code}"' not in sources] == []


def test_a_message_not_recognised_is_still_cleaned():
    problem = Problem("announcements[2].suits", "FORMAT", "'purple' is not a suit of FORMAT.md; None given")
    text = str(wording.word(problem))
    assert text == "Announcements, line 3: “purple” is not a suit of the record format; empty given"


# --- the notation ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "feast"), [
    ("fácán", "pheasant"), ("facan", "pheasant"), ("FÁC", "pheasant"), ("huszonegyfogás", "mond_capture"),
    ("huszonegyfogas", "mond_capture"), ("xxi-fogás", "mond_capture"), ("xxi-f", "mond_capture"),
    ("pagátfogás", "pagat_capture"), ("pagatf", "pagat_capture"), ("volát", "slam"), ("volat", "slam"),
    ("piramis", "pyramid"), ("szfinx", "sphinx"), ("golgota", "golgotha"), ("hárpia", "harpy"),
    ("triumf", "triumph"), ("sólyom", "falcon"), ("phe", "pheasant"),
])
def test_hungarian_names_and_unique_beginnings_are_read(typed, feast):
    assert notation.parse_announcement(f"{typed} A.d", 1)["feast"] == feast


def test_hungarian_silent_premiums_are_read():
    assert notation.parse_silent("négykirály B, negyk A")[0] == {"premium": "four_kings", "team": "B"}
    assert notation.parse_silent("csendes-xxi-fogás A") == [{"premium": "silent_mond_capture", "team": "A"}]


def test_a_beginning_shared_by_several_feasts_suggests_them():
    with pytest.raises(notation.NotationError) as refused:
        notation.parse_announcement("ph A.d I won", 4)
    assert str(refused.value) == ("line 4: “ph” is not a feast; did you mean Pheasant or Pho Nothing?")


def test_the_help_shows_the_hungarian_names(client, jury):
    match = make_match()
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk])).content.decode())
    help_text = page[page.index('<details class="notation-help'):page.index("</details>")]
    assert "Mond Capture · <code>Huszonegyfogás</code> · <code>xxi-fogás</code>" in help_text
    assert "<code>Fácán</code>" in help_text and "<code>Négykirály</code>" in help_text


@pytest.mark.parametrize(("typed", "result"), [("nyert", "won"), ("Bukott", "lost"), ("w", "won")])
def test_a_hungarian_juror_writes_the_result_as_they_say_it(client, jury, typed, result):
    """A juror who types the result in Hungarian (nyert, bukott) has the hand stored, not refused."""
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    data["h1-announcements"] = f"fácán a.d i {typed}"
    response = client.post(reverse("jury:save_hand", args=[match.pk, 1]), data, headers={"accept-language": "hu"})
    assert response.status_code in (200, 302)
    stored = Hand.objects.get(match=match, number=1)
    assert [(a.feast, a.result) for a in stored.announcements.all()] == [("pheasant", result)]


def test_the_hungarian_refusal_of_a_missing_result_offers_the_hungarian_words(client, jury):
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    data["h1-announcements"] = "fácán a.d i"
    client.post(reverse("jury:save_hand", args=[match.pk, 1]), data, headers={"accept-language": "hu"})
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk]), headers={"accept-language": "hu"})
                         .content.decode())
    assert "1. leosztás · Bemondások, 1. sor: írja be, hogy nyert vagy bukott (nyert, bukott" in problems_of(page)[0]


def test_a_stored_hand_reads_back_in_hungarian_on_a_hungarian_page_and_stores_the_same(client, jury):
    """A juror who typed ``fácán a.d i nyert`` finds it shown back in Hungarian, not as the record's
    English ids (``pheasant A.d I won``); saved again unchanged, the hand is the same."""
    match = make_match()
    records = eight_hand_records()[:1]
    records[0]["announcements"] = [{"feast": "pagat_capture", "by": "A.driver", "result": "lost"}]
    records[0]["silent"] = [{"premium": "four_kings", "team": "B"}]
    client.post(reverse("jury:save_hand", args=[match.pk, 1]), form_data(records))
    hungarian = {"accept-language": "hu"}
    page = client.get(reverse("jury:match", args=[match.pk]), headers=hungarian).content.decode()
    shown = html.unescape(page[page.index('id="id_h1-announcements"'):]).split("</textarea>")[0]
    assert shown.endswith("pagátfogás A.h bukott")  # hajtó: the seat's role in the association's words
    assert 'value="négykirály B"' in html.unescape(page)
    english = client.get(reverse("jury:match", args=[match.pk]), headers={"accept-language": "en"}).content.decode()
    assert "pagat-capture A.d lost" in english  # the name, never the id

    with translation.override("hu"):
        as_shown = form_data(records)
    assert as_shown["h1-announcements"] == "pagátfogás A.h bukott"
    other = make_match()
    client.post(reverse("jury:save_hand", args=[other.pk, 1]), as_shown, headers=hungarian)
    stored = Hand.objects.get(match=other, number=1)
    assert [(a.feast, a.result) for a in stored.announcements.all()] == [("pagat_capture", "lost")]
    assert [(s.premium, s.team) for s in stored.silent_premiums.all()] == [("four_kings", "B")]


@pytest.mark.parametrize(("draft", "expected"), [
    (True, "R16: egy rögzítés alatt álló mérkőzésben 1–2 leosztás lehet, nem 8"),
    (False, "R16: ez a mérkőzés pontosan 2 leosztásból áll, nem 8"),
])
def test_a_tie_breakers_count_of_hands_reads_in_the_pages_language(draft, expected):
    """A tie-breaker is two hands (R16): eight hands uploaded for one are refused in words, never in
    the engine's English."""
    match = make_match(kind=Match.Kind.TIE_BREAKER)
    with pytest.raises(bridge.InvalidRecord) as refused, translation.override("hu"):
        bridge.check_match_records(match, eight_hand_records(), draft=draft)
    with translation.override("hu"):
        worded = wording.word(refused.value.problems[0])
    assert f"{worded.ruling}: {worded.text}" == expected
