"""What one key costs each screen in Textual's work: layouts, restyles, renders and CPU, per key kind.

Drives the real app with Pilot at 120x40 (as the monkey and the screen tests do) and counts, for each
key once the screen has settled (every queued message handled and the frame it asked for drawn):

- layouts: `Screen._refresh_layout` (every widget of the screen placed again),
- restyles: `App.update_styles` calls, and the nodes `Stylesheet.apply` styled (a class or focus change
  restyles a subtree; a new screen styles each of its widgets once),
- renders: whole frames (`render_full_update`) and partial ones (only the regions that changed),
- bytes: what those frames write to a terminal (encoded as Textual's driver writes them; a headless app
  writes nothing, so the benchmark encodes each frame itself, and its CPU counts that),
- CPU: the process's CPU from the key to its settled frame. The wait itself costs CPU on a screen of
  many widgets (it asks every widget whether it is done): the "bound to nothing" rows are that floor.

Key kinds: the menu's cursor, dialogs opened and closed (keys, palette, pause, a game's moves list), the
New game form (next field, a Select's value changed, a letter in a name), each game's cursor keys, the
terminal resized, and a replay's step (the update a seat at a table draws, by the same screen). With
`--updates N`, also a seat's app at a table of three bots (on this loop, no SSH, at 100x32 as
benchmarks/serve_tables.py's terminals): the work per update its screen draws, and at Chai per move of
its own made as that benchmark makes it (the moves list opened, Enter); the table and its bots then run
in this process too, so its CPU is not the app's alone (benchmarks/serve_tables.py measures a player's
app's own CPU per action over SSH).

With `--why`, the lines of the program (else Textual's own) that asked for each layout (a layout
refresh, a widget mounted or removed) and each restyle, most frequent first, and which screens were
laid out.

    python benchmarks/screen_work.py [--keys 20] [--updates 40] [--only menu] [--why]

The counts hardly change with the machine or its load; CPU does (run it at `nice -n 10` on a shared
machine and compare runs made one after the other).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZE = (120, 40)
TABLE_SIZE = (100, 32)  # a seat at a table, as benchmarks/serve_tables.py's terminals
TEXTUAL = os.sep + "textual" + os.sep


@dataclass
class Tally:
    layouts: int = 0
    restyles: int = 0
    styled_nodes: int = 0
    full: int = 0
    partial: int = 0
    written: int = 0
    cpu: float = 0.0
    why_layout: Counter[str] = field(default_factory=Counter)
    why_restyle: Counter[str] = field(default_factory=Counter)

    def add(self, other: Tally) -> None:
        for name in ("layouts", "restyles", "styled_nodes", "full", "partial", "written", "cpu"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.why_layout.update(other.why_layout)
        self.why_restyle.update(other.why_restyle)


class Counting:
    """Counts Textual's work into `self.now` (wrapping the methods that do it, in this process only)."""

    def __init__(self, why: bool) -> None:
        self.now = Tally()
        self.why = why

    def install(self) -> None:
        from textual._compositor import Compositor
        from textual.app import App
        from textual.css.stylesheet import Stylesheet
        from textual.screen import Screen
        from textual.widget import Widget

        me = self

        def wrap(owner: type, name: str, before: Callable[..., None], after: Callable[..., None] | None = None) -> None:
            inner = getattr(owner, name)

            def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
                before(*args, **kwargs)
                out = inner(*args, **kwargs)
                if after is not None:
                    after(out)
                return out

            setattr(owner, name, counted)

        def layout(screen, *args, **kwargs):  # type: ignore[no-untyped-def]
            me.now.layouts += 1
            if me.why:
                me.now.why_layout[f"(a layout of {type(screen).__name__})"] += 1

        def restyle(app, node, animate=True):  # type: ignore[no-untyped-def]
            me.now.restyles += 1
            if me.why:
                me.now.why_restyle[f"{describe(node)} {where()}"] += 1

        def styled(sheet, node, **kwargs):  # type: ignore[no-untyped-def]
            me.now.styled_nodes += 1

        def full(compositor, *args, **kwargs):  # type: ignore[no-untyped-def]
            me.now.full += 1

        def partial(compositor, *args, **kwargs):  # type: ignore[no-untyped-def]
            me.now.partial += 1

        def written(update):  # type: ignore[no-untyped-def]
            if update is not None:
                from textual._context import active_app

                me.now.written += len(update.render_segments(active_app.get().console).encode())

        def refresh(widget, *regions, repaint=True, layout=False, recompose=False):  # type: ignore[no-untyped-def]
            if me.why and layout and not widget._layout_required:
                me.now.why_layout[f"{describe(widget)} {where()}"] += 1

        def mounted(widget, *widgets, **kwargs):  # type: ignore[no-untyped-def]
            if me.why:
                me.now.why_layout[f"mount into {describe(widget)} {where()}"] += 1

        def removed(widget, *args, **kwargs):  # type: ignore[no-untyped-def]
            if me.why:
                me.now.why_layout[f"remove {describe(widget)} {where()}"] += 1

        wrap(Screen, "_refresh_layout", layout)
        wrap(App, "update_styles", restyle)
        wrap(Stylesheet, "apply", styled)
        wrap(Compositor, "render_full_update", full, after=written)
        wrap(Compositor, "render_partial_update", partial, after=written)
        wrap(Widget, "refresh", refresh)
        wrap(Widget, "mount", mounted)
        wrap(Widget, "remove", removed)


