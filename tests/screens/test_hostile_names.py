"""Names are text, never markup: seat names holding Rich markup, escape
sequences, bidi overrides, emoji and wide characters start every game, show on the curtain and the
game screen, survive Continue (cleaned as the save is read) and `chaigames replay`."""

from __future__ import annotations

import json
import random

import pytest

from chaigames import cli, games
from chaigames.engine import GameConfig, SeatConfig
from chaigames.names import MAX_CELLS, name_width
from screens.curtain import CountdownScreen, CurtainScreen
from screens.game_base import GameScreen
from screens.menu import MainMenu
from screens.setup import SetupScreen
from tests.pilot import screen_text, wait_for

HOSTILE = ["Ann[/]", "[bold]Bo", "[link=x]Cy", "\x1b[31mDee", "\u202eEve", "\U0001f375Fay", "茶" * 16, "[/link]G"]
SIZE = (120, 40)

SEATS = {  # game id -> (humans, bots)
    "chai-wallah": (1, 3),
    "chai": (2, 1),
    "dabba-walla": (2, 1),
}


def hostile_config(game_id: str) -> GameConfig:
    humans, bots = SEATS[game_id]
    names = HOSTILE[: humans + bots]
    seats = [SeatConfig(n) for n in names[:humans]] + [SeatConfig(n, bot="easy") for n in names[humans:]]
    return GameConfig(seats=tuple(seats))


async def play_a_little(pilot, app, moves: int) -> None:
    """Lift curtains, start a real-time game's clock (nothing moves before) and play random legal moves
    through the controller until `moves` stand."""
    rng = random.Random(1)
    for _ in range(400):
        c = app.controller
        if c is None or c.finished or c.session.action_count >= moves:
            return
        if isinstance(app.screen, CurtainScreen):
            who = f"{c.name(app.screen.seat)}'s turn"
            await wait_for(pilot, lambda who=who: who in screen_text(app), "the curtain names the player")
            await pilot.press("enter")
        elif c.realtime and not c.clock.running and isinstance(app.screen, GameScreen):
            await pilot.press("space")
            await wait_for(pilot, lambda c=c: c.clock.running, "the clock running after the countdown")
        elif isinstance(app.screen, GameScreen) and c.movers():
            seat = c.movers()[0]
            legal = c.legal_actions(seat)
            if legal:
                c.act(seat, rng.choice(legal))
        await pilot.pause()
    raise AssertionError(f"{moves} moves never stood: {screen_text(app)}")


@pytest.mark.parametrize("game_id", sorted(SEATS))
async def test_hostile_names_start_show_and_continue(make_app, store, game_id):
    spec = games.get(game_id)
    app = make_app(games=[spec], new_game=(game_id, hostile_config(game_id), 11), countdown=1)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot, lambda: isinstance(app.screen, GameScreen | CurtainScreen | CountdownScreen), "the game starts"
        )
        if isinstance(app.screen, CurtainScreen):
            await wait_for(pilot, lambda: "Ann[/]'s turn" in screen_text(app), "the curtain")
        await play_a_little(pilot, app, 4)
        if app.controller.realtime:
            await wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "the countdown ends")
        await wait_for(
            pilot,
            lambda: "Ann[/]" in screen_text(app) or isinstance(app.screen, CurtainScreen),
            "the first name shown as written",
        )
        await app.back_to_menu()
        await wait_for(pilot, lambda: isinstance(app.screen, MainMenu), "menu")
        app.open_continue()
        await wait_for(pilot, lambda: "Ann[/]" in screen_text(app), "the continue list")
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.controller is not None, "resumed")
        names = [s.name for s in app.controller.config.seats]
        assert names[:2] == ["Ann[/]", "[bold]Bo"]
        assert all(name_width(n) <= MAX_CELLS and "\x1b" not in n and "\u202e" not in n for n in names)
        await play_a_little(pilot, app, 6)
        await pilot.pause()  # the last moves drawn before the app closes


async def test_setup_cleans_names_and_starts_with_markup_in_them(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "setup")
        setup = app.screen
        setup.query_one("#name-0").value = "\x1b[1m[b]Ann[/]\u202e"
        setup.query_one("#name-1").value = "[link=x]"
        await pilot.pause()
        assert [s.name for s in setup.config().seats] == ["[b]Ann[/]", "[link=x]"]
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.controller is not None, "the game")
        await wait_for(pilot, lambda: "[b]Ann[/]" in screen_text(app), "the name with its markup shown as written")


def test_replay_prints_hostile_names_as_text(tmp_path, capsys):
    from chaigames.engine import play_bots

    spec = games.get("chai")
    seats = tuple(SeatConfig(n, bot="easy") for n in HOSTILE[:3])
    played = play_bots(spec, GameConfig(seats=seats), 3)
    path = tmp_path / "r.json"
    path.write_text(played.session.record.dumps(spec))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ann[/]" in out and "[bold]Bo" in out and "\x1b" not in out and "\u202e" not in out
    assert cli.main(["replay", "--json", str(path)]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["seats"][0]["name"] == "Ann[/]"


def test_cli_seat_names_are_cleaned():
    spec = games.get("chai")
    config = cli.build_config(spec, [("\x1b[31mAnn\u202e", None), ("", "easy")], {})
    assert config.seats[0].name == "Ann"
    with pytest.raises(cli.UsageError):
        cli.build_config(spec, [("\x1b[31m", None), ("", "easy")], {})


async def test_keys_of_a_seat_with_markup_in_its_name_list_and_show_in_the_key_panel(make_app):
    """Found by the monkey: Chai Wallah's zone keys are described with the player's name."""
    from chaigames.chai_wallah import SPEC as CW
    from screens.chai_wallah import ChaiWallahScreen
    from screens.keys import KeysScreen

    app = make_app(games=[CW], new_game=("chai-wallah", hostile_config("chai-wallah"), 3))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ChaiWallahScreen), "the game")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, KeysScreen), "the keys")
        await wait_for(pilot, lambda: "Ann[/]: spice die" in screen_text(app), "the keys named by their player")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChaiWallahScreen), "the game again")
        app.action_show_help_panel()
        await wait_for(pilot, lambda: "Ann[/]: spice die" in screen_text(app), "Textual's key panel")
