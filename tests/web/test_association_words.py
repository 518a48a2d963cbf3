"""The association's words (issue 22): one catalogue of names and short forms (tournaments.core.words)
that the notation reads, Hungarian and international, with and without accents, and that the pages
show; organisers change it on their pages, with a history, a clashing short form refused. Every
problem of a hand comes at once, each on its field."""

import html

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import eight_hand_records, logged_in_user, make_match, make_user
from tests.web.test_entry import form_data
from tests.web.test_entry_wording import problems_of
from tournaments.core import words
from tournaments.core.models import Hand, WordOverride
from tournaments.recording import notation


def read(line):
    return notation.parse_announcement(line, 1)


# --- the notation in the association's words ---------------------------------------------------


@pytest.mark.parametrize(("typed", "card"), [
    ("treff király", "Kc"), ("trk", "Kc"), ("treffK", "Kc"), ("k♣", "Kc"), ("K♣", "Kc"), ("Kc", "Kc"),
    ("pikk10", "10s"), ("pik10", "10s"), ("kőrD", "Qh"), ("kord", "Qh"), ("KŐRD", "Qh"), ("káró bubi", "Vd"),
    ("karob", "Vd"), ("XXI", "XXI"), ("21", "XXI"), ("IIII", "IV"), ("skíz", "Fool"), ("skiz", "Fool"),
    ("pagát", "I"), ("sas", "II"), ("huszonegyes", "XXI"), ("Fool", "Fool"),
])
def test_cards_in_hungarian_and_international_words(typed, card):
    assert notation.parse_cards(typed) == [card]


SPADE_KING_SPELLINGS = ["pikk király", "király pikk", "pikk k", "k pikk", "K pikk", "pik K", "pikK", "pikkK", "pi k",
                        "kpi", "Kpikk", "pi király", "király pi", "pik", "K♠", "Ks", "king spades", "spades king"]


@pytest.mark.parametrize("typed", SPADE_KING_SPELLINGS)
def test_a_card_in_either_order_and_every_short_form_that_names_it(typed):
    """The legend promises a suit and a rank in either order, as one word or two."""
    with translation.override("hu"):
        assert notation.parse_cards(f"XX {typed} skíz") == ["XX", "Ks", "Fool"]


@pytest.mark.parametrize(("typed", "card"), [("10 treff", "10c"), ("treff 10", "10c"), ("dáma kőr", "Qh"),
                                             ("D kőr", "Qh"), ("bubi káró", "Vd")])
def test_a_rank_before_its_suit_is_one_card_even_when_the_rank_alone_is_a_trump(typed, card):
    assert notation.parse_cards(typed) == [card]


def test_a_suit_alone_is_refused_saying_how_to_write_its_cards():
    with translation.override("hu"), pytest.raises(notation.NotationError) as refused:
        notation.parse_tricks("XXI pikk Qh skíz")
    assert refused.value.problems == [
        "1. ütés: „pikk” szín; a laphoz a figurája is kell, például pikk király, király pikk vagy pik"]


@pytest.mark.parametrize(("typed", "suit"), [
    ("kőr", "hearts"), ("kor", "hearts"), ("káró", "diamonds"), ("treff", "clubs"), ("pikk", "spades"),
    ("pik", "spades"), ("♥", "hearts"), ("hearts", "hearts"), ("h", "hearts"),
])
def test_declared_suits_in_every_spelling(typed, suit):
    assert read(f"marriage B.f {typed} nyert")["suits"] == [suit]


@pytest.mark.parametrize(("line", "expected"), [
    ("fácán A.h pagát k=ell nyert",
     {"feast": "pheasant", "by": "A.driver", "cards": ["I"], "contra": "opponents", "result": "won"}),
    ("facan a.h I kontra=ellenfel nyert",
     {"feast": "pheasant", "by": "A.driver", "cards": ["I"], "contra": "opponents", "result": "won"}),
    ("tuletroá B.f", {"feast": "full_honours", "by": "B.catcher"}),
    ("pagátultimó A.h bukott", {"feast": "last_day_of_the_month", "cards": ["I"], "by": "A.driver", "result": "lost"}),
    ("treffkirály-ultimó A.f k=par nyert",
     {"feast": "last_day_of_the_month", "cards": ["Kc"], "by": "A.catcher", "contra": "partner", "result": "won"}),
    ("pagátuhu B.h nyert",
     {"feast": "before_the_end_of_the_month", "cards": ["I"], "by": "B.driver", "result": "won"}),
    ("volát A.hajtó nyert", {"feast": "slam", "by": "A.driver", "result": "won"}),
    ("huszonegyfogás B.fogó 21 bukott",
     {"feast": "mond_capture", "by": "B.catcher", "cards": ["XXI"], "result": "lost"}),
    ("vörös és fekete A.d c=opp won",
     {"feast": "the_red_and_the_black", "by": "A.driver", "contra": "opponents", "result": "won"}),
    ("két honőr A.c", {"feast": "heads", "by": "A.catcher"}),
])
def test_announcements_in_hungarian(line, expected):
    assert read(line) == expected


