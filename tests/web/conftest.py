
import pytest
from django.apps import apps
from django.core.management import call_command

from tournaments.core.models import Match
from tournaments.core.roles import ensure_roles


@pytest.fixture(scope="session")
def demo_season(django_db_setup, django_db_blocker, demo_database):
    """The demo season, loaded once a run (tests/conftest.py's DemoDatabase: built in the site's own
    language, or on SQLite copied back from the process's first build) and emptied at the end of it:
    the tests that read it run last (tests/conftest.py), so no other test meets its rows, and each of
    them runs in a transaction rolled back after it. Its year."""
    with django_db_blocker.unblock():
        demo_database.load()
        yield Match.objects.values_list("competition__season__year", flat=True).first()
        call_command("flush", interactive=False, verbosity=0)
        ensure_roles(apps)  # flush empties the groups the roles migration made
