"""The online table over WebSockets (Django Channels), thin as Tabbycat's results consumers: who
may connect and to which group are mixins; the state is in the database
(tournaments.recording.tables); the channel layer only carries the views to send.

A seat's connection finds its seat by the seat link the browser opened (kept in the session, never
sent again), so a reload or a dropped connection comes back to the same seat and cards.

The consumers are asynchronous: the event loop only carries messages, and each piece of database
work (finding the seat, a move, the views it makes) runs in a worker thread of its own, never
queued on the one thread Channels gives synchronous consumers, where every table's moves and every
view sent would wait their turn behind each other. Moves at one table stay one at a time: the
database locks the table's row (tables.make_move).
"""

import threading
from dataclasses import dataclass
from functools import cached_property

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import close_old_connections, connections
from django.http import HttpRequest
from django.utils import translation

from scoring.table import IllegalMove
from tournaments.core.models import Table
from tournaments.core.refusals import Refused
from tournaments.recording import table_views, tables

from .broadcast import seat_group, send_to_groups, view_text, views_by_group, watch_group
from .wording import refusal_text

SESSION_KEY = "table_seats"  # {table id: seat link secret}


class _Workers:
    """Runs the table's database work in worker threads, not on the one thread Channels gives
    synchronous code, so that one table's work never holds up another's.

    A worker keeps its database connection while more work is waiting: opening one costs more
    than a move (SQLite reads the schema and sets its journal mode again), and under load there is
    always a next move. Once no work waits, connections are closed as Channels closes them (after
    CONN_MAX_AGE), so an idle server holds none; a connection that failed is dropped."""

    def __init__(self) -> None:
        self._waiting = 0
        self._lock = threading.Lock()

    def __call__(self, function):
        async def run(*args):
            with self._lock:
                self._waiting += 1
            return await sync_to_async(self._run, thread_sensitive=False)(function, *args)
        return run

    def _run(self, function, *args):
        _drop_failed_connections()
        try:
            return function(*args)
        finally:
            with self._lock:
                self._waiting -= 1
                idle = self._waiting == 0
            if idle:
                close_old_connections()
            else:
                _drop_failed_connections()


def _drop_failed_connections() -> None:
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None and connection.errors_occurred:
            if connection.is_usable():
                connection.errors_occurred = False
            else:
                connection.close()


in_worker = _Workers()


class LoopOnlyMixin:
    """Handles each message on the event loop alone. Channels' asynchronous consumer first closes
    old database connections on its one synchronous thread, for every message received (each view
    sent to each seat included): that puts every delivery in one queue with every other table's
    and the site's pages. These consumers touch the database only through ``in_worker``, which
    looks after its own connections."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)


class TableScopeMixin:
    """The table named by the address, and its group joined (and left on disconnect: ``groups``)."""

    def table_id(self) -> int:
        return int(self.scope["url_route"]["kwargs"]["table"])

    async def join(self, group: str) -> None:
        self.groups = [group]
        await self.channel_layer.group_add(group, self.channel_name)


class SeatLinkMixin(TableScopeMixin):
    """The seat this browser joined by its link, or None (reads the session: in a worker thread)."""

    def seat_from_session(self):
        session = self.scope.get("session")
        secret = (session or {}).get(SESSION_KEY, {}).get(str(self.table_id()))
        table_seat = tables.seat_of_link(secret)
        if table_seat is None or table_seat.table_id != self.table_id():
            return None
        return table_seat

    def seat_from_account(self):
        """The seat the logged-in user's player holds at this table (no seat link needed)."""
        user = self.scope.get("user")
        if user is None:
            return None
        return table_views.seat_of_account(self.table_id(), user)


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
    """Sends a view on, in the page's language, unless a newer one has gone already (views of two
    moves in a row are built in two threads and may arrive in either order)."""

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


@dataclass
class MoveAnswer:
    """What a move comes to: the views to send every group, or a refusal for the mover alone."""

    views: list[tuple[str, dict]]
    refusal: dict | None = None
    seat_closed: bool = False


def current_view(table: Table, seat: str | None, language: str) -> dict:
    """The table as it is now, as ``seat`` sees it (None: a spectator), in ``language``."""
    with translation.override(language):
        return tables.view(tables.load(table), seat)


class SeatConsumer(LoopOnlyMixin, SeatLinkMixin, LanguageMixin, NewestViewMixin, AsyncJsonWebsocketConsumer):
    """A player at their seat: sends moves, receives their own view after every change."""

    async def connect(self):
        self.table_seat = await in_worker(self.seat_from_session)()
        self.account = None  # the seat is held by its link, or else by the player's login
        if self.table_seat is None:
            self.table_seat = await in_worker(self.seat_from_account)()
            self.account = self.scope.get("user") if self.table_seat is not None else None
        if self.table_seat is None:
            await self.close(code=4403)
            return
        await self.join(seat_group(self.table_id(), self.table_seat.seat))
        await self.accept()
        view = await in_worker(current_view)(self.table_seat.table, self.table_seat.seat, self.page_language)
        await self.send_view(view)

    async def receive_json(self, content, **kwargs):
        answer = await in_worker(self.move)(content, self.page_language)
        if answer.refusal is not None:
            await self.send_json(answer.refusal)
            if answer.seat_closed:
                await self.close(code=4403)
            return
        await send_to_groups(answer.views)

    def move(self, content, language: str) -> MoveAnswer:
        """The move sent, made if the rules allow it: every group's views, or the refusal in words."""
        move = content.get("move") if isinstance(content, dict) else None
        with translation.override(language):
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


class WatchConsumer(LoopOnlyMixin, TableScopeMixin, LanguageMixin, NewestViewMixin, AsyncJsonWebsocketConsumer):
    """A spectator or the big screen: every card played, no card held."""

    async def connect(self):
        table = await in_worker(Table.objects.filter(pk=self.table_id()).first)()
        if table is None:
            await self.close(code=4404)
            return
        await self.join(watch_group(table.pk))
        await self.accept()
        await self.send_view(await in_worker(current_view)(table, None, self.page_language))
