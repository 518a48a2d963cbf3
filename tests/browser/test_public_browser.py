"""The public site on a phone and on paper, in Chromium against a live server: stacked tables, long
Hungarian names and lists of links at 390 px; the Cup bracket printed fits the paper with its Final
and without the navigation. Every kind of page at 390 px is checked by
test_valid_and_accessible.py, every link of the demo by tests/web/test_links.py."""

import datetime

import pytest

from tests.factories import eight_hand_records, make_competition, make_match, make_player, make_season, make_team
from tournaments.core.competitions.cup import enter_team, make_draw
from tournaments.core.competitions.free_games import record_free_game
from tournaments.core.models import Competition, FreeGame, Match, Season, TrophyWin

PHONE = {"width": 390, "height": 844}
# A4 portrait less the bracket's 10 mm margins (bracket.css), at the browser's 96 px an inch.
A4_PRINTABLE_WIDTH = round((210 - 2 * 10) / 25.4 * 96)
# and less the 15 mm margins of every other page (site.css).
A4_PAGE_WIDTH = round((210 - 2 * 15) / 25.4 * 96)
def test_the_printed_bracket_fits_the_page_with_its_final_and_no_navigation(browser, live_server,
                                                                             transactional_db, tmp_path):
    season = make_season(2025)
    cup = make_competition(Competition.Kind.CUP, season=season)
    names = ["Kecskeméti Királyok", "Hortobágyi Hattyúk", "Esztergomi Ernők", "Szegedi Szkízek",
             "Veszprémi Vitézek", "Debreceni Darvak", "Balatoni Bagoly", "Tiszai Tarokkosok"] * 2
    for number, name in enumerate(names):
        enter_team(cup, make_team(f"{name} {number + 1}", season=season))
    make_draw(cup, seed="print")
    page = browser.new_page(viewport={"width": A4_PRINTABLE_WIDTH, "height": 1100})
    page.emulate_media(media="print")

    page.goto(f"{live_server.url}/seasons/2025/cup/")
    page.screenshot(path=str(tmp_path / "bracket-print.png"), full_page=True)

    sizes = page.evaluate("""() => ({
        document: document.documentElement.scrollWidth,
        bracket: document.querySelector('.bracket').scrollWidth,
        rightmostTie: Math.max(...[...document.querySelectorAll('.tie')].map(t => t.getBoundingClientRect().right)),
        final: document.querySelector('.bracket-last h2').textContent,
        navigation: [...document.querySelectorAll('.site-nav, .sub-nav, .breadcrumbs, .site-footer')]
            .map(element => getComputedStyle(element).display),
    })""")
    assert sizes["document"] == A4_PRINTABLE_WIDTH
    assert sizes["bracket"] <= A4_PRINTABLE_WIDTH
    assert sizes["rightmostTie"] <= A4_PRINTABLE_WIDTH  # the Final's tie is on the paper
    assert "Final" in sizes["final"]
    assert set(sizes["navigation"]) == {"none"}


# On a phone a table marked "stack" shows each row as a block, each value under its column's name
# (site.css). Checked in every stacked cell: the name is on the screen (not slid into the margin by
# a table's own padding), it wraps between words rather than running over the value, and none of
# its words is wider than the room the name has (which would break it mid-word).
STACKED_LABELS = """() => {
    const problems = new Set();
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.cssText = 'position: absolute; white-space: nowrap; visibility: hidden';
    for (const cell of document.querySelectorAll('table.stack td[data-label]')) {
        const label = getComputedStyle(cell, '::before'), room = parseFloat(label.width);
        const name = cell.dataset.label;
        if (parseFloat(getComputedStyle(cell).paddingLeft) < room) problems.add(`off the screen: ${name}`);
        if (label.whiteSpace !== 'normal') problems.add(`on one line: ${name}`);
        probe.style.font = `${label.fontWeight} ${label.fontSize} ${label.fontFamily}`;
        for (const word of name.split(/\\s+/)) {
            probe.textContent = word;
            if (probe.getBoundingClientRect().width > room) problems.add(`broken: ${word}`);
        }
    }
    probe.remove();
    return [...problems];
}"""


