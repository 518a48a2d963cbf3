"""The entry page's inputs, as the juror and the page's keyboard script (entry.js) meet them: each
input named by its label, a stored hand's values and a typed hand's characters shown back as they
are, each problem next to its input and tied to it, and the attributes the keyboard relies on.
Django's widget templates write the inputs; these tests read the page as a browser would."""

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.factories import eight_hand_records, make_match, make_user
from tests.web.test_one_door import post_hand, typed

pytestmark = pytest.mark.django_db

# Each input of a hand with its label, in the order Enter walks through them (entry.js FLOW, then
# the full deal's two boxes).
LABELS = {
    "attackers": "Attackers",
    "a_trumps": "A trumps",
    "a_honours": "A honours",
    "a_high": "A holds of XVI-XVIII",
    "b_trumps": "B trumps",
    "b_honours": "B honours",
    "b_high": "B holds of XVI-XVIII",
    "announcements": "Announcements, one a line",
    "silent": "Silent premiums",
    "deal": "Deal (optional)",
    "tricks": "Tricks (optional, with the deal)",
}
HOLDING_NUMBERS = ("a_trumps", "a_honours", "b_trumps", "b_honours")
HIGH_TRUMPS = ("a_high", "b_high")
# A box's lines at least, entry.js growing it with what is typed (data-min-rows).
BOX_ROWS = {"announcements": "3", "deal": "4", "tricks": "10"}
# What a juror may type that HTML would read otherwise: each must come back character for character.
MARKUP = {"a_high": 'XVI "17" <b>&amp;', "silent": "4k B <i>'&'", "announcements": "visi A.h <script>\nnyert"}


class Inputs(HTMLParser):
    """The page's inputs by name (tag, attributes, what a text area holds, the option selected), its
    labels by the id they name (their text), and each element's text by its id."""

    def __init__(self, page):
        super().__init__(convert_charrefs=True)
        self.inputs, self.labels, self.texts = {}, {}, {}
        self._open = []  # (id or None, text parts) of the elements being read
        self._field = self._label = None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("input", "select", "textarea") and "name" in attrs:
            self.inputs[attrs["name"]] = {"tag": tag, "attrs": attrs, "text": "", "selected": None}
            self._field = attrs["name"] if tag != "input" else None
        if tag == "option" and "selected" in attrs and self._field:
            self.inputs[self._field]["selected"] = attrs["value"]
        if tag == "label":
            self._label = attrs.get("for")
        if tag not in ("input", "br", "meta", "link", "img"):
            self._open.append((attrs.get("id"), []))

    def handle_endtag(self, tag):
        if tag in ("select", "textarea"):
            self._field = None
        if tag not in ("input", "br", "meta", "link", "img") and self._open:
            element_id, parts = self._open.pop()
            text = "".join(parts)
            if self._open:
                self._open[-1][1].append(text)
            if element_id:
                self.texts[element_id] = text
            if tag == "label" and self._label:
                self.labels[self._label] = text.strip()

    def handle_data(self, data):
        if self._field and self.inputs[self._field]["tag"] == "textarea":
            self.inputs[self._field]["text"] += data
        if self._open:
            self._open[-1][1].append(data)

    def value(self, name):
        """What the juror sees in the input: its value, its text, or the option selected."""
        found = self.inputs[name]
        if found["tag"] == "textarea":
            return found["text"].removeprefix("\n")  # HTML drops a text area's first line break
        if found["tag"] == "select":
            return found["selected"]
        return found["attrs"].get("value", "")


@pytest.fixture
def jury(client):
    client.force_login(make_user("jury", username="alice"))
    return client


def entry_page(client, match):
    return Inputs(client.get(reverse("jury:match", args=[match.pk])).text)


def test_every_input_of_every_hand_is_named_by_its_label(jury):
    page = entry_page(jury, make_match())
    for number in range(1, 9):
        for name, label in LABELS.items():
            found = page.inputs[f"h{number}-{name}"]
            assert page.labels[found["attrs"]["id"]] == label


