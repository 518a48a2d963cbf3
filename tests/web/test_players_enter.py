"""The players enter their own match at the table: each team's link (no account), a hand entered by
one team and accepted or disputed by the other, an accepted hand stored through the door (its
history naming both teams' links), and what a link may not do."""

import io
import re
from types import SimpleNamespace

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import hand_records_results_mode, make_competition, make_match, make_team, make_user
from tournaments.core.models import Hand, Match, PlayerHand, TeamLink
from tournaments.pages.entry import at_the_table
from tournaments.pages.hand_reader import initial_for
from tournaments.recording import matches, player_entry

pytestmark = pytest.mark.django_db
RECORDS = hand_records_results_mode()


@pytest.fixture
def juror():
    return make_user("jury", username="judit")


@pytest.fixture
def match():
    return make_match(competition=make_competition(players_enter_hands=True))


@pytest.fixture
def links(match, juror):
    return {side: player_entry.give_link(match, side, juror) for side in ("A", "B")}


def hand_data(number, record=None, **extra):
    record = record or RECORDS[number - 1]
    data = {f"h{number}-{name}": "" if value is None else value for name, value in initial_for(record, number).items()}
    return {**data, **extra}


def team_url(link, *rest):
    return reverse(f"players:{rest[0] if rest else 'team'}", args=[link.token, *rest[1:]])


def enter(client, link, number, **extra):
    return client.post(team_url(link, "enter", number), hand_data(number, **extra))


def answer(client, link, number, verdict, note=""):
    revision = PlayerHand.objects.get(match=link.match, number=number).revision
    return client.post(team_url(link, "answer", number), {"verdict": verdict, "revision": revision, "note": note})


def test_the_jury_gives_each_team_a_link_with_its_qr_code_and_a_new_link_ends_the_old(client, match, juror):
    client.force_login(juror)
    page_url = reverse("jury:team_links", args=[match.pk])
    client.post(page_url, {"side": "A", "action": "give"})
    first = TeamLink.objects.get(match=match, side="A", ended_at=None)
    page = client.get(page_url).content.decode()
    assert first.token in page and "<svg" in page and 'class="qr"' in page
    client.post(page_url, {"side": "A", "action": "give"})
    first.refresh_from_db()
    assert first.ended_at is not None
    assert "has ended" in client.get(team_url(first)).content.decode()
    assert client.post(team_url(first, "enter", 1), hand_data(1)).status_code == 409
    assert not PlayerHand.objects.exists()


def test_a_competition_whose_players_do_not_enter_gives_no_links(client, juror):
    match = make_match()
    client.force_login(juror)
    page = client.get(reverse("jury:team_links", args=[match.pk])).content.decode()
    assert "Players enter the hands" in page and "<svg" not in page
    client.post(reverse("jury:team_links", args=[match.pk]), {"side": "A", "action": "give"})
    assert not TeamLink.objects.exists()


def test_links_need_the_jury(client, match):
    client.force_login(make_user())
    assert client.get(reverse("jury:team_links", args=[match.pk])).status_code == 403


def test_a_hand_entered_by_one_team_and_accepted_by_the_other_is_stored_with_its_history(client, match, links):
    assert enter(client, links["A"], 1).status_code == 302
    assert not Hand.objects.exists()  # not a fact until the other team accepts it
    page = client.get(team_url(links["B"])).content.decode()
    assert "Hand 1 is right" in page and 'data-score="A"' in page
    assert answer(client, links["B"], 1, "accept").status_code == 302
    hand = Hand.objects.get(match=match, number=1)
    match.refresh_from_db()
    assert match.state == Match.State.IN_ENTRY
    reason = match.history.latest().history_change_reason
    assert links["A"].team.name in reason and links["B"].team.name in reason and "judit" in reason
    assert hand.attackers == RECORDS[0]["attackers"]
    # Stored: the players change it no more.
    assert enter(client, links["A"], 1).status_code == 409


