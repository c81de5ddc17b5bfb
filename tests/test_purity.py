"""What the import contracts (tests/test_layers.py) cannot say: which imports wait until they are used.

The contracts allow the command line to import Rich and the SSH host to import asyncssh, inside the
functions that need them. Importing a module must still load none of them: the rules run with
neither extra installed, and the table process (which runs a game through the play layer) starts
without Textual. The web host's server and served game (`chaigames.web.server`, `.player`) are
front end like the command line: they run textual-serve (which needs Rich) and the Textual app;
the SSH glue (`chaigames.serve.ssh`) is asyncssh's subclasses, imported only when serving starts.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = {"chaigames.cli", "chaigames.__main__", "chaigames.web.server", "chaigames.web.player", "chaigames.serve.ssh"}

SCRIPT = """
import importlib, pkgutil, sys, json
import chaigames
names = ["chaigames"]
for info in pkgutil.walk_packages(chaigames.__path__, "chaigames."):
    names.append(info.name)
allowed = set(sys.argv[1:])
for name in names:
    if name not in allowed:
        importlib.import_module(name)
banned = ("textual", "rich", "screens", "asyncssh")
print(json.dumps({"modules": names, "banned": sorted(m for m in sys.modules if m.split(".")[0] in banned)}))
"""


def test_importing_the_rules_and_the_hosts_loads_no_front_end_nor_ssh():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, *ALLOWED], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    data = json.loads(out)
    assert "chaigames.engine.session" in data["modules"]  # the walk really found the modules
    assert "chaigames.play.controller" in data["modules"]
    assert data["banned"] == []


def test_the_table_process_runs_without_textual():
    script = (
        "import sys, json, chaigames.serve.tables.process; "
        "banned = ('textual', 'rich', 'asyncssh', 'screens'); "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in banned)))"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
