"""The easy bot plays at random among sensible moves: it never walks the dearer way round to a space."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chaigames.dabba_walla import SPEC
from chaigames.dabba_walla.actions import Move
from chaigames.dabba_walla.bots import EasyBot
from chaigames.engine import GameConfig, SeatConfig, Session
from chaigames.engine.play import bot_seed

VEHICLES = ("trailer", "handcart", "crate", "wheelbarrow")


def destination(position: int, move: Move) -> int:
    return (position + move.steps * move.direction) % 6


def dearer_moves(state, seat: int, chosen: Move) -> list[Move]:
    """Legal moves that reach the chosen move's space with fewer steps (fewer tickets) than it."""
    here = state.pos[seat]
    return [
        m
        for m in state.legal_actions(seat)
        if isinstance(m, Move) and destination(here, m) == destination(here, chosen) and m.steps < chosen.steps
    ]


@given(
    seed=st.integers(0, 2**32 - 1),
    seats=st.integers(2, 4),
    vehicle=st.sampled_from(VEHICLES),
    tickets=st.integers(0, 12),
)
def test_easy_bot_never_takes_the_dearer_way_to_a_space(seed, seats, vehicle, tickets):
    """Whole easy-bot games from varied positions (tickets in hand change which moves are legal): every move
    the bot makes is the cheapest way to its space."""
    config = SPEC.validate(
        GameConfig(seats=tuple(SeatConfig(f"E{k}", "easy") for k in range(seats)), options={"vehicle": vehicle})
    )
    session = Session(SPEC, config, seed)
    state = session.state
    state.tickets = [tickets] * seats  # a position richer or poorer in tickets than the setup
    bots = [EasyBot("easy", bot_seed(seed, k), k) for k in range(seats)]
    moves = 0
    while state.phase == "pickup":
        seat = state.actors()[0]
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat), 0)
        if isinstance(action, Move):
            moves += 1
            assert not dearer_moves(state, seat, action), (action, state.pos[seat], state.tickets[seat])
        state.apply(seat, action)
    assert moves >= seats * 10
