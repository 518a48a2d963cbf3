"""The online table over WebSockets (Django Channels), thin as Tabbycat's results consumers: who
may connect and to which group are mixins; the state is in the database
(tournaments.recording.tables); the channel layer only carries the views to send.

A seat's connection finds its seat by the seat link the browser opened (kept in the session, never
sent again), or by the player's login, so a reload or a dropped connection comes back to the same
seat and cards. Every piece of database work (finding the seat, a move, the views it makes) runs
through Channels' ``database_sync_to_async`` (``database_work``); moves at one table stay one at a
time, as the database locks the table's row (tables.make_move).
"""

import time
from dataclasses import dataclass
from functools import cached_property, partial

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.utils import translation
from django.utils.translation import gettext as _

from scoring.table import IllegalMove
from tournaments.core.models import Table, TableSeat
from tournaments.core.refusals import Refused
from tournaments.recording import tables

from . import seat_views
from .broadcast import seat_group, send_to_groups, view_text, views_by_group, watch_group
from .wording import refusal_text

SESSION_KEY = "table_seats"  # {table id: seat link secret}
SEAT_REFUSED = 4403  # the close code of a connection that holds no seat, or holds it no longer
NO_SUCH_TABLE = 4404
# Channels' database_sync_to_async, each call in a thread of the event loop's pool rather than on
# the one thread Channels gives all synchronous code of the process (thread_sensitive), where every
# table's moves and every message's connection check wait their turn behind each other. Measured
# with make bench-table (8 tables, SQLite, in-memory layer, on a shared machine): on the one thread
# 816-938 moves in 60 s and a card to the other three seats in a median of 401-415 ms (load 10-18);
# in the pool 2336 moves and a median of 94 ms (load 8).
database_work = partial(database_sync_to_async, thread_sensitive=False)


class TableScopeMixin:
    """The table named by the address, and its group joined (and left on disconnect: ``groups``)."""

    def table_id(self) -> int:
        return int(self.scope["url_route"]["kwargs"]["table"])

    async def join(self, group: str) -> None:
        self.groups.append(group)
        await self.channel_layer.group_add(group, self.channel_name)


class SeatMixin(TableScopeMixin):
    """The seat this connection plays: the one its browser joined by the seat link (kept in the
    session), else the one the logged-in user's player holds (no seat link needed)."""

    table_seat: TableSeat | None = None
    account = None  # the login the seat is held by, when it is not held by its link

    @database_work
    def find_seat(self) -> None:
        self.table_seat = self.seat_from_session()
        if self.table_seat is None:
            self.table_seat = self.seat_from_account()
            self.account = self.scope.get("user") if self.table_seat is not None else None

    def seat_from_session(self) -> TableSeat | None:
        session = self.scope.get("session")
        secret = (session or {}).get(SESSION_KEY, {}).get(str(self.table_id()))
        table_seat = tables.seat_of_link(secret)
        if table_seat is None or table_seat.table_id != self.table_id():
            return None
        return table_seat

    def seat_from_account(self) -> TableSeat | None:
        user = self.scope.get("user")
        if user is None:
            return None
        return seat_views.seat_of_account(self.table_id(), user)


class LanguageMixin:
    """The page's language, chosen as LocaleMiddleware chooses it for the page: the language cookie,
    else the browser's Accept-Language, else the site's default."""

    @cached_property
    def page_language(self) -> str:
        request = HttpRequest()
        request.COOKIES = self.scope.get("cookies", {})
        headers = dict(self.scope.get("headers", []))
        request.META["HTTP_ACCEPT_LANGUAGE"] = headers.get(b"accept-language", b"").decode("latin-1")
        return translation.get_language_from_request(request)


class NewestViewMixin:
    """Sends a view on, in the page's language, unless a newer one has gone already (the views of
    two moves in a row are sent by two connections' handlers and may arrive in either order)."""

    position = 0  # of the last view sent

    async def send_view(self, view: dict) -> None:
        await self.send_newer(view["position"], view_text(view))

    async def table_view(self, event):
        await self.send_newer(event["position"], event["texts"][self.page_language])

    async def send_newer(self, position: int, text: str) -> None:
        if position < self.position:
            return
        self.position = position
        await self.send(text_data=text)


