"""How long the expert thinks in the app: its decisions at the shipped budget, cut as the app cuts them.

    python benchmarks/expert_thinking.py --games 10
    python benchmarks/expert_thinking.py --games 10 --game dabba-walla --seats 4

For each game with an expert (or `--game`), plays `--games` games of one expert against hard bots
(`--seats`, the expert's seat rotating) at every level's shipped budget, each searching bot's decision
cut at the app's wall-clock limit (`think_within` with `THINK_SECONDS`, as a game in the app or at a
table thinks). For the expert's decisions with more than one legal move it prints process CPU time and
wall clock per decision (median, p95, max, and how many went over 1 s and 2 s of wall clock), with the
load average (1 minute) before and after each game: wall clock is what a player waits, CPU time is what
the machine's load does not change. A line per game, then the whole sample per game.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from expert_tournament import play, quantile

from chaigames.games import get
from chaigames.play.thinking import THINK_SECONDS

GAMES = ("chai", "dabba-walla")


def spread(xs: list[float]) -> str:
    if not xs:
        return "no decisions"
    return f"median {statistics.median(xs):.3f} p95 {quantile(xs, 0.95):.3f} max {max(xs):.3f} s"


def load() -> float:
    return os.getloadavg()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append", help="the game (default: both)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game in args.game or GAMES:
        levels = ["expert"] + ["hard"] * (args.seats - 1)
        budgets = get(game).bot_budget
        print(
            f"{game}: expert (budget {budgets['expert']}) against {args.seats - 1} hard (budget {budgets['hard']}), "
            f"each decision cut at {THINK_SECONDS} s of wall clock; seeds {args.seed}..{args.seed + args.games - 1}"
        )
        cpu: list[float] = []
        wall: list[float] = []
        loads: list[float] = []
        started = time.perf_counter()
        for i in range(args.games):
            before = load()
            _, _, _, times, walls, _ = play(game, levels, {}, args.seed + i, cap=THINK_SECONDS)
            after = load()
            loads += [before, after]
            cpu += times
            wall += walls
            print(
                f"  seed {args.seed + i}: {len(times)} decisions; CPU {spread(times)}; wall {spread(walls)}; "
                f"load {before:.1f} -> {after:.1f}",
                flush=True,
            )
        over1 = sum(w > 1.0 for w in wall)
        over2 = sum(w > 2.0 for w in wall)
        print(f"{game}, {args.games} games, {len(wall)} expert decisions (more than one legal move):")
        print(f"  CPU per decision:  {spread(cpu)}")
        print(f"  wall per decision: {spread(wall)}; over 1 s: {over1}, over 2 s: {over2}")
        print(
            f"  load average (1 min) around the games: {min(loads):.1f}-{max(loads):.1f}, "
            f"mean {statistics.mean(loads):.1f}; {time.perf_counter() - started:.0f} s in all",
            flush=True,
        )


if __name__ == "__main__":
    main()
