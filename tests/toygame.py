"""A minimal game for testing the engine without any real game: a race to 10.

Each turn the seat to move either steps 1 or 2 (no chance) or rolls a die (chance: a take-back
barrier). Each seat also holds a secret number drawn at the start (hidden information).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chaigames.engine import (
    ActionSet,
    Event,
    GameConfig,
    GameSpec,
    IllegalAction,
    OptionSpec,
    Result,
    Rng,
    ScoreRow,
)

actions = ActionSet("toy")


@actions.register("step")
@dataclass(frozen=True)
class Step:
    n: int


@actions.register("roll")
@dataclass(frozen=True)
class Roll:
    pass


class ToyState:
    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.rng = Rng(seed)
        n = len(config.seats)
        self.positions = [0] * n
        self.secrets = [self.rng.randint(1, 99) for _ in range(n)]
        self.goal = int(config.options.get("goal", 10))
        self.turn = config.start_player if config.start_player is not None else self.rng.randbelow(n)

    def actors(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.actors():
            return []
        return [Step(1), Step(2), Roll()]

    def apply(self, seat: int, action: Any, t: float | None = None) -> list[Event]:
        if self.is_over():
            raise IllegalAction("The race is over")
        if seat != self.turn:
            raise IllegalAction(f"It is {self.config.seats[self.turn].name}'s turn")
        name = self.config.seats[seat].name
        if isinstance(action, Step):
            if action.n not in (1, 2):
                raise IllegalAction("You may step 1 or 2 spaces")
            self.positions[seat] += action.n
            events = [Event("step", f"{name} steps {action.n}")]
        elif isinstance(action, Roll):
            n = self.rng.randint(1, 6)
            self.positions[seat] += n
            events = [Event("roll", f"{name} rolls {n}", reveal=True)]
        else:
            raise IllegalAction("That is not a move in this game")
        self.turn = (self.turn + 1) % len(self.positions)
        return events

    def view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"positions": list(self.positions), "turn": self.turn}
        if seat is not None:
            v["secret"] = self.secrets[seat]
        return v

    def is_over(self) -> bool:
        return max(self.positions) >= self.goal

    def result(self) -> Result:
        best = max(self.positions)
        return Result(
            scores=tuple(self.positions),
            winners=tuple(i for i, p in enumerate(self.positions) if p == best),
            breakdown=(ScoreRow("spaces", tuple(self.positions)),),
        )

    def clone(self) -> ToyState:
        other = object.__new__(ToyState)
        other.__dict__ = {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}
        other.rng = self.rng.clone()
        return other

    def to_json(self) -> dict[str, Any]:
        return {"rng": self.rng.to_json(), "positions": self.positions, "secrets": self.secrets, "turn": self.turn}


class ToyBot:
    def __init__(self, level: str, seed: int, seat: int) -> None:
        self.rng = Rng(seed)

    def choose(self, view: Any, legal_actions: Any, budget: int) -> Any:
        return self.rng.choice(list(legal_actions))


SPEC = GameSpec(
    id="toy",
    title="Toy Race",
    description="A race to the goal, for testing the engine.",
    min_seats=2,
    max_seats=4,
    max_humans=4,
    rules_version=1,
    new_game=ToyState,
    actions=actions,
    make_bot=ToyBot,
    options=(OptionSpec("goal", "Goal", 10, (10, 20), ("10", "20")),),
)
