"""The register's pages (R19, R20): public, read-only and with a fixed number of queries; the jury's
form for trophies won in variants; and the whole path from a confirmed match through a correction."""

import copy
import datetime

import pytest
from django.urls import reverse

from tests import factories
from tests.factories import MARCH_1, correct_trophies, make_two_team_season, play_world_match
from tests.web.test_register import MARCH_8
from tournaments.core import register
from tournaments.core.models import CupAward, Player, TrophyWin
from tournaments.recording import matches

pytestmark = pytest.mark.django_db


def with_trophy(records, hand_index, feast, by="A.driver"):
    records = copy.deepcopy(records)
    records[hand_index]["announcements"] = [{"feast": feast, "by": by, "contra": None, "result": "won"}]
    # A trophy won may take all ten tricks: the other team's silent premiums could not be true (R10b).
    records[hand_index]["silent"] = [entry for entry in records[hand_index]["silent"] if entry["team"] == by[0]]
    return records


# --- the national register -----------------------------------------------------------------------

def test_the_register_ranks_players_by_trophy_points_with_their_cups_and_best_trophy(client):
    world = make_two_team_season(values=True, thresholds="100,250")
    play_world_match(world, MARCH_1, [(1, "A.driver", "spadille", "won"), (2, "A.driver", "scale", "won"),
                                     (3, "B.driver", "royal", "won")])

    response = client.get(reverse("register:index"))

    assert response.status_code == 200
    rows = response.context["rows"]
    assert [(row.place, row.player, row.points, row.cups) for row in rows] == [
        (1, world.carol, 200, [100]), (2, world.alice, 150, [100]),
    ]
    assert [row.best_trophy.name for row in rows] == ["Royal", "Scale"]
    assert "Carol" in response.text and "Royal" in response.text


def test_a_player_without_a_cup_says_so_rather_than_leaving_the_cell_empty(client):
    """On a phone each cell stands under its column's name: "Cups" with nothing beside it looked
    like a value missing."""
    world = make_two_team_season(values=True, thresholds="100,250")
    play_world_match(world, MARCH_1, [(1, "A.driver", "spadille", "won"), (3, "B.driver", "royal", "won")])

    html = client.get(reverse("register:index")).text

    assert '<td data-label="Cups"><span class="cup">100</span></td>' in html  # Carol: 200 points
    assert '<td data-label="Cups">–</td>' in html  # Alice: 50, no cup yet


def test_equal_points_are_ordered_by_the_trophy_ranking_and_equal_ranking_shares_the_place(client):
    world = make_two_team_season()  # 1 point a trophy
    play_world_match(world, MARCH_1, [(1, "A.driver", "spadille", "won"), (2, "B.driver", "royal", "won"),
                                     (3, "A.catcher", "royal", "won")])

    rows = client.get(reverse("register:index")).context["rows"]

    assert [(row.place, row.player.name) for row in rows] == [(1, "Bob"), (1, "Carol"), (3, "Alice")]


def test_withdrawn_trophies_do_not_count_on_the_register(client):
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])
    assert [row.player for row in client.get(reverse("register:index")).context["rows"]] == [world.alice]
    correct_trophies(match, [(1, "A.driver", "royal", "lost")])

    assert client.get(reverse("register:index")).context["rows"] == []


def make_register_rows(first, last, season_world):
    """New players `first`..`last`-1, each with two standing trophies and the cup they reach (a
    point each, a cup at 2: make_two_team_season(thresholds="2")) and a withdrawn entry, all as the
    jury enters and withdraws trophies won in Emperor Tarokk (R20)."""
    jury = factories.make_user("jury")
    for number in range(first, last):
        player = Player.objects.create(name=f"Extra {number}", membership_number=f"X{number}")
        withdrawn, *_standing = [
            register.enter_variant_trophy(player=player, trophy=trophy, variant=TrophyWin.Variant.EMPEROR,
                                          won_on=MARCH_8, user=jury, competition=season_world.championship)[0]
            for trophy in ("royal", "grand", "manille")]
        register.withdraw_variant_trophy(withdrawn, "Entered for the wrong player")


