"""Four players at an online table in four Chromium contexts (issue 25): a whole hand of an
official match from a recorded seed, with an announcement that binds a card (Piccolo: the XVIII to
trick 3, R9), the opponents' contra on it (R8), an illegal card and an illegal announcement
refused, a reload mid-trick coming back to the same state, and the record the door stored equal to
what was played and scored by the engine.

The site is served as in production, by an ASGI server (uvicorn, in a thread of this process, so
it shares the test database), pages and WebSockets alike."""

import threading
import time

import pytest

from scoring import evaluate_hand
from scoring import table as rules
from scoring.cards import VISI, Team, driver
from tests.factories import make_competition, make_match, make_season, make_user
from tournaments.core import bridge
from tournaments.core.models import Hand
from tournaments.recording import tables

PORT = 8211  # the table tests serve on their own port


@pytest.fixture
def asgi_server(transactional_db):
    import uvicorn
    from channels.routing import ProtocolTypeRouter
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from tournaments.site import asgi

    application = ProtocolTypeRouter({
        "http": ASGIStaticFilesHandler(asgi.django_application),
        "websocket": asgi.application.application_mapping["websocket"],
    })
    server = uvicorn.Server(uvicorn.Config(application, host="127.0.0.1", port=PORT, log_level="warning",
                                           lifespan="off"))
    server.install_signal_handlers = lambda: None
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(100):
        if server.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{PORT}"
    server.should_exit = True
    thread.join(10)


def seed_with_visi_for_the_dealer() -> int:
    """A table seed whose hand 1 deals the XVIII to the attacking Driver, who speaks first."""
    for seed in range(1, 500):
        attackers = rules.first_attackers(seed)
        if VISI in rules.deal_from_seed(rules.hand_seed(seed, 1), attackers).hands[driver(attackers)]:
            return seed
    raise AssertionError("no seed of 500 deals the XVIII to the dealer")


def wait_for_moves(table, count, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = tables.load(table)
        if state.hand_number > 1 or len(state.hand.moves) >= count:
            return state
        time.sleep(0.05)
    raise AssertionError(f"the table did not reach {count} moves")


def test_four_players_play_a_hand_and_the_door_stores_it(asgi_server, browser):
    from django.utils import timezone

    today = timezone.localdate()
    match = make_match(competition=make_competition(season=make_season(today.year)), played_on=today)
    table, links = tables.open_table(user=make_user("chief"), match=match, seed=seed_with_visi_for_the_dealer())
    pages = {}
    for seat, secret in links.items():
        page = browser.new_context(viewport={"width": 390, "height": 844}, locale="hu-HU").new_page()  # a phone
        page.goto(f"{asgi_server}/table/join/{secret}/")
        page.locator("#connection").filter(has_text="Kapcsolódva").wait_for()
        pages[seat] = page
    state = tables.load(table)
    dealer = str(state.hand.to_act)

    # An illegal card: the announcements are not over; the server refuses it in words.
    pages[dealer].locator("#hand button").first.click(force=True)  # marked as not playable, clicked anyway
    pages[dealer].locator("#refusal").filter(has_text="bemondások").wait_for()

    # Piccolo binds the XVIII to trick 3 (R9); the next player calls the opponents' contra (R8).
    pages[dealer].locator("#offers-box summary").click()
    pages[dealer].locator(".table-offer", has_text="Pikoló").first.click()
    state = wait_for_moves(table, 1)
    following = str(state.hand.to_act)
    pages[following].locator(".table-contra").first.click()
    state = wait_for_moves(table, 2)
    assert [(a.feast.id, a.contra.value) for a in state.hand.announcements()] == [("piccolo", "opponents")]

    # An illegal announcement: a raise of the dealer's own hierarchy is not offered, and sent
    # anyway it is refused (tested at the socket in tests/web/test_table_sockets.py); here the
    # players pass until play starts, each with the P key.
    while state.hand.phase is rules.Phase.ANNOUNCING:
        moves = len(state.hand.moves)
        page = pages[str(state.hand.to_act)]
        page.locator("#pass").wait_for()  # the page knows it is this player's turn
        page.keyboard.press("p")
        state = wait_for_moves(table, moves + 1)

    bound_refused = reloaded = False
    while state.hand_number == 1:
        hand = state.hand
        seat = str(hand.to_act)
        page = pages[seat]
        held = hand.hands[hand.to_act]
        if not bound_refused and VISI in held and VISI not in hand.playable():
            page.locator(f"#hand button[data-card='{VISI}']").click(force=True)  # bound to trick 3 (R9)
            page.locator("#refusal").filter(has_text="R4, R9").wait_for()
            bound_refused = True
        if not reloaded and hand.trick_number == 4 and len(hand.current_trick) == 2:
            page.reload()  # mid-trick: the same seat, the same cards, the same trick
            page.locator("#trick li").nth(1).wait_for()
            assert page.locator("#trick li").count() == 2
            assert page.locator("#hand button").count() == len(held)
            reloaded = True
        card = hand.playable()[0]
        moves = len(hand.moves)
        page.locator(f"#hand button[data-card='{card}']").click()
        state = wait_for_moves(table, moves + 1)
    assert bound_refused and reloaded

    stored = Hand.objects.get(match=match, number=1)
    played = tables.load(table).finished_hand(1).record()
    record = bridge.hand_record(stored)
    assert record["tricks"] == played["tricks"] and record["deal"] == played["deal"]
    assert [(a["feast"], a["contra"]) for a in record["announcements"]] == [("piccolo", "opponents")]
    answer = evaluate_hand(played)
    assert (stored.score_a, stored.score_b) == (answer["A"]["score"], answer["B"]["score"])
    for page in pages.values():  # everyone sees the hand's scores
        page.locator("#last-hand").filter(has_text=f"A {answer['A']['score']}, B {answer['B']['score']}").wait_for()
    assert Team(record["attackers"]) is state.hand.attackers.other  # hand 2: the other team attacks (R3)
