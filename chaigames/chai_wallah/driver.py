"""Runs the bots and the clock of a Chai Wallah session (the engine's RealtimeDriver).

The app calls `advance(now)` with a real clock, `play_headless` with a simulated one and tests
with a fake one. Each bot decides U(level range) x its speed factor after its view last changed
(CW-11); its actions go through `session.apply(seat, action, t)` with their exact decision times,
so the record replays the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from chaigames.engine import Event, IllegalAction, Session, bot_seed

from .actions import Pause, Resume
from .bots import STUCK_AFTER, ChaiWallahBot, decide, dice_signature, signature
from .state import ChaiWallahState

HEADLESS_LIMIT = 3600.0
"""A simulated game stops after an hour of game time (never reached in practice)."""


@dataclass
class _BotSeat:
    bot: ChaiWallahBot
    due: float | None = None  # when it next decides
    seen: tuple[Any, ...] | None = None  # signature of the view it reacts to
    dice: tuple[int, ...] | None = None
    dice_since: float = 0.0  # when its die values last changed (stall off: "everything" after 5 s)


class BotDriver:
    """Drives the bot seats of `session` (human seats are left alone)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.now: float = self.state.now
        seed = session.record.seed
        self.bots: dict[int, _BotSeat] = {
            s: _BotSeat(ChaiWallahBot(cfg.bot, bot_seed(seed, s), s))
            for s, cfg in enumerate(session.config.seats)
            if cfg.bot is not None
        }
        self._observe(self.now)

    @property
    def state(self) -> ChaiWallahState:
        return cast(ChaiWallahState, self.session.state)  # the driver runs Chai Wallah sessions only

    # -- the RealtimeDriver protocol -----------------------------------------------------------
    def next_due(self) -> float | None:
        """The next bot decision or timed event (None while paused or over)."""
        state = self.state
        if state.is_over() or state.paused_at is not None:
            return None
        times = [b.due for b in self.bots.values() if b.due is not None]
        timer = state.next_due()
        if timer is not None:
            times.append(timer)
        return min(times) if times else None

    def advance(self, now: float) -> list[Event]:
        """Apply every timed event and bot decision due up to `now`, each at its own time.

        Call it with the current time before applying a human's action at that time, so the bots
        see the change at the moment it happened."""
        events: list[Event] = []
        self._observe(self.now)
        while True:
            due = self.next_due()
            if due is None or due > now:
                break
            timer = self.state.next_due()
            if timer is not None and timer <= due:  # time's own events first at a tie
                events.extend(self.session.tick(timer))
                self.now = max(self.now, timer)
            else:
                seat = min(s for s, b in self.bots.items() if b.due == due)
                events.extend(self._decide(seat, due))
                self.now = max(self.now, due)
            self._observe(self.now)
        if now > self.now:
            events.extend(self.session.tick(now))
            self.now = now
        return events

    # -- for the app ---------------------------------------------------------------------------
    def act(self, seat: int, action: Any, t: float) -> list[Event]:
        """A human's action at `t`: the bots catch up to `t`, the action is recorded, bots see it."""
        events = self.advance(t)
        events.extend(self.session.apply(seat, action, t))
        self._observe(t)
        return events

    def pause(self, t: float, seat: int = 0) -> list[Event]:
        """Esc (CW-12): stop the game clock at `t` (recorded as `seat`'s Pause)."""
        return self.act(seat, Pause(), t)

    def resume(self, t: float, seat: int = 0) -> list[Event]:
        """Restart the clock at `t`: every game deadline and every bot's decision shifts by the pause."""
        paused_at = self.state.paused_at
        events = self.session.apply(seat, Resume(), t)
        if paused_at is not None:
            for b in self.bots.values():
                if b.due is not None:
                    b.due += t - paused_at
                b.dice_since += t - paused_at
        self.now = max(self.now, t)
        self._observe(t)
        return events

    def add_bot(self, seat: int, level: str) -> None:
        """A person's seat handed to a bot mid-game (a table whose person stayed away): it reacts
        from now on, seeded like a bot that sat there from the start."""
        self.bots[seat] = _BotSeat(ChaiWallahBot(level, bot_seed(self.session.record.seed, seat), seat))
        self._observe(self.now)

    def remove_bot(self, seat: int) -> None:
        """A seat a bot played goes back to its person: no more decisions are made for it."""
        self.bots.pop(seat, None)

    # -- inside --------------------------------------------------------------------------------
    def _decide(self, seat: int, t: float) -> list[Event]:
        t = max(t, self.state.now)  # a decision never lands before the game clock
        b = self.bots[seat]
        b.due = None
        view = self.state.view(seat)
        action = decide(view, stuck=self._stuck(b, t))
        if action is None:
            self._schedule_stuck(b, t)
            return []
        try:
            return self.session.apply(seat, action, t)
        except IllegalAction:
            return []

    def _stuck(self, b: _BotSeat, t: float) -> bool:
        return self.state.stall is None and t >= b.dice_since + STUCK_AFTER

    def _schedule_stuck(self, b: _BotSeat, t: float) -> None:
        """With the stall off, look again when the dice have sat unchanged for 5 s."""
        if self.state.stall is None and t < b.dice_since + STUCK_AFTER:  # same sum as _stuck: no float gap
            b.due = b.dice_since + STUCK_AFTER

    def _observe(self, t: float) -> None:
        """Bots whose view changed react U(range) x factor after this moment (never before the game
        clock: a human action applied straight through the session still counts from its time)."""
        t = max(t, self.state.now)
        for seat, b in self.bots.items():
            view = self.state.view(seat)
            dice = dice_signature(view)
            if dice != b.dice:
                b.dice = dice
                b.dice_since = t
            sig = signature(view)
            if sig != b.seen:
                b.seen = sig
                b.due = t + b.bot.reaction()


def make_driver(session: Session) -> BotDriver:
    return BotDriver(session)


def play_headless(config: Any, seed: int, max_actions: int) -> Session:
    """A whole bot game on a simulated clock: jump from one due moment to the next."""
    from . import SPEC

    session = Session(SPEC, config, seed)
    driver = BotDriver(session)
    steps = 0
    while not session.over and session.action_count < max_actions and steps < 50 * max_actions:
        due = driver.next_due()
        if due is None or due > HEADLESS_LIMIT:
            break
        driver.advance(due)
        steps += 1
    return session
