"""At most a few of a worker process's HTTP requests in Django at once; the others wait their turn
in the event loop, holding nothing.

Served as ASGI, every request runs Django's (synchronous) middleware and view on a thread of its
own, and uvicorn starts every request it reads at once: with the public polling the live pages,
hundreds of threads of one process took turns at Python's global lock, so each answer took as long
as all of them. A worker serving a few requests at a time and queueing the rest, as gunicorn's
threaded worker does, answers each in its own time. WebSockets (the online table) are not counted:
a table's connection lasts the game and its messages are short.
"""

import asyncio


class RequestsAtOnce:
    def __init__(self, application, limit: int):
        self.application = application
        self.limit = limit
        self._turns: asyncio.Semaphore | None = None

    async def __call__(self, scope, receive, send):
        if self._turns is None:  # made in the worker's own event loop, after the fork
            self._turns = asyncio.Semaphore(self.limit)
        async with self._turns:
            await self.application(scope, receive, send)
