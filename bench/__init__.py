"""Benchmarks and the demo builder, outside the site (which imports nothing of them): the demo
season (``manage.py demo``: this package is a Django app for its command), the demo's hands
(hands.py; they are recorded through the door), ``make bench-site`` (public_site.py) and ``make bench-entry``
(entry.py)."""

# What bench/matchday_setup.py says when earlier runs have played the season's teams to R15's limit
# of scored matches: bench/matchday.py then builds the demo season again.
SEASON_PLAYED_OUT = "the season is played out"
