"""The jury's match-day screen (tournaments.pages.entry.match_day) is told when a match of the day
changes: a hand the players entered, sent back or accepted, a hand the jury stored, a match
submitted, confirmed or sent back. The message says only that something changed; the screen asks
for itself again."""

import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction
from django.utils import timezone

logger = logging.getLogger(__name__)

JURY_GROUP = "jury-match-day"  # the channel layer's group of the screens' sockets


def after_commit_if_today(match) -> None:
    """Tell the screens once the transaction commits, when ``match`` is played today."""
    if match.played_on == timezone.localdate():
        transaction.on_commit(tell_the_jury)


def tell_the_jury() -> None:
    """The screens are told that a match of the day changed. A channel layer missing or failing
    never undoes what was stored: it is logged."""
    try:
        layer = get_channel_layer()
        if layer is not None:
            send = async_to_sync(layer.group_send)
            try:
                send(JURY_GROUP, {"type": "players.changed"})
            except RuntimeError:  # a thread running an event loop (a browser test's): from a thread of its own
                thread = threading.Thread(target=send, args=(JURY_GROUP, {"type": "players.changed"}))
                thread.start()
                thread.join()
    except Exception:
        logger.exception("The jury's match-day screens were not told of the players' hands.")
