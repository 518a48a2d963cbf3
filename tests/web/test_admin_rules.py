"""The admin changes no fact the rules forbid (R14-R17): an organiser's edit that would contradict
the matches, entries and draws on record is refused with a sentence on the field (its label, the
rule, the ruling) and changes nothing; what can never change again is shown read-only; the edits
the facts allow still go through. Every request is a real admin request of an organiser, sending
what the admin's page offers (read from the page, as a browser does) with the organiser's change;
matches are recorded and confirmed through the jury's steps, so their scores are the engine's."""

import datetime
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from tests.factories import (
    eight_hand_records,
    make_competition,
    make_match,
    make_player,
    make_season,
    make_team,
    make_user,
)
from tournaments.core.competitions import changes, cup, grand_prix
from tournaments.core.models import Competition, CupEntry, CupTie, GrandPrixEntry, Match, Player, Season, Team
from tournaments.core.refusals import Refused
from tournaments.recording import matches
from tournaments.recording.backup import backed_up_models

pytestmark = pytest.mark.django_db

MARCH = datetime.date(2025, 3, 1)
AUGUST_25 = datetime.date(2025, 8, 25)
SEPTEMBER = datetime.date(2025, 9, 1)
FACTS = (Season, Team, Competition, CupEntry, CupTie, GrandPrixEntry, Match, Player)


# --- the admin's pages, as a browser sends them ------------------------------------------------------------------


class _FormFields(HTMLParser):
    """What a browser sends with a form: every named input, checked box, chosen option and text
    area that is not disabled (read-only fields are text on the page, so they are not sent)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.data, self._select, self._chosen, self._textarea = {}, None, False, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "disabled" in attrs:
            return
        if tag == "input" and attrs.get("name") and attrs.get("type") not in ("submit", "button", "file"):
            if attrs.get("type") not in ("checkbox", "radio") or "checked" in attrs:
                self.data[attrs["name"]] = attrs.get("value", "on" if attrs.get("type") == "checkbox" else "")
        elif tag == "select":
            self._select, self._chosen = attrs.get("name"), False
        elif tag == "option" and self._select and (not self._chosen or "selected" in attrs):
            self.data[self._select], self._chosen = attrs.get("value", ""), "selected" in attrs
        elif tag == "textarea":
            self._textarea = attrs.get("name")
            self.data[self._textarea] = ""

    def handle_endtag(self, tag):
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data):
        if self._textarea:
            self.data[self._textarea] += data


def change_url(obj):
    return reverse(f"admin:tournaments_{obj._meta.model_name}_change", args=[obj.pk])


def page_form(client, url):
    """The admin page's form, as its fields would be sent, with the page's context."""
    response = client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    start = page.index('<form', page.index('id="content-main"'))
    reader = _FormFields()
    reader.feed(page[start:page.index("</form>", start)])
    return reader.data | {"_save": "Save"}


def facts():
    """Every row of the facts the admin could touch, and how many history records each has."""
    rows = {model.__name__: list(model.objects.order_by("pk").values()) for model in FACTS}
    kept = [model for model in FACTS if hasattr(model, "history")]
    return rows | {f"history of {model.__name__}": model.history.count() for model in kept}


def refused(client, url, data):
    """POST ``data``: the page comes back with its errors (200) and nothing is stored."""
    before = facts()
    response = client.post(url, data)
    assert response.status_code == 200, response.status_code
    assert facts() == before
    return response


def field_errors(response, field):
    return response.context["adminform"].form.errors.get(field, [])


def saved(client, url, data):
    response = client.post(url, data)
    errors = response.context["adminform"].form.errors if response.status_code == 200 else {}
    assert response.status_code == 302, errors
    return response


@pytest.fixture
def organiser(client):
    client.force_login(make_user("organiser", username="organiser"))
    return client


# --- the facts: a Cup drawn and played, a Grand Prix played, a Championship played --------------------------------


def drawn_cup(*names, **settings):
    """A Cup of the 2025 season with ``names`` entered on 25 August and drawn as listed."""
    the_cup = make_competition(Competition.Kind.CUP, name="Magyar Kupa 2025", slug="kupa", **settings)
    teams = [make_team(name) for name in names]
    for team in teams:
        cup.enter_team(the_cup, team, on=AUGUST_25)
    cup.make_draw(the_cup, pairs=[tuple(teams[i:i + 2]) for i in range(0, len(teams), 2)])
    return the_cup, teams


def played_cup():
    """The Cup's final, Tisza TK against Duna TK, its three matches confirmed (R16)."""
    the_cup, (tisza, duna) = drawn_cup("Tisza TK", "Duna TK")
    tie = CupTie.objects.get(competition=the_cup)
    for _ in range(3):
        make_match(tisza, duna, the_cup, eight_hand_records(), played_on=SEPTEMBER, cup_tie=tie, confirmed=True)
    return the_cup, tisza, duna


