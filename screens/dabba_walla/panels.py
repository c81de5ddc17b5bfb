"""The panels of the Dabba Walla screen, drawn from the view: status, ring, vehicles, hands, others, delivery.

A mixin of `DabbaWallaScreen` (screen.py keeps the modes, the keys and the prompt): every method
here only reads `self.view`, the screen's cursors and its size, and returns Rich text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text

from chaigames.dabba_walla import data as D
from chaigames.dabba_walla.view import DabbaView, LastRound, PlayerView

from ..widgets import fit_line
from . import render as R

if TYPE_CHECKING:
    from ..game_base import GameScreen as _Screen  # what the mixin is mixed into: its controller, app, queries
else:
    _Screen = object


class Panels(_Screen):
    """What the screen shows besides the prompt; see DabbaWallaScreen for the state it reads."""

    roomy: bool
    others_page: int
    level_view: int | None
    announce: str
    announce_for: int | None
    target: int
    swap_space: int
    card_i: int
    _loads: dict
    _order_news: dict
    _left_width: int
    _grids: dict
    _short_reveal: bool

    if TYPE_CHECKING:

        @property
        def view(self) -> DabbaView: ...

        def mode(self) -> str: ...
        def _passing(self) -> list[int]: ...
        def _ghost(self) -> R.Ghost | None: ...
        def _main_player(self) -> PlayerView: ...
        def _wrapped(self, text: Text, width: int) -> int: ...
        def _prompt_text(self) -> Text: ...

    def _status_text(self) -> Text:
        v = self.view
        c = self.controller
        phase = {
            "pickup": f"Pick-up phase, draw pile {v.draw_count}, empty dabbas {v.empties_left}",
            "final": f"Final placements: load the last two cards, empty dabbas {v.empties_left}",
            "delivery": f"Delivery round {v.round} of {v.rounds}: level {v.level}",
            "over": "Game over",
        }.get(v.phase, v.phase)
        text = Text(phase, style="bold")
        text.append(f"  |  {c.status()}")
        if c.message:
            text.append(f"  |  {c.message}", style="italic")
        return fit_line(text, self.app.size.width - 2)

    def _ring_text(self, width: int) -> Text:
        cursor = self.target if self.mode() == "walk" else (self.swap_space if self.mode() == "swap" else None)
        passing = self._passing() if self.mode() == "walk" else []
        if self.roomy and self._room_for_big_ring():
            return R.ring_roomy(self.view, width=width - 2, cursor=cursor, passing=passing)
        return R.ring_compact(self.view, width=width - 2, cursor=cursor, passing=passing)

    def _room_for_big_ring(self) -> bool:
        """The card boxes of the ring take up to 13 lines; the right column at full size comes first:
        the hand, the notes, a line and a pile for each rival, and their vehicles whole."""
        v = self.view
        right = self._right_width()
        main = self._main_player()
        others = [p for p in v.players if p.seat != main.seat]
        need = self._wrapped(self._hand_text(), right) + self._wrapped(self._info_text(), right) + 1
        need += sum(2 if p.played else 1 for p in others) + _rows(self._other_vehicles(others, captions=False))
        width = self.app.size.width
        passing = self._passing() if self.mode() == "walk" else []
        prompt = min(self._wrapped(self._prompt_text(), width - 2), 3)
        fixed = 1 + 1 + R.ring_roomy_height(v, width - 2, passing) + prompt + 4 + 1  # title ... log, footer
        return need <= self.app.size.height - fixed

    def _vehicle_panel(self) -> Text:
        v = self.view
        pv = self._main_player()
        ghost = self._ghost()
        if ghost is not None and self.level_view is not None and ghost.level != self.level_view:
            ghost = None
        who = f"{pv.name} (you)" if v.seat == pv.seat else pv.name
        text = Text(f"{who}: ", style="bold")
        # the grid below shows an empty vehicle: a longer caption until the first tile would narrow the column after it
        caption = R.level_caption(pv, self.level_view, say_empty=False)
        text.append(caption, style="bold reverse" if self.level_view else "")
        text.append("\n")
        cell_w, cell_h = (6, 2) if self.roomy else (4, 1)
        text.append_text(
            R.vehicle_text(v, pv, cell_w=cell_w, cell_h=cell_h, level=self.level_view, ghost=ghost, mark_level=v.level)
        )
        if v.phase == "delivery":  # what this level brings (underlined on the grid)
            load = R.level_load(pv, v.level)
            parts = [f"{n}{D.COLOURS[c]}" for c, n in enumerate(load.colours) if n]
            parts += [f"{load.empties}E"] if load.empties else []
            text.append("\n")
            text.append(f"on level {v.level}: " + (" ".join(parts) or "nothing"), style="bold")
        elif self.roomy or v.cols <= 3:
            text.append("\n")
            text.append(R.LEGEND if self.roomy else "* half-chai  @ chai", style="dim")
        if self.level_view is not None:
            text.append("\n")
            text.append(R.LEVEL_LEGEND, style="dim")
        return text

    def _hand_text(self) -> Text:
        v = self.view
        seat = v.seat
        if seat is None:
            return Text("(hands are hidden: curtain)", style="dim")
        me = v.players[seat]
        hand = me.hand or ()
        mode = self.mode()
        chosen = self.card_i if mode in ("play", "deliver", "swap") else -1
        label = "Your hand" if v.phase != "delivery" else "Your cards (played pile)"
        text = Text(f"{label}: ", style="bold")
        if not hand:
            text.append("empty", style="dim")
            return text
        if v.phase == "delivery":
            return self._hand_list(text, hand, chosen, tips_only=not self.roomy)
        if len(hand) > 4 or (self.others_page and not self.roomy):
            return self._hand_list(text, hand, chosen)
        heads = []
        for i, code in enumerate(hand):
            cell = Text(f">{i + 1} " if i == chosen else f" {i + 1} ", style="bold reverse" if i == chosen else "bold")
            cell.append_text(R.card_line(code))
            if i == chosen:
                cell.stylize("reverse")
            heads.append(cell)
        shapes = [R.shape_lines(code) for code in hand]
        # each card's column as wide as its own line (a gap of 2 when that fits, else 1)
        for gap in (2, 1):
            widths = [
                max(h.cell_len, 2 + max(sh.cell_len for sh in shape)) + gap
                for h, shape in zip(heads, shapes, strict=True)
            ]
            if sum(widths) - gap <= self._right_width():
                break
        else:  # side by side would wrap
            return self._hand_list(text, hand, chosen)
        head = Text()
        for cell, w in zip(heads, widths, strict=True):
            cell.truncate(w, pad=True)
            head.append_text(cell)
        head.rstrip()
        text.append("\n")
        text.append_text(head)
        for k in range(max(len(sh) for sh in shapes)):  # as many lines as the tallest tile
            line = Text()
            for sh, w in zip(shapes, widths, strict=True):
                cell = Text("  ").append_text(sh[k]) if k < len(sh) else Text("")
                cell.truncate(w, pad=True)
                line.append_text(cell)
            line.rstrip()
            text.append("\n")
            text.append_text(line)
        return text

    def _hand_list(self, text: Text, hand: Sequence[str], chosen: int, *, tips_only: bool = False) -> Text:
        """The hand as a list of one-line cards, as many to a line as the column holds; `tips_only`
        leaves the tile's shape out (delivery: only the tips on the card count any more)."""
        pieces = []
        for i, code in enumerate(hand):
            piece = Text(">" if i == chosen else " ", style="bold")
            if tips_only:
                piece.append(code, style=R.COLOUR_STYLE[code[0]]).append(f" {R.tips_text(code)}")
            else:
                piece.append_text(R.card_line(code))
            if i == chosen:
                piece.stylize("reverse")
            pieces.append(piece)
        slot = max(p.cell_len for p in pieces) + 1
        per_line = max(1, (self._right_width() + 1) // slot)
        for i, piece in enumerate(pieces):
            if i % per_line == 0:
                text.append("\n")
            else:
                text.append(" " * (slot - pieces[i - 1].cell_len))
            text.append_text(piece)
        return text

    def _right_width(self) -> int:
        """The right column's content width, from the left column's width set in this very redraw
        (the widget's size lags one layout behind)."""
        if self._left_width:
            return max(self.app.size.width - self._left_width - 2, 20)
        try:
            width = self.query_one("#dw-right").size.width
        except Exception:
            width = 0
        return width or max(self.app.size.width - 24, 30)

    def _info_text(self) -> Text:
        v = self.view
        seat = v.seat
        text = Text()
        if seat is None:
            return text
        me = v.players[seat]
        if v.phase in ("pickup", "final"):
            table = R.table_rules(v, roomy=self.roomy)
            if table:  # on the table they lie beside the board all game; one option a line when roomy
                text.append((table.replace("   ", "\n") if self.roomy else table) + "\n")
            text.append(f"Tickets {me.tickets}", style="bold")
            text.append(" (1 tip each)  ")
        else:
            text.append(f"Tips {me.tips}", style="bold")
            text.append("  ")
        chai = me.chai or ()
        text.append("Chai: ")
        if not chai:
            text.append("none", style="dim")
        for kind in chai:
            text.append_text(R.chai_text(kind))
            text.append(" ")
        if not self.roomy and self.others_page:
            return text
        if v.phase in ("pickup", "final"):
            text.append("\nPlayed: ")
            if not me.played:
                text.append("nothing yet", style="dim")
            for code in me.played:
                text.append(code, style=R.COLOUR_STYLE[code[0]])
                text.append(" ")
            if me.played:
                sums = [sum(D.CARD_TIPS[D.CARD_IDS[c]][k] for c in me.played) for k in range(4)]
                text.append("\nTips to come on your cards: ")
                text.append("  ".join(f"{D.COLOURS[k]}+{s}" for k, s in enumerate(sums) if s) or "none")
        if self.announce and self.announce_for in (None, seat):  # a drawn chai tile: its owner only
            text.append("\n")
            text.append(self.announce, style="bold")
        if v.phase in ("delivery", "over") and v.last_round:
            text.append("\n")
            text.append_text(self._reveal_lines())
        return text

    def _others_text(self, room: int = 0) -> Text:
        """The other players: a line each, their played piles and their vehicles side by side.

        At 80x24 `o` pages through: the lines, the vehicles, the played piles (all three at 120x40).
        Below 120x40 the first page draws the vehicles too when `room` (the lines left to this
        panel) holds them, as large as fits; `o` keeps the full view."""
        v = self.view
        main = self._main_player()
        others = [p for p in v.players if p.seat != main.seat]
        text = Text()
        if not others:
            return text
        page = self.others_page
        lines = self.roomy or page != 1
        piles = self.roomy or page == 2
        vehicles = self.roomy or page == 1
        for p in others if lines else ():
            text.append_text(self._other_line(p))
            text.append("\n")
            # the played pile; in delivery it is their hand, open to all (DW-15)
            pile = p.played if v.phase in ("pickup", "final") else (p.hand or ())
            if piles and pile:
                per_line = max(1, (self._right_width() - 3) // 4)
                for i, code in enumerate(pile):
                    if i % per_line == 0:
                        text.append("\n  " if i else "  ")
                    text.append(code, style=R.COLOUR_STYLE[code[0]])
                    text.append(" ")
                text.append("\n")
        following = ("other vehicles", "played piles", "back")[page]
        hint = None if self.roomy else Text(f"o: {following}", style="dim")
        if vehicles and self.roomy:  # no `o` page: full size, else as large as the room holds
            grids = self._vehicles_in(others, room - _rows(text)) if room else Text()
            text.append_text(grids if grids.plain else self._other_vehicles(others, captions=False))
        elif vehicles:  # the hint beside the last row's names when it fits there: the grids take every line
            text.append_text(self._other_vehicles(others, captions=not lines, hint=hint))
            hint = None if hint is None or hint.plain in text.plain else hint
        elif page == 0:
            grids = self._vehicles_in(others, room - _rows(text))
            if grids.plain and _rows(text) + _rows(grids) >= room:  # the footer's `o` still pages on
                hint = None
            text.append_text(grids)
        if hint is not None:
            if room and _rows(text) + 1 > room:  # more lines than there is room for: the hint first
                hint.append("\n").append_text(text).rstrip()
                return hint
            text.append_text(hint)
        text.rstrip()  # no blank line below the last
        return text

    def _vehicles_in(self, others: list[PlayerView], lines: int) -> Text:
        """The other vehicles as large as `lines` lines hold (squares 4 wide, else 3), or nothing;
        the larger squares win over the `o` hint line below them. Cached: redrawn per key while placing."""
        v = self.view
        key = ("fit", lines, self._right_width(), v.level, tuple((p.seat, p.name, p.stacks) for p in others))
        found = self._grids.get(key)
        if found is None:
            found = Text()
            for cell_w in (4, 3):
                grids = self._other_vehicles(others, captions=False, cell_w=cell_w)
                if _rows(grids) <= lines:
                    found = grids
                    break
            self._grids[key] = found
        return found

    def _other_vehicles(
        self, others: list[PlayerView], *, captions: bool, cell_w: int = 0, hint: Text | None = None
    ) -> Text:
        """Every other vehicle whole, side by side in as many rows as the width needs; at full size
        (the squares as wide as your own) from 100 columns. `hint` goes after the last row's names
        when there is room for it."""
        cell_w = cell_w or (4 if self.roomy or self.app.size.width >= 100 else 3)
        grids = [self._grid_lines(p, cell_w) for p in others]
        widths = [max(g.cell_len for g in grid) for grid in grids]
        room = max(self._right_width() - 2, widths[0])
        rows: list[list[int]] = [[]]
        for i, w in enumerate(widths):
            if rows[-1] and sum(widths[j] + 2 for j in rows[-1]) + w > room:
                rows.append([])
            rows[-1].append(i)
        text = Text()
        for row in rows:
            for i in row:
                p = others[i]
                text.append(_caption(p, widths[i] if captions else 0).ljust(widths[i] + 2), style="bold")
            used = sum(widths[i] + 2 for i in row)
            if hint is not None and row is rows[-1] and used + hint.cell_len <= room:
                text.append_text(hint)
            text.append("\n")
            for k in range(max(len(grids[i]) for i in row)):
                for i in row:
                    line = grids[i][k].copy() if k < len(grids[i]) else Text("")
                    line.truncate(widths[i] + 2, pad=True)
                    text.append_text(line)
                text.append("\n")
        return text

    def _grid_lines(self, p: PlayerView, cell_w: int) -> list[Text]:
        """A rival's vehicle, line by line; cached (with `_vehicles_in`'s choices), as it changes only
        on their turn (a redraw per key while placing must stay cheap)."""
        v = self.view
        key = (p.seat, cell_w, v.level, v.rows, v.cols, p.stacks)
        lines = self._grids.get(key)
        if lines is None:
            if len(self._grids) > 64:
                self._grids.clear()
            lines = self._grids[key] = list(R.vehicle_text(v, p, cell_w=cell_w, mark_level=v.level).split("\n"))
        return lines

    def _other_line(self, p: PlayerView) -> Text:
        """A rival on one line of the right column: the long words when they fit, else the short
        ones ('Ravi: 4t, sp 3, L2, hand 2, chai 0'), never wrapped (a wrapped line pushed the last
        rival off a 24-line screen)."""
        v = self.view
        width = max(self._right_width() - 1, 20)
        turn = v.turn == p.seat or (v.phase == "delivery" and p.seat in v.actors)
        mark = ">" if turn else " "
        if v.phase in ("pickup", "final"):
            where = f"space {p.position + 1}" if p.position is not None else "off board"
            pile = "" if (self.roomy or self.others_page == 2) else f", played {len(p.played)}"  # else shown below
            forms = [
                f": {p.tickets}t, {where}, {R.level_caption(p, None)}, hand {p.hand_count}, chai {p.chai_count}{pile}",
                f": {p.tickets}t, {where}, level {p.level_marker}, hand {p.hand_count}, chai {p.chai_count}{pile}",
                f": {p.tickets}t, {where}, level {p.level_marker}, hand {p.hand_count}, chai {p.chai_count}",
                f": {p.tickets}t, "
                + (f"sp {p.position + 1}" if p.position is not None else "off")
                + f", L{p.level_marker}, hand {p.hand_count}, chai {p.chai_count}",
            ]
            for words in forms:
                if cell_len(mark + p.name + words) <= width:
                    break
            return fit_line(Text(mark + p.name, style="bold").append(words), width)
        text = Text(f"{mark}{p.name}", style="bold")
        caption = R.level_caption(p, None)
        text.append(f": {p.tips} tips, {caption}, {p.chai_count} chai")
        if text.cell_len > width - 16:  # room for what they show
            text = Text(f"{mark}{p.name}", style="bold")
            text.append(f": {p.tips} tips, L{p.level_marker}, {p.chai_count} chai")
        if p.choice is not None:
            text.append("  shows ")
            text.append_text(R.choice_text(p.choice[0], p.choice[1], veto=False))
        elif p.later:
            text.append("  plays later")
        elif v.phase == "delivery":  # over: nobody chooses any more
            text.append("  has chosen" if p.committed else "  choosing...")
        return fit_line(text, width)

    def _delivery_board(self) -> Text:
        """The tips so far, the table's options and the tracks. Below the roomy size in as few lines as
        hold them (the status line already says which level is delivered): the rivals' lines below
        need the room."""
        v = self.view
        width = self.app.size.width - 2
        text = Text()
        tips = Text("Tips: ")
        tips.append("  ".join(f"{p.name} {p.tips}" for p in v.players), style="bold")
        extras = R.table_rules(v, roomy=self.roomy)
        if self.roomy:
            if v.phase == "delivery":
                text.append(f"Delivering level {v.level} (round {v.round} of {v.rounds})", style="bold")
            else:
                text.append("All levels delivered", style="bold")
            text.append("   ").append_text(tips).append("\n")
        elif extras and tips.cell_len + 3 + len(extras) <= width:
            text.append_text(tips).append("   " + extras + "\n")
            extras = ""
        else:
            text.append_text(fit_line(tips, width)).append("\n")
        if extras and self.roomy and len(extras) > width:  # each option whole, one a line
            extras = extras.replace("   ", "\n")
        if extras:
            line = Text(extras)
            if "\n" not in extras:
                line.truncate(width, overflow="ellipsis")
            text.append_text(line)
            text.append("\n")
        for news in self._order_news.get(v.round, []) if v.phase == "delivery" else []:
            text.append(news + "\n", style="bold")
        lr = v.last_round
        pairs = 0 if self.roomy else width
        if v.revealed_tracks is not None:
            text.append("Revealed so far, tracks:\n", style="italic")
            text.append_text(R.tracks_text(v, v.revealed_tracks, width=pairs))
        elif lr:
            text.append(f"Level {lr.level} was delivered with these tracks:\n", style="italic")
            text.append_text(R.tracks_text(v, lr.tracks, width=pairs))
        else:
            text.append_text(R.tracks_text(v, None, width=pairs))
        return text

    def _reveal_lines(self) -> Text:
        """The last reveal: who played what (vetoed -1 tiles crossed out), and tips per player."""
        v = self.view
        lr = v.last_round
        text = Text()
        if not lr:
            return text
        veto = lr.tracks.veto
        if not self.roomy or self._short_reveal:  # every player on as few lines as it takes, nobody cut off
            return self._reveal_compact(lr, veto)
        text.append(f"Reveal, level {lr.level}:\n", style="bold")
        for p, (card, kinds) in enumerate(lr.choices):
            later = " (played later)" if lr.later[p] else ""
            text.append(f" {v.players[p].name}{later}: ")
            text.append_text(R.choice_text(card, kinds, veto=veto))
            text.append(f"  -> {lr.tips[p]:+d} tips")
            load = self._loads.get((lr.round, p))
            if load is not None:
                text.append(f" ({R.tips_breakdown(load, lr.tracks.values)})", style="dim")
            text.append("\n")
        return text

    def _reveal_compact(self, lr: LastRound, veto: bool) -> Text:
        """'Level 10: Asha G17 +3  Ravi R03 later +2 ...': whole entries, wrapped between players."""
        v = self.view
        width = max(self._right_width() - 2, 20)
        text = Text(f"Level {lr.level}:", style="bold")
        used = text.cell_len
        for p, (card, kinds) in enumerate(lr.choices):
            entry = Text(f" {v.players[p].name} ")
            entry.append_text(R.choice_text(card, kinds, veto=veto))
            if lr.later[p]:
                entry.append(" later")
            entry.append(f" {lr.tips[p]:+d}", style="bold")
            if used + entry.cell_len + 1 > width:
                text.append("\n")
                used = 0
            text.append_text(entry)
            text.append(" ")
            used += entry.cell_len + 1
        text.rstrip()
        return text


def _caption(p: PlayerView, width: int) -> str:
    """A rival's name over their vehicle, cut to its width; with a `width`, the level too, which is
    kept whole ('Player 1 L3' rather than 'Player 1 leve')."""
    if not width:
        return p.name
    long = f"{p.name} {R.level_caption(p, None, say_empty=False)}"
    if len(long) <= width:
        return long
    level = f" L{p.level_marker}"
    return p.name[: max(width - len(level), 1)] + level


def _rows(text: Text) -> int:
    """How many lines a panel's text takes (a trailing newline ends the last line, it adds none)."""
    plain = text.plain
    return plain.count("\n") + (1 if plain and not plain.endswith("\n") else 0)
