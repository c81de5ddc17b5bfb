"""Sitting down at a table and getting up: seats by key or seat code, wrong codes, names, drops."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from chaigames.names import bot_name, clean_name

from .parts import TableParts
from .seats import GUESS_DELAY, GUESSES, new_code

log = logging.getLogger("chaigames.serve.tables")


class Seating(TableParts):
    """Binding connections to seats and spectators' places, and letting them go."""

    def join(self, conn: int, as_: str, seat_code: str | None) -> None:
        if self.spec is None:
            self._refuse(conn, "This table is not open yet")
            return
        info = self.conns[conn]
        if info.joined:
            self._unbind(conn)
        if as_ == "spectator":
            watching = sum(c.spectator for c in self.conns.values())
            if watching >= self.max_spectators:
                self._refuse(conn, "This table has as many spectators as it takes")
                return
            info.spectator = True
            self._to(conn, {"t": "joined", "code": self.code, "seat": None, "seat_code": None, "owner": False})
            self._to(conn, self.lobby())
            self._changed([], only=conn)
            self._summary()
            return
        seat = self._seat_for(info.who, seat_code)
        if isinstance(seat, str):
            self._refuse(conn, seat)
            return
        self._bind(conn, seat)

    def _seat_for(self, who: dict[str, Any], seat_code: str | None) -> int | str:
        """The seat this identity may take now, or the reason it may not."""
        identity, keyed = who["id"], who["keyed"]
        guessing = not keyed and bool(seat_code)
        if guessing and self._guesses.wrong >= GUESSES and self.clock_source() < self._guesses.next_at:
            wait = max(1, round(self._guesses.next_at - self.clock_source()))
            return f"Too many wrong seat codes at this table: try again in {wait} s"
        code = (seat_code or "").upper()
        for i, s in enumerate(self.seats):
            if s.identity != identity:
                continue
            if keyed or (guessing and secrets.compare_digest(code, s.seat_code or "")):
                return i
            if guessing:
                self._wrong_guess()
                return "That is not this seat's code: check it and type it again"
            return "That name already has a seat here: type its seat code to take it back"
        if guessing:
            for i, s in enumerate(self.seats):
                if s.identity is not None and s.seat_code and secrets.compare_digest(code, s.seat_code):
                    return i
            self._wrong_guess()
            return "No seat here has that seat code"
        if self.game is not None:
            return "This game has started: join it as a spectator"
        for i, s in enumerate(self.seats):
            if s.empty:
                s.identity, s.keyed = identity, keyed
                name = clean_name(who["name"], f"Player {i + 1}")
                self._bot_gives_up(name)
                s.name = self._free_name(name)
                s.seat_code = None if keyed else new_code()
                return i
        return "Every seat at this table is taken: join as a spectator"

    def _wrong_guess(self) -> None:
        """One more wrong seat code: after `GUESSES` of them the table checks one guess per `GUESS_DELAY` seconds
        (a seat code cannot be found by trying them all; a person with a key never needs one)."""
        self._guesses.wrong += 1
        log.info("table %s: a wrong seat code (%s so far)", self.code, self._guesses.wrong)
        if self._guesses.wrong >= GUESSES:
            self._guesses.next_at = self.clock_source() + GUESS_DELAY

    def _bot_gives_up(self, name: str) -> None:
        """A person sitting down in the lobby keeps their own name: a bot seat that has it takes another."""
        for i, bot in enumerate(self.seats):
            if not bot.person and bot.name.casefold() == name.casefold():
                bot.name = bot_name(i, [s.name for s in self.seats] + [name])

    def _free_name(self, name: str) -> str:
        taken = {s.name for s in self.seats}
        if name not in taken:
            return name
        n = 2
        while f"{name} {n}" in taken:
            n += 1
        return f"{name} {n}"

    def _bind(self, conn: int, seat: int) -> None:
        s = self.seats[seat]
        if s.conn is not None and s.conn != conn:  # a second login takes the seat over
            old = s.conn
            self._to(old, {"t": "taken_over"})
            if old in self.conns:
                self.conns[old].seat = None
            log.info("table %s: connection %s took seat %s over from %s", self.code, conn, seat, old)
        info = self.conns[conn]
        info.seat, info.spectator = seat, False
        came_back = s.away_since is not None or (self.game is not None and (s.away or s.stand_in))
        if s.stand_in:  # back from a bot: the seat is its person's again
            log.info("table %s: seat %s taken back from its %s bot", self.code, seat, s.level)
            s.kind, s.level = "person", None
            if self.game is not None and not self.game.finished:
                self.game.take_back(seat)
        s.conn, s.away_since = conn, None
        timer = self._away_timers.pop(seat, None)
        if timer is not None:
            timer.stop()
        if s.identity is not None:
            self.holders[s.identity] = s.name
        self._to(
            conn,
            {
                "t": "joined",
                "code": self.code,
                "seat": seat,
                "seat_code": s.seat_code if not s.keyed else None,
                "owner": s.identity is not None and s.identity == self.owner,
                "away_limit": self.away_limit,  # real time: seconds away before a bot plays the seat
            },
        )
        self._send({"t": "seated", "conn": conn, "seat": seat, "id": s.identity or ""})
        self.save_table()
        self._lobby_changed()
        if self.game is not None:
            self._sent.pop(conn, None)
            self._bases.pop(conn, None)
            if came_back:
                self._back(seat)
            self._changed([], force=True)

    def _unbind(self, conn: int) -> int | None:
        info = self.conns.get(conn)
        if info is None:
            return None
        seat, info.seat, info.spectator = info.seat, None, False
        self._sent.pop(conn, None)
        self._bases.pop(conn, None)
        if seat is not None and self.seats[seat].conn == conn:
            self.seats[seat].conn = None
            return seat
        return None

    def leave(self, conn: int) -> None:
        """The session goes back to its menu: a lobby seat is freed; a game's seat is away."""
        seat = self._unbind(conn)
        if seat is not None:
            s = self.seats[seat]
            if self.game is None and s.identity != self.owner:
                s.identity, s.name, s.seat_code, s.keyed = None, "", None, False
            elif self.game is not None:
                self._away(seat)
        self.save_table()
        self._lobby_changed()
        self._changed([], force=True)

    def dropped(self, conn: int) -> None:
        """The SSH connection went away: its seat stays its person's, away."""
        seat = self._unbind(conn)
        self.conns.pop(conn, None)
        if seat is not None:
            self._away(seat)
            self._lobby_changed()
            self._changed([], force=True)
        else:
            self._summary()
