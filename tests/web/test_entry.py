"""Score entry through the jury's pages: typing a match in, live scores, a bad hand kept as typed
without holding back the others, confirmation by a second juror, corrections and concurrent edits."""

import html
import re

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, logged_in_user, make_match, make_player, make_team, make_user
from tournaments.core import bridge
from tournaments.core.models import Announcement, Hand, Match
from tournaments.pages.hand_reader import initial_for
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


def form_data(records, version=0, **extra):
    """What the entry page posts for these hand records (the notation the jury types)."""
    data = {"version": version, **extra}
    for number, record in enumerate(records, start=1):
        for name, value in initial_for(record, number).items():
            data[f"h{number}-{name}"] = "" if value is None else value
    return data


@pytest.fixture
def jury(client):
    return logged_in_user(client, "jury", "alice")


def test_entering_a_match_stores_the_engines_scores(client, jury):
    match = make_match()
    response = client.post(reverse("jury:match", args=[match.pk]), form_data(eight_hand_records()))
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.state, match.entered_by) == (88, 93, Match.State.IN_ENTRY, jury)
    assert match.version == 8  # each hand stored on its own
    assert client.post(reverse("jury:submit", args=[match.pk]), {"version": 8}).status_code == 302
    match.refresh_from_db()
    assert (match.state, match.version) == (Match.State.ENTERED, 9)
    page = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert "pheasant A.driver I won" in page or "pheasant A.d I won" in page
    assert 'data-score="A">100<' in page


def test_the_short_notation_is_read(client, jury):
    match = make_match()
    data = form_data(eight_hand_records())
    data["h1-announcements"] = "phea a.d i c=opp w"
    data["h3-silent"] = "4k B"
    data["h2-b_trumps"] = data["h2-b_honours"] = data["h2-b_high"] = ""  # B's holdings from A's (R1)
    assert client.post(reverse("jury:match", args=[match.pk]), data).status_code == 302
    pheasant = Announcement.objects.get(hand__match=match, hand__number=1)
    assert (pheasant.feast, pheasant.seat, pheasant.cards, pheasant.contra, pheasant.result) == (
        "pheasant", "A.driver", "I", "opponents", "won")
    assert Hand.objects.get(match=match, number=2).b_high_trumps == "XVI XVII"


def test_preview_scores_a_hand_without_saving(client, jury):
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    response = client.post(reverse("jury:preview", args=[match.pk]), data, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="hand-1-result" class="hand-result" data-hx-swap-oob="true"' in page
    assert 'data-score="A">100<' in page and 'data-score="B">90<' in page
    assert 'data-total="A">100<' in page
    assert Hand.objects.count() == 0


def test_preview_shows_the_engines_problem_next_to_the_field(client, jury):
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    data["h1-announcements"] = "visi B.d won\npheasant A.d XXI won"  # R9: XXI is not a magnifier
    page = html.unescape(client.post(reverse("jury:preview", args=[match.pk]), data).content.decode())
    problems = page[page.index('id="id_h1-announcements-problems"'):].split("</div>\n")[0]
    assert problems.count("Announcements, line 2: Pheasant declares magnifiers (a King or a Bird); these are not: "
                          "XXI <details") == 1
    # The ruling is not in the juror's sentence: it is behind the problem's "why?", asked for.
    assert "(R9)" not in problems
    assert '<details class="why"><summary>why?</summary><span class="ruling">R9: a feast that binds' in problems
    assert "announcements[" not in page and "FORMAT" not in page
    assert 'id="hand-1-result"' in page and 'data-score="A"' not in page.split('id="hand-2-result"')[0]


def test_bad_hands_are_kept_as_typed_and_the_others_stored(client, jury):
    match = make_match()
    data = form_data(eight_hand_records())
    data["h4-announcements"] = "visi B.c won\nvisi B.d lost"  # R7: the team announced visi twice
    data["h6-a_trumps"] = "13"  # R5: trumps no longer add up to 22
    response = client.post(reverse("jury:match", args=[match.pk]), data)
    assert response.status_code == 302
    assert list(Hand.objects.filter(match=match).values_list("number", flat=True)) == [1, 2, 3, 5, 7, 8]
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk])).content.decode())
    assert "visi B.c won\nvisi B.d lost" in page  # everything typed stays on screen
    assert 'value="13"' in page.split('id="hand-6"')[1].split("</form>")[0]
    assert ("Hand 4 · Announcements, line 2: team B already announced Visi of the same chain; keep only the "
            "final, highest announcement") in page
    assert "Hand 6 · Holdings: the two teams' trumps add up to 22 (one pack), not 23" in page
    assert 'href="#id_h4-announcements"' in page and 'href="#id_h6-a_trumps"' in page  # the summary links
    assert 'id="id_h6-a_trumps" aria-invalid="true" aria-describedby="id_h6-a_trumps-problems"' in page or (
        'aria-describedby="id_h6-a_trumps-problems"' in page)
    match.refresh_from_db()
    assert (match.version, match.state) == (6, Match.State.IN_ENTRY)


