"""Once a change to public data commits, the live pages are told: one message a transaction to
the channel layer's "public-data" group, none for a change rolled back, and a channel layer that
fails never undoes or refuses a change."""

import asyncio

import pytest
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction

from tests.factories import make_season, make_team
from tournaments.core.models import Team, public_data

# Committed for real: the test's own transaction would hold every change's message back.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def listening(settings):
    """A channel in the "public-data" group of an in-memory layer, and what it has received."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(public_data.GROUP, channel)

    async def received():
        messages = []
        while True:
            try:
                messages.append(await asyncio.wait_for(layer.receive(channel), 0.05))
            except TimeoutError:
                return messages

    yield async_to_sync(received)
    async_to_sync(layer.group_discard)(public_data.GROUP, channel)


@pytest.fixture
def teams():
    season = make_season()
    return [make_team(f"Team {n}", season=season) for n in range(3)]


def test_a_committed_transaction_sends_one_message(listening, teams):
    listening()  # what the teams' creation sent
    with transaction.atomic():
        for team in Team.objects.all():
            team.name += " FC"
            team.save()
        public_data.current()  # a page read between the writes: the next write moves the version again
        Team.objects.filter(pk=teams[0].pk).update(name="Renamed")
    assert listening() == [changed_message()]


def changed_message() -> dict:
    """The message a change sends: only that public data changed (each process's sockets read the
    version)."""
    return {"type": "public.changed"}


def test_a_change_outside_a_transaction_is_told_at_once(listening, teams):
    listening()
    Team.objects.filter(pk=teams[0].pk).update(name="Renamed")
    assert listening() == [changed_message()]


def test_a_rolled_back_transaction_sends_nothing(listening, teams):
    listening()
    with pytest.raises(RuntimeError), transaction.atomic():
        Team.objects.filter(pk=teams[0].pk).update(name="Never")
        raise RuntimeError
    assert listening() == []


def test_unseen_writes_send_nothing(listening, teams):
    listening()
    with transaction.atomic(), public_data.unseen():
        Team.objects.filter(pk=teams[0].pk).update(name="Unseen")
    assert listening() == []


class UnreachableLayer(InMemoryChannelLayer):
    async def group_send(self, group, message):
        raise ConnectionRefusedError("Redis is not there")


def test_a_failing_channel_layer_never_breaks_a_save(settings, teams, caplog):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": f"{__name__}.UnreachableLayer"}}
    before = public_data.current()
    Team.objects.filter(pk=teams[0].pk).update(name="Saved")
    assert Team.objects.get(pk=teams[0].pk).name == "Saved" and public_data.current() != before
    assert "were not told" in caplog.text
