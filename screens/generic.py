"""The generic game screen: plays any core through the contract alone.

The table in words (the controller's `describe_view`, else the view as JSON), the legal actions
as a numbered list (`describe_action`, else repr), and the log the viewer may see. It is how a
game is played until it has its own screen.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from chaigames.engine import Event

from .game_base import GameScreen
from .widgets import Footer, TitleBar, show

LOG_LINES = 200


def describe(words: Callable[[Any], str | None], view: Any) -> str:
    """The view in words: the game's own description, or pretty JSON as a fallback."""
    try:
        text = words(view)
    except Exception as exc:  # a describe bug must not hide the game
        return f"(describe_view failed: {exc})\n" + json.dumps(view, indent=2, default=str)
    if text is not None:
        return text
    try:
        return json.dumps(view, indent=2, default=str, sort_keys=True)
    except (TypeError, ValueError):
        return repr(view)


class GenericGameScreen(GameScreen):
    """Any game, in words and numbered moves."""

    BINDINGS = [
        Binding("1", "pick(1)", "Play move", key_display="1-9", id="pick"),
        *(Binding(str(n), f"pick({n})", "", show=False) for n in range(2, 10)),
        Binding("tab", "next_seat", "Next seat", id="next_seat"),
    ]

    def __init__(self, controller: Any) -> None:
        super().__init__(controller)
        self._actions: list[Any] = []
        self._log: list[str] = []
        self._drawn = False
        self._seat: int | None = None  # whose moves the list shows (real time: several humans)
        self.sub_title = f"{controller.title} (generic screen)"

    def compose(self) -> ComposeResult:
        yield TitleBar(self.match_title(self.sub_title or ""))
        yield Static("", id="status")
        with Horizontal(id="game-body"):
            with VerticalScroll(id="table"):
                yield Static("", id="view")
            with Vertical(id="side"):
                yield Static("Moves", classes="heading", id="moves-heading")
                yield OptionList(id="actions")
                yield Static("Log", classes="heading")
                with VerticalScroll(id="log-box"):
                    yield Static("", id="log")
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#actions", OptionList).focus()

    # -- drawing ---------------------------------------------------------------------------------
    def refresh_game(self) -> None:
        c = self.controller
        movers = c.movers()
        if self._seat not in movers:
            self._seat = movers[0] if movers else None
        status = c.status()
        if c.realtime and self._seat is not None:
            status += f"   playing: {c.name(self._seat)}"
        if c.message:
            status += f"   {c.message}"
        # each part written only when it changed (`show`): a key or a bot's move changes one or two
        show(self.query_one("#status", Static), Text(status))
        show(self.query_one("#view", Static), Text(describe(c.describe_view, c.view)))
        heading = "Moves" if self._seat is None else f"Moves of {c.name(self._seat)}"
        show(self.query_one("#moves-heading", Static), Text(heading))
        actions = c.legal_actions(self._seat) if self._seat is not None else []
        if actions != self._actions or not self._drawn:
            self._actions = actions
            self._draw_actions()
        log = [line.event.text for line in c.log()]
        if log != self._log:
            self._log = log
            show(self.query_one("#log", Static), Text("\n".join(log[-LOG_LINES:])))
            self.query_one("#log-box", VerticalScroll).scroll_end(animate=False)

    def _draw_actions(self) -> None:
        """The numbered moves; rebuilt only when they change, so real-time ticks keep the cursor."""
        c = self.controller
        options = self.query_one("#actions", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        self._drawn = True
        if self._actions:
            options.add_options(
                Option(Text(f"{i}. {c.describe_action(a)}" if i < 10 else f"   {c.describe_action(a)}"))
                for i, a in enumerate(self._actions, 1)
            )
            if highlighted is not None and highlighted < len(self._actions):
                options.highlighted = highlighted
            else:
                options.highlighted = 0
        else:
            options.add_option(Option(Text("(no move for you now)"), disabled=True))

    def game_changed(self, events: Sequence[Event]) -> None:
        super().game_changed(events)

    # -- keys --------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return bool(self._actions)
        if action == "next_seat":
            return len(self.controller.movers()) > 1
        return super().check_action(action, parameters)

    def action_pick(self, n: int) -> None:
        if 1 <= n <= len(self._actions):
            self._play(n - 1)

    def action_next_seat(self) -> None:
        movers = self.controller.movers()
        if movers:
            i = movers.index(self._seat) if self._seat in movers else -1
            self._seat = movers[(i + 1) % len(movers)]
            self.refresh_game()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self._actions:
            self._play(event.option_index)

    def _play(self, index: int) -> None:
        if self._seat is None or not 0 <= index < len(self._actions):
            return
        self.send(self._seat, self._actions[index])  # a refusal: move_refused redraws
