"""Anonymous visitors' unchanged public pages answered in the worker's event loop, without a thread.

On match day hundreds of phones poll the live pages every few seconds, and nearly every answer is
a 304 or a cached copy (tournaments.site.public_cache). Through Django's ASGI handler each such
answer also cost a thread of its own, the hops to it and back and the handler's own work: some
2 ms of CPU around a few hundred microseconds of answer, and a wait for a thread's turn behind the
jurors' requests (asgi_limit). Here such a request is answered before Django's handler: the
version is read from PostgreSQL and the copy from Redis without blocking (psycopg's and redis's
asynchronous clients), or on one machine from the SQLite file and the cache's files directly
(local files, read in microseconds), while the decisions (which page, which language and
variant, the ETag, the key, the answer's headers and form token) are the same code as the
middleware's (public_fast_path, public_cache), and the answer passes through the same security
middleware (settings.MIDDLEWARE before AnonymousPublicPagesMiddleware, which only work on the
headers) as any other.

Anything else goes on to Django: another method, a signed-in visitor or a pending message, a page
that is not public, a copy not stored yet (the request renders it there, under the version it
reads then), a refused host. A page being rendered by another request is waited for here, in
the event loop, holding nothing. Served as WSGI, the middleware alone answers them.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import sqlite3
import time
import urllib.parse

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache, RedisSerializer
from django.core.exceptions import SuspiciousOperation
from django.core.handlers.asgi import ASGIRequest
from django.db import connections
from django.utils import translation
from django.utils.module_loading import import_string

from tournaments.core.models import public_data

from . import public_cache
from .public_fast_path import AnonymousPublicPagesMiddleware, public_page

FAST_PATH = f"{AnonymousPublicPagesMiddleware.__module__}.{AnonymousPublicPagesMiddleware.__name__}"
logger = logging.getLogger(__name__)


class PublicPagesInTheEventLoop:
    """ASGI: the anonymous GET of a public page answered from the version and the cache when it can
    be, else handed on to ``application``."""

    def __init__(self, application):
        self.application = application
        self.reads = Reads.where_possible()
        self.pages = AnonymousPublicPagesMiddleware(_never_called)
        self.answered_through_security = _outer_middleware(self._prepared_answer)

    async def __call__(self, scope, receive, send):
        response = None
        if self.reads is not None and scope["type"] == "http" and scope["method"] == "GET":
            response = await self._answer(scope)
        if response is None:
            return await self.application(scope, receive, send)
        await _send(response, send)

    async def _answer(self, scope):
        request = ASGIRequest(scope, io.BytesIO())
        if not self.pages.anonymous(request):
            return None
        match = public_page(request.path_info, settings.ROOT_URLCONF)
        if match is None:
            return None
        request.resolver_match = match
        try:
            with translation.override(self.pages.language(request)):
                answer = await self._from_cache(request)
                if answer is None:
                    return None
                request.prepared_answer = answer
                return self.answered_through_security(request)
        except SuspiciousOperation:  # a host not allowed...: Django answers it as it should
            return None
        except Exception:  # noqa: BLE001 - a read that failed (the database or the cache away, a file)
            logger.warning("A public page could not be answered in the event loop; Django answers it",
                           exc_info=True)
            return None

    async def _from_cache(self, request):
        version = public_cache.page_version(await self.reads.versions(), request.resolver_match)
        if version is None:
            return None
        unchanged = self.pages.unchanged(request, version)
        if unchanged is not None:
            return unchanged
        stored = await self.reads.stored_copy(public_cache._cache_key(version, request))
        return None if stored is None else self.pages.from_stored(request, version, stored)

    def _prepared_answer(self, request):
        return self.pages.finish(request, request.prepared_answer)


def _never_called(request):
    raise AssertionError("the event loop's answers never go past the fast path")


def _outer_middleware(answer):
    """``answer`` wrapped in the middleware that stands before AnonymousPublicPagesMiddleware in
    settings.MIDDLEWARE (security headers, static files, Content-Security-Policy, Permissions-
    Policy), in the same order: the event loop's answers carry what Django's would."""
    handler = answer
    for name in reversed(settings.MIDDLEWARE[:settings.MIDDLEWARE.index(FAST_PATH)]):
        handler = import_string(name)(handler)
    return handler


async def _send(response, send) -> None:
    headers = [(name.encode("ascii"), value.encode("latin-1")) for name, value in response.items()]
    headers += [(b"Set-Cookie", cookie.OutputString().encode("ascii")) for cookie in response.cookies.values()]
    await send({"type": "http.response.start", "status": response.status_code, "headers": headers})
    await send({"type": "http.response.body", "body": response.content})


class Reads:
    """The public data version and a page's stored copy, read without a thread of Django's: from
    PostgreSQL and Redis with their asynchronous clients; from an SQLite file and the file cache
    of one machine directly (each a local file, read in microseconds)."""

    def __init__(self, version, copies):
        self.versions = version.read
        self.stored_copy = copies.stored_copy
        self._closers = (version.close, copies.close)

    @classmethod
    def where_possible(cls) -> Reads | None:
        connection = connections["default"]
        if connection.vendor == "postgresql":
            version = PostgresVersion(connection)
        elif connection.vendor == "sqlite":
            version = SqliteVersion(connection)
        else:
            return None
        cache = caches[settings.PUBLIC_PAGE_CACHE]
        return cls(version, RedisCopies(cache) if isinstance(cache, RedisCache) else LocalCopies(cache))

    async def close(self) -> None:
        """The connections closed (a test's event loop ends; a worker's lasts as long as it)."""
        for close in self._closers:
            await close()


class PostgresVersion:
    """A few connections of the worker's own, opened in its event loop as they are first needed.
    A read takes an idle one (or opens one, at most ``CONNECTIONS`` at once), runs the one
    statement, prepared, on the connection's own cursor, and gives it back. A connection whose read
    failed is closed and forgotten: the request goes to Django, the next read opens another. (A
    general pool's checks and bookkeeping were a tenth of a 304's CPU.)"""

    CONNECTIONS = 4

    def __init__(self, connection):
        params = connection.get_connection_params()
        for synchronous_only in ("cursor_factory", "context"):  # the ORM's; one fixed query needs neither
            params.pop(synchronous_only, None)
        self.params = {**params, "autocommit": True}
        self.sql = public_data._read_sql(connection)
        self._idle = []  # (connection, cursor)
        self._slots: asyncio.Semaphore | None = None

    async def read(self) -> public_data.Versions | None:
        self._slots = self._slots or asyncio.Semaphore(self.CONNECTIONS)
        async with self._slots:
            connection, cursor = self._idle.pop() if self._idle else await self._open()
            try:
                await cursor.execute(self.sql, prepare=True)
                rows = await cursor.fetchall()
            except BaseException:
                await connection.close()
                raise
            self._idle.append((connection, cursor))
        return public_data.versions_of(rows)

    async def _open(self):
        from psycopg import AsyncConnection

        connection = await AsyncConnection.connect(**self.params)
        return connection, connection.cursor()

    async def close(self) -> None:
        idle, self._idle, self._slots = self._idle, [], None
        for connection, _cursor in idle:
            await connection.close()


class SqliteVersion:
    """The worker's own read-only connection to the database file. In write-ahead-log mode (the
    site's SQLite settings) a read never waits for a writer."""

    def __init__(self, connection):
        self.name = connection.settings_dict["NAME"]
        self.sql = public_data._read_sql(connection)
        self.convert = functools.partial(connection.ops.convert_datetimefield_value, expression=None,
                                         connection=connection)
        self._connection = None

    async def read(self) -> public_data.Versions | None:
        if self._connection is None:
            self._connection = sqlite3.connect(_read_only(self.name), uri=True, timeout=1, check_same_thread=False)
        return public_data.versions_of(self._connection.execute(self.sql).fetchall(), self.convert)

    async def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


