"""The one controller protocol (chaigames/play/protocol.py): the game screens, the results and the pause
menu read a controller only through it, never its session or state, so a replay viewer or a
remote table can stand in for the local game.

Two nets: a static one (every attribute those modules read from a controller is a protocol
member) and a live one (each game screen, and the results, driven through a proxy that offers
nothing but the protocol and fails on anything else)."""

from __future__ import annotations

import ast
from pathlib import Path

from chaigames.engine import GameConfig, SeatConfig
from chaigames.play.controller import GameController
from chaigames.play.protocol import Controller, protocol_members
from screens.app import ChaiGamesApp
from screens.game_screens import screen_class_for
from screens.results import ResultsScreen
from tests.pilot import screen_text, wait_for

from .dabba_walla.helpers import play_one_step, until_my_move
from .games import STEPPY

ROOT = Path(__file__).resolve().parents[2] / "screens"
MEMBERS = protocol_members(Controller)
# Modules that receive a controller and must use it only through the protocol.
READERS = [
    *sorted((ROOT / "chai").glob("*.py")),
    *sorted((ROOT / "chai_wallah").glob("*.py")),
    *sorted((ROOT / "dabba_walla").glob("*.py")),
    ROOT / "generic.py",
    ROOT / "game_base.py",
    ROOT / "results.py",
    ROOT / "pause.py",
]


def controller_reads(source: str) -> set[str]:
    """Attributes read from `controller`, `self.controller` or a local `c = self.controller`."""
    tree = ast.parse(source)
    aliases: set[str] = {"controller"}
    for node in ast.walk(tree):  # c = self.controller
        if isinstance(node, ast.Assign) and is_controller(node.value, set()):
            aliases |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    reads = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_controller(node.value, aliases):
            reads.add(node.attr)
    return reads


def is_controller(node: ast.AST, aliases: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id in aliases
    return isinstance(node, ast.Attribute) and node.attr == "controller"


def test_the_static_check_sees_a_forbidden_read():
    assert controller_reads("def f(self):\n    c = self.controller\n    c.session.state\n") == {"session"}
    assert controller_reads("def f(self):\n    self.controller.state.actors()\n") == {"state"}


def test_screens_read_the_controller_only_through_the_protocol():
    assert {"act", "view", "log", "status", "movers", "legal_actions", "clock", "names"} <= MEMBERS
    assert not MEMBERS & {"session", "state", "spec", "config"}
    for path in READERS:
        outside = controller_reads(path.read_text()) - MEMBERS
        assert not outside, f"{path.relative_to(ROOT.parent)} reads {sorted(outside)} past the protocol"


# What the frame (screens/app.py) may ask of the local game beyond the protocol: its setup (a rematch, the
# next game of a match), its save and its timers; a table's controller its rematch at the same table. Never its
# session or state: a table's controller has none.
FRAME_EXTRAS = {
    "spec",
    "config",
    "save",
    "taken_over",
    "start",
    "stop",
    "curtain_lifted",
    "since_last_turn",  # the curtain's news: only the local game has curtains
    "countdown_done",
    "rematch",
}


def test_the_frame_reads_a_controller_through_the_protocol_and_the_local_setup_only():
    assert not FRAME_EXTRAS & {"session", "state", "saved_actions", "record"}
    assert {"match", "unsaved_moves", "result", "game_id"} <= MEMBERS
    outside = controller_reads((ROOT / "app.py").read_text()) - MEMBERS - FRAME_EXTRAS
    assert not outside, f"screens/app.py reads {sorted(outside)} past the protocol"


class ProtocolOnly:
    """A controller that offers the protocol's members and nothing else (reads and writes)."""

    def __init__(self, inner: GameController) -> None:
        object.__setattr__(self, "_inner", inner)

    def __getattr__(self, name: str):
        if name not in MEMBERS:
            raise AttributeError(f"{name!r} is not in the controller protocol")
        return getattr(self._inner, name)

    def __setattr__(self, name: str, value) -> None:
        if name not in MEMBERS:
            raise AttributeError(f"{name!r} is not in the controller protocol")
        setattr(self._inner, name, value)


class ProtocolApp(ChaiGamesApp):
    """The app, but its game screens and results see only a ProtocolOnly controller."""

    CSS_PATH = str(ROOT / "app.tcss")

    async def _open_game(self, session, save_id, lock=None) -> None:
        await self.back_to_menu()
        controller = GameController(self, session, save_id, lock)
        screen = screen_class_for(session.spec.id)(ProtocolOnly(controller))
        controller.attach(screen)
        self.controller = controller
        await self.push_screen(screen)
        controller.start()

    async def _results(self, controller) -> None:
        await super()._results(ProtocolOnly(controller))  # the frame's own way to the results


def protocol_app(game: tuple[str, GameConfig, int], **kw) -> ProtocolApp:
    kw.setdefault("bot_delay", 0)
    kw.setdefault("countdown", 0)
    kw.setdefault("key_guard", 0)
    kw.setdefault("win_hold", 0)
    kw.setdefault("confirm_moves", False)
    return ProtocolApp(games=[STEPPY], new_game=game, **kw)


def vs_bot(game: str, **seat_options) -> GameConfig:
    return GameConfig(seats=(SeatConfig("Ann", **seat_options), SeatConfig("Bot", bot="easy")), start_player=0)


async def test_chai_is_played_through_the_protocol_alone():
    app = protocol_app(("chai", vs_bot("chai"), 7))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and app.controller.to_move == 0, "Ann's move")
        await pilot.press("enter")  # buy the tile group under the cursor
        await wait_for(pilot, lambda: app.controller.started, "the purchase")
        await pilot.press("tab", "down", "enter", "x")
        assert "Ann" in screen_text(app)


