"""The reference app of the start-up and key benchmarks: a bare Textual app, nothing of ours.

A Header, an OptionList of the three game titles and a Footer: the least a menu can be. Start-up
is measured against it (`startup.py`), and its highlight moving down the list is the floor of key
latency on a pty (`keys.py`: Textual batches screen updates at about 60 Hz).
"""

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, OptionList


class BareMenu(App[None]):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield OptionList("Chai Wallah", "Chai", "Dabba Walla")
        yield Footer()


if __name__ == "__main__":
    BareMenu().run()
