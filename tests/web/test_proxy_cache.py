"""The proxy's micro-cache with a real nginx (deploy/nginx-site.conf's locations, as bench/proxy.py
serves them in front of the site): an anonymous visitor's public page is kept for a second, so a
second request within it is answered by the proxy, while a request with the session cookie or a
pending message is always the site's own answer. The X-Proxy-Cache header is the benchmark's
configuration's only (nginx's $upstream_cache_status)."""

import time
import urllib.request
import uuid
from urllib.parse import urlsplit

import pytest
from django.urls import reverse

from bench import proxy
from bench.ports import any_free_port
from tests.factories import make_competition, make_season

pytestmark = [pytest.mark.skipif(not proxy.installed(), reason="nginx is not installed"),
              pytest.mark.django_db(transaction=True)]


@pytest.fixture
def through_proxy(live_server):
    """The live server's address through nginx."""
    make_competition(season=make_season(2025))
    site = urlsplit(live_server.url)
    port = any_free_port()
    with proxy.nginx(f"127.0.0.1:{site.port}", port):
        yield f"http://127.0.0.1:{port}"


def get(url, **headers):
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30) as response:
        return response.headers, response.read()


def twice(url, **headers):
    """Two answers of ``url`` (an address nobody asked for yet) within the second the proxy keeps a
    page; tried again at a new address when the machine was too slow for that."""
    for attempt in range(5):
        address = f"{url}{'&' if '?' in url else '?'}visit={attempt}-{uuid.uuid4().hex}"
        started = time.monotonic()
        first, second = get(address, **headers)[0], get(address, **headers)[0]
        if time.monotonic() - started < 0.8:
            return first, second
    pytest.skip("the machine is too slow for two requests within a second")


def test_a_public_page_asked_again_within_a_second_is_the_proxys_copy(through_proxy):
    first, second = twice(through_proxy + reverse("public:championship", args=[2025]))
    assert (first["X-Proxy-Cache"], second["X-Proxy-Cache"]) == ("MISS", "HIT")
    # The site's own header of the first answer, repeated: the site was not asked again (it would
    # have answered from its own cache, "hit").
    assert second["X-Public-Cache"] == first["X-Public-Cache"] == "miss"
    assert second["ETag"] == first["ETag"]
    # The proxy's instruction is not passed on; the browser asks again each time.
    assert "X-Accel-Expires" not in first and "X-Accel-Expires" not in second
    assert first["Cache-Control"] == second["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("cookie", ["sessionid=abc", "messages=pending"])
def test_a_request_with_the_session_or_messages_cookie_is_never_answered_from_the_proxys_copy(through_proxy, cookie):
    for headers in twice(through_proxy + reverse("public:championship", args=[2025]), Cookie=cookie):
        assert headers["X-Proxy-Cache"] == "BYPASS"


def test_an_answer_that_sets_the_language_cookie_is_not_kept(through_proxy):
    url = through_proxy + reverse("public:championship", args=[2025]) + "?language=en"
    first, second = twice(url)
    assert "django_language=en" in first["Set-Cookie"] and "django_language=en" in second["Set-Cookie"]
    assert second["X-Proxy-Cache"] == "MISS"
