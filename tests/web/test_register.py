"""The national trophy register (R11, R20): entries made from confirmed hands, withdrawals on
correction, trophy points and cups at thresholds, and the whole-register check used by rescore.

Matches are played through the jury's steps (tests.factories.play_world_match: scheduled, recorded,
confirmed by a second juror) and corrected by the chief jury (correct_trophies), so every entry
is the one the register's sync made as the match was saved.
"""

import datetime

import pytest

from tests.factories import (
    MARCH_1,
    correct_trophies,
    make_two_team_season,
    make_user,
    play_world_match,
)
from tournaments.core import register
from tournaments.core.models import (
    CupAward,
    Match,
    Player,
    TrophyWin,
)
from tournaments.core.register import sync

pytestmark = pytest.mark.django_db

MARCH_8 = datetime.date(2026, 3, 8)
MARCH_15 = datetime.date(2026, 3, 15)


def standing(player):
    return list(TrophyWin.objects.filter(player=player, withdrawn_on__isnull=True))


# --- entries from hands --------------------------------------------------------------------------

def test_a_trophy_won_in_a_confirmed_hand_enters_the_register_by_itself():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(3, "A.driver", "royal", "won")])

    [win] = TrophyWin.objects.all()
    assert (win.player, win.partner, win.team) == (world.alice, world.bob, world.red)
    assert (win.trophy, win.variant, win.won_on) == ("royal", TrophyWin.Variant.ROYAL, MARCH_1)
    assert (win.match, win.competition, win.hand.number) == (match, world.championship, 3)
    assert win.announcement.feast == "royal"
    assert win.points == 1  # R20 default: 1 trophy point per trophy
    assert win.withdrawn_on is None


def test_the_announcer_is_the_player_in_the_announcing_seat_of_that_match():
    world = make_two_team_season()
    play_world_match(world, trophies=[(2, "B.catcher", "marriage", "won")])

    [win] = TrophyWin.objects.all()
    assert (win.player, win.partner, win.team) == (world.dave, world.carol, world.blue)


def test_lost_trophies_messages_and_other_feasts_do_not_enter():
    world = make_two_team_season()
    play_world_match(world, trophies=[
        (1, "A.driver", "royal", "lost"), (2, "B.driver", "pagat_capture", "won"), (3, "A.catcher", "flush", None),
    ])

    assert not TrophyWin.objects.exists()


@pytest.mark.parametrize("state", [Match.State.ENTERED, Match.State.RETURNED, Match.State.IN_ENTRY])
def test_a_match_enters_the_register_only_once_confirmed(state):
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won")], state=state)

    sync.sync_match(match)

    assert not TrophyWin.objects.exists()


def test_both_partners_are_credited_when_the_season_says_so():
    world = make_two_team_season(both_partners=True)
    play_world_match(world, trophies=[(1, "A.catcher", "scale", "won")])

    credited = {(win.player, win.partner, win.team) for win in TrophyWin.objects.all()}
    assert credited == {(world.bob, world.alice, world.red), (world.alice, world.bob, world.red)}


def test_trophy_points_are_the_trophy_value_when_the_season_says_so():
    world = make_two_team_season(values=True)
    play_world_match(world, trophies=[(1, "A.driver", "royal", "won"), (2, "A.driver", "spadille", "won")])

    assert sorted(win.points for win in TrophyWin.objects.all()) == [30, 200]


def test_syncing_an_unchanged_match_leaves_its_entries_untouched():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])
    [win] = TrophyWin.objects.all()
    history_rows = win.history.count()

    sync.sync_match(match)

    [again] = TrophyWin.objects.all()
    assert again.pk == win.pk and again.history.count() == history_rows


def test_a_correction_that_replaces_the_hands_keeps_a_trophy_that_still_holds():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])
    [win] = TrophyWin.objects.all()

    correct_trophies(match, [(5, "A.driver", "royal", "won")])

    [again] = TrophyWin.objects.all()
    assert again.pk == win.pk and again.withdrawn_on is None
    assert again.hand.number == 5  # relinked to the hand the trophy is now recorded in