@pytest.mark.parametrize("url_name", ["register:index", "register:competitions", "register:awards"])
def test_register_pages_take_a_fixed_number_of_queries(client, django_assert_num_queries, url_name):
    world = make_two_team_season(thresholds="2")
    make_register_rows(0, 2, world)
    assert CupAward.objects.filter(withdrawn_on__isnull=True).count() == 2  # one a player
    assert CupAward.objects.filter(withdrawn_on__isnull=False).count() == 2  # reached by the withdrawn entry
    # register:index: 1 players with their points and trophy counts, 2 their standing trophies,
    #                 3 their standing cups.
    # register:competitions: 1 competitions (with season) and their standing trophy counts.
    # register:awards: 1 latest awards made, 2 latest awards withdrawn (each with player and trophy).
    expected = {"register:index": 3, "register:competitions": 1, "register:awards": 2}[url_name]
    with django_assert_num_queries(expected + 1):  # and the public data version
        small = client.get(reverse(url_name))
    make_register_rows(2, 12, world)
    with django_assert_num_queries(expected + 1):  # and the public data version
        large = client.get(reverse(url_name))
    assert small.status_code == large.status_code == 200
    assert "Extra 11" in large.text or url_name == "register:competitions"


@pytest.mark.parametrize("url_name", ["register:player", "register:competition"])
def test_a_player_and_a_competition_page_take_a_fixed_number_of_queries(client, django_assert_num_queries,
                                                                        url_name):
    world = make_two_team_season(values=True, thresholds="100")
    target = {"register:player": world.alice, "register:competition": world.championship}[url_name]
    play_world_match(world, MARCH_1, [(1, "A.driver", "royal", "won")])
    # register:player: 1 the player, 2 their trophies (with partner, team, competition, match),
    #                  3 their cups (with the trophy that reached each).
    # register:competition: 1 the competition (with season), 2 its trophies (with player, partner,
    #                       team, match and the match's teams).
    expected = {"register:player": 3, "register:competition": 2}[url_name]
    with django_assert_num_queries(expected + 1):  # and the public data version
        small = client.get(reverse(url_name, args=[target.pk]))
    for day in range(2, 12):
        play_world_match(world, datetime.date(2026, 3, day), [(1, "A.driver", "royal", "won"),
                                                             (2, "A.driver", "grand", "won")])
    with django_assert_num_queries(expected + 1):  # and the public data version
        response = client.get(reverse(url_name, args=[target.pk]))
    assert small.status_code == response.status_code == 200
    assert response.text.count("Royal") >= 11


# --- a player's page, a competition's trophies, the latest cups ----------------------------------

def test_a_player_page_shows_every_trophy_points_over_time_and_withdrawn_cups_marked(client):
    world = make_two_team_season(values=True, thresholds="100")
    play_world_match(world, MARCH_1, [(1, "A.driver", "spadille", "won")])  # 30
    second = play_world_match(world, MARCH_8, [(1, "A.driver", "grand", "won")])  # 180: a cup
    correct_trophies(second, [(1, "A.driver", "grand", "lost")])

    response = client.get(reverse("register:player", args=[world.alice.pk]))

    steps = response.context["steps"]
    assert [(step.win.trophy, step.total) for step in steps] == [("spadille", 30), ("grand", 30)]
    # The chart climbs to 30 on the first trophy's day and stays flat over the withdrawn one; its
    # axes are labelled with the months and the points.
    chart = response.context["chart"]
    assert len(chart.marks) == 1
    assert [tick.label for tick in chart.y_ticks] == ["0", "10", "20", "30"]
    assert [tick.label for tick in chart.x_ticks] == [f"{MARCH_1.year}-03", f"{MARCH_1.year}-04"]
    assert "<svg" in response.text and f"{MARCH_1.year}-04</text>" in response.text
    [award] = response.context["awards"]
    assert award.threshold == 100 and award.reached_by.trophy == "grand" and award.withdrawn_on
    text = response.text
    assert text.count('class="withdrawn"') == 2  # the withdrawn trophy and the cup it had made
    assert "A correction of the match removed this trophy." in text
    assert "The player&#x27;s trophy points no longer reach this threshold." in text


def test_a_competition_page_lists_its_trophies(client):
    world = make_two_team_season()
    play_world_match(world, MARCH_1, [(1, "A.driver", "royal", "won"), (2, "B.catcher", "spadille", "won")])

    response = client.get(reverse("register:competition", args=[world.championship.pk]))

    assert [(win.trophy, win.player) for win in response.context["wins"]] == [
        ("royal", world.alice), ("spadille", world.dave),
    ]
    listing = client.get(reverse("register:competitions"))
    assert [(c.pk, c.trophy_count) for c in listing.context["competitions"]] == [(world.championship.pk, 2)]


