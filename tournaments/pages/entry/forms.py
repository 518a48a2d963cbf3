"""The jury's entry forms: one form a hand (the hand reader's, tournaments.pages.hand_reader, with the
engine's problems shown on its inputs), the match's buttons, a record file's import, the match
list's filters and a match's particulars.
"""

import json

from django import forms
from django.forms.renderers import Jinja2
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.core import bridge, words
from tournaments.core.collation import hungarian
from tournaments.core.competitions.cup import current_round_tie, current_round_ties
from tournaments.core.lines import line_name
from tournaments.core.models import Competition, Match, Team
from tournaments.core.text import visible_text
from tournaments.pages.hand_reader import HandReader, initial_for, problem_field
from tournaments.recording import notation, wording

VERSION_LIMIT = 2**31 - 1  # a database integer; a posted version beyond it is no version at all
RECORD_FILE_LIMIT = 1_000_000  # bytes; a full 8-hand record with every trick is some 30 kB

# The hands' inputs are written by Django's own widget templates in their Jinja2 version, which
# Django ships beside the template language's (django/forms/jinja2/): the same widgets, attributes
# and escaping. Measured on a match's entry page of 8 stored hands (88 inputs; CPU of a GET, median
# of 20, three runs): 73-98 ms through the template language's widget templates, 38-50 ms through
# the Jinja2 ones (31-56 ms when the inputs were written in Python). The inputs alone: some 58 ms
# against 7. The page shows them on match day and every hand save answers with them again.
HAND_INPUTS = Jinja2()


class HandForm(HandReader):
    """The entry page's form of a hand: the reader's fields, with the engine's problems shown next
    to the inputs they concern, in the juror's words (tournaments.recording.wording)."""

    default_renderer = HAND_INPUTS

    # The lines each box shows at least (it grows with what is typed): a hand's announcements are
    # usually up to three, a deal four lines (one a seat), the tricks ten (one a trick).
    ROWS = {"announcements": 3, "deal": 4, "tricks": 10}

    def __init__(self, *args, number, **kwargs):
        super().__init__(*args, number=number, **kwargs)
        self.problems = {}  # form field -> the engine's problems shown next to it
        self.hand_problems = []  # problems that concern the whole hand
        for name, rows in self.ROWS.items():
            self.fields[name].widget.attrs.update({"rows": rows, "data-min-rows": rows})

    def _entries(self, names):
        """(bound field, the engine's problems about it) pairs, in tab order."""
        return [(self[name], self.problems.get(name, [])) for name in names]

    @property
    def holding_entries(self):
        return self._entries(("attackers", "a_trumps", "a_honours", "a_high", "b_trumps", "b_honours", "b_high"))

    @property
    def play_entries(self):
        return self._entries(("announcements", "silent"))

    @property
    def full_entries(self):
        return self._entries(("deal", "tricks"))

    @property
    def has_full_record(self):
        return bool(self["deal"].value() or self["tricks"].value())

    def show_problems(self, problems):
        """Attach the engine's problems (fields relative to this hand) to the inputs they concern,
        worded for the juror (tournaments.recording.wording)."""
        for problem in self._relevant(problems):
            target = problem_field(problem.field)
            text = wording.word(problem).shown()
            if target is None:
                self.hand_problems.append(text)
            else:
                self.problems.setdefault(target, []).append(text)
        self.mark_invalid()

    def _relevant(self, problems):
        """B's holdings left empty follow from A's (R1): while A's are incomplete, say only what A
        lacks, not that B's (which the juror did not type) or the pack's sums are wrong."""
        b_typed = any(str(self.data.get(self.add_prefix(name), "")).strip()
                      for name in ("b_trumps", "b_honours", "b_high"))
        a_missing = any(problem.field.startswith("holdings.A.") for problem in problems)
        for problem in problems:
            if not b_typed and a_missing and (problem.field.startswith("holdings.B") or problem.field == "holdings"):
                continue
            yield problem

    def show_all_problems(self):
        """A hand whose fields have problems: those, and the engine's problems of what could be read."""
        self.show_problems(self.engine_problems())

    def mark_invalid(self):
        """aria-invalid on each input with a problem, described by the problem next to it."""
        for name in self.fields:
            if self.problems.get(name) or (self.is_bound and self.errors.get(name)):
                self.fields[name].widget.attrs.update({
                    "aria-invalid": "true", "aria-describedby": f"{self[name].auto_id}-problems"})

    def summary(self):
        """(input id, "Hand 5 · Announcements, line 3: ...") of each problem, in the page's order."""
        found = []
        for name in self.fields:
            texts = list(self.problems.get(name, []))
            if self.is_bound:
                texts += [f"{self[name].label}: {error}" for error in self.errors.get(name, [])]
            found += [(self[name].auto_id, wording.with_hand(self.number, text)) for text in texts]
        first = self["a_trumps"].auto_id
        found += [(first, wording.with_hand(self.number, text)) for text in self.hand_problems]
        return found

    @property
    def understood(self):
        """What the notation was read as, in words (B's holdings when they follow from A's)."""
        record = self.record if self.is_bound else None
        if not record:
            return []
        lines = []
        holdings = record.get("holdings")
        b_blank = not any(str(self.data.get(self.add_prefix(name), "")).strip()
                          for name in ("b_trumps", "b_honours", "b_high"))
        if holdings and b_blank:
            b = holdings["B"]
            lines.append(_("B, from A's: %(trumps)s trumps, %(honours)s honours, of XVI-XVIII: %(high)s") % {
                "trumps": b["trumps"], "honours": b["honours"], "high": " ".join(b["high_trumps"]) or _("none")})
        for item in record.get("announcements") or []:
            lines.append(notation.announcement_words(item))
        for item in record.get("silent") or []:
            lines.append(_("%(premium)s: team %(team)s") % {"premium": line_name(item["premium"]),
                                                             "team": item["team"]})
        return lines

    @property
    def has_problems(self):
        return bool(self.problems or self.hand_problems or (self.is_bound and self.errors))


