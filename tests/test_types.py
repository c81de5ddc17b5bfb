"""The type checker finds no error: mypy, pinned in the test extra and configured in pyproject.toml
(`[tool.mypy]`: everything under `chaigames/` and `screens/` checked, the engine and the three rules
cores with every strict flag). It also proves that each controller holds the controller protocol:
each controller module assigns its class to a `type[Controller]` the checker verifies.

mypy keeps its cache in the repository's `.mypy_cache`, so a run after a small change reads the
unchanged modules from there: a few seconds, against some twenty for a first run on a loaded machine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_error():
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".mypy_cache")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout
