"""The rules of each game in our own words (Markdown from the game's spec)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from chaigames.play.library import Library

from .base import AppScreen
from .widgets import Footer, TitleBar


def rules_text(library: Library, game_id: str) -> str:
    """The game's rules_markdown, or a short note while its rules are not written up here."""
    for gid, title, seats, blurb, built in library.catalogue():
        if gid != game_id:
            continue
        if built:
            spec = library.get(gid)
            if spec.rules_markdown.strip():
                return spec.rules_markdown
        note = "" if built else "\n\nThis game is not in this build yet."
        return f"# {title}\n\n{blurb}\n\n{seats} players.{note}\n\nThe full rules are not written up here yet."
    return f"# {game_id}\n\nNo such game."


class RulesIndex(AppScreen[None]):
    """Pick a game to read its rules."""

    SUB_TITLE = "Rules"

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back", id="back"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def compose(self) -> ComposeResult:
        yield TitleBar(self.sub_title)
        library: Library = self.app.library
        yield OptionList(
            *(Option(f"{title}  ({seats} players)", id=gid) for gid, title, seats, _, _ in library.catalogue()),
            id="rules-games",
        )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id:
            self.app.push_screen(RulesScreen(event.option.id))


class RulesScreen(AppScreen[None]):
    """One game's rules, scrollable, with a table of contents."""

    SUB_TITLE = "Rules"

    BINDINGS = [
        Binding("escape", "back", "Back", id="back"),
        Binding("t", "toggle_toc", "Contents", id="toc"),
        Binding("question_mark", "app.keys", "Keys", id="keys"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        yield TitleBar(self.sub_title)
        # Textual's Markdown (and markdown-it) costs more to import than the whole menu: load it here,
        # when somebody first opens a rules page, not at start-up.
        from .rules_viewer import RulesViewer

        library: Library = self.app.library
        yield RulesViewer(rules_text(library, self.game_id), show_table_of_contents=False, id="rules-md")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-md").focus()

    def action_back(self) -> None:
        self.dismiss(None)

    def action_toggle_toc(self) -> None:
        from textual.widgets import MarkdownViewer

        viewer = self.query_one("#rules-md", MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents
