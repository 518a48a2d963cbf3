"""R6a on the site: a Number of a Suit or Trumps message says its number wherever it goes. Everyone
at the online table hears it ("4 kőr"), the jury writes and reads it (``4 kőr A.h``, ``9 tarokk
B.f``), the stored hand, the history, the API and rescore keep it; a number the deal disagrees with
is refused in words with the ruling; a hand stored before R6a, its message saying no number, shows
as it did."""

import copy
import html
import json
import random
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from scoring import table as rules
from scoring.cards import SEATS_BY_NAME, Suit
from tests.factories import (
    eight_hand_records,
    logged_in_user,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_user,
)
from tests.scoring.table_moves import an_offered_move
from tests.web.table_play import seat_of
from tests.web.test_entry import form_data
from tournaments.core import bridge
from tournaments.core.models import Announcement, Competition, Hand, TableAction
from tournaments.pages.table.wording import refusal_text
from tournaments.recording import rescoring, tables

pytestmark = pytest.mark.django_db

GOLDEN = Path(__file__).parents[1] / "scoring" / "golden" / "hands"


def golden_record(name):
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))["record"]


@pytest.fixture
def jury(client):
    return logged_in_user(client, "jury", "alice")


def page_text(client, match):
    return html.unescape(client.get(reverse("jury:match", args=[match.pk])).content.decode())


def save_hand_1(client, match, **fields):
    data = form_data(eight_hand_records()[:1])
    data.update({f"h1-{name}": value for name, value in fields.items()})
    return client.post(reverse("jury:save_hand", args=[match.pk, 1]), data)


# --- the jury's notation ---------------------------------------------------------------------------


def test_r6a_the_jury_writes_4_kor_and_9_tarokk_and_the_numbers_are_stored_and_read_back(client, jury):
    match = make_match()
    save_hand_1(client, match, announcements="pheasant A.d I won\n3 kőr A.d\ntarokkszám B.c 9 tarokk")
    stored = list(Announcement.objects.filter(hand__match=match).order_by("position")
                  .values_list("feast", "seat", "suits", "number"))
    assert stored == [("pheasant", "A.driver", "", None), ("suit_count", "A.driver", "hearts", 3),
                      ("trumps", "B.catcher", "", 9)]
    page = page_text(client, match)
    # Written back in the notation, as the jury may type it again.
    assert "number-of-a-suit A.d 3 hearts\ntrumps B.c 9 trumps" in page


def test_r6a_what_we_understood_says_the_number_in_the_pages_language(client, jury):
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    data["h1-announcements"] = "3 kőr A.h\n9 tarokk B.f"
    text = html.unescape(client.post(reverse("jury:preview", args=[match.pk]), data,
                                     headers={"accept-language": "hu"}).content.decode())
    assert "Színhossz, A hajtó, 3 kőr" in text and "Tarokkszám, B fogó, 9 tarokk" in text


def test_r6a_the_legend_shows_how_a_message_says_its_number(client, jury):
    match = make_match()
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk]),
                                    headers={"accept-language": "hu"}).content.decode())
    legend = page[page.index('id="notation-legend"'):]
    assert "Az üzenet száma" in legend
    assert "<code>3 kőr A.h</code>" in legend and "<code>9 tarokk B.f</code>" in legend


def test_r6a_a_number_the_deal_disagrees_with_is_refused_in_words_with_the_ruling(client, jury):
    record = golden_record("140_messages_say_their_number_with_the_deal.json")
    record["announcements"][1]["number"] = 3  # A.catcher holds Ks and Qs
    match = make_match()
    client.post(reverse("jury:save_hand", args=[match.pk, 1]), form_data([record]))
    assert not Hand.objects.filter(match=match).exists()  # nothing refused is stored
    page = page_text(client, match)
    assert "Hand 1 · Announcements, line 2: A catcher holds 2 spades, not 3 spades: a message says the actual " \
           "number" in page
    hand = page[page.index('id="hand-1"'):].split("</form>")[0]
    assert "R6a" in hand  # the ruling beside the problem
    assert "3 spades" in page  # the typed line is kept on screen
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk]),
                                    headers={"accept-language": "hu"}).content.decode())
    assert "A fogó kezében 2 pikk van, nem 3 pikk: az üzenet a valódi számot mondja" in page


def test_r6a_the_right_numbers_with_the_deal_are_stored(client, jury):
    record = golden_record("140_messages_say_their_number_with_the_deal.json")
    match = make_match()
    client.post(reverse("jury:save_hand", args=[match.pk, 1]), form_data([record]))
    stored = Announcement.objects.filter(hand__match=match).order_by("position")
    numbers = list(stored.values_list("number", flat=True))
    assert numbers == [9, 2, 2, 3]


# --- stored hands: history, API, rescore, and hands stored before R6a ------------------------------


