"""The guide (Súgó): its contents and one page a section, in the reader's language. No login: a
juror may read it before their first login, a player without ever logging in."""

from django.http import Http404
from django.shortcuts import render
from django.utils import translation
from django.views.decorators.http import require_safe

from .sections import BY_SLUG, LANGUAGES, SECTIONS


@require_safe
def index(request):
    return render(request, "guide/index.html", {"sections": SECTIONS})


@require_safe
def section(request, section):
    found = BY_SLUG.get(section)
    if found is None:
        raise Http404
    language = translation.get_language()
    return render(request, "guide/section.html", {
        "sections": SECTIONS, "section": found,
        "prose": found.template(language if language in LANGUAGES else LANGUAGES[0]),
    })
