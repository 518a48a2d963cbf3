"""Anonymous visitors' unchanged public pages answered in the worker's event loop, without a thread.

On match day hundreds of phones poll the live pages every few seconds, and nearly every answer is
a 304 or a cached copy (tournaments.site.public_cache). Through Django's ASGI handler each such
answer also cost a thread of its own, the hops to it and back and the handler's own work: some
2 ms of CPU around a few hundred microseconds of answer, and a wait for a thread's turn behind the
jurors' requests (asgi_limit). Here, where the site runs on PostgreSQL with its page cache in Redis,
such a request is answered before Django's handler: the version is read from PostgreSQL and the
copy from Redis without blocking (psycopg's and redis's asynchronous clients), while the
decisions (which page, which language and variant, the ETag, the key, the answer's headers and
form token) are the same code as the middleware's (public_fast_path, public_cache), and the
answer passes through the same security middleware (settings.MIDDLEWARE before
AnonymousPublicPagesMiddleware, which only work on the headers) as any other.

Anything else goes on to Django: another method, a signed-in visitor or a pending message, a page
that is not public, a copy not stored yet (the request renders it there, under the version it
reads then), a refused host. A page being rendered by another request is waited for here, in
the event loop, holding nothing. Elsewhere (SQLite, the file cache) the middleware alone answers.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time

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
        self.reads = AsyncReads.where_possible()
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

    async def _from_cache(self, request):
        version = await self.reads.version()
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


class AsyncReads:
    """The public data version from PostgreSQL and a page's copy from Redis, read without a thread
    (a small pool of the worker's own connections; the cache's own keys and serializer)."""

    def __init__(self, connection_params: dict, version_sql: str, cache: RedisCache, redis_url: str):
        self.connection_params = connection_params
        self.version_sql = version_sql
        self.cache = cache
        self.redis_url = redis_url
        self.serializer = RedisSerializer()
        self._pool = self._redis = None
        self._opening: asyncio.Lock | None = None

    @classmethod
    def where_possible(cls) -> AsyncReads | None:
        connection = connections["default"]
        cache = caches[settings.PUBLIC_PAGE_CACHE]
        if connection.vendor != "postgresql" or not isinstance(cache, RedisCache):
            return None
        params = connection.get_connection_params()
        for synchronous_only in ("cursor_factory", "context"):  # the ORM's; the reads here need neither
            params.pop(synchronous_only, None)
        return cls(params, public_data._read_sql(connection), cache, cache._servers[0])

    async def version(self) -> public_cache.Version | None:
        pool = await self._connections()
        async with pool.connection() as connection:
            row = await (await connection.execute(self.version_sql)).fetchone()
        return public_cache.Version(*row) if row else None

    async def stored_copy(self, key: str):
        """The copy stored under ``key``; while another request renders it, waited for (as
        public_cache.stored_or_render_turn waits, but holding no thread); None to render it."""
        await self._connections()
        stored, turn = self.cache.make_and_validate_key(key), self.cache.make_and_validate_key(f"rendering:{key}")
        deadline = time.monotonic() + public_cache.RENDER_WAIT_SECONDS
        pause = public_cache.FIRST_CHECK_SECONDS
        while True:
            copy, rendering = await self._redis.mget(stored, turn)
            if copy is not None:
                return self.serializer.loads(copy)
            if rendering is None or time.monotonic() > deadline:
                return None
            await asyncio.sleep(pause)
            pause = min(pause * 2, public_cache.LAST_CHECK_SECONDS)

    async def close(self) -> None:
        """The connections closed (a test's event loop ends; a worker's lasts as long as it)."""
        if self._pool is not None:
            await self._pool.close()
            await self._redis.aclose()
            self._pool = self._redis = None

    async def _connections(self):
        """Opened in the worker's own event loop, on its first request."""
        if self._pool is None:
            if self._opening is None:
                self._opening = asyncio.Lock()
            async with self._opening:
                if self._pool is None:
                    from psycopg_pool import AsyncConnectionPool
                    from redis import asyncio as redis

                    pool = AsyncConnectionPool(kwargs={**self.connection_params, "autocommit": True},
                                               min_size=1, max_size=4, open=False)
                    await pool.open()
                    self._redis = redis.Redis.from_url(self.redis_url)
                    self._pool = pool
        return self._pool