def test_silent_premiums_by_their_hungarian_names():
    assert notation.parse_silent("négykirály B, első öt A, csendes pagátfogás A") == [
        {"premium": "four_kings", "team": "B"}, {"premium": "obscure", "team": "A"},
        {"premium": "lie_in_wait", "team": "A"}]


def test_a_deal_and_tricks_in_hungarian_card_words():
    deal = notation.parse_deal("A.h: skíz XX pagát trk\nB.f: kőr dáma, pikk10 21")
    assert deal == {"A.driver": ["Fool", "XX", "I", "Kc"], "B.catcher": ["Qh", "10s", "XXI"]}
    assert notation.parse_tricks("XXI kőr király kőD skíz") == [["XXI", "Kh", "Qh", "Fool"]]


def test_seat_short_forms_do_not_collide():
    roles = words.terms(words.ROLE)
    spellings = [form for term in roles for form in {words.fold(form) for form in (*term.spellings, term.key)}]
    assert len(spellings) == len(set(spellings))


def test_a_refused_card_says_what_is_accepted():
    with translation.override("hu"), pytest.raises(notation.NotationError) as refused:
        notation.parse_tricks("XXI kő3 Qh skíz")
    assert refused.value.problems == [
        "1. ütés: „kő3”: nem lap; a lapot így írja: treff király, trk, pikk10 vagy tarokk: XXI, 21, skíz"]


def test_every_unreadable_line_is_reported_not_only_the_first():
    with pytest.raises(notation.NotationError) as refused:
        notation.parse_announcements("fácán A.h I nyert\nfalcn A.d w\npheasant A.x I won")
    assert len(refused.value.problems) == 2
    assert refused.value.problems[0].startswith("line 2:") and refused.value.problems[1].startswith("line 3:")
    assert refused.value.partial == [{"feast": "pheasant", "by": "A.driver", "cards": ["I"], "result": "won"}]


# --- every problem of a hand at once, on the entry page -----------------------------------------


@pytest.fixture
def jury(client, db):
    client.force_login(make_user("jury", username="alice"))


def test_the_notations_and_the_engines_problems_come_together(client, jury):
    """A word the notation cannot read on line 2 and a line 1 the engine refuses (no result) are
    reported at once, each on its line, and so is a holding out of range."""
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    data["h1-announcements"] = "fácán A.h pagát\nkő3 A.f"
    data["h1-a_trumps"] = "30"
    client.post(reverse("jury:save_hand", args=[match.pk, 1]), data)
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk])).content.decode())
    problems = problems_of(page)
    assert any("line 2: “kő3” is not a feast" in problem for problem in problems)
    assert any("Announcements, line 1: say whether it was won or lost" in problem for problem in problems)
    assert any("A trumps" in problem for problem in problems)
    assert not Hand.objects.filter(match=match).exists()


def test_the_legend_is_beside_the_fields_with_an_example_deal_and_trick(client, jury):
    match = make_match()
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk]), headers={"accept-language": "hu"})
                         .content.decode())
    legend = page[page.index('id="notation-legend"'):page.index("</details>", page.index('id="notation-legend"'))]
    assert "<code>fácán A.h pagát k=ell nyert</code>" in legend
    assert "<code>A.h: skíz XX XVIII XII IX pagát trk trd pi10 kőb</code>" in legend
    assert "<code>XXI kők kőd skíz</code>" in legend
    assert "tuletroá" in legend.lower() and "treff" in legend


# --- the organisers' words ----------------------------------------------------------------------


@pytest.fixture
def organiser(client):
    return logged_in_user(client, "organiser", "olga")


def edit(client, kind, key, **fields):
    return client.post(reverse("competitions:word_edit", args=[kind, key]), fields)


@pytest.mark.django_db
def test_an_organiser_renames_a_feast_and_every_page_and_the_notation_follow(client, organiser):
    assert reverse("competitions:words") in client.get(reverse("competitions:index")).text
    response = edit(client, "feast", "pheasant", hungarian="Fáczán", international="Pheasant",
                    short_forms="fcz, fácán")
    assert response.status_code == 302

    words.forget_local()  # another process: it reads the shared cache, which the save wrote
    assert notation.parse_announcement("fcz A.h pagát nyert", 1)["feast"] == "pheasant"
    assert notation.parse_announcement("fáczán A.h I nyert", 1)["feast"] == "pheasant"
    with translation.override("hu"):
        assert words.feast_name("pheasant") == "Fáczán"

    jury_client = client.__class__()
    jury_client.force_login(make_user("jury", username="alice"))
    match = make_match(hand_records=eight_hand_records(), confirmed=True)
    entry = html.unescape(jury_client.get(reverse("jury:match", args=[match.pk]), headers={"accept-language": "hu"})
                          .content.decode())
    legend = entry[entry.index('id="notation-legend"'):]
    assert "Fáczán" in legend and "<code>fcz</code>" in legend
    public = client.get(reverse("public:match", args=[match.competition.season.year, match.pk]),
                        headers={"accept-language": "hu"}).content.decode()
    assert "Fáczán" in html.unescape(public)

    history = client.get(reverse("competitions:word_edit", args=["feast", "pheasant"])).content.decode()
    assert "olga" in history and "Fácán" in html.unescape(history) and "Fáczán" in html.unescape(history)
    override = WordOverride.objects.get(kind="feast", key="pheasant")
    assert override.history.first().history_user == organiser


@pytest.mark.django_db
def test_a_short_form_that_names_another_thing_is_refused_on_its_field(client, organiser):
    response = edit(client, "feast", "falcon", hungarian="Sólyom", international="Falcon", short_forms="fácán")
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["short_forms"] and "Fácán" in errors["short_forms"][0]
    assert not WordOverride.objects.exists()


@pytest.mark.django_db
def test_a_single_letter_never_names_a_suit_and_negyes_names_nothing(client, organiser):
    response = edit(client, "suit", "h", hungarian="kőr", international="hearts", short_forms="k")
    assert "single letter" in response.context["form"].errors["short_forms"][0]
    response = edit(client, "feast", "four_of_a_kind", hungarian="Négyes", international="Four of a Kind")
    assert "hungarian" in response.context["form"].errors


@pytest.mark.django_db
def test_the_words_pages_are_the_organisers(client):
    client.force_login(make_user("jury"))
    assert client.get(reverse("competitions:words")).status_code == 403
    client.logout()
    assert client.get(reverse("competitions:words")).status_code == 302


# --- a match record file -----------------------------------------------------------------------


def _file(content):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("match.json", content, content_type="application/json")


def test_a_record_file_in_the_associations_words_is_stored_and_its_problems_read_as_words(client, jury):
    import json

    from tournaments.core import bridge

    source = make_match(hand_records=eight_hand_records())
    record = bridge.match_record(source)
    record["hands"][0]["announcements"] = [{"feast": "fácán", "by": "A.h", "cards": ["pagát"], "result": "nyert"}]
    target = make_match(source.team_a, source.team_b, source.competition)
    response = client.post(reverse("jury:import", args=[target.pk]),
                           {"version": 0, "record": _file(json.dumps(record).encode())})
    assert response.status_code == 302
    assert [(a.feast, a.seat, a.result) for a in Hand.objects.get(match=target, number=1).announcements.all()] == [
        ("pheasant", "A.driver", "won")]

    record["hands"][7]["announcements"][0].update(feast="falcn")
    record["hands"][6]["announcements"][0].update(by="A.x")
    other = make_match(source.team_a, source.team_b, source.competition)
    response = client.post(reverse("jury:import", args=[other.pk]),
                           {"version": 0, "record": _file(json.dumps(record).encode())})
    page = html.unescape(response.content.decode())
    assert "Hand 8 · Announcements, line 1: “falcn” is not a feast; did you mean Falcon?" in page
    assert "Hand 7 · Announcements, line 1: “A.x” is not a seat; write A.d, A.c, B.d or B.c" in page
    problems = page[page.index("refused"):page.index("<form")]
    assert "hands[7]" not in problems and "FORMAT" not in problems, problems


@pytest.mark.django_db
def test_the_words_page_costs_no_query_for_the_words(client, organiser, django_assert_num_queries):
    edit(client, "feast", "falcon", hungarian="Sólyom", international="Falcon", short_forms="sly")
    # 1 the user with their permissions (the session comes from the cache); the words from the shared cache
    with django_assert_num_queries(1):
        response = client.get(reverse("competitions:words"))
    assert "sly" in response.text and "Sólyom" in html.unescape(response.text)
