"""Results that cannot all be true (R10b) are refused on the entry page in words, on the
announcements field, naming both items by their names, teams and lines, in the page's language."""

import html

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import eight_hand_records, make_match
from tests.web.test_entry import form_data
from tests.web.test_entry_wording import FORBIDDEN, jury, problems_of, typed_hand_page  # noqa: F401 (fixture)
from tournaments.core.lines import line_name
from tournaments.core.models import Hand

pytestmark = pytest.mark.django_db

REFUSALS = [
    ({"announcements": "slam A.d won\nplay B.d won"},
     "Hand 1 · Announcements, line 2: Slam (team A, line 1) takes all ten tricks, so Play (team B, line 2) cannot "
     "also be true"),
    ({"announcements": "slam B.d won", "silent": "ob A"},
     "Hand 1 · Announcements, line 1: Slam (team B, line 1) takes all ten tricks, so Obscure (team A, silent "
     "premium) cannot also be true"),
    ({"announcements": "cash B.d won", "silent": "ob A"},
     "Hand 1 · Announcements, line 1: Obscure (team A, silent premium) means its team took the first five tricks, "
     "so Cash (team B, line 1) cannot also be true: it needs one of them"),
    ({"announcements": "pagat_capture B.c won", "silent": "liw A"},
     "Hand 1 · Announcements, line 1: Pagat Capture (team B, line 1) and Lie in Wait (team A, silent premium) both "
     "capture the Pagat (I), which falls into one team's tricks only"),
    ({"announcements": "octave A.d won\npiccolo B.d won"},
     "Hand 1 · Announcements, line 2: Octave (team A, line 1) needs at least 8 tricks and Piccolo (team B, line 2) "
     "at least 3: more than the ten of a hand"),
    ({"announcements": "pheasant A.d Kh lost\nturul B.c Kh lost"},
     "Hand 1 · Announcements, line 2: B catcher declares the King of hearts for Turul, but A driver declares it "
     "too, for Pheasant (line 1); one player holds a card"),
]


@pytest.mark.parametrize(("fields", "expected"), REFUSALS)
def test_results_that_cannot_all_be_true_read_as_words(client, jury, fields, expected):  # noqa: F811
    page = typed_hand_page(client, **{"silent": "", **fields})
    shown = problems_of(page)
    assert expected in shown
    for line in shown:
        assert not FORBIDDEN.search(line), line
    hand = page[page.index('id="hand-1"'):].split("</form>")[0]
    assert hand.count(expected.rsplit(": ", 1)[1]) == 1  # once, next to the announcements field


def test_results_that_cannot_all_be_true_read_in_hungarian(client, jury):  # noqa: F811
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    data.update({"h1-announcements": "volát A.d nyert\nplay B.d nyert", "h1-silent": ""})
    client.post(reverse("jury:save_hand", args=[match.pk, 1]), data, headers={"accept-language": "hu"})
    assert not Hand.objects.filter(match=match).exists()
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk]),
                                    headers={"accept-language": "hu"}).content.decode())
    with translation.override("hu"):  # the feasts' names are the association's to choose
        slam, play = line_name("slam"), line_name("play")
    expected = (f"1. leosztás · Bemondások, 2. sor: {slam} (A csapat, 1. sor) mind a tíz ütést elviszi, így {play} "
                "(B csapat, 2. sor) nem teljesülhetett")
    assert expected in problems_of(page)


# R10c: what the results imply (tricks, cards fallen into a team's tricks, cards dealt) cannot all be
# true; the sentence names both items and the card or trick they disagree on.
IMPLIED_REFUSALS = [
    ({"announcements": "heads A.d won\nlarge_bird B.d won"},
     "Hand 1 · Announcements, line 2: Heads (team A, line 1) and Large Bird (team B, line 2) cannot both be true: "
     "the Fool falls into one team's tricks only"),
    ({"announcements": "centre A.d won\nplay A.c lost"},
     "Hand 1 · Announcements, line 2: Centre (team A, line 1) and Play (team A, line 2) cannot both be true: team A "
     "would take at least 5 tricks and at most 4"),
    ({"announcements": "pheasant A.d I lost", "silent": "liw A"},
     "Hand 1 · Announcements, line 1: Pheasant (team A, line 1) and Lie in Wait (team A, silent premium) cannot "
     "both be true: the Pagat (I) is dealt to one team only"),
    ({"announcements": "mond_capture A.d won", "a_honours": "2", "b_honours": "0"},
     "Hand 1 · Announcements, line 1: Mond Capture (team A, line 1) and cards as dealt (team A) cannot both be "
     "true: the Mond (XXI) is dealt to one team only"),
    ({"announcements": "stella A.d Kh Kd Ks won\ncentre A.c lost"},
     "Hand 1 · Announcements, line 2: Centre (team A, line 2) is lost, but Stella (team A, line 1) means all of it "
     "was done"),
]


@pytest.mark.parametrize(("fields", "expected"), IMPLIED_REFUSALS)
def test_results_whose_facts_disagree_read_as_words(client, jury, fields, expected):  # noqa: F811
    page = typed_hand_page(client, **{"silent": "", **fields})
    shown = problems_of(page)
    assert expected in shown, shown
    for line in shown:
        assert not FORBIDDEN.search(line), line


def test_results_whose_facts_disagree_read_in_hungarian(client, jury):  # noqa: F811
    match = make_match()
    data = form_data(eight_hand_records()[:1])
    data.update({"h1-announcements": "centre A.d won\nplay A.c lost", "h1-silent": ""})
    client.post(reverse("jury:save_hand", args=[match.pk, 1]), data, headers={"accept-language": "hu"})
    assert not Hand.objects.filter(match=match).exists()
    page = html.unescape(client.get(reverse("jury:match", args=[match.pk]),
                                    headers={"accept-language": "hu"}).content.decode())
    with translation.override("hu"):
        centre, play = line_name("centre"), line_name("play")
    expected = (f"1. leosztás · Bemondások, 2. sor: {centre} (A csapat, 1. sor) és {play} (A csapat, 2. sor) nem "
                "teljesülhetett egyszerre: A csapat legalább 5 és legfeljebb 4 ütést vinne el")
    assert expected in problems_of(page)
