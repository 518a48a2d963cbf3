"""Two versions of a hand told apart in words: for the blind confirmation (the two jurors'
entries) and for a hand another juror saved meanwhile. Told in words, the teams by their names
where the caller gives them."""

from django.utils.translation import gettext as _

from tournaments.core import bridge
from tournaments.core.lines import announcement_words, card_name, seat_name, silent_words, team_name

TEAMS = ("A", "B")


def holding_text(holding: dict) -> str:
    high = " ".join(holding.get("high_trumps") or []) or _("none")
    return _("%(trumps)s trumps, %(honours)s honours, of XVI-XVIII: %(high)s") % {
        "trumps": holding.get("trumps"), "honours": holding.get("honours"), "high": high}


def _announcements(record: dict, teams) -> list[str]:
    return [announcement_words(item, teams) for item in record.get("announcements") or []]


def _silent(record: dict, teams) -> list[str]:
    return [silent_words(item, teams) for item in record.get("silent") or []]


def as_read(record: dict | None) -> dict | None:
    """A hand record as the rules engine reads it: holdings, results and silent premiums derived
    from the deal and the tricks where they are given, each hand's cards in one order, the spelling
    the notation accepts made the engine's. A record the engine refuses is compared as typed."""
    if record is None:
        return None
    try:
        hand = bridge.check_hand(record).hand
    except bridge.InvalidRecord:
        return _deal_sorted(dict(record))
    read = hand.as_record()
    read.pop("format", None)
    for extra, _value in hand.extras:  # number, players, note: carried, not facts of the play
        read.pop(extra, None)
    read["silent"] = sorted(({"premium": entry.premium.id, "team": entry.team.value} for entry in hand.silent or ()),
                            key=lambda entry: (entry["premium"], entry["team"]))
    return _deal_sorted(read)


def _deal_sorted(record: dict) -> dict:
    """Each seat's cards in one order: the order they were typed in says nothing."""
    if isinstance(record.get("deal"), dict):
        record["deal"] = {seat: sorted(map(str, cards)) for seat, cards in record["deal"].items()
                          if isinstance(cards, list)}
    return record


def differences(first: dict | None, second: dict | None, *, first_name: str, second_name: str,
                teams: dict | None = None) -> list[str]:
    """What differs between two hand records as the engine reads them (as_read), one sentence each
    ("the first entry has ..., the second ..."); an empty list when they agree on every fact, so the
    same deal typed in another order of cards, or a result typed where the tricks decide it, agrees."""
    first, second = as_read(first), as_read(second)
    if first == second:
        return []
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
    found += _play_differences(first, second, first_name, second_name, teams)
    if not found:  # the engine reads them apart in a way no sentence above names
        found.append(_("The two entries are read differently by the rules engine; check the hand field by field."))
    return found


def _play_differences(first: dict, second: dict, first_name: str, second_name: str, teams) -> list[str]:
    """The deal seat by seat and the tricks trick by trick, named where they differ."""
    found = []
    first_deal, second_deal = first.get("deal") or {}, second.get("deal") or {}
    if bool(first_deal) != bool(second_deal):
        found.append(_("Deal: only %(who)s has the deal.") % {"who": first_name if first_deal else second_name})
    else:
        for seat in sorted(set(first_deal) | set(second_deal)):
            if first_deal.get(seat) != second_deal.get(seat):
                found.append(_("Deal, %(seat)s: %(first_name)s %(first)s; %(second_name)s %(second)s.") % {
                    "seat": seat_name(seat, teams), "first_name": first_name,
                    "first": ", ".join(map(card_name, first_deal.get(seat) or [])), "second_name": second_name,
                    "second": ", ".join(map(card_name, second_deal.get(seat) or []))})
    first_tricks, second_tricks = first.get("tricks") or [], second.get("tricks") or []
    if bool(first_tricks) != bool(second_tricks):
        found.append(_("Tricks: only %(who)s has the tricks.") % {"who": first_name if first_tricks else second_name})
    else:
        pairs = zip(first_tricks, second_tricks, strict=False)  # a missing trick is named after
        differing = [str(number) for number, (mine, theirs) in enumerate(pairs, start=1) if mine != theirs]
        if differing or len(first_tricks) != len(second_tricks):
            if len(first_tricks) != len(second_tricks):
                differing.append(str(min(len(first_tricks), len(second_tricks)) + 1))
            found.append(_("Tricks: trick %(numbers)s differs.") % {"numbers": ", ".join(differing)})
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
