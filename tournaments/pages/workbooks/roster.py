"""A season's teams and players as a workbook: one row a player (name, membership number, team,
role: driver, catcher or substitute). The download is the season as it stands; the upload adds
or changes players (by membership number) and teams (by name) all at once, or refuses the whole
workbook with every problem against its cell. R14: a team is a Driver and a Catcher in fixed
roles and at most one substitute; a player belongs to one team a season."""

import io
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop  # history reasons: stored in English, read translated
from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.worksheet.datavalidation import DataValidation

from tournaments.core import words
from tournaments.core.competitions import changes
from tournaments.core.models import Player, Team
from tournaments.core.refusals import Refused
from tournaments.pages.spreadsheet_cells import write_row
from tournaments.pages.spreadsheet_print import set_print_layout

from .safety import WorkbookRefused, open_workbook
from .score_sheet import CellProblems, text

ROLES = ("driver", "catcher", "substitute")
NAME_LIMIT = Player._meta.get_field("name").max_length
NUMBER_LIMIT = Player._meta.get_field("membership_number").max_length
TEAM_LIMIT = Team._meta.get_field("name").max_length
MAX_ROWS = 2000  # a season has some hundred players


def headings():
    return [_("Name"), _("Membership number"), _("Team"), _("Role")]


def role_label(role: str) -> str:
    """A role as a roster cell writes it, in the page's language: the association's word for a seat
    (hajtó, fogó), "cserejátékos" for the substitute."""
    return _("substitute") if role == "substitute" else words.role_name(role)


def role_labels() -> str:
    """"hajtó, fogó or cserejátékos"."""
    return _("%(first)s, %(second)s or %(third)s") % dict(zip(("first", "second", "third"),
                                                              map(role_label, ROLES), strict=True))


def role_words():
    """What a role cell may say: the id, or the role's name in the page's language."""
    found = {role: role for role in ROLES}
    found.update({role_label(role).lower(): role for role in ROLES})
    return found


def build(season) -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = _("Teams and players")
    for cell in write_row(sheet, 1, [str(heading) for heading in headings()]):
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    for row, values in enumerate(roster_rows(season), start=2):
        write_row(sheet, row, values)
    for letter, width in zip("ABCD", (30, 20, 30, 12), strict=True):
        sheet.column_dimensions[letter].width = width
    roles = DataValidation(type="list", formula1='"' + ",".join(map(role_label, ROLES)) + '"', allow_blank=True)
    roles.prompt = _("R14: %(roles)s; a team has one %(driver)s, one %(catcher)s and at most one %(substitute)s.") % {
        "roles": role_labels(), **{role: role_label(role) for role in ROLES}}
    roles.showInputMessage = True
    roles.add(f"D2:D{MAX_ROWS}")
    sheet.add_data_validation(roles)
    set_print_layout(sheet, _("Teams and players, season %(year)s") % {"year": season.year})
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def roster_rows(season):
    """The season's players as the workbook lists them: name, membership number, team, role."""
    for team in Team.objects.filter(season=season).with_players().order_by("name"):
        for role in ROLES:
            player = getattr(team, role)
            if player is not None:
                yield [player.name, player.membership_number, team.name, role_label(role)]


@dataclass
class RosterRow:
    row: int
    name: str
    number: str
    team: str
    role: str


def read_rows(sheet, problems) -> list[RosterRow]:
    rows = []
    roles = role_words()
    if sheet.max_row > MAX_ROWS:
        problems.add(sheet.title, f"A{MAX_ROWS + 1}", _("a roster holds at most %(count)s rows") % {
            "count": MAX_ROWS - 1})
        return rows
    for cells in sheet.iter_rows(min_row=2, max_col=4):
        values = [text(cell.value) for cell in cells] + [""] * (4 - len(cells))
        if not any(values):
            continue
        row = cells[0].row
        name, number, team, role = values
        for column, value, limit in (("A", name, NAME_LIMIT), ("B", number, NUMBER_LIMIT), ("C", team, TEAM_LIMIT)):
            if not value:
                problems.add(sheet.title, f"{column}{row}", _("this cell is needed"))
            elif len(value) > limit:
                problems.add(sheet.title, f"{column}{row}", _("at most %(limit)s characters") % {"limit": limit})
        found_role = roles.get(role.lower())
        if found_role is None:
            problems.add(sheet.title, f"D{row}", _("the role is %(roles)s, not %(value)s")
                         % {"roles": role_labels(), "value": role or "-"}, "R14")
        rows.append(RosterRow(row, name, number, team, found_role or ""))
    return rows


