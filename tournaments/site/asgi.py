"""ASGI entry point; production sets DJANGO_SETTINGS_MODULE=tournaments.site.settings_production."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournaments.site.settings")

application = get_asgi_application()

from tournaments.core.checks import fail_on_errors  # noqa: E402 (needs the settings loaded above)

fail_on_errors()  # a failed system check (a missing static manifest...) stops the start, not every page