def test_a_trophys_match_links_to_the_match_by_its_teams_on_the_player_and_competition_pages(client):
    """The match is named by its teams, as everywhere on the public pages (its date has a column of
    its own), and leads to the match's page."""
    world = make_two_team_season()
    match = play_world_match(world, MARCH_1, [(1, "A.driver", "royal", "won")])
    link = (f'<a href="{reverse("public:match", args=[MARCH_1.year, match.pk])}">'
            f"{match.team_a.name} &ndash; {match.team_b.name}</a>")

    for url in (reverse("register:player", args=[world.alice.pk]),
                reverse("register:competition", args=[world.championship.pk])):
        assert link in client.get(url).text, url


def test_the_latest_cups_show_an_award_and_its_withdrawal(client):
    world = make_two_team_season(values=True, thresholds="100")
    match = play_world_match(world, MARCH_1, [(1, "A.driver", "royal", "won")])
    correct_trophies(match, [])

    events = client.get(reverse("register:awards")).context["events"]

    assert [(event.award.player, event.withdrawn) for event in events] == [(world.alice, True), (world.alice, False)]


def test_the_register_pages_need_no_login_and_the_nav_links_them(client):
    home = client.get(reverse("home"))
    assert reverse("register:index") in home.text
    for name in ("register:index", "register:competitions", "register:awards"):
        assert client.get(reverse(name)).status_code == 200


def test_the_registers_menu_marks_the_page_being_read(client):
    for name in ("register:index", "register:competitions", "register:awards"):
        html = client.get(reverse(name)).text
        menu = html[html.index('class="sub-nav"'):html.index("</nav>", html.index('class="sub-nav"'))]
        assert menu.count('aria-current="page"') == 1, name
        assert f'<a href="{reverse(name)}" aria-current="page">' in menu, name


# --- the jury's variant entries ------------------------------------------------------------------

def variant_form_data(world, **changes):
    data = {"player": world.carol.name, "partner": world.dave.name, "team": world.blue.pk, "trophy": "gloria",
            "variant": "emperor", "won_on": "2026-04-02", "competition": ""}
    return data | changes


def test_the_public_cannot_enter_variant_trophies(client):
    world = make_two_team_season()
    url = reverse("register:enter_variant")

    anonymous = client.post(url, variant_form_data(world))
    assert anonymous.status_code == 302 and reverse("login") in anonymous.url

    client.force_login(factories.make_user(None))
    assert client.post(url, variant_form_data(world)).status_code == 403
    assert not TrophyWin.objects.exists()


def test_a_juror_enters_a_trophy_won_in_emperor_tarokk(client):
    world = make_two_team_season(values=True, thresholds="100")
    juror = factories.make_user("jury")
    client.force_login(juror)

    response = client.post(reverse("register:enter_variant"), variant_form_data(world))

    assert response.status_code == 302
    [win] = TrophyWin.objects.all()
    assert (win.player, win.partner, win.team, win.trophy) == (world.carol, world.dave, world.blue, "gloria")
    assert (win.variant, win.won_on, win.points, win.entered_by) == ("emperor", datetime.date(2026, 4, 2), 160, juror)
    assert CupAward.objects.get().reached_by == win
    page = client.get(response.url)
    assert "Emperor Tarokk" in page.text
    assert register.rederive() == []  # the check keeps the jury's variant entries


def test_the_variant_form_offers_the_25_trophies_and_refuses_inconsistent_entries(client):
    world = make_two_team_season()
    client.force_login(factories.make_user("jury"))
    url = reverse("register:enter_variant")

    form = client.get(url).context["form"]
    assert len(form.fields["trophy"].choices) == 25  # R11
    assert [value for value, _label in form.fields["variant"].choices] == ["emperor"]

    response = client.post(url, variant_form_data(world, partner=world.carol.name, team=world.red.pk))
    assert response.status_code == 200
    assert set(response.context["form"].errors) == {"partner", "team"}
    assert not TrophyWin.objects.exists()

    typed = client.post(url, variant_form_data(world, player="carol x", partner="", team=""))
    assert "No player is called" in typed.content.decode()
    assert '<datalist id="player-names">' in client.get(url).content.decode()  # names offered as typed


