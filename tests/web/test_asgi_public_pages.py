"""The public's unchanged pages answered in the worker's event loop (tournaments.site.asgi_public_pages),
as served in production (PostgreSQL with the page cache in Redis, or SQLite with its files): the
same answers as Django's own, with the same headers, never older than the version, never to a
signed-in visitor; whatever it cannot answer goes on to Django."""

import asyncio

import psycopg
import pytest
from django.apps import apps
from django.conf import settings
from django.core.asgi import get_asgi_application
from django.core.cache import caches
from django.db import connection
from django.urls import reverse

from tests.factories import make_competition, make_season, make_team, make_user
from tournaments.core.roles import ensure_roles
from tournaments.site.asgi_public_pages import PublicPagesInTheEventLoop

pytestmark = pytest.mark.django_db(transaction=True)

# Differ between any two answers, whoever makes them.
OWN_TO_EACH_ANSWER = {b"date", b"set-cookie", b"x-public-cache"}


@pytest.fixture(autouse=True)
def fresh_cache(transactional_db):
    ensure_roles(apps)  # transactional tests empty the database, the roles with it
    caches[settings.PUBLIC_PAGE_CACHE].clear()
    yield
    caches[settings.PUBLIC_PAGE_CACHE].clear()


@pytest.fixture
def season():
    season = make_season()
    make_competition(season=season, name="Csapatbajnokság 2025")
    make_team("Pécsi Pagátok", season=season)
    return season


class Django:
    """Django's own ASGI handler, counting what reaches it."""

    def __init__(self):
        self.application = get_asgi_application()
        self.reached = []

    async def __call__(self, scope, receive, send):
        self.reached.append(scope["path"])
        await self.application(scope, receive, send)


def ask(application, path, headers=(), method="GET"):
    """One request through the ASGI application: (status, headers as a dict of lists, body)."""

    async def run():
        try:
            return await asked(application, path, headers, method)
        finally:
            if isinstance(application, PublicPagesInTheEventLoop) and application.reads is not None:
                await application.reads.close()

    return asyncio.run(run())


async def asked(application, path, headers=(), method="GET"):
    """``ask`` in the running event loop, which the application's own connections outlive."""
    sent, received = [], []

    async def receive():
        if not received:
            received.append(True)
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()  # the client stays connected until the answer is sent

    async def send(message):
        sent.append(message)

    await application({"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                       "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
                       "root_path": "", "headers": [(b"host", b"testserver"), *headers],
                       "client": ("127.0.0.1", 5000), "server": ("testserver", 80)}, receive, send)
    start = sent[0]
    answer_headers = {}
    for name, value in start["headers"]:
        answer_headers.setdefault(name.lower(), []).append(value)
    return start["status"], answer_headers, b"".join(message.get("body", b"") for message in sent[1:])


HUNGARIAN = [(b"accept-language", b"hu")]


def test_a_stored_page_is_answered_in_the_event_loop_as_django_answers_it(season):
    django = Django()
    page = reverse("public:championship", args=[2025])
    assert ask(django, page, HUNGARIAN)[1][b"x-public-cache"] == [b"miss"]  # rendered and stored by Django
    _status, by_django, django_body = ask(django, page, HUNGARIAN)
    assert by_django[b"x-public-cache"] == [b"hit"]
    django.reached.clear()

    status, headers, body = ask(PublicPagesInTheEventLoop(django), page, HUNGARIAN)

    assert django.reached == []  # Django's handler never saw it
    assert status == 200 and headers[b"x-public-cache"] == [b"hit"]
    assert body.replace(csrf_token(body), b"") == django_body.replace(csrf_token(django_body), b"")
    assert without(headers, OWN_TO_EACH_ANSWER) == without(by_django, OWN_TO_EACH_ANSWER)
    for security in (b"content-security-policy", b"permissions-policy", b"x-frame-options",
                     b"x-content-type-options", b"referrer-policy", b"cross-origin-opener-policy"):
        assert security in headers


