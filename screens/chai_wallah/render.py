"""Chai Wallah drawn as text: order cards, dice diamonds, seat rows, the live feed.

Pure functions from the core's view (a dict) to rich `Text`, so the layout is tested without a
terminal. Meaning is carried by letters, brackets and marks; colour only adds to them (NO_COLOR,
16 colours):

- a die is its ingredient letter and value: `T5` (T tea, S spice, U sugar, M milk; 1 is wild);
- held: plain `T5`; offered: `[T5]` (another seat's offered value is hidden: `[T?]`);
  fresh: `T5*7` (may be re-rolled for 7 more seconds).

The order card and every seat's dice use the key diamond: up = spice, left = tea, down = sugar,
right = milk.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rich.style import Style
from rich.text import Text

from chaigames.chai_wallah.keys import CHAI
from chaigames.chai_wallah.orders import INGREDIENTS, LETTERS
from chaigames.chai_wallah.view import ChaiWallahView, DieView, SeatView

from .. import palette
from ..widgets import fit_line

INGREDIENT_STYLE: dict[str, Style] = {ing: swatch.style for ing, swatch in palette.INGREDIENTS.items()}
"""The dice colours of the rulebook (tea black, spice red, sugar brown, milk white), each die a
coloured cell; the letter says the same thing (NO_COLOR, 16 colours)."""

OFFERED_STYLE = Style(reverse=True)
FRESH_STYLE = Style(italic=True, underline=True)
NAME_STYLE = Style(bold=True)
ALERT_STYLE = Style(bold=True, reverse=True)

KEY_GLYPH: dict[str, str] = {"up": "^", "left": "<", "down": "v", "right": ">", "enter": "Ent"}
"""Keys as printed next to the dice: ASCII, one column wide in every terminal."""

DIE_WIDTH = 5  # "[T5]", "T5*7"
FEED_KINDS = frozenset({"trade", "claim", "false_claim", "stall", "reroll_all", "reshuffle", "win"})
"""What the live feed shows: trades, claims (true and false), the stall's swaps, the end. Offers,
re-rolls of single fresh dice and timers are left to the dice themselves."""

LEGEND = "[T5] offered  T5*7 fresh (re-roll 7 s)  1 wild  T tea S spice U sugar M milk"


def key_glyph(key: str) -> str:
    return KEY_GLYPH.get(key, key)


def die_text(die: DieView) -> Text:
    """One die: letter + value, in brackets when offered, `*seconds` when fresh."""
    ing = die.ingredient
    letter = LETTERS[ing]
    value = die.value
    shown = "?" if value is None else str(value)
    state = die.state
    # the colour is a span on the die itself, so padding after it stays the table's colour
    if state == "offered":
        return Text().append(f"[{letter}{shown}]", style=INGREDIENT_STYLE[ing] + OFFERED_STYLE)
    if state == "fresh":
        out = Text().append(f"{letter}{shown}", style=INGREDIENT_STYLE[ing] + FRESH_STYLE)
        out.append(f"*{fresh_seconds(die)}")
        return out
    return Text().append(f"{letter}{shown}", style=INGREDIENT_STYLE[ing])


def fresh_seconds(die: DieView) -> str:
    """The whole seconds a fresh die may still be re-rolled, as shown after its `*`."""
    left = die.fresh_for
    return "" if left is None else str(max(math.ceil(left - 1e-9), 0))


def pad(text: Text | str, width: int, align: str = "left") -> Text:
    """`text` cut or padded to exactly `width` columns."""
    out = Text(text) if isinstance(text, str) else text.copy()
    out.truncate(width)
    room = width - out.cell_len
    if room > 0:
        if align == "center":
            left = room // 2
            out = Text(" " * left) + out + Text(" " * (room - left))
        else:
            out.append(" " * room)
    return out


def join(parts: Sequence[Text | str]) -> Text:
    out = Text()
    for part in parts:
        if isinstance(part, str):
            out.append(part)  # plain words: no Text made for them
        else:
            out.append_text(part)
    return out


# -- orders --------------------------------------------------------------------------------------------
CARD_WIDTH = 17


@dataclass(frozen=True)
class Taken:
    """The order a claim took, while the market is frozen by it (or the game won with it)."""

    seat: int  # the claimer
    order: tuple[int, ...]  # tea, milk, spice, sugar as the order asked
    slot: int  # where the card lay among the face-up orders


def taken_order(view: ChaiWallahView, events: Sequence[Any]) -> Taken | None:
    """What the claim that holds the market now took: read from its event, since the card it took is
    replaced at once. None while no claim freezes the market or ends the game."""
    if view.winner is None and view.frozen_for is None:
        return None
    claimer = view.winner if view.winner is not None else view.claimer
    if claimer is None:
        return None
    for e in reversed(events):
        if e.kind == "claim" and e.data.get("seat") == claimer:
            order, slot = e.data.get("order"), e.data.get("slot")
            if isinstance(order, list | tuple) and isinstance(slot, int) and 0 <= slot < len(view.orders):
                return Taken(claimer, tuple(order), slot)
            return None
    return None


def order_cards(view: ChaiWallahView, width: int, taken: Taken | None = None) -> Text:
    """The face-up orders as 4-line cards in the key diamond, then the deck and the target. While a
    claim holds the market (`taken`), the taken order stands in its place with the claimer's dice on
    it (`S1=5`: a wild one for the order's five), titled CHAI! and the claimer's name."""
    lines = [Text(), Text(), Text(), Text()]
    dice = {d.ingredient: d.value for d in view.seats[taken.seat].dice} if taken is not None else {}
    for k, order in enumerate(view.orders):
        vals = dict(zip(INGREDIENTS, order, strict=True))
        title = Text(f"Order {k + 1}", style=NAME_STYLE)
        claimed = taken is not None and k == taken.slot
        if taken is not None and claimed:
            vals = dict(zip(INGREDIENTS, taken.order, strict=True))
            title = Text(f"CHAI! {view.seats[taken.seat].name}"[: CARD_WIDTH - 1], style=ALERT_STYLE)

        def cell(ing: str, vals: dict[str, int] = vals, claimed: bool = claimed) -> Text:
            if claimed:
                return join([Text(f"{LETTERS[ing]}{dice[ing]}", style=INGREDIENT_STYLE[ing]), f"={vals[ing]}"])
            return Text(f"{LETTERS[ing]}{vals[ing]}", style=INGREDIENT_STYLE[ing])

        gap = "    " if claimed else "      "
        lines[0].append_text(pad(title, CARD_WIDTH))
        lines[1].append_text(pad(join(["    ", cell("spice")]), CARD_WIDTH))
        lines[2].append_text(pad(join([cell("tea"), gap, cell("milk")]), CARD_WIDTH))
        lines[3].append_text(pad(join(["    ", cell("sugar")]), CARD_WIDTH))
    if taken is not None:
        seat = view.seats[taken.seat]
        lines[0].append("WINS!" if view.winner == taken.seat else "CHAI!", style=ALERT_STYLE)
        lines[1].append(f"{seat.name}: {seat.score} of {view.target}", style=ALERT_STYLE)
        return _cut(lines, width)
    lines[0].append(f"Deck {view.deck}")
    lines[1].append(f"First to {view.target}")
    stall = view.stall
    lines[2].append("Stall " + ("off" if stall is None else f"{stall:g} s"))
    if view.bundle:
        lines[3].append("Bundle trades")
    return _cut(lines, width)


def _cut(lines: list[Text], width: int) -> Text:
    for line in lines:
        line.truncate(width)
    return Text("\n").join(lines)


# -- seats ------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatLabel:
    """What the screen knows about a seat beyond the view: its keys and a flashed message."""

    keys: dict[str, str] | None = None  # role -> key (None: a bot or nobody at the keyboard)
    tag: str = ""  # "you", "bot", "zone 1"...
    flash: str = ""  # a refusal, shown for a moment beside the seat
    zone: int | None = None  # the human's key zone: the seat's name is drawn in its colour

    @property
    def name_style(self) -> Style:
        return palette.ZONES[self.zone].style if self.zone is not None else NAME_STYLE


def seat_notes(view: ChaiWallahView, s: int, locked: bool = True) -> list[Text]:
    """The seat's state in words: Chai! during the freeze it caused, locked (unless `locked` is
    False: the big block says it in the seat's header), forming an offer."""
    seat = view.seats[s]
    notes: list[Text] = []
    if view.winner == s:
        notes.append(Text("WINNER", style=ALERT_STYLE))
    if view.claimer == s and view.frozen_for is not None:
        notes.append(Text("CHAI!", style=ALERT_STYLE))
    if locked and seat.locked_for is not None:
        notes.append(Text(f"LOCKED {seat.locked_for:.1f} s", style=ALERT_STYLE))
    if seat.forming:
        notes.append(Text("forming"))
    return notes


def _notes_line(view: ChaiWallahView, s: int, label: SeatLabel, room: int | None = None) -> Text:
    """The seat's state first (a lock's countdown is never pushed off the line), then the flash that
    answers the key just pressed, cut at a word boundary to the `room` left on the line."""
    parts = seat_notes(view, s)
    if label.flash:
        flash = Text(f"! {label.flash}", style=Style(bold=True))
        used = sum(p.cell_len + 1 for p in parts)
        if room is not None:
            flash = fit_line(flash, max(room - used, 0))
        parts.append(flash)
    return Text(" ").join(parts)


def _dice_by_role(seat: SeatView) -> dict[str, DieView]:
    return {d.ingredient: d for d in seat.dice}


@lru_cache(maxsize=1024)
def _keyed_die(die: DieView, key: str | None) -> Text:
    """'w S3  ': the seat's key for this die (if a human's), then the die. Kept by die and key (the same
    die is drawn again whenever its seat is, and every caller copies the text it is given)."""
    prefix = Text(f"{key_glyph(key)} " if key else "  ")
    return join([prefix, pad(die_text(die), DIE_WIDTH)])


def seat_row(view: ChaiWallahView, s: int, label: SeatLabel, width: int) -> Text:
    """One line per seat (80x24 with 8 seats): name, tag, score, T S U M dice with keys, notes."""
    seat = view.seats[s]
    dice = _dice_by_role(seat)
    keys = label.keys or {}
    head = join(
        [
            pad(Text(seat.name[:10], style=label.name_style), 10),
            " ",
            pad(label.tag, 4),
            f"{seat.score}/{view.target} ",
        ]
    )
    body = Text(" ").join(_keyed_die(dice[ing], keys.get(ing)) for ing in INGREDIENTS)
    chai = pad(f" {key_glyph(keys[CHAI])}=Chai!" if CHAI in keys else "", 11)  # a space after "Ent=Chai!" too
    line = join([head, body, chai])
    line.append_text(_notes_line(view, s, label, width - line.cell_len))
    line.truncate(width)
    return line


SEAT_HEAD = 16
DIAMOND = 2 + DIE_WIDTH  # one keyed die


def seat_block(view: ChaiWallahView, s: int, label: SeatLabel, width: int) -> Text:
    """Three lines per seat: name/score/tag, the dice in the key diamond (with the seat's keys),
    the Chai! key, and what is happening to the seat (locked, forming, a refusal)."""
    return Text("\n").join(seat_block_lines(view, s, label, width))


def seat_block_lines(view: ChaiWallahView, s: int, label: SeatLabel, width: int) -> list[Text]:
    """`seat_block`'s three lines."""
    seat = view.seats[s]
    dice = _dice_by_role(seat)
    keys = label.keys or {}
    gap = " " * DIAMOND
    left = [
        pad(Text(seat.name[:SEAT_HEAD], style=label.name_style), SEAT_HEAD),
        pad(f"orders {seat.score}/{view.target}", SEAT_HEAD),
        pad(label.tag, SEAT_HEAD),
    ]
    diamond = [
        join([gap, _keyed_die(dice["spice"], keys.get("spice")), gap]),
        join([_keyed_die(dice["tea"], keys.get("tea")), gap, _keyed_die(dice["milk"], keys.get("milk"))]),
        join([gap, _keyed_die(dice["sugar"], keys.get("sugar")), gap]),
    ]
    chai = pad(f"  {key_glyph(keys[CHAI])} Chai!" if CHAI in keys else "", 12)
    notes = seat_notes(view, s)
    right = [
        Text(" ").join(notes),
        Text(f"! {label.flash}", style=Style(bold=True)) if label.flash else Text(),
        Text(),
    ]
    lines = []
    for k in range(3):
        line = join([left[k], diamond[k], chai if k == 1 else Text(" " * 12), right[k]])
        line.truncate(width)
        lines.append(line)
    return lines


def seats_text(
    view: ChaiWallahView, labels: Sequence[SeatLabel], width: int, diamond: bool, drawn: dict | None = None
) -> Text:
    """Every seat's lines, as one text (see `seats_lines`)."""
    return Text("\n").join(seats_lines(view, labels, width, diamond, drawn))


def seats_lines(
    view: ChaiWallahView, labels: Sequence[SeatLabel], width: int, diamond: bool, drawn: dict | None = None
) -> list[Text]:
    """Every seat's lines, in seat order. With `drawn` (a dict the screen keeps), a seat whose `seat_shows`
    and label are as last time reuses its lines: the clock redraws 20 times a second, and most ticks change
    one seat or none."""
    lines: list[Text] = []
    for s in range(len(view.seats)):
        key = (diamond, width, labels[s], seat_shows(view, s))
        last = drawn.get(s) if drawn is not None else None
        if last is None or last[0] != key:
            seat = seat_block_lines(view, s, labels[s], width) if diamond else [seat_row(view, s, labels[s], width)]
            last = (key, seat)
            if drawn is not None:
                drawn[s] = last
        lines.extend(last[1])
    return lines


def seat_shows(view: ChaiWallahView, s: int) -> tuple:
    """Everything of the view that seat `s`'s lines show, as shown (a fresh die's whole seconds, a
    lock's tenths): equal for two views exactly when the seat's lines are. Whoever draws more of
    the view in `seat_row` or `seat_block` adds it here."""
    seat = view.seats[s]
    dice = tuple((d.ingredient, d.value, d.state, fresh_seconds(d) if d.state == "fresh" else "") for d in seat.dice)
    locked = seat.locked_for
    return (
        seat.name,
        seat.score,
        view.target,
        dice,
        None if locked is None else f"{locked:.1f}",
        bool(seat.forming),
        view.winner == s,
        view.claimer == s and view.frozen_for is not None,
    )


def diamond_fits(seats: int, rows: int) -> bool:
    """Three lines a seat when they leave at least three lines of feed; else one line a seat."""
    return 3 * seats + 3 <= rows


# -- the feed ---------------------------------------------------------------------------------------------
def feed_lines(events: Sequence[Any], rows: int, width: int = 200) -> Text:
    """The last `rows` lines of trades, claims and stall swaps, each with its game time. Long lines
    wrap under their text here (not in the widget), so the newest line is never out of sight. The
    events are read from the newest back, as far as `rows` of them (a long game's log is long)."""
    out: list[Text] = []
    shown: list[Any] = []
    for e in reversed(events) if rows > 0 else ():
        if e.kind in FEED_KINDS:
            shown.append(e)
            if len(shown) == rows:
                break
    for e in reversed(shown):
        t = e.data.get("t")
        stamp = f"{t:6.1f}  " if isinstance(t, int | float) else " " * 8
        style = ALERT_STYLE if e.kind in ("claim", "win") else Style()
        pieces = textwrap.wrap(e.text, max(width - len(stamp), 10)) or [""]
        for k, piece in enumerate(pieces):
            out.append(Text(stamp if k == 0 else " " * len(stamp)) + Text(piece, style=style))
    return Text("\n").join(out[-rows:] if rows > 0 else [])
