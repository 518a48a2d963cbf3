"""Fixtures shared by the whole suite. The rules engine's tests (tests/scoring/) are plain pytest:
pytest-django configures Django for the session but gives a test a database only when it asks."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def run_python():
    """Run `python -c CODE` in the project root with exactly the given extra environment.

    For behaviour that happens at import time (settings), which a fresh interpreter must see.
    """

    def run(code, env=None):
        clean_env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
        clean_env.pop("SECRET_KEY", None)
        clean_env.update(env or {})
        return subprocess.run(
            [sys.executable, "-c", code],
            cwd=PROJECT_ROOT,
            env=clean_env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    return run
