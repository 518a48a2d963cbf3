"""What the organisers may still change of a season, a team, a competition and its entries once
facts are on record (R14-R18): the matches the jury entered, the entries, the draws, the free
games. The admin's forms call these before saving, and so will the organisers' own pages.

Each ``check_*`` compares the object about to be saved with its stored row and raises Refused
with one message a field it refuses, led by the field's label and ending with the ruling:
"Season: Magyar Kupa 2025 already has 3 matches on record; its season cannot change; R16."
Each ``*_fixed`` gives the fields that can never change again, with that message, so that a page
shows them read-only; the checks refuse them all the same (a page opened before the facts were).

The checks take the rows a juror's save takes (matches.lock_teams: the teams, then the event),
in that order, so a limit being lowered and a match being recorded are checked one after the
other; call them in the transaction that saves.
"""

from collections import Counter

from django.db import transaction
from django.db.models import Q
from django.utils.formats import date_format
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.core.models import Competition, CupEntry, FreeGame, GrandPrixEntry, Match, Season, Team
from tournaments.core.models.history import stamp
from tournaments.core.refusals import Refused

from . import cup, grand_prix
from .championship import agreed_before_play, counted_matches

Kind = Competition.Kind
RULINGS = {Kind.CHAMPIONSHIP: "R15", Kind.CUP: "R16", Kind.GRAND_PRIX: "R17", Kind.FREE_GAMES: "R18"}


# --- shared -----------------------------------------------------------------------------------


def label(model, field: str) -> str:
    return capfirst(str(model._meta.get_field(field).verbose_name))


def ruling(competition) -> str:
    return RULINGS.get(competition.kind, "R15")


def stored(obj):
    """The object's row as stored, or None for one not saved yet."""
    return type(obj)._base_manager.get(pk=obj.pk) if obj.pk is not None else None


def changed(before, after, field: str) -> bool:
    attname = type(after)._meta.get_field(field).attname
    return getattr(before, attname) != getattr(after, attname)


def refuse_fields(problems: dict) -> None:
    if problems:
        raise Refused(problems)


def on_field(model, field: str, refused: Refused) -> Refused:
    """A competition rule's own refusal ("R16: ..."), led by the label of the field it is about."""
    message = _("%(field)s: %(refusal)s") % {"field": label(model, field), "refusal": refused.text}
    return Refused({field: Refused(message, code=refused.code)})


def hold_season_teams(season_id) -> None:
    """Every team of the season, held as a juror's save holds a match's two teams before counting
    its matches (R15-R17), so that this count and theirs wait for each other."""
    Team.objects.hold(Team.objects.filter(season_id=season_id).values_list("pk", flat=True))


def locked_competition(competition_id):
    """The competition, held as the organisers' entries and draws hold it (cup.enter_team), so
    that no entry slips in beside the check."""
    return Competition.objects.select_for_update(no_key=True).select_related("season").get(pk=competition_id)


def matches_on_record(count: int) -> str:
    return ngettext("%(count)s match on record", "%(count)s matches on record", count) % {"count": count}


def entries(count: int) -> str:
    return ngettext("%(count)s entry", "%(count)s entries", count) % {"count": count}


# --- R21: a closed season is final -----------------------------------------------------------


def edited_fields(model) -> list[str]:
    return [field.name for field in model._meta.concrete_fields if field.editable and not field.primary_key]


def closed_season_refusals(before, after, seasons) -> dict[str, Refused]:
    """R21: every field of ``after`` that differs from ``before`` refused on that field when one
    of ``seasons`` (the season the object belongs to, and the one it would move to) is closed;
    a new object is refused once, on the field that ties it to its season. Season.check_open says
    it."""
    model = type(after)
    if before is None:
        names = [next(name for name in ("season", "team", "competition") if hasattr(after, f"{name}_id"))]
    else:
        names = [name for name in edited_fields(model) if changed(before, after, name)]
    problems = {}
    for season in {season.pk: season for season in seasons if season is not None}.values():
        for name in names:
            try:
                season.check_open(label(model, name))
            except Refused as refused:
                problems.setdefault(name, refused)
    return problems


