"""A refused move in words, in the page's language: chosen by the rules' code, never read out of
the engine's English. A move the engine's record checks refuse (R9c: one rulebook) is said in the
words the jury reads for the same problem in a record (tournaments.recording.wording), with the
ruling it breaks: which declaration, which chain, which binding, follow suit or trump."""

from django.utils.translation import gettext as _

from tournaments.core.feast_names import FEAST_NAMES
from tournaments.recording.wording import SENTENCES, clean


def _feast(params: dict, key: str = "feast") -> str:
    return str(FEAST_NAMES.get(params.get(key, ""), params.get(key, "")))


def engine_words(illegal) -> str:
    """The engine's problem with the move, in the words of the record's check, its ruling named."""
    problem = illegal.problem
    say = SENTENCES.get(problem.code)
    try:
        text = say(problem.params) if say else clean(problem.message)
    except (KeyError, TypeError, ValueError):
        text = clean(problem.message)
    return _("%(reason)s (%(ruling)s)") % {"reason": text, "ruling": problem.ruling}


def _announcement_refused(illegal) -> str:
    return _("%(feast)s may not be announced: %(reason)s.") % {"feast": _feast(illegal.params),
                                                                "reason": engine_words(illegal)}


def refusal_text(illegal) -> str:
    code, params = illegal.code, illegal.params
    if illegal.problem is not None:
        return _engine_refusal(illegal)
    texts = {
        "not_your_turn": lambda: _("It is not your turn."),
        "still_announcing": lambda: _("The announcements are not over yet: announce, contra or pass."),
        "announcements_over": lambda: _("The announcements are over: play a card."),
        "raise_by_partner": lambda: _("Only your partner may raise %(held)s, which you announced (R7).")
        % {"held": _feast(params, "held")},
        "raise_after_contra": lambda: _("%(held)s carries a contra and is not raised (R8).")
        % {"held": _feast(params, "held")},
        "no_such_announcement": lambda: _("There is no such announcement to contra."),
        "contra_twice": lambda: _("%(feast)s already carries a contra; there are no re-contras (R8a).")
        % {"feast": _feast(params)},
        "own_contra": lambda: _("You announced %(feast)s: your partner or an opponent may contra it (R8).")
        % {"feast": _feast(params)},
        "not_a_feast": lambda: _("That is not a feast."),
        "hand_over": lambda: _("The hand is over."),
        "all_played": lambda: _("Every hand of the table is played."),
    }
    text = texts.get(code)
    return text() if text else _("The move is not understood.")


def _engine_refusal(illegal) -> str:
    params = illegal.params
    if illegal.code == "card_not_playable":
        return _("That card may not be played to trick %(trick)s: %(reason)s.") % {
            "trick": params.get("trick"), "reason": engine_words(illegal)}
    if illegal.code == "contra_refused":
        return _("No contra on %(feast)s: %(reason)s.") % {"feast": _feast(params), "reason": engine_words(illegal)}
    if illegal.code == "not_a_raise":
        return _("%(feast)s does not raise %(held)s: %(reason)s.") % {
            "feast": _feast(params), "held": _feast(params, "held"), "reason": engine_words(illegal)}
    return _announcement_refused(illegal)
