"""`make bench-site`'s yardstick: a bare Django view with no middleware, no database and no
template, answering a page of BARE_BYTES bytes (the Championship page's size), served as the site
is (WSGI, by gunicorn with the site's own gunicorn.conf.py) beside the site. A cached public page's
requests a second are reported as a share of this one's: what the site's middleware, the version's
query and the cache's read cost on top of Django itself.

    DJANGO_SETTINGS_MODULE=bench.bare_site BARE_BYTES=30000 gunicorn -c gunicorn.conf.py bench.bare_site:application
"""

import os

from django.core.wsgi import get_wsgi_application
from django.http import HttpResponse
from django.urls import path

SECRET_KEY = "bench-bare-site-not-secret"  # noqa: S105 - answers a constant page, signs nothing
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = []
MIDDLEWARE = []
DATABASES = {}
ROOT_URLCONF = "bench.bare_site"
USE_I18N = False

PAGE = b"<!DOCTYPE html><title>bare</title>" + b"x" * max(0, int(os.environ.get("BARE_BYTES", "30000")) - 34)


def bare(request):
    return HttpResponse(PAGE)


urlpatterns = [path("", bare)]

application = get_wsgi_application() if os.environ.get("DJANGO_SETTINGS_MODULE") == "bench.bare_site" else None
