"""The few places the front end reaches past Textual's public API, each with why it must.

Everything else in `screens` uses Textual's public API only (tests/screens/test_compat.py checks
that no other module names a private Textual attribute or module). The runtime dependency is pinned
to the Textual versions this module is tested with (pyproject.toml): a new minor release may move
any of these, so it is tried here first.

- `event_time`: the clock Textual stamps every event with. The key gate compares a key's
  `events.Key.time` with "now"; only the same clock makes the two comparable (Textual picks
  `time.monotonic` or, on Windows, `time.perf_counter`, and says so only in `textual._time`).
- `bind_key`, `show_bindings`: keys bound on one screen object after it is made (a confirmation
  that may take Enter for yes; Chai Wallah's zone keys, which depend on who plays) and a screen's
  footer hiding some of its keys when 80 columns cannot hold them. Textual binds keys per class
  (`BINDINGS`); the object's own binding map (`DOMNode._bindings`) is the only per-object one.
- `screen_css_first`: a screen's own stylesheet (`CSS_PATH`, `CSS`) is read before the screen starts.
  Textual starts a pushed screen (`App._get_screen`) and only then reads its stylesheet
  (`App._load_screen_css`), restyling the screens on the stack but not the new one. From Python 3.12
  `App.run` runs new tasks eagerly (`asyncio.eager_task_factory`): the screen composes and styles its
  widgets as it starts, before its stylesheet is there, and they keep those styles until a class of
  theirs changes. Chai's game at 80x24 lost its padding, borders and margins (at 110x34 and over, its
  `wide` class restyled it). Read first, it is there when the widgets are styled, at any Python.
- `tell_page`: a message for the web page around the app (`chaigames web`, the browser tab's
  title). Textual's web driver passes such a message to the host as a meta packet
  (`write_meta`), but the app reaches its driver only through `App._driver`.
- `one_shot_timer`: `set_timer` as Textual has it, except that the timer always fires. Textual's
  timers skip ticks they find late, and a one-shot timer checks that before its first wait: held
  up for longer than its delay between two reads of the clock (a loaded machine, a garbage
  collection), it ends without ever calling back. A bot's 1 ms pause then never ends and the game
  stops. `Timer(skip=False)` is public, starting it and tying it to its node (`Timer._start`,
  `MessagePump._timers`) is not.
- `share_parsed_css`: one cache of parsed CSS for every stylesheet in the process. Textual parses
  the app's CSS and every widget's `DEFAULT_CSS` into each app's own `Stylesheet` (its parse cache
  is the stylesheet's, and `reparse` starts a fresh one), which is about a sixth of an app's start.
  A served session is forked from a process that has shown the menu once, so with the cache there
  it finds that CSS parsed; tests that start many apps parse it once. The hook is the stylesheet's
  `_parse_rules` (its arguments and the stylesheet's variables are the whole key).
- `paint_only_what_changed`: a frame that repaints parts of the screen asks only the widgets under
  those parts for only their lines. Textual's compositor picks the widgets to render for a partial
  update by their container's clip, not by where they are (`Compositor._get_renders`): every
  widget directly on the screen (the title, the status line, the footer and the rest, whose clip
  is the whole screen) rendered every one of its lines on every frame, to have all but the changed
  lines thrown away; and it renders every line from the highest change to the lowest (a cursor in
  Chai's market and a line of the players below it rendered every panel between them). A game at a
  table repaints a line or two per update, so that was about half of a player's app's CPU in play.
  Here each widget renders only its lines under the parts that changed (`render_partial_update`
  tells the renders which parts those are); what reaches the terminal is the same (the lines outside
  the parts were never sent). A line of a widget that the widgets in front of it draw all of under the
  parts repainted (the screen's own background behind its panels, a container's behind its children, a
  column's border beside a panel when only the panel is repainted) is not rendered at all, in a whole
  frame too: the compositor keeps the front widget's strip wherever two overlap, and sends nothing
  outside the parts.
- `sizes_without_layout`: a layout tells every widget it placed its new size, and a widget whose size
  changed sets its `virtual_size`, a reactive that asks for a layout of the whole screen: every layout
  that resized anything (each screen opened, a panel grown by a line, the terminal resized, a footer
  rebuilt) was followed by a second one that placed everything where it already was. What a new
  virtual size can change in a layout is a scrollbar that comes or goes, and Textual's scrollbar
  switches (`show_vertical_scrollbar`, `show_horizontal_scrollbar`) ask for their own layout; its
  own reflow of a scroll already passes `layout=False`. Here every layout does.
- `styled_once_mounted`: a widget styles itself (`update_node_styles`) each time a class of it changes,
  and Textual's widgets set theirs as they are made (a button its variant, compactness and disabled
  state; a field its compactness): each was styled up to three times alone, outside the app, before
  Textual styled it once more as it was mounted (`App._register`). The New game form made a
  sixth of its restyles that way. Here a widget with no parent yet is left to be styled as it is
  mounted.
- `select_parts_as_they_end`: a Select binds its list's compactness to its own and marks its current
  value as one only after both are mounted, each change restyling the part: twenty restyles as the
  New game form opened. Here the parts are made with the classes they end with (the parts' classes
  are in Textual's private `_select` module, and whether a Select may be blank in `_allow_blank`).
- `hidden_screens_wait`: Textual counts the screen just under the top one among the screens seen
  through it (`App._background_screens`) even when the top one is opaque: the menu under a game was
  laid out three times at each resize of the terminal (by its own resize, and twice as the game's
  background), and drew whatever changed on it, all unseen. Here a screen under an opaque one is not
  seen through: Textual lays it out as it is shown again (`ScreenResume`, when the size changed).
- `screens_laid_out_once`: a dialog opened and closed over a game laid the game out three times and
  drew the terminal whole four times; now the game is not laid out, and the terminal is drawn whole
  once as the dialog opens (as it is shown) and once as it closes (the function says which of Textual's
  steps it skips, and why nothing on screen depends on them).
  A widget hidden and never placed (every screen's rack of notifications) asks for no layout either.
- `tinted_lines`: a dialog shows the screen under it tinted (its background is translucent), and Textual
  draws that tint anew every time the dialog is drawn whole: the screen under it composed, every segment
  of it tinted, split into lines again (`Screen.render`'s `BackgroundScreen`), three times as Chai's
  moves list opened and closed, most of its cost. Here a dialog keeps the tinted lines while the screen
  under it shows the same lines, and tints each style once per drawing (Textual's own tint, asked once
  for each style). The screen under it is composed by its compositor (`Screen._compositor`), and a
  widget's content waits to be drawn again while its `_dirty_regions` holds parts, which Textual's own
  `render_line` clears.
- `option_lists_keep_their_lines`: Textual's list of options keeps each option drawn by option and
  style (`OptionList._get_option_render`), not by width, so it forgets them all at every `Resize`
  (`_on_resize`). A dialog's list gets its first Resize just after its first frame drew its options at
  that very width, and the next frame drew every option again: half of the moves list's drawing as it
  opened. Here a Resize forgets them only when the width they were drawn at changed.
- `focus_repaints_what_changed`: a screen's `focused` reactive repainted the whole screen on every focus
  change (each Tab on the New game form sent every line again); the reactive's `_repaint` is its only
  switch.
- `typing_lays_nothing_out`: a field (`Input`) sets its `virtual_size` to its text's width on every
  character typed or deleted (`Input._watch_value`), and `virtual_size` is a reactive that asks for a
  layout of the whole screen. That layout gives the field back its own size as its virtual size (the
  compositor gives every widget that is not a container its region's size), so it changed nothing on
  screen: the New game form was laid out once for each letter of a name. A field of fixed size (all of
  ours) now takes its new virtual size without the layout; one sized by its content (`auto`) still asks.
- `footer_key_as_its_footer`: Textual's footer key starts compact (its `compact` defaults to True,
  which adds its `-compact` class and restyles it) and is then bound to its footer's `compact`
  (False for ours: the class goes again, another restyle), so every key was styled three times as
  a footer was made: about a sixth of a served session's CPU to its menu. Set to its footer's
  value before it is mounted, it is styled once. The key's class (`FooterKey`) is not exported, and
  which keys are bound to their footer only the key's `_reactive_connect` says.
- `footer_key_enabled`, `footer_has_bindings`: our footer greys or lights a key where it is instead
  of rebuilding every key (a rebuild is two layouts of the whole screen); Textual's key keeps whether
  it is disabled in `_disabled` (its click reads it), and the footer whether it has been told its screen's
  bindings yet in `_bindings_ready` (before that it composes no key).
- `PaletteSearch`: the command palette's search worker (`CommandPalette._gather_commands`) looks up
  the palette's list as it starts and as results come. When the palette is torn down while a search
  runs, or one starts as the keys that closed it are still arriving, the list is gone and the failed
  worker ends the app (`NoMatches`). Here a search whose list is gone ends quietly: there is nothing
  left to fill. The search itself is Textual's, called through its undecorated function.
- `CrashHooks`: after an unhandled error the app writes a crash log and shows the player one
  friendly line instead of Textual's traceback. Textual offers no public hook between catching
  the error and printing it (`App._handle_exception`, `App._print_error_renderables`,
  `App._exit_renderables`).
- Input guard (`install_input_decoder`, `guarded_driver`). Textual's terminal and web drivers read
  the player's bytes in a thread, decode them as strict UTF-8 and post one message per key to the
  app, with no bound. Three things follow, each
  fatal on a game host:
  - one byte that is not UTF-8 (a Latin-1 terminal typing "é", xterm's 8-bit Alt) raises
    UnicodeDecodeError in that thread, and Textual ends the app with a traceback;
  - a flood of keys (megabytes sent into an SSH channel or a web page) queues a message per byte
    faster than the app handles them, and memory grows without limit;
  - a bracketed paste is gathered whole before anything sees it, so a 100 MB paste is 100 MB of
    parser state, then one enormous Paste event.

  The guard replaces the drivers' decoder (`install_input_decoder`: bad bytes become U+FFFD, a paste
  keeps its first `MAX_PASTE` characters) and wraps the app's driver class (`guarded_driver`: while
  `MAX_BACKLOG` input events are still in the app's hands, further keys, pastes and mouse events are
  read and dropped). What a person can type never comes near either bound.
"""

