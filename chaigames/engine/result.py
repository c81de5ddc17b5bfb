"""What a finished game says: scores, winners and where every point came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .validate import OBJECT, TEXT, Fields, integer, list_of
from .wire import plain_from_json, plain_to_json


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
            "details": plain_to_json(self.details, "result details"),
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "result") -> Result:
        """The result `to_json` wrote; RecordError names a bad field. Results saved before `details`
        was written read with none."""
        f = Fields(data, where)
        scores = f.take("scores", list_of(integer()))
        winners = f.take("winners", list_of(integer(0, max(len(scores) - 1, 0)), most=len(scores)))
        rows = []
        for i, raw in enumerate(f.take("breakdown", list_of(OBJECT))):
            row = Fields(raw, f"{where}: the field 'breakdown', row {i + 1}")
            rows.append(ScoreRow(row.take("source", TEXT), tuple(row.take("values", list_of(integer(), len(scores))))))
            row.done()
        note = f.take("note", TEXT)
        details: dict[str, Any] = {}
        if "details" in data:
            details = plain_from_json(f.take("details", OBJECT), f"{where}: the field 'details'")
        f.done()
        return cls(tuple(scores), tuple(winners), tuple(rows), note, details)
