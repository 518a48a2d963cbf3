"""The jury's match-day screen (tournaments.pages.entry.match_day) is told when a match of the day
changes: a hand the players entered, sent back or accepted, a hand the jury stored, a match
submitted, confirmed or sent back. The message says only that something changed; the screen asks
for itself again."""

from django.db import transaction
from django.utils import timezone

from tournaments.core.channel_groups import tell_group

JURY_GROUP = "jury-match-day"  # the channel layer's group of the screens' sockets


def after_commit_if_today(match) -> None:
    """Tell the screens once the transaction commits, when ``match`` is played today."""
    if match.played_on == timezone.localdate():
        transaction.on_commit(tell_the_jury)


def tell_the_jury() -> None:
    """The screens are told that a match of the day changed. A channel layer missing or failing
    never undoes what was stored: it is logged."""
    tell_group(JURY_GROUP, "players.changed")
