"""Small widgets the frame's screens share."""

from __future__ import annotations

from rich.text import Text
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
