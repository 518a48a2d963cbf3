"""The Jury, Chief jury and Organiser groups with their permissions (tournaments/core/roles.py)."""

from django.db import migrations


def create_roles(apps, schema_editor):
    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_roles, migrations.RunPython.noop)]
