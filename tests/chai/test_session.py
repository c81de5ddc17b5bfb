"""Chai through the engine's Session: take-backs stop where chance or hidden information came to light."""

from __future__ import annotations

import pytest

from chaigames.chai import SPEC
from chaigames.chai.actions import Fulfil
from chaigames.engine import GameConfig, IllegalAction, Rng, SeatConfig, Session, make_bots


def test_take_backs_undo_exactly_and_stop_at_reveals():
    """A human against an easy bot: after each human action, an undo is allowed only if nothing was
    revealed since, and then restores the state exactly."""
    cfg = GameConfig(seats=(SeatConfig("Asha"), SeatConfig("Ravi", bot="easy")), start_player=0)
    s = Session(SPEC, cfg, 21)
    bots = make_bots(SPEC, s.config, 21)
    rng = Rng(4)
    undone = refused = 0
    while not s.over and s.action_count < 400:
        seat = s.state.actors()[0]
        legal = s.state.legal_actions(seat)
        if seat == 1:
            s.apply(1, bots[1].choose(s.state.view(1), legal, 0))
            continue
        before = s.state.to_json()
        fulfils = [a for a in legal if isinstance(a, Fulfil)]
        action = fulfils[0] if fulfils else legal[rng.randbelow(len(legal))]
        events = s.apply(0, action)
        if any(e.reveal for e in events):
            assert s.takeback_size(0) == 0
            with pytest.raises(IllegalAction):
                s.undo(0)
            refused += 1
        else:
            assert s.takeback_size(0) == 1
            s.undo(0)
            assert s.state.to_json() == before
            s.apply(0, action)
            undone += 1
    assert undone > 5 and refused > 5
