"""A realistic demo season: 24 teams with Hungarian names (some with substitutes), a Team
Championship with confirmed, awaiting, part-entered and scheduled matches (two of them private, one
agreed), a Hungarian Cup in progress and a Grand Prix, and the demo logins. Every hand is a legal
hand from the engine's generator, recorded through tournaments.recording.matches like a jury's entry.
Idempotent: a second run only prints the logins; --reset empties the database first."""

import datetime
import itertools
import random

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from bench import bulk_season
from bench import hands as bulk
from scoring.table import Phase as TablePhase
from tournaments.core import register
from tournaments.core.competitions import cup, free_games
from tournaments.core.models import Competition, FreeGame, GrandPrixEntry, Match, Player, Season, Team, TrophyWin
from tournaments.core.roles import CHIEF_JURY, JURY, ORGANISER, ensure_roles
from tournaments.recording import matches, player_entry, tables

PASSWORD = "tarokk-demo"
USERS = [("jury1", JURY), ("jury2", JURY), ("chief", CHIEF_JURY), ("organiser", ORGANISER)]
SEED = 2024

FAMILY_NAMES = ["Nagy", "Kovács", "Tóth", "Szabó", "Horváth", "Varga", "Kiss", "Molnár", "Németh", "Farkas",
                "Balogh", "Papp", "Takács", "Juhász", "Lakatos", "Mészáros", "Oláh", "Simon", "Rácz", "Fekete",
                "Szilágyi", "Török", "Fehér", "Balázs", "Gál", "Kis", "Szűcs", "Kocsis", "Orsós", "Pintér"]
GIVEN_NAMES = ["László", "István", "József", "János", "Zoltán", "Sándor", "Gábor", "Ferenc", "Attila", "Péter",
               "Tamás", "Zsolt", "Erzsébet", "Katalin", "Ilona", "Éva", "Anna", "Zsuzsanna", "Mária", "Judit",
               "Ágnes", "Krisztina", "Gergely", "Bence", "Dóra", "Réka"]
TEAM_NAMES = ["Dunai Darazsak", "Pagat Fogok", "Tiszai Tarokkosok", "Budai Bölcsek", "Pesti Pávák",
              "Szegedi Szkízek", "Debreceni Darvak", "Győri Gólyák", "Egri Ernyők", "Soproni Sólymok",
              "Pécsi Páholy", "Miskolci Mondok", "Kecskeméti Királyok", "Veszprémi Vitézek", "Zalai Zsiványok",
              "Balatoni Bagoly", "Hortobágyi Hattyúk", "Mátrai Madarak", "Bakonyi Betyárok", "Szolnoki Szarkák",
              "Tatai Tücskök", "Váci Varjak", "Esztergomi Ernők", "Kőszegi Kakukkok"]
PLACES = ["Budapest", "Szeged", "Debrecen", "Győr", "Eger", "Pécs", "Sopron", "Veszprém"]


class Command(BaseCommand):
    help = "Create the demo season and the demo logins (idempotent; --reset empties the database first)."

    def add_arguments(self, parser):
        parser.add_argument("--reset", action="store_true", help="Empty the database, then create the demo.")
        parser.add_argument("--scale", type=int, default=1, metavar="N",
                            help="N times the teams (24 N) and matches: from N=2 on every team plays the "
                                 "Championship's full 52 matches, and there are N Grand Prix events.")

    def handle(self, *args, reset=False, scale=1, **options):
        if scale < 1:
            raise CommandError("--scale is a whole number of at least 1.")
        if reset:
            call_command("flush", interactive=False, verbosity=0)
            from django.apps import apps

            ensure_roles(apps)  # flush empties the groups the migration made
        if Season.objects.exists():
            self.stdout.write(_("The database already holds data; nothing created (use --reset to start again)."))
        else:
            with transaction.atomic():
                Demo(self.stdout, scale=scale).create()
        self.stdout.write(_("Demo logins: %(logins)s, password: %(password)s") % {
            "logins": ", ".join(name for name, _group in USERS), "password": PASSWORD})


