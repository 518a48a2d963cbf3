"""Tell everyone at a table what changed: each seat its own view, the spectators theirs, in each
of the site's languages (a connection joins the groups of its seat and its page's language).

The state is read once from the database and each view is sent to its own group, so a seat's
cards never travel to another seat's connection (issue 25: each player is sent only their cards).
Each message carries the position of the table's last action: views of two moves made one after
the other may reach a connection in either order, and a connection sends on only the newer.
"""

import asyncio
import json

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import translation

from tournaments.recording import tables


def seat_group(table_id: int, seat: str, language: str) -> str:
    return f"table-{table_id}-{seat.replace('.', '-')}-{language}"


def watch_group(table_id: int, language: str) -> str:
    return f"table-{table_id}-watch-{language}"


def views_by_group(state: tables.TableState) -> list[tuple[str, dict]]:
    """Every seat's and the spectators' view of ``state``, in each language, with its group: built
    where the state was read (a worker thread), sent from the event loop."""
    table_id = state.table.pk
    messages = []
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            last_hand = None
            for seat in [*tables.SEATS, None]:
                group = watch_group(table_id, language) if seat is None else seat_group(table_id, seat, language)
                view = tables.view(state, seat)
                last_hand = last_hand or json.dumps(view["last_hand"])  # the same in every view: written once
                messages.append((group, view_message(view, last_hand)))
    return messages


def view_message(view: dict, last_hand: str | None = None) -> dict:
    """A view as the channel layer carries it: written out as JSON once for everyone in its group
    (the in-memory layer copies a message for each connection, Redis's packs it), with the
    position it is of. ``last_hand``: the view's last hand already written out."""
    if last_hand is None:
        return {"type": "table.view", "position": view["position"],
                "text": json.dumps({"type": "view", "view": view})}
    rest = json.dumps({key: value for key, value in view.items() if key != "last_hand"})
    text = f'{{"type": "view", "view": {rest[:-1]}, "last_hand": {last_hand}}}}}'
    return {"type": "table.view", "position": view["position"], "text": text}


async def send_to_groups(messages: list[tuple[str, dict]]) -> None:
    layer = get_channel_layer()
    await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))


def send_views(state: tables.TableState) -> None:
    """Send every seat and the spectators the table as it is now, in each language (from sync code:
    an organiser's page)."""
    async_to_sync(send_to_groups)(views_by_group(state))


def table_changed(table) -> None:
    send_views(tables.load(table))
