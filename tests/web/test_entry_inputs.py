"""The entry page's inputs written in Python (tournaments.pages.entry.inputs) are the HTML Django's
widget templates write: input by input, and the whole entry page."""

import re

import pytest
from django import forms
from django.forms.renderers import get_default_renderer
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from tests.factories import eight_hand_records, make_match, make_user
from tests.web.test_one_door import post_hand
from tournaments.pages.entry import forms as entry_forms
from tournaments.pages.entry.forms import HandForm
from tournaments.pages.entry.inputs import EntryInputsRenderer, select, text_input, textarea

TYPED = [
    {"attackers": "B", "a_trumps": "12", "a_honours": "2", "a_high": "XVI 17",
     "announcements": "fácán A.h pagát k=ell nyert\nvisi b.c w", "silent": "4k B", "deal": "", "tricks": ""},
    {"a_trumps": "<b>", "a_honours": "x\"y'", "a_high": "a & b", "announcements": "<script>alert(1)</script>\n\n  ",
     "silent": "♣ ♦ 'ell'", "deal": "A.h: skíz XX", "tricks": "XXI Kh Qh skíz"},
    {"a_trumps": "", "announcements": ""},
]


def both_ways(form_of):
    """Each input of a form as Django's templates write it and as the entry page writes it."""
    django, entry = form_of(get_default_renderer()), form_of(EntryInputsRenderer())
    return [(str(django[name]), str(entry[name])) for name in django.fields]


@pytest.mark.parametrize("typed", TYPED)
def test_a_typed_hand_is_written_as_the_templates_write_it(typed):
    def form_of(renderer):
        form = HandForm({f"h5-{name}": value for name, value in typed.items()}, number=5, renderer=renderer)
        form.is_valid()
        form.show_problems([])  # aria-invalid and aria-describedby on the fields with errors
        return form
    for theirs, ours in both_ways(form_of):
        assert ours == theirs


def test_a_stored_or_empty_hand_is_written_as_the_templates_write_it():
    initial = {"attackers": "A", "a_trumps": 12, "a_honours": 1, "a_high": "XVI", "announcements": "visi A.h nyert"}
    for given in (initial, {"attackers": "B"}):
        def form_of(renderer, given=given):
            return HandForm(number=2, initial=given, renderer=renderer)
        for theirs, ours in both_ways(form_of):
            assert ours == theirs


def test_attributes_of_every_kind_are_written_as_the_templates_write_them():
    def form_of(renderer):
        form = HandForm(number=3, initial={"a_high": mark_safe("X &amp; Y")}, renderer=renderer)
        form.fields["silent"].widget.attrs.update({"disabled": True, "hidden": False, "data-safe": mark_safe("<i>"),
                                                   "data-n": 0, "data-tuple": ("a", "b")})
        form.fields["announcements"].widget.attrs.update({"readonly": True, "data-x": "\"&<>"})
        return form
    for theirs, ours in both_ways(form_of):
        assert ours == theirs


@pytest.mark.parametrize("choices", [
    [("A", "A"), ("B", "B")],
    [("", "---"), ("x<\"", "a & <b>"), (3, "three"), ("é", mark_safe("<i>safe</i>"))],
    [("A", "A"), ("Group", [("1", "one"), ("2", "two")])],
    [("A", gettext_lazy("Attackers"))],
])
@pytest.mark.parametrize("value", [None, "", "A", "x<\"", 3, "1"])
def test_a_select_is_written_as_the_templates_write_it(choices, value):
    widget = forms.Select(choices=choices, attrs={"class": "tiny", "required": True, "disabled": False})
    attrs = {"id": "id_h1-attackers", "aria-invalid": "true"}
    ours = widget.render("h1-attackers", value, attrs, renderer=EntryInputsRenderer())
    assert ours == widget.render("h1-attackers", value, attrs, renderer=get_default_renderer())


def test_the_hands_inputs_are_written_here_not_left_to_the_templates():
    form = HandForm({"h1-attackers": "B", "h1-a_trumps": "9"}, number=1)
    for name, write in (("attackers", select), ("a_trumps", text_input), ("announcements", textarea)):
        widget = form.fields[name].widget
        assert write(widget.get_context(f"h1-{name}", form[name].value(), {"id": f"id_h1-{name}"})["widget"])


def test_a_value_of_another_kind_is_left_to_the_templates():
    assert text_input({"type": "text", "name": "x", "value": 1.5, "attrs": {}}) is None
    assert text_input({"type": "text", "name": "x", "value": "1", "attrs": {"data-list": ["a"]}}) is None


@pytest.mark.django_db
def test_the_entry_page_is_the_page_the_templates_write(client, monkeypatch):
    client.force_login(make_user("jury"))
    match = make_match()
    for number, record in enumerate(eight_hand_records()[:3], start=1):
        post_hand(client, match, number, record)
    typed = {f"h4-{name}": value for name, value in TYPED[1].items()}
    client.post(reverse("jury:keep_hand", args=[match.pk, 4]), typed, headers={"HX-Request": "true"})
    ours = client.get(reverse("jury:match", args=[match.pk])).text
    monkeypatch.setattr(entry_forms, "EntryInputsRenderer", get_default_renderer)
    theirs = client.get(reverse("jury:match", args=[match.pk])).text
    assert 'name="h4-announcements"' in ours
    assert same_but_tokens(ours) == same_but_tokens(theirs)


def same_but_tokens(page: str) -> str:
    """The page without what changes from request to request: the CSRF token and the scripts' nonce."""
    return re.sub(r'(name="csrfmiddlewaretoken" value|nonce|data-csrf)="[^"]*"', r'\1=""', page)
