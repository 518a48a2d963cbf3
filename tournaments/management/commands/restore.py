"""Load a backup into an empty database, then derive every score again."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.backup import BackupRefused, restore_backup


class Command(BaseCommand):
    help = ("Load FILE, written by `backup`, into an empty database (run `migrate` first), then derive every "
            "hand and match score with the rules engine and check the trophy register. All or nothing.")

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="the backup file to read")

    def handle(self, *args, file, **options):
        try:
            done = restore_backup(file)
        except BackupRefused as refused:
            raise CommandError(str(refused)) from None
        self.stdout.write(_("%(rows)s rows restored from %(file)s; %(scores)s scores derived; %(differences)s "
                            "difference(s) in the register.") % {
            "rows": done["rows"], "file": file, "scores": done["scores_derived"],
            "differences": done["register_differences"]})