def grand_prix_event(*names, **settings):
    event = make_competition(Competition.Kind.GRAND_PRIX, name="Nagydíj Szeged", slug="szeged", **settings)
    teams = [make_team(name) for name in names]
    for team in teams:
        grand_prix.enter_team(event, team)
    return event, teams


def play(team_a, team_b, competition, *, confirmed=True, **extra):
    return make_match(team_a, team_b, competition, eight_hand_records(), played_on=MARCH, confirmed=confirmed,
                      **extra)


# --- competitions: season and kind --------------------------------------------------------------------------------


def test_a_cup_with_confirmed_matches_keeps_its_season(organiser):
    the_cup, _tisza, _duna = played_cup()
    other = make_season(2026)
    url = change_url(the_cup)
    data = page_form(organiser, url)
    assert "season" not in data and "kind" not in data  # shown read-only

    response = refused(organiser, url, data | {"season": other.pk})  # as a page opened before the matches sends it

    assert field_errors(response, "season") == [
        "Season: Magyar Kupa 2025 already has 3 matches on record; its season cannot change; R16."]


def test_a_competition_with_entries_keeps_its_kind(organiser):
    event, _teams = grand_prix_event("Tisza TK", "Duna TK")
    url = change_url(event)

    response = refused(organiser, url, page_form(organiser, url) | {"kind": Competition.Kind.CUP})

    assert field_errors(response, "kind") == [
        "Kind: Nagydíj Szeged already has 2 entries; its kind cannot change; R17."]


def test_a_played_cup_is_still_renamed_and_its_page_sent_as_shown(organiser):
    the_cup, _tisza, _duna = played_cup()
    url = change_url(the_cup)

    saved(organiser, url, page_form(organiser, url) | {"name": "Magyar Kupa 2025 (döntő)"})

    the_cup.refresh_from_db()
    assert the_cup.name == "Magyar Kupa 2025 (döntő)" and the_cup.season.year == 2025
    assert the_cup.cup_entries.count() == 2


def test_a_competition_without_facts_changes_season_and_kind(organiser):
    event = make_competition(Competition.Kind.GRAND_PRIX, name="Nagydíj Pécs", slug="pecs")
    other = make_season(2026)
    url = change_url(event)

    saved(organiser, url, page_form(organiser, url) | {"season": other.pk, "kind": Competition.Kind.CUP})

    event.refresh_from_db()
    assert (event.season, event.kind) == (other, Competition.Kind.CUP)


# --- competitions: the match limit, blind confirmation, the Cup's settings ----------------------------------------