def test_long_team_names_are_shortened_in_the_history_never_refused(client):
    """A history row's reason holds 100 characters (PostgreSQL refuses more): the names in it are
    shortened, the hand still stored."""
    competition = make_competition(players_enter_hands=True)
    match = make_match(make_team("Budapesti Egyetemi Atlétikai Klub Tarokk Szakosztály", competition.season),
                       make_team("Szegedi Vasutas Sportegyesület Kártya és Tarokk Csapat", competition.season),
                       competition)
    juror = make_user("jury", username="zsuzsanna.kovacs-nagy")
    links = {side: player_entry.give_link(match, side, juror) for side in ("A", "B")}
    enter(client, links["A"], 1)
    assert answer(client, links["B"], 1, "accept").status_code == 302
    reason = Hand.objects.get(match=match, number=1).history.latest().history_change_reason
    assert len(reason) <= 100 and reason.startswith("Hand 1 at the table: entered by Budapesti")
    assert "accepted by Szegedi" in reason and "zsuzsanna" in reason


def test_a_disputed_hand_returns_to_the_entering_team_with_the_note(client, links):
    enter(client, links["A"], 1)
    answer(client, links["B"], 1, "dispute", note="We had 11 trumps, not 12")
    mine = client.get(team_url(links["A"])).content.decode()
    assert "We had 11 trumps, not 12" in mine and 'id="hand-form" data-hand="1"' in mine
    assert enter(client, links["A"], 1).status_code == 302
    assert PlayerHand.objects.get(number=1).state == PlayerHand.State.AWAITING
    assert answer(client, links["B"], 1, "accept").status_code == 302
    assert Hand.objects.filter(number=1).exists()


def test_a_dispute_needs_a_note_and_nothing_changes_without_it(client, links):
    enter(client, links["A"], 1)
    response = answer(client, links["B"], 1, "dispute")
    assert response.status_code == 409 and "Say what is wrong with hand 1" in response.content.decode()
    assert PlayerHand.objects.get(number=1).state == PlayerHand.State.AWAITING


def test_a_team_cannot_accept_its_own_hand_nor_enter_over_the_other_teams(client, links):
    enter(client, links["A"], 1)
    assert answer(client, links["A"], 1, "accept").status_code == 403
    assert enter(client, links["B"], 1).status_code == 409
    assert not Hand.objects.exists()


def test_an_answer_to_a_hand_changed_since_it_was_seen_is_refused(client, links):
    enter(client, links["A"], 1)
    seen = PlayerHand.objects.get(number=1).revision
    enter(client, links["A"], 1, **{"h1-silent": ""})
    response = client.post(team_url(links["B"], "answer", 1), {"verdict": "accept", "revision": seen})
    assert response.status_code == 409 and "changed hand 1" in response.content.decode()
    assert not Hand.objects.exists()


def test_a_bad_hand_shows_its_problems_and_keeps_the_typing(client, links):
    response = enter(client, links["A"], 1, **{"h1-a_trumps": "30"})
    page = response.content.decode()
    assert response.status_code == 422
    assert re.search(r'id="id_h1-a_trumps"[^>]*value="30"', page) or 'value="30"' in page
    assert not PlayerHand.objects.exists()


def test_a_hand_sent_twice_is_kept_once(client, links):
    enter(client, links["A"], 1, sent_as="phone-1")
    revision = PlayerHand.objects.get(number=1).revision
    enter(client, links["A"], 1, sent_as="phone-1")
    assert PlayerHand.objects.get(number=1).revision == revision


def test_an_acceptance_sent_twice_is_taken_once(client, links):
    enter(client, links["A"], 1)
    revision = PlayerHand.objects.get(number=1).revision
    for _tap in range(2):
        response = client.post(team_url(links["B"], "answer", 1), {"verdict": "accept", "revision": revision})
        assert response.status_code == 302
    assert Hand.objects.filter(number=1).count() == 1


def test_a_link_does_nothing_after_the_match_is_submitted(client, match, links, juror):
    for number in range(1, 9):
        enter(client, links["A" if number % 2 else "B"], number)
        answer(client, links["B" if number % 2 else "A"], number, "accept")
    assert Hand.objects.filter(match=match).count() == 8
    matches.submit_match(Match.objects.get(pk=match.pk), juror)
    page = client.get(team_url(links["A"])).content.decode()
    assert "handed to the jury" in page and 'id="hand-form"' not in page


def test_a_link_is_held_to_a_persons_pace(client, links):
    answers = [client.get(team_url(links["A"])).status_code for _ in range(35)]
    assert answers[:30] == [200] * 30 and answers[-1] == 429


