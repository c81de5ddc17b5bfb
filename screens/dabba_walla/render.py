"""Dabba Walla drawn as Rich text: vehicles, tiles, cards, the ring, tracks (pure functions).

Everything here turns parts of a `DabbaView` into `rich.text.Text`, so the screen stays thin and
tests can read the drawings without a terminal. Every colour is also a letter (Y R B G, E for an
empty dabba) so the pictures read under NO_COLOR and in 16 colours; only single-width characters
(ASCII and box drawing) are used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text

from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.tracks import TrackReading
from chaigames.dabba_walla.view import DabbaView, Layer, PlayerView

from .. import palette

# -- colours and glyphs -----------------------------------------------------------------------
COLOUR_STYLE: dict[str | None, str] = {letter: swatch.cell for letter, swatch in palette.DABBA.items()}
COLOUR_STYLE[None] = COLOUR_STYLE["E"]  # an empty dabba
EMPTY_GLYPH = "E"
FLOOR_STYLE = "dim"
BORDER_STYLE = ""
HALF_MARK = "*"  # one half-chai on an edge
CHAI_MARK = "@"  # two half-chais meet: a completed chai
SIDE_ARROW = {"N": "^", "E": ">", "S": "v", "W": "<"}
COLOUR_WORD = dict(zip(D.COLOURS, D.COLOUR_NAMES, strict=True))
LEGEND = "Y yellow  R red  B blue  G green\nE empty dabba  * half-chai  @ chai"
FLOOR_GLYPH = "."  # an empty square that can carry a dabba (on the floor, or on a dabba just below)
HOLE_GLYPH = "~"  # in a level view: nothing under this square at that level
LEVEL_LEGEND = f"{FLOOR_GLYPH} supported  {HOLE_GLYPH} hole"


def glyph(colour: str | None) -> str:
    return colour if colour else EMPTY_GLYPH


def tips_text(code: str) -> str:
    """The tip values at the bottom of a card: 'R+2', 'B+1G+1', or '0'."""
    tips = D.CARD_TIPS[D.CARD_IDS[code]]
    return "".join(f"{D.COLOURS[c]}+{v}" for c, v in enumerate(tips) if v) or "0"


def shape_of(code: str) -> str:
    return D.TILE_TABLE[D.CARD_IDS[code] % D.TILES_PER_COLOUR][0]


def card_line(code: str | None, *, tickets: int = 0, width: int = 0) -> Text:
    """A card on one line, e.g. 'Y07 I3 R+2 2t' (the tile's colour on the code)."""
    if code is None:
        text = Text("--- (no card)", style="dim")
    else:
        text = Text()
        text.append(code, style=COLOUR_STYLE[code[0]])
        text.append(f" {shape_of(code)} {tips_text(code)}")
    if tickets:
        text.append(f" {tickets}t", style="bold")
    if width:
        text.truncate(width, pad=True)
    return text


def orientation_cells(code: str, orientation: int = 0):
    from chaigames.dabba_walla.view import orientations

    return orientations(code)[orientation]


HALF_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}


def mini_shape(code: str) -> Text:
    """The tile's shape on one line in its colour: half blocks, two squares a character high
    ('▀█▀' is the T, '▀▀▀' the straight three), for the ring at 80x24 where the boxes do not fit."""
    from chaigames.dabba_walla.view import orientations

    def extent(o) -> tuple[int, int]:
        return 1 + max(r for r, _ in o.cells), 1 + max(c for _, c in o.cells)

    flat = [o for o in orientations(code) if extent(o)[0] <= 2]
    best = min(flat, key=lambda o: (extent(o)[1], o.cells))
    cells = set(best.cells)
    line = "".join(HALF_BLOCKS[((0, c) in cells, (1, c) in cells)] for c in range(extent(best)[1]))
    return Text(line, style=palette.DABBA[code[0]].text)


