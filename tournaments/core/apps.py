from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments.core"
    label = "tournaments"  # the models' tables, migrations and permissions
    verbose_name = _("Royal Tarokk tournaments")

    def ready(self):
        from django.db.backends.signals import connection_created
        from django.db.models.signals import post_migrate

        from tournaments.core import checks  # noqa: F401 (registers the site's system checks)
        from tournaments.core.collation import register_sqlite_collation
        from tournaments.core.models import public_data

        # SQLite has no ICU: names order in Hungarian there through the same collation name.
        connection_created.connect(register_sqlite_collation, dispatch_uid="hungarian-collation")
        # A deployment migrates: pages rendered by the previous code are not served again. (Every
        # other move of the public data version is made by the models that hold public data.)
        post_migrate.connect(public_data.after_migrate, sender=self, dispatch_uid="public-data-version-migrate")
