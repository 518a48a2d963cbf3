"""A match's seats offer the seat's own team's players first, its substitute included (R14)."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_match, make_team, make_user

pytestmark = pytest.mark.django_db


def groups_of(page, seat):
    select = page.split(f'id="id_{seat}"')[1].split("</select>")[0]
    return re.findall(r'<optgroup label="([^"]+)">', select)


def test_each_seat_lists_its_own_team_first(client):
    client.force_login(make_user("jury"))
    make_team("Aardvarks")
    kings, owls = make_team("Kings", substitute=True), make_team("Owls")
    match = make_match(owls, kings)
    page = client.get(reverse("jury:particulars", args=[match.pk])).content.decode()
    assert groups_of(page, "a_driver")[0] == "Owls" and groups_of(page, "a_catcher")[0] == "Owls"
    assert groups_of(page, "b_driver")[0] == "Kings"
    kings_group = page.split('id="id_b_catcher"')[1].split("</optgroup>")[0]
    assert f"{kings.substitute.name} (substitute)" in kings_group
    assert 'data-team-field="id_team_b"' in page.split('id="id_b_driver"')[0].rsplit("<select", 1)[1] + \
        page.split('id="id_b_driver"')[1].split(">")[0]
