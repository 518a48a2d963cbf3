"""One door for hands: whichever way a match's hands come in (the entry page, a filled score
sheet, a match record file, the admin), a submitted match's hands change only after the juror who
submitted it withdraws it, a confirmed match's only by the chief jury's correction, and every way
meets the same refusal in the same words. A hand save costs a fixed number of statements and
runs the engine once."""

import html
import json
import random
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from bench import hands
from tests.factories import eight_hand_records, make_match, make_user
from tests.web.test_score_sheets import as_file, download, fill
from tournaments.core import bridge
from tournaments.core.models import Hand, Match, public_data
from tournaments.core.refusals import match_confirmed, match_submitted
from tournaments.core.roles import ensure_roles
from tournaments.recording import matches
from tournaments.recording.hand_reader import initial_for

pytestmark = pytest.mark.django_db

with translation.override("en"):  # the pages' language in the tests
    SUBMITTED = match_submitted().text
    CONFIRMED = match_confirmed().text


def hands_of(match):
    """What is stored of the match's hands, to compare before and after a refused way in."""
    return [bridge.hand_record(hand) for hand in bridge.hands_with_facts().filter(match=match).order_by("number")]


def other_hands():
    """The match typed otherwise: hand 1's pheasant lost instead of won."""
    records = eight_hand_records()
    records[0]["announcements"][0]["result"] = "lost"
    return records


@pytest.fixture
def submitted():
    """A match entered and submitted by alice, awaiting a second juror."""
    return make_match(hand_records=eight_hand_records(), user=make_user("jury", username="alice"))


@pytest.fixture
def confirmed():
    return make_match(hand_records=eight_hand_records(), confirmed=True)


def typed(record, number):
    """What the entry page posts for one hand (the notation the jury types)."""
    return {f"h{number}-{name}": "" if value is None else value for name, value in initial_for(record, number).items()}


def post_hand(client, match, number, record):
    return client.post(reverse("jury:save_hand", args=[match.pk, number]), typed(record, number),
                       headers={"HX-Request": "true"})


def post_record_file(client, match, records, **extra):
    record = {"format": "royal-tarokk-match/1", "hands": records}
    upload = SimpleUploadedFile("match.json", json.dumps(record).encode(), content_type="application/json")
    return client.post(reverse("jury:import", args=[match.pk]), {"version": match.version, "record": upload, **extra})


def post_score_sheet(client, match, records):
    book = fill(download(client, match), records)
    return client.post(reverse("workbooks:score_sheet_upload", args=[match.pk]), {"workbook": as_file(book)})


def text_of(response):
    return response.content.decode()


# --- a submitted match: no way in changes its hands ---------------------------------------------


@pytest.mark.parametrize("who", ["jury", "chief"])
def test_a_submitted_match_is_not_overwritten_from_the_entry_page(client, submitted, who):
    client.force_login(make_user(who))
    before = hands_of(submitted)
    response = post_hand(client, submitted, 1, other_hands()[0])
    assert response.status_code == 403
    assert SUBMITTED in text_of(response)
    assert hands_of(submitted) == before


@pytest.mark.parametrize("who", ["jury", "chief"])
def test_a_submitted_match_is_not_overwritten_by_a_record_file(client, submitted, who):
    client.force_login(make_user(who))
    before, version = hands_of(submitted), submitted.version
    response = post_record_file(client, submitted, other_hands())
    assert response.status_code == 422
    assert SUBMITTED in text_of(response)
    fresh = Match.objects.get(pk=submitted.pk)
    assert (fresh.state, fresh.version) == (Match.State.ENTERED, version)  # not sent back to "being entered"
    assert hands_of(submitted) == before


@pytest.mark.parametrize("who", ["jury", "chief"])
def test_a_submitted_match_is_not_overwritten_by_a_score_sheet(client, submitted, who):
    client.force_login(make_user(who))
    before, version = hands_of(submitted), submitted.version
    response = post_score_sheet(client, submitted, other_hands())
    assert response.status_code == 422
    assert SUBMITTED in text_of(response)
    assert Match.objects.get(pk=submitted.pk).version == version
    assert hands_of(submitted) == before


@translation.override("en")
def test_the_door_itself_refuses_a_submitted_match_whoever_calls_it(submitted):
    for user in (make_user("jury"), make_user("chief"), submitted.entered_by):
        with pytest.raises(matches.Refused) as refused:
            matches.record_match(submitted, other_hands(), user=user, way_in=matches.WayIn.RECORD_FILE)
        assert refused.value.text == SUBMITTED
        with pytest.raises(matches.Refused) as refused:
            matches.record_hand(submitted, 1, other_hands()[0], user=user)
        assert refused.value.text == SUBMITTED


def test_once_withdrawn_by_its_juror_the_match_takes_a_record_file_again(client, submitted):
    alice = submitted.entered_by
    matches.withdraw_submission(submitted, alice)
    client.force_login(alice)
    response = post_record_file(client, Match.objects.get(pk=submitted.pk), other_hands())
    assert response.status_code == 302
    fresh = Match.objects.get(pk=submitted.pk)
    assert fresh.state == Match.State.IN_ENTRY
    assert hands_of(fresh)[0]["announcements"][0]["result"] == "lost"
    assert fresh.history.first().history_change_reason == "Hands saved from a record file"  # the way in


