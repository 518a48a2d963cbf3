"""Tell everyone at a table what changed: each seat its own view, the spectators theirs.

The state is read once from the database and each view is sent to its own group, so a seat's
cards never travel to another seat's connection (issue 25: each player is sent only their cards).
"""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.utils import translation

from tournaments.recording import tables


def seat_group(table_id: int, seat: str) -> str:
    return f"table-{table_id}-{seat.replace('.', '-')}"


def watch_group(table_id: int) -> str:
    return f"table-{table_id}-watch"


def send_views(state: tables.TableState, language: str | None = None) -> None:
    """Send every seat and the spectators the table as it is now (in ``language``, the mover's)."""
    layer = get_channel_layer()
    table_id = state.table.pk
    with translation.override(language):
        views = {seat: tables.view(state, seat) for seat in tables.SEATS}
        views[None] = tables.view(state, None)
    send = async_to_sync(layer.group_send)
    for seat, data in views.items():
        group = watch_group(table_id) if seat is None else seat_group(table_id, seat)
        send(group, {"type": "table.view", "view": data})


def table_changed(table) -> None:
    send_views(tables.load(table), translation.get_language())