def test_the_championship_match_limit_is_not_lowered_under_a_teams_matches(organiser):
    championship = make_competition(name="Csapatbajnokság 2025", slug="cb")
    tisza, duna, sajo = make_team("Tisza TK"), make_team("Duna TK"), make_team("Sajó TK")
    play(tisza, duna, championship)
    play(sajo, tisza, championship, confirmed=False)  # recorded, awaiting confirmation: it counts (R15)
    url = change_url(championship)

    response = refused(organiser, url, page_form(organiser, url) | {"match_limit": 1})

    assert field_errors(response, "match_limit") == [
        "Championship matches a team may play: 1 is fewer than the championship matches Tisza TK has already "
        "played this season (2); R15."]
    saved(organiser, url, page_form(organiser, url) | {"match_limit": 2})
    championship.refresh_from_db()
    assert championship.match_limit == 2


def test_a_grand_prix_match_limit_is_not_lowered_under_a_teams_matches(organiser):
    event, (tisza, duna, sajo) = grand_prix_event("Tisza TK", "Duna TK", "Sajó TK")
    play(tisza, duna, event)
    play(tisza, sajo, event)
    url = change_url(event)

    response = refused(organiser, url, page_form(organiser, url) | {"match_limit": 1})

    assert field_errors(response, "match_limit") == [
        "Championship matches a team may play: 1 is fewer than the matches Tisza TK has already played in this "
        "event (2); R17."]


def test_blind_confirmation_is_not_switched_on_while_a_match_awaits_confirmation(organiser):
    event, (tisza, duna) = grand_prix_event("Tisza TK", "Duna TK")
    waiting = play(tisza, duna, event, confirmed=False)
    assert waiting.state == Match.State.ENTERED
    url = change_url(event)

    response = refused(organiser, url, page_form(organiser, url) | {"blind_confirmation": "on"})

    assert field_errors(response, "blind_confirmation") == [
        "Blind confirmation: 1 match of Nagydíj Szeged awaits confirmation; the way it is confirmed cannot change "
        "under it (confirm it or send it back first); R17."]
    matches.confirm_match(waiting, make_user("chief"))
    saved(organiser, url, page_form(organiser, url) | {"blind_confirmation": "on"})
    event.refresh_from_db()
    assert event.blind_confirmation


def test_blind_confirmation_is_not_switched_off_while_a_match_awaits_it(organiser):
    event, (tisza, duna) = grand_prix_event("Tisza TK", "Duna TK", blind_confirmation=True)
    play(tisza, duna, event, confirmed=False)
    url = change_url(event)
    data = page_form(organiser, url)
    del data["blind_confirmation"]  # the box unticked

    response = refused(organiser, url, data)

    assert "R17." in field_errors(response, "blind_confirmation")[0]


def test_the_annual_meeting_is_not_moved_after_a_match_played_without_agreement(organiser):
    championship = make_competition(name="Csapatbajnokság 2025", slug="cb")
    play(make_team("Tisza TK"), make_team("Duna TK"), championship)  # on 1 March, after 15 January
    url = change_url(championship)

    response = refused(organiser, url, page_form(organiser, url) | {"annual_meeting": "2025-03-10"})

    assert field_errors(response, "annual_meeting") == [
        "Annual meeting: Tisza TK - Duna TK was played on 2025-03-01 without the jury's agreement, which a match "
        "before the annual meeting needs; R15."]
    saved(organiser, url, page_form(organiser, url) | {"annual_meeting": "2025-02-01"})


def test_the_cup_takes_no_fewer_teams_than_have_entered_nor_opens_after_an_entry(organiser):
    the_cup = make_competition(Competition.Kind.CUP, name="Magyar Kupa 2025", slug="kupa")
    for name in ("Tisza TK", "Duna TK", "Sajó TK"):
        cup.enter_team(the_cup, make_team(name), on=AUGUST_25)
    url = change_url(the_cup)

    changed = {"max_teams": 2, "registration_opens": "2025-09-01"}
    response = refused(organiser, url, page_form(organiser, url) | changed)

    assert field_errors(response, "max_teams") == [
        "Most teams: Magyar Kupa 2025 already has 3 entries, more than 2; R16."]
    assert field_errors(response, "registration_opens") == [
        "Registration opens: Tisza TK entered on 2025-08-25, before 2025-09-01; registration cannot open "
        "after an entry; R16."]
    saved(organiser, url, page_form(organiser, url) | {"max_teams": 3})


