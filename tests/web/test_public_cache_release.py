"""The page cache is keyed by the release as well as by the data version: a page cached before a
deployment names the old hashed static files, so the new release never serves it (nor answers
304 to a browser's copy of it)."""

import json

import pytest
from django.contrib.staticfiles.storage import ManifestStaticFilesStorage
from django.urls import reverse

from tests.factories import make_competition, make_season
from tournaments.site import release

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(settings):
    """Sets the running release, as a new process of that release reads it."""

    def deploy(name):
        settings.RELEASE = name
        release.release_id.cache_clear()

    yield deploy
    release.release_id.cache_clear()


def test_a_page_cached_by_one_release_is_not_served_by_the_next(client, running):
    make_competition(season=make_season())
    url = reverse("public:championship", args=[2025])
    running("2026.11")
    first = client.get(url)
    assert client.get(url)["X-Public-Cache"] == "hit"

    running("2026.12")
    after = client.get(url, headers={"If-None-Match": first["ETag"]})

    assert after.status_code == 200 and after["X-Public-Cache"] == "miss"
    assert after["ETag"] != first["ETag"]


def test_without_a_release_the_static_manifest_names_it(tmp_path):
    storage = ManifestStaticFilesStorage(location=tmp_path)
    assert release.manifest_digest(storage) is None  # no collectstatic yet

    (tmp_path / "staticfiles.json").write_text(json.dumps({"paths": {"a.css": "a.111.css"}}))
    before = release.manifest_digest(storage)
    (tmp_path / "staticfiles.json").write_text(json.dumps({"paths": {"a.css": "a.222.css"}}))

    assert before and release.manifest_digest(storage) != before
