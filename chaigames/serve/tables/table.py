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
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from chaigames.engine import (
    ChaigamesError,
    Event,
    GameConfig,
    GameSpec,
    IllegalAction,
    RecordError,
    SeatConfig,
    Session,
    bot_seed,
    parse_record,
)
from chaigames.engine.words import join_names
from chaigames.names import bot_name, clean_name
from chaigames.play import wire
from chaigames.play.controller import GameController
from chaigames.saves import SaveStore, write_atomic
from chaigames.serve.players import identity_folder

log = logging.getLogger("chaigames.serve.tables")

TABLE_FILE = "table.json"
LOG_LINES = 100  # the newest log lines an update carries (the whole snapshot stays small)
COUNTDOWN = 3  # seconds of the 3-2-1 before real time runs (again)
GUESSES = 12  # wrong seat codes a table answers at once; after them, one guess per GUESS_DELAY seconds
GUESS_DELAY = 5.0

Send = Callable[[dict[str, Any]], None]


def new_code(length: int = 4) -> str:
    """A code from the unambiguous letters (table codes, seat codes)."""
    return "".join(secrets.choice(wire.CODE_LETTERS) for _ in range(length))


def new_seed() -> int:
    return int.from_bytes(secrets.token_bytes(4), "little")


@dataclass
class Seat:
    """One seat at the table and who holds it."""

    kind: str  # "person" | "bot"
    level: str | None  # a bot's level
    name: str  # the sitter's (or the bot's) name; "" while a person's seat is empty
    identity: str | None = None  # "key:<fingerprint>" or "open:<name>" of its person
    keyed: bool = False
    seat_code: str | None = None  # under --open: what reclaims the seat
    conn: int | None = None  # the connection bound to it now (not saved)
    away_since: float | None = None  # when its person dropped (not saved)

    @property
    def person(self) -> bool:
        return self.kind == "person"

    @property
    def empty(self) -> bool:
        return self.person and self.identity is None

    @property
    def away(self) -> bool:
        """A person holds it but no connection does."""
        return self.person and self.identity is not None and self.conn is None

    @property
    def stand_in(self) -> bool:
        """A bot plays it for its person, who takes it back by coming back (key or seat code)."""
        return not self.person and self.identity is not None

    def saved(self) -> dict[str, Any]:
        data = asdict(self)
        del data["conn"], data["away_since"]
        return data


@dataclass
class Conn:
    """A session the host connected to this table."""

    who: dict[str, Any]
    seat: int | None = None
    spectator: bool = False

    @property
    def joined(self) -> bool:
        return self.spectator or self.seat is not None


@dataclass
class Guesses:
    """Wrong seat codes tried at this table, and when the next guess is checked once there were too many."""

    wrong: int = 0
    next_at: float = 0.0


class Timer:
    """A one-shot or repeating call on the loop, with the `stop()` the controller expects."""

    def __init__(self, loop: asyncio.AbstractEventLoop, delay: float, callback: Callable[[], Any], repeat: bool):
        self._loop, self._delay, self._callback, self._repeat = loop, delay, callback, repeat
        self._handle: asyncio.TimerHandle | None = loop.call_later(delay, self._fire)

    def _fire(self) -> None:
        self._handle = self._loop.call_later(self._delay, self._fire) if self._repeat else None
        try:
            self._callback()
        except Exception:
            log.exception("table timer failed")

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None


