"""A refused move in words, in the page's language: chosen by the rules' code, never read out of
the engine's English."""

from django.utils.translation import gettext as _

from tournaments.core.feast_names import FEAST_NAMES


def _feast(params: dict, key: str = "feast") -> str:
    return str(FEAST_NAMES.get(params.get(key, ""), params.get(key, "")))


def _announcement_refused(params: dict) -> str:
    reason = params.get("reason")
    feast = _feast(params)
    if reason == "chain_held":
        return _("%(feast)s may not be announced: your team already holds an announcement of the same chain "
                 "(R7).") % {"feast": feast}
    if reason == "binding_conflict":
        return _("%(feast)s may not be announced: it would bind a card to another trick than your team's "
                 "announcement binds it to (R9).") % {"feast": feast}
    if reason == "declared_cards_not_held":
        return _("%(feast)s may not be announced: you do not hold the declared card (R9).") % {"feast": feast}
    if reason == "message_number_untrue":
        return _("%(feast)s may not be announced with that number: say the number you hold (R6a).") % {
            "feast": feast}
    if reason == "message_untrue":
        return _("%(feast)s may not be announced: it is not true of your hand (R6).") % {"feast": feast}
    return _("%(feast)s may not be announced now (%(ruling)s).") % {"feast": feast,
                                                                     "ruling": params.get("ruling", "R7")}


def refusal_text(illegal) -> str:
    code, params = illegal.code, illegal.params
    texts = {
        "not_your_turn": lambda: _("It is not your turn."),
        "still_announcing": lambda: _("The announcements are not over yet: announce, contra or pass."),
        "announcements_over": lambda: _("The announcements are over: play a card."),
        "card_not_held": lambda: _("You do not hold that card."),
        "card_not_playable": lambda: _("That card may not be played to trick %(trick)s: follow suit, else "
                                       "trump; a bound card waits for its trick (R4, R9).")
        % {"trick": params.get("trick")},
        "announcement_refused": lambda: _announcement_refused(params),
        "not_a_raise": lambda: _("%(feast)s does not raise %(held)s: your team already holds it (R7).")
        % {"feast": _feast(params), "held": _feast(params, "held")},
        "raise_by_partner": lambda: _("Only your partner may raise %(held)s, which you announced (R7).")
        % {"held": _feast(params, "held")},
        "raise_after_contra": lambda: _("%(held)s carries a contra and is not raised (R8).")
        % {"held": _feast(params, "held")},
        "no_such_announcement": lambda: _("There is no such announcement to contra."),
        "message_contra": lambda: _("A message cannot be contra'd (R6)."),
        "contra_twice": lambda: _("%(feast)s already carries a contra; there are no re-contras (R8a).")
        % {"feast": _feast(params)},
        "own_contra": lambda: _("You announced %(feast)s: your partner or an opponent may contra it (R8).")
        % {"feast": _feast(params)},
        "hand_over": lambda: _("The hand is over."),
        "all_played": lambda: _("Every hand of the table is played."),
    }
    text = texts.get(code)
    return text() if text else _("The move is not understood.")
