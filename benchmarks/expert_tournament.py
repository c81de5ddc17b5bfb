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
"""

from __future__ import annotations

import argparse
import json
import math
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
    game: str, levels: list[str], budgets: dict[str, int], seed: int, attrs: dict[str, Any] | None = None
) -> tuple[int, bool, list[int], list[float]]:
    """One game; returns the measured seat, whether it won, the scores and its decision times. `attrs`
    set the measured bot's tuning (class attributes such as SEARCH or RIVALS) to measure an alternative."""
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
    while not session.over and session.action_count < 20_000:
        state = session.state
        seat = state.actors()[0]
        level = session.config.seats[seat].bot or "normal"
        legal = state.legal_actions(seat)
        t0 = time.process_time()
        action = bots[seat].choose(state.view(seat), legal, spec.bot_budget.get(level, 0))
        if seat == measured and len(legal) > 1:
            times.append(time.process_time() - t0)
        session.apply(seat, action)
    result = session.result()
    return measured, measured in result.winners, list(result.scores), times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--levels", required=True, help="levels, comma-separated; the first is measured")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", action="append", default=[], help="LEVEL=N simulations per decision")
    parser.add_argument("--set", action="append", default=[], help="NAME=VALUE: a tuning of the measured bot")
    args = parser.parse_args()
    levels = [lv.strip() for lv in args.levels.split(",")]
    budgets = {k: int(v) for k, v in (b.split("=") for b in args.budget)}
    attrs = {k: json.loads(v) for k, v in (a.split("=", 1) for a in args.set)}
    spec = get(args.game)
    shown = {lv: budgets.get(lv, spec.bot_budget.get(lv, 0)) for lv in dict.fromkeys(levels)}
    print(f"{args.game}: {'/'.join(levels)}, budgets {shown}, seeds {args.seed}..{args.seed + args.games - 1}")
    if attrs:
        print(f"measured bot tuned: {attrs}")
    wins = 0
    all_times: list[float] = []
    t_start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        seat, won, scores, times = play(args.game, levels, budgets, seed, attrs)
        wins += won
        all_times += times
        print(
            f"seed {seed}: {levels[0]} in seat {seat + 1} {'won' if won else 'lost'} {scores} "
            f"decisions {len(times)} median {statistics.median(times or [0]):.3f} "
            f"p95 {quantile(times, 0.95):.3f} max {max(times or [0]):.3f} s",
            flush=True,
        )
    n = args.games
    lo, hi = wilson(wins, n)
    print(f"{levels[0]} won {wins}/{n} = {wins / n:.1%} (95% CI {lo:.1%} - {hi:.1%}); fair {1 / len(levels):.0%}")
    print(
        f"decision CPU time over all games: median {statistics.median(all_times or [0]):.3f} "
        f"p95 {quantile(all_times, 0.95):.3f} max {max(all_times or [0]):.3f} s; "
        f"wall {time.perf_counter() - t_start:.0f} s"
    )


if __name__ == "__main__":
    main()
