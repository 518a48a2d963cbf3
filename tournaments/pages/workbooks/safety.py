"""An uploaded workbook is opened only after it has shown it cannot cost much: its size, the
number of entries in its zip and their total uncompressed size are read from the zip's directory
first, and every XML part is refused if it declares a document type or entities (an "XML bomb").
openpyxl parses with defusedxml (installed with the site), which refuses entities again, and is
told to drop macros and external links.

The sizes in a zip's directory could lie; Python's zipfile never inflates an entry past the size
its directory gives (and fails on the checksum), so the declared total bounds the real work."""

import io
import zipfile

from django.utils.translation import gettext as _
from openpyxl import load_workbook

# A filled score sheet or roster is some tens of kilobytes; these leave room and nothing more.
MAX_UPLOAD_BYTES = 2 * 1024 * 1024
MAX_ENTRIES = 200
MAX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024
SCAN_CHUNK = 64 * 1024
FORBIDDEN_MARKUP = (b"<!DOCTYPE", b"<!ENTITY")


class WorkbookRefused(Exception):
    """The upload is not a workbook we open; the message says why, in the page's language."""

    def __init__(self, problems):
        self.problems = list(problems) if isinstance(problems, (list, tuple)) else [problems]
        super().__init__("; ".join(map(str, self.problems)))


def read_upload(upload) -> bytes:
    """The uploaded file's bytes, refused beyond MAX_UPLOAD_BYTES without reading the rest."""
    size = getattr(upload, "size", None)
    if size is not None and size > MAX_UPLOAD_BYTES:
        raise too_large()
    data = upload.read(MAX_UPLOAD_BYTES + 1)
    if len(data) > MAX_UPLOAD_BYTES:
        raise too_large()
    return data


def too_large():
    return WorkbookRefused(_("The file is larger than %(limit)s MB; a score sheet or roster is far smaller.")
                           % {"limit": MAX_UPLOAD_BYTES // (1024 * 1024)})


def check_archive(data: bytes) -> None:
    """Refuse what is not a workbook (xlsx: a zip), or a zip that would unpack too large."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise too_large()
    not_a_workbook = WorkbookRefused(_("The file is not an Excel workbook (.xlsx)."))
    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise not_a_workbook
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            entries = archive.infolist()
            if len(entries) > MAX_ENTRIES:
                raise WorkbookRefused(_("The workbook holds %(count)s parts; more than %(limit)s is not a score "
                                        "sheet or roster.") % {"count": len(entries), "limit": MAX_ENTRIES})
            total = sum(entry.file_size for entry in entries)
            if total > MAX_UNCOMPRESSED_BYTES:
                raise WorkbookRefused(_("The workbook would unpack to %(size)s MB; more than %(limit)s MB is "
                                        "refused.") % {"size": total // (1024 * 1024),
                                                       "limit": MAX_UNCOMPRESSED_BYTES // (1024 * 1024)})
            names = {entry.filename for entry in entries}
            if "[Content_Types].xml" not in names or not any(name.startswith("xl/") for name in names):
                raise not_a_workbook
            for entry in entries:
                if entry.filename.endswith((".xml", ".rels", ".vml")):
                    check_markup(archive, entry)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError):
        raise not_a_workbook from None


def check_markup(archive, entry) -> None:
    """No document type and no entity declaration in an XML part (read in chunks, overlapping so
    that a marker split between two chunks is still seen)."""
    tail = b""
    with archive.open(entry) as part:
        while chunk := part.read(SCAN_CHUNK):
            window = (tail + chunk).upper()
            if any(marker in window for marker in FORBIDDEN_MARKUP):
                raise WorkbookRefused(_("The workbook declares XML entities (%(part)s); such files are refused.")
                                      % {"part": entry.filename})
            tail = window[-16:]


def open_workbook(upload):
    """The uploaded workbook, opened after every check above; values as last calculated, without
    macros or external links."""
    data = read_upload(upload) if hasattr(upload, "read") else upload
    check_archive(data)
    try:
        return load_workbook(io.BytesIO(data), data_only=True, keep_vba=False, keep_links=False)
    except Exception as error:  # a malformed part: openpyxl raises many kinds; none is ours to show
        raise WorkbookRefused(_("The workbook cannot be read (%(kind)s); save it again as .xlsx.")
                              % {"kind": type(error).__name__}) from None
