"""Two versions of a hand told apart in words: for the blind confirmation (the two jurors'
entries) and for a hand another juror saved meanwhile. Told in words, the teams by their names
where the caller gives them."""

from django.utils.translation import gettext as _

from tournaments.recording.lines import announcement_words, silent_words, team_name

TEAMS = ("A", "B")


def holding_text(holding: dict) -> str:
    high = " ".join(holding.get("high_trumps") or []) or _("none")
    return _("%(trumps)s trumps, %(honours)s honours, of XVI-XVIII: %(high)s") % {
        "trumps": holding.get("trumps"), "honours": holding.get("honours"), "high": high}


def _announcements(record: dict, teams) -> list[str]:
    return [announcement_words(item, teams) for item in record.get("announcements") or []]


def _silent(record: dict, teams) -> list[str]:
    return [silent_words(item, teams) for item in record.get("silent") or []]


def differences(first: dict | None, second: dict | None, *, first_name: str, second_name: str,
                teams: dict | None = None) -> list[str]:
    """What differs between two hand records, one sentence each ("the first entry has ..., the
    second ..."); an empty list when they agree on every fact."""
    if first is None or second is None:
        if first is second:
            return []
        missing, present = (first_name, second_name) if first is None else (second_name, first_name)
        return [_("%(missing)s has no such hand; %(present)s has it.") % {"missing": missing, "present": present}]
    found = []
    if first.get("attackers") != second.get("attackers"):
        found.append(_("Attackers: %(first_name)s %(first)s, %(second_name)s %(second)s.") % {
            "first_name": first_name, "first": team_name(first.get("attackers"), teams), "second_name": second_name,
            "second": team_name(second.get("attackers"), teams)})
    for team in TEAMS:
        mine = (first.get("holdings") or {}).get(team)
        theirs = (second.get("holdings") or {}).get(team)
        if mine and theirs and (mine["trumps"], mine["honours"], sorted(mine["high_trumps"])) != (
                theirs["trumps"], theirs["honours"], sorted(theirs["high_trumps"])):
            found.append(_("%(team)s's holdings: %(first_name)s %(first)s; %(second_name)s %(second)s.") % {
                "team": team_name(team, teams), "first_name": first_name, "first": holding_text(mine),
                "second_name": second_name, "second": holding_text(theirs)})
    found += _list_difference(_("Announcements"), _announcements(first, teams), _announcements(second, teams),
                              first_name, second_name)
    found += _list_difference(_("Silent premiums"), _silent(first, teams), _silent(second, teams),
                              first_name, second_name)
    if (first.get("deal"), first.get("tricks")) != (second.get("deal"), second.get("tricks")):
        found.append(_("The deal or the tricks differ."))
    return found


def _list_difference(label, first: list[str], second: list[str], first_name: str, second_name: str) -> list[str]:
    only_first = [item for item in first if item not in second]
    only_second = [item for item in second if item not in first]
    found = []
    if only_first:
        found.append(_("%(label)s: only %(who)s has %(items)s.") % {
            "label": label, "who": first_name, "items": "; ".join(only_first)})
    if only_second:
        found.append(_("%(label)s: only %(who)s has %(items)s.") % {
            "label": label, "who": second_name, "items": "; ".join(only_second)})
    return found