def check_teams(sheet, rows, season, problems):
    """R14 across rows: one place a player, one driver and one catcher a team, one substitute at most;
    and no player kept in a season team the workbook does not name."""
    seen = {}
    for entry in rows:
        if entry.number in seen:
            problems.add(sheet.title, f"B{entry.row}", _("%(number)s is already on row %(row)s; a player belongs "
                                                         "to one team a season") % {"number": entry.number,
                                                                                    "row": seen[entry.number]}, "R14")
        seen.setdefault(entry.number, entry.row)
    teams = {}
    for entry in rows:
        teams.setdefault(entry.team, []).append(entry)
    for name, members in teams.items():
        first = members[0].row
        for role, least, most in (("driver", 1, 1), ("catcher", 1, 1), ("substitute", 0, 1)):
            count = sum(1 for member in members if member.role == role)
            if not least <= count <= most:
                problems.add(sheet.title, f"D{first}", _(
                    "team %(team)s has %(count)s %(role)s rows; a team has one %(driver)s, one %(catcher)s and at "
                    "most one %(substitute)s") % {"team": name, "count": count, "role": role_label(role),
                                                  **{role: role_label(role) for role in ROLES}}, "R14")
    named = set(teams)
    numbers = {entry.number: entry for entry in rows}
    for team in Team.objects.filter(season=season).exclude(name__in=named).with_players():
        for player in team.members():
            entry = numbers.get(player.membership_number)
            if entry is not None:
                problems.add(sheet.title, f"C{entry.row}", _("%(player)s plays for %(team)s this season, which this "
                                                             "workbook does not name; a player belongs to one team "
                                                             "a season") % {"player": player, "team": team}, "R14")
    return teams


def import_roster(upload, season, user) -> dict:
    """Add or change the season's players and teams from the workbook, in one transaction; R21: a
    closed season's roster is final, and the workbook is refused before it is read."""
    try:
        season.check_open(_("Roster"))
    except Refused as refused:
        raise WorkbookRefused(refused.messages) from None
    book = open_workbook(upload)
    sheet = book.worksheets[0]
    problems = CellProblems()
    rows = read_rows(sheet, problems)
    if not rows and not problems.found:
        problems.add(sheet.title, "A2", _("the workbook names no player"))
    # Every problem at once: the rows' own, then those across rows (a role that could not be read
    # counts as none), then the rules each team changed meets (refused together, nothing saved).
    teams = check_teams(sheet, rows, season, problems)
    problems.raise_if_any()
    with transaction.atomic():
        players = save_players(rows, user)
        changed_teams = save_teams(season, teams, players, user, sheet.title)
    return {"teams": changed_teams, "players": sum(1 for changed in players.values() if changed[1])}


def stamp(instance, user, reason):
    instance._history_user = user
    instance._change_reason = reason


def save_players(rows, user):
    """membership number -> (player, whether it was added or renamed)."""
    existing = Player.objects.in_bulk([entry.number for entry in rows], field_name="membership_number")
    saved = {}
    for entry in rows:
        player = existing.get(entry.number) or Player(membership_number=entry.number)
        changed = player.pk is None or player.name != entry.name
        if changed:
            player.name = entry.name
            stamp(player, user, gettext_noop("Roster imported from a workbook"))
            player.save()
        saved[entry.number] = (player, changed)
    return saved


def team_change_problems(team, members, sheet_title) -> list[str]:
    """The rules every change of a team meets, in the admin as here (R14, R16: a player who played
    for another team this season, a Cup team's Driver and Catcher once drawn), each against the
    team's first row."""
    try:
        changes.check_team(team)
    except Refused as refused:
        row = min(member.row for member in members)
        return [f"{sheet_title}!C{row}: {message}" for message in refused.messages]
    return []


def save_teams(season, teams, players, user, sheet_title) -> int:
    existing = {team.name: team for team in Team.objects.filter(season=season, name__in=list(teams))}
    changed_count, refusals = 0, []
    for name, members in teams.items():
        by_role = {member.role: players[member.number][0] for member in members}
        team = existing.get(name) or Team(season=season, name=name)
        values = {"driver": by_role["driver"], "catcher": by_role["catcher"], "substitute": by_role.get("substitute")}
        if team.pk is None or any(getattr(team, f"{role}_id") != (player.pk if player else None)
                                  for role, player in values.items()):
            for role, player in values.items():
                setattr(team, role, player)
            found = team_change_problems(team, members, sheet_title)
            refusals += found
            if found:
                continue
            stamp(team, user, gettext_noop("Roster imported from a workbook"))
            team.save()
            changed_count += 1
    if refusals:  # the whole workbook refused, every team's problem named; the transaction rolls back
        raise WorkbookRefused(refusals)
    return changed_count
