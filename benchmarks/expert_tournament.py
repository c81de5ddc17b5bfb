"""The expert bot's strength and thinking time: one level against others, seats rotating game by game.

    python benchmarks/expert_tournament.py --game chai --levels expert,hard --games 200 --budget expert=100
    python benchmarks/expert_tournament.py --game dabba-walla --levels expert,hard,hard,hard --games 200

Game i uses seed S+i and seats the levels rotated by i places, so the measured level (the first one)
sits in every seat, first and last to play, equally often. A shared win counts as a win. The interval
is Wilson's 95 % score interval. `--budget LEVEL=N` sets a level's simulations per decision (default:
the game's shipped budget). Each game prints a line as it ends: the measured level's seat, score and
result, and its decision times (CPU seconds per decision with more than one legal move: median, p95,
max), so a long run can be read while it goes. `--set NAME=VALUE` (a JSON value) tunes the measured
bot, e.g. `--set SEARCH='"halving"'` or `--set RIVALS=0.5`, to compare alternatives on the same seeds.
`--minutes M` starts no new game after M minutes of wall clock (the figure covers the games played).
`--cap SECONDS` thinks as the app does, within a wall-clock cap per decision (`think_within`), and also
prints the measured level's wall-clock decision times.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chaigames.cli import build_config
from chaigames.engine import Session
from chaigames.engine.play import make_bots
from chaigames.games import get
from chaigames.play.thinking import think_within


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def play(
    game: str,
    levels: list[str],
    budgets: dict[str, int],
    seed: int,
    attrs: dict[str, Any] | None = None,
    cap: float | None = None,
) -> tuple[int, bool, list[int], list[float], list[float], dict[str, tuple[int, float]]]:
    """One game; returns the measured seat, whether it won, the scores, its decision times (CPU and
    wall clock) and each row of the score's breakdown (the measured seat's points, the others' mean).
    `attrs` set the measured bot's tuning (class attributes such as SEARCH or RIVALS) to measure an
    alternative; `cap` cuts every searching bot's decision short as the app does."""
    spec = get(game)
    spec = replace(spec, bot_budget=spec.bot_budget | budgets)
    k = seed % len(levels)
    seated = levels[-k:] + levels[:-k] if k else list(levels)
    measured = seated.index(levels[0]) if levels.count(levels[0]) == 1 else k % len(levels)
    config = build_config(spec, [("", lv) for lv in seated], {})
    session = Session(spec, config, seed)
    bots = make_bots(spec, session.config, seed)
    for name, value in (attrs or {}).items():
        setattr(bots[measured], name, value)
    times: list[float] = []
    walls: list[float] = []
    while not session.over and session.action_count < 20_000:
        state = session.state
        seat = state.actors()[0]
        level = session.config.seats[seat].bot or "normal"
        legal = state.legal_actions(seat)
        t0, w0 = time.process_time(), time.perf_counter()
        budget = spec.bot_budget.get(level, 0)
        if cap is None:
            action = bots[seat].choose(state.view(seat), legal, budget)
        else:
            action = think_within(bots[seat], state.view(seat), legal, budget, cap)
        if seat == measured and len(legal) > 1:
            times.append(time.process_time() - t0)
            walls.append(time.perf_counter() - w0)
        session.apply(seat, action)
    result = session.result()
    rows = {}
    for row in result.breakdown:
        others = [v for p, v in enumerate(row.values) if p != measured]
        rows[row.source] = (row.values[measured], sum(others) / max(1, len(others)))
    return measured, measured in result.winners, list(result.scores), times, walls, rows


def spread(xs: list[float]) -> str:
    return f"median {statistics.median(xs or [0]):.3f} p95 {quantile(xs, 0.95):.3f} max {max(xs or [0]):.3f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--levels", required=True, help="levels, comma-separated; the first is measured")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", action="append", default=[], help="LEVEL=N simulations per decision")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: a tuning of the measured bot")
    parser.add_argument("--minutes", type=float, default=None, help="start no new game after this many minutes")
    parser.add_argument("--cap", type=float, default=None, help="wall-clock seconds a decision, as in the app")
    args = parser.parse_args()
    levels = [lv.strip() for lv in args.levels.split(",")]
    budgets = {k: int(v) for k, v in (b.split("=") for b in args.budget)}
    attrs = {k: json.loads(v) for k, v in (a.split("=", 1) for a in args.set)}
    spec = get(args.game)
    shown = {lv: budgets.get(lv, spec.bot_budget.get(lv, 0)) for lv in dict.fromkeys(levels)}
    print(f"{args.game}: {'/'.join(levels)}, budgets {shown}, seeds {args.seed}..{args.seed + args.games - 1}")
    if attrs:
        print(f"measured bot tuned: {attrs}")
    if args.cap is not None:
        print(f"each decision capped at {args.cap} s of wall clock, as in the app")
    print(f"load average (1 min) at the start: {os.getloadavg()[0]:.1f}", flush=True)
    wins = n = 0
    all_times: list[float] = []
    all_walls: list[float] = []
    breakdown: dict[str, list[float]] = {}
    t_start = time.perf_counter()
    for i in range(args.games):
        if args.minutes is not None and time.perf_counter() - t_start > 60 * args.minutes:
            break
        seed = args.seed + i
        seat, won, scores, times, walls, rows = play(args.game, levels, budgets, seed, attrs, args.cap)
        for source, (mine, others) in rows.items():
            sums = breakdown.setdefault(source, [0.0, 0.0, 0])
            sums[0] += mine
            sums[1] += others
            sums[2] += 1
        wins += won
        n += 1
        all_times += times
        all_walls += walls
        wall = f"; wall {spread(walls)}" if args.cap is not None else ""
        print(
            f"seed {seed}: {levels[0]} in seat {seat + 1} {'won' if won else 'lost'} {scores} "
            f"decisions {len(times)} CPU {spread(times)}{wall}",
            flush=True,
        )
    lo, hi = wilson(wins, n)
    share = wins / max(1, n)
    print(f"{levels[0]} won {wins}/{n} = {share:.1%} (95% CI {lo:.1%} - {hi:.1%}); fair {1 / len(levels):.0%}")
    print("points per game where they came from (rows as the game scores them; in the games that have the row):")
    for source, (mine, others, k) in breakdown.items():
        print(f"  {source:<16} {levels[0]} {mine / k:6.2f}   the others' mean {others / k:6.2f}   ({int(k)} games)")
    print(f"decision CPU time over all games: {spread(all_times)}; total wall {time.perf_counter() - t_start:.0f} s")
    print(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f}")
    if args.cap is not None:
        print(f"decision wall-clock time over all games: {spread(all_walls)}")


if __name__ == "__main__":
    main()
