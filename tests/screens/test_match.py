"""Match play in the app: a match of three games at one table, killed and resumed in the middle."""

from __future__ import annotations

import json

from textual.widgets import Input, Select

from chaigames.engine.match import match_of
from chaigames.saves import SaveStore
from screens.generic import GenericGameScreen
from screens.menu import ContinueScreen, MainMenu
from screens.results import ResultsScreen
from screens.setup import SetupScreen
from tests.pilot import screen_text, wait_for

from .games import STEPPY
from .keys import press

SIZE = (80, 24)


async def play_until_results(pilot, moves: int | None = None) -> None:
    """Ann steps 1 whenever it is her move (the bot steps 1 too), until the results (or `moves` moves)."""
    app = pilot.app
    done = 0
    while not isinstance(app.screen, ResultsScreen) and (moves is None or done < moves):
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, ResultsScreen) or (app.controller is not None and app.controller.to_move == 0)
            ),
            "Ann's move or the results",
        )
        if isinstance(app.screen, ResultsScreen):
            break
        before = app.controller.session.action_count
        await press(pilot, "1")
        done += 1
        c = app.controller
        await wait_for(pilot, lambda c=c, n=before: c.finished or c.session.action_count > n, "the move to land")


async def shows(pilot, words: str) -> None:
    await wait_for(pilot, lambda: words in screen_text(pilot.app), repr(words))


def history(store: SaveStore) -> list[dict]:
    """The finished games, in the order they ended. A game's end is stamped to the second, so two games
    of a match that end within one second tie on it; the one with fewer of the match's games played ended
    first."""
    games = [json.loads(p.read_text()) for p in store.history.glob("*.json")]
    return sorted(games, key=lambda g: (g["meta"]["finished"], len(g["meta"].get("match", {}).get("played", ()))))


async def test_a_match_of_three_killed_and_resumed_in_the_middle(make_app):
    store = SaveStore()
    # -- the first app: setup a match of 3, play game 1, start game 2 and drop the app mid-game ----------
    app = make_app(games=[STEPPY])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        setup = app.screen
        setup.query_one("#name-0", Input).value = "Ann"
        setup.query_one("#start-player", Select).value = 0
        setup.query_one("#match", Select).value = 3
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, GenericGameScreen), "game 1")
        await play_until_results(pilot)
        await shows(pilot, "Match: 1 of 3 games played (first to 2 game wins)")
        text = screen_text(app)
        assert "Ann 1 win" in text and "Asha 0 wins" in text
        assert app.screen.check_action("rematch", ()) is False  # mid-match the way on is the next game
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, GenericGameScreen), "game 2")
        assert app.controller.config.start_player == 1  # the start player rotated
        await shows(pilot, "match game 2 of 3")
        await play_until_results(pilot, moves=2)
        # the bot's reply in too, so that what is read here is what the app saves as it closes
        await wait_for(pilot, lambda: app.controller.to_move == 0, "Ann's move again")
        mid_game = app.controller.session.state.to_json()["positions"]
    assert len(history(store)) == 1 and len(list(store.saves.glob("*.json"))) == 1

    # -- a new app on the same data folder: Continue returns to game 2 with the standing ----------------
    app = make_app(games=[STEPPY])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "the Continue list")
        await shows(pilot, "(match game 2 of 3)")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GenericGameScreen), "game 2 resumed")
        assert app.controller.session.state.to_json()["positions"] == mid_game
        match = match_of(app.controller.session.record.meta)
        assert match is not None and match.wins == (1, 0)
        await play_until_results(pilot)
        await shows(pilot, "Match: 2 of 3 games played")
        text = screen_text(app)
        assert "Ann 1 win" in text and "Asha 1 win" in text
    # dropped again on the results between games: the next game is already saved

    # -- a third app: game 3 from Continue, to the match result -----------------------------------------
    app = make_app(games=[STEPPY])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, ContinueScreen), "the Continue list")
        await shows(pilot, "(match game 3 of 3)")
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, GenericGameScreen), "game 3")
        assert app.controller.config.start_player == 0
        await play_until_results(pilot)
        await shows(pilot, "Match over after 3 of 3 games")
        text = screen_text(app)
        assert "Match winner: Ann" in text
        assert app.screen.check_action("next_game", ()) is False
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "the menu")
        await shows(pilot, "History")
        assert "Continue" not in screen_text(app)  # the match left nothing unfinished behind
    games = history(store)
    assert [len(g["meta"]["match"]["played"]) for g in games] == [1, 2, 3]
    assert len({g["meta"]["match"]["id"] for g in games}) == 1
    assert [g["meta"]["match"]["played"][-1]["winners"] for g in games] == [[0], [1], [0]]


async def test_the_results_of_a_single_game_start_a_match_of_three(make_app):
    from chaigames.engine import GameConfig, SeatConfig

    config = GameConfig(seats=(SeatConfig("Ann"), SeatConfig("Ravi", bot="easy")), start_player=0)
    app = make_app(games=[STEPPY], new_game=("toy", config, 5))
    async with app.run_test(size=SIZE) as pilot:
        await play_until_results(pilot)
        await shows(pilot, "b: a match of 3")
        first = app.controller.save_id
        await pilot.press("b")
        await wait_for(pilot, lambda: app.controller is not None and app.controller.save_id != first, "the match")
        match = match_of(app.controller.session.record.meta)
        assert match is not None and match.games == 3 and match.played == () and match.first_start == 0


async def test_each_game_s_own_screen_says_which_game_of_the_match_it_is(tmp_path):
    """Dabba Walla writes its vehicle in its title; the match's game is written there too, as on every screen."""
    from chaigames import chai_wallah, dabba_walla
    from chaigames.engine import GameConfig, Result, SeatConfig, Session
    from chaigames.engine.match import Match
    from screens.app import ChaiGamesApp
    from screens.game_base import GameScreen
    from screens.widgets import TitleBar

    store = SaveStore(tmp_path)
    app = ChaiGamesApp(store=store, bot_delay=1000, countdown=0, clock_source=lambda: 0.0, key_guard=0, win_hold=0)
    async with app.run_test(size=SIZE) as pilot:
        for spec in (dabba_walla.SPEC, chai_wallah.SPEC):
            names = ("Ann", "Ravi", "Zoe", "Dev")
            config = GameConfig(seats=tuple(SeatConfig(n, None if i == 0 else "easy") for i, n in enumerate(names)))
            session = Session(spec, spec.validate(config), 4)
            first = Match(games=3, seats=4).add(Result(scores=(3, 1, 0, 0), winners=(0,)))
            session.record.meta["match"] = first.to_json()
            save_id = store.new_id(spec.id)
            store.save(session, save_id)
            app.resume_game(save_id)
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), f"{spec.title} resumed")
            title = str(app.screen.query_one(TitleBar).content)
            assert title.startswith(f"chaigames: {spec.title}") and title.endswith(": match game 2 of 3"), title
            await app.back_to_menu()
