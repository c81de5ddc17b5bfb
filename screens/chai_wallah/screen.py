"""The Chai Wallah screen: one shared screen for everyone at the keyboard (CW-12).

Each human has a key zone (spec "Keys"); a zone key passes the repeat filter (250 ms), then goes
to the controller as that seat's action at the game clock's time. Nothing here keeps game state:
everything is drawn from the controller on every tick; the screen only remembers what
the keyboard did (the repeat filter, a refusal flashed beside a seat for a moment).

One human sees their own view (others' offered values hidden); two or more humans, or none (a
demo), see the table view with every die's value (CW-12).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from rich.markup import escape
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.css.query import NoMatches
from textual.widgets import Static

from chaigames.chai_wallah.keys import ZONE_KEYS, KeyBinding, RepeatFilter, key_map, normalize_key, player_zones
from chaigames.chai_wallah.view import ChaiWallahView
from chaigames.engine import Event
from chaigames.play.clock import time_shown

from ..compat import bind_key
from ..game_base import GameScreen
from ..keys import KeysScreen, key_lines, reading_the_screen
from ..widgets import Footer, LinePanel, TitleBar, show
from .big import BIG_LEGEND, DieSize, big_orders, big_seat, dice_size, grid_columns, seat_key
from .keycheck import KeyCheckScreen
from .render import (
    ALERT_STYLE,
    LEGEND,
    SeatLabel,
    Taken,
    diamond_fits,
    feed_lines,
    key_glyph,
    order_cards,
    seats_lines,
    taken_order,
)

FLASH_SECONDS = 2.0  # how long a refusal stays beside its seat
CHAI_BANNER_SECONDS = 1.0  # "Chai!" after each countdown (the rulebook's start)
FIXED_ROWS = 9  # title, status, 4 order lines, 2 help lines, footer
WIDE = 110  # from this width the feed stands beside the seats instead of below them
SEATS_WIDTH = 76  # the seats' column when the feed stands beside them


def key_name(key: str) -> str:
    """Textual's key name as a zone key: 'W' and 'shift+w' are 'w' (keys are case-insensitive)."""
    if key.startswith("shift+") and len(key) == len("shift+") + 1:
        key = key[-1]
    return normalize_key(key)


