"""What the site tells and logs when a login is locked after repeated failures (django-axes)."""

import logging

from django.conf import settings
from django.shortcuts import render
from django.utils import timezone

logger = logging.getLogger(__name__)
TOO_MANY_REQUESTS = 429


# A user name is at most this long (Django's own limit); the attempts' log keeps no more of it.
USERNAME_LENGTH = 150


def client_address(request) -> str:
    """The address a login attempt is counted from. Reached directly, the connection's own
    (REMOTE_ADDR), and X-Forwarded-For is ignored: anyone can send it. Behind TRUSTED_PROXY_COUNT
    proxies, each appending the address it was reached from to X-Forwarded-For, the client is the
    entry that many places from its end: what the nearest trusted proxy saw, never an entry the
    client wrote itself. A header shorter than the trusted hops did not come through them all: the
    connection's address then."""
    hops = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    remote = request.META.get("REMOTE_ADDR", "")
    if hops <= 0:
        return remote
    forwarded = [entry.strip() for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [entry for entry in forwarded if entry]
    if len(forwarded) < hops:
        return remote
    return forwarded[-hops]


def attempted_username(request, credentials=None) -> str:
    """The user name a login attempt is counted under: what was typed, cut to a user name's length,
    so that an overlong one is counted (and refused) like any wrong name, never a database error."""
    username = (credentials or {}).get("username") if credentials else None
    if username is None:
        username = request.POST.get("username", "") if hasattr(request, "POST") else ""
    return str(username)[:USERNAME_LENGTH]


def locked_out(request, response, credentials):
    """The page a locked-out login gets: when to try again, and who can lift the lock sooner."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    until = timezone.localtime() + settings.AXES_COOLOFF_TIME
    logger.warning("login locked after %s failures: user %r from %s, until %s", settings.AXES_FAILURE_LIMIT,
                   username, client_address(request) or "?", until.isoformat(timespec="minutes"))
    return render(request, "registration/locked_out.html", {"username": username, "until": until},
                  status=TOO_MANY_REQUESTS)