def test_a_correction_that_removes_a_trophy_withdraws_the_entry_with_reason_and_date():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won"), (2, "B.driver", "scale", "won")])

    correct_trophies(match, [(1, "A.driver", "royal", "lost"), (2, "B.driver", "scale", "won")])

    royal = TrophyWin.objects.get(trophy="royal")
    assert royal.withdrawn_on is not None
    assert royal.withdrawal_reason == sync.REASON_TROPHY_REMOVED
    assert TrophyWin.objects.get(trophy="scale").withdrawn_on is None
    assert TrophyWin.objects.count() == 2  # never deleted


def test_a_deleted_hand_withdraws_its_trophy():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(8, "A.driver", "royal", "won")])

    match.hands.get(number=8).delete()
    sync.sync_match(match)

    [win] = TrophyWin.objects.all()
    assert win.withdrawal_reason == sync.REASON_TROPHY_REMOVED


def test_a_match_sent_back_withdraws_its_trophies_and_reconfirming_enters_them_anew():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])

    Match.objects.filter(pk=match.pk).update(state=Match.State.RETURNED)
    sync.sync_match(match)
    [withdrawn] = TrophyWin.objects.all()
    assert withdrawn.withdrawal_reason == sync.REASON_MATCH_NOT_CONFIRMED

    Match.objects.filter(pk=match.pk).update(state=Match.State.CONFIRMED)
    sync.sync_match(match)
    assert [win.withdrawn_on for win in TrophyWin.objects.order_by("id")] == [withdrawn.withdrawn_on, None]


def test_the_same_trophy_twice_in_a_match_is_two_entries():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "marriage", "won"),
                                                    (4, "A.driver", "marriage", "won")])
    assert len(standing(world.alice)) == 2

    correct_trophies(match, [(4, "A.driver", "marriage", "won")])

    assert len(standing(world.alice)) == 1
    assert TrophyWin.objects.filter(withdrawn_on__isnull=False).count() == 1


def test_a_corrected_date_moves_the_entry_without_withdrawing_it():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])

    Match.objects.filter(pk=match.pk).update(played_on=MARCH_8)
    sync.sync_match(match)

    [win] = TrophyWin.objects.all()
    assert win.won_on == MARCH_8 and win.withdrawn_on is None


# --- cups ----------------------------------------------------------------------------------------

def test_a_cup_is_awarded_to_the_trophy_that_reaches_the_threshold():
    world = make_two_team_season(values=True, thresholds="100,250")
    play_world_match(world, MARCH_1, [(1, "A.driver", "marriage", "won")])  # 60
    assert not CupAward.objects.exists()

    play_world_match(world, MARCH_8, [(1, "A.driver", "dschinn", "won")])  # 110

    [award] = CupAward.objects.all()
    assert (award.player, award.threshold, award.awarded_on) == (world.alice, 100, MARCH_8)
    assert award.reached_by.trophy == "dschinn"


def test_one_trophy_crossing_several_thresholds_makes_one_award_each():
    world = make_two_team_season(values=True, thresholds="100,250,500")
    play_world_match(world, MARCH_1, [(1, "A.driver", "marriage", "won")])  # 60
    play_world_match(world, MARCH_8, [(1, "A.driver", "royal", "won")])  # 260

    awards = CupAward.objects.order_by("threshold")
    assert [(award.threshold, award.reached_by.trophy) for award in awards] == [(100, "royal"), (250, "royal")]


def test_with_one_point_a_trophy_the_count_of_trophies_reaches_the_threshold():
    world = make_two_team_season(thresholds="3")
    play_world_match(world, MARCH_1, [(1, "A.driver", "spadille", "won"), (2, "A.driver", "manille", "won")])
    assert not CupAward.objects.exists()

    play_world_match(world, MARCH_8, [(1, "A.driver", "spadille", "won")])

    [award] = CupAward.objects.all()
    assert award.threshold == 3 and award.reached_by.won_on == MARCH_8


def test_awards_follow_the_order_the_trophies_were_won_not_recorded():
    world = make_two_team_season(values=True, thresholds="100")
    play_world_match(world, MARCH_15, [(1, "A.driver", "marriage", "won")])
    play_world_match(world, MARCH_1, [(1, "A.driver", "marriage", "won")])  # recorded later, won earlier

    [award] = CupAward.objects.all()
    assert award.awarded_on == MARCH_15 and award.reached_by.won_on == MARCH_15


