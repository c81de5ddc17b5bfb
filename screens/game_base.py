"""The base class of every game screen (see screens/README.md for the contract).

A game screen draws one game and turns keys into actions. Everything else (bots, curtains,
autosave, undo, pause, the clock, results) is the frame's and the controller's. See
screens/README.md for the contract.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding
from textual.css.query import NoMatches

from chaigames.engine import Event
from chaigames.play.protocol import Controller

from .base import AppScreen
from .confirm import ConfirmScreen


class GameScreen(AppScreen[None]):
    """Subclass this for a game's own screen.

    Implement `refresh_game()` (draw everything from `self.controller`); it runs once the screen
    is mounted and every time the controller says something changed. Override `game_changed`
    too if you want to animate the events themselves.
    """

    LOOK_ACTIONS: frozenset[str] = frozenset()
    """Actions that only change what the screen shows, never the game (a page of rivals): a replay keeps them."""

    BINDINGS = [
        Binding("escape", "pause", "Pause", id="pause"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
        Binding("exclamation_mark", "hint", "Hint", id="hint"),
    ]

    def __init__(self, controller: Controller) -> None:
        super().__init__()
        self.controller = controller
        self._keys_offered: tuple[tuple[str, str, str, bool], ...] | None = None  # see `refresh_keys`

    # -- hooks for subclasses ----------------------------------------------------------------------
    def refresh_game(self) -> None:
        """Draw the game from `self.controller` (its view, status, legal actions and log)."""

    def game_changed(self, events: Sequence[Event]) -> None:
        """Called by the controller: something changed. `events` are the new events the current
        viewer may see (empty for a plain re-render: curtain lifted, pause, undo, bot thinking)."""
        if not self.is_mounted or not self.is_attached:
            return
        try:
            self.refresh_game()
        except NoMatches:  # torn down between the controller's call and now (quitting)
            return
        self.refresh_keys()

    def refresh_keys(self) -> None:
        """Refresh the footer's keys when the keys on offer changed: Textual's Footer builds every key
        anew on each `refresh_bindings`, which cost more than drawing the move that caused it (at a
        table, every other person's move)."""
        offered = tuple(
            (key, a.binding.action, a.binding.description, a.enabled) for key, a in self.active_bindings.items()
        )
        if offered != self._keys_offered:
            self._keys_offered = offered
            self.refresh_bindings()

    def move_refused(self, seat: int, reason: str) -> None:
        """Called by the controller: an action sent with `act` was not applied (maybe after `act`
        returned). The reason is already in `controller.message`; override to show it elsewhere."""
        self.game_changed([])

    def send(self, seat: int, action: object) -> None:
        """Send a move the way the table agreed: at once, or (hot seat without take-backs, where a
        mis-pressed Enter could not be undone) after the player confirms it. Only a move that could
        not be taken back asks (one that reveals something or ends the turn): a step inside the turn,
        such as a card played or a chai tile put on a secret choice, goes at once and `u` takes it back."""
        c = self.controller
        if not c.confirm_moves or c.could_take_back(seat, action):
            c.act(seat, action)
            return
        question = ConfirmScreen(
            f"{c.name(seat)}: {self.action_words(action)}?",
            "This move cannot be taken back.",
            enter_says_yes=True,
        )
        self.app.push_screen(question, lambda yes: c.act(seat, action) if yes else None)

    def action_words(self, action: object) -> str:
        """A move in words for the question before it (the game's words; a screen may say more, such
        as which way a tile is turned, which only it knows)."""
        return self.controller.describe_action(action)

    @staticmethod
    def log_words(text: str) -> str:
        """A log line as this screen writes things (the full log uses it too, over the results as
        well); Chai writes customer ids the way its board shows them."""
        return text

    def match_title(self, title: str) -> str:
        """The screen's title, and which game of a match this is: 'Chai: match game 2 of 3'."""
        match = self.controller.match()
        if match is None:
            return title
        number = min(len(match.played) + (0 if self.controller.finished else 1), match.games)
        return f"{title}: match game {number} of {match.games}"

    # -- the frame's part ----------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.refresh_game()

    def on_unmount(self) -> None:
        """Removed (quit, results, app exit): nothing more to draw here."""
        if getattr(self.controller, "listener", None) is self:
            self.controller.attach(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.controller.can_undo()
        if action == "hint":  # a setup choice: the key is shown only in a game with hints on
            return self.controller.hints_on
        return True

    def action_hint(self) -> None:
        """What the expert would play now, and why (in the status line when it is ready)."""
        self.controller.ask_hint()

    def action_pause(self) -> None:
        self.app.open_pause(self.controller)

    def action_undo(self) -> None:
        self.app.undo(self.controller)
