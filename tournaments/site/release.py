"""Which release of the site is running: the page cache keys its pages by it, so a page cached
before a deployment, naming the old hashed static files, is never served after it.

RELEASE from the environment when set (a version or commit id); otherwise the digest of the
static files' manifest (`collectstatic`'s staticfiles.json, which changes with any static file);
without a manifest (development, where names are not hashed) "dev"."""

import functools
import hashlib

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage


def manifest_digest(storage) -> str | None:
    """The digest of a manifest storage's staticfiles.json; None without one."""
    manifest_storage = getattr(storage, "manifest_storage", None)
    name = getattr(storage, "manifest_name", None)
    if manifest_storage is None or name is None or not manifest_storage.exists(name):
        return None
    with manifest_storage.open(name) as manifest:
        return hashlib.sha256(manifest.read()).hexdigest()[:16]


@functools.cache
def release_id() -> str:
    """The running release, read once a process (a deployment starts new processes)."""
    return settings.RELEASE or manifest_digest(staticfiles_storage) or "dev"
