"""Every change to a match, its hands and announcements is kept, and the jury reads it as saves:
who, when, why, and each field's value before and after, in names (feasts, seats, players,
jurors), never the stored ids."""

import html
import random
import re

import pytest
from django.urls import reverse
from django.utils import translation

from bench.hands import random_hand_records
from tests.factories import eight_hand_records, make_match, make_player, make_season, make_team, make_user
from tests.web.test_entry import form_data
from tests.web.test_entry_scheduling import JUNE, NEXT_YEAR, particulars
from tournaments.core import words
from tournaments.core.models import Competition, Match, stamp
from tournaments.recording import matches

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("frozen_today")]


def entries(page):
    """Each save on the history page, as its text with the markup left out (newest first)."""
    sections = re.findall(r'<section class="history-entry">(.*?)</section>', page, re.S)
    return [html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))).strip() for section in sections]


def history(client, match):
    response = client.get(reverse("jury:history", args=[match.pk]))
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def entered(client):
    """A match entered through the entry page by alice (each hand stored on its own: versions 1-8),
    re-entered with hand 1's pheasant lost and announced by the catcher (version 9) and hand 3's four
    kings dropped (10; the unchanged hands are not stored again), submitted (11), then confirmed by
    carol (12)."""
    alice = make_user("jury", username="alice", first_name="Alice", last_name="Kovács")
    carol = make_user("chief", username="carol")
    match = make_match()
    client.force_login(alice)
    assert client.post(reverse("jury:match", args=[match.pk]), form_data(eight_hand_records())).status_code == 302
    changed = eight_hand_records()
    changed[0]["announcements"][0].update(result="lost", by="A.catcher")
    changed[2]["silent"] = []
    assert client.post(reverse("jury:match", args=[match.pk]), form_data(changed)).status_code == 302
    assert client.post(reverse("jury:submit", args=[match.pk]), {"version": 10}).status_code == 302
    client.force_login(carol)
    assert client.post(reverse("jury:confirm", args=[match.pk]), {"version": 11}).status_code == 302
    return match


def test_each_save_is_one_entry_with_who_when_and_why(client, entered):
    client.force_login(make_user("jury"))
    saves = entries(history(client, entered))
    assert len(saves) == 13  # scheduled, eight hands stored, two changed, submitted, confirmed
    confirmed, submitted, third_changed, first_changed, *stored, scheduled = saves
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d · carol · version 12 Reason: Confirmed", confirmed)
    assert "Match changed: State: Awaiting confirmation → Confirmed Confirmed by: – → carol" in confirmed
    assert "· Alice Kovács (alice) · version 11 Reason: Submitted for confirmation" in submitted
    assert "State: Being entered → Awaiting confirmation" in submitted
    assert "· Alice Kovács (alice) · version 10 Reason: Hand 3 saved" in third_changed
    assert "· Alice Kovács (alice) · version 9 Reason: Hand 1 saved" in first_changed
    assert "· Alice Kovács (alice) · version 1 Reason: Hand 1 saved" in stored[-1]
    assert "State: Scheduled → Being entered" in stored[-1] and "Entered by: – → Alice Kovács (alice)" in stored[-1]
    assert "Reason: none given" in scheduled and "Match added" in scheduled


def test_changes_read_in_names_field_by_field(client, entered):
    client.force_login(make_user("jury"))
    page = history(client, entered)
    saves = entries(page)
    third_changed, first_changed = saves[2], saves[3]
    a, b = entered.team_a.name, entered.team_b.name  # the teams' fields and seats by their names
    # A save in the order of the score sheet: the match, then the hand, then its announcements.
    assert first_changed.index("Match changed") < first_changed.index("Hand 1 changed") < first_changed.index(
        "Hand 1, announcement 1 (Pheasant) changed")
    assert (f"Hand 1, announcement 1 (Pheasant) changed: Announced by: {a}'s driver → {a}'s catcher "
            "Result: won → lost") in first_changed
    assert f"Hand 1 changed: {a}: score: 100 → 60 {a}: points before the upper limit: 100 → 60" in first_changed
    assert f"{a}: score: 88 → 83" in first_changed
    assert f"Hand 3, silent premium Four Kings removed: Team: {b}" in third_changed
    assert f"{b}: score: 93 → 92" in third_changed
    assert (f"Hand 2, announcement 1 (Play) added: Feast: Play Announced by: {b}'s driver "
            "Contra: contra by the opponents") in saves[10]
    assert "Hand 8, announcement 1 (Pagat Capture) added" in saves[4]
    for stored_id in ("four_kings", "pagat_capture", "A.driver", "B.catcher", "entered_by", "None"):
        assert stored_id not in page


