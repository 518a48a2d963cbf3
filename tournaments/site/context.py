"""What every page's head says about the site as served."""

from django.conf import settings


def websocket_url(request):
    """Where the pages open their WebSockets (base.html's ``websocket-url`` meta tag): empty for
    the page's own origin."""
    return {"WEBSOCKET_URL": settings.WEBSOCKET_URL}
