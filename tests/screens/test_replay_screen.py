"""The replay viewer as a player sees it: a game of people, opened at the deal, drawn on the game's own
screen with only what a spectator saw (Chai Wallah's offered dice hidden until a seat's view is chosen),
the replay's place said once, and nothing that belongs to a live game ("get ready...", the demo line,
a seat still "choosing..." after the end)."""

from __future__ import annotations

from chaigames.chai_wallah.orders import INGREDIENTS, LETTERS
from chaigames.engine import Record
from chaigames.games import get as get_game
from screens.app import ChaiGamesApp
from screens.replay import ReplayKeys
from tests.pilot import screen_text, settled_keys, wait_for

from .test_replay_views import played


def people_game(game: str, seats: int, seed: int) -> Record:
    """A finished game whose every seat was a person."""
    return played(game, seats, seed)[0].record


def offered_die(record: Record) -> tuple[int, int, str]:
    """The first position where some seat has a die offered: (position, seat, 'U5' as its seat sees it)."""
    from chaigames.engine.replay import Replay

    replay = Replay(get_game(record.game), record)
    for k in range(replay.length + 1):
        for s, seat in enumerate(replay.state(k).view(None).seats):
            for i, die in enumerate(seat.dice):
                if die.state == "offered":
                    own = replay.state(k).view(s).seats[s].dice[i]
                    return k, s, f"{LETTERS[INGREDIENTS[i]]}{own.value}"
    raise AssertionError("no die was ever offered")


def seat_line(app: ChaiGamesApp, name: str) -> str:
    return next(line for line in screen_text(app).splitlines() if line.lstrip().startswith(name))


async def test_a_chai_wallah_replay_hides_offered_dice_until_their_seat_s_view_is_chosen():
    record = people_game("chai-wallah", 8, 3)  # a line a seat at 100x30
    at, seat, die = offered_die(record)
    name = record.config.seats[seat].name
    app = settled_keys(ChaiGamesApp(registry=True, bot_delay=0, countdown=0, key_guard=0, win_hold=0, watch=record))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayKeys), "the replay viewer")
        c = app.screen.controller
        n = c.replay.length
        await wait_for(pilot, lambda: f"Replay: action 0 of {n} at 0.0 s; public view" in screen_text(app), "the deal")
        for _ in range(at):
            await pilot.press("right")
        await wait_for(pilot, lambda: f"[{die[0]}?]" in seat_line(app, name), f"{name}'s offered die hidden")
        text = screen_text(app)
        assert f"[{die}]" not in seat_line(app, name) and text.count("Replay: action") == 1
        assert "get ready" not in text and "demo" not in text
        for _ in range(seat + 1):
            await pilot.press("v")
        await wait_for(pilot, lambda: f"{name}'s view" in screen_text(app), f"{name}'s view")
        await wait_for(pilot, lambda: f"[{die}]" in seat_line(app, name), f"{name}'s own offered die")
        others = [s.name for i, s in enumerate(record.config.seats) if i != seat]
        assert all(f"{other} (you)" not in screen_text(app) for other in others)


async def test_chai_and_dabba_walla_replays_say_their_place_once_and_their_end_as_it_was():
    records = [people_game("chai", 5, 3), people_game("dabba-walla", 4, 3)]
    app = settled_keys(ChaiGamesApp(registry=True, bot_delay=0, countdown=0, key_guard=0, win_hold=0))
    async with app.run_test(size=(120, 40)) as pilot:
        for record in records:
            app.watch_replay(record)
            await wait_for(pilot, lambda: isinstance(app.screen, ReplayKeys), "the replay viewer")
            n = app.screen.controller.replay.length
            await wait_for(pilot, lambda n=n: f"Replay: action 0 of {n};" in screen_text(app), "the deal")
            assert screen_text(app).count("Replay: action") == 1
            await pilot.press("end")
            await wait_for(pilot, lambda n=n: f"action {n} of {n}," in screen_text(app), "the end")
            text = screen_text(app)
            assert text.count("Replay: action") == 1 and "choosing..." not in text and "demo" not in text
            await pilot.press("v")
            first = record.config.seats[0].name
            await wait_for(pilot, lambda first=first: f"{first}'s view" in screen_text(app), "the first seat's view")
            others = [s.name for s in record.config.seats[1:]]
            assert all(f"{other} (you)" not in screen_text(app) for other in others)
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, ReplayKeys), "the replay left")


async def test_a_replay_step_repaints_the_replay_bar_and_lays_nothing_out():
    """The bar says where the replay stands at every step; it is one line of fixed size, so a step repaints
    it (and what the step changed on the board) without placing every widget of the screen again."""
    record = people_game("chai", 3, 5)
    app = settled_keys(ChaiGamesApp(registry=True, bot_delay=0, countdown=0, key_guard=0, win_hold=0, watch=record))
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayKeys), "the replay viewer")
        n = app.screen.controller.replay.length
        await wait_for(pilot, lambda: f"Replay: action 0 of {n}" in screen_text(app), "the deal")
        for _ in range(3):
            await pilot.pause()
        laid_out: list[object] = []
        app.screen.screen_layout_refresh_signal.subscribe(app.screen, laid_out.append, immediate=True)
        for step in range(1, 4):
            await pilot.press("right")
            await wait_for(pilot, lambda step=step: f"Replay: action {step} of {n}" in screen_text(app), "the step")
        assert laid_out == []