def season_of(obj) -> Season | None:
    """The season an object of a season (a team, a competition) or of a competition (an entry)
    belongs to, read as stored now."""
    if isinstance(obj, Season):
        return Season.objects.filter(pk=obj.pk).first()
    if getattr(obj, "season_id", None) is not None:
        return Season.objects.filter(pk=obj.season_id).first()
    if getattr(obj, "competition_id", None) is not None:
        return Season.objects.filter(competitions=obj.competition_id).first()
    return None


def is_final(obj) -> bool:
    """R21: whether the object (a season, a team, a competition, an entry) is a fact of a closed
    season, which nobody deletes: the admin offers no deletion of it."""
    season = season_of(obj)
    return season is not None and season.is_closed


def check_season_removal(entry) -> None:
    """R21: an entry of a closed season's competition is not withdrawn; refused on its team."""
    season = season_of(entry)
    if season is not None:
        try:
            season.check_open(label(type(entry), "team"))
        except Refused as refused:
            raise Refused({"team": refused}) from None


def check_season_open(before, after) -> None:
    """R21: refuse, field by field, a change to an object of a closed season (or one moved into
    a closed season, or created in one)."""
    refuse_fields(closed_season_refusals(before, after, [season_of(before) if before else None,
                                                         season_of(after)]))


# --- seasons ----------------------------------------------------------------------------------


def season_fixed(season) -> dict[str, Refused]:
    """R15, R18: a season runs from 1 January to 31 December of its year; once it has matches or
    free games, dated within that year, its year stays."""
    if season.pk is None:
        return {}
    dated = (Match.objects.filter(competition__season_id=season.pk).count()
             + FreeGame.objects.filter(competition__season_id=season.pk).count())
    if not dated:
        return {}
    message = ngettext(
        "%(field)s: %(count)s match or free game of the %(year)s season is dated in %(year)s; a season runs "
        "from 1 January to 31 December of its year, so its year cannot change; R15.",
        "%(field)s: %(count)s matches and free games of the %(year)s season are dated in %(year)s; a season "
        "runs from 1 January to 31 December of its year, so its year cannot change; R15.", dated,
    ) % {"field": label(Season, "year"), "count": dated, "year": season.year}
    return {"year": Refused(message, code="R15_season_year")}


@transaction.atomic
def check_season(season) -> None:
    before = stored(season)
    if before is not None:
        check_season_open(before, season)
        refuse_fields({name: refusal for name, refusal in season_fixed(before).items()
                       if changed(before, season, name)})


# --- teams ------------------------------------------------------------------------------------


def team_fixed(team) -> dict[str, Refused]:
    """R14: a team with matches or entries keeps its season: it played them, and entered, as one
    of that season's teams."""
    if team.pk is None:
        return {}
    played = Match.objects.of_team(team).count()
    entered = team.cup_entries.count() + team.grand_prix_entries.count()
    if not (played or entered):
        return {}
    message = _("%(field)s: %(team)s already has %(facts)s in %(season)s; a team's season cannot change; R14.") % {
        "field": label(Team, "season"), "team": team.name, "season": team.season,
        "facts": matches_on_record(played) if played else entries(entered)}
    return {"season": Refused(message, code="R14_team_season")}


@transaction.atomic
def check_team(team) -> None:
    """R14, R16: a team keeps its season once it has facts; a player who played for another team
    this season joins no other; a team drawn in the Cup keeps its Driver and Catcher."""
    before = stored(team)
    check_season_open(before, team)
    problems = {} if before is None else {
        name: refusal for name, refusal in team_fixed(before).items() if changed(before, team, name)}
    for field in ("driver", "catcher", "substitute"):
        if field in problems or getattr(team, f"{field}_id") is None:
            continue
        if before is None or changed(before, team, field):
            refusal = played_elsewhere(team, field) or drawn_players(before, field)
            if refusal:
                problems[field] = refusal
    refuse_fields(problems)


def played_elsewhere(team, field: str) -> Refused | None:
    """R14: a player belongs to one team a season; one who has played for another team this
    season (a match entered, not only scheduled) belongs to that team."""
    player = getattr(team, field)
    seats_a, seats_b = Q(a_driver=player) | Q(a_catcher=player), Q(b_driver=player) | Q(b_catcher=player)
    match = (Match.objects.filter(competition__season_id=team.season_id).exclude(state=Match.State.SCHEDULED)
             .filter((seats_a & ~Q(team_a_id=team.pk)) | (seats_b & ~Q(team_b_id=team.pk)))
             .select_related("team_a", "team_b").order_by("played_on", "pk").first())
    if match is None:
        return None
    other = match.team_a if player.pk in (match.a_driver_id, match.a_catcher_id) else match.team_b
    return Refused(_("%(field)s: %(player)s has already played for %(other)s this season; a player belongs to one "
                     "team a season; R14.") % {"field": label(Team, field), "player": player, "other": other},
                   code="R14_played_elsewhere")


