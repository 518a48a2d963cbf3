"""Organisers manage the accounts on their own pages: invite users, set their roles, deactivate them
(permission tournaments.manage_accounts)."""

from django.db import migrations


def update_roles(apps, schema_editor):
    from tournaments.core.roles import ensure_roles

    ensure_roles(apps)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0010_season_and_grand_prix_entry_history'),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='match',
            options={'ordering': ['-played_on', 'id'], 'permissions': [('enter_scores', 'Can enter match scores (jury)'), ('confirm_scores', "Can confirm others' entries and correct confirmed matches (chief jury)"), ('agree_private_matches', 'Can agree private and early matches (chief jury)'), ('organise', 'Can manage teams, competitions and draws (organiser)'), ('manage_accounts', 'Can invite users, set their roles and deactivate them (organiser)')], 'verbose_name': 'match', 'verbose_name_plural': 'matches'},
        ),
        migrations.RunPython(update_roles, migrations.RunPython.noop),
    ]
