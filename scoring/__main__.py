"""The engine's command line (FORMAT.md):

    python -m scoring hand FILE|-
    python -m scoring match FILE|-

Prints the JSON answer and exits 0, or prints one line per problem on standard error and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import evaluate_hand, evaluate_match
from .problems import InvalidRecord, read_json

INVALID = 2


def _read_text(source: str) -> str:
    if source == "-":
        return sys.stdin.buffer.read().decode("utf-8")
    with open(source, encoding="utf-8") as handle:
        return handle.read()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring", description="Score Royal Tarokk records.")
    parser.add_argument("kind", choices=("hand", "match"), help="the kind of record")
    parser.add_argument("source", help="the record's JSON file, or - for standard input")
    arguments = parser.parse_args(argv)
    try:
        text = _read_text(arguments.source)
    except OSError as error:
        print(f"{arguments.source}: cannot read the record: {error.strerror or error}", file=sys.stderr)
        return INVALID
    except UnicodeDecodeError as error:
        print(f"{arguments.source}: FORMAT: not UTF-8 text (byte {error.start + 1})", file=sys.stderr)
        return INVALID
    evaluate = evaluate_hand if arguments.kind == "hand" else evaluate_match
    try:
        answer = evaluate(read_json(text))
    except InvalidRecord as invalid:
        for problem in invalid.problems:
            print(problem, file=sys.stderr)
        return INVALID
    json.dump(answer, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
