"""`manage.py backup` and `manage.py restore`: the demo season written to one file and restored into
an emptied database shows the same standings, bracket, Grand Prix results and register, with its
users and its history."""

import json
import re
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.urls import reverse

from tests.factories import make_player
from tournaments.backup import BACKUP_FORMAT, read_backup
from tournaments.models import Competition, Hand, Match, Season
from tournaments.roles import ensure_roles

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
CSRF_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')  # new on every page


def public_pages(client) -> dict[str, str]:
    """The pages a restore must give back unchanged, by address."""
    season = Season.objects.get()
    urls = [reverse("public:championship", args=[season.year]), reverse("public:cup", args=[season.year]),
            reverse("register:index"),
            reverse("register:awards"), reverse("register:competitions")]
    urls += [reverse("public:grand_prix", args=[season.year, slug]) for slug in
             Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).values_list("slug", flat=True)]
    urls += [reverse("public:match", args=[season.year, pk]) for pk in Match.objects.filter(
        state=Match.State.CONFIRMED).values_list("pk", flat=True)[:5]]
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        pages[url] = CSRF_TOKEN.sub("", response.content.decode())
    return pages


def facts_and_history():
    return {
        "users": sorted(Match.objects.model._meta.get_field("entered_by").related_model.objects.values_list(
            "username", "password", "is_staff")),
        "hands": sorted(Hand.objects.values_list("match_id", "number", "score_a", "score_b", "lines")),
        "history": sorted(Match.history.values_list("id", "version", "state", "history_change_reason",
                                                    "history_user__username")),
    }


# Committed for real (a flush, then a restore, as on a fresh database). Transactional tests run
# last and each empties the database, the roles with it, so this one sets the roles up itself.
@pytest.mark.django_db(transaction=True)
def test_a_demo_backup_restored_into_an_empty_database_shows_the_same_season(client, tmp_path):
    ensure_roles(apps)
    call_command("demo", stdout=StringIO())
    before, facts = public_pages(client), facts_and_history()
    path = tmp_path / "demo.json.gz"
    call_command("backup", str(path), stdout=StringIO())

    call_command("flush", interactive=False, verbosity=0)
    assert not Match.objects.exists()
    restored = StringIO()
    call_command("restore", str(path), stdout=restored)

    assert "0 difference(s) in the Cup ties, the free games' points and the trophy register" in restored.getvalue()
    assert public_pages(client) == before
    assert facts_and_history() == facts
    rescore = StringIO()
    call_command("rescore", stdout=rescore)
    assert rescore.getvalue().strip().endswith("0 differences found.")
    response = client.post(reverse("login"), {"username": "chief", "password": "tarokk-demo"})
    assert response.status_code == 302  # the users come back with their passwords


def test_the_backup_leaves_out_the_derived_scores(tmp_path):
    call_command("demo", stdout=StringIO())
    path = tmp_path / "demo.json"
    call_command("backup", str(path), stdout=StringIO())

    rows = read_backup(path)
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == BACKUP_FORMAT
    hands = [row for row in rows if row["model"] == "tournaments.hand"]
    assert len(hands) == Hand.objects.count()
    assert all(row["fields"]["score_a"] is None and row["fields"]["lines"] is None for row in hands)
    assert any(row["model"] == "tournaments.historicalmatch" for row in rows)
    assert any(row["model"] == "auth.user" for row in rows)


def test_a_restore_refuses_a_database_that_is_not_empty(tmp_path):
    path = tmp_path / "empty.json"
    call_command("backup", str(path), stdout=StringIO())
    make_player()
    with pytest.raises(CommandError, match="already holds players"):
        call_command("restore", str(path), stdout=StringIO())


def test_a_restore_refuses_a_file_that_is_not_a_backup(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"format": "royal-tarokk-match/1"}', encoding="utf-8")
    with pytest.raises(CommandError, match="is not a backup"):
        call_command("restore", str(path), stdout=StringIO())