def hand_forms(count, data=None, records=None):
    """One form a hand; a hand not saved yet defaults to the attack alternating from hand 1 (R3)."""
    first = records[0]["attackers"] if records else "A"
    forms_ = []
    for number in range(1, count + 1):
        if records and number <= len(records):
            initial = initial_for(records[number - 1], number)
        else:
            initial = {"attackers": bridge.attackers_in_hand(number, known_number=1, known_attackers=first)}
        forms_.append(HandForm(data, number=number, initial=initial))
    return forms_


def version_field():
    """A match's version as the page showed it (optimistic locking); stored versions are small."""
    return forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=VERSION_LIMIT)


class VersionForm(forms.Form):
    """The version a button's form (submit, confirm, agree) sends with it."""

    version = version_field()


class PaperAgreementForm(forms.Form):
    """R15: an agreement the chief jury gave on paper before the match was played."""

    version = version_field()
    given_on = forms.DateField(label=gettext_lazy("Agreed on"), widget=forms.DateInput(attrs={"type": "date"}))
    given_by = forms.CharField(label=gettext_lazy("Agreed by"), max_length=50)


class MatchSaveForm(forms.Form):
    version = version_field()
    reason = forms.CharField(label=gettext_lazy("Reason for the correction"), required=False, max_length=300,
                             widget=forms.TextInput(attrs={"size": 60}))

    def clean_reason(self):
        return visible_text(self.cleaned_data["reason"])


class SendBackForm(forms.Form):
    version = version_field()
    comment = forms.CharField(label=gettext_lazy("What should be checked"), max_length=500,
                              widget=forms.Textarea(attrs={"rows": 2, "aria-describedby": "send-back-keys"}))

    def clean_comment(self):
        # Nothing invisible at either end: no line break left by the Enter that sent it.
        comment = visible_text(self.cleaned_data["comment"])
        if not comment:
            raise forms.ValidationError(_("Say why the match is sent back."), code="invisible")
        return comment


