"""At most a few of a worker process's HTTP requests of each kind in Django at once; the others
wait their turn in the event loop, holding nothing.

Served as ASGI, every request runs Django's (synchronous) middleware and view on a thread of its
own, and uvicorn starts every request it reads at once: with the public polling the live pages,
hundreds of threads of one process took turns at Python's global lock, so each answer took as long
as all of them. A worker serving a few requests at a time and queueing the rest, as gunicorn's
threaded worker does, answers each in its own time.

The turns are kept by kind (a lane each), so that one kind never waits behind another:

- **reads**: a visitor without a session reading a page (the public's live pages, answered in a
  millisecond or two from the cache);
- **slow on purpose**: a login (its password hash takes a third of a second of CPU, on a thread of
  low priority: tournaments.site.passwords) and a printed copy (a PDF laid out for seconds in a
  process of its own, a workbook), which mostly wait and must not hold the others' turns;
- **the typing kept**: the entry page keeps a juror's typing in the background while a hand is
  typed, twice a hand and more, and the juror does not wait for it; one at a time a worker, so
  that the drafts never crowd out the hands saved;
- **the rest**: the jury's pages, a hand saved (what the juror waits for, Enter pressed),
  whatever a signed-in user does.

On match day a dozen jurors logging in at once held every turn of the worker for seconds, and a
hand saved or a live page waited behind them. WebSockets (the online table) are not counted: a
table's connection lasts the game and its messages are short.
"""

import asyncio
import functools

from django.conf import settings
from django.urls import reverse

READS, SLOW, TYPING, REST = "reads", "slow on purpose", "the typing kept", "the rest"
PRINTED_COPIES = (".pdf", ".xlsx")
TYPING_KEPT = "/keep/"  # the entry pages' addresses that keep a hand's typing (tournaments.pages.entry.urls)
AT_ONCE = {TYPING: 1}  # the others: the worker's number (WEB_THREADS)


def lane(scope) -> str:
    """The kind of request, from its method, address and cookies alone (before Django reads it)."""
    method, path = scope.get("method"), scope.get("path", "")
    if method == "POST" and path.startswith(_accounts_folder()):  # a login, a password changed or reset
        return SLOW
    if path.endswith(PRINTED_COPIES):
        return SLOW
    if method == "POST" and path.endswith(TYPING_KEPT):
        return TYPING
    if method in ("GET", "HEAD") and not _has_session(scope):
        return READS
    return REST


@functools.cache
def _accounts_folder() -> str:
    """The folder of the login's address ("/accounts/"), where every form that hashes a password is."""
    return reverse("login").rstrip("/").rsplit("/", 1)[0] + "/"


def _has_session(scope) -> bool:
    cookie = f"{settings.SESSION_COOKIE_NAME}=".encode()
    return any(name == b"cookie" and cookie in value for name, value in scope.get("headers", ()))


class RequestsAtOnce:
    def __init__(self, application, limit: int):
        self.application = application
        self.limit = limit
        self._turns: dict[str, asyncio.Semaphore] | None = None

    async def __call__(self, scope, receive, send):
        if self._turns is None:  # made in the worker's own event loop, after the fork
            self._turns = {kind: asyncio.Semaphore(AT_ONCE.get(kind, self.limit))
                           for kind in (READS, SLOW, TYPING, REST)}
        async with self._turns[lane(scope)]:
            await self.application(scope, receive, send)
