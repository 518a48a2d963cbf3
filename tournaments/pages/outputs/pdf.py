"""A4 PDFs: a template rendered to HTML, then laid out by weasyprint, for every PDF the site serves
(the standings of templates/print/, the score sheets, the certificates), so that each is laid out
with the same fetching rules and served the same way. A page of the standings carries the
association's name, the document's title, the date and time it was printed and its page number
(the page margins, set in print/base.html); a certificate's template lays out its own page."""

import functools
import ssl

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from weasyprint import HTML
from weasyprint.urls import URLFetcher

from .titles import association_name, file_name

CONTENT_TYPE = "application/pdf"
# Tagged for accessibility (PDF/UA-1): a screen reader reads the headings and tables in order; the
# title and language come from the template's <title> and <html lang>.
PDF_VARIANT = "pdf/ua-1"


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


def document(request, template_name, context):
    """The laid-out document (its pages can be read back, as the tests do)."""
    printed_at = timezone.now()
    html = render_to_string(template_name, {
        **context, "association": association_name(), "printed_at": printed_at, "margins": margins(printed_at),
    }, request=request)
    return lay_out(html)


def lay_out(html):
    """weasyprint's layout of ``html``. Nothing outside the HTML is fetched (no address is allowed):
    the styles are in the page, the lettering is the system's fonts and no PDF has images, so a
    name in a document can never make the server fetch anything."""
    return HTML(string=html, url_fetcher=URLFetcher(allowed_protocols=(), ssl_context=_tls_context())).render()


@functools.cache
def _tls_context():
    """One TLS context a process for the fetcher (it never fetches): made afresh for each PDF,
    reading the system's certificates cost some 20 ms of CPU a document."""
    return ssl.create_default_context()


def response(request, template_name, context, title, download_name=None) -> HttpResponse:
    """The PDF shown in the browser (inline), under ``download_name`` or a file name taken from its
    title."""
    pdf = document(request, template_name, {**context, "title": title}).write_pdf(pdf_variant=PDF_VARIANT)
    answer = HttpResponse(pdf, content_type=CONTENT_TYPE)
    answer["Content-Disposition"] = content_disposition_header(False, download_name or file_name(title, "pdf"))
    return answer