class TableGame(GameController):
    """The app's controller, run by a table: every person's seat acts from its own terminal.

    No curtains (one person per terminal), no take-backs, every person in a simultaneous step may
    act at once, and a seat's bot-ness is the table's (a seat handed to a bot mid-game)."""

    def __init__(self, table: Table, session: Session, save_id: str) -> None:
        self.table = table  # before the base class asks who the humans are
        super().__init__(table, session, save_id)
        self.hotseat = False
        self.confirm_moves = False
        self.viewer = None

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, s in enumerate(self.table.seats) if s.person)

    @humans.setter
    def humans(self, value: tuple[int, ...]) -> None:  # the base class sets it from the config
        pass

    def is_bot(self, seat: int) -> bool:
        return not self.table.seats[seat].person

    def bot_level(self, seat: int) -> str | None:
        return self.table.seats[seat].level if self.is_bot(seat) else None

    def movers(self) -> tuple[int, ...]:
        if self.finished or self.paused or self.session.over:
            return ()
        return tuple(s for s in self.session.state.actors() if not self.is_bot(s))

    def can_undo(self) -> bool:
        return False

    @property
    def undo_seat(self) -> int | None:
        return None

    def hand_to_bot(self, seat: int, level: str) -> None:
        """A person's seat becomes a bot's from now on (the record's setup says so too)."""
        config = self.session.record.config
        seats = list(config.seats)
        seats[seat] = replace(seats[seat], bot=level)
        self.session.record.config = replace(config, seats=tuple(seats))
        self.bots[seat] = self.spec.make_bot(level, bot_seed(self.session.record.seed, seat), seat)
        add_bot = getattr(self.driver, "add_bot", None)
        if add_bot is not None:
            add_bot(seat, level)
        self.save()
        if not self.realtime:
            self._go_on()

    def take_back(self, seat: int) -> None:
        """The person whose seat a bot played is back: the seat is theirs again from now on (a move the bot
        was still choosing is called off)."""
        config = self.session.record.config
        seats = list(config.seats)
        seats[seat] = replace(seats[seat], bot=None)
        self.session.record.config = replace(config, seats=tuple(seats))
        self.bots.pop(seat, None)
        remove_bot = getattr(self.driver, "remove_bot", None)
        if remove_bot is not None:
            remove_bot(seat)
        self.save()
        if not self.realtime:
            self._go_on()


