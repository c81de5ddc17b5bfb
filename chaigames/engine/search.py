"""What the searching bots share: which candidate move the next simulation tries."""

from __future__ import annotations

import math
from collections.abc import Sequence


def next_candidate(it: int, visits: Sequence[int], totals: Sequence[float], explore: float) -> int:
    """Simulation `it` (from 0) of a search over `len(visits)` candidate moves: each candidate once, in
    order, then the one with the best UCB1 score (its mean result plus `explore` times its uncertainty,
    in the result's own units)."""
    n = len(visits)
    if it < n:
        return it
    log_t = math.log(it)
    return max(range(n), key=lambda j: totals[j] / visits[j] + explore * math.sqrt(log_t / visits[j]))
