"""The replay shows what was on each screen: at every action of a played game, the replay's public
view is the view a spectator was given live, each seat's view the one that seat was given, and the
log the lines that viewer had seen by then. The game screens read `view` and, for Chai Wallah's
shared screen, `table_view`: both are compared."""

from __future__ import annotations

from functools import cache

import pytest

from chaigames.engine import Session
from chaigames.games import get as get_game
from chaigames.play.replay import ReplayController
from tests.positions import play

LONGEST = 3000  # actions: every game below ends well before
Live = dict[int, dict[int | None, tuple[str, list[str]]]]
"""action count -> viewer (None: a spectator) -> (the view it was given, the log lines it had seen)"""


def shown(view: object) -> str:
    """A view as it stood then (its repr: a later move cannot change it)."""
    return repr(view)


@cache
def played(game: str, seats: int, seed: int) -> tuple[Session, Live]:
    """A game of people played to its end, and what each viewer was shown after every action."""
    viewers = (None, *range(seats))
    live: Live = {}
    session = None
    for _, session in play(game, seats, seed, set(range(LONGEST))):
        # the first time the game stands at this count is right after the action (before time passes on)
        live.setdefault(
            session.action_count,
            {
                v: (shown(session.state.view(v)), [ln.event.text for ln in session.log if ln.event.visible_to(v)])
                for v in viewers
            },
        )
    assert session is not None and session.over, "the game was played to its end"
    return session, live


GAMES = [("chai", 5, 3), ("chai-wallah", 8, 3), ("dabba-walla", 4, 3)]
"""Each game with the most seats."""


@pytest.mark.parametrize(("game", "seats", "seed"), GAMES)
def test_every_position_of_the_replay_shows_each_viewer_what_it_was_shown_live(game: str, seats: int, seed: int):
    spec = get_game(game)
    viewers = (None, *range(seats))
    session, live = played(game, seats, seed)
    replay = ReplayController.of(spec, session.record)
    assert replay.position == 0 and replay.viewer is None and replay.views == viewers
    assert sorted(live) == list(range(replay.replay.length + 1))
    for k, views in live.items():
        replay.go(k)
        for v in viewers:
            replay.viewer = v
            view, log = views[v]
            assert shown(replay.view) == view, f"{game}: action {k}, viewer {v}"
            assert shown(replay.table_view()) == view, f"{game}: action {k}, viewer {v} (table view)"
            assert [ln.event.text for ln in replay.log()] == log, f"{game}: action {k}, viewer {v} (log)"
