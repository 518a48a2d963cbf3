"""Benchmarks and the demo builder, outside the site (which imports nothing of them): the demo
season (``manage.py demo``: this package is a Django app for its command), the demo's hands
(hands.py; they are recorded through the door), ``make bench-site`` (public_site.py) and ``make bench-entry``
(entry.py)."""