@pytest.mark.slow
def test_on_a_phone_every_stacked_table_shows_each_column_name_whole_beside_its_value(browser, live_server,
                                                                                     committed_demo):
    year = Competition.objects.values_list("season__year", flat=True).first()
    team = Match.objects.filter(competition__kind=Competition.Kind.GRAND_PRIX).first().team_a
    player = TrophyWin.objects.first().player
    page = browser.new_page(viewport=PHONE, locale="hu-HU", extra_http_headers={"Accept-Language": "hu"})
    paths = ["/", "/today/", f"/seasons/{year}/fixtures/", f"/seasons/{year}/teams/{team.pk}/",
             f"/seasons/{year}/free-games/", f"/players/{player.pk}/", "/register/", "/register/cups/",
             f"/register/players/{player.pk}/"]
    paths += [f"/seasons/{year}/grand-prix/{slug}/"
              for slug in Competition.objects.filter(kind=Competition.Kind.GRAND_PRIX).values_list("slug", flat=True)]

    problems = {}
    for path in paths:
        page.goto(live_server.url + path)
        assert page.locator("table.stack td[data-label]").count(), path  # the page has stacked rows to check
        problems[path] = page.evaluate(STACKED_LABELS)

    assert {path: found for path, found in problems.items() if found} == {}


# Each header cell's words measured against the cell: a word wider than its cell was broken inside.
WORDS_BROKEN_IN = """selector => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.cssText = 'position: absolute; white-space: nowrap; visibility: hidden';
    const broken = [];
    for (const cell of document.querySelectorAll(selector)) {
        const style = getComputedStyle(cell);
        const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        probe.style.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        for (const word of cell.textContent.trim().split(/\\s+/)) {
            probe.textContent = word;
            if (probe.getBoundingClientRect().width > room + 0.5) broken.push(word);
        }
    }
    probe.remove();
    return broken;
}"""


def test_a_matchs_hands_on_a_phone_head_their_columns_with_whole_words_and_fit_the_screen(browser, live_server,
                                                                                          transactional_db):
    """The score columns are headed by the teams' names: on a phone they wrap between words, never
    inside one ("Pesti Páv/ák"), and the table still fits 390 px with the longest demo names."""
    season = make_season(2025)
    championship = make_competition(season=season)
    kings = make_team("Kecskeméti Királyok", season=season)
    swans = make_team("Hortobágyi Hattyúk", season=season)
    match = make_match(kings, swans, championship, hand_records=eight_hand_records(), confirmed=True)
    page = browser.new_page(viewport=PHONE, locale="hu-HU", extra_http_headers={"Accept-Language": "hu"})

    page.goto(f"{live_server.url}/seasons/2025/matches/{match.pk}/")

    assert page.evaluate("document.documentElement.scrollWidth") == PHONE["width"]
    assert page.evaluate(WORDS_BROKEN_IN, ".match-hands th, .match-hands td") == []


# WCAG 2.5.8: a link smaller than 24 px needs the room of a 24 px circle around its centre, free of
# any other link (links inside a sentence are exempt, so only link lists are checked).
CROWDED_LINKS = """selector => {
    const boxes = [...document.querySelectorAll('a[href]')].map(a => [a, a.getBoundingClientRect()])
        .filter(([, box]) => box.width && box.height);
    const centre = box => [box.left + box.width / 2, box.top + box.height / 2];
    const crowded = [];
    for (const link of document.querySelectorAll(selector)) {
        const box = link.getBoundingClientRect();
        if (box.width >= 24 && box.height >= 24) continue;
        const [x, y] = centre(box);
        for (const [other, around] of boxes) {
            if (other === link) continue;
            const [ox, oy] = centre(around);
            const big = around.width >= 24 && around.height >= 24;
            const gap = big ? Math.hypot(Math.max(around.left - x, 0, x - around.right),
                                         Math.max(around.top - y, 0, y - around.bottom)) * 2
                            : Math.hypot(x - ox, y - oy);
            if (gap < 24) { crowded.push(`${link.textContent.trim()} / ${other.textContent.trim()}`); break; }
        }
    }
    return crowded;
}"""