def records_with_numbers():
    records = eight_hand_records()
    records[2]["announcements"] = [{"feast": "suit_count", "by": "A.driver", "suits": ["spades"], "number": 3},
                                   {"feast": "trumps", "by": "B.driver", "number": 8}]
    return records


def test_r6a_the_api_gives_each_messages_number(client):
    match = make_match(hand_records=records_with_numbers(), confirmed=True)
    data = client.get(f"/api/v1/seasons/{match.competition.season.year}/matches/{match.pk}/").json()
    said = data["hands"][2]["announcements"]
    assert said == [{"feast": "suit_count", "by": "A.driver", "suits": ["spades"], "number": 3},
                    {"feast": "trumps", "by": "B.driver", "number": 8}]


def test_r6a_the_history_shows_the_number_said(client, jury):
    match = make_match()
    assert client.post(reverse("jury:match", args=[match.pk]), form_data(records_with_numbers())).status_code == 302
    page = html.unescape(client.get(reverse("jury:history", args=[match.pk])).content.decode())
    added = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert re.search(r"Hand 3, announcement 1 \(Number of a Suit\) added: .*?Number said: 3", added)
    assert re.search(r"Hand 3, announcement 2 \(Trumps\) added: .*?Number said: 8", added)


def test_r6a_a_hand_stored_before_messages_said_their_number_shows_as_before(client, jury):
    records = eight_hand_records()
    records[2]["announcements"] = [{"feast": "suit_count", "by": "A.driver", "suits": ["spades"]},
                                   {"feast": "trumps", "by": "B.driver"}]
    match = make_match(hand_records=copy.deepcopy(records), confirmed=True)
    assert list(Announcement.objects.filter(hand__match=match, hand__number=3).values_list("number", flat=True)) \
        == [None, None]
    hand = bridge.hands_with_facts().get(match=match, number=3)
    assert bridge.hand_record(hand)["announcements"] == records[2]["announcements"]
    data = client.get(f"/api/v1/seasons/{match.competition.season.year}/matches/{match.pk}/").json()
    assert data["hands"][2]["announcements"] == records[2]["announcements"]
    assert rescoring.rescore(fix=False).scores == []  # still valid, its scores unchanged
    page = page_text(client, match)
    assert "number-of-a-suit A.d spades\ntrumps B.d" in page


# --- the online table ------------------------------------------------------------------------------


def _countable(hand):
    seat = hand.to_act
    cards = hand.deal.hands[seat]
    return next((suit for suit in Suit if 2 <= sum(1 for c in cards if c.is_suit_card and c.suit is suit)
                 < len(suit.ranks())), None)


def table_with_a_countable_suit():
    """A free game whose first seat to act holds a suit it may count (R6a)."""
    make_season(2026)
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=make_season(2026))
    players = {seat: make_player() for seat in tables.SEATS}
    for seed in range(1, 200):
        table, links = tables.open_table(user=make_user("organiser"), free_games=free_games, players=players,
                                         seed=seed)
        if _countable(tables.load(table).hand) is not None:
            return table, links
        tables.abandon(table, make_user("organiser"), "another seed")
    raise AssertionError("no seed")


def test_r6a_everyone_at_the_table_hears_the_number_said(frozen_today):
    table, links = table_with_a_countable_suit()
    state = tables.load(table)
    seat = str(state.hand.to_act)
    suit = _countable(state.hand)
    held = sum(1 for c in state.hand.deal.hands[SEATS_BY_NAME[seat]] if c.is_suit_card and c.suit is suit)
    offer = next(o for o in tables.view(state, seat)["offers"]
                 if o["feast"] == "suit_count" and o["suits"] == [suit.word])
    assert offer["number"] == held and offer["told"] == f"{held} {suit.word}"
    tables.make_move(seat_of(table, links, seat), {"kind": "announce", "feast": "suit_count",
                                                   "suits": offer["suits"], "number": offer["number"]})
    assert TableAction.objects.get(table=table).move["number"] == held
    with translation.override("hu"):
        heard = tables.view(tables.load(table), None)  # a spectator, on a Hungarian page
    hungarian = {"hearts": "kőr", "diamonds": "káró", "spades": "pikk", "clubs": "treff"}[suit.word]
    assert heard["said"][0]["told"] == f"{held} {hungarian}"
    assert heard["announcements"][0]["told"] == f"{held} {hungarian}"


def test_r6a_a_hand_made_move_with_a_number_not_held_is_refused_with_the_ruling_and_nothing_stored(frozen_today):
    table, links = table_with_a_countable_suit()
    hand = tables.load(table).hand
    seat, suit = str(hand.to_act), _countable(hand)
    held = sum(1 for c in hand.deal.hands[SEATS_BY_NAME[seat]] if c.is_suit_card and c.suit is suit)
    with pytest.raises(rules.IllegalMove) as refused:
        tables.make_move(seat_of(table, links, seat), {"kind": "announce", "feast": "suit_count",
                                                       "suits": [suit.word], "number": held + 1})
    assert refused.value.params["ruling"] == "R6a"
    assert "R6a" in refusal_text(refused.value)
    assert not TableAction.objects.filter(table=table).exists()


