"""The organisers' changes to the association's words (tournaments.core.words holds the defaults
and reads the catalogue): one row a term whose names or short forms differ from the default."""

from django.db import models
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from .public_data import PublicData


class WordOverride(PublicData):
    """A term's names and short forms as the association decided them. Public pages show the names,
    so a change moves the public data version (PublicData); its history keeps who changed what,
    when, before and after."""

    kind = models.CharField(_("kind"), max_length=20)
    key = models.CharField(_("key"), max_length=40)
    hungarian = models.CharField(_("Hungarian name"), max_length=60)
    international = models.CharField(_("international name"), max_length=60)
    short_forms = models.JSONField(_("short forms"), default=list, blank=True)

    history = HistoricalRecords()

    class Meta:
        verbose_name = _("word of the association")
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="one_override_a_term")]

    def __str__(self):
        return f"{self.kind}:{self.key}"
