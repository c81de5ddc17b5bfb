"""A table's games: the owner starts one, a rematch starts the next, and a seat goes to a bot."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, cast

from chaigames.engine import ChaigamesError, GameConfig, SeatConfig, Session
from chaigames.names import bot_name

from .game import TableGame
from .hints import hints_meta
from .parts import TableParts
from .seats import new_seed

if TYPE_CHECKING:
    from .table import Table

log = logging.getLogger("chaigames.serve.tables")


class OwnerMoves(TableParts):
    """Starting and running the table's games, and handing seats to bots."""

    # -- the owner's moves --------------------------------------------------------------------------
    def _is_owner(self, conn: int) -> bool:
        seat = self.conns[conn].seat
        return seat is not None and self.seats[seat].identity == self.owner

    def start(self, conn: int) -> None:
        if not self._is_owner(conn):
            self._refuse(conn, "Only the table's owner starts the game")
            return
        if self.game is not None:
            self._refuse(conn, "The game has already started")
            return
        empty = [i + 1 for i, s in enumerate(self.seats) if s.empty]
        if empty:
            self._refuse(conn, f"Seat {empty[0]} is empty: wait for someone, or give it to a bot")
            return
        self._new_game()

    def _new_game(self) -> None:
        assert self.spec is not None
        config = GameConfig(
            seats=tuple(SeatConfig(s.name, None if s.person else s.level) for s in self.seats),
            options=dict(self.options),
            takebacks=False if self.spec.takebacks else None,
        )
        try:
            meta = {"table": self.code, **(hints_meta(len(self.seats)) if self.hints else {})}
            session = Session(self.spec, config, new_seed(), meta=meta)
        except ChaigamesError as exc:
            for conn, info in self.conns.items():
                if info.seat is not None and self.seats[info.seat].identity == self.owner:
                    self._refuse(conn, str(exc))
            return
        self.games += 1
        self.save_id = f"{self.spec.id}-{self.code.lower()}-{self.games}"
        self.pauses = {}
        self.holders = {s.identity: s.name for s in self.seats if s.identity is not None}
        self._actors = {}
        self._run(session)
        assert self.game is not None  # _run has just set it
        self.game.save()
        self.save_table()
        self._lobby_changed()

    def _run(self, session: Session, *, over: bool = False) -> None:
        """Play `session` at this table; `over`: a game that already ended and went to History (restored after
        a restart, it is shown as it ended, its record and everyone's copy left as they are)."""
        assert self.save_id is not None
        self._log_json = []
        self._in_histories = over
        table = cast("Table", self)  # the whole table is the game's frame and listener, not this part alone
        self.game = TableGame(table, session, self.save_id)
        self.game.attach(table)
        if over:
            self.game.finished = True
            self._changed([], force=True)
            return
        self.paused_by = None
        self.away_pause = False
        self._sent.clear()
        self._bases.clear()
        away = [i for i, s in enumerate(self.seats) if s.away]
        if self.game.realtime and away:
            self.game.paused = True
            self.away_pause = True
            self.paused_by = self.seats[away[0]].name
            for seat in away:
                self._start_away_timer(seat)
        self.game.start()
        self._changed([], force=True)

    def to_bot(self, conn: int, seat: int, level: str) -> None:
        """The owner hands an empty or away person's seat to a bot (before or during the game)."""
        if not self._is_owner(conn):
            self._refuse(conn, "Only the table's owner hands a seat to a bot")
            return
        if not 0 <= seat < len(self.seats):
            self._refuse(conn, f"There is no seat {seat + 1}")
            return
        s = self.seats[seat]
        if not s.person or s.conn is not None:
            self._refuse(conn, "Only an empty seat, or one whose person is away, goes to a bot")
            return
        spec = self.spec
        assert spec is not None  # seats exist only once the table is open, with its game
        if level not in spec.bot_levels:
            self._refuse(conn, f"{spec.title} has no {level!r} bot (its levels: {', '.join(spec.bot_levels)})")
            return
        self._hand_to_bot(seat, level)

    def _hand_to_bot(self, seat: int, level: str) -> None:
        """A bot plays the seat: for good in the lobby; during a game, until its person comes back (they
        keep their identity and seat code, see `Seat.stand_in`)."""
        assert self.spec is not None
        s = self.seats[seat]
        level = level if level in self.spec.bot_levels else self.spec.bot_levels[0]
        s.kind, s.level, s.away_since = "bot", level, None
        if not s.name:
            s.name = bot_name(seat, [x.name for x in self.seats])
        if self.game is None or self.game.finished:
            s.identity, s.seat_code = None, None
        timer = self._away_timers.pop(seat, None)
        if timer is not None:
            timer.stop()
        self.save_table()
        self._lobby_changed()
        if self.game is not None and not self.game.finished:
            self.game.hand_to_bot(seat, level)
            if self.game.realtime and self.away_pause and not any(x.away for x in self.seats):
                self._resume_game(None)
        self._changed([], force=True)

    def rematch(self, conn: int) -> None:
        if self.game is None or not self.game.finished:
            self._refuse(conn, "A rematch starts once the game is over")
            return
        if self.conns[conn].seat is None:
            self._refuse(conn, "Only a seated person asks for a rematch")
            return
        self._new_game()
