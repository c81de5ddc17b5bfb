"""How saves are shown: when a game was last played, and one line per file on the Continue list."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chaigames.engine import Record


def now_stamp() -> str:
    """The wall-clock time for `meta.updated`, ISO 8601 in UTC, to the second."""
    return _dt.datetime.now(_dt.UTC).replace(microsecond=0).isoformat()


def when(stamp: str | None, now: _dt.datetime | None = None) -> str:
    """A short 'when last played' for the Continue list: 'just now', '5 min ago', '2026-11-29 14:03'."""
    if not stamp:
        return "unknown time"
    try:
        t = _dt.datetime.fromisoformat(stamp)
    except ValueError:
        return "unknown time"
    if t.tzinfo is None:
        t = t.replace(tzinfo=_dt.UTC)
    now = now or _dt.datetime.now(_dt.UTC)
    secs = (now - t).total_seconds()
    if 0 <= secs < 60:
        return "just now"
    if 0 <= secs < 3600:
        return f"{int(secs // 60)} min ago"
    if 0 <= secs < 86400:
        return f"{int(secs // 3600)} h ago"
    return t.astimezone().strftime("%Y-%m-%d %H:%M")


@dataclass
class SaveInfo:
    """One file on the Continue list. `record` is None when it cannot be resumed; `problem` says why."""

    save_id: str
    path: Path
    record: Record | None = None
    title: str = ""
    problem: str = ""
    moved_aside: bool = False

    @property
    def resumable(self) -> bool:
        return self.record is not None

    @property
    def updated(self) -> str:
        return str(self.record.meta.get("updated", "")) if self.record else ""

    def seats_line(self) -> str:
        if self.record is None:
            return ""
        return ", ".join(s.name if s.bot is None else f"{s.name} ({s.bot} bot)" for s in self.record.config.seats)

    def label(self) -> str:
        """One line for the Continue list."""
        if self.record is None:
            return f"{self.path.name}: {self.problem}"
        n = len(self.record.effective())
        moves = f"{n} move" if n == 1 else f"{n} moves"
        return f"{self.title}{self.match_note()}: {self.seats_line()}  ({moves}, {when(self.updated)})"

    def match_note(self) -> str:
        """' (match game 2 of 3)' for a game of a match, else ''."""
        from chaigames.engine.match import match_of

        match = match_of(self.record.meta) if self.record else None
        if match is None:
            return ""
        return f" (match game {len(match.played) + 1} of {match.games})"
