"""Four players at an online table in four Chromium contexts (issue 25), two on phones and two on
laptops, in Hungarian: a whole hand of an official match from a recorded seed, with an announcement
that binds a card (Piccolo: the XVIII to trick 3, R9), the opponents' contra on it (R8), an illegal
card and an illegal announcement refused in words, cards played by the keyboard (a typed short form
and Enter), a reload mid-trick coming back to the same state, the record the door stored equal to
what was played and scored by the engine, an adjourned table saying so with its reason, and the
page as drawn valid HTML without a serious WCAG 2.2 AA violation; and a dropped connection that the
page tells of and comes back from by itself, to the same seat.

The site is served by an ASGI server (uvicorn, in a thread of this process, so it shares the test
database), pages and WebSockets alike (conftest.serve_asgi)."""

import re
import threading
import time

from scoring import evaluate_hand
from scoring import table as rules
from scoring.cards import KINGS, SEATS_BY_NAME, VISI, Team, driver
from scoring.feasts import FEASTS, Category
from tests.factories import make_competition, make_match, make_season, make_user
from tournaments.core import bridge
from tournaments.core.models import Hand
from tournaments.pages.table.broadcast import table_changed
from tournaments.recording import tables

from .test_valid_and_accessible import AXE, AXE_RUN, JAVA, SERIOUS, VNU, WCAG_22_AA, nu_errors


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


# A move sent on a second connection of the page's own seat (its session), as a page that offered it
# would send it: the server's answer to it.
SEND_ON_OWN_SEAT = """async ([path, move]) => new Promise((resolve) => {
    const socket = new WebSocket("ws://" + location.host + path);
    let sent = false;
    socket.onmessage = (event) => {
        const data = JSON.parse(event.data);
        if (data.type === "view" && !sent) { sent = true; socket.send(JSON.stringify({move})); }
        else if (data.type === "refused") { socket.close(); resolve(data.message); }
    };
})"""


class Checked:
    """The page as drawn by its script, at moments of the game: axe-core finds no serious or critical
    WCAG 2.2 AA violation there, and the Nu checker no error in the drawn document (read at the end,
    in one run). Skipped where the checkers are not installed."""

    def __init__(self):
        self.violations, self.documents = [], {}

    def look(self, page, label):
        if AXE.exists():
            page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
            self.violations += [f"{label}: {found['id']} at {found['nodes']}"
                                for found in page.evaluate(AXE_RUN, WCAG_22_AA) if found["impact"] in SERIOUS]
        self.documents[label] = "<!DOCTYPE html>\n" + page.content()

    def assert_clean(self, folder):
        assert not self.violations, "\n".join(self.violations)
        if VNU.exists() and JAVA:
            errors = nu_errors(self.documents, folder)
            assert not errors, "\n".join(errors)


def typed_short_form(card) -> str:
    """What a player types to pick a card: trk, pi10, a trump's number."""
    text = str(card)
    if card.is_trump:
        return "skíz" if card.is_fool else str(card.trump)
    rank, suit = text[:-1], text[-1]
    suits, ranks = {"h": "kő", "d": "ká", "s": "pi", "c": "tr"}, {"K": "k", "Q": "d", "C": "l", "V": "b"}
    return suits[suit] + ranks.get(rank, rank)


