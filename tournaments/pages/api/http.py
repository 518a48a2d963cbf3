"""What every API answer shares: JSON, an ETag of the body with 304 for an unchanged copy, and
CORS open for reading (any origin may GET; nothing else is offered)."""

import hashlib
import json
from functools import wraps

from django.http import HttpResponse, JsonResponse
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import gettext as _

ALLOWED = ("GET", "HEAD", "OPTIONS")
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": "If-None-Match",
    "Access-Control-Expose-Headers": "ETag",
    "Access-Control-Max-Age": "86400",
}


def body_of(data) -> bytes:
    """The JSON text: keys in the order built, no spaces, UTF-8 (names keep their accents)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), default=str).encode()


def etag_of(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def with_cors(response):
    for name, value in CORS_HEADERS.items():
        response[name] = value
    return response


def not_allowed(request) -> HttpResponse:
    """405 in JSON, like every other API answer, naming the methods the API offers."""
    detail = _("The API only reads: %(method)s is not offered, only %(allowed)s.") % {
        "method": request.method, "allowed": ", ".join(ALLOWED)}
    response = JsonResponse({"detail": detail}, status=405, json_dumps_params={"ensure_ascii": False})
    response["Allow"] = ", ".join(ALLOWED)
    patch_vary_headers(response, ("Accept-Language",))
    return response


def api_view(build):
    """``build(request, **kwargs)`` returns the answer's data (or raises Http404); the view answers
    GET and HEAD with it, 304 when the client's If-None-Match names the same body, and OPTIONS
    (a browser's preflight) with the CORS headers alone."""

    @wraps(build)
    def view(request, *args, **kwargs):
        if request.method not in ALLOWED:
            return with_cors(not_allowed(request))
        if request.method == "OPTIONS":
            return with_cors(HttpResponse(status=204))
        body = body_of(build(request, *args, **kwargs))
        etag = etag_of(body)
        known = parse_etags(request.headers.get("If-None-Match", ""))
        if etag in known or "*" in known:
            response = HttpResponse(status=304)
        else:
            response = HttpResponse(body, content_type="application/json")
        response["ETag"] = etag
        # Names of feasts and rounds follow the request's language: a cached copy is per language.
        patch_vary_headers(response, ("Accept-Language",))
        return with_cors(response)

    view.csrf_exempt = True
    return view