# --- a confirmed match: only the chief jury's correction, with a reason ------------------------


def test_a_confirmed_match_is_not_overwritten_by_a_jurors_record_file_or_score_sheet(client, confirmed):
    client.force_login(make_user("jury"))
    before = hands_of(confirmed)
    for response in (post_record_file(client, confirmed, other_hands()),
                     post_score_sheet(client, confirmed, other_hands()),
                     post_hand(client, confirmed, 1, other_hands()[0])):
        assert response.status_code == 403
        assert CONFIRMED in text_of(response)
    assert hands_of(confirmed) == before


def test_a_confirmed_match_is_corrected_by_a_record_file_of_the_chief_jury_with_a_reason(client, confirmed):
    client.force_login(make_user("chief"))
    response = post_record_file(client, confirmed, other_hands(), reason="Hand 1: the pheasant was lost")
    assert response.status_code == 302
    fresh = Match.objects.get(pk=confirmed.pk)
    assert fresh.state == Match.State.CONFIRMED
    assert hands_of(fresh)[0]["announcements"][0]["result"] == "lost"
    assert fresh.history.first().history_change_reason == (
        "Correction from a record file: Hand 1: the pheasant was lost")


def test_a_chief_jury_score_sheet_does_not_correct_a_confirmed_match(client, confirmed):
    # A score sheet carries no reason: a confirmed match is corrected on its page or by a record file.
    client.force_login(make_user("chief"))
    before = hands_of(confirmed)
    response = post_score_sheet(client, confirmed, other_hands())
    assert response.status_code == 403
    assert CONFIRMED in text_of(response)
    assert hands_of(confirmed) == before


# --- the admin writes no hand -------------------------------------------------------------------


def test_the_admin_shows_matches_read_only_and_has_no_page_for_hands(client, submitted):
    client.force_login(make_user("organiser"))
    change = reverse("admin:tournaments_match_change", args=[submitted.pk])
    response = client.post(change, {"state": Match.State.CONFIRMED, "score_a": 100})
    assert response.status_code == 403
    assert Match.objects.get(pk=submitted.pk).state == Match.State.ENTERED
    from django.contrib import admin

    assert Hand not in admin.site._registry


# --- the cost of a hand save --------------------------------------------------------------------


@pytest.fixture
def counted_engine(monkeypatch):
    """How many times the rules engine checks and scores a hand record."""
    calls = []
    checking = bridge.scoring.check_hand

    def counted(record):
        calls.append(record)
        return checking(record)

    monkeypatch.setattr(bridge.scoring, "check_hand", counted)
    return calls


@pytest.mark.django_db(transaction=True)
def test_a_hand_save_costs_at_most_fifteen_statements_and_one_engine_run(client, counted_engine):
    # Statements as the production database sees them (a real transaction, no test savepoints):
    # 1 user, 2 permissions (the session comes from the cache), 3 the match, 4 the typing kept,
    # 5 BEGIN, 6 the hands stored (attackers, scores), 7 the match claimed (version, state, entered
    # by), 8-9 the hand and its history, 10-11 its announcement and their history, 12 the match's
    # history row, 13 the typing forgotten, 14 COMMIT; 15 when the match is scored or starts being
    # entered: the R15 count of both teams' matches.
    ensure_roles(apps)  # a test of real transactions starts on a database another such test may have emptied
    public_data.after_migrate(using="default")  # the versions' rows, as a deployment leaves them
    juror = make_user("jury")
    client.force_login(juror)
    match = make_match()
    for number, record in enumerate(eight_hand_records(), start=1):
        client.post(reverse("jury:keep_hand", args=[match.pk, number]), typed(record, number),
                    headers={"HX-Request": "true"})
        counted_engine.clear()
        with CaptureQueriesContext(connection) as statements:
            response = post_hand(client, match, number, record)
        assert response.status_code == 200
        assert 'class="hand hand-stored"' in text_of(response)
        assert len(statements) <= 15, (number, [query["sql"][:80] for query in statements])
        assert len(counted_engine) == 1, number
    match.refresh_from_db()
    assert (match.score_a, match.score_b) == (88, 93)
    assert Hand.objects.filter(match=match).count() == 8


# --- the public pages follow the door -------------------------------------------------------------


def test_the_public_data_version_moves_when_the_public_sees_the_match_change():
    # Public pages show a match's state, and its score once confirmed: the hands of a match being
    # entered move nothing, so the pages stay cached while the jury types at a card table.
    juror, chief = make_user("jury"), make_user("chief")
    match = make_match()
    records = eight_hand_records()
    before = public_data.current()
    matches.record_hand(match, 1, records[0], user=juror)
    entering = public_data.current()
    assert entering != before  # "being played" now
    for number, record in enumerate(records[1:], start=2):
        matches.record_hand(match, number, record, user=juror)
        assert public_data.current() == entering, number
    matches.submit_match(match, juror)
    submitted = public_data.current()
    assert submitted != entering
    matches.confirm_match(match, chief)
    assert public_data.current() != submitted  # the score is public now


