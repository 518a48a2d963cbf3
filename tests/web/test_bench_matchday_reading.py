"""`make bench-matchday` reads every page its viewers receive: a score shown before its confirmation
was sent, or not the score confirmed, is counted wrong; a viewer whose last page lacks a confirmed
score is stale; the time a score took to reach a viewer runs from the confirmation's answer."""

import json
import math

from bench.matchday_pages import ChampionshipTable, Confirmation, CupBracket, DayMatches, Viewer, judge, up_to_date

TODAY = DayMatches("today", "/today/")
TABLE = ChampionshipTable("championship", "/seasons/2026/championship/")


def day_line(match: int, score: str = "–") -> str:
    return (f'<tr><td><a href="/seasons/2026/matches/{match}/">Pávák – Ernyők</a></td>'
            f'<td><span class="state">…</span></td><td class="number" data-label="Pontszám">{score}</td></tr>')


def table_row(team: int, played: int, total: int) -> str:
    cells = ['<td class="number">1</td>', f'<td ><a href="/seasons/2026/teams/{team}/">Pávák</a></td>',
             '<td class="wide-only"><a href="/players/11/">Juhász Anna</a></td>', f'<td class="number">{played}</td>',
             f'<td class="number">{total:,}</td>', '<td class="number">80,5</td>', '<td class="number">90</td>']
    return '<tr class="even">\n' + "\n".join(cells) + "\n</tr>"


def confirmed(match=7, teams=("5", "9"), score=(79, 86), asked=10.0, answered=10.5) -> Confirmation:
    return Confirmation(str(match), asked, answered, teams, score)


def pushed(page, *pages) -> Viewer:
    viewer = Viewer(page, pushed=True)
    viewer.received = [(when, json.dumps({"version": str(when), "html": html})) for when, html in pages]
    return viewer


def test_a_score_shown_after_its_confirmation_reaches_the_viewer_when_it_arrives():
    seen = judge([pushed(TODAY, (1.0, day_line(7)), (11.0, day_line(7, "79 : 86")))], [confirmed()])
    assert seen.wrong == [] and seen.stale == 0
    assert seen.delays == [11.0 - 10.5]


def test_a_score_shown_before_its_confirmation_was_sent_is_wrong():
    seen = judge([pushed(TODAY, (1.0, day_line(7)), (9.0, day_line(7, "79 : 86")))], [confirmed()])
    assert seen.wrong == ["today: match 7 shows 79 : 86 before it was confirmed"]


def test_a_score_other_than_the_one_confirmed_is_wrong_and_never_counts_as_arrived():
    seen = judge([pushed(TODAY, (1.0, day_line(7)), (11.0, day_line(7, "86 : 79")))], [confirmed()])
    assert seen.wrong == ["today: match 7 shows 86 : 79, not 79 : 86"]
    assert seen.delays == [math.inf] and seen.stale == 1


def test_a_viewer_whose_last_page_lacks_a_confirmed_score_is_stale():
    seen = judge([pushed(TODAY, (1.0, day_line(7)))], [confirmed()])
    assert seen.stale == 1 and seen.delays == [math.inf]


def test_the_championship_shows_a_match_by_its_two_teams_played_and_totals_moved():
    first = table_row(5, 6, 1_500) + table_row(9, 3, 250)
    after = table_row(5, 7, 1_579) + table_row(9, 4, 336)
    seen = judge([pushed(TABLE, (1.0, first), (12.0, after))], [confirmed()])
    assert seen.wrong == [] and seen.stale == 0 and seen.delays == [1.5]


def test_the_championship_moved_before_a_confirmation_was_sent_or_by_another_score_is_wrong():
    first = table_row(5, 6, 1_500) + table_row(9, 3, 250)
    early = table_row(5, 7, 1_579) + table_row(9, 4, 336)
    wrong_total = table_row(5, 7, 1_580) + table_row(9, 4, 336)
    seen = judge([pushed(TABLE, (1.0, first), (9.0, early), (12.0, wrong_total))], [confirmed()])
    assert seen.wrong == ["championship: team 5 played 1 more, 0 confirmations sent",
                          "championship: team 9 played 1 more, 0 confirmations sent",
                          "championship: team 5 total moved 80, its confirmed scores 79"]


def test_a_polling_viewer_is_read_from_its_pages_and_the_cup_expects_no_championship_match():
    polling = Viewer(TODAY, pushed=False)
    polling.received = [(1.0, "<html>" + day_line(7) + "</html>"), (12.5, "<html>" + day_line(7, "79 : 86"))]
    cup = pushed(CupBracket("cup", "/seasons/2026/cup/"), (1.0, "<div>the bracket</div>"))
    seen = judge([polling, cup], [confirmed()])
    assert seen.delays == [2.0] and seen.stale == 0 and seen.pages == 3


def test_a_viewer_is_up_to_date_once_its_last_page_shows_every_confirmed_score():
    readings = {}
    behind = pushed(TODAY, (1.0, day_line(7)), (11.0, day_line(7) + day_line(8, "79 : 86")))
    caught_up = pushed(TODAY, (1.0, day_line(7)), (10.2, day_line(7, "79 : 86")))
    assert not up_to_date(behind, [confirmed()], readings)
    assert up_to_date(caught_up, [confirmed()], readings)
