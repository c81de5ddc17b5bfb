"""One table: the single authority over a game several people play from their own terminals.

A `Table` lives in its own table process (`process.py`) and hears only what the host relays:
sessions connecting and dropping, and each session's messages stamped with who sent them. It
owns the seats (people, bots, who sits where, their seat codes), the lobby, the game
(`TableGame`, the app's own `GameController` with the table as its frame: bots think off the
loop, Chai Wallah's clock ticks here) and the records. After every change it sends each
connection only what that connection's seat may see (`update_for`); no connection ever gets
another seat's view, legal moves or private log lines.

Files, under `DATA_DIR/tables/<CODE>/`: `table.json` (the seat table: identities, seat codes,
owner, options) and the usual atomic saves (`saves/<id>.json` while a game runs, `history/` once
it is over), so a restarted table process picks up exactly where the last accepted action left
it. A finished record is also copied into each seated person's History.

`Table` is put together from one part per idea, each in its own module: `frame` (what its game's
controller runs in), `lobby` (opening, the lobby, the host's summary), `seating` (sitting down and
getting up), `owner` (starting games, seats to bots), `away` (pauses and people away), `hints` (counting
the hints for learners), `updates` (what each connection is sent: its update, then what changed) and
`records` (its files); `seats` holds who sits where and `game` the controller as a table runs it. Each
part is a `TableParts` (`parts`: the state they share and what one asks of another). This module keeps
the messages' way in and the moves.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from chaigames.engine import GameSpec, IllegalAction, RecordError
from chaigames.play import wire
from chaigames.saves import SaveStore

from .away import Pauses
from .frame import TableFrame
from .game import TableGame
from .hints import Hints
from .lobby import Lobby
from .owner import OwnerMoves
from .records import Records
from .seating import Seating
from .seats import Conn, Guesses, Seat
from .timer import Timer
from .updates import Updates

log = logging.getLogger("chaigames.serve.tables")

Send = Callable[[dict[str, Any]], None]


class Table(TableFrame, Lobby, Seating, OwnerMoves, Pauses, Hints, Updates, Records):
    """Seats, lobby, game and records of one table (see the module docstring).

    `send(obj)` writes one object to the host: `{"to": conn, "msg": ...}` or a host message
    (`summary`, `seated`). The table is also the controller's frame and listener."""

    def __init__(
        self,
        code: str,
        data_dir: Path,
        send: Send,
        lookup: Callable[[str], GameSpec],
        *,
        max_spectators: int = 20,
        bot_delay: float = 0.4,
        countdown: float = 1.0,
        clock_source: Callable[[], float] = time.monotonic,
    ) -> None:
        if not wire.is_code(code):
            raise ValueError(f"not a table code: {code!r}")
        self.code = code
        self.data_dir = data_dir
        self.folder = data_dir / "tables" / code
        self.store = SaveStore(self.folder)
        self._send = send
        self.lookup = lookup
        self.max_spectators = max_spectators
        self.bot_delay = bot_delay
        self.countdown_step = countdown  # seconds per step of the 3-2-1 (tests shorten it)
        self.clock_source = clock_source
        self.confirm_moves = False
        self.spec: GameSpec | None = None
        self.options: dict[str, Any] = {}
        self.hints = False  # the opener's choice: its games offer hints for learners
        self.pause_limit = 3
        self.away_limit = 60.0
        self.seats: list[Seat] = []
        self.owner: str | None = None
        self.conns: dict[int, Conn] = {}
        self.pauses: dict[str, int] = {}  # identity -> pauses this game
        self.holders: dict[str, str] = {}  # identity -> name of everyone who held a seat this game
        self.game: TableGame | None = None
        self.save_id: str | None = None
        self.games = 0
        self.countdown: int | None = None
        self._countdown_timer: Timer | None = None
        self._away_timers: dict[int, Timer] = {}
        self.paused_by: str | None = None
        self.away_pause = False  # the game is paused because a person dropped (real time)
        self.closing = False
        self._acting: int | None = None  # the connection whose action is being applied
        self._actors: dict[int, bool] = {}  # seat -> it was among the actors at the last update
        self._sent: dict[int, Any] = {}  # conn -> the table's key when it was last considered
        self._bases: dict[int, Any] = {}  # conn -> the last update it got, its changes' base (`updates.Sent`)
        self._log_json: list[dict[str, Any]] = []  # the game's log lines as JSON, so far
        self._legal_json: dict[int | None, tuple[list[Any], list[Any]]] = {}  # seat -> its last legal moves, as JSON
        self._in_histories = False  # the finished record has been copied into the people's History
        self._guesses = Guesses()

    # -- the host's messages ------------------------------------------------------------------------
    def receive(self, obj: dict[str, Any]) -> None:
        """One object from the host: an envelope with a session's message, or the host's own."""
        if "from" in obj:
            try:
                conn, who, msg = wire.check_from(obj)
            except wire.Malformed as exc:
                log.warning("table %s: a malformed envelope from the host: %s", self.code, exc)
                return
            try:
                wire.check(msg, expect=SESSION_TYPES)
            except wire.Malformed as exc:
                log.warning("table %s: refused a malformed message from connection %s: %s", self.code, conn, exc)
                self._to(conn, wire.refused(f"That message was not understood ({exc})"))
                return
            self.conns.setdefault(conn, Conn(who))
            self.handle(conn, who, msg)
            return
        try:
            wire.check(obj, expect={"connected", "dropped", "close"})
        except wire.Malformed as exc:
            log.warning("table %s: ignored a malformed message from the host: %s", self.code, exc)
            return
        if obj["t"] == "connected":
            self.conns[obj["conn"]] = Conn(obj["who"])
        elif obj["t"] == "dropped":
            self.dropped(obj["conn"])
        else:
            self.close()

    def handle(self, conn: int, who: dict[str, Any], msg: dict[str, Any]) -> None:
        t = msg["t"]
        info = self.conns[conn]
        if info.who.get("id") != who.get("id"):  # a connection keeps the identity it came with
            self._refuse(conn, "That connection belongs to someone else")
            return
        if t == "open":
            self.open(conn, msg)
        elif t == "join":
            self.join(conn, msg["as"], msg.get("seat_code"))
        elif self.spec is None:
            self._refuse(conn, "This table is not open yet")
        elif t == "leave":
            self.leave(conn)
        elif not info.joined:
            self._refuse(conn, "You are not at this table")
        elif t == "act":
            self.act(conn, msg["seat"], msg["action"])
        elif t == "start":
            self.start(conn)
        elif t == "to_bot":
            self.to_bot(conn, msg["seat"], msg["level"])
        elif t == "pause":
            self.pause(conn)
        elif t == "resume":
            self.resume(conn)
        elif t == "rematch":
            self.rematch(conn)
        elif t == "sync":
            self._resend(conn)
        elif t == "hint":
            self.hint_asked(conn)

    # -- actions ------------------------------------------------------------------------------------
    def act(self, conn: int, seat: int, action_json: dict[str, Any]) -> None:
        game, spec = self.game, self.spec
        bound = self.conns[conn].seat
        if bound is None or seat != bound:
            self._refuse(conn, "You may act only for your own seat", seat=seat)
            return
        if game is None or spec is None:
            self._refuse(conn, "The game has not started", seat=seat)
            return
        try:
            action = spec.actions.from_json(action_json)
        except RecordError as exc:
            self._refuse(conn, f"That is not a move in this game ({exc})", seat=seat)
            return
        if game.realtime and spec.actions.name_of(action) in ("pause", "resume"):
            self._refuse(conn, "Pause and resume with the pause key", seat=seat)
            return
        if self.countdown is not None:
            self._refuse(conn, "Wait for the countdown", seat=seat)
            return
        self._acting = conn
        try:
            game.act(seat, action)
        except (IllegalAction, TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
            log.warning("table %s: action of seat %s failed: %s", self.code, seat, exc)
            self._refuse(conn, "That move could not be made", seat=seat)
        finally:
            self._acting = None

    def close(self) -> None:
        """The host closes the table: save and stop (a restart restores it from its files)."""
        self.closing = True
        if self.game is not None:
            if not self.game.finished:
                self.game.save()
            self.game.stop()
        self._stop_countdown()
        for timer in self._away_timers.values():
            timer.stop()
        self._away_timers.clear()
        self.save_table()


SESSION_TYPES = frozenset(
    {"open", "join", "leave", "act", "start", "to_bot", "pause", "resume", "rematch", "sync", "hint"}
)
