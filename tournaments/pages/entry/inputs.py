"""The entry page's text inputs, text areas and select written in Python, the same HTML as Django's
widget templates write them (django/forms/widgets/input.html, textarea.html, select.html,
select_option.html and attrs.html).

The entry page shows eight hands of eleven inputs; through the template engine each input took
about 0.1 ms, some 9 ms a page, which every juror opens on match day and every hand save answers
with again. Anything else (the error lists, option groups), and an input holding a value of a kind
these templates would format otherwise, is left to the site's renderer.
tests/web/test_entry_inputs.py compares both ways of writing them.
"""

from django.forms.renderers import get_default_renderer
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData

TEXT_INPUT = "django/forms/widgets/text.html"
TEXTAREA = "django/forms/widgets/textarea.html"
SELECT = "django/forms/widgets/select.html"
OPTION = "django/forms/widgets/select_option.html"


def _plain(value) -> bool:
    """A value these templates write as its str(): a string or a whole number (never a bool)."""
    return isinstance(value, str) or type(value) is int


def _formatted(value) -> str:
    """``{{ value|stringformat:'s' }}`` of a string or a whole number: a safe string as it is,
    anything else as text, escaped."""
    return value if isinstance(value, SafeData) else conditional_escape(str(value))


def _attributes(attrs: dict) -> str | None:
    """attrs.html: ` name="value"`, a bare ` name` for True, nothing for False (None: a value of
    another kind, left to the template)."""
    written = []
    for name, value in attrs.items():
        if value is False:
            continue
        if value is True:
            written.append(f" {conditional_escape(name)}")
        elif _plain(value):
            written.append(f' {conditional_escape(name)}="{_formatted(value)}"')
        else:
            return None
    return "".join(written)


def text_input(widget: dict) -> str | None:
    attributes = _attributes(widget["attrs"])
    value = widget["value"]
    if attributes is None or not (value is None or _plain(value)):
        return None
    shown = "" if value is None else f' value="{_formatted(value)}"'
    return (f'<input type="{conditional_escape(widget["type"])}" name="{conditional_escape(widget["name"])}"'
            f"{shown}{attributes}>")


def textarea(widget: dict) -> str | None:
    attributes = _attributes(widget["attrs"])
    value = widget["value"]
    if attributes is None or not (value is None or isinstance(value, str)):
        return None
    return (f'<textarea name="{conditional_escape(widget["name"])}"{attributes}>\n'
            f"{conditional_escape(value) if value else ''}</textarea>")


def select(widget: dict) -> str | None:
    """select.html, each option as select_option.html writes it (its line ends with the file's)."""
    attributes = _attributes(widget["attrs"])
    if attributes is None:
        return None
    written = [f'<select name="{conditional_escape(widget["name"])}"{attributes}>']
    for group_name, options, _index in widget["optgroups"]:
        if group_name or any(option["template_name"] != OPTION for option in options):
            return None  # groups and options of another kind: the templates'
        for option in options:
            shown = _option(option)
            if shown is None:
                return None
            written.append(f"\n  {shown}\n")
    written.append("\n</select>")
    return "".join(written)


def _option(option: dict) -> str | None:
    attributes = _attributes(option["attrs"])
    if attributes is None or not _plain(option["value"]) or not isinstance(option["label"], str):
        return None
    return f'<option value="{_formatted(option["value"])}"{attributes}>{conditional_escape(option["label"])}</option>'


WRITERS = {TEXT_INPUT: text_input, TEXTAREA: textarea, SELECT: select}


class EntryInputsRenderer:
    """The site's form renderer, but for the text inputs, text areas and selects, written here."""

    def __init__(self, renderer=None):
        self.renderer = renderer or get_default_renderer()

    def __getattr__(self, name):  # the templates' names and the rest, as the site's renderer has them
        if name == "renderer":
            raise AttributeError(name)
        return getattr(self.renderer, name)

    def render(self, template_name, context, request=None):
        write = WRITERS.get(template_name)
        written = write(context["widget"]) if write is not None else None
        if written is None:
            return self.renderer.render(template_name, context, request=request)
        return written