def test_a_drawn_cup_is_not_deleted_with_its_entries_and_ties(organiser):
    # The ties are the draw's, which no organiser deletes (the admin shows them read-only).
    the_cup, _teams = drawn_cup("Tisza TK", "Duna TK")
    before = facts()

    response = organiser.post(reverse("admin:tournaments_competition_delete", args=[the_cup.pk]), {"post": "yes"})

    assert response.status_code == 403 and facts() == before
    page = organiser.get(reverse("admin:tournaments_competition_delete", args=[the_cup.pk])).content.decode()
    assert "<title>Cannot delete competition" in page


def test_a_cup_is_deleted_before_its_draw(organiser):
    the_cup = make_competition(Competition.Kind.CUP, name="Magyar Kupa 2025", slug="kupa")
    cup.enter_team(the_cup, make_team("Tisza TK"), on=AUGUST_25)

    response = organiser.post(reverse("admin:tournaments_competition_delete", args=[the_cup.pk]), {"post": "yes"})

    assert response.status_code == 302 and not Competition.objects.filter(pk=the_cup.pk).exists()


# --- Cup entries (R16) --------------------------------------------------------------------------------------------


def test_cup_entries_are_read_only_after_the_draw(organiser):
    the_cup, _teams = drawn_cup("Tisza TK", "Duna TK")
    data = page_form(organiser, change_url(the_cup))

    assert "cup_entries-0-team" not in data and "cup_entries-0-DELETE" not in data
    assert data["cup_entries-TOTAL_FORMS"] == data["cup_entries-INITIAL_FORMS"] == "2"
    assert data["cup_entries-MAX_NUM_FORMS"] == "0"  # no row to add


@pytest.fixture
def page_before_the_draw(organiser):
    """The Cup's page as an organiser opened it before another made the draw."""
    the_cup = make_competition(Competition.Kind.CUP, name="Magyar Kupa 2025", slug="kupa")
    tisza, duna = make_team("Tisza TK"), make_team("Duna TK")
    for team in (tisza, duna):
        cup.enter_team(the_cup, team, on=AUGUST_25)
    data = page_form(organiser, change_url(the_cup))
    cup.make_draw(the_cup, pairs=[(tisza, duna)])
    return the_cup, data


def test_a_cup_entry_is_not_deleted_after_the_draw(organiser, page_before_the_draw):
    the_cup, data = page_before_the_draw

    response = refused(organiser, change_url(the_cup), data | {"cup_entries-0-DELETE": "on"})

    formset = response.context["inline_admin_formsets"][0].formset
    assert formset.non_form_errors() == [
        "Team: the draw of Magyar Kupa 2025 is made; its entries stay as they were drawn; R16."]


def test_a_cup_entry_is_not_swapped_after_the_draw(organiser, page_before_the_draw):
    the_cup, data = page_before_the_draw
    late = make_team("Sajó TK")

    response = refused(organiser, change_url(the_cup), data | {"cup_entries-0-team": late.pk})

    form = response.context["inline_admin_formsets"][0].formset.forms[0]
    assert form.errors["team"] == [
        "Team: the draw of Magyar Kupa 2025 is made; its entries stay as they were drawn; R16."]


def test_no_cup_entry_is_added_after_the_draw(organiser, page_before_the_draw):
    the_cup, data = page_before_the_draw
    late = make_team("Sajó TK")

    response = refused(organiser, change_url(the_cup), data | {
        "cup_entries-TOTAL_FORMS": "3", "cup_entries-2-team": late.pk, "cup_entries-2-entered_on": "2025-08-30"})

    form = response.context["inline_admin_formsets"][0].formset.forms[2]
    assert form.errors["team"] == [
        "Team: R16: registration closed when the draw was made; no team can enter now."]


