"""Chai Wallah: CPU per headless bot game, game length in game seconds, and clone() cost.

Run from the repository root: python -m benchmarks.chai_wallah_speed [GAMES]
Prints figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import time

from chaigames.chai_wallah import SPEC
from chaigames.engine import GameConfig, SeatConfig, play_bots


def config(seats: int, level: str, **options) -> GameConfig:
    return SPEC.validate(GameConfig(seats=tuple(SeatConfig(f"P{i + 1}", level) for i in range(seats)), options=options))


def run(seats: int, level: str, games: int, **options) -> None:
    cpu, length, actions, unfinished = [], [], [], 0
    for seed in range(games):
        t0 = time.process_time()
        played = play_bots(SPEC, config(seats, level, **options), seed)
        cpu.append(time.process_time() - t0)
        unfinished += not played.finished
        length.append(played.session.state.now)
        actions.append(played.session.action_count)
    q = statistics.quantiles(length, n=20)
    opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    print(
        f"{seats} seats {level:6} ({opts}): {games} games, CPU/game mean {1000 * statistics.mean(cpu):.1f} ms"
        f" (max {1000 * max(cpu):.1f} ms); game length mean {statistics.mean(length):.1f} s,"
        f" median {statistics.median(length):.1f} s, 5-95% {q[0]:.1f}-{q[-1]:.1f} s;"
        f" actions mean {statistics.mean(actions):.0f}; unfinished {unfinished}"
    )


def clone_cost(n: int = 20000) -> None:
    state = SPEC.new_game(config(8, "normal"), 1)
    t0 = time.perf_counter()
    for _ in range(n):
        state.clone()
    print(f"clone() of an 8-seat state: {1e6 * (time.perf_counter() - t0) / n:.1f} us")


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for seats in (4, 8):
        run(seats, "normal", games)
    run(4, "easy", games)
    run(4, "hard", games)
    run(4, "normal", games, stall=None)
    run(4, "normal", games, bundle=True)
    run(4, "normal", games, target=5)
    clone_cost()
