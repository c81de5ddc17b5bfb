"""The app's game controller as a table runs it: one person per terminal, seats a bot may play for a while."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from chaigames.engine import Event, Session, bot_seed
from chaigames.play.controller import GameController

if TYPE_CHECKING:
    from .table import Table
    from .timer import Timer


class TableGame(GameController):
    """The app's controller, run by a table: every person's seat acts from its own terminal.

    No curtains (one person per terminal), no take-backs, every person in a simultaneous step may
    act at once, and a seat's bot-ness is the table's (a seat handed to a bot mid-game)."""

    TICK = 1.0
    """Seconds between the clock's looks at a real-time game: a safety net, since the table sets a timer at
    each next due time instead (`_arm`), not 20 looks a second."""

    def __init__(self, table: Table, session: Session, save_id: str) -> None:
        self.table = table  # before the base class asks who the humans are
        self._due: Timer | None = None  # the timer at the next timed event or bot's move
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

    @property
    def saves_later(self) -> bool:
        """Every game's: a move's news waits for its save, and the fsync and the rename (5-20 ms) are the
        committer thread's. The record's whole text is in a temporary file before anyone is told, and a
        table started again after a kill puts it in place (`Records.restore` sweeps its folder first)."""
        return True

    def _tick(self) -> None:
        """Real time: the game is turned (and every connection looked at) only when a timed event or a
        bot's move is due by now. Between them nothing a seat sees changes (each person's screen counts
        the seconds down itself); a table that turned its game 20 times a second spent a third of its CPU so."""
        clock, driver = self.clock, self.driver
        if driver is not None and clock is not None and clock.running and not self.paused and not self.finished:
            due = driver.next_due()
            if due is None or due > clock.now():
                self._arm()
                return
        super()._tick()

    def _notify(self, events: Sequence[Event]) -> None:
        super()._notify(events)
        self._arm()  # after every change: an action, a timed event, a bot's move, a pause, the 3-2-1's end

    def _arm(self) -> None:
        """A timer at the running game's next due time (a timed event, a bot's move), in place of the last."""
        if self._due is not None:
            self._due.stop()
            self._due = None
        clock, driver = self.clock, self.driver
        if driver is None or clock is None or not clock.running or self.paused or self.finished:
            return
        due = driver.next_due()
        if due is not None:
            self._due = self.frame.set_timer(max(0.0, due - clock.now()), self._tick)

    def stop(self) -> None:
        super().stop()
        if self._due is not None:
            self._due.stop()
            self._due = None

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
        self._arm()  # the bot's first move

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
        self._arm()
