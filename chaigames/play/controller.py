"""The game controller: the one object a game screen talks to (see screens/README.md).

It owns the Session and everything around it that is not drawing: who is at the keyboard
(`viewer`), bots with a visible pause, curtains between humans, autosave after every applied
action, undo, pause, the real-time clock and the end of the game. It implements the
one controller protocol (`chaigames.play.protocol.Controller`): a game screen draws `controller.view`
and calls `controller.act(seat, action)`; the controller calls the screen's
`game_changed(events)` whenever there is something new to draw, and `move_refused(seat, reason)`
when an action was not applied. Only the frame (app.py) reaches past the protocol (`session`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol

from chaigames.engine import Event, IllegalAction, LogLine, Result, Session, make_bots
from chaigames.engine.match import Match, match_of
from chaigames.engine.protocol import RealtimeDriver
from chaigames.engine.words import join_names
from chaigames.saves import GameTakenOver

from .clock import GameClock, time_shown
from .protocol import Controller, GameWords, Listener
from .thinking import THINK_SECONDS, think_within

if TYPE_CHECKING:
    from chaigames.engine import GameConfig, GameSpec
    from chaigames.saves import SaveStore


class Frame(Protocol):
    """What the controller needs from the app (ChaiGamesApp implements it; tests may fake it)."""

    store: SaveStore
    bot_delay: float
    confirm_moves: bool  # hot-seat moves that cannot be taken back ask first
    clock_source: Callable[[], float]

    def set_timer(self, delay: float, callback: Any) -> Any: ...
    def set_interval(self, interval: float, callback: Any) -> Any: ...
    def show_curtain(self, controller: GameController, seat: int) -> None: ...
    def show_countdown(self, controller: GameController) -> None: ...
    def show_results(self, controller: GameController) -> None: ...
    def game_taken_over(self, controller: GameController) -> None:
        """Another app took this save over: leave the game without writing it."""
        ...

    def drop_earlier_keys(self) -> None:
        """The keyboard has just become a human's: keys pressed before now are not theirs."""
        ...

    def turn_changed(self) -> None:
        """Whose move the keyboard makes changed (a human's, or nobody's for now)."""
        ...

    def think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run `work` off the UI thread; call `done(result or exception)` back on it."""
        ...


class GameController(GameWords):
    """Runs one game for the frame and its game screen."""

    TICK = 0.05  # seconds between real-time clock ticks
    whole_keyboard = False  # the keyboard's key sets are shared out among the humans at it

    def __init__(self, frame: Frame, session: Session, save_id: str, lock: str | None = None) -> None:
        """`lock` is the token of this app's claim on the save (`SaveStore.claim`), if any."""
        self.frame = frame
        self.session = session
        self.spec: GameSpec = session.spec
        self.game_id = self.spec.id
        self.title = self.spec.title
        self.names: tuple[str, ...] = tuple(s.name for s in session.config.seats)
        self.save_id = save_id
        self.lock = lock
        self.save_problem = ""  # why the last save failed ("" when it succeeded)
        self.saved_actions = session.action_count  # actions that stand in the file on disk
        self.taken_over = False
        self.bots = make_bots(self.spec, session.config, session.record.seed)
        self.humans: tuple[int, ...] = session.config.humans
        self.realtime = self.spec.realtime
        # Curtains only in turn-based games with two or more humans at one keyboard.
        self.hotseat = len(self.humans) >= 2 and not self.realtime
        # Ask before a move that cannot be taken back: hot seat with take-backs off (their default there,
        # for fairness). Setup's "Take-backs: On" turns the question off (a move can then be taken back).
        takebacks = session.config.takebacks_on and self.spec.takebacks
        self.confirm_moves = frame.confirm_moves and self.hotseat and not takebacks
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.paused = False
        self._paused_by: int | None = None  # the seat whose key paused the game (credited in the record)
        self.curtain_for: int | None = None
        self.finished = False
        self.thinking = False  # a bot's choose() is running in a worker thread
        self.hinting = False  # a hint is being worked out in a worker thread
        self.message = ""
        self.listener: Listener | None = None
        self._keyboard_for: int | None = None  # the human the keyboard was last handed to (turn-based)
        self._bot_timer: Any = None
        self._generation = 0
        self.clock: GameClock | None = None
        self._clock_ran = False  # the clock has run in this sitting: only then is a pause recorded
        self.driver: RealtimeDriver | None = None
        self._ticker: Any = None
        if self.realtime:
            last = [e.t for e in session.standing if e.t is not None]
            self.clock = GameClock(start_at=max(last, default=0.0), source=frame.clock_source)
            if self.spec.make_driver is not None:
                self.driver = self.spec.make_driver(session)

    # -- what a screen reads -------------------------------------------------------------------
    @property
    def config(self) -> GameConfig:
        return self.session.config

    @property
    def state(self) -> Any:
        return self.session.state

    @property
    def view(self) -> Any:
        """What may be on screen now: the viewer's view, or the public view (viewer None)."""
        return self.session.state.view(self.viewer)

    def table_view(self) -> Any:
        """The shared real-time table (Chai Wallah: every die's value, CW-12), else `view`."""
        shared = getattr(self.session.state, "table_view", None)
        return shared() if shared is not None else self.view

    def actors(self) -> tuple[int, ...]:
        return tuple(self.session.state.actors())

    @property
    def started(self) -> bool:
        return self.session.action_count > 0

    def result(self) -> Result | None:
        return self.session.result() if self.session.over else None

    def match(self) -> Match | None:
        return match_of(self.session.record.meta, len(self.session.record.config.seats))

    def name(self, seat: int) -> str:
        return self.names[seat]

    # -- hints for learners ----------------------------------------------------------------------
    @property
    def hints_on(self) -> bool:
        """Hints were chosen in setup (never in a match, whose record says so)."""
        return bool(self.session.record.meta.get("hints")) and self.match() is None

    def hints_used(self) -> int:
        return int(self.session.record.meta.get("hints_used", 0))

    def ask_hint(self) -> None:
        """What the expert would play for the human to move, worked out off the UI thread from that
        seat's own view; the words arrive in `message`. Counted in the record's meta."""
        seat = self.to_move
        if not self.hints_on:
            self.message = "Hints are off in this game (a setup choice)."
        elif seat is None or self.hinting:
            self.message = "A hint is for your own move." if seat is None else "Thinking of a hint..."
        else:
            from .hints import hint

            view, legal = self.session.state.view(seat), self.legal_actions(seat)
            meta = self.session.record.meta
            asked = self.hints_used()
            meta["hints_used"] = asked + 1
            self.save()
            self.message = "Thinking of a hint..."
            generation = (self._generation, self.session.action_count)
            self.hinting = True
            spec, seed, served = self.spec, self.session.record.seed, bool(getattr(self.frame, "served", False))
            self.frame.think(
                lambda: hint(spec, view, legal, seat, seed, asked, served=served),
                lambda words: self._hint_ready(generation, seat, words),
            )
        self._notify([])

    def _hint_ready(self, generation: tuple[int, int], seat: int, words: Any) -> None:
        """Show the hint unless the position moved on meanwhile (a move, an undo, a pause)."""
        self.hinting = False
        if isinstance(words, BaseException):
            self.message = f"No hint this time: {words}"
        elif generation == (self._generation, self.session.action_count) and self.to_move == seat:
            self.message = f"Hint: {words}"
        self._notify([])

    def is_bot(self, seat: int) -> bool:
        return self.session.config.seats[seat].bot is not None

    def bot_level(self, seat: int) -> str | None:
        return self.session.config.seats[seat].bot

    @property
    def to_move(self) -> int | None:
        """The human seat whose move the keyboard may make now, or None (bots, curtain, pause, over).

        In a simultaneous step the humans are asked one at a time, in seat order.
        """
        if self.finished or self.paused or self.curtain_for is not None or self.session.over:
            return None
        actors = self.session.state.actors()
        if self.realtime:
            return self.viewer if self.viewer in actors else None
        if any(self.is_bot(s) for s in actors):
            return None
        for seat in actors:
            if self.viewer == seat or not self.hotseat:
                return seat
        return None

    def movers(self) -> tuple[int, ...]:
        """Human seats that may act from this keyboard now (real time: every human; else to_move)."""
        if self.finished or self.paused or self.session.over:
            return ()
        if self.realtime:
            actors = set(self.session.state.actors())
            return tuple(s for s in self.humans if s in actors)
        seat = self.to_move
        return () if seat is None else (seat,)

    def legal_actions(self, seat: int) -> list[Any]:
        return list(self.session.state.legal_actions(seat))

    def log(self, seat: int | Literal["viewer"] | None = "viewer") -> list[LogLine]:
        """The log lines `seat` may see (default: the current viewer; None: public only)."""
        who = self.viewer if seat == "viewer" else seat
        return [line for line in self.session.log if line.event.visible_to(who)]

    def since_last_turn(self, seat: int) -> list[LogLine]:
        """The public log lines since `seat` last acted (every one before its first turn): what the
        curtain tells a hot-seat player before their own screen shows."""
        last = max((k for k, entry in enumerate(self.session.standing, 1) if entry.seat == seat), default=0)
        return [line for line in self.log(None) if line.action_no > last]

    def status(self) -> str:
        """One line for the top of a game screen: whose turn it is, and who is looking."""
        if self.session.over:
            return "The game is over."
        if self.realtime:
            t = self.clock.now() if self.clock else 0.0
            state = "paused" if self.paused or not (self.clock and self.clock.running) else "running"
            return f"{time_shown(t)} ({state})"
        actors = self.session.state.actors()
        names = join_names([self.name(s) for s in actors]) or "nobody"
        if self.curtain_for is not None:
            return f"Waiting for {self.name(self.curtain_for)}"
        bots = [s for s in actors if self.is_bot(s)]
        if len(bots) == 1:
            return f"{self.name(bots[0])} (bot) is thinking..."
        if bots:  # a simultaneous step: name only the bots, in one short line
            thinking = [self.name(s) for s in bots]
            return f"{join_names(thinking)} are thinking..."
        seat = self.to_move
        if seat is not None:
            return f"{self.name(seat)} to move"
        return f"Waiting for {names}"

    # -- what a screen does --------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> None:
        """Apply a human's action; then autosave, log, and go on (bots after a pause, a curtain,
        or the results). A refusal (IllegalAction) leaves everything as it was and is answered
        through `message` and the listener's `move_refused`."""
        # Real time: bots and timers due before this moment act first, so the record keeps time order;
        # the screen is drawn once, after the action (a key's frame waits for one drawing, not two).
        ticked = (self._advance() or []) if self.realtime else []
        try:
            if seat not in self.movers():
                raise IllegalAction("It is not your move now")
            t = self.clock.now() if self.realtime and self.clock else None
            events = self.session.apply(seat, action, t)
        except IllegalAction as exc:
            if ticked:
                self._notify(ticked)
            self.refuse(seat, str(exc))
            return
        self.message = ""
        self._after_change([*ticked, *events])

    def refuse(self, seat: int, reason: str) -> None:
        """Answer an action that was not applied: the message, then the listener's hook."""
        self.message = reason
        if self.listener is not None:
            self.listener.move_refused(seat, reason)

    def can_undo(self) -> bool:
        seat = self.undo_seat
        return seat is not None and not self.session.over and self.session.takeback_size(seat) > 0

    def could_take_back(self, seat: int, action: Any) -> bool:
        return self.session.could_take_back(seat, action)

    @property
    def undo_seat(self) -> int | None:
        """The human at the keyboard, who an undo would be for."""
        if self.realtime or not self.session.spec.takebacks:
            return None
        return self.viewer

    def undo(self) -> None:
        """Take back the keyboard human's last actions (and the bot moves after them). A refusal
        is said in `message`."""
        seat = self.undo_seat
        try:
            if seat is None:
                raise IllegalAction("Take-backs are off in this game")
            k = self.session.undo(seat)
        except IllegalAction as exc:
            self.message = str(exc)
            self._notify([])
            return
        self.message = f"Took back {k} move{'s' if k != 1 else ''}."
        self._after_change([])

    # -- the flow ------------------------------------------------------------------------------
    def attach(self, listener: Listener | None) -> None:
        self.listener = listener

    def start(self) -> None:
        """Called by the frame once the game screen is shown: go on from wherever the game stands.

        The keyboard is the first human's from the moment their board is up: the screen's coming to the
        top already dropped what was typed before it, and a key pressed once it shows (it may be drawn a
        moment before this call) was meant for it."""
        self._keyboard_for = None if self.realtime else self.to_move
        if self.realtime:
            self._ticker = self.frame.set_interval(self.TICK, self._tick)
            if not self.paused:  # paused before it began (a screen's own check): resume() counts down
                self.frame.show_countdown(self)
            return
        self._go_on()

    def pause(self, seat: int | None = None) -> None:
        """Stop bots and the clock. `seat` is who asked (a zone's Esc); the record credits the pause
        to them (default: the first human)."""
        self.paused = True
        self._cancel_bot()
        if seat is not None:
            self._paused_by = seat
        events: list[Event] = []
        if self.clock is not None:
            self.clock.stop()
            if self._clock_ran:  # held before the first countdown (the board first, the key check): nothing to record
                events = self._record_clock("pause", self.clock.now())
        self._notify(events)

    def resume(self, seat: int | None = None) -> None:
        if not self.paused:
            return
        if seat is not None:
            self._paused_by = seat
        self.paused = False
        if self.realtime:
            if not self._still_ours():
                return  # taken over meanwhile: back to the menu at once, no 3-2-1 first
            self._notify([])
            self.frame.show_countdown(self)
            return
        self._go_on()

    def _still_ours(self) -> bool:
        """Whether this app still holds the save. If another app took the game over meanwhile, this
        one leaves the game now, writing nothing (not even a pause or a resume of the clock)."""
        if self.frame.store.holds(self.save_id, self.lock):
            return True
        self._lost()
        return False

    def countdown_done(self) -> None:
        """The frame's 3-2-1 finished: let real time run."""
        events: list[Event] = []
        if self.clock is not None and not self.paused and not self.finished:
            self.clock.start()
            self._clock_ran = True
            events = self._record_clock("resume", self.clock.now())
        self._notify(events)

    def _record_clock(self, what: str, t: float) -> list[Event]:
        """Real time: a driver with `pause(t, seat)` / `resume(t, seat)` (Chai Wallah, CW-12) records
        the pause as the seat that asked for it, so the record holds it and the core shifts its
        deadlines and bots by it. A refusal (already paused, not paused: a new game's first
        countdown, game over) changes nothing."""
        method = getattr(self.driver, what, None)
        if method is None or self.finished or self.session.over or not self._still_ours():
            return []
        seat = self._paused_by if self._paused_by is not None else (self.humans[0] if self.humans else 0)
        try:
            events = method(t, seat)
        except IllegalAction:
            return []
        if self.session.over:
            self._finish(events)
            return []
        self.save()
        return events

    def curtain_lifted(self, seat: int) -> None:
        """The frame's curtain was dismissed by `seat`: their private view may show now."""
        self.curtain_for = None
        self.viewer = seat
        self._go_on()

    def stop(self) -> None:
        """Leave the game (save and quit): cancel timers and close the save for other apps."""
        self.frame.store.release(self.save_id, self.lock)
        self._cancel_bot()
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        if self.clock is not None:
            self.clock.stop()

    @property
    def saves_later(self) -> bool:
        """Whether a save leaves its fsync and rename to the store's committer thread: in real time, where
        a key's frame must not wait for the disk."""
        return self.realtime

    def save(self) -> bool:
        """Write the record now (once the game is over, its finished record, if that failed). A failing disk is
        said on screen; the game goes on in memory (`save_problem`, `unsaved_moves`) and a later save catches
        up. False when it failed."""
        if self.finished and self.session.over and not self.save_problem:
            return True  # the finished record is in History already
        try:
            if self.finished and self.session.over:  # the game's end failed to reach History: again
                self.frame.store.finish(self.session, self.save_id, self.lock)
            else:
                # the key's frame does not wait for the disk (the store finishes the write on its own
                # thread; what was accepted is already safe from a kill, see chaigames.saves)
                self.frame.store.save(self.session, self.save_id, self.lock, later=self.saves_later)
        except GameTakenOver:
            self._lost()
            return False
        except OSError as exc:
            self.save_problem = str(exc.strerror or exc)
            self.message = f"Could not save the game: {self.save_problem}"
            return False
        self.save_problem = ""
        self.saved_actions = self.session.action_count
        return True

    def unsaved_moves(self) -> int:
        """Moves that a quit now would lose: 0 when the last save succeeded. Once another app took the
        game over, the moves made here since the last save (they were never written)."""
        if self.taken_over:
            return max(self.session.action_count - self.saved_actions, 0)
        if not self.save_problem:
            return 0
        return max(abs(self.session.action_count - self.saved_actions), 1)

    def _lost(self) -> None:
        """Another app took this game over: stop here without writing anything more."""
        if self.taken_over:
            return
        self.taken_over = True
        self.finished = True  # nothing more happens in this app
        self.stop()
        self.frame.game_taken_over(self)

    def _after_change(self, events: list[Event]) -> None:
        if self.session.over:
            self._finish(events)
            return
        self.save()
        self._notify(events)
        if not self.realtime:
            self._go_on()

    def _go_on(self) -> None:
        """Decide what happens next in a turn-based game: results, a bot move, a curtain, or wait."""
        self._cancel_bot()
        if self.finished or self.paused or self.curtain_for is not None:
            return
        if self.session.over:
            self._finish([])
            return
        actors = self.session.state.actors()
        bots = [s for s in actors if self.is_bot(s)]
        if bots:
            if self.hotseat:
                self.viewer = None  # the next human may already be looking: bots move on the public view
            if self.thinking:
                return  # a bot is still thinking about a move that was called off; it asks again when done
            gen = self._generation
            self._bot_timer = self.frame.set_timer(
                max(self.frame.bot_delay, 0.001), lambda: self._bot_move(gen, bots[0])
            )
            self._notify([])
            return
        if self.hotseat and actors:
            seat = actors[0]
            if seat != self.viewer:
                self.viewer = None  # nothing private behind the curtain
                self.curtain_for = seat
                self._notify([])
                self.frame.show_curtain(self, seat)
                return
        self._notify([])

    @property
    def bot_due(self) -> bool:
        """A bot's move is on its way: its visible pause has begun and nothing has called it off."""
        return self._bot_timer is not None

    def hurry_bot(self) -> None:
        """The bot due to move skips the rest of its visible pause and thinks now (the pause is only for
        show: what it plays is the same)."""
        timer = self._bot_timer
        if timer is None:
            return
        timer.stop()
        actors = [s for s in self.session.state.actors() if self.is_bot(s)]
        if actors:
            self._bot_move(self._generation, actors[0])

    def _bot_move(self, generation: int, seat: int) -> None:
        """The visible pause is over: let the bot think (off the UI thread), then apply its move."""
        self._bot_timer = None
        if generation != self._generation or self.paused or self.finished or self.session.over:
            return
        if seat not in self.session.state.actors():
            self._go_on()
            return
        state = self.session.state
        view, legal = state.view(seat), list(state.legal_actions(seat))
        level = self.session.config.seats[seat].bot or "normal"
        budget = self.spec.bot_budget.get(level, 0)
        bot = self.bots[seat]
        self.thinking = True
        self.frame.think(
            lambda: think_within(bot, view, legal, budget, THINK_SECONDS),
            lambda choice: self._bot_chose(generation, seat, legal, choice),
        )

    def _bot_chose(self, generation: int, seat: int, legal: list[Any], choice: Any) -> None:
        self.thinking = False
        if generation != self._generation or self.paused or self.finished or self.session.over:
            self._go_on()  # the game moved on meanwhile (undo, pause): ask again when it is the bot's turn
            return
        if isinstance(choice, BaseException):  # a bot bug must not stop the game: play its first legal move
            self.message = f"{self.name(seat)} (bot) failed to choose: {choice}"
            choice = legal[0]
        try:
            events = self.session.apply(seat, choice)
        except IllegalAction as exc:
            self.message = f"{self.name(seat)} (bot) tried an illegal move: {exc}"
            events = self.session.apply(seat, legal[0])
        self._after_change(events)

    def _tick(self) -> None:
        """Real time: let the driver run bots and timed events up to now, then draw."""
        events = self._advance()
        if events is not None:
            self._notify(events)

    def _advance(self) -> list[Event] | None:
        """Real time: run bots and timed events up to now (saved if any acted). None when the clock
        is not running, or when the game ended (the results are on their way)."""
        if self.finished or self.paused or self.clock is None or not self.clock.running:
            return None
        now = self.clock.now()
        before = len(self.session.record.entries)
        if self.driver is not None:
            events = self.driver.advance(now)
        else:
            events = self.session.tick(now)
        if self.session.over:
            self._finish(events)
            return None
        if len(self.session.record.entries) != before:
            self.save()
        return list(events)

    def _finish(self, events: list[Event]) -> None:
        if self.finished:
            return
        self.finished = True
        self.stop()
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        match = self.match()
        if match is not None and not match.over:  # the history record holds the match with this game in it
            self.session.record.meta["match"] = match.add(self.session.result()).to_json()
        try:
            self.frame.store.finish(self.session, self.save_id, self.lock)
        except GameTakenOver:
            self.finished = False
            self._lost()
            return
        except OSError as exc:
            self.save_problem = str(exc.strerror or exc)
            self.message = f"Could not save the game: {self.save_problem}"
        self._notify(events)
        self.frame.show_results(self)

    def _cancel_bot(self) -> None:
        self._generation += 1
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None

    def _notify(self, events: Sequence[Event]) -> None:
        keyboard_for = None if self.realtime else self.to_move
        if keyboard_for != self._keyboard_for:
            if keyboard_for is not None:
                self.frame.drop_earlier_keys()  # typed while a bot thought or a curtain opened: never queued
            self.frame.turn_changed()
        self._keyboard_for = keyboard_for
        if self.listener is not None:
            visible = [e for e in events if e.visible_to(self.viewer)]
            self.listener.game_changed(visible)


if TYPE_CHECKING:  # the type checker proves that the local game holds the controller protocol
    _holds_the_protocol: type[Controller] = GameController
