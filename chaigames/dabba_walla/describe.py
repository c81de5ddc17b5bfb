"""Words for the generic text screen: the visible state and a short label per action."""

from __future__ import annotations

from typing import Any

from . import data as D
from .actions import (
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
from .view import DabbaView, PlayerView


def _card_text(code: str | None) -> str:
    if code is None:
        return "-"
    tips = D.CARD_TIPS[D.CARD_IDS[code]]
    bottom = " ".join(f"{D.COLOURS[c]}+{v}" for c, v in enumerate(tips) if v) or "0"
    shape = D.TILE_TABLE[D.CARD_IDS[code] % D.TILES_PER_COLOUR][0]
    return f"{code}[{shape} {bottom}]"


def _vehicle_rows(view: DabbaView, pv: PlayerView) -> list[str]:
    squares = set(view.squares)
    lines = []
    for r in range(view.rows):
        cells = []
        for c in range(view.cols):
            s = r * view.cols + c
            if s not in squares:
                cells.append("  .  ")
                continue
            stack = pv.stacks[s]
            if not stack:
                cells.append("  _  ")
                continue
            top = stack[-1]
            half = top.half.lower() if top.half else " "
            cells.append(f"{top.colour or 'E'}{top.level:>2}{half} ")
        lines.append("    " + "".join(cells))
    return lines


def describe_view(view: DabbaView) -> str:
    out: list[str] = []
    phase = {"pickup": "Pick-up phase", "final": "Final placements", "delivery": "Delivery phase", "over": "Game over"}
    head = phase.get(view.phase, view.phase)
    if view.phase == "delivery":
        head += f", round {view.round} of {view.rounds}: level {view.level}"
    out.append(f"{head} ({view.vehicle_label})")
    if view.phase in ("pickup", "final"):
        out.append(
            "Board: "
            + "  ".join(
                f"{i + 1}:{_card_text(sp.card)}"
                + (f" +{sp.tickets}t" if sp.tickets else "")
                + ("".join(f" @{view.players[p].name}" for p in sp.figures))
                for i, sp in enumerate(view.spaces)
            )
        )
        out.append(f"Draw pile {view.draw_count}, empty dabbas {view.empties_left}, chai tiles {view.chai_supply}")
    extras = []
    if view.orders:
        extras.append("orders " + ", ".join(f"{o} ({D.ORDER_NAMES[o]})" for o in view.orders))
    if view.double_zero:
        extras.append(f"double zero: {view.double_zero[0]} extended, {view.double_zero[1]} shortened")
    if view.no_minus:
        extras.append("no -1 tiles")
    if extras:
        out.append("; ".join(extras))
    if view.last_round:
        lr = view.last_round
        out.append(
            f"Last round (level {lr.level}): tracks "
            + " ".join(f"{D.COLOURS[c]}={lr.tracks.values[c]}" for c in range(4))
        )
    for pv in view.players:
        marks = []
        if view.turn == pv.seat or (view.phase == "delivery" and pv.seat in view.actors):
            marks.append("*")
        line = f"{''.join(marks)}{pv.name}: tips {pv.tips}, tickets {pv.tickets}, level {pv.level}"
        if pv.hand is not None:
            line += ", hand " + " ".join(_card_text(c) for c in pv.hand)
        else:
            line += f", {pv.hand_count} cards in hand"
        if pv.chai is not None:
            line += ", chai " + (", ".join(D.CHAI_LABELS[k] for k in pv.chai) or "none")
        else:
            line += f", {pv.chai_count} chai tiles"
        if pv.pending:
            line += f", placing {_card_text(pv.pending)}"
        if view.phase == "delivery":
            if pv.choice is not None and not pv.committed and not pv.revealed:
                kinds = pv.choice[1]
                line += ", choosing" + (" (tiles: " + ", ".join(kinds) + ")" if kinds else "")
            elif pv.choice is not None:
                card, kinds = pv.choice
                line += f", choice {card or 'no card'}" + (" + " + ", ".join(kinds) if kinds else "")
            elif pv.later:
                line += ", plays later"
            else:
                line += ", has chosen" if pv.committed else ", choosing"
        out.append(line)
        out.extend(_vehicle_rows(view, pv))
    return "\n".join(out)


def describe_action(action: Any) -> str:
    t = type(action)
    if t is Start:
        return f"Start on space {action.space + 1}"
    if t is Move:
        way = "clockwise" if action.direction == 1 else "counterclockwise"
        cost = action.steps - 1
        return f"Move {action.steps} {way}" + (f" ({cost} ticket{'s' if cost > 1 else ''})" if cost else "")
    if t is Jump:
        return f"Jump to space {action.space + 1}"
    if t is Swap:
        return f"Swap {action.card} with space {action.space + 1}"
    if t is PlayCard:
        return f"Play {_card_text(action.card)}"
    if t is Place:
        way = "as on the card" if action.orientation == 0 else f"turned (way {action.orientation + 1})"
        return f"Place the tile {way} at ({action.row + 1},{action.col + 1}) on level {action.level}"
    if t is ReturnTile:
        return "Return the tile to the box (it fits nowhere)"
    if t is AddEmpty:
        return f"Add an empty dabba at ({action.row + 1},{action.col + 1})"
    if t is BonusDabba:
        name = D.COLOUR_NAMES[D.COLOURS.index(action.colour)] if action.colour in D.COLOURS else action.colour
        return f"Bonus {name} dabba at ({action.row + 1},{action.col + 1})"
    if t is EndTurn:
        return "End turn"
    if t is AddChai:
        return f"Add chai tile: {D.CHAI_LABELS.get(action.kind, action.kind)}"
    if t is RemoveChai:
        return f"Take back chai tile: {D.CHAI_LABELS.get(action.kind, action.kind)}"
    if t is Commit:
        return f"Choose {_card_text(action.card)}" if action.card else "Choose no card (hand empty)"
    return repr(action)
