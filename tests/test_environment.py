"""The suite sets the environment it depends on: a snapshot test passes in a shell that says no
colours, a dumb terminal, another time zone, the C locale and a data folder of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.wait import scaled

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = "tests/screens/test_snapshots.py::test_chai_results_with_a_tie[80x24]"  # colours, names, scores
HOSTILE = {
    "NO_COLOR": "1",
    "FORCE_COLOR": "1",
    "TERM": "dumb",
    "TZ": "America/New_York",
    "LANG": "C",
    "LC_ALL": "C",
    "LANGUAGE": "C",
    "COLUMNS": "40",
    "LINES": "10",
    "CHAIGAMES_SERVED": "1",
    "CHAIGAMES_EXTRA_GAMES": "no.such.game",
}


def test_a_snapshot_passes_in_a_hostile_shell(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "COLORTERM"} | HOSTILE
    env["CHAIGAMES_HOME"] = str(tmp_path / "someone-elses-home")
    inner = f"--basetemp={tmp_path / 'inner'}"  # its own: pytest removes old temporary folders
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "0", "-p", "no:cacheprovider", inner, "-q", SNAPSHOT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=scaled(120),
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert "1 snapshot passed" in out.stdout
    assert not (tmp_path / "someone-elses-home").exists()
