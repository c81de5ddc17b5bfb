"""The monkey, long: 2,000 or more seeded random keys per screen through the real app (Pilot, 120x40).

    python benchmarks/monkey.py [--keys 2000] [--seed 1] [--targets menu,setup,chai-wallah,chai,dabba-walla]

Prints, per screen, the keys sent, games played, records replayed against the live state, the time
taken and every fault found (an exception, a non-zero exit, a replay that differs). Asserts nothing;
tests/screens/test_monkey.py runs the same monkey with about 300 keys a screen in the suite.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.screens.monkey import TARGETS, run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=2000, help="keys per screen (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--targets", default=",".join(TARGETS))
    args = parser.parse_args()
    total_keys = total_faults = 0
    for target in args.targets.split(","):
        with tempfile.TemporaryDirectory(prefix="chaigames-monkey-") as home:
            os.environ["CHAIGAMES_HOME"] = home
            t0 = time.perf_counter()
            report = asyncio.run(run(target, args.keys, args.seed))
            secs = time.perf_counter() - t0
        total_keys += report.keys
        total_faults += len(report.faults)
        print(
            f"{target:12} {report.keys:6} keys  {report.games:3} games  {report.replays_checked:3} replays checked"
            f"  {secs:7.1f} s ({1000 * secs / max(report.keys, 1):.0f} ms a key)  {len(report.faults)} faults",
            flush=True,
        )
        for fault in report.faults:
            print(f"    FAULT {fault}", flush=True)
    print(f"total: {total_keys} keys sent, {total_faults} faults found", flush=True)
    return 1 if total_faults else 0


if __name__ == "__main__":
    raise SystemExit(main())
