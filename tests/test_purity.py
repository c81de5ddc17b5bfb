"""The rules core is pure: importing any module of `chaigames` but the command line pulls in
neither Textual, Rich, the `screens` front end nor asyncssh (design.md, "Layers").

The web host's server and served game (`chaigames.web.server`, `.player`) are front end like the
command line: they run textual-serve (which needs Rich) and the Textual app."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = {"chaigames.cli", "chaigames.__main__", "chaigames.web.server", "chaigames.web.player"}

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


def test_core_imports_no_front_end():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, *ALLOWED], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    import json

    data = json.loads(out)
    assert "chaigames.engine.session" in data["modules"]  # the walk really found the modules
    assert data["banned"] == []


def test_no_source_file_imports_the_front_end():
    """A second net: also catches imports hidden inside functions."""
    offenders = []
    for path in (ROOT / "chaigames").rglob("*.py"):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if module in ALLOWED:
            continue
        for line in path.read_text().splitlines():
            words = line.strip().split()
            if (
                len(words) >= 2
                and words[0] in ("import", "from")
                and words[1].split(".")[0]
                in (
                    "textual",
                    "rich",
                    "screens",
                )
            ):
                offenders.append(f"{module}: {line.strip()}")
    assert offenders == []


def test_the_table_process_runs_without_textual():
    script = (
        "import sys, json, chaigames.serve.tables.process; "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'asyncssh'))))"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
