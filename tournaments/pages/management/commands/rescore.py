"""Re-derive every stored derived value (hands, matches, the Cup's ties and bracket, the variant free
games' points, the trophy register) from the stored facts: tournaments.recording.rescoring."""

from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.translation import ngettext

from tournaments.recording import rescoring


class Command(BaseCommand):
    help = ("Re-derive every hand and match score, the Cup ties' winners and bracket, the points of free games "
            "of a variant with a scorer, and the trophy register from the stored facts with the rules engine; "
            "report each difference, and each match or game whose facts are not valid. Without --fix nothing "
            "is changed (a dry run).")
    requires_system_checks = []  # a data command: the site's checks (and its URL imports) are not needed

    def add_arguments(self, parser):
        parser.add_argument("--fix", action="store_true", help="Store the engine's answers where they differ.")
        parser.add_argument("--dry-run", action="store_true", help="Only report (the default without --fix).")

    def handle(self, *args, fix=False, dry_run=False, **options):
        fix = fix and not dry_run
        with transaction.atomic():
            differences = rescoring.rescore(fix=fix).lines()
        for line in differences:
            self.stdout.write(line)
        count = len(differences)
        if fix:
            summary = ngettext("%(count)s difference fixed.", "%(count)s differences fixed.", count)
        else:
            summary = ngettext("%(count)s difference found.", "%(count)s differences found.", count)
        self.stdout.write(summary % {"count": count})
