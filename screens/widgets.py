"""Small widgets the frame's screens share."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import widgets as textual_widgets
from textual.screen import Screen
from textual.widgets import Static


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

    def __init__(self, title: str = "", **kwargs) -> None:
        super().__init__(self._text(title), **kwargs)

    @staticmethod
    def _text(title: str) -> Text:
        return Text(f"chaigames: {title}" if title else "chaigames")

    def set_title(self, title: str) -> None:
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


class Footer(textual_widgets.Footer):
    """Textual's Footer, rebuilt only when the keys it shows have changed.

    Textual's Footer recomposes (unmounts and mounts every key label, then lays out the whole
    screen) on every `refresh_bindings`, and a game screen asks for one after most keys: a cursor
    move cost a full layout. This one compares what it would show (key, description, enabled) with
    what it shows and skips the rebuild when they are equal.
    """

    _shown: tuple | None = None

    def bindings_changed(self, screen: Screen) -> None:
        if not (screen.app.app_focus and self.is_attached and screen is self.screen):
            self._shown = None  # Textual skips this rebuild: the next one must not be skipped
            super().bindings_changed(screen)
            return
        shown = tuple(
            (key, active.binding.action, active.binding.description, active.enabled, active.binding.show)
            for key, active in screen.active_bindings.items()
        )
        if shown == self._shown:
            return
        self._shown = shown
        super().bindings_changed(screen)


def show(widget: Static, content: Text | str) -> None:
    """Put `content` in `widget`, doing no work when it is what the widget already shows.

    A game screen redraws every panel from the view after each key, but a key changes one or two
    of them: an unchanged panel is skipped, and a changed one of the same size is refreshed
    without a layout of the whole screen (the cost that made a cursor move slow).
    """
    old = getattr(widget, "_shown_content", None)
    if old is not None and type(old) is type(content) and old == content:
        return
    widget._shown_content = content  # type: ignore[attr-defined]
    resized = old is None or (_sized_by_content(widget) and _extent(old) != _extent(content))
    widget.update(content, layout=resized)


def _sized_by_content(widget: Static) -> bool:
    """Whether the widget's size follows what it shows (an `auto` width or height): only then can
    new content move the other widgets. A panel of fixed or fractional size is repainted in place."""
    styles = widget.styles
    return any(scalar is not None and scalar.is_auto for scalar in (styles.width, styles.height))


def _extent(content: Text | str) -> tuple[int, int]:
    """(lines, widest line in cells) of what a Static shows."""
    lines = (content.plain if isinstance(content, Text) else content).split("\n")
    return len(lines), max(cell_len(line) for line in lines)
