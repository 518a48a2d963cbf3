"""The public data version (tournaments.core.models.public_data) moves wherever public data is written:
every model of the app is either a PublicData model, whose every write moves it, or on the
PRIVATE list below, with the reason no public page reads it. A new model is neither until someone
decides, so this test fails until they do."""

import datetime
from contextlib import contextmanager
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import models, transaction
from django.urls import reverse
from simple_history.models import HistoricalChanges
from simple_history.utils import bulk_create_with_history

from tests.factories import make_player, make_team, make_two_team_season, make_user, play_world_match
from tournaments.core.models import (
    Competition,
    CupAward,
    CupEntry,
    CupTie,
    FreeGame,
    FreeGameScore,
    GrandPrixEntry,
    HandDraft,
    Match,
    Player,
    PlayerHand,
    PublicData,
    PublicDataQuerySet,
    PublicDataVersion,
    Season,
    SilentPremium,
    Table,
    TableAction,
    TableSeat,
    Team,
    TeamLink,
    WordOverride,
    public_data,
)

pytestmark = pytest.mark.django_db

PRIVATE = {
    # What a juror has typed of a hand and not yet stored, written at every pause in typing and
    # shown to nobody else: on a match day it must not empty the public cache.
    HandDraft,
    # The version's own row.
    PublicDataVersion,
    # The online table: its pages (tournaments.pages.table) are live, sent over WebSockets and never
    # served from the page cache; what a finished hand makes public enters through the door.
    Table, TableSeat, TableAction,
    # The players' entry at the table: a team's link, and a hand a team entered, awaiting the other
    # team's word, read by the jury's and that match's teams' pages only (never cached); an accepted
    # hand enters through the door.
    TeamLink, PlayerHand,
}


def is_private(model) -> bool:
    # History rows (django-simple-history) say who changed a fact and why, on jury pages only;
    # the change of the fact itself moves the version.
    return model in PRIVATE or issubclass(model, HistoricalChanges)


def public_models():
    # Auto-created tables (a ManyToManyField's) are listed too: they cannot be PublicData, so a
    # many-to-many relation between public models fails here until it is given its own model.
    every = apps.get_app_config("tournaments").get_models(include_auto_created=True)
    return [model for model in every if not is_private(model)]


def name(model):
    return model.__name__


@pytest.fixture
def world():
    """At least one real row of every public model: a season with a confirmed match in the
    register (hands, announcements, a trophy and the cup it reached), a Cup with an entry and a
    tie, a Grand Prix event with an entry, a free game with a score; and a juror's typing."""
    world = make_two_team_season(thresholds="1")
    world.match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])
    hand = world.match.hands.order_by("number").first()
    SilentPremium.objects.create(hand=hand, premium="four_kings", team="B")
    cup = Competition.objects.create(season=world.season, kind=Competition.Kind.CUP, name="Cup", slug="cup")
    CupEntry.objects.create(competition=cup, team=world.red, entered_on=datetime.date(2026, 9, 1))
    CupTie.objects.create(competition=cup, round=CupTie.Round.FINAL, slot=0, team_a=world.red, team_b=world.blue)
    event = Competition.objects.create(season=world.season, kind=Competition.Kind.GRAND_PRIX, name="GP", slug="gp")
    GrandPrixEntry.objects.create(competition=event, team=world.red)
    free = Competition.objects.create(season=world.season, kind=Competition.Kind.FREE_GAMES, name="Free", slug="free")
    game = FreeGame.objects.create(competition=free, played_on=datetime.date(2026, 6, 1))
    FreeGameScore.objects.create(game=game, player=world.alice, points=12)
    HandDraft.objects.create(match=world.match, number=2, user=make_user("jury"), fields={"holdings_a": "XXI"})
    assert CupAward.objects.exists()  # the register's own cup, reached by the trophy's 1 point
    WordOverride.objects.create(kind="feast", key="pheasant", hungarian="Fáczán", international="Pheasant")
    return world


@contextmanager
def moves_once():
    before = public_data.current()
    yield
    after = public_data.current()
    assert after.number == before.number + 1 and after.token != before.token


@contextmanager
def moves_nothing():
    before = public_data.current()
    yield
    assert public_data.current() == before


def stored_field(model):
    """A field a QuerySet's update() can set to the value it holds (any but the primary key)."""
    return next(field for field in model._meta.concrete_fields if not field.primary_key)


def referrers_first(every):
    """The models in an order where each comes before every model it refers to, so deleting all
    rows of the models before one leaves nothing that protects that one's rows."""
    ordered = []

    def place(model):
        if model in ordered:
            return
        for other in every:
            if other is not model and any(field.related_model is model for field in other._meta.concrete_fields):
                place(other)
        ordered.append(model)

    for model in every:
        place(model)
    return ordered


# --- every public model uses the mechanism, and every write of it moves the version -------------


@pytest.mark.parametrize("model", public_models(), ids=name)
def test_every_model_a_public_page_reads_is_public_data(model):
    assert issubclass(model, PublicData), f"{name(model)}: make it PublicData, or say in PRIVATE why not"
    # Its own QuerySet, and the one Django's bulk paths take (the base manager), both move it.
    assert isinstance(model._default_manager.all(), PublicDataQuerySet)
    assert isinstance(model._base_manager.all(), PublicDataQuerySet)


