"""Dabba Walla speed figures (printed, never asserted):

- full 4-seat games between easy bots per second (one core);
- time to list every legal placement of a tile on a vehicle with a stack from real games;
- a hard bot's decision with the spec's budget (mean, max, over all its decisions of some games);
- `state.clone()` for search.

    python benchmarks/dabba_walla_speed.py [--games 100]

Times are CPU time of this process (`time.process_time`), i.e. one core's work, so that a busy shared
machine does not distort them; the placement figure repeats each listing 20 times.
"""

from __future__ import annotations

import argparse
import time

from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla import data as D
from chaigames.dabba_walla import geometry as G
from chaigames.dabba_walla.bots import make_bot
from chaigames.engine import GameConfig, SeatConfig, Session, bot_seed, play_bots


def config(levels: list[str], **options) -> GameConfig:
    return GameConfig(seats=tuple(SeatConfig(f"P{i}", lv) for i, lv in enumerate(levels)), options=options)


def games_per_second(games: int) -> None:
    cfg = config(["easy"] * 4)
    t0 = time.process_time()
    actions = 0
    for seed in range(games):
        played = play_bots(SPEC, cfg, seed)
        assert played.finished
        actions += played.session.action_count
    dt = time.process_time() - t0
    print(f"4-seat easy games: {games / dt:.1f} games/s ({games} games, {actions / games:.0f} actions each)")


def placement_times() -> None:
    worst, total, calls = 0.0, 0.0, 0
    for vehicle in G.VEHICLE_KEYS:
        stacks = []
        for seed in range(5):
            s = Session(SPEC, config(["easy"] * 2, vehicle=vehicle), seed)
            bots = [make_bot("easy", seed + p, p) for p in range(2)]
            while s.state.phase == "pickup":
                p = s.state.actors()[0]
                s.apply(p, bots[p].choose(s.state.view(p), s.state.legal_actions(p), 0))
                stacks.append(list(s.state.heights[p]))
        for heights in stacks[::3]:
            for tile in range(D.TILES_PER_COLOUR):
                t0 = time.process_time()
                for _ in range(20):
                    G.legal_placements(vehicle, tile, heights)
                dt = (time.process_time() - t0) / 20
                worst = max(worst, dt)
                total += dt
                calls += 1
    print(
        f"all legal placements of a tile: mean {total / calls * 1e6:.1f} us, worst {worst * 1e6:.1f} us ({calls} cases)"
    )


def hard_decisions(games: int) -> None:
    budget = SPEC.bot_budget["hard"]
    times: list[float] = []
    cfg = config(["hard"] * 4)
    for seed in range(games):
        s = Session(SPEC, cfg, seed)
        bots = {p: make_bot("hard", bot_seed(seed, p), p) for p in range(4)}
        while not s.over:
            p = s.state.actors()[0]
            view, legal = s.state.view(p), s.state.legal_actions(p)
            t0 = time.process_time()
            a = bots[p].choose(view, legal, budget)
            times.append(time.process_time() - t0)
            s.apply(p, a)
    times.sort()
    print(
        f"hard decision (budget {budget}): mean {sum(times) / len(times) * 1e3:.2f} ms, "
        f"p99 {times[int(len(times) * 0.99)] * 1e3:.2f} ms, max {times[-1] * 1e3:.2f} ms ({len(times)} decisions)"
    )


def clone_time() -> None:
    s = play_bots(SPEC, config(["easy"] * 4), 3, max_actions=150).session.state
    n = 5000
    t0 = time.process_time()
    for _ in range(n):
        s.clone()
    dt = (time.process_time() - t0) / n
    print(f"state clone (4 seats, mid pick-up): {dt * 1e6:.1f} us")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--hard-games", type=int, default=5)
    args = ap.parse_args()
    games_per_second(args.games)
    placement_times()
    hard_decisions(args.hard_games)
    clone_time()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
