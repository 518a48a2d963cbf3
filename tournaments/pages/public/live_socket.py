"""The live pages' WebSocket: a page at path P listens at ``/ws/live`` + P, with the page's query
string and ``language=hu|en`` (the page's language). It is sent its #live block (live_pages) as
JSON text, ``{"version": <the public data version's etag>, "html": <the block's inner HTML>}``:
once on connecting, so a screen that reconnects is never left behind, and again after every
change of the public data (the ``public.changed`` message the site sends the "public-data" group
once a change commits) that changed the block. Nothing is read from the client. An address that is
no live page, or a page that is not there, is closed with 4404.

A process's sockets are told of a change by one member of the group (LiveSockets): it reads each
page's block once, under the version then, and sends it to the page's sockets it changes. With each
socket a member of the group instead, make bench-matchday's 1,000 connected viewers saw a confirmed
score p95 5.1-6.4 s after it was confirmed: Channels dispatched every change to each consumer,
and each dispatch first closed the old database connections in the one thread the blocks are
rendered in (channels.db.aclose_old_connections), so 1,000 of those queued before each render."""

import asyncio
import json
import logging
import weakref
from collections import defaultdict

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.http import Http404, QueryDict
from django.urls import Resolver404, resolve

from tournaments.core.models import public_data

from .live_pages import LIVE_PAGES, block_query, live_html

logger = logging.getLogger(__name__)
NOT_FOUND = 4404  # a WebSocket close code of the application's own range (4000-4999): HTTP's 404
# A change waits this long for the ones that follow it: on match day a match's submission and its
# confirmation come a moment apart, and each page's block is rendered once for both (bench-matchday:
# the sockets' process rendering each page in two languages at each of 48 changes was most of its
# CPU; a confirmed score still reached the viewers at p95 0.36 s against the goal's 1 s).
GATHER_CHANGES_S = 0.25


class LivePageConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        await self.accept()  # first, so that the client is told why it is closed
        self.page = live_page(self.scope["url_route"]["kwargs"]["page"], self.scope["query_string"])
        self.version = self.sent = None
        if self.page is None:
            await self.close(code=NOT_FOUND)
            return
        # Told of changes before the block is read: a change committed in between reaches it too.
        LiveSockets.here().add(self)
        try:
            await self.offer(*await block(self.page))
        except Http404:
            await self.close(code=NOT_FOUND)

    async def disconnect(self, code):
        if getattr(self, "page", None) is not None:
            LiveSockets.here().discard(self)

    async def receive(self, text_data=None, bytes_data=None):
        """The page has nothing to say: what it sends is ignored."""

    async def offer(self, version, html: str, text: str | None = None) -> None:
        """Send the block of ``version`` unless a newer one was sent, or the same HTML."""
        if version is not None and self.version is not None and not newer(version, self.version):
            return
        self.version = version
        if html != self.sent:
            self.sent = html
            await self.send(text_data=text or json_text(version, html))


class LiveSockets:
    """The live pages' sockets of this process (of its event loop: the tests run several), by page,
    and the one member of the "public-data" group that tells them of each change."""

    _of_loop: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    @classmethod
    def here(cls) -> "LiveSockets":
        loop = asyncio.get_running_loop()
        if loop not in cls._of_loop:
            cls._of_loop[loop] = cls()
        return cls._of_loop[loop]

    def __init__(self):
        self.pages: dict[tuple, set] = defaultdict(set)
        self.listening, self.changes = None, asyncio.Event()

    def add(self, socket) -> None:
        self.pages[page_key(socket.page)].add(socket)
        if self.listening is None or self.listening.done():
            self.listening = asyncio.ensure_future(self.listen())

    def discard(self, socket) -> None:
        key = page_key(socket.page)
        self.pages[key].discard(socket)
        if not self.pages[key]:
            del self.pages[key]

    async def listen(self) -> None:
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add(public_data.GROUP, channel)
        telling = asyncio.ensure_future(self.tell())
        try:
            while True:
                await layer.receive(channel)
                self.changes.set()
        finally:
            telling.cancel()

    async def tell(self) -> None:
        """The sockets told of the changes: those that come within GATHER_CHANGES_S of the first, or
        while they are being told, in one pass under the newest version (a burst of confirmations
        renders each page once or twice, not once a change)."""
        while True:
            await self.changes.wait()
            await asyncio.sleep(GATHER_CHANGES_S)
            self.changes.clear()
            try:
                await self.changed()
            except Exception:
                logger.exception("The live pages' sockets were not sent a change.")

    async def changed(self) -> None:
        """Each page's block under the version now, rendered once, offered to its sockets (each sent
        on its own: one slow to read holds up no other)."""
        for sockets in list(self.pages.values()):
            sockets = list(sockets)
            try:
                version, html = await block(sockets[0].page)
            except Http404:  # the page is gone (a season taken down)
                await asyncio.gather(*(socket.close(code=NOT_FOUND) for socket in sockets), return_exceptions=True)
                continue
            text = json_text(version, html)
            await asyncio.gather(*(socket.offer(version, html, text) for socket in sockets), return_exceptions=True)


@database_sync_to_async
def block(page) -> tuple:
    """The public data version and the page's block under it (one render a version for every
    socket of the page and its page views: live_pages.live_html)."""
    version = public_data.current()
    return version, live_html(*page, version=version)


def newer(version, than) -> bool:
    """Moved later: by its time first (a database emptied and filled again counts from 1 anew)."""
    return (version.changed_at, version.number) > (than.changed_at, than.number)


def page_key(page) -> tuple:
    view_name, kwargs, query, language = page
    return view_name, tuple(sorted(kwargs.items())), query.urlencode(), language


def live_page(path: str, query_string: bytes):
    """The live page at ``path`` as (view name, URL kwargs, the page's query, language), or None
    when the address is no live page."""
    try:
        match = resolve(path)
    except Resolver404:
        return None
    if match.view_name not in LIVE_PAGES:
        return None
    query = QueryDict(query_string)
    language = query.get("language")
    if language not in dict(settings.LANGUAGES):
        language = settings.LANGUAGE_CODE
    return match.view_name, match.kwargs, block_query(query), language


def json_text(version, html) -> str:
    return json.dumps({"version": version.etag if version else "", "html": html})
