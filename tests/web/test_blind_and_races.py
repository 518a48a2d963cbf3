"""Blind confirmation switched per competition on the organisers' pages (refused while a match of
the competition awaits confirmation), agreeing on a full-deal hand typed in another order, and a
hand lost to another juror's save: shown beside theirs, never called stored, replaced only by
"Replace theirs with mine". Every request is a browser's, through the pages."""

import html
import random
import re

import pytest
from django.urls import reverse

from bench.hands import random_hand_records
from tests.factories import eight_hand_records, make_competition, make_match, make_season, make_user
from tests.web.test_entry import form_data
from tests.web.test_organise_seasons import errors, page_form, refused, saved
from tournaments.core.models import Hand, Match
from tournaments.pages.entry import compare
from tournaments.pages.hand_reader import initial_for
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


# --- the organisers' switch -----------------------------------------------------------------------------


@pytest.fixture
def organiser(client):
    client.force_login(make_user("organiser", username="organiser"))
    return client


def test_organisers_switch_blind_confirmation_of_a_competition_on_their_page(organiser):
    championship = make_competition(season=make_season(2025), name="Csapatbajnokság 2025", slug="cb")
    url = reverse("competitions:competition_edit", args=[2025, "cb"])
    form = page_form(organiser, url)
    assert "blind_confirmation" not in form  # offered, switched off

    saved(organiser, url, form | {"blind_confirmation": "on"})
    championship.refresh_from_db()
    assert championship.blind_confirmation
    assert championship.history.order_by("-history_id").first().history_user.username == "organiser"

    saved(organiser, url, {key: value for key, value in page_form(organiser, url).items()
                           if key != "blind_confirmation"})
    championship.refresh_from_db()
    assert not championship.blind_confirmation


def test_blind_confirmation_is_not_switched_while_a_match_awaits_confirmation(organiser):
    championship = make_competition(season=make_season(2025), name="Csapatbajnokság 2025", slug="cb")
    juror = make_user("jury")
    match = make_match(competition=championship, hand_records=eight_hand_records(), user=juror)  # submitted
    assert match.state == Match.State.ENTERED
    url = reverse("competitions:competition_edit", args=[2025, "cb"])

    response = refused(organiser, url, page_form(organiser, url) | {"blind_confirmation": "on"})

    assert errors(response, "blind_confirmation") == [
        "Blind confirmation: 1 match of Csapatbajnokság 2025 awaits confirmation; the way it is confirmed "
        "cannot change under it (confirm it or send it back first); R15."]
    championship.refresh_from_db()
    assert not championship.blind_confirmation
    matches.confirm_match(match, make_user("chief"))
    saved(organiser, url, page_form(organiser, url) | {"blind_confirmation": "on"})


# --- a full deal confirmed blind --------------------------------------------------------------------------


def full_deal_match():
    """A match of a blind-confirmation competition, hand 1 a full deal, entered and submitted."""
    juror = make_user("jury", username="alice")
    full = random_hand_records(random.Random(7), 1, full=True, first_attackers="A")[0]
    records = [full] + eight_hand_records()[1:]
    match = make_match(competition=make_competition(name="Blind", blind_confirmation=True))
    for number, record in enumerate(records, start=1):
        matches.record_hand(match, number, record, user=juror)
    matches.submit_match(match, juror)
    return match, records


def blind_typing(records):
    """The page's post: hand 1 typed with only its announcements, deal and tricks, the deal's seats
    and each seat's cards in another order than the first entry's."""
    data = form_data(records)
    typed = initial_for(records[0], 1)
    for name in ("a_trumps", "a_honours", "a_high", "b_trumps", "b_honours", "b_high", "silent"):
        data[f"h1-{name}"] = ""
    deal = [line.split(": ") for line in typed["deal"].splitlines()]
    data["h1-deal"] = "\n".join(f"{seat}: {' '.join(reversed(cards.split()))}" for seat, cards in reversed(deal))
    data["h1-announcements"] = "\n".join(line.split(" w")[0].split(" l")[0] for line in
                                         typed["announcements"].splitlines())  # no results: the tricks say
    data.pop("version")
    return data


