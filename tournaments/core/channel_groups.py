"""Telling a channel layer's group from sync code, once a change has committed: the live public
pages (tournaments.core.models.public_data) and the jury's match-day screen
(tournaments.recording.jury_screen) are told this way. The message says only that something
changed; each socket reads for itself what did."""

import asyncio
import logging
import threading

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def tell_group(group: str, message_type: str) -> None:
    """Send ``{"type": message_type}`` to ``group``. A channel layer missing or failing never undoes
    or refuses what was stored: it is logged, never raised."""
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        send = async_to_sync(layer.group_send)
        if _event_loop_runs_here():
            # async_to_sync refuses a thread that runs an event loop: a browser test's, driving the
            # browser with Playwright's sync API and storing hands through the door in the same
            # thread (tests/browser/test_players_browser.py: the jury's screen is never told
            # without this). The send gets a thread of its own.
            _in_own_thread(send, group, message_type)
        else:
            send(group, {"type": message_type})
    except Exception:
        _not_told(group, message_type)


def _event_loop_runs_here() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _in_own_thread(send, group: str, message_type: str) -> None:
    def run():
        try:
            send(group, {"type": message_type})
        except Exception:
            _not_told(group, message_type)

    thread = threading.Thread(target=run, name=f"tell-{group}")
    thread.start()
    thread.join()


def _not_told(group: str, message_type: str) -> None:
    logger.exception("The sockets of the channel layer's group %r were not told of a change (%s).",
                     group, message_type)