def test_a_link_has_its_full_pace_again_the_next_minute_with_the_file_cache(client, links, settings, tmp_path,
                                                                            monkeypatch):
    """The file cache (one machine's workers share it) sets a counter anew on each increment: a
    link's count must not outlive its minute, or a team is refused for the rest of its match."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                                   "LOCATION": str(tmp_path)}}
    clock = [600.0]
    monkeypatch.setattr(at_the_table, "time", SimpleNamespace(time=lambda: clock[0]))
    assert [client.get(team_url(links["A"])).status_code for _ in range(31)][-2:] == [200, 429]
    clock[0] += 61
    assert [client.get(team_url(links["A"])).status_code for _ in range(30)] == [200] * 30


def test_an_unknown_link_is_not_found(client):
    assert client.get(reverse("players:team", args=["no-such-key"])).status_code == 404


def test_the_printed_score_sheet_carries_each_teams_link(client, match, links, juror):
    client.force_login(juror)
    response = client.get(reverse("jury:score_sheet", args=[match.pk]))
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    squeezed = re.sub(r"\s+", "", text)
    for link in links.values():
        assert link.team.name in text and link.token in squeezed  # its address under its code


def test_giving_renewing_and_ending_a_link_are_in_its_history_and_on_the_jurys_page(client, match, juror):
    client.force_login(juror)
    page_url = reverse("jury:team_links", args=[match.pk])
    for action in ("give", "give", "end"):
        assert client.post(page_url, {"side": "A", "action": action}).status_code == 302
    first, second = TeamLink.objects.filter(match=match, side="A").order_by("issued_at", "pk")
    said = [(row.id, row.history_type, row.history_user.get_username(), row.history_change_reason)
            for row in TeamLink.history.filter(match_id=match.pk).order_by("history_date", "history_id")]
    assert said == [
        (first.pk, "+", "judit", player_entry.LINK_GIVEN),
        (first.pk, "~", "judit", player_entry.LINK_RENEWED),
        (second.pk, "+", "judit", player_entry.LINK_GIVEN),
        (second.pk, "~", "judit", player_entry.LINK_ENDED),
    ]
    page = client.get(page_url).content.decode()
    history = page[page.index("Links given and ended"):]
    assert history.count("judit") == 4 and history.count(match.team_a.name) == 4
    assert "The jury ended the team&#x27;s link" in history and "which ends this one" in history


def enter_and_accept(client, links, number):
    entering, accepting = (links["A"], links["B"]) if number % 2 else (links["B"], links["A"])
    assert enter(client, entering, number).status_code == 302
    assert answer(client, accepting, number, "accept").status_code == 302


def test_the_teams_page_reads_in_fixed_queries_whatever_the_hands_entered(client, links,
                                                                         django_assert_num_queries):
    enter_and_accept(client, links, 1)
    enter(client, links["B"], 2)  # awaiting team A's word
    with django_assert_num_queries(5):  # the link, the hands with their facts (3), the players' hands
        page = client.get(team_url(links["A"])).content.decode()
    assert "Hand 2 is right" in page and 'id="totals"' in page
    for number in (2, 3, 4):
        if number > 2:
            enter(client, links["B" if number % 2 == 0 else "A"], number)
        answer(client, links["A" if number % 2 == 0 else "B"], number, "accept")
    enter(client, links["A"], 5)
    with django_assert_num_queries(5):  # four hands stored, one awaiting: as many as before
        client.get(team_url(links["B"]))


def test_the_teams_page_sums_the_stored_hands_as_the_engine_scored_them(client, links, match):
    for number in (1, 2):
        enter_and_accept(client, links, number)
    page = client.get(team_url(links["A"])).content.decode()
    scores = Hand.objects.filter(match=match).values_list("score_a", "score_b")
    total_a, total_b = (sum(score[team] for score in scores) for team in (0, 1))
    assert re.search(rf"Stored so far: .* {total_a} : {total_b} ", page)


def test_the_jurys_links_page_reads_in_fixed_queries_whatever_the_hands_entered(client, match, links, juror,
                                                                               django_assert_num_queries):
    enter_and_accept(client, links, 1)
    enter(client, links["B"], 2)
    client.force_login(juror)
    page_url = reverse("jury:team_links", args=[match.pk])
    # The juror, the match, its live links, its hands with their facts (3), the players' hands, the
    # links' history.
    with django_assert_num_queries(8):
        client.get(page_url)
    answer(client, links["A"], 2, "accept")
    for number in (3, 4):
        enter_and_accept(client, links, number)
    enter(client, links["A"], 5)
    with django_assert_num_queries(8):  # four hands stored, one awaiting: as many as before
        client.get(page_url)
