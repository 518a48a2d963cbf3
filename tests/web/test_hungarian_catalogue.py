"""Everything a person reads is translated: the Hungarian catalogue has no untranslated or fuzzy
entry (nor one whose placeholders differ from the English), its compiled .mo is the one committed,
and no template or Python module shows text that is not marked for translation.

Templates are read with Django's own lexer: the text outside {% translate %} / {% blocktranslate %}
(and the title, alt, placeholder and aria-label attributes) may hold only numbers, punctuation and
the few names listed in ALLOWED_WORDS. Python modules are read with ``ast``: a plain string (or an
f-string) where people read it (a model's or form field's label and help text, a choice's label,
a ValidationError or an error the pages show, a message to the user, a history reason, a sheet
name) fails; a call of gettext & co. passes.
"""

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType

ROOT = Path(settings.BASE_DIR)
CATALOGUE = ROOT / "locale" / "hu" / "LC_MESSAGES" / "django.po"
# The guide's prose is written once per language, each in its own folder (templates/guide/hu/, .../en/:
# tournaments.pages.guide), not through the catalogue; test_guide holds the two to the same sections.
GUIDE_PROSE = ROOT / "templates" / "guide"
TEMPLATES = sorted(path for path in (ROOT / "templates").rglob("*.html")
                   if not (path.is_relative_to(GUIDE_PROSE) and path.parent != GUIDE_PROSE))
MODULES = sorted(path for path in (ROOT / "tournaments").rglob("*.py") if "migrations" not in path.parts)

# Names that are the same in every language: file formats, the seats' short forms, the rulings' ids.
ALLOWED_WORDS = {"PDF", "JSON", "XLSX", "A", "B", "vs"}
ALLOWED = re.compile(r"^(R\d+|[A-B]\.[dc]|\d+[a-z]?)$")
SHOWN_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label"}
PLACEHOLDER = " "  # a space: a tag inside an HTML tag (<tr{% if x %} class="y"{% endif %}>) leaves it whole