def drawn_players(before, field: str) -> Refused | None:
    """R16: a team drawn in the Cup plays every Cup match with the Driver and Catcher it entered
    with (cup.check_no_substitute checks each match against the team as stored, its corrections
    too), so they stay."""
    if before is None or field == "substitute":
        return None
    entry = before.cup_entries.filter(competition__drawn_at__isnull=False).select_related("competition").first()
    if entry is None:
        return None
    return Refused(_("%(field)s: %(team)s is drawn in %(cup)s, which it plays with the Driver and Catcher it "
                     "entered with; they stay; R16.")
                   % {"field": label(Team, field), "team": before.name, "cup": entry.competition.name},
                   code="R16_drawn_players")


# --- competitions -----------------------------------------------------------------------------


def competition_facts(competition) -> str | None:
    """What the competition has on record, in words (a draw is made of entries); None: nothing."""
    played = competition.matches.count()
    if played:
        return matches_on_record(played)
    entered = competition.cup_entries.count() + competition.grand_prix_entries.count()
    if entered:
        return entries(entered)
    games = competition.free_games.count()
    if games:
        return ngettext("%(count)s free game on record", "%(count)s free games on record", games) % {"count": games}
    return None


def competition_fixed(competition) -> dict[str, Refused]:
    """R15-R18: a competition with facts keeps its season (its matches are dated in it, its
    entrants are its teams) and its kind (its matches and entries met that kind's rules)."""
    facts = competition_facts(competition) if competition.pk is not None else None
    if facts is None:
        return {}
    values = {"competition": competition.name, "facts": facts, "ruling": ruling(competition)}
    return {
        "season": Refused(_("%(field)s: %(competition)s already has %(facts)s; its season cannot change; "
                            "%(ruling)s.") % {"field": label(Competition, "season"), **values}, code="fixed_season"),
        "kind": Refused(_("%(field)s: %(competition)s already has %(facts)s; its kind cannot change; %(ruling)s.")
                        % {"field": label(Competition, "kind"), **values}, code="fixed_kind"),
    }


@transaction.atomic
def check_competition(competition) -> None:
    """R15-R18: refuse a change of a competition that contradicts what it has on record; R21: of
    a closed season, none."""
    before = stored(competition)
    check_season_open(before, competition)
    if before is None:
        return
    problems = {name: refusal for name, refusal in competition_fixed(before).items()
                if changed(before, competition, name)}
    for name, rule in SETTING_RULES.items():  # in their order: the teams held before the competition
        if name not in problems and changed(before, competition, name):
            refusal = rule(before, getattr(competition, name))
            if refusal:
                problems[name] = refusal
    refuse_fields(problems)


ONE_A_SEASON = (Kind.CHAMPIONSHIP, Kind.CUP, Kind.FREE_GAMES)


def check_competition_in_season(competition) -> None:
    """R15, R16, R18: a season has one Team Championship, one Hungarian Cup and one free-games
    table (and any number of Grand Prix events); each competition of a season has its own short
    name, which its addresses carry. The database holds both as constraints; this says them in
    words, on their fields."""
    if competition.season_id is None:
        return
    others = Competition.objects.filter(season_id=competition.season_id).exclude(pk=competition.pk)
    season = Season.objects.get(pk=competition.season_id)
    problems = {}
    same_kind = others.filter(kind=competition.kind).first() if competition.kind in ONE_A_SEASON else None
    if same_kind is not None:
        problems["kind"] = Refused(
            _("%(field)s: the %(season)s season already has %(competition)s; a season has one Team Championship, "
              "one Hungarian Cup and one free-games table; %(ruling)s.")
            % {"field": label(Competition, "kind"), "season": season, "competition": same_kind.name,
               "ruling": ruling(competition)}, code="one_a_season")
    same_slug = others.filter(slug=competition.slug).first() if competition.slug else None
    if same_slug is not None:
        problems["slug"] = Refused(
            _("%(field)s: %(competition)s of the %(season)s season already has the short name \"%(slug)s\"; each "
              "competition of a season has its own.")
            % {"field": label(Competition, "slug"), "competition": same_slug.name, "season": season,
               "slug": competition.slug}, code="slug_taken")
    refuse_fields(problems)