from __future__ import annotations

import asyncio
import codecs
import threading
import weakref
from collections.abc import Generator, Iterable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from rich.segment import Segment
from textual import events, messages, work
from textual._compositor import Compositor
from textual._time import get_time as _get_time
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.color import Color
from textual.command import CommandList, CommandPalette
from textual.css.model import RuleSet
from textual.css.query import NoMatches
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode, NoScreen
from textual.driver import Driver
from textual.geometry import Region, Size
from textual.message import Message
from textual.message_pump import MessagePump
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.strip import Strip
from textual.timer import Timer, TimerCallback
from textual.widget import AwaitMount, Widget
from textual.widgets import Footer, Input, OptionList, Select
from textual.widgets._footer import FooterKey
from textual.widgets._select import SelectCurrent, SelectOverlay


def event_time() -> float:
    """Now, on the clock Textual stamps events with (`events.Key.time`)."""
    return _get_time()


def one_shot_timer(
    node: MessagePump,
    delay: float,
    callback: TimerCallback | None = None,
    *,
    name: str | None = None,
    pause: bool = False,
) -> Timer:
    """`node.set_timer(delay, callback)`, certain to call back once however late its first look at the clock."""
    timer = Timer(
        node,
        delay,
        name=name or f"one_shot_timer#{id(node)}",
        callback=None if callback is None else partial(node.call_next, callback),
        repeat=0,
        skip=False,
        pause=pause,
    )
    timer._start()
    node._timers.add(timer)
    return timer


