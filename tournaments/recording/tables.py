"""The online table as a way in (issue 25): tables opened, seats joined by their links, moves
checked by the rules of scoring.table and stored in order, and each finished hand recorded through
the one door (:func:`tournaments.recording.matches.record_hand`, way in ``WayIn.TABLE``).

The database is the only state: a hand is its seed and the table's actions, replayed. The
consumers (tournaments.pages.table) call these functions and only carry messages.
"""

from __future__ import annotations

import secrets as secret_numbers
import threading
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial

from django.core.cache import cache as shared_cache
from django.db import IntegrityError, connection, transaction
from django.db.models import Subquery
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop  # history reasons: stored in English, read translated

from scoring import table as rules
from scoring.cards import SEATS_BY_NAME, SEATS_CLOCKWISE, Team
from scoring.feasts import FEASTS
from scoring.match import match_result
from tournaments.core import bridge, words
from tournaments.core.competitions.championship import agreement_reasons
from tournaments.core.competitions.free_games import record_free_game
from tournaments.core.lines import line_rows, number_told
from tournaments.core.models import (
    HANDS_AT_A_TABLE,
    Competition,
    FreeGame,
    Match,
    Player,
    Table,
    TableAction,
    TableSeat,
    hash_secret,
)
from tournaments.core.refusals import NotAllowed, Refused
from tournaments.core.roles import CONFIRM, ENTER, ORGANISE
from tournaments.core.words import feast_name

from .matches import WayIn, record_hand, save_particulars

SEATS = [str(seat) for seat in SEATS_CLOCKWISE]
CARDS_IN_A_HAND = 40  # ten tricks of four
MATCH_SEAT_FIELDS = {"A.driver": "a_driver", "A.catcher": "a_catcher", "B.driver": "b_driver",
                     "B.catcher": "b_catcher"}
ORGANISER_MOVES = ("adjourn", "resume", "abandon", "seat")
# The match's history names the table a hand was played at, and a substitute seated there (R14).
HAND_PLAYED_REASON = gettext_noop("Hand %(number)s played at online table %(table)s")
SUBSTITUTE_REASON = gettext_noop("Substitute seated at online table %(table)s (R14)")
HAND_SCORES_KEPT = 7 * 24 * 60 * 60  # seconds a finished hand's scores stay cached (then scored again)
LINKS_HOLD = (Table.State.OPEN, Table.State.ADJOURNED)  # a seat link ends with its table


# --- opening a table -------------------------------------------------------------------------


def may_open(user) -> bool:
    """An organiser or a chief juror opens a table (issue 25)."""
    return user.is_authenticated and (user.has_perm(ORGANISE) or user.has_perm(CONFIRM))


def check_may_open_for_match(match: Match, user) -> None:
    """An official match is played at a table only when the jury agreed it beforehand (R15) and its
    four players are named; its hands enter as the first entry of the user who opened the table,
    so that user must hold the jury's permission to enter scores (a chief juror does)."""
    if not user.has_perm(ENTER):
        raise NotAllowed(_("A table for an official match is opened by a chief juror: its hands are entered "
                           "in their name and confirmed by another."))
    if match.state != Match.State.SCHEDULED or match.hands.exists():
        raise Refused(_("This match already has hands entered; its table would start at hand 1."))
    if agreement_reasons(match) and match.jury_agreed_by_id is None:
        raise Refused(_("R15: the jury agrees this match before it is played; agree it first."))
    if any(getattr(match, name) is None for name in MATCH_SEAT_FIELDS.values()):
        raise Refused(_("Name the four players of the match (Driver and Catcher of each team) first."))
    if match.tables.filter(state__in=(Table.State.OPEN, Table.State.ADJOURNED)).exists():
        raise Refused(_("This match already has a table being played."))


def open_table(*, user, match: Match | None = None, free_games: Competition | None = None,
               players: dict | None = None, seed: int | None = None) -> tuple[Table, dict[str, str]]:
    """Open a table for ``match`` (its players take the seats) or for a free game in ``free_games``
    (``players``: seat -> Player). Returns the table and each seat's link secret, shown once."""
    if not may_open(user):
        raise NotAllowed(_("A table is opened by an organiser or a chief juror."))
    if match is not None or free_games is not None:  # R21: a closed season's facts are final
        (match.competition if match is not None else free_games).season.check_open(_("Online table"))
    if match is not None:
        check_may_open_for_match(match, user)
        players = {seat: getattr(match, name) for seat, name in MATCH_SEAT_FIELDS.items()}
    else:
        if free_games is None or free_games.kind != Competition.Kind.FREE_GAMES:
            raise Refused(_("R18: a free game is played in the season's free games."))
        players = players or {}
        if sorted(players) != sorted(SEATS) or None in players.values():
            raise Refused(_("Name a player for each of the four seats."))
        if len({player.pk for player in players.values()}) != 4:
            raise Refused(_("Four different players sit at a table."))
    seed = secret_numbers.randbits(62) if seed is None else seed
    with transaction.atomic():
        check_seated_once(players.values())
        table = Table.objects.create(match=match, free_games=free_games, seed=seed,
                                     first_attackers=rules.first_attackers(seed).value, opened_by=user)
        links = {}
        for seat in SEATS:
            table_seat = TableSeat(table=table, seat=seat, player=players[seat])
            links[seat] = table_seat.new_link()
            table_seat.save()
    return table, links


def check_seated_once(players, table: Table | None = None) -> None:
    """One live seat per player: a player sits at one table being played or adjourned at a time (a
    second seat would have them play two hands at once). The players' rows are locked, so two tables
    opened at once do not both seat one player."""
    pks = [player.pk for player in players]
    list(Player.objects.select_for_update().filter(pk__in=pks).values_list("pk", flat=True))
    taken = (TableSeat.objects.select_related("player").filter(player_id__in=pks, table__state__in=LINKS_HOLD)
             .exclude(table=table).order_by("table_id").first())
    if taken is not None:
        raise Refused(_("%(player)s already sits at table %(table)s, which is being played or adjourned; a player "
                        "sits at one live table at a time: finish or abandon that table first.")
                      % {"player": taken.player, "table": taken.table_id}, code="seated_elsewhere")


def new_seat_link(table: Table, seat: str, user) -> str:
    """A new link for a seat (the old one stops working): for a player who lost theirs."""
    check_may_run(table, user)
    table_seat = table.seats.get(seat=seat)
    secret = table_seat.new_link()
    table_seat.save(update_fields=["link_hash"])
    return secret


class SeatClosed(Refused):
    """The seat's link was replaced by a new one, or its table ended: whoever held it holds it no
    longer."""


def seat_of_link(secret: str) -> TableSeat | None:
    """The seat a link names, while its table is being played or adjourned; a link ends with its
    table (finished or abandoned)."""
    if not secret:
        return None
    return (TableSeat.objects.select_related("table", "player")
            .filter(link_hash=hash_secret(secret),
                    table__state__in=(Table.State.OPEN, Table.State.ADJOURNED)).first())


# --- the state of a table --------------------------------------------------------------------


@dataclass
class TableState:
    """A table as its actions leave it: the hand being played (replayed), and the hands finished,
    replayed only when asked for. A state is read for a move, a connection or an organiser's page,
    and never changed once built (a move makes the next one)."""

    table: Table
    hand_number: int  # the hand being played; HANDS_AT_A_TABLE + 1 when all are played
    hand: rules.TableHand | None
    position: int  # the next action's position
    moves_by_hand: dict[int, list[dict]] = field(default_factory=dict)  # finished hands' moves read
    _replayed: dict[int, rules.TableHand] = field(default_factory=dict)
    _hand_wide: dict[object, object] = field(default_factory=dict)  # shown all through a hand: names, hands done
    _shown: dict[object, object] = field(default_factory=dict)  # what the views of this state share

    @property
    def all_played(self) -> bool:
        return self.hand is None

    @property
    def finished_count(self) -> int:
        return self.hand_number - 1

    def finished_hand(self, number: int) -> rules.TableHand:
        if number not in self._replayed:
            moves = self.moves_by_hand.get(number)
            if moves is None:  # a hand before the last two: its actions were not read
                moves = [move for move in self.table.actions.filter(hand_number=number).order_by("position")
                         .values_list("move", flat=True) if move.get("kind") not in ORGANISER_MOVES]
            self._replayed[number] = _replay(self.table, number, moves)
        return self._replayed[number]

    @property
    def finished(self) -> list[rules.TableHand]:
        return [self.finished_hand(number) for number in range(1, self.hand_number)]

    def after(self, hand: rules.TableHand, action: TableAction) -> TableState:
        """The state once ``action`` made ``hand`` of this state's (a move that did not end it):
        the finished hands, the names and the last hand's scores carry over."""
        return TableState(self.table, self.hand_number, hand, action.position + 1, self.moves_by_hand,
                          self._replayed, self._hand_wide)