def test_every_hungarian_entry_is_translated_and_none_is_fuzzy():
    catalogue = polib.pofile(str(CATALOGUE))
    untranslated = [entry.msgid for entry in catalogue.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
    assert untranslated == [] and fuzzy == []
    assert len(catalogue.translated_entries()) > 600


def test_an_english_name_kept_in_hungarian_says_so():
    """Where Hungarian players have no word of their own, the international name stays, and the
    .po entry says it was kept on purpose (tests/web/test_hungarian_pages.py lists the English
    words that must not stay)."""
    kept = [entry for entry in polib.pofile(str(CATALOGUE)).translated_entries()
            if entry.msgstr == entry.msgid and re.search(r"[a-z]{2,}", re.sub(r"%\(\w+\)s", "", entry.msgid))]
    said = ("international name kept", "same word in Hungarian")
    assert [entry.msgid for entry in kept if not any(reason in entry.tcomment for reason in said)] == []
    assert {"Visi", "Royal", "Gloria"} <= {entry.msgid for entry in kept}


def test_each_translation_keeps_the_placeholders_of_its_english():
    def placeholders(text):
        return sorted(re.findall(r"%\(\w+\)[sdr]|\{\w*\}", text))

    wrong = [entry.msgid for entry in polib.pofile(str(CATALOGUE)).translated_entries()
             if placeholders(entry.msgid) != placeholders(entry.msgstr or entry.msgstr_plural.get(0, ""))]
    assert wrong == []


def test_the_committed_mo_is_compiled_from_the_po():
    source = {(entry.msgctxt, entry.msgid): entry.msgstr or entry.msgstr_plural.get(0)
              for entry in polib.pofile(str(CATALOGUE)).translated_entries()}
    compiled = {(entry.msgctxt, entry.msgid): entry.msgstr or entry.msgstr_plural.get(0)
                for entry in polib.mofile(str(CATALOGUE.with_suffix(".mo")))}
    assert {key: value for key, value in source.items() if compiled.get(key) != value} == {}


# --- templates -------------------------------------------------------------------------------------


class _ShownText(HTMLParser):
    """The text a reader sees in an HTML fragment: element text and the shown attributes, outside
    <style> and <script>."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts, self._hidden = [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script"):
            self._hidden += 1
        self.texts.extend(value for name, value in attrs if name in SHOWN_ATTRIBUTES and value)

    def handle_endtag(self, tag):
        if tag in ("style", "script"):
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden:
            self.texts.append(data)


def _outside_translation(source: str) -> str:
    """The template with every tag, variable and translated block replaced by a placeholder."""
    parts, skipping = [], None
    for token in Lexer(source).tokenize():
        words = token.split_contents() if token.token_type == TokenType.BLOCK else []
        tag = words[0] if words else ""
        if skipping:
            if tag == skipping:
                skipping = None
            continue
        if tag in ("blocktranslate", "blocktrans"):
            skipping = "end" + tag
        elif tag in ("comment", "verbatim"):
            skipping = "end" + tag
        elif words[1:2] in (["style"], ["body_class"]):  # {% block style %}: CSS; {% block body_class %}: a class
            skipping = "endblock"
        if token.token_type == TokenType.TEXT:
            parts.append(token.contents)
        elif token.token_type != TokenType.COMMENT:
            parts.append(PLACEHOLDER)
    return "".join(parts)


def untranslated_words(source: str) -> list[str]:
    reader = _ShownText()
    reader.feed(_outside_translation(source))
    words = []
    for text in reader.texts:
        for word in re.findall(r"[^\W\d_][\w.'’-]*", text):
            if word not in ALLOWED_WORDS and not ALLOWED.match(word):
                words.append(word)
    return words


def test_the_template_check_finds_plain_text_and_passes_translated_text():
    assert untranslated_words("<p>Place {{ place }}</p>") == ["Place"]
    assert untranslated_words('<a title="Next page" href="{% url "x" %}">2</a>') == ["Next", "page"]
    assert untranslated_words("<p>{% translate 'Place' %}: {{ place }} (R15) – 79,4</p>") == []
    assert untranslated_words("{% blocktranslate %}Place {{ n }}{% endblocktranslate %}<style>p {}</style>") == []


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_template_shows_text_outside_translation(template):
    assert untranslated_words(template.read_text(encoding="utf-8")) == []


# --- Python modules ----------------------------------------------------------------------------------

TRANSLATING = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext", "pgettext_lazy",
               "gettext_noop", "N_", "format_lazy", "capfirst", "str"}
# Keyword arguments people read.
SHOWN_KEYWORDS = {"verbose_name", "verbose_name_plural", "help_text", "label", "empty_label", "message",
                  "reason", "title", "heading"}
# Calls whose first argument people read: errors the pages show, messages, history reasons.
SHOWN_FIRST_ARGUMENT = {"ValidationError", "EntryRefused", "NotAllowed", "MatchLocked", "PermissionDenied",
                        "Http404", "Column", "stamp", "create_sheet", "write"}
MESSAGE_LEVELS = {"debug", "info", "success", "warning", "error", "add_message"}


def _is_text(node) -> bool:
    """A literal with words in it, or an f-string: something that was not translated."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(re.search(r"[A-Za-z]{2,}", node.value))
    return isinstance(node, ast.JoinedStr)


def _called_name(call: ast.Call) -> str:
    function = call.func
    return function.id if isinstance(function, ast.Name) else getattr(function, "attr", "")


def _shown_arguments(call: ast.Call):
    name = _called_name(call)
    if name in TRANSLATING:
        return
    for keyword in call.keywords:
        if keyword.arg in SHOWN_KEYWORDS:
            yield keyword.value
    if call.args and name in SHOWN_FIRST_ARGUMENT:
        yield call.args[0]
    if len(call.args) >= 2 and name in MESSAGE_LEVELS and isinstance(call.func, ast.Attribute):
        yield call.args[1]


def _choice_labels(tree):
    """The labels of TextChoices / IntegerChoices members: ``KEY = "key", "Label"``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(
                getattr(base, "attr", getattr(base, "id", "")).endswith("Choices") for base in node.bases):
            for statement in node.body:
                if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Tuple):
                    yield from statement.value.elts[1:]


def untranslated_python(source: str) -> list[str]:
    tree = ast.parse(source)
    found = [node for call in ast.walk(tree) if isinstance(call, ast.Call) for node in _shown_arguments(call)]
    found += list(_choice_labels(tree))
    return [ast.unparse(node) for node in found if _is_text(node)]


def test_the_python_check_finds_plain_text_and_passes_translated_text():
    assert untranslated_python('x = forms.CharField(label="Name")') == ["'Name'"]
    assert untranslated_python('raise ValidationError(f"R15: {n} matches")') == ["f'R15: {n} matches'"]
    assert untranslated_python('messages.success(request, "Saved.")') == ["'Saved.'"]
    assert untranslated_python('class Kind(models.TextChoices):\n    CUP = "cup", "Cup"') == ["'Cup'"]
    assert untranslated_python('x = forms.CharField(label=_("Name"), help_text=gettext_lazy("A help"))') == []
    assert untranslated_python('messages.success(request, _("Saved."))\nx = Column(_("Place"), "place")') == []


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_shows_text_not_marked_for_translation(module):
    assert untranslated_python(module.read_text(encoding="utf-8")) == []


def test_every_field_of_the_models_has_a_translated_name():
    """The administration and the forms name a field by its verbose name: one left to Django would
    be the field's English attribute name ("score a")."""
    from django.apps import apps
    from django.utils.functional import Promise

    unnamed = [f"{model.__name__}.{field.name}" for model in apps.get_app_config("tournaments").get_models()
               if not model.__name__.startswith("Historical")
               for field in model._meta.get_fields()
               if field.concrete and not field.auto_created and not isinstance(field.verbose_name, Promise)]
    assert unnamed == []
