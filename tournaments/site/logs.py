"""Production logging: server errors and refusals, each with the request's path and user."""

import logging

# What is worth a line: server errors, refused permissions (403) and locks; not every 404.
LOGGED_STATUSES = frozenset({403, 429})


class ErrorsAndRefusals(logging.Filter):
    """Lets through records of level ERROR and above, and request records of a refused permission."""

    def filter(self, record):
        if record.levelno >= logging.ERROR:
            return True
        status = getattr(record, "status_code", None)
        return status in LOGGED_STATUSES or not record.name.startswith("django.request")


class RequestFormatter(logging.Formatter):
    """Adds the request's method, path and user to the line (never its body, cookies or headers)."""

    def format(self, record):
        text = super().format(record)
        request = getattr(record, "request", None)
        if request is None or not hasattr(request, "path"):
            return text
        user = getattr(request, "user", None)
        who = user.get_username() if user is not None and user.is_authenticated else "anonymous"
        first, newline, rest = text.partition("\n")
        return f"{first} [{request.method} {request.path} user={who}]{newline}{rest}"