def attackers_of(table: Table, number: int) -> Team:
    return rules.attackers_of_hand(Team(table.first_attackers), number)


def _replay(table: Table, number: int, moves: list[dict]) -> rules.TableHand:
    return rules.replay(rules.hand_seed(table.seed, number), attackers_of(table, number), moves)


def load(table: Table) -> TableState:
    """The state after the table's last action: the hand being played replayed from the table's
    actions, reading in one query only the actions of that hand and the one before (every move and
    every connection reads it). A hand is over once its 40 cards are played."""
    last_hand = table.actions.order_by("-position").values("hand_number")[:1]
    actions = (table.actions.filter(hand_number__gte=Subquery(last_hand) - 1).order_by("position")
               .values_list("hand_number", "position", "move"))
    moves_by_hand: dict[int, list[dict]] = {}
    number, position = 1, 1
    for number, last_position, move in actions:
        position = last_position + 1
        if move.get("kind") not in ORGANISER_MOVES:
            moves_by_hand.setdefault(number, []).append(move)
    moves = moves_by_hand.pop(number, [])
    if sum(1 for move in moves if move.get("kind") == "play") == CARDS_IN_A_HAND:
        moves_by_hand[number] = moves
        number += 1  # the last hand is over: the next has no move yet
        moves = []
    hand = _replay(table, number, moves) if number <= HANDS_AT_A_TABLE else None
    return TableState(table, number, hand, position, moves_by_hand)


# --- moves -----------------------------------------------------------------------------------


@dataclass
class MoveResult:
    state: TableState
    hand_finished: bool
    answer: dict | None  # the engine's answer for a hand just finished


def make_move(table_seat: TableSeat, move: dict, *, account=None) -> MoveResult:
    """The player in ``table_seat`` makes ``move`` (a dict as scoring.table.Move.as_dict gives, its
    seat taken from the seat, never from the client). Raises IllegalMove (nothing stored) for a
    move the rules refuse, Refused when the table is not being played. After the tenth trick the
    hand's record enters through the door; after the eighth hand the game is recorded. Raises
    SeatClosed when the seat's link was replaced or its table ended since the seat was joined (or,
    for a seat taken by ``account``, the login's player sits there no longer: a substitute took it).

    Moves at a table are made one at a time: the table's row is locked, and a position is taken
    once (unique), so a move that came second is refused, never stored beside the first."""
    if not isinstance(move, dict):
        raise rules.IllegalMove("a move is an object", "malformed_move")
    move = {**move, "seat": table_seat.seat}
    parsed = rules.Move.from_dict(move)
    with _one_writer_on_sqlite(), transaction.atomic():
        seat = (TableSeat.objects.select_related("table", "player").select_for_update(of=("table",))
                .filter(pk=table_seat.pk).first())  # the table's row locked, the seat as it is now
        if seat is None or not _still_held(seat, table_seat, account) or seat.table.state not in LINKS_HOLD:
            raise SeatClosed(_("This seat is closed."), code="seat_closed")
        table = seat.table
        if table.state != Table.State.OPEN:
            raise Refused(_("The table is not being played now (%(state)s).") % {"state": table.get_state_display()},
                          code="table_not_open")
        state = load(table)
        if state.hand is None:
            raise rules.IllegalMove("every hand is played", "all_played")
        hand = state.hand  # read for this move alone
        hand.apply(parsed)  # IllegalMove: nothing stored
        try:
            with transaction.atomic():
                action = TableAction.objects.create(table=table, hand_number=state.hand_number,
                                                    position=state.position, seat=seat.seat,
                                                    move=hand.moves[-1].as_dict(), player=seat.player)
        except IntegrityError:
            raise rules.IllegalMove("another move came first", "not_your_turn") from None
        if hand.phase is not rules.Phase.FINISHED:
            return MoveResult(state.after(hand, action), False, None)
        answer = _hand_finished(table, state.hand_number, hand)
        state = load(table)
        if state.all_played:
            _game_finished(table, state)
    return MoveResult(state, True, answer)


