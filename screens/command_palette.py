"""The command palette (Ctrl+P), steady under a fast typist.

Textual's palette fills its list from a search worker and pages it with PageUp/PageDown. Two moments
end the app in Textual 8.2 when keys come faster than frames:

- PageUp/PageDown right after the commands arrive, before the list is laid out: the list has options
  but no lines yet, and paging looks up the line of the highlighted option (a KeyError). Here a page
  key waits for the list to have a size: until then there is no page to move by.
- A search still running, or started by a key already on its way, when the palette closes (Esc, a
  chosen command, or the game moving on to another screen): the search looks up the palette's list
  after the list was removed (NoMatches, a failed worker). Here the palette stops its searches when
  it leaves the screen, and a change of the search text that arrives after that starts none; a
  search that still finds the list gone (the palette torn down under it) ends quietly
  (`compat.PaletteSearch`).

The app opens this palette for Ctrl+P and for the Theme command's list of themes: Textual's own
still falls over on both.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.binding import Binding, BindingType
from textual.command import CommandList
from textual.widgets import Input

from .compat import PaletteSearch


class CommandPalette(PaletteSearch):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("pagedown", "page(1)", "Next page", show=False),
        Binding("pageup", "page(-1)", "Previous page", show=False),
    ]

    def action_page(self, direction: int) -> None:
        """A page down (1) or up (-1) the list, once the list has been laid out."""
        commands = self.query(CommandList)
        if not commands or not commands.first().scrollable_content_region:
            return
        if direction > 0:
            commands.first().action_page_down()
        else:
            commands.first().action_page_up()

    def on_screen_suspend(self, _: events.ScreenSuspend) -> None:
        """Off the screen (closed, or covered): no search goes on filling a list that may be gone."""
        self.workers.cancel_node(self)

    @on(Input.Changed)
    def search_only_while_open(self, event: Input.Changed) -> None:
        """Search text that arrives after the palette left the screen starts no search."""
        if not self.is_current:
            event.stop()
            event.prevent_default()
