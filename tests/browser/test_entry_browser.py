"""A juror logs in and types a hand from the keyboard; the score appears, computed on the server
by the engine (htmx partial), with no scoring in the browser."""


import pytest

from tests.browser.conftest import log_in
from tests.factories import PASSWORD, make_match, make_user


def test_a_juror_types_a_hand_and_sees_the_engines_score(page, live_server, transactional_db):
    make_user("jury", username="alice")
    match = make_match()
    log_in(page, live_server.url, "alice", PASSWORD, then=f"/jury/matches/{match.pk}/")
    # The page puts the focus in the first hand once it has loaded; the test starts after that.
    page.wait_for_function("document.readyState === 'complete' && document.activeElement !== document.body")

    page.locator("#id_h1-attackers").focus()
    for text in ("", "12", "1", "XVIII", "", "", ""):  # attackers, A's holdings; B's left to the pack
        if text:
            page.keyboard.type(text)
        page.keyboard.press("Tab")
    page.keyboard.type("pheasant A.d I won")  # the announcements field is next in the tab order
    page.keyboard.press("Tab")

    # Partial answers arrive while typing (80 before the pheasant is complete); wait for the last.
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(page.locator("#hand-1-result [data-score=A]")).to_have_text("100", timeout=10_000)
    expect(page.locator("#hand-1-result [data-score=B]")).to_have_text("90")
    expect(page.locator("#totals [data-total=A]")).to_have_text("100")
    assert "Pheasant" in page.locator("#hand-1-result").inner_text()  # the feast's name, not its id
