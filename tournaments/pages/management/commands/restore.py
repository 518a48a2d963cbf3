"""Load a backup into an empty database, check its facts, then derive every derived value again."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.recording.backup import BackupRefused, restore_backup


class Command(BaseCommand):
    help = ("Load FILE, written by `backup`, into an empty database (run `migrate` first), check every fact as "
            "the jury's entry checks it, then derive every hand and match score, the Cup ties, the free games' "
            "points and the trophy register with the rules engine. All or nothing: a file with anything wrong "
            "is refused in one line, and nothing is restored.")

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="the backup file to read")

    def handle(self, *args, file, **options):
        try:
            done = restore_backup(file)
        except BackupRefused as refused:
            raise CommandError(str(refused)) from None
        self.stdout.write(_("%(rows)s rows restored from %(file)s; scores derived for %(hands)s hand(s) and "
                            "%(matches)s match(es).") % {"rows": done.rows, "file": file, "hands": done.hands,
                                                    "matches": done.matches})
        for line in done.differences:  # the file's own Cup ties, points or register disagreed with its facts
            self.stdout.write(line)
        self.stdout.write(_("%(count)s difference(s) in the Cup ties, the free games' points and the trophy "
                            "register, repaired from the facts.") % {"count": len(done.differences)})