def test_a_cup_entry_is_added_before_the_draw_as_registration_allows(organiser):
    the_cup = make_competition(Competition.Kind.CUP, name="Magyar Kupa 2025", slug="kupa", max_teams=2)
    cup.enter_team(the_cup, make_team("Tisza TK"), on=AUGUST_25)
    duna, sajo = make_team("Duna TK"), make_team("Sajó TK")
    url = change_url(the_cup)
    one_more = {"cup_entries-TOTAL_FORMS": "2", "cup_entries-1-team": duna.pk}

    early = refused(organiser, url, page_form(organiser, url) | one_more | {"cup_entries-1-entered_on": "2025-08-20"})
    form = early.context["inline_admin_formsets"][0].formset.forms[1]
    assert form.errors["entered_on"] == ["Entered on: R16: registration opens on 2025-08-25."]

    saved(organiser, url, page_form(organiser, url) | one_more | {"cup_entries-1-entered_on": "2025-08-26"})
    assert list(the_cup.cup_entries.values_list("team__name", flat=True)) == ["Tisza TK", "Duna TK"]

    full = refused(organiser, url, page_form(organiser, url) | {
        "cup_entries-TOTAL_FORMS": "3", "cup_entries-2-team": sajo.pk, "cup_entries-2-entered_on": "2025-08-27"})
    form = full.context["inline_admin_formsets"][0].formset.forms[2]
    assert form.errors["team"] == ["Team: R16: the Cup takes at most 2 teams; it is full."]


def test_a_cup_entry_is_withdrawn_before_the_draw(organiser):
    the_cup = make_competition(Competition.Kind.CUP, name="Magyar Kupa 2025", slug="kupa")
    for name in ("Tisza TK", "Duna TK"):
        cup.enter_team(the_cup, make_team(name), on=AUGUST_25)
    url = change_url(the_cup)

    saved(organiser, url, page_form(organiser, url) | {"cup_entries-0-DELETE": "on"})

    assert list(the_cup.cup_entries.values_list("team__name", flat=True)) == ["Duna TK"]


# --- Grand Prix entries (R17) -------------------------------------------------------------------------------------


def test_a_grand_prix_entry_with_played_matches_is_not_deleted(organiser):
    event, (tisza, duna, _sajo) = grand_prix_event("Tisza TK", "Duna TK", "Sajó TK")
    play(tisza, duna, event)
    url = change_url(event)

    response = refused(organiser, url, page_form(organiser, url) | {"grand_prix_entries-0-DELETE": "on"})

    assert response.context["inline_admin_formsets"][0].formset.non_form_errors() == [
        "Team: R17: Tisza TK has matches in this event; remove its scheduled matches first."]


def test_a_grand_prix_entry_with_played_matches_is_not_swapped(organiser):
    event, (tisza, duna) = grand_prix_event("Tisza TK", "Duna TK")
    play(tisza, duna, event)
    url = change_url(event)

    swapped = {"grand_prix_entries-0-team": make_team("Sajó TK").pk}
    response = refused(organiser, url, page_form(organiser, url) | swapped)

    form = response.context["inline_admin_formsets"][0].formset.forms[0]
    assert form.errors["team"] == [
        "Team: R17: Tisza TK has matches in this event; remove its scheduled matches first."]


def test_an_entrant_without_matches_is_withdrawn_and_another_entered_with_their_history(organiser):
    event, (tisza, duna, sajo) = grand_prix_event("Tisza TK", "Duna TK", "Sajó TK")
    play(tisza, duna, event)
    url = change_url(event)
    guests = make_team("Vendég TK")
    data = page_form(organiser, url)
    row = next(key[:-3] for key, value in data.items() if key.endswith("-id") and value == str(
        GrandPrixEntry.objects.get(team=sajo).pk))

    saved(organiser, url, data | {f"{row}-DELETE": "on", "grand_prix_entries-TOTAL_FORMS": "4",
                                  "grand_prix_entries-3-team": guests.pk})

    entrants = sorted(event.grand_prix_entries.values_list("team__name", flat=True))
    assert entrants == ["Duna TK", "Tisza TK", "Vendég TK"]
    kinds = set(GrandPrixEntry.history.filter(team=sajo).values_list("history_type", "history_user__username"))
    assert kinds == {("+", None), ("-", "organiser")}


