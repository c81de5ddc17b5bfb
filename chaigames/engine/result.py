"""What a finished game says: scores, winners and where every point came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ScoreRow:
    """One source of points (e.g. "tickets", "level 3", "chai tiles") with a value per seat."""

    source: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Result:
    """Final standing. `winners` holds every seat that shares the win (ties as each rulebook says)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    breakdown: tuple[ScoreRow, ...] = ()
    note: str = ""
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "breakdown": [{"source": r.source, "values": list(r.values)} for r in self.breakdown],
            "note": self.note,
        }