# --- nothing else writes a hand ----------------------------------------------------------------------

HAND_WRITES = re.compile(r"\b(?:store_hands?|remove_hand|bulk_create_with_history)\(|"
                         r"\b(?:Hand|Announcement|SilentPremium)\((?:match|hand)=")


def test_only_the_door_and_the_bridge_write_a_match_s_hands():
    # The door (a match's life) decides and the bridge writes the rows; no page, command or rule
    # stores a hand, an announcement or a silent premium by itself.
    site = Path(bridge.__file__).resolve().parent
    while site.name != "tournaments":  # the site's package, wherever its layers put the door
        site = site.parent
    writers = {path.relative_to(site).as_posix() for path in site.rglob("*.py")
               if "migrations" not in path.parts and HAND_WRITES.search(path.read_text(encoding="utf-8"))}
    door = {Path(module.__file__).resolve().relative_to(site).as_posix() for module in (matches, bridge)}
    assert writers == door


def test_the_hand_the_door_answers_is_the_hand_read_back_from_the_database():
    # The entry page shows the saved hand (and its fingerprint, which the next save of it carries)
    # from the door's answer, without reading it again: it must be the hand as stored.
    juror = make_user("jury")
    match = make_match()
    full = hands.random_hand_records(random.Random(5), 8, full=True, table=True)
    records = eight_hand_records()[:4] + full[4:]
    for number, record in enumerate(records, start=1):
        recorded = matches.record_hand(match, number, record, user=juror)
        stored = bridge.hands_with_facts().get(match=match, number=number)
        assert recorded.record == bridge.hand_record(stored), number
        assert recorded.answer == bridge.stored_answer(stored), number


# --- another juror's hand, stored while this juror's typing was kept -------------------------------

BASE_INPUT = re.compile(r'name="h1-base" value="([0-9a-f]*)"')
REPLACE_BUTTON = re.compile(r'name="h1-replace" value="([0-9a-f]*)"')


def test_a_reload_never_hides_a_hand_another_juror_stored_over_the_typing(client):
    # Bob types hand 1 over an empty hand and his typing is kept; Alice stores her hand 1 meanwhile.
    # Whenever Bob comes back, the page says so, and his first save is refused with what differs;
    # only "Replace theirs with mine", from the page that showed him Alice's hand, replaces it.
    alice, bob = make_user("jury", username="alice"), make_user("jury", username="bob")
    match = make_match()
    mine, theirs = eight_hand_records()[0], other_hands()[0]
    client.force_login(bob)
    client.post(reverse("jury:keep_hand", args=[match.pk, 1]), {**typed(mine, 1), "h1-base": ""},
                headers={"HX-Request": "true"})
    matches.record_hand(match, 1, theirs, user=alice)
    for _reload in range(2):
        page = client.get(reverse("jury:match", args=[match.pk])).content.decode()
        assert "Hand 1 was saved by another juror since this was typed" in page
        base = BASE_INPUT.search(page).group(1)
        refused = client.post(reverse("jury:save_hand", args=[match.pk, 1]), {**typed(mine, 1), "h1-base": base},
                              headers={"HX-Request": "true"})
        assert "Hand 1 was saved by another juror since you opened it" in refused.content.decode()
        assert hands_of(match)[0]["announcements"][0]["result"] == "lost"  # still Alice's
    # A plain save (Enter) from that page still carries the hand the typing began over: refused again.
    assert BASE_INPUT.search(refused.content.decode()).group(1) == base
    seen = REPLACE_BUTTON.search(refused.content.decode()).group(1)
    stored = client.post(reverse("jury:save_hand", args=[match.pk, 1]),
                         {**typed(mine, 1), "h1-base": base, "h1-replace": seen}, headers={"HX-Request": "true"})
    assert 'class="hand hand-stored"' in stored.content.decode()
    assert hands_of(match)[0]["announcements"][0]["result"] == "won"  # Bob's, on purpose


def test_a_record_file_of_another_match_is_refused(client):
    client.force_login(make_user("jury"))
    source = make_match(hand_records=eight_hand_records())
    target = make_match()
    upload = SimpleUploadedFile("match.json", json.dumps(bridge.match_record(source)).encode(),
                                content_type="application/json")
    response = client.post(reverse("jury:import", args=[target.pk]), {"version": target.version, "record": upload})
    assert response.status_code == 422
    assert (f"This record is of the match {source.team_a.name} – {source.team_b.name}, not of this one "
            f"({target.team_a.name} – {target.team_b.name}); nothing was saved.") in html.unescape(text_of(response))
    assert not Hand.objects.filter(match=target).exists()


@pytest.mark.parametrize("page", ["jury:import", "workbooks:score_sheet_upload"])
def test_an_upload_page_of_a_submitted_match_says_why_before_anything_is_uploaded(client, submitted, page):
    client.force_login(make_user("jury"))
    response = client.get(reverse(page, args=[submitted.pk]))
    assert response.status_code == 200
    assert SUBMITTED in text_of(response)
    assert 'type="file"' not in text_of(response)
