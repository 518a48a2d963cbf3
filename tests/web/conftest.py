import io

import pytest
from django.apps import apps
from django.core.management import call_command
from django.utils import translation

import tournaments.site.settings
from tournaments.core.models import Match
from tournaments.core.roles import ensure_roles


@pytest.fixture(scope="session")
def demo_season(django_db_setup, django_db_blocker):
    """The demo season, built once a run (it takes a while) and emptied at the end of it: the tests
    that read it run last (tests/conftest.py), so no other test meets its rows, and each of them
    runs in a transaction rolled back after it. Built in the site's own language, as `make run`
    builds it, whatever language the tests before it left active. Its year."""
    with django_db_blocker.unblock():
        ensure_roles(apps)  # a transactional test before it flushed the groups the roles migration made
        with translation.override(tournaments.site.settings.LANGUAGE_CODE):
            call_command("demo", stdout=io.StringIO())
        yield Match.objects.values_list("competition__season__year", flat=True).first()
        call_command("flush", interactive=False, verbosity=0)
        ensure_roles(apps)  # flush empties the groups the roles migration made
