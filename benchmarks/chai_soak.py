"""Chai soak: many random games with every invariant checked after every action.

    python benchmarks/chai_soak.py [--games 10000] [--jobs 2] [--seed 0]

Each game has 2-5 seats, a random first-customer option and random legal moves (an order is
fulfilled whenever one can be, so games end). After every action: components each in exactly one
place, money by the rules, limits (`chaigames.chai.invariants`). Every 50th game is also replayed
from its record and compared. Prints a summary; exits non-zero on the first broken invariant.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chaigames.chai import SPEC
from chaigames.chai.actions import Fulfil
from chaigames.chai.invariants import problems
from chaigames.engine import GameConfig, Rng, SeatConfig, Session, derive_seed

NAMES = ("Asha", "Ravi", "Meera", "Kiran", "Dev")


def play_one(seed: int) -> tuple[int, int, bool, str]:
    """(actions, seats, safety stop, problem or '') for one random game."""
    rng = Rng(derive_seed(seed, "soak"))
    n = rng.randint(2, 5)
    teas = SPEC.seat_options[0].choices
    chosen = rng.sample(teas, n)
    options = {"first_customer": rng.choice(("random", "choose"))}
    seats = tuple(SeatConfig(NAMES[i], options={"tea": chosen[i]}) for i in range(n))
    session = Session(SPEC, GameConfig(seats=seats, options=options), seed)
    st = session.state
    while not session.over:
        seat = st.actors()[0]
        legal = st.legal_actions(seat)
        if not legal:
            return session.action_count, n, False, "no legal action for the seat to act"
        fulfils = [a for a in legal if isinstance(a, Fulfil)]
        action = rng.choice(fulfils) if fulfils else rng.choice(legal)
        total = sum(st.money) + sum(p[1] for p in st.pool)
        events = session.apply(seat, action)
        flow = sum(e.data.get("from_bank", 0) - e.data.get("to_bank", 0) for e in events)
        if sum(st.money) + sum(p[1] for p in st.pool) != total + flow:
            return session.action_count, n, False, f"money moved outside the rules after {action}"
        broken = problems(st)
        if broken:
            return session.action_count, n, False, f"after {action}: {broken[0]}"
    if seed % 50 == 0 and Session.from_record(SPEC, session.record).state.to_json() != st.to_json():
        return session.action_count, n, False, "replay differs"
    session.result()
    return session.action_count, n, st.safety_stopped, ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    t0 = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_one, seeds, chunksize=50))
    else:
        results = [play_one(s) for s in seeds]
    dt = time.perf_counter() - t0
    bad = [(s, r[3]) for s, r in zip(seeds, results, strict=True) if r[3]]
    actions = sum(r[0] for r in results)
    stops = sum(r[2] for r in results)
    print(
        f"{len(results)} random games ({actions} actions) in {dt:.1f} s with {args.jobs} job(s): "
        f"{len(bad)} broken, {stops} reached the safety stop (random play is not easy play)"
    )
    for seed, problem in bad[:10]:
        print(f"  seed {seed}: {problem}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
