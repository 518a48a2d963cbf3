"""The engine's problems as a juror reads them, in the page's language.

scoring/ reports a problem as a FORMAT.md path counted from zero (``announcements[2].cards``), the
ruling (or FORMAT for the record's shape), an English sentence for the command line, and the same
as data: a stable ``code`` and its ``params`` (scoring.problems). The jury sees instead the field by
the label it has on the entry page, the hand and line numbers counted from one, a sentence in plain
words and the ruling. The sentence is chosen by the problem's code and filled from its params, never
read out of the English; a problem whose code has no sentence here is shown as the engine's
message, cleaned of paths, zero-based indexes, Python values and FORMAT.
"""

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from tournaments.core import words
from tournaments.core.lines import line_name, number_told, seat_name, suit_name
from tournaments.recording import notation

FORMAT_RULING = "FORMAT"

FIELD_LABELS = {
    "attackers": gettext_lazy("Attackers"),
    "holdings": gettext_lazy("Holdings"),
    "holdings.A": gettext_lazy("A's holdings"),
    "holdings.B": gettext_lazy("B's holdings"),
    "holdings.A.trumps": gettext_lazy("A trumps"),
    "holdings.A.honours": gettext_lazy("A honours"),
    "holdings.A.high_trumps": gettext_lazy("A holds of XVI-XVIII"),
    "holdings.B.trumps": gettext_lazy("B trumps"),
    "holdings.B.honours": gettext_lazy("B honours"),
    "holdings.B.high_trumps": gettext_lazy("B holds of XVI-XVIII"),
    "silent": gettext_lazy("Silent premiums"),
    "deal": gettext_lazy("Deal"),
    "tricks": gettext_lazy("Tricks"),
    "hands": gettext_lazy("Hands"),
}

INDEXED = re.compile(r"^(announcements|silent|tricks|hands)\[(\d+)\](?:\[\d+\])?(?:\.(.*))?$")


def field_label(field: str) -> str:
    """``announcements[2].cards`` -> "Announcements, line 3"; ``tricks[4][1]`` -> "Tricks, trick 5";
    ``deal.A.driver`` -> "Deal, A driver"."""
    indexed = INDEXED.match(field)
    if indexed:
        name, index, _rest = indexed.groups()
        number = int(index) + 1
        if name == "announcements":
            return _("Announcements, line %(number)s") % {"number": number}
        if name == "silent":
            return _("Silent premiums, item %(number)s") % {"number": number}
        if name == "tricks":
            return _("Tricks, trick %(number)s") % {"number": number}
        return _("Hand %(number)s") % {"number": number}
    if field == "announcements":
        return _("Announcements")
    if field.startswith("deal."):
        return _("Deal, %(seat)s") % {"seat": seat_name(field[len("deal."):].split("[")[0])}
    while field and field not in FIELD_LABELS:
        field = field.rpartition(".")[0]
    return str(FIELD_LABELS.get(field, _("Hand")))


# --- the engine's problems, by their code -------------------------------------------------------


def _names(ids) -> str:
    return ", ".join(line_name(item) for item in ids)


def _cards(cards) -> str:
    """Cards by their names in the association's words: "treff király, pagát"; "King of clubs, Pagat"."""
    return ", ".join(words.card_name(card) for card in cards)


def _tricks(numbers) -> str:
    return _(" or ").join(str(number) for number in numbers)


def _result(word: str) -> str:
    return _("won") if word == "won" else _("lost")


def _high_trump_holders(p) -> str:
    if p["holders"] == 0:
        return _("%(card)s is held by one of the two teams; write it under A or under B") % p
    return _("%(card)s is held by one team only, not by both") % p


def _claimed(p, prefix: str = "") -> str:
    """One of two items that cannot both be true (R10b, R10c): "Slam (team A, line 1)"."""
    names = {"name": line_name(p[prefix + "item"]), "team": p[prefix + "team"]}
    if p[prefix + "item"] in DEALT_ITEMS:  # the holdings, or the deal (R10c)
        return _("cards as dealt (team %(team)s)") % names
    if p[prefix + "index"] is None:
        return _("%(name)s (team %(team)s, silent premium)") % names
    return _("%(name)s (team %(team)s, line %(line)s)") % {**names, "line": p[prefix + "index"] + 1}


def _both(p) -> dict:
    return {"item": _claimed(p), "other": _claimed(p, "other_")}