def shape_lines(code: str, orientation: int = 0, *, cell: int = 2) -> list[Text]:
    """The tile's shape in its colour: each square `cell` characters ('YY'), the half-chai square
    showing the side its half-chai faces (^ > v <)."""
    ori = orientation_cells(code, orientation)
    rows = 1 + max(r for r, _ in ori.cells)
    cols = 1 + max(c for _, c in ori.cells)
    cells = set(ori.cells)
    style = COLOUR_STYLE[code[0]]
    out = []
    for r in range(rows):
        line = Text()
        for c in range(cols):
            if (r, c) in cells:
                mark = code[0] * cell
                if (r, c) == ori.half_cell:
                    mark = code[0] + SIDE_ARROW[D.SIDES[ori.half_side]] * (cell - 1)
                line.append(mark, style=style)
            else:
                line.append(" " * cell)
        out.append(line)
    return out


# -- the vehicle grid ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Ghost:
    """A tile (or one dabba) hovering over the grid: where it would land and whether it may."""

    squares: tuple[int, ...]
    colour: str | None
    level: int
    legal: bool
    half_square: int = -1
    half_side: str | None = None
    completes_chai: bool = False


@dataclass
class _Cell:
    key: object  # what the square shows: same key on neighbours = no border between them
    text: str
    style: str
    half: str | None = None
    chai: bool = False  # the half met its other half: a completed chai
    ghost: bool = False
    extra: str = ""  # second line of a tall cell
    level: int = 0


_CORNERS = {
    (0, 0, 0, 0): " ",
    (1, 0, 1, 0): "│",
    (0, 1, 0, 1): "─",
    (0, 1, 1, 0): "┌",
    (0, 0, 1, 1): "┐",
    (1, 1, 0, 0): "└",
    (1, 0, 0, 1): "┘",
    (1, 1, 1, 0): "├",
    (1, 0, 1, 1): "┤",
    (0, 1, 1, 1): "┬",
    (1, 1, 0, 1): "┴",
    (1, 1, 1, 1): "┼",
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╶",
    (0, 0, 1, 0): "╷",
    (0, 0, 0, 1): "╴",
}


def layer_at(stack: Sequence[Layer], level: int) -> Layer | None:
    """The dabba of this square's stack at `level` (stacks have no gaps: index level - 1)."""
    if 1 <= level <= len(stack):
        return stack[level - 1]
    return None


def _cells(
    view: DabbaView, pv: PlayerView, level: int | None, ghost: Ghost | None, mark_level: int
) -> dict[int, _Cell]:
    inside = set(view.squares)
    out: dict[int, _Cell] = {}
    for s in range(view.rows * view.cols):
        if ghost is not None and s in ghost.squares:
            g = glyph(ghost.colour)
            if ghost.legal:
                text, style = f"+{g}{ghost.level}", COLOUR_STYLE[ghost.colour] + " reverse"
            else:
                text, style = f"x{g}{ghost.level}", palette.GHOST_BLOCKED.cell
            half = ghost.half_side if s == ghost.half_square else None
            under = f"on {len(pv.stacks[s])}" if s in inside else "off!"  # what the ghost hides
            chai = half is not None and ghost.completes_chai
            out[s] = _Cell("ghost", text, style, half, chai, ghost=True, extra=under, level=ghost.level)
            continue
        if s not in inside:
            continue
        stack = pv.stacks[s]
        if level is None:
            top = stack[-1] if stack else None
            shown_level = len(stack)
        else:
            top = layer_at(stack, level)
            shown_level = level
        if top is None:
            if level is not None and stack and len(stack) > level:
                raise AssertionError("stacks have no gaps")
            # a level view tells a square that could carry a dabba on this level from a hole
            hole = level is not None and len(stack) < level - 1
            out[s] = _Cell(("floor", s), HOLE_GLYPH if hole else FLOOR_GLYPH, FLOOR_STYLE)
            continue
        style = COLOUR_STYLE[top.colour]
        if mark_level and top.level == mark_level:
            style += " underline"
        out[s] = _Cell(
            (top.piece, top.level),
            f"{glyph(top.colour)}{shown_level}",
            style,
            top.half,
            top.chai,
            extra=top.piece,
            level=top.level,
        )
    return out


