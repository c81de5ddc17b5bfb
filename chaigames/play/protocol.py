"""The one controller protocol: everything a game screen, the results and the pause menu read.

A game screen never sees a `Session` or a game state, only a `Controller`. Three kinds of
controller implement it: the local game (`chaigames.play.controller.GameController`), a replay viewer
(a controller that cannot act: `movers()` is empty, `act` refuses) and a remote table (SSH),
whose every answer may come over a wire. So the protocol is narrow and asynchronous where it
has to be:

- `act(seat, action)` returns nothing. The action is applied, or refused, later or at once: the
  controller calls its listener's `game_changed(events)` when it was applied and
  `move_refused(seat, reason)` (and sets `message`) when it was not. A screen never waits for
  the answer and never assumes it came before `act` returned.
- Everything else is a read of what the controller last knew: cheap, no I/O, safe to call on
  every clock tick.

`Listener` is what a controller calls back (`screens.game_base.GameScreen` implements it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol, runtime_checkable

from chaigames.engine import Event, LogLine, Result
from chaigames.engine.match import Match

if TYPE_CHECKING:
    from chaigames.engine import GameConfig, GameSpec


@runtime_checkable
class GameClockView(Protocol):
    """A real-time game's clock as a screen sees it (game seconds; stands still while paused)."""

    @property
    def running(self) -> bool: ...
    def now(self) -> float: ...


@runtime_checkable
class Listener(Protocol):
    """What a controller calls back: the screen that draws its game."""

    def game_changed(self, events: Sequence[Event]) -> None:
        """Something changed; `events` are the new events the current viewer may see."""
        ...

    def move_refused(self, seat: int, reason: str) -> None:
        """An action `seat` sent with `act` was not applied; `reason` is for the player."""
        ...


