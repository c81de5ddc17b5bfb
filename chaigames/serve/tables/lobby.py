"""A table's opening and its lobby: the game and seat plan it opens with, and what the lobby and the
host's table list show."""

from __future__ import annotations

import logging
from typing import Any

from chaigames.engine import GameConfig, SeatConfig
from chaigames.names import clean_name
from chaigames.play.hints import offers_hints

from .parts import TableParts
from .seats import Seat

log = logging.getLogger("chaigames.serve.tables")


class Lobby(TableParts):
    """Opening the table, the lobby message and the host's summary."""

    # -- opening and the lobby ---------------------------------------------------------------------
    def open(self, conn: int, msg: dict[str, Any]) -> None:
        """The opener's `open`: the game, its options and the seat plan. The opener takes seat 0."""
        if self.spec is not None:
            self._refuse(conn, "This table is already open")
            return
        try:
            spec = self.lookup(msg["game"])
        except LookupError:
            self._refuse(conn, f"There is no game {msg['game']!r} here")
            self.closing = True
            return
        plan = msg["seats"]
        names = list(msg.get("names") or [])
        seats: list[Seat] = []
        for i, ask in enumerate(plan):
            level = ask.get("level")
            if ask["kind"] == "bot":
                level = level if level in spec.bot_levels else spec.bot_levels[0]
                name = clean_name(names[i] if i < len(names) and names[i] else "", f"Bot {i + 1}")
                seats.append(Seat("bot", level, name))
            else:
                seats.append(Seat("person", None, ""))
        problem = ""
        if not seats or not seats[0].person:
            problem = "The first seat is the opener's"
        elif not spec.min_seats <= len(seats) <= spec.max_seats:
            problem = f"{spec.title} takes {spec.min_seats} to {spec.max_seats} seats"
        else:
            config = GameConfig(
                seats=tuple(SeatConfig(f"Seat {i + 1}", s.level) for i, s in enumerate(seats)),
                options=dict(msg["options"]),
            )
            problems = spec.problems(config)  # every seat may be a person's: one keyboard's limit is not a table's
            problem = problems[0] if problems else ""
        if problem:
            self._refuse(conn, problem)
            self.closing = True
            return
        self.spec = spec
        self.options = dict(msg["options"])
        self.hints = msg.get("hints") is True and offers_hints(spec)
        self.pause_limit = max(0, msg["pause_limit"])
        away = msg.get("away_limit")
        if isinstance(away, int | float) and not isinstance(away, bool) and away > 0:
            self.away_limit = float(away)
        self.seats = seats
        self.owner = self.conns[conn].who["id"]
        self._to(conn, {"t": "opened", "code": self.code})
        self.join(conn, "person", None)
        self.save_table()
        self._lobby_changed()

    def lobby(self) -> dict[str, Any]:
        assert self.spec is not None
        return {
            "t": "lobby",
            "code": self.code,
            "game": self.spec.id,
            "title": self.spec.title,
            "options": self.options,
            "seats": [
                {
                    "name": s.name,
                    "kind": s.kind,
                    "level": s.level,
                    "present": s.conn is not None or not s.person,
                    "owner": s.identity is not None and s.identity == self.owner,
                }
                for s in self.seats
            ],
            "started": self.game is not None,
            "hints": self.hints,
        }

    def _lobby_changed(self) -> None:
        if self.spec is None:
            return
        msg = self.lobby()
        for conn, info in self.conns.items():
            if info.joined:
                self._to(conn, msg)
        self._summary()

    def summary(self) -> dict[str, Any]:
        spec = self.spec
        owner = next((s.name for s in self.seats if s.identity is not None and s.identity == self.owner), "")
        return {
            "t": "summary",
            "code": self.code,
            "game": spec.id if spec else "",
            "title": spec.title if spec else "",
            "owner": owner,
            "people": [s.name for s in self.seats if s.person and s.identity is not None],
            "free": sum(s.empty for s in self.seats) if self.game is None else 0,
            "started": self.game is not None,
            "finished": self.game is not None and self.game.finished,
            "spectators": sum(c.spectator for c in self.conns.values()),
            "holders": sorted(s.identity for s in self.seats if s.identity),  # the host's "Back to your table"
        }

    def _summary(self) -> None:
        if self.spec is not None:
            self._send(self.summary())
