from django.apps import AppConfig


class PagesConfig(AppConfig):
    """The pages as Django finds them in an app: the admin, the management commands, the template
    tags and the static files. The models and migrations are the core's (app label ``tournaments``)."""

    name = "tournaments.pages"
    label = "tournaments_pages"
