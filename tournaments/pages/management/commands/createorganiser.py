"""Make the first organiser of an empty database (or promote an existing user to organiser)."""

import getpass
import os

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.core.roles import ORGANISER, is_organiser, make_organiser

PASSWORD_VARIABLE = "ORGANISER_PASSWORD"


class Command(BaseCommand):
    help = ("Create a user in the Organiser group, or make an existing user an organiser. The password is asked "
            f"twice, or read from the environment variable {PASSWORD_VARIABLE} when it is set (for scripts).")
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("name", help="The organiser's user name.")

    def handle(self, *args, name, **options):
        users = get_user_model()
        user = users.objects.filter(username=name).first()
        if user is not None and is_organiser(user):
            raise CommandError(_("%(name)s is already an organiser: nothing was changed.") % {"name": name})
        password = self.password(user or users(username=name))
        with transaction.atomic():
            if user is None:
                user = users.objects.create_user(username=name, password=password)
                done = _("Organiser %(name)s created.")
            else:
                user.set_password(password)
                done = _("%(name)s is now an organiser (%(group)s group), with the new password.")
            make_organiser(user)
        self.stdout.write(done % {"name": name, "group": ORGANISER})

    def password(self, user) -> str:
        """The password from the environment, or typed twice; checked by the site's validators."""
        password = os.environ.get(PASSWORD_VARIABLE)
        if password is None:
            password = getpass.getpass(_("Password: "))
            if password != getpass.getpass(_("Password (again): ")):
                raise CommandError(_("The two passwords differ: nothing was changed."))
        try:
            validate_password(password, user)
        except ValidationError as error:
            reasons = " ".join(error.messages)
            raise CommandError(_("The password is refused: %(reasons)s") % {"reasons": reasons}) from None
        return password
