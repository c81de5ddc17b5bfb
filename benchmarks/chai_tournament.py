"""Chai bot tournaments: the win rate of seat 1's level against the others, with a 95 % interval.

    python benchmarks/chai_tournament.py --bots hard,normal,normal,normal --games 200 [--seed 1] [--jobs 2]

Game i uses seed S+i exactly as `chaigames simulate --game chai --seats N --bots ... --seed S`
does (same config, same bot seeds), so any figure can be re-run there. A shared win counts as a win
for every tied winner. The interval is Wilson's score interval.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chaigames.chai import SPEC
from chaigames.cli import build_config
from chaigames.engine import play_bots


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(levels: tuple[str, ...], seed: int) -> tuple[tuple[int, ...], bool, int]:
    config = build_config(SPEC, [("", lv) for lv in levels], {})
    played = play_bots(SPEC, config, seed)
    state = played.session.state
    winners = played.session.result().winners if played.finished else ()
    return winners, state.safety_stopped or not played.finished, played.session.action_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True, help="levels per seat, comma-separated")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    levels = tuple(lv.strip() for lv in args.bots.split(","))
    seeds = range(args.seed, args.seed + args.games)
    t0 = time.perf_counter()
    run = partial(play, levels)
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(run, seeds, chunksize=4))
    else:
        results = [run(s) for s in seeds]
    dt = time.perf_counter() - t0
    n = len(results)
    stops = sum(r[1] for r in results)
    print(f"{'/'.join(levels)}: {n} games (seeds {args.seed}..{args.seed + n - 1}) in {dt:.0f} s, {stops} stopped")
    for seat, level in enumerate(levels):
        wins = sum(1 for r in results if seat in r[0])
        lo, hi = wilson(wins, n)
        print(f"  seat {seat + 1} ({level}): {wins} wins = {wins / n:.1%} (95% CI {lo:.1%} - {hi:.1%})")
    print(f"  fair share {1 / len(levels):.0%}; mean actions {sum(r[2] for r in results) / n:.0f}")


if __name__ == "__main__":
    main()