def test_unreadable_notation_names_the_line(client, jury):
    match = make_match()
    data = form_data(eight_hand_records())
    data["h1-announcements"] = "pheasant A.d I c=opp wonn"
    client.post(reverse("jury:match", args=[match.pk]), data)
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk])).content.decode())
    assert "Announcements, one a line: line 1: “wonn” is not a seat (A.d, A.c, B.d or B.c), card (Kc" in page
    assert not Hand.objects.filter(match=match, number=1).exists()


def test_a_hand_another_juror_stored_meanwhile_is_refused_with_what_they_changed(client, jury):
    match = make_match()
    url = reverse("jury:save_hand", args=[match.pk, 1])
    opened = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert 'name="h1-base" value=""' in opened  # hand 1 was empty when the page was opened
    matches.record_hand(match, 1, eight_hand_records()[0], user=make_user("jury", username="bob"))
    late = eight_hand_records()[:1]
    late[0]["announcements"] = []
    data = {**form_data(late), "h1-base": ""}
    response = client.post(url, data, headers={"HX-Request": "true"})
    page = html.unescape(response.content.decode())
    assert "Hand 1 was saved by another juror since you opened it; nothing was saved." in page
    assert (f"Announcements: only the other juror's hand has Pheasant, {match.team_a.name}'s driver, I, won."
            in page)  # in words, the seat by its team's name
    assert "{" not in page.split('id="hand-1-refusal"')[1].split("</ul>")[0]  # in words, not a record
    assert Announcement.objects.filter(hand__match=match, hand__number=1).exists()  # nothing overwritten


def test_particulars_changed_while_a_hand_is_saved_are_kept(client, jury, monkeypatch):
    # The hand's request loads the match when it begins; another juror changes the match's place
    # and seats before the hand reaches the database. Storing the hand writes what the hand
    # changes, not the match as the request loaded it: the other juror's change stays.
    match = make_match(place="Szeged")
    substitute = make_player("Sub Stitute")
    match.team_a.substitute = substitute
    match.team_a.save()
    checking = bridge.check_hand

    def particulars_changed_meanwhile(record):
        monkeypatch.setattr(bridge, "check_hand", checking)  # once
        meanwhile = Match.objects.get(pk=match.pk)
        meanwhile.place, meanwhile.a_driver = "Pécs", substitute
        matches.save_particulars(meanwhile, user=make_user("jury", username="bob"), changed=["place", "a_driver"])
        return checking(record)

    monkeypatch.setattr(bridge, "check_hand", particulars_changed_meanwhile)
    response = client.post(reverse("jury:save_hand", args=[match.pk, 1]),
                           {**form_data(eight_hand_records()[:1]), "h1-base": ""}, headers={"HX-Request": "true"})

    assert response.status_code == 200
    match.refresh_from_db()
    assert (match.place, match.a_driver) == ("Pécs", substitute)
    assert (match.state, match.entered_by, match.version) == (Match.State.IN_ENTRY, jury, 2)
    assert Hand.objects.filter(match=match, number=1).exists()
    assert [entry.place for entry in match.history.order_by("-history_id")[:2]] == ["Pécs", "Pécs"]


def test_a_hand_saved_after_another_juror_changed_the_teams_is_refused(client, jury, monkeypatch):
    # The juror's page shows other teams than the match now has: the hand is not stored into
    # another match, and the other juror's teams stay.
    match = make_match()
    others = make_team("Owls", season=match.competition.season)
    checking = bridge.check_hand

    def teams_changed_meanwhile(record):
        monkeypatch.setattr(bridge, "check_hand", checking)  # once
        meanwhile = Match.objects.get(pk=match.pk)
        meanwhile.team_b, meanwhile.b_driver, meanwhile.b_catcher = others, others.driver, others.catcher
        matches.save_particulars(meanwhile, user=make_user("jury", username="bob"), changed=["team_b"])
        return checking(record)

    monkeypatch.setattr(bridge, "check_hand", teams_changed_meanwhile)
    response = client.post(reverse("jury:save_hand", args=[match.pk, 1]),
                           {**form_data(eight_hand_records()[:1]), "h1-base": ""}, headers={"HX-Request": "true"})

    assert "This match was changed by" in html.unescape(response.text)
    match.refresh_from_db()
    assert (match.team_b, match.hands.count()) == (others, 0)


def test_a_second_juror_confirms_and_the_match_is_locked(client, jury):
    match = make_match(hand_records=eight_hand_records(), user=jury)
    chief = make_user("chief")
    client.force_login(chief)
    response = client.post(reverse("jury:confirm", args=[match.pk]), {"version": 1})
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.state, match.confirmed_by) == (Match.State.CONFIRMED, chief)
    client.force_login(jury)
    response = client.post(reverse("jury:match", args=[match.pk]), form_data(eight_hand_records(), version=2))
    assert response.status_code == 403
    assert Match.objects.get(pk=match.pk).version == 2


