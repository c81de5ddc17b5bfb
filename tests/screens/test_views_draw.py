"""A view that came through JSON draws exactly as the view it was made from, on each game's own screen.

A table client only ever has views from JSON. Here the replay viewer shows a seeded game at several
positions and through several seats' eyes; then the same controller hands the screen its views, log
lines and result after a JSON round trip, and the screen must read the same, character for character.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from chaigames.engine import LogLine, Result
from chaigames.games import get as get_game
from chaigames.play.replay import ReplayController
from screens.app import ChaiGamesApp
from screens.replay import ReplayKeys
from tests.pilot import drawn, wait_for
from tests.positions import position

sent: list[str] = []  # what the wired controller handed out (proves the second drawing used it)


class WiredReplay(ReplayController):
    """The replay controller as a table client would be: every view, log line and result via JSON."""

    @property
    def view(self) -> Any:
        sent.append("view")
        return self.spec.view_from_json(json.loads(json.dumps(self.spec.view_to_json(super().view))))

    def table_view(self) -> Any:
        sent.append("table")
        return self.spec.view_from_json(json.loads(json.dumps(self.spec.view_to_json(super().table_view()))))

    def log(self, seat: int | str | None = "viewer") -> list[LogLine]:
        return [LogLine.from_json(json.loads(json.dumps(line.to_json()))) for line in super().log(seat)]

    def result(self) -> Result | None:
        result = super().result()
        return None if result is None else Result.from_json(json.loads(json.dumps(result.to_json())))


async def redrawn(pilot, controller: ReplayController, cls: type) -> str:
    """The screen once `controller`, as `cls`, has told it to draw again and it has settled."""
    controller.__class__ = cls
    controller.listener.game_changed([])
    return await drawn(pilot)


@pytest.mark.parametrize(
    ("game", "seats", "steps"), [("chai", 3, 60), ("chai-wallah", 5, 120), ("dabba-walla", 3, 210)]
)
async def test_a_view_from_json_draws_exactly_the_same(game: str, seats: int, steps: int) -> None:
    record = position(game, seats, 21, steps).record
    app = ChaiGamesApp(registry=True, bot_delay=0, countdown=0, key_guard=0, win_hold=0, watch=record)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayKeys), "the replay viewer")
        controller = app.screen.controller
        assert controller.spec is get_game(game)
        compared = 0
        for at in (steps // 3, steps):
            controller.go(at)
            for viewer in (None, 0, seats - 1):
                controller.viewer = viewer
                await redrawn(pilot, controller, ReplayController)  # the new viewer's layout, settled
                before = await redrawn(pilot, controller, ReplayController)
                sent.clear()
                after = await redrawn(pilot, controller, WiredReplay)
                assert sent, "the screen drew without asking for a view"
                assert after == before, f"{game} at action {at}, viewer {viewer}"
                compared += 1
        assert compared == 6
