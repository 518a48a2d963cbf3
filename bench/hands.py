"""The demo's and the benchmarks' hands: legal hand records from the engine's generator. They are
recorded like any other through the door (tournaments.recording.matches: record_match), or, many
played matches at once, checked and scored the same way and stored in bulk (bench.bulk_season)."""

from __future__ import annotations

from scoring import generate
from scoring.cards import Team


def random_hand_records(rng, count: int, *, first_attackers: str = "A", full: bool = False,
                        table: bool = False) -> list[dict]:
    """``count`` legal hand records from the engine's generator (scoring.generate), attack
    alternating from ``first_attackers`` (R3): results mode, or with the deal and tricks; with
    ``table``, hands as a tournament table plays them (see scoring.generate.table_hand)."""
    make = generate.full_record if full else generate.results_record
    teams = [Team(first_attackers), Team(first_attackers).other]
    return [make(rng, attackers=teams[number % 2], table=table) for number in range(count)]