@pytest.mark.parametrize("model", public_models(), ids=name)
def test_a_save_an_update_and_a_delete_of_a_public_row_move_the_version(world, model):
    row = model.objects.order_by("pk").first()
    assert row is not None, f"the world has no {name(model)}: give it one"
    with moves_once():
        row.save()
    field = stored_field(model)
    with moves_once():
        assert model.objects.filter(pk=row.pk).update(**{field.name: getattr(row, field.name)}) == 1
    with moves_once():
        assert model.objects.bulk_update([row], [field.name]) == 1

    ordered = referrers_first(public_models())
    for earlier in ordered[:ordered.index(model)]:
        earlier.objects.all().delete()
    with moves_once():
        deleted, _by_model = model.objects.filter(pk=row.pk).delete()
    assert deleted >= 1


def test_no_row_outside_the_mechanism_changes_a_public_row_when_it_goes():
    """Deleting a row cascades through Django's collector, not through the related rows' own
    delete(): a public row may be deleted or changed that way only by deleting another public row."""
    for model in public_models():
        for field in model._meta.concrete_fields:
            if field.is_relation and not issubclass(field.related_model, PublicData):
                assert field.remote_field.on_delete in (models.PROTECT, models.RESTRICT), f"{name(model)}.{field.name}"


def test_what_a_juror_types_moves_nothing(world):
    draft = HandDraft.objects.get()
    with moves_nothing():
        draft.fields = {"holdings_a": "XXI, XX"}
        draft.save()
        HandDraft.objects.filter(pk=draft.pk).update(number=3)
        HandDraft.objects.bulk_create([HandDraft(match=draft.match, number=4, user=draft.user)])
        HandDraft.objects.all().delete()


# --- the other ways in -----------------------------------------------------------------------------


def test_an_instance_delete_and_a_bulk_create_move_it(world):
    premium = SilentPremium.objects.get()
    with moves_once():
        premium.delete()
    with moves_once():
        SilentPremium.objects.bulk_create([SilentPremium(hand=premium.hand, premium="obscure", team="A")])


def test_a_bulk_create_with_history_moves_it(world):
    with moves_once():
        bulk_create_with_history([Player(name="Eve", membership_number="E1"),
                                  Player(name="Fred", membership_number="F1")], Player)
    assert Player.history.filter(name__in=["Eve", "Fred"]).count() == 2


def test_a_reverse_relations_add_moves_it(world):
    """add() moves the rows by the base manager's update(), not by their save()."""
    cup = Competition.objects.get(kind=Competition.Kind.CUP)
    entry = CupEntry.objects.get()
    entry.competition = Competition.objects.get(kind=Competition.Kind.GRAND_PRIX)
    entry.save()
    with moves_once():
        cup.cup_entries.add(entry)
    assert CupEntry.objects.get().competition == cup


# Committed for real: a backup, a flush (migrate's signal puts the version's row back), a restore.
# Transactional tests run last and each empties the database, so no other test sees this one's.
@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_restore_into_an_emptied_database_moves_it(tmp_path):
    make_team("Restored Rooks")
    path = tmp_path / "backup.json.gz"
    call_command("backup", str(path), stdout=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    assert not Team.objects.exists() and public_data.current() is not None
    with moves_once():
        call_command("restore", str(path), stdout=StringIO())
    assert Team.objects.get().name == "Restored Rooks"


def test_the_admin_moves_it(client, world):
    client.force_login(make_user(is_staff=True, is_superuser=True))
    season = world.season
    with moves_once():
        response = client.post(reverse("admin:tournaments_season_change", args=[season.pk]), {
            "year": season.year, "cup_thresholds": "5,10", "trophy_points_are_values": "on"})
    assert response.status_code == 302 and Season.objects.get().cup_thresholds == "5,10"
    unplaced = make_player("Nobody's partner")
    with moves_once():
        client.post(reverse("admin:tournaments_player_changelist"),
                    {"action": "delete_selected", "_selected_action": [unplaced.pk], "post": "yes"})
    assert not Player.objects.filter(pk=unplaced.pk).exists()


def test_the_domain_can_say_so_itself(world):
    with moves_once():
        public_data.changed()


# --- transactions ------------------------------------------------------------------------------------


def test_a_rolled_back_transaction_leaves_the_version(world):
    with moves_nothing(), pytest.raises(RuntimeError), transaction.atomic():
        Team.objects.filter(pk=world.red.pk).update(name="Never")
        Match.objects.get().save()
        raise RuntimeError


def test_one_transaction_moves_it_once(world):
    with moves_once(), transaction.atomic():
        for team in Team.objects.all():
            team.save()
        Match.objects.update(place="Eger")
        SilentPremium.objects.all().delete()


def test_a_savepoint_rolled_back_takes_its_move_with_it(world):
    with moves_once(), transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            Match.objects.update(place="Never")
            raise RuntimeError
        Team.objects.filter(pk=world.red.pk).update(name="Kept")  # moves it again: the move above went
    assert Match.objects.get().place == "" and Team.objects.get(pk=world.red.pk).name == "Kept"


def test_an_emptied_database_gets_its_row_back(world):
    """flush empties every table, the version's with it: the next change puts it back."""
    PublicDataVersion.objects.all().delete()
    assert public_data.current() is None
    Team.objects.filter(pk=world.red.pk).update(name="Again")
    assert public_data.current().number == 1
    with moves_once():
        public_data.after_migrate(using="default")


def test_the_version_read_is_the_rows_own(world):
    """public_data.current() reads the row with a statement of its own: the same epoch, number and time."""
    row = PublicDataVersion.objects.get()
    assert public_data.current() == public_data.Version(row.epoch, row.number, row.changed_at)
