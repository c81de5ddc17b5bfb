"""Dabba Walla soak: every option combination, then many games, with the invariants checked after every
action; reports how often DW-5 sends a tile back to the box, per vehicle.

    python benchmarks/dabba_walla_soak.py                 # full run: whole option product + 10,000 games
    python benchmarks/dabba_walla_soak.py --games 500     # shorter
    python benchmarks/dabba_walla_soak.py --policy random # uniformly random legal actions instead of easy bots
    python benchmarks/dabba_walla_soak.py --policy normal # greedy bots (closer to how people stack)

Seats, vehicle, modules and orders of the 10,000 games cycle through the product; each game's seed is
its number. The easy policy is random among sensible moves (the closest to casual play); the random
policy also wastes empty dabbas, which inflates DW-5.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections import Counter

from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla.bots import make_bot
from chaigames.dabba_walla.geometry import VEHICLE_KEYS
from chaigames.dabba_walla.invariants import problems
from chaigames.engine import GameConfig, Rng, SeatConfig, Session, bot_seed

# vehicle varies fastest, so any run of games covers all four
PRODUCT = [
    dict(vehicle=v, no_minus=nm, module1=m1, order_card_1=o1, order_card_2=o2, order_card_3=o3)
    for nm, m1, o1, o2, o3, v in itertools.product(
        (False, True), (False, True), (None, 1, 2), (None, 3, 4), (None, 5, 6), VEHICLE_KEYS
    )
]


def play(n: int, options: dict, seed: int, policy: str, check: bool) -> Session:
    level = "normal" if policy == "normal" else "easy"
    cfg = GameConfig(seats=tuple(SeatConfig(f"P{i}", level) for i in range(n)), options=options)
    session = Session(SPEC, cfg, seed)
    bots = {p: make_bot(level, bot_seed(seed, p), p) for p in range(n)}
    rng = Rng(seed)
    while not session.over:
        state = session.state
        actors = state.actors()
        p = actors[rng.randbelow(len(actors))]
        legal = state.legal_actions(p)
        if policy == "random":
            commits = [a for a in legal if type(a).__name__ == "Commit"]
            action = rng.choice(commits) if commits and rng.random() < 0.5 else rng.choice(legal)
        else:
            action = bots[p].choose(state.view(p), legal, 0)
        session.apply(p, action)
        if check:
            found = problems(session.state)
            if found:
                raise AssertionError(f"seed {seed}, {n} seats, {options}: {found}")
    return session


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--policy", choices=("easy", "normal", "random"), default="easy")
    ap.add_argument("--no-product", action="store_true", help="skip the pass over the full option product")
    ap.add_argument("--no-check", action="store_true", help="skip the invariants (speed only)")
    args = ap.parse_args()
    check = not args.no_check
    t0 = time.perf_counter()
    if not args.no_product:
        for k, (n, options) in enumerate(itertools.product((2, 3, 4), PRODUCT)):
            play(n, options, k, args.policy, check)
        print(f"option product: {3 * len(PRODUCT)} games (seats x options) passed the invariants")
    returns: Counter[str] = Counter()
    tiles: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for seed in range(args.games):
        n = 2 + seed % 3
        options = PRODUCT[seed % len(PRODUCT)]
        session = play(n, options, 10_000 + seed, args.policy, check)
        v = options["vehicle"]
        games[v] += 1
        returns[v] += session.state.dw5_returns
        tiles[v] += 15 * n
    print(f"{args.games} games ({args.policy} policy), invariants {'on' if check else 'off'}: DW-5 returns")
    for v in VEHICLE_KEYS:
        if games[v]:
            print(
                f"  {v:12s} {returns[v]:6d} tiles returned in {games[v]} games: "
                f"{returns[v] / games[v]:.3f} per game, {returns[v] / tiles[v]:.2%} of tiles played"
            )
    print(f"took {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
