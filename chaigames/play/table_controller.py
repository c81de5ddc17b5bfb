"""A game at a table over SSH, as the game screens see it: the controller protocol over a wire.

The app in a table session holds no game: only the last `update` its table sent (this seat's
view, its legal moves, the log lines it may see, the status and the clock). `TableController`
answers every read of the protocol (`chaigames.play.protocol.Controller`) from that snapshot and sends
what the screens do (`act`, `pause`, `resume`) to the table through the session's
`TableClient`. Answers come back later as updates (`game_changed`) or refusals (`move_refused`).

One person per terminal: `humans` is this seat alone (none for a spectator), with no curtains, no
take-backs and, in Chai Wallah, every key set of the keyboard for that one seat (`whole_keyboard`).
The real-time clock runs here from the table's last word (`RemoteClock`), so the time on screen
moves between updates; the table's clock is the one that counts.

Hints, when the table offers them, are worked out here, in this person's own app, from this seat's own
update (its view and legal moves), never by the table, which only counts them (`hint` on the wire).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, Protocol

from chaigames.engine import Event, GameSpec, LogLine, RecordError, Result
from chaigames.engine.rng import derive_seed

from . import wire
from .client import ChannelClosed, TableClient
from .clock import next_turn
from .protocol import Controller, GameWords, Listener

NEVER = 10**8  # an away limit this long (or longer) is the host's "never"


class TableFrame(Protocol):
    """What the controller needs from the app (ChaiGamesApp implements it)."""

    def show_results(self, controller: Any) -> None: ...
    async def open_table_game(self, controller: Any) -> None:
        """Show the table's game screen (the lobby's start; a rematch after the results)."""
        ...

    def call_later(self, callback: Callable[..., Any], *args: Any) -> Any: ...

    def table_left(self, controller: Any, reason: str) -> None:
        """The table is gone for this session (taken over by a second login, closed): to the menu."""
        ...

    def bell(self) -> None: ...

    def think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run `work` off the UI thread; call `done(result or exception)` back on it (a hint)."""
        ...


class RemoteClock:
    """The table's game clock as last reported, running on from the moment the report came."""

    def __init__(self, source: Callable[[], float] = time.monotonic) -> None:
        self._source = source
        self._at = 0.0  # game time in the last report
        self._since: float | None = None  # when that report came, while the clock runs

    @property
    def running(self) -> bool:
        return self._since is not None

    def now(self) -> float:
        return self._at if self._since is None else self._at + (self._source() - self._since)

    def set(self, running: bool, now: float) -> None:
        self._at = now
        self._since = self._source() if running else None