def test_r6a_a_move_that_says_no_number_is_heard_with_the_number_held(frozen_today):
    """A move kept before R6a (or a client that leaves the number out) replays with the number held."""
    table, links = table_with_a_countable_suit()
    hand = tables.load(table).hand
    seat, suit = str(hand.to_act), _countable(hand)
    held = sum(1 for c in hand.deal.hands[SEATS_BY_NAME[seat]] if c.is_suit_card and c.suit is suit)
    tables.make_move(seat_of(table, links, seat), {"kind": "announce", "feast": "suit_count", "suits": [suit.word]})
    action = TableAction.objects.get(table=table)
    action.move.pop("number")  # as a move was stored before R6a
    action.save()
    said = tables.view(tables.load(table), None)["said"]
    assert said[0]["number"] == held


def test_r6a_a_finished_hands_record_and_the_stored_hand_carry_the_numbers(frozen_today):
    season = make_season(2026)
    match = make_match(competition=make_competition(season=season), played_on=frozen_today)
    table, links = tables.open_table(user=make_user("chief"), match=match, seed=21)
    rng = random.Random(3)
    seats = {seat: seat_of(table, links, seat) for seat in tables.SEATS}
    while True:
        hand = tables.load(table).hand
        numbered = [m for m in hand.legal_announcements() if m.number is not None] if not hand.moves else []
        move = numbered[0] if numbered else an_offered_move(hand, rng, 0.3)
        result = tables.make_move(seats[str(move.seat)], move.as_dict())
        if result.hand_finished:
            break
    record = tables.load(table).finished[0].record()
    said = [(a["feast"], a.get("number")) for a in record["announcements"] if a["feast"] in ("suit_count", "trumps")]
    stored = list(Announcement.objects.filter(hand__match=match, feast__in=("suit_count", "trumps"))
                  .order_by("position").values_list("feast", "number"))
    assert stored == said
    assert all(number is not None for _feast, number in stored)


def test_r6a_the_replay_says_each_messages_number(client, frozen_today):
    table, links = table_with_a_countable_suit()
    hand = tables.load(table).hand
    seat, suit = str(hand.to_act), _countable(hand)
    held = sum(1 for c in hand.deal.hands[SEATS_BY_NAME[seat]] if c.is_suit_card and c.suit is suit)
    tables.make_move(seat_of(table, links, seat), {"kind": "announce", "feast": "suit_count", "suits": [suit.word],
                                                   "number": held})
    rng = random.Random(5)
    seats = {name: seat_of(table, links, name) for name in tables.SEATS}
    while not tables.make_move(seats[str(tables.load(table).hand.to_act)],
                               an_offered_move(tables.load(table).hand, rng, 0.0).as_dict()).hand_finished:
        pass
    page = html.unescape(client.get(reverse("table:replay", args=[table.pk, 1]),
                                    headers={"accept-language": "hu"}).content.decode())
    hungarian = {"hearts": "kőr", "diamonds": "káró", "spades": "pikk", "clubs": "treff"}[suit.word]
    assert f"Színhossz ({held} {hungarian})" in page


# --- the workbook ----------------------------------------------------------------------------------


def test_r6a_the_workbooks_declared_cell_takes_a_messages_number(client, jury):
    from tests.web.test_score_sheets import cell_of, download, fill, problems_of, upload

    match = make_match()
    book = fill(download(client, match), eight_hand_records())
    sheet = book.worksheets[1]
    for key, value in (("feast1", "színhossz"), ("by1", "A.h"), ("declared1", "3 pikk"),
                       ("feast2", "tarokkszám"), ("by2", "B.h"), ("declared2", "9 tarokk")):
        sheet[cell_of(key, 3).split("!")[1]] = value
    assert upload(client, match, book).status_code == 302
    stored = list(Announcement.objects.filter(hand__match=match, hand__number=3).order_by("position")
                  .values_list("feast", "suits", "number"))
    assert stored == [("suit_count", "spades", 3), ("trumps", "", 9)]

    other = make_match()
    book = fill(download(client, other), eight_hand_records())
    sheet = book.worksheets[1]
    for key, value in (("feast1", "színhossz"), ("by1", "A.h"), ("declared1", "5 pikk")):
        sheet[cell_of(key, 3).split("!")[1]] = value
    problems = problems_of(upload(client, other, book))
    assert any(cell_of("declared1", 3) in problem and "R6a" in problem for problem in problems), problems