def describe(node: object) -> str:
    name = type(node).__name__
    node_id = getattr(node, "id", None)
    return f"{name}#{node_id}" if node_id else name


def where() -> str:
    """The innermost line of the program (screens/, chaigames/) that asked, else Textual's own caller
    (a reactive attribute by its name)."""
    frames = []
    frame = sys._getframe(3)
    while frame is not None:
        frames.append(frame)
        frame = frame.f_back
    for frame in frames:
        path = Path(frame.f_code.co_filename)
        try:
            shown = path.relative_to(ROOT)
        except ValueError:
            continue
        if shown.parts[0] in ("screens", "chaigames"):
            return f"{shown}:{frame.f_lineno} {frame.f_code.co_name}"
    for frame in frames:
        if TEXTUAL in frame.f_code.co_filename:
            name = frame.f_code.co_name
            reactive = frame.f_locals.get("self") if name in ("_set", "_check_watchers") else None
            if reactive is not None and hasattr(reactive, "name"):
                name = f"{name} ({reactive.name})"
            return f"Textual {Path(frame.f_code.co_filename).name}:{frame.f_lineno} {name}"
    return "(unknown)"


async def settled(app) -> None:  # type: ignore[no-untyped-def]
    """Every queued message handled and the screen's pending frame done (layout, restyle, paint)."""
    from tests.screens.keys import handled

    for _ in range(50):
        await handled(app)
        screen = app.screen
        busy = (
            screen._layout_required
            or screen._scroll_required
            or screen._repaint_required
            or screen._dirty_widgets
            or any(w._layout_required or w._repaint_required for w in screen.walk_children())
        )
        if not busy:
            await handled(app)
            return
        await asyncio.sleep(1 / 60)


Setup = Callable[[object, object], Awaitable[None]]


@dataclass
class Scenario:
    name: str
    new_game: Callable[[], object] | None
    setup: Setup
    keys: tuple[str, ...]
    """Pressed in turn, each measured on its own; they bring the screen back where it was (or step a replay on)."""
    watch: Callable[[], object] | None = None
    """A record to watch: the replay's steps are the updates a seat at a table gets, drawn by the same screen."""


def seats(game_id: str, seed: int, humans: int, bots: int):  # type: ignore[no-untyped-def]
    from chaigames.engine import GameConfig, SeatConfig

    names = ["Asha", "Bob", "Ravi", "Dev", "Meera", "Kiran", "Lata", "Sunil"]
    config = GameConfig(
        seats=tuple(SeatConfig(names[i], bot=None if i < humans else "easy") for i in range(humans + bots))
    )
    return (game_id, config, seed)


async def nothing(app, pilot) -> None:  # type: ignore[no-untyped-def]
    return None


async def open_setup(app, pilot) -> None:  # type: ignore[no-untyped-def]
    from textual.widgets import Select

    app.open_setup("chai")
    await until_true(pilot, lambda: type(app.screen).__name__ == "SetupScreen" and bool(app.screen.query(Select)))
    await settled(app)


