# The accounts' permission (0011) and the season's state (0012) were made side by side; neither
# depends on the other.

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_accounts"),
        ("tournaments", "0012_season_state"),
    ]

    operations = []
