"""The app's screens, with `self.app` typed as the app they run in.

Textual types a screen's `app` as any `App`; a screen of this app calls the frame's own methods
(open the pause menu, start a game, join a table), so its `app` is declared as `ChaiGamesApp` for
the type checker (Textual's `getters.app`). Only the declaration is typed: at run time `app` is
Textual's own property, so a test may still show a screen in an app of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from textual import events
from textual.geometry import Region
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.widget import Widget

from .compat import tinted_lines

if TYPE_CHECKING:
    from textual import getters

    from .app import ChaiGamesApp

ResultType = TypeVar("ResultType")


# The mixin below is a widget for the type checker only. At run time it is a plain class: Textual takes a
# widget's CSS type names by following the first widget class among each class's bases, and a widget
# mixin there would hide the Screen or MarkdownViewer it is mixed into, and with it their default CSS
# (a screen's opaque background among it).
if TYPE_CHECKING:
    _Widget = Widget
else:
    _Widget = object


class MountedWhileRunning(_Widget):
    """A widget or screen that sets itself up (Mount) and fits itself to its size (Resize) only while
    the app runs. Put it first among the bases of a widget class.

    Once the app stops running (it is quitting), Textual no longer starts the widgets mounted after
    that: a screen opened in that moment still gets its Mount and its first Resize, but the widgets
    inside its containers never came, and a handler looking for them ended the app with `NoMatches`
    (Textual's own MarkdownViewer too). There is nothing to fill, focus or fit on a screen that is
    going."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Mount | events.Resize) and not self.app.is_running:
            return
        await super().on_event(event)


class StyledOnce(MountedWhileRunning, Screen[ResultType]):
    """A screen that is not styled over again as it is shown under the styles it was styled with, and that sets
    itself up on Mount only while the app runs (`MountedWhileRunning`: one opened as the app quits never got its
    widgets).

    Textual restyles a screen and everything on it each time it is pushed (`ScreenResume`), the first time too,
    although it was styled as it was composed a moment before: for a form of a hundred widgets (New game) that
    doubled the CPU of opening it, and a screen kept and pushed again (Chai's moves list, every move) was styled
    again each time. Here it is restyled, as Textual does, only when what its styles come from changed since it
    was last shown: the app's rules (a theme changed, a stylesheet read: parsed again into new rules) or the app's
    own classes (the theme's)."""

    _styled_under: tuple[object, frozenset[str], frozenset[str]] | None = None
    """The app's rules, classes and pseudo-classes as the screen was last shown."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.ScreenResume):
            app = self.app
            under = (app.stylesheet.rules, app.classes, app.pseudo_classes)
            last = self._styled_under
            if last is None or (last[0] is under[0] and last[1:] == under[1:]):
                event.refresh_styles = False
            self._styled_under = under
        await super().on_event(event)


class AppScreen(StyledOnce[ResultType]):
    """A full screen of the app."""

    if TYPE_CHECKING:
        app = getters.app(ChaiGamesApp)


class AppModalScreen(ModalScreen[ResultType], StyledOnce[ResultType]):
    """A dialog of the app, drawn over the screen below, which shows through it tinted.

    Textual tints the whole screen below again each time the dialog is drawn whole (three times as Chai's
    moves list opens and closes): here the tinted lines (`compat.tinted_lines`), and the dialog's own
    lines drawn from them, are kept while the screen below shows the same lines."""

    if TYPE_CHECKING:
        app = getters.app(ChaiGamesApp)

    _drawn: tuple[list[Strip], tuple, list[Strip]] | None = None
    """The tinted lines last drawn from, what else the drawing depended on, and the lines drawn."""

    def render_line(self, y: int) -> Strip:
        lines = tinted_lines(self)
        if lines is None:
            return super().render_line(y)
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, self.visual_style.rich_style)

    def render_lines(self, crop: Region) -> list[Strip]:
        lines = tinted_lines(self)
        if lines is None:
            return super().render_lines(crop)
        key = (crop, self.size, self.background_colors, tuple((f, f.enabled) for f in self.get_line_filters()))
        drawn = self._drawn
        if drawn is not None and drawn[0] is lines and drawn[1] == key:
            return drawn[2]
        strips = super().render_lines(crop)
        self._drawn = (lines, key, strips)
        return strips
