"""A move the table offers, picked at random as a player might pick it."""

import random

from scoring.table import Move, Phase, TableHand


def an_offered_move(hand: TableHand, rng: random.Random, speak: float) -> Move:
    """One of the moves offered to the seat to act; ``speak`` is the chance of saying something
    rather than passing in the announcements round. Seeded games depend on the order ``rng`` is
    drawn from here: it is drawn only when there is a choice to make."""
    moves = hand.legal_moves()
    if hand.phase is not Phase.ANNOUNCING:
        return rng.choice(moves)
    if len(moves) == 1 or rng.random() >= speak:
        return moves[0]  # the pass
    return rng.choice(moves[1:])