def test_both_partners_collect_points_and_cups_when_both_are_credited():
    world = make_two_team_season(both_partners=True, values=True, thresholds="100")
    play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])

    assert {award.player for award in CupAward.objects.all()} == {world.alice, world.bob}


def test_a_correction_that_removes_the_trophy_withdraws_its_award_and_keeps_both_visible():
    world = make_two_team_season(values=True, thresholds="100")
    play_world_match(world, MARCH_1, [(1, "A.driver", "marriage", "won")])
    second = play_world_match(world, MARCH_8, [(1, "A.driver", "marriage", "won")])
    [award] = CupAward.objects.all()

    correct_trophies(second, [(1, "A.driver", "marriage", "lost")])

    award.refresh_from_db()
    assert award.withdrawn_on is not None
    assert award.withdrawal_reason == sync.REASON_POINTS_BELOW
    assert award.reached_by.withdrawn_on is not None

    play_world_match(world, MARCH_15, [(1, "A.driver", "scale", "won")])  # 180 again
    awards = list(CupAward.objects.order_by("id"))
    assert [(a.threshold, a.withdrawn_on is None) for a in awards] == [(100, False), (100, True)]
    assert awards[1].reached_by.trophy == "scale"


def test_an_earlier_trophy_confirmed_later_takes_the_award_over():
    world = make_two_team_season(values=True, thresholds="100")
    play_world_match(world, MARCH_1, [(1, "A.driver", "marriage", "won")])
    play_world_match(world, MARCH_15, [(1, "A.driver", "marriage", "won")])
    play_world_match(world, MARCH_8, [(1, "A.driver", "marriage", "won")])

    old, new = CupAward.objects.order_by("id")
    assert old.withdrawal_reason == sync.REASON_REACHED_BY_OTHER
    assert (new.withdrawn_on, new.awarded_on, new.reached_by.won_on) == (None, MARCH_8, MARCH_8)


# --- the whole register --------------------------------------------------------------------------

def test_rederive_finds_nothing_in_a_register_kept_by_sync_match():
    world = make_two_team_season(values=True, thresholds="100")
    play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])

    assert sync.rederive() == []


def test_rederive_reports_and_repairs_a_register_that_missed_a_match():
    world = make_two_team_season(values=True, thresholds="100")
    play_world_match(world, MARCH_1, [(1, "A.driver", "royal", "won")])
    unsynced = play_world_match(world, MARCH_8, [(1, "B.driver", "royal", "won")])
    CupAward.objects.filter(reached_by__match=unsynced).delete()  # the register lost this match's entries
    TrophyWin.objects.filter(match=unsynced).delete()
    TrophyWin.objects.filter(trophy="royal", player=world.alice).update(points=7)  # tampered

    lines = sync.rederive()
    assert any(f"match {unsynced.pk}" in line and "missing Royal of Carol" in line for line in lines)
    assert any("differs in points" in line for line in lines)
    assert not TrophyWin.objects.filter(player=world.carol).exists()  # a dry run changes nothing

    assert sync.rederive(fix=True) == lines
    assert sync.rederive() == []
    assert TrophyWin.objects.get(player=world.carol).points == 200
    assert CupAward.objects.filter(player=world.carol, withdrawn_on__isnull=True).count() == 1


def test_rederive_withdraws_entries_of_a_match_no_longer_confirmed_and_keeps_variant_entries():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])
    Match.objects.filter(pk=match.pk).update(state=Match.State.RETURNED)
    register.enter_variant_trophy(player=world.carol, trophy="gloria", variant=TrophyWin.Variant.EMPEROR,
                                  won_on=MARCH_8, user=make_user("jury"))

    lines = sync.rederive(fix=True)

    assert len(lines) == 1 and "no longer holds" in lines[0]
    assert TrophyWin.objects.get(trophy="royal").withdrawal_reason == sync.REASON_MATCH_NOT_CONFIRMED
    assert TrophyWin.objects.get(trophy="gloria").withdrawn_on is None
    assert sync.rederive() == []


