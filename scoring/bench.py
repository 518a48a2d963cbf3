"""The rules engine's benchmark (``make bench-engine``): ``python -m scoring.bench``.

1. Results-mode records (holdings, announcements with contras and results, silent premiums), as
   score entry and import send them: how many are validated and scored a second (goal 20,000).
2. Full hands (deal, announcements, 10 tricks): how many are checked trick by trick, adjudicated
   and scored a second (goal 2,000).

The records are generated first (:mod:`scoring.generate`, from a fixed seed); only
:func:`scoring.evaluate_hand` is timed, on one core.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from . import evaluate_hand
from .generate import random_hand, results_of

RESULTS_GOAL = 20_000  # results-mode records a second
FULL_GOAL = 2_000  # full hands a second


def generate_records(count: int, rng: random.Random, *, full: bool,
                     progress: Callable[[int], None] | None = None) -> list[dict[str, Any]]:
    """``count`` generated records: full ones (deal and tricks) or their results-mode reductions."""
    records = []
    for number in range(count):
        hand = random_hand(rng)
        records.append(hand.as_record() if full else results_of(hand).as_record())
        if progress is not None and (number + 1) % 10_000 == 0:
            progress(number + 1)
    return records


def time_scoring(records: list[dict[str, Any]]) -> tuple[float, float]:
    """Wall-clock and CPU seconds to validate (for full records: adjudicate) and score every record."""
    wall, cpu = time.perf_counter(), time.process_time()
    for record in records:
        evaluate_hand(record)
    return time.perf_counter() - wall, time.process_time() - cpu


def report(label: str, count: int, seconds: tuple[float, float], goal: int) -> str:
    """One line per measure. The goal is judged on CPU time, the engine's own work on one core; the
    wall-clock rate is shown beside it, as it also counts other programs sharing the machine."""
    wall, cpu = seconds
    rate, wall_rate = count / max(cpu, 1e-9), count / max(wall, 1e-9)
    verdict = "met" if rate >= goal else "MISSED"
    return (f"{label}: {count:,} in {cpu:.2f} s of CPU = {rate:,.0f} a second "
            f"(wall clock {wall:.2f} s = {wall_rate:,.0f} a second); goal {goal:,} a second: {verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="results-mode records to score (100,000)")
    parser.add_argument("--full", type=int, default=10_000, help="full hands to adjudicate and score (10,000)")
    parser.add_argument("--seed", type=int, default=1984, help="the generator's seed")
    arguments = parser.parse_args(argv)
    rng = random.Random(arguments.seed)

    def progress(done: int) -> None:
        print(f"  ... {done:,} generated", flush=True)

    print(f"Generating {arguments.hands:,} results-mode records (not timed) ...", flush=True)
    results_records = generate_records(arguments.hands, rng, full=False, progress=progress)
    print(f"Generating {arguments.full:,} full hands (not timed) ...", flush=True)
    full_records = generate_records(arguments.full, rng, full=True, progress=progress)
    announcements = sum(len(record["announcements"]) for record in results_records)
    contras = sum(1 for record in results_records for item in record["announcements"] if item.get("contra"))
    print(f"  {announcements:,} announcements in the results-mode records, {contras:,} of them with a contra")

    gc.collect()  # the generated records are long-lived: collect once now, not while timing
    results_seconds = time_scoring(results_records)
    full_seconds = time_scoring(full_records)
    lines = [
        report("Results-mode records validated and scored", len(results_records), results_seconds, RESULTS_GOAL),
        report("Full hands adjudicated trick by trick and scored", len(full_records), full_seconds, FULL_GOAL),
    ]
    print()
    for line in lines:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
