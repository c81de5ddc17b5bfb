"""The Dabba Walla game screen: the ring, the stacked vehicles, placing tiles, delivering.

Everything is drawn from `controller.view` (the viewer's view; public only behind a curtain).
What a player is doing right now is a *mode* derived from the view's step (walk, play, place,
end, deliver) plus three small side modes entered by a key (empty dabba, bonus dabba, swap);
the cursors of each mode live here, the game only ever changes through `controller.act`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import Static

from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.actions import (
    AddChai,
    AddEmpty,
    BonusDabba,
    Commit,
    EndTurn,
    Jump,
    Move,
    Place,
    PlayCard,
    RemoveChai,
    ReturnTile,
    Start,
    Swap,
)
from chaigames.dabba_walla.view import DabbaView, PlayerView
from chaigames.engine import Event

from .. import palette
from ..compat import show_bindings
from ..game_base import GameScreen
from ..widgets import Footer, LinePanel, TitleBar, show
from . import placing
from . import render as R
from .panels import Panels

FOOTER_SPARE = frozenset({"empty", "level_view", "others"})
"""Keys left out of the footer while placing a tile below the roomy size (see `_fit_footer`)."""
ROOMY_WIDTH = 110
ROOMY_HEIGHT = 36
SIDE_MODES = ("empty", "bonus", "swap")
ENTER_LABELS = {
    "walk": "Walk",
    "play": "Play card",
    "place": "Place",
    "return": "Return tile",
    "end": "End turn",
    "deliver": "Choose card",
    "empty": "Add empty",
    "bonus": "Add bonus",
    "swap": "Swap",
}


class DabbaWallaScreen(Panels, GameScreen, inherit_bindings=False):
    """Dabba Walla by keys alone: arrows move the cursor of the current mode, Enter does it.

    Bindings are not inherited so the Footer lists the keys of the moment first (Esc, u and ?
    of the base class are repeated at the end)."""

    CSS_PATH = "dabba_walla.tcss"
    LOOK_ACTIONS = frozenset({"others"})
    BINDINGS = [
        *(
            Binding("enter", f"ok('{name}')", label, id=f"ok-{name}", key_display="Enter")
            for name, label in ENTER_LABELS.items()
        ),
        Binding("left", "cursor(0,-1)", "Move", key_display="arrows", id="cursor"),
        Binding("right", "cursor(0,1)", "Move", show=False),
        Binding("up", "cursor(-1,0)", "Move", show=False),
        Binding("down", "cursor(1,0)", "Move", show=False),
        Binding("r", "rotate", "Rotate", id="rotate"),
        Binding("f", "mirror", "Mirror", id="mirror"),
        Binding("tab", "next_spot(1)", "Next fit", id="next_spot"),
        Binding("shift+tab", "next_spot(-1)", "Previous legal", show=False),
        Binding("d", "direction", "Other way", id="direction"),
        Binding("j", "jump", "Jump tile", id="jump"),
        Binding("space", "toggle_chai", "Chai on/off", id="toggle_chai"),
        Binding("c", "bonus_colour", "Colour", id="bonus_colour"),
        Binding("e", "side_mode('empty')", "Empty dabba", id="empty"),
        Binding("b", "side_mode('bonus')", "Bonus dabba", id="bonus"),
        Binding("s", "side_mode('swap')", "Swap card", id="swap"),
        Binding("v", "level_view(1)", "Level view", id="level_view"),
        Binding("V", "level_view(-1)", "Level view down", show=False),
        Binding("o", "others", "Others", id="others"),
        *(Binding(str(n), f"digit({n})", "Choose a space or card by its number", show=False) for n in range(1, 10)),
        Binding("escape", "cancel", "Back", id="cancel"),
        Binding("escape", "pause", "Pause", id="pause"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    # What the player chose to look at (redrawn by their watchers): a level from the floor up, or
    # None for the view from above; the other players' vehicles at 80x24; the roomy layout.
    level_view: reactive[int | None] = reactive(None, init=False)
    others_page: reactive[int] = reactive(0, init=False)  # 80x24: 0 summary, 1 vehicles, 2 played piles
    roomy: reactive[bool] = reactive(False, init=False)

    def __init__(self, controller: Any) -> None:
        super().__init__(controller)
        self.side_mode: str | None = None
        self.announce = ""  # the latest chai news, shown until the next turn
        self.announce_for: int | None = None  # whose eyes only (None: everyone's)
        self._signature: tuple = ()
        self._heights: tuple[int, ...] = ()
        self._legal_key: tuple = ()
        self._legal: list[Any] = []
        self._keys_sig: tuple = ()
        self._order_news: dict[int, list[str]] = {}  # delivery round -> what the orders paid
        self._loads: dict[tuple[int, int], R.LevelLoad] = {}  # (round, seat) -> what was on the level
        self._left_width = 0  # the left column's width in this redraw
        self._short_reveal = False  # the reveal in as few lines as it takes (when room is short)
        self._grids: dict[tuple, Any] = {}  # the rivals' vehicles drawn, see Panels._grid_lines and _vehicles_in
        self._reset_cursors()

    def _reset_cursors(self) -> None:
        self.target = 0  # walk: the space chosen
        self.reverse = False  # walk: take the other way round
        self.jumping = False
        self.card_i = 0  # play / deliver / swap: the hand card chosen
        self.transform = 0  # place: symmetry 0-7
        self.row = 0
        self.col = 0
        self.spot_i = -1
        self.square = (0, 0)  # empty / bonus dabba: the square chosen
        self.square_chosen = False  # the player moved that cursor this turn: `e` keeps it (else the lowest square)
        self.bonus_colour = "Y"
        self.swap_space = 0
        self.chai_i = 0
        self._returned_in: tuple[Any, ...] | None = None  # the turn whose tile went back to the box
        self._chai_order: list[str] | None = None  # the secret choice's chai tiles, in their first order
        self.problem = ""

    # -- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TitleBar(self._title(), id="dw-title")
        # Line panels: another player's move changes a line or two of the ring, the others' vehicles and
        # the log; only those lines are drawn again
        yield LinePanel("", id="dw-status")
        yield LinePanel("", id="dw-top")
        with Horizontal(id="dw-body"):
            with Vertical(id="dw-left"):
                yield LinePanel("", id="dw-vehicle")
            with Vertical(id="dw-right"):
                yield LinePanel("", id="dw-hand")
                yield LinePanel("", id="dw-info")
                yield LinePanel("", id="dw-others")
        yield Static("", id="dw-prompt")
        yield LinePanel("", id="dw-log")
        yield Footer(compact=True, show_command_palette=False)

    def _title(self) -> str:
        return self.match_title(f"Dabba Walla on the {self.controller.view.vehicle_label}")

    def on_mount(self) -> None:
        self.sub_title = self._title()
        self._fit(self.app.size.width, self.app.size.height)
        super().on_mount()
        self.call_after_refresh(self.refresh_game)  # again once the columns have their real widths

    def on_resize(self, event: Resize) -> None:
        self._fit(event.size.width, event.size.height)
        self.refresh_game()
        self.call_after_refresh(self.refresh_game)  # the hand's cards per row follow the new layout

    def _fit(self, width: int, height: int) -> None:
        self.roomy = width >= ROOMY_WIDTH and height >= ROOMY_HEIGHT

    def watch_roomy(self, roomy: bool) -> None:
        self.set_class(roomy, "roomy")
        self.refresh_game()

    def watch_level_view(self) -> None:
        self.refresh_game()

    def watch_others_page(self) -> None:
        self.refresh_game()

    # -- what the player is doing -----------------------------------------------------------------
    @property
    def view(self) -> DabbaView:
        return self.controller.view

    @property
    def seat(self) -> int | None:
        """The seat acting from the keyboard now (None: watching)."""
        return self.controller.to_move

    def mode(self) -> str:
        """walk, play, place, end, deliver, the side modes, or 'watch'."""
        seat = self.seat
        if seat is None:
            return "watch"
        if self.side_mode:
            return self.side_mode
        step = self.view.step
        if self.view.phase == "delivery":
            return "deliver"
        return {"move": "walk", "play": "play", "place": "place", "end": "end"}.get(step, "watch")

    def legal(self) -> list[Any]:
        """The keyboard seat's legal actions (cached per view: the core makes a new view per change)."""
        seat = self.seat
        if seat is None:
            return []
        v = self.view
        if self._legal_key != (v, seat):
            self._legal_key = (v, seat)
            self._legal = self.controller.legal_actions(seat)
        return self._legal

    def _sync(self) -> None:
        """New step or new turn: fresh cursors, at sensible places."""
        v = self.view
        pending = v.players[self.seat].pending if self.seat is not None else None
        sig = (v.phase, v.step, v.turn, v.round, self.seat, pending)
        if sig == self._signature:
            if pending and self.seat is not None and v.players[self.seat].heights != self._heights:
                # an empty or bonus dabba changed the vehicle: keep the ghost on a legal spot if it left one
                self._heights = v.players[self.seat].heights
                spots = placing.legal_spots(v, self.seat, pending)
                if spots and not self.ghost_spot().legal:
                    self._go_spot(spots, 0)
            return
        # chai news stays up until the end of the keyboard player's own turn, so a bot's is seen too
        turn_passed = bool(self._signature) and self._signature[2] != v.turn
        my_turn_ended = turn_passed and (self._signature[2] == v.seat or v.seat is None)  # None: a curtain
        self._signature = sig
        self._heights = v.players[self.seat].heights if self.seat is not None else ()
        keep_announce = self.announce
        self._reset_cursors()
        self.side_mode = None
        if my_turn_ended:
            keep_announce = ""
        self.announce = keep_announce
        seat = self.seat
        if seat is None:
            return
        me = v.players[seat]
        if v.step == "move" and me.position is not None:
            self.target = (me.position + 1) % 6
        if v.step == "place" and me.pending:
            spots = placing.legal_spots(v, seat, me.pending)
            if spots:
                self._go_spot(spots, 0)
        self.square = self._lowest_square(me)
        colours = [c for c, n in zip(D.COLOURS, v.bonus_left, strict=True) if n]
        self.bonus_colour = colours[0] if colours else "Y"

    def _lowest_square(self, pv: PlayerView) -> tuple[int, int]:
        v = self.view
        s = min(v.squares, key=lambda q: (pv.heights[q], q))
        return divmod(s, v.cols)

    # -- keys ------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode = self.mode()
        legal_types = {type(a) for a in self.legal()}
        if action == "ok":
            return self._enter_kind(mode, legal_types) == parameters[0]
        if action == "cursor":
            return mode in ("walk", "play", "place", "deliver", "empty", "bonus", "swap")
        if action in ("rotate", "mirror"):  # also to try shapes while the vehicle still needs levelling
            return mode == "place" and ReturnTile not in legal_types
        if action == "next_spot":
            return mode == "place" and Place in legal_types
        if action == "direction":
            return (
                mode == "walk"
                and not self.jumping
                and self._walk_choices() is not None
                and (len(self._walk_choices() or ()) > 1)
            )
        if action == "jump":
            return mode == "walk" and Jump in legal_types
        if action == "toggle_chai":
            return mode == "deliver" and bool(self._chai_rows())
        if action == "bonus_colour":
            return mode == "bonus"
        if action == "side_mode":
            kind = {"empty": AddEmpty, "bonus": BonusDabba, "swap": Swap}[str(parameters[0])]
            return kind in legal_types and self.side_mode != parameters[0]
        if action == "digit":
            return mode in ("walk", "play", "deliver", "swap")
        if action == "cancel":
            return self.side_mode is not None or self.level_view is not None
        if action == "pause":
            return self.side_mode is None and self.level_view is None
        if action == "others":
            return not self.roomy
        if action == "level_view":  # nothing to look under on an empty vehicle
            return self._main_player().level > 0 or self.level_view is not None
        return super().check_action(action, parameters)

    def _enter_kind(self, mode: str, legal_types: set[type]) -> str | None:
        if mode == "walk":
            return "walk"
        if mode == "place":
            if ReturnTile in legal_types:
                return "return"
            return "place" if Place in legal_types else None
        if mode in ("play", "end", "deliver", "empty", "bonus", "swap"):
            return mode
        return None

    def _act(self, action: Any) -> bool:
        """Send the action; False if it was refused already (a remote table answers later, through
        `move_refused`, which shows the reason the same way)."""
        seat = self.seat
        if seat is None:
            return False
        self.problem = ""
        self.send(seat, action)
        return not self.problem

    def action_words(self, action: object) -> str:
        """A tile's placement says the tile and which way it is turned, as the player turned it."""
        card = self.pending_card()
        if isinstance(action, Place) and card is not None:
            return (
                f"Place {card} {placing.transform_words(self.transform)} "
                f"at ({action.row + 1},{action.col + 1}) on level {action.level}"
            )
        return super().action_words(action)

    def move_refused(self, seat: int, reason: str) -> None:
        self.problem = reason
        self.game_changed([])

    def action_ok(self, what: str) -> None:
        v = self.view
        seat = self.seat
        if seat is None:
            return
        me = v.players[seat]
        if what == "walk":
            action = self._walk_action()
            if action is not None:
                self._act(action)
        elif what == "play" and me.hand:
            self._act(PlayCard(me.hand[min(self.card_i, len(me.hand) - 1)]))
        elif what == "place" and me.pending:
            s = self.ghost_spot()
            if s.problem:
                self.problem = f"Not here: {s.problem}."
                self.refresh_game()
                return
            self._act(Place(s.orientation, s.row, s.col, s.level))
        elif what == "return":
            self._act(ReturnTile())
        elif what == "end":
            self._act(EndTurn())
        elif what == "deliver":
            hand = me.hand or ()
            self._act(Commit(hand[min(self.card_i, len(hand) - 1)] if hand else None))
        elif what == "empty":
            if self._act(AddEmpty(*self.square)):
                self.side_mode = None
                self.refresh_game()
        elif what == "bonus":
            if self._act(BonusDabba(self.bonus_colour, *self.square)):
                self.side_mode = None
                self.refresh_game()
        elif what == "swap" and me.hand:
            card = me.hand[min(self.card_i, len(me.hand) - 1)]
            if self._act(Swap(card, self.swap_space)):
                self.side_mode = None
                self.refresh_game()

    def action_cursor(self, dr: int, dc: int) -> None:
        mode = self.mode()
        v = self.view
        seat = self.seat
        if seat is None:
            return
        me = v.players[seat]
        self.problem = ""
        if mode == "walk":
            self.target = _ring_step(self.target, dr, dc)
            self.reverse = False
        elif mode in ("play", "deliver"):
            n = len(me.hand or ())
            if dc and n:
                self.card_i = (self.card_i + dc) % n
            if dr and mode == "deliver" and self._chai_rows():
                self.chai_i = (self.chai_i + dr) % len(self._chai_rows())
        elif mode == "swap":
            n = len(me.hand or ())
            if dc and n:
                self.card_i = (self.card_i + dc) % n
            if dr:
                self.swap_space = (self.swap_space + dr) % 6
        elif mode == "place" and me.pending:
            ori = self._orientation()
            self.row, self.col = placing.clamp(v, me.pending, ori, self.row + dr, self.col + dc)
            self.spot_i = -1
            if self._draw_ghost():
                return
        elif mode in ("empty", "bonus"):
            r, c = self.square[0] + dr, self.square[1] + dc
            if 0 <= r < v.rows and 0 <= c < v.cols and r * v.cols + c in v.squares:  # only onto the vehicle
                self.square = (r, c)
                self.square_chosen = True
        self.refresh_game()

    def action_digit(self, n: int) -> None:
        mode = self.mode()
        me = self.view.players[self.seat] if self.seat is not None else None
        if mode == "walk" and n <= 6:
            self.target = n - 1
            self.reverse = False
        elif mode in ("play", "deliver", "swap") and me and me.hand and n <= len(me.hand):
            self.card_i = n - 1
        self.refresh_game()

    def action_rotate(self) -> None:
        self._turn(placing.rotate)

    def action_mirror(self) -> None:
        self._turn(placing.mirror)

    def _turn(self, how: Any) -> None:
        card = self.pending_card()
        if card is None:
            return
        # the tile turns about its half-chai square, which stays where it was: the ghost does not drift
        r, c = placing.half_cell(card, self._orientation())
        anchor = (self.row + r, self.col + c)
        self.transform = how(self.transform)
        r, c = placing.half_cell(card, self._orientation())
        self.row, self.col = placing.clamp(self.view, card, self._orientation(), anchor[0] - r, anchor[1] - c)
        self.spot_i = -1
        self.problem = ""
        self.refresh_game()

    def action_next_spot(self, step: int) -> None:
        card = self.pending_card()
        if card is None or self.seat is None:
            return
        spots = placing.legal_spots(self.view, self.seat, card)
        if spots:
            self._go_spot(spots, (self.spot_i + step) % len(spots) if self.spot_i >= 0 or step > 0 else -1)
        self.problem = ""
        self.refresh_game()

    def _go_spot(self, spots: list[tuple[int, int, int, int]], i: int) -> None:
        i %= len(spots)
        ori, row, col, _ = spots[i]
        card = self.pending_card()
        assert card is not None
        self.transform = placing.transform_orientations(card).index(ori)
        self.row, self.col = row, col
        self.spot_i = i

    def action_direction(self) -> None:
        self.reverse = not self.reverse
        self.refresh_game()

    def action_jump(self) -> None:
        self.jumping = not self.jumping
        self.refresh_game()

    def action_toggle_chai(self) -> None:
        rows = self._chai_rows()
        if not rows:
            return
        where, kind = rows[min(self.chai_i, len(rows) - 1)]
        # on the secret choice until the commit: put on and taken off freely (`u` takes it back), never asked about
        self._act(AddChai(kind) if where == "own" else RemoveChai(kind))

    def action_bonus_colour(self) -> None:
        colours = [c for c, n in zip(D.COLOURS, self.view.bonus_left, strict=True) if n] or list(D.COLOURS)
        i = colours.index(self.bonus_colour) if self.bonus_colour in colours else -1
        self.bonus_colour = colours[(i + 1) % len(colours)]
        self.refresh_game()

    def action_side_mode(self, name: str) -> None:
        self.side_mode = name
        self.problem = ""
        if self.seat is not None and not self.square_chosen:  # else where the player last was, this turn
            self.square = self._lowest_square(self.view.players[self.seat])
        self.refresh_game()

    def action_cancel(self) -> None:
        if self.side_mode is not None:
            self.side_mode = None
        else:
            self.level_view = None
        self.problem = ""
        self.refresh_game()

    def action_level_view(self, step: int) -> None:
        pv = self._main_player()
        top = max(pv.level, 1)
        order: list[int | None] = [None, *range(1, top + 1)]
        i = order.index(self.level_view) if self.level_view in order else 0
        self.level_view = order[(i + step) % len(order)]

    def action_others(self) -> None:
        self.others_page = (self.others_page + 1) % 3

    # -- walking ----------------------------------------------------------------------------------
    def _walk_choices(self) -> list[Any] | None:
        """The legal ways to reach the chosen space (cheapest first), or None when it cannot be reached."""
        seat = self.seat
        if seat is None:
            return None
        legal = self.legal()
        me = self.view.players[seat]
        if self.jumping:
            return [a for a in legal if type(a) is Jump and a.space == self.target] or None
        if me.position is None:
            return [a for a in legal if type(a) is Start and a.space == self.target] or None
        pos = me.position
        out = []
        for a in legal:
            if type(a) is Move and (pos + a.direction * a.steps) % 6 == self.target:
                out.append(a)
        out.sort(key=lambda a: (a.steps, -a.direction))
        return out or None

    def _walk_action(self) -> Any | None:
        choices = self._walk_choices()
        if not choices:
            return None
        if self.reverse and len(choices) > 1:
            return choices[1]
        return choices[0]

    def _passing(self) -> list[int]:
        a = self._walk_action()
        seat = self.seat
        if type(a) is not Move or seat is None:
            return []
        pos = self.view.players[seat].position or 0
        return [(pos + a.direction * i) % 6 for i in range(1, a.steps)]

    def _walk_prompt(self) -> Text:
        seat = self.seat
        assert seat is not None
        me = self.view.players[seat]
        target = self.target + 1
        a = self._walk_action()
        text = Text()
        if a is None:
            if self.jumping:
                return Text(f"Jump to space {target}: not possible.")
            steps = min((self.target - (me.position or 0)) % 6 or 6, (((me.position or 0) - self.target) % 6) or 6)
            return Text(
                f"Space {target} is {steps} spaces away: that costs {steps - 1} tickets and you have {me.tickets}.",
                style=palette.PROBLEM,
            )
        if type(a) is Start:
            text.append(f"First turn: start on space {target}, free. ")
        elif type(a) is Jump:
            text.append(f"Jump to space {target} with your jump chai tile, free. ")
        else:
            way = "clockwise" if a.direction == 1 else "counterclockwise"
            cost = a.steps - 1
            text.append(f"Walk to space {target}: {a.steps} step{'s' if a.steps > 1 else ''} {way}, ")
            if cost:
                passed = ", ".join(str(s + 1) for s in self._passing())
                text.append(f"cost {cost} ticket{'s' if cost > 1 else ''}", style="bold")
                text.append(f" (left on {passed}; you have {me.tickets}). ")
            else:
                text.append("free. ", style="bold")
        card = self.view.spaces[self.target].card
        if card:
            text.append("Take ")
            text.append_text(R.card_line(card, tickets=self.view.spaces[self.target].tickets))
            text.append(".")
        return text

    # -- placing ------------------------------------------------------------------------------------
    def pending_card(self) -> str | None:
        """The card this seat is placing now (None while it places none, or watches)."""
        seat = self.seat
        if seat is None:
            return None
        return self.view.players[seat].pending

    def _orientation(self) -> int:
        card = self.pending_card()
        if card is None:
            return 0
        return placing.transform_orientations(card)[self.transform]

    def ghost_spot(self) -> placing.Spot:
        """Where the ghost of the pending card stands (kept on the board), and what placing it there does."""
        card = self.pending_card()
        assert card is not None and self.seat is not None
        ori = self._orientation()
        self.row, self.col = placing.clamp(self.view, card, ori, self.row, self.col)
        return placing.spot(self.view, self.seat, card, ori, self.row, self.col)

    def _ghost(self) -> R.Ghost | None:
        mode = self.mode()
        card = self.pending_card()
        if mode == "place" and card:
            return placing.ghost_of(card, self.ghost_spot())
        if mode in ("empty", "bonus") and self.seat is not None:
            v = self.view
            s = self.square[0] * v.cols + self.square[1]
            colour = None if mode == "empty" else self.bonus_colour
            return R.Ghost((s,), colour, v.players[self.seat].heights[s] + 1, s in v.squares)
        return None

    def _place_prompt(self) -> Text:
        card = self.pending_card()
        assert card is not None
        legal_types = {type(a) for a in self.legal()}
        text = Text("Place ")
        text.append_text(R.card_line(card))
        if ReturnTile in legal_types:
            text.append(": it fits nowhere, even with every empty dabba left. Enter returns it to the box.")
            return text
        if Place not in legal_types:
            text.append(": no level spot fits it. Add empty dabbas (e) to level some squares.", style="bold")
            return text
        s = self.ghost_spot()
        n = len(placing.legal_spots(self.view, self.seat or 0, card))
        if s.legal:
            text.append(f" on level {s.level}: ")
            text.append("legal", style=palette.GOOD)
            if s.completes_chai:
                text.append(" and it completes a chai!", style="bold")
        else:
            text.append(f" on level {s.level}: ")
            text.append(f"not here, {s.problem}", style=palette.PROBLEM)
        text.append(f"  ({n} legal spot{'s' if n != 1 else ''}: tab)")
        return text

    # -- delivery -----------------------------------------------------------------------------------
    def _chai_rows(self) -> list[tuple[str, str]]:
        """Orange chai tiles: ('on', kind) already on the choice, then ('own', kind) still in hand."""
        seat = self.seat
        if seat is None or self.view.phase != "delivery":
            return []
        me = self.view.players[seat]
        on, own = me.choice[1] if me.choice else (), me.chai or ()
        kinds = sorted([*on, *(k for k in own if k in D.ORANGE)])
        if self._chai_order is None or sorted(self._chai_order) != kinds:  # a new set of tiles: its order now
            self._chai_order = [*on, *(k for k in own if k in D.ORANGE)]
        return chai_rows(on, own, self._chai_order)

    # -- drawing ----------------------------------------------------------------------------------------
    def game_changed(self, events: Sequence[Event]) -> None:
        for e in events:
            if e.kind == "chai_tile":
                label = D.CHAI_LABELS.get(e.data.get("kind", ""), "?")
                self.announce = f"You completed a chai! Your chai tile: {label}"
                self.announce_for = e.data.get("seat")  # shown in the info panel until the turn ends; no
                # toast: one outlived the turn and covered the status
            elif e.kind == "return" and e.data.get("seat", self.seat) == self.seat:
                self._returned_in = self._turn_sig()
            elif e.kind == "order":  # Module 2 orders pay when a delivery round begins
                self._order_news.setdefault(self.view.round, []).append(e.text)
            elif e.kind == "chai" and e.data.get("seat") != self.controller.viewer:
                self.announce = e.text
                self.announce_for = None
        # The base class would also redraw the Footer every time; refresh_game does it when needed.
        if not self.is_mounted or not self.is_attached:
            return
        try:
            self.refresh_game()
        except NoMatches:  # torn down between the controller's call and now (quitting)
            return

    def _main_player(self) -> PlayerView:
        v = self.view
        if v.seat is not None:
            return v.players[v.seat]
        if v.turn is not None:
            return v.players[v.turn]
        return v.players[0]

    def refresh_game(self) -> None:
        if not self.is_mounted:
            return
        self._sync()
        v = self.view
        if v.phase == "delivery":  # remember each level's load: the reveal explains the tips with it
            for p in v.players:
                self._loads.setdefault((v.round, p.seat), R.level_load(p, v.level))
        width = self.app.size.width
        show(self.query_one("#dw-status", Static), self._status_text())
        top = self._ring_text(width) if v.phase in ("pickup", "final") else self._delivery_board()
        show(self.query_one("#dw-top", Static), top)
        panel = self._vehicle_panel()
        self._left_width = max(max(line.cell_len for line in panel.split("\n")) + 2, 20)
        self.query_one("#dw-left").styles.width = self._left_width
        show(self.query_one("#dw-vehicle", Static), panel)
        # 80x24's vehicles page (`o`): the other vehicles whole, in the room of the hand and notes
        vehicles_page = not self.roomy and self.others_page == 1
        self.query_one("#dw-hand").display = self.query_one("#dw-info").display = not vehicles_page
        hand, prompt = self._hand_text(), self._prompt_text()
        right = self._right_width()
        body = self.app.size.height - 2 - self._wrapped(top, width - 2) - min(self._wrapped(prompt, width - 2), 3)
        body -= (4 if self.roomy else 2) + 1  # the log and the footer
        for short in (False, True):  # at 120x40 the reveal takes a line a player only when the rest fits
            self._short_reveal = short
            info = self._info_text()
            room = body - 1  # the others' top margin
            if not vehicles_page:
                # an empty panel still takes its line (a spectator has no hand)
                room -= max(self._wrapped(hand, right), 1) + max(self._wrapped(info, right), 1)
            others = self._others_text(room)
            if not self.roomy or self._wrapped(others, right) <= room or not v.last_round:
                break
        show(self.query_one("#dw-hand", Static), hand)
        show(self.query_one("#dw-info", Static), info)
        show(self.query_one("#dw-others", Static), others)
        show(self.query_one("#dw-prompt", Static), prompt)
        lines = [line.event.text for line in self.controller.log()][-8:]
        show(self.query_one("#dw-log", Static), Text("\n".join(lines[-(4 if self.roomy else 2) :]), style="dim"))
        self._refresh_keys()

    def _draw_ghost(self) -> bool:
        """A placing cursor move changes the ghost on the vehicle and the prompt (the spot, or why not
        there), nothing else: those two are drawn alone while they keep their sizes (the vehicle's
        column width, the prompt's lines, which the right column's room depends on). False when the
        whole screen must be drawn."""
        panel, prompt = self._vehicle_panel(), self._prompt_text()
        box = self.query_one("#dw-prompt", Static)
        shown = getattr(box, "_shown_content", None)
        width = self.app.size.width - 2
        if not isinstance(shown, Text) or self._wrapped(shown, width) != self._wrapped(prompt, width):
            return False
        if max(max(line.cell_len for line in panel.split("\n")) + 2, 20) != self._left_width:
            return False
        show(self.query_one("#dw-vehicle", Static), panel)
        show(box, prompt)
        return True

    def _wrapped(self, text: Text, width: int) -> int:
        """The lines `text` takes in a column `width` cells wide."""
        if not text.plain:
            return 0
        lines = text.plain.split("\n")
        if all(cell_len(line) <= width for line in lines):  # the usual case, without the cost of a wrap
            return len(lines)
        return len(text.wrap(self.app.console, max(width, 1)))

    def _refresh_keys(self) -> None:
        """Tell the Footer only when the keys on offer may have changed (a Footer redraw is costly)."""
        mode = self.mode()
        sig = (
            mode,
            frozenset(type(a) for a in self.legal()),
            self.side_mode,
            self.level_view is None,
            self._main_player().level > 0,
            self.roomy,
            self.controller.can_undo(),
            bool(self._chai_rows()),
            self.jumping,
            len(self._walk_choices() or ()) if mode == "walk" else 0,
        )
        if sig != self._keys_sig:
            self._keys_sig = sig
            if self._fit_footer(mode == "place" and not self.roomy):
                self._keys_offered = None  # the same keys, some shown or hidden: the footer changes
            self.refresh_keys()  # the Footer is rebuilt only when the keys it shows changed

    def _fit_footer(self, crowded: bool) -> bool:
        """Placing a tile below the roomy size has more keys than 80 columns hold: the side keys
        (empty dabba, level view, others) still work but leave the footer to the placing keys, so
        it never stops mid-word; `?` lists them all. This screen's own copy of the bindings changes.
        Returns whether it did."""
        return show_bindings(self, FOOTER_SPARE, not crowded)

    def _turn_sig(self) -> tuple[Any, ...]:
        """This turn of this player (the draw pile shrinks every turn)."""
        v = self.view
        return (v.phase, v.turn, v.draw_count)

    def _prompt_text(self) -> Text:
        mode = self.mode()
        v = self.view
        text = Text()
        if self.level_view is not None:  # say how the level view works while it is on
            top = max(self._main_player().level, 1)
            text.append(f"Level view: level {self.level_view} of {top}. ", style="bold")
            text.append("v up, V down, Esc the whole vehicle.")
            return text
        if mode == "watch":
            if v.phase == "over":
                return Text("The game is over.")
            return Text(self.controller.status(), style="italic")
        if mode == "walk":
            text = self._walk_prompt()
            if self.jumping:
                text.append("  (jumping: j to walk instead)")
        elif mode == "play":
            cards = len(self._main_player().hand or ())  # a hand is known in play mode: the player's own
            keys = "arrows or 1" if cards == 1 else f"arrows or 1-{cards}"
            text.append(f"Choose the card to play ({keys}). Enter plays it; then place its tile.")
        elif mode == "place":
            text = self._place_prompt()
        elif mode == "end" and self._returned_in == self._turn_sig():
            text.append("Your tile went back to the box (it could not be placed). Enter ends your turn.", style="bold")
        elif mode == "end":
            text.append("Tile loaded. Enter ends your turn", style="bold")
            text.append(" (e: empty dabba, v: level view).")
        elif mode == "deliver":
            text = self._deliver_prompt()
        elif mode == "empty":
            r, c = self.square
            text.append(f"Empty dabba (-2 tips) on square ({r + 1},{c + 1}): arrows choose, Enter adds, Esc back.")
        elif mode == "bonus":
            r, c = self.square
            text.append(
                f"Bonus {D.COLOUR_NAMES[D.COLOURS.index(self.bonus_colour)]} dabba on ({r + 1},{c + 1}): "
                "c colour, arrows square, Enter adds, Esc back."
            )
        elif mode == "swap":
            me = v.players[self.seat or 0]
            hand = me.hand or ()
            card = hand[min(self.card_i, len(hand) - 1)] if hand else "-"
            other = v.spaces[self.swap_space].card or "nothing"
            text.append(
                f"Swap {card} for {other} on space {self.swap_space + 1}: left/right card, up/down space, Enter swaps."
            )
        if self.problem:
            text.append("\n")
            text.append(self.problem, style=palette.PROBLEM)
        return text

    def _deliver_prompt(self) -> Text:
        v = self.view
        me = v.players[self.seat or 0]
        hand = me.hand or ()
        text = Text()
        if v.step == "later":
            text.append("Play later: change your card and chai tiles if you like. ", style="bold")
        text.append("Secret choice: ")
        if hand:
            text.append_text(R.card_line(hand[min(self.card_i, len(hand) - 1)]))
        else:
            text.append("no card (hand empty)")
        rows = self._chai_rows()
        if rows:
            text.append("\nChai: ")
            for i, (where, kind) in enumerate(rows):
                cursor = i == min(self.chai_i, len(rows) - 1)
                text.append(">" if cursor else " ", style="bold")
                text.append("[x] " if where == "on" else "[ ] ", style="bold" if where == "on" else "")
                text.append_text(R.chai_text(kind))
                text.append(" ")
            text.append(" (up/down, space puts on / takes off)", style="dim")
        text.append("  Enter chooses.", style="bold")
        return text


def chai_rows(on_choice: Sequence[str], in_hand: Sequence[str], order: Sequence[str]) -> list[tuple[str, str]]:
    """The orange chai tiles of a secret choice as ('on' | 'own', kind) in one fixed `order` of kinds
    (as they first stood, those on the choice first among equals): putting a tile on or taking it off
    never moves the list under the cursor, so the tile just toggled stays under it."""
    rows = [("on", k) for k in on_choice] + [("own", k) for k in in_hand if k in D.ORANGE]
    rank = {k: i for i, k in reversed(list(enumerate(order)))}
    return sorted(rows, key=lambda row: (rank.get(row[1], len(order)), row[0] != "on"))


def _ring_step(space: int, dr: int, dc: int) -> int:
    """Arrows walk the cursor around the ring, as the figures go: right or down to the next space
    clockwise (1 > 2 > ... > 6 > 1), left or up to the one before."""
    return (space + (1 if dr + dc > 0 else -1)) % 6
