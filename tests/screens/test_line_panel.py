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


async def test_a_log_moved_up_draws_only_its_new_lines_and_a_panel_of_new_lines_is_drawn_whole(monkeypatch):
    """A log moved up by a line or a few (its first lines gone, as many or a few more or fewer new ones at
    the bottom) keeps the strips of the lines it still shows and draws only the new ones; one whose lines
    are mostly new where they stand, not moved up, is drawn whole (a line drawn alone costs about three of
    a whole drawing). What shows is what a Static draws, every cell's style (and its row) the same."""
    app = TwoPanels()
    async with app.run_test(size=(90, 20)) as pilot:
        panel, static = app.query_one("#a", LinePanel), app.query_one("#b", Static)
        log = [Text(f"{k}. Asha bought Ginger", style=STYLES[k % len(STYLES)]) for k in range(30)]
        show(panel, Text("\n").join(log[:8]))
        await pilot.pause()
        alone: list[int] = []
        whole = 0
        line_strips, draw_whole = LinePanel._line_strips, LinePanel._draw_whole

        def counted(self: LinePanel, lines: dict[int, Text]):  # type: ignore[no-untyped-def]
            alone.extend(lines)
            return line_strips(self, lines)

        def counted_whole(self: LinePanel):  # type: ignore[no-untyped-def]
            nonlocal whole
            whole += 1
            return draw_whole(self)

        monkeypatch.setattr(LinePanel, "_line_strips", counted)
        monkeypatch.setattr(LinePanel, "_draw_whole", counted_whole)
        shown = [(1, 9), (2, 10), (5, 13), (7, 14), (8, 16), (11, 18)]  # up 1, 1, 3; 2 gone 1 come; 1 gone 2 come
        for first, last in shown:
            text = Text("\n").join(log[first:last])
            show(panel, text)
            show(static, text)
            await pilot.pause()
            assert cells(panel) == cells(static)
        assert alone == [7, 7, 5, 6, 7, 6, 6, 7, 5, 6] and whole == 0
        alone.clear()
        text = Text("\n").join(log[20:28])  # every line new: drawn whole
        show(panel, text)
        show(static, text)
        await pilot.pause()
        assert alone == [] and whole == 1 and cells(panel) == cells(static)
        lines = log[20:28]
        lines[2] = Text("2. Asha reserved c7")
        text = Text("\n").join(lines)
        show(panel, text)
        show(static, text)
        await pilot.pause()
        assert alone == [2] and whole == 1 and cells(panel) == cells(static)


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


async def test_a_log_moving_up_again_re_rows_the_styles_it_re_rowed_before(monkeypatch):
    """Each cell's style carries its row (for text selection): moving a line up gives its styles the row
    above. A log moves the same styles (a few looks, column by column) up row after row, so each style is
    made for a row once, and after that the same one is used again."""
    app = TwoPanels()
    async with app.run_test(size=(90, 20)) as pilot:
        panel, static = app.query_one("#a", LinePanel), app.query_one("#b", Static)
        log = [Text(f"Asha's turn {k}", style="dim") for k in range(40)]
        show(panel, Text("\n").join(log[:8]))
        await pilot.pause()
        made: list[dict] = []
        from_meta = Style.from_meta

        def counted(meta):  # type: ignore[no-untyped-def]
            made.append(meta)
            return from_meta(meta)

        monkeypatch.setattr(Style, "from_meta", counted)
        for first in range(1, 4):
            text = Text("\n").join(log[first : first + 8])
            show(panel, text)
            show(static, text)
            await pilot.pause()
            assert cells(panel) == cells(static)
        styles_made = len(made)
        assert styles_made > 0
        for first in range(4, 12):
            text = Text("\n").join(log[first : first + 8])
            show(panel, text)
            await pilot.pause()
        show(static, text)
        await pilot.pause()
        assert len(made) == styles_made and cells(panel) == cells(static)