def _still_held(seat: TableSeat, joined: TableSeat, account) -> bool:
    """Whether whoever joined the seat holds it still: by its link, until a new link replaces it;
    by a login, while the login's player sits there."""
    if account is not None:
        return seat.player is not None and seat.player.account_id == account.pk
    return seat.link_hash == joined.link_hash


_sqlite_writer = threading.Lock()


def _one_writer_on_sqlite():
    """SQLite has one writer at a time, and a transaction that finds the database locked sleeps
    and tries again, for longer and longer (up to 100 ms a try): the moves of several tables made
    at once in the server's threads would wait far longer than the writes take. So they take their
    turn on a lock in the process first, each woken as soon as the one before commits. Measured
    with make bench-table (8 tables, SQLite, the moves in Channels' pool threads side by side, one
    run each at load 8): a card's worst time to the other three seats 4.4 s and p95 601 ms without
    this lock, 1.5 s and 436 ms with it. PostgreSQL locks the table's row only, and tables are
    played side by side."""
    return _sqlite_writer if connection.vendor == "sqlite" else nullcontext()


def _hand_finished(table: Table, number: int, hand: rules.TableHand) -> dict:
    """The hand's record through the door (an official match), or checked and scored by the engine
    (a free game, recorded as a whole once its hands are played)."""
    record = hand.record()
    if table.match_id:
        match = Match.objects.get(pk=table.match_id)
        reason = HAND_PLAYED_REASON % {"number": number, "table": table.pk}
        return record_hand(match, number, record, user=table.opened_by, way_in=WayIn.TABLE, reason=reason).answer
    return bridge.evaluate_hand_record(record)


def _game_finished(table: Table, state: TableState) -> None:
    """R18: a free game's players each score their team's result over the table's hands (R13's
    arithmetic, from the engine); an official match awaits the jury's submission and confirmation."""
    if table.free_games_id:
        scores = {"A": [], "B": []}
        for hand in state.finished:
            answer = bridge.evaluate_hand_record(hand.record())
            for team in scores:
                scores[team].append(answer[team]["score"])
        results = {team: match_result(hand_scores).score for team, hand_scores in scores.items()}
        points = {seat.player: results[seat.seat[0]] for seat in table.seats.select_related("player")}
        table.free_game = record_free_game(table.free_games, played_on=timezone.localdate(),
                                           kind=FreeGame.Kind.TRAINING, points=points,
                                           note=_("Online table %(number)s") % {"number": table.pk})
    table.state = Table.State.FINISHED
    table.save(update_fields=["state", "free_game"])


# --- the organiser's hand on a table ----------------------------------------------------------


def check_may_run(table: Table, user) -> None:
    if not (user.is_authenticated and (user.pk == table.opened_by_id or user.has_perm(ORGANISE))):
        raise NotAllowed(_("Only an organiser or the juror who opened the table may do this."))


def _organiser_action(table: Table, user, move: dict) -> None:
    position = (table.actions.order_by("-position").values_list("position", flat=True).first() or 0) + 1
    number = load(table).hand_number
    TableAction.objects.create(table=table, hand_number=number, position=position, move=move, made_by=user)


def adjourn(table: Table, user, reason: str) -> None:
    """Stop play for now, with a reason; the state is kept and play resumes where it stopped."""
    _change_table_state(table, user, reason, "adjourn", Table.State.ADJOURNED, (Table.State.OPEN,))


def resume(table: Table, user) -> None:
    _change_table_state(table, user, "", "resume", Table.State.OPEN, (Table.State.ADJOURNED,))


def abandon(table: Table, user, reason: str) -> None:
    """End the table unplayed, with a reason: its seat links end; hands already recorded stay."""
    _change_table_state(table, user, reason, "abandon", Table.State.ABANDONED,
                        (Table.State.OPEN, Table.State.ADJOURNED))


def _change_table_state(table, user, reason, kind, new_state, from_states) -> None:
    check_may_run(table, user)
    reason = reason.strip()
    if kind != "resume" and not reason:
        raise Refused(_("Give the reason."), code="reason_missing")
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        if table.state not in from_states:
            raise Refused(_("The table is %(state)s.") % {"state": table.get_state_display()}, code="table_state")
        _organiser_action(table, user, {"kind": kind, "reason": reason})
        table.state, table.reason = new_state, reason
        table.save(update_fields=["state", "reason"])