class ChaiWallahScreen(GameScreen):
    """Orders, every seat's dice in the key diamond, the live feed; zone keys act for their seats."""

    CSS_PATH = "chai_wallah.tcss"
    BINDINGS = [
        Binding("space", "start", "Start the clock", key_display="Space", id="start"),
        Binding("f2,0", "key_check", "Key check", key_display="F2", id="key_check"),
    ]

    def __init__(self, controller: Any) -> None:
        super().__init__(controller)
        self.sub_title = controller.title
        humans = tuple(controller.humans)
        whole = controller.whole_keyboard
        self.keys: dict[str, KeyBinding] = key_map(humans, whole)
        self.zones: dict[int, tuple[int, ...]] = dict(zip(humans, player_zones(len(humans), whole), strict=True))
        self.repeat = RepeatFilter()
        # Esc belongs to no zone: a pause is credited to the seat whose zone key came last (the hands
        # on the keyboard), not always to the first human.
        self.last_hand: int | None = humans[0] if humans else None
        self.flashes: dict[int, tuple[str, float]] = {}  # seat -> (message, until real time)
        self._banner_until = 0.0
        # "Chai!" greets the clock starting here, not one that already ran (a replay's stands at a played moment)
        self._was_running = controller.clock is not None and controller.clock.running
        self._phase: tuple[bool, bool, bool] | None = None
        self._blocks: dict[int, tuple[Any, ...]] = {}  # seat -> the key its big block was last drawn from
        self._grid: tuple[int, int, DieSize] | None = None  # (columns, cell width, dice) of the seats' grid
        self._orders: tuple[Any, ...] | None = None  # what the order cards were last drawn from
        self._drawn_seats: dict[int, tuple] = {}  # seat -> (what it showed, its lines): see seats_lines
        self._feed: tuple | None = None  # what the feed was drawn from: the log's length and last event, its size
        self._drawn: tuple | None = None  # (view, labels, width, height, log lines) the board was drawn from
        for key, b in self.keys.items():  # listed by `?` (the zone keys themselves act in on_key)
            role = "Chai! (claim an order)" if b.role == "chai" else f"{b.role} die"
            bind_key(self, key, f"zone_key('{key}')", f"{escape(controller.name(b.seat))}: {role}", show=False)
        # Every game (new or continued) first shows the board with the clock stopped: held now, before
        # the controller starts, so no bot thinks and nothing is recorded. One human starts the 3-2-1
        # with Space; several first find their keys in the key check, and closing it starts it.
        self._check_first = len(humans) >= 2
        if humans:
            controller.pause()

    def compose(self) -> ComposeResult:
        yield TitleBar(self.match_title(self.sub_title or ""))
        yield Static("", id="cw-status")
        yield Static("", id="cw-orders")
        with Vertical(id="cw-body"):
            yield LinePanel("", id="cw-seats")
            with Container(id="cw-grid"):
                for s in range(len(self.controller.names)):
                    yield LinePanel("", id=f"cw-seat-{s}", classes="cw-seat")
            yield Static("", id="cw-feed")
        yield Static("", id="cw-help")
        yield Footer()

    def on_mount(self) -> None:
        super().on_mount()
        if self._check_first:
            self._check_first = False
            self._open_check()

    # -- what the screen shows -----------------------------------------------------------------
    def table(self) -> ChaiWallahView:
        """One human: that seat's own view. Two or more, or none: the table view (CW-12)."""
        c = self.controller
        return c.view if len(c.humans) == 1 else c.table_view()

    def labels(self, diamond: bool) -> list[SeatLabel]:
        c = self.controller
        now = self._real()
        out = []
        for s in range(len(c.names)):
            flash = self.flashes.get(s)
            text = flash[0] if flash and flash[1] > now else ""
            if c.is_bot(s):
                level = c.bot_level(s)
                out.append(SeatLabel(None, f"bot {level}" if diamond else "bot", text))
                continue
            zones = self.zones.get(s, ())
            keys = dict(ZONE_KEYS[zones[0]]) if zones else None
            if not zones:  # a human seat not played from this keyboard (a replay, a remote player)
                tag = "human" if diamond else ""  # the narrow line keeps 4 cells for a tag
            elif len(c.humans) == 1:
                tag = "you"
            else:
                tag = f"zone {zones[0]}" if diamond else f"z{zones[0]}"
            out.append(SeatLabel(keys, tag, text, zones[0] if zones else None))
        return out

    def status_line(self, view: ChaiWallahView) -> Text:
        c = self.controller
        clock = c.clock  # it runs on between a table's updates
        out = Text(time_shown(clock.now() if clock is not None and clock.running else view.now))
        now = self._real()
        if view.winner is not None:
            out.append("   ")
            out.append(f"{view.seats[view.winner].name} wins!", style=ALERT_STYLE)
        elif c.paused or view.paused:
            out.append("   ")
            out.append("PAUSED", style=ALERT_STYLE)
            if c.paused and len(c.humans) == 1 and self.is_current:
                out.append("   Space: start the clock")
        elif view.frozen_for is not None:
            who = view.seats[view.claimer].name if view.claimer is not None else "someone"
            out.append("   ")
            out.append(f"Chai! {who} took an order: market frozen {view.frozen_for:.1f} s", style=ALERT_STYLE)
        elif self._banner_until > now:
            out.append("   ")
            out.append(" Chai! ", style=ALERT_STYLE)
        elif c.clock is not None and not c.clock.running:
            out.append("   get ready...")
        if c.message:
            out.append(f"   {c.message}")
        return out

    def help_line(self) -> Text:
        """Two lines: who plays with which keys, then what the marks mean."""
        c = self.controller
        if not c.humans:  # a table's spectator, a replay, or a demo at one keyboard
            if c.whole_keyboard:
                keys = "You are watching this table."
            elif all(c.is_bot(s) for s in range(len(c.names))):
                keys = "A demo: the bots play."
            else:
                keys = "You are watching; nobody plays from this keyboard."
        elif len(c.humans) == 1 and c.whole_keyboard:
            keys = "Keys wasd/tfgh/ijkl/arrows; Chai! q/r/u/Enter. Die key: offer/keep; fresh: re-roll."
        elif len(c.humans) == 1:
            keys = "Keys a w s d or arrows; Chai! q or Enter. Die key: offer/keep; fresh: re-roll."
        else:
            keys = "Your keys are beside your dice. Die key: offer/keep; fresh: re-roll."
        width = self.size.width - 2 if self.size.width > 2 else 78
        lines = [Text(keys), Text(BIG_LEGEND if self.has_class("big") else LEGEND)]
        for line in lines:
            line.truncate(width, overflow="ellipsis")
        return Text("\n").join(lines)

    def refresh_game(self) -> None:
        c = self.controller
        running = c.clock is not None and c.clock.running
        if running and not self._was_running:
            self._banner_until = self._real() + CHAI_BANNER_SECONDS
            self._redraw_after(CHAI_BANNER_SECONDS)
        self._was_running = running
        view = self.table()
        width, height = self.size.width or 80, self.size.height or 24
        self._show("#cw-status", self.status_line(view))
        # A clock tick (or a table's redraw when the shown second turns) between updates: the same view (the
        # same object), the same seats' labels and room; only the status line (the time) may have changed.
        drawn = (self.labels(True), width, height, len(self.controller.log()))
        if self._drawn is not None and self._drawn[0] is view and self._drawn[1:] == drawn:
            return
        self._drawn = (view, *drawn)
        seats = len(view.seats)
        size = dice_size(seats, width, height, FIXED_ROWS - 4)
        big = size is not None
        self.set_class(big, "big")
        if big:
            assert size is not None
            self._refresh_big(view, width, height, size)
        else:
            self._refresh_small(view, width, height)
        self._show("#cw-help", self.help_line())

    def _refresh_small(self, view: ChaiWallahView, width: int, height: int) -> None:
        """Up to 120x40: order cards and dice as letters, a line or a small diamond a seat."""
        self._blocks.clear()
        if self._grid is not None:  # back from dice: the orders' height is the stylesheet's again
            self.query_one("#cw-orders").styles.height = None
        self._grid = None
        seats = len(view.seats)
        rows = height - FIXED_ROWS
        wide = width >= WIDE
        self.query_one("#cw-body").set_class(wide, "wide")
        diamond = 3 * seats <= rows if wide else diamond_fits(seats, rows)
        seat_rows = seats * (3 if diamond else 1)
        seat_width = SEATS_WIDTH if wide else width - 2
        taken = self.taken(view)
        if self._new_orders(view, width, taken, None):
            self._show("#cw-orders", order_cards(view, width - 2, taken))
        panel = self.query_one("#cw-seats", LinePanel)
        panel.show_rows(seats_lines(view, self.labels(diamond), seat_width, diamond, self._drawn_seats))
        feed_rows = rows if wide else max(rows - seat_rows, 1)
        feed_width = width - SEATS_WIDTH - 5 if wide else width - 2
        self._show_feed(feed_rows, feed_width)

    def _new_orders(self, view: ChaiWallahView, width: int, taken: Taken | None, size: DieSize | None) -> bool:
        """Whether the order cards show something else than when last drawn (drawn as letters when `size` is
        None): they change with a claim, not with every key, and drawing them cost more than the key's seat."""
        orders: tuple[Any, ...] = (size, width, tuple(map(tuple, view.orders)), view.deck, view.target, view.stall)
        orders = (*orders, view.bundle, taken)
        if taken is not None:  # the claimer's dice, name and score stand beside the taken order
            orders = (*orders, view.winner, view.seats[taken.seat])
        if self._orders == orders:
            return False
        self._orders = orders
        return True

    def taken(self, view: ChaiWallahView) -> Taken | None:
        """The order the claim holding the market took (its card is already replaced in the view)."""
        if view.winner is None and view.frozen_for is None:
            return None
        return taken_order(view, [line.event for line in self.controller.log()])

    def _show_feed(self, rows: int, width: int) -> None:
        """The feed changes with the log, not with the clock: drawn again only when the log or its room did."""
        log = self.controller.log()
        feed = (len(log), log[-1].event if log else None, rows, width)
        if feed != self._feed:
            self._feed = feed
            self._show("#cw-feed", feed_lines(_Events(log), rows, width))

    def _refresh_big(self, view: ChaiWallahView, width: int, height: int, size: DieSize) -> None:
        """120x40 and larger: orders and dice drawn as dice, a block a seat in a grid. A seat's
        block is drawn again only when what it shows changed (the screen redraws 20 times a second)."""
        seats = len(view.seats)
        self.query_one("#cw-body").set_class(False, "wide")
        cols = grid_columns(seats)
        cell = (width - 2) // cols
        grid_rows = -(-seats // cols) * size.block_rows
        if self._grid != (cols, cell, size):
            self._grid = (cols, cell, size)
            self._blocks.clear()
            self._orders = None
            grid = self.query_one("#cw-grid")
            grid.styles.grid_size_columns = cols
            grid.styles.grid_columns = str(cell)
            grid.styles.height = grid_rows
            self.query_one("#cw-orders").styles.height = size.order_rows
            for panel in self.query(".cw-seat"):
                panel.styles.height = size.block_rows
        taken = self.taken(view)
        if self._new_orders(view, width, taken, size):
            self._show("#cw-orders", big_orders(view, width - 2, taken, size))
        for s, label in enumerate(self.labels(True)):
            key = (cell, seat_key(view, s, label))
            if self._blocks.get(s) == key:
                continue
            self._blocks[s] = key
            self._show(f"#cw-seat-{s}", big_seat(view, s, label, cell - 1, size))
        rows = height - (FIXED_ROWS - 4) - size.order_rows - grid_rows
        self._show_feed(max(rows, 1), width - 2)

    def _show(self, selector: str, text: Text) -> None:
        """Update a part only when it changed: the clock ticks 20 times a second, mostly to no effect."""
        show(self.query_one(selector, Static), text)

    def on_resize(self, event: events.Resize) -> None:
        self.refresh_game()

    # -- keys ----------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """Zone keys act for their seats before any binding sees them (zone 3's `u` is Chai!, not
        the frame's undo, which Chai Wallah has not)."""
        if event.key == "question_mark" and not self.controller.finished:
            event.stop()
            event.prevent_default()
            self.action_keys()
            return
        key = key_name(event.key)
        if key not in self.keys:
            return
        event.stop()
        event.prevent_default()
        self.press(key)

    def action_zone_key(self, key: str) -> None:
        self.press(key)

    def press(self, key: str) -> None:
        """One arrival of a zone key: the repeat filter, then the seat's action at game time."""
        binding = self.keys.get(key)
        if binding is None:
            return
        self.last_hand = binding.seat
        if not self.repeat.accept(key, self._real()):
            return
        c = self.controller
        if binding.seat not in c.movers():
            return  # paused or over: the pause menu or results are about to cover this screen
        self.flashes.pop(binding.seat, None)
        c.act(binding.seat, binding.action())  # a refusal comes back as move_refused

    def move_refused(self, seat: int, reason: str) -> None:
        """A refusal is flashed beside its seat for a moment, not in the shared status line."""
        self.flashes[seat] = (reason, self._real() + FLASH_SECONDS)
        self.controller.message = ""
        if self.is_mounted:
            self.refresh_game()
            self._redraw_after(FLASH_SECONDS)

    def _redraw_after(self, seconds: float) -> None:
        """A flash or the "Chai!" banner ends after `seconds`: draw again then. Locally the clock's ticks
        would, but at a table the screen is drawn only when the shown second turns or an update comes."""
        self.app.set_timer(seconds + 0.01, self._redraw)

    def _redraw(self) -> None:
        if self.is_mounted and self.is_attached:
            with contextlib.suppress(NoMatches):
                self.refresh_game()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self.controller.paused and not self.controller.finished
        if action == "key_check":  # at a table every key set is the one person's: nothing to check
            return bool(self.controller.humans) and not self.controller.finished and not self.controller.whole_keyboard
        return super().check_action(action, parameters)

    def action_pause(self) -> None:
        self.app.open_pause(self.controller, self.last_hand)

    def action_start(self) -> None:
        """Space on the held board: the 3-2-1 countdown, then the clock (and the bots) run."""
        if self.controller.paused and not self.controller.finished:
            self.controller.resume()

    def action_key_check(self) -> None:
        """F2: pause the game, let everyone press their keys, then count down again."""
        if not self.controller.humans or self.controller.finished or self.controller.whole_keyboard:
            return
        self.controller.pause(self.last_hand)
        self._open_check()

    def action_keys(self) -> None:
        """`?` in real time: the keys list pauses the game (nobody can play while it covers the table). At a
        table over SSH it covers only this person's screen: the game goes on (a pause is Esc's, and counted)."""
        c = self.controller
        hold = not c.whole_keyboard
        if hold:
            c.pause(self.last_hand)
        title = self.sub_title or "this screen"
        reading = reading_the_screen(self.app.library.get(c.game_id).rules_markdown)
        self.app.push_screen(KeysScreen(key_lines(self), title, reading), lambda _: c.resume() if hold else None)

    def _open_check(self) -> None:
        c = self.controller
        seats = [(s, c.name(s), self.zones[s]) for s in c.humans]
        self.app.push_screen(KeyCheckScreen(seats), lambda _: c.resume())

    def game_changed(self, events: Sequence[Event]) -> None:
        """Every clock tick lands here: the footer is refreshed only when the game's phase changed
        (paused, running, over), the parts only when their text changed."""
        c = self.controller
        phase = (c.paused, c.finished, c.clock is not None and c.clock.running)
        if phase != self._phase:
            self._phase = phase
            super().game_changed(events)
        elif self.is_mounted and self.is_attached:
            with contextlib.suppress(NoMatches):
                self.refresh_game()

    def _real(self) -> float:
        return self.app.clock_source()


class _Events(Sequence[Event]):
    """The events of the log's lines, read as they are asked for (the feed reads only the newest)."""

    def __init__(self, lines: Sequence[Any]) -> None:
        self.lines = lines

    def __len__(self) -> int:
        return len(self.lines)

    def __getitem__(self, at: Any) -> Any:
        if isinstance(at, slice):
            return [line.event for line in self.lines[at]]
        return self.lines[at].event


__all__ = ["ChaiWallahScreen", "key_glyph", "key_name"]
