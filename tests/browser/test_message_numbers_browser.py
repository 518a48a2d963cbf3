"""R6a at the online table in Chromium, in Hungarian: the player who speaks first is offered Number
of a Suit with the number they hold ("Színhossz – 3 kőr", not "Színhossz (0) – kőr"), taps it, and
every player's page hears the number; a hand-made message with a number not held is refused in
words with the ruling, nothing stored."""

import pytest

from scoring import table as rules
from scoring.cards import SEATS_BY_NAME, Suit
from tests.factories import make_competition, make_match, make_season, make_user
from tournaments.recording import tables

from .test_table_browser import SEND_ON_OWN_SEAT, wait_for_moves

pytestmark = pytest.mark.browser

HUNGARIAN_SUITS = {"hearts": "kőr", "diamonds": "káró", "spades": "pikk", "clubs": "treff"}


def countable_suit(hand: rules.TableHand):
    """A suit the seat to act may count (R6a: at least two, not all) and how many it holds."""
    cards = hand.deal.hands[hand.to_act]
    for suit in Suit:
        held = sum(1 for card in cards if card.is_suit_card and card.suit is suit)
        if 2 <= held < len(suit.ranks()):
            return suit, held
    return None


def seed_with_a_countable_suit_for_the_dealer() -> int:
    for seed in range(1, 500):
        hand = rules.new_hand(rules.hand_seed(seed, 1), rules.first_attackers(seed))
        if countable_suit(hand):
            return seed
    raise AssertionError("no seed")


def test_everyone_hears_the_number_a_message_says(serve_asgi, browser):
    from django.utils import timezone

    today = timezone.localdate()
    match = make_match(competition=make_competition(season=make_season(today.year)), played_on=today)
    table, links = tables.open_table(user=make_user("chief"), match=match,
                                     seed=seed_with_a_countable_suit_for_the_dealer())
    site = serve_asgi()
    pages = {}
    for seat, secret in links.items():
        page = browser.new_context(locale="hu-HU").new_page()
        page.goto(f"{site.origin}/table/join/{secret}/")
        page.locator("#connection").filter(has_text="Kapcsolódva").wait_for()
        pages[seat] = page
    hand = tables.load(table).hand
    dealer = str(hand.to_act)
    suit, held = countable_suit(hand)
    said = f"{held} {HUNGARIAN_SUITS[suit.word]}"

    # A number not held, sent by hand: refused with the ruling, nothing stored.
    wrong = {"kind": "announce", "feast": "suit_count", "suits": [suit.word], "number": held + 1}
    refusal = pages[dealer].evaluate(SEND_ON_OWN_SEAT, [f"/ws/table/{table.pk}/seat/", wrong])
    assert "R6a" in refusal, refusal
    assert not tables.load(table).hand.moves

    pages[dealer].locator("#offers-summary").click()
    pages[dealer].locator(".table-offer-group summary", has_text="Üzenetek").click()  # the messages' family
    offer = pages[dealer].locator(".table-offer", has_text=f"Színhossz – {said}").first
    assert "(0)" not in offer.inner_text()
    offer.click()
    state = wait_for_moves(table, 1)
    assert state.hand.announcements()[0].number == held
    assert state.hand.announcements()[0].by == SEATS_BY_NAME[dealer]
    for page in pages.values():  # everyone hears it, in order and by whom
        page.locator("#said li").first.filter(has_text=said).wait_for()
        page.locator("#announcements li").first.filter(has_text=said).wait_for()