def seat_substitute(table: Table, seat: str, player, user) -> None:
    """R14: a substitute takes a seat between hands (before the hand's first move)."""
    check_may_run(table, user)
    with transaction.atomic():
        table = Table.objects.select_for_update().get(pk=table.pk)
        state = load(table)
        if state.hand is not None and state.hand.moves:
            raise Refused(_("R14: a substitute takes a seat between hands; this hand has begun."),
                          code="hand_begun")
        if table.seats.exclude(seat=seat).filter(player=player).exists():
            raise Refused(_("%(player)s already sits at this table.") % {"player": player}, code="seated")
        check_seated_once([player], table)
        if table.match_id:
            _seat_on_match(table, seat, player, user)
        table.seats.filter(seat=seat).update(player=player)
        _organiser_action(table, user, {"kind": "seat", "seat": seat, "player": player.pk})


def _seat_on_match(table: Table, seat: str, player, user) -> None:
    """R14: the match names the players who actually played, as the jury's particulars do for a
    substitute: the seat's player changes on the match through the door's own particulars, so the
    hands recorded from the table after this name the player seated. The seat is taken by its
    team's player of that role or by the team's substitute."""
    match = Match.objects.select_related("team_a", "team_b", "competition__season").get(pk=table.match_id)
    team = match.team_a if seat.startswith("A") else match.team_b
    role = seat.partition(".")[2]
    if player.pk not in (getattr(team, f"{role}_id"), team.substitute_id):
        raise Refused(_("R14: %(player)s does not play for %(team)s as its %(role)s or its substitute; "
                        "roles are fixed, only the substitute takes either seat.")
                      % {"player": player, "team": team, "role": words.role_name(role)}, code="R14_seat")
    name = MATCH_SEAT_FIELDS[seat]
    setattr(match, name, player)
    save_particulars(match, user=user, changed=[name], reason=SUBSTITUTE_REASON % {"table": table.pk})


# --- who may see an official match's cards ------------------------------------------------------


def hands_kept_secret(table: Table) -> bool:
    """Whether the table's cards (holdings and tricks) are kept from the public: an official match's,
    until the jury confirms the match (a free game's are public, R18)."""
    if not table.match_id:
        return False
    return not Match.objects.filter(pk=table.match_id, state=Match.State.CONFIRMED).exists()


def may_see_hands(table: Table, user, session_seats: dict) -> bool:
    """The one rule for every page, socket and answer that shows a table's holdings or tricks: the
    public once the match is confirmed (a free game's at once); before that the jury (who may enter
    scores) and the table's own players, by their account or the seat link kept in the session."""
    if not hands_kept_secret(table):
        return True
    if user is not None and user.is_authenticated and user.has_perm(ENTER):
        return True
    if user is not None and user.is_authenticated and table.seats.filter(player__account=user).exists():
        return True
    held = seat_of_link((session_seats or {}).get(str(table.pk)))
    return held is not None and held.table_id == table.pk


# --- what each one at the table is shown --------------------------------------------------------


def view(state: TableState, seat: str | None, *, cards_shown: bool = True) -> dict:
    """What ``seat`` sees of the table (None: a spectator or the big screen): everything played in
    the open, and only this seat's own cards; nothing of another hand before the hand ends. A
    spectator not ``cards_shown`` (the public, at an official match not yet confirmed) sees no card:
    neither the tricks nor the finished hand's deal; who is to act, what was said, the tricks'
    count and the scores."""
    language = translation.get_language()
    if ("open", language) not in state._shown:  # the same for every seat and the spectators
        state._shown[("open", language)] = _open_view(state, language)
    data = {**state._shown[("open", language)], "seat": seat}
    hand = state.hand
    if seat is None and not cards_shown:
        return _without_cards(data)
    if hand is None or seat is None:
        return data
    own = SEATS_BY_NAME[seat]
    data["cards"] = [str(card) for card in hand.hands[own]]
    # R9: the seat's own cards bound to a trick, and to which (its own cards only).
    data["bound"] = {str(card): sorted(binding.tricks) for card, binding in hand.bindings.get(own, {}).items()
                     if card in hand.hands[own]}
    mine = hand.to_act == own and state.table.state == Table.State.OPEN
    data["playable"] = [str(card) for card in hand.playable()] if mine else []
    if mine and ("offers", seat) not in state._shown:  # the same moves in every language
        state._shown[("offers", seat)] = hand.legal_announcements()
    data["offers"] = [_offer(move) for move in state._shown[("offers", seat)]] if mine else []
    data["contras"] = [_contra_offer(hand, move) for move in hand.legal_contras()] if mine else []
    data["may_pass"] = mine and hand.phase is rules.Phase.ANNOUNCING
    return data


