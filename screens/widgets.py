"""Small widgets the frame's screens share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Self

from rich.cells import cell_len
from rich.containers import Lines
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual import widgets as textual_widgets
from textual.app import ComposeResult, RenderResult
from textual.css.scalar import Unit
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import Visual, VisualType, visualize
from textual.widgets import Static

from .compat import FooterKey, footer_has_bindings, footer_key_as_its_footer, footer_key_enabled

MIN_COLUMNS, MIN_LINES = 80, 24  # the smallest screen every game is drawn for


def too_small(columns: int, lines: int) -> str:
    """What a screen too small to play on says, in its top line."""
    return f"Too small to play: the games need {MIN_COLUMNS}x{MIN_LINES} and a keyboard (this is {columns}x{lines})"


class TitleBar(Static):
    """One line at the top: 'chaigames: <what this screen is>'.

    Our own instead of Textual's Header: no clock, no icon, nothing that updates by itself, so
    a screen shown and removed within a moment never races its title.
    """

    DEFAULT_CSS = """
    TitleBar {
        height: 1;
        width: 1fr;
        background: $panel;
        color: $text;
        text-style: bold;
        padding: 0 1;
    }
    """

    def __init__(self, title: str | None = "", **kwargs: Any) -> None:
        super().__init__(self._text(title), **kwargs)

    def render(self) -> RenderResult:
        """The title, or, on a screen too small to play on, what the games need instead."""
        columns, lines = self.app.size
        if columns < MIN_COLUMNS or lines < MIN_LINES:
            return visualize(self, Text(too_small(columns, lines), style="bold reverse"))
        return super().render()

    @staticmethod
    def _text(title: str | None) -> Text:
        return Text(f"chaigames: {title}" if title else "chaigames")

    def set_title(self, title: str | None) -> None:
        self.update(self._text(title))


def fit_line(text: Text, width: int) -> Text:
    """One line of at most `width` cells, cut at a word boundary with '...' when too long (a status
    line or header must never stop in the middle of a word)."""
    if text.cell_len <= width:
        return text
    cut = text.plain.rfind(" ", 0, max(width - 3, 1) + 1)
    out = text[: cut if cut > 0 else max(width - 3, 0)]
    out.rstrip()
    out.append("...")
    return out


class NameInput(textual_widgets.Input):
    """A box for a player's name.

    Ctrl+C copies the selection, or the whole name when nothing is selected (a name is short: copying
    it whole is what a player means), never the app's "press ctrl+q to quit" notice. With a
    `max_length` it takes what fits of a paste (a name field keeps a paste's first characters), where
    Textual's own Input refuses the whole paste once it is too long."""

    def action_copy(self) -> None:
        if self.value:
            self.app.copy_to_clipboard(self.selected_text or self.value)

    def insert_text_at_cursor(self, text: str) -> None:
        if self.max_length:
            text = text[: max(self.max_length - len(self.value), 0)]
        if text:
            super().insert_text_at_cursor(text)

    def replace(self, text: str, start: int, end: int) -> None:
        if self.max_length:
            start, end = sorted((start, end))
            text = text[: max(self.max_length - (len(self.value) - (end - start)), 0)]
        super().replace(text, start, end)


class Footer(textual_widgets.Footer):
    """Textual's Footer, rebuilt only when the keys it shows have changed, and then as little as it can.

    Textual's Footer recomposes (unmounts and mounts every key label, then lays out the whole screen
    twice: once for the new keys and once more for their new sizes) on every `refresh_bindings`, and
    a screen asks for one after most keys, on every focus change and each time it is shown again.
    This one compares what it would show (key, description, enabled) with what it shows:

    - the same keys: nothing is done (a widget taking the focus brings its own hidden keys);
    - a key greyed or lit (Undo as a move is made, a move key at a table as the turn passes): that key
      is restyled and repainted where it is;
    - keys that it has already, some of them hidden or shown again (a name field takes `?` as a
      letter, so Keys leaves the footer while it has the focus): the footer's own line is laid out
      again, nothing is mounted;
    - in both cases at once, not after the next frame as Textual's Footer does: what changed the keys (a
      move at a table, as the turn passes) and the keys are drawn in one frame, with one layout for both;
    - otherwise (new keys) it is rebuilt, keeping (hidden) the keys it had: a screen whose keys change with
      each step of a turn (Dabba Walla's) has them all after one round, and from then on only shows and
      hides them.

    A screen hidden under another (a curtain, the New game form over the menu) is not drawn: its keys
    are brought up to date when it is shown again (Textual refreshes a screen's bindings then), so a
    screen above that took keys away and gave them back changed nothing. Under a dialog the screen
    still shows: the pause menu takes the game's move keys off its footer and puts the same keys back.
    """

    _shown: tuple | None = None
    """What the keys on the footer show (None: to be rebuilt whatever it shows)."""
    _rebuild: list[tuple[FooterSlot, bool]] | None = None
    """The keys the next rebuild makes, in order, each with whether it shows (None: Textual's own)."""

    def compose(self) -> ComposeResult:
        self._shown = self._wanted(self.screen) if footer_has_bindings(self) else None
        rebuild, self._rebuild = self._rebuild, None
        if rebuild is None and self._shown is not None and (planned := self._planned(self.screen)) is not None:
            rebuild = [(slot, True) for slot in planned]  # made as Textual makes them, but measured once
        widgets = super().compose() if rebuild is None else self._keys(rebuild)
        for widget in widgets:  # every key, those in groups too, passes through here
            footer_key_as_its_footer(widget, self.compact)
            yield widget

    def on_mount(self) -> None:
        self.call_next(self._told_at_once)  # after Textual's Footer has subscribed, as it mounts

    def _told_at_once(self) -> None:
        """Hear of the screen's keys as they change, not once the footer's own messages come to it: a change
        of keys that waited for them was drawn in a frame of its own, after the frame of what changed them."""
        signal = self.screen.bindings_updated_signal
        signal.unsubscribe(self)
        signal.subscribe(self, self.bindings_changed, immediate=True)

    def _keys(self, slots: list[tuple[FooterSlot, bool]]) -> ComposeResult:
        """The footer's keys for `slots`, made as Textual's Footer makes them; those not shown are hidden."""
        for slot, shown in slots:
            key = MeasuredKey(
                slot.key,
                slot.key_display,
                slot.description,
                slot.action,
                disabled=not slot.enabled,
                tooltip=slot.tooltip,
                classes="-command-palette" if slot.palette else "",
            )
            if not slot.palette:  # the palette's key stays compact, as Textual makes it
                key.data_bind(compact=textual_widgets.Footer.compact)
            key.display = shown
            yield key

    def _wanted(self, screen: Screen) -> tuple:
        """The keys `screen` offers for the footer now: (key, binding, enabled, tooltip)."""
        palette = screen.app.COMMAND_PALETTE_BINDING
        return tuple(
            (key, active.binding, active.enabled, active.tooltip)
            for key, active in screen.active_bindings.items()
            if active.binding.show or key == palette
        )

    def bindings_changed(self, screen: Screen) -> None:
        if not (screen.app.app_focus and self.is_attached and screen is self.screen):
            self._shown = None  # Textual skips this rebuild: the next one must not be skipped
            self._as_textual(screen)
            return
        wanted = self._wanted(screen)
        if wanted == self._shown:
            return
        if self._shown is not None and screen.is_current and self._show_in_place(screen, wanted):
            self._shown = wanted  # now, with what changed the keys: drawn in the same frame, one layout for both
            return
        self._as_textual(screen)

    def _as_textual(self, screen: Screen) -> None:
        """Textual's Footer told of `screen`'s keys, among the footer's own messages, as Textual tells it (it
        makes keys bound to the footer, which only the footer's own messages may do)."""
        self.call_next(super().bindings_changed, screen)

    async def recompose(self) -> None:
        if not (self.is_attached and self._shown is not None):
            await super().recompose()
            return
        screen = self.screen
        if not screen.is_current:
            return  # hidden under another screen: brought up to date when it is shown again
        wanted = self._wanted(screen)
        if wanted == self._shown:
            return
        if self._show_in_place(screen, wanted):
            self._shown = wanted
            return
        self._rebuild = self._kept_and_planned(screen)
        await super().recompose()

    def _kept_and_planned(self, screen: Screen) -> list[tuple[FooterSlot, bool]] | None:
        """The keys the footer shows now and those it has, in one order (each with whether it shows), or
        None when a rebuild should make only what Textual's Footer would (grouped keys, or the keys it has
        in another order than the planned ones)."""
        planned = self._planned(screen)
        keys = list(self.query_children(FooterKey))
        if planned is None or len(keys) != len(self.children):
            return None
        have = [key.key for key in keys]
        if len(set(have)) != len(have) or len({slot.key for slot in planned}) != len(planned):
            return None
        out: list[tuple[FooterSlot, bool]] = []
        at = 0
        for slot in planned:
            if slot.key in have[at:]:
                found = have.index(slot.key, at)
                out.extend((_slot_of(key), False) for key in keys[at:found])
                at = found + 1
            out.append((slot, True))
        out.extend((_slot_of(key), False) for key in keys[at:])
        palettes = [k for k, (slot, _) in enumerate(out) if slot.palette]
        if palettes and palettes != [len(out) - 1]:
            return None  # the palette's key is docked right, after every other key
        return out

    def _show_in_place(self, screen: Screen, wanted: tuple) -> bool:
        """Show `wanted` with the keys the footer has, in their order (hiding the others; a key that now
        does something else, such as Dabba Walla's Enter from one step of a turn to the next, says so
        where it is); False when a key is missing or keys are grouped (then it is rebuilt)."""
        planned = self._planned(screen)
        if planned is None:
            return False
        keys = list(self.query_children(FooterKey))
        if len(keys) != len(self.children):
            return False
        shown: list[tuple[FooterKey, FooterSlot]] = []
        at = 0
        for slot in planned:
            while at < len(keys) and keys[at].key != slot.key:
                at += 1
            if at == len(keys):
                return False
            shown.append((keys[at], slot))
            at += 1
        showing = {id(widget) for widget, _ in shown}
        for widget in keys:
            if widget.display != (id(widget) in showing):
                widget.display = id(widget) in showing
        for widget, slot in shown:
            if (widget.key_display, widget.description) != (slot.key_display, slot.description):
                widget.key_display, widget.description = slot.key_display, slot.description
                widget.refresh(layout=True)  # its width follows its words
            widget.action = slot.action
            footer_key_enabled(widget, slot.enabled)
            if (widget.tooltip or "") != slot.tooltip:
                widget.tooltip = slot.tooltip or None
        return True

    def _planned(self, screen: Screen) -> list[FooterSlot] | None:
        """The keys Textual's Footer would compose for `screen` now, in order; None when some are grouped
        (drawn in groups of their own)."""
        app = screen.app
        firsts: dict[str, FooterSlot] = {}
        for _, binding, enabled, tooltip in screen.active_bindings.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            if binding.action not in firsts:
                display = app.get_key_display(binding)
                firsts[binding.action] = FooterSlot(
                    binding.key, display, binding.action, binding.description, enabled, tooltip
                )
        planned = list(firsts.values())
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            active = screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
            if active is not None:
                binding = active.binding
                display = app.get_key_display(binding)
                tooltip = binding.tooltip or binding.description
                planned.append(
                    FooterSlot(binding.key, display, binding.action, binding.description, active.enabled, tooltip, True)
                )
        return planned


class MeasuredKey(FooterKey):
    """Textual's footer key, measured once for what it shows. The footer lays out its keys side by side, and
    Textual measures a key by drawing it each time it is shown, hidden, greyed or lit: at a table, every
    key of the footer as the turn comes to a person and passes on."""

    _measured: tuple[tuple[object, ...], int] | None = None
    """(what the key showed, in which room: its width)."""

    def get_content_width(self, container: Size, viewport: Size) -> int:
        shows = (self.key_display, self.description, self.classes - {"-disabled"}, container.width)  # dim: as wide
        if self._measured is not None and self._measured[0] == shows:
            return self._measured[1]
        width = super().get_content_width(container, viewport)
        self._measured = (shows, width)
        return width


class FooterSlot(NamedTuple):
    """A key as the footer shows it."""

    key: str
    key_display: str
    action: str
    description: str
    enabled: bool
    tooltip: str
    palette: bool = False
    """The command palette's key (docked right, always compact)."""


def _slot_of(key: FooterKey) -> FooterSlot:
    """What a footer's key shows now."""
    palette = key.has_class("-command-palette")
    return FooterSlot(
        key.key,
        key.key_display,
        key.action,
        key.description,
        not key.has_class("-disabled"),
        str(key.tooltip or ""),
        palette,
    )


LINE_CACHE = 512
"""Lines a LinePanel keeps drawn (by what they show) before it starts again from none."""
WHOLE_PAST = 0.5
"""The share of a panel's lines to draw past which it is drawn whole. A line drawn alone costs about as
much as three of a whole drawing (0.35 ms against 0.1 ms a line, 60 columns), but a whole repaint also
sends every line of the panel to the terminal: a panel with a few lines changed (a die, the brackets of
an offer) repaints those, one whose lines are mostly new (a log moved up by a line) is drawn whole."""


class LinePanel(Static):
    """A Static that repaints only the lines that changed, when `show` gives it new text.

    Textual repaints a Static whole after every update: it turns all of its text into strips again
    and sends every line to the terminal. A panel of many lines (Chai Wallah's eight seats, a
    board) that the clock or a key changes by a line or three paid for all of them; this one keeps
    each line's strip and redraws the changed lines alone, through Textual's Line API
    (`render_line`, `refresh(region)`). Anything else (a new size, a new theme, a whole refresh, a
    different number of lines) draws it whole, as a Static. Its content is text, never markup.
    """

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        super().__init__(content, markup=False, **kwargs)
        self._text: VisualType = content
        self._text_visual: Visual | None = None
        self._strips: list[Strip] | None = None
        self._strips_for: tuple | None = None  # (size, visual style) the strips were drawn for
        self._lines: tuple[Text, Sequence[Text] | Lines] | None = None  # the text shown, split in lines
        self._line_cache: dict[tuple, Strip] | None = None  # line strips by what they show (see _line_strip)
        self._line_cache_for: tuple | None = None  # the (size, visual style) of the lines kept
        self._given: tuple[Text, list[Text]] | None = None  # a text to show and its lines, as `show_rows` got them

    @property
    def content(self) -> VisualType:
        """What the panel shows."""
        return self._text

    @content.setter
    def content(self, content: VisualType) -> None:
        self.update(content)

    @property
    def visual(self) -> Visual:
        if self._text_visual is None:
            self._text_visual = visualize(self, self._text, markup=False)
        return self._text_visual

    def render(self) -> Visual:
        return self.visual

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self._text, self._text_visual, self._strips = content, None, None
        super().update(content, layout=layout)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        if repaint and not regions:  # a whole repaint (Textual's own, or an update): draw every line again
            self._strips = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _draw_whole(self) -> list[Strip]:
        """Every line, as a Static draws them."""
        width, height = self.size
        self._strips = Visual.to_strips(self, self.visual, width, height, self.visual_style)
        self._strips_for = (self.size, self.visual_style)
        return self._strips

    def render_line(self, y: int) -> Strip:
        strips = self._strips
        if strips is None or self._strips_for != (self.size, self.visual_style):
            strips = self._draw_whole()
        if y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    @staticmethod
    def _line_key(text: Text, y: int) -> tuple:
        return (y, text.plain, tuple(text.spans), text.style, text.justify, text.overflow, text.no_wrap)

    def _drawn_lines(self) -> dict[tuple, Strip]:
        """The lines kept drawn for the panel's size and style now (by what they show, see `_line_strip`)."""
        cache = self._line_cache
        if cache is None or self._line_cache_for != self._strips_for or len(cache) > LINE_CACHE:
            self._line_cache_for, self._line_cache = self._strips_for, (cache := {})
        return cache

    def _line_strips(self, lines: dict[int, Text]) -> dict[int, Strip]:
        """Each line `y` drawn from its text, kept by what it shows (a cursor or a die going back and forth
        shows the same lines again). The lines not kept yet are drawn together, one under the other (each
        line's drawing has a cost of its own besides its cells), then each is told its row (what a whole
        drawing of the panel would have said)."""
        cache = self._drawn_lines()
        keys = {y: self._line_key(text, y) for y, text in lines.items()}
        strips = {y: cache[key] for y, key in keys.items() if key in cache}
        new = [y for y in lines if y not in strips]
        if new:
            text = Text("\n").join([lines[y] for y in new])
            drawn = Visual.to_strips(
                self, visualize(self, text, markup=False), self.size.width, len(new), self.visual_style
            )
            for row, y in enumerate(new):
                strips[y] = cache[keys[y]] = _on_row(drawn[row], y, row)
        return strips

    def show_rows(self, rows: Sequence[Text]) -> None:
        """Show `rows`, a line each: as `show(self, Text("\\n").join(rows))`, but without splitting the
        text into its lines again to compare them with the lines shown."""
        text = Text("\n").join(rows)
        plain = all(not (row.style or row.justify or row.overflow or row.no_wrap) for row in rows)
        self._given = (text, list(rows)) if plain else None  # else its lines, split, are not the rows
        show(self, text)
        if self._given is not None and getattr(self, "_shown_content", None) is text:
            self._lines = self._given  # what the next change compares its lines with
        self._given = None

    def show_lines(self, old: Text, new: Text) -> bool:
        """Repaint the lines of `new` that differ from `old` (what the panel shows). False when it
        cannot: the caller then updates the panel whole."""
        width, height = self.size
        if self._strips is None or self._strips_for != (self.size, self.visual_style):
            return False
        shown = self._lines
        old_lines = shown[1] if shown is not None and shown[0] is old else old.split("\n", allow_blank=True)
        given = self._given
        new_lines = given[1] if given is not None and given[0] is new else new.split("\n", allow_blank=True)
        self._lines = (new, new_lines)
        if len(new_lines) > height:
            return False
        if any(line.cell_len > width for line in new_lines):
            return False  # a line that wraps moves the others
        changed_rows = self._redraw_changed(old_lines, new_lines)
        if changed_rows is None:  # most lines new, or not as many: a log moved up, or drawn whole, for less
            if not self._move_up(old_lines, new_lines):
                return False
            changed_rows = [(0, max(len(old_lines), len(new_lines)))]
        self._text, self._text_visual = new, None  # what a whole repaint (a resize) draws from
        for y, rows in changed_rows:  # lines next to each other: one region
            self.refresh(Region(0, y, width, rows))
        return True

    def _redraw_changed(self, old: Sequence[Text] | Lines, new: Sequence[Text] | Lines) -> list[tuple[int, int]] | None:
        """Draw the lines of `new` that differ from `old`, as many lines, and return their rows as runs; None
        when the line counts differ or most lines would be drawn anew."""
        strips = self._strips
        if strips is None or not len(old) == len(new) <= len(strips):
            return None
        changed = [y for y, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
        drawn = self._drawn_lines()
        if sum(1 for y in changed if self._line_key(new[y], y) not in drawn) > WHOLE_PAST * len(new):
            return None
        for y, strip in self._line_strips({y: new[y] for y in changed}).items():
            strips[y] = strip
        return _runs(changed)

    def _move_up(self, old: Sequence[Text] | Lines, new: Sequence[Text] | Lines) -> bool:
        """Show `new` as `old` moved up (a log's first lines gone, new ones at the bottom): the kept lines'
        strips move up with them, and only the new lines are drawn. False when `new` is not that, or keeps
        less than half of its lines from `old`."""
        moved = _moved_up(old, new)
        strips = self._strips
        if not moved or strips is None or len(strips) != len(old):
            return False
        kept = [_on_row(strips[y], y - moved, y) for y in range(moved, len(old))]
        drawn = self._line_strips({y: new[y] for y in range(len(kept), len(new))})
        self._strips = kept + [drawn[y] for y in range(len(kept), len(new))]  # the rows under them blank
        return True


def _moved_up(old: Sequence[Text] | Lines, new: Sequence[Text] | Lines) -> int:
    """By how many lines `old` moved up to make `new`: its first lines gone and the others the first of `new`,
    which they are at least half of. 0 when `new` is not that."""
    for moved in range(1, len(old)):
        kept = len(old) - moved
        if kept > len(new) or 2 * kept < len(new):
            continue
        if old[moved] == new[0] and all(old[moved + y] == new[y] for y in range(1, kept)):
            return moved
    return 0


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Rows in increasing order as runs of neighbours: (first row, how many)."""
    runs: list[tuple[int, int]] = []
    for y in rows:
        if runs and runs[-1][0] + runs[-1][1] == y:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((y, 1))
    return runs


def _on_row(strip: Strip, y: int, drawn_on: int = 0) -> Strip:
    """A line drawn on row `drawn_on` (alone, or among a few changed lines), as drawn on row `y` of its
    panel: Textual marks each cell with its (column, row) for text selection. Cheaper than drawing the
    line under y empty lines, which cost a millisecond a line near the bottom of a panel."""
    if y == drawn_on:
        return strip
    if len(_ROWED) > ROWED_KEPT:
        _ROWED.clear()
    segments = []
    for text, style, control in strip:
        if style is not None:
            rowed = _ROWED.get((style, y))
            if rowed is None:
                rowed = style
                if "offset" in (meta := style.meta):
                    rowed += RichStyle.from_meta({"offset": (meta["offset"][0], y)})
                _ROWED[style, y] = rowed
            style = rowed
        segments.append(Segment(text, style, control))
    return Strip(segments, strip.cell_length)


ROWED_KEPT = 4096
_ROWED: dict[tuple[RichStyle, int], RichStyle] = {}
"""A cell's style as drawn on row y, by its style drawn on another row: a log moved up by a line moves its
lines' styles (each marked with its column and row) to the row above, the same ones again and again."""


def show(widget: Static, content: Text | str) -> None:
    """Put `content` in `widget`, doing no work when it is what the widget already shows.

    A game screen redraws every panel from the view after each key, but a key changes one or two
    of them: an unchanged panel is skipped, a LinePanel repaints only its changed lines, and a
    changed panel of the same size is refreshed without a layout of the whole screen (the cost
    that made a cursor move slow).
    """
    old = getattr(widget, "_shown_content", None)
    if old is not None and type(old) is type(content) and old == content:
        return
    # Any Static may be shown through here, so what it shows rides on the widget as an attribute of
    # its own, which the Static type does not declare.
    widget._shown_content = content  # type: ignore[attr-defined]
    resized = old is None or _resizes(widget, old, content)
    if (
        isinstance(widget, LinePanel)
        and isinstance(old, Text)
        and isinstance(content, Text)
        and not resized
        and widget.show_lines(old, content)
    ):
        return
    widget.update(content, layout=resized)


def _resizes(widget: Static, old: Text | str, new: Text | str) -> bool:
    """Whether showing `new` instead of `old` can change the widget's size: only then can it move the
    other widgets (a layout of the whole screen, which repaints every widget). A panel of fixed or
    fractional size never moves; one of `auto` width follows its widest line and its line count; one
    of `auto` height and given width follows its line count, as long as no line is wider than the
    panel (a wrapping line takes more lines). Chai's market is 38 columns wide and as tall as its
    lines, and its last line (the group under the cursor) changes length with every cursor move."""
    styles = widget.styles
    auto_width = styles.width is not None and styles.width.is_auto
    auto_height = styles.height is not None and styles.height.is_auto
    if not (auto_width or auto_height):
        return False
    (old_lines, old_widest), (new_lines, new_widest) = _extent(old), _extent(new)
    if auto_width:
        return (old_lines, old_widest) != (new_lines, new_widest)
    room = widget.size.width
    return old_lines != new_lines or room <= 0 or max(old_widest, new_widest) > room or _stale(widget, new_lines)


def _stale(widget: Static, lines: int) -> bool:
    """Whether the panel's height is not what `lines` of content give it: the layout that should have
    followed an earlier change did not (seen under heavy load: Dabba Walla's prompt kept one row for
    two lines), and comparing contents alone would never ask for it again."""
    height, cap = widget.size.height, widget.styles.max_height
    if cap is not None and cap.unit == Unit.CELLS:
        lines = min(lines, int(cap.value))
    return height != lines


def _extent(content: Text | str) -> tuple[int, int]:
    """(lines, widest line in cells) of what a Static shows."""
    lines = (content.plain if isinstance(content, Text) else content).split("\n")
    return len(lines), max(cell_len(line) for line in lines)
