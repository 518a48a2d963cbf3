"""Names in Hungarian alphabetical order: the Python key (SQLite and lists sorted in memory) and the
database's order (PostgreSQL's ICU collation hu-x-icu, SQLite's collation registered from the key)
agree, and the pages list teams and players that way."""

import pytest
from django.urls import reverse

from tests.factories import make_competition, make_player, make_season, make_team
from tournaments.core.collation import hungarian, hungarian_key, hungarian_sorted
from tournaments.core.models import Player, Team

# Each pair in Hungarian order; character codes put every one of them the other way round.
PAIRS = [
    ("Mátrai", "Miskolci"),  # á is a: "Má" < "Mi"
    ("Cecília", "Csaba"),  # cs is a letter after c
    ("Sárközi", "Szabó"),  # sz is a letter after s
    ("Zoltán", "Zsolt"),  # zs is a letter after z
    ("Gulyás", "Gyurkó"),  # gy after g
    ("Lukács", "Lyka"),  # ly after l
    ("Nuszbaum", "Nyári"),  # ny after n
    ("Tuza", "Tyukodi"),  # ty after t
    ("Dzurkó", "Dzsida"),  # dzs after dz
    ("Ottó", "Ödön"),  # ö after o
    ("Utasi", "Ürge"),  # ü after u
    ("Ábel", "Ács"),  # b before cs, the long á counting as a
    ("Mészáros", "Meszlényi"),  # é is e: the first difference is á/l
]
NAMES = ["Zsolt", "Miskolci", "Szabó", "Csaba", "Ödön", "Mátrai", "Zoltán", "Sárközi", "Cecília", "Ottó"]
HUNGARIAN_ORDER = ["Cecília", "Csaba", "Mátrai", "Miskolci", "Ottó", "Ödön", "Sárközi", "Szabó", "Zoltán", "Zsolt"]


@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_the_key_puts_the_pair_in_hungarian_order(first, second):
    assert hungarian_key(first) < hungarian_key(second)
    assert hungarian_sorted([second, first]) == [first, second]


def test_a_long_vowel_counts_only_when_all_else_is_equal():
    assert hungarian_sorted(["kór", "kör", "kor", "Kovács"]) == ["kor", "kór", "Kovács", "kör"]
    assert hungarian_sorted(["Éva", "Ede", "Erika", "Eszter"]) == ["Ede", "Erika", "Eszter", "Éva"]


def test_a_doubled_digraph_is_two_letters():
    # "Hosszú" is h-o-sz-sz-ú: its second sz comes before the t of "Hoszt"; a plain s would not.
    assert hungarian_sorted(["Hoszt", "Hosszú", "Hosa"]) == ["Hosa", "Hosszú", "Hoszt"]
    assert hungarian_sorted(["Meggyes", "Megyer"]) == ["Megyer", "Meggyes"]


def test_lower_case_first_then_the_text_itself_so_no_two_names_tie():
    assert hungarian_sorted(["Kis", "kis"]) == ["kis", "Kis"]
    assert hungarian_key("Kis") != hungarian_key("kis")


def test_the_key_sorts_any_list_by_a_name():
    players = [{"name": name} for name in NAMES]
    assert [p["name"] for p in hungarian_sorted(players, key=lambda p: p["name"])] == HUNGARIAN_ORDER


@pytest.mark.django_db
def test_the_database_orders_players_in_hungarian_on_this_backend():
    for name in NAMES:
        make_player(name)
    assert list(Player.objects.values_list("name", flat=True)) == HUNGARIAN_ORDER  # Meta.ordering
    assert list(Player.objects.order_by(hungarian("name", descending=True))
                .values_list("name", flat=True)) == HUNGARIAN_ORDER[::-1]


@pytest.mark.django_db
@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_the_database_and_the_key_agree(first, second):
    make_player(second)
    make_player(first)
    assert list(Player.objects.values_list("name", flat=True)) == [first, second]


@pytest.mark.django_db
def test_the_season_page_lists_its_teams_in_hungarian_order(client):
    season = make_season(2026)
    for name in ("Zsolnai Tarokk", "Miskolci Sküs", "Szegedi Pagát", "Csabai Kolbász", "Mátraaljai Huszonegy",
                 "Zalai Tarokk", "Sárvári Hárpia", "Ceglédi Kupa"):
        make_team(name, season=season)

    page = client.get(reverse("public:season", args=[season.year])).content.decode()

    shown = sorted(Team.objects.values_list("name", flat=True), key=page.index)
    assert shown == ["Ceglédi Kupa", "Csabai Kolbász", "Mátraaljai Huszonegy", "Miskolci Sküs", "Sárvári Hárpia",
                     "Szegedi Pagát", "Zalai Tarokk", "Zsolnai Tarokk"]


@pytest.mark.django_db
def test_teams_equal_on_points_stand_in_hungarian_order_in_the_championship(client):
    competition = make_competition()
    teams = {name: make_team(name, season=competition.season) for name in ("Zsolnai", "Zalai", "Szegedi", "Sárvári")}
    page = client.get(reverse("public:championship", args=[competition.season.year])).content.decode()
    assert sorted(teams, key=page.index) == ["Sárvári", "Szegedi", "Zalai", "Zsolnai"]


@pytest.mark.django_db
def test_sorting_the_championship_table_by_team_follows_hungarian_order(client):
    competition = make_competition()
    for name in ("Zsolnai", "Zalai", "Szegedi", "Sárvári", "Csabai", "Ceglédi"):
        make_team(name, season=competition.season)
    url = reverse("public:championship", args=[competition.season.year])
    page = client.get(url, {"sort": "team"}).content.decode()
    names = ["Ceglédi", "Csabai", "Sárvári", "Szegedi", "Zalai", "Zsolnai"]
    assert sorted(names, key=page.index) == names
    page = client.get(url, {"sort": "-team"}).content.decode()
    assert sorted(names, key=page.index) == names[::-1]
