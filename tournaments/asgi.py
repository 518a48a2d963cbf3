"""ASGI entry point; production sets DJANGO_SETTINGS_MODULE=tournaments.settings_production."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournaments.settings")

application = get_asgi_application()
