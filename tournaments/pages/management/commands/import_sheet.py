"""Import a filled score sheet (a workbook downloaded from the match's page) with the checks of
the jury's import page: every problem listed with its cell and nothing saved, or the match stored
as the juror's entry, awaiting confirmation."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from tournaments.core.models import Match
from tournaments.pages.workbooks import score_sheet
from tournaments.pages.workbooks.safety import MAX_UPLOAD_BYTES, WorkbookRefused


class Command(BaseCommand):
    help = "Import a filled score sheet (.xlsx) into a match, as the given juror's entry."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--match", type=int, required=True, help="the match's number")
        parser.add_argument("--user", required=True, help="the juror's user name")
        parser.add_argument("--language", default=settings.LANGUAGE_CODE,
                            help="language of the messages (en, hu)")

    def handle(self, *args, file, match, user, language, **options):
        with translation.override(language):
            juror = get_user_model().objects.filter(username=user).first()
            if juror is None:
                raise CommandError(f"No user {user!r}.")
            found = Match.objects.with_teams().select_related(
                "a_driver", "a_catcher", "b_driver", "b_catcher").filter(pk=match).first()
            if found is None:
                raise CommandError(f"No match {match}.")
            try:
                with open(file, "rb") as upload:
                    data = upload.read(MAX_UPLOAD_BYTES + 1)
            except OSError as error:
                raise CommandError(str(error)) from None
            try:
                score_sheet.import_score_sheet(data, found, juror)
            except WorkbookRefused as refused:
                for problem in refused.problems:
                    self.stderr.write(str(problem))
                raise CommandError(translation.gettext("The workbook is refused; nothing was saved.")) from None
            self.stdout.write(translation.gettext("The score sheet is imported: %(a)s : %(b)s. A second juror "
                                                  "confirms it.") % {"a": found.score_a, "b": found.score_b})
