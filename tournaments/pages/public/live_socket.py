"""The live pages' WebSocket: a page at path P listens at ``/ws/live`` + P, with the page's query
string and ``language=hu|en`` (the page's language). It is sent its #live block (live_pages) as
JSON text, ``{"version": <the public data version's etag>, "html": <the block's inner HTML>}``:
once on connecting, so a screen that reconnects is never left behind, and again after every
change of the public data (the ``public.changed`` message the site sends the "public-data" group
once a change commits) that changed the block. Nothing is read from the client. An address that is
no live page, or a page that is not there, is closed with 4404."""

import asyncio
import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http import Http404, QueryDict
from django.urls import Resolver404, resolve

from tournaments.core.models import public_data

from .live_pages import LIVE_PAGES, block_query, live_html

GROUP = "public-data"
NOT_FOUND = 4404  # a WebSocket close code of the application's own range (4000-4999): HTTP's 404


class LivePageConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        await self.accept()  # first, so that the client is told why it is closed
        self.page = live_page(self.scope["url_route"]["kwargs"]["page"], self.scope["query_string"])
        self.sent = None
        if self.page is None:
            await self.close(code=NOT_FOUND)
            return
        # Joined before the block is read: a change committed in between is sent after it.
        await self.channel_layer.group_add(GROUP, self.channel_name)
        await self.send_block()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(GROUP, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """The page has nothing to say: what it sends is ignored."""

    async def public_changed(self, event):
        await self.send_block(BLOCKS.of(self.page, event["change"]))

    async def send_block(self, shared=None):
        """The block sent when it changed: ``shared``, this process's render of it under the version
        a message announced, else read and rendered for this connection alone."""
        try:
            version, html, text = await (shared or self.block())
        except Http404:
            await self.close(code=NOT_FOUND)
            return
        if html is not None and html != self.sent:
            self.sent = html
            await self.send(text_data=text if text is not None else json_text(version, html))

    @database_sync_to_async
    def block(self):
        """The public data version and the block's HTML under it (one render a version for all
        the connections of a page: live_pages.live_html)."""
        view_name, kwargs, query, language = self.page
        version = public_data.current()
        return version, live_html(view_name, kwargs, query, language, version=version), None


class BlocksOfTheVersion:
    """Each live page's block rendered once in this process under the newest version, for all its
    connections here: the version read once a change (a task every socket awaits), then a task a
    page. A render queued for an older version is skipped once a newer one is read (the latest
    wins).

    With each of 1,000 sockets reading the version and the cached block for itself after every
    change, make bench-matchday's connected viewers saw a confirmed score p95 10.8 s after it was
    confirmed, at 18% of the polling viewers' CPU a viewer-minute (one process, 48 changes); with
    one render a version but every version rendered, p95 10.0 s and 12.7%: a burst of confirmations
    queued renders nobody would see."""

    def __init__(self):
        self.change, self.reading = None, None
        self.latest, self.renders = None, {}

    def of(self, page, change: str) -> asyncio.Future:
        if change != self.change:
            self.change, self.reading = change, asyncio.ensure_future(read_version())
        return asyncio.ensure_future(self.block(page, self.reading))

    async def block(self, page, reading):
        version = await reading
        if version is None:  # a database just emptied
            return None, None, None
        if self.latest is None or newer(version, self.latest):
            self.latest, self.renders = version, {}
        key = page_key(page)
        render = self.renders.get(key)
        if render is None:
            render = self.renders[key] = asyncio.ensure_future(self.rendered(page, self.latest))
        return await render

    @database_sync_to_async
    def rendered(self, page, version):
        """(version, HTML, the message's text written once for every socket), or (version, None,
        None) when a newer version came while this one waited."""
        if self.latest is not version:
            return version, None, None
        view_name, kwargs, query, language = page
        html = live_html(view_name, kwargs, query, language, version=version)
        return version, html, json_text(version, html)


@database_sync_to_async
def read_version():
    return public_data.current()


def newer(version, than) -> bool:
    """Moved later: by its time first (a database emptied and filled again counts from 1 anew)."""
    return (version.changed_at, version.number) > (than.changed_at, than.number)


def page_key(page) -> tuple:
    view_name, kwargs, query, language = page
    return view_name, tuple(sorted(kwargs.items())), query.urlencode(), language


BLOCKS = BlocksOfTheVersion()


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
