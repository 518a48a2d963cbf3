"""`manage.py demo`: a season recorded through the bridge, consistent with the engine."""

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.core.models import Competition, Hand, Match, Team

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def test_demo_creates_a_consistent_season_once(demo_season):
    assert Team.objects.count() == 24
    assert set(Competition.objects.values_list("kind", flat=True)) >= {"championship", "cup", "grand_prix"}
    assert Match.objects.filter(state=Match.State.CONFIRMED).count() > 50
    assert Match.objects.filter(state=Match.State.SCHEDULED).exists()
    assert Match.objects.filter(state=Match.State.ENTERED).exists()
    drafts = Match.objects.filter(state=Match.State.IN_ENTRY)
    assert sorted(draft.hands.count() for draft in drafts) == [3, 5]
    assert all(draft.score_a is None for draft in drafts)  # R13: no match score before hand 8
    assert Hand.objects.filter(tricks__isnull=False).exists()  # some hands entered with the full play
    rescore = StringIO()
    call_command("rescore", stdout=rescore)
    assert rescore.getvalue().strip().endswith("0 differences found.")
    matches = Match.objects.count()
    out = StringIO()
    call_command("demo", stdout=out)
    assert Match.objects.count() == matches
    assert "Demo logins: jury1, jury2, chief, organiser, password: tarokk-demo" in out.getvalue()