class TableController(GameWords):
    """The protocol from the table's updates (see the module docstring)."""

    hotseat = False
    confirm_moves = False
    whole_keyboard = True  # one person per terminal: every key set works for their seat
    save_problem = ""  # the table saves; nothing is lost when this session leaves

    def __init__(
        self,
        frame: TableFrame,
        client: TableClient,
        spec: GameSpec,
        seat: int | None,
        *,
        clock_source: Callable[[], float] = time.monotonic,
    ) -> None:
        self.frame = frame
        self.client = client
        self.spec = spec
        self.seat = seat
        self.game_id = spec.id
        self.title = spec.title
        self.realtime = spec.realtime
        self.humans: tuple[int, ...] = () if seat is None else (seat,)
        self.names: tuple[str, ...] = ()
        self.message = ""
        self.paused = False
        self.finished = False
        self.thinking = False
        self.started = False
        self.taken_over = False
        self.clock: RemoteClock | None = RemoteClock(clock_source) if self.realtime else None
        self.listener: Listener | None = None
        self.update: dict[str, Any] | None = None
        self._view: Any = None
        self._legal: list[Any] = []
        self._log: list[LogLine] = []  # `_log_raw`, read
        self._log_raw: list[Any] = []  # the update's log lines last read
        self._ticker: asyncio.TimerHandle | None = None  # the next redraw of the running clock
        self._aged: tuple[Any, float, Any] | None = None  # (view, clock reading, that view at that reading)
        self._on_screen = False  # the game screen is up (`start`): the clock is drawn between updates
        self._closed = False
        self.hinting = False  # a hint is being worked out
        client.on("update", self.updated)
        client.on("refused", self.refused)
        client.on("taken_over", self._taken_over)
        client.on("closed", self._closed_by_table)
        last = client.last.get("update")
        if last is not None and last.get("seat") == seat:
            self.updated(last, notify=False)

    # -- the game and its seats ----------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"Seat {seat + 1}"

    def _bots(self) -> list[str | None]:
        return list(self.update["bots"]) if self.update else []

    def is_bot(self, seat: int) -> bool:
        bots = self._bots()
        return 0 <= seat < len(bots) and bots[seat] is not None

    def bot_level(self, seat: int) -> str | None:
        bots = self._bots()
        return bots[seat] if 0 <= seat < len(bots) else None

    # -- what may be on screen -----------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        return self.seat

    @property
    def view(self) -> Any:
        """The last update's view; a real-time game's as it stands on the running clock (its `at`): a fresh
        die's countdown, a lock and the market's freeze count down on every redraw between updates, as
        they do at one keyboard. Aged again only when the clock has moved (a redraw reads it more than once)."""
        view = self._view
        at = getattr(view, "at", None)
        if at is None or self.clock is None or not self.clock.running:
            return view
        now = self.clock.now()
        if self._aged is None or self._aged[0] is not view or self._aged[1] != now:
            self._aged = (view, now, at(now))
        return self._aged[2]

    def table_view(self) -> Any:
        """A table has no shared screen: each person sees their own seat's view (others' offered
        dice covered, as that seat's view shows them)."""
        return self.view

    def actors(self) -> tuple[int, ...]:
        return tuple(self.update["actors"]) if self.update else ()

    @property
    def to_move(self) -> int | None:
        movers = self.movers()
        return movers[0] if movers else None

    def movers(self) -> tuple[int, ...]:
        if self.seat is None or self.finished or self.paused or self.update is None:
            return ()
        return (self.seat,) if self.seat in self.update["actors"] else ()

    def legal_actions(self, seat: int) -> list[Any]:
        return list(self._legal) if seat == self.seat else []

    def log(self, seat: int | Literal["viewer"] | None = "viewer") -> list[LogLine]:
        """This seat's log lines (the table sent only those); `None` keeps the public ones. Lines read
        before are not read again: a change adds lines after the same objects (`changes.rebuild`)."""
        raw = self.update["log"] if self.update else []
        if raw is not self._log_raw:
            known = len(self._log_raw)
            if not (0 < known <= len(raw) and raw[known - 1] is self._log_raw[-1] and raw[0] is self._log_raw[0]):
                known, self._log = 0, []
            self._log = [*self._log, *(LogLine.from_json(line) for line in raw[known:])]
            self._log_raw = raw
        if seat == "viewer" or seat == self.seat:
            return list(self._log)
        return [line for line in self._log if line.event.visible_to(seat)]

    def status(self) -> str:
        return self.update["status"] if self.update else "Waiting for the table..."

    def unsaved_moves(self) -> int:
        return 0

    def result(self) -> Result | None:
        raw = self.update.get("result") if self.update else None
        return Result.from_json(raw) if raw is not None and self.finished else None

    def match(self) -> None:
        """A table plays single games (a rematch is another game at the same table), never a match."""
        return None

    # -- hints for learners ----------------------------------------------------------------------
    @property
    def hints_on(self) -> bool:
        """The table offers hints (the opener's choice) and this session holds a seat."""
        return self.seat is not None and bool(self.update and self.update.get("hints"))

    def hints_used(self) -> int:
        """The hints this seat has asked for this game, as the table counted them."""
        return int(self.update.get("hints_used", 0)) if self.update else 0

    def ask_hint(self) -> None:
        """What the expert would play for this seat, worked out off the UI thread in this app from the
        seat's own view and legal moves (with the smaller budget a served app has); the table is told
        only to count it. The words arrive in `message`."""
        seat = self.to_move
        if not self.hints_on:
            self.message = "Hints are off at this table (the opener's choice)."
        elif seat is None or not self._legal:
            self.message = "A hint is for your own move."
        elif self.hinting:
            self.message = "Thinking of a hint..."
        else:
            from .hints import hint

            asked = self.hints_used()
            self._send(wire.hint())
            view, legal, spec = self._view, list(self._legal), self.spec
            moves = self.update.get("moves") if self.update else None
            seed = derive_seed(self.joined.get("code") or self.spec.id, "hint", seat, moves or 0)
            self.hinting = True
            self.message = "Thinking of a hint..."
            self.frame.think(
                lambda: hint(spec, view, legal, seat, seed, asked, served=True),
                lambda words: self._hint_ready(moves, seat, words),
            )
        self._notify([])

    def _hint_ready(self, moves: Any, seat: int, words: Any) -> None:
        """Show the hint unless the game moved on meanwhile (a move made, a pause)."""
        self.hinting = False
        if isinstance(words, BaseException):
            self.message = f"No hint this time: {words}"
        elif self.update is not None and self.update.get("moves") == moves and self.to_move == seat:
            self.message = f"Hint: {words}"
        self._notify([])

    # -- this session's seat at the table (the table pause menu reads these) ------------------------
    @property
    def joined(self) -> dict[str, Any]:
        """The table's `joined` answer for this session (its seat code, whether it owns the table)."""
        joined = self.client.last.get("joined") or {}
        return joined if joined.get("seat") == self.seat else {}

    @property
    def seat_code(self) -> str | None:
        """What takes this seat back after a drop (a seat without a key has one)."""
        return self.joined.get("seat_code")

    @property
    def owner(self) -> bool:
        return bool(self.joined.get("owner"))

    @property
    def away_limit(self) -> float | None:
        """Real time: seconds this seat may be away before a bot plays it until its person is back (None: never)."""
        limit = self.joined.get("away_limit")
        if not self.realtime or not isinstance(limit, int | float) or isinstance(limit, bool) or limit >= NEVER:
            return None
        return float(limit)

    def pauses_left(self) -> int:
        return int(self.update.get("pauses_left", 0)) if self.update else 0

    def will_pause(self) -> bool:
        """Whether Esc pauses the game for everyone (a seated person with a pause left), else it goes on."""
        if self.finished or self.seat is None:
            return False
        return self.paused or self.pauses_left() > 0

    def away_seats(self) -> list[int]:
        """Seats whose person is away now: the owner may hand them to a bot."""
        return list(self.update.get("away", [])) if self.update else []

    def hand_to_bot(self, seat: int, level: str) -> None:
        """The owner's word: a bot of `level` plays `seat` until its person comes back."""
        self._send(wire.to_bot(seat, level))

    # -- what a screen does --------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> None:
        if seat != self.seat or self.seat is None:
            self._refuse(seat, "You play only your own seat")
            return
        try:
            self.client.send(wire.act(seat, self.spec.actions.to_json(action)))
        except (ChannelClosed, TypeError, wire.Malformed) as exc:
            self._refuse(seat, f"The move could not be sent ({exc})")

    def can_undo(self) -> bool:
        return False

    def could_take_back(self, seat: int, action: Any) -> bool:
        return False

    def undo(self) -> None:
        self.message = "There is no undo at a table"
        self._notify([])

    def pause(self, seat: int | None = None) -> None:
        """Ask the table to pause (it names who paused). A screen holding its board before it is
        shown (Chai Wallah's first Space) asks nothing: the table's clock is not this screen's."""
        if self.listener is None or self.seat is None or self.finished or self.paused:
            return
        self._send(wire.pause())

    def resume(self, seat: int | None = None) -> None:
        if self.listener is None or self.seat is None or not self.paused or self.finished:
            return
        self._send(wire.resume())

    def rematch(self) -> None:
        """The results' rematch: the same table plays again (its seats and options)."""
        self._send(wire.rematch())

    def attach(self, listener: Listener | None) -> None:
        self.listener = listener

    # -- what the app's frame calls ----------------------------------------------------------------
    def start(self) -> None:
        """The game screen is up: draw the clock between updates (real time only; a turn-based game
        changes only with the table's updates)."""
        self._on_screen = True
        self._tick_later()

    @property
    def next_redraw(self) -> float | None:
        """Seconds until the running clock's shown second turns (when this controller redraws next of
        its own accord); None while nothing moves between updates (no clock, stopped, over, closed)."""
        if self._closed or self.clock is None or not self.clock.running or self.finished:
            return None
        return next_turn(self.clock.now())

    def stop(self) -> None:
        """This session leaves the game screen for good (the menu): the seat stays, away."""
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None
        if not self._closed:
            self._closed = True
            for t, handler in (
                ("update", self.updated),
                ("refused", self.refused),
                ("taken_over", self._taken_over),
                ("closed", self._closed_by_table),
            ):
                self.client.off(t, handler)
            if not self.client.closed and not self.taken_over:
                self._send(wire.leave())

    def save(self) -> bool:
        """Every accepted action is already saved by the table."""
        return True

    # -- what the table sends ------------------------------------------------------------------
    def updated(self, msg: dict[str, Any], notify: bool = True) -> None:
        if msg.get("seat") != self.seat:
            return
        last = self.update or {}
        try:  # the parts a change left as they were are the same objects (`changes.rebuild`): read once
            view = self._read_view(msg["view"], last.get("view"))
            legal = self._read_legal(msg["legal"], last.get("legal"))
            events = [Event.from_json(e) for e in msg["events"]]
        except (RecordError, KeyError, TypeError, ValueError) as exc:
            self.message = f"The table sent something this app cannot read ({exc})"
            self._notify([])
            return
        was_finished = self.finished
        self.update = msg
        self._view, self._legal = view, legal
        self.names = tuple(msg["names"])
        self.paused = bool(msg["paused"])
        self.finished = bool(msg["finished"])
        self.thinking = bool(msg.get("thinking", False))
        self.started = bool(msg.get("started", True))
        if self.clock is not None and msg.get("clock") is not None:
            self.clock.set(msg["clock"]["running"], msg["clock"]["now"])
            if self._on_screen:  # the clock was set again: its next second turns at another moment
                self._tick_later()
        if self.realtime and (self.paused or msg.get("countdown") is not None):
            self.message = msg["status"]  # a real-time screen has no status line: the pause's news goes here
        elif self.message == self._last_status:
            self.message = ""
        self._last_status = msg["status"]
        if not notify:
            return
        if msg.get("turn_bell"):
            self.frame.bell()
        self._notify(events)
        if self.finished and not was_finished:
            self.frame.show_results(self)
        elif was_finished and not self.finished:  # a rematch
            self.frame.call_later(self.frame.open_table_game, self)

    _last_status = ""

    def _read_legal(self, data: list[Any], last: Any) -> list[Any]:
        """The update's legal moves: each read once, a move the update left as it was (the same object in a
        list of the same length) is the last update's."""
        if data is last:
            return self._legal
        if isinstance(last, list) and len(last) == len(data) == len(self._legal):
            return [
                old if raw is last[i] else self.spec.actions.from_json(raw)
                for i, (raw, old) in enumerate(zip(data, self._legal, strict=True))
            ]
        return [self.spec.actions.from_json(a) for a in data]

    def _read_view(self, data: Any, last: Any) -> Any:
        """The update's view: the last one when the update left it as it was, else read (reusing what the
        last view read from the parts of it that did not change, where the game can)."""
        if data is last:
            return self._view
        if last is not None and self._view is not None and self.spec.view_from_changes is not None:
            return self.spec.view_from_changes(data, last, self._view)
        return self.spec.view_from_json(data)

    def refused(self, msg: dict[str, Any]) -> None:
        seat = msg.get("seat")
        if seat is None:
            self.message = msg["reason"]
            self._notify([])
            return
        self._refuse(seat, msg["reason"])

    def _taken_over(self, msg: dict[str, Any]) -> None:
        self.taken_over = True
        self.frame.table_left(self, "You sat down at this table from another login: this one goes back to the menu.")

    def _closed_by_table(self, msg: dict[str, Any]) -> None:
        self.frame.table_left(self, msg.get("reason") or "The table closed.")

    # -- inside --------------------------------------------------------------------------------
    def _send(self, msg: dict[str, Any]) -> None:
        try:
            self.client.send(msg)
        except ChannelClosed as exc:
            self.message = str(exc)
            self._notify([])

    def _refuse(self, seat: int, reason: str) -> None:
        self.message = reason
        if self.listener is not None:
            self.listener.move_refused(seat, reason)

    def _notify(self, events: list[Event]) -> None:
        if self.listener is not None:
            self.listener.game_changed(events)

    def _tick_later(self) -> None:
        """Wake when the shown second turns, and only then: between updates nothing else on screen moves."""
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None
        delay = self.next_redraw if self._on_screen else None
        if delay is not None:
            self._ticker = asyncio.get_running_loop().call_later(delay, self._tick)

    def _tick(self) -> None:
        """The clock's second turned: redraw (the table's updates bring everything else)."""
        self._ticker = None
        if self.next_redraw is not None:
            self._notify([])
        self._tick_later()


if TYPE_CHECKING:  # the type checker proves that a seat at a table holds the controller protocol
    _holds_the_protocol: type[Controller] = TableController
