"""Play at an online table as its players do: each move made by the seat to act, through the seat
its own link names."""

import random

from tests.scoring.table_moves import an_offered_move
from tournaments.recording import tables


def seat_of(table, links, seat):
    """The seat that ``links[seat]`` names, checked to be that seat of ``table``."""
    found = tables.seat_of_link(links[seat])
    assert found.table == table and found.seat == seat
    return found


def seats_of(table, links):
    """Every seat of ``table`` by its name, each found through its own link."""
    return {seat: seat_of(table, links, seat) for seat in tables.SEATS}


def play_hand(table, links, rng=None, speak=0.3):
    """Offered moves, each made by the seat to act through its own link, to the end of the hand;
    the result of the hand's last move (``result.state.finished_count`` is the hand's number)."""
    rng = rng or random.Random(2)
    seats = seats_of(table, links)
    while True:
        move = an_offered_move(tables.load(table).hand, rng, speak)
        result = tables.make_move(seats[str(move.seat)], move.as_dict())
        if result.hand_finished:
            return result