def _without_cards(data: dict) -> dict:
    last_hand = data.get("last_hand")
    if last_hand:
        last_hand = {**last_hand, "deal": {}, "tricks": []}
    return {**data, "trick": None, "last_trick": None, "last_hand": last_hand, "cards_secret": True}


def _open_view(state: TableState, language: str) -> dict:
    """Everything played in the open, in the page's language."""
    table = state.table
    data = {
        "table": table.pk, "state": table.state, "state_name": str(table.get_state_display()),
        "reason": table.reason, "hand_number": min(state.hand_number, HANDS_AT_A_TABLE),
        "hands": HANDS_AT_A_TABLE, "players": _names(state), "seat": None,
        "hands_done": state.finished_count, **_hands_done_shown(state, language), "position": state.position,
    }
    hand = state.hand
    if hand is None:
        data.update(phase="over", to_act=None)
        return data
    data.update(
        phase=hand.phase.value, attackers=hand.attackers.value, moves=len(hand.moves),
        to_act=str(hand.to_act) if hand.to_act else None,
        announcements=_announcements(hand), tricks_won={team.value: won for team, won in hand.tricks_won().items()},
        trick=_trick(hand, len(hand.tricks)) if hand.current_trick else None,
        last_trick=_last_trick(hand), trick_number=hand.trick_number,
        cards_left={s: len(cards) for s, cards in ((str(k), v) for k, v in hand.hands.items())},
        dealer=str(hand.dealer), said=_said(hand),
    )
    return data


def _offer(move: rules.Move) -> dict:
    feast = FEASTS[move.feast]
    return {"feast": move.feast, "name": feast_name(move.feast), "value": feast.value,
            "cards": [str(c) for c in move.cards], "suits": [s.word for s in move.suits],
            **_number(move.feast, move.number, move.suits), "category": feast.category.value}


def _number(feast: str, number: int | None, suits) -> dict:
    """R6a: the number a message says, and how everyone hears it ("4 kőr"); nothing for the rest."""
    if number is None:
        return {}
    return {"number": number, "told": number_told(feast, number, [suit.word for suit in suits])}


def _contra_offer(hand: rules.TableHand, move: rules.Move) -> dict:
    called = hand.called[move.target - 1].announcement
    return {"target": move.target, "feast": called.feast.id, "name": feast_name(called.feast.id),
            "by": str(called.by)}


def _announcements(hand: rules.TableHand) -> list[dict]:
    return [{"number": c.number, "feast": c.announcement.feast.id, "name": feast_name(c.announcement.feast.id),
             "value": c.announcement.feast.value, "by": str(c.announcement.by),
             "cards": [str(card) for card in c.announcement.cards],
             "suits": [suit.word for suit in c.announcement.suits],
             **_number(c.announcement.feast.id, c.announcement.number, c.announcement.suits),
             "contra": hand.contras[c.number].value if c.number in hand.contras else None}
            for c in hand.standing]


def _trick(hand: rules.TableHand, number: int) -> dict:
    leader = hand.trick_leader(number)
    seats = [str(s) for s in rules.seats_from(leader)]
    cards = hand.tricks[number - 1]
    return {"number": number, "plays": [{"seat": seats[i], "card": str(card)} for i, card in enumerate(cards)],
            "winner": str(hand.trick_winners[number - 1]) if len(hand.trick_winners) >= number else None}


def _last_trick(hand: rules.TableHand) -> dict | None:
    done = len(hand.trick_winners)
    return _trick(hand, done) if done else None


def _names(state: TableState) -> dict[str, str]:
    """Who sits where: read once a hand (a substitute sits down between hands, an action of its own)."""
    if "names" not in state._hand_wide:
        seats = state.table.seats.select_related("player")
        state._hand_wide["names"] = {s.seat: str(s.player) if s.player else "" for s in seats}
    return state._hand_wide["names"]


