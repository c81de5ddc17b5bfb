"""The type checker finds no error: mypy, pinned in the test extra and configured in pyproject.toml
(`[tool.mypy]`: everything under `chaigames/` and `screens/` checked, the engine and the three rules
cores with every strict flag). It also proves that each controller holds the controller protocol:
each controller module assigns its class to a `type[Controller]` the checker verifies.

mypy reads and keeps its cache in the repository's `.mypy_cache` where one exists (made by anyone's
own `mypy` run), so a run after a small change reads the unchanged modules from there: a few seconds.
In a fresh clone (CI) there is nothing to read and nothing would read what it wrote, so it writes no
cache at all (`/dev/null`): the same check, a tenth less work than a first run that writes one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cache_dir(root: Path = ROOT) -> str:
    """The repository's mypy cache if one is there to read, else none."""
    cache = root / ".mypy_cache"
    return str(cache) if cache.is_dir() else "/dev/null"


def test_mypy_finds_no_error():
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", cache_dir()],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success: no issues found" in run.stdout


def test_a_fresh_clone_writes_no_cache_and_a_working_copy_keeps_its_own(tmp_path):
    assert cache_dir(tmp_path) == "/dev/null"
    (tmp_path / ".mypy_cache").mkdir()
    assert cache_dir(tmp_path) == str(tmp_path / ".mypy_cache")
