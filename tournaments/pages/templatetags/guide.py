"""The header's "Help" link: to the guide's section for the page being read (its URL name,
tournaments.pages.guide.sections.PAGE_SECTIONS), or to the guide's contents."""

from django import template
from django.urls import reverse

from tournaments.pages.guide.sections import page_section

register = template.Library()


@register.simple_tag(takes_context=True)
def guide_url(context) -> str:
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    found = page_section(match.view_name if match else None)
    if found is None:
        return reverse("guide:index")
    section, anchor = found
    return f"{reverse('guide:section', args=[section])}#{anchor}"
