"""The panels of the Chai screen as Rich text, drawn from a view alone (no app needed, so tests and
the screen share them). Every mark is a glyph or a bracket first and a colour second."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rich.text import Text

from chaigames.chai.data import ADDITIVES, CUP_ROUNDS, CUSTOMERS, FLAVOURS, MARKET_INCOME, TILE_LIMIT
from chaigames.chai.market import COLUMN_PRICES, COLUMNS, ROWS, Market
from chaigames.chai.view import ChaiView

from .. import palette
from ..widgets import fit_line
from .glyphs import ADDITIVE_GLYPH, ADDITIVE_STYLE, FLAVOUR_GLYPH, FLAVOUR_STYLE, TEA_GLYPH, TEA_STYLE, card_glyph

CURSOR_STYLE = "bold reverse"
GROUP_STYLE = "bold underline"


def market_of(view: ChaiView) -> Market:
    """The view's market as the core's Market, for its group and price rules (CH-1)."""
    return Market([[FLAVOURS.index(f) for f in row] for row in view.market])


@dataclass(frozen=True)
class GroupInfo:
    flavour: str
    cells: tuple[tuple[int, int], ...]
    price: int

    def text(self) -> str:
        n = len(self.cells)
        tiles = "tile" if n == 1 else "tiles"
        return f"{FLAVOUR_GLYPH[self.flavour]} {n} {self.flavour} {tiles}: +{MARKET_INCOME}, pay {self.price}"


def group_at(view: ChaiView, row: int, col: int) -> GroupInfo | None:
    market = market_of(view)
    flavour = market.at(row, col)
    if flavour is None:
        return None
    return GroupInfo(FLAVOURS[flavour], tuple(market.group(row, col)), market.price(row, col))


def market_text(view: ChaiView, cursor: tuple[int, int] | None, *, tall: bool = False) -> Text:
    """The 3x6 grid with the column prices above. The cursor cell is [Gl], the rest of its group (Gl)."""
    group = group_at(view, *cursor) if cursor is not None else None
    members = set(group.cells) if group else set()
    width = 6 if tall else 4
    t = Text()
    t.append("Market ", style="bold")
    t.append(f"bag {view.bag_count}\n", style="dim")
    t.append("price ")
    for c in range(COLUMNS):
        t.append(f"{COLUMN_PRICES[c]}".center(width))
    t.append("\n")
    for r in range(ROWS):
        row = view.market[r]
        for line in range(2 if tall else 1):
            t.append(f" row{r + 1} " if line == 0 else "      ")
            for c in range(COLUMNS):
                if c >= len(row):
                    t.append((" .." if line == 0 else "").ljust(width), style="dim")
                    continue
                flavour = row[c]
                glyph = FLAVOUR_GLYPH[flavour] if line == 0 else "  "
                if (r, c) == cursor:
                    cell, style = f"[{glyph}]", f"{FLAVOUR_STYLE[flavour]} {CURSOR_STYLE}"
                elif (r, c) in members:
                    cell, style = f"({glyph})", f"{FLAVOUR_STYLE[flavour]} {GROUP_STYLE}"
                else:
                    cell, style = f" {glyph} ", FLAVOUR_STYLE[flavour]
                t.append(cell.center(width), style=style)
            t.append("\n")
    if group is not None:
        t.append("> " + group.text(), style="bold")
    elif cursor is not None:
        t.append("> (no tile here)", style="dim")
    return t


def additives_text(view: ChaiView, *, wide: bool = False) -> Text:
    """The face-up display by kind, each kind under its own key (1 milk ... 5 spice: the numbers the
    over-limit discard uses too, and the same after a refill), `x2` for two cards of a kind; then the
    deck and the discard pile."""
    t = Text()
    t.append("Additives ", style="bold")
    for i, kind in enumerate(ADDITIVES, 1):
        count = view.display.count(kind)
        if count:
            t.append(f"{i}")
            t.append(ADDITIVE_GLYPH[kind], style=ADDITIVE_STYLE[kind])
            t.append(f"x{count} " if count > 1 else " ")
    if not view.display:
        t.append("(none) ", style="dim")
    discard = sum(view.additive_discard.values())
    t.append(f"\n deck {view.additive_deck_count}  discard {discard}", style="dim")
    if wide and discard:
        t.append(": ", style="dim")
        t.append_text(_counts(view.additive_discard, ADDITIVE_GLYPH, ADDITIVE_STYLE))
    return t


def cups_text(view: ChaiView, width: int = 36) -> Text:
    """The thermometer (cup round k of 5) and each cup: the customer served and its flipped tip, or
    '[ ? ]' for an empty cup whose tip is still face down."""
    done = view.rounds_done
    t = Text()
    t.append("Cup round ", style="bold")
    t.append(f"{view.cup_round} of {CUP_ROUNDS} ")
    t.append("[" + "#" * done + "." * (CUP_ROUNDS - done) + "]")
    if view.final_turns is not None:
        t.append(" last turns", style="bold")
    t.append("\nCups")
    used = 4
    for cup in view.cups:
        piece = Text(" ")
        if cup is None:
            piece.append("[ ? ]", style="dim")
        else:
            tea = CUSTOMERS[cup.customer].tea
            piece.append("[")
            piece.append(card_glyph(cup.customer), style=TEA_STYLE[tea])
            piece.append(f"${cup.tip}]")
        if used + piece.cell_len > width:  # a whole cup to the next line, never a cut one
            t.append("\n    ")
            used = 4
        t.append_text(piece)
        used += piece.cell_len
    return t


def status_text(status: str, view: ChaiView, width: int) -> Text:
    """The status on the left and, on the right, what shapes the whole game: the cup round and who
    started (the last turns go round to the player before the start player, so everyone has had as
    many turns). The status gives way when room is short."""
    players = view.players
    start = players[view.start_player].name
    right = f"Cup round {view.cup_round} of {CUP_ROUNDS}, {start} started"
    if view.final_turns is not None:
        last = players[(view.start_player - 1) % len(players)].name
        right = f"Last turns, up to {last}"
    if len(status) + 2 + len(right) > width:  # the status first: the cup round is also on the left
        return fit_line(Text(status), width)
    t = Text(status)
    t.append(" " * (width - t.cell_len - len(right)))
    t.append(right, style="bold")
    return t


def recipe_text(cid: str) -> Text:
    """A recipe in glyphs, a count after a glyph needed more than once: 'Le3/Su'."""
    c = CUSTOMERS[cid]
    t = Text()
    parts = [(FLAVOUR_GLYPH[FLAVOURS[i]], n, FLAVOUR_STYLE[FLAVOURS[i]]) for i, n in enumerate(c.flavours) if n]
    for j, (g, n, style) in enumerate(parts):
        if j:
            t.append(" ")
        t.append(g, style=style)
        if n > 1:
            t.append(str(n))
    t.append("/")
    adds = [(ADDITIVE_GLYPH[ADDITIVES[i]], n, ADDITIVE_STYLE[ADDITIVES[i]]) for i, n in enumerate(c.additives) if n]
    for j, (g, n, style) in enumerate(adds):
        if j:
            t.append(" ")
        t.append(g, style=style)
        if n > 1:
            t.append(str(n))
    return t


@dataclass(frozen=True)
class CustomerRow:
    """One line of the customer list: where the card lies ('pool', 'mine' or 'choose') and its id."""

    source: str
    customer: str
    coins: int = 0


def customer_rows(view: ChaiView) -> list[CustomerRow]:
    """The cards the customer cursor moves over: the 8 to choose from at setup, else pool then own."""
    if view.choose_from:
        return [CustomerRow("choose", c) for c in view.choose_from]
    rows = [CustomerRow("pool", p.customer, p.coins) for p in view.pool]
    rows += [CustomerRow("mine", c) for c in (view.reserved or ())]
    return rows


def missing(view: ChaiView, cid: str) -> int | None:
    """How many tiles and cards the viewer still lacks for this recipe (None: no seat is looking)."""
    seat = view.seat
    if seat is None:
        return None
    me = view.players[seat]
    c = CUSTOMERS[cid]
    lack = sum(max(0, n - me.tiles[FLAVOURS[i]]) for i, n in enumerate(c.flavours))
    return lack + sum(max(0, n - me.additives[ADDITIVES[i]]) for i, n in enumerate(c.additives))


def customer_line(
    row: CustomerRow,
    *,
    cursor: bool,
    servable: bool,
    label: str = "",
    lack: int | None = None,
    tokens_left: bool = True,
) -> Text:
    """One customer; `tokens_left` False: its tea has no tokens left, so nobody can serve it."""
    c = CUSTOMERS[row.customer]
    t = Text()
    t.append(">" if cursor else " ", style="bold")
    t.append(label.ljust(2) if label else "")
    t.append(card_glyph(row.customer), style=TEA_STYLE[c.tea] + (" reverse" if cursor else ""))
    t.append(f" {c.vp:>2}vp ")
    t.append_text(recipe_text(row.customer))
    if row.coins:
        t.append(f" ${row.coins}", style="bold")
    if servable:
        t.append(" +serve", style=palette.GOOD)
    elif not tokens_left:
        t.append(" no tokens", style="dim")
    elif lack:
        t.append(f" -{lack}", style="dim")
    return t


def customers_text(view: ChaiView, cursor: int | None, servable: set[str], *, limit: int | None = None) -> Text:
    """The pool (with the coins lying on cards), the deck count, and the viewer's reserved cards.
    Other seats' reserved cards are never in the view; only their counts (in the players panel).
    With more lines than `limit`, a window around the cursor is shown, '...' marking the cut."""
    rows = customer_rows(view)
    lines: list[Text] = []
    focus = 0
    if rows and rows[0].source == "choose":
        lines.append(Text("Choose the customer you keep reserved", style="bold"))
        for i, row in enumerate(rows):
            if i == cursor:
                focus = len(lines)
            lines.append(customer_line(row, cursor=i == cursor, servable=False))
        return _window(lines, focus, limit)
    head = Text("Customer pool ", style="bold")
    head.append(f"deck {view.customer_deck_count}", style="dim")
    lines.append(head)
    mine_started = False
    for i, row in enumerate(rows):
        if row.source == "mine" and not mine_started:
            mine_started = True
            lines.append(Text("Your reserved", style="bold"))
        if i == cursor:
            focus = len(lines)
        lack = missing(view, row.customer)
        left = view.tokens.get(CUSTOMERS[row.customer].tea, 0) > 0
        lines.append(
            customer_line(row, cursor=i == cursor, servable=row.customer in servable, lack=lack, tokens_left=left)
        )
    if view.seat is not None and not mine_started:
        none = Text("Your reserved ", style="bold")
        none.append("none", style="dim")
        lines.append(none)
    return _window(lines, focus, limit)


def _window(lines: list[Text], focus: int, limit: int | None) -> Text:
    """At most `limit` lines, keeping line `focus` (the cursor) in view."""
    if limit is not None and limit >= 3 and len(lines) > limit:
        start = max(0, min(focus - limit // 2, len(lines) - limit))
        shown = lines[start : start + limit]
        if start > 0:
            shown[0] = Text("  ...", style="dim")
        if start + limit < len(lines):
            shown[-1] = Text("  ...", style="dim")
        lines = shown
    return Text("\n").join(lines)


def _counts(counts: Mapping[str, int], glyphs: dict[str, str], styles: dict[str, str]) -> Text:
    t = Text()
    first = True
    for k, n in counts.items():
        if not n:
            continue
        if not first:
            t.append(" ")
        first = False
        t.append(glyphs[k], style=styles[k])
        t.append(str(n))
    if first:
        t.append("-", style="dim")
    return t


def players_text(
    view: ChaiView, *, names_width: int = 9, wide: bool = False, acting: tuple[int, ...] | None = None
) -> Text:
    """One line per player: turn mark, tea and tokens left, money, reserved count, orders served
    and their VP, then tiles and additive cards held (counts per glyph)."""
    t = Text()
    t.append(f"  {'player':<{names_width}} tea tk  $ rs sv  vp tiles (max {TILE_LIMIT}) | additives\n", style="bold")
    over = view.phase == "over"
    acting = (view.turn,) if acting is None else acting
    for s, p in enumerate(view.players):
        mark = ">" if not over and s in acting else " "
        me = "*" if s == view.seat else " "
        vp = sum(CUSTOMERS[c].vp for c in p.fulfilled)
        t.append(mark + me, style="bold")
        t.append(f"{p.name[:names_width]:<{names_width}} ", style="bold" if s in acting else "")
        t.append(TEA_GLYPH[p.tea], style=TEA_STYLE[p.tea])
        t.append(f"  {view.tokens.get(p.tea, 0):>2}{p.money:>3}{p.reserved_count:>3}")
        t.append(f"{len(p.fulfilled):>3}{vp:>4} ")
        t.append_text(_counts(p.tiles, FLAVOUR_GLYPH, FLAVOUR_STYLE))
        t.append(" | ")
        t.append_text(_counts(p.additives, ADDITIVE_GLYPH, ADDITIVE_STYLE))
        if wide and p.fulfilled:
            t.append("  served ")
            for cid in p.fulfilled:
                t.append(card_glyph(cid), style=TEA_STYLE[CUSTOMERS[cid].tea])
                t.append(" ")
        t.append("\n")
    t.rstrip()
    return t
