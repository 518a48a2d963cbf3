"""Names the outputs share: the association heading every copy, and file names from titles."""

from django.utils.text import slugify
from django.utils.translation import gettext as _


def association_name() -> str:
    return _("Royal Tarokk Association")


def file_name(title, extension) -> str:
    """A file name from the document's title: "Csapatbajnokság 2026" -> csapatbajnoksag-2026.pdf."""
    return f"{slugify(str(title)) or 'standings'}.{extension}"