def _captured_card(card: str) -> str:
    """The Pagat or the Mond, the two cards R10b follows into one team's tricks."""
    return str(CAPTURED_CARDS.get(card, card))


CAPTURED_CARDS = {"I": gettext_lazy("the Pagat (I)"), "XXI": gettext_lazy("the Mond (XXI)")}
DEALT_ITEMS = ("holdings", "deal")  # scoring.contradictions names a team's cards as dealt so


def _cannot_both_hold(p) -> str:
    """R10c: two items whose facts disagree, and the fact: the card or trick it is about."""
    if p["reason"] == "lost":
        return _("%(item)s is lost, but %(other)s means all of it was done") % _both(p)
    reason = REASONS[p["reason"]](p)
    return _("%(item)s and %(other)s cannot both be true: %(reason)s") % {**_both(p), "reason": reason}


def _card_names(p) -> dict:
    return {"card": _named_card(p.get("card", "")), "other_card": _named_card(p.get("other_card", "")),
            "trick": p.get("trick")}


def _named_card(card: str) -> str:
    """A card as R10c names it: the Pagat and the Mond by their names, others as the page names cards."""
    return str(NAMED_CARDS[card]) if card in NAMED_CARDS else words.card_name(card)


NAMED_CARDS = {"I": gettext_lazy("Pagat (I)"), "XXI": gettext_lazy("Mond (XXI)")}


# R10c: what two items disagree on, by scoring.contradictions' reason.
REASONS = {
    "trick": lambda p: _("trick %(trick)s is won by one team only") % p,
    "tricks": lambda p: _("team %(team)s would take at least %(least)s tricks and at most %(most)s")
    % {"team": p["counted_team"], "least": p["least"], "most": p["most"]},
    "taker": lambda p: _("the %(card)s falls into one team's tricks only") % _card_names(p),
    "holder": lambda p: _("the %(card)s is dealt to one team only") % _card_names(p),
    "place": lambda p: _("the %(card)s is played to one trick only") % _card_names(p),
    "winner": lambda p: _("trick %(trick)s is won by one card, not by both the %(card)s and the %(other_card)s")
    % _card_names(p),
    "beaten": lambda p: _("the %(other_card)s, played to trick %(trick)s, beats the %(card)s") % _card_names(p),
}


# R9c: what a feast's suits must be (scoring.feasts.SuitRule, by its name)
SUIT_RULES = {
    "none": pgettext_lazy("a feast declares", "no suit"),
    "optional_one": pgettext_lazy("a feast declares", "at most one suit"),
    "any_one": pgettext_lazy("a feast declares", "one suit"),
    "one_black": pgettext_lazy("a feast declares", "one black suit"),
    "red_and_black": pgettext_lazy("a feast declares", "one red and one black suit"),
}


def _given(p) -> str:
    """A value the record held, as the juror typed it: the engine quotes it (``'falcn'``)."""
    return str(p.get("given", "")).strip("'\"")


def _seats_dealt(p) -> str:
    seats = ", ".join(seat_name(seat) for seat in ("A.driver", "A.catcher", "B.driver", "B.catcher"))
    return _("give the 10 cards of each of the four seats: %(seats)s") % {"seats": seats}


def _number_out_of_range(p: dict) -> str:
    """R6a: a message's number outside what it may count."""
    if p["feast"] == "trumps":
        return _("%(feast)s says 8 to 10 trumps (of a player's 10 cards), not %(number)s") % {
            **p, "feast": line_name(p["feast"])}
    return _("%(feast)s says at least 2 and not all of its suit: %(least)s to %(most)s %(suit)s, not "
             "%(number)s") % {**p, "feast": line_name(p["feast"]), "suit": suit_name(p["suit"])}