def test_a_stored_hand_is_shown_in_the_notation_it_was_typed_in(jury):
    records = eight_hand_records()
    match = make_match(hand_records=records)
    page = entry_page(jury, match)
    for number, record in enumerate(records, start=1):
        for field, value in typed(record, number).items():
            assert page.value(field) == str(value)
    first = records[0]
    assert page.value("h1-a_trumps") == str(first["holdings"]["A"]["trumps"])
    assert page.value("h1-attackers") == first["attackers"] and page.value("h1-announcements")


def test_what_was_typed_comes_back_as_typed_with_each_problem_on_its_input(jury):
    match = make_match()
    hand = {**typed(eight_hand_records()[3], 4), "h4-a_trumps": "twelve",
            **{f"h4-{name}": value for name, value in MARKUP.items()}}
    response = jury.post(reverse("jury:keep_hand", args=[match.pk, 4]), hand, headers={"HX-Request": "true"})
    assert response.status_code == 200
    page = entry_page(jury, match)
    for field, value in hand.items():
        assert page.value(field) == str(value)
    trumps, high = page.inputs["h4-a_trumps"]["attrs"], page.inputs["h4-a_high"]["attrs"]
    assert trumps["aria-invalid"] == "true" and trumps["aria-describedby"] == "id_h4-a_trumps-problems"
    assert page.texts["id_h4-a_trumps-problems"] == "Enter a whole number."
    assert high["aria-describedby"] == "id_h4-a_high-problems"
    assert "name only XVI, XVII, XVIII (or 16, 17, 18), not" in page.texts["id_h4-a_high-problems"]
    assert "aria-invalid" not in page.inputs["h4-a_honours"]["attrs"]
    assert "aria-invalid" not in page.inputs["h3-a_trumps"]["attrs"]
    assert page.texts["id_h4-a_honours-problems"] == ""


def test_the_inputs_carry_what_the_keyboard_relies_on(jury):
    page = entry_page(jury, make_match())
    for number in range(1, 9):
        for name in LABELS:
            found = page.inputs[f"h{number}-{name}"]
            # The summary's links and the labels reach the input by this id; entry.js finds it by its name.
            assert found["attrs"]["id"] == f"id_h{number}-{name}"
        for name in HOLDING_NUMBERS:
            attrs = page.inputs[f"h{number}-{name}"]["attrs"]
            # A text input, not a number's spinner: the arrow keys stay the page's; digits on a phone.
            assert (attrs["type"], attrs["inputmode"], attrs["autocomplete"]) == ("text", "numeric", "off")
        for name in HIGH_TRUMPS:
            attrs = page.inputs[f"h{number}-{name}"]["attrs"]
            assert (attrs["type"], attrs["autocomplete"], attrs["spellcheck"]) == ("text", "off", "false")
        for name, rows in BOX_ROWS.items():
            box = page.inputs[f"h{number}-{name}"]
            assert box["tag"] == "textarea" and box["attrs"]["spellcheck"] == "false"
            assert box["attrs"]["rows"] == box["attrs"]["data-min-rows"] == rows
        assert page.inputs[f"h{number}-attackers"]["tag"] == "select"


def test_the_page_reads_as_many_rows_with_typed_hands_and_problems(jury, django_assert_num_queries):
    match = make_match()
    for number, record in enumerate(eight_hand_records()[:3], start=1):
        post_hand(jury, match, number, record)
    for number in (4, 5):
        wrong = {**typed(eight_hand_records()[number - 1], number), f"h{number}-a_trumps": "twelve"}
        jury.post(reverse("jury:keep_hand", args=[match.pk, number]), wrong, headers={"HX-Request": "true"})
    # As the page of a match of stored hands (tests/web/test_entry_queries.py): 1 the user, 2 the
    # match, 3 its jurors, 4 its hands, 5 their announcements, 6 their silent premiums, 7 the hands
    # typed and not stored yet, 8 its online tables. The inputs, their values and problems read none.
    with django_assert_num_queries(8):
        response = jury.get(reverse("jury:match", args=[match.pk]))
    page = Inputs(response.text)
    assert page.value("h5-a_trumps") == "twelve" and page.texts["id_h5-a_trumps-problems"] == "Enter a whole number."
