"""A whole season in a real browser, from an empty database and without the admin: the first
organiser (made by createorganiser) invites a juror and a chief juror, who set their passwords by
their one-time links; she creates and opens the season, its Championship and a Grand Prix, and
imports the teams from a roster workbook; the juror schedules and types a Championship match
dated today, the chief juror confirms it and the public table shows it; a match dated tomorrow
takes no hand and holds the season open until it is cancelled with a reason (R21); the season is
closed (it has no Cup) and next year's is prepared while the public still sees this year's."""

import datetime
import re
from io import BytesIO, StringIO

from django.core.management import call_command
from django.utils import timezone
from openpyxl import Workbook

from bench.entry import MATCH  # the benchmark's match, typed by keyboard
from tests.browser.conftest import log_in
from tests.browser.test_match_day import type_hand
from tournaments.core.models import Competition, Match, Season

ANNA_PASSWORD = "elso-szervezo-2026"
NEW_PASSWORD = "kezdo-tarokk-jelszo-9"

ROSTER = [
    ("Kovács Anna", "M001", "Pagátok", "driver"),
    ("Szabó Béla", "M002", "Pagátok", "catcher"),
    ("Nagy Dóra", "M003", "Skízek", "driver"),
    ("Kiss Endre", "M004", "Skízek", "catcher"),
    ("Tóth Csaba", "M005", "Huszonegyek", "driver"),
    ("Varga Flóra", "M006", "Huszonegyek", "catcher"),
    ("Balogh Géza", "M007", "Tulétroák", "driver"),
    ("Fekete Hanna", "M008", "Tulétroák", "catcher"),
]


def roster_workbook() -> bytes:
    book = Workbook()
    sheet = book.active
    sheet.title = "Teams and players"
    sheet.append(["Name", "Membership number", "Team", "Role"])
    for row in ROSTER:
        sheet.append(list(row))
    out = BytesIO()
    book.save(out)
    return out.getvalue()


class Visits:
    """Every address a page of the test loads (its main frame), to show the admin was never opened."""

    def __init__(self):
        self.urls = []

    def watch(self, page):
        page.on("framenavigated", lambda frame: frame == frame.page.main_frame and self.urls.append(frame.url))
        return page


def invite(page, base, username, role_label):
    page.goto(f"{base}/organise/accounts/")
    with page.expect_navigation():
        page.get_by_role("link", name="Invite a juror, a chief juror or an organiser").click()
    page.locator("input[name=username]").fill(username)
    page.locator("select[name=role]").select_option(label=role_label)
    with page.expect_navigation():
        page.get_by_role("button", name="Invite").click()
    page.wait_for_selector(f"h1:has-text('{username} is invited')")
    return page.locator("input.one-time-link").input_value()


def set_password_by_link(page, link, base, username):
    page.goto(link)
    page.wait_for_selector("h1:has-text('Set your password')")
    page.locator("input[name=new_password1]").fill(NEW_PASSWORD)
    page.locator("input[name=new_password2]").fill(NEW_PASSWORD)
    with page.expect_navigation():
        page.get_by_role("button", name="Set my password").click()
    page.wait_for_selector("text=Your password is set")
    log_in(page, base, username, NEW_PASSWORD)
    assert page.url == f"{base}/jury/"


def save_form(page, button):
    with page.expect_navigation():
        page.get_by_role("button", name=button).click()


def new_competition(page, base, year, fields):
    page.goto(f"{base}/jury/competitions/seasons/{year}/")
    with page.expect_navigation():
        page.get_by_role("link", name="New competition").click()
    page.locator("select[name=kind]").select_option(label=fields.pop("kind"))
    for name, value in fields.items():
        page.locator(f"[name={name}]").fill(value)
    save_form(page, "Save the competition")
    assert page.url == f"{base}/jury/competitions/seasons/{year}/", page.locator("main").inner_text()