def vehicle_text(
    view: DabbaView,
    pv: PlayerView,
    *,
    cell_w: int = 4,
    cell_h: int = 1,
    level: int | None = None,
    ghost: Ghost | None = None,
    mark_level: int = 0,
) -> Text:
    """The vehicle seen from above (or one `level` of it): each square shows its top dabba's colour
    letter and height; borders run only where two different tiles (or levels) meet, so a tile is
    one coloured block; '*' marks a half-chai on its edge, '@' two halves that meet."""
    rows, cols = view.rows, view.cols
    cells = _cells(view, pv, level, ghost, mark_level)

    def key(r: int, c: int) -> object:
        if 0 <= r < rows and 0 <= c < cols:
            cell = cells.get(r * cols + c)
            return None if cell is None else cell.key
        return None

    def present(r: int, c: int) -> bool:
        return 0 <= r < rows and 0 <= c < cols and (r * cols + c) in cells

    def h_edge(r: int, c: int) -> bool:  # the edge above square (r, c)
        a, b = present(r - 1, c), present(r, c)
        return (a or b) and (not (a and b) or key(r - 1, c) != key(r, c))

    def v_edge(r: int, c: int) -> bool:  # the edge left of square (r, c)
        a, b = present(r, c - 1), present(r, c)
        return (a or b) and (not (a and b) or key(r, c - 1) != key(r, c))

    def half_mark(s_a: int | None, side_a: str, s_b: int | None, side_b: str) -> str | None:
        a = cells.get(s_a) if s_a is not None else None
        b = cells.get(s_b) if s_b is not None else None
        ha = a is not None and a.half == side_a
        hb = b is not None and b.half == side_b
        met = a is not None and b is not None and ((a.chai and b.chai) or (a.ghost and a.chai) or (b.ghost and b.chai))
        if ha and hb and a is not None and b is not None and a.level == b.level and met:
            return CHAI_MARK  # a chai completed (or the ghost completes one): facing halves can also have met none
        if ha or hb:
            return HALF_MARK
        return None

    def sq(r: int, c: int) -> int | None:
        return r * cols + c if 0 <= r < rows and 0 <= c < cols else None

    def fill_style(*squares: tuple[int, int]) -> str:
        """Inside one tile the border space takes the tile's colour."""
        ks = [key(r, c) for r, c in squares]
        first = sq(*squares[0])
        if first is not None and all(present(r, c) for r, c in squares) and len(set(map(repr, ks))) == 1:
            return cells[first].style
        return ""

    text = Text()
    for r in range(rows + 1):
        # border line above row r
        line = Text()
        for c in range(cols + 1):
            up = v_edge(r - 1, c) if r > 0 else False
            down = v_edge(r, c) if r < rows else False
            left = h_edge(r, c - 1) if c > 0 else False
            right = h_edge(r, c) if c < cols else False
            corner = _CORNERS[(int(up), int(right), int(down), int(left))]
            around = [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]
            line.append(corner, style=BORDER_STYLE if corner != " " else fill_style(*around))
            if c < cols:
                if h_edge(r, c):
                    seg = ["─"] * cell_w
                    mark = half_mark(sq(r - 1, c) if r > 0 else None, "S", sq(r, c) if r < rows else None, "N")
                    if mark:
                        seg[cell_w // 2] = mark
                    line.append("".join(seg), style="bold" if mark else BORDER_STYLE)
                else:
                    line.append(" " * cell_w, style=fill_style((r - 1, c), (r, c)))
        text.append_text(line)
        if r == rows:
            break
        text.append("\n")
        for k in range(cell_h):
            line = Text()
            for c in range(cols + 1):
                if v_edge(r, c):
                    mark = half_mark(sq(r, c - 1) if c > 0 else None, "E", sq(r, c) if c < cols else None, "W")
                    line.append(mark or "│", style="bold" if mark else BORDER_STYLE)
                else:
                    line.append(" ", style=fill_style((r, c - 1), (r, c)))
                if c < cols:
                    cell = cells.get(r * cols + c)
                    if cell is None:
                        line.append(" " * cell_w)
                    else:
                        body = cell.text if k == 0 else cell.extra
                        line.append(body.center(cell_w)[:cell_w], style=cell.style)
            text.append_text(line)
            text.append("\n")
    return text


def level_caption(pv: PlayerView, level: int | None, *, say_empty: bool = True) -> str:
    """The level marker (DW-2: 1-10, and the true level above 10) or the level being viewed; over a
    drawn grid, which shows an empty vehicle itself, without saying it is empty (`say_empty`)."""
    marker = f"level {pv.level_marker}" if pv.level <= 10 else f"marker {pv.level_marker} (level {pv.level})"
    if pv.level == 0 and say_empty:
        marker = f"level {pv.level_marker}, empty"
    if level is None:
        return marker
    return f"LEVEL VIEW {level}/{pv.level}"


# -- the board -----------------------------------------------------------------------------------
def figure_marks(view: DabbaView) -> list[str]:
    """One short mark per seat for figures on the ring: first letters, or more when they clash."""
    names = [p.name for p in view.players]
    for n in range(1, 4):
        marks = [name[:n] for name in names]
        if len(set(marks)) == len(marks):
            return marks
    return [str(i + 1) for i in range(len(names))]


RING_ROWS = ((0, 1, 2), (5, 4, 3))  # clockwise: 1 2 3 along the top, 4 5 6 back along the bottom


def ring_card(code: str | None, tickets: int) -> Text:
    """A card on the compact ring: its code, its tile's shape drawn small, its tips, the tickets."""
    if code is None:
        return card_line(None, tickets=tickets)
    text = Text()
    text.append(code, style=COLOUR_STYLE[code[0]])
    text.append(" ")
    text.append_text(mini_shape(code))
    text.append(f" {tips_text(code)}")
    if tickets:
        text.append(f" {tickets}t", style="bold")
    return text


def ring_compact(view: DabbaView, *, width: int = 78, cursor: int | None = None, passing: Sequence[int] = ()) -> Text:
    """The six spaces as a ring in three lines: '1 Y07 I3 R+2 2t A' ... clockwise 1>2>3>4>5>6>1."""
    marks = figure_marks(view)
    slot = max((width - 6) // 3, 16)
    text = Text()
    for row_i, row in enumerate(RING_ROWS):
        line = Text()
        for k, sp in enumerate(row):
            space = view.spaces[sp]
            cell = Text()
            cell.append(f"{sp + 1}", style="bold reverse" if sp == cursor else "bold")
            cell.append(">" if sp == cursor else " ", style="bold")  # the cursor reads without colour too
            cell.append_text(ring_card(space.card, space.tickets))
            if sp in passing:
                cell.append("+1t", style="bold")
            if space.figures:
                cell.append(" ")
                cell.append(",".join(marks[p] for p in space.figures), style="bold underline")
            if sp == cursor:
                cell.stylize("reverse")
            cell.truncate(slot, pad=True)
            line.append_text(cell)
            if k < 2:
                line.append(" > " if row_i == 0 else " < ", style="dim")
        text.append_text(line)
        if row_i == 0:
            text.append("\n")
            text.append("^".ljust(slot * 3 + 6 - 1) + "v", style="dim")
            text.append("\n")
    return text


def _space_lines(view: DabbaView, sp: int, *, inner: int, cursor: bool, passing: bool) -> list[Text]:
    """A space of the roomy ring inside its frame: the card line, then three lines of its tile's shape
    beside the tickets lying there and the figures standing there."""
    space = view.spaces[sp]
    names = [p.name for p in view.players]
    head = Text(f">{sp + 1}<" if cursor else f" {sp + 1} ", style="bold reverse" if cursor else "bold")
    if space.card:
        head.append_text(card_line(space.card))
    else:
        head.append("(empty)", style="dim")
    shape = shape_lines(space.card) if space.card else []
    side = [Text(), Text(), Text()]
    if space.tickets:
        side[0].append(f"{space.tickets} ticket{'s' if space.tickets > 1 else ''}", style="bold")
    if passing:
        side[0].append(" +1t", style="bold")
    room = inner - 8  # beside the tile's shape
    figures = ["@" + names[p] for p in space.figures]
    if len(" ".join(figures)) > 2 * room or any(len(f) > room for f in figures):
        marks = figure_marks(view)
        figures = ["@" + marks[p] for p in space.figures]
    k = 1
    for f in figures:  # whole names, on the lines beside the shape
        if side[k].cell_len and side[k].cell_len + 1 + len(f) > room and k < 2:
            k += 1
        if side[k].cell_len:
            side[k].append(" ")
        side[k].append(f, style="bold underline")
    lines = [head]
    for k in range(3):
        line = Text(" ")
        cell = shape[k].copy() if k < len(shape) else Text("")
        cell.truncate(7, pad=True)
        line.append_text(cell)
        line.append_text(side[k])
        lines.append(line)
    return lines


def space_box(view: DabbaView, sp: int, *, width: int, cursor: bool, passing: bool, body: int = 3) -> list[Text]:
    """One space of the ring, roomy: number, card code and tips, its tile's shape beside the tickets
    lying on it and the figures standing there, in `body` lines under the card."""
    inner = width - 2
    lines = _space_lines(view, sp, inner=inner, cursor=cursor, passing=passing)[: 1 + body]
    border = "bold" if cursor else "dim"
    out = [Text("┌" + "─" * inner + "┐", style=border)]
    for line in lines:
        line.truncate(inner, pad=True)
        out.append(Text().append("│", style=border).append_text(line).append("│", style=border))
    out.append(Text("└" + "─" * inner + "┘", style=border))
    return out


def ring_body(view: DabbaView, width: int, passing: Sequence[int] = ()) -> int:
    """The lines under the card line that the six spaces fill (a flat tile and nobody on the space
    leave the rest blank): every box of the ring gets that many."""
    inner = ring_box_width(width) - 2
    used = 1
    for sp in range(6):
        lines = _space_lines(view, sp, inner=inner, cursor=False, passing=sp in passing)
        used = max([used, *(k for k, line in enumerate(lines) if line.plain.strip())])
    return used


def ring_box_width(width: int) -> int:
    return min(max((width - 6) // 3, 16), 30)


def ring_roomy_height(view: DabbaView, width: int, passing: Sequence[int] = ()) -> int:
    """The lines `ring_roomy` takes: two rows of boxes and the arrows between them."""
    return 2 * (ring_body(view, width, passing) + 3) + 1


def ring_roomy(view: DabbaView, *, width: int = 78, cursor: int | None = None, passing: Sequence[int] = ()) -> Text:
    """The ring as two rows of three card boxes (1 2 3 along the top, 6 5 4 along the bottom)."""
    box_w = ring_box_width(width)
    body = ring_body(view, width, passing)
    text = Text()
    for row_i, row in enumerate(RING_ROWS):
        boxes = [space_box(view, sp, width=box_w, cursor=sp == cursor, passing=sp in passing, body=body) for sp in row]
        for k in range(len(boxes[0])):
            line = Text()
            for b, box in enumerate(boxes):
                line.append_text(box[k])
                if b < 2:
                    arrow = (">" if row_i == 0 else "<") if k == 2 else " "
                    line.append(f" {arrow} ", style="dim")
            text.append_text(line)
            text.append("\n")
        if row_i == 0:
            text.append("^".center(box_w) + "   " + " " * box_w + "   " + "v".center(box_w), style="dim")
            text.append("\n")
    text.rstrip()
    return text


# -- delivery -----------------------------------------------------------------------------------
def table_rules(view: DabbaView, *, roomy: bool) -> str:
    """What lies beside the board all game: Module 2's orders and Module 1's double-zero colours
    ('' when neither option is on). Short at 80 columns: 'Orders 1,5  Double zero Y+ R-'."""
    parts = []
    if view.orders and roomy:
        parts.append("Orders: " + ", ".join(f"{o} {D.ORDER_NAMES[o]}" for o in view.orders))
    elif view.orders:
        parts.append("Orders " + ",".join(str(o) for o in view.orders) + " (Esc r)")
    if view.double_zero:
        long, short = view.double_zero
        if roomy:
            parts.append(f"Double zero: {long} extended, {short} shortened")
        else:
            parts.append(f"Double zero {long}+ {short}-")
    return "   ".join(parts)


def tracks_text(view: DabbaView, reading: TrackReading | None, *, width: int = 0) -> Text:
    """The four scoring tracks as the view gives their scales; with a reading, the marker [x] on the
    space its position stands on (a position past the last space stands on it), its sum, and
    "(capped)" when the track's end held the marker short of the sum. Two tracks to a line when
    `width` holds them (80 columns in delivery), else one a line."""
    lines = [_track_line(view, reading, c) for c in range(4)]
    if width:
        pairs = [lines[0].copy(), lines[2].copy()]
        room = max(line.cell_len for line in lines[0::2])
        if room + 3 + max(line.cell_len for line in lines[1::2]) <= width:
            for pair, right in zip(pairs, lines[1::2], strict=True):
                pair.pad_right(room + 3 - pair.cell_len)
                pair.append_text(right)
            lines = pairs
    return Text("\n").join(lines)


def _track_line(view: DabbaView, reading: TrackReading | None, c: int) -> Text:
    text = Text()
    values = view.track_scales[c]
    letter = D.COLOURS[c]
    text.append(f"{letter}", style=COLOUR_STYLE[letter])
    text.append(f" {D.COLOUR_NAMES[c]:<6} ")
    marker = None if reading is None else min(reading.positions[c], len(values) - 1)
    for i, v in enumerate(values):
        if marker == i:
            text.append(f"[{v}]", style="bold reverse")
        else:
            text.append(f" {v} ", style="dim")
    if reading is not None:
        raw = reading.sums[c]
        text.append(f"  sum {raw:+d}")
        if raw != reading.positions[c]:
            text.append(" (capped)", style="italic")
    return text


def chai_text(kind: str, *, vetoed: bool = False) -> Text:
    """An orange or light-blue chai tile: '+R', '-B', 'veto', 'later', 'jump' ...; a vetoed -1 tile is
    crossed out ('~-B~')."""
    if vetoed and kind.startswith("-"):
        return Text(f"~{kind}~ vetoed", style="strike dim")
    style = (palette.CHAI_TILE_ORANGE if kind in D.ORANGE else palette.CHAI_TILE_BLUE).cell
    return Text(kind, style=style)


def choice_text(card: str | None, kinds: Sequence[str], *, veto: bool) -> Text:
    text = card_line(card) if card else Text("no card", style="dim")
    for kind in kinds:
        text.append(" ")
        text.append_text(chai_text(kind, vetoed=veto))
    return text


@dataclass
class LevelLoad:
    """What one player delivers on a level: dabbas per colour (Y R B G) and empties."""

    colours: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    empties: int = 0


def level_load(pv: PlayerView, level: int) -> LevelLoad:
    load = LevelLoad()
    for stack in pv.stacks:
        layer = layer_at(stack, level)
        if layer is None:
            continue
        if layer.colour is None:
            load.empties += 1
        else:
            load.colours[D.COLOURS.index(layer.colour)] += 1
    return load


def tips_breakdown(load: LevelLoad, values: Sequence[int]) -> str:
    """'2Yx3 + 1Rx0 + 1E x-2 = 4': dabbas per colour times the colour's value, empties."""
    parts = [f"{n}{D.COLOURS[c]}x{values[c]}" for c, n in enumerate(load.colours) if n]
    if load.empties:
        parts.append(f"{load.empties}E x-{D.EMPTY_PENALTY}")
    total = sum(n * values[c] for c, n in enumerate(load.colours)) - D.EMPTY_PENALTY * load.empties
    return (" + ".join(parts) or "nothing") + f" = {total}"