@runtime_checkable
class Controller(Protocol):
    """The narrow interface between a game screen (or results, pause, log) and one game."""

    # Members a screen only reads are read-only properties here, so a controller may hold each as a
    # plain attribute or compute it. `message` alone is written by screens.

    # -- the game and its seats ------------------------------------------------------------------
    @property
    def game_id(self) -> str:
        """The game's id, e.g. "chai-wallah" (rules, which screen draws it)."""
        ...

    @property
    def title(self) -> str:
        """The game's title for headings."""
        ...

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name, in seat order (len(names): the seat count)."""
        ...

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played from this keyboard."""
        ...

    @property
    def hotseat(self) -> bool:
        """Turn-based with two or more humans: curtains between them."""
        ...

    @property
    def realtime(self) -> bool:
        """One shared screen, a clock, no turns."""
        ...

    @property
    def confirm_moves(self) -> bool:
        """Ask before a move that cannot be taken back (hot seat, setup option)."""
        ...

    @property
    def whole_keyboard(self) -> bool:
        """One person per terminal (a table): every key set works for their one seat."""
        ...

    def name(self, seat: int) -> str: ...
    def is_bot(self, seat: int) -> bool: ...
    def bot_level(self, seat: int) -> str | None:
        """ "easy", "normal" or "hard" for a bot seat; None for a human."""
        ...

    # -- what may be on screen -------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat whose private view may be on screen now, or None (public only)."""
        ...

    @property
    def view(self) -> Any:
        """The view of `viewer` (the public view when None). Draw only this."""
        ...

    def table_view(self) -> Any:
        """What a shared real-time screen shows to several humans at one keyboard: the public view
        plus what the table itself shows (Chai Wallah: every die's value, CW-12). A game without
        such a view answers `view`."""
        ...

    def actors(self) -> tuple[int, ...]:
        """Public: the seats whose step it is now (humans or bots), in seat order."""
        ...

    @property
    def to_move(self) -> int | None:
        """The human seat the keyboard may act for now, or None (bot, curtain, pause, game over)."""
        ...

    def movers(self) -> tuple[int, ...]:
        """The human seats that may act now (turn-based: `(to_move,)`; real time: every human)."""
        ...

    def legal_actions(self, seat: int) -> list[Any]: ...
    def describe_action(self, action: Any) -> str: ...
    def describe_view(self, view: Any) -> str | None:
        """The game's own words for a view (the generic screen), or None if it has none."""
        ...

    def log(self, seat: int | Literal["viewer"] | None = "viewer") -> list[LogLine]:
        """The log lines `seat` may see (default the viewer; None: public only)."""
        ...

    def status(self) -> str:
        """One line: whose turn, a bot thinking, waiting for someone, or the real-time clock."""
        ...

    message: str  # the last notice (a refusal, "Took back 2 moves"); a screen may set it

    @property
    def paused(self) -> bool: ...

    @property
    def finished(self) -> bool:
        """The game is over and its result known."""
        ...

    @property
    def thinking(self) -> bool:
        """A bot is choosing a move right now."""
        ...

    @property
    def started(self) -> bool:
        """At least one action (or clock event) has been recorded."""
        ...

    @property
    def clock(self) -> GameClockView | None:
        """The game's clock (real time only)."""
        ...

    @property
    def save_problem(self) -> str:
        """Why the last save failed ("" while saves work; a table or replay never fails)."""
        ...

    def unsaved_moves(self) -> int:
        """How many moves a quit now would lose (those since the last save that worked)."""
        ...

    @property
    def hints_on(self) -> bool:
        """Hints were chosen in setup (at a table, by its opener): the hint key asks the expert."""
        ...

    def hints_used(self) -> int:
        """How many hints this game has given."""
        ...

    def ask_hint(self) -> None:
        """What the expert would play for the human to move; the words arrive in `message`."""
        ...

    def save(self) -> bool:
        """Write the game down now (save and quit); False when that failed (`save_problem` says why).
        A table saves its own game and a replay writes nothing: both answer True."""
        ...

    def result(self) -> Result | None:
        """The final scores with their breakdown once `finished`; None before."""
        ...

    def match(self) -> Match | None:
        """The match this game is one game of, as its record holds it (once `finished`, with this
        game counted), or None for a single game. A value (`Match.to_json`), so it can come over a wire."""
        ...

    # -- what a screen does ----------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> None:
        """Send `seat`'s action. The answer comes through the listener (`game_changed` or
        `move_refused`), possibly after this returns."""
        ...

    def can_undo(self) -> bool: ...
    def could_take_back(self, seat: int, action: Any) -> bool:
        """Whether `seat` could take `action` back once made (nothing revealed, the turn goes on): a move
        that could needs no question even where moves are confirmed."""
        ...

    def undo(self) -> None:
        """Take back the keyboard human's last move(s); a refusal arrives as `message`."""
        ...

    def pause(self, seat: int | None = None) -> None:
        """Stop bots and the clock; `seat`, if given, is who asked (credited in the record)."""
        ...

    def resume(self, seat: int | None = None) -> None: ...
    def attach(self, listener: Listener | None) -> None:
        """Who to call back (None detaches)."""
        ...


@runtime_checkable
class SetUp(Protocol):
    """A game whose setup the frame can play again with a fresh seed (a rematch, the next game of a
    match): the local game and a replay. A table's controller is not one: the table plays again itself."""

    @property
    def spec(self) -> GameSpec: ...

    @property
    def config(self) -> GameConfig: ...


def protocol_members(cls: type = Controller) -> frozenset[str]:
    """The names a protocol declares: its annotations and its methods and properties."""
    names = set(getattr(cls, "__annotations__", {}))
    names |= {k for k in vars(cls) if not k.startswith("_") and k not in ("protocol_members",)}
    return frozenset(names)


class GameWords:
    """The game's own words for actions and views, for any controller that has the game's `spec`
    (the local game and a table's controller answer these the same way)."""

    spec: Any

    def describe_action(self, action: Any) -> str:
        if self.spec.describe_action is not None:
            return self.spec.describe_action(action)
        return repr(action)

    def describe_view(self, view: Any) -> str | None:
        words = self.spec.describe_view
        return words(view) if words is not None else None


class NoHints:
    """For a controller that offers no hints (a replay)."""

    hints_on = False

    def hints_used(self) -> int:
        return 0

    def ask_hint(self) -> None:
        """No hints here."""
