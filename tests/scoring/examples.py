"""How many examples a property test of the rules engine tries.

Each test names its count for the whole suite (`make test`: hypothesis's "default" profile); the
quick loop (`make test-fast`: the "fast" profile, registered in tests/conftest.py) tries a tenth of
it, at least one: tests/scoring took 55-105 s with the full counts, most of it in these tests.
"""

from hypothesis import settings

DEFAULT_PROFILE_EXAMPLES = 100  # hypothesis's own max_examples, which the "default" profile keeps


def examples(count: int) -> int:
    """`count` under the default profile, scaled to the profile loaded (`--hypothesis-profile`)."""
    return max(1, count * settings.default.max_examples // DEFAULT_PROFILE_EXAMPLES)
