"""Score entry through the jury's pages: typing a match in, live scores, refusals that keep the
input and save nothing, confirmation by a second juror, corrections and concurrent edits."""

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, make_match, make_user
from tournaments import bridge
from tournaments.entry.forms import initial_for
from tournaments.models import Announcement, Hand, Match

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
    user = make_user("jury", username="alice")
    client.force_login(user)
    return user


def test_entering_a_match_stores_the_engines_scores(client, jury):
    match = make_match()
    response = client.post(reverse("jury:match", args=[match.pk]), form_data(eight_hand_records()))
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.score_a, match.score_b, match.state, match.entered_by) == (88, 93, Match.State.IN_ENTRY, jury)
    assert client.post(reverse("jury:submit", args=[match.pk]), {"version": 1}).status_code == 302
    match.refresh_from_db()
    assert (match.state, match.version) == (Match.State.ENTERED, 2)
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
    assert 'id="hand-1-result" class="hand-result" hx-swap-oob="true"' in page
    assert 'data-score="A">100<' in page and 'data-score="B">90<' in page
    assert 'data-total="A">100<' in page
    assert Hand.objects.count() == 0


def test_preview_shows_the_engines_problem_next_to_the_field(client, jury):
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    data["h1-announcements"] = "visi B.d won\npheasant A.d XXI won"  # R9: XXI is not a magnifier
    page = client.post(reverse("jury:preview", args=[match.pk]), data).content.decode()
    problems = page[page.index('id="id_h1-announcements-problems"'):]
    assert problems.split("</span>\n")[0].count("announcements[1].cards: R9") == 1
    assert 'id="hand-1-result"' in page and 'data-score="A"' not in page.split('id="hand-2-result"')[0]


def test_an_invalid_match_is_refused_with_input_kept_and_nothing_saved(client, jury):
    match = make_match()
    data = form_data(eight_hand_records())
    data["h4-announcements"] = "visi B.c won\nvisi B.d lost"  # R7: the team announced visi twice
    data["h6-a_trumps"] = "13"  # R5: trumps no longer add up to 22
    response = client.post(reverse("jury:match", args=[match.pk]), data)
    page = response.content.decode()
    assert response.status_code == 422
    assert "visi B.c won\nvisi B.d lost" in page  # everything typed stays on screen
    assert 'value="13"' in page
    assert "announcements[1]: R7" in page
    assert "holdings: R5: trumps must add up to 22, not 23" in page
    assert Hand.objects.count() == 0
    match.refresh_from_db()
    assert (match.version, match.state) == (0, Match.State.SCHEDULED)


def test_unreadable_notation_names_the_line(client, jury):
    match = make_match()
    data = form_data(eight_hand_records())
    data["h1-announcements"] = "pheasant A.d I c=opp wonn"
    page = client.post(reverse("jury:match", args=[match.pk]), data).content.decode()
    assert "line 1: &#x27;wonn&#x27; is not a seat, card, suit, contra" in page
    assert Hand.objects.count() == 0


def test_a_stale_form_is_refused_and_shows_what_changed(client, jury):
    match = make_match()
    url = reverse("jury:match", args=[match.pk])
    first = eight_hand_records()
    assert client.post(url, form_data(first, version=0)).status_code == 302
    late = eight_hand_records()
    late[0]["announcements"] = []
    response = client.post(url, form_data(late, version=0))  # opened before the first save
    page = response.content.decode()
    assert response.status_code == 422
    assert "changed by alice since you opened it" in page
    assert "Hand 1 differs from the saved entry" in page
    assert Announcement.objects.filter(hand__match=match, hand__number=1).exists()  # nothing overwritten
    assert Match.objects.get(pk=match.pk).version == 1


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
    response = client.post(reverse("jury:match", args=[match.pk]), form_data(eight_hand_records(), version=2))
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
    assert "B&#x27;s score: 100 → 90" in history


def test_export_and_import_round_trip(client, jury):
    source = make_match(hand_records=eight_hand_records())
    exported = client.get(reverse("jury:export", args=[source.pk]))
    assert exported["Content-Disposition"] == f'attachment; filename="match-{source.pk}.json"'
    target = make_match()
    upload = {"version": 0, "record": _file(exported.content)}
    response = client.post(reverse("jury:import", args=[target.pk]), upload)
    assert response.status_code == 302
    again = client.get(reverse("jury:export", args=[target.pk])).json()
    assert again["hands"] == exported.json()["hands"]
    target.refresh_from_db()
    assert (target.score_a, target.score_b) == (88, 93)


def test_an_invalid_import_lists_the_problems_and_saves_nothing(client, jury):
    record = bridge.match_record(make_match(hand_records=eight_hand_records()))
    record["hands"][7]["announcements"][0]["feast"] = "pagat"
    target = make_match()
    import json
    response = client.post(reverse("jury:import", args=[target.pk]),
                           {"version": 0, "record": _file(json.dumps(record).encode())})
    assert response.status_code == 422
    assert "hands[7].announcements[0].feast: FORMAT" in response.content.decode()
    assert not Hand.objects.filter(match=target).exists()


def _file(content):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("match.json", content, content_type="application/json")
