"""Where a cached public page's time goes, middleware by middleware (`make bench-site` prints it
when a page misses its goal): a mark between each two of the site's middleware notes when the
request passes it, going in and coming out, so each middleware's own time (in plus out) is the
difference between the marks around it. The innermost part is Django's handler: the address
resolved, the views' middleware (the page cache's version read and cache read for a hit) and the
answer. CPU time of this process's thread, so that the machine's other work is not counted."""

import statistics
import time

from django.conf import settings
from django.core.cache import caches
from django.test import Client, override_settings

from tournaments.core.models import public_data


class Mark:
    index = 0
    seen: dict = {}

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        Mark.seen[("in", self.index)] = time.thread_time()
        response = self.get_response(request)
        Mark.seen[("out", self.index)] = time.thread_time()
        return response


MARKS = [type(f"Mark{index}", (Mark,), {"index": index}) for index in range(40)]
globals().update({mark.__name__: mark for mark in MARKS})


def split(url: str, requests: int = 300) -> list[tuple[str, float]]:
    """Each middleware's and the handler's median microseconds for a cached ``url`` (a hit)."""
    middleware = list(settings.MIDDLEWARE)
    marked = [f"{__name__}.Mark0"]
    for index, name in enumerate(middleware, start=1):
        marked += [name, f"{__name__}.Mark{index}"]
    last = len(middleware)
    parts = {name: [] for name in [*middleware, "handler: resolve, page cache lookup, answer", "whole stack"]}
    with override_settings(MIDDLEWARE=marked):
        client = Client()
        client.get(url)  # rendered and stored: the rest are hits
        for _ in range(requests):
            response = client.get(url)
            assert response.get("X-Public-Cache") == "hit", response.get("X-Public-Cache")
            seen = Mark.seen
            for index, name in enumerate(middleware):
                going_in = seen[("in", index + 1)] - seen[("in", index)]
                parts[name].append(going_in + seen[("out", index)] - seen[("out", index + 1)])
            parts["handler: resolve, page cache lookup, answer"].append(seen[("out", last)] - seen[("in", last)])
            parts["whole stack"].append(seen[("out", 0)] - seen[("in", 0)])
        key = response.wsgi_request.public_page.key
    parts["of the handler's: the version read"] = timed(public_data.current, requests)
    parts["of the handler's: the cache read"] = timed(lambda: caches[settings.PUBLIC_PAGE_CACHE].get(key), requests)
    return [(name, statistics.median(times) * 1e6) for name, times in parts.items()]


def timed(function, times: int) -> list[float]:
    spent = []
    for _ in range(times):
        started = time.thread_time()
        function()
        spent.append(time.thread_time() - started)
    return spent
