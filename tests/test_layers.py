"""The layers hold: `lint-imports` checks the contracts in pyproject.toml ([tool.importlinter]).

Each layer imports only downward (the engine, the three games, saves and names, the headless play
layer, the screens, the hosts, the command line); the three games know nothing of each other;
`screens` never imports a host, and a host imports `screens` only in the process that starts the
app; nothing below the front end imports Textual or Rich, and only the SSH host imports asyncssh.
The contracts see every import statement, also those inside functions.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lint_imports() -> str:
    beside = Path(sys.executable).with_name("lint-imports")
    command = str(beside) if beside.exists() else shutil.which("lint-imports")
    assert command, "lint-imports is missing: pip install -e '.[test]' (import-linter is in the test extra)"
    return command


def test_the_import_contracts_are_kept():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [lint_imports(), "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = out.stdout + out.stderr
    assert out.returncode == 0, report
    assert "0 broken" in report and "kept" in report  # the contracts were read and checked
