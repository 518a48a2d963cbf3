"""Who may do what: every jury page needs a login and the jury's permission; confirming and
correcting need the chief jury's; the admin serves organisers. Public pages need no login."""

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, make_competition, make_match, make_user
from tournaments.core.models import Match

pytestmark = pytest.mark.django_db

JURY_PAGES = ["jury:match", "jury:history", "jury:export", "jury:import"]


@pytest.fixture
def match():
    return make_match(hand_records=eight_hand_records())


@pytest.mark.parametrize("name", JURY_PAGES)
def test_anonymous_visitors_are_sent_to_log_in(client, match, name):
    response = client.get(reverse(name, args=[match.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("role", [None, "organiser"])
@pytest.mark.parametrize("name", JURY_PAGES)
def test_users_without_the_jury_permission_get_403(client, match, role, name):
    client.force_login(make_user(role))
    assert client.get(reverse(name, args=[match.pk])).status_code == 403


@pytest.mark.parametrize("role", [None, "organiser"])
def test_users_without_the_jury_permission_cannot_post(client, match, role):
    client.force_login(make_user(role))
    # The match list is the jury's and the organisers' (who schedule the Cup's and Grand Prix matches).
    assert client.get(reverse("jury:matches")).status_code == (200 if role == "organiser" else 403)
    for name in ("jury:match", "jury:preview", "jury:confirm", "jury:send_back"):
        assert client.post(reverse(name, args=[match.pk]), {"version": 1}).status_code == 403
    assert Match.objects.get(pk=match.pk).state == Match.State.ENTERED


@pytest.mark.parametrize("role", ["jury", "chief"])
def test_jurors_see_the_jury_pages(client, match, role):
    client.force_login(make_user(role))
    assert client.get(reverse("jury:matches")).status_code == 200
    for name in JURY_PAGES:
        assert client.get(reverse(name, args=[match.pk])).status_code == 200


def test_a_juror_without_the_chief_permission_cannot_confirm(client, match):
    client.force_login(make_user("jury"))
    page = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert "Confirm the match" not in page
    assert client.post(reverse("jury:confirm", args=[match.pk]), {"version": 1}).status_code == 403
    response = client.post(reverse("jury:send_back", args=[match.pk]), {"version": 1, "comment": "no"})
    assert response.status_code == 403
    assert Match.objects.get(pk=match.pk).state == Match.State.ENTERED


@pytest.mark.parametrize("comment", ["", "Hand 3: four kings?"])
def test_sending_back_without_the_chief_permission_is_refused_whatever_the_comment(client, match, comment):
    # Who may send a match back is asked before what they wrote: no comment is no reason to answer
    # "say why" to someone who may not send it back at all.
    client.force_login(make_user("jury"))

    response = client.post(reverse("jury:send_back", args=[match.pk]), {"version": match.version, "comment": comment})

    assert response.status_code == 403
    assert "Confirming scores needs the chief jury&#x27;s permission." in response.text
    assert Match.objects.get(pk=match.pk).state == Match.State.ENTERED


@pytest.mark.parametrize("comment", ["", "Hand 3: four kings?"])
def test_the_chief_juror_who_entered_a_match_cannot_send_it_back_whatever_the_comment(client, comment):
    chief = make_user("chief")
    match = make_match(hand_records=eight_hand_records(), user=chief)
    client.force_login(chief)

    response = client.post(reverse("jury:send_back", args=[match.pk]), {"version": match.version, "comment": comment})

    assert response.status_code == 403
    assert "a second juror must" in response.text
    assert Match.objects.get(pk=match.pk).state == Match.State.ENTERED


def test_a_confirmed_match_is_read_only_for_the_jury(client):
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
    client.force_login(make_user("jury"))
    page = client.get(reverse("jury:match", args=[match.pk])).content.decode()
    assert page.count("<fieldset disabled>") == 8  # every hand shown, none typed into
    assert "Save hand" not in page and "Save the" not in page
    response = client.post(reverse("jury:import", args=[match.pk]), {"version": 2, "record": ""})
    assert response.status_code in (200, 403)
    assert Match.objects.get(pk=match.pk).version == 2


def test_organisers_keep_players_teams_seasons_and_competitions_in_the_admin(client):
    client.force_login(make_user("organiser"))
    for model in ("player", "team", "season", "competition"):
        assert client.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200
        assert client.get(reverse(f"admin:tournaments_{model}_add")).status_code == 200
    competition = make_competition()
    url = reverse("admin:tournaments_competition_history", args=[competition.pk])
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("role", ["jury", "chief"])
def test_jurors_do_not_get_the_admin(client, role):
    client.force_login(make_user(role))
    response = client.get(reverse("admin:tournaments_player_changelist"))
    assert response.status_code == 302  # not staff: the admin's own login


def test_public_pages_need_no_login(client):
    assert client.get(reverse("home")).status_code == 200


def test_read_only_pages_answer_only_get(client, match):
    """A page that only shows something refuses a POST (405) instead of showing it again: the
    register's public pages for anyone, the jury's lists, history, record and score sheet for the jury."""
    public = [reverse(name) for name in ("register:index", "register:competitions", "register:awards")]
    public += [reverse("register:player", args=[match.a_driver_id]),
               reverse("register:competition", args=[match.competition_id])]
    for url in public:
        assert client.get(url).status_code == 200, url
        assert client.post(url).status_code == 405, url
    client.force_login(make_user("jury"))
    jury_pages = [reverse("jury:home"), reverse("jury:matches")] + [
        reverse(name, args=[match.pk]) for name in ("jury:history", "jury:export", "jury:score_sheet")]
    for url in jury_pages:
        assert client.get(url).status_code == 200, url
        assert client.post(url).status_code == 405, url


def test_withdrawing_a_submission_is_a_post(client):
    juror = make_user("jury")
    match = make_match(hand_records=eight_hand_records(), user=juror)
    client.force_login(juror)
    url = reverse("jury:withdraw", args=[match.pk])
    assert client.get(url).status_code == 405
    assert Match.objects.get(pk=match.pk).state == Match.State.ENTERED
    assert client.post(url, {"version": match.version}).status_code == 302
    assert Match.objects.get(pk=match.pk).state == Match.State.IN_ENTRY


@pytest.mark.parametrize("role", ["jury", "chief", "organiser", "visitor", "nobody"])
def test_a_user_is_read_with_their_permissions_in_the_statement_the_orm_writes(role):
    # roles.user_with_permissions runs the statement compiled once; the ORM's own, run anew, is the same
    # statement and reads the same user, permissions and all (a user with none, and no user at all).
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.core import roles

    user = {"nobody": None, "visitor": make_user()}.get(role) if role in ("nobody", "visitor") else make_user(role)
    user_id = user.pk if user else 987_654
    with CaptureQueriesContext(connection) as ours:
        found = roles.user_with_permissions(user_id)
    with CaptureQueriesContext(connection) as theirs:
        expected = roles.users_with_permissions().filter(pk=user_id).first()
    assert [query["sql"] for query in ours] == [query["sql"] for query in theirs]
    assert len(ours) == 1
    if user is None:
        assert found is None and expected is None
    else:
        assert (found.pk, found.username, found.permission_names) == (
            expected.pk, expected.username, expected.permission_names)
        assert {field.attname: getattr(found, field.attname) for field in found._meta.concrete_fields} == {
            field.attname: getattr(expected, field.attname) for field in expected._meta.concrete_fields}
        assert roles.RolesBackend().get_user(str(user_id)).get_all_permissions() == expected.get_all_permissions()