def test_a_correction_of_who_played_moves_the_trophy_to_the_player_now_in_the_seat():
    world = make_two_team_season()
    match = play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])
    erin = Player.objects.create(name="Erin", membership_number="2026-erin")

    Match.objects.filter(pk=match.pk).update(a_driver=erin)
    sync.sync_match(match)

    alices = TrophyWin.objects.get(player=world.alice)
    assert alices.withdrawal_reason == sync.REASON_CREDIT_CHANGED
    assert TrophyWin.objects.get(player=erin).withdrawn_on is None


def test_rederive_reports_and_remakes_a_missing_cup_and_withdraws_one_not_due():
    world = make_two_team_season(values=True, thresholds="100")
    play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])
    CupAward.objects.update(withdrawn_on=MARCH_8, withdrawal_reason="lost by mistake")
    stray = CupAward.objects.create(player=world.bob, threshold=100, awarded_on=MARCH_1,
                                    reached_by=TrophyWin.objects.get())

    lines = sync.rederive(fix=True)

    assert sorted(lines) == [
        f"register: Alice: missing cup for 100 points (reached on {TrophyWin.objects.get().won_on})",
        f"register: Bob: cup {stray.pk} for 100 points no longer holds",
    ]
    assert CupAward.objects.filter(withdrawn_on__isnull=True).get().player == world.alice
    assert sync.rederive() == []


def test_a_variant_trophy_outside_any_season_counts_one_point_against_the_default_thresholds():
    world = make_two_team_season(thresholds="1")
    win = sync.enter_variant_trophy(player=world.alice, trophy="royal", variant="emperor",
                                        won_on=datetime.date(2031, 5, 1), user=None)[0]

    assert win.points == 1  # no season for 2031: R20's defaults
    assert not CupAward.objects.exists()  # 1 point is below 100; season 2026's "1" does not apply


def test_a_variant_trophy_follows_a_change_of_the_seasons_points_as_match_trophies_do():
    world = make_two_team_season()
    play_world_match(world, trophies=[(1, "A.driver", "royal", "won")])
    [emperor] = register.enter_variant_trophy(player=world.carol, trophy="gloria", variant=TrophyWin.Variant.EMPEROR,
                                              won_on=MARCH_8, user=make_user("jury"))
    assert emperor.points == 1
    world.season.trophy_points_are_values = True
    world.season.save()

    lines = sync.rederive(fix=True)

    assert any("gloria" in line.lower() or "Gloria" in line for line in lines)
    assert TrophyWin.objects.get(pk=emperor.pk).points == 160
    assert TrophyWin.objects.get(trophy="royal").points == 200
    assert sync.rederive() == []


def test_rescore_reports_and_repairs_a_variant_trophy_whose_points_are_stale():
    from tournaments.recording.rescoring import rescore

    world = make_two_team_season(values=True)
    [emperor] = register.enter_variant_trophy(player=world.carol, trophy="gloria", variant=TrophyWin.Variant.EMPEROR,
                                              won_on=MARCH_8, user=make_user("jury"))
    TrophyWin.objects.filter(pk=emperor.pk).update(points=1)

    found = rescore(fix=True)

    assert len(found.register) == 1 and "differs in points" in found.register[0]
    assert TrophyWin.objects.get(pk=emperor.pk).points == 160
    assert rescore().lines() == []


def test_a_variant_trophy_follows_a_change_of_the_seasons_credit_to_both_partners():
    world = make_two_team_season()
    [emperor] = register.enter_variant_trophy(player=world.carol, partner=world.dave, team=world.blue,
                                              trophy="gloria", variant=TrophyWin.Variant.EMPEROR,
                                              won_on=MARCH_8, user=make_user("jury"))
    world.season.trophy_credit_both_partners = True
    world.season.save()

    assert len(sync.rederive(fix=True)) == 1
    daves = TrophyWin.objects.get(player=world.dave)
    assert (daves.partner, daves.trophy, daves.variant, daves.withdrawn_on) == (
        world.carol, "gloria", TrophyWin.Variant.EMPEROR, None)
    assert sync.rederive() == []

    world.season.trophy_credit_both_partners = False
    world.season.save()

    assert len(sync.rederive(fix=True)) == 1
    daves.refresh_from_db()
    assert daves.withdrawal_reason == sync.REASON_PARTNER_NOT_CREDITED
    assert TrophyWin.objects.get(pk=emperor.pk).withdrawn_on is None
    assert sync.rederive() == []