def test_an_unchanged_page_is_not_modified_without_reaching_django(season):
    django = Django()
    page = reverse("public:championship", args=[2025])
    etag = ask(django, page, HUNGARIAN)[1][b"etag"][0]
    django.reached.clear()

    status, headers, body = ask(PublicPagesInTheEventLoop(django), page, [*HUNGARIAN, (b"if-none-match", etag)])

    assert (status, body, django.reached) == (304, b"", [])
    assert headers[b"etag"] == [etag] and b"content-security-policy" in headers


def test_a_change_moves_the_version_and_the_old_copy_is_never_answered(season):
    django = Django()
    page = reverse("public:championship", args=[2025])
    etag = ask(django, page, HUNGARIAN)[1][b"etag"][0]
    make_team("Győri Skízek", season=season)  # a new team: the table shows it
    django.reached.clear()
    in_the_loop = PublicPagesInTheEventLoop(django)

    status, headers, body = ask(in_the_loop, page, [*HUNGARIAN, (b"if-none-match", etag)])

    assert status == 200 and "Győri Skízek".encode() in body
    assert django.reached == [page]  # not stored yet under the new version: Django rendered it
    assert ask(in_the_loop, page, HUNGARIAN)[1][b"x-public-cache"] == [b"hit"]
    assert django.reached == [page]


def test_a_signed_in_visitor_a_form_sent_and_a_page_not_public_go_to_django(season, client):
    django = Django()
    page = reverse("public:championship", args=[2025])
    ask(django, page, HUNGARIAN)
    client.force_login(make_user("jury"))
    session = (b"cookie", f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
               .encode())
    in_the_loop = PublicPagesInTheEventLoop(django)
    django.reached.clear()

    ask(in_the_loop, page, [*HUNGARIAN, session])
    ask(in_the_loop, page, HUNGARIAN, method="POST")
    ask(in_the_loop, reverse("jury:matches"), HUNGARIAN)

    assert django.reached == [page, page, reverse("jury:matches")]


def csrf_token(body: bytes) -> bytes:
    start = body.find(b'name="csrfmiddlewaretoken" value="')
    return body[start:start + 100] if start >= 0 else b"-"


def without(headers: dict, names: set) -> dict:
    return {name: values for name, values in headers.items() if name not in names}


def test_a_read_that_fails_in_the_event_loop_leaves_the_page_to_django(season, caplog):
    django = Django()
    page = reverse("public:championship", args=[2025])
    ask(django, page, HUNGARIAN)
    in_the_loop = PublicPagesInTheEventLoop(django)

    async def away():
        raise ConnectionError("the database went away")

    in_the_loop.reads.versions = away
    django.reached.clear()

    status, _headers, body = ask(in_the_loop, page, HUNGARIAN)

    assert status == 200 and "Pécsi Pagátok".encode() in body
    assert django.reached == [page]
    assert "could not be answered in the event loop" in caplog.text


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the worker's own connections to PostgreSQL")
def test_a_connection_the_database_ended_is_replaced_and_meanwhile_django_answers(season):
    django = Django()
    page = reverse("public:championship", args=[2025])
    etag = ask(django, page, HUNGARIAN)[1][b"etag"][0]
    unchanged = [*HUNGARIAN, (b"if-none-match", etag)]
    in_the_loop = PublicPagesInTheEventLoop(django)
    versions = in_the_loop.reads.versions.__self__
    django.reached.clear()

    async def day():
        answers = [(await asked(in_the_loop, page, unchanged))[0]]
        # The database ends the worker's connection (restarted, or an idle connection cut).
        async with await psycopg.AsyncConnection.connect(**versions.params) as administrator:
            for worker_connection, _cursor in versions._idle:
                await administrator.execute("SELECT pg_terminate_backend(%s)", [worker_connection.info.backend_pid])
        answers.append((await asked(in_the_loop, page, unchanged))[0])
        reached_meanwhile = list(django.reached)
        answers.append((await asked(in_the_loop, page, unchanged))[0])
        await in_the_loop.reads.close()
        return answers, reached_meanwhile

    answers, reached_meanwhile = asyncio.run(day())

    assert answers == [304, 304, 304]  # every visitor answered, the second by Django
    assert reached_meanwhile == [page]
    assert django.reached == [page]  # the third in the loop again, on a new connection