class ImportForm(forms.Form):
    version = version_field()
    record = forms.FileField(label=gettext_lazy("Match record (JSON, FORMAT.md)"))
    reason = forms.CharField(label=gettext_lazy("Reason (needed for a confirmed match)"), required=False,
                             max_length=300)

    def clean_record(self):
        record = self.cleaned_data["record"]
        if record.size > RECORD_FILE_LIMIT:
            raise forms.ValidationError(
                _("The file is %(size)s kB; a match record is at most %(limit)s kB."), code="too_large",
                params={"size": record.size // 1000, "limit": RECORD_FILE_LIMIT // 1000})
        return record

    def clean_reason(self):
        return visible_text(self.cleaned_data["reason"])


def read_record_file(upload):
    """(the uploaded record read from JSON, None), or (None, why it cannot be read, in plain words)."""
    try:
        return json.loads(upload.read().decode("utf-8")), None
    except UnicodeDecodeError:
        return None, _("The file is not a JSON record: it is not UTF-8 text.")
    except json.JSONDecodeError as error:
        return None, _("The file is not a JSON record: %(error)s (line %(line)s, column %(column)s).") % {
            "error": error.msg, "line": error.lineno, "column": error.colno}
    except RecursionError:
        return None, _("The file is not a match record: its lists and objects are nested too deeply.")
    except ValueError:  # Python reads integers of at most 4,300 digits
        return None, _("The file is not a match record: it holds a number too long to read.")


# --- the match list's filters ------------------------------------------------------------------


def date_field(label):
    return forms.DateField(label=label, required=False,
                           widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))


class MatchFilterForm(forms.Form):
    """What the jury's match list shows: a state, a competition, the days played (both included).

    Sent with GET; every field may be left empty. A field that does not read (a date typed wrong,
    an unknown competition) is shown with its error and filters nothing."""

    state = forms.ChoiceField(label=gettext_lazy("State"), required=False, widget=forms.HiddenInput,
                              choices=[("", "")] + Match.State.choices)
    competition = forms.TypedChoiceField(label=gettext_lazy("Competition"), required=False, coerce=int,
                                         empty_value=None)
    played_from = date_field(gettext_lazy("Played from"))
    played_to = date_field(gettext_lazy("Played until"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        competitions = (Competition.objects.select_related("season")
                        .order_by("-season__year", "kind", hungarian("name")))
        self.fields["competition"].choices = [("", _("All competitions"))] + [
            (competition.pk, str(competition)) for competition in competitions]

    def clean(self):
        data = super().clean()
        first, last = data.get("played_from"), data.get("played_to")
        if first and last and first > last:
            self.add_error("played_to", forms.ValidationError(
                _("The last day comes before the first (%(first)s)."), code="dates_reversed",
                params={"first": date_format(first)}))
        return data

    def filter(self, matches):
        """The matches the filters that read keep."""
        if not self.is_bound:
            return matches
        self.is_valid()
        data = self.cleaned_data
        lookups = {"state": data.get("state"), "competition_id": data.get("competition"),
                   "played_on__gte": data.get("played_from"), "played_on__lte": data.get("played_to")}
        return matches.filter(**{lookup: value for lookup, value in lookups.items() if value})

    @property
    def is_filtering(self) -> bool:
        return self.is_bound and any(self.cleaned_data.get(name) for name in self.fields)



# --- a match's particulars (scheduling) ------------------------------------------------------

SEATS = (("a_driver", "team_a", "driver"), ("a_catcher", "team_a", "catcher"),
         ("b_driver", "team_b", "driver"), ("b_catcher", "team_b", "catcher"))
SCHEDULED_KINDS = (Competition.Kind.CHAMPIONSHIP, Competition.Kind.CUP, Competition.Kind.GRAND_PRIX)


class MatchForm(forms.ModelForm):
    """A match's particulars: where and when, which teams, the four players at the table (R14)
    and, for a Cup match, its tie (R16). The competitions' rules are checked when it is saved."""

    team_a = forms.TypedChoiceField(label=gettext_lazy("Team A"), coerce=int)
    team_b = forms.TypedChoiceField(label=gettext_lazy("Team B"), coerce=int)
    a_driver = forms.TypedChoiceField(label=gettext_lazy("A: Driver's seat"), coerce=int, required=False,
                                      empty_value=None)
    a_catcher = forms.TypedChoiceField(label=gettext_lazy("A: Catcher's seat"), coerce=int, required=False,
                                       empty_value=None)
    b_driver = forms.TypedChoiceField(label=gettext_lazy("B: Driver's seat"), coerce=int, required=False,
                                      empty_value=None)
    b_catcher = forms.TypedChoiceField(label=gettext_lazy("B: Catcher's seat"), coerce=int, required=False,
                                       empty_value=None)
    cup_tie = forms.TypedChoiceField(label=gettext_lazy("Cup tie (Cup matches)"), coerce=int, required=False,
                                     empty_value=None,
                                     help_text=gettext_lazy(
                                         "Empty: the current round's tie of these two teams (R16)."))
    version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0, max_value=VERSION_LIMIT)
    # R15: the chief jury records, with a match played since, an agreement given on paper before it.
    agreed_on_paper_on = forms.DateField(label=gettext_lazy("Agreed on paper on"), required=False,
                                         widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                                         help_text=gettext_lazy("Chief jury: a private or early Championship "
                                                                "match agreed on paper before it was played (R15)."))
    agreed_on_paper_by = forms.CharField(label=gettext_lazy("Agreed on paper by"), required=False, max_length=50)

    class Meta:
        model = Match
        fields = ["competition", "kind", "team_a", "team_b", "played_on", "place", "played_publicly",
                  "a_driver", "a_catcher", "b_driver", "b_catcher", "cup_tie"]
        widgets = {"played_on": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.season = season
        self.teams = {team.pk: team for team in Team.objects.filter(season=season).with_players()}
        self.players = {player.pk: player for team in self.teams.values() for player in team.members()}
        self.fields["competition"].queryset = Competition.objects.filter(
            season=season, kind__in=SCHEDULED_KINDS).select_related("season")
        team_choices = [("", "---------")] + [(pk, team.name) for pk, team in self.teams.items()]
        self.fields["team_a"].choices = self.fields["team_b"].choices = team_choices
        for name, team_field, role in SEATS:
            self.fields[name].choices = self._player_choices(role, self._chosen_team(team_field))
            self.fields[name].widget.attrs["data-team-field"] = f"id_{team_field}"
        self.ties = {tie.pk: tie for tie in current_round_ties(season)}
        if self.instance.cup_tie_id and self.instance.cup_tie_id not in self.ties:
            self.ties[self.instance.cup_tie_id] = self.instance.cup_tie
        self.fields["cup_tie"].choices = [("", "---------")] + [(pk, str(tie)) for pk, tie in self.ties.items()]
        if self.instance.pk:
            # A stored match's particulars are saved only against the version the page showed.
            self.fields["version"].required = True
            self.fields["version"].initial = self.instance.version

    def paper_agreement(self):
        """(the date, who gave it) of an agreement given on paper, when the form gives one (R15)."""
        given_on = self.cleaned_data.get("agreed_on_paper_on")
        given_by = self.cleaned_data.get("agreed_on_paper_by", "")
        return (given_on, given_by) if given_on or given_by else None

    def _chosen_team(self, team_field):
        """The team of that side as typed or stored (None before it is chosen)."""
        value = self.data.get(self.add_prefix(team_field)) if self.is_bound else None
        value = value or getattr(self.instance, f"{team_field}_id", None)
        try:
            return self.teams.get(int(value)) if value else None
        except ValueError:
            return None

    def _player_choices(self, role, own_team=None):
        """Every season team's players, grouped by team, the seat's own team first (its substitute
        included, R14); empty means the team's own player. The page moves the team chosen first."""
        blank = _("(the team's Driver)") if role == "driver" else _("(the team's Catcher)")
        # The roles as the association names them, in small letters like "substitute" (words.role_name).
        roles = {"driver": words.role_name("driver"), "catcher": words.role_name("catcher"),
                 "substitute": _("substitute")}
        groups = []
        teams = sorted(self.teams.values(), key=lambda team: team != own_team)
        for team in teams:
            members = [(getattr(team, f"{place}_id"), place) for place in ("driver", "catcher", "substitute")]
            groups.append((team.name, [(pk, f"{self.players[pk].name} ({roles[place]})")
                                       for pk, place in members if pk is not None]))
        return [("", blank)] + groups

    def clean_team_a(self):
        return self.teams[self.cleaned_data["team_a"]]

    def clean_team_b(self):
        return self.teams[self.cleaned_data["team_b"]]

    def clean_a_driver(self):
        return self._player("a_driver")

    def clean_a_catcher(self):
        return self._player("a_catcher")

    def clean_b_driver(self):
        return self._player("b_driver")

    def clean_b_catcher(self):
        return self._player("b_catcher")

    def _player(self, name):
        pk = self.cleaned_data[name]
        return None if pk is None else self.players[pk]

    def clean_cup_tie(self):
        pk = self.cleaned_data["cup_tie"]
        return None if pk is None else self.ties[pk]

    def clean_played_on(self):
        played_on = self.cleaned_data["played_on"]
        if played_on.year != self.season.year:
            raise forms.ValidationError(
                _("R15: a match of the %(year)s season is played between 1 January and 31 December %(year)s."),
                code="R15_season", params={"year": self.season.year})
        return played_on

    def clean(self):
        data = super().clean()
        team_a, team_b = data.get("team_a"), data.get("team_b")
        if team_a and team_b and team_a == team_b:
            self.add_error("team_b", _("A team does not play itself; choose two teams."))
        elif team_a and team_b:
            self._fill_seats(data, {"team_a": team_a, "team_b": team_b})
            self._check_cup_tie(data, team_a, team_b)
        return data

    def _fill_seats(self, data, teams):
        """R14: each seat is taken by its team's player of that role or by the team's substitute;
        an empty seat is the team's own Driver or Catcher."""
        for name, team_field, role in SEATS:
            team = teams[team_field]
            other = teams["team_b" if team_field == "team_a" else "team_a"]
            player = data.get(name) or getattr(team, role)
            data[name] = player
            problem = seat_problem(player, team, other, role)
            if problem:
                self.add_error(name, problem)
        for team_field, driver, catcher in (("team_a", "a_driver", "a_catcher"), ("team_b", "b_driver", "b_catcher")):
            if driver not in self.errors and catcher not in self.errors and data[driver] == data[catcher]:
                self.add_error(catcher, _("R14: %(player)s cannot take both seats of %(team)s.")
                               % {"player": data[catcher], "team": teams[team_field]})

    def _check_cup_tie(self, data, team_a, team_b):
        """R16: a Cup match belongs to the current round's tie of its two teams (found when left
        empty). A Grand Prix match is counted for a tie on its own page (R17)."""
        competition, tie = data.get("competition"), data.get("cup_tie")
        if competition is None:
            return
        if competition.kind == Competition.Kind.CUP:
            if tie is None:
                data["cup_tie"] = current_round_tie(self.season, team_a, team_b)
        elif tie is not None and tie.pk != self.instance.cup_tie_id:
            self.add_error("cup_tie", _("R17: only a Cup match is scheduled into a tie here; a Grand Prix match "
                                        "is counted for a Cup tie on its own page."))


def seat_problem(player, team, other, role):
    """R14: why ``player`` may not take ``team``'s seat of ``role`` (None when he may)."""
    if player.pk in (getattr(team, f"{role}_id"), team.substitute_id):
        return None
    if player.pk in team.member_ids():
        place = _("Driver") if role == "catcher" else _("Catcher")
        return _("R14: %(player)s is %(team)s's %(place)s; roles are fixed, only the substitute takes either "
                 "seat.") % {"player": player, "team": team, "place": place}
    if player.pk in other.member_ids():
        return _("R14: %(player)s plays for %(other)s, not for %(team)s.") % {
            "player": player, "other": other, "team": team}
    return _("R14: %(player)s plays for neither %(team)s nor %(other)s.") % {
        "player": player, "team": team, "other": other}
