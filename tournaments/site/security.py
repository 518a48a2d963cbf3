"""What the site tells and logs when a login is locked after repeated failures (django-axes)."""

import logging

from django.conf import settings
from django.shortcuts import render
from django.utils import timezone

logger = logging.getLogger("tournaments.site.security")
TOO_MANY_REQUESTS = 429


def locked_out(request, response, credentials):
    """The page a locked-out login gets: when to try again, and who can lift the lock sooner."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    until = timezone.localtime() + settings.AXES_COOLOFF_TIME
    logger.warning("login locked after %s failures: user %r from %s, until %s", settings.AXES_FAILURE_LIMIT,
                   username, request.META.get("REMOTE_ADDR", "?"), until.isoformat(timespec="minutes"))
    return render(request, "registration/locked_out.html", {"username": username, "until": until},
                  status=TOO_MANY_REQUESTS)
