"""The settings `make bench-table` serves the online table with: the base settings with each
thread's database connection kept between messages, as production keeps it
(tournaments.site.settings_production: CONN_MAX_AGE on SQLite, a pool on PostgreSQL), without
production's HTTPS and static manifest, which a benchmark on 127.0.0.1 does without. Opened anew
for each database_sync_to_async call, a SQLite connection cost 3.3 ms of CPU (this machine), a
third of a move's."""

import copy

from tournaments.site.settings import *  # noqa: F403 (the base settings, overridden below)

DATABASES = copy.deepcopy(DATABASES)  # noqa: F405
DATABASES["default"]["CONN_MAX_AGE"] = 300
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
