"""Chai speed figures: easy-bot games per second, clone and determinise times, hard decision times.

    python benchmarks/chai_speed.py [--games 200] [--hard-games 3]

Prints figures; asserts nothing about timing (the targets: >= 20 four-seat easy games per
second on one core with none reaching the safety stop; a hard decision under 0.5 s).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chaigames.chai import SPEC
from chaigames.chai.bots import determinise
from chaigames.engine import GameConfig, Rng, SeatConfig, Session, make_bots, play_bots


def bots(levels: list[str]) -> GameConfig:
    names = ("Asha", "Ravi", "Meera", "Kiran", "Dev")
    return SPEC.validate(GameConfig(seats=tuple(SeatConfig(names[i], bot=lv) for i, lv in enumerate(levels))))


def easy_games(n_games: int, seats: int) -> None:
    cfg = bots(["easy"] * seats)
    actions = []
    stopped = 0
    t0 = time.perf_counter()
    for seed in range(n_games):
        played = play_bots(SPEC, cfg, seed)
        actions.append(played.session.action_count)
        stopped += played.session.state.safety_stopped or not played.finished
    dt = time.perf_counter() - t0
    print(
        f"{seats}-seat easy games: {n_games / dt:.1f} games/s ({n_games} games, {dt:.2f} s); actions mean "
        f"{statistics.mean(actions):.0f}, max {max(actions)}; safety stops or unfinished: {stopped}"
    )


def clone_time() -> None:
    session = Session(SPEC, bots(["easy"] * 4), 7)
    st = session.state
    rng = Rng(1)
    for _ in range(60):  # a mid-game position
        seat = st.actors()[0]
        legal = st.legal_actions(seat)
        session.apply(seat, legal[rng.randbelow(len(legal))])
    k = 20000
    t0 = time.perf_counter()
    for _ in range(k):
        st.clone()
    clone_us = (time.perf_counter() - t0) / k * 1e6
    view = st.view(st.actors()[0])
    k2 = 5000
    t0 = time.perf_counter()
    for _ in range(k2):
        determinise(view, rng)
    det_us = (time.perf_counter() - t0) / k2 * 1e6
    print(f"clone: {clone_us:.1f} us; determinise from a view: {det_us:.1f} us")


def hard_decisions(n_games: int, seats: int) -> None:
    cfg = bots(["hard"] + ["normal"] * (seats - 1))
    times: list[float] = []
    for seed in range(n_games):
        session = Session(SPEC, cfg, seed)
        players = make_bots(SPEC, session.config, seed)
        while not session.over:
            seat = session.state.actors()[0]
            level = session.config.seats[seat].bot or "normal"
            view, legal = session.state.view(seat), session.state.legal_actions(seat)
            t0 = time.perf_counter()
            action = players[seat].choose(view, legal, SPEC.bot_budget[level])
            if level == "hard":
                times.append(time.perf_counter() - t0)
            session.apply(seat, action)
    times.sort()
    main = [t for t in times if t > 0.002]
    print(
        f"hard decisions (budget {SPEC.bot_budget['hard']}, {seats} seats, {len(times)} decisions in {n_games} games): "
        f"mean {statistics.mean(times) * 1000:.1f} ms, p95 {times[int(0.95 * len(times))] * 1000:.1f} ms, "
        f"max {times[-1] * 1000:.1f} ms; main-action decisions mean {statistics.mean(main) * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--hard-games", type=int, default=3)
    parser.add_argument("--hard-seats", type=int, default=4)
    args = parser.parse_args()
    easy_games(args.games, 4)
    for seats in (2, 3, 5):
        easy_games(max(20, args.games // 4), seats)
    clone_time()
    hard_decisions(args.hard_games, args.hard_seats)


if __name__ == "__main__":
    main()