class Table:
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
        self._contents: dict[int, Any] = {}  # conn -> what the last update it got said (see `_content`)
        self._log_json: list[dict[str, Any]] = []  # the game's log lines as JSON, so far
        self._in_histories = False  # the finished record has been copied into the people's History
        self._guesses = Guesses()

    # -- the frame the controller runs in ---------------------------------------------------------
    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return asyncio.get_running_loop()

    def set_timer(self, delay: float, callback: Any) -> Timer:
        return Timer(self.loop, delay, callback, repeat=False)

    def set_interval(self, interval: float, callback: Any) -> Timer:
        return Timer(self.loop, interval, callback, repeat=True)

    def think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """A bot's choose() in a worker thread: the table keeps answering while it thinks."""
        future = self.loop.run_in_executor(None, work)

        def finished(f: asyncio.Future[Any]) -> None:
            done(f.exception() if f.exception() is not None else f.result())

        future.add_done_callback(finished)

    def show_curtain(self, controller: Any, seat: int) -> None:  # pragma: no cover - never at a table
        controller.curtain_lifted(seat)

    def show_countdown(self, controller: Any) -> None:
        """Real time (re)starts after a 3-2-1 everyone sees in their status line."""
        self._stop_countdown()
        self.countdown = COUNTDOWN
        self._changed([])
        self._countdown_timer = self.set_interval(self.countdown_step, self._count)

    def _count(self) -> None:
        game = self.game
        if game is None or game.paused or self.countdown is None:
            self._stop_countdown()
            self._changed([])
            return
        self.countdown -= 1
        if self.countdown > 0:
            self._changed([])
            return
        self._stop_countdown()
        game.countdown_done()

    def _stop_countdown(self) -> None:
        self.countdown = None
        if self._countdown_timer is not None:
            self._countdown_timer.stop()
            self._countdown_timer = None

    def show_results(self, controller: Any) -> None:
        """The game is over: everyone gets the result (each seated person's History got the record
        before anyone was told, in `_changed`)."""
        self.save_table()
        self._changed([], force=True)
        self._summary()

    def game_taken_over(self, controller: Any) -> None:  # pragma: no cover - a table holds no lock
        pass

    def drop_earlier_keys(self) -> None:
        pass

    def turn_changed(self) -> None:
        pass  # each person's own screen says whose turn it is

    # -- the listener -------------------------------------------------------------------------------
    def game_changed(self, events: Sequence[Event]) -> None:
        self._changed(events)

    def move_refused(self, seat: int, reason: str) -> None:
        if self._acting is not None:
            self._to(self._acting, wire.refused(reason, seat=seat))

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

    def _refuse(self, conn: int, reason: str, seat: int | None = None) -> None:
        log.info("table %s: refused connection %s: %s", self.code, conn, reason)
        self._to(conn, wire.refused(reason, seat=seat))

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
            self._contents.pop(conn, None)
            if came_back:
                self._back(seat)
            self._changed([], force=True)

    def _unbind(self, conn: int) -> int | None:
        info = self.conns.get(conn)
        if info is None:
            return None
        seat, info.seat, info.spectator = info.seat, None, False
        self._sent.pop(conn, None)
        self._contents.pop(conn, None)
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
            session = Session(self.spec, config, new_seed(), meta={"table": self.code})
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
        self.game = TableGame(self, session, self.save_id)
        self.game.attach(self)
        if over:
            self.game.finished = True
            self._changed([], force=True)
            return
        self.paused_by = None
        self.away_pause = False
        self._sent.clear()
        self._contents.clear()
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

    # -- pauses and people away --------------------------------------------------------------------
    def pause(self, conn: int) -> None:
        seat = self.conns[conn].seat
        game = self.game
        if seat is None or game is None or game.finished:
            self._refuse(conn, "Only a seated person pauses a running game")
            return
        if game.paused:
            self._refuse(conn, "The game is already paused")
            return
        who = self.seats[seat].identity or ""
        if self.pause_limit and self.pauses.get(who, 0) >= self.pause_limit:
            self._refuse(conn, f"You have used your {self.pause_limit} pauses in this game")
            return
        if not self.pause_limit:
            self._refuse(conn, "Pauses are off at this table")
            return
        self.pauses[who] = self.pauses.get(who, 0) + 1
        self.paused_by = self.seats[seat].name
        self._stop_countdown()
        game.pause(seat)
        self._changed([], force=True)

    def resume(self, conn: int) -> None:
        seat = self.conns[conn].seat
        game = self.game
        if seat is None or game is None or not game.paused:
            self._refuse(conn, "The game is not paused")
            return
        if self.away_pause and any(s.away for s in self.seats):
            away = join_names([s.name for s in self.seats if s.away])
            self._refuse(conn, f"Waiting for {away} to come back (or the owner hands the seat to a bot)")
            return
        self._resume_game(seat)

    def _resume_game(self, seat: int | None) -> None:
        game = self.game
        if game is None:
            return
        self.paused_by = None
        self.away_pause = False
        game.resume(seat)
        self._changed([], force=True)

    def _away(self, seat: int) -> None:
        """A person left their seat during a game. Turn-based: the game waits (the owner may hand it to
        a bot). Real time: the game pauses; after `away_limit` seconds the seat goes to a normal bot."""
        s = self.seats[seat]
        s.away_since = self.clock_source()
        game = self.game
        if game is None or game.finished or not game.realtime:
            return
        self.away_pause = True  # no resume until they are back (or their seat is a bot's)
        if not game.paused:  # running, or in the 3-2-1 of a resume
            self.paused_by = s.name
            self._stop_countdown()
            game.pause(seat)
        self._start_away_timer(seat)

    def _start_away_timer(self, seat: int) -> None:
        old = self._away_timers.pop(seat, None)
        if old is not None:
            old.stop()
        self._away_timers[seat] = self.set_timer(self.away_limit, lambda: self._away_too_long(seat))

    def _away_too_long(self, seat: int) -> None:
        self._away_timers.pop(seat, None)
        s = self.seats[seat]
        if s.away and self.game is not None and not self.game.finished:
            levels = self.game.spec.bot_levels
            level = "normal" if "normal" in levels else levels[0]
            log.info("table %s: seat %s away too long, a %s bot plays it", self.code, seat, level)
            self._hand_to_bot(seat, level)

    def _back(self, seat: int) -> None:
        """A person came back to their seat: real time resumes (3-2-1) once nobody is away."""
        game = self.game
        if game is None or not game.realtime or game.finished:
            return
        if self.away_pause and not any(s.away for s in self.seats):
            self._resume_game(seat)

    def rematch(self, conn: int) -> None:
        if self.game is None or not self.game.finished:
            self._refuse(conn, "A rematch starts once the game is over")
            return
        if self.conns[conn].seat is None:
            self._refuse(conn, "Only a seated person asks for a rematch")
            return
        self._new_game()

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

    # -- what each connection gets ------------------------------------------------------------------
    def update_for(self, seat: int | None, events: Sequence[Event], bell: bool = False) -> dict[str, Any]:
        """Everything `seat` (None: a spectator, the public view) may know now, as one message."""
        game, spec = self.game, self.spec
        assert game is not None and spec is not None
        session = game.session
        state = session.state
        over = session.over
        movers = game.movers()
        legal = state.legal_actions(seat) if seat is not None and seat in movers else []
        if game.realtime:  # the clock's pause and resume are the table's, never a move (see `act`)
            legal = [a for a in legal if spec.actions.name_of(a) not in ("pause", "resume")]
        seen = session.seen_numbers(seat)
        lines = self._log_lines(seat, seen)
        me = self.seats[seat].identity if seat is not None else None
        result = session.result() if over else None
        return {
            "t": "update",
            "seat": seat,
            "view": spec.view_to_json(state.view(seat)),
            "legal": [spec.actions.to_json(a) for a in legal],
            "actors": [] if over else list(state.actors()),
            "log": lines,
            "status": self.status(seat),
            "names": list(game.names),
            "bots": [s.level if not s.person else None for s in self.seats],
            "away": [i for i, s in enumerate(self.seats) if s.away],
            "paused": game.paused or self.countdown is not None,
            "paused_by": self.paused_by if game.paused else None,
            "pauses_left": max(0, self.pause_limit - self.pauses.get(me, 0)) if me else 0,
            "finished": game.finished,
            "result": None if result is None else result.to_json(),
            "events": [e.to_json() for e in events if e.visible_to(seat)],
            "clock": None if game.clock is None else {"running": game.clock.running, "now": game.clock.now()},
            "turn_bell": bell,
            "your_turn": seat is not None and seat in movers,  # the host's idle timeout counts only then
            "started": game.started,
            "moves": seen[-1],  # the actions this seat saw happen (another seat's hidden steps are not counted)
            "thinking": game.thinking,
            "countdown": self.countdown,
        }

    def _log_lines(self, seat: int | None, seen: list[int]) -> list[dict[str, Any]]:
        """The newest `LOG_LINES` lines `seat` may see, as JSON, numbered by the actions `seat` saw (`seen`,
        see `Session.seen_numbers`): another seat's hidden steps leave no gap. A table's log only grows (no
        take-backs), so each line is turned into JSON once, not once per update per person."""
        assert self.game is not None  # a log is asked for only while a game is on
        log_ = self.game.session.log
        if len(self._log_json) > len(log_):  # a new game
            self._log_json = []
        self._log_json.extend(line.to_json() for line in log_[len(self._log_json) :])
        out: list[dict[str, Any]] = []
        for i in range(len(log_) - 1, -1, -1):
            if len(out) == LOG_LINES:
                break
            if log_[i].event.visible_to(seat):
                line = self._log_json[i]
                number = seen[min(line["action_no"], len(seen) - 1)]
                out.append(line if number == line["action_no"] else {**line, "action_no": number})
        out.reverse()
        return out

    def status(self, seat: int | None) -> str:
        game = self.game
        assert game is not None
        if game.session.over:
            return "The game is over."
        if self.countdown is not None:
            return f"Starting in {self.countdown}..."
        if game.paused:
            away = [s.name for s in self.seats if s.away]
            if self.away_pause and away:
                return f"Paused: waiting for {join_names(away)} to come back"
            return f"Paused by {self.paused_by}" if self.paused_by else "Paused"
        if game.realtime:
            t = game.clock.now() if game.clock else 0.0
            return f"Time {t:5.1f} s"
        actors = list(game.session.state.actors())
        away = [self.seats[s].name for s in actors if self.seats[s].away]
        if seat is not None and seat in actors:
            return "Your move"
        if away:
            return f"Waiting for {join_names(away)} (away)"
        bots = [s for s in actors if game.is_bot(s)]
        if len(bots) == 1 and len(actors) == 1:
            return f"{game.name(bots[0])} (bot) is thinking..."
        return f"Waiting for {join_names([game.name(s) for s in actors]) or 'nobody'}"

    def _changed(self, events: Sequence[Event], *, force: bool = False, only: int | None = None) -> None:
        """Send each joined connection its update when something it may see changed."""
        game = self.game
        if game is None or self.spec is None:
            return
        if game.finished and not self._in_histories:  # the record is in everyone's History before the news
            self._in_histories = True
            self._copy_to_histories()
        session = game.session
        key = (
            len(session.record.entries),
            len(session.log),
            game.paused,
            game.finished,
            self.countdown,
            tuple(i for i, s in enumerate(self.seats) if s.away),
            tuple(s.kind for s in self.seats),
            game.thinking,
        )
        actors = set() if session.over else set(session.state.actors())
        bells: dict[int, bool] = {}
        for i, s in enumerate(self.seats):
            now_acting = i in actors and s.person and not game.realtime
            bells[i] = now_acting and not self._actors.get(i, True) and not game.paused
            self._actors[i] = now_acting
        for conn, info in list(self.conns.items()):
            if not info.joined or (only is not None and conn != only):
                continue
            seat = info.seat
            visible = [e for e in events if e.visible_to(seat)]
            bell = bells.get(seat, False) if seat is not None else False
            if not force and not visible and not bell and self._sent.get(conn) == key:
                continue
            self._sent[conn] = key
            update = self.update_for(seat, visible, bell)
            content = _content(update)
            if not force and not visible and not bell and self._contents.get(conn) == content:
                continue  # nothing this seat may see changed (another seat's hidden step): it hears nothing
            self._contents[conn] = content
            self._to(conn, update)

    def _to(self, conn: int, msg: dict[str, Any]) -> None:
        try:
            self._send(wire.wrap_to(conn, msg))
        except wire.Malformed as exc:  # a snapshot too big for one line: say so rather than stop
            log.error("table %s: could not send %s to %s: %s", self.code, msg.get("t"), conn, exc)

    # -- records ------------------------------------------------------------------------------------
    def save_table(self) -> None:
        """The seat table, written atomically whenever it changes (the game's record is the
        controller's, saved after every accepted action)."""
        if self.spec is None:
            return
        data = {
            "format": "chaigames-table",
            "code": self.code,
            "game": self.spec.id,
            "options": self.options,
            "pause_limit": self.pause_limit,
            "away_limit": self.away_limit,
            "owner": self.owner,
            "seats": [s.saved() for s in self.seats],
            "save_id": self.save_id,
            "games": self.games,
            "pauses": self.pauses,
            "holders": self.holders,
        }
        try:
            write_atomic(self.folder / TABLE_FILE, json.dumps(data, indent=1))
        except OSError as exc:
            log.error("table %s: could not save the seat table: %s", self.code, exc)

    def restore(self) -> bool:
        """Pick the table up from its folder (after a restart): True if there was one to pick up.
        Everyone is away until they come back; a real-time game waits for them, paused."""
        path = self.folder / TABLE_FILE
        if not path.exists():
            return False
        data = json.loads(path.read_text(encoding="utf-8"))
        self.spec = self.lookup(data["game"])
        self.options = dict(data["options"])
        self.pause_limit = int(data["pause_limit"])
        self.away_limit = float(data["away_limit"])
        self.owner = data["owner"]
        self.seats = [Seat(**s) for s in data["seats"]]
        self.save_id = data["save_id"]
        self.games = int(data["games"])
        self.pauses = dict(data["pauses"])
        self.holders = dict(data["holders"])
        now = self.clock_source()
        for s in self.seats:
            if s.person and s.identity is not None:
                s.away_since = now
        if self.save_id is not None:
            session = self._load_session(self.save_id)
            if session is not None:
                self._run(session, over=session.over and not self.store.path_of(self.save_id).exists())
        return True

    def _load_session(self, save_id: str) -> Session | None:
        for path in (self.store.path_of(save_id), self.store.history / f"{save_id}.json"):
            if path.exists():
                assert self.spec is not None
                record = parse_record(path.read_text(encoding="utf-8"), self.lookup)
                return Session.from_record(self.spec, record)
        return None

    def _copy_to_histories(self) -> None:
        """The finished record goes into the History of everyone who held a seat in this game, its meta
        naming the seat they held (`seat`): their replay offers the public view and that seat's only."""
        if self.save_id is None or self.game is None:
            return
        source = self.store.history / f"{self.save_id}.json"
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.error("table %s: no finished record to copy: %s", self.code, exc)
            return
        names = list(self.game.names)
        for identity, name in self.holders.items():
            folder = identity_folder(self.data_dir, identity)  # a key's folder is named by its key_id
            data["meta"] = {**data.get("meta", {}), "seat": names.index(name) if name in names else None}
            text = json.dumps(data, separators=(",", ":"))
            try:
                write_atomic(SaveStore(folder).history / f"table-{self.save_id}.json", text)
            except OSError as exc:
                log.error("table %s: could not copy the record to %s: %s", self.code, folder, exc)

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


def _content(update: dict[str, Any]) -> str:
    """What an update tells its seat, but for the clock's reading (which runs on between updates)
    and this update's own news: two updates with the same content need not both be sent."""
    return json.dumps({k: v for k, v in update.items() if k not in ("clock", "events", "turn_bell")}, sort_keys=True)


SESSION_TYPES = frozenset({"open", "join", "leave", "act", "start", "to_bot", "pause", "resume", "rematch"})
