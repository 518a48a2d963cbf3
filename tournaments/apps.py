from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Royal Tarokk tournaments")

    def ready(self):
        from django.db.backends.signals import connection_created
        from django.db.models.signals import post_migrate

        from tournaments import (
            checks,  # noqa: F401 (registers the site's system checks)
            data_version,
        )
        from tournaments.collation import register_sqlite_collation

        # SQLite has no ICU: names order in Hungarian there through the same collation name.
        connection_created.connect(register_sqlite_collation, dispatch_uid="hungarian-collation")
        # Every write to the app's tables moves the public data version on (data_version).
        connection_created.connect(data_version.install, dispatch_uid="public-data-version")
        # A deployment migrates: pages rendered by the previous code are not served again.
        post_migrate.connect(data_version.after_migrate, sender=self, dispatch_uid="public-data-version-migrate")
