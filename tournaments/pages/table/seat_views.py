"""What the pages and sockets around the online table read (issue 25): a player's own seats found by
their account, a finished hand replayed trick by trick, the big screen's tables with their scores
so far.

Everything is replayed from the table's seed and actions (tournaments.recording.tables); the
scores are the engine's answer to each finished hand's record, added up by scoring's R13
arithmetic. Nothing of a hand's deal is shown before the hand is over.
"""

from __future__ import annotations

from django.core.cache import cache
from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _

from scoring import table as rules
from scoring.cards import SEATS_BY_NAME
from tournaments.core import bridge, words
from tournaments.core.lines import card_name, contra_name, line_rows, number_told, seat_name, suit_name
from tournaments.core.models import Table, TableSeat
from tournaments.recording import tables

LIVE = (Table.State.OPEN, Table.State.ADJOURNED)
SEATED = TableSeat.objects.select_related("player")


# --- a player's seat by their account ------------------------------------------------------------


def seats_of_account(user) -> list[TableSeat]:
    """The seats at tables being played (or adjourned) that the user's player holds: they open
    without a seat link (one query)."""
    if not user.is_authenticated:
        return []
    return list(TableSeat.objects.select_related("table__match__team_a", "table__match__team_b", "player")
                .filter(player__account=user, table__state__in=LIVE).order_by("table_id"))


def seat_of_account(table_id: int, user) -> TableSeat | None:
    """The seat this user's player holds at the table, while it is being played or adjourned."""
    if not user.is_authenticated:
        return None
    return (TableSeat.objects.select_related("table", "player")
            .filter(table_id=table_id, player__account=user, table__state__in=LIVE).first())


# --- the big screen --------------------------------------------------------------------------------


def live_tables(*, competition_id: int | None = None):
    """The tables being played or adjourned, of one competition (its matches' tables and its free
    games') or all of them, each with its match's teams and its seated players (two queries)."""
    found = (Table.objects.filter(state__in=LIVE)
             .select_related("match__team_a", "match__team_b", "match__competition", "free_games")
             .prefetch_related(Prefetch("seats", queryset=SEATED)).order_by("pk"))
    if competition_id is not None:
        found = found.filter(Q(match__competition_id=competition_id) | Q(free_games_id=competition_id))
    return found


def scores_so_far(table: Table, state: tables.TableState) -> dict:
    """Each team's sum of the hands finished at the table and its average so far (R13, from the
    engine), cached by the table and the count of its finished hands: a finished hand never
    changes, so the entry is right in every process until the next hand ends."""
    key = f"table-scores-{table.pk}-{state.finished_count}"
    totals = cache.get(key)
    if totals is None:
        answers = [bridge.evaluate_hand_record(hand.record()) for hand in state.finished]
        totals = bridge.running_totals(answers)
        cache.set(key, totals, 24 * 3600)
    return totals


def team_names(table: Table) -> dict[str, str]:
    """The two teams' names: the match's teams, or for a free game its pairs of players."""
    if table.match_id:
        return {"A": table.match.team_a.name, "B": table.match.team_b.name}
    players = {seat.seat: str(seat.player) for seat in table.seats.all()}
    return {team: f"{players.get(team + '.driver', '')}, {players.get(team + '.catcher', '')}"
            for team in ("A", "B")}


# --- replaying a finished hand ---------------------------------------------------------------------


def may_see_replay(table: Table, user, session_seats: dict) -> bool:
    """A free game's hands are public (R18). An official match's hands are the public's once the
    match is confirmed; before that the jury's and the table's players' (by their seat link kept
    in the session, or by their account): the same rule as the spectators' socket's."""
    return tables.may_see_hands(table, user, session_seats)


def finished_count(table: Table) -> int:
    return tables.load(table).finished_count


def replay(table: Table, number: int) -> dict | None:
    """Hand ``number`` of the table as it was played, when it is finished (else None): the deal,
    every call in order, each trick with who led, who played what and who won it, and the
    engine's scores with their lines. A seat is named by its team's role and the player who sat
    in it for this hand."""
    state = tables.load(table)
    if not 1 <= number <= state.finished_count:
        return None
    hand = state.finished_hand(number)
    teams = team_names(table)
    names = _seat_labels(table, number, teams if table.match_id else None)
    record = hand.record()
    answer = bridge.evaluate_hand_record(record)
    return {
        "number": number, "attackers": hand.attackers.value, "teams": teams,
        "deal": [{"seat": seat, "name": names[seat],
                  "cards": [card_name(str(card)) for card in hand.deal.hands[SEATS_BY_NAME[seat]]]}
                 for seat in tables.SEATS],
        "calls": _calls(hand, names),
        "tricks": [_trick_step(hand, trick, names) for trick in range(1, len(hand.tricks) + 1)],
        "scores": {team: answer[team]["score"] for team in ("A", "B")},
        "lines": line_rows(answer, record),
    }


def _seat_labels(table: Table, number: int, teams: dict | None) -> dict[str, str]:
    """Each seat as the replay names it: its team's role and the player who made its moves in this
    hand (R14: a substitute seated between hands), else the player seated now."""
    players = {seat.seat: str(seat.player or "") for seat in table.seats.all()}
    moved = (table.actions.filter(hand_number=number).exclude(seat="").exclude(player=None)
             .values_list("seat", "player__name").distinct())
    players.update(dict(moved))
    return {seat: f"{seat_name(seat, teams)} ({players[seat]})" if players.get(seat) else seat_name(seat, teams)
            for seat in tables.SEATS}


def _calls(hand: rules.TableHand, names: dict) -> list[str]:
    """The announcements round in order: each pass, announcement and contra as it was said."""
    said = []
    for move in hand.moves:
        if move.kind is rules.Kind.PLAY:
            break
        who = names[str(move.seat)]
        if move.kind is rules.Kind.PASS:
            said.append(_("%(seat)s: pass") % {"seat": who})
        elif move.kind is rules.Kind.ANNOUNCE:
            said.append(f"{who}: {_announced(move)}")
        else:
            target = hand.called[move.target - 1].announcement
            said.append(_("%(seat)s: %(contra)s on %(feast)s") % {
                "seat": who, "contra": contra_name(hand.contras[move.target].value),
                "feast": _feast_name(target.feast.id)})
    return said


def _feast_name(feast: str) -> str:
    return words.feast_name(feast)


def _announced(move: rules.Move) -> str:
    text = _feast_name(move.feast)
    told = number_told(move.feast, move.number, [suit.word for suit in move.suits])  # R6a: "4 kőr"
    declared = [card_name(str(card)) for card in move.cards] + (
        [told] if told else [suit_name(suit.word) for suit in move.suits])
    return f"{text} ({', '.join(declared)})" if declared else text


def _trick_step(hand: rules.TableHand, number: int, names: dict) -> dict:
    seats = [str(seat) for seat in rules.seats_from(hand.trick_leader(number))]
    cards = hand.tricks[number - 1]
    winner = str(hand.trick_winners[number - 1])
    return {"number": number, "leader": names[seats[0]],
            "plays": [{"seat": names[seat], "card": card_name(str(card)), "won": seat == winner}
                      for seat, card in zip(seats, cards, strict=True)],
            "winner": names[winner]}
