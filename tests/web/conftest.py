import pytest


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Django's real hasher takes most of a second per password; the pages only need one that works."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
