"""A match as one line, the way the association writes a result: "Szegedi Madarak – Pesti
Pagátok 88 : 84" once confirmed, the two teams alone before (an unconfirmed match shows no score).
The feeds, the pages' sharing tags and their descriptions read it from here."""

from django.utils.translation import gettext as _


def match_headline(match) -> str:
    teams = _("%(a)s – %(b)s") % {"a": match.team_a.name, "b": match.team_b.name}
    if match.state != "confirmed":
        return teams
    return _("%(teams)s %(a)s : %(b)s") % {"teams": teams, "a": match.score_a, "b": match.score_b}
