"""The roles of the site as Django groups with permissions.

Jury enters scores; the chief jury also confirms others' entries, corrects confirmed matches and
agrees private matches (R15); organisers keep players, teams, seasons and competitions in the
admin. Public pages need no login. :func:`ensure_roles` is idempotent; the data migration calls it.
"""

JURY = "Jury"
CHIEF_JURY = "Chief jury"
ORGANISER = "Organiser"

# The models an organiser keeps in the admin, each with its four standard permissions.
ORGANISED_MODELS = ("player", "team", "season", "competition", "cupentry", "cuptie", "grandprixentry")

ROLE_PERMISSIONS = {
    JURY: ["enter_scores"],
    CHIEF_JURY: ["enter_scores", "confirm_scores", "agree_private_matches"],
    ORGANISER: ["organise"] + [
        f"{action}_{model}" for model in ORGANISED_MODELS for action in ("add", "change", "delete", "view")
    ],
}


def ensure_roles(apps) -> None:
    """Create or update the three groups with exactly their permissions (``apps``: a migration's
    historical registry or django.apps.apps)."""
    from django.contrib.auth.management import create_permissions

    # Permissions are normally created after migrate; a fresh database needs them now.
    app_config = apps.get_app_config("tournaments")
    app_config.models_module = getattr(app_config, "models_module", None) or True
    create_permissions(app_config, apps=apps, verbosity=0)

    group_model = apps.get_model("auth", "Group")
    permission_model = apps.get_model("auth", "Permission")
    for name, codenames in ROLE_PERMISSIONS.items():
        group, _ = group_model.objects.get_or_create(name=name)
        permissions = permission_model.objects.filter(content_type__app_label="tournaments",
                                                      codename__in=codenames)
        group.permissions.set(permissions)