def test_the_juror_who_entered_cannot_confirm(client):
    chief = make_user("chief")
    match = make_match(hand_records=eight_hand_records(), user=chief)
    client.force_login(chief)
    response = client.post(reverse("jury:confirm", args=[match.pk]), {"version": 1})
    assert response.status_code == 403
    assert Match.objects.get(pk=match.pk).state == Match.State.ENTERED


def test_send_back_with_a_comment(client, jury):
    match = make_match(hand_records=eight_hand_records(), user=jury)
    client.force_login(make_user("chief"))
    client.post(reverse("jury:send_back", args=[match.pk]), {"version": 1, "comment": "Hand 3: four kings?"})
    match.refresh_from_db()
    assert (match.state, match.jury_comment) == (Match.State.RETURNED, "Hand 3: four kings?")
    client.force_login(jury)
    assert "Hand 3: four kings?" in client.get(reverse("jury:match", args=[match.pk])).content.decode()
    changed = eight_hand_records()
    changed[2]["silent"] = []
    response = client.post(reverse("jury:match", args=[match.pk]), form_data(changed))
    assert response.status_code == 302
    assert Match.objects.get(pk=match.pk).state == Match.State.IN_ENTRY
    client.post(reverse("jury:submit", args=[match.pk]), {"version": 3})
    assert Match.objects.get(pk=match.pk).state == Match.State.ENTERED


def test_a_correction_needs_a_reason_and_is_kept_in_the_history(client):
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
    chief = make_user("chief", username="carol")
    client.force_login(chief)
    url = reverse("jury:match", args=[match.pk])
    corrected = eight_hand_records()
    corrected[2]["silent"] = []  # the four kings were B's by mistake
    response = client.post(url, form_data(corrected, version=2))
    assert response.status_code == 422
    assert "needs a written reason" in response.content.decode()
    assert Hand.objects.get(match=match, number=3).score_b == 100
    response = client.post(url, form_data(corrected, version=2, reason="Four kings not achieved"))
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED
    assert Hand.objects.get(match=match, number=3).score_b == 90
    history = client.get(reverse("jury:history", args=[match.pk])).content.decode()
    assert "Correction: Four kings not achieved" in history
    assert "carol" in history
    assert "silent premium Four Kings</strong> removed" in history
    assert f"{match.team_b.name}: score: 100 → 90" in history  # the team's figures by its name


def test_export_and_import_round_trip(client, jury):
    source = make_match(hand_records=eight_hand_records())
    exported = client.get(reverse("jury:export", args=[source.pk]))
    assert exported["Content-Disposition"] == f'attachment; filename="match-{source.pk}.json"'
    target = make_match(source.team_a, source.team_b, source.competition)  # the same pairing, played again
    upload = {"version": 0, "record": _file(exported.content)}
    response = client.post(reverse("jury:import", args=[target.pk]), upload)
    assert response.status_code == 302
    again = client.get(reverse("jury:export", args=[target.pk])).json()
    assert again["hands"] == exported.json()["hands"]
    target.refresh_from_db()
    assert (target.score_a, target.score_b) == (88, 93)


def test_an_invalid_import_lists_the_problems_and_saves_nothing(client, jury):
    source = make_match(hand_records=eight_hand_records())
    record = bridge.match_record(source)
    record["hands"][7]["announcements"][0]["feast"] = "dragon"
    target = make_match(source.team_a, source.team_b, source.competition)
    import json
    response = client.post(reverse("jury:import", args=[target.pk]),
                           {"version": 0, "record": _file(json.dumps(record).encode())})
    assert response.status_code == 422
    page = html.unescape(response.content.decode())
    assert "Hand 8 · " in page and "hands[7]" not in page  # the hand counted from 1, the field by its label
    assert not Hand.objects.filter(match=target).exists()


def _file(content):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("match.json", content, content_type="application/json")


def test_a_hand_outside_the_match_is_not_found_and_a_submitted_match_takes_no_hand(client, jury):
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    assert client.post(reverse("jury:save_hand", args=[match.pk, 9]), data).status_code == 404
    assert client.post(reverse("jury:keep_hand", args=[match.pk, 0]), data).status_code == 404
    submitted = make_match(hand_records=eight_hand_records(), user=jury)
    response = client.post(reverse("jury:save_hand", args=[submitted.pk, 1]), data)
    assert response.status_code == 403
    assert "withdraw the submission" in response.content.decode()
    assert not submitted.drafts.exists()


def test_the_state_reads_apart_from_who_entered_the_match(client, jury):
    """"Awaiting confirmation · Entered by alice", not run together as one sentence."""
    match = make_match()
    for number, record in enumerate(eight_hand_records(), start=1):
        matches.record_hand(match, number, record, user=jury)
    matches.submit_match(match, jury)
    page = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    state = page[page.index('id="match-state"'):].split("</span>")[0]
    text = " ".join(re.sub(r"<[^>]+>", " ", state.split(">", 1)[1]).split())
    assert text.startswith("Awaiting confirmation · Entered by alice at ")
