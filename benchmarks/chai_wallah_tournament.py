"""Chai Wallah tournaments: win share of hard bots against normal ones (CW-11: levels differ by speed).

Run from the repository root: python -m benchmarks.chai_wallah_tournament [GAMES]
Each figure plays GAMES games (default 400) on a simulated clock; the hard seat rotates through
the seats. Prints the share with a 95 % Wilson interval; asserts nothing.
"""

from __future__ import annotations

import math
import sys

from chaigames.chai_wallah import SPEC
from chaigames.engine import GameConfig, SeatConfig, play_bots


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def share(seats: int, hard: int, games: int, level: str = "hard", other: str = "normal", **options) -> None:
    """`hard` seats of `level` among `seats`, the rest `other`; the block of strong seats rotates."""
    wins = 0
    for g in range(games):
        first = g % seats
        strong = {(first + k) % seats for k in range(hard)}
        cfg = SPEC.validate(
            GameConfig(
                seats=tuple(SeatConfig(f"P{i + 1}", level if i in strong else other) for i in range(seats)),
                options=options,
            )
        )
        played = play_bots(SPEC, cfg, 100_000 + g)
        assert played.finished
        wins += played.session.result().winners[0] in strong
    lo, hi = wilson(wins, games)
    fair = hard / seats
    print(
        f"{hard} {level} vs {seats - hard} {other} ({seats} seats): {level} wins {wins}/{games} = {wins / games:.1%}"
        f" (95% CI {lo:.1%}-{hi:.1%}; fair share {fair:.0%})"
    )


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    share(4, 1, games)
    share(4, 2, games)
    share(8, 1, games)
    share(4, 1, games, level="normal", other="easy")
