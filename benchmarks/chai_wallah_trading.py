"""Could Chai Wallah's hard bot trade smarter cheaply? One informed hard bot against three plain ones.

Run from the repository root: python -m benchmarks.chai_wallah_trading [GAMES] [SOURCE] [MINUTES]

The shipped policy (`chaigames.chai_wallah.bots.decide`) aims at the face-up order its dice fit best
and offers exactly its misfits. The informed bot, at the same reaction speed, remembers every die value
it has seen (an offered die is covered, but its value was in view while it was held or fresh, and it
cannot change while offered) and aims at the order its dice fit best counting, as SOURCE of a fit
(default 1), each misfit that some other seat has on offer with a value that would fit. Its offers are
the misfits for that order, as before. Each seed is played twice, the measured seat plain and then informed, the seat
rotating through the seats; MINUTES stops it early. Prints both win shares with 95 % Wilson intervals
(fair share 25 %) and how many of the informed bot's decisions differed from the plain policy's; asserts
nothing.
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import replace
from typing import Any

import chaigames.chai_wallah.driver as driver
from chaigames.chai_wallah import SPEC
from chaigames.chai_wallah.bots import decide
from chaigames.chai_wallah.orders import fits, matches
from chaigames.chai_wallah.view import ChaiWallahView
from chaigames.engine import GameConfig, SeatConfig, play_bots

SOURCE = 1.0  # a misfit some other seat offers with a fitting value counts as this much of a fit


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class Informed:
    """The informed policy for one seat, with its memory of die values (one game)."""

    def __init__(self, seat: int, source: float = SOURCE) -> None:
        self.seat, self.source = seat, source
        self.seen: dict[tuple[int, int], int] = {}
        self.decisions = self.differed = 0

    def decide(self, view: ChaiWallahView, stuck: bool = False) -> Any:
        action = self._decide(view, stuck)
        self.decisions += 1
        self.differed += action != decide(view, stuck=stuck)
        return action

    def _decide(self, view: ChaiWallahView, stuck: bool) -> Any:
        for s, sv in enumerate(view.seats):
            for i, d in enumerate(sv.dice):
                if d.value is not None:
                    self.seen[(s, i)] = d.value
        if len(view.orders) < 2:
            return decide(view, stuck=stuck)
        me = view.seats[self.seat]
        values = [d.value or 0 for d in me.dice]
        offered: dict[int, list[int]] = {}
        for s, sv in enumerate(view.seats):
            if s == self.seat or sv.forming or sv.locked_for is not None:
                continue
            for i, d in enumerate(sv.dice):
                if d.state == "offered" and (s, i) in self.seen:
                    offered.setdefault(i, []).append(self.seen[(s, i)])

        def score(order: tuple[int, ...]) -> float:
            fit = sum(fits(v, n) for v, n in zip(values, order, strict=True))
            sources = sum(
                1
                for i, (v, n) in enumerate(zip(values, order, strict=True))
                if not fits(v, n) and any(fits(x, n) for x in offered.get(i, []))
            )
            return fit + self.source * sources

        best = max(range(len(view.orders)), key=lambda k: (score(view.orders[k]), -k))
        if any(matches(values, order) for order in view.orders):
            return decide(view, stuck=stuck)
        return decide(replace(view, orders=(view.orders[best],)), stuck=stuck)  # the shipped policy, aimed there


def play(seed: int, seat: int, policy: Informed | None) -> bool:
    """One game of four hard bots (seat `seat` informed when `policy` is given): whether that seat won."""

    def chosen(view: ChaiWallahView, *, stuck: bool = False) -> Any:
        if policy is not None and view.seat == policy.seat:
            return policy.decide(view, stuck)
        return decide(view, stuck=stuck)

    driver.decide = chosen  # type: ignore[assignment]
    try:
        cfg = SPEC.validate(GameConfig(seats=tuple(SeatConfig(f"P{i + 1}", "hard") for i in range(4))))
        played = play_bots(SPEC, cfg, seed)
    finally:
        driver.decide = decide
    return seat in played.session.result().winners


def line(label: str, wins: int, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{label} vs three hard (4 seats): wins {wins}/{n} = {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%})"


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    source = float(sys.argv[2]) if len(sys.argv) > 2 else SOURCE
    minutes = float(sys.argv[3]) if len(sys.argv) > 3 else None
    start = time.perf_counter()
    plain = informed = decisions = differed = n = 0
    for g in range(games):
        if minutes is not None and time.perf_counter() - start > 60 * minutes:
            break
        seat = g % 4
        plain += play(300_000 + g, seat, None)
        policy = Informed(seat, source)
        informed += play(300_000 + g, seat, policy)
        decisions += policy.decisions
        differed += policy.differed
        n += 1
        if n % 25 == 0:
            print(f"after {n} seeds: plain {plain}, informed {informed}", flush=True)
    print(line("plain hard", plain, n))
    print(line(f"informed hard (a source counts {source:g})", informed, n))
    print(f"  its decisions that differ from the plain policy's: {differed}/{decisions}")