PARSED_CSS_LIMIT = 1024
"""Parsed sources the shared cache keeps (each theme's variables give every source another entry);
past it the cache starts again."""

_parsed_css: dict[tuple[Any, ...], list[RuleSet]] = {}


def share_parsed_css() -> None:
    """From now on every `Stylesheet` in this process parses a given CSS source, under given variables,
    once: the rules parsed are shared, as one stylesheet already shares them between its own parses
    (nothing changes a parsed rule set). Calling it again changes nothing."""
    if getattr(Stylesheet._parse_rules, "shared", False):
        return
    parse_alone = Stylesheet._parse_rules

    def parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(self._variables.items()))
        rules = _parsed_css.get(key)
        if rules is None:
            rules = parse_alone(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(_parsed_css) >= PARSED_CSS_LIMIT:
                _parsed_css.clear()
            _parsed_css[key] = rules
        return rules

    parse_rules.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]


def paint_only_what_changed() -> None:
    """From now on a partial repaint renders only the widgets under the parts it repaints, and of them only
    the lines those parts cover (a whole repaint is Textual's own). Calling it again changes nothing."""
    if getattr(Compositor._get_renders, "only_what_changed", False):
        return
    render_all = Compositor._get_renders
    render_partial = Compositor.render_partial_update
    repainting: dict[int, list[Region]] = {}  # by compositor: the parts its partial repaint is drawing

    def render_partial_update(self: Compositor) -> Any:
        repainting[id(self)] = list(self._dirty_regions)
        try:
            return render_partial(self)
        finally:
            del repainting[id(self)]

    def get_renders(self: Compositor, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        if not crop:
            yield from render_all(self, crop)
            return
        parts = repainting.get(id(self)) or [crop]
        bounds = [(part.x, part.right, part.y, part.bottom) for part in parts]
        covered: dict[int, list[tuple[int, int]]] = {}  # by line: the columns widgets in front of this one draw
        for widget, (region, clip) in self.visible_widgets.items():  # the front widget first
            x, _, width, height = visible = region.intersection(clip)
            if not (width and height):
                continue
            # Only the lines under the parts, but every column the widget shows: `_render_chops` cuts a line's
            # strip where widgets begin and end, counting from where the strip begins. A line that widgets in
            # front draw all of under the parts (a container's, the screen's own behind its widgets) is not
            # rendered at all: the frame would keep the front widgets' strips there, and sends nothing else.
            for top, bottom in _line_runs(visible.intersection(part) for part in parts):
                for first, end in _uncovered(covered, x, x + width, top, bottom, bounds):
                    yield (
                        region,
                        Region(x, first, width, end - first),
                        widget.render_lines(Region(x - region.x, first - region.y, width, end - first)),
                    )

    get_renders.only_what_changed = True  # type: ignore[attr-defined]
    Compositor._get_renders = get_renders  # type: ignore[method-assign]
    Compositor.render_partial_update = render_partial_update  # type: ignore[method-assign]


def _uncovered(
    covered: dict[int, list[tuple[int, int]]],
    left: int,
    right: int,
    top: int,
    bottom: int,
    parts: Sequence[tuple[int, int, int, int]] = (),
) -> list[tuple[int, int]]:
    """The runs of lines (first, line after the last) from `top` to `bottom` whose columns `left` to `right`
    under `parts` (left, right, top, bottom; all of them without parts) the spans in `covered` (by line) do
    not all cover; then marks the columns `left` to `right` of those lines covered. A container behind a
    repainted panel is not drawn where its columns beside the panel are not repainted (Chai's log moving up,
    beside the market)."""
    runs: list[tuple[int, int]] = []
    for y in range(top, bottom):
        spans = covered.get(y)
        if spans is None:
            covered[y] = [(left, right)]
        else:
            needed = (
                [(max(x0, left), min(x1, right)) for x0, x1, y0, y1 in parts if y0 <= y < y1]
                if parts
                else [(left, right)]
            )
            if all(
                any(start <= first and last <= end for start, end in spans) for first, last in needed if first < last
            ):
                continue
            spans.append((left, right))
            spans.sort()
            merged = [spans[0]]
            for start, end in spans[1:]:
                if start <= merged[-1][1]:
                    merged[-1] = (merged[-1][0], max(merged[-1][1], end))
                else:
                    merged.append((start, end))
            covered[y] = merged
        if runs and runs[-1][1] == y:
            runs[-1] = (runs[-1][0], y + 1)
        else:
            runs.append((y, y + 1))
    return runs


def _line_runs(overlaps: Iterable[Region]) -> list[tuple[int, int]]:
    """The rows the non-empty regions among `overlaps` cover, as runs (first row, row after the last) in
    order, neighbouring and overlapping runs joined."""
    runs: list[tuple[int, int]] = []
    for top, bottom in sorted((r.y, r.bottom) for r in overlaps if r.width and r.height):
        if runs and top <= runs[-1][1]:
            runs[-1] = (runs[-1][0], max(runs[-1][1], bottom))
        else:
            runs.append((top, bottom))
    return runs


def sizes_without_layout() -> None:
    """From now on a widget takes the sizes a layout gave it without asking for another layout (a widget
    whose scrollbars come or go because of them still asks, as Textual's scrollbars do themselves).
    Calling it again changes nothing."""
    if getattr(Widget._size_updated, "quiet", False):
        return
    size_updated = Widget._size_updated

    def _size_updated(self: Widget, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        return size_updated(self, size, virtual_size, container_size, layout=False)

    _size_updated.quiet = True  # type: ignore[attr-defined]
    Widget._size_updated = _size_updated  # type: ignore[method-assign]


def styled_once_mounted() -> None:
    """From now on a widget not yet in the app (being made: a button given its variant, a field made
    compact) is not styled by itself: it is styled as it is mounted, with the classes it has then.
    Calling it again changes nothing."""
    if getattr(DOMNode.update_node_styles, "once_mounted", False):
        return
    update_node_styles = DOMNode.update_node_styles

    def styled_when_mounted(self: DOMNode, animate: bool = True) -> None:
        if isinstance(self, Widget) and self.parent is None:
            return
        update_node_styles(self, animate)

    styled_when_mounted.once_mounted = True  # type: ignore[attr-defined]
    DOMNode.update_node_styles = styled_when_mounted  # type: ignore[method-assign]


def select_parts_as_they_end() -> None:
    """From now on a Select's parts are made with the classes they end with: its list as compact as the
    Select (Textual binds it after mounting it), its current value marked as a value when the Select
    cannot be blank (it is given one as it is mounted). Each was styled again for it. Calling it again
    changes nothing."""
    if getattr(Select.compose, "as_they_end", False):
        return
    compose = Select.compose

    def composed(self: Select[Any]) -> Any:
        for widget in compose(self):
            if isinstance(widget, SelectOverlay):
                widget.set_reactive(OptionList.compact, self.compact)
                widget.set_class(self.compact, "-textual-compact", update=False)
            elif isinstance(widget, SelectCurrent) and not self._allow_blank:
                widget.set_reactive(SelectCurrent.has_value, True)
                widget.set_class(True, "-has-value", update=False)
            yield widget

    composed.as_they_end = True  # type: ignore[attr-defined]
    Select.compose = composed  # type: ignore[method-assign]


def hidden_screens_wait() -> None:
    """From now on a screen under an opaque one is not drawn, laid out or resized while it is hidden
    (it is laid out again as it is shown, when the terminal's size changed meanwhile). Calling it again
    changes nothing."""
    seen_through = App._background_screens.fget  # type: ignore[attr-defined]
    if getattr(seen_through, "hidden_wait", False):
        return

    def background_screens(self: App) -> list[Screen]:
        stack = self._screen_stack
        if stack and stack[-1].styles.background.a == 1:
            return []
        return seen_through(self)

    background_screens.hidden_wait = True  # type: ignore[attr-defined]
    App._background_screens = property(background_screens)  # type: ignore[method-assign, assignment]


def screens_laid_out_once() -> None:
    """From now on a screen is not laid out again at the size it was laid out at, nor drawn whole twice in
    one frame; a screen taken off the stack does not lay out the one under it again. Calling it again
    changes nothing.

    Three of Textual's steps redo what was just done whenever a dialog opens or closes:
    - a screen's first layout sends the screen itself a `Resize`, whose handler lays out the screen again,
      and every screen seen through it (the game under a dialog), though nothing moved: the screen itself is
      laid out again only while a layout waits for it or for one of its widgets (its own Resize handler may
      have restyled them just before, as Chai's game does at a wide terminal, and then draws them after; a
      list's scrollbar may have come as it was first drawn), and that layout answers the widgets' requests;
    - a screen shown at a new size (a dialog opened) is laid out and drawn whole at once (`ScreenResume`),
      then asks to be drawn whole again at the next frame;
    - a screen asked to be laid out and drawn whole is drawn whole by its layout's frame, then whole
      again in the same frame (`Screen._on_timer_update`);
    - a screen removed from the stack (a dialog closed) asks the app for a layout and a whole repaint of
      the current screen (`App._prune`'s `post_mount` refreshes the removed node's parent, the app), though
      nothing on it moved: the screen under the dialog was already drawn whole as it was shown again;
    - the screen a dialog opens over is asked to repaint whole (`App.push_screen`), though nothing on it
      changes (this app gives a covered screen no class of its own): seen through the dialog, that drew the
      dialog whole once more, its tint of the screen under it made again;
    - a dialog's widgets have all mounted before it is shown, and its first layout, as it is shown, places
      them and its first frame draws them; but the requests their mounting sent arrive after that frame: a
      container whose widgets have mounted asks for a layout of the screen (`messages.Layout`, posted as it
      is next idle), the screen and every container ask again for a layout and a whole repaint as their
      mounting ends (`AwaitMount`, run once more by `call_next`). Here a request to lay out posted before the
      screen's last whole layout is answered by that layout, and a mounting whose widgets a layout has placed
      since asks for nothing more;
    - a widget hidden (its `display` off, or in one that is) takes no room and is not placed: Textual laid the
      screen out again for one that asked as it mounted (the rack of notifications every screen has, its
      scrollbar switched on as it mounts), and again, drawing it whole, for a mounting that ended with such a
      widget unplaced. Here a widget that is hidden, and was not placed, asks for no layout, and a mounting asks
      for one only for the widgets a layout would place (a widget hidden since the last layout is placed, and
      still asks);
    - a widget that asks to be drawn again asks its screen once it is next idle: a layout tells a list of options
      its sizes again, and the list's scrollbar asks to be drawn again, after the layout's whole frame has drawn it
      (every time Chai's moves list is shown again). Here a whole frame answers what the widgets it draws asked
      before it.
    Each whole drawing is every line of the terminal sent again, and each layout places every widget."""
    if getattr(Screen._screen_resized, "once", False):
        return
    screen_resized = Screen._screen_resized
    on_timer_update = Screen._on_timer_update
    on_screen_resume = Screen._on_screen_resume
    refresh_layout = Screen._refresh_layout
    on_layout = Screen._on_layout
    prune = App._prune
    push = App.push_screen
    render_update = Compositor.render_update
    laid_out_at: weakref.WeakKeyDictionary[Screen, float] = weakref.WeakKeyDictionary()

    def _screen_resized(self: Screen, size: Size) -> None:
        waiting = [w for w in self.walk_children(Widget) if w._layout_required] if self is self.app.screen else []
        if self._size == size and not (self._layout_required or waiting):
            return  # laid out at this size already, nothing waiting (a new terminal size differs)
        for widget in waiting:  # answered by this layout, not by another one when they ask
            widget._layout_required = False
            for ancestor in widget.ancestors:  # as Textual's `Widget._check_refresh` does before it asks
                if not isinstance(ancestor, Widget):
                    break
                ancestor._clear_arrangement_cache()
                ancestor._layout_updates += 1
                if not ancestor.styles.auto_dimensions:
                    break
        screen_resized(self, size)

    def _on_timer_update(self: Screen) -> None:
        if self._layout_required and self._repaint_required and self.is_current and not self.app._batch_count:
            self._repaint_required = False  # drawn whole by the layout's own frame, not once more after it
            self._dirty_widgets.add(self)
        on_timer_update(self)

    def _on_screen_resume(self: Screen, event: events.ScreenResume) -> None:
        new_size = self.is_attached and self._size != self.app.size
        on_screen_resume(self, event)
        if new_size and self._size == self.app.size:
            self._repaint_required = False  # its layout at the new size has drawn it whole just now
            if all(widget.is_mounted for widget in self.walk_children(Widget)):
                self._layout_required = False  # and placed every widget

    def _prune(self: App, *nodes: Widget, parent: DOMNode | None = None) -> Any:
        if parent is self and all(isinstance(node, Screen) for node in nodes):
            parent = None  # a screen off the stack: nothing on the current screen moved
        return prune(self, *nodes, parent=parent)

    def _refresh_layout(self: Screen, size: Size | None = None, scroll: bool = False) -> None:
        whole = not (scroll and not self._layout_widgets) and bool(self.outer_size if size is None else size)
        started = _get_time()
        refresh_layout(self, size, scroll)
        if whole:  # every widget mounted placed again: what they asked before now is done
            laid_out_at[self] = started

    async def _on_layout(self: Screen, message: messages.Layout) -> None:
        widget = message.widget
        placed = widget in self._compositor.widgets
        if (placed and message.time < laid_out_at.get(self, message.time)) or not (placed or _shown(widget)):
            message.stop()
            message.prevent_default()
            return
        await on_layout(self, message)

    def push_screen(self: App, screen: Screen | str, *args: Any, **kwargs: Any) -> Any:
        stack = self.screen_stack
        under = stack[-1] if stack and stack[-1].is_active and not self.SUSPENDED_SCREEN_CLASS else None
        if under is None or not isinstance(screen, Screen) or screen.CSS or screen.css_path:
            return push(self, screen, *args, **kwargs)  # a screen's own CSS restyles every screen as it comes
        asked = (under._repaint_required, set(under._repaint_regions), set(under._dirty_regions))
        pushed = push(self, screen, *args, **kwargs)
        under._repaint_required = asked[0]
        under._repaint_regions.clear()
        under._repaint_regions.update(asked[1])
        under._dirty_regions.clear()
        under._dirty_regions.update(asked[2])
        return pushed

    def _render_update(
        self: Compositor, full: bool = False, screen_stack: list[Screen] | None = None, simplify: bool = False
    ) -> Any:
        if not full and self.size.region in self._dirty_regions:  # the screen's own frame, whole (not a screenshot)
            for widget in self.visible_widgets:  # drawn now: what they asked is done
                widget._repaint_required = False
        return render_update(self, full, screen_stack, simplify)

    _screen_resized.once = True  # type: ignore[attr-defined]
    Screen._screen_resized = _screen_resized  # type: ignore[method-assign]
    Screen._on_timer_update = _on_timer_update  # type: ignore[method-assign]
    Screen._on_screen_resume = _on_screen_resume  # type: ignore[method-assign]
    Screen._refresh_layout = _refresh_layout  # type: ignore[method-assign]
    Screen._on_layout = _on_layout  # type: ignore[method-assign]
    App._prune = _prune  # type: ignore[method-assign]
    App.push_screen = push_screen  # type: ignore[method-assign]
    Compositor.render_update = _render_update  # type: ignore[method-assign]
    AwaitMount.__await__ = _await_mount  # type: ignore[method-assign]


def _await_mount(self: AwaitMount) -> Generator[None, None, None]:
    """Textual's `AwaitMount.__await__`, except that the parent is not laid out and drawn again for widgets that a
    layout has placed since they mounted, with everything in them (a layout places only mounted widgets: one made
    while a container's children were still mounting left them out)."""

    async def await_mount() -> None:
        if self._widgets:
            await asyncio.wait([asyncio.create_task(widget._mounted_event.wait()) for widget in self._widgets])
            parent = self._parent
            try:
                screen = parent.screen
            except NoScreen:
                parent.refresh(layout=True)
                return
            placed = screen._compositor.widgets
            if not all(node in placed for widget in self._widgets for node in _shown_nodes(widget)):
                parent.refresh(layout=True)
            parent.app._update_mouse_over(screen)

    return await_mount().__await__()


def _shown(widget: DOMNode) -> bool:
    """Whether `widget` takes part in a layout: neither it nor a widget it is in has `display` off."""
    node: DOMNode | None = widget
    while isinstance(node, Widget):
        if not node.display:
            return False
        node = node.parent
    return True


def _shown_nodes(widget: Widget) -> Iterable[Widget]:
    """`widget` and every widget in it that a layout places (none inside a widget whose `display` is off)."""
    if not widget.display:
        return
    yield widget
    for child in widget.children:
        if isinstance(child, Widget):
            yield from _shown_nodes(child)


_tints: dict[tuple[Any, ...], dict[Any, Any]] = {}
"""By tint (its colour, the dialog's style and link style): each style seen under it, and what it became."""


def _tinted(screen: Screen, lines: list[Strip], color: Color) -> list[Strip]:
    """`lines` under `screen`'s tint, as Textual's `Screen.render` draws them: each segment's style tinted (by
    Textual's own tint, `BackgroundScreen`), then the screen's own style under it and its link style over a link's
    (`Widget.post_render`), each style worked out once for as long as the tint stays the same (`_tints`). Textual
    renders the lines through a Rich console and cuts them into lines again, which cost half as much again as
    composing them, and tints each style anew."""
    tint = BackgroundScreen.process_segments
    base = screen.visual_style.rich_style
    link = screen.link_style if screen.auto_links else None
    if len(_tints) > 8:
        _tints.clear()
    done = _tints.setdefault((color, base, link), {})
    if len(done) > 4096:  # links' styles each have their own meta
        done.clear()
    tinted: list[Strip] = []
    for line in lines:
        segments = []
        for text, style, _ in line:
            drawn = done.get(style, done)
            if drawn is done:
                drawn = next(iter(tint([Segment(" ", style)], color))).style
                if base:
                    drawn = base + drawn
                if link and drawn is not None and drawn._meta is not None and "@click" in drawn.meta:
                    drawn = drawn + link
                done[style] = drawn
            if drawn is not None or not link:
                segments.append(Segment(text, drawn))
        tinted.append(Strip(segments))
    return tinted


_tinted_lines: weakref.WeakKeyDictionary[Screen, tuple[tuple, list[Strip]]] = weakref.WeakKeyDictionary()
"""By dialog: (what its tinted lines were drawn from, those lines)."""
_repaints_seen_through: weakref.WeakKeyDictionary[Screen, int] = weakref.WeakKeyDictionary()
"""By screen: how many times it has passed a repaint on to the dialog over it."""


def tinted_lines(screen: Screen) -> list[Strip] | None:
    """What `screen`, a dialog, draws behind its widgets: the screen under it, tinted, line by line, as
    Textual's `Screen.render` draws it. None when the screen is not seen through (opaque, or nothing under
    it): then it draws as Textual draws it.

    The same list comes back until the screen under it repaints something (`repaints_seen_through`), is
    resized, or the dialog's size, style or tint changes."""
    color = screen.styles.background
    stack = screen.app.screen_stack
    if color.a >= 1 or screen not in stack:
        return None
    at = stack.index(screen)
    if at == 0:
        return None
    under = stack[at - 1]
    key = (screen.size, screen.visual_style, color, under.size, _repaints_seen_through.get(under, 0))
    kept = _tinted_lines.get(screen)
    screen._dirty_regions.clear()  # as Textual's `render_line` does once it has drawn
    if kept is None or kept[0] != key:
        lines = under._compositor.render_strips()[: screen.size.height]
        kept = _tinted_lines[screen] = (key, _tinted(screen, lines, color))
    return kept[1]


def repaints_seen_through() -> None:
    """From now on a screen under a dialog counts the repaints it passes on to the dialog (Textual passes them
    as parts of the dialog to draw again, `Screen._compositor_refresh`), so that the dialog draws the screen
    under it again only when it changed. Calling it again changes nothing."""
    if getattr(Screen._compositor_refresh, "counted", False):
        return
    compositor_refresh = Screen._compositor_refresh

    def _compositor_refresh(self: Screen) -> None:
        if self._compositor._dirty_regions and self is not self.app.screen:
            _repaints_seen_through[self] = _repaints_seen_through.get(self, 0) + 1
        compositor_refresh(self)

    _compositor_refresh.counted = True  # type: ignore[attr-defined]
    Screen._compositor_refresh = _compositor_refresh  # type: ignore[method-assign]


def option_lists_keep_their_lines() -> None:
    """From now on a list of options (`OptionList`: Chai's moves list, the pause menu) keeps the options it has
    drawn when it is resized to the width it drew them at. Calling it again changes nothing."""
    if getattr(OptionList._on_resize, "kept", False):
        return
    get_option_render = OptionList._get_option_render
    on_resize = OptionList._on_resize
    drawn_at: weakref.WeakKeyDictionary[OptionList, int] = weakref.WeakKeyDictionary()

    def _get_option_render(self: OptionList, option: Any, style: Any) -> list[Strip]:
        drawn_at[self] = self.scrollable_content_region.width
        return get_option_render(self, option, style)

    def _on_resize(self: OptionList) -> None:
        if drawn_at.get(self) != self.scrollable_content_region.width:
            on_resize(self)

    _on_resize.kept = True  # type: ignore[attr-defined]
    OptionList._get_option_render = _get_option_render  # type: ignore[method-assign]
    OptionList._on_resize = _on_resize  # type: ignore[method-assign]


def option_lists_lay_nothing_out() -> None:
    """From now on a list of options that counts its lines as it is drawn asks for a layout only when a scrollbar
    comes or goes. Calling it again changes nothing.

    Textual's list counts its options' lines as it is first drawn (`OptionList._update_lines`, from
    `render_lines`) and sets its `virtual_size` to them, a reactive that asks for a layout of the whole screen
    and a repaint of the list: a dialog of options was laid out and drawn again just after its first frame.
    Its size in a layout comes from its options (`get_content_height`), never from its virtual size, which only
    decides its scrollbars, and those ask for their own layout when they come or go (`show_vertical_scrollbar`)."""
    if getattr(OptionList._update_lines, "quiet", False):
        return
    update_lines = OptionList._update_lines

    virtual_size = Widget.virtual_size

    def _update_lines(self: OptionList) -> None:
        # The reactive's refresh switched off while the list sets it (nothing else sets one meanwhile): the list
        # is being drawn with those lines already, and `_scroll_update` shows or hides its scrollbars.
        layout, repaint = virtual_size._layout, virtual_size._repaint
        virtual_size._layout = virtual_size._repaint = False
        try:
            update_lines(self)
        finally:
            virtual_size._layout, virtual_size._repaint = layout, repaint

    _update_lines.quiet = True  # type: ignore[attr-defined]
    OptionList._update_lines = _update_lines  # type: ignore[method-assign]


def focus_repaints_what_changed() -> None:
    """From now on a focus moved repaints the widgets whose look it changes, not the whole screen. Calling it
    again changes nothing.

    A screen's `focused` is a reactive that repaints the whole screen when it changes (Textual's default for
    a reactive): every Tab on the New game form sent every line of the terminal again. What a focus change
    shows is already repainted by the widgets it restyles: the widget focused and the one blurred (their
    `has_focus` and `:focus` styles) and every node under an ancestor styled by `:focus-within`
    (`Screen._update_focus_styles`); the screen's own watcher (its footer's keys) still runs."""
    focused = Screen.focused
    if not focused._repaint:
        return
    focused._repaint = False


def typing_lays_nothing_out() -> None:
    """From now on a field of fixed size takes the virtual size of its new text without a layout of the
    screen (one whose size follows its content still asks for one). Calling it again changes nothing."""
    if getattr(Input._watch_value, "quiet", False):
        return
    watch_value = Input._watch_value

    def _watch_value(self: Input, value: str) -> None:
        if not self.styles.auto_dimensions:  # already what Textual sets next: the reactive sees no change
            self.set_reactive(Widget.virtual_size, Size(self.content_width, 1))
        watch_value(self, value)

    _watch_value.quiet = True  # type: ignore[attr-defined]
    Input._watch_value = _watch_value  # type: ignore[method-assign]


def footer_key_as_its_footer(widget: Widget, compact: bool) -> None:
    """If `widget` is a footer's key not yet mounted, give it now the `compact` it would end with (its
    footer's, when bound to it; the palette's key is not, and stays compact) without running its
    watcher: it is styled once, as it is mounted, and its binding finds it unchanged."""
    if not isinstance(widget, FooterKey) or widget.is_mounted:
        return
    bound = "compact" in (widget._reactive_connect or {})
    value = compact if bound else bool(FooterKey.compact._default)
    widget.set_reactive(FooterKey.compact, value)
    widget.set_class(value, "-compact", update=False)


def footer_has_bindings(footer: Footer) -> bool:
    """Whether Textual's footer has been told its screen's bindings (before that it composes no key)."""
    return bool(footer._bindings_ready)


def footer_key_enabled(widget: FooterKey, enabled: bool) -> None:
    """Grey or light a footer's key where it is (Textual's key is told once, as it is made, and keeps
    whether it is disabled in its own `_disabled`, which its click reads)."""
    if widget._disabled == (not enabled):
        return
    widget._disabled = not enabled
    widget.set_class(not enabled, "-disabled")


class PaletteSearch(CommandPalette):
    """Textual's command palette, whose search ends quietly once the palette's list is gone."""

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        try:
            await CommandPalette._gather_commands.__wrapped__(self, search_value)  # type: ignore[attr-defined]
        except NoMatches:
            if self.query(CommandList):
                raise  # the list is there: a fault of its own, not a palette going away


def bind_key(node: Any, keys: str, action: str, description: str = "", *, show: bool = True) -> None:
    """Bind `keys` to `action` on this one screen or widget (not on its class)."""
    node._bindings.bind(keys, action, description, show=show)


def show_bindings(node: Any, ids: Iterable[str], shown: bool) -> bool:
    """Show (or hide) in the footer this object's bindings whose id is in `ids`; they still act.
    Returns whether anything changed (the caller then refreshes the footer)."""
    ids = frozenset(ids)
    changed = False
    key_to_bindings = node._bindings.key_to_bindings
    for key, bindings in list(key_to_bindings.items()):
        if any(b.id in ids and b.show != shown for b in bindings):
            key_to_bindings[key] = [replace(b, show=shown) if b.id in ids else b for b in bindings]
            changed = True
    return changed


def screen_css_first(app: App, screen: Screen | str) -> None:
    """Read `screen`'s own stylesheet into the app now, before the screen is started: its widgets may be
    styled as soon as it starts (before Textual would read it), and are then styled with it."""
    app._load_screen_css(app.get_screen(screen))


def tell_page(app: Any, meta: dict[str, Any]) -> None:
    """Send `meta` to the web page around the app; nothing happens in a terminal."""
    write_meta = getattr(app._driver, "write_meta", None)  # only Textual's web driver has it
    if write_meta is not None:
        write_meta(meta)


class CrashHooks:
    """Mixed in front of `textual.app.App`: an unhandled error goes to `record_crash(error)` first, and
    `report_crash()` may print the player's line instead of the traceback (returning True)."""

    def record_crash(self, error: BaseException) -> None:
        """Called once per unhandled error, before Textual shuts the app down."""

    def report_crash(self) -> bool:
        """Print what the player sees after a crash; False leaves Textual's traceback."""
        return False

    def _handle_exception(self, error: Exception) -> None:
        self.record_crash(error)
        super()._handle_exception(error)  # type: ignore[misc]

    def _print_error_renderables(self) -> None:
        if self.report_crash():
            self._exit_renderables.clear()  # type: ignore[attr-defined]
            return
        super()._print_error_renderables()  # type: ignore[misc]


# -- the input guard ------------------------------------------------------------------------------------
MAX_PASTE = 4096
"""Characters of one paste that reach the app; the rest is dropped (a name field keeps its first ones)."""

MAX_BACKLOG = 200
"""Input events the app may have received and not yet finished with before more are dropped."""

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"


class InputDecoder:
    """Bytes from the player's terminal to text: UTF-8 with U+FFFD for what is not, each bracketed paste
    cut to `limit` characters before the parser gathers it (its markers always pass), and nothing else
    while `backlog` is full (Textual's parser takes tens of microseconds a character, so a flood must
    be dropped before it is parsed, not after)."""

    def __init__(self, limit: int = MAX_PASTE, backlog: Backlog | None = None) -> None:
        self.limit = limit
        self.backlog = backlog
        self._utf8 = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pasting = False
        self._pasted = 0
        self._held = ""  # the start of a paste marker that may finish in the next read

    def decode(self, data: bytes, final: bool = False) -> str:
        text = self._held + self._utf8.decode(data, final)
        self._held = ""
        flooded = self.backlog is not None and self.backlog.full
        if flooded:
            self.backlog.flooded += len(text)  # type: ignore[union-attr]
        out: list[str] = []
        while text:
            if not self._pasting:
                at = text.find(PASTE_START)
                plain = text if at < 0 else text[:at]
                if at < 0 and not final:
                    keep = _split_marker(plain, PASTE_START, shortest=3)
                    self._held = plain[len(plain) - keep :]
                    plain = plain[: len(plain) - keep]
                if not flooded:
                    out.append(self._room_for(plain))
                if at < 0:
                    break
                out.append(PASTE_START)
                text = text[at + len(PASTE_START) :]
                self._pasting, self._pasted = True, 0
                continue
            at = text.find(PASTE_END)
            body = text if at < 0 else text[:at]
            if at < 0 and not final:
                keep = _split_marker(body, PASTE_END, shortest=1)
                self._held = body[len(body) - keep :]
                body = body[: len(body) - keep]
            room = 0 if flooded else max(self.limit - self._pasted, 0)
            out.append(body[:room])
            self._pasted += min(len(body), room)
            if at < 0:
                break
            out.append(PASTE_END)
            text = text[at + len(PASTE_END) :]
            self._pasting = False
        return "".join(out)

    def _room_for(self, plain: str) -> str:
        """What of `plain` the backlog has room for: at most one character per event it can still take
        (a key is at least one character), cut before an escape sequence the cut would break."""
        if self.backlog is None:
            return plain
        room = max(self.backlog.limit - len(self.backlog), 0) if not self.backlog.full else 0
        if len(plain) <= room:
            return plain
        self.backlog.flooded += len(plain) - room
        esc = plain.rfind(ESC, max(0, room - LONGEST_SEQUENCE), room)
        return plain[: esc if esc >= 0 else room]


ESC = "\x1b"
LONGEST_SEQUENCE = 32  # Textual's parser gives up on an escape sequence longer than this


def _split_marker(text: str, marker: str, shortest: int) -> int:
    """How many characters at the end of `text` begin `marker` (at least `shortest` of them, else 0)."""
    for n in range(min(len(marker) - 1, len(text)), shortest - 1, -1):
        if text.endswith(marker[:n]):
            return n
    return 0


_reader = threading.local()  # the backlog of the driver whose input thread this is


def _decoder_factory(encoding: str) -> Any:
    """Stands in for `codecs.getincrementaldecoder` inside Textual's drivers (called by their input
    thread as it starts)."""
    if codecs.lookup(encoding).name != "utf-8":
        return codecs.getincrementaldecoder(encoding)
    return partial(InputDecoder, backlog=getattr(_reader, "backlog", None))


class _WebParser(XTermParser):
    """The web driver feeds its parser whatever a packet decodes to, and an empty string means the end
    of the input to a parser: once `InputDecoder` dropped a whole packet, every later key failed. Here
    nothing to parse is nothing (the web driver never ends its input that way itself)."""

    def feed(self, data: str) -> Iterable[Message]:
        return super().feed(data) if data else ()


def install_input_decoder() -> None:
    """Make the terminal and web drivers decode input with `InputDecoder` (they look the factory up in
    their own module's globals when their input thread starts). The terminal driver skips an empty
    read itself; the web driver gets a parser that does."""
    from textual.drivers import linux_driver, web_driver

    for module in (linux_driver, web_driver):
        module.getincrementaldecoder = _decoder_factory  # type: ignore[attr-defined]
    web_driver.XTermParser = _WebParser  # type: ignore[misc]


class Backlog:
    """Counts input events handed to the app that it still holds: each is counted until the last
    reference to it goes (the app and every widget it was forwarded to are done with it).

    No lock: a set's add and discard are atomic, and the callback may run inside `add` itself (a
    collection there frees an older event), where a lock would be taken twice."""

    def __init__(self, limit: int = MAX_BACKLOG) -> None:
        self.limit = limit
        self._refs: set[weakref.ref[Any]] = set()
        self.dropped = 0  # events dropped
        self.flooded = 0  # characters dropped before they were parsed

        self._flooding = False

    @property
    def full(self) -> bool:
        """Whether input is being dropped: from the moment `limit` events are held until the app has
        worked through three quarters of them (so a flood is dropped in long runs, not let through an
        event at a time as each one is handled)."""
        held = len(self._refs)
        if held >= self.limit:
            self._flooding = True
        elif held <= self.limit // 4:
            self._flooding = False
        return self._flooding

    def __len__(self) -> int:
        return len(self._refs)

    def add(self, message: object) -> None:
        self._refs.add(weakref.ref(message, self._refs.discard))


DROPPABLE = (events.Key, events.Paste, events.MouseEvent)


def guarded_driver(driver_class: type[Driver], limit: int = MAX_BACKLOG) -> type[Driver]:
    """`driver_class` whose input thread drops keys, pastes and mouse events while the app holds
    `limit` of them; resizes, focus changes and the rest always pass."""
    if getattr(driver_class, "input_backlog_limit", None) is not None:
        return driver_class

    class Guarded(driver_class):  # type: ignore[valid-type,misc]
        input_backlog_limit = limit

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.backlog = Backlog(limit)

        def run_input_thread(self) -> None:
            _reader.backlog = self.backlog  # for the decoder this thread is about to make
            super().run_input_thread()

        def process_message(self, message: Any) -> None:
            if isinstance(message, DROPPABLE):
                if self.backlog.full:
                    self.backlog.dropped += 1
                    return
                self.backlog.add(message)
            super().process_message(message)

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{driver_class.__name__}"
    return Guarded
