"""The one source of chance in a game: a small seeded generator whose whole state is one integer.

Why not `random.Random`: its state is 625 numbers (slow to clone for search bots, bulky in JSON)
and its algorithms may change between Python versions, which would break old records.
SplitMix64 is tiny, fast enough in pure Python, and identical everywhere.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def derive_seed(*parts: int | str) -> int:
    """A seed derived from several parts, e.g. (game seed, "bot", seat), stable across runs."""
    h = 0x9E3779B97F4A7C15
    for part in parts:
        if isinstance(part, str):
            value = int.from_bytes(part.encode(), "little") & _MASK
        else:
            value = part & _MASK
        h = _mix((h ^ value) + 0x9E3779B97F4A7C15 & _MASK)
    return h


class Rng:
    """Deterministic generator; `state` is all there is to it (JSON: one integer)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = (state if state is not None else _mix(seed & _MASK)) & _MASK

    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        return _mix(self.state)

    def randbelow(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        if n == 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self._next()
            if x < limit:
                return x % n

    def randint(self, a: int, b: int) -> int:
        """Uniform integer in [a, b], both ends included."""
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """Uniform float in [0, 1)."""
        return (self._next() >> 11) / float(1 << 53)

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def clone(self) -> Rng:
        return Rng(state=self.state)

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, data: int) -> Rng:
        return cls(state=int(data))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
