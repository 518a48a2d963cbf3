from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Royal Tarokk tournaments")

    def ready(self):
        from tournaments import checks  # noqa: F401 (registers the site's system checks)
