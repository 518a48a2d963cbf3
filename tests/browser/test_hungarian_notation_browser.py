"""A Hungarian juror types a hand in the association's words (issue 22): the announcement in
Hungarian, the full deal and the ten tricks in Hungarian card names (``trk``, ``kőr király``,
``skíz``, ``pagát``), with the legend beside the fields; the hand is stored as the engine reads it."""

import random

import pytest
from django.utils import translation

from scoring.cards import Team
from scoring.generate import full_record
from tests.browser.conftest import log_in
from tests.factories import PASSWORD, make_match, make_user
from tournaments.core.models import Hand
from tournaments.recording import notation


def hungarian_full_hand():
    """A legal hand with its deal and tricks (the engine's generator), written as a Hungarian juror
    writes it: the cards in the association's short forms, the feasts by their Hungarian names."""
    record = full_record(random.Random(22), attackers=Team.A)
    with translation.override("hu"):
        return record, {
            "announcements": "\n".join(notation.announcement_text(item) for item in record["announcements"]),
            "deal": notation.deal_text(record["deal"]),
            "tricks": notation.tricks_text(record["tricks"]),
        }


def test_a_juror_types_a_full_hand_in_hungarian_and_it_is_stored(page, live_server, transactional_db):
    expect = pytest.importorskip("playwright.sync_api").expect
    make_user("jury", username="alice")
    match = make_match()
    record, typed = hungarian_full_hand()
    assert "trk" in typed["deal"] or "kő" in typed["deal"] or "ká" in typed["deal"]  # Hungarian card words
    page.set_extra_http_headers({"Accept-Language": "hu"})
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server.url, "alice", PASSWORD, then=f"/jury/matches/{match.pk}/")

    legend = page.locator("#notation-legend")
    expect(legend).to_have_attribute("open", "")  # open beside the fields on a laptop
    assert "skíz" in legend.inner_text()

    hand = page.locator("#hand-1")
    hand.locator("details.full-record summary").click()
    for field in ("deal", "tricks", "announcements"):  # typed key by key, a line at a time
        page.locator(f"#id_h1-{field}").click()
        page.keyboard.type(typed[field])
    hand.locator("button.save-hand").click()

    expect(page.locator("#hand-1")).to_have_class("hand hand-stored", timeout=15_000)
    stored = Hand.objects.get(match=match, number=1)
    assert [a.feast for a in stored.announcements.all()] == [a["feast"] for a in record["announcements"]]


def test_the_legend_folds_away_on_a_phone(page, live_server, transactional_db):
    expect = pytest.importorskip("playwright.sync_api").expect
    make_user("jury", username="alice")
    match = make_match()
    page.set_viewport_size({"width": 390, "height": 800})
    log_in(page, live_server.url, "alice", PASSWORD, then=f"/jury/matches/{match.pk}/")
    expect(page.locator("#notation-legend")).not_to_have_attribute("open", "")
