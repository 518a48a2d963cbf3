"""ASGI entry point, for the WebSockets (`make serve` runs it in uvicorn, `make run` in daphne's
runserver); production sets DJANGO_SETTINGS_MODULE=tournaments.site.settings_production.

HTTP goes to Django (the pages are served by gunicorn's WSGI workers in production: wsgi.py);
WebSockets (the online table, tournaments.pages.table; the live public pages,
tournaments.pages.public.live_socket; the jury's match-day screen) to Channels, with the session
and the login read from the cookies and only this site's own pages allowed to connect."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournaments.site.settings")

django_application = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402 (needs the settings loaded above)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from tournaments.core.checks import fail_on_errors  # noqa: E402
from tournaments.pages.entry.routing import websocket_urlpatterns as jury_sockets  # noqa: E402
from tournaments.pages.public.routing import websocket_urlpatterns as live_page_sockets  # noqa: E402
from tournaments.pages.table.routing import websocket_urlpatterns as table_sockets  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_application,
    "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(
        table_sockets + live_page_sockets + jury_sockets))),
})

fail_on_errors()  # a failed system check (a missing static manifest...) stops the start, not every page