def test_a_correction_shows_the_chief_jurors_reason(client, entered):
    carol = Match.objects.get(pk=entered.pk).confirmed_by
    client.force_login(carol)
    corrected = eight_hand_records()
    corrected[0]["announcements"][0].update(result="lost", by="A.catcher")
    corrected[2]["silent"] = []
    corrected[3]["announcements"][0]["feast"] = "lamour"
    response = client.post(reverse("jury:match", args=[entered.pk]),
                           form_data(corrected, version=12, reason="the sheet says Lamour in hand 4"))
    assert response.status_code == 302
    newest = entries(history(client, entered))[0]
    assert "· carol · version 13 Reason: Correction: the sheet says Lamour in hand 4" in newest
    assert "Hand 4, announcement 1 (L'amour) changed: Feast: Visi → L'amour" in newest


def test_a_replaced_player_is_named_before_and_after(client):
    """A seat handed to the substitute: the history names both players, though the first no longer
    plays in the match."""
    alice = make_user("jury", username="alice")
    client.force_login(alice)
    season = make_season(NEXT_YEAR)
    competition = Competition.objects.create(season=season, kind=Competition.Kind.CHAMPIONSHIP,
                                             name="Championship", slug="championship")
    kings = make_team("Kings", season=season, substitute=True)
    owls = make_team("Owls", season=season, substitute=True)
    response = client.post(reverse("jury:new_match") + f"?season={NEXT_YEAR}", particulars(competition, kings, owls))
    assert response.status_code == 302
    match = Match.objects.get()
    for version, (team, seat) in enumerate([(kings, "a_driver"), (owls, "b_catcher")]):
        data = particulars(competition, kings, owls, **{seat: team.substitute}, version=version)
        response = client.post(reverse("jury:particulars", args=[match.pk]), data)
        assert response.status_code == 302, response.content.decode()
    page = history(client, match)
    assert f"Kings: driver's seat: {kings.driver.name} → {kings.substitute.name}" in entries(page)[1]
    assert f"Owls: catcher's seat: {owls.catcher.name} → {owls.substitute.name}" in entries(page)[0]
    assert f"Date: {JUNE.isoformat()}" in entries(page)[2] and "Place: Szeged" in entries(page)[2]


def test_the_history_page_query_count_does_not_grow(client, django_assert_num_queries):
    client.force_login(make_user("jury"))
    small = make_match(hand_records=eight_hand_records())
    big = make_match()
    for number in range(4):  # typed again and again while it is being entered
        records = eight_hand_records()
        records[number]["announcements"] = []
        matches.record_match(big, records, user=make_user("jury"), expected_version=big.version, draft=True)
    # A player replaced twice: both earlier players are read in one query.
    for player in (make_player(), make_player()):
        big.a_driver = player
        stamp(big, make_user("organiser"), "substitute")
        big.save()
    # 1 the user with their permissions (the session is read from the cache), 2 the match, 3 the
    # jurors it names (roles.get_match), 4 match history, 5 hand history, 6 announcement history,
    # 7 silent premium history (the jurors are the rows' own users), 8 the match's online tables
    # (their replays; two more a table).
    with django_assert_num_queries(8):
        small_page = client.get(reverse("jury:history", args=[small.pk]))
    # 9 the players named in the history and no longer in the match.
    with django_assert_num_queries(9):
        big_page = client.get(reverse("jury:history", args=[big.pk]))
    assert small_page.status_code == big_page.status_code == 200


def test_a_full_deals_tricks_are_named_as_its_deal_is(client):
    """The deal and the tricks read in the same words: cards by name, never FORMAT.md's codes."""
    juror = make_user("jury", username="alice")
    full = random_hand_records(random.Random(7), 1, full=True, first_attackers="A")[0]
    match = make_match()
    matches.record_hand(match, 1, full, user=juror)
    client.force_login(juror)

    with translation.override("hu"):
        stored = entries(client.get(reverse("jury:history", args=[match.pk]),
                                    headers={"Accept-Language": "hu"}).content.decode())[0]
        first_trick = ", ".join(words.card_name(card) for card in full["tricks"][0])
        codes = {card for trick in full["tricks"] for card in trick if words.card_name(card) != card}

    assert f"1. {first_trick};" in stored
    tricks_text = stored[stored.index("1. " + first_trick):]
    assert not [code for code in codes if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", tricks_text)]