def match_limit_refusal(competition, limit) -> Refused | None:
    """R15 (and the event's own ruling elsewhere): a limit under the matches a team has already
    played would make matches on record ones it may not play."""
    if limit >= competition.match_limit:
        return None
    hold_season_teams(competition.season_id)
    team, played = most_played(competition)
    if played <= limit:
        return None
    values = {"field": label(Competition, "match_limit"), "limit": limit, "team": team, "played": played,
              "ruling": ruling(competition)}
    if competition.kind == Kind.CHAMPIONSHIP:
        message = _("%(field)s: %(limit)s is fewer than the championship matches %(team)s has already played "
                    "this season (%(played)s); %(ruling)s.") % values
    else:
        message = _("%(field)s: %(limit)s is fewer than the matches %(team)s has already played in this event "
                    "(%(played)s); %(ruling)s.") % values
    return Refused(message, code="match_limit_played")


def most_played(competition) -> tuple[Team | None, int]:
    """The team with the most recorded matches where the competition's limit counts them (for the
    Championship, every match of the season that counts for it, R15), and how many."""
    if competition.kind == Kind.CHAMPIONSHIP:
        matches = counted_matches(competition.season_id)
    else:
        matches = competition.matches.all()
    played = Counter()
    for team_a, team_b in matches.filter(hand_sum_a__isnull=False).values_list("team_a_id", "team_b_id"):
        played.update((team_a, team_b))
    if not played:
        return None, 0
    team_id, count = played.most_common(1)[0]
    return Team.objects.get(pk=team_id), count


def annual_meeting_refusal(competition, meeting) -> Refused | None:
    """R15: a later annual meeting must not put before it a championship match played without the
    jury's agreement given before play, which a match before the meeting needs."""
    if competition.kind != Kind.CHAMPIONSHIP:
        return None
    meeting = Competition(season=competition.season, annual_meeting=meeting).annual_meeting_date()
    if meeting <= competition.annual_meeting_date():
        return None
    hold_season_teams(competition.season_id)
    early = (counted_matches(competition.season_id).exclude(state=Match.State.SCHEDULED)
             .filter(played_on__lt=meeting).select_related("team_a", "team_b").order_by("played_on", "pk"))
    match = next((match for match in early if not agreed_before_play(match)), None)
    if match is None:
        return None
    return Refused(_("%(field)s: %(team_a)s - %(team_b)s was played on %(date)s without the jury's agreement, "
                     "which a match before the annual meeting needs; R15.")
                   % {"field": label(Competition, "annual_meeting"), "team_a": match.team_a,
                      "team_b": match.team_b, "date": date_format(match.played_on)}, code="R15_meeting_after_play")


def blind_confirmation_refusal(competition, blind) -> Refused | None:
    """A match awaiting confirmation is confirmed the way it was submitted for: switched on, its
    confirming juror may already have seen the first entry; switched off, one typing it blind
    would be shown it."""
    hold_season_teams(competition.season_id)  # a submission holds the match's teams (matches._change_state)
    waiting = competition.matches.filter(state=Match.State.ENTERED).count()
    if not waiting:
        return None
    message = ngettext(
        "%(field)s: %(count)s match of %(competition)s awaits confirmation; the way it is confirmed cannot "
        "change under it (confirm it or send it back first); %(ruling)s.",
        "%(field)s: %(count)s matches of %(competition)s await confirmation; the way they are confirmed cannot "
        "change under them (confirm them or send them back first); %(ruling)s.", waiting,
    ) % {"field": label(Competition, "blind_confirmation"), "count": waiting, "competition": competition.name,
         "ruling": ruling(competition)}
    return Refused(message, code="blind_confirmation_waiting")


def max_teams_refusal(competition, most) -> Refused | None:
    """R16: the Cup cannot take fewer teams than have entered it."""
    locked_competition(competition.pk)
    entered = competition.cup_entries.count()
    if most >= entered:
        return None
    return Refused(_("%(field)s: %(competition)s already has %(count)s entries, more than %(most)s; R16.")
                   % {"field": label(Competition, "max_teams"), "competition": competition.name,
                      "count": entered, "most": most}, code="R16_max_teams")


