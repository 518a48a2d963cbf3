"""A juror saves a hand while the database cannot be written: the entry page shows on that hand
that nothing was saved, and what was typed stays in the fields (not a bare "Server Error")."""

import pytest
from django.db import OperationalError

from tests.browser.conftest import log_in
from tests.factories import PASSWORD, make_match, make_user
from tournaments.core.models import Hand
from tournaments.recording import matches


def test_a_save_the_database_refuses_says_so_on_the_hand(page, live_server, transactional_db, monkeypatch):
    expect = pytest.importorskip("playwright.sync_api").expect
    make_user("jury", username="alice")
    match = make_match()
    log_in(page, live_server.url, "alice", PASSWORD, then=f"/jury/matches/{match.pk}/")
    page.wait_for_function("document.readyState === 'complete' && document.activeElement !== document.body")
    page.locator("#id_h1-a_trumps").fill("12")
    page.locator("#id_h1-a_honours").fill("1")
    page.locator("#id_h1-announcements").fill("pheasant A.d I won")

    def read_only(*args, **kwargs):
        raise OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(matches, "record_hand", read_only)
    page.locator("#hand-1 button.save-hand").click()

    expect(page.locator("#hand-1-refusal")).to_contain_text("Nothing was saved: the database cannot be written",
                                                             timeout=10_000)
    expect(page.locator("#id_h1-a_trumps")).to_have_value("12")
    expect(page.locator("#id_h1-announcements")).to_have_value("pheasant A.d I won")
    assert "Server Error" not in page.content()
    assert not Hand.objects.filter(match=match).exists()