def drawn_cup_of_four(seed):
    """The 2025 Cup of four teams with long Hungarian names, drawn; its first tie."""
    season = make_season(2025)
    cup = make_competition(Competition.Kind.CUP, season=season, name="Magyar Kupa 2025")
    for name in ("Kecskeméti Királyok", "Hortobágyi Hattyúk", "Esztergomi Ernők", "Szegedi Szkízek"):
        enter_team(cup, make_team(name, season=season))
    make_draw(cup, seed=seed)
    return cup, cup.cup_ties.order_by("pk").first()


def test_on_a_phone_lists_of_links_are_links_a_finger_can_tell_apart(browser, live_server,
                                                                                          transactional_db):
    cup, tie = drawn_cup_of_four(seed="phone")
    season = cup.season
    for _ in range(3):
        make_match(tie.team_a, tie.team_b, cup, hand_records=eight_hand_records(), confirmed=True, cup_tie=tie)
    page = browser.new_page(viewport=PHONE, locale="hu-HU", extra_http_headers={"Accept-Language": "hu"})

    page.goto(f"{live_server.url}/seasons/2025/cup/")
    assert page.locator(".tie-matches a").count() == 3
    assert page.evaluate(CROWDED_LINKS, ".tie-matches a") == []

    championship = make_competition(season=season, name="Csapatbajnokság 2025")
    match = make_match(tie.team_a, tie.team_b, championship, hand_records=eight_hand_records(), confirmed=True)
    page.goto(f"{live_server.url}/seasons/2025/matches/{match.pk}/")
    assert page.evaluate("document.querySelector('.breadcrumbs').offsetHeight") > 40  # two lines
    assert page.evaluate(CROWDED_LINKS, ".breadcrumbs a") == []

    season.state = Season.State.CLOSED  # a Championship place is certified once its season is closed
    season.save()
    page.goto(f"{live_server.url}/seasons/2025/championship/")  # two certificates, on two lines
    assert page.evaluate("document.querySelector('.certificates').offsetHeight") > 40
    assert page.evaluate(CROWDED_LINKS, ".certificates a") == []


def test_a_printed_team_page_keeps_its_matches_within_the_paper(browser, live_server, transactional_db):
    """Seven columns, two headed by one long word each, the longest month and long team names."""
    season = make_season(2025)
    championship = make_competition(season=season, name="Csapatbajnokság 2025")
    kings = make_team("Kecskeméti Királyok", season=season)
    swans = make_team("Hortobágyi Hattyúk", season=season)
    make_match(kings, swans, championship, hand_records=eight_hand_records(), confirmed=True,
               played_on=datetime.date(2025, 9, 30))
    page = browser.new_page(viewport={"width": A4_PAGE_WIDTH, "height": 1100}, locale="hu-HU",
                            extra_http_headers={"Accept-Language": "hu"})
    page.emulate_media(media="print")

    page.goto(f"{live_server.url}/seasons/2025/teams/{kings.pk}/")

    assert "szeptember" in page.inner_text(".team-matches")
    assert page.evaluate("document.documentElement.scrollWidth") == A4_PAGE_WIDTH


# Every piece of text the page shows, with its size in px.
TEXT_SIZES = """() => {
    const sizes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode, element = node.parentElement;
        if (!node.textContent.trim() || !element.getClientRects().length) continue;
        sizes.push([node.textContent.trim(), parseFloat(getComputedStyle(element).fontSize)]);
    }
    return sizes;
}"""


