"""The monkey: seeded random keys through the real app with Pilot.

Used by tests/screens/test_monkey.py (about 300 keys a screen, in the suite) and
benchmarks/monkey.py (2,000 or more). A run targets one screen: the main menu, setup, or a game
(played by one or two humans at the keyboard against bots). Ctrl+P, Esc and ? come at random
moments among the keys that screen uses. The app may wander (pause, rules, quit to the menu,
results); a game target starts its game again when it has left it. Quitting the app is the one key
it is kept from. At the end, and whenever a game is left, its record is replayed and must equal
the live state; an exception anywhere is a fault.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field

from chaigames import games
from chaigames.engine import GameConfig, SeatConfig, Session, parse_record
from screens.app import ChaiGamesApp
from screens.menu import MainMenu
from tests.screens.keys import press
from tests.wait import until

SIZE = (120, 40)

COMMON = ["escape", "question_mark", "ctrl+p", "enter", "space", "tab", "shift+tab", "up", "down", "left", "right"]
LETTERS = list("abcdefghijklmnopqrstuvwxyz") + list("0123456789") + ["backspace", "pageup", "pagedown", "f2"]
RARE = {"escape": 0.07, "question_mark": 0.04, "ctrl+p": 0.04}

TARGETS = ("menu", "setup", "chai-wallah", "chai", "dabba-walla")

SEATS = {  # game id -> seats for a monkey game: humans first
    "chai-wallah": (("Ann[/]", None), ("Asha", "easy"), ("[b]Ravi", "easy"), ("Dev", "easy")),
    "chai": (("Ann[/]", None), ("[b]Bob", None), ("Ravi", "easy")),
    "dabba-walla": (("Ann[/]", None), ("[b]Bob", None), ("Ravi", "easy")),
}


@dataclass
class Report:
    target: str
    keys: int = 0
    games: int = 0
    replays_checked: int = 0
    faults: list[str] = field(default_factory=list)


def game_request(game_id: str, seed: int) -> tuple[str, GameConfig, int]:
    seats = tuple(SeatConfig(name, bot=bot) for name, bot in SEATS[game_id])
    return (game_id, GameConfig(seats=seats), seed)


def next_key(rng: random.Random) -> str:
    r = rng.random()
    for key, p in RARE.items():
        if r < p:
            return key
        r -= p
    return rng.choice(COMMON if rng.random() < 0.5 else LETTERS)


def replay_matches(controller) -> str:
    """'' when the record, written out and read back, rebuilds the live state; else what differs."""
    session = controller.session
    record = parse_record(session.record.dumps(session.spec), lambda gid: session.spec)
    again = Session.from_record(session.spec, record)
    now = getattr(session.state, "now", None)
    if session.spec.realtime and isinstance(now, int | float):
        again.tick(now)  # time passed since the last entry is not recorded: it follows from the clock
    if again.state.to_json() != session.state.to_json():
        return f"replayed record differs from the live state after {session.action_count} actions"
    return ""


async def run(target: str, keys: int, seed: int, *, pause: float = 0.0) -> Report:
    """Send `keys` seeded random keys to `target`; return what happened. If the app quits (the
    palette's Quit, say), a new one takes the remaining keys."""
    rng = random.Random(f"{target}:{seed}")
    report = Report(target)
    while report.keys < keys and len(report.faults) < 5:
        await _one_app(target, keys, seed, rng, report, pause)
    return report


async def _one_app(target: str, keys: int, seed: int, rng: random.Random, report: Report, pause: float) -> None:
    spec = games.get(target) if target in SEATS else None
    new_game = game_request(target, seed) if spec is not None else None
    # No key guard: the monkey's keys come as fast as the app handles them, so a guarded screen would drop
    # most of them (the guard itself is tested on its own).
    app = ChaiGamesApp(new_game=new_game, bot_delay=0.05, countdown=1, key_guard=0)
    seen = None

    def check(controller) -> None:
        if controller is None:
            return
        problem = replay_matches(controller)
        report.replays_checked += 1
        if problem:
            report.faults.append(f"{target}: {problem}")

    try:
        async with app.run_test(size=SIZE) as pilot:

            def started() -> bool:  # the requested game is open, or the first menu is up
                if spec is not None:
                    return app.controller is not None
                return bool(app.screen_stack) and isinstance(app.screen, MainMenu)

            await until(started, "the first screen", rest=pilot.pause)
            if target == "setup":
                app.open_setup(None)
            while report.keys < keys and app.is_running and app.return_code is None:
                if app.controller is not seen:
                    check(seen)
                    seen = app.controller
                    report.games += seen is not None
                if spec is not None and app.controller is None and isinstance(app.screen, MainMenu):
                    app.start_game(spec, game_request(target, seed)[1], rng.randrange(1 << 30))
                    await until(lambda: not isinstance(app.screen, MainMenu), "the game", rest=pilot.pause)
                elif target == "setup" and isinstance(app.screen, MainMenu):
                    app.open_setup(None)
                    await until(lambda: not isinstance(app.screen, MainMenu), "setup", rest=pilot.pause)
                key = next_key(rng)
                if key == "q" and isinstance(app.screen, MainMenu):
                    key = "n"  # the one way out of the app the monkey is kept from
                await press(pilot, key)
                report.keys += 1
                if pause:
                    await pilot.pause(pause)
            if app.is_running:
                await pilot.pause()
            check(app.controller if app.controller is not None else seen)
    except Exception as exc:  # the app's own exception comes out of run_test
        report.faults.append(f"{target}: {''.join(traceback.format_exception_only(exc)).strip()}")
    if app.return_code:
        where = ""
        if app.crash_log is not None:  # the innermost frames of the crash log say where
            lines = [line.strip() for line in app.crash_log.read_text().splitlines()]
            frames = [line for line in lines if line.startswith("File")]
            where = f" ({'; '.join(frames[-2:])})"
        report.faults.append(f"{target}: the app exited with status {app.return_code}{where}")