def test_four_players_play_a_hand_and_the_door_stores_it(serve_asgi, browser, tmp_path):
    origin = serve_asgi().origin
    from django.utils import timezone

    today = timezone.localdate()
    match = make_match(competition=make_competition(season=make_season(today.year)), played_on=today)
    table, links = tables.open_table(user=make_user("chief"), match=match, seed=seed_with_visi_for_the_dealer())
    pages = {}
    for number, (seat, secret) in enumerate(links.items()):
        viewport = {"width": 390, "height": 844} if number % 2 else {"width": 1280, "height": 900}  # phones, laptops
        page = browser.new_context(viewport=viewport, locale="hu-HU", bypass_csp=True).new_page()  # axe's script
        page.goto(f"{origin}/table/join/{secret}/")
        page.locator("#connection").filter(has_text="Kapcsolódva").wait_for()
        pages[seat] = page
    state = tables.load(table)
    dealer = str(state.hand.to_act)

    # An illegal card: the announcements are not over; the server refuses it in words.
    pages[dealer].locator("#hand button").first.click(force=True)  # marked as not playable, clicked anyway
    pages[dealer].locator("#refusal").filter(has_text="bemondások").wait_for()

    # The table as the dealer sees it: their own seat at the bottom, framed as the one to act.
    bottom = pages[dealer].locator(".table-at-bottom")
    assert "(Ön)" in bottom.inner_text() and "következik" in bottom.inner_text()
    pages[dealer].locator("#status").filter(has_text="Ön következik").wait_for()
    assert pages[dealer].title().startswith("Ön következik – ")  # seen from another tab too

    # Piccolo binds the XVIII to trick 3 (R9); the next player calls the opponents' contra (R8).
    pages[dealer].locator("#offers-summary").click()
    pages[dealer].locator("#offers details[data-category='bound trick'] summary").click()  # folded by family
    checked = Checked()
    checked.look(pages[dealer], "the dealer announcing")
    pages[dealer].locator(".table-offer", has_text="Pikoló (5)").first.click()
    state = wait_for_moves(table, 1)
    following = str(state.hand.to_act)
    pages[following].locator(".table-contra", has_text="Pikoló").first.click()
    state = wait_for_moves(table, 2)
    assert [(a.feast.id, a.contra.value) for a in state.hand.announcements()] == [("piccolo", "opponents")]
    for page in pages.values():  # everyone reads what was said, in order and by whom
        page.locator("#said li").nth(1).filter(has_text="ellenfél kontrája").wait_for()

    # The players pass until play starts, each with the P key; on the dealer's second turn a magnified
    # feast declaring a King they do not hold is not offered, and sent anyway it is refused (R9).
    while state.hand.phase is rules.Phase.ANNOUNCING:
        moves = len(state.hand.moves)
        page = pages[str(state.hand.to_act)]
        page.locator("#pass").wait_for()  # the page knows it is this player's turn
        if str(state.hand.to_act) == dealer:
            king = next(king for king in KINGS if king not in state.hand.hands[state.hand.to_act])
            ultimo = next(f for f in FEASTS.values() if f.category is Category.MAGNIFIED and f.chain_rank == 1)
            move = {"kind": "announce", "feast": ultimo.id, "cards": [str(king)]}
            refusal = page.evaluate(SEND_ON_OWN_SEAT, [f"/ws/table/{table.pk}/seat/", move])
            assert "nem mondható be" in refusal and "R9" in refusal, refusal
            assert len(tables.load(table).hand.moves) == moves
        page.keyboard.press("p")
        state = wait_for_moves(table, moves + 1)

    bound_refused = reloaded = False
    by_keyboard = 0
    while state.hand_number == 1:
        hand = state.hand
        seat = str(hand.to_act)
        page = pages[seat]
        held = hand.hands[hand.to_act]
        page.locator("#hand .table-legal").first.wait_for()  # the page marks the playable cards
        if not bound_refused and VISI in held and VISI not in hand.playable():
            visi = page.locator(f"#hand button[data-card='{VISI}']")
            assert visi.get_attribute("aria-disabled") == "true"  # shown as not playable, sent anyway
            assert "→ 3. ütés" in visi.inner_text()  # and marked with the trick Piccolo binds it to
            visi.click(force=True)  # Playwright waits for an aria-disabled button; a player just taps it
            # The rule it breaks, in the record's words: bound to trick 3 (R9), or follow suit (R4).
            page.locator("#refusal").filter(has_text=re.compile(r"\((R4|R9)\)")).wait_for()
            bound_refused = True
        if hand.trick_number == 2 and not hand.current_trick:
            checked.look(page, f"{seat} leading to trick 2")
        if not reloaded and hand.trick_number == 4 and len(hand.current_trick) == 2:
            page.reload()  # mid-trick: the same seat, the same cards, the same trick
            page.locator(".table-seat .table-played").nth(1).wait_for()
            assert page.locator(".table-seat .table-played").count() == 2
            assert page.locator("#hand button").count() == len(held)
            assert page.locator("#hand .table-legal").count() == len(hand.playable())
            reloaded = True
        card = hand.playable()[0]
        moves = len(hand.moves)
        if hand.trick_number in (5, 6):  # by the keyboard: the card's short form typed, then Enter
            page.keyboard.type(typed_short_form(card))
            assert page.evaluate("document.activeElement.dataset.card") == str(card)
            page.keyboard.press("Enter")
            by_keyboard += 1
        else:
            page.locator(f"#hand button[data-card='{card}']").click()
        state = wait_for_moves(table, moves + 1)
        if state.hand_number == 1 and len(state.hand.hands[SEATS_BY_NAME[seat]]):  # the keyboard stays in the hand
            page.wait_for_function("document.activeElement && document.activeElement.closest('#hand') !== null")
    assert bound_refused and reloaded and by_keyboard == 8

    stored = Hand.objects.get(match=match, number=1)
    played = tables.load(table).finished_hand(1).record()
    record = bridge.hand_record(stored)
    assert record["tricks"] == played["tricks"] and record["deal"] == played["deal"]
    assert [(a["feast"], a["contra"]) for a in record["announcements"]] == [("piccolo", "opponents")]
    answer = evaluate_hand(played)
    assert (stored.score_a, stored.score_b) == (answer["A"]["score"], answer["B"]["score"])
    scores = f"{match.team_a.name} {answer['A']['score']}, {match.team_b.name} {answer['B']['score']}"
    for page in pages.values():  # everyone sees the hand's scores, and the match so far
        page.locator("#last-hand").filter(has_text=scores).wait_for()
        page.locator("#running tbody tr").first.wait_for()
        page.locator("#hand-of").filter(has_text="2. leosztás a 8-ból").wait_for()
    assert Team(record["attackers"]) is state.hand.attackers.other  # hand 2: the other team attacks (R3)
    for seat, page in pages.items():
        checked.look(page, f"{seat} after the hand")

    # The organiser adjourns the table: every seat reads why, and that play goes on where it stopped.
    tables.adjourn(table, table.opened_by, "Áramszünet")
    table.refresh_from_db()
    sending = threading.Thread(target=table_changed, args=[table])  # as the organiser's page does, outside
    sending.start()  # Playwright's event loop
    sending.join(10)
    for page in pages.values():
        page.locator("#status").filter(has_text="elnapolták: Áramszünet").wait_for()
    checked.assert_clean(tmp_path)


def test_a_dropped_connection_says_so_and_comes_back_to_the_same_seat_by_itself(browser, serve_asgi):
    from django.utils import timezone

    today = timezone.localdate()
    match = make_match(competition=make_competition(season=make_season(today.year)), played_on=today)
    table, links = tables.open_table(user=make_user("chief"), match=match, seed=5)
    site = serve_asgi()
    page = browser.new_context(viewport={"width": 390, "height": 844}, locale="hu-HU").new_page()
    page.goto(f"{site.origin}/table/join/{links['A.driver']}/")
    page.locator("#connection").filter(has_text="Kapcsolódva").wait_for()
    page.locator("#hand button").nth(9).wait_for()  # the ten cards dealt, drawn after the label
    dealt = page.locator("#hand button").count()
    site.stop()  # the network goes
    page.locator("#connection").filter(has_text="megszakadt").wait_for()
    page.locator("#hand button").first.click()  # a move made meanwhile is not lost silently
    page.locator("#refusal").filter(has_text="nem ment el").wait_for()
    site.start()  # and comes back: the page reconnects by itself
    page.locator("#connection").filter(has_text="helyreállt").wait_for(timeout=20000)
    assert page.locator("#hand button").count() == dealt == 10