def test_the_big_screen_writes_everything_large_enough_to_read_across_the_room(browser, live_server,
                                                                                transactional_db):
    """The rounds' names and dates and the ties' states were in the page's small type (13-16 px)
    under 26 px team names; a tie's matches one by one are left to the page and the phone."""
    cup, tie = drawn_cup_of_four(seed="projector")
    make_match(tie.team_a, tie.team_b, cup, hand_records=eight_hand_records(), confirmed=True, cup_tie=tie)
    page = browser.new_page(viewport={"width": 1920, "height": 1080}, locale="hu-HU",
                            extra_http_headers={"Accept-Language": "hu"})

    page.goto(f"{live_server.url}/seasons/2025/big-screen/")

    sizes = page.evaluate(TEXT_SIZES)
    assert any(text == "Elődöntő" for text, _size in sizes)
    assert any("van hátra" in text for text, _size in sizes)  # the tie's state
    assert [(text, size) for text, size in sizes if size < 18] == []


# For each player named in a free game: on how many lines the name and the points after it lie.
NAME_AND_POINTS_LINES = """() => [...document.querySelectorAll('.free-games td:last-child a')].map(link => {
    const points = link.nextSibling, range = document.createRange();
    range.setStartBefore(link);
    range.setEnd(points, points.textContent.match(/^\\s*-?\\d+/)[0].length);
    return new Set([...range.getClientRects()].map(box => Math.round(box.top))).size;
})"""


@pytest.mark.parametrize("width", [PHONE["width"], 1280])
def test_a_free_games_players_keep_their_points_on_their_line(browser, live_server, transactional_db, width):
    """"Orsós Bence" at the end of one line and "-1" at the start of the next read as two entries."""
    season = make_season(2025)
    free_games = make_competition(Competition.Kind.FREE_GAMES, season=season, name="Szabad játszmák 2025")
    names = ["Németh Zsuzsanna", "Balázs Mária", "Farkas Gábor", "Mészáros Sándor", "Kiss Katalin", "Orsós Bence"]
    points = {make_player(name): value for name, value in zip(names, (9, 9, 7, -4, -10, -11), strict=True)}
    record_free_game(free_games, played_on=datetime.date(2025, 5, 2), kind=FreeGame.Kind.TRAINING, points=points)
    page = browser.new_page(viewport={"width": width, "height": 900}, locale="hu-HU",
                            extra_http_headers={"Accept-Language": "hu"})

    page.goto(f"{live_server.url}/seasons/2025/free-games/")

    assert page.evaluate(NAME_AND_POINTS_LINES) == [1] * len(names)


@pytest.mark.parametrize("width", [PHONE["width"], 1280])
def test_the_season_page_sets_each_teams_players_apart_from_its_name(browser, live_server, transactional_db, width):
    """"Bakonyi Betyárok Fekete János, Balogh Ágnes": which is the team? The players start a line
    of their own under the team's name, which is bold."""
    season = make_season(2025)
    make_competition(season=season, name="Csapatbajnokság 2025")
    for name in ("Bakonyi Betyárok", "Balatoni Bagoly"):
        make_team(name, season=season)
    page = browser.new_page(viewport={"width": width, "height": 900}, locale="hu-HU",
                            extra_http_headers={"Accept-Language": "hu"})

    page.goto(f"{live_server.url}/seasons/2025/")

    teams = page.eval_on_selector_all(".teams li", """items => items.map(item => {
        const [team, firstPlayer] = item.querySelectorAll('a');
        return [team.textContent, getComputedStyle(team).fontWeight >= 600,
                firstPlayer.getBoundingClientRect().top >= team.getBoundingClientRect().bottom];
    })""")
    assert teams == [["Bakonyi Betyárok", True, True], ["Balatoni Bagoly", True, True]]