def _read_only(name: str) -> str:
    """The file's URI, read-only; a test's shared in-memory database as it is named."""
    if str(name).startswith("file:"):
        return str(name)
    return f"file:{urllib.parse.quote(str(name))}?mode=ro"


class RedisCopies:
    """Redis read with its asynchronous client, under the cache's own keys and serializer."""

    def __init__(self, cache: RedisCache):
        self.cache = cache
        self.serializer = RedisSerializer()
        self._redis = None

    async def stored_copy(self, key: str):
        if self._redis is None:
            from redis import asyncio as redis

            self._redis = redis.Redis.from_url(self.cache._servers[0])
        stored, turn = self.cache.make_and_validate_key(key), self.cache.make_and_validate_key(f"rendering:{key}")

        async def both():
            copy, rendering = await self._redis.mget(stored, turn)
            return (None if copy is None else self.serializer.loads(copy)), rendering is not None

        return await _copy_or_none(both)

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
            self._redis = None


class LocalCopies:
    """One machine's cache (files shared by its workers), read as Django reads it."""

    def __init__(self, cache):
        self.cache = cache

    async def stored_copy(self, key: str):
        turn = f"rendering:{key}"

        async def both():
            found = self.cache.get_many([key, turn])
            return found.get(key), turn in found

        return await _copy_or_none(both)

    async def close(self) -> None:
        pass


async def _copy_or_none(both):
    """The stored copy; while another request renders it, waited for (as
    public_cache.stored_or_render_turn waits, but holding no thread); None when this request is to
    render it (no copy, nobody rendering, or the wait ran out)."""
    began = time.monotonic()
    while True:
        copy, rendering = await both()
        if copy is not None:
            return copy
        waited = time.monotonic() - began
        if not rendering or waited > public_cache.RENDER_WAIT_SECONDS:
            return None
        await asyncio.sleep(public_cache.next_check(waited))
