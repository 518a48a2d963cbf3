"""The public data version is one row (FACTS, 1): the rows that kept play in progress and each
competition's results apart (2-5) go."""

from django.db import migrations


def delete_other_rows(apps, schema_editor):
    version = apps.get_model("tournaments", "PublicDataVersion")
    version.objects.using(schema_editor.connection.alias).exclude(pk=1).delete()


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0017_table_pages")]
    operations = [migrations.RunPython(delete_other_rows, migrations.RunPython.noop)]
