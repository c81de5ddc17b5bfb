"""Start-up: how long until `chaigames` paints its main menu, against a bare Textual app.

Both are started as fresh processes on a real pseudo-terminal (120x40), alternating, several
runs each, after one untimed start of each (so both read their files from a warm disk cache); the
clock stops when the terminal emulator shows the three game titles. Prints the
median wall time, the CPU time the process had used by then and its peak memory, and the ratio
of chaigames to the bare app measured in the same run (the machine may be noisy: only the ratio
is comparable between runs). Also lists which heavy modules the menu imported (it should be none
of the games, bots, Markdown, asyncssh or the web server).

Both apps run from compiled bytecode, as an installed package does (`pip install` compiles it):
the checkout's own packages are compiled first, so a `PYTHONDONTWRITEBYTECODE` environment does
not make chaigames compile its sources on every start while Textual's come ready compiled.

    python benchmarks/startup.py [--runs 9]
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.ptyrun import PtyApp, proc_cpu_seconds, proc_peak_kib  # noqa: E402

TITLES = ("Chai Wallah", "Chai", "Dabba Walla")


def one_start(argv: list[str], env: dict[str, str]) -> tuple[float, float, int, float]:
    """(wall, cpu, peak) when the menu's titles are painted, and the wall time when its footer's keys
    are too (both footers end with the command palette's key; a Textual Footer fills in a frame later)."""
    app = PtyApp(argv, env=env)
    try:
        app.wait_for(lambda text: all(t in text for t in TITLES), limit=30)
        wall = time.perf_counter() - app.started
        cpu, peak = proc_cpu_seconds(app.pid), proc_peak_kib(app.pid)
        app.wait_for(lambda text: "palette" in text, limit=30)
        return wall, cpu, peak, time.perf_counter() - app.started
    finally:
        app.stop()


def heavy_imports() -> list[str]:
    """Heavy modules imported by the time the menu is composed (checked in-process, headless)."""
    code = (
        "import asyncio, sys\n"
        "from screens.app import ChaiGamesApp\n"
        "async def main():\n"
        "    app = ChaiGamesApp()\n"
        "    async with app.run_test(size=(120, 40)) as pilot:\n"
        "        await pilot.pause()\n"
        "    heavy = ('chaigames.chai.bots', 'chaigames.chai_wallah.bots', 'chaigames.dabba_walla.bots',\n"
        "             'chaigames.chai.state', 'chaigames.chai_wallah.state', 'chaigames.dabba_walla.state',\n"
        "             'textual.widgets._markdown', 'asyncssh', 'textual_serve', 'aiohttp')\n"
        "    print(' '.join(m for m in heavy if m in sys.modules))\n"
        "asyncio.run(main())\n"
    )
    with tempfile.TemporaryDirectory() as home:
        out = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env={"CHAIGAMES_HOME": home, "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            timeout=60,
        )
    return out.stdout.split()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    os.chdir(ROOT)  # `python -m chaigames` runs this checkout's chaigames (the current folder comes first)
    apps = {
        "bare": [sys.executable, str(ROOT / "benchmarks" / "bare_menu_app.py")],
        "chaigames": [sys.executable, "-m", "chaigames"],
    }
    figures: dict[str, list[tuple[float, float, int, float]]] = {name: [] for name in apps}
    for package in ("chaigames", "screens"):
        compileall.compile_dir(ROOT / package, quiet=1)
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as home:
        env = {"CHAIGAMES_HOME": home, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
        for argv in apps.values():
            one_start(argv, env)  # untimed: warms the disk cache
        for _ in range(args.runs):
            for name, argv in apps.items():
                figures[name].append(one_start(argv, env))
    print(f"start-up to the painted menu, 120x40 pty, {args.runs} runs each, alternating")
    print(f"  load average before: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; after: {os.getloadavg()[0]:.2f}")
    med = {}
    for name, runs in figures.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        peak = statistics.median(r[2] for r in runs) / 1024
        footer = statistics.median(r[3] for r in runs)
        med[name] = (wall, cpu, footer)
        print(
            f"  {name:10} wall {wall * 1000:6.0f} ms   cpu {cpu * 1000:6.0f} ms   peak {peak:5.1f} MiB"
            f"   (footer keys at {footer * 1000:.0f} ms)"
        )
    print(
        f"  ratio      wall {med['chaigames'][0] / med['bare'][0]:.2f}x   "
        f"cpu {med['chaigames'][1] / max(med['bare'][1], 1e-9):.2f}x   (goal: wall <= 1.25x)   "
        f"footer keys {med['chaigames'][2] / med['bare'][2]:.2f}x"
    )
    heavy = heavy_imports()
    print(f"  heavy modules imported before the menu: {', '.join(heavy) if heavy else 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
