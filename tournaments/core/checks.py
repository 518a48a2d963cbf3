"""System checks of the site's own (`manage.py check`, and every start of the application server)."""

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core import checks
from django.utils.module_loading import import_string

STATIC_MANIFEST = "tournaments.E001"
MANIFEST_TAG = "static_manifest"


# A deployment check (`check --deploy`, and the application server's start below): collectstatic
# and migrate, which run before the manifest exists, must not be stopped by it.
@checks.register(MANIFEST_TAG, deploy=True)
def static_manifest(app_configs=None, **kwargs):
    """With hashed static file names every page asks the manifest for its stylesheet's name: a site
    started before `collectstatic` would answer every page with a server error."""
    backend = import_string(settings.STORAGES["staticfiles"]["BACKEND"])
    if not issubclass(backend, ManifestFilesMixin) or staticfiles_storage.exists(staticfiles_storage.manifest_name):
        return []
    return [checks.Error(
        f"The static files' manifest {staticfiles_storage.manifest_name} is missing from {settings.STATIC_ROOT}.",
        hint="Run `python manage.py collectstatic --noinput` before starting the site.",
        id=STATIC_MANIFEST,
    )]


def fail_on_errors() -> None:
    """Refuse to start the application server on a failed system check, as runserver does."""
    from django.core.management.base import SystemCheckError

    found = checks.run_checks() + checks.run_checks(tags=[MANIFEST_TAG], include_deployment_checks=True)
    errors = [message for message in found if message.is_serious()]
    if errors:
        raise SystemCheckError("\n".join(str(error) for error in errors))