async def dabba_walla_ghost(app, pilot) -> None:  # type: ignore[no-untyped-def]
    from tests.screens.keys import press

    await game_open(app, pilot)
    for _ in range(2):
        await press(pilot, "enter")
        await settled(app)


async def game_open(app, pilot) -> None:  # type: ignore[no-untyped-def]
    from screens.game_base import GameScreen

    await until_true(pilot, lambda: isinstance(app.screen, GameScreen) and bool(app.controller.legal_actions(0)))
    await settled(app)


async def until_true(pilot, condition: Callable[[], bool]) -> None:  # type: ignore[no-untyped-def]
    from tests.wait import until

    await until(condition, "the screen", rest=pilot.pause)


async def name_field(app, pilot) -> None:  # type: ignore[no-untyped-def]
    from textual.widgets import Input

    await open_setup(app, pilot)
    app.screen.query_one("#name-0", Input).focus()
    await settled(app)


def bots_game(game_id: str, players: int, seed: int = 7):  # type: ignore[no-untyped-def]
    """The record of a whole game of easy bots (the replay steps through its actions)."""
    from chaigames import games
    from chaigames.engine.play import play_bots

    spec = games.get(game_id)
    _, config, _ = seats(game_id, seed, 0, players)
    return play_bots(spec, config, seed).session.record


async def replay_open(app, pilot) -> None:  # type: ignore[no-untyped-def]
    from screens.game_base import GameScreen
    from tests.screens.keys import press

    await until_true(pilot, lambda: isinstance(app.screen, GameScreen))
    await settled(app)
    for _ in range(8):  # past the deal
        await press(pilot, "right")
    await settled(app)


CHAI = lambda: seats("chai", 7, 1, 4)  # noqa: E731
DABBA_WALLA = lambda: seats("dabba-walla", 7, 1, 3)  # noqa: E731
CHAI_WALLAH = lambda: seats("chai-wallah", 7, 1, 3)  # noqa: E731

SCENARIOS = [
    Scenario("menu: a key bound to nothing (the floor)", None, nothing, ("f12",)),
    Scenario("menu: cursor", None, nothing, ("down", "up")),
    Scenario("menu: keys (?) open, close", None, nothing, ("question_mark", "escape")),
    Scenario("menu: palette open, close", None, nothing, ("ctrl+p", "escape")),
    Scenario("menu: setup open, close", None, nothing, ("n", "escape")),
    Scenario("setup: a key bound to nothing (the floor)", None, open_setup, ("f12",)),
    Scenario("setup: next field, back", None, open_setup, ("tab", "shift+tab")),
    Scenario("setup: seats 2 to 3 and back", None, open_setup, ("enter", "down", "enter", "enter", "up", "enter")),
    Scenario("setup: a letter in a name", None, name_field, ("x", "backspace")),
    Scenario("chai: a key bound to nothing (the floor)", CHAI, game_open, ("f12",)),
    Scenario("chai: market cursor, 5 seats", CHAI, game_open, ("right", "left")),
    Scenario("chai: pause open, close", CHAI, game_open, ("escape", "escape")),
    Scenario("chai: keys (?) open, close", CHAI, game_open, ("question_mark", "escape")),
    Scenario("chai: palette open, close", CHAI, game_open, ("ctrl+p", "escape")),
    Scenario("chai: moves list open, close", CHAI, game_open, ("m", "escape")),
    Scenario("dabba walla: placement ghost, 4 seats", DABBA_WALLA, dabba_walla_ghost, ("right", "left")),
    Scenario("dabba walla: others open, close", DABBA_WALLA, game_open, ("o", "o")),
    Scenario("dabba walla: pause open, close", DABBA_WALLA, game_open, ("escape", "escape")),
    Scenario("dabba walla: terminal resized", DABBA_WALLA, game_open, ("resize 100x32", "resize 120x40")),
    Scenario("chai: terminal resized", CHAI, game_open, ("resize 100x32", "resize 120x40")),
    Scenario("chai wallah: terminal resized", CHAI_WALLAH, game_open, ("resize 100x32", "resize 120x40")),
    Scenario("chai wallah: key check open, close", CHAI_WALLAH, game_open, ("f2", "f2")),
    Scenario("chai wallah: pause open, close", CHAI_WALLAH, game_open, ("escape", "escape")),
    Scenario("chai: replay step (an update)", None, replay_open, ("right",), watch=lambda: bots_game("chai", 4)),
    Scenario(
        "dabba walla: replay step (an update)", None, replay_open, ("right",), watch=lambda: bots_game("dabba-walla", 4)
    ),
    Scenario(
        "chai wallah: replay step (an update)", None, replay_open, ("right",), watch=lambda: bots_game("chai-wallah", 4)
    ),
]


