"""LinePanel (screens/widgets.py): a panel that repaints only its changed lines draws exactly what a
Static given the same text draws, and a change of a line does not render the others again."""

from __future__ import annotations

import random

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widgets import Static

from screens.widgets import LinePanel, show

STYLES = [Style(), Style(bold=True), Style(color="red"), Style(reverse=True), Style(color="green", underline=True)]


class TwoPanels(App[None]):
    CSS = """
    #a, #b { width: 40; height: 8; padding: 0 1; background: $panel; }
    """

    def compose(self) -> ComposeResult:
        yield LinePanel("", id="a")
        yield Static("", id="b")


def cells(widget: Static) -> list[list[tuple[str, Style | None]]]:
    width, height = widget.outer_size
    out = []
    for strip in widget.render_lines(Region(0, 0, width, height)):
        out.append([(ch, seg.style) for seg in strip for ch in seg.text])
    return out


def board(rng: random.Random, lines: list[Text]) -> Text:
    """`lines` with one or two of them changed (a word, a style), sometimes a longer one."""
    for _ in range(rng.randint(1, 2)):
        y = rng.randrange(len(lines))
        word = "".join(rng.choice("ab[]*7 ") for _ in range(rng.randint(0, 30)))
        lines[y] = Text(word, style=rng.choice(STYLES))
    return Text("\n").join(lines)


async def test_a_line_panel_draws_what_a_static_draws_and_renders_only_changed_lines():
    rng = random.Random(5)
    app = TwoPanels()
    async with app.run_test(size=(90, 20)) as pilot:
        panel, static = app.query_one("#a", LinePanel), app.query_one("#b", Static)
        lines = [Text(f"seat {k}") for k in range(6)]
        whole = 0
        real = panel._draw_whole

        def counted() -> list:
            nonlocal whole
            whole += 1
            return real()

        panel._draw_whole = counted
        for _ in range(40):
            text = board(rng, lines)
            show(panel, text)
            show(static, text)
            await pilot.pause()
            assert cells(panel) == cells(static)
        assert whole <= 2  # the first drawing (and perhaps one more), never once per change
        panel.styles.width = 50  # a new size: drawn whole again, still the same as the Static
        static.styles.width = 50
        await pilot.pause()
        assert cells(panel) == cells(static)


async def test_a_panel_most_of_whose_lines_are_new_is_drawn_whole(monkeypatch):
    """A line drawn alone costs about three lines of a whole drawing: a log moved up by a line (every line
    new where it stands) is drawn whole, a few lines changed among the others alone."""
    app = TwoPanels()
    async with app.run_test(size=(90, 20)) as pilot:
        panel, static = app.query_one("#a", LinePanel), app.query_one("#b", Static)
        log = [Text(f"{k}. Asha bought Ginger", style=STYLES[k % len(STYLES)]) for k in range(12)]
        show(panel, Text("\n").join(log[:8]))
        await pilot.pause()
        alone: list[int] = []
        line_strips = LinePanel._line_strips

        def counted(self: LinePanel, lines: dict[int, Text]):  # type: ignore[no-untyped-def]
            alone.extend(lines)
            return line_strips(self, lines)

        monkeypatch.setattr(LinePanel, "_line_strips", counted)
        for first in range(1, 5):  # the log moves up a line at a time
            text = Text("\n").join(log[first : first + 8])
            show(panel, text)
            show(static, text)
            await pilot.pause()
            assert cells(panel) == cells(static)
        assert alone == []
        lines = log[4:12]
        lines[2] = Text("2. Asha reserved c7")
        text = Text("\n").join(lines)
        show(panel, text)
        show(static, text)
        await pilot.pause()
        assert alone == [2] and cells(panel) == cells(static)


async def test_changed_lines_are_drawn_together_and_repainted_by_runs(monkeypatch):
    """Lines changed at once are drawn in one drawing (each drawing costs something besides its lines), and
    lines next to each other are repainted as one region; what shows is what a Static draws."""
    from textual.visual import Visual

    app = TwoPanels()
    async with app.run_test(size=(90, 20)) as pilot:
        panel, static = app.query_one("#a", LinePanel), app.query_one("#b", Static)
        lines = [Text(f"seat {k}: T5 S3", style=STYLES[k % len(STYLES)]) for k in range(8)]
        show(panel, Text("\n").join(lines))
        await pilot.pause()
        drawings: list[int | None] = []
        to_strips = Visual.to_strips.__func__  # type: ignore[attr-defined]

        def counted(cls, widget, visual, width, height, style, **kwargs):  # type: ignore[no-untyped-def]
            if widget is panel:
                drawings.append(height)
            return to_strips(cls, widget, visual, width, height, style, **kwargs)

        monkeypatch.setattr(Visual, "to_strips", classmethod(counted))
        regions: list[Region] = []
        refresh = panel.refresh
        monkeypatch.setattr(panel, "refresh", lambda *r, **k: regions.extend(r) or refresh(*r, **k))
        lines[2], lines[3], lines[6] = Text("seat 2: [T5]", style=STYLES[3]), Text("seat 3: U1*7"), Text("v")
        text = Text("\n").join(lines)
        show(panel, text)
        show(static, text)
        await pilot.pause()
        assert drawings == [3]
        assert [(r.y, r.height) for r in regions] == [(2, 2), (6, 1)]
        assert cells(panel) == cells(static)


async def test_rows_given_as_lines_are_not_split_again(monkeypatch):
    """A screen that has its panel's lines (Chai Wallah's seats, kept a seat at a time) gives them as they
    are: the panel compares them with what it shows without splitting the text they make."""
    app = TwoPanels()
    async with app.run_test(size=(90, 20)) as pilot:
        panel, static = app.query_one("#a", LinePanel), app.query_one("#b", Static)
        rows = [Text.assemble((f"seat {k}", STYLES[k % len(STYLES)]), " T5 S3") for k in range(8)]
        panel.show_rows(rows)
        await pilot.pause()
        splits: list[str] = []
        split = Text.split
        monkeypatch.setattr(Text, "split", lambda self, *a, **k: splits.append(self.plain) or split(self, *a, **k))
        for k in (1, 5, 1):
            rows = [*rows]
            rows[k] = Text.assemble(("seat", STYLES[4]), f" {k} [T5] S3")
            panel.show_rows(rows)
            show(static, Text("\n").join(rows))
            await pilot.pause()
            assert cells(panel) == cells(static)
        assert splits == []