ROMAN = ["", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
MATCH_LIMIT = 52  # R15: the most championship matches a team plays in a season
GRAND_PRIX_ENTRANTS = 6


class Demo:
    def __init__(self, out, scale=1):
        self.out = out
        self.scale = scale
        self.rng = random.Random(SEED)
        today = timezone.localdate()
        # The Cup's first round is played in September (R16): before October, show last season.
        self.year = today.year if today.month >= 10 else today.year - 1
        self.today = min(today, datetime.date(self.year, 12, 31))
        self.members = itertools.count(1)

    def create(self):
        self.users = self.create_users()
        # R20 lets a season count each trophy at its value; the demo does, so that its register
        # shows cups reached within one season.
        self.season = Season.objects.create(year=self.year, trophy_points_are_values=True,
                                            state=Season.State.RUNNING)
        self.teams = self.create_teams()
        if self.scale == 1:
            self.championship()
        else:
            self.full_championship()
        for event in range(self.scale):
            self.grand_prix(event)
        self.cup()
        self.free_games = self.create_free_games()
        self.variant_trophies()
        self.online_table()
        self.out.write(_("Demo season %(year)s: %(teams)s teams, %(matches)s matches.") % {
            "year": self.year, "teams": len(self.teams), "matches": Match.objects.count()})

    def variant_trophies(self):
        """A few trophies won at Emperor Tarokk tables, entered by the jury (R20), so that some
        players pass the register's cup thresholds."""
        for team, trophy, month in ((self.teams[0], "mond_capture", 3), (self.teams[0], "golgotha", 6),
                                    (self.teams[5], "royal", 5), (self.teams[9], "marriage", 4)):
            register.enter_variant_trophy(player=team.driver, partner=team.catcher, team=team, trophy=trophy,
                                          variant=TrophyWin.Variant.EMPEROR, won_on=self.day(month, 12),
                                          user=self.users["chief"], competition=self.free_games)

    def online_table(self):
        """A free game at an online table, its first hand played (its replay) and in the second the
        announcements over and the first trick played, so that the tables page shows one being
        played (its seat links come from "New seat link")."""
        players = [member for team in self.teams[10:12] for member in (team.driver, team.catcher)]
        table, _links = tables.open_table(user=self.users["organiser"], free_games=self.free_games, seed=SEED,
                                          players=dict(zip(tables.SEATS, players, strict=True)))
        seats = {seat.seat: seat for seat in table.seats.all()}
        while True:
            state = tables.load(table)
            hand = state.hand
            if (state.hand_number == 2 and hand.phase is not TablePhase.ANNOUNCING and not hand.current_trick
                    and hand.tricks):
                return
            moves = hand.legal_moves()
            move = moves[0] if hand.phase is TablePhase.ANNOUNCING else moves[-1]  # pass; the last card offered
            tables.make_move(seats[str(move.seat)], move.as_dict())

    # --- free games (R18) ---------------------------------------------------------------------

    def create_free_games(self):
        """Emperor Tarokk and three-handed games from several players, recorded through the free-game
        path so that the variant scorers derive their points, and a training game with points given.
        Players are named by membership number in the records: two players may share a name."""
        competition = Competition.objects.create(season=self.season, kind=Competition.Kind.FREE_GAMES,
                                                 name=f"Szabad játszmák {self.year}", slug="szabad-jatszmak")
        players = [member for team in self.teams[:8] for member in (team.driver, team.catcher)]
        for number in range(6):
            four = self.rng.sample(players, 4)
            free_games.record_free_game(
                competition, played_on=self.day(3 + number, 5 + number), kind=FreeGame.Kind.VARIANT,
                variant=FreeGame.Variant.EMPEROR, record=self.emperor_record(four))
        for number in range(4):
            three = self.rng.sample(players, 3)
            free_games.record_free_game(
                competition, played_on=self.day(4 + number, 18), kind=FreeGame.Kind.VARIANT,
                variant=FreeGame.Variant.THREE_HANDED, record=self.three_handed_record(three))
        free_games.record_free_game(competition, played_on=self.day(5, 2), kind=FreeGame.Kind.TRAINING,
                                    points={player: self.rng.randint(-8, 12) for player in players[:4]},
                                    note="Edzés a klubban")
        return competition

    def emperor_record(self, four):
        declarer, partner, *defenders = four
        card_points = self.rng.randint(30, 70)
        return {"format": "emperor/1", "declarer": declarer.membership_number,
                "partner": partner.membership_number, "defenders": [p.membership_number for p in defenders],
                "bid": self.rng.choice(["three_cards", "two_cards", "one_card"]), "contra": None,
                "card_points": card_points, "tricks": min(10, max(0, card_points // 10)), "bonuses": []}

    def three_handed_record(self, three):
        """Card points 130 and tricks 25 in all; each player's points fit the tricks he took."""
        shares = self.rng.choice([((10, 56), (8, 44), (7, 30)), ((9, 50), (9, 47), (7, 33)),
                                  ((6, 34), (11, 59), (8, 37))])
        return {"format": "three-handed/1", "players": [
            {"name": player.membership_number, "card_points": points, "tricks": tricks, "dealer": index == 0}
            for index, (player, (tricks, points)) in enumerate(zip(three, shares, strict=True))]}

    # --- people -----------------------------------------------------------------------------

    def create_users(self):
        users = {}
        for username, group in USERS:
            user = get_user_model().objects.create_user(username, password=PASSWORD,
                                                        is_staff=(group in (ORGANISER, CHIEF_JURY)))
            user.groups.add(Group.objects.get(name=group))
            users[username] = user
        return users

    def player(self):
        number = next(self.members)
        name = f"{self.rng.choice(FAMILY_NAMES)} {self.rng.choice(GIVEN_NAMES)}"
        return Player.objects.create(name=name, membership_number=f"MT-{number:04d}")

    def create_teams(self):
        teams = []
        for index in range(len(TEAM_NAMES) * self.scale):
            name = self.team_name(index)
            substitute = self.player() if index % 3 == 0 else None
            teams.append(Team.objects.create(season=self.season, name=name, driver=self.player(),
                                             catcher=self.player(), substitute=substitute))
        return teams

    @staticmethod
    def team_name(index):
        """The demo's 24 names, then the same names numbered II, III, ... for a larger season."""
        name = TEAM_NAMES[index % len(TEAM_NAMES)]
        generation = index // len(TEAM_NAMES)
        return f"{name} {ROMAN[generation] if generation < len(ROMAN) else generation + 1}" if generation else name

    # --- matches ----------------------------------------------------------------------------

    def day(self, month, day):
        """A date of this season, no later than yesterday (the demo's played matches are past)."""
        wanted = datetime.date(self.year, month, day)
        return min(wanted, self.today - datetime.timedelta(days=1))

    def new_match(self, competition, team_a, team_b, played_on, substitute_ok=True, save=True, **extra):
        seats = {"a_driver": team_a.driver, "a_catcher": team_a.catcher,
                 "b_driver": team_b.driver, "b_catcher": team_b.catcher}
        if substitute_ok and team_a.substitute and self.rng.random() < 0.3:
            seats["a_catcher"] = team_a.substitute  # R14: the substitute may play either role
        match = Match(competition=competition, team_a=team_a, team_b=team_b, played_on=played_on,
                      place=self.rng.choice(PLACES), **seats, **extra)
        if save:
            match.save()
        return match

    def play(self, match, *, confirm=True, full=False, hands=None):
        """Record 8 legal hands through the bridge, entered by one juror and confirmed by the chief;
        with ``hands`` only the first ones are saved, a match still being entered."""
        records = bulk.random_hand_records(self.rng, match.hands_expected,
                                             first_attackers=self.rng.choice("AB"), full=full, table=True)
        juror = self.users[self.rng.choice(["jury1", "jury2"])]
        if hands is not None:
            matches.record_match(match, records[:hands], user=juror, draft=True)
            return match
        matches.record_match(match, records, user=juror)
        if confirm:
            matches.confirm_match(match, self.users["chief"])
        return match

    def championship(self):
        competition = Competition.objects.create(season=self.season, kind=Competition.Kind.CHAMPIONSHIP,
                                                 name=f"Csapatbajnokság {self.year}", slug="bajnoksag",
                                                 players_enter_hands=True)
        pairs = list(itertools.combinations(self.teams, 2))
        self.rng.shuffle(pairs)
        for number, (team_a, team_b) in enumerate(pairs[:60]):
            played_on = self.day(2 + number // 8, 1 + (number * 3) % 27)
            match = self.new_match(competition, team_a, team_b, played_on)
            drafts = {58: 5, 59: 3}  # two matches still being entered, hand by hand
            self.play(match, confirm=number < 54, full=number % 10 == 0, hands=drafts.get(number))
        for number, (team_a, team_b) in enumerate(pairs[60:72]):
            later = min(self.today + datetime.timedelta(days=7 + number), datetime.date(self.year, 12, 31))
            if number in (2, 3):  # match day: two public matches are played today
                later = self.today
            match = self.new_match(competition, team_a, team_b, later, substitute_ok=False,
                                   played_publicly=number >= 2)
            if number == 0 and later >= timezone.localdate():  # R15: a private match the chief jury agreed
                matches.agree_match(match, self.users["chief"])
            if later == self.today:  # the players enter today's matches on their phones, by their teams' links
                for side in ("A", "B"):
                    player_entry.give_link(match, side, self.users["jury1"])

    def grand_prix(self, number=0):
        place = "Szeged" if number == 0 else PLACES[number % len(PLACES)]
        suffix = "" if number < len(PLACES) else f" {number // len(PLACES) + 1}"
        slug = "gp-szeged" if number == 0 else f"gp-{number + 1}"
        starts = self.day(6, 14) if number == 0 else self.day(3 + number % 9, 7 + number % 3 * 7)
        event = Competition.objects.create(season=self.season, kind=Competition.Kind.GRAND_PRIX,
                                           name=f"Grand Prix {place}{suffix} {self.year}", slug=slug,
                                           starts=starts, place=place)
        entrants = self.teams[GRAND_PRIX_ENTRANTS * number:GRAND_PRIX_ENTRANTS * (number + 1)]
        GrandPrixEntry.objects.bulk_create(GrandPrixEntry(competition=event, team=team) for team in entrants)
        # R17: each team plays 3 matches; three rounds of three pairings.
        rounds = [[(0, 1), (2, 3), (4, 5)], [(0, 2), (1, 4), (3, 5)], [(0, 5), (1, 3), (2, 4)]]
        pairs = [(entrants[a], entrants[b]) for pairings in rounds for a, b in pairings]
        if self.scale == 1:
            for a, b in pairs:
                self.play(self.new_match(event, a, b, starts))
        else:
            self.record_in_bulk([self.new_match(event, a, b, starts, save=False) for a, b in pairs])

    # --- a national-scale season (--scale N, N >= 2) -------------------------------------------

    def played(self, match, full=False):
        records = bulk.random_hand_records(self.rng, match.hands_expected,
                                             first_attackers=self.rng.choice("AB"), full=full, table=True)
        return bulk_season.PlayedMatch(match, records)

    def record_in_bulk(self, unsaved, full_every=10):
        juror = self.users[self.rng.choice(["jury1", "jury2"])]
        played = (self.played(match, full=number % full_every == 0) for number, match in enumerate(unsaved))
        return bulk_season.record_confirmed(played, juror=juror, chief=self.users["chief"])

    def full_championship(self):
        """R15: every team plays its 52 matches: team i meets teams i+1 ... i+26 (around the
        circle). Most are confirmed; the last ones are being entered, awaiting confirmation or
        still to be played, as on any match day."""
        competition = Competition.objects.create(season=self.season, kind=Competition.Kind.CHAMPIONSHIP,
                                                 name=f"Csapatbajnokság {self.year}", slug="bajnoksag",
                                                 players_enter_hands=True)
        count = len(self.teams)
        pairs = [(self.teams[i], self.teams[(i + step) % count])
                 for step in range(1, MATCH_LIMIT // 2 + 1) for i in range(count)]
        scheduled, drafts, awaiting = 12 * self.scale, 2 * self.scale, 4 * self.scale
        played = len(pairs) - scheduled
        confirmed = played - drafts - awaiting
        first, last = datetime.date(self.year, 2, 1), self.today - datetime.timedelta(days=1)
        span = max((last - first).days, 0)

        def date_of(number):
            return first + datetime.timedelta(days=span * number // played)

        self.record_in_bulk(self.new_match(competition, a, b, date_of(number), save=False)
                            for number, (a, b) in enumerate(pairs[:confirmed]))
        for number, (a, b) in enumerate(pairs[confirmed:played], start=confirmed):
            hands = 5 if number - confirmed < drafts else None
            self.play(self.new_match(competition, a, b, date_of(number)), confirm=False, hands=hands)
        for number, (a, b) in enumerate(pairs[played:]):
            later = min(self.today + datetime.timedelta(days=7 + number // count), datetime.date(self.year, 12, 31))
            match = self.new_match(competition, a, b, later, substitute_ok=False, played_publicly=number >= 2)
            if number == 0 and later >= timezone.localdate():  # R15: a private match the chief jury agreed
                matches.agree_match(match, self.users["chief"])
            if later == self.today:  # the players enter today's matches on their phones, by their teams' links
                for side in ("A", "B"):
                    player_entry.give_link(match, side, self.users["jury1"])

    def cup(self):
        competition = Competition.objects.create(season=self.season, kind=Competition.Kind.CUP,
                                                 name=f"Magyar Kupa {self.year}", slug="magyar-kupa",
                                                 registration_opens=datetime.date(self.year, 1, 20))
        for team in self.teams[8:24]:
            cup.enter_team(competition, team, on=self.day(2, 1))
        ties = cup.make_draw(competition, seed=f"demo-{self.year}")
        first_round = [tie for tie in ties if tie.round == min(t.round for t in ties)]
        for index, tie in enumerate(first_round):
            matches_played = 3 if index < 6 else 1  # two ties still in progress
            for number in range(matches_played):
                match = self.new_match(competition, tie.team_a, tie.team_b, self.day(9, 20 + number),
                                       substitute_ok=False, cup_tie=tie)
                self.play(match)
