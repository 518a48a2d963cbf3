"""The register's list of the latest cups: a cup withdrawn since it was awarded reads as withdrawn,
with the date and the reason, on every line that names it; a standing cup reads as awarded."""

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from tests.web.test_outputs import trophy_register
from tournaments.core import register
from tournaments.core.models import CupAward

pytestmark = pytest.mark.django_db


def lines(client):
    page = client.get(reverse("register:awards"), headers={"accept-language": "en"})
    assert page.status_code == 200
    return page, page.content.decode()


def test_a_withdrawn_cup_reads_as_withdrawn_with_its_date_and_reason(client):
    trophy_register(2)
    withdrawn = CupAward.objects.select_related("reached_by", "player").order_by("pk").first()
    register.withdraw_variant_trophy(withdrawn.reached_by, "Entered for the wrong player")
    withdrawn.refresh_from_db()
    assert withdrawn.withdrawn_on == timezone.localdate()

    page, html = lines(client)

    rows = [event for event in page.context["events"] if event.award.pk == withdrawn.pk]
    assert len(rows) == 2  # the award and its withdrawal
    reason = escape(withdrawn.withdrawal_reason)
    assert reason
    assert html.count(f"Cup withdrawn: {reason}") == 1
    assert html.count(f"Cup awarded, withdrawn on {withdrawn.withdrawn_on:%Y-%m-%d}: {reason}") == 1
    standing = CupAward.objects.filter(withdrawn_on__isnull=True).count()
    assert html.count("Cup awarded<") == standing
    assert html.count('<tr class="withdrawn">') == 2
    assert reverse("certificates:cup_award", args=[withdrawn.pk]) not in html