async def measure(scenario: Scenario, count: int, counting: Counting) -> list[Tally]:
    from screens.app import ChaiGamesApp
    from tests.screens.keys import press

    new_game = scenario.new_game() if scenario.new_game else None
    watch = scenario.watch() if scenario.watch else None
    app = ChaiGamesApp(new_game=new_game, watch=watch, bot_delay=0.05, countdown=1, key_guard=0)
    tallies: list[Tally] = [Tally() for _ in scenario.keys]
    async with app.run_test(size=SIZE) as pilot:
        if new_game is None and watch is None:
            await until_true(pilot, lambda: type(app.screen).__name__ == "MainMenu")
            await settled(app)
        await scenario.setup(app, pilot)
        for i in range(count):
            key = scenario.keys[i % len(scenario.keys)]
            counting.now = Tally()
            start = time.process_time()
            if key.startswith("resize "):
                width, height = map(int, key.removeprefix("resize ").split("x"))
                await pilot.resize_terminal(width, height)
            else:
                await press(pilot, key)
            await settled(app)
            counting.now.cpu = time.process_time() - start
            tallies[i % len(scenario.keys)].add(counting.now)
            counting.now = Tally()
    return tallies


TABLE_GAMES = ("chai", "dabba-walla", "chai-wallah")


async def measure_table(game_id: str, updates: int, counting: Counting, data_dir: Path) -> list[tuple[str, Tally, int]]:
    """Asha's app at a table (on this loop) with three bots: Textual's work per update her screen draws,
    and per move of her own. At Chai she plays as benchmarks/serve_tables.py does (the first move of the
    moves list: `m`, then Enter; the list opened, and the move chosen as it closes, are counted apart, the
    update that follows as an update); at the others her controller makes the first legal move (not counted apart)."""
    from chaigames import games
    from chaigames.play import wire
    from chaigames.play.client import TableClient
    from chaigames.play.table_controller import TableController
    from screens.app import ChaiGamesApp
    from screens.game_base import GameScreen
    from tests.screens.keys import press
    from tests.serve.tablehost import InProcessTable, who

    app = ChaiGamesApp(registry=True, bot_delay=0, countdown=0, key_guard=0, win_hold=3600, confirm_moves=False)
    others, opened, closed, drawn, moved = Tally(), Tally(), Tally(), 0, 0
    # notifications on, as served: every screen has its rack of notifications (tests' apps have none)
    async with app.run_test(size=TABLE_SIZE, notifications=True) as pilot:
        table = InProcessTable("PLAY", data_dir, who("Asha"), bot_delay=0.05)
        client = await TableClient.connect(sock=await table.start())
        kinds = [{"kind": "person", "level": None}] + [{"kind": "bot", "level": "easy"}] * 3
        await client.request(wire.open_table(game_id, {}, kinds, 3), {"opened"})
        client.send(wire.start())
        await until_true(pilot, lambda: "update" in client.last)
        controller = TableController(app, client, games.get(game_id), 0)
        await app.open_table_game(controller)
        await until_true(pilot, lambda: isinstance(app.screen, GameScreen))
        await settled(app)
        screen = app.screen
        inner = screen.game_changed

        def game_changed(events):  # type: ignore[no-untyped-def]
            nonlocal drawn
            drawn += 1
            inner(events)

        screen.game_changed = game_changed  # type: ignore[method-assign]
        acted = None
        while drawn < updates and screen in app.screen_stack:
            counting.now = Tally()
            start = time.process_time()
            legal = controller.legal_actions(0)
            moves = controller.update.get("moves") if controller.update else None
            if game_id == "chai" and legal and controller.to_move == 0 and moves != acted and app.screen is screen:
                acted, moved = moves, moved + 1
                before = drawn
                await press(pilot, "m")
                await settled(app)
                counting.now.cpu = time.process_time() - start
                opened.add(counting.now)
                counting.now, start = Tally(), time.process_time()
                await press(pilot, "enter")
                await settled(app)
                counting.now.cpu = time.process_time() - start
                closed.add(counting.now)
                drawn = before  # an update that came meanwhile is drawn again below (it is counted as her move)
                continue
            if legal and controller.to_move == 0 and moves != acted and app.screen is screen:
                acted = moves
                controller.act(0, legal[0])
            await asyncio.sleep(0.02)
            await settled(app)
            counting.now.cpu = time.process_time() - start
            others.add(counting.now)
        counting.now = Tally()
    rows = [("update", others, drawn)]
    if moved:
        rows += [("own: list opened", opened, moved), ("own: move chosen", closed, moved)]
    return rows