def _hands_done_shown(state: TableState, language: str) -> dict:
    """What is shown of the finished hands all through the next one: the last hand (its lines named
    in the page's language) and the match so far. Finished hands never change, so this is kept in
    the shared cache, a copy a language, by the table and its count of finished hands, and built
    once: every move reads it in one round trip instead of replaying the last hand and scoring it
    again (with the scores of each hand apart, nine round trips at hand 8)."""
    if ("hands_done", language) not in state._hand_wide:
        if state.finished_count:
            key = f"{_hand_key(state.table, state.finished_count)}/shown/{language}"
            shown = shared_cache.get_or_set(key, partial(_hands_done, state), HAND_SCORES_KEPT)
        else:
            shown = _hands_done(state)
        state._hand_wide[("hands_done", language)] = shown
    return state._hand_wide[("hands_done", language)]


def _hands_done(state: TableState) -> dict:
    return {"last_hand": _last_hand(state), "running": _running_scores(state)}


def _last_hand(state: TableState) -> dict | None:
    """The last finished hand: its tricks in the open and the engine's scores with their lines."""
    if not state.finished_count:
        return None
    hand = state.finished_hand(state.finished_count)
    if "last_answer" not in state._hand_wide:
        state._hand_wide["last_answer"] = bridge.evaluate_hand_record(hand.record())
    answer = state._hand_wide["last_answer"]
    return {"number": state.finished_count, "deal": hand.record()["deal"],
            "tricks": [_trick(hand, number) for number in range(1, len(hand.tricks) + 1)],
            "tricks_won": {team.value: won for team, won in hand.tricks_won().items()},
            "scores": {team: answer[team]["score"] for team in ("A", "B")},
            "lines": [{"name": row["name"], "A": row["A"], "B": row["B"]} for row in line_rows(answer, hand.record())]}


def _hand_key(table: Table, number: int) -> str:
    """The shared cache's name for a finished hand of the table: by the table and its opening (a
    table's number is never reused with another opening), so never reused for another hand."""
    return f"table-hand/{table.pk}/{table.opened_at.timestamp()}/{number}"


def _said(hand: rules.TableHand) -> list[dict]:
    """Everything said this hand, in order and by whom: passes, announcements (a raise included:
    the record keeps only the final one, R7) and contras with their side (R8)."""
    said, announced = [], 0
    for move in hand.moves:
        if move.kind is rules.Kind.PLAY:
            break
        entry = {"seat": str(move.seat), "kind": move.kind.value}
        if move.kind is rules.Kind.ANNOUNCE:
            announced += 1
            entry.update(feast=move.feast, name=feast_name(move.feast), value=FEASTS[move.feast].value,
                         cards=[str(c) for c in move.cards], suits=[s.word for s in move.suits],
                         **_number(move.feast, move.number, move.suits), replaced=hand.called[announced - 1].replaced)
        elif move.kind is rules.Kind.CONTRA:
            called = hand.called[move.target - 1].announcement
            contra = hand.contras.get(move.target)
            entry.update(feast=called.feast.id, name=feast_name(called.feast.id), on=str(called.by),
                         side=contra.value if contra else None)
        said.append(entry)
    return said


def _finished_scores(state: TableState) -> list[dict]:
    """Each finished hand's scores by the engine. A finished hand never changes, so its scores are
    kept in the shared cache (keyed by the table and its opening, never reused) and read again in
    one round trip; a hand not there is replayed and scored once."""
    keys = {number: f"{_hand_key(state.table, number)}/scores" for number in range(1, state.finished_count + 1)}
    kept = shared_cache.get_many(list(keys.values()))
    missing = {}
    for number, key in keys.items():
        if key not in kept:
            answer = bridge.evaluate_hand_record(state.finished_hand(number).record())
            kept[key] = missing[key] = {team: answer[team]["score"] for team in ("A", "B")}
    if missing:
        shared_cache.set_many(missing, HAND_SCORES_KEPT)
    return [{"number": number, **kept[key]} for number, key in keys.items()]


def _running_scores(state: TableState) -> dict:
    """The match so far: each finished hand's scores, each team's sum of them, and once all are
    played the match score (R13, from the engine)."""
    if "running" not in state._hand_wide:  # it changes only when a hand ends
        hands = _finished_scores(state)
        results = {team: match_result([hand[team] for hand in hands]) for team in ("A", "B")} if hands else {}
        state._hand_wide["running"] = {
            "hands": hands, "sum": {team: result.hand_sum for team, result in results.items()} or None,
            "score": ({team: result.score for team, result in results.items()}
                      if state.finished_count == HANDS_AT_A_TABLE else None),
        }
    return state._hand_wide["running"]