def registration_opens_refusal(competition, opens) -> Refused | None:
    """R16: registration cannot open after a team has entered."""
    opens = Competition(season=competition.season, registration_opens=opens).registration_opens_date()
    locked_competition(competition.pk)
    early = competition.cup_entries.filter(entered_on__lt=opens).select_related("team").order_by("entered_on").first()
    if early is None:
        return None
    return Refused(_("%(field)s: %(team)s entered on %(date)s, before %(opens)s; registration cannot open after an "
                     "entry; R16.") % {"field": label(Competition, "registration_opens"), "team": early.team,
                                       "date": date_format(early.entered_on), "opens": date_format(opens)},
                   code="R16_opens_after_entry")


SETTING_RULES = {
    "match_limit": match_limit_refusal,
    "annual_meeting": annual_meeting_refusal,
    "blind_confirmation": blind_confirmation_refusal,
    "max_teams": max_teams_refusal,
    "registration_opens": registration_opens_refusal,
}


# --- Cup entries (R16) ------------------------------------------------------------------------


def drawn_entries(competition) -> Refused:
    return Refused(_("%(field)s: the draw of %(cup)s is made; its entries stay as they were drawn; R16.")
                   % {"field": label(CupEntry, "team"), "cup": competition.name}, code="R16_drawn_entries")


@transaction.atomic
def check_cup_entry(entry) -> None:
    """R16: an entry is made or changed while registration is open, as cup.check_entry has it;
    after the draw the entries are the draw's and stay."""
    before = stored(entry)
    if before is not None and not (changed(before, entry, "team") or changed(before, entry, "entered_on")):
        return
    check_season_open(before, entry)
    competition = locked_competition(entry.competition_id)
    if before is not None and competition.drawn_at is not None:
        raise Refused({"team": drawn_entries(competition)})
    try:
        cup.check_entry(competition, entry.team, entry.entered_on, other_than=entry.pk)
    except Refused as refused:
        raise cup_entry_refusal(refused) from None


def cup_entry_refusal(refused: Refused) -> Refused:
    """A refusal of cup.check_entry on the entry's field it is about: the date for an entry before
    registration opens, the team otherwise."""
    return on_field(CupEntry, "entered_on" if refused.code == "R16_early" else "team", refused)


@transaction.atomic
def check_cup_entry_removal(entry) -> None:
    """R16: an entry is withdrawn only before the draw; R21: never in a closed season."""
    check_season_removal(entry)
    competition = locked_competition(entry.competition_id)
    if competition.drawn_at is not None:
        raise Refused({"team": drawn_entries(competition)})


@transaction.atomic
def withdraw_cup_entry(entry, user) -> None:
    """R16: the entry withdrawn, as check_cup_entry_removal allows, with its history."""
    check_cup_entry_removal(entry)
    stamp(entry, user, _("Withdrawn from the Cup"))
    entry.delete()


# --- Grand Prix entries (R17) -----------------------------------------------------------------


@transaction.atomic
def check_grand_prix_entry(entry) -> None:
    """R17: a team of the event's season, entered once; an entry changed to another team is the
    first team withdrawn, which needs it to have no match in the event."""
    before = stored(entry)
    if before is not None and not changed(before, entry, "team"):
        return
    check_season_open(before, entry)
    Team.objects.hold([entry.team_id] + ([before.team_id] if before else []))  # as grand_prix.remove_entry
    event = grand_prix.locked_event(entry.competition)
    try:
        if before is not None:
            grand_prix.check_removable(event, before.team)
        grand_prix.check_entry(event, entry.team, other_than=entry.pk)
    except Refused as refused:
        raise on_field(GrandPrixEntry, "team", refused) from None


@transaction.atomic
def check_grand_prix_entry_removal(entry) -> None:
    """R17: an entrant with matches in the event stays entered (grand_prix.remove_entry); R21:
    a closed season's entrants stay."""
    check_season_removal(entry)
    Team.objects.hold([entry.team_id])
    event = grand_prix.locked_event(entry.competition)
    try:
        grand_prix.check_removable(event, entry.team)
    except Refused as refused:
        raise on_field(GrandPrixEntry, "team", refused) from None
