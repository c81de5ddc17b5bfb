"""Bot strength for Dabba Walla: runs `chaigames simulate --json` and reports seat 1's win rate, 95 % interval.

    python benchmarks/dabba_walla_tournament.py --seats 4 --bots hard,normal,normal,normal --games 200
    python benchmarks/dabba_walla_tournament.py --seats 2 --bots normal,easy --games 200

A shared win counts as a win for every winner (the rulebook's shared victory) and, separately, as a
fraction 1/k. The start player is drawn from each game's seed, so seat 1 is not always first.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (centre - half, centre + half)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--bots", default="hard,normal,normal,normal")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[])
    args = ap.parse_args()
    cmd = [
        sys.executable,
        "-m",
        "chaigames",
        "simulate",
        "--game",
        "dabba-walla",
        "--seats",
        str(args.seats),
        "--bots",
        args.bots,
        "--seed",
        str(args.seed),
        "--games",
        str(args.games),
        "--json",
    ]
    for opt in args.option:
        cmd += ["--option", opt]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    games = [r for r in rows if not r.get("summary")]
    done = [r for r in games if r["finished"]]
    n = len(done)
    levels = args.bots.split(",")
    print(f"$ {' '.join(cmd[1:])}")
    print(f"{n} finished games of {len(games)}")
    for seat in range(args.seats):
        wins = sum(1 for r in done if seat in r["winners"])
        frac = sum(1 / len(r["winners"]) for r in done if seat in r["winners"])
        lo, hi = wilson(wins, n)
        mean = sum(r["scores"][seat] for r in done) / n
        print(
            f"seat {seat + 1} ({levels[seat % len(levels)]}): wins {wins}/{n} = {wins / n:.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%}), fractional {frac / n:.1%}, mean tips {mean:.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