def test_a_variant_trophy_names_its_players_by_name_those_sharing_one_by_the_offer(client):
    world = make_two_team_season()
    first, second = factories.make_player("Kovács János"), factories.make_player("Kovács János")
    client.force_login(factories.make_user("jury"))
    url = reverse("register:enter_variant")

    page = client.get(url)
    assert set(page.context["form"].fields) == {"player", "partner", "team", "trophy", "variant", "won_on",
                                                "competition"}
    assert "<textarea" not in page.text and "membership" not in page.text.lower()
    offers = page.text[page.text.index('<datalist id="player-names">'):]
    assert f'<option value="Kovács János ({first.membership_number})">' in offers
    assert f'<option value="{world.carol.name}">' in offers

    shared = client.post(url, variant_form_data(world, player="kovacs janos", partner="", team=""))
    assert shared.status_code == 200 and not TrophyWin.objects.exists()
    assert "2 players are called “kovacs janos”" in str(shared.context["form"].errors["player"])
    number_alone = client.post(url, variant_form_data(world, player=second.membership_number, partner="", team=""))
    assert "No player is called" in str(number_alone.context["form"].errors["player"])

    picked = client.post(url, variant_form_data(world, player=f"Kovács János ({second.membership_number})",
                                                partner="", team=""))
    assert picked.status_code == 302
    assert TrophyWin.objects.get().player == second


# --- from the jury's entry to the register, through the bridge -----------------------------------

def test_a_match_confirmed_and_corrected_through_the_engine_keeps_the_register(client):
    season = factories.make_season(2025, trophy_points_are_values=True, cup_thresholds="100")
    records = with_trophy(factories.eight_hand_records(), 2, "royal")
    match = factories.make_match(competition=factories.make_competition(season=season), hand_records=records)
    assert not TrophyWin.objects.exists()  # entered, not yet confirmed

    matches.confirm_match(match, factories.make_user("chief"))
    [win] = TrophyWin.objects.all()
    assert (win.player, win.trophy, win.points, win.hand.number) == (match.a_driver, "royal", 200, 3)
    [award] = CupAward.objects.all()

    matches.correct_match(match, factories.eight_hand_records(), user=factories.make_user("chief"),
                         reason="Royal was lost")
    win.refresh_from_db()
    award.refresh_from_db()
    assert win.withdrawn_on and award.withdrawn_on

    page = client.get(reverse("register:player", args=[match.a_driver.pk]))
    assert page.text.count('class="withdrawn"') == 2


def test_a_juror_withdraws_a_variant_trophy_with_a_reason_and_its_cup_goes_with_it(client):
    world = make_two_team_season(values=True, thresholds="100")
    client.force_login(factories.make_user("jury"))
    client.post(reverse("register:enter_variant"), variant_form_data(world))
    [win] = TrophyWin.objects.all()
    url = reverse("register:withdraw_variant", args=[win.pk])

    assert client.post(url, {"reason": ""}).status_code == 200  # a reason is required
    response = client.post(url, {"reason": "Entered for the wrong player"})

    assert response.status_code == 302
    win.refresh_from_db()
    assert win.withdrawn_on and win.withdrawal_reason == "Entered for the wrong player"
    assert CupAward.objects.get().withdrawn_on is not None
    page = client.get(reverse("register:player", args=[world.carol.pk]))
    assert "Entered for the wrong player" in page.text


def test_only_the_jury_withdraws_and_only_variant_entries(client):
    world = make_two_team_season()
    play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])
    [from_match] = TrophyWin.objects.all()
    [variant] = register.enter_variant_trophy(player=world.carol, trophy="gloria", variant="emperor", won_on=MARCH_8,
                                              user=factories.make_user("jury"))

    client.force_login(factories.make_user(None))
    assert client.post(reverse("register:withdraw_variant", args=[variant.pk]), {"reason": "x"}).status_code == 403
    client.force_login(factories.make_user("jury"))
    assert client.post(reverse("register:withdraw_variant", args=[from_match.pk]),
                       {"reason": "x"}).status_code == 404  # a recorded trophy follows its match
    assert not TrophyWin.objects.filter(withdrawn_on__isnull=False).exists()