# --- teams (R14, R16) ---------------------------------------------------------------------------------------------


def test_a_team_with_matches_keeps_its_season_and_is_still_renamed(organiser):
    championship = make_competition(name="Csapatbajnokság 2025", slug="cb")
    tisza, duna = make_team("Tisza TK"), make_team("Duna TK")
    play(tisza, duna, championship)
    other = make_season(2026)
    url = change_url(tisza)
    data = page_form(organiser, url)
    assert "season" not in data

    response = refused(organiser, url, data | {"season": other.pk})
    assert field_errors(response, "season") == [
        "Season: Tisza TK already has 1 match on record in 2025; a team's season cannot change; R14."]

    saved(organiser, url, data | {"name": "Tisza Tarokk Klub"})
    tisza.refresh_from_db()
    assert (tisza.name, tisza.season.year) == ("Tisza Tarokk Klub", 2025)


def test_a_team_is_not_reverted_to_a_version_of_another_season(organiser):
    tisza = make_team("Tisza TK", season=make_season(2024))
    tisza.season = make_season(2025)
    tisza.save()
    play(tisza, make_team("Duna TK"), make_competition(name="Csapatbajnokság 2025", slug="cb"))
    first = tisza.history.order_by("history_id").first()
    url = reverse("admin:tournaments_team_simple_history", args=[tisza.pk, first.history_id])

    response = refused(organiser, url, page_form(organiser, url))

    assert response.context["adminform"].form.non_field_errors() == [
        "Season: Tisza TK already has 1 match on record in 2025; a team's season cannot change; R14."]


def test_a_player_who_played_for_a_team_joins_no_other_that_season(organiser):
    championship = make_competition(name="Csapatbajnokság 2025", slug="cb")
    tisza, duna = make_team("Tisza TK"), make_team("Duna TK")
    anna = tisza.driver
    anna.name = "Kiss Anna"
    anna.save()
    play(tisza, duna, championship)
    tisza.driver = make_player()  # she leaves the team: her match stays Tisza TK's
    tisza.save()
    url = reverse("admin:tournaments_team_add")

    response = refused(organiser, url, page_form(organiser, url) | {
        "season": tisza.season_id, "name": "Sajó TK", "driver": anna.pk, "catcher": make_player().pk})

    assert field_errors(response, "driver") == [
        "Driver: Kiss Anna has already played for Tisza TK this season; a player belongs to one team a season; R14."]


def test_a_team_drawn_in_the_cup_keeps_its_driver_and_catcher(organiser):
    _cup, (tisza, _duna) = drawn_cup("Tisza TK", "Duna TK")
    url = change_url(tisza)
    data = page_form(organiser, url)

    response = refused(organiser, url, data | {"catcher": make_player().pk})
    assert field_errors(response, "catcher") == [
        "Catcher: Tisza TK is drawn in Magyar Kupa 2025, which it plays with the Driver and Catcher it entered "
        "with; they stay; R16."]

    saved(organiser, url, data | {"substitute": make_player().pk})  # a substitute plays no Cup match


# --- players and seasons ------------------------------------------------------------------------------------------


def test_a_player_who_played_is_not_deleted(organiser):
    match = play(make_team("Tisza TK"), make_team("Duna TK"), make_competition())
    player = match.a_driver
    url = reverse("admin:tournaments_player_delete", args=[player.pk])

    response = organiser.post(url, {"post": "yes"})

    assert response.status_code == 200 and "<title>Cannot delete player" in response.content.decode()
    assert Player.objects.filter(pk=player.pk).exists()