@database_work
def current_view(table: Table, seat: str | None, language: str, *, cards_shown: bool = True) -> dict:
    """The table as it is now, as ``seat`` sees it (None: a spectator), in ``language``."""
    with translation.override(language):
        return tables.view(tables.load(table), seat, cards_shown=cards_shown)


@dataclass
class MoveAnswer:
    """What a move comes to: the views to send every group, or a refusal for the mover alone."""

    views: list[tuple[str, dict]]
    refusal: dict | None = None
    seat_closed: bool = False


class SeatConsumer(SeatMixin, LanguageMixin, NewestViewMixin, AsyncJsonWebsocketConsumer):
    """A player at their seat: sends moves, receives their own view after every change."""

    async def connect(self):
        await self.find_seat()
        if self.table_seat is None:
            await self.close(code=SEAT_REFUSED)
            return
        await self.join(seat_group(self.table_id(), self.table_seat.seat))
        await self.accept()
        await self.send_view(await current_view(self.table_seat.table, self.table_seat.seat, self.page_language))

    async def receive_json(self, content, **kwargs):
        answer = await self.move(content)
        if answer.refusal is not None:
            await self.send_json(answer.refusal)
            if answer.seat_closed:
                await self.close(code=SEAT_REFUSED)
            return
        await send_to_groups(answer.views)

    @database_work
    def move(self, content) -> MoveAnswer:
        """The move sent, made if the rules allow it: every group's views, or the refusal in words."""
        move = content.get("move") if isinstance(content, dict) else None
        with translation.override(self.page_language):
            if not within_rate(self.table_seat):
                return MoveAnswer([], {"type": "refused", "code": "too_fast", "message": _(
                    "Too many messages from this seat: wait a few seconds, then make your move again.")})
            try:
                result = tables.make_move(self.table_seat, move, account=self.account)
            except tables.SeatClosed as closed:
                refusal = {"type": "refused", "code": closed.code, "message": closed.text}
                return MoveAnswer([], refusal, seat_closed=True)
            except IllegalMove as illegal:
                return MoveAnswer([], {"type": "refused", "code": illegal.code, "message": refusal_text(illegal),
                                       "ref": content.get("ref") if isinstance(content, dict) else None})
            except Refused as refused:
                return MoveAnswer([], {"type": "refused", "code": refused.code or "refused", "message": refused.text})
        return MoveAnswer(views_by_group(result.state))


def within_rate(table_seat: TableSeat) -> bool:
    """Whether the seat has sent no more than a person makes: TABLE_SEAT_MESSAGES messages in the
    window of TABLE_SEAT_SECONDS now running, counted in the shared cache (several processes serve
    one table's sockets, and a seat may hold several connections). A message over the count is
    refused before the database is read: nothing is stored. (A hand-made client sent 3,000 moves
    that took the server 94-161 s to answer.)"""
    window = settings.TABLE_SEAT_SECONDS
    key = f"table-seat-rate/{table_seat.pk}/{int(time.time() // window)}"
    cache.add(key, 0, window * 2)
    try:
        count = cache.incr(key)
    except ValueError:  # the count expired between the two calls, or no cache is kept
        return True
    return count <= settings.TABLE_SEAT_MESSAGES


@database_work
def find_table(table_id: int) -> Table | None:
    return Table.objects.filter(pk=table_id).first()


@database_work
def cards_for_watcher(table: Table, scope) -> tuple[bool, bool]:
    """Whether the table's cards are kept from the public, and whether this connection sees them
    (tables.may_see_hands: its login, and the seat links kept in its session)."""
    session = scope.get("session")
    secret = tables.hands_kept_secret(table)
    return secret, not secret or tables.may_see_hands(table, scope.get("user"), (session or {}).get(SESSION_KEY, {}))


class WatchConsumer(TableScopeMixin, LanguageMixin, NewestViewMixin, AsyncJsonWebsocketConsumer):
    """A spectator or the big screen: every card played, no card held; at an official match not yet
    confirmed, no card at all but to the jury and the table's own players (tables.may_see_hands)."""

    async def connect(self):
        table = await find_table(self.table_id())
        if table is None:
            await self.close(code=NO_SUCH_TABLE)
            return
        secret, cards_shown = await cards_for_watcher(table, self.scope)
        await self.join(watch_group(table.pk, cards_shown=secret and cards_shown))
        await self.accept()
        await self.send_view(await current_view(table, None, self.page_language, cards_shown=cards_shown))
