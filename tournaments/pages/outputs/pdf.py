"""A4 PDFs: a template rendered to HTML, then laid out by weasyprint, for every PDF the site serves
(the standings of templates/print/, the score sheets, the certificates), so that each is laid out
with the same fetching rules and served the same way. A page of the standings carries the
association's name, the document's title, the date and time it was printed and its page number
(the page margins, set in print/base.html); a certificate's template lays out its own page."""

from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from .pdf_layout import PDF_VARIANT, lay_out, write_pdf_elsewhere
from .titles import association_name, file_name

CONTENT_TYPE = "application/pdf"


def css_string(text) -> str:
    """``text`` as a quoted CSS string: quotes and backslashes escaped, and ``<`` written as an
    escape so nothing in it can close the <style> element it sits in."""
    escaped = str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ").replace("<", "\\3c ")
    return f'"{escaped}"'


def page_number_css() -> str:
    """The CSS ``content`` value of "Page 1 of 3", built from one translatable sentence so a
    translation may put the two numbers in any order."""
    sentence = _("Page %(page)s of %(pages)s")
    marker = "\x00"
    parts = (sentence % {"page": f"{marker}page{marker}", "pages": f"{marker}pages{marker}"}).split(marker)
    values = []
    for index, part in enumerate(parts):
        if index % 2:
            values.append(f"counter({part})")
        elif part:
            values.append(css_string(part))
    return " ".join(values)


def margins(printed_at) -> dict:
    """The page margins' CSS ``content`` values: the association, when printed, the page number."""
    return {
        "association": css_string(association_name()),
        "printed": css_string(_("Printed on %(date)s") % {
            "date": date_format(timezone.localtime(printed_at), "DATETIME_FORMAT")}),
        "page_number": page_number_css(),
    }


def html(request, template_name, context) -> str:
    """The page weasyprint lays out: the template with the margins' texts."""
    printed_at = timezone.now()
    return render_to_string(template_name, {
        **context, "association": association_name(), "printed_at": printed_at, "margins": margins(printed_at),
    }, request=request)


def document(request, template_name, context):
    """The laid-out document (its pages can be read back, as the tests do)."""
    return lay_out(html(request, template_name, context))


def response(request, template_name, context, title, download_name=None) -> HttpResponse:
    """The PDF shown in the browser (inline), under ``download_name`` or a file name taken from its
    title."""
    context = {**context, "title": title}
    if settings.PDF_LAYOUT_PROCESS:  # production: weasyprint off the worker's lock (pdf_layout)
        pdf = write_pdf_elsewhere(html(request, template_name, context))
    else:
        pdf = document(request, template_name, context).write_pdf(pdf_variant=PDF_VARIANT)
    answer = HttpResponse(pdf, content_type=CONTENT_TYPE)
    answer["Content-Disposition"] = content_disposition_header(False, download_name or file_name(title, "pdf"))
    return answer
