"""R15: the Championship table's rows are written in Python (plain_tables.ChampionshipTable.rows_html),
not by a template loop: they must be the loop's rows byte for byte, in each language the site
speaks (a decimal average with the language's separator, a missing figure as a dash, names
escaped, players told apart by their membership numbers), in any order the visitor sorts by."""

import datetime

import pytest
from django.template import engines
from django.test import RequestFactory
from django.utils import translation

from tests.factories import make_competition, make_player, make_season, make_team, play_scored_match
from tournaments.pages.public import plain_tables
from tournaments.reads import standings

pytestmark = pytest.mark.django_db

# The loop the rows were written by, kept here as the reference.
LOOP = engines["django"].from_string(
    """{% for row in table.data %}<tr class="{% cycle 'even' 'odd' %}"><td class="number">{{ row.place }}</td>"""
    """<td><a href="{{ row.team_url }}">{{ row.team }}</a></td><td class="wide-only">{{ row.players_html }}</td>"""
    """<td class="number">{{ row.played }}</td><td class="number">{{ row.total }}</td>"""
    """<td class="number">{{ row.average|default_if_none:"—" }}</td>"""
    """<td class="number">{{ row.best|default_if_none:"—" }}</td></tr>\n{% endfor %}""")


@pytest.fixture
def season():
    season = make_season(2025)
    championship = make_competition(season=season)
    shared = [make_player("Kiss Anna"), make_player("Kiss Anna")]
    teams = [make_team('Ász & Társa "<b>"', season=season), make_team("Pesti Pagátok", season=season, substitute=True),
             make_team("Szegedi Madarak", season=season), make_team("Nem játszott", season=season)]
    for team, namesake in zip(teams, shared, strict=False):  # two players of one name: told apart
        team.driver = namesake
        team.save()
    on = datetime.date(2025, 3, 1)
    play_scored_match(championship, teams[0], teams[1], 61, 40, played_on=on)
    play_scored_match(championship, teams[0], teams[2], 50, 50, played_on=on)
    play_scored_match(championship, teams[1], teams[2], 33, 77, played_on=on)
    return season


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("order", ["", "?sort=-average", "?sort=team&sort=-best"])
def test_the_rows_are_the_template_loops_byte_for_byte(season, language, order):
    request = RequestFactory().get(f"/seasons/2025/championship/{order}")
    with translation.override(language):
        table = plain_tables.championship_table(request, standings.championship(season))
        assert any(row["average"] is not None and row["average"] % 1 for row in table.data)  # a decimal shown
        assert any(row["best"] is None for row in table.data)  # a dash shown
        assert str(table.rows_html) + "\n" == LOOP.render({"table": table})
