from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Royal Tarokk tournaments")

    def ready(self):
        from django.db.backends.signals import connection_created

        from tournaments import checks  # noqa: F401 (registers the site's system checks)
        from tournaments.collation import register_sqlite_collation

        # SQLite has no ICU: names order in Hungarian there through the same collation name.
        connection_created.connect(register_sqlite_collation, dispatch_uid="hungarian-collation")
