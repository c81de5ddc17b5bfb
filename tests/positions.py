"""Game positions for tests, reached by play: easy bots and random legal moves from a seed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from chaigames.engine import GameConfig, Rng, SeatConfig, Session
from chaigames.games import get as get_game

GAMES = ("chai", "chai-wallah", "dabba-walla")


def play(
    game: str, seats: int, seed: int, stops: set[int], options: dict[str, Any] | None = None
) -> Iterator[tuple[int, Session]]:
    """The game at each of `stops` (action counts) on its way, played by easy bots and random legal
    moves (time passing at random in Chai Wallah); it stops early when the game ends."""
    spec = get_game(game)
    names = ("Asha", "Bina", "Chand", "Devi", "Esha", "Farid", "Gita", "Hari")
    config = GameConfig(seats=tuple(SeatConfig(names[i]) for i in range(seats)), options=dict(options or {}))
    session = Session(spec, config, seed)
    rng = Rng(seed ^ 0x5EED)
    bots = [spec.make_bot("easy", seed + i, i) for i in range(seats)]
    for step in range(max(stops, default=0) + 1):
        if step in stops:
            yield step, session
        state = session.state
        if state.is_over():
            return
        t = None
        if spec.realtime:
            t = state.now + rng.random() * 1.5
            session.tick(t)
        seat = rng.choice(state.actors())
        legal = state.legal_actions(seat)
        if not legal:
            continue
        if rng.random() < 0.9:  # mostly an easy bot's move (games get somewhere), else any legal one
            action = bots[seat].choose(state.view(seat), legal, 0)
        else:
            action = rng.choice(legal)
        session.apply(seat, action, t)


def position(game: str, seats: int, seed: int, steps: int) -> Session:
    return [session for _, session in play(game, seats, seed, {steps})][-1]


def edit(state: Any, **fields: Any) -> Any:
    """The same position with some fields replaced (in their JSON form), rebuilt by `from_json`:
    how a test sets up a position without touching the state's insides."""
    data = state.to_json()
    unknown = set(fields) - set(data)
    assert not unknown, f"no such fields: {sorted(unknown)}"
    data.update(fields)
    return type(state).from_json(data)


class Replaced:
    """What a position becomes once a set-up helper has returned its successor: any use fails loudly,
    so a helper called as a statement (`put(s, ...)` instead of `s = put(s, ...)`) cannot leave a
    test silently playing the old position."""

    def __getattribute__(self, name: str) -> Any:
        raise AssertionError("this position was replaced: use the helper's result (s = helper(s, ...))")


def replace(old: Any, new: Any) -> Any:
    """`new`, after retiring `old` (see Replaced)."""
    if old is not new:
        old.__class__ = Replaced
    return new
