"""The public data version: one row that every change to the association's data moves on, in the
same transaction as the change (tournaments.data_version), so a cached public page is keyed by
the version of the data it shows and is never served after that data changed."""

import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _


def new_epoch():
    return uuid.uuid4().hex


class PublicDataVersion(models.Model):
    """The single row (pk 1). ``epoch`` is drawn when the row is created, so a database emptied
    and filled again never reuses a version another database's pages were cached under."""

    epoch = models.CharField(_("epoch"), max_length=32, default=new_epoch)
    number = models.BigIntegerField(_("version number"), default=0)
    changed_at = models.DateTimeField(_("changed at"))

    class Meta:
        verbose_name = _("public data version")

    def __str__(self):
        return f"{self.epoch}-{self.number}"

    @property
    def key(self):
        return f"{self.epoch}-{self.number}"
