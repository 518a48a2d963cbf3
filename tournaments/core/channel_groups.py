"""Telling a channel layer's group from sync code, once a change has committed: the live public
pages (tournaments.core.models.public_data) and the jury's match-day screen
(tournaments.recording.jury_screen) are told this way. The message says only that something
changed; each socket reads for itself what did."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def tell_group(group: str, message_type: str) -> None:
    """Send ``{"type": message_type}`` to ``group``. A channel layer missing or failing never undoes
    or refuses what was stored: it is logged, never raised."""
    try:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(group, {"type": message_type})
    except Exception:
        logger.exception("The sockets of the channel layer's group %r were not told of a change (%s).",
                         group, message_type)
