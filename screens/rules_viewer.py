"""The rules page's Markdown viewer (its own module: Textual's Markdown is loaded when a page first opens)."""

from __future__ import annotations

from textual.widgets import MarkdownViewer

from .base import MountedWhileRunning


class RulesViewer(MountedWhileRunning, MarkdownViewer):
    """Textual's MarkdownViewer, which fills itself on Mount only while the app runs: a rules page opened
    as the app quits never got the document it would fill."""