def test_a_season_with_matches_keeps_its_year_and_keeps_its_history(organiser):
    season = make_season(2025)
    play(make_team("Tisza TK"), make_team("Duna TK"), make_competition(season=season))
    url = change_url(season)
    data = page_form(organiser, url)
    assert "year" not in data

    response = refused(organiser, url, data | {"year": 2026})
    assert field_errors(response, "year") == [
        "Year: 1 match or free game of the 2025 season is dated in 2025; a season runs from 1 January to "
        "31 December of its year, so its year cannot change; R15."]

    saved(organiser, url, data | {"cup_thresholds": "100,200"})
    change = season.history.order_by("-history_id").first()
    assert (change.cup_thresholds, change.history_type, change.history_user.username) == ("100,200", "~", "organiser")


def test_a_season_without_matches_changes_its_year(organiser):
    season = make_season(2030)
    url = change_url(season)

    saved(organiser, url, page_form(organiser, url) | {"year": 2031})

    season.refresh_from_db()
    assert season.year == 2031


# --- the rules below the admin ------------------------------------------------------------------------------------


def test_the_rules_are_the_competitions_own_for_any_page_to_call():
    the_cup, tisza, _duna = played_cup()
    tisza.season = make_season(2026)

    with pytest.raises(Refused) as refusal:
        changes.check_team(tisza)

    assert refusal.value.message_dict == {"season": [
        "Season: Tisza TK already has 3 matches on record in 2025; a team's season cannot change; R14."]}
    assert set(changes.competition_fixed(the_cup)) == {"season", "kind"}


def test_the_backup_takes_the_new_history_with_it():
    names = {model.__name__ for model in backed_up_models()}
    assert {"HistoricalSeason", "HistoricalGrandPrixEntry", "HistoricalCupEntry"} <= names


def test_a_team_form_naming_no_such_player_is_refused_on_its_field(client):
    # A stale page, or a hand-made request: the driver's field says what is wrong, and no 500.
    organiser = make_user("organiser")
    client.force_login(organiser)
    season = make_season()
    response = client.post(reverse("admin:tournaments_team_add"),
                           {"season": season.pk, "name": "Új csapat", "driver": 999999, "catcher": make_player().pk})
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["driver"]
    assert not Team.objects.filter(name="Új csapat").exists()


# --- tampered values: a form error, never a server error ---------------------------------------------------------

TAMPERED = ["999999", "abc", "99999999999999999999", "[1]"]


def _tampered_pages(organiser):
    """Each admin form a user can post, with what its page sends: adding and changing a player, a
    season, a team, a Cup with its entries and a Grand Prix event with its entrants."""
    the_cup, _ = drawn_cup("Tisza TK", "Duna TK")
    Competition.objects.filter(pk=the_cup.pk).update(drawn_at=None)
    event, (team, _other) = grand_prix_event("Szeged TK", "Pécs TK")
    pages = [reverse(f"admin:tournaments_{name}_add") for name in ("player", "season", "team", "competition")]
    pages += [change_url(team.driver), change_url(team.season), change_url(team), change_url(the_cup),
              change_url(event)]
    return [(url, page_form(organiser, url)) for url in pages]


def test_every_tampered_value_of_an_admin_form_is_a_form_error_never_a_server_error(organiser):
    """A hand-made request (an id that names nothing, a word for a number, a number past the
    database's range, a list for a date): the page comes back with the field's error, nothing stored."""
    organiser.raise_request_exception = False
    for url, form in _tampered_pages(organiser):
        for field in [name for name in form if name != "_save" and not name.endswith(("TOTAL_FORMS",
                                                                                       "INITIAL_FORMS",
                                                                                       "MIN_NUM_FORMS",
                                                                                       "MAX_NUM_FORMS"))]:
            for value in TAMPERED:
                before = facts()
                response = organiser.post(url, {**form, field: value})
                assert response.status_code in (200, 302), (url, field, value, response.status_code)
                if response.status_code == 200:
                    assert facts() == before, (url, field, value)
