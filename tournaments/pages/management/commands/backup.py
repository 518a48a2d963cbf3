"""Write every fact (users and history included, derived scores not) to one file."""

from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from tournaments.recording.backup import write_backup


class Command(BaseCommand):
    help = ("Write every fact of the site (users, players, seasons, teams, competitions, matches with their hands, "
            "free games, the trophy register, every history row) to FILE, JSON (gzip when FILE ends in .gz). "
            "Derived scores are left out; `restore` derives them again.")

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="the backup file to write (e.g. tarokk-2026-11-30.json.gz)")

    def handle(self, *args, file, **options):
        count = write_backup(file)
        self.stdout.write(_("%(count)s rows written to %(file)s.") % {"count": count, "file": file})