def print_row(name: str, key: str, t: Tally, n: int, why: tuple[int, int] | None) -> None:
    """One row of the table: `t`'s counts per key (of `n`), and with `why` the most common lines that
    asked for a layout and for a restyle (how many of each)."""
    print(
        f"  {name:40} {key:14} {t.layouts / n:8.2f} {t.restyles / n:8.2f} {t.styled_nodes / n:7.1f}"
        f" {t.full / n:5.2f} {t.partial / n:7.2f} {t.written / n:8.0f} {1000 * t.cpu / n:7.1f}",
        flush=True,
    )
    if why is not None:
        for text, times in t.why_layout.most_common(why[0]):
            print(f"      layout  {times / n:5.2f}  {text}")
        for text, times in t.why_restyle.most_common(why[1]):
            print(f"      restyle {times / n:5.2f}  {text}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=20, help="keys measured per screen (default 20)")
    parser.add_argument("--only", default="", help="only the scenarios whose name contains this")
    parser.add_argument("--updates", type=int, default=0, help="also: updates drawn at a table (its three bots' moves)")
    parser.add_argument("--why", action="store_true", help="say which lines of the program asked for the work")
    args = parser.parse_args()
    os.environ.setdefault("NO_COLOR", "")
    counting = Counting(args.why)
    counting.install()
    chosen = [s for s in SCENARIOS if args.only.lower() in s.name.lower()]
    load = os.getloadavg()
    print(f"Textual's work per key, Pilot at {SIZE[0]}x{SIZE[1]}, {args.keys} keys per scenario")
    print(f"  load average before: {load[0]:.2f}")
    heads = f"{'layouts':>8} {'restyles':>8} {'styled':>7} {'full':>5} {'partial':>7} {'bytes':>8} {'CPU ms':>7}"
    print(f"  {'scenario':40} {'key':14} {heads}")
    for scenario in chosen:
        with tempfile.TemporaryDirectory(prefix="chaigames-work-") as home:
            os.environ["CHAIGAMES_HOME"] = home
            tallies = asyncio.run(measure(scenario, args.keys, counting))
        for key, t in zip(scenario.keys, tallies, strict=True):
            n = max(1, (args.keys + len(scenario.keys) - 1 - scenario.keys.index(key)) // len(scenario.keys))
            print_row(scenario.name, key, t, n, why=(8, 8) if args.why else None)
    if args.updates:
        print(f"  {'at a table (the table and its bots run in this process too)':55} {'per update drawn'}")
    for game_id in TABLE_GAMES if args.updates else ():
        if args.only.lower() not in f"table: {game_id}, 4 seats":
            continue
        with tempfile.TemporaryDirectory(prefix="chaigames-work-") as home:
            os.environ["CHAIGAMES_HOME"] = home
            rows = asyncio.run(measure_table(game_id, args.updates, counting, Path(home)))
        for key, t, n in rows:
            print_row(f"table: {game_id}, 4 seats", key, t, max(n, 1), why=(10, 6) if args.why else None)
    print(f"  load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
