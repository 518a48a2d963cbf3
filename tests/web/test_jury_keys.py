"""What the jury's keyboard reaches without the mouse, as the pages send it: a reopened blind
confirmation offers sending the match back, its comment kept without the line break the Enter that
sent it may leave; every entry, correction and blind page leads to each hand by a link and a key;
after a lost race "Replace theirs with mine" is the first thing after the race, with its key; and a
page that showed a message is not kept by the browser to show it again."""

import re

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, make_competition, make_match, make_player, make_season, make_user
from tests.web.test_entry import form_data
from tournaments.core.models import Match
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return make_user("jury", username="alice")


def submitted(alice, *, blind):
    match = make_match(competition=make_competition(name="Blind", blind_confirmation=blind))
    for number, record in enumerate(eight_hand_records(), start=1):
        matches.record_hand(match, number, record, user=alice)
    matches.submit_match(match, alice)
    return match


def test_a_reopened_blind_page_offers_sending_back_with_its_key(client, alice):
    match = submitted(alice, blind=True)
    client.force_login(make_user("chief", username="carol"))

    page = client.get(reverse("jury:blind", args=[match.pk])).content.decode()  # nothing compared yet

    send_back = reverse("jury:send_back", args=[match.pk])
    form = page[page.index(f'<form method="post" action="{send_back}"'):]
    form = form[:form.index("</form>")]
    assert 'name="comment"' in form and 'aria-describedby="send-back-keys"' in form
    assert 'data-shortcut="B"' in form and 'data-shortcut-focus="id_comment"' in form
    assert "Enter sends the match back with this comment" in page


@pytest.mark.parametrize(("comment", "kept"), [
    ("Hand 5: check the result\n", "Hand 5: check the result"),
    ("Hand 5: check the result\r\n\r\n", "Hand 5: check the result"),
    ("\nHand 5: check the result \u200b", "Hand 5: check the result"),
    ("Hand 5: check the result.\r\nThe sheet says lost.\r\n", "Hand 5: check the result.\nThe sheet says lost."),
])
def test_the_comment_sent_back_is_kept_without_a_trailing_line_break(client, alice, comment, kept):
    match = submitted(alice, blind=True)
    client.force_login(make_user("chief", username="carol"))

    response = client.post(reverse("jury:send_back", args=[match.pk]), {"version": match.version, "comment": comment})

    assert response.status_code == 302
    match.refresh_from_db()
    assert match.state == Match.State.RETURNED and match.jury_comment == kept


def hand_links(page):
    jump = page[page.index('class="hand-jump"'):]
    jump = jump[:jump.index("</nav>")]
    return re.findall(r'<a href="#hand-(\d)" class="to-hand" aria-keyshortcuts="Alt\+Shift\+(\d)">', jump)


def test_the_entry_the_correction_and_the_blind_page_lead_to_each_hand_by_link_and_key(client, alice):
    every_hand = [(str(number), str(number)) for number in range(1, 9)]
    blind = submitted(alice, blind=True)
    client.force_login(make_user("chief", username="erik"))
    assert hand_links(client.get(reverse("jury:blind", args=[blind.pk])).content.decode()) == every_hand
    client.force_login(alice)
    assert hand_links(client.get(reverse("jury:match", args=[make_match().pk])).content.decode()) == every_hand
    confirmed = make_match(hand_records=eight_hand_records(), confirmed=True)
    client.force_login(make_user("chief", username="dora"))
    correction = client.get(reverse("jury:match", args=[confirmed.pk])).content.decode()
    assert 'class="entry-form correction"' in correction and hand_links(correction) == every_hand


def test_after_a_lost_race_replace_theirs_comes_first_after_the_race_with_its_key(client, alice):
    match = make_match()
    records = eight_hand_records()
    bob = make_user("jury", username="bob")
    client.force_login(alice)
    save = reverse("jury:save_hand", args=[match.pk, 1])
    typing = {name: value for name, value in form_data(records[:1]).items() if name.startswith("h1-")}
    client.post(reverse("jury:keep_hand", args=[match.pk, 1]), {**typing, "h1-base": ""})
    matches.record_hand(match, 1, {**records[0], "silent": []}, user=bob)  # bob stores it first

    page = client.post(save, {**typing, "h1-base": ""}, headers={"HX-Request": "true"}).content.decode()

    race = page[page.index('id="hand-1-race"'):]
    race = race[:race.index("</div>")]
    buttons = re.findall(r'<button type="submit" class="([\w -]+)"', race)
    assert buttons == ["replace-theirs danger", "keep-theirs secondary"]  # inside the race, Replace first
    assert 'data-shortcut="R" aria-keyshortcuts="Alt+Shift+R"' in race
    assert page.count("replace-theirs") == 1


def test_a_page_that_showed_a_message_is_not_kept_to_show_it_again(client):
    client.force_login(make_user("organiser", username="olga"))
    make_season(2025)
    make_competition()
    anna, bela = make_player("Anna"), make_player("Béla")

    saved = client.post(reverse("competitions:team_new", args=[2025]),
                        {"name": "Pagátok", "driver": anna.pk, "catcher": bela.pk}, follow=True)
    later = client.get(reverse("competitions:teams", args=[2025]))

    assert "Saved: Pagátok." in saved.content.decode()
    assert "no-store" in saved["Cache-Control"]
    assert "Saved: Pagátok." not in later.content.decode()  # shown once
    assert "no-store" not in later.get("Cache-Control", "")  # a page without messages is cached as before