def test_a_blind_confirmation_agrees_on_a_full_deal_typed_in_another_order(client):
    match, records = full_deal_match()
    client.force_login(make_user("chief", username="carol"))
    page = client.get(reverse("jury:blind", args=[match.pk])).text
    assert 'name="h1-deal"' in page and 'name="h1-tricks"' in page  # the entry page's fields

    response = client.post(reverse("jury:blind", args=[match.pk]), blind_typing(records))

    assert response.status_code == 302
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED


def test_a_different_trick_is_named_not_the_whole_deal():
    full = random_hand_records(random.Random(7), 1, full=True, first_attackers="A")[0]
    other = {**full, "tricks": [full["tricks"][0], full["tricks"][1], full["tricks"][3], full["tricks"][2],
                                *full["tricks"][4:]]}
    other["deal"] = {seat: list(reversed(cards)) for seat, cards in full["deal"].items()}

    lines = compare.differences(full, other, first_name="the first entry", second_name="yours")

    assert "Tricks: trick 3, 4 differs." in lines
    assert not [line for line in lines if line.startswith("Deal")]  # the same deal, in another order


# --- a race lost to another juror ------------------------------------------------------------------------


REPLACE = re.compile(r'name="h1-replace" value="([0-9a-f]*)"')


def test_a_hand_lost_to_another_jurors_save_is_shown_beside_theirs_and_never_called_stored(client):
    alice, bob = make_user("jury", username="alice"), make_user("jury", username="bob")
    match = make_match()
    client.force_login(bob)
    client.get(reverse("jury:match", args=[match.pk]))
    theirs = eight_hand_records()[0]
    matches.record_hand(match, 1, theirs, user=alice)
    mine = eight_hand_records()[:1]
    mine[0]["announcements"][0]["result"] = "lost"
    save = reverse("jury:save_hand", args=[match.pk, 1])

    refused_page = client.post(save, {**form_data(mine), "h1-base": ""}, headers={"HX-Request": "true"}).text

    page = html.unescape(refused_page)
    race = page[page.index('id="hand-1-race"'):]
    assert "Stored: the other juror's hand" in race and "Yours: typed, not stored" in race
    theirs_shown = race[race.index("race-theirs"):race.index("race-yours")]
    yours_shown = race[race.index("race-yours"):race.index("race-choice")]
    assert "won" in theirs_shown and "lost" in yours_shown
    status = re.search(r'id="hand-1-status">([^<]*)<', page).group(1)
    assert status == "not stored: another juror's hand is stored"
    stored = Hand.objects.get(match=match, number=1)
    assert f'data-score="A">{stored.score_a}<' in page  # the stored hand's score, not the typing's
    assert 'class="hand hand-conflict' in page

    again = client.post(save, {**form_data(mine), "h1-base": ""}, headers={"HX-Request": "true"}).text
    assert "hand-conflict" in again  # Enter again replaces nothing
    assert Hand.objects.get(match=match, number=1).score_a == stored.score_a

    seen = REPLACE.search(refused_page).group(1)
    replaced = client.post(save, {**form_data(mine), "h1-base": "", "h1-replace": seen},
                           headers={"HX-Request": "true"}).text
    assert 'class="hand hand-stored"' in replaced
    assert Hand.objects.get(match=match, number=1).score_a != stored.score_a


def test_keep_theirs_forgets_the_typing(client):
    alice, bob = make_user("jury", username="alice"), make_user("jury", username="bob")
    match = make_match()
    client.force_login(bob)
    matches.record_hand(match, 1, eight_hand_records()[0], user=alice)
    mine = eight_hand_records()[:1]
    mine[0]["announcements"] = []
    save = reverse("jury:save_hand", args=[match.pk, 1])
    client.post(save, {**form_data(mine), "h1-base": ""}, headers={"HX-Request": "true"})

    kept = client.post(save, {**form_data(mine), "h1-base": "", "h1-keep_theirs": "1"},
                       headers={"HX-Request": "true"}).text

    assert 'class="hand hand-stored"' in kept and "hand-1-race" not in kept
    page = client.get(reverse("jury:match", args=[match.pk])).text
    assert "hand-1-race" not in page and "pheasant A.d I won" in html.unescape(page)


def test_the_jury_home_says_what_its_digit_keys_do(client):
    client.force_login(make_user("jury"))
    page = client.get(reverse("jury:home")).text
    assert "the keys 1 to 9 open the first nine matches listed below" in page
