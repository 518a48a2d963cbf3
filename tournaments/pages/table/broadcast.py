"""Tell everyone at a table what changed: each seat its own view, the spectators theirs, in each
of the site's languages (a connection joins the groups of its seat and its page's language).

The state is read once from the database and each view is sent to its own group, so a seat's
cards never travel to another seat's connection (issue 25: each player is sent only their cards).
"""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import translation

from tournaments.recording import tables


def seat_group(table_id: int, seat: str, language: str) -> str:
    return f"table-{table_id}-{seat.replace('.', '-')}-{language}"


def watch_group(table_id: int, language: str) -> str:
    return f"table-{table_id}-watch-{language}"


def send_views(state: tables.TableState) -> None:
    """Send every seat and the spectators the table as it is now, in each language."""
    send = async_to_sync(get_channel_layer().group_send)
    table_id = state.table.pk
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for seat in [*tables.SEATS, None]:
                group = watch_group(table_id, language) if seat is None else seat_group(table_id, seat, language)
                send(group, {"type": "table.view", "view": tables.view(state, seat)})


def table_changed(table) -> None:
    send_views(tables.load(table))
