"""Hints for learners at a table: the opener's choice, counted here, worked out in each person's own app.

The table never works a hint out (it holds every seat's hidden cards): a seat's `hint` message only
asks it to count one. The count is the record's meta (`hints_used` for the game, `hints_by_seat` per
seat), never an entry, so a record with hints replays as any other; each seat's update says its own count.
"""

from __future__ import annotations

from typing import Any

from .parts import TableParts


def hints_meta(seats: int) -> dict[str, Any]:
    """A new game's meta when the table offers hints: none used yet."""
    return {"hints": True, "hints_used": 0, "hints_by_seat": [0] * seats}


class Hints(TableParts):
    """Counting the hints each seat asks for."""

    def hints_used_by(self, seat: int | None) -> int:
        """The hints `seat` has asked for this game (0 for a spectator, or a table without hints)."""
        if self.game is None or seat is None:
            return 0
        counts = self.game.session.record.meta.get("hints_by_seat")
        return int(counts[seat]) if isinstance(counts, list) and 0 <= seat < len(counts) else 0

    def hint_asked(self, conn: int) -> None:
        """A seat asked for a hint for its own move: counted in the record's meta, saved, and the seat's
        update says the new count. Refused where no hint is offered (the table said no hints, no game under
        way, not this seat's move)."""
        seat = self.conns[conn].seat
        game = self.game
        if not self.hints:
            self._refuse(conn, "Hints are off at this table")
            return
        if game is None or game.finished or seat is None or seat not in game.movers():
            self._refuse(conn, "A hint is for your own move")
            return
        meta = game.session.record.meta
        counts = meta.get("hints_by_seat")
        if not isinstance(counts, list) or len(counts) != len(self.seats):
            counts = [0] * len(self.seats)
        counts[seat] = int(counts[seat]) + 1
        meta["hints_by_seat"] = counts
        meta["hints_used"] = sum(counts)
        game.save()
        self._changed([], force=True, only=conn)
