"""Real-time games in the frame (CW-12): one shared screen, no curtains, no undo, a game clock in
the screen driving the spec's driver, a 3-2-1 countdown, Esc stops the clock."""

from __future__ import annotations

from chaigames.engine import GameConfig, SeatConfig
from chaigames.play.clock import GameClock
from screens.curtain import CountdownScreen, CurtainScreen
from screens.pause import PauseMenu
from screens.results import ResultsScreen
from tests.pilot import screen_text, wait_for

from .games import TAP
from .test_chai_wallah_screen import ticker_turn

SIZE = (80, 24)


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def tap_game() -> tuple[str, GameConfig, int]:
    seats = (SeatConfig("Ann"), SeatConfig("Bob"), SeatConfig("Ravi", bot="easy"))
    return ("tap", GameConfig(seats=seats), 1)


def test_game_clock_stands_still_while_stopped():
    t = FakeTime()
    clock = GameClock(start_at=2.0, source=t)
    assert clock.now() == 2.0 and not clock.running
    clock.start()
    t.now += 1.5
    assert clock.now() == 3.5
    clock.stop()
    t.now += 10
    assert clock.now() == 3.5
    clock.start()
    t.now += 0.5
    assert clock.now() == 4.0


async def test_realtime_game_runs_on_the_screen_clock_without_curtains_or_undo(make_app, store):
    fake = FakeTime()
    app = make_app(games=[TAP], new_game=tap_game(), clock_source=fake)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.controller is not None and app.controller.clock.running, "clock running")
        c = app.controller
        assert c.movers() == (0, 1) and c.viewer is None and not c.hotseat
        fake.now += 1.5
        await wait_for(pilot, lambda: c.session.action_count == 1, "the bot's tap at 1.0")
        assert c.session.standing[0].t == 1.0 and c.session.standing[0].seat == 2
        await pilot.press("1")  # Ann taps at game time 1.5
        await wait_for(pilot, lambda: c.session.action_count == 2, "Ann's tap")
        assert c.session.standing[-1].seat == 0 and c.session.standing[-1].t == 1.5
        await pilot.press("tab", "1")  # Bob, on the same screen, without a curtain
        await wait_for(pilot, lambda: c.session.action_count == 3, "Bob's tap")
        assert c.session.standing[-1].seat == 1
        assert not isinstance(app.screen, CurtainScreen)
        assert not c.can_undo() and "Undo" not in screen_text(app).splitlines()[-1]
        # Esc stops the clock: time passing in the pause costs nobody anything
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, PauseMenu), "pause")
        await wait_for(pilot, lambda: "has no undo)" in screen_text(app), "the pause menu drawn")
        fake.now += 50
        await ticker_turn(pilot, c)
        assert c.clock.now() == 1.5 and c.session.action_count == 3
        await pilot.press("escape")
        await wait_for(pilot, lambda: c.clock.running, "clock running again")
        assert c.clock.now() == 1.5
        saved = store.path_of(c.save_id).read_text()
        assert '"t":1.5' in saved
        fake.now += 1.0
        await wait_for(pilot, lambda: c.session.action_count == 4, "the bot's tap at 2.0")
        fake.now += 1.0
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), "Ravi's third tap wins")
        await wait_for(pilot, lambda: "Winner: Ravi" in screen_text(app), "the winner")


async def test_realtime_game_counts_down_before_the_clock_runs(make_app):
    fake = FakeTime()
    app = make_app(games=[TAP], new_game=tap_game(), clock_source=fake, countdown=1)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CountdownScreen), "countdown")
        assert "1" in screen_text(app) and not app.controller.clock.running
        await wait_for(pilot, lambda: app.controller.clock.running, "the countdown ends", timeout=8)
        assert app.controller.clock.now() == 0.0