# What each code says, from its params (scoring.problems documents them).
SENTENCES = {
    # How many hands a match holds (R13; a tie-breaker's two, R16)
    "hand_count": lambda p: ngettext("this match is exactly %(expected)s hand, not %(count)s",
                                     "this match is exactly %(expected)s hands, not %(count)s",
                                     p.get("expected") or 0) % {"expected": p.get("expected"),
                                                                "count": p.get("count") or 0},
    "hand_count_so_far": lambda p: _("a match being entered holds 1 to %(expected)s hands, not %(count)s")
    % {"expected": p.get("expected"), "count": p.get("count") or 0},
    # A word the record holds that names nothing: what is accepted, in the association's words
    "not_a_feast": lambda p: notation.unknown_word(_given(p), notation.FEAST_IDS, _("feast")),
    "not_a_silent_premium": lambda p: notation.unknown_word(_given(p), notation.PREMIUM_IDS, _("silent premium")),
    "not_a_card": lambda p: notation.not_a_card(_given(p)),
    "not_a_suit": lambda p: _("“%(given)s” is not a suit; write %(suits)s")
    % {"given": _given(p), "suits": notation.suit_examples()},
    "not_a_seat": lambda p: _("“%(given)s” is not a seat; write %(seats)s")
    % {"given": _given(p), "seats": notation.seat_examples()},
    "not_a_contra": lambda p: _("“%(given)s” is not a contra; write %(contras)s, or nothing")
    % {"given": _given(p), "contras": notation.contra_examples()},
    "not_a_result": lambda p: _("“%(given)s” is not a result; write %(results)s")
    % {"given": _given(p), "results": notation.result_examples()},
    "not_a_team": lambda p: _("“%(given)s” is not a team; write A or B") % {"given": _given(p)},
    "deal_not_four_seats": _seats_dealt,
    # R5: holdings
    "trumps_missing": lambda p: _("write the team's number of trumps (the Fool counts as a trump)"),
    "trumps_out_of_range": lambda p: _("a team holds 6 to 16 trumps (at least 3 for each player), not %(n)s")
    % {"n": p["trumps"]},
    "honours_missing": lambda p: _("write how many honours the team holds: 0, 1 or 2"),
    "honours_out_of_range": lambda p: _("a team holds 0, 1 or 2 honours, not %(n)s") % {"n": _given(p)},
    "trumps_total": lambda p: _("the two teams' trumps add up to 22 (one pack), not %(n)s") % {"n": p["total"]},
    "honours_total": lambda p: _("the two teams' honours add up to 2 (one pack), not %(n)s") % {"n": p["total"]},
    "high_trump_holders": _high_trump_holders,
    "holdings_missing": lambda p: _("write team A's holdings (trumps, honours, high trumps), or give the deal"),
    "holdings_disagree_with_deal": lambda p: _(
        "do not agree with the deal, which gives %(n)s trumps, %(h)s honours and of the high trumps %(high)s")
    % {"n": p["trumps"], "h": p["honours"], "high": ", ".join(p["high_trumps"]) or _("none")},
    # R3: attack alternates
    "attack_not_alternating": lambda p: _("attack alternates: team %(team)s attacked in the hand before too") % p,
    "attackers_expected": lambda p: _("attack alternates from hand 1: team %(team)s attacks in hand %(number)s") % p,
    # R6-R9: announcements
    "message_contra": lambda p: _("a message cannot be contra'd"),
    "message_result": lambda p: _("a message is neither won nor lost: it scores when announced; leave out won or "
                                  "lost"),
    "result_missing": lambda p: _("say whether it was won or lost (won, lost, or w, l)"),
    "chain_held": lambda p: _("team %(team)s already announced %(names)s of the same chain; keep only the final, "
                              "highest announcement") % {"team": p["team"], "names": _names(p["feasts"])},
    "magnifier_count": lambda p: _("%(feast)s declares %(n)s magnifier(s) (a King or a Bird), not %(m)s")
    % {"feast": line_name(p["feast"]), "n": p["expected"], "m": p["count"]},
    "not_magnifiers": lambda p: _("%(feast)s declares magnifiers (a King or a Bird); these are not: %(cards)s")
    % {"feast": line_name(p["feast"]), "cards": _cards(p["cards"])},
    "card_declared_twice": lambda p: _("the same card is declared twice"),
    "declares_no_cards": lambda p: _("%(feast)s declares no cards") % {"feast": line_name(p["feast"])},
    "suits_do_not_fit": lambda p: _("%(feast)s declares %(suits)s")
    % {"feast": line_name(p["feast"]), "suits": SUIT_RULES.get(p.get("suits"), p.get("suits"))},
    "declared_cards_not_held": lambda p: _("%(seat)s does not hold %(cards)s")
    % {"seat": seat_name(p["seat"]), "cards": _cards(p["cards"])},
    "binding_conflict": lambda p: _("binds the %(card)s to trick %(tricks)s, but %(feast)s (line %(line)s) binds "
                                    "it to trick %(other)s")
    % {"card": words.card_name(p["card"]), "tricks": _tricks(p["tricks"]), "feast": line_name(p["other_feast"]),
       "line": p["other_index"] + 1, "other": _tricks(p["other_tricks"])},
    "message_untrue": lambda p: _("%(feast)s is not true of the announcer's cards as dealt")
    % {"feast": line_name(p["feast"])},
    # R6a: messages say their number
    "message_number_untrue": lambda p: _("%(seat)s holds %(told_held)s, not %(told)s: a message says the actual "
                                         "number")
    % {"seat": seat_name(p["seat"]), "told_held": number_told(p["feast"], p["held"], [p.get("suit")]),
       "told": number_told(p["feast"], p["number"], [p.get("suit")])},
    "number_out_of_range": _number_out_of_range,
    "number_needs_suit": lambda p: _("%(feast)s with its number names the suit it counts, for example %(example)s")
    % {"feast": line_name(p["feast"]), "example": number_told("suit_count", 3, ["hearts"])},
    "number_not_a_count": lambda p: _("“%(given)s” is not a number of cards") % {"given": _given(p)},
    "declares_no_number": lambda p: _("%(feast)s says no number: only Number of a Suit and Trumps do")
    % {"feast": line_name(p["feast"])},
    # R10: silent premiums
    "premium_twice": lambda p: _("%(premium)s is achieved by one team only, once a hand")
    % {"premium": line_name(p["premium"])},
    "premium_not_shown": lambda p: _("the tricks do not show %(premium)s for team %(team)s")
    % {"premium": line_name(p["premium"]), "team": p["team"]},
    "premium_not_listed": lambda p: _("the tricks show %(premium)s for team %(team)s; add it to the silent premiums")
    % {"premium": line_name(p["premium"]), "team": p["team"]},
    # R10b: results that cannot all be true
    "all_tricks_taken": lambda p: _("%(item)s takes all ten tricks, so %(other)s cannot also be true")
    % _both(p),
    "obscure_contradicted": lambda p: _("%(item)s means its team took the first five tricks, so %(other)s cannot "
                                        "also be true: it needs one of them") % _both(p),
    "trick_won_by_both": lambda p: _("%(item)s and %(other)s both need trick %(trick)s, which only one team wins")
    % {**_both(p), "trick": p["trick"]},
    "too_many_tricks": lambda p: _("%(item)s needs at least %(n)s tricks and %(other)s at least %(m)s: more than "
                                   "the ten of a hand") % {**_both(p), "n": p["tricks"], "m": p["other_tricks"]},
    "card_captured_by_both": lambda p: _("%(item)s and %(other)s both capture %(card)s, which falls into one "
                                         "team's tricks only") % {**_both(p), "card": _captured_card(p["card"])},
    # R10c: what the results imply cannot all be true
    "results_cannot_both_hold": _cannot_both_hold,
    "magnifier_declared_by_two_seats": lambda p: _(
        "%(seat)s declares the %(card)s for %(feast)s, but %(other_seat)s declares it too, for %(other_feast)s "
        "(line %(line)s); one player holds a card")
    % {"seat": seat_name(p["seat"]), "card": words.card_name(p["card"]), "feast": line_name(p["feast"]),
       "other_seat": seat_name(p["other_seat"]), "other_feast": line_name(p["other_feast"]),
       "line": p["other_index"] + 1},
    "result_disagrees_with_tricks": lambda p: _("%(feast)s is written as %(given)s, but the tricks show it "
                                                "%(shown)s (%(rule)s)")
    % {"feast": line_name(p["feast"]), "given": _result(p["given"]), "shown": _result(p["shown"]),
       "rule": p["rule"]},
    # R1, R3, R4: the deal and the tricks
    "seat_card_count": lambda p: _("every player has 10 cards, not %(n)s") % {"n": p["count"]},
    "seat_too_few_trumps": lambda p: _("%(seat)s has %(n)s trumps; a player with fewer than 3 has the hand "
                                       "redealt") % {"seat": seat_name(p["seat"]), "n": p["trumps"]},
    "cards_dealt_twice": lambda p: _("each of the 40 cards is dealt once; dealt twice: %(cards)s")
    % {"cards": _cards(p["cards"])},
    "cards_not_dealt": lambda p: _("not dealt: %(cards)s") % {"cards": _cards(p["cards"])},
    "card_dealt_elsewhere": lambda p: _("the %(card)s goes to %(seat)s, who attacks") % {
        "card": words.card_name(p["card"]), "seat": seat_name(p["seat"])},
    "trick_size": lambda p: _("a trick holds 4 cards, not %(n)s") % {"n": p["count"]},
    "trick_count": lambda p: _("a hand has 10 tricks"),
    "tricks_need_deal": lambda p: _("the tricks can be given only with the deal"),
    "card_played_twice": lambda p: _("%(seat)s plays the %(card)s, already played to trick %(earlier)s")
    % {**_play(p), "earlier": p["earlier_trick"]},
    "card_not_in_hand": lambda p: _("%(seat)s plays the %(card)s, which was dealt to %(owner)s")
    % {**_play(p), "owner": seat_name(p["dealt_to"])},
    "must_play_trump": lambda p: _("%(seat)s plays the %(card)s, but a trump was led and %(seat)s holds "
                                   "%(legal)s") % _play(p),
    "must_follow_suit": lambda p: _("%(seat)s plays the %(card)s, but must follow suit with %(legal)s") % _play(p),
    "must_trump_when_void": lambda p: _("%(seat)s plays the %(card)s, but cannot follow suit and must play a "
                                        "trump: %(legal)s") % _play(p),
    "bound_card_elsewhere": lambda p: _("%(seat)s plays the %(card)s, which is bound to trick %(bound)s, while "
                                        "%(seat)s could play %(legal)s")
    % {**_play(p), "bound": _tricks(p["bound_to"]), "legal": _cards(p["could_play"])},
}