async def test_dabba_walla_is_played_through_the_protocol_alone():
    app = protocol_app(("dabba-walla", vs_bot("dabba-walla"), 1))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(6):
            await until_my_move(pilot)
            await play_one_step(pilot)
        assert app.controller.session.action_count >= 6


async def test_chai_wallah_is_played_through_the_protocol_alone():
    config = GameConfig(
        seats=(SeatConfig("Ann"), SeatConfig("Ravi"), SeatConfig("B1", bot="easy"), SeatConfig("B2", bot="easy"))
    )
    app = protocol_app(("chai-wallah", config, 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.controller is not None, "the game")
        await pilot.press("escape", "space")  # the key check, then the start
        await wait_for(pilot, lambda: app.controller.clock.running, "the clock")
        n = app.controller.session.action_count
        await pilot.press("w", "t", "q")
        await wait_for(pilot, lambda: app.controller.session.action_count > n, "the zone keys")


async def test_the_results_are_drawn_through_the_protocol_alone():
    app = protocol_app(("toy", GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Bot", bot="easy"))), 5))
    async with app.run_test(size=(80, 24)) as pilot:
        while not isinstance(app.screen, ResultsScreen):
            await wait_for(
                pilot,
                lambda: isinstance(app.screen, ResultsScreen) or app.controller.to_move == 0,
                "Ann's move or the results",
            )
            if not isinstance(app.screen, ResultsScreen):
                await pilot.press("2")
        await wait_for(pilot, lambda: "final scores" in screen_text(app), "the results drawn")


class _Channel:
    """Just enough of a TableClient for a TableController to be built without a table."""

    last: dict = {}

    def on(self, t, handler) -> None:
        pass

    def off(self, t, handler) -> None:
        pass


def test_the_table_controller_offers_the_whole_protocol():
    from chaigames import games
    from chaigames.play.table_controller import TableController

    for game in ("chai", "chai-wallah", "dabba-walla"):
        controller = TableController(ChaiGamesApp(), _Channel(), games.get(game), 1)
        assert isinstance(controller, Controller)
        assert not {m for m in MEMBERS if not hasattr(controller, m)}
        assert controller.humans == (1,) and not controller.hotseat and controller.whole_keyboard
