"""Setup remembers each game's last seats and options (names, bots, options, match) in the data folder."""

from __future__ import annotations

from textual.widgets import Input, Select

from chaigames.saves import SaveStore
from screens.menu import MainMenu
from screens.setup import SetupScreen
from tests.pilot import wait_for

SIZE = (80, 24)


def values(setup: SetupScreen) -> dict:
    q = setup.query_one
    return {
        "seats": q("#seats", Select).value,
        "names": [q(f"#name-{i}", Input).value for i in range(setup.seat_count)],
        "kinds": [q(f"#kind-{i}", Select).value for i in range(setup.seat_count)],
        "goal": q("#opt-goal", Select).value,
        "start": q("#start-player", Select).value,
        "match": q("#match", Select).value,
    }


async def open_setup(pilot) -> SetupScreen:
    await pilot.press("n")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SetupScreen), "setup")
    await pilot.pause()
    return pilot.app.screen


async def test_setup_offers_the_last_setup_of_the_game_even_after_a_restart(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        defaults = values(setup)
        setup.query_one("#seats", Select).value = 3
        await wait_for(pilot, lambda: any(row.display for row in setup.query("#seat-2")), "the third seat")
        setup.query_one("#name-0", Input).value = "Ann"
        setup.query_one("#kind-1", Select).value = "easy"
        setup.query_one("#name-2", Input).value = "Zoe"
        setup.query_one("#kind-2", Select).value = "human"
        setup.query_one("#opt-goal", Select).value = 1  # the second choice: 20
        setup.query_one("#start-player", Select).value = 2
        setup.query_one("#match", Select).value = 3
        await pilot.pause()
        chosen = values(setup)
        assert chosen != defaults
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.controller is not None, "the game")
    app = make_app()  # a new app on the same data folder
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        assert values(setup) == chosen
        assert chosen["names"] == ["Ann", "Asha", "Zoe"] and chosen["kinds"] == ["human", "easy", "human"]


async def test_an_unreadable_memory_means_the_defaults(make_app):
    store = SaveStore()
    store.root.mkdir(parents=True, exist_ok=True)
    (store.root / "setups.json").write_text('{"toy": {"config": {"seats": "x"}}, ')
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        setup = await open_setup(pilot)
        assert values(setup)["names"][0] == "Player 1" and values(setup)["match"] == 1
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")


async def test_new_game_opens_on_the_game_set_up_last(make_app, store):
    from chaigames.engine import GameConfig, SeatConfig
    from chaigames.setups import SetupMemory

    from .games import STEPPY

    memory = SetupMemory(store.root)
    assert memory.last_game() is None
    memory.remember("toy", GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Bo", "easy"))))
    memory.remember(STEPPY.id, GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Bo", "easy"))))
    assert memory.last_game() == STEPPY.id
    app = make_app(games=[STEPPY])
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        await pilot.press("n")  # the highlighted line is an action, not a game: the game set up last
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        assert app.screen.spec.id == STEPPY.id
    memory.remember("toy", GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Bo", "easy"))))
    assert memory.last_game() == "toy"  # set up again: last again