def schedule(page, base, year, played_on, team_a, team_b):
    page.goto(f"{base}/jury/matches/new/?season={year}")
    championship = Competition.objects.get(season__year=year, kind=Competition.Kind.CHAMPIONSHIP)
    page.locator("select[name=competition]").select_option(value=str(championship.pk))
    page.locator("input[name=played_on]").fill(played_on.isoformat())
    page.locator("select[name=team_a]").select_option(label=team_a)
    page.locator("select[name=team_b]").select_option(label=team_b)
    save_form(page, "Schedule the match")
    assert re.fullmatch(rf"{base}/jury/matches/\d+/", page.url), page.locator("main").inner_text()
    return Match.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))


def test_a_whole_season_from_an_empty_database_without_the_admin(browser, live_server, monkeypatch):
    base = live_server.url
    year = timezone.localdate().year
    today = timezone.localdate()
    tomorrow = today + datetime.timedelta(days=1)
    visits = Visits()

    # 1. The first organiser, from the command line.
    assert not Season.objects.exists()
    monkeypatch.setenv("ORGANISER_PASSWORD", ANNA_PASSWORD)
    call_command("createorganiser", "anna", stdout=StringIO())

    # 2. Anna invites the jury; each sets a password by the one-time link and logs in.
    anna = visits.watch(browser.new_context().new_page())
    anna.set_default_timeout(10_000)
    log_in(anna, base, "anna", ANNA_PASSWORD)
    links = {"bea": invite(anna, base, "bea", "Juror"), "cili": invite(anna, base, "cili", "Chief juror")}
    people = {}
    for name, link in links.items():
        assert link.startswith(f"{base}/organise/accounts/welcome/")
        people[name] = visits.watch(browser.new_context().new_page())
        people[name].set_default_timeout(10_000)
        set_password_by_link(people[name], link, base, name)
    bea, cili = people["bea"], people["cili"]

    # 3. The season, being prepared, is opened; its Championship and a Grand Prix; the roster.
    anna.goto(f"{base}/jury/competitions/")
    with anna.expect_navigation():
        anna.get_by_role("link", name=re.compile("new season", re.I)).first.click()
    anna.locator("input[name=year]").fill(str(year))
    save_form(anna, "Save the season")
    assert anna.url == f"{base}/jury/competitions/seasons/{year}/"
    assert "This season is being prepared." in anna.locator("form.season-state").inner_text()
    save_form(anna, "Open the season")
    anna.wait_for_selector("form.season-state:has-text('This season is running.')")

    new_competition(anna, base, year, {
        "kind": "Team Championship", "name": f"Csapatbajnokság {year}", "starts": f"{year}-01-10",
        "place": "Budapest", "match_limit": "6", "annual_meeting": f"{year}-01-15"})
    new_competition(anna, base, year, {
        "kind": "Grand Prix", "name": f"Nagydíj Szeged {year}", "starts": today.isoformat(), "place": "Szeged"})
    championship = Competition.objects.get(kind=Competition.Kind.CHAMPIONSHIP)
    assert (championship.place, championship.match_limit, championship.annual_meeting) == (
        "Budapest", 6, datetime.date(year, 1, 15))
    grand_prix = Competition.objects.get(kind=Competition.Kind.GRAND_PRIX)
    assert (grand_prix.name, grand_prix.starts, grand_prix.place) == (f"Nagydíj Szeged {year}", today, "Szeged")

    with anna.expect_navigation():
        anna.get_by_role("link", name="Teams and players: import from a workbook").click()
    anna.locator("input[type=file]").set_input_files(
        {"name": "roster.xlsx", "buffer": roster_workbook(),
         "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"})
    save_form(anna, "Import")
    assert anna.locator(".refused").count() == 0, anna.locator(".refused").inner_text()
    season = Season.objects.get(year=year)
    assert sorted(season.teams.values_list("name", flat=True)) == ["Huszonegyek", "Pagátok", "Skízek", "Tulétroák"]

    # 4. Bea schedules today's match and types it; Cili confirms; the public table shows it.
    match = schedule(bea, base, year, today, "Pagátok", "Skízek")
    bea.wait_for_function("() => document.activeElement && document.activeElement.id === 'id_h1-attackers'")
    for number, hand in enumerate(MATCH, start=1):
        type_hand(bea, number, hand)
        assert bea.locator(f"#hand-{number}.hand-stored").count() == 1, bea.locator(f"#hand-{number}").inner_text()
    bea.wait_for_function("() => document.activeElement && document.activeElement.id === 'submit-match'")
    bea.keyboard.press("Enter")
    bea.wait_for_selector("#match-state .state:text-is('Awaiting confirmation')")
    match.refresh_from_db()
    assert match.state == Match.State.ENTERED

    cili.goto(f"{base}/jury/matches/{match.pk}/")
    cili.get_by_role("button", name="Confirm the match").click()
    cili.wait_for_selector("#match-state .state:text-is('Confirmed')")
    match.refresh_from_db()
    assert match.state == Match.State.CONFIRMED

    public = visits.watch(browser.new_context().new_page())
    public.set_default_timeout(10_000)
    public.goto(f"{base}/seasons/{year}/championship/")
    rows = {row.locator("td").nth(1).inner_text(): [cell.inner_text() for cell in row.locator("td").all()]
            for row in public.locator("table.standings tbody tr").all()}
    assert rows["Pagátok"][3:5] == ["1", str(match.score_a)]
    assert rows["Skízek"][3:5] == ["1", str(match.score_b)]

    # 5. A match dated tomorrow takes no hand, in the door's words.
    later = schedule(bea, base, year, tomorrow, "Huszonegyek", "Tulétroák")
    sentence = (f"This match is played on {tomorrow.isoformat()}: its hands are entered, submitted and confirmed "
                "on or after that day, not before.")
    bea.locator("#id_h1-attackers").focus()
    type_hand(bea, 1, MATCH[0])
    bea.wait_for_selector(f"text={sentence}")
    assert bea.locator("#hand-1.hand-stored").count() == 0
    assert later.hands.count() == 0

    # 6. The season has no Cup. Tomorrow's match holds it open, named and linked, until it is
    # cancelled with a reason (R21); then it closes; next year's is prepared, the public still sees
    # this year's.
    anna.goto(f"{base}/jury/competitions/seasons/{year}/")
    save_form(anna, "Close the season")
    assert "is scheduled and not played" in anna.locator("ul.messages").inner_text()
    with anna.expect_navigation():
        anna.locator(f"ul.unplayed a[href='/jury/competitions/matches/{later.pk}/cancel/']").click()
    anna.locator("#cancel-reason").fill("Played next year instead")
    save_form(anna, "Cancel the match")
    assert "Played next year instead" in anna.locator("ul.cancelled").inner_text()
    save_form(anna, "Close the season")
    state = anna.locator("form.season-state").inner_text()
    assert "This season is closed." in state, anna.locator("main").inner_text()

    anna.goto(f"{base}/jury/competitions/seasons/new/")
    anna.locator("input[name=year]").fill(str(year + 1))
    save_form(anna, "Save the season")
    assert "This season is being prepared." in anna.locator("form.season-state").inner_text()

    assert Season.objects.get(year=year).state == Season.State.CLOSED
    assert Season.objects.get(year=year + 1).state == Season.State.PREPARED

    public.goto(f"{base}/")
    assert public.locator("p.lead").inner_text().startswith(f"Season {year}: what happened and what is next.")
    assert public.locator(".match-list .score").first.inner_text() == f"{match.score_a} : {match.score_b}"
    assert public.locator(f"a[href^='/seasons/{year + 1}/']").count() == 0
    assert public.goto(f"{base}/seasons/{year + 1}/").status == 404
    assert public.goto(f"{base}/seasons/{year}/").status == 200

    assert visits.urls and not [url for url in visits.urls if url.startswith(f"{base}/admin/")]
