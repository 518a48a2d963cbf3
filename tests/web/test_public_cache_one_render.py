"""When the public data version moves, every viewer of a live page asks for the new page within a
second or two: the first to miss renders it, the others wait for its copy instead of rendering it
too; a page in another language by its address (?language=en) is answered from the cache as well."""

import threading
import time

import pytest
from django.core.cache import caches
from django.test import RequestFactory
from django.urls import reverse

from tests.factories import make_competition, make_season
from tournaments.site import public_cache

pytestmark = pytest.mark.django_db

KEY = "public-page:bench:one-render"


@pytest.fixture(autouse=True)
def empty_cache():
    caches["default"].clear()
    yield
    caches["default"].clear()


def asking():
    return RequestFactory().get("/")


def test_the_first_request_to_miss_renders_the_page_and_gives_its_turn_back():
    first = asking()

    assert public_cache.stored_or_render_turn(first, KEY) is None
    assert caches["default"].get(f"rendering:{KEY}") == 1
    public_cache.give_back_render_turn(first)
    assert caches["default"].get(f"rendering:{KEY}") is None


def test_a_request_meanwhile_waits_for_the_copy_instead_of_rendering_it_again():
    first = asking()
    public_cache.stored_or_render_turn(first, KEY)
    rendered = (b"<p>the live table</p>", {"Content-Type": "text/html"})

    def first_renders_and_stores():
        time.sleep(0.2)
        caches["default"].set(KEY, rendered)
        public_cache.give_back_render_turn(first)

    threading.Thread(target=first_renders_and_stores).start()
    second = asking()

    assert public_cache.stored_or_render_turn(second, KEY) == rendered
    assert getattr(second, "public_cache_render_turn", None) is None  # it rendered nothing


def test_a_turn_given_back_without_a_copy_lets_the_waiting_render_it_at_once():
    first = asking()
    public_cache.stored_or_render_turn(first, KEY)
    threading.Timer(0.1, public_cache.give_back_render_turn, [first]).start()  # a 404, a redirect
    started = time.monotonic()

    assert public_cache.stored_or_render_turn(asking(), KEY) is None
    assert time.monotonic() - started < 2


def test_a_page_asked_in_english_by_its_address_is_answered_from_the_cache(client):
    make_competition(season=make_season())
    url = reverse("public:championship", args=[2025]) + "?language=en"

    first = client.get(url, headers={"Accept-Language": "hu"})
    again = client.get(url, headers={"Accept-Language": "hu"})

    assert first["X-Public-Cache"] == "miss"
    assert again["X-Public-Cache"] == "hit"
    assert 'lang="en"' in again.text
