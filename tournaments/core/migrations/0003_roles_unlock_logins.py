"""The chief jury and the organisers may lift a login lock (django-axes) in the admin."""

from django.db import migrations


def update_roles(apps, schema_editor):
    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_roles"),
        ("axes", "0010_accessattemptexpiration"),
    ]

    operations = [migrations.RunPython(update_roles, migrations.RunPython.noop)]