def _play(p) -> dict:
    """The player and the card of a play the trick (the problem's field) does not allow."""
    return {"seat": seat_name(p["seat"]), "card": words.card_name(p["card"]), "legal": _cards(p.get("legal", []))}


def _lines(text: str) -> str:
    """``announcements[2]`` inside a message -> "line 3"."""
    return re.sub(r"announcements\[(\d+)\]", lambda found: _("line %(number)s") % {"number": int(found[1]) + 1},
                  text)


def clean(message: str) -> str:
    """A message not recognised, made fit to show: no paths counted from zero, Python values, FORMAT."""
    text = _lines(message)
    text = re.sub(r"(?:hands|silent|tricks)\[(\d+)\]", lambda found: str(int(found[1]) + 1), text)
    text = text.replace("FORMAT.md", _("the record format")).replace("FORMAT", "")
    text = re.sub(r"\bNone\b", _("empty"), text)
    return re.sub(r"'([^']*)'", r"“\1”", text)


@dataclass(frozen=True)
class Wording:
    """One problem as the page shows it."""

    code: str
    label: str
    text: str
    ruling: str

    def __str__(self):
        """As a juror reads it: the field and the words; the ruling is theirs to ask for (shown())."""
        return _("%(label)s: %(text)s") % {"label": self.label, "text": self.text}

    @property
    def cited(self) -> str:
        """The ruling the problem breaks, where one does (not the record format's own shape)."""
        return self.ruling if self.ruling != FORMAT_RULING else ""

    def with_ruling(self) -> str:
        """For the organisers' and the command line's reports (restore, rescore): the ruling named."""
        if self.cited:
            return _("%(label)s: %(text)s (%(ruling)s)") % {"label": self.label, "text": self.text,
                                                           "ruling": self.ruling}
        return str(self)

    def shown(self) -> "ShownProblem":
        """The words as a page shows them, with the ruling kept for the page's "why?"."""
        text = ShownProblem(self)
        text.ruling = self.cited
        return text


class ShownProblem(str):
    """A problem's words on a jury page; ``ruling`` is shown only behind its "why?"."""

    ruling = ""


def word(problem) -> Wording:
    """The wording of one of the engine's problems (field relative to its hand)."""
    label = field_label(problem.field)
    say = SENTENCES.get(problem.code)
    if say is None:
        return Wording("", label, clean(problem.message), problem.ruling)
    return Wording(problem.code, label, say(problem.params), problem.ruling)


def with_hand(number: int, text) -> str:
    """"Hand 5 · A trumps: ..." for the summary at the top of the page."""
    return _("Hand %(number)s · %(problem)s") % {"number": number, "problem": text}
