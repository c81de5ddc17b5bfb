"""The Chai screen: the market under a cursor, the additive display, the customers, cups and
players, every move by keys. The core stays the judge: each key turns into an action picked from
`controller.legal_actions(seat)` and played through `controller.act`; a key shows in the Footer
only while such an action exists."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.widgets import Static

from chaigames.chai.actions import (
    ChooseFirst,
    DiscardAdditive,
    DiscardCustomer,
    DiscardTile,
    DrawAdditive,
    Fulfil,
    Pass,
    ReserveDeck,
    ReservePool,
    ResetAdditives,
    TakeAdditives,
    VisitMarket,
)
from chaigames.chai.data import (
    ADDITIVE_LIMIT,
    ADDITIVES,
    CUSTOMERS,
    FLAVOURS,
    OTHER_TEA_FEE,
    RESERVE_LIMIT,
    TILE_LIMIT,
    additive_label,
)
from chaigames.chai.market import COLUMNS, ROWS
from chaigames.chai.view import ChaiView
from chaigames.engine import Event

from ..game_base import GameScreen
from ..widgets import Footer, LinePanel, TitleBar, show
from .glyphs import ADDITIVE_GLYPH, FLAVOUR_GLYPH, card_glyph, glyph_ids, legend, short_legend
from .moves import MovesScreen
from .panels import (
    additives_text,
    cups_text,
    customer_rows,
    customers_text,
    group_at,
    market_text,
    players_text,
    status_text,
)

WIDE = (110, 34)  # from this size on: tall market cells, the log and the glyph legend
LOG_LINES = 60
WRAPS_KEPT = 1000  # log lines kept wrapped (a whole game's log, with room to spare)

# Enter does what the cursor's zone and the turn's step allow; one binding per meaning, so the
# Footer names it ("Buy", "Reserve", "Fulfil", ...) and shows it only when it is legal.
ENTER_ACTIONS = ("buy", "reserve", "fulfil", "drop_customer", "choose")


class ChaiScreen(GameScreen):
    """Chai, by keys: arrows + Enter buy, 1-5 take additives, Tab goes to the customers."""

    CSS_PATH = "chai.tcss"
    BINDINGS = [
        Binding("up", "cursor(-1, 0)", "Move the cursor", show=False, key_display="arrows"),
        Binding("down", "cursor(1, 0)", "Move the cursor", show=False),
        Binding("left", "cursor(0, -1)", "Move the cursor", show=False),
        Binding("right", "cursor(0, 1)", "Move the cursor", show=False),
        Binding("enter", "buy", "Buy", id="buy"),
        Binding("enter", "reserve", "Reserve", id="reserve"),
        Binding("enter", "fulfil", "Fulfil", id="fulfil"),
        Binding("enter", "drop_customer", "To pool", id="drop_customer"),
        Binding("enter", "choose", "Keep", id="choose"),
        Binding("enter", "explain", "Why not", show=False),
        Binding("tab", "zone", "Cards", id="zone"),
        Binding("1", "take(1)", "Take", key_display="1-5", id="take"),
        *(Binding(str(n), f"take({n})", "Take", show=False) for n in range(2, 6)),
        # one footer entry per limit, naming only the digits that choose something there
        Binding("1", "discard_tile(1)", "Discard", key_display=f"1-{len(FLAVOURS)}", id="discard"),
        Binding("1", "discard_additive(1)", "Discard", key_display=f"1-{len(ADDITIVES)}", id="discard_additive"),
        Binding("1", "discard_customer(1)", "To pool", key_display=f"1-{RESERVE_LIMIT + 1}", id="discard_customer"),
        *(Binding(str(n), f"discard_tile({n})", "Discard", show=False) for n in range(2, 10)),
        *(Binding(str(n), f"discard_additive({n})", "Discard", show=False) for n in range(2, 10)),
        *(Binding(str(n), f"discard_customer({n})", "To pool", show=False) for n in range(2, 10)),
        Binding("r", "reset", "Reset", id="reset"),
        Binding("d", "draw", "Draw", id="draw"),
        Binding("c", "deck", "Deck", id="deck"),
        Binding("p", "pass_turn", "Pass", id="pass"),
        Binding("m", "moves", "Moves", id="moves"),
        Binding("l", "log", "Log", id="log"),
    ]

    def __init__(self, controller: Any) -> None:
        super().__init__(controller)
        self.sub_title = controller.title
        self.zone = "market"
        self.mcursor = (0, 0)
        self.ccursor = 0
        self._seat: int | None = None
        self._legal: list[Any] = []
        self._kinds_of: list[Any] | None = None  # the list of legal actions `_kinds` was sorted from
        self._kinds: dict[type, list[Any]] = {}
        self._step: tuple[Any, ...] = ()
        self.wide = False
        self._built: dict[str, tuple[tuple[Any, ...], Text]] = {}  # see `_panel_text`
        self._wraps: dict[str, list[str]] = {}  # a log line's text wrapped at `_wraps_width`
        self._wraps_width = 0
        self._log_drawn: tuple[Any, ...] = ()  # (the log list, panel size) the log panel shows
        self._moves: MovesScreen | None = None  # the moves list, made as it is first opened

    # -- layout ----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield TitleBar(self.match_title(self.sub_title or ""))
        yield LinePanel("", id="chai-status")
        with Horizontal(id="chai-top"):
            with Vertical(id="chai-left"):
                yield LinePanel("", id="chai-market")
                yield LinePanel("", id="chai-additives")
                yield LinePanel("", id="chai-cups")
                yield Static(legend(), id="chai-legend")
            with Vertical(id="chai-right"):
                yield LinePanel("", id="chai-customers")
                yield LinePanel("", id="chai-log")
        yield LinePanel("", id="chai-players")
        yield Static("", id="chai-prompt")
        yield Footer(compact=True, show_command_palette=False)

    def on_resize(self, event: Resize) -> None:
        wide = event.size.width >= WIDE[0] and event.size.height >= WIDE[1]
        if wide != self.wide:
            self.wide = wide
            self.set_class(wide, "wide")
            legend_box = self.query_one("#chai-legend", Static)
            legend_box.display = wide
            show(legend_box, legend())
        self.call_after_refresh(self.game_changed, [])

    # -- what the turn allows ----------------------------------------------------------------------
    def _of(self, kind: type) -> list[Any]:
        """The legal actions of `kind`, sorted out once per list of legal actions: the Footer asks
        `check_action` about every binding after every key, most of them through here."""
        if self._kinds_of is not self._legal:
            self._kinds_of, self._kinds = self._legal, {}
        found = self._kinds.get(kind)
        if found is None:
            found = self._kinds[kind] = [a for a in self._legal if isinstance(a, kind)]
        return found

    def _cursor_action(self, kind: type) -> Any | None:
        """The legal action of `kind` on what the cursor is on, or None."""
        if kind is VisitMarket:
            if self.zone != "market":
                return None
            target = VisitMarket(*self.mcursor)
            return target if target in self._legal else None
        if self.zone != "customers":
            return None
        rows = customer_rows(self.controller.view)
        if not 0 <= self.ccursor < len(rows):
            return None
        row = rows[self.ccursor]
        for action in self._of(kind):
            if action.customer == row.customer:
                if kind is ReservePool and row.source != "pool":
                    continue
                return action
        return None

    def _take_action(self, n: int) -> Any | None:
        """1-5: take every face-up card of the n-th kind (1 milk ... 5 spice), if the display has one."""
        if 1 <= n <= len(ADDITIVES):
            target = TakeAdditives(ADDITIVES[n - 1])
            if target in self._legal:
                return target
        return None

    def _discard_action(self, n: int) -> Any | None:
        """1-6 while over a limit: the n-th flavour, additive kind or reserved customer (CH-2, CH-4)."""
        reserved = self.controller.view.reserved or ()
        for action in self._legal:
            if isinstance(action, DiscardTile) and n <= len(FLAVOURS) and action.flavour == FLAVOURS[n - 1]:
                return action
            if isinstance(action, DiscardAdditive) and n <= len(ADDITIVES) and action.kind == ADDITIVES[n - 1]:
                return action
            if isinstance(action, DiscardCustomer) and n <= len(reserved) and action.customer == reserved[n - 1]:
                return action
        return None

    def _discarding(self) -> bool:
        return bool(self._of(DiscardTile) or self._of(DiscardAdditive) or self._of(DiscardCustomer))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        kinds = {
            "buy": VisitMarket,
            "reserve": ReservePool,
            "fulfil": Fulfil,
            "drop_customer": DiscardCustomer,
            "choose": ChooseFirst,
        }
        if action in kinds:
            return self._cursor_action(kinds[action]) is not None
        if action == "explain":  # Enter on something the turn does not allow now: say why
            return self._seat is not None and all(self._cursor_action(k) is None for k in kinds.values())
        if action == "take":  # any digit while taking: a wrong one says why instead of doing nothing
            return bool(self._of(TakeAdditives))
        limit = {"discard_tile": "tiles", "discard_additive": "additives", "discard_customer": "customers"}
        if action in limit:
            return self._discarding() and self.controller.view.over_limit == limit[action]
        simple = {"reset": ResetAdditives, "draw": DrawAdditive, "deck": ReserveDeck, "pass_turn": Pass}
        if action in simple:
            return bool(self._of(simple[action]))
        if action == "zone":
            return any(isinstance(a, VisitMarket | ReservePool | Fulfil | DiscardCustomer) for a in self._legal)
        if action == "moves":
            return bool(self._legal)
        if action == "cursor":
            return True
        return super().check_action(action, parameters)

    # -- drawing ------------------------------------------------------------------------------------
    def _panel_text(self, panel: str, parts: tuple[Any, ...], build: Callable[[], Text]) -> Text:
        """The text of `panel`, built again only when the parts of the view (and of the screen) it is drawn
        from changed: at a table most moves change a panel or two of seven."""
        kept = self._built.get(panel)
        if kept is not None and kept[0] == parts:
            return kept[1]
        text = build()
        self._built[panel] = (parts, text)
        return text

    def refresh_game(self) -> None:
        c = self.controller
        view = c.view
        self._seat = c.to_move
        self._legal = c.legal_actions(self._seat) if self._seat is not None else []
        self._follow_step(view)
        self._clamp(view)
        self._draw_status(view)
        market = self._draw_market(view)
        wide = self.wide
        additives = self._panel_text(
            "additives",
            (view.display, view.additive_discard, view.additive_deck_count, wide),
            lambda: additives_text(view, wide=wide),
        )
        show(self.query_one("#chai-additives", Static), additives)
        width = (48 if wide else 38) - 2
        cups = self._panel_text(
            "cups",
            (view.cups, view.rounds_done, view.cup_round, view.final_turns, width),
            lambda: cups_text(view, width),
        )
        show(self.query_one("#chai-cups", Static), cups)
        if not wide:
            self._fit_legend(market, additives, cups)
        self._draw_customers(view)
        acting = c.actors()  # public: whose step it is (at setup, not the start player)
        players = self._panel_text(
            "players",
            (view.players, view.tokens, view.phase, view.turn, view.seat, acting, wide),
            lambda: players_text(view, names_width=14 if wide else 9, wide=wide, acting=acting),
        )
        show(self.query_one("#chai-players", Static), players)
        show(self.query_one("#chai-prompt", Static), self._prompt(view))
        self._draw_log()

    def _draw_status(self, view: ChaiView) -> None:
        # a notice answers the last key: it comes first (customers as the board writes them: a hint names them)
        status = glyph_ids(self.controller.message) or self.controller.status()
        show(self.query_one("#chai-status", Static), status_text(status, view, self.size.width - 2))

    def _draw_market(self, view: ChaiView) -> Text:
        cursor = self.mcursor if self.zone == "market" and self._seat is not None else None
        tall = self.wide
        market = self._panel_text(
            "market", (view.market, view.bag_count, cursor, tall), lambda: market_text(view, cursor, tall=tall)
        )
        show(self.query_one("#chai-market", Static), market)
        return market

    def _draw_customers(self, view: ChaiView) -> None:
        ccursor = self.ccursor if self.zone == "customers" and self._seat is not None else None
        room = self.query_one("#chai-right").size.height or None
        servable = self._servable(view)
        me = view.players[view.seat] if view.seat is not None else None  # what the viewer lacks for each
        parts = (view.choose_from, view.pool, view.reserved, view.customer_deck_count, view.seat, me, view.tokens)
        customers = self._panel_text(
            "customers",
            (*parts, servable, ccursor, room),
            lambda: customers_text(view, ccursor, servable, limit=room),
        )
        show(self.query_one("#chai-customers", Static), customers)

    def _fit_legend(self, *parts: Text) -> None:
        """Below 110x34 the legend takes the lines the left column has spare (100x30 once left
        eight blank): the flavours, then the additives and teas as they fit; nothing at 80x24."""
        box = self.query_one("#chai-legend", Static)
        used = sum(len(part.plain.split("\n")) + 1 for part in parts)  # each part and its margin
        text = short_legend(self.query_one("#chai-top").size.height - used - 1)
        box.display = bool(text)
        show(box, text)

    def _draw_log(self) -> None:
        """The latest events the viewer may see, as many as fit under the customers. Each line is wrapped
        once (again at a new width); a log with no new line at the same size is not drawn again."""
        box = self.query_one("#chai-log", Static)
        height, width = box.size.height, max(box.size.width, 20)
        log = self.controller.log()
        if self._log_drawn and self._log_drawn[0] is log and self._log_drawn[1:] == (height, width):
            return
        self._log_drawn = (log, height, width)
        lines: list[str] = []
        for line in reversed(log[-LOG_LINES:]):
            wrapped = self._wrapped(line.event.text, width)
            if len(lines) + len(wrapped) > height:
                break
            lines[:0] = wrapped
        show(box, Text("\n".join(lines), style="dim"))

    def _wrapped(self, text: str, width: int) -> list[str]:
        """A log line as the board shows it, wrapped to `width`."""
        if width != self._wraps_width or len(self._wraps) > WRAPS_KEPT:
            self._wraps, self._wraps_width = {}, width
        wrapped = self._wraps.get(text)
        if wrapped is None:
            wrapped = textwrap.wrap(glyph_ids(text), width, subsequent_indent="  ") or [""]
            self._wraps[text] = wrapped
        return wrapped

    def game_changed(self, events: Sequence[Event]) -> None:
        super().game_changed(events)

    def _servable(self, view: ChaiView) -> set[str]:
        """Customers the viewer could serve now: the legal Fulfil actions in the fulfil step; during
        the main action, what the viewer's own view says a fulfil would allow."""
        fulfils = {a.customer for a in self._of(Fulfil)}
        if fulfils:
            return fulfils
        if view.phase == "over":
            return set()
        return set(view.servable or ())

    def _follow_step(self, view: ChaiView) -> None:
        """Put the cursor where the new step of the turn happens (fulfil, a customer discard, setup)."""
        step = (self._seat, view.phase, view.over_limit, view.turn)
        if step == self._step:
            return
        self._step = step
        rows = customer_rows(view)
        if self._of(ChooseFirst):
            self.zone, self.ccursor = "customers", 0
        elif self._of(Fulfil):
            self.zone = "customers"
            first = next((i for i, r in enumerate(rows) if any(a.customer == r.customer for a in self._of(Fulfil))), 0)
            self.ccursor = first
        elif self._of(DiscardCustomer):
            self.zone = "customers"
            self.ccursor = next((i for i, r in enumerate(rows) if r.source == "mine"), 0)
        elif self._of(VisitMarket) or self._of(TakeAdditives):
            self.zone = "market"

    def _clamp(self, view: ChaiView) -> None:
        r, col = self.mcursor
        r = max(0, min(ROWS - 1, r))
        length = len(view.market[r])
        col = max(0, min(max(length - 1, 0), col))
        self.mcursor = (r, col)
        rows = customer_rows(view)
        self.ccursor = max(0, min(len(rows) - 1, self.ccursor)) if rows else 0

    def _prompt(self, view: ChaiView) -> Text:
        """The line above the Footer: what this step of the turn asks, in words and keys."""
        t = Text()
        if self._seat is None:
            if view.phase == "over":
                t.append("The game is over.")
            else:
                last = self.controller.log()
                t.append(glyph_ids(last[-1].event.text) if last else self.controller.status(), style="dim")
            return t
        over = view.over_limit
        if over == "tiles":
            held = view.players[self._seat].tiles
            t.append(f"Over {TILE_LIMIT} tiles: discard one. ", style="bold reverse")
            for i, f in enumerate(FLAVOURS, 1):
                if held[f]:
                    t.append(f" {i} {FLAVOUR_GLYPH[f]}x{held[f]}")
            return t
        if over == "additives":
            held = view.players[self._seat].additives
            t.append(f"Over {ADDITIVE_LIMIT} additives: discard one. ", style="bold reverse")
            for i, k in enumerate(ADDITIVES, 1):
                if held[k]:
                    t.append(f" {i} {ADDITIVE_GLYPH[k]}x{held[k]}")
            return t
        if over == "customers":
            t.append(f"Over {RESERVE_LIMIT} customers: one goes to the pool. ", style="bold reverse")
            for i, cid in enumerate((view.reserved or ()), 1):
                t.append(f" {i} {card_glyph(cid)}")
            return t
        if self._of(ChooseFirst):
            t.append("Choose your first customer: arrows, Enter keeps it.", style="bold")
            return t
        if self._of(Fulfil):
            t.append("Fulfil one order: ", style="bold")
            t.append("arrows to a +serve card, Enter fulfils; p passes.")
            return t
        if view.phase == "additive2":
            t.append("Second additive action: ", style="bold")
            t.append("1-5 take a kind, r reset, d draw blind.")
            return t
        if self.zone == "market":
            group = group_at(view, *self.mcursor)
            t.append("Your turn: ", style="bold")
            if group is not None:
                t.append(f"Enter buys {FLAVOUR_GLYPH[group.flavour]}x{len(group.cells)} for {group.price}; ")
            t.append("1-5/r/d additives; Tab customers")
        else:
            t.append("Your turn: ", style="bold")
            t.append("Enter reserves a pool card; c the deck's top; Tab market")
        return t

    # -- keys ---------------------------------------------------------------------------------------
    def _play(self, action: Any | None, why: str = "") -> None:
        """Play `action` (already one of the legal actions) for the seat at the keyboard."""
        seat = self._seat
        if seat is None:
            return
        if action is None:
            self.controller.message = why or "That is not possible now."
            self.refresh_game()
            return
        self.send(seat, action)  # a refusal comes back as move_refused (the base redraws)

    def action_cursor(self, dr: int, dc: int) -> None:
        if self.zone == "market":
            r, c = self.mcursor
            if dr:
                self.mcursor = ((r + dr) % ROWS, c)
            else:
                length = len(self.controller.view.market[r]) or COLUMNS
                self.mcursor = (r, (c + dc) % length)
        else:
            rows = customer_rows(self.controller.view)
            if rows:
                self.ccursor = (self.ccursor + (dr or dc)) % len(rows)
        self.controller.message = ""
        self._draw_cursor()
        self.refresh_keys()

    def _draw_cursor(self) -> None:
        """What a cursor move changes, and nothing else (the game did not move): the status (its notice
        is answered), the cursor's panel, the prompt (what Enter would do there)."""
        view = self.controller.view
        self._draw_status(view)
        if self.zone == "market":
            self._draw_market(view)
        else:
            self._draw_customers(view)
        show(self.query_one("#chai-prompt", Static), self._prompt(view))

    def action_zone(self) -> None:
        self.zone = "customers" if self.zone == "market" else "market"
        self.refresh_game()
        self.refresh_keys()

    def action_buy(self) -> None:
        self._play(self._cursor_action(VisitMarket), "You cannot buy here now")

    def action_reserve(self) -> None:
        self._play(self._cursor_action(ReservePool), "You cannot reserve that customer now")

    def action_fulfil(self) -> None:
        self._play(self._cursor_action(Fulfil), "You cannot fulfil that order now")

    def action_drop_customer(self) -> None:
        self._play(self._cursor_action(DiscardCustomer), "Choose one of your reserved customers")

    def action_choose(self) -> None:
        self._play(self._cursor_action(ChooseFirst), "Choose one of your own customers")

    @staticmethod
    def log_words(text: str) -> str:
        return glyph_ids(text)

    def action_log(self) -> None:
        """`l`: the whole log (the board's feed holds only its last few lines at 80x24)."""
        from ..pause import LogScreen

        self.app.push_screen(LogScreen(self.controller))

    def action_words(self, action: object) -> str:
        """Customers written as the board writes them; a fulfil of another player's tea says the coin it
        pays them for the token."""
        words = glyph_ids(self.controller.describe_action(action))
        seat = self._seat
        if isinstance(action, Fulfil) and seat is not None:
            players = self.controller.view.players
            tea = CUSTOMERS[action.customer].tea
            owner = next((p for p in players if p.tea == tea), None)
            if owner is not None and owner is not players[seat]:
                coins = f"{OTHER_TEA_FEE} coin{'s' if OTHER_TEA_FEE != 1 else ''}"
                words += f", paying {owner.name} {coins} for the {tea} tea token"
        return words

    def action_explain(self) -> None:
        why = self._why_not()
        if why is not None:  # None: the core's own reason comes back through move_refused
            self.controller.message = why
            self.refresh_game()

    def move_refused(self, seat: int, reason: str) -> None:
        """The core's reason, with customers written as the board writes them (Gr1, not green-1)."""
        self.controller.message = glyph_ids(reason)
        super().move_refused(seat, reason)

    def _why_not(self) -> str | None:
        """Why Enter does nothing on the cursor's target now (the keys that do work are in the Footer)."""
        view = self.controller.view
        if self._discarding():
            return "First discard down to the limit (the numbers below)"
        if self.zone == "market":
            if view.phase == "additive2":
                return "Finish your additive turn first: 1-5, r or d"
            if self._of(Fulfil) or self._of(Pass):
                return "Your main action is done: fulfil an order or pass (p)"
            return "There is no tile there"
        rows = customer_rows(view)
        if not rows:
            return "No customer here"
        row = rows[min(self.ccursor, len(rows) - 1)]
        glyph = card_glyph(row.customer)
        if (self._of(Fulfil) or self._of(Pass)) and self._seat is not None:
            # Not a legal move: the core refuses it and says why (no tokens left, no coin for another's
            # tea, what is missing); the reason arrives through move_refused.
            self.controller.act(self._seat, Fulfil(row.customer))
            return None
        if view.phase == "additive2":
            return "Finish your additive turn first: 1-5, r or d"
        if row.source == "mine":
            return f"{glyph} is already yours: serve it after your main action"
        return "That is not possible now"

    def action_take(self, n: int) -> None:
        kind = additive_label(ADDITIVES[n - 1]) if 1 <= n <= len(ADDITIVES) else f"additive {n}"
        self._play(self._take_action(n), f"There is no {kind} card on the display to take")

    def action_discard(self, n: int) -> None:
        over = self.controller.view.over_limit
        if over == "tiles" and n <= len(FLAVOURS):
            why = f"You have no {FLAVOURS[n - 1]} tile"
        elif over == "additives" and n <= len(ADDITIVES):
            why = f"You have no {additive_label(ADDITIVES[n - 1])} card"
        else:
            count = {"tiles": len(FLAVOURS), "additives": len(ADDITIVES)}.get(over or "", RESERVE_LIMIT + 1)
            why = f"{n} is not a choice here: 1 to {count}"
        self._play(self._discard_action(n), why)

    action_discard_tile = action_discard
    action_discard_additive = action_discard
    action_discard_customer = action_discard

    def action_reset(self) -> None:
        self._play(next(iter(self._of(ResetAdditives)), None))

    def action_draw(self) -> None:
        self._play(next(iter(self._of(DrawAdditive)), None))

    def action_deck(self) -> None:
        self._play(next(iter(self._of(ReserveDeck)), None))

    def action_pass_turn(self) -> None:
        self._play(next(iter(self._of(Pass)), None))

    def action_moves(self) -> None:
        """The fallback list: every legal move in words (one line per market group, not per tile)."""
        view = self.controller.view
        legal: list[Any] = []
        labels: list[str] = []
        groups_seen: set[tuple[int, int]] = set()
        for action in self._legal:
            if isinstance(action, VisitMarket):
                group = group_at(view, action.row, action.col)
                if group is None or group.cells[0] in groups_seen:
                    continue
                groups_seen.add(group.cells[0])
                label = f"Buy {group.text()} (row {action.row + 1}, column {action.col + 1})"
            elif isinstance(action, TakeAdditives):
                n = view.display.count(action.kind)
                label = f"Take all {ADDITIVE_GLYPH[action.kind]} {additive_label(action.kind)} ({n})"
            else:
                label = glyph_ids(self.controller.describe_action(action))
            legal.append(action)
            labels.append(label)
        if not legal:
            return
        expected = list(self._legal)

        def picked(index: int) -> None:
            if expected == self._legal:
                self._play(legal[index])

        moves = self._moves
        if moves is not None and moves in self.app.screen_stack:
            return  # open already (under the command palette)
        if moves is None:
            moves = self._moves = MovesScreen(labels, picked)
            self.app.install_screen(moves, f"chai-moves-{id(self)}")  # kept when closed, shown again next move
        else:
            moves.show_moves(labels, picked)
        self.app.push_screen(moves)

    def on_unmount(self) -> None:
        """The game's moves list goes with it (a list still open as the app closes goes with the app)."""
        super().on_unmount()
        moves = self._moves
        if moves is not None and moves not in self.app.screen_stack:
            self.app.uninstall_screen(moves)
            moves.remove()
